// Bad input becomes a thrown Error carrying the C library's message.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EXAMPLE_2, sharedEngine } from './helpers/engine.mjs';

const engine = await sharedEngine();

/** Asserts solving `text` throws an Error whose message contains `part`. */
function rejects(text, part, status = 'input') {
  assert.throws(
    () => engine.solveCatMouse(text),
    (err) => {
      assert.ok(err instanceof Error, 'an Error');
      assert.equal(err.name, 'EngineError');
      assert.ok(err.message.includes(part), `message ${JSON.stringify(err.message)} lacks ${JSON.stringify(part)}`);
      assert.equal(err.status, status);
      return true;
    },
  );
}

test('malformed JSON names the place', () => {
  rejects('[[1,3],[0],[3],[0,2]', "column 1: this list has no closing ']'");
  rejects('graph = [[1,3],[0}', 'expected');
  rejects('<img src=x onerror=alert(1)>', "found '<'");
  rejects('', 'empty');
});

test('a node number out of range', () => {
  rejects('[[1],[0,5],[1]]', 'graph[1][1] is 5, but the nodes are 0 to 2');
});

test('a one-sided edge', () => {
  rejects('[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2]]', 'graph[3][2] lists 5, but graph[5] does not list 3');
});

test('too many nodes is a limit error, found before allocating', () => {
  const lists = Array.from({ length: 5001 }, () => '[]').join(',');
  rejects(`[${lists}]`, 'the graph has 5001 nodes; the limit is 5000', 'limit');
  assert.throws(() => engine.completeCatMouse(5001), /the limit is 5000/);
  assert.throws(() => engine.randomCatMouse(6000, 4, 1), /the limit is 5000/);
});

test('too few nodes', () => {
  rejects('[[1],[0]]', 'at least 3 are needed');
});

test('a NUL character cannot slip past the C string', () => {
  // Without the check, C would stop reading at the NUL and solve a prefix.
  rejects('[[1,3],[0],[3],[0,2]]\u0000garbage', 'NUL');
});

test('bad options are errors, not silent defaults', () => {
  assert.throws(() => engine.solveCatMouse(EXAMPLE_2, { traceCap: -1 }), /traceCap/);
  assert.throws(() => engine.solveCatMouse(EXAMPLE_2, { traceCap: 1.5 }), /traceCap/);
  assert.throws(() => engine.solveCatMouse(EXAMPLE_2, { budget: 0 }), /budget/);
  assert.throws(() => engine.solveCatMouse(42), /must be text/);
});

test('non-ASCII text is passed as UTF-8 and columns count characters', () => {
  // é is two bytes; the '}' is the 10th character, the 11th byte.
  rejects('[["é"],[0}', "column 10: expected ',' or ']'");
  rejects('[[1],[0,é]]', 'column 9');
});

test('after an error the next solve works and its message is gone', () => {
  assert.throws(() => engine.solveCatMouse('[[1'));
  const r = engine.solveCatMouse(EXAMPLE_2);
  assert.equal(r.answer, 1);
  rejects('[[1],[0,5],[1]]', 'graph[1][1] is 5');
});
