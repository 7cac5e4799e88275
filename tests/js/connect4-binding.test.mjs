// connect4-binding.test.mjs: Connect Four through the real WASM (pp.wasm via
// binding-connect4.js, and the worker's entry on the page's pp-c4 module)
// against the native CLI: the score of every column, the best moves and the
// root score on random positions, every stage alike; the generic stages'
// animated search agrees too; errors name the move.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../../web/src/engine/binding.js';
import { bindConnect4 } from '../../web/src/engine/binding-connect4.js';
import { bindTree } from '../../web/src/engine/binding-tree.js';
import { CONNECT4_WORKER_GAMES } from '../../web/src/engine/connect4-games.js';
import { C4_STAGES, readMoves, scoreWords } from '../../web/src/lib/connect4.js';
import { checkpointsFor, choiceAt } from '../../web/src/lib/mcts.js';
import { sharedEngine } from './helpers/engine.mjs';
import { randomPlay, rng } from './helpers/random-play.mjs';

const engine = await sharedEngine();
const c4 = bindConnect4(engine.kit);
const tree = bindTree(engine.kit);
const CLI = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));

function cli(moves, size = '7x6', algo = 'strongest') {
  return JSON.parse(execFileSync(CLI, ['solve', 'connect-four', '--json', '--size', size, '--algo', algo, moves], { encoding: 'utf8' }));
}

/** Random open positions: `stones` moves of random play that neither won nor filled the board. */
function positions(seed, w, h, stones, count) {
  const rand = rng(seed);
  const out = [];
  while (out.length < count) {
    const seq = randomPlay(rand, w, h, stones);
    const r = readMoves(seq, w, h);
    if (!r.error && !r.four && !r.full) out.push(seq);
  }
  return out;
}

test('the community examples: 4455 scores 18, 44455554221 scores -15, in words', () => {
  assert.equal(c4.solve(7, 6, '4455').score, 18);
  assert.equal(c4.solve(7, 6, '44455554221').score, -15);
  assert.equal(c4.solve(7, 6, '44455554221', { weak: true }).score, -1);
  assert.equal(scoreWords(18, 7, 6, 4), 'X wins with its 4th stone');
  assert.equal(scoreWords(-15, 7, 6, 11), 'X wins with its 7th stone');
});

test('every column scored as the native CLI scores it, on random 7x6 positions', () => {
  for (const seq of positions(16, 7, 6, 14, 12)) {
    const native = cli(seq);
    const mine = c4.analyse(7, 6, seq);
    assert.equal(mine.score, native.answer, seq);
    assert.deepEqual(mine.columns, native.columns, seq);
    assert.deepEqual(mine.best, native.best_moves, seq);
  }
});

test('other sizes: columns, and the empty 5x4 and 6x4 boards (Tromp: draw, second player wins)', () => {
  for (const size of ['4x4', '5x5', '8x4', '6x7', '9x6', '8x7']) {
    const [w, h] = size.split('x').map(Number);
    for (const seq of positions(w * 10 + h, w, h, Math.floor((w * h) / 2), 3)) {
      const native = cli(seq, size);
      assert.deepEqual(c4.analyse(w, h, seq).columns, native.columns, `${size} ${seq}`);
    }
  }
  assert.equal(c4.solve(5, 4, '').score, 0);
  assert.ok(c4.solve(6, 4, '').score < 0);
});

test('every stage gives the CLI strongest score on random late positions', () => {
  for (const seq of positions(7, 7, 6, 28, 6)) {
    const want = cli(seq).answer;
    for (const stage of C4_STAGES) assert.equal(c4.solve(7, 6, seq, { stage }).score, want, `${stage} ${seq}`);
  }
});

test('the animated generic search (pp-c4, kind 8) agrees with the CLI and traces', () => {
  for (const seq of positions(3, 5, 4, 12, 4)) {
    const want = cli(seq, '5x4').answer;
    const r = tree.solveTree('connect-four', `5x4:${seq}`, { algo: 'alphabeta', order: 'best', traceCap: 100_000 });
    const score = seq.length % 2 ? -r.value : r.value; // the generic value is the first player's
    assert.equal(score, want, seq);
    assert.ok(r.trace.length > 0);
  }
  assert.throws(() => tree.solveTree('connect-four', '10x6:4'), /size before ':' must be WxH/);
});

