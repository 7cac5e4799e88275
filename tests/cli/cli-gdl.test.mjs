// cli-gdl.test.mjs: `solve gdl FILE` and `check gdl FILE` (games in the Game
// Description Language): the examples' answers, --json's fields, standard
// input, diagnostics with line and column, and bad rules exiting 2.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'build/perfect-play');
const example = (name) => join(root, 'web/src/gdl/examples', name);

function run(args, input) {
  const r = spawnSync(cli, args, { input, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('the examples: who wins, and the puzzle in its fewest moves', () => {
  const want = {
    'tictactoe.kif': 'draw',
    'nim.kif': 'first wins',
    'take21.kif': 'first wins',
    'connect3.kif': 'first wins',
    'chomp.kif': 'first wins',
    'hanoi.kif': 'solved in 7 moves, goal 100',
  };
  for (const [file, answer] of Object.entries(want)) {
    assert.deepEqual(run(['solve', 'gdl', example(file)]), { status: 0, stdout: `${answer}\n`, stderr: '' }, file);
  }
});

test('--json: roles, states, terminal states, value, remoteness, every first move, speed', () => {
  const r = run(['solve', 'gdl', example('tictactoe.kif'), '--json']);
  assert.equal(r.status, 0);
  const j = JSON.parse(r.stdout);
  assert.equal(j.answer, 'draw');
  assert.deepEqual(j.roles, ['xplayer', 'oplayer']);
  assert.equal(j.states, 5478);
  assert.equal(j.terminal_states, 958);
  assert.equal(j.value, 50);
  assert.equal(j.moves.length, 9);
  assert.ok(j.moves.every((m) => /^\(mark [123] [123]\)$/.test(m.move) && m.value === 50 && m.outcome === 'draw'));
  assert.ok(j.stats.states_per_second > 0);
  assert.equal(typeof j.time_ms, 'number');
  const take = JSON.parse(run(['solve', 'gdl', example('take21.kif'), '--json']).stdout);
  // 21 stones: taking one leaves a multiple of four, the only winning move
  assert.deepEqual(
    take.moves.filter((m) => m.outcome === 'first wins').map((m) => m.move),
    ['(take 1)'],
  );
  assert.equal(take.value, 100);
});

test('rules from standard input, with a second role that wins', () => {
  const rules = `(role a) (role b) (init (p))
    (<= (legal a go) (true (p))) (<= (legal b noop) (true (p)))
    (<= (next (q)) (true (p))) (<= terminal (true (q)))
    (<= (goal a 0) (true (q))) (<= (goal b 100) (true (q)))`;
  assert.deepEqual(run(['solve', 'gdl', '-'], rules), { status: 0, stdout: 'second wins\n', stderr: '' });
});

test('check: clean rules exit 0; problems one a line with line and column, exit 2', () => {
  assert.deepEqual(run(['check', 'gdl', example('nim.kif')]), { status: 0, stdout: '', stderr: '' });
  const bad = '(role r)\n(init (p))\n(<= (legal r ?m) (true (p)))\n(<= (a) (not (b)))\n(<= (b) (not (a)))\n';
  const r = run(['check', 'gdl', '-'], bad);
  assert.equal(r.status, 2);
  const lines = r.stdout.trim().split('\n');
  assert.match(lines[0], /^line 3, column 14: unsafe rule: the variable \?m appears only in the head/);
  assert.ok(lines.some((l) => /^line [45], column 14: unstratified negation/.test(l)));
});

test('bad rules: one line on stderr naming line and column, exit 2', () => {
  const cases = [
    ['(role r)\n(init (p)\n', /^perfect-play: line 2, column 1: unbalanced parentheses/],
    ['(role a) (role b) (role c) (init (p))', /^perfect-play: line 1, column 1: the role a has no legal move in a reachable state/],
    [
      '(role r) (role s) (init (p)) (<= (legal ?x a) (role ?x)) (<= (legal ?x b) (role ?x)) (<= (next (q)) (true (p)))',
      /the game can go round: a state of depth 2 is reached again from a state of depth 2 .*: no proposition holds$/m,
    ],
  ];
  for (const [rules, message] of cases) {
    const r = run(['solve', 'gdl', '-'], rules);
    assert.equal(r.status, 2, rules);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trim().split('\n').length, 1);
  }
  const missing = run(['solve', 'gdl', '/no/such/file.kif']);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /cannot read \/no\/such\/file.kif/);
});

test('--help lists gdl and check', () => {
  const help = run(['--help']).stdout;
  assert.match(help, /gdl +\(Game Description Language\)/);
  assert.match(help, /perfect-play check gdl FILE/);
});
