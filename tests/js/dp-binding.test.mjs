// The DP exports (c/wasm/wasm_dp.c via binding-dp.js) against the real WASM: on
// every LeetCode example of every problem, with each of its algorithms, the
// answer, the statistics, the table, the optimal play and the trace agree
// with the native CLI (`build/perfect-play solve GAME INPUT --json`); bad
// input gets the CLI's own messages; the flawed exhibit is wrong on [1,2,99].
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DP_TRACE_CAP, bindDp } from '../../web/src/engine/binding-dp.js';
import { DP_WORKER_GAMES } from '../../web/src/engine/dp-games.js';
import { bigInput, everyExample, FLAWED_EXHIBIT } from '../../web/src/lib/dp-presets.js';
import { sharedEngine } from './helpers/engine.mjs';

const engine = await sharedEngine();
const dp = bindDp(engine.kit);
const CLI = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));
const noCli = !existsSync(CLI) && 'build/perfect-play not built';
const tmp = mkdtempSync(join(tmpdir(), 'pp-dp-'));

function cli(game, input, algo, extra = []) {
  return JSON.parse(execFileSync(CLI, ['solve', game, '--json', '--algo', algo, ...extra, input], { encoding: 'utf8' }));
}

/** Our flat table as the CLI prints it: rows of values, null where not computed. */
function rowsOf(r, column) {
  const out = [];
  for (let i = 0; i < r.rows; i++) {
    const row = [];
    for (let j = 0; j < r.cols; j++) {
      const k = i * r.cols + j;
      row.push(r.done[k] ? column[k] : null);
    }
    out.push(row);
  }
  return out;
}

test('every LeetCode example, every algorithm: the same answer, table, stats and replay as the CLI', { skip: noCli }, () => {
  const cases = everyExample();
  assert.ok(cases.length >= 40, `${cases.length} cases`);
  for (const { game, input, algo } of cases) {
    const what = `${game} ${algo} ${input}`;
    const want = cli(game, input, algo);
    const r = dp.solveDp(game, input, { algo, trace: 'auto' });
    assert.deepEqual(JSON.parse(r.answerText), want.answer, what);
    assert.deepEqual(
      { nodes: r.stats.nodes, reads: r.stats.reads, choices: r.stats.choices, calls: r.stats.calls, memo_hits: r.stats.memoHits, marks: r.stats.marks },
      want.stats,
      what,
    );
    assert.equal(r.period, Boolean(want.period), what);
    if (want.table) {
      assert.equal(r.rows, want.table.rows, what);
      assert.equal(r.cols, want.table.cols, what);
      assert.deepEqual(rowsOf(r, r.values), want.table.value, what);
      assert.deepEqual(rowsOf(r, r.choices), want.table.choice, what);
      if (want.table.second) assert.deepEqual(rowsOf(r, r.seconds), want.table.second, what);
      else assert.equal(r.seconds, null, what);
    }
    const replay = [];
    for (let i = 0; i < r.replay.length; i += 5) {
      const [player, cell, move, next, gain] = r.replay.subarray(i, i + 5);
      replay.push({ player, cell, move, next, gain });
    }
    assert.deepEqual(
      replay,
      want.replay.map(({ name, ...m }) => m),
      what,
    );
    assert.deepEqual(r.scores, want.scores, what);
    assert.equal(r.traceMode, 'fine', what);
    assert.equal(r.truncated, false, what);
  }
});

test("the traces are the CLI's, event for event", { skip: noCli }, () => {
  for (const { game, input, algo } of everyExample().filter((_, i) => i % 3 === 0)) {
    const file = join(tmp, 'trace.bin');
    cli(game, input, algo, ['--trace', file]);
    const bytes = readFileSync(file);
    const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
    const count = words[4];
    const r = dp.solveDp(game, input, { algo, trace: 'fine' });
    assert.deepEqual([...r.trace], [...words.subarray(8, 8 + count * 4)], `${game} ${algo} ${input}`);
  }
});

test("bad input: the CLI's one-line messages, as thrown errors", { skip: noCli }, () => {
  const over = `[${Array(1001).fill(1).join(',')}]`;
  const cases = [
    ['stone-game', over, /1,?000/],
    ['stone-game-v', `[${Array(501).fill(1).join(',')}]`, /500/],
    ['stone-game-iii', `[${Array(50001).fill(1).join(',')}]`, /50,?000/],
    ['stone-game', 'piles = [5,3,4,-2]', /piles\[3\] is -2: piles must be positive/],
    ['predict-the-winner', 'nums = [1,-5]', /nums\[1\] is -5/],
    ['stone-game-vii', 'stones = [5,3.5]', /expected an integer, found a number with a fraction/],
    ['stone-game', 'piles = [5,3,4,5', /no closing '\]'/],
    ['stone-game', '', /the input is empty/],
    ['can-i-win', 'maxChoosableInteger = 21, desiredTotal = 11', /20/],
    ['stone-game-iv', 'n = 0', /n/],
  ];
  for (const [game, input, pattern] of cases) {
    const out = spawnSync(CLI, ['solve', game, input], { encoding: 'utf8' });
    assert.equal(out.status, 2, `${game} ${input.slice(0, 40)}: the CLI refuses it`);
    const message = out.stderr.trim().replace(/^perfect-play: /, '');
    assert.throws(
      () => dp.solveDp(game, input),
      (err) => {
        assert.equal(err.name, 'EngineError');
        assert.equal(err.message, message, 'the same words as the CLI');
        assert.match(err.message, pattern);
        return true;
      },
    );
  }
});