test('impossible positions and sizes are refused with the move and why', () => {
  assert.throws(() => c4.analyse(7, 6, '4444444'), /move 7 \('4'\): column 4 is full/);
  assert.throws(() => c4.analyse(7, 6, '48'), /move 2 \('8'\): column 8 is off the board/);
  assert.throws(() => c4.analyse(7, 6, '44x'), /move 3 \('x'\): not a column/);
  assert.throws(() => c4.analyse(9, 7, ''), /at most 64/);
  assert.throws(() => c4.solve(7, 6, '1212121'), /already won/);
  const over = c4.analyse(7, 6, '1212121');
  assert.equal(over.won, true);
  assert.equal(over.score, null);
  assert.throws(() => c4.solve(7, 6, '', { stage: 'nope' }), /unknown stage/);
  assert.throws(
    () => c4.solve(7, 6, '', { stage: 'minimax', budget: 1000 }),
    (e) => e.status === 'budget',
  );
  // the readMoves of the page says what the C parser says
  assert.match(readMoves('4444444', 7, 6).error, /Move 7 \('4'\): column 4 is full/);
});

test("the worker's entry on the page's pp-c4 module: analyse, compare with a budget, search", async () => {
  const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
  const { default: create } = await import(new URL('pp-c4.mjs', wasmDir));
  const eng = await loadEngine({ create, wasmBinary: await readFile(new URL('pp-c4.wasm', wasmDir)) });
  const solve = CONNECT4_WORKER_GAMES['connect-four'];
  const seen = [];
  const seq = positions(5, 7, 6, 30, 1)[0];
  const a = await solve(eng, { kind: 'analyse', size: '7x6', moves: seq }, (d, { states }) => seen.push([d, states]));
  assert.deepEqual(a.columns, cli(seq).columns);
  assert.equal(seen.at(-1)[0], seen.at(-1)[1], 'progress reaches every playable column');
  const cmp = await solve(eng, { kind: 'compare', size: '7x6', moves: seq, stages: ['alphabeta', 'tt', 'strongest'], budget: 5_000_000 }, () => {});
  const want = cli(seq).answer;
  for (const run of cmp.runs) assert.equal(run.score, want, run.stage);
  assert.ok(cmp.runs[2].nodes <= cmp.runs[0].nodes, 'the strongest stage explores no more than alpha-beta');
  // each stage starts from an empty table: the same stage twice explores the same positions
  const twice = await solve(eng, { kind: 'compare', size: '7x6', moves: seq, stages: ['tt', 'strongest'] }, () => {});
  assert.deepEqual(
    twice.runs.map((r) => r.nodes),
    cmp.runs.slice(1).map((r) => r.nodes),
  );
  const tight = await solve(eng, { kind: 'compare', size: '7x6', moves: '', stages: ['minimax'], budget: 1000 }, () => {});
  assert.match(tight.runs[0].error, /budget/);
  const s = await solve(eng, { kind: 'search', size: '7x6', moves: seq, stage: 'centre-first', trace: 'auto' }, () => {});
  assert.equal(seq.length % 2 ? -s.value : s.value, want);
  await assert.rejects(() => solve(eng, { kind: 'analyse', size: '9x7', moves: '' }, () => {}), /not one of 4x4 to 9x9/);
});

test('the null-window probes narrow [lo, hi] onto the exact score, each bound what its answer says', () => {
  for (const seq of positions(11, 7, 6, 16, 6)) {
    const want = cli(seq).answer;
    for (const stage of ['iterative', 'anticipate', 'threats', 'strongest']) {
      const r = c4.solve(7, 6, seq, { stage });
      assert.equal(r.score, want);
      if (r.nodes === 1) continue; // a win at once: no search
      assert.ok(r.probes.length >= 1, `${stage} ${seq}`);
      let nodes = 0;
      for (const p of r.probes) {
        assert.equal(p.window[1], p.window[0] + 1);
        // a fail-hard answer above med is a lower bound, else an upper bound
        if (p.answer > p.window[0]) assert.equal(p.lo, p.answer);
        else assert.equal(p.hi, p.answer);
        assert.ok(p.lo <= want && want <= p.hi, `${stage} ${seq}: ${want} in [${p.lo}, ${p.hi}]`);
        assert.ok(p.nodes >= nodes);
        nodes = p.nodes;
      }
      const last = r.probes.at(-1);
      assert.deepEqual([last.lo, last.hi], [want, want]);
      assert.equal(last.nodes, r.nodes);
    }
    assert.equal(c4.solve(7, 6, seq, { stage: 'tt' }).probes, null);
  }
});

