// tree-layout.js: a tidy layout of an ordered tree, in slot units. No Preact.
// Leaves (and collapsed nodes) take consecutive columns left to right; an
// inner node sits midway between its first and last child; depth is the row.
// Children of a collapsed node are not placed (x = NaN).

/** Places the nodes of `layout` (preorder, with kids from layoutChildren). */
export function tidyLayout(layout, kids, collapsed) {
  const n = layout.n;
  const x = new Float64Array(n).fill(NaN);
  const depth = new Int32Array(n);
  const visible = [];
  let slot = 0;
  let maxDepth = 0;
  // Iterative postorder: a stack of (node, next child index).
  const stack = [0];
  const next = [kids.first[0]];
  depth[0] = 0;
  visible.push(0);
  while (stack.length) {
    const u = stack[stack.length - 1];
    const k = next[next.length - 1];
    const leafLike = kids.first[u] === kids.first[u + 1] || collapsed[u];
    if (leafLike) {
      x[u] = slot++;
      stack.pop();
      next.pop();
      continue;
    }
    if (k < kids.first[u + 1]) {
      next[next.length - 1] = k + 1;
      const v = kids.list[k];
      depth[v] = depth[u] + 1;
      if (depth[v] > maxDepth) maxDepth = depth[v];
      visible.push(v);
      stack.push(v);
      next.push(kids.first[v]);
      continue;
    }
    x[u] = (x[kids.list[kids.first[u]]] + x[kids.list[kids.first[u + 1] - 1]]) / 2;
    stack.pop();
    next.pop();
  }
  return { x, depth, visible, width: slot, maxDepth };
}

/** Sizes of every subtree (nodes), from a preorder parent array. */
export function subtreeSizes(layout) {
  const size = new Int32Array(layout.n).fill(1);
  for (let v = layout.n - 1; v > 0; v--) size[layout.parent[v]] += size[v];
  return size;
}
