// The state graph's layout: layers by depth and by remoteness, wrapping,
// barycentre order, hit testing and keyboard moves, and Cat and Mouse's graph.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  bfsDepth,
  detailed,
  drawable,
  POINT_LIMIT,
  ranksIn,
  edgesOf,
  frontierOf,
  layersOf,
  layoutStateGraph,
  lookOf,
  nextNode,
  nodeAt,
  reverseEdges,
} from '../../web/src/lib/state-graph.js';
import { catMouseStateGraph, childrenOf } from '../../web/src/lib/catmouse.js';
import { listsToGraph, readGraphText } from '../../web/src/lib/graph-edit.js';
import { stateId, stateOf, TURN_MOUSE } from '../../web/src/lib/outcomes.js';

/** A state graph from child lists (node ids are state ids). */
function fromLists(lists, start = 0) {
  const offsets = new Int32Array(lists.length + 1);
  lists.forEach((c, v) => (offsets[v + 1] = offsets[v] + c.length));
  return {
    count: lists.length,
    state: Int32Array.from(lists.keys()),
    node: (s) => (s >= 0 && s < lists.length ? s : -1),
    offsets,
    targets: Int32Array.from(lists.flat()),
    start,
  };
}

// 0 -> 1, 2; 1 -> 3; 2 -> 3, 4; 3 -> (end); 4 -> 2 (a cycle); 5 unreachable -> 3
const DIAMOND = fromLists([[1, 2], [3], [3, 4], [], [2], [3]]);

test('bfsDepth: moves from the start, -1 where it never gets', () => {
  assert.deepEqual(Array.from(bfsDepth(DIAMOND)), [0, 1, 1, 2, 2, -1]);
});

test("reverseEdges lists every node's parents once", () => {
  const rev = reverseEdges(DIAMOND);
  const parents = (v) => Array.from(rev.sources.subarray(rev.offsets[v], rev.offsets[v + 1])).sort();
  assert.deepEqual(parents(3), [1, 2, 5]);
  assert.deepEqual(parents(2), [0, 4]);
  assert.deepEqual(parents(0), []);
  assert.deepEqual(edgesOf(DIAMOND, rev, 2), { children: [3, 4], parents: [0, 4] });
});

test('layersOf by depth puts unreachable nodes last, named so', () => {
  const depth = bfsDepth(DIAMOND);
  const L = layersOf(DIAMOND, 'depth', { depth });
  assert.deepEqual(Array.from(L.layer), [0, 1, 1, 2, 2, 3]);
  assert.equal(L.count, 4);
  assert.equal(L.names[0], 'the start');
  assert.equal(L.names[3], 'not reachable from the start');
});

test('layersOf by remoteness: seeds first, draws last', () => {
  const values = Uint8Array.from([1, 2, 0, 2, 0, 2]);
  const remoteness = Int32Array.from([3, 1, -1, 0, -1, 1]);
  const L = layersOf(DIAMOND, 'remoteness', { depth: bfsDepth(DIAMOND), final: { values, remoteness } });
  assert.deepEqual(Array.from(L.layer), [3, 1, 4, 0, 4, 1]);
  assert.equal(L.names[0], 'game over (the seeds)');
  assert.equal(L.names[4], 'never decided (draws)');
  // No draws: no extra layer.
  const all = layersOf(DIAMOND, 'remoteness', { final: { values: new Uint8Array(6).fill(1), remoteness: new Int32Array(6) } });
  assert.equal(all.count, 1);
});

test('layout: layers top to bottom, every node placed once inside the drawing', () => {
  const L = layersOf(DIAMOND, 'depth', { depth: bfsDepth(DIAMOND) });
  const lay = layoutStateGraph(DIAMOND, L);
  assert.deepEqual(Array.from(lay.order).sort(), [0, 1, 2, 3, 4, 5]);
  for (let v = 0; v < 6; v++) {
    assert.ok(lay.x[v] > 0 && lay.x[v] < lay.width, `x of ${v}`);
    assert.ok(lay.y[v] > 0 && lay.y[v] < lay.height, `y of ${v}`);
    assert.equal(lay.order[lay.rank[v]], v);
  }
  assert.ok(lay.y[0] < lay.y[1] && lay.y[1] === lay.y[2] && lay.y[2] < lay.y[3] && lay.y[3] < lay.y[5]);
  assert.deepEqual(
    lay.rows.map((r) => r.size),
    [1, 2, 2, 1],
  );
});

test('layout: a layer wider than perRow wraps into sub-rows, column by column', () => {
  // A star: the start moves to 10 leaves.
  const star = fromLists([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], ...Array.from({ length: 10 }, () => [])]);
  const L = layersOf(star, 'depth', { depth: bfsDepth(star) });
  const lay = layoutStateGraph(star, L, { perRow: 4 });
  const leaves = Array.from({ length: 10 }, (_, i) => i + 1);
  const ys = new Set(leaves.map((v) => lay.y[v]));
  const xs = new Set(leaves.map((v) => lay.x[v]));
  assert.equal(ys.size, 3, 'ceil(10 / 4) sub-rows');
  assert.equal(xs.size, 4, 'ceil(10 / 3) columns');
  assert.equal(lay.lines.length, 4, "the start's row and three sub-rows");
  assert.equal(lay.rows[1].size, 10);
});

