// cli-connect4-mcts.test.mjs: `solve connect-four SEQ --algo mcts`: the
// answer printed exactly as the strongest stage prints it (the estimates
// never replace it), --json's moves (columns 1-based, visits adding up to
// the iterations, the chosen column the most visited, each column's exact
// score the one `solve connect-four --json` gives it, UCB1 as written,
// rewards by the outcome), one seed one tree, MCTS-Solver's proofs equal to
// the exact scores, the opening book for the exact scores near the start,
// the memory limit exit 3, hostile options refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'build/perfect-play');
const book = join(root, 'web/src/engine/connect4-7x6.book');

function run(args) {
  const r = spawnSync(cli, args, { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function json(args) {
  const r = run(args);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

function oneLine(r, status, message) {
  assert.equal(r.status, status, r.stderr);
  assert.equal(r.stdout, '');
  assert.ok(r.stderr.includes(message), r.stderr);
  assert.equal(r.stderr.trim().split('\n').length, 1);
}

// Mid-game positions the strongest stage solves in well under a second.
const POSITIONS = ['44444433333', '4455335', '32164625', '4444433', '112233'];

for (const seq of POSITIONS) {
  test(`'${seq}': mcts prints the exact score, and each column's exact score is solve --json's`, () => {
    const exact = run(['solve', 'connect-four', seq]);
    assert.equal(exact.status, 0, exact.stderr);
    const plain = run(['solve', 'connect-four', seq, '--algo', 'mcts', '--iterations', '5000']);
    assert.equal(plain.status, 0, plain.stderr);
    assert.equal(plain.stdout, exact.stdout);
    const ref = json(['solve', 'connect-four', seq, '--json']);
    const j = json(['solve', 'connect-four', seq, '--algo', 'mcts', '--iterations', '5000', '--json']);
    assert.equal(j.game, 'connect-four');
    assert.equal(j.algo, 'mcts');
    assert.equal(j.sequence, seq);
    assert.equal(j.answer, ref.answer);
    assert.equal(j.value, ref.answer);
    assert.equal(j.iterations, 5000);
    assert.equal(
      j.moves.reduce((s, m) => s + m.visits, 0),
      5000,
    );
    // the columns that can be played, in order, each with the exact score solve gives it
    const open = ref.columns.map((v, c) => (v === null ? null : c + 1)).filter((c) => c !== null);
    assert.deepEqual(
      j.moves.map((m) => m.move),
      open,
    );
    for (const m of j.moves) assert.equal(m.exact, ref.columns[m.move - 1], `column ${m.move}`);
    assert.equal(Math.max(...j.moves.map((m) => m.exact)), j.answer);
    const chosen = j.moves.find((m) => m.move === j.best_move);
    assert.ok(chosen, `best_move ${j.best_move} is a column of moves`);
    assert.equal(chosen.visits, Math.max(...j.moves.map((m) => m.visits)), 'the most visited column is chosen');
    for (const m of j.moves) {
      assert.ok(m.mean >= 0 && m.mean <= 1);
      if (m.visits) assert.ok(Math.abs(m.ucb - m.mean - j.uct_c * Math.sqrt(Math.log(5000) / m.visits)) < 1e-9);
      else assert.equal(m.ucb, null);
      if (m.proven !== null) assert.equal(m.proven, m.exact, 'a proven column is a win at once'); // a leaf
    }
    assert.deepEqual([j.reward.lo, j.reward.hi], [-1, 1]);
    assert.equal(j.proven, null);
    assert.ok(j.iterations_per_second > 0);
    assert.ok(j.stats.playout_plies > 0 && j.stats.nodes > 1);
  });
}

test('one seed, one tree: the same statistics twice, another seed another tree; both policies', () => {
  for (const playout of ['random', 'decisive']) {
    const args = ['solve', 'connect-four', '4453', '--book', book, '--algo', 'mcts', '--json', '--iterations', '20000', '--playout', playout];
    const moves = (seed) => json([...args, '--seed', seed]).moves;
    assert.deepEqual(moves('5'), moves('5'));
    assert.notDeepEqual(moves('5'), moves('6'));
    assert.equal(json([...args, '--seed', '5']).playout, playout);
  }
});

test("--solver near the end: the proven score is the exact one, and so is each proven column's", () => {
  let proofs = 0;
  // random games of 29 stones that nobody has won yet
  for (const seq of ['43327754765243672656355653113', '71271121672116643553622652645', '52757611664147271341227225731', '52771643653352321566472111722']) {
    for (const playout of ['random', 'decisive']) {
      const j = json(['solve', 'connect-four', seq, '--algo', 'mcts', '--solver', '--playout', playout, '--iterations', '2000000', '--json']);
      assert.equal(j.proven_value, j.answer, `${seq} ${playout}`);
      assert.equal(j.proven, j.answer > 0 ? 'win' : j.answer < 0 ? 'loss' : 'draw');
      assert.ok(j.iterations < 2000000, 'a proven root stops the search');
      for (const m of j.moves) if (m.proven !== null) (assert.equal(m.proven, m.exact, `${seq} column ${m.move}`), proofs++);
      assert.equal(j.moves.find((m) => m.move === j.best_move).exact, j.answer, 'the chosen column holds the score');
    }
  }
  assert.ok(proofs >= 8, `${proofs} proven columns`);
});

test("the empty board with the book: every column's exact score from it, and the centre chosen at 200,000 iterations", () => {
  const j = json(['solve', 'connect-four', '', '--algo', 'mcts', '--book', book, '--iterations', '200000', '--json']);
  assert.equal(j.answer, 1);
  assert.deepEqual(
    j.moves.map((m) => m.exact),
    [-2, -1, 0, 1, 0, -1, -2],
  ); // the published first-move scores
  assert.equal(j.from_book, 7);
  assert.equal(j.stats.exact_nodes, 0);
  assert.equal(j.best_move, 4);
});

test('-: one line a position, each answered as a single run answers it', () => {
  const r = spawnSync(cli, ['solve', 'connect-four', '-', '--algo', 'mcts', '--iterations', '500'], { input: '44444433333\n4444433\n', encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const one = (s) => run(['solve', 'connect-four', s]).stdout;
  assert.equal(r.stdout, one('44444433333') + one('4444433'));
});

test('the tree past --memory exits 3 with its choice so far', () => {
  oneLine(run(['solve', 'connect-four', '', '--algo', 'mcts', '--memory', '64K', '--iterations', '1000000']), 3, 'memory limit');
});

test('hostile options and positions are refused with one line and exit 2', () => {
  const c = ['solve', 'connect-four', '4453'];
  oneLine(run([...c, '--iterations', '5']), 2, 'for --algo mcts');
  oneLine(run([...c, '--solver']), 2, 'for --algo mcts');
  oneLine(run([...c, '--algo', 'mcts', '--iterations', '0']), 2, '--iterations');
  oneLine(run([...c, '--algo', 'mcts', '--iterations', '99999999999']), 2, '--iterations');
  oneLine(run([...c, '--algo', 'mcts', '--uct-c', '-1']), 2, '--uct-c');
  oneLine(run([...c, '--algo', 'mcts', '--uct-c', 'nan']), 2, '--uct-c');
  oneLine(run([...c, '--algo', 'mcts', '--playout', 'greedy']), 2, '--playout');
  oneLine(run([...c, '--algo', 'mcts', '--seed', '-3']), 2, '--seed');
  oneLine(run([...c, '--algo', 'mcts', '--weak']), 2, '--weak');
  oneLine(run([...c, '--algo', 'mcts', '--trace', '/tmp/never-written.trace']), 2, '--trace');
  oneLine(run([...c, '--algo', 'mcts', '--memory', '1K']), 2, '--memory');
  oneLine(run(['solve', 'connect-four', '1212121', '--algo', 'mcts']), 2, 'wins the game');
  oneLine(run(['solve', 'connect-four', '44x', '--algo', 'mcts']), 2, 'not a column');
  oneLine(run(['solve', 'connect-four', '4453', '--algo', 'mcts', '--book', '/nonexistent/book']), 2, 'cannot read the book');
});
