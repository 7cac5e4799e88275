// connect4-progress.test.mjs: the dedicated stages' progress hook through the
// real WASM: reports during one long call with the positions
// explored and bounds that hold the score, the same answer and count as
// without it, a report that asks to stop cancels (status 'cancelled') and the
// solver answers exactly after; the worker's entry passes the reports on.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { loadEngine } from '../../web/src/engine/binding.js';
import { C4_PROGRESS_LOG2, bindConnect4 } from '../../web/src/engine/binding-connect4.js';
import { CONNECT4_WORKER_GAMES } from '../../web/src/engine/connect4-games.js';
import { sharedEngine } from './helpers/engine.mjs';

const engine = await sharedEngine();
const every = 2 ** C4_PROGRESS_LOG2;

// 6x5 after 34: hundreds of thousands of positions for the strongest stage.
const W = 6,
  H = 5,
  MOVES = '34';

test('progress during one solve: in order, bounds holding the score, nothing changed by it', () => {
  const plain = bindConnect4(engine.kit).solve(W, H, MOVES, { fresh: true });
  for (const stage of ['threats', 'strongest']) {
    const want = bindConnect4(engine.kit).solve(W, H, MOVES, { stage, fresh: true });
    const seen = [];
    const got = bindConnect4(engine.kit).solve(W, H, MOVES, { stage, fresh: true, onProgress: (p) => void seen.push(p) });
    assert.equal(got.score, want.score);
    assert.equal(got.score, plain.score);
    assert.equal(got.nodes, want.nodes, 'the hook changes no count');
    assert.equal(seen.length, Math.floor((want.nodes - 1) / every), `${stage}: one report each 2^${C4_PROGRESS_LOG2} positions`);
    assert.ok(seen.length >= 2, `${stage}: ${want.nodes} positions make at least two reports`);
    seen.forEach((p, i) => {
      assert.equal(p.nodes, (i + 1) * every);
      assert.ok(p.lo <= want.score && want.score <= p.hi, `${stage}: [${p.lo}, ${p.hi}] holds ${want.score}`);
      assert.ok(p.window >= p.lo && p.window <= p.hi);
      if (i) assert.ok(p.lo >= seen[i - 1].lo && p.hi <= seen[i - 1].hi, 'the bounds only narrow');
      assert.ok(p.ms >= 0);
    });
  }
});

test('a report that returns true cancels the solve; the same solver then answers exactly', () => {
  const c4 = bindConnect4(engine.kit);
  const want = bindConnect4(engine.kit).solve(W, H, MOVES, { fresh: true });
  let calls = 0;
  assert.throws(
    () => c4.solve(W, H, MOVES, { onProgress: () => ++calls === 2 }),
    (err) => err.status === 'cancelled' && /cancelled/.test(err.message) && err.nodes === 2 * every,
  );
  assert.equal(calls, 2);
  assert.equal(c4.solve(W, H, MOVES).score, want.score);
  assert.equal(c4.solve(W, H, MOVES, { onProgress: () => false }).score, want.score);
  // the analysis: every column's bounds, from the mover's side, hold that column's score
  const seen = [];
  const a = c4.analyse(6, 4, '', { onProgress: (p) => void seen.push(p) });
  assert.equal(a.score, -1); // Tromp: on 6x4 the second player wins, with the last stone
  assert.ok(seen.length > 0);
  for (const p of seen) {
    const col = a.columns[p.column - 1];
    assert.ok(p.lo <= col && col <= p.hi, `column ${p.column}: [${p.lo}, ${p.hi}] holds ${col}`);
    assert.ok(p.done < p.total);
  }
});

test("the worker's entry reports positions, bounds and the column or stage on the page's pp-c4 module", async () => {
  const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
  const { default: create } = await import(new URL('pp-c4.mjs', wasmDir));
  const eng = await loadEngine({ create, wasmBinary: await readFile(new URL('pp-c4.wasm', wasmDir)) });
  const solve = CONNECT4_WORKER_GAMES['connect-four'];
  const seen = [];
  const a = await solve(eng, { kind: 'analyse', size: `${W}x${H}`, moves: MOVES }, (d, more) => seen.push({ d, ...more }));
  const during = seen.filter((p) => p.nodes !== undefined);
  assert.ok(during.length > 0, 'reports during the columns');
  for (const p of during) {
    assert.ok(p.column >= 1 && p.column <= W && p.lo <= a.columns[p.column - 1] && a.columns[p.column - 1] <= p.hi);
    assert.ok(p.nodes <= a.nodes && p.ms >= 0);
  }
  const cmpSeen = [];
  const cmp = await solve(eng, { kind: 'compare', size: `${W}x${H}`, moves: MOVES, stages: ['threats', 'strongest'] }, (d, more) =>
    cmpSeen.push({ d, ...more }),
  );
  const stages = cmpSeen.filter((p) => p.stage);
  assert.deepEqual([...new Set(stages.map((p) => p.stage))], ['threats', 'strongest']);
  const later = stages.find((p) => p.stage === 'strongest');
  assert.ok(later.nodes > cmp.runs[0].nodes, 'the count goes on from the stages before');
  assert.equal(later.nodes - cmp.runs[0].nodes, later.stageNodes);
  for (const p of stages) assert.ok(p.lo <= cmp.runs[0].score && cmp.runs[0].score <= p.hi);
});
