// connect4-trace.test.mjs: the dedicated stages' traced search through the
// real WASM (binding-connect4.js solveTraced, and the worker's entry on the
// page's pp-c4 module): the same score and positions as the untraced solve
// and the native CLI, every table hit and null-window probe in the trace as
// the C counts them and as the untraced solve's probes, the trace cut at its
// cap or stopped by the budget kept and flagged.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../../web/src/engine/binding.js';
import { bindConnect4 } from '../../web/src/engine/binding-connect4.js';
import { CONNECT4_WORKER_GAMES } from '../../web/src/engine/connect4-games.js';
import { argA, argB, argC, eventCount, kindAt, stepAt } from '../../web/src/player/events.js';
import { AB } from '../../web/src/lib/tree-events.js';
import { C4_EV, C4_STEP, buildC4Model } from '../../web/src/lib/c4-trace.js';
import { readMoves } from '../../web/src/lib/connect4.js';
import { sharedEngine } from './helpers/engine.mjs';
import { randomPlay, rng } from './helpers/random-play.mjs';

const engine = await sharedEngine();
const c4 = bindConnect4(engine.kit);
const CLI = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));
const DEDICATED = ['bitboard', 'tt', 'iterative', 'anticipate', 'threats', 'strongest'];

const cli = (moves, algo) => JSON.parse(execFileSync(CLI, ['solve', 'connect-four', '--json', '--algo', algo, moves], { encoding: 'utf8' }));

function positions(seed, stones, count) {
  const rand = rng(seed);
  const out = [];
  while (out.length < count) {
    const seq = randomPlay(rand, 7, 6, stones);
    const r = readMoves(seq, 7, 6);
    if (!r.error && !r.four && !r.full) out.push(seq);
  }
  return out;
}

/** The trace's table hits, probes ([med, answer, lo, hi]) and nodes entered. */
function readTrace(trace) {
  let hits = 0;
  let entered = 0;
  const probes = [];
  for (let i = 0; i < eventCount(trace); i++) {
    const k = kindAt(trace, i);
    if (k === AB.HIT) hits++;
    else if (k === AB.ENTER && stepAt(trace, i) === C4_STEP.ENTER) entered++;
    else if (k === C4_EV.PROBE) probes.push([argB(trace, i)]);
    else if (k === AB.VALUE && stepAt(trace, i) === C4_STEP.ANSWER) probes.at(-1).push(argC(trace, i));
    else if (k === C4_EV.BOUNDS) probes.at(-1).push(argB(trace, i), argC(trace, i));
  }
  return { hits, entered, probes };
}

test('every dedicated stage traced: the untraced score and positions, the CLI score, hits and probes as counted', () => {
  let sawHit = 0;
  let sawProbes = 0;
  for (const seq of positions(21, 22, 5)) {
    for (const stage of DEDICATED) {
      const want = cli(seq, stage);
      const plain = c4.solve(7, 6, seq, { stage, fresh: true });
      const t = c4.solveTraced(7, 6, seq, { stage });
      assert.equal(t.score, want.answer, `${stage} ${seq}`);
      assert.equal(t.nodes, plain.nodes, `${stage} ${seq}: positions explored`);
      assert.equal(t.stopped, false);
      if (t.truncated) continue;
      const r = readTrace(t.trace);
      assert.equal(r.entered, t.nodes, `${stage} ${seq}: a node entered for each position`);
      assert.equal(r.hits, t.stats.ttHits, `${stage} ${seq}: table hits`);
      if (stage === 'bitboard') assert.equal(r.hits, 0);
      assert.deepEqual(
        r.probes,
        (plain.probes ?? []).map((p) => [p.window[0], p.answer, p.lo, p.hi]),
        `${stage} ${seq}: probes`,
      );
      assert.equal(r.probes.length, t.stats.probes);
      // the player's model: its running counts end on the C's totals, a hit's outcome as the C counted cuts
      const m = buildC4Model({ ...t, moves: seq });
      assert.equal(m.hitsUpTo[m.count], t.stats.ttHits);
      assert.equal(m.storesUpTo[m.count], t.stats.ttStores, `${stage} ${seq}: stores`);
      assert.equal(m.cutsUpTo[m.count], t.stats.cutoffs);
      let cuts = 0;
      for (let i = 0; i < m.count; i++) if (kindAt(t.trace, i) === AB.HIT && m.hitOutcome(i) === 'cut') cuts++;
      assert.equal(cuts, t.stats.ttCuts, `${stage} ${seq}: hits that cut`);
      assert.deepEqual(
        m.probesAt(m.count).map((p) => [p.med, p.answer, p.lo, p.hi]),
        r.probes,
      );
      sawHit += r.hits > 0;
      sawProbes += r.probes.length > 1;
    }
  }
  assert.ok(sawHit >= 5 && sawProbes >= 5, `hits in ${sawHit} traces, probes in ${sawProbes}`);
});

test('a trace cut at its cap, and a search stopped by its budget, keep their first events', () => {
  const seq = '1234567123456712'; // 26,192 positions by the strongest stage
  const cut = c4.solveTraced(7, 6, seq, { stage: 'strongest', traceCap: 500 });
  assert.equal(cut.score, -2);
  assert.equal(cut.truncated, true);
  assert.equal(eventCount(cut.trace), 500);
  const stopped = c4.solveTraced(7, 6, seq, { stage: 'strongest', budget: 1000 });
  assert.equal(stopped.stopped, true);
  assert.equal(stopped.score, null);
  assert.equal(stopped.nodes, 1000);
  assert.ok(eventCount(stopped.trace) > 1000);
  assert.equal(argA(stopped.trace, 0), 0, 'the solve is node 0');
  assert.throws(() => c4.solveTraced(7, 6, '4444444'), /column 4 is full/);
});

test("the worker's entry on the page's pp-c4 module: a dedicated stage's search is traced", async () => {
  const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
  const { default: create } = await import(new URL('pp-c4.mjs', wasmDir));
  const eng = await loadEngine({ create, wasmBinary: await readFile(new URL('pp-c4.wasm', wasmDir)) });
  const solve = CONNECT4_WORKER_GAMES['connect-four'];
  const seq = '1234567123456712';
  const r = await solve(eng, { kind: 'search', size: '7x6', moves: seq, stage: 'threats', trace: 'auto' }, () => {});
  assert.equal(r.dedicated, true);
  assert.equal(r.score, cli(seq, 'threats').answer);
  const { hits, probes } = readTrace(r.trace);
  assert.ok(hits > 0 && probes.length > 1);
  assert.deepEqual(probes.at(-1).slice(2), [r.score, r.score], 'the last probe closes the bounds on the score');
});
