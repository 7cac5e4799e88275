// state-graph.js: a game's state graph laid out in layers, for the drawing
// (components/state-graph). No Preact, no DOM: node --test runs it.
//
// A state graph is
//   { count, state, node, offsets, targets, start }
//   count     nodes drawn
//   state     Int32Array(count): node -> the player model's state id
//   node      (s) -> the node of state id s, or -1 (not drawn)
//   offsets   Int32Array(count + 1), targets Int32Array(E): each node's moves,
//             as node indices (CSR)
//   start     the node play starts from
//
// The layout never moves while the trace plays: layers come from the final
// answer (depth from the start, or remoteness), colours from (trace, cursor).
//
//   layer 0   o o o o o o o o        a layer wider than `perRow` nodes wraps
//             o o o o o                into sub-rows, filled column by column
//   layer 1   o o o                    in barycentre order, so a node sits
//   ...                                near the nodes it moves to or from
import { outcomeInfo } from './outcomes.js';

/** Drawn as nodes up to this many states and moves; beyond, the layer histogram. */
export const NODE_LIMIT = 6000;
export const EDGE_LIMIT = 40_000;

/** Whether a state graph is small enough to draw node by node. */
export function drawable(sg) {
  return sg.count <= NODE_LIMIT && sg.targets.length <= EDGE_LIMIT;
}

/** Depth of every node from `start` by breadth-first search; -1 if not reachable. */
export function bfsDepth(sg) {
  const depth = new Int32Array(sg.count).fill(-1);
  if (sg.start < 0 || sg.start >= sg.count) return depth;
  const queue = new Int32Array(sg.count);
  let head = 0;
  let tail = 0;
  queue[tail++] = sg.start;
  depth[sg.start] = 0;
  while (head < tail) {
    const v = queue[head++];
    for (let k = sg.offsets[v]; k < sg.offsets[v + 1]; k++) {
      const t = sg.targets[k];
      if (depth[t] < 0) {
        depth[t] = depth[v] + 1;
        queue[tail++] = t;
      }
    }
  }
  return depth;
}

/** The reverse edges (each node's parents), as CSR: { offsets, sources }. */
export function reverseEdges(sg) {
  const offsets = new Int32Array(sg.count + 1);
  for (let k = 0; k < sg.targets.length; k++) offsets[sg.targets[k] + 1]++;
  for (let v = 0; v < sg.count; v++) offsets[v + 1] += offsets[v];
  const fill = offsets.slice(0, sg.count);
  const sources = new Int32Array(sg.targets.length);
  for (let v = 0; v < sg.count; v++) {
    for (let k = sg.offsets[v]; k < sg.offsets[v + 1]; k++) sources[fill[sg.targets[k]]++] = v;
  }
  return { offsets, sources };
}

/**
 * Each node's layer, and the layers' names.
 *   by 'depth'       layer = depth from the start; nodes the start never
 *                    reaches go in a last layer of their own
 *   by 'remoteness'  layer = moves to the end under perfect play (0: the
 *                    game is over, the retrograde solve's seeds); nodes never
 *                    decided (draws) go in a last layer of their own
 * `final` is the finished answer per state id: { values, remoteness }
 * (values 1 or 2 decided, anything else not).
 * Returns { layer: Int32Array(count), count: layers, names: [string] }.
 */
export function layersOf(sg, by, { depth, final }) {
  const layer = new Int32Array(sg.count);
  let top = -1;
  const key = (v) => {
    if (by === 'depth') return depth[v];
    const s = sg.state[v];
    const o = final.values[s];
    return o === 1 || o === 2 ? final.remoteness[s] : -1;
  };
  for (let v = 0; v < sg.count; v++) top = Math.max(top, key(v));
  let rest = 0;
  for (let v = 0; v < sg.count; v++) {
    const k = key(v);
    if (k < 0) rest++;
    layer[v] = k < 0 ? top + 1 : k;
  }
  const names = [];
  for (let l = 0; l <= top; l++) {
    if (by === 'depth') names.push(l === 0 ? 'the start' : `${l} ${l === 1 ? 'move' : 'moves'} from the start`);
    else names.push(l === 0 ? 'game over (the seeds)' : `${l} ${l === 1 ? 'move' : 'moves'} from the end`);
  }
  if (rest > 0) names.push(by === 'depth' ? 'not reachable from the start' : 'never decided (draws)');
  return { layer, count: names.length, names };
}

