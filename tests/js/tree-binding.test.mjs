// The game-tree exports (c/wasm/wasm_tree.c via binding-tree.js) against the real
// WASM: values, statistics and traces agree with the native CLI.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { bindTree, pnMemoryMiB } from '../../web/src/engine/binding-tree.js';
import { abEventLine } from '../../web/src/lib/tree-events.js';
import { sharedEngine } from './helpers/engine.mjs';

const engine = await sharedEngine();
const tree = bindTree(engine.kit);
const TEXTBOOK = '[[3,12,8],[2,4,6],[14,5,2]]';
const CLI = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));
const golden = (name) =>
  readFileSync(new URL(`../c/golden/tree_textbook_${name}.txt`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'));

function cli(game, input, args = []) {
  return JSON.parse(execFileSync(CLI, ['solve', game, '--json', ...args, input], { encoding: 'utf8' }));
}

test('the textbook tree: value 3, two cut-offs, seven leaves', () => {
  const r = tree.solveTree('tree', TEXTBOOK, { traceCap: 1000 });
  assert.equal(r.value, 3);
  assert.equal(r.bound, 'exact');
  assert.equal(r.stats.cutoffs, 2);
  assert.equal(r.stats.leaves, 7);
  assert.equal(r.info.truth, 3);
  assert.equal(r.layout.n, 13);
  assert.deepEqual([...r.layout.parent], [-1, 0, 1, 1, 1, 0, 5, 5, 5, 0, 9, 9, 9]);
  assert.deepEqual(
    [...r.layout.value].filter((_, i) => r.layout.moves[i] === 0),
    [3, 12, 8, 2, 4, 6, 14, 5, 2],
  );
  assert.deepEqual([...r.layout.player.slice(0, 2)], [0, 1], 'MAX at the root, MIN below');
});

for (const [name, options] of [
  ['alphabeta', {}],
  ['alphabeta-soft', { algo: 'alphabeta-soft' }],
  ['minimax', { algo: 'minimax' }],
  ['alphabeta_best', { order: 'best' }],
]) {
  test(`the textbook trace matches the golden file (${name})`, () => {
    const r = tree.solveTree('tree', TEXTBOOK, { traceCap: 1000, ...options });
    const lines = [];
    for (let i = 0; i < r.trace.length / 4; i++) lines.push(abEventLine(r.trace, i));
    assert.deepEqual(lines, golden(name));
  });
}

test('a minimizing root takes the smallest of the maxima', () => {
  const r = tree.solveTree('tree', TEXTBOOK, { minimize: true });
  assert.equal(r.value, 6, 'min(12, 6, 14), as the CLI says with --root min');
  assert.equal(r.info.rootPlayer, 1);
});

test('random trees: every algorithm and order agrees with the CLI and the oracle', { skip: !existsSync(CLI) && 'build/perfect-play not built' }, () => {
  for (let seed = 1; seed <= 12; seed++) {
    const b = 2 + (seed % 4);
    const d = 2 + (seed % 4);
    const input = `branching = ${b}, depth = ${d}, lo = -50, hi = 50, seed = ${seed}`;
    for (const algo of ['minimax', 'alphabeta', 'alphabeta-soft']) {
      for (const order of ['given', 'best', 'worst']) {
        const r = tree.solveTree('tree', input, { algo, order });
        const c = cli('tree', input, ['--algo', algo, '--order', order]);
        assert.equal(r.value, c.value, `${input} ${algo} ${order}`);
        assert.equal(r.value, r.info.truth, 'the oracle');
        assert.equal(r.stats.leaves, c.stats.leaves);
        assert.equal(r.stats.cutoffs, c.stats.cutoffs);
      }
    }
  }
});

test('the layout is refused past its cap, the search still runs', () => {
  const r = tree.solveTree('tree', 'branching = 4, depth = 6, lo = 0, hi = 9, seed = 3', { layoutCap: 1000 });
  assert.equal(r.layout, null);
  assert.equal(r.info.nodes, (4 ** 7 - 1) / 3);
  assert.equal(r.value, r.info.truth);
});

test('tic-tac-toe, Nim, Can I Win and Predict the Winner agree with the CLI', { skip: !existsSync(CLI) && 'build/perfect-play not built' }, () => {
  const cases = [
    ['tic-tac-toe', 'board = ["X..",".O.","..X"]', { tt: true }],
    ['tic-tac-toe', 'board = ["X...",".O..","..X.","...O"]', { tt: true }],
    ['nim', 'n = 4', {}],
    ['nim', 'n = 7', {}],
    ['can-i-win', 'maxChoosableInteger = 10, desiredTotal = 11', { memo: true }],
    ['can-i-win', 'maxChoosableInteger = 5, desiredTotal = 6', {}],
    ['predict-the-winner', 'nums = [1,5,233,7]', {}],
    ['predict-the-winner', 'nums = [1,2,99]', {}],
  ];
  for (const [game, input, options] of cases) {
    const r = tree.solveTree(game, input, options);
    const args = ['--algo', 'alphabeta', ...(options.tt ? ['--tt'] : []), ...(options.memo ? ['--memo'] : [])];
    const c = cli(game, input, args);
    assert.equal(r.value, c.value, `${game} ${input}`);
    assert.equal(r.stats.nodes, c.stats.nodes, `${game} ${input} nodes`);
  }
});

test('the tic-tac-toe board comes back as rows', () => {
  const r = tree.solveTree('tic-tac-toe', 'board = ["XO.","...","..."]');
  assert.deepEqual(r.info.board, ['XO.', '...', '...']);
  assert.equal(r.info.side, 3);
  assert.equal(r.info.rootPlayer, 0, 'X to move');
});

test('a trace stops at its cap and says so', () => {
  const r = tree.solveTree('tree', TEXTBOOK, { traceCap: 10 });
  assert.equal(r.trace.length, 40);
  assert.equal(r.truncated, true);
  assert.equal(r.value, 3, 'the search still finishes');
});

test('bad input and bad options throw EngineErrors with the C message', () => {
  const throwsWith = (fn, part, status) =>
    assert.throws(fn, (err) => {
      assert.equal(err.name, 'EngineError');
      assert.ok(err.message.includes(part), err.message);
      if (status) assert.equal(err.status, status);
      return true;
    });
  throwsWith(() => tree.solveTree('tree', '[[1,2],[3'), "no closing ']'", 'input');
  throwsWith(() => tree.solveTree('tic-tac-toe', 'board = ["XXX","XXX","OOO"]'), '', 'input');
  throwsWith(() => tree.solveTree('tree', TEXTBOOK, { memo: true }), '');
  throwsWith(() => tree.solveTree('tree', TEXTBOOK, { algo: 'negascout' }), 'unknown algorithm', 'arg');
  throwsWith(() => tree.solveTree('chess', TEXTBOOK), 'unknown game', 'arg');
  throwsWith(() => tree.solveTree('nim', 'n = 100000'), '', 'limit');
  throwsWith(() => tree.solveTree('tree', TEXTBOOK, { traceCap: -1 }), 'traceCap', 'arg');
});

test('a budget that runs out is an error, not a wrong answer', () => {
  assert.throws(() => tree.solveTree('tic-tac-toe', 'board = ["....","....","....","...."]', { budget: 1000 }), /budget/i);
});

test('Knuth and Moore: b^ceil(d/2) + b^floor(d/2) - 1', () => {
  assert.equal(tree.minimalLeaves(3, 2), 5);
  assert.equal(tree.minimalLeaves(5, 6), 249);
  assert.equal(tree.minimalLeaves(10, 7), 10999);
});

test('handles are freed: memory stays put over many solves', () => {
  const before = engine.probeMalloc();
  for (let i = 0; i < 200; i++) tree.solveTree('tree', TEXTBOOK, { traceCap: 100 });
  assert.equal(engine.probeMalloc(), before);
});

test("proof-number search's page budget: a quarter of the device's memory up to 1 GiB, expansions scaled to it as the CLI's", () => {
  assert.equal(pnMemoryMiB(8), 1024);
  assert.equal(pnMemoryMiB(2), 512);
  assert.equal(pnMemoryMiB(undefined), 1024); // the browser does not tell: the page's budget, at most 1 GiB
  // the answer within the page's memory, as the CLI's with its defaults
  const input = 'maxChoosableInteger = 15, desiredTotal = 100';
  const r = tree.solvePn('can-i-win', input, { algo: 'dfpn', memoryMiB: pnMemoryMiB(8), budget: 'scaled', layoutCap: 0 });
  assert.equal(r.value, cli('can-i-win', input, ['--algo', 'dfpn']).value);
  // 1 MiB: 200,000 expansions, and the message estimates what may answer
  assert.throws(
    () => tree.solvePn('can-i-win', 'maxChoosableInteger = 20, desiredTotal = 170', { algo: 'dfpn', memoryMiB: 1, budget: 'scaled', layoutCap: 0 }),
    (err) =>
      err.status === 'budget' && /budget of 200000 expansions; the root's proof and disproof numbers reached \d+ and \d+: about \d+ times/.test(err.message),
  );
});
