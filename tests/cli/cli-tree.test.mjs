// cli-tree.test.mjs: `solve` for the game-tree games (DESIGN.md's contract):
// answers as LeetCode prints them, --algo/--order/--tt/--memo, --json stats,
// --trace, exit 2 with one line on bad input, exit 3 when the budget runs out.
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

function json(args) {
  const r = run([...args, '--json']);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

function badInput(args, message, status = 2) {
  const r = run(args);
  assert.equal(r.status, status, r.stderr);
  assert.equal(r.stdout, '');
  assert.ok(r.stderr.includes(message), r.stderr);
  assert.equal(r.stderr.trim().split('\n').length, 1);
}

const ALGOS = ['minimax', 'alphabeta', 'alphabeta-soft'];
const ORDERS = ['given', 'best', 'worst'];

// ---- tree ----

// The textbook tree (AIMA Figure 5.2): MAX's value is 3.
const TEXTBOOK = '[[3,12,8],[2,4,6],[14,5,2]]';

test('tree: the textbook value under every algorithm, order and table', () => {
  for (const algo of ALGOS)
    for (const order of ORDERS)
      for (const tt of [[], ['--tt']]) {
        const r = run(['solve', 'tree', TEXTBOOK, '--algo', algo, '--order', order, ...tt]);
        assert.deepEqual(r, { status: 0, stdout: '3\n', stderr: '' }, `${algo} ${order} ${tt}`);
      }
  assert.equal(run(['solve', 'tree', `tree = ${TEXTBOOK}`]).stdout, '3\n');
  assert.equal(run(['solve', 'tree', TEXTBOOK, '--root', 'min']).stdout, '6\n');
  assert.equal(run(['solve', 'tree', '-'], `tree = [[3, 12, 8],\n [2, 4, 6],\n [14, 5, 2]]\n`).stdout, '3\n');
});

test('tree: --json stats show what alpha-beta saves', () => {
  const mm = json(['solve', 'tree', TEXTBOOK, '--algo', 'minimax']);
  assert.equal(mm.answer, 3);
  assert.equal(mm.stats.leaves, 9);
  assert.equal(mm.stats.cutoffs, 0);
  const ab = json(['solve', 'tree', TEXTBOOK]);
  assert.equal(ab.algo, 'alphabeta');
  assert.equal(ab.order, 'given');
  assert.equal(ab.stats.leaves, 7);
  assert.equal(ab.stats.cutoffs, 2);
  assert.equal(ab.stats.nodes, 11);
  assert.equal(ab.best_move, 0);
  assert.equal(ab.bound, 'exact');
  assert.deepEqual(ab.tree, { nodes: 13, leaves: 9, depth: 2, minimax: 3 });
  const best = json(['solve', 'tree', TEXTBOOK, '--order', 'best']);
  assert.equal(best.stats.leaves, 5); // Knuth-Moore: 3 + 3 - 1
  assert.equal(best.stats.first_cutoffs, best.stats.cutoffs);
});

test('tree: --trace writes the golden text and the binary format', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pp-tree-'));
  for (const algo of ALGOS) {
    const txt = join(dir, `${algo}.txt`);
    assert.equal(run(['solve', 'tree', TEXTBOOK, '--algo', algo, '--trace', txt]).status, 0);
    const golden = readFileSync(join(root, `tests/c/golden/tree_textbook_${algo}.txt`), 'utf8');
    assert.equal(readFileSync(txt, 'utf8'), golden);
  }
  const bin = join(dir, 't.bin');
  const j = json(['solve', 'tree', TEXTBOOK, '--trace', bin]);
  const b = readFileSync(bin);
  assert.equal(b.subarray(0, 7).toString(), 'PPTRACE');
  const count = b.readUInt32LE(16);
  assert.equal(count, j.trace.events);
  assert.equal(b.length, 32 + count * 16);
  assert.equal(b.readUInt32LE(24), 11); // node ids handed out
  assert.equal(b.readUInt32LE(32) & 0xff, 12); // the first record: AB_ENTER
  assert.equal(b.readInt32LE(32 + 8), -1000000000); // its alpha: -inf
});

