// c4-trace.js: Connect Four's dedicated stages traced (pp_c4_solve_traced,
// perfect_play.h): the two kinds of their own, the steps of their negamax
// pseudocode, the lines the player shows, and the trace as a player model
// (the game trees' tree-model.js, plus the sentences and the running counts
// of table hits, stores and probes). No Preact here.
import { argA, argB, argC, eventCount, kindAt, stepAt } from '../player/events.js';
import { buildTreeModel } from '../player/tree-model.js';
import { AB, BOUND_WORDS } from './tree-events.js';
import { C4_STAGES } from './connect4.js';

export const C4_EV = { PROBE: 28, BOUNDS: 29 };
export const C4_STEP = {
  ENTER: 1,
  KNOWN: 2,
  STONES: 3,
  TABLE: 4,
  ETC: 5,
  MOVE: 6,
  CHILD: 7,
  CUT: 8,
  RAISE: 9,
  DONE: 10,
  ROOT: 11,
  PROBE: 12,
  ANSWER: 13,
  BOUNDS: 14,
  RESULT: 15,
};

/** The pseudocode: [step, text, the first stage that has the line]. */
export const C4_CODE = [
  [1, 'negamax(P, α, β):  score for the mover', 'bitboard'],
  [2, '  P decided at once: return its score', 'bitboard'],
  [3, '  [α, β] within what the stones left allow', 'bitboard'],
  [4, "  P's table entry: cut, or narrow [α, β]", 'tt'],
  [5, "  a child's entry proves P ≥ β: store, cut", 'strongest'],
  [6, '  for each move m, best first:', 'bitboard'],
  [7, '    v = −negamax(P + m, −β, −α)', 'bitboard'],
  [8, '    if v ≥ β: cut, return v', 'bitboard'],
  [9, '    if v > α: α = v', 'bitboard'],
  [10, '  store P ≤ α; return α', 'tt'],
  [11, 'solve(P):  [min, max] = scores possible', 'iterative'],
  [12, '  while min < max: med = between them', 'iterative'],
  [13, '    r = negamax(P, med, med + 1)', 'iterative'],
  [14, '    if r ≤ med: max = r  else: min = r', 'iterative'],
  [15, '  return min', 'iterative'],
];

/** Whether `stage` runs the pseudocode line of `from` (each stage includes those before it). */
export const stageHas = (stage, from) => C4_STAGES.indexOf(stage) >= C4_STAGES.indexOf(from);

const colName = (c) => `column ${c + 1}`;

