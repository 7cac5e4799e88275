// families.js: which WASM module (build.sh: pp-cm, pp-tree, pp-dp, pp-chess, pp-gdl) solves a
// worker request. Alone in a module, free of side effects, so that Node can
// test it against the bindings (tests/js/wasm-families.test.mjs).
import { DP_ALGO_NAMES, DP_GAME_NAMES, DP_TREE_GAMES } from '../lib/dp-names.js';

/** The family of a request: a DP game asked for a tree search is the trees'. */
export function familyOf(game, algo = 'dp') {
  if (game === 'cat-mouse' || game === 'cat-mouse-ii') return 'cm';
  if (game === 'chess-endgame') return 'chess';
  if (game === 'gdl' || game === 'gdl-rules') return 'gdl'; // rules in GDL searched as a tree too
  if (DP_GAME_NAMES.includes(game)) return DP_TREE_GAMES.includes(game) && !DP_ALGO_NAMES.includes(algo) ? 'tree' : 'dp';
  return 'tree';
}
