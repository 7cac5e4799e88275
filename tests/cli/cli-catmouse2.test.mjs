// cli-catmouse2.test.mjs: `perfect-play solve cat-mouse-ii` (LeetCode 1728):
// answers as LeetCode prints them, --json, --trace, stdin, and exit 2 with
// one line on bad input.
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
  const r = spawnSync(cli, args, { input, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const solve = (input, ...more) => run(['solve', 'cat-mouse-ii', input, ...more]);

const EX1 = 'grid = ["####F","#C...","M...."], catJump = 1, mouseJump = 2';
const EX2 = 'grid = ["M.C...F"], catJump = 1, mouseJump = 4';
const EX3 = 'grid = ["M.C...F"], catJump = 1, mouseJump = 3';
// LeetCode-Feedback issue #24500: true, but only after 75 turns.
const LONG = '["C#......","M..####.","###.....","....####",".####...","......#.","#######.","F......."], 1, 1';

test('LeetCode 1728 examples print as LeetCode prints the output', () => {
  assert.deepEqual(solve(EX1), { status: 0, stdout: 'true\n', stderr: '' });
  assert.deepEqual(solve(EX2), { status: 0, stdout: 'true\n', stderr: '' });
  assert.deepEqual(solve(EX3), { status: 0, stdout: 'false\n', stderr: '' });
  assert.equal(solve('["M.C...F"], 1, 3').stdout, 'false\n');
  assert.equal(solve(EX1, '--algo', 'retrograde').stdout, 'true\n');
  assert.equal(solve(LONG).stdout, 'true\n');
});

test('INPUT - reads standard input, also across lines', () => {
  const text = 'grid = ["####F",\n        "#C...",\n        "M...."],\ncatJump = 1,\nmouseJump = 2\n';
  assert.equal(run(['solve', 'cat-mouse-ii', '-'], text).stdout, 'true\n');
});

test('--json gives the answer, the board, stats and every state', () => {
  const r = solve(EX1, '--json');
  assert.equal(r.status, 0);
  const j = JSON.parse(r.stdout);
  assert.equal(j.game, 'cat-mouse-ii');
  assert.equal(j.answer, true);
  assert.deepEqual(j.grid, ['####F', '#C...', 'M....']);
  assert.deepEqual([j.cat_jump, j.mouse_jump, j.mouse, j.cat, j.food, j.cells], [1, 2, 10, 6, 4, 15]);
  assert.equal(j.max_turns, 1000);
  assert.deepEqual(j.start, { outcome: 1, remoteness: 5 });
  assert.equal(j.stats.nodes, j.stats.states);
  assert.ok(j.stats.relaxations > 0);
  assert.equal(j.stats.mouse_wins + j.stats.cat_wins + j.stats.draws, j.stats.states);
  // 15 x 15 per turn: rows the mouse's cell, columns the cat's (row-major cells)
  assert.equal(j.outcomes.mouse_to_move.length, 15);
  assert.equal(j.outcomes.mouse_to_move[10][6], 1);
  assert.equal(j.remoteness.mouse_to_move[10][6], 5);
  assert.equal(j.outcomes.cat_to_move[0][6], null); // the mouse on a wall
  assert.equal(j.outcomes.cat_to_move[7][7], 2); // caught
  assert.equal(j.remoteness.cat_to_move[7][7], 0);
  assert.equal(j.outcomes.mouse_to_move[4][6], 1); // the mouse on the food
  assert.equal(j.outcomes.mouse_to_move[7][4], 2); // the cat on the food
  const lost = JSON.parse(solve(EX3, '--json').stdout);
  assert.equal(lost.answer, false);
  assert.equal(lost.start.outcome, 2);
  assert.equal(JSON.parse(solve(LONG, '--json').stdout).start.remoteness, 75);
});

test('--json says undecided states are cat wins, with no remoteness', () => {
  // The food is walled off and the mouse in a dead end: the cat catches it
  // on the 4th turn (the mouse waits, the cat steps up, the mouse waits).
  const j = JSON.parse(solve('["M.C#F"], 1, 1', '--json').stdout);
  assert.equal(j.answer, false);
  assert.equal(j.outcome_codes['0'], 'undecided: the cat wins');
  assert.deepEqual(j.start, { outcome: 2, remoteness: 4 });
  // Nobody can reach anybody: no one can force anything, the cat wins.
  const stuck = JSON.parse(solve('["M#C#F"], 1, 1', '--json').stdout);
  assert.equal(stuck.answer, false);
  assert.deepEqual(stuck.start, { outcome: 0, remoteness: null });
  assert.ok(stuck.stats.draws > 0);
});

test('--trace writes the binary format and the text format', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pp-cli2-'));
  const bin = join(dir, 't.bin');
  const txt = join(dir, 't.txt');
  assert.equal(solve(EX3, '--trace', bin).status, 0);
  const b = readFileSync(bin);
  assert.equal(b.subarray(0, 7).toString(), 'PPTRACE');
  assert.equal(b.readUInt32LE(8), 1); // version
  assert.equal(b.readUInt32LE(12), 4); // words per record
  const count = b.readUInt32LE(16);
  assert.equal(b.length, 32 + count * 16);
  assert.equal(b.readUInt32LE(24), 2 * 7 * 7); // states
  const r = solve(EX3, '--trace', txt, '--json');
  assert.equal(r.status, 0);
  const lines = readFileSync(txt, 'utf8')
    .split('\n')
    .filter((l) => l);
  assert.match(lines[0], /^# perfect-play trace v1, \d+ events$/);
  assert.equal(lines.length - 1, count);
  assert.equal(JSON.parse(r.stdout).trace.events, count);
  // states are named (mouse's cell, cat's cell, player to move)
  assert.equal(lines[1], 'SEED (r0c0,r0c0,mouse) cat (step 1)');
  assert.ok(lines.some((l) => /^COLOR \(r0c\d,r0c\d,(mouse|cat)\) (mouse|cat) \d+ \(step [46]\)$/.test(l)));
  // a capped trace says so, and the answer is unchanged
  const capped = solve(EX3, '--trace', txt, '--trace-cap', '5', '--json');
  assert.equal(JSON.parse(capped.stdout).trace.truncated, true);
  assert.equal(JSON.parse(capped.stdout).answer, false);
});

const BAD = [
  ['', 'the input is empty: expected 3 values'],
  ['["M.C...F"], 1', "expected ',' and then mouseJump (3 values are needed)"],
  ['grid = ["MCF"], mouseJump = 1, catJump = 1', "expected the name 'catJump', found 'mouseJump'"],
  ['grid = 5, catJump = 1, mouseJump = 1', 'column 8: grid must be a list of strings, found an integer'],
  ['[], 1, 1', 'the grid has no rows'],
  ['["M","C","F",".",".",".",".",".","."], 1, 1', 'the grid has 9 rows; the limit is 8'],
  ['["MCF......"], 1, 1', 'grid[0] has 9 cells; the limit is 8'],
  ['["MCF.", "..."], 1, 1', 'column 10: grid[1] has 3 cells, but grid[0] has 4: every row must be as long'],
  ['["MCF", 7], 1, 1', 'grid[1] must be a string, found an integer'],
  ['["MCF", ""], 1, 1', 'grid[1] is empty'],
  ['["M.C.", ".xF."], 1, 1', "column 12: grid[1][1] is 'x'; a cell is '#' (wall), '.' (floor)"],
  ['["MéCF"], 1, 1', "column 4: grid[0][1] is 'é'"],
  ['["MCFC"], 1, 1', "grid[0][3] is a second 'C' (the first is grid[0][1]): the grid has exactly one cat"],
  ['["M.C", "FM."], 1, 1', "grid[1][1] is a second 'M'"],
  ['["M.F"], 1, 1', "the grid has no 'C' (the cat): exactly one is needed"],
  ['["C.F"], 1, 1', "the grid has no 'M' (the mouse)"],
  ['["M#C"], 1, 1', "the grid has no 'F' (the food)"],
  ['grid = ["MCF"], catJump = 0, mouseJump = 1', 'column 27: catJump is 0; it must be 1 to 8'],
  ['["MCF"], 1, 9', 'mouseJump is 9; it must be 1 to 8'],
  ['["MCF"], "1", 1', 'catJump must be an integer, found a string'],
];

for (const [input, message] of BAD) {
  test(`bad input exits 2 with one line: ${message}`, () => {
    const r = solve(input);
    assert.equal(r.status, 2);
    assert.equal(r.stdout, '');
    assert.ok(r.stderr.includes(message), r.stderr);
    assert.equal(r.stderr.trim().split('\n').length, 1);
  });
}

test('a huge paste is refused without solving', () => {
  const rows = Array.from({ length: 100_000 }, (_, i) => (i === 0 ? '"MCF"' : '"..."'));
  const r = run(['solve', 'cat-mouse-ii', '-'], `[${rows.join(',')}], 1, 1`);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /the grid has 100000 rows; the limit is 8/);
});

test('usage errors exit 2', () => {
  assert.match(run(['solve', 'cat-mouse-iii', EX1]).stderr, /unknown game 'cat-mouse-iii' \(available: cat-mouse, cat-mouse-ii, /);
  assert.match(solve(EX1, '--algo', 'magic').stderr, /unknown algorithm 'magic' for cat-mouse-ii/);
  // the usage error comes before the input error
  const both = solve('[]', '--algo', 'magic');
  assert.equal(both.status, 2);
  assert.match(both.stderr, /unknown algorithm/);
  assert.match(run(['solve', 'cat-mouse-ii']).stderr, /solve cat-mouse-ii needs an INPUT/);
  assert.match(run(['--help']).stdout, /cat-mouse-ii/);
});
