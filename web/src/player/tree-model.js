// tree-model.js: a minimax / alpha-beta trace as a player model (player.js).
// No Preact here.
//
// Nodes are the trace's visit ids (preorder of the search: the root is 0).
// When the whole tree was laid out (result.layout), `at[id]` is the layout
// node a visit is, so moves never tried (cut off) can be drawn too.
//
// apply(i) sets what event i says about its node and logs the old values;
// unapply(i) puts them back. Each event writes at most three fields, so a
// step either way costs O(1) (no replay).
import { argA, argB, argC, eventCount, kindAt, stepAt } from './events.js';
import { AB, AB_INF } from '../lib/tree-events.js';
import { traceReaders, undoLog, visitTable } from './tree-trace.js';

/** Connect Four's dedicated stages (perfect_play.h, pp_c4_solve_traced): a
 * null-window probe makes the root node `c` a child of the solve (node 0),
 * as a move would; BOUNDS sets the solve's window [min, max]. */
const C4_PROBE = 28;
const C4_BOUNDS = 29;

/** What a node is at the cursor, in `known`. */
export const KNOWN = { NONE: 0, LEAF: 1, EXIT: 2, HIT: 3 };
const F_ALPHA = 0;
const F_BETA = 1;
const F_BEST = 2;
const F_VALUE = 3;
const F_BOUND = 4;
const F_KNOWN = 5;
const F_OPEN = 6;
const F_CUT = 7;

/** Children lists of a preorder layout, by node, in the game's move order. */
export function layoutChildren(layout) {
  const first = new Int32Array(layout.n + 1);
  for (let v = 1; v < layout.n; v++) first[layout.parent[v] + 1]++;
  for (let v = 0; v < layout.n; v++) first[v + 1] += first[v];
  const list = new Int32Array(Math.max(0, layout.n - 1));
  const fill = first.slice(0, layout.n);
  for (let v = 1; v < layout.n; v++) list[fill[layout.parent[v]]++] = v;
  return { first, list };
}

