// graph-layout.js: where the nodes of a Cat and Mouse graph sit on the board.
// No Preact here. Deterministic: the same graph always gets the same picture.
//
// Stress majorization (Gansner, Koren and North, 2004): place the nodes so
// that their distances on the page match their distances in the graph
// (shortest paths), nearby pairs weighted most (w = d^-2). Each sweep moves
// every node to the weighted average of where each other node "wants" it;
// the stress never rises. Starts from a circle in node order, so nothing
// random is involved. Pairs in different components are kept apart at
// (longest distance + 1).
//
// Positions come back in the unit square, as Float64Array [x0, y0, x1, y1, ...].

export const MAX_LAYOUT_NODES = 200; // above this the board is not drawn
const SWEEPS = 120;
const MARGIN = 0.06;

/** Shortest-path distances from every node (BFS), as an n x n Int32Array (-1: unreachable). */
export function graphDistances({ n, offsets, adjacency }) {
  const dist = new Int32Array(n * n).fill(-1);
  const queue = new Int32Array(n);
  for (let src = 0; src < n; src++) {
    const row = src * n;
    dist[row + src] = 0;
    let head = 0;
    let tail = 0;
    queue[tail++] = src;
    while (head < tail) {
      const v = queue[head++];
      const dv = dist[row + v];
      for (let k = offsets[v]; k < offsets[v + 1]; k++) {
        const w = adjacency[k];
        if (dist[row + w] < 0) {
          dist[row + w] = dv + 1;
          queue[tail++] = w;
        }
      }
    }
  }
  return dist;
}

/** Nodes evenly on a circle, node 0 at the top, clockwise. */
export function circleLayout(n) {
  const pos = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / Math.max(1, n) - Math.PI / 2;
    pos[2 * i] = 0.5 + 0.5 * Math.cos(a);
    pos[2 * i + 1] = 0.5 + 0.5 * Math.sin(a);
  }
  return fitUnit(pos);
}

/** The board layout of a graph: stress majorization up to MAX_LAYOUT_NODES, else a circle. */
export function layoutGraph(graph, { sweeps = SWEEPS } = {}) {
  const { n } = graph;
  if (n > MAX_LAYOUT_NODES || n < 3) return circleLayout(n);
  const raw = graphDistances(graph);
  let longest = 1;
  for (const d of raw) if (d > longest) longest = d;
  const d = new Float64Array(n * n);
  const w = new Float64Array(n * n);
  for (let i = 0; i < n * n; i++) {
    d[i] = raw[i] < 0 ? longest + 1 : raw[i];
    w[i] = d[i] > 0 ? 1 / (d[i] * d[i]) : 0;
  }
  // Start: a circle whose size suits the distances.
  const pos = circleLayout(n);
  const scale = Math.max(1, longest) * 0.8;
  for (let i = 0; i < 2 * n; i++) pos[i] = (pos[i] - 0.5) * scale;
  for (let sweep = 0; sweep < sweeps; sweep++) {
    for (let i = 0; i < n; i++) {
      const xi = pos[2 * i];
      const yi = pos[2 * i + 1];
      let sx = 0;
      let sy = 0;
      let sw = 0;
      for (let j = 0; j < n; j++) {
        if (j === i) continue;
        const wij = w[i * n + j];
        const dx = xi - pos[2 * j];
        const dy = yi - pos[2 * j + 1];
        let len = Math.sqrt(dx * dx + dy * dy);
        // Coincident nodes: push apart along a fixed direction per pair.
        let ux;
        let uy;
        if (len < 1e-9) {
          const a = ((i * 7919 + j * 104729) % 360) * (Math.PI / 180);
          ux = Math.cos(a);
          uy = Math.sin(a);
          len = 1;
        } else {
          ux = dx / len;
          uy = dy / len;
        }
        const dij = d[i * n + j];
        sx += wij * (pos[2 * j] + dij * ux);
        sy += wij * (pos[2 * j + 1] + dij * uy);
        sw += wij;
      }
      if (sw > 0) {
        pos[2 * i] = sx / sw;
        pos[2 * i + 1] = sy / sw;
      }
    }
  }
  return fitUnit(orient(pos, n));
}

