// tree-shape.js: whether a typed or random tree is uniform (for Knuth and Moore's bound). No Preact.

/** A uniform tree's (branching, depth) from its layout or its random text, else null. */
export function uniformShape(result) {
  const m = /branching\s*=\s*(\d+)\s*,\s*depth\s*=\s*(\d+)/.exec(result.input ?? '');
  if (result.game === 'tree' && m) return { b: Number(m[1]), d: Number(m[2]) };
  const L = result.layout;
  if (result.game !== 'tree' || !L || L.n < 2) return null;
  const depth = new Int32Array(L.n);
  let b = -1;
  let d = -1;
  for (let u = 0; u < L.n; u++) {
    if (u > 0) depth[u] = depth[L.parent[u]] + 1;
    if (L.moves[u] > 0) {
      if (b < 0) b = L.moves[u];
      else if (b !== L.moves[u]) return null;
    } else if (d < 0) d = depth[u];
    else if (d !== depth[u]) return null;
  }
  return { b, d };
}
