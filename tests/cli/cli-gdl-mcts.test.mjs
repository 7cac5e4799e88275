// cli-gdl-mcts.test.mjs: `solve gdl FILE --algo mcts` on our own rule files
// (web/src/gdl/examples). MCTS-Solver's proven root value against
// alpha-beta's answer (`--algo alphabeta`, the reasoner's own search), each
// root move's `exact` against the retrograde solve of the whole state graph
// (`--algo retrograde`, an independent method: every state valued backwards
// from the terminals); UCT with a large budget picks the perfect-play move
// where only one holds the value; one seed gives the same statistics twice;
// hostile options and games it does not play are refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'build/perfect-play');
const rules = (name) => join(root, 'web/src/gdl/examples', `${name}.kif`);
const GAMES = ['tictactoe', 'connect3', 'nim', 'take21', 'chomp'];

function run(args) {
  return spawnSync(cli, ['solve', 'gdl', ...args], { encoding: 'utf8', maxBuffer: 1 << 24 });
}
function json(args) {
  const r = run([...args, '--json']);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

/** The outcome words of a proven value for the side to move, as the other gdl answers say them. */
function outcomeOf(proven, mover, roles) {
  if (proven === 'draw') return 'draw';
  const moverWins = proven === 'win';
  return (mover === roles[0]) === moverWins ? 'first wins' : 'second wins';
}

for (const name of GAMES) {
  test(`${name}: MCTS-Solver proves alpha-beta's answer, each move's exact value is the retrograde solve's`, () => {
    const mc = json([rules(name), '--algo', 'mcts', '--solver', '--iterations', '400000', '--seed', '1']);
    const ab = json([rules(name), '--algo', 'alphabeta']);
    const retro = json([rules(name), '--algo', 'retrograde']);
    assert.equal(mc.algorithm, 'mcts');
    assert.equal(mc.kind, 'turns');
    assert.deepEqual(mc.roles, ab.roles);
    assert.notEqual(mc.proven, null, 'the solver proved the root within the budget');
    assert.ok(mc.iterations < 400000, 'a proven root stops the search');
    assert.equal(outcomeOf(mc.proven, mc.mover, mc.roles), ab.outcome, "the proven value is alpha-beta's answer");
    assert.equal(mc.answer, ab.answer, "the exact answer beside it is alpha-beta's");
    assert.equal(mc.mover, retro.mover);
    assert.deepEqual(mc.reward, { ...mc.reward, lo: 0, hi: 100 }, 'rewards in the goals scale');
    assert.match(mc.value_of, new RegExp(`^${mc.roles[0]}'s goal, 0 to 100`));
    // every root move, by name, in the rules' order, with its exact goal as the retrograde solve has it
    assert.deepEqual(
      mc.moves.map((m) => m.move),
      retro.moves.map((m) => m.move),
    );
    for (const [i, m] of mc.moves.entries()) {
      assert.equal(m.exact, retro.moves[i].value, `${m.move}: exact`);
      if (m.proven !== null) assert.equal(m.proven, m.exact, `${m.move}: a proof is the exact value`);
    }
    assert.equal(mc.value, retro.value, "the root's exact goal");
    assert.equal(mc.proven_value, mc.value);
    const best = mc.moves.find((m) => m.move === mc.best_move);
    assert.equal(best.exact, mc.value, "the proven root's choice holds its value");
    assert.ok(mc.moves.reduce((s, m) => s + m.visits, 0) <= mc.iterations, 'no root move has more visits than the iterations');
  });
}

test('UCT with a large budget picks the one perfect-play move where only one holds the value (seed 1)', () => {
  let unique = 0;
  for (const name of GAMES) {
    const mc = json([rules(name), '--algo', 'mcts', '--iterations', '100000', '--seed', '1']);
    assert.equal(mc.proven, null, 'no solver: nothing proven');
    const perfect = mc.moves.filter((m) => m.exact === mc.value);
    if (perfect.length !== 1) continue;
    unique++;
    assert.equal(mc.best_move, perfect[0].move, `${name}: UCT's choice`);
    const most = Math.max(...mc.moves.map((m) => m.visits));
    assert.equal(mc.moves.find((m) => m.move === mc.best_move).visits, most, 'the most visited root move');
  }
  assert.ok(unique >= 3, 'nim, take21 and chomp have one winning move each');
});

test('the same seed gives the same statistics twice; another seed others', () => {
  const strip = (j) => ({ ...j, iterations_per_second: 0, time_ms: 0, stats: { ...j.stats, seconds: 0 } });
  const args = [rules('connect3'), '--algo', 'mcts', '--iterations', '3000', '--seed', '12345', '--uct-c', '0.7', '--playout', 'decisive'];
  const a = json(args),
    b = json(args);
  assert.deepEqual(strip(a), strip(b));
  assert.equal(a.seed, 12345);
  assert.equal(a.uct_c, 0.7);
  assert.equal(a.playout, 'decisive');
  const c = json(args.map((x) => (x === '12345' ? '54321' : x)));
  assert.notDeepEqual(
    c.moves.map((m) => m.visits),
    a.moves.map((m) => m.visits),
  );
});

test('without --json the exact answer, as the other gdl algorithms print it', () => {
  for (const name of ['tictactoe', 'chomp']) {
    const r = run([rules(name), '--algo', 'mcts', '--iterations', '500']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, run([rules(name), '--algo', 'alphabeta']).stdout);
  }
});

test('hostile options and games it does not play exit 2 with a message naming what to use', () => {
  const refused = [
    [[rules('tictactoe'), '--algo', 'mcts', '--iterations', '0'], /--iterations must be/],
    [[rules('tictactoe'), '--algo', 'mcts', '--iterations', '4000000001'], /--iterations must be/],
    [[rules('tictactoe'), '--algo', 'mcts', '--seed', '-1'], /--seed must be/],
    [[rules('tictactoe'), '--algo', 'mcts', '--seed', '18446744073709551616'], /--seed must be/],
    [[rules('tictactoe'), '--algo', 'mcts', '--uct-c', '101'], /--uct-c must be/],
    [[rules('tictactoe'), '--algo', 'mcts', '--uct-c', 'nan'], /--uct-c must be/],
    [[rules('tictactoe'), '--algo', 'mcts', '--playout', 'greedy'], /--playout is random or decisive/],
    [[rules('tictactoe'), '--algo', 'mcts', '--max-memory', '0'], /--max-memory must be/],
    [[rules('tictactoe'), '--algo', 'mcts', '--max-memory', '99999'], /--max-memory for mcts is at most/],
    [[rules('tictactoe'), '--algo', 'mcts', '--memory', '1M'], /--max-memory MiB/],
    [[rules('tictactoe'), '--solver'], /--solver is for --algo mcts/],
    [[rules('tictactoe'), '--algo', 'alphabeta', '--iterations', '100'], /--iterations is for --algo mcts/],
    [[rules('tictactoe'), '--algo', 'pn', '--seed', '3'], /--seed is for --algo mcts/],
    [[rules('hanoi'), '--algo', 'mcts'], /two roles taking turns; a puzzle's fewest moves: --algo alphabeta/],
    [[rules('prisoners-dilemma'), '--algo', 'mcts'], /move at once.*--algo auto/],
    // turns at the start, both roles at once in the state after: found where the search reaches it
    [[join(root, 'tests/gdl/games/pick-then-guess.kif'), '--algo', 'mcts'], /move at once later on.*--algo auto.*\(step 1\)/],
    [[join(root, 'tests/gdl/games/pick-then-guess.kif'), '--algo', 'pn'], /simultaneous moves.*\(step 1\)/],
    [[join(root, 'tests/gdl/games/turns3.kif'), '--algo', 'mcts'], /three roles or more: --algo auto/],
    [[join(root, 'tests/gdl/no-such-file.kif'), '--algo', 'mcts'], /cannot read/],
  ];
  for (const [args, message] of refused) {
    const r = run(args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message, args.join(' '));
    assert.equal(r.stdout, '');
  }
});

test('past its limits: exit 3 with what it has', () => {
  // the tree's memory (--max-memory MiB, 32 bytes a node): the choice so far
  const tree = run([rules('tictactoe'), '--algo', 'mcts', '--iterations', '300000', '--max-memory', '1']);
  assert.equal(tree.status, 3, tree.stderr);
  assert.match(tree.stderr, /memory limit.*--max-memory raises it.*its choice so far: \(mark \d \d\) \(\d+ visits of \d+ iterations\)/);
  // the exact answer's positions (--budget)
  const exact = run([rules('connect3'), '--algo', 'mcts', '--iterations', '100', '--budget', '10']);
  assert.equal(exact.status, 3, exact.stderr);
  assert.match(exact.stderr, /the exact answer beside it.*--budget raises it/);
});
