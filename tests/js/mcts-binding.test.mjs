// Monte Carlo tree search in WASM (c/wasm/wasm_mcts.c via binding-tree.js's
// solveMcts) against the native CLI's --algo mcts: one seed gives bit for bit
// the same statistics (visits, means, UCB1 scores, proofs, nodes, playout
// plies) and the same trace, event for event, on every game-tree game; each
// root move's exact value is the CLI's; the choice changes and the
// convergence checkpoints agree with the final statistics; hostile options
// are refused with a message.
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
import { checkpointsFor, choiceAt, perfectFrom } from '../../web/src/lib/mcts.js';
import { sharedEngine } from './helpers/engine.mjs';

const engine = await sharedEngine();
const tree = bindTree(engine.kit);
const CLI = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));

function cli(game, input, args) {
  return JSON.parse(execFileSync(CLI, ['solve', game, input, '--algo', 'mcts', '--json', ...args], { encoding: 'utf8' }));
}

/** The CLI's flags for the binding's options. */
function flags({ iterations, seed, uctC, solver, playout }, minimize) {
  const f = ['--iterations', String(iterations), '--seed', String(seed)];
  if (uctC !== undefined) f.push('--uct-c', String(uctC));
  if (solver) f.push('--solver');
  if (playout) f.push('--playout', playout);
  if (minimize) f.push('--root', 'min');
  return f;
}

const CASES = [
  ['tree', '[[3,12,8],[2,4,6],[14,5,2]]', { iterations: 400, seed: 7 }],
  ['tree', '[[3,12,8],[2,4,6],[14,5,2]]', { iterations: 300, seed: 2, solver: true }, true],
  ['tree', 'branching = 3, depth = 6, lo = -9, hi = 9, seed = 4', { iterations: 5000, seed: 11, uctC: 0.7 }],
  ['tic-tac-toe', 'board = ["X.O","...","..."]', { iterations: 3000, seed: 1 }],
  ['tic-tac-toe', 'board = ["X..","...","..."]', { iterations: 4000, seed: 99, solver: true, playout: 'decisive' }],
  ['tic-tac-toe', 'board = ["XO..","OX..","..X.","...O"]', { iterations: 2000, seed: 5 }],
  ['nim', 'n = 9', { iterations: 1500, seed: 3 }],
  ['can-i-win', 'maxChoosableInteger = 10, desiredTotal = 11', { iterations: 2500, seed: 8, uctC: 2.5 }],
  ['predict-the-winner', 'nums = [1,5,233,7]', { iterations: 800, seed: 4, solver: true }],
  ['young-tableau', 'a = [[2,7,3],[9,1,2]], b = [[3,7,2],[2,3,1]]', { iterations: 1200, seed: 6 }],
  ['triangle-war', 'moves = [[2,4],[4,5],[5,9],[3,6],[2,5],[3,5],[7,8],[8,9],[4,8]]', { iterations: 1000, seed: 12, playout: 'decisive' }],
  ['board-chase', 'n = 3, white = [1,1], black = [3,3]', { iterations: 1000, seed: 18446744073709551615n }],
];

