// Cat and Mouse through the real WASM binding: answers, arrays, statistics.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CAT_WINS_GRAPH, EXAMPLE_1, EXAMPLE_2, sharedEngine } from './helpers/engine.mjs';
import { CAT_WINS, countOutcomes, DRAW, INVALID, MOUSE_WINS, startState, stateId, stateOf } from '../../web/src/lib/outcomes.js';

const engine = await sharedEngine();

test('LeetCode 913 example 1 is a draw (0)', () => {
  const r = engine.solveCatMouse(EXAMPLE_1);
  assert.equal(r.answer, DRAW);
  assert.equal(r.n, 6);
});

test('LeetCode 913 example 2: the mouse wins (1)', () => {
  assert.equal(engine.solveCatMouse(EXAMPLE_2).answer, MOUSE_WINS);
});

test('a trapped mouse: the cat wins (2)', () => {
  // 0-2, 1-3, 2-3: the mouse must step onto 3, where the cat follows.
  assert.equal(engine.solveCatMouse(CAT_WINS_GRAPH).answer, CAT_WINS);
});

test('the bare JSON value is accepted as well as `graph = ...`', () => {
  assert.equal(engine.solveCatMouse('[[1,3],[0],[3],[0,2]]').answer, MOUSE_WINS);
  assert.equal(engine.solveCatMouse('  graph =\n[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]\n').answer, DRAW);
});

test('the result carries the graph in CSR form', () => {
  const r = engine.solveCatMouse(EXAMPLE_2);
  assert.deepEqual(Array.from(r.offsets), [0, 2, 3, 4, 6]);
  assert.deepEqual(Array.from(r.adjacency), [1, 3, 0, 3, 0, 2]);
});

test('arrays are copies of the right size and type, not views of the heap', () => {
  const r = engine.solveCatMouse(EXAMPLE_1);
  const states = 2 * r.n * r.n;
  assert.ok(r.outcomes instanceof Uint8Array);
  assert.ok(r.remoteness instanceof Int32Array);
  assert.ok(r.cause instanceof Int32Array);
  assert.equal(r.outcomes.length, states);
  assert.equal(r.remoteness.length, states);
  assert.equal(r.cause.length, states);
  for (const a of [r.outcomes, r.remoteness, r.cause, r.offsets, r.adjacency]) {
    assert.equal(a.byteOffset, 0);
    assert.equal(a.buffer.byteLength, a.byteLength, 'its own buffer, so it can be transferred');
  }
  assert.equal(r.trace, null);
  assert.equal(r.truncated, false);
});

test('state layout: hole column invalid, mouse in hole wins, caught mouse loses', () => {
  const r = engine.solveCatMouse(EXAMPLE_1);
  const { n, outcomes, remoteness } = r;
  for (let t = 0; t < 2; t++) {
    for (let m = 0; m < n; m++) assert.equal(outcomes[stateId(n, m, 0, t)], INVALID, `m=${m} t=${t}`);
    for (let c = 1; c < n; c++) {
      assert.equal(outcomes[stateId(n, 0, c, t)], MOUSE_WINS, `mouse in hole, c=${c} t=${t}`);
      assert.equal(remoteness[stateId(n, 0, c, t)], 0);
      assert.equal(outcomes[stateId(n, c, c, t)], CAT_WINS, `caught, c=${c} t=${t}`);
    }
  }
  // Two one-move wins in example 1, found by hand:
  // mouse on 2, cat on 3, mouse to move: 2 -> 0 wins at once.
  assert.equal(outcomes[stateId(n, 2, 3, 0)], MOUSE_WINS);
  assert.equal(remoteness[stateId(n, 2, 3, 0)], 1);
  // mouse on 4, cat on 3, cat to move: the cat steps onto 4.
  assert.equal(outcomes[stateId(n, 4, 3, 1)], CAT_WINS);
  assert.equal(remoteness[stateId(n, 4, 3, 1)], 1);
});

