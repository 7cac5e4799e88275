// Editing a typed tree's text by clicking (lib/tree-text.js): each edit is
// checked against the same edit made on the parsed nested arrays, on the
// textbook tree and on random trees typed with random spacing, and the
// edited text is searched by the real WASM to make sure the solver reads it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bindTree } from '../../web/src/engine/binding-tree.js';
import { NEW_LEAF, addChild, canDelete, deleteNode, moveChild, movedNumber, siblingPlace, treeSpans } from '../../web/src/lib/tree-text.js';
import { sharedEngine } from './helpers/engine.mjs';

const tree = bindTree((await sharedEngine()).kit);
const TEXTBOOK = 'tree = [[3, 12, 8], [2,4,6],\n  [14,5,2]]';

/** The tree a text holds, as nested arrays (its `tree = ` prefix dropped). */
const parse = (text) => JSON.parse(text.replace(/^\s*tree\s*=\s*/, ''));

/** Preorder list of [holder array, index] for every node but the root. */
function places(root) {
  const out = [null];
  const walk = (a) => {
    a.forEach((x, i) => {
      out.push([a, i]);
      if (Array.isArray(x)) walk(x);
    });
  };
  if (Array.isArray(root)) walk(root);
  return out;
}

/** A random tree typed with random spacing and an optional prefix; returns [text, arrays]. */
function randomTree(rand, depth = 0) {
  const leaf = depth >= 3 || rand() < 0.35;
  if (leaf && depth > 0) {
    const v = Math.floor(rand() * 41) - 20;
    return [String(v), v];
  }
  const n = 1 + Math.floor(rand() * 4);
  const kids = Array.from({ length: n }, () => randomTree(rand, depth + 1));
  const sep = [',', ', ', ' ,', ',\n '][Math.floor(rand() * 4)];
  return [`[${kids.map((k) => k[0]).join(sep)}]`, kids.map((k) => k[1])];
}

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

test('spans: preorder numbers match the solver layout, text outside the tree is kept', () => {
  const nodes = treeSpans(TEXTBOOK);
  const { layout } = tree.solveTree('tree', TEXTBOOK);
  assert.equal(nodes.length, layout.n);
  nodes.forEach((nd, u) => {
    assert.equal(nd.parent, layout.parent[u], `parent of ${u}`);
    assert.equal(nd.kids.length, layout.moves[u], `children of ${u}`);
    if (!nd.kids.length) assert.equal(Number(TEXTBOOK.slice(nd.start, nd.end)), layout.value[u]);
  });
  for (const bad of ['[]', '[1,]', '[1]]', '[[1],2] x', '[1 2]', 'branching = 2, depth = 2, lo = 0, hi = 9, seed = 1', '[[1],[]]']) {
    assert.equal(treeSpans(bad), null, bad);
  }
});

test('the textbook edits, as a person would make them', () => {
  assert.equal(addChild(TEXTBOOK, 0), 'tree = [[3, 12, 8], [2,4,6],\n  [14,5,2], 0]');
  assert.equal(addChild(TEXTBOOK, 1), 'tree = [[3, 12, 8, 0], [2,4,6],\n  [14,5,2]]');
  assert.equal(addChild(TEXTBOOK, 3), `tree = [[3, [12,${NEW_LEAF}], 8], [2,4,6],\n  [14,5,2]]`);
  assert.equal(deleteNode(TEXTBOOK, 1), 'tree = [[2,4,6],\n  [14,5,2]]');
  assert.equal(deleteNode(TEXTBOOK, 4), 'tree = [[3, 12], [2,4,6],\n  [14,5,2]]');
  assert.equal(deleteNode(TEXTBOOK, 0), null, 'the root stays');
  assert.equal(moveChild(TEXTBOOK, 9, 0), 'tree = [[14,5,2], [3, 12, 8],\n  [2,4,6]]');
  assert.equal(moveChild(TEXTBOOK, 2, 2), 'tree = [[12, 8, 3], [2,4,6],\n  [14,5,2]]');
  assert.equal(moveChild(TEXTBOOK, 2, 3), null, 'past the last place');
  assert.equal(moveChild(TEXTBOOK, 0, 0), null, 'the root has no siblings');
  assert.equal(movedNumber(TEXTBOOK, 9, 0), 1);
  assert.deepEqual(siblingPlace(treeSpans(TEXTBOOK), 7), { index: 1, count: 3 });
  const small = treeSpans('[[1],2]');
  assert.equal(canDelete(small, 3), true);
  assert.equal(deleteNode('[[1],2]', 3), '[[1]]');
  assert.equal(deleteNode('[[1],2]', 1), '[2]');
  assert.equal(canDelete(small, 2), false, 'the only child of its list');
  assert.equal(deleteNode('[[1],2]', 2), null);
});

test('500 random trees: every edit equals the same edit on the arrays, and the solver reads it', () => {
  const rand = rng(4);
  for (let round = 0; round < 500; round++) {
    const [body, arrays] = randomTree(rand);
    const text = rand() < 0.5 ? `tree = ${body}` : body;
    const nodes = treeSpans(text);
    assert.ok(nodes, text);
    const n = nodes.length;
    const u = Math.floor(rand() * n);
    const want = structuredClone(arrays);
    const at = places(want)[u];
    const edit = Math.floor(rand() * 3);
    let got;
    if (edit === 0) {
      got = addChild(text, u);
      if (u === 0) want.push(NEW_LEAF);
      else if (Array.isArray(at[0][at[1]])) at[0][at[1]].push(NEW_LEAF);
      else at[0][at[1]] = [at[0][at[1]], NEW_LEAF];
      assert.deepEqual(parse(got), want, `add under ${u} of ${text}`);
    } else if (edit === 1) {
      got = deleteNode(text, u);
      if (!canDelete(nodes, u)) {
        assert.equal(got, null);
        assert.ok(u === 0 || at[0].length === 1);
        continue;
      }
      at[0].splice(at[1], 1);
      assert.deepEqual(parse(got), want, `delete ${u} of ${text}`);
    } else {
      const place = siblingPlace(nodes, u);
      if (!place) continue;
      const to = Math.floor(rand() * place.count);
      got = moveChild(text, u, to);
      const [moved] = at[0].splice(at[1], 1);
      at[0].splice(to, 0, moved);
      assert.deepEqual(parse(got), want, `move ${u} to ${to} of ${text}`);
      const v = movedNumber(text, u, to);
      assert.equal(got.slice(treeSpans(got)[v].start, treeSpans(got)[v].end), text.slice(nodes[u].start, nodes[u].end));
    }
    if (round % 10 === 0) {
      const r = tree.solveTree('tree', got, { algo: 'minimax' });
      assert.equal(r.layout.n, treeSpans(got).length);
    }
  }
});
