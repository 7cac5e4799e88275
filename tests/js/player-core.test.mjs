// The player core on real traces from the WASM solvers: the picture at any
// event is the same whichever way the cursor got there, the end of the trace
// is the solver's final answer, and a step back costs one event.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EXAMPLE_1, sharedEngine } from './helpers/engine.mjs';
import { createRetroModel } from '../../web/src/player/retro-model.js';
import { createDfsModel, UNSEEN } from '../../web/src/player/dfs-model.js';
import { createPlayer } from '../../web/src/player/player.js';
import { EV, kindAt, argA } from '../../web/src/player/events.js';
import { TRACE_COARSE } from '../../web/src/engine/binding.js';

const engine = await sharedEngine();

function retroPlayer(text, options = {}) {
  const r = engine.solveCatMouse(text, { traceCap: 4_000_000, degrees: true, ...options });
  const model = createRetroModel(r, r.trace, { coarse: options.traceMask === TRACE_COARSE });
  return { r, model, player: createPlayer(model) };
}

/** A few cursors spread over the trace, always with 0, 1, count-1 and count. */
function probes(count, many = 12) {
  const set = new Set([0, 1, Math.max(0, count - 1), count]);
  for (let i = 1; i < many; i++) set.add(Math.floor((count * i) / many));
  return [...set].filter((k) => k >= 0 && k <= count).sort((a, b) => a - b);
}

/** Forward to each probe, then to the end, then back to each probe: equal pictures. */
function assertReversible(player) {
  const ks = probes(player.count);
  const forward = new Map();
  for (const k of ks) {
    player.seek(k);
    forward.set(k, player.model.snapshot());
  }
  player.toEnd();
  for (const k of [...ks].reverse()) {
    while (player.cursor > k) player.back(); // one event at a time
    assert.deepEqual(player.model.snapshot(), forward.get(k), `the picture at event ${k}, coming back`);
  }
}

test('retrograde, example 1: every cursor gives the same picture forward and back', () => {
  const { player } = retroPlayer(EXAMPLE_1);
  const forward = [];
  for (let k = 0; k <= player.count; k++) {
    player.seek(k);
    forward.push(player.model.snapshot());
  }
  for (let k = player.count; k >= 0; k--) {
    player.seek(k);
    assert.deepEqual(player.model.snapshot(), forward[k], `event ${k}`);
  }
});

test("retrograde, random graphs: reversible, and the end is the solver's final arrays", () => {
  for (let seed = 1; seed <= 12; seed++) {
    const n = 4 + ((seed * 7) % 23);
    const { text } = engine.randomCatMouse(n, 1 + (seed % 4), seed);
    const { r, player, model } = retroPlayer(text);
    assert.equal(r.truncated, false);
    assertReversible(player);
    player.toEnd();
    assert.deepEqual(model.outcome, r.outcomes, `outcomes, seed ${seed}`);
    assert.deepEqual(model.remote, r.remoteness, `remoteness, seed ${seed}`);
    assert.deepEqual(model.degree, r.degrees, `counters, seed ${seed}`);
    assert.equal(model.head, r.stats.pops);
    assert.equal(model.tail, r.stats.decided);
    assert.equal(model.decided.mouse, r.stats.wins[0]);
    assert.equal(model.decided.cat, r.stats.wins[1]);
    player.toStart();
    assert.equal(model.tail, 0);
    assert.ok(model.remote.every((v) => v === -1));
  }
});

test('the coarse trace (decisions only) ends on the same outcomes and remoteness', () => {
  const { text } = engine.randomCatMouse(40, 3, 5);
  const { r, player, model } = retroPlayer(text, { traceMask: TRACE_COARSE });
  assert.ok(model.coarse);
  for (let i = 0; i < player.count; i++) {
    const k = kindAt(r.trace, i);
    assert.ok(k === EV.SEED || k === EV.COLOR);
  }
  assert.equal(player.count, r.stats.decided);
  assertReversible(player);
  player.toEnd();
  assert.deepEqual(model.outcome, r.outcomes);
  assert.deepEqual(model.remote, r.remoteness);
});

