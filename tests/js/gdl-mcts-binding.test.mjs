// Monte Carlo tree search on rules in GDL in the page's module (pp-gdl:
// c/wasm/wasm_mcts.c over wasm_gdl_tree.c, binding-tree.js's solveMcts with
// game 'gdl-rules') against the native CLI's `solve gdl FILE --algo mcts`:
// one seed gives bit for bit the same statistics (visits, means, UCB1
// scores, proofs, nodes, playout plies) and the same trace, event for
// event; each root move's exact value is the CLI's; the worker's entry
// (tree-games.js) runs it from pp-gdl.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { bindTree } from '../../web/src/engine/binding-tree.js';
import { loadEngine } from '../../web/src/engine/binding.js';
import { familyOf } from '../../web/src/engine/families.js';
import { TREE_WORKER_GAMES } from '../../web/src/engine/tree-games.js';
import { checkpointsFor } from '../../web/src/lib/mcts.js';

const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
const { default: create } = await import(new URL('pp-gdl.mjs', wasmDir));
const engine = await loadEngine({ create, wasmBinary: await readFile(new URL('pp-gdl.wasm', wasmDir)) });
const tree = bindTree(engine.kit);
const CLI = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));
const file = (name) => fileURLToPath(new URL(`../../web/src/gdl/examples/${name}.kif`, import.meta.url));

function flags({ iterations, seed, uctC, solver, playout }) {
  const f = ['--iterations', String(iterations), '--seed', String(seed)];
  if (uctC !== undefined) f.push('--uct-c', String(uctC));
  if (solver) f.push('--solver');
  if (playout) f.push('--playout', playout);
  return f;
}
const cli = (name, opts, extra = []) =>
  JSON.parse(execFileSync(CLI, ['solve', 'gdl', file(name), '--algo', 'mcts', '--json', ...flags(opts), ...extra], { encoding: 'utf8' }));
const wasm = async (name, opts, more = {}) =>
  tree.solveMcts('gdl-rules', await readFile(file(name), 'utf8'), {
    uctC: Math.SQRT2,
    ...opts,
    solver: Boolean(opts.solver),
    playout: opts.playout ?? 'random',
    ...more,
  });

const CASES = [
  ['tictactoe', { iterations: 3000, seed: 1 }],
  ['tictactoe', { iterations: 40000, seed: 1, solver: true }],
  ['connect3', { iterations: 2000, seed: 7, uctC: 0.7 }],
  ['connect3', { iterations: 5000, seed: 3, solver: true, playout: 'decisive' }],
  ['nim', { iterations: 1500, seed: 18446744073709551615n }],
  ['take21', { iterations: 2500, seed: 4, solver: true }],
  ['chomp', { iterations: 1000, seed: 9, playout: 'decisive' }],
];

for (const [name, opts] of CASES) {
  test(`${name} ${JSON.stringify(opts, (k, v) => (typeof v === 'bigint' ? String(v) : v))}: the same statistics in pp-gdl as natively, bit for bit`, async () => {
    const j = cli(name, opts);
    const r = await wasm(name, opts, { checkpoints: checkpointsFor(opts.iterations) });
    assert.equal(r.iterations, j.iterations);
    assert.equal(
      r.moves[r.best]?.move,
      j.moves.findIndex((m) => m.move === j.best_move),
      'the choice',
    );
    assert.equal(r.value, j.value, "the exact value: the best of the moves' exact values");
    assert.equal(r.stats.nodes, j.stats.nodes);
    assert.equal(r.stats.playoutPlies, j.stats.playout_plies);
    assert.equal(r.stats.maxDepth, j.stats.max_depth);
    assert.deepEqual(r.reward, { lo: j.reward.lo, hi: j.reward.hi });
    assert.equal(r.provenValue, j.proven_value);
    assert.equal(r.maxToMove, j.mover === j.roles[0]);
    assert.deepEqual(r.info.roles, j.roles);
    assert.equal(r.moves.length, j.moves.length);
    r.moves.forEach((m, k) => {
      const n = j.moves[k];
      assert.equal(m.name, n.move, 'the move by its name in the rules');
      assert.equal(m.visits, n.visits, `${n.move} visits`);
      assert.ok(Object.is(m.mean, n.mean), `${n.move} mean ${m.mean} = ${n.mean}`);
      assert.ok(Object.is(m.ucb, n.ucb), `${n.move} ucb ${m.ucb} = ${n.ucb}`);
      assert.equal(m.proven, n.proven, `${n.move} proven`);
      assert.equal(m.exact, n.exact, `${n.move} exact`);
    });
    const end = r.curve.at(-1);
    assert.equal(end.iteration, r.iterations);
    assert.deepEqual(
      end.visits,
      r.moves.map((m) => m.visits),
    );
  });
}

