// gdl-result.js: a solved GDL game (the worker's result for game 'gdl') as
// the page's views want it: a state graph, words, a player model, facts.
// No Preact.
import { createGraphRetroModel } from '../player/retro-model.js';
import { createLayerModel } from '../player/layer-model.js';
import { detailed, drawable } from './state-graph.js';

/** 0, 1, ..., count - 1. */
function ids(count) {
  const out = new Int32Array(count);
  for (let i = 0; i < count; i++) out[i] = i;
  return out;
}

/** The state graph (state-graph.js) of a solved game: states are nodes, state 0 the start. */
export function gdlStateGraph(r) {
  const count = r.states;
  return {
    count,
    state: ids(count),
    node: (s) => (s >= 0 && s < count ? s : -1),
    offsets: r.offsets,
    targets: r.targets,
    start: 0,
  };
}

/** What each look of a state means for this game (the state graph's words; 'win0' is the first role's win). */
export function gdlWords(r) {
  if (r.kind === 'puzzle') {
    return { win0: 'best goal reachable', win1: 'best goal out of reach', draw: 'no end reachable', undecided: 'undecided', invalid: 'not a state' };
  }
  const [a = 'first', b = 'second'] = r.roles;
  return { win0: `${a} wins`, win1: `${b} wins`, draw: 'draw', undecided: 'undecided', invalid: 'not a state' };
}

/** "#12" and, where the game ends there, nothing more: states are named by number. */
export const gdlStateName = (s) => `#${s}`;

/** The answer for the initial state, as the CLI words it. */
export function gdlAnswer(r) {
  if (!r || r.states === 0) return '';
  if (r.kind === 'puzzle') {
    if (r.remoteness[0] < 0) return `no end reachable (goal ${r.value[0]})`;
    return `solved in ${r.remoteness[0]} ${r.remoteness[0] === 1 ? 'move' : 'moves'}, goal ${r.value[0]}`;
  }
  const o = r.outcome[0];
  return o === 1 ? 'first wins' : o === 2 ? 'second wins' : 'draw';
}

/** The answer with the roles' names: "xplayer (first) wins, goal 100". */
export function gdlAnswerWords(r) {
  if (!r || r.states === 0) return '';
  if (r.kind === 'puzzle') return gdlAnswer(r);
  const o = r.outcome[0];
  const named = (i, nth) => (r.roles[i] === nth ? `${nth} wins` : `${r.roles[i]} (${nth}) wins`);
  const who = o === 1 ? named(0, 'first') : o === 2 ? named(1, 'second') : 'Draw';
  return `${who} · ${r.roles[0]}'s goal ${r.value[0]}`;
}

/** Each state's counter before the solve: its number of moves (0 where the game is over). */
function degrees(r) {
  const d = new Int32Array(r.states);
  for (let s = 0; s < r.states; s++) d[s] = r.offsets[s + 1] - r.offsets[s];
  return d;
}

/**
 * The player's model: the retrograde trace while the graph is drawn node by
 * node (a big graph's only when the trace is whole); a graph too big to draw,
 * or a big one without its whole trace, plays layer by layer (layer-model.js,
 * the histogram's); without a trace, the final answer (nothing to play).
 */
export function gdlModel(r) {
  const words = gdlWords(r);
  const sg = gdlStateGraph(r);
  const whole = Boolean(r.trace && r.trace.length > 0 && !r.truncated);
  if (!drawable(sg) || (!detailed(sg) && !whole)) {
    const m = createLayerModel({ nstates: r.states, outcomes: r.outcome, remoteness: r.remoteness, words: { 1: words.win0, 2: words.win1 } });
    m.result = r;
    m.note =
      'Too many states to draw one by one: the player steps one layer of the BFS wavefront at a time (the states decided at each remoteness); bar heights grow as the square root of the count.';
    return m;
  }
  if (r.trace && r.trace.length > 0) {
    const m = createGraphRetroModel({ nstates: r.states, degree: degrees(r), nameOf: gdlStateName, words: { 1: words.win0, 2: words.win1 } }, r.trace);
    m.result = r;
    m.truncated = Boolean(r.truncated);
    return m;
  }
  return finalModel(r);
}

/** The finished answer with no events: every view shows the end. */
function finalModel(r) {
  return {
    algo: 'final',
    graph: { n: 0 },
    trace: null,
    count: 0,
    nstates: r.states,
    coarse: true,
    truncated: false,
    values: r.outcome,
    outcome: r.outcome,
    remote: r.remoteness,
    degree: null,
    markers: new Int32Array(0),
    decidedAt: () => -1,
    head: 0,
    tail: 0,
    apply() {},
    unapply() {},
    paintedBy: () => -1,
    touched: () => [],
    describe: () => 'No trace: the graph shows the answer',
    result: r,
  };
}

/**
 * State s's true facts as strings: fact i (factNames[i]) holds where bit
 * i % 32 of bits[s * words * 2 + (i >> 5)] is set (binding-gdl.js).
 */
export function gdlFacts(r, s) {
  if (!r || s < 0 || s >= r.states || !r.factNames || !r.bits) return [];
  const out = [];
  const base = s * r.words * 2;
  for (let i = 0; i < r.factNames.length; i++) {
    if ((r.bits[base + (i >>> 5)] >>> (i & 31)) & 1) out.push(r.factNames[i]);
  }
  return out;
}

/** Every fact the game's states can hold (a board keeps its shape from state to state). */
export function gdlBase(r) {
  return Array.isArray(r?.factNames) ? r.factNames : null;
}
