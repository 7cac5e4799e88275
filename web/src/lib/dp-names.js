// dp-names.js: the GAME names (DESIGN.md) of the DP pillar, in its menu's
// order. Alone in a module so the app's shell can name the pillar's games
// without loading the pillar.
export const DP_GAME_NAMES = [
  'stone-game',
  'stone-game-ii',
  'stone-game-iii',
  'stone-game-iv',
  'stone-game-v',
  'stone-game-vi',
  'stone-game-vii',
  'predict-the-winner',
  'nim',
  'can-i-win',
];

/** The DP algorithms (binding-dp.js's DP_ALGOS); any other algo of a game in DP_TREE_GAMES is a tree search. */
export const DP_ALGO_NAMES = ['dp', 'diff', 'sieve', 'flawed-memo', 'exhaustive'];
/** The DP games that are game trees too (binding-tree.js's TREE_GAMES). */
export const DP_TREE_GAMES = ['predict-the-winner', 'nim', 'can-i-win'];