for (const [game, input, opts, minimize = false] of CASES) {
  test(`${game} ${input} ${JSON.stringify(opts, (k, v) => (typeof v === 'bigint' ? String(v) : v))}: the same statistics in WASM as natively, bit for bit`, () => {
    const j = cli(game, input, flags(opts, minimize));
    const r = tree.solveMcts(game, input, {
      uctC: Math.SQRT2,
      ...opts,
      solver: Boolean(opts.solver),
      playout: opts.playout ?? 'random',
      minimize,
      checkpoints: checkpointsFor(opts.iterations),
    });
    assert.equal(r.iterations, j.iterations);
    assert.equal(r.best, j.best_move);
    assert.equal(r.value, j.value, "the exact value: the best of the moves' exact values");
    assert.equal(r.stats.nodes, j.stats.nodes);
    assert.equal(r.stats.playoutPlies, j.stats.playout_plies);
    assert.equal(r.stats.maxDepth, j.stats.max_depth);
    assert.deepEqual(r.reward, j.reward && { lo: j.reward.lo, hi: j.reward.hi });
    assert.equal(r.provenValue, j.proven_value);
    assert.equal(r.moves.length, j.moves.length);
    r.moves.forEach((m, k) => {
      const n = j.moves[k];
      assert.equal(m.visits, n.visits, `move ${k} visits`);
      assert.ok(Object.is(m.mean, n.mean), `move ${k} mean ${m.mean} = ${n.mean}`);
      assert.ok(Object.is(m.ucb, n.ucb), `move ${k} ucb ${m.ucb} = ${n.ucb}`);
      assert.equal(m.proven, n.proven, `move ${k} proven`);
      assert.equal(m.exact, n.exact, `move ${k} exact`);
    });
    // The convergence curve ends on the final statistics; the changes end on the final choice.
    const end = r.curve.at(-1);
    assert.equal(end.iteration, r.iterations);
    assert.deepEqual(
      end.visits,
      r.moves.map((m) => m.visits),
    );
    assert.deepEqual(
      end.mean,
      r.moves.map((m) => m.mean),
    );
    for (const point of r.curve)
      assert.equal(
        point.visits.reduce((a, b) => a + b, 0),
        point.iteration,
        'every iteration passes one root move',
      );
    assert.equal(choiceAt(r, r.iterations), r.best);
    const from = perfectFrom(r);
    const perfect = r.moves[r.best].exact === r.value;
    assert.equal(from.from !== null, perfect, 'a perfect-from iteration exactly when the final choice is perfect play');
    if (perfect) {
      for (let t = from.from; t <= r.iterations; t += Math.max(1, Math.floor(r.iterations / 97))) {
        assert.equal(r.moves[choiceAt(r, t)].exact, r.value, `the choice after iteration ${t} is perfect play`);
      }
      if (from.from > 1) assert.notEqual(r.moves[choiceAt(r, from.from - 1)]?.exact, r.value, 'and not the iteration before');
    }
  });
}

