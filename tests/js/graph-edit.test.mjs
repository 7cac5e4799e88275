// The board's graph editing, and the text it writes and reads back.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  addEdge,
  addNode,
  addPosition,
  graphToLists,
  graphToText,
  listsToGraph,
  readGraphText,
  removeEdge,
  removeNode,
  removePosition,
} from '../../web/src/lib/graph-edit.js';
import { EXAMPLE_1, sharedEngine } from './helpers/engine.mjs';

const engine = await sharedEngine();

test('text round trip: what the editor writes, the C parser reads back the same', () => {
  const lists = readGraphText(EXAMPLE_1);
  assert.deepEqual(lists, [[2, 5], [3], [0, 4, 5], [1, 4, 5], [2, 3], [0, 2, 3]]);
  const text = graphToText(lists);
  assert.equal(text, EXAMPLE_1);
  assert.deepEqual(graphToLists(engine.parseCatMouse(text)), lists);
  assert.deepEqual(listsToGraph(lists), engine.parseCatMouse(text));
  assert.deepEqual(readGraphText('[[1],[0,2],[1]]'), [[1], [0, 2], [1]], 'the bare value too');
});

test('text that cannot be drawn', () => {
  for (const bad of [
    '',
    'graph =',
    '[[1],[0]]',
    '[[1],[0,2],[1]',
    '[[1],[2],[1]]',
    '[[0],[2],[1]]',
    '[[1,1],[0,0,2],[1]]',
    '[[1.5],[0],[1]]',
    '{"a":1}',
    '[[1],[0,5],[1]]',
  ]) {
    assert.equal(readGraphText(bad), null, bad);
  }
});

test('edits: nodes and edges added and removed, the rest renumbered', () => {
  let lists = [[2], [3], [0, 3], [1, 2]];
  lists = addNode(lists);
  assert.deepEqual(lists, [[2], [3], [0, 3], [1, 2], []]);
  lists = addEdge(lists, 4, 1);
  assert.deepEqual(lists[4], [1]);
  assert.deepEqual(lists[1], [3, 4]);
  assert.equal(addEdge(lists, 4, 1), lists, 'an edge already there: unchanged');
  assert.equal(addEdge(lists, 2, 2), lists, 'no self-loops');
  assert.deepEqual(removeEdge(lists, 1, 3), [[2], [4], [0, 3], [2], [1]]);
  assert.deepEqual(removeNode(lists, 3), [[2], [3], [0], [1]], 'node 4 becomes node 3');
  assert.equal(removeNode(lists, 2), null, "the cat's start stays");
  const pos = Float64Array.of(0, 0, 1, 1, 2, 2);
  assert.deepEqual(Array.from(removePosition(pos, 1)), [0, 0, 2, 2]);
  assert.deepEqual(Array.from(addPosition(pos, 5, 6)), [0, 0, 1, 1, 2, 2, 5, 6]);
  assert.notEqual(readGraphText(graphToText(removeNode(addEdge(addNode(lists), 5, 0), 3))), null);
});

test('one-sided edges: the missing reverse edges are added, anything else is left to the parser', async () => {
  const { addReverseEdges, readGraphText } = await import('../../web/src/lib/graph-edit.js');
  const fixed = addReverseEdges('graph = [[2],[3],[0],[]]');
  assert.deepEqual(fixed, { text: 'graph = [[2],[3],[0],[1]]', added: 1 });
  assert.ok(readGraphText(fixed.text), 'the result is a drawable (symmetric) graph');
  assert.deepEqual(addReverseEdges('[[1,2],[],[]]'), { text: 'graph = [[1,2],[0],[0]]', added: 2 });
  assert.equal(addReverseEdges('[[2],[3],[0],[1]]'), null, 'already symmetric');
  assert.equal(addReverseEdges('[[2],[3],[0],[9]]'), null, 'a node out of range is not this fault');
  assert.equal(addReverseEdges('[[0],[3],[0],[1]]'), null, 'a self-loop is not this fault');
  assert.equal(addReverseEdges('[[2],[3],[0],[1,1]]'), null, 'a repeated neighbour is not this fault');
  assert.equal(addReverseEdges('[[2],[3]'), null, 'malformed');
});
