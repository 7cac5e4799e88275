// An independent Cat and Mouse solver in plain JS, for cross-checks: the
// textbook retrograde coloring over (mouse, cat, turn), written without
// looking at the C code's layout or queue.
//
// Returns outcome(m, c, t) and remoteness(m, c, t); outcomes as LeetCode
// (0 draw, 1 mouse, 2 cat), 3 for the cat in the hole.
export function referenceSolve(lists) {
  const n = lists.length;
  const idx = (m, c, t) => (m * n + c) * 2 + t;
  const result = new Uint8Array(2 * n * n);
  const rem = new Int32Array(2 * n * n).fill(-1);
  const degree = new Int32Array(2 * n * n);
  const queue = [];
  const decide = (s, value, r) => {
    result[s] = value;
    rem[s] = r;
    queue.push(s);
  };
  for (let m = 0; m < n; m++) {
    for (let c = 0; c < n; c++) {
      for (let t = 0; t < 2; t++) {
        const s = idx(m, c, t);
        if (c === 0) {
          result[s] = 3;
          continue;
        }
        if (m === 0) decide(s, 1, 0);
        else if (m === c) decide(s, 2, 0);
        else {
          degree[s] = t === 0 ? lists[m].length : lists[c].filter((x) => x !== 0).length;
          if (degree[s] === 0) decide(s, t === 0 ? 2 : 1, 0); // no move: the mover loses
        }
      }
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const s = queue[head];
    const t = s % 2;
    const pair = (s - t) / 2;
    const m = Math.floor(pair / n);
    const c = pair % n;
    const parents = [];
    if (t === 1) {
      for (const pm of lists[m]) if (pm !== 0 && pm !== c) parents.push(idx(pm, c, 0));
    } else if (m !== 0) {
      for (const pc of lists[c]) if (pc !== 0 && pc !== m) parents.push(idx(m, pc, 1));
    }
    for (const p of parents) {
      if (result[p] !== 0) continue;
      const mover = p % 2; // 0 mouse, 1 cat
      const moverWins = mover === 0 ? 1 : 2;
      if (result[s] === moverWins) {
        decide(p, moverWins, rem[s] + 1);
      } else if (--degree[p] === 0) {
        decide(p, mover === 0 ? 2 : 1, rem[s] + 1);
      }
    }
  }
  return {
    answer: result[idx(1, 2, 0)],
    outcome: (m, c, t) => result[idx(m, c, t)],
    remoteness: (m, c, t) => rem[idx(m, c, t)],
  };
}

/** Adjacency lists from CSR arrays. */
export function listsOf({ n, offsets, adjacency }) {
  const lists = [];
  for (let i = 0; i < n; i++) lists.push(Array.from(adjacency.subarray(offsets[i], offsets[i + 1])));
  return lists;
}
