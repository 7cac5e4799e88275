// The page's ready-made graphs have the answers their labels promise.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sharedEngine } from './helpers/engine.mjs';
import { COUNTEREXAMPLE, PRESETS } from '../../web/src/lib/presets.js';
import { planTrace } from '../../web/src/engine/trace-plan.js';

const engine = await sharedEngine();

test('every preset graph solves to the answer it is labelled with', () => {
  for (const preset of PRESETS.filter((p) => p.input)) {
    const r = engine.solveCatMouse(preset.input);
    assert.equal(r.answer, preset.answer, preset.label);
    if (preset.remoteness) assert.equal(r.remoteness[1 + 2 * r.n], preset.remoteness, preset.label);
    const naive = engine.dfsCatMouse(preset.input, { kind: 'naive', budget: 2_000_000 });
    if (r.n <= 7) assert.equal(naive.budgetExhausted, false, preset.label);
    if (!naive.budgetExhausted) assert.equal(naive.answer, preset.answer, `${preset.label}: naive DFS agrees`);
  }
});

test('memo DFS: a draw on the counterexample, and never a wrong winner on any preset', () => {
  for (const preset of PRESETS.filter((p) => p.input)) {
    const memo = engine.dfsCatMouse(preset.input, { kind: 'memo' });
    if (preset.input === COUNTEREXAMPLE) assert.equal(memo.answer, 0, 'memo says draw');
    assert.ok(memo.answer === preset.answer || memo.answer === 0, `${preset.label}: right, or a false draw`);
  }
});

test('trace plans: every event for small graphs, decisions only for big ones, none for huge ones', () => {
  assert.equal(planTrace(engine.parseCatMouse(PRESETS[0].input)).mode, 'fine');
  assert.equal(planTrace(engine.completeCatMouse(60)).mode, 'fine');
  assert.equal(planTrace(engine.completeCatMouse(200)).mode, 'coarse');
  assert.equal(planTrace(engine.randomCatMouse(2000, 4, 1)).mode, 'none');
  // The bound holds: a fine trace planned this way is never cut short.
  for (const seed of [1, 2, 3]) {
    const g = engine.randomCatMouse(80, 6, seed);
    const plan = planTrace(g);
    const r = engine.solveCatMouse(g.text, { traceCap: plan.traceCap, traceMask: plan.traceMask });
    assert.equal(r.truncated, false);
    assert.ok(r.trace.length / 4 <= plan.bound);
  }
});
