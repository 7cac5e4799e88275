// layer-model.js: a big retrograde solve played layer by layer, without a
// trace. No Preact here.
//
// The BFS decides states in order of remoteness (retrograde.c's invariant:
// the queue holds layer r, then layer r + 1), so the states decided at
// each remoteness are exactly the wavefront at that point of the solve, and
// the final outcome and remoteness arrays are all it takes to replay it:
//
//   event i = layer i   forward: every state of remoteness i takes its final
//                       outcome (the grids fill one layer per step)
//                       backward: those states are undecided again
//
// The states are counting-sorted by remoteness once (order, start), so a
// step costs the size of its layer, in either direction, and never a replay.
// Invalid states show as such from the start; states never decided are the
// draws, shown once the last layer is applied (as the retrograde model does).
//
// That sort and the picture at the last layer are the layer index
// (layerIndex): a pass over every state, which the worker makes for the
// page's big graphs and sends with the result (result.layerIndex), so that
// the main thread does not spend a long task on 8 million states as the
// answer lands. The model starts at its last layer (model.madeAt: the player's
// first cursor), the answer the page shows first, without applying a layer.
import { CAT_WINS, DRAW, INVALID, MOUSE_WINS } from '../lib/outcomes.js';
import { paintCells } from '../lib/draw-grid.js';

/** Each value as itself: paintCells with it lays out values, not colours. */
const SAME = Uint8Array.from({ length: 256 }, (_, v) => v);

/**
 * The layer index of a finished solve (see createLayerModel for `result`),
 * plain typed arrays, so the worker can make it and transfer it:
 *   start   layer r's states are order[start[r] .. start[r + 1])
 *   order   the decided states, sorted by remoteness
 *   win0At  player 0's wins (Cat and Mouse: the mouse's) decided in each layer
 *   valid   valid states by turn [0, 1]
 *   endOutcome, endRemote, endByTurn   the picture once every layer is
 *           applied: outcome and remoteness of each state (-1: none), and
 *           decided states counted by turn * 3 + outcome (the picture of
 *           the model made from the index, which changes them)
 *   endGrids (Cat and Mouse, with { grids: true }) that outcome laid out
 *           as the two grids' pixels (draw-grid.js paintCells: mouse to
 *           move, then cat to move), so a grid's first paint reads its
 *           cells in order instead of transposing 4 million of them
 */
export function layerIndex(result, { grids = false } = {}) {
  const { n, outcomes, remoteness } = result;
  const nstates = result.nstates ?? 2 * n * n;
  const nn = result.nstates ? Infinity : n * n;

  // Layer sizes, then the states sorted by layer (a counting sort).
  let layers = 0;
  for (let s = 0; s < nstates; s++) {
    const o = outcomes[s];
    if ((o === MOUSE_WINS || o === CAT_WINS) && remoteness[s] + 1 > layers) layers = remoteness[s] + 1;
  }
  const start = new Int32Array(layers + 1);
  const win0At = new Int32Array(layers);
  for (let s = 0; s < nstates; s++) {
    const o = outcomes[s];
    if (o !== MOUSE_WINS && o !== CAT_WINS) continue;
    start[remoteness[s] + 1]++;
    if (o === MOUSE_WINS) win0At[remoteness[s]]++;
  }
  for (let r = 0; r < layers; r++) start[r + 1] += start[r];
  const order = new Int32Array(start[layers]);
  const fill = start.slice(0, layers);
  const endOutcome = new Uint8Array(nstates);
  const endRemote = new Int32Array(nstates);
  const endByTurn = new Int32Array(6);
  const valid = new Int32Array(2);
  for (let s = 0; s < nstates; s++) {
    const o = outcomes[s];
    if (o === MOUSE_WINS || o === CAT_WINS) {
      const r = remoteness[s];
      order[fill[r]++] = s;
      endOutcome[s] = o;
      endRemote[s] = r;
      endByTurn[(s >= nn ? 3 : 0) + o]++;
    } else {
      endOutcome[s] = o === INVALID ? INVALID : DRAW;
      endRemote[s] = -1;
    }
    if (o !== INVALID) valid[s >= nn ? 1 : 0]++;
  }
  let endGrids = null;
  if (grids && !result.nstates) {
    endGrids = new Uint8Array(2 * n * n);
    for (const turn of [0, 1]) paintCells(endGrids.subarray(turn * n * n, (turn + 1) * n * n), endOutcome, n, turn, SAME);
  }
  return { start, order, win0At, valid, endOutcome, endRemote, endByTurn, endGrids };
}

/**
 * result: { n, outcomes, remoteness } of a finished retrograde solve (Cat and
 * Mouse's state layout), or { nstates, outcomes, remoteness, words } for a
 * game whose states are numbered 0 .. nstates - 1 (one grid: turn 0), words
 * { 1: 'X wins', 2: 'Y wins' } naming its outcomes. result.layerIndex, if
 * given, is layerIndex(result) made elsewhere (the worker), for one model.
 */
