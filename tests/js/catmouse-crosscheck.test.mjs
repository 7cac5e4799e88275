// The C solver against an independent JS solver, state by state, on many
// random graphs of every density, including nodes where a player is stuck.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sharedEngine } from './helpers/engine.mjs';
import { listsOf, referenceSolve } from './helpers/reference.mjs';
import { stateId } from '../../web/src/lib/outcomes.js';

const engine = await sharedEngine();

function compare(graph, label) {
  const r = engine.solveCatMouse(graph.text);
  const ref = referenceSolve(listsOf(graph));
  assert.equal(r.answer, ref.answer, `${label}: answer`);
  const n = graph.n;
  for (let m = 0; m < n; m++) {
    for (let c = 1; c < n; c++) {
      for (let t = 0; t < 2; t++) {
        const s = stateId(n, m, c, t);
        if (r.outcomes[s] !== ref.outcome(m, c, t) || r.remoteness[s] !== ref.remoteness(m, c, t)) {
          assert.fail(
            `${label}: (mouse ${m}, cat ${c}, turn ${t}) C says ${r.outcomes[s]} in ${r.remoteness[s]}, ` +
              `reference ${ref.outcome(m, c, t)} in ${ref.remoteness(m, c, t)}\n${graph.text}`,
          );
        }
      }
    }
  }
  return r.answer;
}

test('random graphs from the C generator: 300 graphs, 3 to 40 nodes', () => {
  const answers = [0, 0, 0];
  let seed = 1;
  for (let n = 3; n <= 40; n += 1) {
    for (const degree of [1, 2, 3, 5, 8]) {
      if (degree >= n) continue;
      answers[compare(engine.randomCatMouse(n, degree, seed), `n=${n} d=${degree} seed=${seed}`)]++;
      seed++;
    }
  }
  // The sample must exercise every answer, or it checks too little.
  assert.ok(
    answers.every((count) => count > 0),
    `answers seen: ${answers}`,
  );
});

/** A small random valid graph made here, with isolated and dead-end nodes. */
function jsGraph(n, edgeChance, rand) {
  const sets = Array.from({ length: n }, () => new Set());
  const link = (a, b) => {
    sets[a].add(b);
    sets[b].add(a);
  };
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) if (rand() < edgeChance) link(a, b);
  if (sets[1].size === 0) link(1, 3 % n === 1 ? 0 : 3 % n);
  if (![...sets[2]].some((x) => x !== 0)) link(2, n > 3 ? 3 : 1);
  const lists = sets.map((s) => [...s].sort((x, y) => x - y));
  const offsets = new Int32Array(n + 1);
  lists.forEach((l, i) => (offsets[i + 1] = offsets[i] + l.length));
  return {
    n,
    offsets,
    adjacency: Int32Array.from(lists.flat()),
    text: `graph = ${JSON.stringify(lists)}`,
  };
}

test('random graphs made in JS: sparse ones with stuck players', () => {
  let x = 12345;
  const rand = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 200; i++) {
    const n = 3 + (i % 12);
    compare(jsGraph(n, 0.05 + (i % 7) * 0.08, rand), `js graph ${i}`);
  }
});
