// cli-dp.test.mjs: `perfect-play solve` for the stone games and friends
// (DESIGN.md's contract): every LeetCode example printed as LeetCode prints
// it, --algo, --json (answer, stats, table, replay), --trace against the
// golden logs, stdin, and exit 2 with one line on bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'build/perfect-play');

function run(args, input) {
  const r = spawnSync(cli, args, { input, encoding: 'utf8', maxBuffer: 1 << 28 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function json(args) {
  const r = run([...args, '--json']);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

// [game, LeetCode's "Input:", LeetCode's "Output:"]
const EXAMPLES = [
  ['stone-game', 'piles = [5,3,4,5]', 'true'],
  ['stone-game', 'piles = [3,7,2,3]', 'true'],
  ['stone-game-ii', 'piles = [2,7,9,4,4]', '10'],
  ['stone-game-ii', 'piles = [1,2,3,4,5,100]', '104'],
  ['stone-game-iii', 'stoneValue = [1,2,3,7]', '"Bob"'],
  ['stone-game-iii', 'stoneValue = [1,2,3,-9]', '"Alice"'],
  ['stone-game-iii', 'stoneValue = [1,2,3,6]', '"Tie"'],
  ['stone-game-iii', 'values = [1,2,3,-1,-2,-3,7]', '"Alice"'],
  ['stone-game-iii', 'values = [-1,-2,-3]', '"Tie"'],
  ['stone-game-iv', 'n = 1', 'true'],
  ['stone-game-iv', 'n = 2', 'false'],
  ['stone-game-iv', 'n = 4', 'true'],
  ['stone-game-iv', 'n = 7', 'false'],
  ['stone-game-iv', 'n = 17', 'false'],
  ['stone-game-v', 'stoneValue = [6,2,3,4,5,5]', '18'],
  ['stone-game-v', 'stoneValue = [7,7,7,7,7,7,7]', '28'],
  ['stone-game-v', 'stoneValue = [4]', '0'],
  ['stone-game-vi', 'aliceValues = [1,3], bobValues = [2,1]', '1'],
  ['stone-game-vi', 'aliceValues = [1,2], bobValues = [3,1]', '0'],
  ['stone-game-vi', 'aliceValues = [2,4,3], bobValues = [1,6,7]', '-1'],
  ['stone-game-vii', 'stones = [5,3,1,4,2]', '6'],
  ['stone-game-vii', 'stones = [7,90,5,1,100,10,10,2]', '122'],
  ['nim', 'n = 4', 'false'],
  ['nim', 'n = 1', 'true'],
  ['nim', 'n = 2', 'true'],
  ['can-i-win', 'maxChoosableInteger = 10, desiredTotal = 11', 'false'],
  ['can-i-win', 'maxChoosableInteger = 10, desiredTotal = 0', 'true'],
  ['can-i-win', 'maxChoosableInteger = 10, desiredTotal = 1', 'true'],
  ['predict-the-winner', 'nums = [1,5,2]', 'false'],
  ['predict-the-winner', 'nums = [1,5,233,7]', 'true'],
];

const OTHER_ALGOS = {
  'stone-game': ['diff'],
  'predict-the-winner': ['diff'],
  'stone-game-iv': ['sieve'],
  nim: ['sieve'],
  'stone-game-vi': ['exhaustive'],
};

test('every LeetCode example prints as LeetCode prints the output, by every algorithm', () => {
  for (const [game, input, output] of EXAMPLES) {
    assert.deepEqual(run(['solve', game, input]), { status: 0, stdout: `${output}\n`, stderr: '' }, `${game} ${input}`);
    for (const algo of ['dp', ...(OTHER_ALGOS[game] ?? [])]) {
      assert.equal(run(['solve', game, input, '--algo', algo]).stdout, `${output}\n`, `${game} ${algo} ${input}`);
    }
  }
});

test('the bare values in order, and INPUT - from standard input', () => {
  assert.equal(run(['solve', 'stone-game-vi', '[2,4,3], [1,6,7]']).stdout, '-1\n');
  assert.equal(run(['solve', 'can-i-win', '10, 11']).stdout, 'false\n');
  assert.equal(run(['solve', 'nim', '2147483647']).stdout, 'true\n');
  assert.equal(run(['solve', 'stone-game-ii', '-'], 'piles = [2,7,\n9,4,4]\n').stdout, '10\n');
});

test('flawed-memo: the teaching exhibit is wrong on [1,2,99]', () => {
  assert.equal(run(['solve', 'predict-the-winner', 'nums = [1,2,99]']).stdout, 'true\n');
  assert.equal(run(['solve', 'predict-the-winner', 'nums = [1,2,99]', '--algo', 'flawed-memo']).stdout, 'false\n');
  const j = json(['solve', 'predict-the-winner', '[1,2,99]', '--algo', 'flawed-memo']);
  assert.equal(j.answer, false);
  assert.equal(j.correct_answer, true);
  assert.equal(j.stats.memo_hits, 1);
  assert.equal(j.table.value[1][1], 0); // the stale entry
  assert.deepEqual(j.replay, []);
});

test('--json: the answer as LeetCode types it, nodes = cells computed, the table, a replay that adds up', () => {
  const sg = json(['solve', 'stone-game', 'piles = [5,3,4,5]']);
  assert.equal(sg.game, 'stone-game');
  assert.equal(sg.leetcode, 877);
  assert.equal(sg.algo, 'dp');
  assert.equal(sg.answer, true);
  assert.equal(sg.stats.nodes, 10); // the cells with i <= j of a 4 x 4 table
  assert.equal(sg.table.value.flat().filter((v) => v !== null).length, sg.stats.nodes);
  assert.deepEqual(sg.table.value[0], [5, 5, 8, 9]);
  assert.deepEqual(sg.table.second[0], [0, 3, 4, 8]);
  assert.equal(sg.table.value[3][0], null);
  assert.deepEqual(sg.scores, [9, 8]);
  assert.equal(
    sg.replay.reduce((s, m) => s + (m.player === 0 ? m.gain : 0), 0),
    9,
  );
  assert.deepEqual(
    sg.replay.map((m) => m.name),
    ['(0,3)', '(1,3)', '(1,2)', '(1,1)'],
  );

  const iii = json(['solve', 'stone-game-iii', 'stoneValue = [1,2,3,7]']);
  assert.equal(iii.answer, 'Bob');
  assert.deepEqual(iii.table.value, [[6, 12, 10, 7, 0]]);
  assert.deepEqual(iii.scores, [6, 7]);

  const vii = json(['solve', 'stone-game-vii', 'stones = [5,3,1,4,2]']);
  assert.equal(vii.answer, 6);
  assert.equal(vii.table.second, undefined); // the difference form: one number a cell
  assert.deepEqual(
    vii.replay.map((m) => m.gain),
    [13, 8, 5, 4, 0],
  );
  assert.equal(vii.scores[0] - vii.scores[1], 6);

  const v = json(['solve', 'stone-game-v', 'stoneValue = [6,2,3,4,5,5]']);
  assert.equal(v.answer, 18);
  assert.deepEqual(
    v.replay.map((m) => [m.move, m.gain]),
    [
      [2, 11],
      [0, 5],
      [1, 2],
    ],
  );

  const vi = json(['solve', 'stone-game-vi', '[2,4,3], [1,6,7]', '--algo', 'exhaustive']);
  assert.equal(vi.answer, -1);
  assert.equal(vi.table.cols, 8);
  assert.equal(vi.table.value[0][0], vi.scores[0] - vi.scores[1]);

  const iv = json(['solve', 'stone-game-iv', 'n = 7', '--algo', 'sieve']);
  assert.deepEqual(iv.table.value, [[0, 1, 0, 1, 1, 0, 1, 0]]);
  assert.equal(iv.stats.marks, 5);
  assert.equal(iv.replay.at(-1).player, 1); // Bob takes the last stone

  const ciw = json(['solve', 'can-i-win', 'maxChoosableInteger = 10, desiredTotal = 11']);
  assert.equal(ciw.answer, false);
  assert.ok(ciw.stats.calls > ciw.stats.nodes && ciw.stats.memo_hits > 0);
  assert.equal(ciw.table.cols, 1024);
  assert.equal(ciw.replay.at(-1).player, 1);
  assert.ok(ciw.replay.reduce((s, m) => s + m.gain, 0) >= 11);
});

test('nim: a table up to 100000, the period beyond', () => {
  const small = json(['solve', 'nim', 'n = 12']);
  assert.deepEqual(small.table.value[0], [0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0]);
  const big = json(['solve', 'nim', 'n = 2147483647']);
  assert.equal(big.answer, true);
  assert.equal(big.period, true);
  assert.equal(big.table, null);
  assert.equal(big.stats.nodes, 0);
  assert.equal(run(['solve', 'nim', 'n = 2147483644']).stdout, 'false\n');
});

const GOLDEN = [
  ['dp_stone_game', 'stone-game', 'dp', 'piles = [5,3,4,5]'],
  ['dp_predict_the_winner_diff', 'predict-the-winner', 'diff', 'nums = [1,5,2]'],
  ['dp_predict_the_winner_flawed_memo', 'predict-the-winner', 'flawed-memo', 'nums = [1,2,99]'],
  ['dp_stone_game_ii', 'stone-game-ii', 'dp', 'piles = [2,7,9,4,4]'],
  ['dp_stone_game_iii', 'stone-game-iii', 'dp', 'stoneValue = [1,2,3,7]'],
  ['dp_stone_game_iv', 'stone-game-iv', 'dp', 'n = 7'],
  ['dp_stone_game_iv_sieve', 'stone-game-iv', 'sieve', 'n = 7'],
  ['dp_stone_game_v', 'stone-game-v', 'dp', 'stoneValue = [6,2,3,4,5,5]'],
  ['dp_stone_game_vi', 'stone-game-vi', 'dp', 'aliceValues = [2,4,3], bobValues = [1,6,7]'],
  ['dp_stone_game_vi_exhaustive', 'stone-game-vi', 'exhaustive', 'aliceValues = [1,3], bobValues = [2,1]'],
  ['dp_stone_game_vii', 'stone-game-vii', 'dp', 'stones = [5,3,1,4,2]'],
  ['dp_nim', 'nim', 'dp', 'n = 5'],
  ['dp_can_i_win', 'can-i-win', 'dp', 'maxChoosableInteger = 4, desiredTotal = 7'],
];

test('--trace writes the golden logs (text) and the binary format', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pp-cli-dp-'));
  for (const [name, game, algo, input] of GOLDEN) {
    const txt = join(dir, `${name}.txt`);
    const bin = join(dir, `${name}.bin`);
    assert.equal(run(['solve', game, input, '--algo', algo, '--trace', txt]).status, 0);
    const golden = readFileSync(join(root, `tests/c/golden/${name}.txt`), 'utf8');
    assert.equal(readFileSync(txt, 'utf8'), golden, name);
    const j = json(['solve', game, input, '--algo', algo, '--trace', bin]);
    const b = readFileSync(bin);
    assert.equal(b.subarray(0, 7).toString(), 'PPTRACE');
    const count = b.readUInt32LE(16);
    assert.equal(count, j.trace.events);
    assert.equal(b.length, 32 + count * 16);
    assert.equal(b.readUInt32LE(24), j.table.rows * j.table.cols); // states: the cells
    assert.equal(golden.split('\n').filter((l) => l && !l.startsWith('#')).length, count);
    // every record is one of the DP kinds (20 to 27)
    for (let i = 0; i < count; i++) {
      const kind = b.readUInt32LE(32 + i * 16) & 0xff;
      assert.ok(kind >= 20 && kind <= 27, `${name}: kind ${kind}`);
    }
  }
  const capped = json(['solve', 'stone-game-v', 'stoneValue = [6,2,3,4,5,5]', '--trace', join(dir, 'c.txt'), '--trace-cap', '7']);
  assert.deepEqual(capped.trace, { events: 7, truncated: true });
  assert.equal(capped.answer, 18);
});

test('the largest inputs this tool takes are solved', () => {
  const piles = (n, v) => `[${Array.from({ length: n }, (_, i) => v(i)).join(',')}]`;
  assert.equal(
    run(
      ['solve', 'stone-game-vii', '-'],
      piles(1000, (i) => ((i * 37) % 1000) + 1),
    ).status,
    0,
  );
  assert.equal(
    run(
      ['solve', 'stone-game-v', '-'],
      piles(500, (i) => ((i * 7919) % 1000000) + 1),
    ).status,
    0,
  );
  assert.equal(
    run(
      ['solve', 'stone-game-iii', '-'],
      piles(50000, (i) => ((i * 7) % 2001) - 1000),
    ).status,
    0,
  );
  const vi = run(['solve', 'stone-game-vi', '-'], `${piles(100000, () => 100)}, ${piles(100000, () => 1)}`);
  assert.deepEqual(vi, { status: 0, stdout: '1\n', stderr: '' });
  assert.equal(run(['solve', 'stone-game-iv', 'n = 100000', '--algo', 'sieve']).stdout, 'true\n');
});

const BAD = [
  ['stone-game', 'piles = [5,3,4,-2]', 'column 16: piles[3] is -2: piles must be positive'],
  ['stone-game', 'piles = [5,3,4,5', "this list has no closing ']'"],
  ['stone-game', 'stones = [5,3,4,5]', "expected the name 'piles', found 'stones'"],
  ['stone-game', 'piles = []', 'piles is empty'],
  ['stone-game', 'piles = [1.5]', 'expected an integer, found a number with a fraction'],
  ['stone-game-ii', 'piles = [0]', 'piles[0] is 0: piles must be positive'],
  ['stone-game-iii', 'stoneValue = ["a"]', 'stoneValue[0] must be an integer, found a string'],
  ['stone-game-iv', 'n = 0', 'n is 0: n must be at least 1'],
  ['stone-game-iv', 'n = 100001', 'n is 100001; the limit is 100000'],
  ['stone-game-v', 'stoneValue = [6,-2]', 'stoneValue[1] is -2: stoneValue must be positive'],
  ['stone-game-vi', 'aliceValues = [1,3], bobValues = [2]', 'aliceValues has 2 values but bobValues has 1'],
  ['stone-game-vii', 'stones = 5', 'stones must be a list of integers, found an integer'],
  ['nim', 'n = 2147483648', 'n is 2147483648; the limit is 2147483647'],
  ['can-i-win', 'maxChoosableInteger = 21, desiredTotal = 11', 'maxChoosableInteger is 21; the limit is 20'],
  ['can-i-win', 'maxChoosableInteger = 10, desiredTotal = -1', 'desiredTotal is -1: it must be 0 or more'],
  ['can-i-win', 'maxChoosableInteger = 10', "expected ',' and then desiredTotal"],
  ['predict-the-winner', 'nums = [1,-5,2]', 'nums[1] is -5: nums must be 0 or more'],
  ['predict-the-winner', '', 'the input is empty'],
];

for (const [game, input, message] of BAD) {
  test(`bad input exits 2 with one line: ${game} ${message}`, () => {
    const r = run(['solve', game, input]);
    assert.equal(r.status, 2);
    assert.equal(r.stdout, '');
    assert.ok(r.stderr.includes(message), r.stderr);
    assert.equal(r.stderr.trim().split('\n').length, 1);
  });
}

test('sizes past the limits exit 2 naming both limits', () => {
  const r = run(['solve', 'stone-game', '-'], `[${Array(1001).fill(3).join(',')}]`);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /piles has 1001 values; this tool takes at most 1000 \(LeetCode: 500\)/);
  const ex = run(['solve', 'stone-game-vi', `[${Array(21).fill(1).join(',')}], [${Array(21).fill(2).join(',')}]`, '--algo', 'exhaustive']);
  assert.equal(ex.status, 2);
  assert.match(ex.stderr, /the exhaustive search takes at most 20 stones, not 21/);
});

test('usage errors: an algorithm the game has not got', () => {
  const r = run(['solve', 'stone-game', '[5,3,4,5]', '--algo', 'sieve']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /unknown algorithm 'sieve' for stone-game \(available: dp, diff\)/);
  assert.match(run(['solve', 'predict-the-winner', '[1]', '--algo', 'magic']).stderr, /available: dp, diff, flawed-memo/);
  // the usage error comes before the input's
  assert.match(run(['solve', 'nim', 'n = -1', '--algo', 'magic']).stderr, /unknown algorithm 'magic'/);
});