test("Monte Carlo tree search with the bitboard playouts: every column's visits and mean, and the choice, as the CLI's --algo mcts", () => {
  for (const [moves, seed, solver] of [
    ['4453', 7, false],
    ['4453', 7, true],
    ['7122371215573455743561', 3, true],
  ]) {
    // --book: the CLI's exact scores beside its statistics, at once from the opening book
    const book = fileURLToPath(new URL('../../web/src/engine/connect4-7x6.book', import.meta.url));
    const args = ['solve', 'connect-four', moves, '--algo', 'mcts', '--iterations', '1500', '--seed', String(seed), '--json', '--book', book];
    const want = JSON.parse(execFileSync(CLI, solver ? [...args, '--solver'] : args, { encoding: 'utf8' }));
    const got = c4.mcts(7, 6, moves, { iterations: 1500, seed, solver });
    assert.equal(got.chosen, want.best_move, `${moves} seed ${seed}`);
    assert.equal(got.proven, want.proven_value);
    assert.deepEqual(
      got.perColumn.map((m) => [m.column, m.visits, m.mean, m.proven]),
      want.moves.map((m) => [m.move, m.visits, m.mean, m.proven]),
    );
  }
  assert.throws(() => c4.mcts(7, 6, '4453', { iterations: 0 }), /iterations must be a whole number/);
  assert.throws(() => c4.mcts(7, 6, '4453', { seed: -1 }), /the seed must be a whole number/);
  assert.throws(() => c4.mcts(7, 6, '4444444', { iterations: 10 }), /column 4 is full/);
});

/** The CLI's `--algo mcts --json` on a 7x6 position (the exact scores beside it from the opening book where it holds them). */
function cliMcts(moves, { iterations, seed, uctC = null, solver = false, playout = 'random' }) {
  const book = fileURLToPath(new URL('../../web/src/engine/connect4-7x6.book', import.meta.url));
  const args = ['solve', 'connect-four', moves, '--algo', 'mcts', '--iterations', String(iterations), '--seed', String(seed), '--json', '--book', book];
  if (uctC !== null) args.push('--uct-c', String(uctC));
  if (solver) args.push('--solver');
  if (playout !== 'random') args.push('--playout', playout);
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }));
}

const statsOf = (r) => ({
  chosen: r.chosen,
  proven: r.proven,
  iterations: r.iterations,
  nodes: r.nodes,
  treeBytes: r.treeBytes,
  playoutPlies: r.playoutPlies,
  maxDepth: r.maxDepth,
  columns: r.perColumn.map((m) => [m.column, m.visits, m.mean, m.ucb, m.proven]),
});
const cliStatsOf = (j) => ({
  chosen: j.best_move,
  proven: j.proven_value,
  iterations: j.iterations,
  nodes: j.stats.nodes,
  treeBytes: j.stats.tree_bytes,
  playoutPlies: j.stats.playout_plies,
  maxDepth: j.stats.max_depth,
  columns: j.moves.map((m) => [m.move, m.visits, m.mean, m.ucb, m.proven]),
});

test('MCTS as a handle in batches: any split of the iterations gives the CLI statistics bit for bit, with --uct-c, --playout decisive and --solver', () => {
  const cases = [
    ['4453', { iterations: 3000, seed: 11, uctC: 0.5 }],
    ['4453', { iterations: 2500, seed: 5, playout: 'decisive' }],
    ['7122371215573455743561', { iterations: 4000, seed: 3, uctC: 2.25, playout: 'decisive', solver: true }],
    ['', { iterations: 2000, seed: '18446744073709551615', uctC: 0 }],
  ];
  for (const [moves, o] of cases) {
    const want = cliStatsOf(cliMcts(moves, o));
    for (const split of [1, 7, 1000, 1 << 20]) {
      const run = c4.mctsStart(7, 6, moves, { ...o, uctC: o.uctC ?? Math.SQRT2 });
      try {
        let steps = 0;
        while (!run.step(split)) steps++;
        assert.ok(split >= o.iterations || steps > 0, 'more than one batch');
        assert.deepEqual(statsOf(run.result()), want, `${moves} ${JSON.stringify(o)} in batches of ${split}`);
      } finally {
        run.free();
      }
    }
    // the whole search at once, as the worker's result is made
    assert.deepEqual(statsOf(c4.mcts(7, 6, moves, { ...o, uctC: o.uctC ?? Math.SQRT2, batch: 333 })), want);
  }
});