test('tree: a random uniform tree from its parameters', () => {
  const input = 'branching = 10, depth = 6, lo = 0, hi = 999999, seed = 7';
  const best = json(['solve', 'tree', input, '--order', 'best']);
  assert.equal(best.stats.leaves, 1999); // Knuth-Moore: 10^3 + 10^3 - 1
  assert.equal(best.stats.first_cutoff_share, 1);
  assert.equal(best.answer, best.tree.minimax);
  assert.equal(best.tree.leaves, 1000000);
  const given = json(['solve', 'tree', input]);
  assert.equal(given.answer, best.answer);
  assert.ok(given.stats.leaves > best.stats.leaves);
  badInput(['solve', 'tree', 'branching = 10, depth = 9, lo = 0, hi = 9, seed = 1'], 'more than 33554432 inner nodes');
  badInput(['solve', 'tree', 'branching = 3, depth = 2, lo = 5, hi = 1, seed = 1'], 'need lo <= hi');
});

test('tree: bad input and usage exit 2 with one line', () => {
  badInput(['solve', 'tree', '[[3,12,8],[],[14,5,2]]'], 'column 11: an empty list is not a node');
  badInput(['solve', 'tree', '[1,"x"]'], 'found a string');
  badInput(['solve', 'tree', '[1,2000000000]'], 'out of range');
  badInput(['solve', 'tree', TEXTBOOK, '--algo', 'magic'], "unknown algorithm 'magic'");
  badInput(['solve', 'tree', TEXTBOOK, '--order', 'random'], "unknown order 'random'");
  badInput(['solve', 'tree', TEXTBOOK, '--root', 'both'], '--root is max or min');
  badInput(['solve', 'tree', TEXTBOOK, '--memo'], 'no won/lost memo');
});

test('tree: a search past its budget exits 3', () => {
  badInput(['solve', 'tree', TEXTBOOK, '--algo', 'minimax', '--budget', '5'], 'budget of 5 positions', 3);
});

// ---- tic-tac-toe ----

test('tic-tac-toe: perfect play from the empty boards is a draw', () => {
  // 3x3: a classic result; 4x4: UVa 10111's premise, and this exhaustive search.
  assert.equal(run(['solve', 'tic-tac-toe', 'board = ["...","...","..."]']).stdout, '"Draw"\n');
  const j = json(['solve', 'tic-tac-toe', 'board = ["....","....","....","...."]', '--tt', '--order', 'best']);
  assert.equal(j.answer, 'Draw');
  assert.equal(j.value, 0);
  assert.ok(j.stats.tt_hits > 0 && j.stats.nodes < 1000000);
});

test('tic-tac-toe: whoever can win, every option agrees', () => {
  const cases = [
    ['["XX.","OO.","..."]', '"X"'], // X completes the top row
    ['["XX.","OO.","X.."]', '"O"'], // O to move completes the middle row
    ['["XXX","OO.","..."]', '"X"'], // already over
    ['["X.O","...","..."]', '"X"'], // X takes a corner fork
    ['board = ["o...",".ox.",".xxx","xooo"]', '"X"'], // UVa 10111's second sample
  ];
  for (const [board, answer] of cases)
    for (const algo of ALGOS)
      for (const tt of [[], ['--tt']])
        assert.equal(run(['solve', 'tic-tac-toe', board, '--algo', algo, '--order', 'best', ...tt]).stdout, `${answer}\n`, board);
  const j = json(['solve', 'tic-tac-toe', '["o...",".ox.",".xxx","xooo"]']);
  assert.equal(j.to_move, 'X');
  assert.deepEqual(j.best_cell, [0, 1]); // the first winning cell in row-major order
});

test('tic-tac-toe: bad boards exit 2 with one line', () => {
  badInput(['solve', 'tic-tac-toe', '["X.O","..."]'], 'board has 2 rows');
  badInput(['solve', 'tic-tac-toe', '["XXO","X..","..."]'], 'X must have as many pieces as O or one more');
  badInput(['solve', 'tic-tac-toe', '["XXX","OOO","..."]'], 'both X and O have a line');
  badInput(['solve', 'tic-tac-toe', '["X.O","..Z","..."]'], "'Z' is not X, O");
  badInput(['solve', 'tic-tac-toe', '["X.O","...","..."]', '--memo'], 'no dense key for won/lost memo');
});

