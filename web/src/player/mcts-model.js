// mcts-model.js: a Monte Carlo tree search's trace (kinds 32 to 38 of
// perfect_play.h) as a player model (player.js). No Preact here.
//
// Node ids are the search's: the root 0, a node's children contiguous from
// the id its EXPAND event names (child k is the position's k-th move). At
// the cursor every node has its visits and its reward sum, and with the
// solver its bounds; the current iteration's selection path is lit. Sums
// are kept as whole numerators of the rewards (value - lo over hi - lo, as
// mcts.c scales them), so undoing a backup restores them exactly.
//
// The big steps (markers) are the iterations: each marker is an
// iteration's last event, so "next iteration" shows one iteration whole.
import { argA, argB, argC, eventCount, kindAt, stepAt } from './events.js';
import { undoLog } from './tree-trace.js';

export const MC = { SELECT: 32, EXPAND: 33, MOVE: 34, PLAYOUT: 35, BACKUP: 36, PROVE: 37, CHOOSE: 38 };

const F_VISITS = 0;
const F_SUM = 1;
const F_LO = 2;
const F_HI = 3;
const F_PROVEN = 4;
const F_TIP = 5;

/** A value's reward for MAX as a fraction num / den (mcts.c's reward_of). */
export function rewardFraction(v, lo, hi) {
  if (hi <= lo) return [1, 2];
  const den = hi - lo;
  return [Math.min(den, Math.max(0, v - lo)), den];
}

