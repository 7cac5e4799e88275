// retro-model.js: the picture of a retrograde solve at any event, kept
// up to date one event at a time, in both directions. One model serves
// every game whose solve emits the retrograde trace: Cat and Mouse's state
// layout (createRetroModel) and games whose states are numbered
// 0 .. nstates - 1, a GDL game's state graph (createGraphRetroModel).
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
// head counts POPs, tail counts decisions. So queue[i] needs no copy, and a
// state is in the queue exactly when it is decided and its slot is >= head.
import { DRAW, INVALID } from '../lib/outcomes.js';
import { initialDegrees } from '../lib/catmouse.js';
import { argA, argB, argC, EV, eventCount, kindAt, stepAt } from './events.js';

/**
 * graph: { n } and either Cat and Mouse's CSR arrays or `kinds` (per state:
 * -1 not a state, else its number of moves), so any game on the same state
 * layout plays here (Cat and Mouse II does).
 */
export function createRetroModel(graph, trace, { coarse = false, truncated = false } = {}) {
  const { n } = graph;
  const nstates = 2 * n * n;
  const outcome = new Uint8Array(nstates); // 0 undecided, 1 mouse, 2 cat, 3 invalid
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
  const model = retroModel({ nstates, outcome, degree, valid, second: n * n, names: ['mouse', 'cat'] }, trace);
  return Object.assign(model, { graph, coarse, truncated });
}

/**
 * game: { nstates, degree (Int32Array: each state's moves, 0 where the game
 * is over), nameOf(s), words: { 1: 'X wins', 2: 'Y wins' } }: a game whose
 * states are numbered 0 .. nstates - 1, all of them states, one grid.
 */
export function createGraphRetroModel(game, trace) {
  const { nstates } = game;
  const model = retroModel(
    { nstates, outcome: new Uint8Array(nstates), degree: Int32Array.from(game.degree), valid: [nstates, 0], second: nstates, names: ['first', 'second'] },
    trace,
  );
  const name = (s) => game.nameOf(s);
  const said = (o, r) => `${game.words[o] ?? 'draw'}${r > 0 ? ` in ${r}` : ''}`;
  return Object.assign(model, {
    graph: { n: 0 },
    stateName: (n, s) => name(s),
    /** Event i in words, with the game's names for states and outcomes. */
    describe(i) {
      if (i < 0 || i >= model.count) return 'Before the first event';
      const a = argA(trace, i);
      const b = argB(trace, i);
      const c = argC(trace, i);
      switch (kindAt(trace, i)) {
        case EV.SEED:
          return `SEED ${name(a)}: ${said(b, 0)}, the game is over there`;
        case EV.POP:
          return `POP ${name(a)}: ${said(b, c)}, taken from the queue`;
        case EV.PARENT:
          return `PARENT ${name(a)}: has a move into ${name(b)}`;
        case EV.DEGREE:
          return `DEGREE ${name(a)}: that move loses, ${b} left`;
        case EV.COLOR:
          return stepAt(trace, i) === 4 ? `COLOR ${name(a)}: ${said(b, c)}, its mover wins by this move` : `COLOR ${name(a)}: ${said(b, c)}, every move loses`;
        default:
          return `event ${kindAt(trace, i)} ${name(a)}`;
      }
    },
  });
}

/**
 * The model itself: `outcome` (INVALID marks the ids that are not states)
 * and `degree` as before the first event; `valid` the states per turn,
 * `second` the first id of the second turn's states (turn 1), `names`
 * what `decided` calls the two outcomes (beside `wins`, the same counts by
 * player index, which the generic views read).
 */
function retroModel({ nstates, outcome, degree, valid, second, names: [one, two] }, trace) {
  const count = eventCount(trace);
  const remote = new Int32Array(nstates).fill(-1);
  const decided = [0, 0, 0]; // by outcome: [unused, first (mouse) wins, second (cat) wins]
  const byTurn = new Int32Array(6); // decided by turn * 3 + outcome
  let head = 0; // POPs so far
  let tail = 0; // decisions so far

  // The index, built once: the decision events in order, and when (event,
  // queue slot) each state is decided.
  let ndecisions = 0;
  for (let i = 0; i < count; i++) {
    const k = kindAt(trace, i);
    if (k === EV.SEED || k === EV.COLOR) ndecisions++;
  }
  const decisions = new Int32Array(ndecisions); // event index of queue slot j
  const decidedAt = new Int32Array(nstates).fill(-1);
  const slot = new Int32Array(nstates).fill(-1);
  for (let i = 0, j = 0; i < count; i++) {
    const k = kindAt(trace, i);
    if (k === EV.SEED || k === EV.COLOR) {
      const s = argA(trace, i);
      if (s >= 0 && s < nstates) {
        decidedAt[s] = i;
        slot[s] = j;
      }
      decisions[j++] = i;
    }
  }
  const inRange = (s) => s >= 0 && s < nstates;

  const model = {
    algo: 'retrograde',
    trace,
    count,
    nstates,
    coarse: false,
    truncated: false,
    outcome,
    /** What each grid cell shows: 0 undecided (a draw once the trace is done), 1, 2, 3. */
    values: outcome,
    remote,
    degree,
    /** Sorted event indices of the decisions (the Shift+arrow stops). */
    markers: decisions,
    /** Event where state s is decided, or -1. */
    decidedAt: (s) => (inRange(s) ? decidedAt[s] : -1),
    work: 0, // events applied or undone: the cost measure the tests read

    get head() {
      return head;
    },
    get tail() {
      return tail;
    },
    /** Decided states so far: { mouse, cat, total } (a numbered game's: { first, second, total }). */
    get decided() {
      return { [one]: decided[1], [two]: decided[2], wins: [decided[1], decided[2]], total: decided[1] + decided[2] };
    },
    /** One grid's counts so far: { mouse, cat, draw, open } (open: undecided). */
    turnCounts(turn) {
      const mouse = byTurn[turn * 3 + 1];
      const cat = byTurn[turn * 3 + 2];
      return { mouse, cat, draw: 0, open: valid[turn] - mouse - cat };
    },
    /** The state in queue slot j (0 <= j < number of decisions). */
    queueAt: (j) => argA(trace, decisions[j]),
    /** Whether state s is in the queue at the cursor: decided, not yet taken. */
    inQueue: (s) => inRange(s) && slot[s] >= head && slot[s] < tail,
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
          byTurn[(s >= second ? 3 : 0) + o]++;
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
          byTurn[(s >= second ? 3 : 0) + trace[w + 2]]--;
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