test('the trace in pp-gdl is the native trace, event for event', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pp-gdl-mcts-'));
  try {
    for (const [name, opts] of [CASES[0], CASES[3]]) {
      const out = join(dir, 't.bin');
      execFileSync(CLI, ['solve', 'gdl', file(name), '--algo', 'mcts', ...flags(opts), '--trace', out], { encoding: 'utf8' });
      const bytes = readFileSync(out);
      const count = bytes.readUInt32LE(16);
      const native = new Int32Array(bytes.buffer.slice(bytes.byteOffset + 32, bytes.byteOffset + 32 + count * 16));
      const r = await wasm(name, opts, { traceCap: 1 << 20 });
      assert.equal(r.truncated, false);
      assert.equal(r.trace.length, native.length, `${name}: ${count} events`);
      assert.deepEqual(r.trace, native, `${name}: every event`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the worker's entry for gdl-rules runs MCTS in pp-gdl, and from a position after moves played against it", async () => {
  assert.equal(familyOf('gdl-rules'), 'gdl');
  const input = await readFile(file('connect3'), 'utf8');
  const request = { input, algo: 'mcts', iterations: 1000, seed: 5, uctC: Math.SQRT2, solver: false, playout: 'random', trace: 'auto' };
  const r = TREE_WORKER_GAMES['gdl-rules'](engine, request, () => {});
  assert.equal(r.mcts, true);
  assert.equal(r.iterations, 1000);
  assert.ok(r.trace.length > 0);
  const j = cli('connect3', { iterations: 1000, seed: 5 });
  assert.deepEqual(
    r.moves.map((m) => m.visits),
    j.moves.map((m) => m.visits),
  );
  // a game against it: the search after red drops in column 2 is yellow's to make
  const after = TREE_WORKER_GAMES['gdl-rules'](engine, { ...request, path: [r.moves[1].code] }, () => {});
  assert.equal(after.maxToMove, false);
  assert.deepEqual(after.path, [r.moves[1].code]);
  assert.equal(after.moves.length, 4);
  assert.deepEqual(
    after.moves.map((m) => m.name),
    ['(drop 1)', '(drop 2)', '(drop 3)', '(drop 4)'],
  );
});

test('playing rules in GDL against the solver (pp-gdl): each first move valued as the retrograde solve values it, named as the CLI names it', async () => {
  const { bindVersus } = await import('../../web/src/engine/binding-versus.js');
  const versus = bindVersus(engine.kit);
  for (const name of ['tictactoe', 'connect3', 'chomp']) {
    const r = versus.versusMoves('gdl-rules', await readFile(file(name), 'utf8'), []);
    const retro = JSON.parse(execFileSync(CLI, ['solve', 'gdl', file(name), '--algo', 'retrograde', '--json'], { encoding: 'utf8' }));
    assert.equal(r.over, false);
    assert.equal(r.player, 0);
    assert.deepEqual(
      r.moves.map((m) => m.name),
      retro.moves.map((m) => m.move),
    );
    const sign = { 'first wins': 1, draw: 0, 'second wins': -1 };
    assert.deepEqual(
      r.moves.map((m) => m.value),
      retro.moves.map((m) => sign[m.outcome]),
      name,
    );
  }
});

test('rules whose roles move at once after a turn: MCTS in pp-gdl stops with the state where they do, as the CLI does', async () => {
  const path = fileURLToPath(new URL('../gdl/games/pick-then-guess.kif', import.meta.url));
  const text = await readFile(path, 'utf8');
  await assert.rejects(
    async () => tree.solveMcts('gdl-rules', text, { iterations: 1000, seed: 1, uctC: Math.SQRT2, solver: false, playout: 'random' }),
    /simultaneous moves: both roles have several legal moves.*\(step 1\)/,
  );
});
