// The layer player (layer-model.js) against the event trace of the same
// solve: after layer k, exactly the states the fine trace has decided once
// every decision of remoteness < k is applied, with the same outcomes; and
// the engine kept across solves (keep: true) gives the fresh engine's answers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sharedEngine } from './helpers/engine.mjs';
import { createLayerModel, layerIndex } from '../../web/src/player/layer-model.js';
import { createPlayer } from '../../web/src/player/player.js';
import { argA, argC, EV, eventCount, kindAt } from '../../web/src/player/events.js';
import { stateId } from '../../web/src/lib/outcomes.js';

test("layer k of the layer model is the trace's decisions of remoteness below k, forward and back", async () => {
  const engine = await sharedEngine();
  for (const [n, degree, seed] of [
    [12, 3, 1],
    [30, 4, 2],
    [45, 3, 3],
    [60, 6, 4],
  ]) {
    const { text } = engine.randomCatMouse(n, degree, seed);
    const fine = engine.solveCatMouse(text, { traceCap: 1 << 22 });
    assert.equal(fine.truncated, false);
    const model = createLayerModel(fine);
    const player = createPlayer(model);
    // The trace's decisions with the remoteness each was made at, in order.
    const decisions = [];
    for (let i = 0; i < eventCount(fine.trace); i++) {
      const k = kindAt(fine.trace, i);
      if (k === EV.SEED || k === EV.COLOR) decisions.push([argA(fine.trace, i), argC(fine.trace, i)]);
    }
    // BFS order: remoteness never drops along the queue (the invariant layer playback relies on).
    for (let j = 1; j < decisions.length; j++) assert.ok(decisions[j][1] >= decisions[j - 1][1]);
    const expectAt = (k) => {
      const want = new Set(decisions.filter(([, r]) => r < k).map(([s]) => s));
      for (let s = 0; s < model.nstates; s++) {
        const decided = model.values[s] === 1 || model.values[s] === 2;
        assert.equal(decided, want.has(s), `n=${n} layer ${k} state ${s}`);
        if (decided) {
          assert.equal(model.values[s], fine.outcomes[s]);
          assert.equal(model.remote[s], fine.remoteness[s]);
        }
      }
      assert.equal(model.decided.total, want.size);
    };
    assert.ok(model.count >= 1);
    for (let k = 0; k <= model.count; k++) {
      player.seek(k);
      expectAt(k);
    }
    for (let k = model.count; k >= 0; k -= 2) {
      player.seek(k);
      expectAt(k);
    }
    // Each state's layer is its remoteness; a draw has none.
    for (let s = 0; s < model.nstates; s++) {
      const o = fine.outcomes[s];
      assert.equal(model.decidedAt(s), o === 1 || o === 2 ? fine.remoteness[s] : -1);
    }
  }
});

test('an engine kept across solves of different sizes answers as a fresh one, and says it reused its memory', async () => {
  const engine = await sharedEngine();
  let first = true;
  for (const [n, degree, seed] of [
    [80, 4, 5],
    [20, 3, 6],
    [120, 5, 7],
    [120, 3, 8],
    [7, 2, 9],
  ]) {
    const { text } = engine.randomCatMouse(n, degree, seed);
    const fresh = engine.solveCatMouse(text);
    const job = engine.beginCatMouse(text, { keep: true });
    try {
      assert.equal(job.reused, !first);
      // the solve's cell (a byte up to 31 moves a state, as here) and queue slot (5 bytes a state:
      // c/solvers/retrograde.c) and the views' 9
      assert.ok(job.bytes >= (5 + 9) * 2 * n * n, 'the stated bytes cover the engine and the views');
      let steps = 0;
      while (!job.step(1000)) {
        steps++;
        const p = job.progress();
        assert.ok(p.decided <= p.states && p.ply >= 0);
      }
      const kept = job.finish();
      assert.deepEqual(kept.outcomes, fresh.outcomes);
      assert.deepEqual(kept.remoteness, fresh.remoteness);
      assert.deepEqual(kept.cause, fresh.cause);
      assert.equal(kept.answer, fresh.answer);
      if (n >= 80) assert.ok(steps > 0, 'a budget of 1000 edges takes several slices');
    } finally {
      job.dispose();
    }
    first = false;
  }
});

