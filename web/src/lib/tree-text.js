// tree-text.js: edits to a typed tree's text (nested lists of leaf values).
// Its leaves, in preorder, are its integers in reading order. No Preact.
//
// Structural edits work on spans of the text, so everything outside the
// edited list (the `tree = ` prefix, spacing, line breaks) stays as typed:
//
//   tree = [[3,12,8],[2,4,6]]        node 0 spans [7, 26)
//          ^^^^^^^^^^ node 1          node 2 spans [9, 10): the leaf 3
// Node numbers are preorder, the same numbers as the page's layout (c/games/game_tree.c).

const INTEGER = /-?\d+/g;

/** A leaf's value when a child is added (a new leaf, or the second leaf of a former leaf). */
export const NEW_LEAF = 0;

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

/**
 * The nodes of a typed tree in preorder: { start, end, parent, kids } with
 * [start, end) its span in text (a list's brackets included); null when the
 * text is not a well-formed tree (the solver words those errors, not this).
 */
export function treeSpans(text) {
  if (!isTypedTree(text)) return null;
  const nodes = [];
  let i = text.indexOf('[');
  const stack = [];
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const open = (start) => {
    const parent = stack.length ? stack[stack.length - 1] : -1;
    const id = nodes.push({ start, end: -1, parent, kids: [] }) - 1;
    if (parent >= 0) nodes[parent].kids.push(id);
    return id;
  };
  // Each round reads one item (a list opening or an integer), then what follows it.
  for (;;) {
    skipSpace();
    if (text[i] === '[') {
      stack.push(open(i));
      i++;
      skipSpace();
      if (text[i] === ']') return null; // an empty list is not a node
      continue;
    }
    const m = /^-?\d+/.exec(text.slice(i));
    if (!m || !stack.length) return null;
    nodes[open(i)].end = i + m[0].length;
    i += m[0].length;
    // Close every list that ends here; a comma starts the next item.
    for (;;) {
      skipSpace();
      if (text[i] === ',') {
        i++;
        break;
      }
      if (text[i] !== ']' || !stack.length) return null;
      nodes[stack.pop()].end = ++i;
      if (!stack.length) {
        skipSpace();
        return i === text.length ? nodes : null;
      }
    }
  }
}

const splice = (text, start, end, insert) => text.slice(0, start) + insert + text.slice(end);

/** The text between two neighbouring children of a list (", " or ","), as typed. */
function separator(text, nodes, p) {
  const [a, b] = nodes[p].kids;
  return b === undefined ? ',' : text.slice(nodes[a].end, nodes[b].start);
}

/**
 * Adds a child to node u: a list gets a new last leaf; a leaf becomes a
 * list of two leaves, its own value first. Null when u is not a node.
 */
export function addChild(text, u) {
  const nodes = treeSpans(text);
  const nd = nodes?.[u];
  if (!nd) return null;
  if (nd.kids.length) return splice(text, nd.end - 1, nd.end - 1, `${separator(text, nodes, u)}${NEW_LEAF}`);
  return splice(text, nd.start, nd.end, `[${text.slice(nd.start, nd.end)},${NEW_LEAF}]`);
}

/** Whether node u can be deleted: not the root, nor the only child of its list. */
export function canDelete(nodes, u) {
  const nd = nodes?.[u];
  return Boolean(nd) && nd.parent >= 0 && nodes[nd.parent].kids.length > 1;
}

/** Deletes node u and its subtree (with one separator); null when it cannot be. */
export function deleteNode(text, u) {
  const nodes = treeSpans(text);
  if (!canDelete(nodes, u)) return null;
  const siblings = nodes[nodes[u].parent].kids;
  const k = siblings.indexOf(u);
  // The separator before it, or after it when it is the first child.
  const start = k > 0 ? nodes[siblings[k - 1]].end : nodes[u].start;
  const end = k > 0 ? nodes[u].end : nodes[siblings[1]].start;
  return splice(text, start, end, '');
}

/** Node u's place among its siblings and their count; null for the root. */
export function siblingPlace(nodes, u) {
  const nd = nodes?.[u];
  if (!nd || nd.parent < 0) return null;
  const kids = nodes[nd.parent].kids;
  return { index: kids.indexOf(u), count: kids.length };
}

/**
 * Moves node u (with its subtree) to place `to` among its siblings (0-based,
 * counted after taking it out). Each child keeps its own text; the
 * separators stay where they were. Null when u has no siblings' list or
 * `to` is out of range.
 */
export function moveChild(text, u, to) {
  const nodes = treeSpans(text);
  const place = siblingPlace(nodes, u);
  if (!place || !Number.isInteger(to) || to < 0 || to >= place.count) return null;
  const kids = nodes[nodes[u].parent].kids;
  const order = kids.filter((v) => v !== u);
  order.splice(to, 0, u);
  let out = '';
  let at = nodes[kids[0]].start;
  const head = text.slice(0, at);
  kids.forEach((slot, k) => {
    const moved = nodes[order[k]];
    out += text.slice(at, nodes[slot].start) + text.slice(moved.start, moved.end);
    at = nodes[slot].end;
  });
  return head + out + text.slice(at);
}

/** The preorder number node u gets after moveChild(text, u, to) (its subtree's root). */
export function movedNumber(text, u, to) {
  const next = moveChild(text, u, to);
  if (next === null) return -1;
  const before = treeSpans(text);
  const parent = before[u].parent;
  return treeSpans(next)[parent].kids[to];
}
