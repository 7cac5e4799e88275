// cli-gdl-search.test.mjs: `solve gdl` choosing how to solve: --algo auto
// (the state graph when it is small, else a search from the start),
// retrograde and alphabeta giving the same answers, --json's search fields,
// --budget and --max-memory exiting 3 with what is proven.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'build/perfect-play');
const example = (name) => join(root, 'web/src/gdl/examples', name);
const gdl2qbf = (name) => join(root, 'tests/gdl/gdl2qbf', `${name}.gdl`);

function run(args, input) {
  const r = spawnSync(cli, args, { input, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('alphabeta answers as retrograde does on the examples and small games of the paper', () => {
  const files = ['tictactoe.kif', 'nim.kif', 'take21.kif', 'connect3.kif', 'chomp.kif', 'hanoi.kif'].map(example);
  files.push(...['break-through-2x5', 'break-through-3x4', 'connect-3-4x4', 'dots-and-boxes-2x2'].map(gdl2qbf));
  for (const file of files) {
    const retro = run(['solve', 'gdl', file, '--algo', 'retrograde']);
    const search = run(['solve', 'gdl', file, '--algo', 'alphabeta']);
    assert.equal(retro.status, 0, file);
    assert.deepEqual(search, retro, file);
  }
});

test('--json of a search: the algorithm, best move, principal line, nodes, table entries, speed', () => {
  const j = JSON.parse(run(['solve', 'gdl', example('take21.kif'), '--algo', 'alphabeta', '--json']).stdout);
  assert.equal(j.answer, 'first wins');
  assert.equal(j.algorithm, 'alphabeta');
  assert.equal(j.outcome, 'first wins');
  assert.equal(j.best_move, '(take 1)'); // leaves a multiple of four: the only winning move
  assert.equal(j.pv[0], '(take 1)');
  assert.ok(j.pv.length > 1);
  assert.ok(j.stats.nodes > 0 && j.stats.tt_entries > 0 && j.stats.nodes_per_second > 0);
  assert.equal(typeof j.time_ms, 'number');
  const puzzle = JSON.parse(run(['solve', 'gdl', example('hanoi.kif'), '--algo', 'alphabeta', '--json']).stdout);
  assert.equal(puzzle.answer, 'solved in 7 moves, goal 100');
  assert.equal(puzzle.pv.length, 7);
  const retro = JSON.parse(run(['solve', 'gdl', example('tictactoe.kif'), '--json']).stdout);
  assert.equal(retro.algorithm, 'retrograde');
  assert.equal(retro.pv.length, 9); // a draw fills the board
});

test('auto --json: a small graph is enumerated (its states reported), a big one searched from the start', () => {
  const small = JSON.parse(run(['solve', 'gdl', gdl2qbf('connect-3-4x4'), '--json']).stdout);
  assert.equal(small.algorithm, 'retrograde');
  assert.equal(small.states, 41750);
  // connect three on 6 x 6: over sixteen million states; a shallow first-player win
  const big = JSON.parse(run(['solve', 'gdl', gdl2qbf('connect-3-6x6'), '--json']).stdout);
  assert.equal(big.answer, 'first wins');
  assert.equal(big.algorithm, 'alphabeta');
  assert.match(big.best_move, /^\(drop [1-6]\)$/);
  const bt = JSON.parse(run(['solve', 'gdl', gdl2qbf('break-through-4x4'), '--json']).stdout);
  assert.equal(bt.answer, 'second wins');
  assert.equal(bt.algorithm, 'alphabeta');
});

test('auto, the answer alone: the same answers, a short search first, and a small graph still answers past a tiny --budget', () => {
  for (const game of ['connect-3-4x4', 'connect-3-6x6', 'break-through-2x5', 'dots-and-boxes-2x2', 'gttt-4x4-2-2-elly']) {
    const json = JSON.parse(run(['solve', 'gdl', gdl2qbf(game), '--json']).stdout);
    const plain = run(['solve', 'gdl', gdl2qbf(game)]);
    assert.equal(plain.status, 0, game);
    assert.equal(plain.stdout, `${json.answer}\n`, game);
  }
  // the search's budget bounds the search, not the graph: tic-tac-toe is enumerated past 100 nodes
  const tiny = run(['solve', 'gdl', example('tictactoe.kif'), '--budget', '100']);
  assert.equal(tiny.status, 0);
  assert.equal(tiny.stdout, 'draw\n');
  const over = run(['solve', 'gdl', gdl2qbf('connect-4-4x4'), '--budget', '100']);
  assert.equal(over.status, 3);
  assert.match(over.stderr, /budget of 100 nodes ran out/);
});

test('--frozen: the same answers, fewer nodes where lines get blocked (generalized tic-tac-toe), none cut where nothing freezes', () => {
  for (const game of ['tic-tac-toe', 'gttt-4x4-1-1-skinny', 'connect-3-4x4']) {
    const plain = JSON.parse(run(['solve', 'gdl', gdl2qbf(game), '--algo', 'alphabeta', '--json']).stdout);
    const cut = JSON.parse(run(['solve', 'gdl', gdl2qbf(game), '--algo', 'alphabeta', '--json', '--frozen']).stdout);
    assert.equal(cut.answer, plain.answer, game);
    if (game === 'connect-3-4x4') assert.equal(cut.stats.nodes, plain.stats.nodes, game);
    else assert.ok(cut.stats.nodes < plain.stats.nodes, `${game}: ${cut.stats.nodes} nodes with the cut, ${plain.stats.nodes} without`);
  }
});

test("the rules' symmetries: found from the rules, the same answers and best moves of the same value in fewer nodes; --no-symmetry keys states as they are", () => {
  const cases = [
    ['tic-tac-toe', 8],
    ['gttt-4x4-1-1-skinny', 8],
    ['connect-3-4x4', 2],
    ['dots-and-boxes-2x2', 1],
  ];
  for (const [game, count] of cases) {
    const sym = JSON.parse(run(['solve', 'gdl', gdl2qbf(game), '--algo', 'alphabeta', '--json']).stdout);
    const plain = JSON.parse(run(['solve', 'gdl', gdl2qbf(game), '--algo', 'alphabeta', '--json', '--no-symmetry']).stdout);
    assert.equal(sym.stats.symmetries, count, game);
    assert.equal(plain.stats.symmetries, 1, game);
    assert.equal(sym.answer, plain.answer, game);
    if (count > 1)
      assert.ok(sym.stats.tt_entries < plain.stats.tt_entries, `${game}: ${sym.stats.tt_entries} entries with symmetries, ${plain.stats.tt_entries} without`);
    else assert.equal(sym.stats.nodes, plain.stats.nodes, game);
  }
  // the best move is mapped back from the table's frame: on tic-tac-toe every
  // first move draws, so ask for a win: connect three 4x4's first move
  const retro = JSON.parse(run(['solve', 'gdl', gdl2qbf('connect-3-4x4'), '--algo', 'retrograde', '--json']).stdout);
  const sym = JSON.parse(run(['solve', 'gdl', gdl2qbf('connect-3-4x4'), '--algo', 'alphabeta', '--json']).stdout);
  const move = retro.moves.find((m) => m.move === sym.best_move);
  assert.ok(move, `${sym.best_move} is a first move`);
  assert.equal(move.outcome, 'first wins');
});

test('past --budget or --max-memory: exit 3 with what is proven so far', () => {
  const b = run(['solve', 'gdl', gdl2qbf('connect-4-4x4'), '--algo', 'alphabeta', '--budget', '2000']);
  assert.equal(b.status, 3);
  assert.equal(b.stdout, '');
  assert.match(b.stderr, /^perfect-play: the search's budget of 2000 nodes ran out; (nothing proven yet|proven so far: .*) \(searched \d+ plies\)\n$/);
  const m = run(['solve', 'gdl', gdl2qbf('connect-4-4x4'), '--algo', 'retrograde', '--max-memory', '2']);
  assert.equal(m.status, 3);
  assert.match(m.stderr, /over the memory budget of 2 MiB/);
  const bad = run(['solve', 'gdl', example('nim.kif'), '--algo', 'uct']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /unknown algorithm 'uct' for gdl \(available: auto, retrograde, alphabeta, pn, pn2, dfpn, mcts, bialphabeta\)/);
  assert.equal(run(['solve', 'gdl', example('nim.kif'), '--max-memory', 'lots']).status, 2);
});

test('--algo dfpn: the proof-number prover answers as the others do; a puzzle is refused', () => {
  for (const game of ['break-through-2x5', 'connect-3-4x4', 'tic-tac-toe', 'dots-and-boxes-2x2']) {
    const file = gdl2qbf(game);
    const retro = run(['solve', 'gdl', file, '--algo', 'retrograde']);
    assert.deepEqual(run(['solve', 'gdl', file, '--algo', 'dfpn']), retro, game);
  }
  const j = JSON.parse(run(['solve', 'gdl', gdl2qbf('connect-3-6x6'), '--algo', 'dfpn', '--json']).stdout);
  assert.equal(j.answer, 'first wins');
  assert.equal(j.algorithm, 'dfpn');
  assert.ok(j.stats.nodes > 0 && j.stats.tt_entries > 0);
  assert.match(j.best_move, /^\(drop [1-6]\)$/);
  assert.equal(j.pv[0], j.best_move);
  assert.ok(j.pv.length >= 5); // three in a row: five moves at least
  const b = run(['solve', 'gdl', gdl2qbf('connect-4-4x4'), '--algo', 'dfpn', '--budget', '2000']);
  assert.equal(b.status, 3);
  assert.match(b.stderr, /^perfect-play: the search's budget of 2000 nodes ran out; /);
  const puzzle = run(['solve', 'gdl', example('hanoi.kif'), '--algo', 'dfpn']);
  assert.equal(puzzle.status, 2);
  assert.match(puzzle.stderr, /--algo dfpn solves games of two roles/);
});

test('--algo pn and pn2: the best-first provers answer as retrograde does; past --max-memory, exit 3', () => {
  const files = ['tictactoe.kif', 'nim.kif', 'take21.kif', 'connect3.kif', 'chomp.kif'].map(example);
  files.push(...['break-through-2x5', 'break-through-3x4', 'connect-3-4x4', 'tic-tac-toe'].map(gdl2qbf));
  for (const file of files) {
    const retro = run(['solve', 'gdl', file, '--algo', 'retrograde']);
    assert.equal(retro.status, 0, file);
    for (const algo of ['pn', 'pn2']) assert.deepEqual(run(['solve', 'gdl', file, '--algo', algo]), retro, `${file} ${algo}`);
  }
  // dots and boxes: PN alone (PN² takes seconds here)
  const dots = gdl2qbf('dots-and-boxes-2x2');
  assert.deepEqual(run(['solve', 'gdl', dots, '--algo', 'pn']), run(['solve', 'gdl', dots, '--algo', 'retrograde']));
  const j = JSON.parse(run(['solve', 'gdl', example('take21.kif'), '--algo', 'pn2', '--json']).stdout);
  assert.equal(j.answer, 'first wins');
  assert.equal(j.algorithm, 'pn2');
  assert.deepEqual(j.roles, ['first', 'second']);
  assert.ok(j.stats.nodes > 0 && j.stats.tt_entries > 0);
  // PN keeps every position it expands: connect four on 4 x 4 passes 1 MiB
  const m = run(['solve', 'gdl', gdl2qbf('connect-4-4x4'), '--algo', 'pn', '--max-memory', '1']);
  assert.equal(m.status, 3);
  assert.equal(m.stdout, '');
  assert.match(m.stderr, /^perfect-play: pn: the memory limit of 1048576 bytes is reached .*; proven so far: the outcome is between .* and .*\n$/);
  const b = run(['solve', 'gdl', gdl2qbf('connect-4-4x4'), '--algo', 'pn2', '--budget', '500']);
  assert.equal(b.status, 3);
  assert.match(b.stderr, /budget of 500 expansions/);
  const puzzle = run(['solve', 'gdl', example('hanoi.kif'), '--algo', 'pn']);
  assert.equal(puzzle.status, 2);
  assert.match(puzzle.stderr, /--algo pn solves games of two roles/);
});
