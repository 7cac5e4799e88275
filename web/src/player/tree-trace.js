// tree-trace.js: what the game-tree models (tree-model.js, pn-model.js) share:
// the visits a trace's moves link (parent, move, layout node, first event),
// the undo log that steps a trace both ways in O(1) a step, and the readers
// of a trace's events and visits. No Preact.

/**
 * The static facts of a trace's `ids` visits, filled by link() as the
 * trace is read: each visit's parent visit and move index, its layout node
 * (kids: layoutChildren of the laid-out tree, or null), and the event that
 * reaches it (`count`, past the end, for a visit never reached). The root,
 * visit 0, is reached at event 0 and is layout node 0.
 */
export function visitTable(ids, count, kids) {
  const parent = new Int32Array(ids).fill(-1);
  const moveOf = new Int32Array(ids).fill(-1);
  const at = new Int32Array(ids).fill(-1);
  const bornAt = new Int32Array(ids).fill(count);
  bornAt[0] = 0;
  if (kids) at[0] = 0;
  return {
    parent,
    moveOf,
    at,
    bornAt,
    /** Event i: visit `node`'s move of index `move` reaches visit `child`. */
    link(i, node, child, move) {
      if (child < 0 || child >= ids || node < 0 || node >= ids) return;
      parent[child] = node;
      moveOf[child] = move;
      bornAt[child] = i;
      if (kids && at[node] >= 0) {
        const u = at[node];
        const k = kids.first[u] + move;
        if (k < kids.first[u + 1]) at[child] = kids.list[k];
      }
    },
  };
}

/**
 * An undo log over `arrays` (typed arrays of `size` entries each) for a
 * trace of `count` events: between begin(i) and end(i), set(field, u, v)
 * writes arrays[field][u] and logs the old value; undo(i) puts back what
 * event i wrote (events are undone last first, as the player steps back).
 */
export function undoLog(arrays, size, count) {
  const start = new Int32Array(count + 1);
  const slots = [];
  const vals = [];
  return {
    begin(i) {
      start[i] = slots.length;
    },
    set(field, u, v) {
      slots.push(field * size + u);
      vals.push(arrays[field][u]);
      arrays[field][u] = v;
    },
    end(i) {
      start[i + 1] = slots.length;
    },
    undo(i) {
      for (let j = start[i + 1] - 1; j >= start[i]; j--) {
        const slot = slots[j];
        arrays[Math.floor(slot / size)][slot % size] = vals[j];
      }
      slots.length = start[i];
      vals.length = start[i];
    },
  };
}

/**
 * A trace's readers by event index (-1 or 0 past either end): the node it
 * is about, its pseudocode step and kind; and the visits from the root down
 * to a visit, through `parent` (ids entries).
 */
export function traceReaders(trace, count, parent, ids, { argA, stepAt, kindAt }) {
  return {
    nodeAt: (i) => (i >= 0 && i < count ? argA(trace, i) : -1),
    stepAt: (i) => (i >= 0 && i < count ? stepAt(trace, i) : 0),
    kindAt: (i) => (i >= 0 && i < count ? kindAt(trace, i) : 0),
    /** Visits from the root down to s. */
    pathTo(s) {
      const path = [];
      for (let v = s; v >= 0 && path.length <= ids; v = parent[v]) path.push(v);
      return path.reverse();
    },
  };
}
