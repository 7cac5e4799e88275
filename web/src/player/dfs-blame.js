// dfs-blame.js: where the memo search goes wrong, read from its trace.
//
// The memo search stores, as a state's value, a result that may lean on the
// cycle check (step 3: "on the path: a draw"). When the state so cut is not
// really a draw, the cut is a lie, and a draw that flowed from it into the
// memo is wrong. This module follows the draws back through the trace:
//
//   EXIT s draw (step 7)   <- every CHILD of that call that returned a draw
//   CHILD s t draw         <- the event just before it: t's own result
//                             (CYCLE t, MEMO_HIT t or EXIT t)
//   MEMO_HIT t draw        <- the EXIT that stored t's value
//   CYCLE t                <- a root: a lie when t is not a draw in truth
//
// and names, for each wrong label, the lying cuts it rests on, with one
// chain of events from the label down to a cut.
import { DRAW } from '../lib/outcomes.js';
import { argA, argB, argC, EV, eventCount, kindAt } from './events.js';
import { UNSEEN } from './dfs-model.js';

const MAX_CUTS = 8; // per label: enough to point at, bounded work

/** States whose memo label differs from the true outcome: [{ state, memo, truth }]. */
export function memoDifferences(labels, truth) {
  const out = [];
  for (let s = 0; s < labels.length; s++) {
    const memo = labels[s];
    if (memo !== UNSEEN && memo !== truth[s]) out.push({ state: s, memo, truth: truth[s] });
  }
  return out;
}

/**
 * The draw dependencies of a memo search's trace, and what they blame.
 * truth: the true outcomes (the retrograde solve's).
 */
export function traceBlame(trace, truth) {
  const count = eventCount(trace);
  const drawSources = new Map(); // EXIT event (a draw) -> events its draw came from
  const storedAt = new Map(); // state -> its EXIT event (the memo search stores once)
  const memoSource = new Map(); // MEMO_HIT event -> the EXIT that stored the value
  const frames = []; // per open call: the sources of its draw children
  for (let i = 0; i < count; i++) {
    switch (kindAt(trace, i)) {
      case EV.ENTER:
        frames.push([]);
        break;
      case EV.CHILD:
        if (argC(trace, i) === DRAW && frames.length) frames[frames.length - 1].push(i - 1);
        break;
      case EV.MEMO_HIT: {
        const stored = storedAt.get(argA(trace, i));
        if (stored !== undefined) memoSource.set(i, stored);
        break;
      }
      case EV.EXIT: {
        const sources = frames.pop() ?? [];
        if (argB(trace, i) === DRAW) drawSources.set(i, sources);
        if (!storedAt.has(argA(trace, i))) storedAt.set(argA(trace, i), i);
        break;
      }
      default:
        break;
    }
  }

  const isLie = (i) => kindAt(trace, i) === EV.CYCLE && truth[argA(trace, i)] !== DRAW;
  const upstream = (i) => {
    const k = kindAt(trace, i);
    if (k === EV.EXIT) return drawSources.get(i) ?? [];
    if (k === EV.MEMO_HIT) return memoSource.has(i) ? [memoSource.get(i)] : [];
    return [];
  };

  /** The lying cuts under event i (an EXIT, MEMO_HIT or CYCLE), at most MAX_CUTS. */
  const memo = new Map();
  function cutsUnder(root) {
    if (memo.has(root)) return memo.get(root);
    const found = new Set();
    const seen = new Set([root]);
    const stack = [root];
    while (stack.length && found.size < MAX_CUTS) {
      const i = stack.pop();
      if (isLie(i)) found.add(i);
      for (const j of upstream(i)) {
        if (!seen.has(j)) {
          seen.add(j);
          stack.push(j);
        }
      }
    }
    const cuts = [...found].sort((a, b) => a - b);
    memo.set(root, cuts);
    return cuts;
  }

  /** One chain of events from root down to the lying cut `cut` (both included). */
  function chainTo(root, cut) {
    const parent = new Map([[root, -1]]);
    const stack = [root];
    while (stack.length) {
      const i = stack.pop();
      if (i === cut) break;
      for (const j of upstream(i)) {
        if (!parent.has(j)) {
          parent.set(j, i);
          stack.push(j);
        }
      }
    }
    if (!parent.has(cut)) return [];
    const chain = [];
    for (let i = cut; i !== -1; i = parent.get(i)) chain.push(i);
    return chain.reverse();
  }

  return {
    /** The EXIT event that stored state s, or -1. */
    storedAt: (s) => storedAt.get(s) ?? -1,
    /**
     * Why state s's stored draw is wrong: { stored, cuts, chain } with the
     * EXIT that stored it, the lying cuts (CYCLE events) it rests on, and the
     * events from the label down to the first cut. null if s stored no draw.
     */
    explain(s) {
      const stored = storedAt.get(s);
      if (stored === undefined || argB(trace, stored) !== DRAW) return null;
      const cuts = cutsUnder(stored);
      return { stored, cuts, chain: cuts.length ? chainTo(stored, cuts[cuts.length - 1]) : [] };
    },
  };
}
