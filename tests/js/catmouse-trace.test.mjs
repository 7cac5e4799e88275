// The event trace of a retrograde solve, as the binding hands it out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EXAMPLE_1, sharedEngine } from './helpers/engine.mjs';

const engine = await sharedEngine();
const KIND = { SEED: 1, POP: 2, PARENT: 3, DEGREE: 4, COLOR: 5 };
const kindOf = (trace, i) => trace[i * 4] & 0xff;
const stepOf = (trace, i) => trace[i * 4] >> 8;

test('no trace unless asked for', () => {
  const r = engine.solveCatMouse(EXAMPLE_1);
  assert.equal(r.trace, null);
  assert.equal(r.truncated, false);
});

test('a full trace: records of four words whose counts match the statistics', () => {
  const r = engine.solveCatMouse(EXAMPLE_1, { traceCap: 100000 });
  assert.ok(r.trace instanceof Int32Array);
  assert.equal(r.truncated, false);
  assert.equal(r.trace.length % 4, 0);
  const count = r.trace.length / 4;
  const tally = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (let i = 0; i < count; i++) {
    const kind = kindOf(r.trace, i);
    assert.ok(kind >= 1 && kind <= 5, `record ${i} has kind ${kind}`);
    assert.ok(stepOf(r.trace, i) >= 1, `record ${i} names a step`);
    tally[kind]++;
  }
  assert.equal(tally[KIND.SEED], r.stats.seeds);
  assert.equal(tally[KIND.POP], r.stats.pops);
  assert.equal(tally[KIND.PARENT], r.stats.relaxations);
  assert.equal(tally[KIND.SEED] + tally[KIND.COLOR], r.stats.decided);
  assert.equal(kindOf(r.trace, 0), KIND.SEED, 'seeding comes first');
  // Every state the trace names is a state of the game.
  for (let i = 0; i < count; i++) {
    const a = r.trace[i * 4 + 1];
    assert.ok(a >= 0 && a < r.outcomes.length, `record ${i} names state ${a}`);
  }
});

test('a small cap truncates: a prefix of the full trace, flagged', () => {
  const full = engine.solveCatMouse(EXAMPLE_1, { traceCap: 100000 });
  const capped = engine.solveCatMouse(EXAMPLE_1, { traceCap: 10 });
  assert.equal(capped.truncated, true);
  assert.equal(capped.trace.length, 10 * 4);
  assert.deepEqual(capped.trace, full.trace.slice(0, 40), 'deterministic: the same first events');
  assert.deepEqual(capped.outcomes, full.outcomes, 'the solve itself is unaffected');
});

test('a cap exactly at the event count is not truncated', () => {
  const full = engine.solveCatMouse(EXAMPLE_1, { traceCap: 100000 });
  const count = full.trace.length / 4;
  const exact = engine.solveCatMouse(EXAMPLE_1, { traceCap: count });
  assert.equal(exact.truncated, false);
  assert.deepEqual(exact.trace, full.trace);
  const short = engine.solveCatMouse(EXAMPLE_1, { traceCap: count - 1 });
  assert.equal(short.truncated, true);
});