test('tic-tac-toe: 4x4 without a table past a small budget exits 3', () => {
  badInput(['solve', 'tic-tac-toe', '["....","....","....","...."]', '--budget', '100000'], 'budget of 100000', 3);
});

// ---- nim and can-i-win: the rows are the DP file's; --algo minimax,
// alphabeta and alphabeta-soft reach the game trees (cli.h's offer protocol)

test('nim: LeetCode 292 examples as game trees', () => {
  // Examples 1 to 3 of the problem: n = 4 -> false, n = 1 -> true, n = 2 -> true.
  for (const [n, answer] of [
    [4, 'false'],
    [1, 'true'],
    [2, 'true'],
  ])
    for (const algo of ALGOS)
      for (const extra of [[], ['--tt'], ['--memo', '--order', 'best']])
        assert.equal(run(['solve', 'nim', `n = ${n}`, '--algo', algo, ...extra]).stdout, `${answer}\n`, `${n} ${algo}`);
  const j = json(['solve', 'nim', 'n = 12', '--algo', 'alphabeta', '--memo']);
  assert.equal(j.answer, false);
  assert.equal(j.game, 'nim');
  assert.ok(j.stats.memo_hits > 0);
});

test('nim: a tree deeper than the search plays out is refused; dp answers it', () => {
  badInput(['solve', 'nim', 'n = 1000', '--algo', 'alphabeta'], '--algo dp answers any n');
  assert.equal(run(['solve', 'nim', 'n = 1000']).status, 0);
});

test('can-i-win: LeetCode 464 examples, with and without the memo', () => {
  // Examples 1 to 3: (10, 11) -> false, (10, 0) -> true, (10, 1) -> true.
  const ex = [
    ['maxChoosableInteger = 10, desiredTotal = 11', 'false'],
    ['10, 0', 'true'],
    ['10, 1', 'true'],
  ];
  for (const [input, answer] of ex)
    for (const algo of ALGOS)
      for (const extra of [[], ['--memo'], ['--tt', '--order', 'worst']])
        assert.equal(run(['solve', 'can-i-win', input, '--algo', algo, ...extra]).stdout, `${answer}\n`, `${input} ${algo}`);
  const plain = json(['solve', 'can-i-win', '10, 40', '--algo', 'alphabeta']);
  const memo = json(['solve', 'can-i-win', '10, 40', '--algo', 'alphabeta', '--memo']);
  assert.equal(plain.answer, memo.answer);
  assert.ok(memo.stats.nodes * 3 < plain.stats.nodes, `${memo.stats.nodes} vs ${plain.stats.nodes}`);
  assert.ok(memo.stats.memo_hits > 0);
});

test('can-i-win: the full pool needs the memo; without it the budget runs out', () => {
  assert.equal(run(['solve', 'can-i-win', '20, 152', '--algo', 'alphabeta', '--memo']).stdout, 'false\n');
  badInput(['solve', 'can-i-win', '20, 152', '--algo', 'alphabeta'], 'budget of 10000000', 3);
  badInput(['solve', 'can-i-win', '21, 152', '--algo', 'alphabeta'], 'maxChoosableInteger is 21');
});

