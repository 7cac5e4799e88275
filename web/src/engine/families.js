// families.js: where the worker sends a request: the module of its game's
// entries and the WASM module (build.sh: pp-cm, pp-tree, pp-c4, pp-dp,
// pp-chess, pp-gdl) they run on. One table, read by worker.js; alone in a module, free
// of side effects, so that Node can test it against the bindings
// (tests/js/wasm-families.test.mjs).
import { DP_ALGO_NAMES, DP_GAME_NAMES, DP_TREE_GAMES } from '../lib/dp-names.js';

/** Any game no row above names. */
const ANY = null;
/** A DP game's algorithm that is not a DP algorithm: a tree search (dp-games.js passes it on to tree-games.js). */
const treeSearch = (algo) => !DP_ALGO_NAMES.includes(algo);

/**
 * The routes, first match wins. A row: the games it takes, optionally the
 * algorithms (`algos(algo)`), then `entries` (worker.js ENTRIES: the module
 * of the games' worker entries) and `family` (worker.js FAMILIES: the WASM
 * module that has what those entries call).
 */
export const ROUTES = [
  { games: ['cat-mouse'], entries: 'catmouse', family: 'cm' },
  { games: ['cat-mouse-ii'], entries: 'cm2', family: 'cm' },
  { games: ['chess-endgame'], entries: 'chess', family: 'chess' },
  { games: ['gdl'], entries: 'gdl', family: 'gdl' },
  { games: ['gdl-rules'], entries: 'tree', family: 'gdl' }, // rules in GDL searched as a tree: pp-gdl has the reasoner too
  { games: DP_TREE_GAMES, algos: treeSearch, entries: 'dp', family: 'tree' },
  { games: DP_GAME_NAMES, entries: 'dp', family: 'dp' },
  { games: ['connect-four'], entries: 'c4', family: 'c4' }, // connect4-games.js, on pp-c4: its solver and book, and the trees' searches
  { games: ANY, entries: 'tree', family: 'tree' }, // the game trees (tree-games.js)
];

/** The route of a request: { entries, family }. */
export function routeOf(game, algo = 'dp') {
  return ROUTES.find((r) => (r.games === ANY || r.games.includes(game)) && (!r.algos || r.algos(algo)));
}

/** The WASM family of a request: a DP game asked for a tree search is the trees'. */
export const familyOf = (game, algo) => routeOf(game, algo).family;
