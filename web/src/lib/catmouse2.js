// catmouse2.js: Cat and Mouse II (LeetCode 1728) in the page: its input
// text, its jump rule, and its outcomes in words. No Preact, no WASM.
//
// States use Cat and Mouse's layout (outcomes.js stateId/stateOf) over the
// grid's cells, numbered row-major (cell = row * cols + col), so n = cells.
// An outcome the solver leaves undecided (DRAW) is a cat win in LeetCode's
// game: the cat keeps the mouse from the food until the 1000-turn limit.
import { stateGraphOfArrays } from './state-graph.js';
import { CAT_WINS, DRAW, INVALID, MOUSE_WINS, stateId, stateOf, TURN_CAT, TURN_MOUSE } from './outcomes.js';

export const MAX_SIDE = 8;
export const MAX_JUMP = 8;
export const MAX_TURNS = 1000;

/** LeetCode's input text from the three fields: grid text as typed, two jumps. */
export function cm2Input(gridText, catJump, mouseJump) {
  return `grid = ${String(gridText).trim()}, catJump = ${catJump}, mouseJump = ${mouseJump}`;
}

/**
 * Splits LeetCode input text back into { grid, catJump, mouseJump } (grid
 * as text), for the form and the URL; null when it does not have that shape
 * (the C parser is the judge of the details).
 */
export function splitCm2Input(text) {
  const m = /^\s*(?:grid\s*=\s*)?(\[[^\]]*\])\s*,\s*(?:catJump\s*=\s*)?(\d+)\s*,\s*(?:mouseJump\s*=\s*)?(\d+)\s*$/.exec(String(text));
  return m ? { grid: m[1], catJump: Number(m[2]), mouseJump: Number(m[3]) } : null;
}

/** A jump length from untrusted text: an integer 1..8, else null. */
export function readJump(value) {
  const s = String(value ?? '').trim();
  if (!/^\d{1,2}$/.test(s)) return null;
  const v = Number(s);
  return v >= 1 && v <= MAX_JUMP ? v : null;
}

const DIRS = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
];

/**
 * The cells a jump of at most `jump` reaches from `cell` on `grid` (rows of
 * characters): staying first, then up, down, left, right in a straight
 * line, stopped by walls and the border (LeetCode's rule; the other player
 * does not block). None from a wall.
 */
export function jumpDests(grid, cell, jump) {
  const rows = grid.length;
  const cols = grid[0].length;
  const r0 = Math.floor(cell / cols);
  const c0 = cell % cols;
  if (grid[r0][c0] === '#') return [];
  const out = [cell];
  for (const [dr, dc] of DIRS) {
    for (let k = 1; k <= jump; k++) {
      const r = r0 + dr * k;
      const c = c0 + dc * k;
      if (r < 0 || r >= rows || c < 0 || c >= cols || grid[r][c] === '#') break;
      out.push(r * cols + c);
    }
  }
  return out;
}

/** Whether a game at state s is over (the kinds of game_catmouse2.c). */
export function isOver(board, s) {
  const { mouse, cat } = stateOf(board.n, s);
  return mouse === cat || cat === board.food || mouse === board.food;
}

/** The states one move from s: [{ to (the mover's cell), state }]; none once over. */
export function cm2Moves(board, s) {
  if (isOver(board, s)) return [];
  const { mouse, cat, turn } = stateOf(board.n, s);
  if (turn === TURN_MOUSE) {
    return jumpDests(board.grid, mouse, board.mouseJump).map((to) => ({ to, state: stateId(board.n, to, cat, TURN_CAT) }));
  }
  return jumpDests(board.grid, cat, board.catJump).map((to) => ({ to, state: stateId(board.n, mouse, to, TURN_MOUSE) }));
}

/**
 * The game's state graph for the drawing (state-graph.js): every state the
 * solver gives an outcome (both animals on floor cells) a node, in state-id
 * order, its moves as cm2Moves lists them (none once the game is over).
 * An 8 x 8 grid has at most 8,192 states, so it is built here.
 */
export function cm2StateGraph(result) {
  const { outcomes } = result;
  const nstates = outcomes.length;
  const nodeOf = new Int32Array(nstates).fill(-1);
  let count = 0;
  for (let s = 0; s < nstates; s++) if (outcomes[s] !== INVALID) nodeOf[s] = count++;
  const state = new Int32Array(count);
  const offsets = new Int32Array(count + 1);
  const moves = [];
  for (let s = 0; s < nstates; s++) {
    const v = nodeOf[s];
    if (v < 0) continue;
    state[v] = s;
    const out = cm2Moves(result, s)
      .map((m) => nodeOf[m.state])
      .filter((t) => t >= 0);
    moves.push(out);
    offsets[v + 1] = offsets[v] + out.length;
  }
  const targets = new Int32Array(offsets[count]);
  moves.forEach((out, v) => targets.set(out, offsets[v]));
  return stateGraphOfArrays({ count, state, nodeOf, offsets, targets, start: nodeOf[result.start] ?? 0 });
}

/** "r2c0": a cell's name, as the C describe writes it. */
export function cellName(board, cell) {
  return `r${Math.floor(cell / board.cols)}c${cell % board.cols}`;
}

/** Who wins state s in LeetCode's game: MOUSE_WINS, CAT_WINS (undecided too) or INVALID. */
export function cm2Winner(result, s) {
  const o = result.outcomes[s];
  if (o === INVALID) return INVALID;
  return o === MOUSE_WINS ? MOUSE_WINS : CAT_WINS;
}

/** The answer in words: "The mouse wins: it reaches the food in 5 moves". */
export function cm2AnswerWords(result) {
  const s = result.start;
  const o = result.outcomes[s];
  const r = result.remoteness[s];
  const moves = (k) => `${k} ${k === 1 ? 'move' : 'moves'}`;
  if (o === MOUSE_WINS) {
    return result.answer
      ? `true: the mouse wins, it reaches the food in ${moves(r)} against any defence`
      : `false: the mouse can force the food, but only in ${moves(r)}, past the ${MAX_TURNS}-turn limit`;
  }
  if (o === CAT_WINS) return `false: the cat wins in ${moves(r)} against any defence`;
  return `false: the cat wins by keeping the mouse from the food until the ${MAX_TURNS}-turn limit`;
}

/** A state in words: "(mouse r2c0, cat r1c1, mouse to move): mouse wins in 5 moves". */
export function cm2StateWords(board, result, s) {
  const { mouse, cat, turn } = stateOf(board.n, s);
  const where = `(mouse ${cellName(board, mouse)}, cat ${cellName(board, cat)}, ${turn === TURN_MOUSE ? 'mouse' : 'cat'} to move)`;
  const o = result.outcomes[s];
  const r = result.remoteness[s];
  if (o === INVALID) return `${where}: not a state, a player on a wall`;
  if (mouse === cat) return `${where}: cat wins, it is on the mouse`;
  if (cat === board.food) return `${where}: cat wins, it reached the food first`;
  if (mouse === board.food) return `${where}: mouse wins, it is on the food`;
  if (o === DRAW) return `${where}: cat wins by the turn limit (the mouse can never force the food)`;
  return `${where}: ${o === MOUSE_WINS ? 'mouse' : 'cat'} wins in ${r} ${r === 1 ? 'move' : 'moves'}`;
}