test('layout: barycentre order keeps children under their parents', () => {
  // Two chains side by side: 0 -> 1, 2 (start); 1 -> 3, 4; 2 -> 5, 6.
  // Ids interleave the grandchildren so id order would cross the edges.
  const g = fromLists([[1, 2], [3, 6], [4, 5], [], [], [], []]);
  const lay = layoutStateGraph(g, layersOf(g, 'depth', { depth: bfsDepth(g) }));
  const left = lay.x[1] < lay.x[2] ? 1 : 2;
  const kids = left === 1 ? [3, 6] : [4, 5];
  const others = left === 1 ? [4, 5] : [3, 6];
  assert.ok(Math.max(...kids.map((v) => lay.x[v])) < Math.min(...others.map((v) => lay.x[v])), "the left parent's children are left of the other's");
});

test('nodeAt finds the node under a point and nothing between nodes', () => {
  const lay = layoutStateGraph(DIAMOND, layersOf(DIAMOND, 'depth', { depth: bfsDepth(DIAMOND) }));
  for (let v = 0; v < 6; v++) assert.equal(nodeAt(lay, lay.x[v] + 1, lay.y[v] - 1), v);
  assert.equal(nodeAt(lay, -50, -50), -1);
});

test('nextNode: arrows walk the reading order and the rows, ends stay put', () => {
  const lay = layoutStateGraph(DIAMOND, layersOf(DIAMOND, 'depth', { depth: bfsDepth(DIAMOND) }));
  assert.equal(nextNode(lay, -1, 'ArrowRight'), lay.order[0]);
  assert.equal(nextNode(lay, lay.order[0], 'ArrowLeft'), lay.order[0]);
  assert.equal(nextNode(lay, lay.order[0], 'ArrowRight'), lay.order[1]);
  assert.equal(nextNode(lay, 0, 'ArrowUp'), 0, 'no row above the start');
  const below = nextNode(lay, 0, 'ArrowDown');
  assert.ok(below === 1 || below === 2);
  assert.equal(nextNode(lay, 5, 'ArrowDown'), 5, 'no row below the last');
  assert.equal(nextNode(lay, 0, 'End'), lay.order[5]);
  assert.equal(nextNode(lay, 0, 'x'), null);
});

test('lookOf and frontierOf read the model at the cursor', () => {
  const values = Uint8Array.from([0, 1, 2, 3]);
  assert.deepEqual(
    [0, 1, 2, 3].map((s) => lookOf(values, s, false)),
    ['undecided', 'win0', 'win1', 'invalid'],
  );
  assert.equal(lookOf(values, 0, true), 'draw');
  const queue = [7, 8, 9];
  assert.deepEqual(frontierOf({ head: 1, tail: 3, queueAt: (j) => queue[j] }), [8, 9]);
  assert.deepEqual(frontierOf({ head: 0, tail: 0 }), []);
});

test('detailed and drawable: node and edge limits', () => {
  assert.ok(detailed(DIAMOND) && drawable(DIAMOND));
  assert.ok(!detailed({ count: 7000, targets: new Int32Array(0) }));
  assert.ok(!detailed({ count: 10, targets: new Int32Array(50_000) }));
  assert.ok(drawable({ count: 7000, targets: new Int32Array(0) }), 'past the detail limit: points');
  assert.ok(drawable({ count: POINT_LIMIT, targets: new Int32Array(0) }));
  assert.ok(!drawable({ count: POINT_LIMIT + 1, targets: new Int32Array(0) }));
  assert.ok(!drawable({ count: 10, targets: null }), 'no moves known: nothing to draw');
});

test('Cat and Mouse: every state off the hole is a node, moves as childrenOf, start (1, 2, mouse)', () => {
  const graph = listsToGraph(readGraphText('[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]'));
  const sg = catMouseStateGraph(graph);
  const n = 6;
  assert.equal(sg.count, 2 * n * (n - 1));
  assert.equal(sg.state[sg.start], stateId(n, 1, 2, TURN_MOUSE));
  for (let v = 0; v < sg.count; v++) {
    const s = sg.state[v];
    assert.notEqual(stateOf(n, s).cat, 0);
    assert.equal(sg.node(s), v);
    const kids = Array.from(sg.targets.subarray(sg.offsets[v], sg.offsets[v + 1]), (t) => sg.state[t]);
    assert.deepEqual(kids, childrenOf(graph, s));
  }
  assert.equal(sg.node(stateId(n, 3, 0, TURN_MOUSE)), -1, 'cat in the hole: not a node');
  const depth = bfsDepth(sg);
  assert.equal(depth[sg.start], 0);
  const lay = layoutStateGraph(sg, layersOf(sg, 'depth', { depth }));
  assert.equal(new Set(Array.from(lay.order)).size, sg.count);
});
