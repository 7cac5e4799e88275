// The chess endgame tables through the page's WASM module (pp-chess, as the
// worker loads it) answer as the native CLI does: the same --json answer for
// KQK, KRK, KPK (a position only a rook promotion wins), KQKR and a
// checkmate, the same message for a bad FEN; a table built in slices reports
// its BFS layers, which add up to the positions decided and end as the
// table's own histogram of mates.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../../web/src/engine/binding.js';
import { bindChess, FIRST_SLICE } from '../../web/src/engine/binding-chess.js';
import { CHESS_WORKER_GAMES } from '../../web/src/engine/chess-games.js';

const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
const cli = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));
const { default: create } = await import(new URL('pp-chess.mjs', wasmDir));
const eng = await loadEngine({ create, wasmBinary: await readFile(new URL('pp-chess.wasm', wasmDir)) });
const chess = bindChess(eng.kit);

/** The native CLI's --json answer, less its stats (time, cache). */
function native(fen) {
  const out = JSON.parse(execFileSync(cli, ['solve', 'chess-endgame', fen, '--json'], { encoding: 'utf8' }));
  delete out.stats;
  return out;
}
function wasm(fen) {
  const out = chess.solveFen(fen);
  assert.equal(typeof out.stats.table, 'string');
  delete out.stats;
  return out;
}

const POSITIONS = {
  'KQK, white to move': '8/8/8/3k4/8/8/8/KQ6 w - - 0 1',
  'KQK, black to move': '8/8/8/3k4/8/8/8/KQ6 b - - 0 1',
  'KQK, checkmated now': 'k7/1Q6/1K6/8/8/8/8/8 b - - 0 1',
  'KRK, colours reversed': '8/8/8/8/3K4/8/8/kr6 b - - 0 1',
  'KPK, only b8=R wins (b8=Q stalemates)': '8/1P6/k7/8/K7/8/8/8 w - - 0 1',
  'KPK, black to move': '8/8/8/4k3/8/8/3P4/3K4 b - - 0 1',
};

for (const [name, fen] of Object.entries(POSITIONS)) {
  test(`${name}: the CLI's answer`, () => {
    assert.deepEqual(wasm(fen), native(fen));
  });
}

test('the KPK underpromotion: the rook wins, the queen draws', () => {
  const a = wasm(POSITIONS['KPK, only b8=R wins (b8=Q stalemates)']);
  assert.equal(a.best, 'b7b8r');
  assert.equal(a.moves.find((m) => m.uci === 'b7b8q').outcome, 'draw');
});

test('KQKR: the longest mates (35 moves with white to move, 19 with black), as the CLI', () => {
  const stats = chess.tableStats('KQKR');
  assert.equal(stats.longest_win.white.moves, 35);
  assert.equal(stats.longest_win.black.moves, 19);
  for (const fen of [stats.longest_win.white.fen, stats.longest_win.black.fen, '8/8/8/8/2r5/8/2k5/K6Q b - - 0 1']) {
    assert.deepEqual(wasm(fen), native(fen));
  }
  assert.equal(wasm(stats.longest_win.white.fen).answer, 'mate in 35');
});

test("a bad FEN: the CLI's message", () => {
  for (const fen of ['8/8/8/8/8/8/8/KQ5k w - - 0 1', 'k7/8/8/8/8/8/8/KQ6 w KQ - 0 1', 'K7/k7/8/8/8/8/8/8 w - - 0 1', 'nonsense']) {
    const r = spawnSync(cli, ['solve', 'chess-endgame', fen], { encoding: 'utf8' });
    assert.equal(r.status, 2);
    assert.throws(
      () => chess.solveFen(fen),
      (err) => err.status === 'input' && r.stderr.includes(err.message),
    );
  }
  assert.throws(
    () => chess.buildTable('KQ'),
    (err) => err.status === 'input',
  );
});