export function buildTreeModel(result) {
  const trace = result.trace ?? new Int32Array(0);
  const count = eventCount(trace);
  const ids = Math.max(1, result.ids);
  const layout = result.layout;
  const kids = layout ? layoutChildren(layout) : null;

  // Static facts: each visit's parent visit and move, its layout node.
  const visits = visitTable(ids, count, kids);
  const { parent, moveOf, at, bornAt } = visits;
  const markers = [];
  const tried = new Map(); // visit -> moves tried, for the cut-offs
  for (let i = 0; i < count; i++) {
    const kind = kindAt(trace, i);
    if (kind === AB.MOVE || kind === C4_PROBE) {
      const node = argA(trace, i);
      visits.link(i, node, argC(trace, i), argB(trace, i));
      if (!tried.has(node)) tried.set(node, []);
      tried.get(node).push(argB(trace, i));
    } else if (kind === AB.CUTOFF) {
      markers.push(i);
    }
  }
  /** Layout nodes skipped by the cut-off at event i (children never tried). */
  function skippedAt(i) {
    const node = argA(trace, i);
    if (!kids || at[node] < 0) return [];
    const u = at[node];
    const done = new Set(tried.get(node) ?? []);
    const out = [];
    for (let k = kids.first[u]; k < kids.first[u + 1]; k++) if (!done.has(k - kids.first[u])) out.push(kids.list[k]);
    return out;
  }

  // Dynamic state, by visit id.
  const alpha = new Int32Array(ids).fill(-AB_INF);
  const beta = new Int32Array(ids).fill(AB_INF);
  const best = new Int32Array(ids);
  const value = new Int32Array(ids);
  const bound = new Int8Array(ids);
  const known = new Int8Array(ids);
  const open = new Int8Array(ids);
  const cut = new Int32Array(ids).fill(-1); // the event of the node's cut-off
  const arrays = [alpha, beta, best, value, bound, known, open, cut];
  // Undo log: per event, the (field, id, old value) it wrote.
  const log = undoLog(arrays, ids, count);
  const set = log.set;
  const entered = new Int8Array(ids); // static: has an AB_ENTER been applied (per event order)

  // Running counters, prefix sums by event: leaves, positions, cut-offs.
  const leavesUpTo = new Int32Array(count + 1);
  const cutsUpTo = new Int32Array(count + 1);
  const visitsUpTo = new Int32Array(count + 1); // positions reached: the root and every move
  const expandedUpTo = new Int32Array(count + 1); // inner positions searched (their moves listed), as PN counts
  for (let i = 0; i < count; i++) {
    const k = kindAt(trace, i);
    expandedUpTo[i + 1] = expandedUpTo[i] + (k === AB.ENTER ? 1 : 0);
    leavesUpTo[i + 1] = leavesUpTo[i] + (k === AB.LEAF ? 1 : 0);
    cutsUpTo[i + 1] = cutsUpTo[i] + (k === AB.CUTOFF ? 1 : 0);
    visitsUpTo[i + 1] = visitsUpTo[i] + (i === 0 || k === AB.MOVE ? 1 : 0);
  }
  // Whether each HIT follows its node's ENTER (narrowing) or answers it.
  const hitAnswers = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const k = kindAt(trace, i);
    const node = argA(trace, i);
    if (k === AB.ENTER && node < ids) entered[node] = 1;
    else if (k === AB.HIT && node < ids && !entered[node]) hitAnswers[i] = 1;
  }
  // Positions answered without a search (the table, the memo or the game's bounds), by event.
  const answersUpTo = new Int32Array(count + 1);
  for (let i = 0; i < count; i++) answersUpTo[i + 1] = answersUpTo[i] + hitAnswers[i];

  const model = {
    algo: result.algo,
    trace,
    count,
    ids,
    markers: Int32Array.from(markers),
    truncated: result.truncated,
    layout,
    kids,
    parent,
    moveOf,
    at,
    bornAt,
    alpha,
    beta,
    best,
    value,
    bound,
    known,
    open,
    cut,
    skippedAt,
    leavesUpTo,
    cutsUpTo,
    visitsUpTo,
    expandedUpTo,
    answersUpTo,
    /** The event that settles visit s (its leaf, answer or exit); -1 if none. */
    decidedAt(s) {
      for (let i = 0; i < count; i++) {
        const k = kindAt(trace, i);
        if (argA(trace, i) === s && (k === AB.LEAF || k === AB.EXIT || (k === AB.HIT && hitAnswers[i]))) return i;
      }
      return -1;
    },
    apply(i) {
      log.begin(i);
      const id = argA(trace, i);
      if (id >= 0 && id < ids) {
        switch (kindAt(trace, i)) {
          case AB.ENTER:
            set(F_OPEN, id, 1);
            set(F_ALPHA, id, argB(trace, i));
            set(F_BETA, id, argC(trace, i));
            break;
          case AB.LEAF:
            set(F_VALUE, id, argB(trace, i));
            set(F_KNOWN, id, KNOWN.LEAF);
            break;
          case AB.HIT:
            if (hitAnswers[i]) {
              set(F_VALUE, id, argB(trace, i));
              set(F_BOUND, id, argC(trace, i));
              set(F_KNOWN, id, KNOWN.HIT);
            }
            break;
          case AB.RAISE: {
            const which = argB(trace, i);
            set(which === 0 ? F_ALPHA : which === 1 ? F_BETA : F_BEST, id, argC(trace, i));
            break;
          }
          case AB.CUTOFF:
            set(F_CUT, id, i);
            break;
          case C4_BOUNDS:
            set(F_ALPHA, id, argB(trace, i));
            set(F_BETA, id, argC(trace, i));
            break;
          case AB.EXIT:
            set(F_OPEN, id, 0);
            set(F_VALUE, id, argB(trace, i));
            set(F_BOUND, id, argC(trace, i));
            set(F_KNOWN, id, KNOWN.EXIT);
            break;
          default:
            break;
        }
      }
      log.end(i);
    },
    unapply: log.undo,
    /** nodeAt(i): the node event i is about; stepAt, kindAt; pathTo(s): visits from the root down to s. */
    ...traceReaders(trace, count, parent, ids, { argA, stepAt, kindAt }),
    /** The visit id drawn at layout node u, or -1 (the search never went there). */
    visitOf: null,
  };
  if (layout) {
    const visitOf = new Int32Array(layout.n).fill(-1);
    for (let id = 0; id < ids; id++) if (at[id] >= 0) visitOf[at[id]] = id;
    model.visitOf = visitOf;
  }
  return model;
}
