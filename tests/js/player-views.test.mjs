// The plain modules behind the player's views: board layout, the
// neighbourhood of a state, the "why" chain, and the memo search's blame.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EXAMPLE_1, sharedEngine } from './helpers/engine.mjs';
import { listsOf, referenceSolve } from './helpers/reference.mjs';
import { circleLayout, edgeAt, graphDistances, layoutGraph, layoutStress, MAX_LAYOUT_NODES, nodeAt } from '../../web/src/lib/graph-layout.js';
import { childrenOf, initialDegrees, parentsOf, stateName } from '../../web/src/lib/catmouse.js';
import { neighbourhoodOf, parentEffect } from '../../web/src/lib/neighbourhood.js';
import { principalLine, whyDecided } from '../../web/src/lib/why.js';
import { stateId, stateOf } from '../../web/src/lib/outcomes.js';
import { memoDifferences, traceBlame } from '../../web/src/player/dfs-blame.js';
import { pixelOf } from '../../web/src/lib/draw-grid.js';
import { argA, kindAt, EV } from '../../web/src/player/events.js';

const engine = await sharedEngine();
export const COUNTEREXAMPLE = 'graph = [[2,3],[4,5],[0,3],[0,2,4],[1,3,5],[1,4]]';

test('layout: deterministic, finite, in the unit square, nodes apart', () => {
  for (const [n, deg, seed] of [
    [6, 2, 1],
    [30, 3, 2],
    [50, 4, 3],
    [200, 3, 4],
  ]) {
    const g = engine.randomCatMouse(n, deg, seed);
    const a = layoutGraph(g);
    const b = layoutGraph(engine.randomCatMouse(n, deg, seed));
    assert.deepEqual(a, b, `same graph, same layout (n = ${n})`);
    assert.equal(a.length, 2 * n);
    for (const v of a) assert.ok(Number.isFinite(v) && v >= 0 && v <= 1, `inside the square: ${v}`);
    let closest = Infinity;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) closest = Math.min(closest, Math.hypot(a[2 * i] - a[2 * j], a[2 * i + 1] - a[2 * j + 1]));
    }
    assert.ok(closest > 1e-4, `no two nodes on one spot (n = ${n}: ${closest})`);
  }
});

test('layout: stress majorization beats the circle it starts from', () => {
  for (const seed of [1, 2, 3]) {
    const g = engine.randomCatMouse(40, 3, seed);
    assert.ok(layoutStress(g, layoutGraph(g)) < 0.6 * layoutStress(g, circleLayout(g.n)));
  }
});

test('layout: above the limit a circle; a path graph comes out nearly straight', () => {
  const big = engine.completeCatMouse(MAX_LAYOUT_NODES + 1);
  assert.deepEqual(layoutGraph(big), circleLayout(big.n));
  const path = engine.parseCatMouse('[[1],[0,2],[1,3],[2,4],[3]]');
  const pos = layoutGraph(path);
  const ends = Math.hypot(pos[0] - pos[8], pos[1] - pos[9]);
  const neighbour = Math.hypot(pos[0] - pos[2], pos[1] - pos[3]);
  assert.ok(ends > 3.5 * neighbour, 'the ends of a path are far apart');
});

test('graph distances and hit testing', () => {
  const g = engine.parseCatMouse(EXAMPLE_1);
  const d = graphDistances(g);
  assert.equal(d[0 * 6 + 0], 0);
  assert.equal(d[0 * 6 + 2], 1);
  assert.equal(d[1 * 6 + 0], 3); // 1 - 3 - 2 - 0
  const pos = new Float64Array([0, 0, 1, 0, 1, 1, 0, 1, 0.5, 0.5, 0.2, 0.8]);
  assert.equal(nodeAt(pos, 0.02, 0.01, 0.05), 0);
  assert.equal(nodeAt(pos, 0.3, 0.3, 0.05), -1);
  // Edge 2-4 runs from (1,1) to (0.5,0.5).
  assert.deepEqual(edgeAt(g, pos, 0.76, 0.74, 0.03), [2, 4]);
  assert.equal(edgeAt(g, pos, 0.6, 0.2, 0.03), null);
});

