// versus.js: playing a game of the Game trees tab against the solver (or two
// people with hints), no Preact. The worker values every legal move of the
// position (binding-versus.js: { code, value, length }, value in the game's
// own terms, first player's view); this module picks the solver's move (a
// winner takes the quickest win, a loser the slowest loss), words each move's
// outcome, keeps the history and undoes a move with its reply. It also knows
// each game's positions well enough to draw and name moves: tic-tac-toe, Nim,
// Can I Win and Predict the Winner here, the others from tree-positions.js.
// tests/js/versus.test.mjs checks it against brute force.
import { readBoard } from './ttt.js';
import { CHASE_WIN, POSITION_GAMES, TRIANGLE_EDGES, inputValues } from './tree-positions.js';

/* ---- the games: root(text), play(pos, code), the sides' names, a move's name ---- */

const ttt = {
  sides: ['X', 'O'],
  root(text) {
    const rows = readBoard(text);
    if (!rows) return null;
    const cells = rows.join('').split('');
    const xs = cells.filter((c) => c === 'X').length;
    const os = cells.filter((c) => c === 'O').length;
    return { n: rows.length, cells, player: xs > os ? 1 : 0 };
  },
  play(p, code) {
    const cells = p.cells.slice();
    cells[code] = p.player ? 'O' : 'X';
    return { ...p, cells, player: p.player ^ 1, last: code };
  },
  moveName: (p, code) => `row ${Math.floor(code / p.n) + 1}, column ${(code % p.n) + 1}`,
};

const nim = {
  sides: ['Player 1', 'Player 2'],
  root(text) {
    const [n] = inputValues(text) ?? [];
    return Number.isInteger(n) && n >= 0 ? { left: n, player: 0 } : null;
  },
  play: (p, code) => ({ left: p.left - code, player: p.player ^ 1, last: code }),
  moveName: (p, code) => `take ${code} (${p.left - code} left)`,
};

const canIWin = {
  sides: ['Player 1', 'Player 2'],
  root(text) {
    const [max, goal] = inputValues(text) ?? [];
    if (!Number.isInteger(max) || !Number.isInteger(goal)) return null;
    return { max, goal, used: [], total: 0, player: 0 };
  },
  play: (p, code) => ({ ...p, used: [...p.used, code], total: p.total + code, player: p.player ^ 1, last: code }),
  moveName: (p, code) => `choose ${code} (total ${p.total + code})`,
};

const predict = {
  sides: ['Player 1', 'Player 2'],
  root(text) {
    const [nums] = inputValues(text) ?? [];
    if (!Array.isArray(nums) || !nums.length) return null;
    return { nums, l: 0, r: nums.length - 1, scores: [0, 0], player: 0 };
  },
  play(p, code) {
    const at = code === 0 ? p.l : p.r;
    const scores = p.scores.slice();
    scores[p.player] += p.nums[at];
    return { ...p, l: code === 0 ? p.l + 1 : p.l, r: code === 0 ? p.r : p.r - 1, scores, player: p.player ^ 1, last: at };
  },
  moveName: (p, code) => (p.l === p.r ? `take ${p.nums[p.l]}` : code === 0 ? `take ${p.nums[p.l]} from the left` : `take ${p.nums[p.r]} from the right`),
};

/** The three games drawn by tree-positions.js, with their move names. */
const fromPositions = (game, sides, moveName) => ({
  sides,
  root: (text) => POSITION_GAMES[game].root(text),
  play: (p, code) => POSITION_GAMES[game].play(p, code),
  moveName,
});
const CHASE_DIRS = ['up', 'down', 'left', 'right'];

/**
 * Rules in GDL: the position is the moves played from the start (the worker
 * replays them on the reasoner); a move's name is the rules' text of it, as
 * the worker's analysis of the position it was legal in said it
 * (rememberNames, called with each analysis); the sides are the roles.
 */
const gdlNames = new Map();
const gdlKey = (p, code) => `${p.path.join(',')}|${code}|${p.text}`;
export function rememberNames(game, input, path, moves) {
  if (game !== 'gdl-rules') return;
  for (const m of moves) if (m.name) gdlNames.set(gdlKey({ text: input, path }, m.code), m.name);
}
const gdl = {
  sides: ['First role', 'Second role'],
  sidesOf: (text) => {
    // the facts (role NAME) standing alone on a line; (role ?p) inside rules is a variable
    const roles = [...String(text).matchAll(/^\s*\(\s*role\s+([^\s()?]+)\s*\)/gim)].map((m) => m[1]);
    return roles.length === 2 ? roles : null;
  },
  root: (text) => ({ text, path: [], player: 0 }),
  play: (p, code) => ({ ...p, path: [...p.path, code], last: code }),
  moveName: (p, code) => gdlNames.get(gdlKey(p, code)) ?? `move ${code}`,
};