test('predict-the-winner: LeetCode 486 examples as trees of left/right choices', () => {
  // Example 1: [1,5,2] -> false; example 2: [1,5,233,7] -> true.
  for (const [input, answer, value] of [
    ['nums = [1,5,2]', 'false', -2],
    ['nums = [1,5,233,7]', 'true', 222],
  ]) {
    for (const algo of ALGOS)
      for (const extra of [[], ['--tt'], ['--order', 'best', '--tt']])
        assert.equal(run(['solve', 'predict-the-winner', input, '--algo', algo, ...extra]).stdout, `${answer}\n`);
    assert.equal(json(['solve', 'predict-the-winner', input, '--algo', 'alphabeta']).value, value);
  }
  const mm = json(['solve', 'predict-the-winner', 'nums = [1,5,233,7]', '--algo', 'minimax']);
  assert.equal(mm.stats.leaves, 8); // 2 * 2 * 2 * 1
  badInput(['solve', 'predict-the-winner', 'nums = [1,-5,2]', '--algo', 'alphabeta'], 'nums[1] is -5');
  badInput(['solve', 'predict-the-winner', 'nums = [1,5,2]', '--algo', 'alphabeta', '--memo'], 'no dense key');
});

test('young-tableau: the Luogu P4363 sample, every algorithm', () => {
  // Sample 1 of the statement: 2 x 3, a = [2 7 3; 9 1 2], b = [3 7 2; 2 3 1] -> 2.
  const input = 'a = [[2,7,3],[9,1,2]], b = [[3,7,2],[2,3,1]]';
  for (const algo of ALGOS)
    for (const extra of [[], ['--tt'], ['--tt', '--order', 'best']])
      assert.equal(run(['solve', 'young-tableau', input, '--algo', algo, ...extra]).stdout, '2\n');
  const j = json(['solve', 'young-tableau', input, '--algo', 'minimax']);
  assert.equal(j.stats.leaves, 5); // the five ways to fill a 2 x 3 staircase
  badInput(['solve', 'young-tableau', 'a = [[1,2],[3,4]], b = [[1,2]]'], 'b is 1 x 2 but a is 2 x 2');
  badInput(['solve', 'young-tableau', 'a = [[1,-2]], b = [[1,2]]'], 'a[0][1] is -2');
});

test('triangle-war: POJ 1085 sample games through solve', () => {
  // The sample's games 1 and 2 (the output says B, then A wins).
  const g1 = 'moves = [[2,4],[4,5],[5,9],[3,6],[2,5],[3,5]]';
  const g2 = 'moves = [[2,4],[4,5],[5,9],[3,6],[2,5],[3,5],[7,8]]';
  for (const algo of ALGOS)
    for (const extra of [['--tt'], ['--tt', '--order', 'best']]) {
      assert.equal(run(['solve', 'triangle-war', g1, '--algo', algo, ...extra]).stdout, '"B"\n');
      assert.equal(run(['solve', 'triangle-war', g2, '--algo', algo, ...extra]).stdout, '"A"\n');
    }
  const j = json(['solve', 'triangle-war', g1]);
  assert.equal(j.to_move, 'B'); // A's 2-5 took a triangle; 3-5 did not
  assert.equal(j.score, 1);
  assert.ok(j.value < 0);
  assert.equal(json(['solve', 'triangle-war', 'moves = []', '--tt']).answer, 'B');
  badInput(['solve', 'triangle-war', 'moves = [[2,4],[4,6]]'], 'move 2: 4-6 is not a line of the grid');
  badInput(['solve', 'triangle-war', 'moves = [[2,4],[2,4]]'], 'move 2: the line 2-4 is drawn already');
});

test('board-chase: the Luogu P4576 sample and a first-move capture', () => {
  // The statement's sample: "2 1 1 2 2" -> BLACK 2.
  for (const algo of ALGOS) assert.equal(run(['solve', 'board-chase', 'n = 2, white = [1,1], black = [2,2]', '--algo', algo, '--tt']).stdout, '"BLACK 2"\n');
  assert.equal(run(['solve', 'board-chase', '5, [3,3], [3,4]']).stdout, '"WHITE 1"\n');
  const j = json(['solve', 'board-chase', 'n = 6, white = [1,1], black = [6,6]', '--tt']);
  assert.match(j.answer, /^BLACK \d+$/);
  assert.equal(j.value, -(j.win - Number(j.answer.split(' ')[1])));
  badInput(['solve', 'board-chase', 'n = 3, white = [2,2], black = [2,2]'], 'both pieces are on (2,2)');
  badInput(['solve', 'board-chase', 'n = 21, white = [1,1], black = [2,2]'], 'n is 21');
});