test('stepping by decisions, and jumping to the one that decides a state', () => {
  const { r, player, model } = retroPlayer(EXAMPLE_1);
  player.nextMarker();
  assert.equal(player.current, model.markers[0]);
  assert.equal(kindAt(r.trace, player.current), EV.SEED);
  player.nextMarker();
  assert.equal(player.current, model.markers[1]);
  player.prevMarker();
  assert.equal(player.current, model.markers[0]);
  player.prevMarker();
  assert.equal(player.cursor, 0);
  // Between two decisions: back to the last one.
  const j = model.markers.findIndex((m, i) => i > 0 && m - model.markers[i - 1] > 2) - 1;
  player.seek(model.markers[j] + 2);
  player.prevMarker();
  assert.equal(player.current, model.markers[j]);
  player.toEnd();
  player.nextMarker();
  assert.equal(player.cursor, player.count);

  const start = 1 + 2 * 6; // (mouse 1, cat 2, mouse to move)
  assert.equal(r.outcomes[start], 0, 'example 1 is a draw: never decided');
  assert.equal(player.toDecision(start), false);
  const someWin = r.outcomes.findIndex((o, s) => o === 2 && r.remoteness[s] > 2);
  assert.ok(player.toDecision(someWin));
  assert.equal(argA(r.trace, player.current), someWin);
  assert.equal(kindAt(r.trace, player.current), EV.COLOR);
  assert.equal(model.outcome[someWin], 2);
  player.back();
  assert.equal(model.outcome[someWin], 0, 'one event earlier it is undecided');
});

test('memo DFS, random graphs: reversible, and its labels at the end are the memo', () => {
  for (let seed = 1; seed <= 12; seed++) {
    const n = 4 + ((seed * 5) % 17);
    const { text } = engine.randomCatMouse(n, 1 + (seed % 3), seed);
    const d = engine.dfsCatMouse(text, { kind: 'memo', traceCap: 4_000_000 });
    assert.equal(d.truncated, false);
    const model = createDfsModel(d, d.trace, { kind: 'memo' });
    const player = createPlayer(model);
    assertReversible(player);
    player.toEnd();
    assert.deepEqual(model.label, d.labels, `labels, seed ${seed}`);
    assert.equal(model.depth, 0, 'the path is empty at the end');
    assert.ok(model.onPath.every((v) => v === 0));
    assert.equal(model.counts.enters, d.stats.nodes);
    assert.equal(model.counts.leaves, d.stats.leaves);
    assert.equal(model.counts.cycles, d.stats.cycles);
    assert.equal(model.counts.memoHits, d.stats.memoHits);
  }
});

test('naive DFS: the path follows ENTER/EXIT, and the last result per state steps back', () => {
  const d = engine.dfsCatMouse(EXAMPLE_1, { kind: 'naive', traceCap: 4_000_000 });
  const model = createDfsModel(d, d.trace, { kind: 'naive' });
  const player = createPlayer(model);
  assertReversible(player);
  player.toEnd();
  assert.equal(model.depth, 0);
  const start = 1 + 2 * 6;
  assert.equal(model.label[start], d.answer, "the start's last result is the answer");
  assert.ok(
    d.labels.every((v) => v === UNSEEN),
    'the naive search stores nothing',
  );
  // The deepest path seen is the search's own maximum depth.
  let deepest = 0;
  player.toStart();
  while (player.forward()) deepest = Math.max(deepest, model.depth);
  assert.equal(deepest, d.stats.maxDepth);
});

test('a naive search that runs out of budget: a trace that ends mid-path', () => {
  const { text } = engine.randomCatMouse(12, 3, 1);
  const d = engine.dfsCatMouse(text, { kind: 'naive', budget: 500, traceCap: 4_000_000 });
  assert.equal(d.budgetExhausted, true);
  assert.equal(d.answer, null);
  assert.equal(d.stats.nodes, 500);
  const model = createDfsModel(d, d.trace, { kind: 'naive' });
  const player = createPlayer(model);
  player.toEnd();
  assert.ok(model.depth > 0, 'the search stopped with calls still open');
  assertReversible(player);
});

test('a 1,000,000-event trace: one step back costs one event, wherever the cursor is', () => {
  const { text } = engine.completeCatMouse(170);
  const r = engine.solveCatMouse(text, { traceCap: 1_000_000 });
  assert.equal(r.trace.length / 4, 1_000_000);
  assert.equal(r.truncated, true, 'the solve itself goes on past the cap');
  const model = createRetroModel(r, r.trace);
  const player = createPlayer(model);
  player.toEnd();
  assert.equal(model.work, 1_000_000, 'to the end: one application per event');
  for (const k of [1_000_000, 999_999, 500_000, 1]) {
    player.seek(k);
    const before = model.work;
    player.back();
    assert.equal(model.work - before, 1, `one event of work to step back from ${k}`);
    player.forward();
    assert.equal(model.work - before, 2, 'and one to step forward again');
  }
  // By decision too: the cost is the distance to the previous decision, no more.
  player.toEnd();
  const before = model.work;
  const last = model.markers[model.markers.length - 1];
  player.prevMarker();
  assert.equal(player.current, last);
  assert.equal(model.work - before, 1_000_000 - (last + 1));
});