/** Spacing between node centres, by how many nodes there are (px at zoom 1). */
export function spacingFor(count) {
  if (count <= 40) return 48;
  if (count <= 200) return 30;
  if (count <= 1200) return 18;
  return 12;
}

const LABEL_H = 18; // a layer's name above its first sub-row
const MARGIN = 12;

/**
 * Positions for every node: { x, y (Float32Array, px at zoom 1), width,
 * height, radius, gap, perRow, rows: [{ layer, name, size, y0, y1, label }],
 * order (nodes in reading order: layer, sub-row, column), rank (node ->
 * index in order), line (node -> visual row index), lines: [{ from, to }]
 * (each visual row's slice of order) }.
 */
export function layoutStateGraph(sg, layers, { perRow = 0 } = {}) {
  const n = sg.count;
  const gap = spacingFor(n);
  const radius = Math.max(3, Math.round(gap * 0.32));
  const wide = perRow > 0 ? perRow : Math.max(6, Math.ceil(Math.sqrt(n * 2)));
  const { layer } = layers;
  const L = layers.count;

  // Nodes by layer (a counting sort: stable, so ties keep the ids' order).
  const start = new Int32Array(L + 1);
  for (let v = 0; v < n; v++) start[layer[v] + 1]++;
  for (let l = 0; l < L; l++) start[l + 1] += start[l];
  const byLayer = new Int32Array(n);
  const fill = start.slice(0, L);
  for (let v = 0; v < n; v++) byLayer[fill[layer[v]]++] = v;

  const rev = reverseEdges(sg);
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  const placed = new Uint8Array(n);
  const rows = [];
  const order = new Int32Array(n);
  const rank = new Int32Array(n);
  const line = new Int32Array(n);
  const lines = [];
  let width = 0;
  let top = MARGIN;
  let at = 0;
  const bary = new Float64Array(n);
  for (let l = 0; l < L; l++) {
    const size = start[l + 1] - start[l];
    const nodes = Array.from(byLayer.subarray(start[l], start[l + 1]));
    if (size === 0) continue;
    // Barycentre: the mean x of the node's neighbours already placed (its
    // parents and children in earlier layers); a node with none keeps its
    // place in id order, spread over the same width.
    const sub = Math.ceil(size / wide);
    const cols = Math.ceil(size / sub);
    nodes.forEach((v, i) => {
      let sum = 0;
      let k = 0;
      for (let e = sg.offsets[v]; e < sg.offsets[v + 1]; e++) {
        const t = sg.targets[e];
        if (placed[t]) {
          sum += x[t];
          k++;
        }
      }
      for (let e = rev.offsets[v]; e < rev.offsets[v + 1]; e++) {
        const t = rev.sources[e];
        if (placed[t]) {
          sum += x[t];
          k++;
        }
      }
      bary[v] = k ? sum / k : MARGIN + ((i + 0.5) / size) * wide * gap;
    });
    nodes.sort((a, b) => bary[a] - bary[b] || a - b);
    const rowWidth = cols * gap;
    const left = MARGIN + Math.max(0, (wide * gap - rowWidth) / 2);
    const y0 = top;
    top += LABEL_H;
    // Column-major: sorted nodes run left to right, each column `sub` deep.
    const lineBase = lines.length;
    for (let r = 0; r < sub; r++) lines.push({ from: 0, to: 0, y: top + (r + 0.5) * gap });
    const perLine = Array.from({ length: sub }, () => []);
    nodes.forEach((v, i) => {
      const c = Math.floor(i / sub);
      const r = i % sub;
      x[v] = left + (c + 0.5) * gap;
      y[v] = top + (r + 0.5) * gap;
      placed[v] = 1;
      perLine[r].push(v);
    });
    for (let r = 0; r < sub; r++) {
      const ln = lines[lineBase + r];
      ln.from = at;
      for (const v of perLine[r]) {
        order[at] = v;
        rank[v] = at;
        line[v] = lineBase + r;
        at++;
      }
      ln.to = at;
    }
    top += sub * gap;
    rows.push({ layer: l, name: layers.names[l], size, y0, y1: top, label: y0 + LABEL_H - 5 });
    top += Math.round(gap * 0.6);
    width = Math.max(width, left + rowWidth + MARGIN);
  }
  width = Math.max(width, MARGIN * 2 + wide * gap);
  return { x, y, width, height: top + MARGIN, radius, gap, perRow: wide, rows, order, rank, line, lines };
}