export function createLayerModel(result) {
  const { n, outcomes, remoteness } = result;
  const nstates = result.nstates ?? 2 * n * n;
  const nn = result.nstates ? Infinity : n * n;
  const words = result.words ?? { 1: 'mouse wins', 2: 'cat wins' };
  // A given index is the first model's: its picture becomes the model's
  // (40 MB not copied for 8 million states); a later model makes its own.
  const given = result.layerIndex;
  const index = given && !given.taken ? given : layerIndex(result);
  index.taken = true;
  const { start, order, win0At, valid } = index;
  const layers = start.length - 1;

  // The picture at the cursor: the last layer's (the model changes it).
  const outcome = index.endOutcome;
  const remote = index.endRemote;
  const byTurn = index.endByTurn; // decided so far, by turn * 3 + outcome
  const markers = new Int32Array(layers);
  for (let r = 0; r < layers; r++) markers[r] = r;
  let untouched = true; // the picture is still the last layer's, as made

  const model = {
    algo: 'layers',
    words,
    graph: result,
    trace: null,
    count: layers,
    /** The cursor the picture is at when made: every layer applied. */
    madeAt: layers,
    nstates,
    coarse: true,
    truncated: false,
    outcome,
    values: outcome,
    remote,
    degree: null,
    /** Every layer is a stop (Shift+arrows step layer by layer too). */
    markers,
    /** The layer (event) that decides state s, or -1 (a draw, or not a state). */
    decidedAt: (s) => (outcome[s] !== INVALID && (outcomes[s] === MOUSE_WINS || outcomes[s] === CAT_WINS) ? remoteness[s] : -1),
    work: 0, // states applied or undone: the cost measure the tests read

    /** States decided in layer i: { wins: [player 0's, player 1's], total }. */
    layerSize(i) {
      const total = start[i + 1] - start[i];
      return { wins: [win0At[i], total - win0At[i]], total };
    },
    /** The states layer i decides (a view: do not change it). */
    layerStates: (i) => order.subarray(start[i], start[i + 1]),
    /** The largest layer: the histogram's scale. */
    maxLayer: (() => {
      let m = 0;
      for (let r = 0; r < layers; r++) m = Math.max(m, start[r + 1] - start[r]);
      return m;
    })(),
    /** Decided states so far: { wins: [player 0's, player 1's], total }. */
    get decided() {
      const wins = [byTurn[1] + byTurn[4], byTurn[2] + byTurn[5]];
      return { wins, total: wins[0] + wins[1] };
    },
    turnCounts(turn) {
      const mouse = byTurn[turn * 3 + 1];
      const cat = byTurn[turn * 3 + 2];
      return { mouse, cat, draw: 0, open: valid[turn] - mouse - cat };
    },

    /**
     * The values of turn's grid in pixel order (paintCells' layout), while
     * the picture is the one the model was made with and the index has
     * them (endGrids); else null.
     */
    gridValues: (turn) => (untouched && index.endGrids ? index.endGrids.subarray(turn * nn, (turn + 1) * nn) : null),

    apply(i) {
      untouched = false;
      for (let k = start[i]; k < start[i + 1]; k++) {
        const s = order[k];
        const o = outcomes[s];
        outcome[s] = o;
        remote[s] = i;
        byTurn[(s >= nn ? 3 : 0) + o]++;
      }
      model.work += start[i + 1] - start[i];
    },
    unapply(i) {
      untouched = false;
      for (let k = start[i]; k < start[i + 1]; k++) {
        const s = order[k];
        byTurn[(s >= nn ? 3 : 0) + outcome[s]]--;
        outcome[s] = DRAW;
        remote[s] = -1;
      }
      model.work += start[i + 1] - start[i];
    },
    /** Layers paint many cells: the grids ask layerStates (paintedBy is for one-state events). */
    paintedBy: () => -1,
    touched: () => [],
    /** Layer i in words, for the player's readout. */
    describe(i) {
      if (i < 0) return 'Before the first layer';
      const {
        wins: [w0, w1],
        total,
      } = model.layerSize(i);
      const what = i === 0 ? 'the game is over there (seeds)' : `decided ${i} ${i === 1 ? 'move' : 'moves'} from the end`;
      return `Layer ${i}: ${total.toLocaleString('en-US')} states ${what} · ${words[1]} ${w0.toLocaleString('en-US')}, ${words[2]} ${w1.toLocaleString('en-US')}`;
    },
    /** Copies of everything the views read, for tests. */
    snapshot: () => ({ outcome: outcome.slice(), remote: remote.slice(), decided: model.decided }),
  };
  return model;
}