test('without a cause array, "why?" derives a deciding child from outcomes and remoteness alone', async () => {
  const { derivedCause, principalLine, whyDecided } = await import('../../web/src/lib/why.js');
  const { childrenOf } = await import('../../web/src/lib/catmouse.js');
  const engine = await sharedEngine();
  for (const [n, degree, seed] of [
    [15, 3, 11],
    [40, 4, 12],
    [70, 5, 13],
  ]) {
    const { text } = engine.randomCatMouse(n, degree, seed);
    const full = engine.solveCatMouse(text);
    const job = engine.beginCatMouse(text, { keep: true });
    let bare;
    try {
      while (!job.step(1 << 20));
      bare = job.finish({ cause: false });
    } finally {
      job.dispose();
    }
    assert.equal(bare.cause, null);
    assert.deepEqual(bare.outcomes, full.outcomes);
    for (let s = 0; s < 2 * n * n; s++) {
      const o = full.outcomes[s];
      const r = full.remoteness[s];
      const c = derivedCause(full, full.outcomes, full.remoteness, s);
      if ((o !== 1 && o !== 2) || r <= 0) {
        assert.equal(c, -1);
        continue;
      }
      // A real move, to a child of the same winner one move nearer the end,
      // as the BFS's own cause is (ties may pick another such child).
      assert.ok(childrenOf(full, s).includes(c));
      assert.equal(full.outcomes[c], o);
      assert.equal(full.remoteness[c], r - 1);
      assert.equal(full.outcomes[full.cause[s]], o);
      assert.equal(full.remoteness[full.cause[s]], r - 1);
      assert.equal(whyDecided(bare, bare, s).decisive, c);
      // The derived line walks down to the end, one remoteness a move.
      const line = principalLine(bare, s);
      assert.equal(line.length, r + 1);
      line.forEach((t, i) => assert.equal(bare.remoteness[t], r - i));
    }
  }
});

test('the layer model starts at its last layer, the picture its layers build from the first, with an index made elsewhere', async () => {
  const engine = await sharedEngine();
  for (const [n, degree, seed] of [
    [12, 3, 21],
    [50, 4, 22],
    [90, 7, 23],
  ]) {
    const { text } = engine.randomCatMouse(n, degree, seed);
    const result = engine.solveCatMouse(text);
    const own = createLayerModel(result);
    // The worker's index, as it crosses to the page (a structured clone).
    const model = createLayerModel({ ...result, layerIndex: structuredClone(layerIndex(result, { grids: true })) });
    assert.equal(model.madeAt, model.count);
    assert.equal(own.gridValues(0), null, 'an index made without grids has none');
    // The grids in pixel order (row: the mouse's node, column: the cat's; the hole column invalid).
    for (const turn of [0, 1]) {
      const grid = model.gridValues(turn);
      assert.equal(grid.length, n * n);
      for (let mouse = 0; mouse < n; mouse++) {
        for (let cat = 0; cat < n; cat++) {
          assert.equal(grid[mouse * n + cat], cat === 0 ? 3 : model.values[stateId(n, mouse, cat, turn)], `n=${n} turn ${turn} (${mouse}, ${cat})`);
        }
      }
    }
    const player = createPlayer(model);
    assert.equal(player.cursor, model.count);
    assert.ok(player.atEnd());
    const atEnd = model.snapshot();
    assert.deepEqual(own.snapshot(), atEnd);
    // Back to the start: nothing decided, invalid states only; then every layer again.
    player.seek(0);
    assert.equal(model.gridValues(0), null, 'once a layer moves, the grids are painted from the picture');
    for (let s = 0; s < model.nstates; s++) {
      assert.equal(model.values[s], result.outcomes[s] === 3 ? 3 : 0, `n=${n} state ${s} at the start`);
      assert.equal(model.remote[s], -1);
    }
    assert.equal(model.decided.total, 0);
    player.seek(model.count);
    assert.deepEqual(model.snapshot(), atEnd);
    for (const turn of [0, 1]) assert.deepEqual(model.turnCounts(turn), own.turnCounts(turn));
    // The final picture is the solve's: outcomes, and remoteness where decided.
    for (let s = 0; s < model.nstates; s++) {
      const o = result.outcomes[s];
      assert.equal(model.values[s], o);
      assert.equal(model.remote[s], o === 1 || o === 2 ? result.remoteness[s] : -1);
    }
    // A second model of the same result has its own picture, not the first one's.
    player.seek(0);
    const other = createLayerModel(model.graph);
    assert.deepEqual(other.snapshot(), atEnd);
    assert.equal(other.gridValues(0), null);
    assert.equal(model.decided.total, 0);
  }
});
