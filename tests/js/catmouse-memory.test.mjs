// WASM memory: results stay right after the heap grows, and nothing leaks.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EXAMPLE_1, EXAMPLE_2, freshEngine } from './helpers/engine.mjs';
import { listsOf, referenceSolve } from './helpers/reference.mjs';
import { countOutcomes, MOUSE_WINS, stateId } from '../../web/src/lib/outcomes.js';

const INITIAL_HEAP = 16 * 1024 * 1024; // emcc's default INITIAL_MEMORY

test('a 1000-node graph grows the heap; results are right before and after', async () => {
  const engine = await freshEngine();
  const before = engine.solveCatMouse(EXAMPLE_1);
  assert.equal(engine.heapBytes(), INITIAL_HEAP, 'a small solve fits the initial heap');

  const g = engine.randomCatMouse(1000, 8, 2024);
  const big = engine.solveCatMouse(g.text);
  assert.ok(engine.heapBytes() > INITIAL_HEAP, `heap grew to ${engine.heapBytes()} bytes`);

  const n = 1000;
  assert.equal(big.n, n);
  assert.equal(big.outcomes.length, 2 * n * n);
  assert.equal(big.remoteness.length, 2 * n * n);
  const a = countOutcomes(big.outcomes, n, 0);
  const b = countOutcomes(big.outcomes, n, 1);
  assert.equal(a.mouse + a.cat + a.draw + b.mouse + b.cat + b.draw, big.stats.states);
  assert.equal(big.stats.states, 2 * n * (n - 1));

  // Every state against the independent JS solver.
  const ref = referenceSolve(listsOf(g));
  assert.equal(big.answer, ref.answer);
  let mismatches = 0;
  for (let m = 0; m < n; m++) {
    for (let c = 1; c < n; c++) {
      for (let t = 0; t < 2; t++) {
        const s = stateId(n, m, c, t);
        if (big.outcomes[s] !== ref.outcome(m, c, t) || big.remoteness[s] !== ref.remoteness(m, c, t)) {
          mismatches++;
        }
      }
    }
  }
  assert.equal(mismatches, 0);

  // The heap views were replaced; a small solve still reads the right bytes.
  const after = engine.solveCatMouse(EXAMPLE_1);
  assert.deepEqual(after.outcomes, before.outcomes);
  assert.deepEqual(after.remoteness, before.remoteness);
  assert.deepEqual(after.stats, before.stats);
});

test('the complete graph on 300 nodes: the mouse wins, after growth', async () => {
  const engine = await freshEngine();
  const k = engine.completeCatMouse(300);
  const r = engine.solveCatMouse(k.text);
  assert.equal(r.answer, MOUSE_WINS);
  assert.equal(r.outcomes.length, 2 * 300 * 300);
  // The mouse to move, anywhere but caught, jumps into the hole in one move.
  for (let m = 1; m < 300; m++) {
    for (let c = 1; c < 300; c++) {
      if (m === c) continue;
      const s = stateId(300, m, c, 0);
      assert.equal(r.outcomes[s], MOUSE_WINS);
      assert.equal(r.remoteness[s], 1);
    }
  }
});

test('no leak across many solves, errors and traces', async () => {
  const engine = await freshEngine();
  const k = engine.completeCatMouse(300).text;
  const round = () => {
    engine.solveCatMouse(k);
    engine.solveCatMouse(EXAMPLE_1, { traceCap: 1000 });
    engine.solveCatMouse(EXAMPLE_2, { traceCap: 5 });
    assert.throws(() => engine.solveCatMouse('[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2]]'));
    assert.throws(() => engine.solveCatMouse('[[1],[0'));
    engine.randomCatMouse(200, 4, 9);
  };
  round(); // warm up: the heap reaches its working size
  const heap = engine.heapBytes();
  const probe = engine.probeMalloc();
  for (let i = 0; i < 40; i++) round();
  assert.equal(engine.heapBytes(), heap, 'the heap did not grow');
  assert.equal(engine.probeMalloc(), probe, 'malloc hands out the same block: all was freed');
});

test("the warm-up's prefault: the heap holds the bytes asked for, and a solve that fits them neither grows it nor gets them wrong", async () => {
  const engine = await freshEngine();
  const MB = 2 ** 20;
  assert.equal(engine.prefaultHeap(48 * MB), 48 * MB);
  const heap = engine.heapBytes();
  assert.ok(heap >= 48 * MB, `heap ${heap} bytes holds the 48 MiB block`);
  // A 700-node solve (980,000 states, about 17 MB with its views) is served from the freed block.
  const g = engine.randomCatMouse(700, 6, 11);
  const r = engine.solveCatMouse(g.text);
  assert.equal(engine.heapBytes(), heap, 'the solve took no new memory');
  const ref = referenceSolve(listsOf(g));
  assert.equal(r.answer, ref.answer);
  assert.equal(r.stats.states, 2 * 700 * 699);
  // Asking past the module's maximum, or nonsense, touches nothing and breaks nothing.
  assert.equal(engine.prefaultHeap(4 * 1024 * MB), 0);
  assert.equal(engine.prefaultHeap(-1), 0);
  assert.equal(engine.prefaultHeap(Number.NaN), 0);
  assert.equal(engine.heapBytes(), heap);
  assert.equal(engine.solveCatMouse(EXAMPLE_2).answer, MOUSE_WINS);
});