test("MCTS's choice after every iteration and its convergence readings are the CLI's searches of that many iterations", () => {
  const moves = '7122371215573455743561';
  const o = { seed: 9, uctC: 0.8, playout: 'random' };
  const N = 48;
  const r = c4.mcts(7, 6, moves, { ...o, iterations: N, batch: 5 });
  assert.equal(r.changes.truncated, false);
  assert.ok(r.changes.at.length >= 1 && r.changes.at[0] === 1, 'the first choice comes with the first iteration');
  for (let t = 1; t <= N; t++) {
    const want = cliMcts(moves, { ...o, iterations: t });
    assert.equal(
      choiceAt(r, t),
      want.moves.findIndex((m) => m.move === want.best_move),
      `the choice after iteration ${t}`,
    );
    const p = r.curve.find((q) => q.iteration === t);
    if (p) {
      assert.deepEqual(
        p.visits,
        want.moves.map((m) => m.visits),
        `the visits read at iteration ${t}`,
      );
      assert.deepEqual(
        p.mean,
        want.moves.map((m) => m.mean),
        `the means read at iteration ${t}`,
      );
    }
  }
  // the plot's checkpoints: every iteration up to 32, then spaced on a log scale to the last
  assert.deepEqual(
    r.curve.map((p) => p.iteration),
    checkpointsFor(N),
  );
  assert.deepEqual(statsOf(r), cliStatsOf(cliMcts(moves, { ...o, iterations: N })));
});

test("MCTS past its tree's memory stops where the CLI's --memory does, its statistics kept, and says so", () => {
  const moves = '4453';
  const r = c4.mcts(7, 6, moves, { iterations: 4_000_000_000, seed: 2, memoryMiB: 1 });
  assert.match(r.stopped, /^the search tree filled its memory \(1 MiB\) after [\d,]+ iterations; its statistics are those so far$/);
  assert.equal(r.wanted, 4_000_000_000);
  let err = null;
  try {
    execFileSync(CLI, ['solve', 'connect-four', moves, '--algo', 'mcts', '--iterations', '4000000000', '--seed', '2', '--memory', String(1 << 20)], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (e) {
    err = e;
  }
  assert.equal(err?.status, 3, 'the CLI exits 3 past a limit');
  const at = /after (\d+) iterations/.exec(err.stderr);
  assert.ok(at, err.stderr);
  assert.equal(r.iterations, Number(at[1]));
  assert.equal(r.curve.at(-1).iteration, r.iterations, 'the curve ends where the search did');
});

test("MCTS's options are checked with a message", () => {
  assert.throws(() => c4.mctsStart(7, 6, '4453', { iterations: 4_000_000_001 }), /iterations must be a whole number from 1 to 4000000000/);
  assert.throws(() => c4.mctsStart(7, 6, '4453', { uctC: 100.5 }), /the exploration constant must be a number from 0 to 100/);
  assert.throws(() => c4.mctsStart(7, 6, '4453', { uctC: Number.NaN }), /the exploration constant/);
  assert.throws(() => c4.mctsStart(7, 6, '4453', { playout: 'greedy' }), /the playout is random or decisive/);
  assert.throws(() => c4.mctsStart(7, 6, '4453', { memoryMiB: 0.5 }), /the tree's memory/);
  assert.throws(() => c4.mctsStart(7, 6, '4453', { checkpoints: [3, 2] }), /checkpoints must be increasing/);
  assert.throws(() => c4.mctsStart(7, 6, '1212121', {}), /already won/);
  assert.throws(() => c4.mctsStart(7, 6, '4444444', {}), /column 4 is full/);
});

test("MCTS's choice changes in long batches are those read after every single iteration", () => {
  for (const [moves, o] of [
    ['', { iterations: 20000, seed: 1 }],
    ['4453', { iterations: 20000, seed: 4, playout: 'decisive' }],
    ['7122371215573455743561', { iterations: 30000, seed: 3, solver: true }],
    ['3344', { iterations: 20000, seed: 4, uctC: 0.3 }],
  ]) {
    // checkpoints at every iteration cut every batch to one iteration: the choice read after each
    const each = Array.from({ length: o.iterations }, (_, i) => i + 1);
    const one = c4.mcts(7, 6, moves, { ...o, checkpoints: each, batch: 1 });
    const long = c4.mcts(7, 6, moves, { ...o, batch: 1 << 20 });
    assert.deepEqual([...long.changes.at], [...one.changes.at], `${moves} ${JSON.stringify(o)}: the iterations of the changes`);
    assert.deepEqual([...long.changes.to], [...one.changes.to], `${moves}: the columns chosen`);
    assert.deepEqual(statsOf(long), statsOf(one));
    // and the choice after each iteration is the most visited column read then (ties: the higher mean)
    for (const p of one.curve) {
      let pick = 0;
      p.visits.forEach((v, k) => {
        if (v > p.visits[pick] || (v === p.visits[pick] && p.mean[k] > p.mean[pick])) pick = k;
      });
      if (p.iteration < one.iterations || one.proven === null) assert.equal(choiceAt(one, p.iteration), pick, `${moves}: after iteration ${p.iteration}`);
    }
  }
});