test("moves: children and parents agree with each other and with the C solver's counters", () => {
  const { text } = engine.randomCatMouse(15, 3, 9);
  const r = engine.solveCatMouse(text, { degrees: true });
  const deg = initialDegrees(r);
  for (let s = 0; s < 2 * r.n * r.n; s++) {
    for (const t of childrenOf(r, s)) {
      const { mouse, cat } = stateOf(r.n, t);
      if (mouse !== 0 && mouse !== cat) assert.ok(parentsOf(r, t).includes(s), `${s} -> ${t}`);
    }
    const { mouse, cat } = stateOf(r.n, s);
    if (cat !== 0 && mouse !== 0 && mouse !== cat) assert.equal(childrenOf(r, s).length, deg[s]);
  }
  assert.equal(stateName(6, stateId(6, 4, 3, 1)), '(4,3,cat)');
  assert.equal(stateName(6, stateId(6, 5, 3, 0)), '(5,3,mouse)');
});

test('grid pixels: each state of a grid has its own pixel, row = mouse, column = cat', () => {
  const n = 7;
  for (const turn of [0, 1]) {
    const seen = new Set();
    for (let m = 0; m < n; m++) {
      for (let c = 0; c < n; c++) {
        const px = pixelOf(n, stateId(n, m, c, turn));
        assert.equal(px, m * n + c);
        seen.add(px);
      }
    }
    assert.equal(seen.size, n * n);
  }
});

test('neighbourhood: cut at the limit, counted in full; what a parent learns', () => {
  const g = engine.completeCatMouse(20);
  const s = stateId(20, 5, 7, 0);
  const nb = neighbourhoodOf(g, s, 8);
  assert.equal(nb.children.length, 8);
  assert.equal(nb.childCount, 19);
  assert.equal(nb.parentCount, 17); // cat came from any node but 0, 5 and 7
  const parent = nb.parents[0]; // cat to move
  assert.equal(parentEffect(20, parent, 2), 'wins');
  assert.equal(parentEffect(20, parent, 1), 'drops');
  assert.equal(parentEffect(20, parent, 0), 'waits');
});

test('why: a win names its winning child, a loss all its children, down to a terminal state', () => {
  for (const seed of [3, 4, 5]) {
    const { text } = engine.randomCatMouse(12, 2, seed);
    const r = engine.solveCatMouse(text);
    const ref = referenceSolve(listsOf(r));
    for (let s = 0; s < r.outcomes.length; s++) {
      const why = whyDecided(r, r, s);
      const { mouse, cat, turn } = stateOf(r.n, s);
      assert.equal(why.outcome, ref.outcome(mouse, cat, turn));
      if (why.kind === 'win') {
        assert.equal(r.outcomes[why.decisive], r.outcomes[s], 'a win moves into a win');
        assert.equal(r.remoteness[why.decisive] + 1, r.remoteness[s]);
      } else if (why.kind === 'loss') {
        for (const t of why.children) assert.equal(r.outcomes[t], r.outcomes[s], 'every move loses');
        assert.ok(why.children.includes(why.decisive));
      }
      if (why.kind === 'win' || why.kind === 'loss') {
        const line = principalLine(r, s);
        assert.equal(line.length, r.remoteness[s] + 1, 'one move per step of remoteness');
        assert.ok(['terminal', 'stuck'].includes(whyDecided(r, r, line.at(-1)).kind));
      }
    }
  }
});

