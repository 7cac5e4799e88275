// tree-text.js: edits to a typed tree's text (nested lists of leaf values).
// Its leaves, in preorder, are its integers in reading order. No Preact.

const INTEGER = /-?\d+/g;

/** Whether text is a typed tree (not a random tree's parameters). */
export const isTypedTree = (text) => /^\s*(tree\s*=\s*)?\[/.test(text ?? '');

/** The text with its k-th leaf (0-based, preorder) set to value; null if there is none. */
export function setLeaf(text, k, value) {
  if (!isTypedTree(text) || !Number.isSafeInteger(value)) return null;
  let seen = -1;
  let found = false;
  const out = text.replace(INTEGER, (m) => {
    seen++;
    if (seen !== k) return m;
    found = true;
    return String(value);
  });
  return found ? out : null;
}

/** The preorder index among the leaves of layout node u (a leaf). */
export function leafIndex(layout, u) {
  let k = 0;
  for (let v = 0; v < u; v++) if (layout.moves[v] === 0) k++;
  return k;
}
