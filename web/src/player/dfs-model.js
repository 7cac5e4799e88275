// dfs-model.js: the picture of a depth-first search (naive or with memo)
// at any event, kept up to date one event at a time, in both directions.
//
//   event              forward                          backward
//   ENTER s d          path.push(s), onPath[s] = 1      path.pop(), onPath[s] = 0
//   EXIT  s o          path.pop(), onPath[s] = 0,       path.push(s), onPath[s] = 1,
//                      label[s] = o                     label[s] = its previous value
//   LEAF, CYCLE,       counters + 1                     counters - 1
//   MEMO_HIT
//   CHILD              (nothing: only highlighted)      (nothing)
//
// label[s] is the last result returned for s (for the memo search: the memo
// itself, stored once per state). The one value an EXIT overwrites is found
// again through prevExit, the index of the previous EXIT of the same state,
// built once; so stepping back is as cheap as stepping forward.
import { argA, argB, EV, eventCount, kindAt } from './events.js';

export const UNSEEN = 0xff;

export function createDfsModel(graph, trace, { kind = 'memo' } = {}) {
  const { n } = graph;
  const nstates = 2 * n * n;
  const count = eventCount(trace);

  // The index, built once.
  const prevExit = new Int32Array(count).fill(-1);
  const lastExit = new Int32Array(nstates).fill(-1);
  const firstExit = new Int32Array(nstates).fill(-1);
  let nexits = 0;
  let maxDepth = 0;
  for (let i = 0; i < count; i++) {
    const k = kindAt(trace, i);
    if (k === EV.EXIT) {
      const s = argA(trace, i);
      prevExit[i] = lastExit[s];
      lastExit[s] = i;
      if (firstExit[s] < 0) firstExit[s] = i;
      nexits++;
    } else if (k === EV.ENTER) {
      maxDepth = Math.max(maxDepth, argB(trace, i) + 1);
    }
  }
  const exits = new Int32Array(nexits);
  for (let i = 0, j = 0; i < count; i++) if (kindAt(trace, i) === EV.EXIT) exits[j++] = i;

  // The picture at the cursor.
  const label = new Uint8Array(nstates).fill(UNSEEN);
  const onPath = new Uint8Array(nstates);
  const path = new Int32Array(Math.max(1, maxDepth));
  let depth = 0;
  const counts = { enters: 0, exits: 0, leaves: 0, cycles: 0, memoHits: 0 };
  const labelled = [0, 0, 0]; // states labelled draw, mouse wins, cat wins
  const byTurn = new Int32Array(6); // labelled, by turn * 3 + label
  const nn = n * n;

  const model = {
    algo: kind === 'naive' ? 'naive-dfs' : 'memo-dfs',
    kind,
    graph,
    trace,
    count,
    nstates,
    label,
    /** What each grid cell shows: the label (0, 1, 2) or UNSEEN. */
    values: label,
    onPath,
    path,
    maxDepth,
    markers: exits,
    decidedAt: (s) => firstExit[s],
    work: 0,

    get depth() {
      return depth;
    },
    get counts() {
      return { ...counts };
    },
    /** One grid's counts so far: { mouse, cat, draw, open } (open: no label yet). */
    turnCounts(turn) {
      const draw = byTurn[turn * 3];
      const mouse = byTurn[turn * 3 + 1];
      const cat = byTurn[turn * 3 + 2];
      return { mouse, cat, draw, open: n * (n - 1) - mouse - cat - draw };
    },
    /** States labelled so far: { draw, mouse, cat, total }. */
    get labelled() {
      return {
        draw: labelled[0],
        mouse: labelled[1],
        cat: labelled[2],
        total: labelled[0] + labelled[1] + labelled[2],
      };
    },

    apply(i) {
      model.work++;
      const w = i << 2;
      const s = trace[w + 1];
      switch (trace[w] & 0xff) {
        case EV.ENTER:
          onPath[s] = 1;
          path[depth++] = s;
          counts.enters++;
          break;
        case EV.EXIT: {
          const o = trace[w + 2];
          onPath[s] = 0;
          depth--;
          const old = label[s];
          const t = s >= nn ? 3 : 0;
          if (old !== UNSEEN) {
            labelled[old]--;
            byTurn[t + old]--;
          }
          labelled[o]++;
          byTurn[t + o]++;
          label[s] = o;
          counts.exits++;
          break;
        }
        case EV.LEAF:
          counts.leaves++;
          break;
        case EV.CYCLE:
          counts.cycles++;
          break;
        case EV.MEMO_HIT:
          counts.memoHits++;
          break;
        default:
          break;
      }
    },

    unapply(i) {
      model.work++;
      const w = i << 2;
      const s = trace[w + 1];
      switch (trace[w] & 0xff) {
        case EV.ENTER:
          onPath[s] = 0;
          depth--;
          counts.enters--;
          break;
        case EV.EXIT: {
          onPath[s] = 1;
          path[depth++] = s;
          const p = prevExit[i];
          const old = p >= 0 ? trace[(p << 2) + 2] : UNSEEN;
          const t = s >= nn ? 3 : 0;
          labelled[trace[w + 2]]--;
          byTurn[t + trace[w + 2]]--;
          if (old !== UNSEEN) {
            labelled[old]++;
            byTurn[t + old]++;
          }
          label[s] = old;
          counts.exits--;
          break;
        }
        case EV.LEAF:
          counts.leaves--;
          break;
        case EV.CYCLE:
          counts.cycles--;
          break;
        case EV.MEMO_HIT:
          counts.memoHits--;
          break;
        default:
          break;
      }
    },

    paintedBy(i) {
      return kindAt(trace, i) === EV.EXIT ? argA(trace, i) : -1;
    },

    touched(i) {
      if (i < 0 || i >= count) return [];
      if (kindAt(trace, i) === EV.CHILD) return [argA(trace, i), argB(trace, i)];
      return [argA(trace, i)];
    },

    snapshot() {
      return {
        label: label.slice(),
        onPath: onPath.slice(),
        path: Array.from(path.subarray(0, depth)),
        counts: { ...counts },
        labelled: labelled.slice(),
      };
    },
  };
  return model;
}