test('memo DFS counterexample: the wrong labels, and the cycle cuts they rest on', () => {
  const truth = engine.solveCatMouse(COUNTEREXAMPLE);
  const memo = engine.dfsCatMouse(COUNTEREXAMPLE, { kind: 'memo', traceCap: 10000 });
  const naive = engine.dfsCatMouse(COUNTEREXAMPLE, { kind: 'naive', traceCap: 10000 });
  assert.equal(truth.answer, 2, 'the cat wins');
  assert.equal(truth.remoteness[stateId(6, 1, 2, 0)], 6, 'in 6');
  assert.equal(memo.answer, 0, 'memo DFS says draw');
  assert.equal(naive.answer, 2, 'naive DFS agrees with retrograde');
  const name = (s) => stateName(6, s);
  const wrong = memoDifferences(memo.labels, truth.outcomes);
  assert.deepEqual(wrong.map((w) => name(w.state)).sort(), [
    '(1,2,cat)',
    '(1,2,mouse)',
    '(1,3,mouse)',
    '(4,2,mouse)',
    '(5,2,cat)',
    '(5,2,mouse)',
    '(5,3,mouse)',
  ]);
  for (const w of wrong) assert.deepEqual([w.memo, w.truth], [0, 2], 'false draws of cat wins');
  assert.equal(truth.remoteness[stateId(6, 5, 3, 0)], 4, '(5,3,mouse): the cat wins in 4');

  // The events the page's explanation names.
  const t = memo.trace;
  const at = (i) => [kindAt(t, i), name(argA(t, i))];
  assert.deepEqual(at(45), [EV.CYCLE, '(4,3,cat)'], 'event 45: the cut');
  assert.deepEqual(at(47), [EV.EXIT, '(5,3,mouse)'], 'event 47: (5,3,mouse) stored as a draw');
  assert.deepEqual(at(83), [EV.MEMO_HIT, '(5,2,cat)'], 'event 83: read back from the memo');
  assert.deepEqual(at(85), [EV.EXIT, '(1,2,mouse)'], 'event 85: the start stored as a draw');
  const ids = (arr) => arr;
  const blame = traceBlame(t, truth.outcomes);
  const explain = (m, c, turn) => blame.explain(stateId(6, m, c, turn));
  assert.deepEqual(explain(1, 2, 0), { stored: 85, cuts: [45], chain: ids([85, 83, 49, 47, 45]) });
  assert.deepEqual(explain(5, 3, 0).cuts, [45]);
  assert.deepEqual(explain(5, 2, 1).cuts, [45]);
  assert.deepEqual(explain(4, 2, 0).cuts, [34, 45]);
  assert.deepEqual(explain(1, 3, 0).cuts, [57]);
  assert.deepEqual(explain(1, 2, 1).cuts, [57]);
  assert.deepEqual(explain(5, 2, 0).cuts, [57, 63]);
  assert.equal(explain(4, 3, 1), null, '(4,3,cat) stored a cat win: nothing to blame');
});

test('memo DFS on random graphs: every wrong label is a false draw resting on a lying cut', () => {
  let seen = 0;
  for (let seed = 1; seed <= 40; seed++) {
    const { text } = engine.randomCatMouse(8 + (seed % 10), 2, seed);
    const truth = engine.solveCatMouse(text);
    const memo = engine.dfsCatMouse(text, { kind: 'memo', traceCap: 1_000_000 });
    const blame = traceBlame(memo.trace, truth.outcomes);
    for (const w of memoDifferences(memo.labels, truth.outcomes)) {
      seen++;
      assert.equal(w.memo, 0);
      const why = blame.explain(w.state);
      assert.ok(why.cuts.length > 0, `seed ${seed}: a cut behind ${w.state}`);
      for (const c of why.cuts) {
        assert.equal(kindAt(memo.trace, c), EV.CYCLE);
        assert.notEqual(truth.outcomes[argA(memo.trace, c)], 0, 'the cut state is not really a draw');
      }
      assert.equal(why.chain[0], why.stored);
      assert.equal(why.chain.at(-1), why.cuts.at(-1));
    }
  }
  assert.ok(seen > 0, 'some random graph shows the flaw');
});