export function buildMctsModel(result) {
  const trace = result.trace ?? new Int32Array(0);
  const count = eventCount(trace);
  const { lo, hi } = result.reward;
  const [, den] = rewardFraction(lo, lo, hi);

  // Static: the nodes (from the EXPAND events), their parents and move indices, their first event.
  let n = 1;
  for (let i = 0; i < count; i++) if (kindAt(trace, i) === MC.EXPAND) n = Math.max(n, argC(trace, i) + argB(trace, i));
  const parent = new Int32Array(n).fill(-1);
  const moveOf = new Int32Array(n).fill(-1);
  const bornAt = new Int32Array(n).fill(count);
  const depth = new Int32Array(n);
  bornAt[0] = 0;
  const starts = []; // each iteration's first event
  const finalVisits = new Float64Array(n);
  for (let i = 0; i < count; i++) {
    const kind = kindAt(trace, i);
    if (kind === MC.EXPAND) {
      const [u, k, first] = [argA(trace, i), argB(trace, i), argC(trace, i)];
      if (u === 0) starts.push(i);
      for (let j = 0; j < k; j++) {
        parent[first + j] = u;
        moveOf[first + j] = j;
        bornAt[first + j] = i;
        depth[first + j] = depth[u] + 1;
      }
    } else if (kind === MC.SELECT && argB(trace, i) === 0 && !(i > 0 && kindAt(trace, i - 1) === MC.EXPAND && argA(trace, i - 1) === 0)) {
      starts.push(i);
    } else if (kind === MC.BACKUP) {
      for (let u = argA(trace, i); u >= 0; u = parent[u]) finalVisits[u]++;
    }
  }
  const markers = new Int32Array(starts.length);
  for (let k = 0; k < starts.length; k++) markers[k] = k + 1 < starts.length ? starts[k + 1] - 1 : count - 1;
  const iterationStarts = Int32Array.from(starts);

  // Dynamic, by node.
  const visits = new Float64Array(n);
  const sum = new Float64Array(n);
  const blo = new Int32Array(n);
  const bhi = new Int32Array(n);
  const proven = new Int8Array(n);
  const tip = new Int32Array(n); // tip[0]: the deepest node of the current iteration's path
  const log = undoLog([visits, sum, blo, bhi, proven, tip], n, count);
  const set = log.set;

  /** The iterations begun by event i (1-based: event i is in iteration iterationAt(i)). */
  const iterationAt = (i) => {
    let a = 0;
    let b = iterationStarts.length;
    while (a < b) {
      const m = (a + b) >>> 1;
      if (iterationStarts[m] <= i) a = m + 1;
      else b = m;
    }
    return a;
  };

  return {
    mcts: true,
    trace,
    count,
    ids: n,
    markers,
    iterationStarts,
    truncated: result.truncated,
    parent,
    moveOf,
    bornAt,
    depth,
    finalVisits,
    visits,
    /** Node u's mean reward for MAX at the cursor (null unvisited). */
    meanOf: (u) => (visits[u] > 0 ? sum[u] / den / visits[u] : null),
    /** Node u's solver bounds at the cursor, or null while unproven. */
    provenOf: (u) => (proven[u] ? { lo: blo[u], hi: bhi[u] } : null),
    /** The current iteration's selection path, root first. */
    path() {
      const out = [];
      for (let u = tip[0]; u >= 0 && out.length <= n; u = parent[u]) out.push(u);
      return out.reverse();
    },
    iterationAt,
    apply(i) {
      log.begin(i);
      const kind = kindAt(trace, i);
      const a = argA(trace, i);
      if (kind === MC.SELECT && a >= 0 && a < n) set(F_TIP, 0, a);
      else if (kind === MC.EXPAND && a === 0) set(F_TIP, 0, 0);
      else if (kind === MC.BACKUP) {
        const [num] = rewardFraction(argB(trace, i), lo, hi);
        for (let u = a; u >= 0 && u < n; u = parent[u]) {
          set(F_VISITS, u, visits[u] + 1);
          set(F_SUM, u, sum[u] + num);
        }
      } else if (kind === MC.PROVE && a >= 0 && a < n) {
        set(F_LO, a, argB(trace, i));
        set(F_HI, a, argC(trace, i));
        set(F_PROVEN, a, argB(trace, i) === argC(trace, i) ? 1 : 0);
      }
      log.end(i);
    },
    unapply: log.undo,
    decidedAt: () => -1,
    nodeAt: (i) => (i >= 0 && i < count ? argA(trace, i) : -1),
    stepAt: (i) => (i >= 0 && i < count ? stepAt(trace, i) : 0),
    kindAt: (i) => (i >= 0 && i < count ? kindAt(trace, i) : 0),
    /** The nodes from the root down to u (for the position views: boardAt, positionAt). */
    pathTo(u) {
      const out = [];
      for (let v = u; v >= 0 && out.length <= n; v = parent[v]) out.push(v);
      return out.reverse();
    },
    /** Event i in words, for the player's readout. */
    describe(i) {
      const kind = kindAt(trace, i);
      const [a, b, c] = [argA(trace, i), argB(trace, i), argC(trace, i)];
      const it = `Iteration ${iterationAt(i)}: `;
      switch (kind) {
        case MC.SELECT:
          return `${it}select node ${a} (move #${moveOf[a] ?? '?'} of node ${b}, ${b === 0 ? 'a root move, ' : ''}visited ${c} times before)`;
        case MC.EXPAND:
          return `${it}expand node ${a}: ${b} children, nodes ${c} to ${c + b - 1}`;
        case MC.MOVE:
          return `${it}playout move ${a + 1}: move #${b}`;
        case MC.PLAYOUT:
          return `${it}the playout from node ${a} ends after ${b} moves, value ${c}`;
        case MC.BACKUP:
          return `${it}back up value ${b} (reward ${(rewardFraction(b, lo, hi)[0] / den).toFixed(3)} for MAX) along ${c} nodes`;
        case MC.PROVE:
          return `${it}node ${a}'s bounds become [${b}, ${c}]${b === c ? ': proven' : ''}`;
        case MC.CHOOSE:
          return `The answer: node ${a}, the root's move #${moveOf[a]}, visited ${c} times`;
        default:
          return `Event ${kind}`;
      }
    },
  };
}
