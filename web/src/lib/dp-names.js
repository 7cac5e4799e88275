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