test('stateId and stateOf are inverses over every id', () => {
  for (const n of [3, 6, 17]) {
    const seen = new Set();
    for (let m = 0; m < n; m++) {
      for (let c = 0; c < n; c++) {
        for (let t = 0; t < 2; t++) {
          const s = stateId(n, m, c, t);
          assert.ok(s >= 0 && s < 2 * n * n);
          seen.add(s);
          assert.deepEqual(stateOf(n, s), { mouse: m, cat: c, turn: t });
        }
      }
    }
    assert.equal(seen.size, 2 * n * n);
  }
  assert.equal(startState(6), stateId(6, 1, 2, 0));
});

test('statistics agree with the outcome arrays', () => {
  for (const text of [EXAMPLE_1, EXAMPLE_2, CAT_WINS_GRAPH]) {
    const r = engine.solveCatMouse(text);
    const a = countOutcomes(r.outcomes, r.n, 0);
    const b = countOutcomes(r.outcomes, r.n, 1);
    const s = r.stats;
    assert.equal(s.states, 2 * r.n * (r.n - 1), 'valid states: the cat is never in the hole');
    assert.equal(a.mouse + b.mouse, s.wins[0]);
    assert.equal(a.cat + b.cat, s.wins[1]);
    assert.equal(a.draw + b.draw, s.draws);
    assert.equal(a.invalid + b.invalid, 2 * r.n);
    assert.equal(s.wins[0] + s.wins[1] + s.draws, s.states);
    assert.equal(s.decided, s.wins[0] + s.wins[1]);
    assert.ok(s.pops <= s.decided && s.relaxations > 0 && s.queuePeak > 0);
  }
});

test('remoteness and cause: -1 exactly where nothing was decided', () => {
  const r = engine.solveCatMouse(EXAMPLE_1);
  for (let s = 0; s < r.outcomes.length; s++) {
    const decided = r.outcomes[s] === MOUSE_WINS || r.outcomes[s] === CAT_WINS;
    assert.equal(r.remoteness[s] >= 0, decided, `state ${s}`);
    if (!decided) assert.equal(r.cause[s], -1, `state ${s}`);
    if (decided && r.remoteness[s] > 0) {
      const child = r.cause[s];
      assert.ok(child >= 0 && child < r.outcomes.length, `cause of ${s}`);
      assert.equal(r.remoteness[child], r.remoteness[s] - 1, `cause of ${s} is one move nearer the end`);
    }
  }
});

test('a tiny budget gives the same result in many steps, with rising progress', () => {
  const whole = engine.solveCatMouse(EXAMPLE_1);
  const seen = [];
  const stepped = engine.solveCatMouse(EXAMPLE_1, {
    budget: 1,
    onProgress: (relaxations, more) => seen.push({ relaxations, ...more }),
  });
  assert.ok(seen.length >= 10, `progress was reported ${seen.length} times`);
  for (let i = 1; i < seen.length; i++) assert.ok(seen[i].relaxations >= seen[i - 1].relaxations);
  assert.ok(seen.at(-1).relaxations <= stepped.stats.relaxations);
  assert.equal(seen[0].states, whole.stats.states);
  assert.deepEqual(stepped.outcomes, whole.outcomes);
  assert.deepEqual(stepped.remoteness, whole.remoteness);
  assert.equal(stepped.stats.relaxations, whole.stats.relaxations);
});

test('randomCatMouse and completeCatMouse give LeetCode text the parser reads back', () => {
  const g = engine.randomCatMouse(30, 3, 42);
  assert.equal(g.n, 30);
  assert.equal(g.offsets.length, 31);
  assert.equal(g.adjacency.length, g.offsets[30]);
  assert.match(g.text, /^\[\[[\d,]*\](,\[[\d,]*\])*\]$/);
  const again = engine.randomCatMouse(30, 3, 42);
  assert.equal(again.text, g.text, 'the same seed gives the same graph');
  assert.notEqual(engine.randomCatMouse(30, 3, 43).text, g.text);
  const r = engine.solveCatMouse(g.text);
  assert.deepEqual(r.offsets, g.offsets);
  assert.deepEqual(r.adjacency, g.adjacency);

  const k = engine.completeCatMouse(5);
  assert.equal(k.text, '[[1,2,3,4],[0,2,3,4],[0,1,3,4],[0,1,2,4],[0,1,2,3]]');
  // On a complete graph the mouse jumps into the hole at once.
  assert.equal(engine.solveCatMouse(k.text).answer, MOUSE_WINS);
});