test('a table built in slices: per-ply counts add up and end as its histogram', () => {
  chess.clearTables();
  const seen = [];
  const stats = chess.buildTable('KPK', { budget: 5000, onProgress: (p) => seen.push(p) });
  assert.equal(chess.tablesInCache(), 5); // KQK, KRK, KBK, KNK, then KPK
  assert.equal(stats.tables, 5);
  assert.ok(seen.length > 10, `${seen.length} progress reports`);
  for (const p of seen) {
    if (p.decided)
      assert.equal(
        p.perPly.reduce((a, b) => a + b, 0),
        p.decided,
      );
  }
  assert.deepEqual(new Set(seen.map((p) => p.material)), new Set(['KQK', 'KRK', 'KBK', 'KNK', 'KPK', '']));
  // ply 2N - 1: mate in N; ply 2N: mated in N
  const { mate_in: win, mated_in: loss } = stats.histogram;
  stats.perPly.forEach((count, ply) => {
    if (ply === 0) return;
    const n = ply % 2 ? (ply + 1) / 2 : ply / 2;
    assert.equal(count, (ply % 2 ? win[n] : loss[n]) ?? 0, `ply ${ply}`);
  });
  assert.equal(stats.longest_win.white.moves, 28);
  // built once: a second build has nothing to do
  const again = chess.buildTable('KPK');
  assert.equal(again.tables, 0);
});

test("a build's slices start short and double up to the budget (V8 swaps its optimized code in early)", () => {
  chess.clearTables();
  const seen = [];
  const budget = 1 << 16;
  chess.buildTable('KRK', { budget, onProgress: (p) => seen.push(p) });
  // seen[0]: before the first slice; seen[k]: after slice k, of budget FIRST_SLICE * 2^(k - 1) at most
  // (a slice ends after the state that reached it: at most 256 relaxations more; a table's first
  // slice seeds it and relaxes nothing)
  const slices = seen.slice(1).map((p, i) => p.relaxations - seen[i].relaxations);
  assert.ok(slices.length > 8, `${slices.length} slices`);
  slices.forEach((d, k) => {
    const cap = Math.min(budget, FIRST_SLICE * 2 ** k) + 256;
    assert.ok(d <= cap, `slice ${k + 1}: ${d} relaxations, over ${cap}`);
  });
  assert.ok(
    slices.some((d) => d >= budget),
    'the budget is reached',
  );
});

test('the worker entry: build (no warm-up build: only what the build made is cached), probe, map', async () => {
  const game = CHESS_WORKER_GAMES['chess-endgame'];
  chess.clearTables();
  const progress = [];
  const built = await game(eng, { op: 'build', material: 'KRK', budget: 2000 }, (r, p) => progress.push(p));
  assert.equal(built.longest_win.white.moves, 16);
  assert.equal(chess.tablesInCache(), built.tables);
  assert.ok(progress.some((p) => p.chess.material === 'KRK'));
  assert.equal((await game(eng, { op: 'probe', fen: '8/8/8/8/3K4/8/8/kr6 b - - 0 1' }, () => {})).answer, native('8/8/8/8/3K4/8/8/kr6 b - - 0 1').answer);
  const map = await game(eng, { op: 'map', fens: ['k7/1Q6/1K6/8/8/8/8/8 b - - 0 1', 'K7/k7/8/8/8/8/8/8 w - - 0 1'] }, () => {});
  assert.deepEqual(map.answers[0], { outcome: 'loss', dtm: 0, plies: 0 });
  assert.match(map.answers[1].error, /king/);
});

test("a FEN is checked before any table is built: its table, or the CLI's message", async () => {
  chess.clearTables();
  assert.equal(chess.checkFen('8/8/8/8/2r5/8/2k5/K6Q w - - 0 1'), 'KQKR');
  assert.equal(chess.checkFen('8/8/8/8/2R5/8/2K5/k6q b - - 0 1'), 'KQKR');
  assert.equal(chess.checkFen('8/8/8/3k4/8/8/8/K7 w - - 0 1'), 'KK');
  assert.equal(chess.tablesInCache(), 0);
  const game = CHESS_WORKER_GAMES['chess-endgame'];
  await assert.rejects(
    game(eng, { op: 'build', fen: 'K7/k7/8/8/8/8/8/8 w - - 0 1' }, () => {}),
    /king/,
  );
  assert.equal(chess.tablesInCache(), 0);
  assert.equal((await game(eng, { op: 'build', fen: '8/8/8/3k4/8/8/8/K7 w - - 0 1' }, () => {})).answer.answer, 'draw');
});
