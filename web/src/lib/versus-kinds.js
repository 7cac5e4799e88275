// versus-kinds.js: the Game trees kinds that can be played against the
// solver, apart from how they are played (lib/versus.js, VERSUS_GAMES), so
// the tab knows where to offer play without fetching the player's code.
export const VERSUS_KINDS = ['tic-tac-toe', 'gdl-rules', 'nim', 'can-i-win', 'predict-the-winner', 'young-tableau', 'triangle-war', 'board-chase'];
