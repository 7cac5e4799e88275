// catmouse.js: the moves of Cat and Mouse in JS, for the views (the solvers
// are in C). Mirrors game_catmouse.c: the mouse may step onto any neighbour
// (the hole included), the cat onto any neighbour but the hole; the game is
// over when the mouse is in the hole or the cat is on the mouse.
import { CAT_WINS, DRAW, INVALID, MOUSE_WINS, stateId, stateOf, TURN_CAT, TURN_MOUSE } from './outcomes.js';
import { stateGraphOfArrays } from './state-graph.js';

/** The neighbours of node v (a view of the CSR arrays). */
export function neighbours({ offsets, adjacency }, v) {
  return adjacency.subarray(offsets[v], offsets[v + 1]);
}

/** What a state is before any search: INVALID (cat in the hole), a terminal
 * winner (MOUSE_WINS: in the hole; CAT_WINS: caught), or DRAW (play goes on). */
export function terminalOutcome(mouse, cat) {
  if (cat === 0) return INVALID;
  if (mouse === 0) return MOUSE_WINS;
  if (mouse === cat) return CAT_WINS;
  return DRAW;
}

/**
 * Every state's counter before the search (retrograde step 1): its number of
 * legal moves for inner states, 0 for terminal and invalid ones (as the C
 * solver keeps them, so the final counters compare equal).
 */
export function initialDegrees(graph) {
  const { n, offsets, adjacency } = graph;
  const catMoves = new Int32Array(n);
  for (let c = 0; c < n; c++) {
    for (let k = offsets[c]; k < offsets[c + 1]; k++) if (adjacency[k] !== 0) catMoves[c]++;
  }
  const degree = new Int32Array(2 * n * n);
  for (let m = 1; m < n; m++) {
    const mouseMoves = offsets[m + 1] - offsets[m];
    for (let c = 1; c < n; c++) {
      if (m === c) continue;
      degree[stateId(n, m, c, TURN_MOUSE)] = mouseMoves;
      degree[stateId(n, m, c, TURN_CAT)] = catMoves[c];
    }
  }
  return degree;
}

/** The states one move from s (none when the game is over at s). */
export function childrenOf(graph, s) {
  const { n } = graph;
  const { mouse, cat, turn } = stateOf(n, s);
  if (terminalOutcome(mouse, cat) !== DRAW) return [];
  const out = [];
  if (turn === TURN_MOUSE) {
    for (const m of neighbours(graph, mouse)) out.push(stateId(n, m, cat, TURN_CAT));
  } else {
    for (const c of neighbours(graph, cat)) if (c !== 0) out.push(stateId(n, mouse, c, TURN_MOUSE));
  }
  return out;
}

/** The states with a move into s whose game is not over (retrograde step 3). */
export function parentsOf(graph, s) {
  const { n } = graph;
  const { mouse, cat, turn } = stateOf(n, s);
  const out = [];
  if (cat === 0) return out;
  if (turn === TURN_MOUSE) {
    // The cat moved last, from a neighbour of its node.
    if (mouse === 0) return out;
    for (const c of neighbours(graph, cat)) {
      if (c !== 0 && c !== mouse) out.push(stateId(n, mouse, c, TURN_CAT));
    }
  } else {
    // The mouse moved last, from a neighbour of its node.
    for (const m of neighbours(graph, mouse)) {
      if (m !== 0 && m !== cat) out.push(stateId(n, m, cat, TURN_MOUSE));
    }
  }
  return out;
}

/** "(4,3,cat)": mouse's node, cat's node, who moves (as the C trace writes it). */
export function stateName(n, s) {
  const { mouse, cat, turn } = stateOf(n, s);
  return `(${mouse},${cat},${turn === TURN_MOUSE ? 'mouse' : 'cat'})`;
}

/** The player who wins by moving into a state of this outcome, as a turn. */
export function winnerTurn(outcome) {
  return outcome === MOUSE_WINS ? TURN_MOUSE : outcome === CAT_WINS ? TURN_CAT : -1;
}

/**
 * The game's state graph as arrays: every state with the cat off the hole is
 * a node, in state-id order; its moves as in childrenOf; play starts at
 * (mouse 1, cat 2, mouse to move). { count, state (node -> state id),
 * nodeOf (state id -> node, or -1), offsets, targets (CSR), start }: plain
 * typed arrays, so a worker builds them and transfers them (points-layout.js).
 */
export function catMouseStateArrays(graph) {
  const { n, offsets: at, adjacency } = graph;
  const nn = n * n;
  const nstates = 2 * nn;
  // Two passes over typed arrays (count the moves, then write them): a
  // graph of millions of moves costs no array per state.
  const nodeOf = new Int32Array(nstates).fill(-1);
  let count = 0;
  for (let s = 0; s < nstates; s++) {
    const cat = s < nn ? Math.floor(s / n) : (s - nn) % n;
    if (cat !== 0) nodeOf[s] = count++;
  }
  const state = new Int32Array(count);
  const offsets = new Int32Array(count + 1);
  // Each state's moves, as childrenOf lists them: none where the game is over.
  const each = (s, visit) => {
    const { mouse, cat, turn } = stateOf(n, s);
    if (terminalOutcome(mouse, cat) !== DRAW) return;
    if (turn === TURN_MOUSE) {
      for (let k = at[mouse]; k < at[mouse + 1]; k++) visit(stateId(n, adjacency[k], cat, TURN_CAT));
    } else {
      for (let k = at[cat]; k < at[cat + 1]; k++) if (adjacency[k] !== 0) visit(stateId(n, mouse, adjacency[k], TURN_MOUSE));
    }
  };
  for (let s = 0; s < nstates; s++) {
    const v = nodeOf[s];
    if (v < 0) continue;
    state[v] = s;
    let k = 0;
    each(s, () => k++);
    offsets[v + 1] = offsets[v] + k;
  }
  const targets = new Int32Array(offsets[count]);
  for (let v = 0; v < count; v++) {
    let k = offsets[v];
    each(state[v], (t) => (targets[k++] = nodeOf[t]));
  }
  return { count, state, nodeOf, offsets, targets, start: n >= 3 ? nodeOf[stateId(n, 1, 2, TURN_MOUSE)] : 0 };
}

/** The game's state graph for the drawing (state-graph.js), built here (small graphs; big ones in the layout worker). */
export function catMouseStateGraph(graph) {
  return stateGraphOfArrays(catMouseStateArrays(graph));
}

/** How many states catMouseStateArrays gives a graph of n nodes (the cat off the hole). */
export const catMouseStateCount = (n) => 2 * n * (n - 1);

/** LeetCode's text of a graph in CSR form: `[[2,5],[3],...]`. */
export function graphText({ n, offsets, adjacency }) {
  const lists = [];
  for (let i = 0; i < n; i++) {
    lists.push(`[${adjacency.subarray(offsets[i], offsets[i + 1]).join(',')}]`);
  }
  return `[${lists.join(',')}]`;
}
