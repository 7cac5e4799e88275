// The points' layout job the layout worker runs (web/src/lib/points-layout.js):
// the same graph, depths, layers and positions as the main thread's own
// functions give, every array in a buffer that can be transferred, and a
// graph past the points' limits refused without being built.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runLayoutJob } from '../../web/src/lib/points-layout.js';
import { catMouseStateGraph } from '../../web/src/lib/catmouse.js';
import { stateGraphOfArrays } from '../../web/src/lib/state-graph.js';
import { rankPositions } from '../../web/src/lib/draw-points.js';
import { bfsDepth, layersOf, layoutStateGraph, nodeAt, POINT_LIMIT, reverseEdges } from '../../web/src/lib/state-graph.js';
import { listsToGraph } from '../../web/src/lib/graph-edit.js';

/** A ring of n nodes with chords i +- 1 and i +- 3 (as races.spec.js's big link). */
function ring(n) {
  return listsToGraph(Array.from({ length: n }, (_, i) => [...new Set([1, -1, 3, -3].map((d) => (i + d + n) % n))].sort((a, b) => a - b)));
}

test('a Cat and Mouse graph built and laid out by the job is the graph and layout the main thread would build', () => {
  const g = ring(40);
  const { answer, transfer } = runLayoutJob({ graph: { kind: 'catmouse', n: g.n, offsets: g.offsets, adjacency: g.adjacency }, by: 'depth' });
  const sg = catMouseStateGraph(g);
  const built = stateGraphOfArrays(answer.graph);
  assert.equal(built.count, sg.count);
  assert.equal(built.count, 2 * 40 * 39);
  assert.deepEqual(built.state, sg.state);
  assert.deepEqual(built.offsets, sg.offsets);
  assert.deepEqual(built.targets, sg.targets);
  assert.equal(built.start, sg.start);
  for (const s of [0, 1, 41, 1600, 3199]) assert.equal(built.node(s), sg.node(s));
  const depth = bfsDepth(sg);
  assert.deepEqual(answer.depth, depth);
  assert.deepEqual(answer.rev.sources, reverseEdges(sg).sources);
  const own = layoutStateGraph(sg, layersOf(sg, 'depth', { depth }));
  assert.deepEqual(answer.layout.x, own.x);
  assert.deepEqual(answer.layout.y, own.y);
  assert.deepEqual(answer.layout.order, own.order);
  assert.deepEqual(answer.layout.lines, own.lines);
  assert.deepEqual(answer.layout.pos, rankPositions(own));
  assert.equal(answer.edges, sg.targets.length);
  // Picking works on the answer as on the main thread's layout.
  const v = own.order[17];
  assert.equal(nodeAt(answer.layout, own.x[v], own.y[v]), v);
  // Every typed array travels in its own buffer: a transfer leaves nothing to copy.
  const moved = structuredClone(answer, { transfer });
  assert.equal(answer.layout.x.length, 0, 'the buffers were transferred, not copied');
  assert.equal(moved.layout.x.length, sg.count);
  assert.equal(new Set(transfer).size, transfer.length);
});

test('layers by remoteness read the final answer by state id', () => {
  const g = ring(12);
  const sg = catMouseStateGraph(g);
  const nstates = 2 * 12 * 12;
  const values = new Uint8Array(nstates);
  const remoteness = new Int32Array(nstates).fill(-1);
  // A made-up answer: every third state decided at a remoteness of its id mod 5.
  for (let s = 0; s < nstates; s += 3) {
    values[s] = 1 + (s % 2);
    remoteness[s] = s % 5;
  }
  const final = { values, remoteness };
  const { answer } = runLayoutJob({
    graph: { kind: 'csr', count: sg.count, state: sg.state, offsets: sg.offsets, targets: sg.targets, start: sg.start },
    by: 'remoteness',
    final,
  });
  const own = layoutStateGraph(sg, layersOf(sg, 'remoteness', { depth: bfsDepth(sg), final }));
  assert.deepEqual(answer.layout.order, own.order);
  assert.deepEqual(
    answer.layout.rows.map((r) => r.name),
    own.rows.map((r) => r.name),
  );
  assert.equal(answer.layout.rows.at(-1).name, 'never decided (draws)');
  assert.equal(answer.graph, null, 'a graph the page holds is not sent back');
});

test("a graph past the points' limit is refused before it is built", () => {
  const n = Math.ceil(Math.sqrt(POINT_LIMIT / 2)) + 2;
  const { answer, transfer } = runLayoutJob({ graph: { kind: 'catmouse', n, offsets: new Int32Array(n + 1), adjacency: new Int32Array(0) } });
  assert.equal(answer.tooBig.count, 2 * n * (n - 1));
  assert.ok(answer.tooBig.count > POINT_LIMIT);
  assert.deepEqual(transfer, []);
});

test("the points' first colours from the job's byRank are those read state by state, queue marks included", async () => {
  const { syntheticGame } = await import('../bench/synthetic-graph.js');
  const { createPointColors } = await import('../../web/src/lib/draw-points.js');
  const { createGraphRetroModel } = await import('../../web/src/player/retro-model.js');
  const { createPlayer } = await import('../../web/src/player/player.js');
  const n = 3000;
  const g = syntheticGame(n);
  const state = Int32Array.from({ length: n }, (_, i) => i);
  const sg = { count: n, state, node: (s) => (s >= 0 && s < n ? s : -1), offsets: g.offsets, targets: g.targets, start: g.start };
  const degree = Int32Array.from({ length: n }, (_, s) => g.offsets[s + 1] - g.offsets[s]);
  const model = createGraphRetroModel({ nstates: n, degree, nameOf: String, words: {} }, g.trace);
  const { answer } = runLayoutJob({ graph: { kind: 'csr', count: n, state, offsets: g.offsets, targets: g.targets, start: g.start }, by: 'depth' });
  const own = layoutStateGraph(sg, layersOf(sg, 'depth', { depth: bfsDepth(sg) }));
  assert.deepEqual(answer.layout.order, own.order);
  const player = createPlayer(model);
  for (const cursor of [0, model.count >> 1, model.count]) {
    player.seek(cursor);
    const a = createPointColors(sg, answer.layout);
    const b = createPointColors(sg, own);
    a.sync(model, cursor, cursor === model.count);
    b.sync(model, cursor, cursor === model.count);
    assert.deepEqual(a.codes, b.codes);
    if (cursor === model.count >> 1)
      assert.ok(
        a.codes.some((c) => c & 16),
        'some states are queued mid-trace',
      );
  }
});
