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

/**
 * Up to this many states and moves a graph is drawn in detail: circles and
 * squares, every move a line (draw-state-graph.js).
 */
export const NODE_LIMIT = 6000;
export const EDGE_LIMIT = 40_000;
/**
 * Beyond, up to these, one point a state (draw-points.js, WebGL or a canvas
 * of pixels) and only the selected state's moves; beyond these, the layer
 * histogram. The layout's arrays take about 40 bytes a state.
 */
export const POINT_LIMIT = 4_200_000;
export const POINT_EDGE_LIMIT = 48_000_000;

/** Whether a state graph is small enough to draw with every move (detail). */
export function detailed(sg) {
  return Boolean(sg?.targets) && sg.count <= NODE_LIMIT && sg.targets.length <= EDGE_LIMIT;
}

/** Whether a state graph is drawn node by node at all (in detail, or as points). */
export function drawable(sg) {
  return Boolean(sg?.targets) && sg.count <= POINT_LIMIT && sg.targets.length <= POINT_EDGE_LIMIT;
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
  const { count, offsets: out, targets } = sg;
  const offsets = new Int32Array(count + 1);
  for (let k = 0; k < targets.length; k++) offsets[targets[k] + 1]++;
  for (let v = 0; v < count; v++) offsets[v + 1] += offsets[v];
  const fill = offsets.slice(0, count);
  const sources = new Int32Array(targets.length);
  for (let v = 0; v < count; v++) {
    for (let k = out[v]; k < out[v + 1]; k++) sources[fill[targets[k]]++] = v;
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
const BARY_MAX = 32; // neighbours a node's barycentre looks at, each way
const MARGIN = 12;

/**
 * Positions for every node: { x, y (Float32Array, px at zoom 1), width,
 * height, radius, gap, perRow, rows: [{ layer, name, size, y0, y1, label }],
 * order (nodes in reading order: layer, sub-row, column), rank (node ->
 * index in order), line (node -> visual row index), lines: [{ from, to }]
 * (each visual row's slice of order) }. `rev`: the reverse edges if already
 * built (reverseEdges).
 */
export function layoutStateGraph(sg, layers, { perRow = 0, rev = null } = {}) {
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

  const { offsets, targets } = sg;
  const { offsets: roff, sources } = rev ?? reverseEdges(sg);
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
  // Sort keys: a node's barycentre in 1/256 px, times 2^23, plus its place
  // in the layer (id order), so one numeric sort of doubles (exact below
  // 2^53) orders a layer of millions without a comparator.
  const keys = new Float64Array(n);
  const SPREAD = 2 ** 23;
  for (let l = 0; l < L; l++) {
    const size = start[l + 1] - start[l];
    if (size === 0) continue;
    const nodes = byLayer.subarray(start[l], start[l + 1]);
    // Barycentre: the mean x of the node's neighbours already placed (its
    // parents and children in earlier layers, the first BARY_MAX each way,
    // so a dense graph's millions of moves cost no more than a sparse
    // one's); a node with none keeps its place in id order, spread over
    // the same width.
    const sub = Math.ceil(size / wide);
    const cols = Math.ceil(size / sub);
    const key = keys.subarray(0, size);
    for (let i = 0; i < size; i++) {
      const v = nodes[i];
      let sum = 0;
      let k = 0;
      for (let e = offsets[v], end = Math.min(offsets[v + 1], offsets[v] + BARY_MAX); e < end; e++) {
        const t = targets[e];
        if (placed[t]) {
          sum += x[t];
          k++;
        }
      }
      for (let e = roff[v], end = Math.min(roff[v + 1], roff[v] + BARY_MAX); e < end; e++) {
        const t = sources[e];
        if (placed[t]) {
          sum += x[t];
          k++;
        }
      }
      const bary = k ? sum / k : MARGIN + ((i + 0.5) / size) * wide * gap;
      key[i] = Math.round(bary * 256) * SPREAD + i;
    }
    key.sort();
    const rowWidth = cols * gap;
    const left = MARGIN + Math.max(0, (wide * gap - rowWidth) / 2);
    const y0 = top;
    top += LABEL_H;
    // Column-major: sorted nodes run left to right, each column `sub` deep,
    // so visual row r of the layer holds sorted places r, r + sub, ...
    for (let r = 0; r < sub; r++) {
      const from = at;
      const ly = top + (r + 0.5) * gap;
      for (let i = r; i < size; i += sub) {
        const v = nodes[key[i] % SPREAD];
        x[v] = left + (Math.floor(i / sub) + 0.5) * gap;
        y[v] = ly;
        order[at] = v;
        rank[v] = at;
        line[v] = lines.length;
        at++;
      }
      lines.push({ from, to: at, y: ly });
    }
    for (let i = 0; i < size; i++) placed[nodes[i]] = 1;
    top += sub * gap;
    rows.push({ layer: l, name: layers.names[l], size, y0, y1: top, label: y0 + LABEL_H - 5 });
    top += Math.round(gap * 0.6);
    width = Math.max(width, left + rowWidth + MARGIN);
  }
  width = Math.max(width, MARGIN * 2 + wide * gap);
  return { x, y, width, height: top + MARGIN, radius, gap, perRow: wide, rows, order, rank, line, lines };
}

/** The first visual row (layout.lines) whose centre is at or below y - reach. */
function firstLine(layout, y) {
  const { lines } = layout;
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (lines[mid].y < y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The nodes in reading order (layout.order) from rank `from` to `to`
 * (exclusive) whose rows cross the band [y0, y1] (zoom-1 units): the
 * layout is a stack of rows, so what a view shows is one slice of ranks.
 */
export function ranksIn(layout, y0, y1) {
  const { lines } = layout;
  const a = firstLine(layout, y0);
  let b = a;
  while (b < lines.length && lines[b].y <= y1) b++;
  if (a >= b) return { from: 0, to: 0 };
  return { from: lines[a].from, to: lines[b - 1].to };
}

/**
 * The node under point (px, py) (zoom-1 units), or -1: within `reach` (by
 * default the radius plus a margin). The rows are the spatial index: a
 * binary search finds the rows within reach, and in each row (sorted by x)
 * another finds the nearest node, so a pick costs O(log n) at any size.
 */
export function nodeAt(layout, px, py, reach = Math.max(layout.radius + 3, layout.gap / 2)) {
  const { x, y, lines, order } = layout;
  let best = -1;
  let bestD = reach * reach;
  for (let l = firstLine(layout, py - reach); l < lines.length && lines[l].y <= py + reach; l++) {
    const { from, to } = lines[l];
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (x[order[mid]] < px) lo = mid + 1;
      else hi = mid;
    }
    for (const k of [lo - 1, lo]) {
      if (k < from || k >= to) continue;
      const v = order[k];
      const dx = x[v] - px;
      const dy = y[v] - py;
      const d = dx * dx + dy * dy;
      if (d <= bestD && (d < bestD || best < 0 || v < best)) {
        bestD = d;
        best = v;
      }
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
 * How state s looks at the cursor: 'win0' / 'win1' (decided: player 0 or
 * player 1 wins), 'draw' (never decided, the trace done),
 * 'undecided', or 'invalid'.
 */
export function lookOf(values, s, zeroIsDraw) {
  const v = values[s];
  if (v === 0) return zeroIsDraw ? 'draw' : 'undecided';
  if (v === 0xff) return 'undecided';
  return v === 1 ? 'win0' : v === 2 ? 'win1' : 'invalid';
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

/** A state graph from its arrays: `node` looks a state id up in `nodeOf`. */
export function stateGraphOfArrays({ count, state, nodeOf, offsets, targets, start }) {
  const nstates = nodeOf.length;
  return { count, state, node: (s) => (s >= 0 && s < nstates ? nodeOf[s] : -1), offsets, targets, start };
}