export const VERSUS_GAMES = {
  'tic-tac-toe': { ...ttt, kind: 'win' },
  'gdl-rules': { ...gdl, kind: 'win' },
  nim: { ...nim, kind: 'win' },
  'can-i-win': { ...canIWin, kind: 'win' },
  'predict-the-winner': { ...predict, kind: 'score', scoreName: 'player 1 − player 2', remaining: (p) => p.r - p.l + 1 },
  'young-tableau': {
    ...fromPositions(
      'young-tableau',
      ['A', 'B'],
      (p, row) => `row ${row + 1}, column ${p.len[row] + 1} (A ${p.a[row][p.len[row]]} / B ${p.b[row][p.len[row]]})`,
    ),
    kind: 'score',
    scoreName: 'A − B',
    remaining: (p) => p.n * p.m - p.filled,
  },
  'triangle-war': {
    ...fromPositions('triangle-war', ['A', 'B'], (p, e) => `line ${TRIANGLE_EDGES[e][0]}–${TRIANGLE_EDGES[e][1]}`),
    kind: 'score',
    scoreName: 'A − B',
    remaining: (p) => 18 - p.edges.toString(2).replace(/0/g, '').length,
  },
  'board-chase': {
    ...fromPositions('board-chase', ['White', 'Black'], (p, code) => {
      const black = p.step & 1;
      return black ? `${CHASE_DIRS[code >> 1]} ${(code & 1) + 1}` : CHASE_DIRS[code];
    }),
    kind: 'chase',
  },
};

/** The names of a game's two sides: for rules in GDL their roles (when the text declares two), else the game's own. */
export const sidesOf = (game, text) => VERSUS_GAMES[game].sidesOf?.(text) ?? VERSUS_GAMES[game].sides;

/** The position after the move codes `path` from the root of `text`; null if the text is not a position of the game. */
export function positionAfter(game, text, path) {
  const g = VERSUS_GAMES[game];
  let p = g?.root(text) ?? null;
  for (const code of path) {
    if (!p) return null;
    p = g.play(p, code);
  }
  return p;
}

/* ---- choosing and wording moves ---- */

/**
 * The scored games (Predict the Winner, 一双木棋, Triangle War) last until
 * the numbers, the cells or the lines run out whatever is played, so the
 * worker leaves their lengths unknown (-1): filled in here from the position
 * `pos` the moves are of.
 */
export function withLengths(game, analysis, pos) {
  const g = VERSUS_GAMES[game];
  if (!g.remaining || !pos || analysis.over) return analysis;
  const left = g.remaining(pos);
  return { ...analysis, moves: analysis.moves.map((m) => (m.length < 0 ? { ...m, length: left } : m)) };
}

/** A value seen by `player` (0 the first player, whose view the values are in; 1 the second). */
export const forPlayer = (value, player) => (player === 0 ? value : -value);

/**
 * Whether move a is better than move b for `player`: the higher value (for
 * that player), then when winning (value > 0) the shorter game, when losing
 * the longer one. Lengths of -1 (unknown) compare as equal.
 */
export function better(a, b, player) {
  const va = forPlayer(a.value, player);
  const vb = forPlayer(b.value, player);
  if (va !== vb) return va > vb;
  if (va === 0 || a.length < 0 || b.length < 0) return false;
  return va > 0 ? a.length < b.length : a.length > b.length;
}

/** The solver's move of an analysis { player, moves }: the best by better(), the first of equals. -1 if none. */
export function bestMove(analysis) {
  let best = -1;
  analysis.moves.forEach((m, i) => {
    if (best < 0 || better(m, analysis.moves[best], analysis.player)) best = i;
  });
  return best;
}

/** Who wins a final or perfect-play value: 0 the first player, 1 the second, -1 nobody (a draw). Predict the Winner's tie goes to player 1. */
export function winnerOf(game, value) {
  if (value > 0) return 0;
  if (value < 0) return 1;
  return game === 'predict-the-winner' ? 0 : -1;
}

const plies = (n) => `${n} move${n === 1 ? '' : 's'}`;

/**
 * What a move leads to with perfect play, for the player making it, in words
 * that need no colour: "win in 3 moves", "loss in 4 moves", "draw", or for
 * scored games "A − B +4 (win)". Lengths count every move from this one to
 * the end, both sides'.
 */
export function outcomeText(game, move, player) {
  const g = VERSUS_GAMES[game];
  const v = forPlayer(move.value, player);
  const length = move.length >= 0 ? ` in ${plies(move.length)}` : '';
  if (g.kind === 'score') {
    const who = winnerOf(game, move.value);
    const verdict = who < 0 ? 'tie' : who === player ? 'win' : 'loss';
    return `${g.scoreName} = ${move.value > 0 ? '+' : ''}${move.value} (${verdict})`;
  }
  if (v === 0) return 'draw';
  return `${v > 0 ? 'win' : 'loss'}${length}`;
}

/** The final verdict of a finished game (value in the game's terms), e.g. "X wins.", "A wins 5 to 3.". */
export function endText(game, value, pos) {
  const g = VERSUS_GAMES[game];
  const who = winnerOf(game, value);
  if (game === 'predict-the-winner') return `${g.sides[who]} wins, ${pos.scores[0]} to ${pos.scores[1]}.`;
  if (g.kind === 'score') return who < 0 ? `A tie: ${g.scoreName} = 0.` : `${g.sides[who]} wins: ${g.scoreName} = ${value > 0 ? '+' : ''}${value}.`;
  if (game === 'board-chase' && value !== 0) return `${g.sides[who]} captures on move ${CHASE_WIN - Math.abs(value)}.`;
  return who < 0 ? 'A draw.' : `${(g.sidesOf?.(pos?.text) ?? g.sides)[who]} wins.`;
}

/* ---- the history ---- */

/**
 * Undo: takes back the last move made by a person and every solver reply
 * after it (`human(player)` says whether a person plays that side). History
 * is a list of { code, player }. Returns the shorter history; the same one
 * when there is no person's move to take back.
 */
export function undo(history, human) {
  let k = history.length - 1;
  while (k >= 0 && !human(history[k].player)) k--;
  return k < 0 ? history : history.slice(0, k);
}
