// cli-mcts.test.mjs: `solve` with --algo mcts on every game-tree game: the
// answer printed exactly as alpha-beta prints it (the estimates never replace
// it), --json's moves (visits adding up to the iterations, each move's exact
// value equal to alpha-beta's on the position after it, UCB1 as written),
// one seed one tree, MCTS-Solver's proofs, the memory limit exit 3, hostile
// options refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'build/perfect-play');

function run(args) {
  const r = spawnSync(cli, args, { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function oneLine(r, status, message) {
  assert.equal(r.status, status, r.stderr);
  assert.equal(r.stdout, '');
  assert.ok(r.stderr.includes(message), r.stderr);
  assert.equal(r.stderr.trim().split('\n').length, 1);
}

const CASES = [
  ['tree', '[[3,12,8],[2,4,6],[14,5,2]]'],
  ['tree', 'branching = 3, depth = 5, lo = -9, hi = 9, seed = 4'],
  ['tic-tac-toe', 'board = ["X.O","...","..."]'],
  ['tic-tac-toe', 'board = ["XO..","OX..","..X.","...O"]'],
  ['nim', 'n = 9'],
  ['can-i-win', 'maxChoosableInteger = 10, desiredTotal = 11'],
  ['predict-the-winner', 'nums = [1,5,233,7]'],
  ['young-tableau', 'a = [[2,7,3],[9,1,2]], b = [[3,7,2],[2,3,1]]'],
  ['triangle-war', 'moves = [[2,4],[4,5],[5,9],[3,6],[2,5],[3,5],[7,8],[8,9],[4,8]]'],
  ['board-chase', 'n = 3, white = [1,1], black = [3,3]'],
];

const ALGO = { nim: 'alphabeta', 'can-i-win': 'alphabeta', 'predict-the-winner': 'alphabeta' };

for (const [game, input] of CASES) {
  test(`${game} ${input}: mcts prints alpha-beta's answer, and each move's exact value is alpha-beta's after it`, () => {
    const exact = run(['solve', game, input, ...(ALGO[game] ? ['--algo', ALGO[game]] : [])]);
    assert.equal(exact.status, 0, exact.stderr);
    const plain = run(['solve', game, input, '--algo', 'mcts', '--iterations', '3000']);
    assert.equal(plain.status, 0, plain.stderr);
    assert.equal(plain.stdout, exact.stdout);
    const j = JSON.parse(run(['solve', game, input, '--algo', 'mcts', '--iterations', '3000', '--json']).stdout);
    const ab = JSON.parse(run(['solve', game, input, '--algo', 'alphabeta', '--json']).stdout);
    assert.equal(j.algo, 'mcts');
    assert.equal(j.value, ab.value);
    assert.equal(j.iterations, 3000);
    assert.equal(
      j.moves.reduce((s, m) => s + m.visits, 0),
      3000,
    );
    assert.ok(j.best_move >= 0 && j.best_move < j.moves.length);
    const most = Math.max(...j.moves.map((m) => m.visits));
    assert.equal(j.moves[j.best_move].visits, most, 'the most visited move is chosen');
    // the root's value is the best of its moves' exact values for the side to move
    const values = j.moves.map((m) => m.exact);
    assert.ok(values.includes(ab.value), `${values} holds ${ab.value}`);
    assert.ok(values.every((v) => v <= ab.value) || values.every((v) => v >= ab.value));
    const n = 3000;
    for (const m of j.moves) {
      assert.ok(m.mean >= 0 && m.mean <= 1);
      if (m.visits) assert.ok(Math.abs(m.ucb - m.mean - j.uct_c * Math.sqrt(Math.log(n) / m.visits)) < 1e-9);
      else assert.equal(m.ucb, null);
    }
    assert.equal(j.proven, null);
    assert.ok(j.iterations_per_second > 0);
    assert.ok(j.reward.lo < j.reward.hi);
  });
}

test("tic-tac-toe: each move's exact value is the answer of the board after it", () => {
  const j = JSON.parse(run(['solve', 'tic-tac-toe', 'board = ["X..",".O.","..."]', '--algo', 'mcts', '--json', '--iterations', '500']).stdout);
  const empty = [1, 2, 3, 5, 6, 7, 8]; // the empty cells, the game's move order
  assert.equal(j.moves.length, empty.length);
  j.moves.forEach((m, k) => {
    const cells = 'X...O....'.split('');
    cells[empty[k]] = 'X';
    const rows = [0, 1, 2].map((r) => cells.slice(3 * r, 3 * r + 3).join(''));
    const after = JSON.parse(run(['solve', 'tic-tac-toe', `board = ${JSON.stringify(rows)}`, '--json']).stdout);
    assert.equal(m.exact, after.value, `X at ${empty[k]}`);
  });
});

test('one seed, one tree: the same statistics twice, another seed another tree', () => {
  const args = ['solve', 'tic-tac-toe', 'board = ["....","....","....","...."]', '--algo', 'mcts', '--json', '--iterations', '4000', '--budget', '100000000'];
  const moves = (extra) => JSON.parse(run([...args, ...extra]).stdout).moves;
  assert.deepEqual(moves(['--seed', '5']), moves(['--seed', '5']));
  assert.notDeepEqual(moves(['--seed', '5']), moves(['--seed', '6']));
});

test("--solver proves small games: the proven value is alpha-beta's and the search stops early", () => {
  for (const [game, input] of [
    ['nim', 'n = 8'],
    ['can-i-win', 'maxChoosableInteger = 6, desiredTotal = 14'],
    ['tic-tac-toe', 'board = ["XO.","...","..."]'],
  ]) {
    const j = JSON.parse(run(['solve', game, input, '--algo', 'mcts', '--solver', '--json', '--iterations', '1000000']).stdout);
    assert.equal(j.proven_value, j.value, `${game} ${input}`);
    assert.ok(['win', 'draw', 'loss'].includes(j.proven));
    assert.ok(j.iterations < 1000000);
    assert.equal(j.moves[j.best_move].exact, j.value, 'the chosen move holds the value');
  }
});

test('the tree past --memory exits 3 with its choice so far', () => {
  oneLine(
    run(['solve', 'tic-tac-toe', 'board = ["....","....","....","...."]', '--algo', 'mcts', '--memory', '64K', '--iterations', '1000000']),
    3,
    'memory limit',
  );
});

test('hostile options are refused with one line and exit 2', () => {
  const t = ['solve', 'tree', '[1,2]'];
  oneLine(run([...t, '--iterations', '5']), 2, 'for --algo mcts');
  oneLine(run([...t, '--solver']), 2, 'for --algo mcts');
  oneLine(run([...t, '--algo', 'mcts', '--iterations', '0']), 2, '--iterations');
  oneLine(run([...t, '--algo', 'mcts', '--iterations', '99999999999']), 2, '--iterations');
  oneLine(run([...t, '--algo', 'mcts', '--uct-c', '-1']), 2, '--uct-c');
  oneLine(run([...t, '--algo', 'mcts', '--uct-c', 'nan']), 2, '--uct-c');
  oneLine(run([...t, '--algo', 'mcts', '--playout', 'greedy']), 2, '--playout');
  oneLine(run([...t, '--algo', 'mcts', '--seed', '-3']), 2, '--seed');
  oneLine(run([...t, '--algo', 'mcts', '--tt']), 2, 'alpha-beta');
  // every game: the options name their algorithm
  oneLine(run(['solve', 'connect-four', '44', '--seed', '3']), 2, 'for --algo mcts');
  oneLine(run(['solve', 'cat-mouse', '[[1,3],[0],[3],[0,2]]', '--playout', 'random']), 2, 'for --algo mcts');
});
