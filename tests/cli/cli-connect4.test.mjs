// cli-connect4.test.mjs: `solve connect-four`: the community's
// scored examples, exact errors naming the move, every stage agreeing with
// plain minimax on random late positions, and small boards from the empty
// board against John Tromp's published table of game values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomPlay, rng } from '../js/helpers/random-play.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'build/perfect-play');
const STAGES = ['minimax', 'alphabeta', 'centre-first', 'bitboard', 'tt', 'iterative', 'anticipate', 'threats', 'strongest'];

function run(args, input) {
  const r = spawnSync(cli, ['solve', 'connect-four', ...args], { input, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('the scored examples of the Connect Four solver community (7x6)', () => {
  assert.deepEqual(run(['4455']), { status: 0, stdout: '18\n', stderr: '' });
  assert.equal(run(['44455554221']).stdout, '-15\n');
  assert.equal(run(['44455554221', '--weak']).stdout, '-1\n');
  const lines = run(['-'], '4455\n44455554221\n').stdout;
  assert.equal(lines, '18\n-15\n');
});

test('--json: best moves, the score of every column, positions explored', () => {
  const j = JSON.parse(run(['4455', '--json']).stdout);
  assert.equal(j.answer, 18);
  assert.deepEqual(j.best_moves, [3, 6]);
  assert.equal(j.columns.length, 7);
  assert.equal(Math.max(...j.columns), 18);
  assert.ok(j.stats.nodes > 0);
  assert.equal(typeof j.time_ms, 'number');
});

test('impossible sequences exit 2 naming the move and why', () => {
  const cases = [
    ['48', "move 2 ('8'): column 8 is off the board"],
    ['44x', "move 3 ('x'): not a column"],
    ['4444444', "move 7 ('4'): column 4 is full"],
    ['12121212', "move 8 ('2'): the game is already won"],
    ['1212121', "move 7 ('1'): wins the game"],
  ];
  for (const [seq, msg] of cases) {
    const r = run([seq]);
    assert.equal(r.status, 2, seq);
    assert.ok(r.stderr.includes(msg), `${seq}: ${r.stderr}`);
  }
  assert.equal(run(['', '--size', '9x7']).status, 2);
  assert.equal(run(['', '--algo', 'magic']).status, 2);
});

// Random play that stops before a win (random-play.mjs).
function randomPosition(rand, w, h, stones) {
  for (;;) {
    const seq = randomPlay(rand, w, h, stones);
    // keep it only if the game is not already won (the CLI exits 2 then)
    const r = run([seq, '--size', `${w}x${h}`, '--algo', 'strongest']);
    if (r.status === 0) return seq;
  }
}

test('every stage returns the same exact score as plain minimax on random late positions', () => {
  const rand = rng(16);
  for (const [w, h, stones] of [
    [7, 6, 30],
    [5, 4, 8],
    [4, 4, 4],
    [6, 5, 20],
  ]) {
    for (let i = 0; i < 3; i++) {
      const seq = randomPosition(rand, w, h, stones);
      const scores = STAGES.map((a) => {
        const r = run([seq, '--size', `${w}x${h}`, '--algo', a, '--budget', '50000000']);
        assert.equal(r.status, 0, `${a} ${seq}: ${r.stderr}`);
        return Number(r.stdout);
      });
      assert.deepEqual(scores, new Array(STAGES.length).fill(scores[0]), `${w}x${h} ${seq}`);
    }
  }
});

// Tromp's table (width x height): 4x4, 5x4, 5x5, 6x5, 7x4 draws; 6x4 a second-player
// win (8x4 and 6x6, also second-player wins, take seconds: too slow for the test run).
test('small boards from the empty board match the published results', () => {
  for (const [size, sign] of [
    ['4x4', 0],
    ['5x4', 0],
    ['5x5', 0],
    ['6x5', 0],
    ['7x4', 0],
    ['6x4', -1],
  ]) {
    const r = run(['', '--size', size, '--weak']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(Number(r.stdout), sign, size);
  }
});

test('--trace writes the root search of a dedicated stage: its probes, table hits and score as --json counts them', async () => {
  const { mkdtempSync, readFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'pp-c4-trace-'));
  const txt = join(dir, 'c4.txt');
  const r = run(['444555666', '--size', '6x5', '--algo', 'iterative', '--json', '--trace', txt]);
  assert.equal(r.status, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.equal(j.trace.truncated, false);
  const lines = readFileSync(txt, 'utf8').trim().split('\n');
  assert.match(lines[0], new RegExp(`^# perfect-play trace v1, ${j.trace.events} events$`));
  assert.equal(lines.length - 1, j.trace.events);
  assert.equal(lines.filter((l) => l.startsWith('C4_PROBE ')).length, j.trace.probes);
  assert.equal(lines.filter((l) => l.startsWith('AB_HIT ')).length, j.trace.tt_hits);
  assert.ok(j.trace.probes > 1 && j.trace.tt_hits > 0);
  assert.equal(lines[1], `AB_ENTER 0 [-10,11] (step 11)`); // 21 cells left: a loss at -10 at worst, a win at 11 at best
  assert.equal(lines.at(-2), `C4_BOUNDS 0 [${j.answer},${j.answer}] (step 14)`);
  assert.equal(lines.at(-1), `AB_EXIT 0 ${j.answer} exact (step 15)`);
  const bin = join(dir, 'c4.bin');
  assert.equal(run(['444555666', '--size', '6x5', '--algo', 'strongest', '--trace', bin]).status, 0);
  const b = readFileSync(bin);
  assert.equal(b.subarray(0, 7).toString(), 'PPTRACE');
  assert.equal(b.readUInt32LE(16) * 16 + 32, b.length);
  const bad = run(['-', '--trace', txt], '4455\n');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--trace records one search/);
});
