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
import { CAT_WINS, DRAW, INVALID, MOUSE_WINS } from '../lib/outcomes.js';

/**
 * result: { n, outcomes, remoteness } of a finished retrograde solve (Cat and
 * Mouse's state layout), or { nstates, outcomes, remoteness, words } for a
 * game whose states are numbered 0 .. nstates - 1 (one grid: turn 0), words
 * { 1: 'X wins', 2: 'Y wins' } naming its outcomes.
 */
export function createLayerModel(result) {
  const { n, outcomes, remoteness } = result;
  const nstates = result.nstates ?? 2 * n * n;
  const nn = result.nstates ? Infinity : n * n;
  const words = result.words ?? { 1: 'mouse wins', 2: 'cat wins' };

  // Layer sizes, then the states sorted by layer (a counting sort).
  let layers = 0;
  for (let s = 0; s < nstates; s++) {
    const o = outcomes[s];
    if ((o === MOUSE_WINS || o === CAT_WINS) && remoteness[s] + 1 > layers) layers = remoteness[s] + 1;
  }
  const start = new Int32Array(layers + 1);
  const mouseAt = new Int32Array(layers); // mouse wins decided in each layer
  for (let s = 0; s < nstates; s++) {
    const o = outcomes[s];
    if (o !== MOUSE_WINS && o !== CAT_WINS) continue;
    start[remoteness[s] + 1]++;
    if (o === MOUSE_WINS) mouseAt[remoteness[s]]++;
  }
  for (let r = 0; r < layers; r++) start[r + 1] += start[r];
  const order = new Int32Array(start[layers]);
  const fill = start.slice(0, layers);
  for (let s = 0; s < nstates; s++) {
    const o = outcomes[s];
    if (o === MOUSE_WINS || o === CAT_WINS) order[fill[remoteness[s]]++] = s;
  }

  // The picture at the cursor.
  const outcome = new Uint8Array(nstates);
  const remote = new Int32Array(nstates).fill(-1);
  const valid = [0, 0];
  for (let s = 0; s < nstates; s++) {
    if (outcomes[s] === INVALID) outcome[s] = INVALID;
    else valid[s >= nn ? 1 : 0]++;
  }
  const byTurn = new Int32Array(6); // decided so far, by turn * 3 + outcome
  const markers = new Int32Array(layers);
  for (let r = 0; r < layers; r++) markers[r] = r;

  const model = {
    algo: 'layers',
    words,
    graph: result,
    trace: null,
    count: layers,
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

    /** States decided in layer i: { mouse, cat, total }. */
    layerSize(i) {
      const total = start[i + 1] - start[i];
      return { mouse: mouseAt[i], cat: total - mouseAt[i], total };
    },
    /** The states layer i decides (a view: do not change it). */
    layerStates: (i) => order.subarray(start[i], start[i + 1]),
    /** The largest layer: the histogram's scale. */
    maxLayer: (() => {
      let m = 0;
      for (let r = 0; r < layers; r++) m = Math.max(m, start[r + 1] - start[r]);
      return m;
    })(),
    /** Decided states so far: { mouse, cat, total }. */
    get decided() {
      const mouse = byTurn[1] + byTurn[4];
      const cat = byTurn[2] + byTurn[5];
      return { mouse, cat, total: mouse + cat };
    },
    turnCounts(turn) {
      const mouse = byTurn[turn * 3 + 1];
      const cat = byTurn[turn * 3 + 2];
      return { mouse, cat, draw: 0, open: valid[turn] - mouse - cat };
    },

    apply(i) {
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
      const { mouse, cat, total } = model.layerSize(i);
      const what = i === 0 ? 'the game is over there (seeds)' : `decided ${i} ${i === 1 ? 'move' : 'moves'} from the end`;
      return `Layer ${i}: ${total.toLocaleString('en-US')} states ${what} · ${words[1]} ${mouse.toLocaleString('en-US')}, ${words[2]} ${cat.toLocaleString('en-US')}`;
    },
    /** Copies of everything the views read, for tests. */
    snapshot: () => ({ outcome: outcome.slice(), remote: remote.slice(), decided: model.decided }),
  };
  return model;
}