/** Turns the picture so node 0 (the hole) is at the top: the same graph, the same view. */
function orient(pos, n) {
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < n; i++) {
    cx += pos[2 * i];
    cy += pos[2 * i + 1];
  }
  cx /= n;
  cy /= n;
  const dx = pos[0] - cx;
  const dy = pos[1] - cy;
  if (dx * dx + dy * dy < 1e-12) return pos;
  const angle = -Math.PI / 2 - Math.atan2(dy, dx);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // Then mirror so node 1 is on the left of node 2, when they differ in x.
  const out = new Float64Array(pos.length);
  for (let i = 0; i < n; i++) {
    const x = pos[2 * i] - cx;
    const y = pos[2 * i + 1] - cy;
    out[2 * i] = x * cos - y * sin;
    out[2 * i + 1] = x * sin + y * cos;
  }
  if (n > 2 && out[2] > out[4]) for (let i = 0; i < n; i++) out[2 * i] = -out[2 * i];
  return out;
}

/** Scales and centres positions into [MARGIN, 1 - MARGIN], keeping the aspect ratio. */
export function fitUnit(pos) {
  const n = pos.length >> 1;
  if (n === 0) return pos;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    minX = Math.min(minX, pos[2 * i]);
    maxX = Math.max(maxX, pos[2 * i]);
    minY = Math.min(minY, pos[2 * i + 1]);
    maxY = Math.max(maxY, pos[2 * i + 1]);
  }
  const span = Math.max(maxX - minX, maxY - minY, 1e-9);
  const k = (1 - 2 * MARGIN) / span;
  const ox = MARGIN + (1 - 2 * MARGIN - (maxX - minX) * k) / 2;
  const oy = MARGIN + (1 - 2 * MARGIN - (maxY - minY) * k) / 2;
  const out = new Float64Array(pos.length);
  for (let i = 0; i < n; i++) {
    out[2 * i] = ox + (pos[2 * i] - minX) * k;
    out[2 * i + 1] = oy + (pos[2 * i + 1] - minY) * k;
  }
  return out;
}

/** The node within `radius` of (x, y), nearest first, or -1. */
export function nodeAt(pos, x, y, radius) {
  let best = -1;
  let bestD = radius * radius;
  for (let i = 0; i < pos.length >> 1; i++) {
    const dx = pos[2 * i] - x;
    const dy = pos[2 * i + 1] - y;
    const dd = dx * dx + dy * dy;
    if (dd <= bestD) {
      bestD = dd;
      best = i;
    }
  }
  return best;
}

/** The edge [u, v] (u < v) within `radius` of (x, y), nearest first, or null. */
export function edgeAt(graph, pos, x, y, radius) {
  const { n, offsets, adjacency } = graph;
  let best = null;
  let bestD = radius * radius;
  for (let u = 0; u < n; u++) {
    for (let k = offsets[u]; k < offsets[u + 1]; k++) {
      const v = adjacency[k];
      if (v <= u) continue;
      const dd = segmentDistance2(x, y, pos[2 * u], pos[2 * u + 1], pos[2 * v], pos[2 * v + 1]);
      if (dd <= bestD) {
        bestD = dd;
        best = [u, v];
      }
    }
  }
  return best;
}

function segmentDistance2(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0;
  const qx = ax + t * dx - px;
  const qy = ay + t * dy - py;
  return qx * qx + qy * qy;
}

/** Stress of a layout against graph distances (lower is better), for tests. */
export function layoutStress(graph, pos) {
  const { n } = graph;
  const raw = graphDistances(graph);
  // Compare shapes, not sizes: the best uniform scale first.
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dij = raw[i * n + j];
      if (dij <= 0) continue;
      const e = Math.hypot(pos[2 * i] - pos[2 * j], pos[2 * i + 1] - pos[2 * j + 1]);
      num += e / dij;
      den += (e * e) / (dij * dij);
    }
  }
  const k = den > 0 ? num / den : 1;
  let stress = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dij = raw[i * n + j];
      if (dij <= 0) continue;
      const e = k * Math.hypot(pos[2 * i] - pos[2 * j], pos[2 * i + 1] - pos[2 * j + 1]);
      stress += ((e - dij) * (e - dij)) / (dij * dij);
    }
  }
  return stress;
}
