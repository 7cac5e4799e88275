// The GDL solve in steps (binding-gdl.js beginGdl, gdl-games.js), as the
// page's worker runs it, against the real WASM (pp-gdl): the same answer as
// the solve in one call, progress through the phases with the memory said
// before the solve takes it, Cancel between steps, and a memory budget too
// small for the game failing with a message that names the budget (a limit,
// not a problem in the rules).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { loadEngine } from '../../web/src/engine/binding.js';
import { bindGdl, GDL_BUDGET_MIB, GDL_MAX_STATES, gdlBudgetMiB } from '../../web/src/engine/binding-gdl.js';
import { GDL_WORKER_GAMES } from '../../web/src/engine/gdl-games.js';

const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
const { default: create } = await import(new URL('pp-gdl.mjs', wasmDir));
const engine = await loadEngine({ create, wasmBinary: await readFile(new URL('pp-gdl.wasm', wasmDir)) });
const gdl = bindGdl(engine.kit);
const example = (name) => readFile(new URL(`../../web/src/gdl/examples/${name}`, import.meta.url), 'utf8');

test('the page asks for the native state limit within a memory budget: 3 GiB, or a quarter of the device memory', () => {
  assert.equal(GDL_MAX_STATES, 1 << 24);
  assert.equal(GDL_BUDGET_MIB, 3072);
  assert.equal(gdlBudgetMiB(undefined), 3072); // the browser does not say
  assert.equal(gdlBudgetMiB(8), 2048);
  assert.equal(gdlBudgetMiB(4), 1024);
  assert.equal(gdlBudgetMiB(0.25), 64);
});

test('small steps give the one-call solve, with progress through every phase', async () => {
  const text = await example('connect3.kif');
  const whole = gdl.solveGdl(text, { traceCap: 'auto' });
  const job = gdl.beginGdl(text, { traceCap: 'auto' });
  const phases = [];
  let steps = 0;
  let said = 0;
  try {
    while (!job.step(500)) {
      steps++;
      const p = job.progress();
      if (phases.at(-1) !== p.phase) phases.push(p.phase);
      if (p.phase === 'link') said = p.bytes; // before the link step runs
      assert.ok(p.bytes > 0 && p.states > 0);
    }
    const r = job.finish();
    assert.deepEqual(phases, ['enumerate', 'link', 'solve']);
    assert.ok(steps > 10, `${steps} steps`);
    assert.ok(said > 0 && r.bytes > 0, 'the memory said before it was taken');
    assert.equal(r.states, whole.states);
    assert.deepEqual(r.outcome, whole.outcome);
    assert.deepEqual(r.value, whole.value);
    assert.deepEqual(r.remoteness, whole.remoteness);
    assert.deepEqual(r.trace, whole.trace);
    assert.equal(r.traceMode, 'fine');
  } finally {
    job.dispose();
  }
});

test('a trace too big to keep whole keeps the decisions: every state seeded or coloured once', async () => {
  const text = await example('connect3.kif');
  const job = gdl.beginGdl(text, { traceCap: 'auto', traceWholeMax: 1000 });
  try {
    while (!job.step(1 << 20));
    const r = job.finish();
    assert.equal(r.traceMode, 'coarse');
    const kinds = new Set();
    for (let i = 0; i < r.trace.length; i += 4) kinds.add(r.trace[i] & 0xff);
    assert.deepEqual([...kinds].sort(), [1, 5]); // SEED and COLOR only
    assert.ok(r.trace.length / 4 <= r.states);
  } finally {
    job.dispose();
  }
});

test('the worker entry stops at a cancel between steps and reports progress', async () => {
  const text = await example('connect3.kif');
  const seen = [];
  let asks = 0;
  const r = await GDL_WORKER_GAMES.gdl(
    engine,
    { input: text, trace: 'auto' },
    (_, p) => seen.push(p),
    () => ++asks >= 3,
  );
  assert.equal(r, null);
  assert.equal(asks, 3);
  // the grounding said before it starts (one long call), then the states found
  assert.deepEqual([seen[0].phase, seen[0].step], ['prepare', 'enumerate']);
  assert.ok(seen.length >= 2 && seen[1].phase === 'enumerate' && seen[1].states > 0);
  // and the engine goes on: the next solve finishes
  const done = await GDL_WORKER_GAMES.gdl(engine, { input: text, trace: 'auto' });
  assert.equal(done.states, gdl.solveGdl(text).states);
});

test('a memory budget too small fails as a limit that names it, not as a line of the rules', async () => {
  const text = await example('connect3.kif');
  await assert.rejects(
    GDL_WORKER_GAMES.gdl(engine, { input: text, trace: 'auto', budgetMiB: 1 }),
    (err) => err.status === 'limit' && /over the memory budget of 1 MiB/.test(err.message) && !/^line \d+/.test(err.message),
  );
});
