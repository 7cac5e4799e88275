// The tree player's model and layout (no Preact): forward and back give the
// same picture, cut-offs skip the right layout nodes, the layout is tidy.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bindTree } from '../../web/src/engine/binding-tree.js';
import { createPlayer } from '../../web/src/player/player.js';
import { buildTreeModel, layoutChildren } from '../../web/src/player/tree-model.js';
import { tidyLayout, subtreeSizes } from '../../web/src/lib/tree-layout.js';
import { uniformShape } from '../../web/src/lib/tree-shape.js';
import { boardAt, emptyCell, playMoves, readBoard } from '../../web/src/lib/ttt.js';
import { sharedEngine } from './helpers/engine.mjs';

const tree = bindTree((await sharedEngine()).kit);
const TEXTBOOK = '[[3,12,8],[2,4,6],[14,5,2]]';
const solve = (input, options = {}) => tree.solveTree('tree', input, { traceCap: 1 << 20, ...options });

/** Every dynamic field of the model, as plain arrays. */
const snapshot = (m) => [m.alpha, m.beta, m.best, m.value, m.bound, m.known, m.open, m.cut].map((a) => [...a]);

test('the textbook cut-offs: the first skips layout nodes 7 and 8, the second nothing', () => {
  const m = buildTreeModel(solve(TEXTBOOK));
  assert.deepEqual([...m.markers], [22, 39]);
  assert.deepEqual(m.skippedAt(22), [7, 8]);
  assert.deepEqual(m.skippedAt(39), []);
  assert.deepEqual([...m.at], [0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 12]);
  assert.equal(m.visitOf[7], -1, 'a skipped leaf was never visited');
});

test('at the first cut-off the MIN node holds alpha 3 >= beta 2; at the end every visit has its value', () => {
  const m = buildTreeModel(solve(TEXTBOOK));
  const p = createPlayer(m);
  p.nextMarker();
  assert.equal(p.cursor, 23);
  assert.deepEqual([m.alpha[5], m.beta[5], m.cut[5]], [3, 2, 22]);
  assert.equal(m.open[0], 1);
  p.toEnd();
  assert.deepEqual([...m.value], [3, 3, 3, 12, 8, 3, 2, 3, 14, 5, 2]);
  assert.deepEqual([m.bound[5], m.bound[7]], [2, 2], 'the cut MIN nodes are upper bounds');
  assert.equal(m.open[0], 0);
});

test('stepping back restores exactly the picture stepping forward left, on random trees and every algorithm', () => {
  for (const algo of ['minimax', 'alphabeta', 'alphabeta-soft']) {
    for (let seed = 1; seed <= 4; seed++) {
      const m = buildTreeModel(solve(`branching = 3, depth = 4, lo = -9, hi = 9, seed = ${seed}`, { algo, order: 'worst' }));
      const p = createPlayer(m);
      const pictures = [snapshot(m)];
      while (p.forward()) pictures.push(snapshot(m));
      assert.equal(pictures.length, m.count + 1);
      while (p.back()) assert.deepEqual(snapshot(m), pictures[p.cursor], `${algo} seed ${seed} at ${p.cursor}`);
      p.seek(Math.floor(m.count / 2));
      assert.deepEqual(snapshot(m), pictures[Math.floor(m.count / 2)]);
    }
  }
});

test('every leaf the search evaluated is a leaf of the layout with the same value', () => {
  const r = solve('branching = 4, depth = 3, lo = 0, hi = 50, seed = 9', { order: 'best' });
  const m = buildTreeModel(r);
  createPlayer(m).toEnd();
  let leaves = 0;
  for (let v = 0; v < m.ids; v++) {
    const u = m.at[v];
    assert.ok(u >= 0);
    if (r.layout.moves[u] === 0) {
      leaves++;
      assert.equal(m.value[v], r.layout.value[u]);
    }
  }
  assert.equal(leaves, r.stats.leaves);
  assert.equal(m.leavesUpTo[m.count], r.stats.leaves);
  assert.equal(m.cutsUpTo[m.count], r.stats.cutoffs);
});

