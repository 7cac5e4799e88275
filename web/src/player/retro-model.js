// retro-model.js: the picture of a retrograde solve at any event, kept
// up to date one event at a time, in both directions.
//
// Every event is invertible, so stepping back costs what stepping forward
// does and nothing is ever replayed from the start:
//
//   event               forward                       backward
//   SEED  s o 0         outcome[s] = o, remote = 0,   outcome[s] = undecided,
//                       tail++, decided[o]++          remote = -1, tail--, decided[o]--
//   POP   s o r         head++                        head--
//   PARENT p s          (nothing: only highlighted)   (nothing)
//   DEGREE p k          degree[p] = k                 degree[p] = k + 1 (a drop is always 1)
//   COLOR p o r         like SEED, remote = r         like SEED
//
// Why that is exact: a state is decided at most once (SEED or COLOR), and
// it was undecided just before; DEGREE drops a counter by exactly one.
//
// The queue is the list of decisions in order (the C solver appends a state
// to its queue when it decides it): its slots are the SEED/COLOR events,
// head counts POPs, tail counts decisions. So queue[i] needs no copy.
import { DRAW, INVALID } from '../lib/outcomes.js';
import { initialDegrees } from '../lib/catmouse.js';
import { argA, argB, argC, EV, eventCount, kindAt } from './events.js';

/**
 * graph: { n } and either Cat and Mouse's CSR arrays or `kinds` (per state:
 * -1 not a state, else its number of moves), so any game on the same state
 * layout plays here (Cat and Mouse II does).
 */
export function createRetroModel(graph, trace, { coarse = false, truncated = false } = {}) {
  const { n } = graph;
  const nstates = 2 * n * n;
  const count = eventCount(trace);

  // The picture at the cursor.
  const outcome = new Uint8Array(nstates); // 0 undecided, 1 mouse, 2 cat, 3 invalid
  const remote = new Int32Array(nstates).fill(-1);
  let degree;
  const valid = [n * (n - 1), n * (n - 1)]; // states per grid that are states (cat off the hole)
  if (graph.kinds) {
    // A game that lists its states' kinds (Cat and Mouse II: -1 a player on
    // a wall, else the mover's number of moves, 0 when over).
    degree = new Int32Array(nstates);
    valid[0] = valid[1] = 0;
    for (let s = 0; s < nstates; s++) {
      const k = graph.kinds[s];
      if (k < 0) outcome[s] = INVALID;
      else {
        degree[s] = k;
        valid[s >= n * n ? 1 : 0]++;
      }
    }
  } else {
    for (let m = 0; m < n; m++) {
      outcome[m] = INVALID; // mouse to move, cat on 0: s = 0 * n + m
      outcome[n * n + m * n] = INVALID; // cat to move, cat on 0
    }
    degree = initialDegrees(graph);
  }
  const decided = [0, 0, 0]; // by outcome: [unused, mouse wins, cat wins]
  const byTurn = new Int32Array(6); // decided by turn * 3 + outcome
  const nn = n * n;
  let head = 0; // POPs so far
  let tail = 0; // decisions so far

  // The index, built once: the decision events in order, and when each
  // state is decided.
  let ndecisions = 0;
  for (let i = 0; i < count; i++) {
    const k = kindAt(trace, i);
    if (k === EV.SEED || k === EV.COLOR) ndecisions++;
  }
  const decisions = new Int32Array(ndecisions); // event index of queue slot j
  const decidedAt = new Int32Array(nstates).fill(-1);
  for (let i = 0, j = 0; i < count; i++) {
    const k = kindAt(trace, i);
    if (k === EV.SEED || k === EV.COLOR) {
      decisions[j++] = i;
      decidedAt[argA(trace, i)] = i;
    }
  }

  const model = {
    algo: 'retrograde',
    graph,
    trace,
    count,
    nstates,
    coarse,
    truncated,
    outcome,
    /** What each grid cell shows: 0 undecided (a draw once the trace is done), 1, 2, 3. */
    values: outcome,
    remote,
    degree,
    /** Sorted event indices of the decisions (the Shift+arrow stops). */
    markers: decisions,
    /** Event where state s is decided, or -1. */
    decidedAt: (s) => decidedAt[s],
    work: 0, // events applied or undone: the cost measure the tests read

    get head() {
      return head;
    },
    get tail() {
      return tail;
    },
    /** Decided states so far: { mouse, cat, total }. */
    get decided() {
      return { mouse: decided[1], cat: decided[2], total: decided[1] + decided[2] };
    },
    /** One grid's counts so far: { mouse, cat, draw, open } (open: undecided). */
    turnCounts(turn) {
      const mouse = byTurn[turn * 3 + 1];
      const cat = byTurn[turn * 3 + 2];
      return { mouse, cat, draw: 0, open: valid[turn] - mouse - cat };
    },
    /** The state in queue slot j (0 <= j < number of decisions). */
    queueAt: (j) => argA(trace, decisions[j]),
    /** The state being processed: the last one popped, or -1. */
    get popped() {
      return head > 0 ? argA(trace, decisions[head - 1]) : -1;
    },

    apply(i) {
      model.work++;
      const w = i << 2;
      switch (trace[w] & 0xff) {
        case EV.SEED:
        case EV.COLOR: {
          const s = trace[w + 1];
          const o = trace[w + 2];
          outcome[s] = o;
          remote[s] = trace[w + 3];
          decided[o]++;
          byTurn[(s >= nn ? 3 : 0) + o]++;
          tail++;
          break;
        }
        case EV.POP:
          head++;
          break;
        case EV.DEGREE:
          degree[trace[w + 1]] = trace[w + 2];
          break;
        default:
          break;
      }
    },

    unapply(i) {
      model.work++;
      const w = i << 2;
      switch (trace[w] & 0xff) {
        case EV.SEED:
        case EV.COLOR: {
          const s = trace[w + 1];
          decided[trace[w + 2]]--;
          byTurn[(s >= nn ? 3 : 0) + trace[w + 2]]--;
          outcome[s] = DRAW;
          remote[s] = -1;
          tail--;
          break;
        }
        case EV.POP:
          head--;
          break;
        case EV.DEGREE:
          degree[trace[w + 1]] = trace[w + 2] + 1;
          break;
        default:
          break;
      }
    },

    /** The state whose colour event i may change, or -1. */
    paintedBy(i) {
      const k = kindAt(trace, i);
      return k === EV.SEED || k === EV.COLOR ? argA(trace, i) : -1;
    },

    /** The states event i touches (to highlight): [a] or [a, b]. */
    touched(i) {
      if (i < 0 || i >= count) return [];
      const k = kindAt(trace, i);
      if (k === EV.PARENT) return [argA(trace, i), argB(trace, i)];
      return [argA(trace, i)];
    },

    /** Copies of everything the views read, for tests. */
    snapshot() {
      return {
        outcome: outcome.slice(),
        remote: remote.slice(),
        degree: degree.slice(),
        head,
        tail,
        decided: decided.slice(),
        popped: model.popped,
      };
    },
  };
  return model;
}

/** Event i's third word (remoteness of a decision), for callers without the model. */
export const decisionRemoteness = (trace, i) => argC(trace, i);
export const decisionOutcome = (trace, i) => argB(trace, i);
