// The coarse trace derived after an untraced solve (the page's big
// solves run untraced) against the one the traced solve records, and the
// "why?" child derived from its decision order against the engine's cause
// array, on random graphs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EXAMPLE_1, EXAMPLE_2, CAT_WINS_GRAPH, freshEngine, sharedEngine } from './helpers/engine.mjs';
import { rng } from './helpers/random-play.mjs';
import { TRACE_COARSE } from '../../web/src/engine/binding.js';
import { planTrace } from '../../web/src/engine/trace-plan.js';
import { createRetroModel } from '../../web/src/player/retro-model.js';
import { derivedCause, principalLine, whyDecided } from '../../web/src/lib/why.js';

const engine = await sharedEngine();

/** A random undirected graph in LeetCode's form, every node with a neighbour (nodes 1 and 2 one besides 0). */
function randomGraph(rand, n, p) {
  const adj = Array.from({ length: n }, () => new Set());
  const link = (a, b) => {
    adj[a].add(b);
    adj[b].add(a);
  };
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) if (rand() < p) link(a, b);
  for (let a = 0; a < n; a++) {
    if (adj[a].size === 0 || ((a === 1 || a === 2) && [...adj[a]].every((b) => b === 0))) {
      let b;
      do b = 1 + Math.floor(rand() * (n - 1));
      while (b === a);
      link(a, b);
    }
  }
  return `graph = ${JSON.stringify(adj.map((s) => [...s].sort((x, y) => x - y)))}`;
}

/** The graphs: the problem's examples, the C generator's (sparse to dense) and our own, small to a few hundred nodes. */
function graphs() {
  const list = [EXAMPLE_1, EXAMPLE_2, CAT_WINS_GRAPH];
  for (const [n, degree, seed] of [
    [12, 2, 1],
    [30, 3, 2],
    [60, 4, 3],
    [120, 6, 4],
    [200, 8, 5],
    [300, 3, 6],
  ]) {
    list.push(engine.randomCatMouse(n, degree, seed).text);
  }
  list.push(engine.completeCatMouse(40).text);
  const rand = rng(913);
  for (let i = 0; i < 12; i++) {
    const n = 3 + Math.floor(rand() * 60);
    list.push(randomGraph(rand, n, 0.02 + rand() * 0.4));
  }
  return list;
}

const recordedPlan = (graph) => ({ traceCap: 2 * graph.n * graph.n, traceMask: TRACE_COARSE });
const derivedPlan = (graph) => ({ ...recordedPlan(graph), derive: true, cause: false });

test('the derived coarse trace is the recorded one, record for record, on random graphs', () => {
  let decisions = 0;
  for (const text of graphs()) {
    const recorded = engine.solveCatMouse(text, { planTrace: recordedPlan });
    const derived = engine.solveCatMouse(text, { planTrace: derivedPlan });
    assert.equal(recorded.truncated, false);
    assert.equal(derived.truncated, false);
    assert.equal(derived.trace.length, recorded.trace.length, text.slice(0, 60));
    assert.equal(derived.trace.length / 4, recorded.stats.decided, 'one record a decision');
    assert.deepEqual(derived.trace, recorded.trace, text.slice(0, 60));
    assert.equal(derived.traceMask, TRACE_COARSE);
    assert.deepEqual(derived.outcomes, recorded.outcomes);
    assert.deepEqual(derived.remoteness, recorded.remoteness);
    assert.deepEqual(derived.stats, recorded.stats);
    assert.equal(derived.cause, null, 'no cause array built');
    assert.equal(derived.traceDerived, true, 'the engine ran untraced');
    assert.equal(recorded.traceDerived, undefined);
    decisions += recorded.stats.decided;
  }
  assert.ok(decisions > 100_000, `enough decisions compared (${decisions})`);
});

test('derived in the engine kept across solves (the page reuses it), bigger and smaller graphs in turn', async () => {
  const eng = await freshEngine();
  for (const text of graphs().reverse()) {
    const recorded = engine.solveCatMouse(text, { planTrace: recordedPlan });
    const derived = eng.solveCatMouse(text, { planTrace: derivedPlan, keep: true });
    assert.deepEqual(derived.trace, recorded.trace);
  }
});

test('"why?" from the decision order names exactly the child the engine recorded as the cause', () => {
  let checked = 0;
  let differs = 0; // states where the first child at r - 1 is not the BFS's: the order matters there
  for (const text of graphs()) {
    const full = engine.solveCatMouse(text, { planTrace: recordedPlan }); // cause array built
    const bare = engine.solveCatMouse(text, { planTrace: derivedPlan });
    const model = createRetroModel(bare, bare.trace, { coarse: true });
    for (let s = 0; s < full.outcomes.length; s++) {
      if (full.remoteness[s] <= 0) continue;
      const c = derivedCause(bare, bare.outcomes, bare.remoteness, s, model.decidedAt);
      assert.equal(c, full.cause[s], `state ${s} of ${text.slice(0, 40)}`);
      assert.equal(whyDecided(bare, bare, s, model.decidedAt).decisive, full.cause[s]);
      if (derivedCause(bare, bare.outcomes, bare.remoteness, s) !== c) differs++;
      checked++;
    }
    for (let s = 0; s < full.outcomes.length; s += 97) {
      if (full.remoteness[s] > 0) assert.deepEqual(principalLine(bare, s, 1000, model.decidedAt), principalLine(full, s));
    }
  }
  assert.ok(checked > 50_000, `enough states checked (${checked})`);
  assert.ok(differs > 0, 'some states have several candidate children, so the test can tell the orders apart');
});

test('the page plans the derived trace for coarse graphs only', () => {
  const coarse = planTrace(engine.completeCatMouse(200));
  assert.equal(coarse.mode, 'coarse');
  assert.equal(coarse.derive, true);
  const fine = planTrace(engine.parseCatMouse(EXAMPLE_1));
  assert.equal(fine.mode, 'fine');
  assert.ok(!fine.derive, 'small graphs keep the fine, recorded trace');
});

test('only the coarse trace can be derived', () => {
  assert.throws(() => engine.solveCatMouse(EXAMPLE_1, { planTrace: () => ({ traceCap: 100, traceMask: 0, derive: true }) }), /only the coarse trace/);
});