/** The player model of a dedicated stage's traced search (binding-connect4.js solveTraced). */
export function buildC4Model(result) {
  const trace = result.trace ?? new Int32Array(0);
  const count = eventCount(trace);
  // The ids the trace reaches (a cut trace names fewer than the search handed out).
  let ids = 1;
  for (let i = 0; i < count; i++) {
    const k = kindAt(trace, i);
    if ((k === AB.MOVE || k === C4_EV.PROBE) && argC(trace, i) >= ids) ids = argC(trace, i) + 1;
  }
  const model = buildTreeModel({ ...result, algo: 'negamax', ids, layout: null });
  const tt = stageHas(result.stage, 'tt');
  // Running counts by event: positions entered, table hits, stores, probes.
  const enteredUpTo = new Int32Array(count + 1);
  const hitsUpTo = new Int32Array(count + 1);
  const storesUpTo = new Int32Array(count + 1);
  const probesUpTo = new Int32Array(count + 1);
  const probeMed = new Int32Array(count); // at an answer: its probe's med
  let med = 0;
  for (let i = 0; i < count; i++) {
    const k = kindAt(trace, i);
    const st = stepAt(trace, i);
    if (k === C4_EV.PROBE) med = argB(trace, i);
    probeMed[i] = med;
    enteredUpTo[i + 1] = enteredUpTo[i] + (k === AB.ENTER && st === C4_STEP.ENTER ? 1 : 0);
    hitsUpTo[i + 1] = hitsUpTo[i] + (k === AB.HIT ? 1 : 0);
    probesUpTo[i + 1] = probesUpTo[i] + (k === C4_EV.PROBE ? 1 : 0);
    const stores = k === AB.EXIT && ((st === C4_STEP.DONE && tt) || (result.stage === 'strongest' && (st === C4_STEP.CUT || st === C4_STEP.ETC)));
    storesUpTo[i + 1] = storesUpTo[i] + (stores ? 1 : 0);
  }
  /** What a table hit at event i did: 'cut' (its node exits at the same step, perhaps after narrowing), 'narrow' or 'none'. */
  function hitOutcome(i) {
    const same = (j) => j < count && argA(trace, j) === argA(trace, i) && stepAt(trace, j) === stepAt(trace, i);
    let j = i + 1;
    const narrowed = same(j) && kindAt(trace, j) === AB.RAISE;
    if (narrowed) j++;
    if (same(j) && kindAt(trace, j) === AB.EXIT) return 'cut';
    return narrowed ? 'narrow' : 'none';
  }
  function describe(i) {
    const k = kindAt(trace, i);
    const st = stepAt(trace, i);
    const [a, b, c] = [argA(trace, i), argB(trace, i), argC(trace, i)];
    switch (k) {
      case AB.ENTER:
        return st === C4_STEP.ROOT ? `Solve: the score lies in [${b}, ${c}]` : `Enter node ${a} with the window [${b}, ${c}] (scores for the side to move)`;
      case AB.HIT: {
        const out = hitOutcome(i);
        const what =
          st === C4_STEP.ETC
            ? `Enhanced cutoff at node ${a}: a child's table entry proves at least ${b}`
            : `Table hit at node ${a}: the entry says ${BOUND_WORDS[c]} ${b}`;
        return `${what}${out === 'cut' ? ': it cuts, the search of this node ends' : out === 'narrow' ? ': it narrows the window' : ': no use in this window'}`;
      }
      case AB.RAISE: {
        const why =
          st === C4_STEP.STONES ? ' (the stones left)' : st === C4_STEP.TABLE ? " (the table's bound)" : st === C4_STEP.ETC ? " (a child's entry)" : '';
        return `Node ${a}: ${b === 0 ? 'α raised' : 'β lowered'} to ${c}${why}`;
      }
      case AB.MOVE:
        return c < 0 ? `Node ${a}: ${colName(b)} lets the opponent win at once, scored without a search` : `Node ${a} plays ${colName(b)} into node ${c}`;
      case AB.VALUE:
        if (st === C4_STEP.ANSWER) return `The probe answers ${c}: the score is ${c <= probeMed[i] ? `at most ${c}` : `at least ${c}`}`;
        return b < 0 ? `Node ${a}: that move is worth ${c}` : `Node ${b} comes back: worth ${c} to node ${a}`;
      case AB.CUTOFF:
        return `Cut-off at node ${a} after ${b} of ${c} moves: the value reached β`;
      case AB.EXIT: {
        if (st === C4_STEP.RESULT) return `The score is ${b}`;
        const stored = storesUpTo[i + 1] > storesUpTo[i] ? ` and stores ${c === 1 ? 'at least' : 'at most'} ${b} in the table` : '';
        const why =
          st === C4_STEP.KNOWN
            ? ' (decided at once)'
            : st === C4_STEP.STONES
              ? ' (the window is empty)'
              : st === C4_STEP.TABLE
                ? ' (the table cut)'
                : st === C4_STEP.CHILD
                  ? " (its only move: that child's value, no table entry)"
                  : '';
        return `Node ${a} returns ${b} (${BOUND_WORDS[c]})${why}${stored}`;
      }
      case C4_EV.PROBE:
        return `Null-window probe: is the score above ${b}? Search the root with [${b}, ${b + 1}] as node ${c}`;
      case C4_EV.BOUNDS:
        return b === c ? `The bounds meet: the score is ${b}` : `The score now lies in [${b}, ${c}]`;
      default:
        return `Event ${k}`;
    }
  }
  /** The probes applied by `cursor` events: { med, answer, lo, hi } (answer and bounds once known). */
  function probesAt(cursor) {
    const out = [];
    for (let i = 0; i < Math.min(cursor, count); i++) {
      const k = kindAt(trace, i);
      if (k === C4_EV.PROBE) out.push({ med: argB(trace, i), node: argC(trace, i), answer: null, lo: null, hi: null });
      else if (k === AB.VALUE && stepAt(trace, i) === C4_STEP.ANSWER) out.at(-1).answer = argC(trace, i);
      else if (k === C4_EV.BOUNDS) Object.assign(out.at(-1), { lo: argB(trace, i), hi: argC(trace, i) });
    }
    return out;
  }
  // The player's decisions: table hits, probes and their bounds, cut-offs.
  const markers = [];
  for (let i = 0; i < count; i++) {
    const k = kindAt(trace, i);
    if (k === AB.HIT || k === AB.CUTOFF || k === C4_EV.PROBE || k === C4_EV.BOUNDS) markers.push(i);
  }
  return Object.assign(model, {
    markers: Int32Array.from(markers),
    dedicated: true,
    stage: result.stage,
    describe,
    hitOutcome,
    probesAt,
    enteredUpTo,
    hitsUpTo,
    storesUpTo,
    probesUpTo,
  });
}