/** The node under point (px, py) (zoom-1 units), or -1: within the radius plus a margin. */
export function nodeAt(layout, px, py) {
  const reach = Math.max(layout.radius + 3, layout.gap / 2);
  let best = -1;
  let bestD = reach * reach;
  const { x, y } = layout;
  for (let v = 0; v < x.length; v++) {
    const dx = x[v] - px;
    const dy = y[v] - py;
    const d = dx * dx + dy * dy;
    if (d <= bestD) {
      bestD = d;
      best = v;
    }
  }
  return best;
}

/**
 * The node the keyboard moves to from `v`: Left/Right the previous/next in
 * reading order, Up/Down the nearest in x on the row above/below, Home/End
 * the first and last. -1 from nowhere starts at the first node. null: a key
 * that does not move.
 */
export function nextNode(layout, v, key) {
  const n = layout.order.length;
  if (n === 0) return null;
  if (v < 0 || v >= n) return ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(key) ? layout.order[0] : null;
  const i = layout.rank[v];
  switch (key) {
    case 'ArrowLeft':
      return layout.order[Math.max(0, i - 1)];
    case 'ArrowRight':
      return layout.order[Math.min(n - 1, i + 1)];
    case 'Home':
      return layout.order[0];
    case 'End':
      return layout.order[n - 1];
    case 'ArrowUp':
    case 'ArrowDown': {
      const to = layout.line[v] + (key === 'ArrowUp' ? -1 : 1);
      if (to < 0 || to >= layout.lines.length) return v;
      const { from, to: end } = layout.lines[to];
      let best = layout.order[from];
      for (let k = from; k < end; k++) {
        const u = layout.order[k];
        if (Math.abs(layout.x[u] - layout.x[v]) < Math.abs(layout.x[best] - layout.x[v])) best = u;
      }
      return best;
    }
    default:
      return null;
  }
}

/**
 * How state s looks at the cursor: 'mouse' / 'cat' (decided: the first or
 * the second player wins), 'draw' (never decided, the trace done),
 * 'undecided', or 'invalid'.
 */
export function lookOf(values, s, zeroIsDraw) {
  const v = values[s];
  if (v === 0) return zeroIsDraw ? 'draw' : 'undecided';
  if (v === 0xff) return 'undecided';
  return outcomeInfo(v).key;
}

/**
 * The queue's frontier at the cursor: the states decided but not yet taken
 * from the queue (retro-model.js: queue slots head .. tail - 1). A model
 * without a queue has none.
 */
export function frontierOf(model) {
  const out = [];
  if (!model || typeof model.queueAt !== 'function') return out;
  for (let j = model.head; j < model.tail; j++) out.push(model.queueAt(j));
  return out;
}

/** The nodes a state graph's edges of `v` reach and come from: { children, parents } as node lists. */
export function edgesOf(sg, rev, v) {
  const children = Array.from(sg.targets.subarray(sg.offsets[v], sg.offsets[v + 1]));
  const parents = Array.from(rev.sources.subarray(rev.offsets[v], rev.offsets[v + 1]));
  return { children, parents };
}
