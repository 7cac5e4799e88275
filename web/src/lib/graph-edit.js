// graph-edit.js: a Cat and Mouse graph as adjacency lists, edited by hand on
// the board and written back as LeetCode text. No Preact here.
//
// The C parser stays the judge of what is valid (its message shows beside
// the text box); readGraphText only needs to know whether the text can be
// drawn, so the board follows the text as it is typed.

export const MIN_NODES = 3; // the hole, the mouse's start, the cat's start
export const MAX_NODES = 2000;

/** `graph = [[2,5],[3],...]` */
export function graphToText(lists) {
  return `graph = [${lists.map((l) => `[${l.join(',')}]`).join(',')}]`;
}

/**
 * LeetCode text (`graph = [...]` or the bare value) read as lists of distinct
 * neighbours in range, no self-loops, MIN_NODES to MAX_NODES of them:
 * { value, sets } (sets[i]: i's neighbours), or null. Edges may be one-sided.
 */
function readNeighbours(text) {
  const body = String(text)
    .trim()
    .replace(/^graph\s*=\s*/, '');
  if (!body.startsWith('[')) return null;
  let value;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length < MIN_NODES || value.length > MAX_NODES) return null;
  const n = value.length;
  const sets = [];
  for (let i = 0; i < n; i++) {
    if (!Array.isArray(value[i])) return null;
    const set = new Set();
    for (const j of value[i]) {
      if (!Number.isInteger(j) || j < 0 || j >= n || j === i || set.has(j)) return null;
      set.add(j);
    }
    sets.push(set);
  }
  return { value, sets };
}

/**
 * The adjacency lists of LeetCode text (`graph = [...]` or the bare value),
 * or null when it is not a drawable graph (not JSON, a node out of range, a
 * self-loop, a one-sided edge, fewer than 3 or more than 2000 nodes).
 */
export function readGraphText(text) {
  const read = readNeighbours(text);
  if (!read) return null;
  const { value, sets } = read;
  for (let i = 0; i < value.length; i++) for (const j of sets[i]) if (!sets[j].has(i)) return null;
  return value.map((l) => l.slice());
}

/**
 * For a graph whose only fault is one-sided edges (i lists j, j does not
 * list i): { text, added } with each missing reverse edge appended to its
 * list; otherwise null (already symmetric, or wrong in another way the C
 * parser will name).
 */
export function addReverseEdges(text) {
  const read = readNeighbours(text);
  if (!read) return null;
  const { value, sets } = read;
  const n = value.length;
  const lists = value.map((l) => l.slice());
  let added = 0;
  for (let i = 0; i < n; i++) {
    for (const j of value[i]) {
      if (!sets[j].has(i)) {
        sets[j].add(i);
        lists[j].push(i);
        added++;
      }
    }
  }
  return added ? { text: graphToText(lists), added } : null;
}

/** CSR arrays { n, offsets, adjacency } of adjacency lists. */
export function listsToGraph(lists) {
  const n = lists.length;
  const offsets = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) offsets[i + 1] = offsets[i] + lists[i].length;
  const adjacency = new Int32Array(offsets[n]);
  for (let i = 0; i < n; i++) adjacency.set(lists[i], offsets[i]);
  return { n, offsets, adjacency };
}

/** Adjacency lists of CSR arrays. */
export function graphToLists({ n, offsets, adjacency }) {
  const lists = [];
  for (let i = 0; i < n; i++) lists.push(Array.from(adjacency.subarray(offsets[i], offsets[i + 1])));
  return lists;
}

const copy = (lists) => lists.map((l) => l.slice());

/** A new node with no edge, numbered n. */
export function addNode(lists) {
  if (lists.length >= MAX_NODES) return lists;
  return [...copy(lists), []];
}

/** The edge u-v added on both sides (unchanged if present or invalid). */
export function addEdge(lists, u, v) {
  if (u === v || u < 0 || v < 0 || u >= lists.length || v >= lists.length || lists[u].includes(v)) return lists;
  const out = copy(lists);
  out[u].push(v);
  out[v].push(u);
  return out;
}

/** The edge u-v removed from both sides. */
export function removeEdge(lists, u, v) {
  const out = copy(lists);
  out[u] = out[u].filter((x) => x !== v);
  out[v] = out[v].filter((x) => x !== u);
  return out;
}

/**
 * Node k removed with its edges; the nodes after it are renumbered one down.
 * Nodes 0, 1 and 2 have fixed roles and stay (null is returned).
 */
export function removeNode(lists, k) {
  if (k < MIN_NODES || k >= lists.length) return null;
  return lists.filter((_, i) => i !== k).map((l) => l.filter((x) => x !== k).map((x) => (x > k ? x - 1 : x)));
}

/** Positions with node k's pair of coordinates removed. */
export function removePosition(pos, k) {
  const out = new Float64Array(pos.length - 2);
  out.set(pos.subarray(0, 2 * k));
  out.set(pos.subarray(2 * k + 2), 2 * k);
  return out;
}

/** Positions with one more node at (x, y). */
export function addPosition(pos, x, y) {
  const out = new Float64Array(pos.length + 2);
  out.set(pos);
  out[pos.length] = x;
  out[pos.length + 1] = y;
  return out;
}