test('the trace in WASM is the native trace, event for event', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pp-mcts-'));
  try {
    for (const [game, input, opts] of [CASES[1], CASES[4], CASES[7]]) {
      const file = join(dir, 't.bin');
      execFileSync(CLI, ['solve', game, input, '--algo', 'mcts', ...flags(opts, game === 'tree'), '--trace', file], { encoding: 'utf8' });
      const bytes = readFileSync(file);
      const count = bytes.readUInt32LE(16);
      const native = new Int32Array(bytes.buffer.slice(bytes.byteOffset + 32, bytes.byteOffset + 32 + count * 16));
      const r = tree.solveMcts(game, input, {
        uctC: Math.SQRT2,
        ...opts,
        solver: Boolean(opts.solver),
        playout: opts.playout ?? 'random',
        minimize: game === 'tree',
        traceCap: 1 << 20,
      });
      assert.equal(r.truncated, false);
      assert.equal(r.trace.length, native.length, `${game}: ${count} events`);
      assert.deepEqual(r.trace, native, `${game}: every event`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the page's module (pp-tree) runs the same search as the whole one", async () => {
  const { default: create } = await import('../../web/src/engine/wasm/pp-tree.mjs');
  const wasmBinary = await readFile(fileURLToPath(new URL('../../web/src/engine/wasm/pp-tree.wasm', import.meta.url)));
  const own = bindTree((await loadEngine({ wasmBinary, create })).kit);
  const opts = { iterations: 2000, seed: 42, solver: true };
  const a = own.solveMcts('tic-tac-toe', 'board = ["X..","...","..."]', opts);
  const b = tree.solveMcts('tic-tac-toe', 'board = ["X..","...","..."]', opts);
  assert.deepEqual(a.moves, b.moves);
  assert.deepEqual(a.changes, b.changes);
});

test('the solver proves a small game and stops early; the curve ends there', () => {
  const r = tree.solveMcts('tic-tac-toe', 'board = ["XO.",".X.","O.."]', { iterations: 100000, seed: 1, solver: true, checkpoints: checkpointsFor(100000) });
  assert.equal(r.proven, true);
  assert.ok(r.iterations < 100000, `${r.iterations} iterations`);
  assert.equal(r.provenValue, r.value);
  assert.equal(r.curve.at(-1).iteration, r.iterations);
  assert.equal(r.moves[r.best].exact, r.value, "a proven root's choice holds its value");
});

test('a root that is already over: no moves, its own value', () => {
  const r = tree.solveMcts('tic-tac-toe', 'board = ["XXX","OO.","..."]', { iterations: 10 });
  assert.equal(r.moves.length, 0);
  assert.equal(r.value, 1);
  assert.equal(r.best, -1);
});

test('hostile options are refused with a message, before anything runs', () => {
  const bad = [
    [{ iterations: 0 }, /iterations must be a whole number from 1/],
    [{ iterations: 1.5 }, /iterations/],
    [{ iterations: 4_000_000_001 }, /iterations/],
    [{ iterations: NaN }, /iterations/],
    [{ seed: -1 }, /seed/],
    [{ seed: '12abc' }, /seed/],
    [{ seed: 2 ** 64 }, /seed/],
    [{ seed: 18446744073709551616n }, /seed/],
    [{ uctC: -0.1 }, /exploration constant/],
    [{ uctC: 101 }, /exploration constant/],
    [{ uctC: NaN }, /exploration constant/],
    [{ uctC: '1' }, /exploration constant/],
    [{ solver: 1 }, /solver must be true or false/],
    [{ playout: 'greedy' }, /unknown playout: greedy/],
    [{ playout: '__proto__' }, /unknown playout/],
    [{ memoryMiB: 0.5 }, /memory/],
    [{ memoryMiB: 1e9 }, /memory/],
    [{ checkpoints: [5, 3] }, /checkpoints must be increasing/],
    [{ traceCap: -1 }, /traceCap must be an integer/],
  ];
  for (const [opts, message] of bad) {
    assert.throws(
      () => tree.solveMcts('tree', '[[1,2],[3]]', { iterations: 10, ...opts }),
      (err) => err.name === 'EngineError' && message.test(err.message),
      String(Object.entries(opts)),
    );
  }
  assert.throws(
    () => tree.solveMcts('tree', '[[1,2],[3', { iterations: 10 }),
    (err) => err.name === 'EngineError' && err.status === 'input',
  );
  assert.throws(() => tree.solveMcts('chess', '[1]', { iterations: 10 }), /unknown game: chess/);
});

test("past the tree's memory the search stops with a budget error", () => {
  assert.throws(
    () => tree.solveMcts('tic-tac-toe', 'board = ["....","....","....","...."]', { iterations: 4_000_000, memoryMiB: 1 }),
    (err) => err.status === 'budget' && /memory limit/.test(err.message),
  );
});

test('a search from the position after a path is the search of that position typed', () => {
  const opts = { iterations: 1500, seed: 21, solver: true };
  const after = tree.solveMcts('tic-tac-toe', 'board = ["...","...","..."]', { ...opts, path: [4, 0] });
  const typed = tree.solveMcts('tic-tac-toe', 'board = ["O..",".X.","..."]', opts);
  assert.deepEqual(after.path, [4, 0]);
  assert.deepEqual(after.moves, typed.moves);
  assert.equal(after.value, typed.value);
  assert.deepEqual(after.changes, typed.changes);
  const j = cli('can-i-win', 'maxChoosableInteger = 6, desiredTotal = 12', ['--iterations', '700', '--seed', '3']);
  const root = tree.solveMcts('can-i-win', 'maxChoosableInteger = 6, desiredTotal = 12', { iterations: 700, seed: 3, path: [] });
  assert.deepEqual(
    root.moves.map((m) => m.visits),
    j.moves.map((m) => m.visits),
  );
  assert.throws(
    () => tree.solveMcts('tic-tac-toe', 'board = ["...","...","..."]', { iterations: 10, path: [4, 4] }),
    /a move that is not legal in its position/,
  );
  assert.throws(
    () => tree.solveMcts('tic-tac-toe', 'board = ["...","...","..."]', { iterations: 10, path: [0, 3, 1, 4, 2, 5] }),
    /a move after the game is over/,
  );
  assert.throws(() => tree.solveMcts('tic-tac-toe', 'board = ["...","...","..."]', { iterations: 10, path: [0.5] }), /path must be a list/);
});