test('the tidy layout: leaves in columns, parents midway, folded subtrees unplaced', () => {
  const r = solve(TEXTBOOK);
  const kids = layoutChildren(r.layout);
  const flat = tidyLayout(r.layout, kids, new Uint8Array(13));
  assert.deepEqual([...flat.x], [4, 1, 0, 1, 2, 4, 3, 4, 5, 7, 6, 7, 8]);
  assert.equal(flat.width, 9);
  assert.equal(flat.maxDepth, 2);
  const fold = new Uint8Array(13);
  fold[5] = 1;
  const folded = tidyLayout(r.layout, kids, fold);
  assert.equal(folded.width, 7);
  assert.ok(Number.isNaN(folded.x[6]));
  assert.equal(folded.visible.length, 10);
  assert.deepEqual([...subtreeSizes(r.layout)].slice(0, 2), [13, 4]);
});

test('uniform shapes: typed and random trees', () => {
  assert.deepEqual(uniformShape(solve(TEXTBOOK)), { b: 3, d: 2 });
  assert.equal(uniformShape(solve('[[1,2],[3]]')), null);
  assert.equal(uniformShape(solve('[[1,2],5]')), null);
  assert.deepEqual(uniformShape(solve('branching = 6, depth = 6, lo = 0, hi = 9, seed = 1', { layoutCap: 10 })), { b: 6, d: 6 });
});

test('tic-tac-toe positions: a move index is the k-th empty cell', () => {
  assert.deepEqual(playMoves(['X..', '...', '...'], 1, [0, 0]), ['XOX', '...', '...']);
  assert.equal(emptyCell(['X..', '.O.', '...'], 2), 3);
  assert.deepEqual(readBoard('board = ["x.o","...","..."]'), ['X.O', '...', '...']);
  assert.equal(readBoard('board = ["X.","..."]'), null);
  const r = tree.solveTree('tic-tac-toe', 'board = ["XO.","OX.","..."]', { traceCap: 1000 });
  const m = buildTreeModel(r);
  assert.equal(m.moveOf[1], 0, "visit 1 is the root's first move");
  assert.deepEqual(boardAt(m, r.info, 1), ['XOX', 'OX.', '...'], 'X takes the first empty cell');
});

test("the compare model steps its runs on one clock; its cut-offs are every run's", async () => {
  const { buildCompareModel } = await import('../../web/src/player/compare-model.js');
  const runs = [{ algo: 'minimax' }, { algo: 'alphabeta' }, { algo: 'alphabeta', order: 'best' }].map((o) => buildTreeModel(solve(TEXTBOOK, o)));
  const m = buildCompareModel(runs, ['a', 'b', 'c']);
  assert.equal(m.count, Math.max(...runs.map((r) => r.count)));
  assert.deepEqual(
    [...m.markers],
    [...new Set([...runs[1].markers, ...runs[2].markers])].sort((x, y) => x - y),
  );
  const p = createPlayer(m);
  const pictures = [runs.map(snapshot)];
  while (p.forward()) pictures.push(runs.map(snapshot));
  assert.deepEqual(
    runs.map((r) => r.leavesUpTo[r.count]),
    [9, 7, 5],
  );
  while (p.back()) assert.deepEqual(runs.map(snapshot), pictures[p.cursor]);
  assert.match(m.describe(0), /^a: Enter node 0/);
});

test('editing a leaf in the text: the k-th integer in reading order', async () => {
  const { setLeaf, isTypedTree, leafIndex } = await import('../../web/src/lib/tree-text.js');
  assert.equal(setLeaf(TEXTBOOK, 3, -7), '[[3,12,8],[-7,4,6],[14,5,2]]');
  assert.equal(setLeaf('tree = [[1,-2],[3]]', 1, 5), 'tree = [[1,5],[3]]');
  assert.equal(setLeaf(TEXTBOOK, 9, 1), null);
  assert.equal(setLeaf('branching = 2, depth = 2, lo = 0, hi = 9, seed = 1', 0, 1), null);
  assert.equal(isTypedTree(' [1]'), true);
  const r = solve(TEXTBOOK);
  assert.equal(leafIndex(r.layout, 6), 3, 'layout node 6 is the fourth leaf');
  const edited = solve(setLeaf(TEXTBOOK, leafIndex(r.layout, 10), 1));
  assert.equal(edited.layout.value[10], 1);
});