test('unknown games and algorithms are refused by name', () => {
  assert.throws(() => dp.solveDp('stone-game-viii', '[1]'), /unknown game: stone-game-viii/);
  assert.throws(() => dp.solveDp('stone-game', '[1,2]', { algo: 'sieve' }), /stone-game has no algorithm sieve \(available: dp, diff\)/);
  assert.throws(() => dp.solveDp('stone-game', '[1,2]', { trace: 'some' }), /unknown trace mode/);
  assert.deepEqual(dp.algosOf('predict-the-winner'), ['dp', 'diff', 'flawed-memo']);
});

test('the flawed exhibit disagrees with the table on [1, 2, 99], by reusing a memo entry', () => {
  const { game, input, algo } = FLAWED_EXHIBIT;
  const flawed = dp.solveDp(game, input, { algo, trace: 'fine' });
  const sound = dp.solveDp(game, input, { algo: 'dp' });
  assert.equal(sound.answerText, 'true', 'player 1 takes 99 and wins');
  assert.equal(flawed.answerText, 'false');
  assert.ok(flawed.stats.memoHits >= 1, 'the memo answered a call');
  assert.equal(flawed.replay.length, 0, 'the exhibit has no replay');
});

test('the worker entry adds the sound answer to the exhibit and passes tree algorithms on', () => {
  const flawed = DP_WORKER_GAMES['predict-the-winner'](engine, { input: 'nums = [1,2,99]', algo: 'flawed-memo' }, () => {});
  assert.equal(flawed.answerText, 'false');
  assert.equal(flawed.truth.answerText, 'true');
  const tree = DP_WORKER_GAMES.nim(engine, { input: 'n = 5', algo: 'alphabeta', order: 'given' }, () => {});
  assert.ok('bound' in tree && !('answerText' in tree), 'a game-tree result');
  const table = DP_WORKER_GAMES.nim(engine, { input: 'n = 5' }, () => {});
  assert.equal(table.answerText, 'true');
  assert.equal(table.limits.nimTable, 100000);
});

// How fast the largest sizes answer is a figure of ./build.sh bench (bench_dp_wasm.mjs), not a test.
test('the largest sizes solve; over the trace budget the trace keeps the cells alone', () => {
  for (const [game, n] of [
    ['stone-game-vii', 1000],
    ['stone-game-v', 500],
    ['stone-game-iii', 50000],
  ]) {
    const r = dp.solveDp(game, bigInput(game, n), { trace: 'auto' });
    assert.ok(r.trace.length / 4 <= DP_TRACE_CAP, 'within the budget');
    if (r.traceMode === 'coarse') {
      for (let i = 0; i < r.trace.length; i += 4) assert.equal(r.trace[i] & 0xff, 20, 'DP_CELL only');
      assert.equal(r.trace.length / 4, r.stats.nodes, 'one event per cell');
    }
  }
  const big = dp.solveDp('stone-game-vii', bigInput('stone-game-vii', 1000), { trace: 'auto' });
  assert.equal(big.traceMode, 'coarse', '2.5 million events do not fit in 1 million');
  assert.equal(big.scores[0] - big.scores[1], big.values[999], 'the replay adds up to the answer');
});

test('timeSolves (the benchmark) solves the parsed input count times, as many cells each as solveDp', () => {
  for (const [game, input, algo] of [
    ['stone-game-vii', 'stones = [5,3,1,4,2]', 'dp'],
    ['can-i-win', 'maxChoosableInteger = 10, desiredTotal = 11', 'dp'],
    ['stone-game-iv', 'n = 7', 'sieve'],
  ]) {
    const { ms, cells } = dp.timeSolves(game, input, { algo, count: 3 });
    assert.equal(ms.length, 3);
    assert.ok(ms.every((t) => t >= 0));
    assert.equal(cells, dp.solveDp(game, input, { algo }).stats.nodes, game);
  }
  assert.throws(() => dp.timeSolves('stone-game-vii', '[1,x]'), /expected/);
});
