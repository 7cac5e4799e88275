// connect4.js: Connect Four's pure facts for the page (no Preact, no WASM):
// sizes, move sequences read into a grid, the four in a row, and the
// community's scores put into words. The solver is C (c/connect4/); the
// worker answers through engine/connect4-games.js.
import { formatCount } from './format.js';

/** The stages, in the CLI's --algo names; the first three run on the generic search (a tree trace). */
export const C4_STAGES = ['minimax', 'alphabeta', 'centre-first', 'bitboard', 'tt', 'iterative', 'anticipate', 'threats', 'strongest'];
export const C4_GENERIC = ['minimax', 'alphabeta', 'centre-first'];
export const C4_STAGE_LABELS = {
  minimax: 'Minimax',
  alphabeta: 'Alpha-beta',
  'centre-first': 'Centre first',
  bitboard: 'Bitboard',
  tt: 'Transposition table',
  iterative: 'Null windows',
  anticipate: 'Anticipate losses',
  threats: 'Order by threats',
  strongest: 'Strongest',
  dfpn: 'df-pn (proof numbers)',
  pn: 'PN (proof numbers)',
};
/**
 * Proof-number search as stages beside the chain (the CLI's --algo dfpn and
 * pn): c/solvers/pn.c on the generic game, as the first three stages, the
 * score by threshold proofs; their positions are positions expanded.
 */
export const C4_PN_STAGES = ['dfpn', 'pn'];
/** MCTS's iterations at most: the library's bound (PP_MCTS_MAX_ITERATIONS: a node's visits are 32-bit), the CLI's too. */
export const C4_MCTS_MAX_ITERATIONS = 4_000_000_000;

/** A score from the first player's value (the generic game's, pp_c4_game) for the side to move after `moves`. */
export const scoreFromValue = (value, moves) => (moves.length % 2 ? -value : value) || 0;
export const C4_DEFAULT_SIZE = '7x6';

/** Every size the solver takes: 4..9 by 4..9 with w * (h + 1) <= 64. */
export const C4_SIZES = [];
for (let h = 4; h <= 9; h++) for (let w = 4; w <= 9; w++) if (w * (h + 1) <= 64) C4_SIZES.push(`${w}x${h}`);

/** 'WxH' as { w, h }, or { error } saying what is wrong (untrusted text). */
export function parseSize(text) {
  const m = typeof text === 'string' ? /^(\d)x(\d)$/.exec(text) : null;
  if (!m || !C4_SIZES.includes(text)) {
    const shown = typeof text === 'string' ? JSON.stringify(text.slice(0, 20)) : 'it';
    return { error: `The board size ${shown} is not one of 4x4 to 9x9 with width × (height + 1) at most 64 (e.g. 7x6).` };
  }
  return { w: Number(m[1]), h: Number(m[2]) };
}

/**
 * Reads a move sequence (1-based column digits) on a w x h board: the grid
 * (grid[c] lists column c's stones bottom up, 0 first player, 1 second), the
 * stones, the winner's four cells once won; or { error } naming the move
 * and why, as the CLI does.
 */
export function readMoves(moves, w, h) {
  if (typeof moves !== 'string') return { error: 'The moves must be text.' };
  if (moves.length > w * h) return { error: `${moves.length} moves do not fit on a ${w}x${h} board (${w * h} cells).` };
  const grid = Array.from({ length: w }, () => []);
  let four = null;
  for (let i = 0; i < moves.length; i++) {
    const ch = moves[i];
    const k = i + 1;
    const shown = /^[\x20-\x7e]$/.test(ch) ? `'${ch}'` : `character U+${ch.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    if (!/^[0-9]$/.test(ch)) return { error: `Move ${k} (${shown}): not a column (columns are 1 to ${w}).` };
    const c = Number(ch) - 1;
    if (c < 0 || c >= w) return { error: `Move ${k} (${shown}): column ${ch} is off the board (columns are 1 to ${w}).` };
    if (four) return { error: `Move ${k} (${shown}): the game is already won (by move ${k - 1}).` };
    if (grid[c].length >= h) return { error: `Move ${k} (${shown}): column ${ch} is full.` };
    grid[c].push(i % 2);
    four = fourAt(grid, w, h, c, grid[c].length - 1);
  }
  return { grid, stones: moves.length, four, full: moves.length === w * h };
}

/** The four (or more) cells in a row through (c, r), as [col, row] pairs, or null. */
function fourAt(grid, w, h, c, r) {
  const who = grid[c][r];
  const at = (x, y) => x >= 0 && x < w && y >= 0 && y < h && grid[x][y] === who;
  for (const [dx, dy] of [
    [1, 0],
    [0, 1],
    [1, 1],
    [1, -1],
  ]) {
    const line = [[c, r]];
    for (let s = 1; at(c + s * dx, r + s * dy); s++) line.push([c + s * dx, r + s * dy]);
    for (let s = 1; at(c - s * dx, r - s * dy); s++) line.unshift([c - s * dx, r - s * dy]);
    if (line.length >= 4) return line;
  }
  return null;
}

/** The side to move: 0 (X, first) or 1 (O). */
export const toMove = (moves) => moves.length % 2;
export const SIDES = ['X', 'O'];

/** How many of the winner's own stones a score means: a win with its k-th stone. */
export function winningStone(score, w, h, stones) {
  if (score === 0) return null;
  // the winner plays onto a board of n stones, score = floor((w*h + 1 - n) / 2); its stone count is floor(n / 2) + 1
  const n = w * h + 1 - 2 * Math.abs(score);
  // n and n - 1 give the same floor; the winner's parity fixes n
  const mover = stones % 2;
  const winner = score > 0 ? mover : 1 - mover;
  const nn = n % 2 === winner ? n : n - 1;
  return Math.floor(nn / 2) + 1;
}

/** The score in words for the side to move (X or O): "X wins with its 4th stone", "draw". */
export function scoreWords(score, w, h, stones) {
  if (score === null || score === undefined) return '';
  if (score === 0) return 'draw';
  const mover = stones % 2;
  const winner = score > 0 ? mover : 1 - mover;
  return `${SIDES[winner]} wins with its ${ordinal(winningStone(score, w, h, stones))} stone`;
}

export function ordinal(k) {
  const s = k % 100 >= 11 && k % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][k % 10] ?? 'th');
  return `${k}${s}`;
}

/** A column's mark, readable without colour: "+18", "0", "−3", or "" when it cannot be played. */
export function columnMark(score) {
  if (score === null || score === undefined) return '';
  return score > 0 ? `+${score}` : score < 0 ? `−${-score}` : '0';
}

/** What a column's score says: win, draw or loss for the mover. */
export const outcomeOf = (score) => (score === null || score === undefined ? 'none' : score > 0 ? 'win' : score < 0 ? 'loss' : 'draw');

/** The solver's choice among the best columns: the most central (deterministic). */
export function pickBest(best, w) {
  if (!best?.length) return -1;
  return [...best].sort((a, b) => Math.abs(2 * a - (w + 1)) - Math.abs(2 * b - (w + 1)) || a - b)[0];
}

/** The search the page animates (c4-search.jsx) stops here: beyond, play deeper into the game. */
export const C4_SEARCH_BUDGET = 2_000_000;

/** The animated search's progress (the worker's last message, or null before the first): the positions searched. */
export function c4SearchWords(p) {
  return `Searching… ${p ? `${formatCount(p.decided)} positions` : ''}`;
}
