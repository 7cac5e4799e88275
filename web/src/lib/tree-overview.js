// tree-overview.js: the searched tree (every visit of the trace) laid out
// and painted on a canvas, for trees too large to draw as SVG. No Preact.
//
// Visits are numbered in the search's preorder, so a parent's id is below
// its children's and a subtree's ids are contiguous: one pass up the ids
// gives depths and leaf columns (leaves left to right in preorder), one pass
// down places each inner node midway between its first and last child.
// Linear in the visits; painting is linear too, so a million visits draw in
// tens of milliseconds and 100,000 in a few.

/** { x (column), depth, width (columns), maxDepth } of the model's visits. */
export function overviewLayout(model) {
  const n = model.ids;
  const parent = model.parent;
  const first = new Int32Array(n).fill(-1);
  const last = new Int32Array(n).fill(-1);
  const depth = new Int32Array(n);
  let maxDepth = 0;
  for (let v = 1; v < n; v++) {
    const p = parent[v];
    if (p < 0) continue; // never reached (a truncated trace)
    if (first[p] < 0) first[p] = v;
    last[p] = v;
    depth[v] = depth[p] + 1;
    if (depth[v] > maxDepth) maxDepth = depth[v];
  }
  const x = new Float32Array(n);
  let width = 0;
  for (let v = 0; v < n; v++) if (first[v] < 0 && (v === 0 || parent[v] >= 0)) x[v] = width++;
  for (let v = n - 1; v >= 0; v--) if (first[v] >= 0) x[v] = (x[first[v]] + x[last[v]]) / 2;
  return { x, depth, width: Math.max(1, width), maxDepth };
}

/**
 * Paints the visits reached by `cursor` events onto `ctx` (css pixels w x h):
 * edges (when there are few enough), settled nodes, open ones, cut-offs, and
 * the path to the current node on top. `colors` from the theme's variables.
 * Returns the number of visits painted.
 */
export function paintOverview(ctx, model, layout, cursor, w, h, colors) {
  const n = model.ids;
  const { x, depth, width, maxDepth } = layout;
  const pad = 6;
  const sx = (w - 2 * pad) / Math.max(1, width - 1 || 1);
  const row = (h - 2 * pad) / Math.max(1, maxDepth);
  const X = (v) => pad + (width === 1 ? (w - 2 * pad) / 2 : x[v] * sx);
  const Y = (v) => pad + depth[v] * row;
  ctx.clearRect(0, 0, w, h);
  const born = model.bornAt;
  const edges = n <= 200_000;
  if (edges) {
    ctx.strokeStyle = colors.edge;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let v = 1; v < n; v++) {
      if (born[v] >= cursor || model.parent[v] < 0) continue;
      const p = model.parent[v];
      ctx.moveTo(X(p), Y(p));
      ctx.lineTo(X(v), Y(v));
    }
    ctx.stroke();
  }
  let painted = 0;
  const dot = Math.max(1.5, Math.min(4, sx * 0.8));
  ctx.fillStyle = colors.node;
  for (let v = 0; v < n; v++) {
    if (born[v] >= cursor && v !== 0) continue;
    painted++;
    if (model.open[v]) continue; // painted below, in the accent colour
    ctx.fillRect(X(v) - dot / 2, Y(v) - dot / 2, dot, dot);
  }
  ctx.fillStyle = colors.open;
  for (let v = 0; v < n; v++) {
    if ((born[v] < cursor || v === 0) && model.open[v]) ctx.fillRect(X(v) - dot, Y(v) - dot, dot * 2, dot * 2);
  }
  // Cut-offs: a short bar under each node whose remaining moves were cut.
  ctx.fillStyle = colors.cut;
  for (let v = 0; v < n; v++) {
    if (model.cut[v] >= 0 && model.cut[v] < cursor) ctx.fillRect(X(v) - 4, Y(v) + dot, 8, 2);
  }
  // The path to the current node.
  const current = model.nodeAt(cursor - 1);
  if (current >= 0) {
    const path = model.pathTo(current);
    ctx.strokeStyle = colors.path;
    ctx.lineWidth = 2;
    ctx.beginPath();
    path.forEach((v, i) => (i ? ctx.lineTo(X(v), Y(v)) : ctx.moveTo(X(v), Y(v))));
    ctx.stroke();
    ctx.fillStyle = colors.path;
    ctx.fillRect(X(current) - 3, Y(current) - 3, 6, 6);
  }
  return painted;
}
