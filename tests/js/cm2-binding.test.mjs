// Cat and Mouse II (LeetCode 1728) through c/wasm/wasm_catmouse2.c and
// binding-cm2.js against the real WASM: LeetCode's examples, agreement with
// the native CLI on random grids, the page's jump rule against C's moves,
// the trace, and errors.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { bindCm2, cm2TraceBound } from '../../web/src/engine/binding-cm2.js';
import { CM2_WORKER_GAMES } from '../../web/src/engine/cm2-games.js';
import { cm2Input, cm2Moves, splitCm2Input } from '../../web/src/lib/catmouse2.js';
import { stateId, stateOf } from '../../web/src/lib/outcomes.js';
import { argA, argB, argC, EV, eventCount, kindAt } from '../../web/src/player/events.js';
import { sharedEngine } from './helpers/engine.mjs';

const engine = await sharedEngine();
const cm2 = bindCm2(engine.kit);
const CLI = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));
const noCli = !existsSync(CLI) && 'build/perfect-play not built';

// LeetCode 1728's examples (the statement's five, as it has shown them).
const EXAMPLES = [
  ['grid = ["####F","#C...","M...."], catJump = 1, mouseJump = 2', true],
  ['grid = ["M.C...F"], catJump = 1, mouseJump = 4', true],
  ['grid = ["M.C...F"], catJump = 1, mouseJump = 3', false],
  ['grid = ["C...#","...#F","....#","M...."], catJump = 2, mouseJump = 5', false],
  ['grid = [".M...","..#..","#..#.","C#.#.","...#F"], catJump = 3, mouseJump = 1', true],
];

function cli(input) {
  const r = spawnSync(CLI, ['solve', 'cat-mouse-ii', '--json', input], { encoding: 'utf8' });
  return { status: r.status, json: r.status === 0 ? JSON.parse(r.stdout) : null, stderr: r.stderr };
}

/** A small deterministic generator (mulberry32). */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random valid board's LeetCode text. */
function randomBoard(seed) {
  const r = rng(seed);
  const int = (lo, hi) => lo + Math.floor(r() * (hi - lo + 1));
  for (;;) {
    const rows = int(1, 8);
    const cols = int(1, 8);
    if (rows * cols < 3) continue;
    const cells = Array.from({ length: rows * cols }, () => (r() < 0.25 ? '#' : '.'));
    const free = [...cells.keys()].sort(() => r() - 0.5);
    ['C', 'M', 'F'].forEach((ch, i) => (cells[free[i]] = ch));
    const grid = Array.from({ length: rows }, (_, k) => cells.slice(k * cols, k * cols + cols).join(''));
    return `grid = ${JSON.stringify(grid)}, catJump = ${int(1, 8)}, mouseJump = ${int(1, 8)}`;
  }
}

for (const [input, expected] of EXAMPLES) {
  test(`LeetCode 1728: ${input} -> ${expected}`, () => {
    const r = cm2.solveCm2(input);
    assert.equal(r.answer, expected);
    assert.equal(r.start, stateId(r.n, r.mouse, r.cat, 0));
  });
}

test('example 1: the board read back, and the mouse wins in 5 moves', () => {
  const r = cm2.solveCm2(EXAMPLES[0][0]);
  assert.deepEqual(r.grid, ['####F', '#C...', 'M....']);
  assert.deepEqual([r.rows, r.cols, r.n, r.catJump, r.mouseJump, r.mouse, r.cat, r.food], [3, 5, 15, 1, 2, 10, 6, 4]);
  assert.equal(r.nstates, 2 * 15 * 15);
  assert.equal(r.outcomes[r.start], 1);
  assert.equal(r.remoteness[r.start], 5);
  assert.equal(r.kinds[stateId(15, 0, 6, 0)], -1, 'the mouse on a wall is not a state');
  assert.equal(r.kinds[stateId(15, 7, 7, 1)], 0, 'caught: terminal');
  assert.equal(r.kinds[r.start], 3, 'the mouse at r2c0 can stay or go right one or two (a wall above)');
});

test('the hard case needs 75 moves of forced play, and the trace records all of them', () => {
  const r = cm2.solveCm2('["C#......","M..####.","###.....","....####",".####...","......#.","#######.","F......."], 1, 1', {
    traceCap: 'auto',
  });
  assert.equal(r.answer, true);
  assert.equal(r.remoteness[r.start], 75);
  assert.equal(r.truncated, false);
  assert.ok(eventCount(r.trace) <= cm2TraceBound(r.nstates, r.maxMoves));
  // the decisions in the trace are the final outcomes, remoteness included
  let decided = 0;
  for (let i = 0; i < eventCount(r.trace); i++) {
    const k = kindAt(r.trace, i);
    if (k !== EV.SEED && k !== EV.COLOR) continue;
    decided++;
    assert.equal(r.outcomes[argA(r.trace, i)], argB(r.trace, i));
    if (k === EV.COLOR) assert.equal(r.remoteness[argA(r.trace, i)], argC(r.trace, i));
  }
  assert.equal(decided, r.stats.decided);
});

test('random grids: answers, start remoteness and every outcome equal the CLI', { skip: noCli }, () => {
  for (let seed = 1; seed <= 40; seed++) {
    const input = randomBoard(seed);
    const w = cm2.solveCm2(input);
    const { json } = cli(input);
    assert.equal(w.answer, json.answer, input);
    const s = w.start;
    assert.equal(w.remoteness[s] < 0 ? null : w.remoteness[s], json.start.remoteness, input);
    for (const [turn, key] of [
      [0, 'mouse_to_move'],
      [1, 'cat_to_move'],
    ]) {
      for (let m = 0; m < w.n; m++) {
        for (let c = 0; c < w.n; c++) {
          const o = w.outcomes[stateId(w.n, m, c, turn)];
          assert.equal(o === 3 ? null : o, json.outcomes[key][m][c], `${input} (${m},${c},${turn})`);
        }
      }
    }
  }
});

test("the page's jump rule lists exactly C's moves, in C's order", () => {
  for (let seed = 100; seed < 115; seed++) {
    const input = randomBoard(seed);
    const board = cm2.parseCm2(input);
    for (let s = 0; s < board.nstates; s += 7) {
      if (board.kinds[s] < 0) continue;
      const js = cm2Moves(board, s).map((m) => m.state);
      assert.deepEqual(js, cm2.childrenCm2(input, s), `${input} state ${s} ${JSON.stringify(stateOf(board.n, s))}`);
      assert.equal(js.length, board.kinds[s], 'the counter starts at the number of moves');
    }
  }
});

test('the worker entry returns a traced result', () => {
  const r = CM2_WORKER_GAMES['cat-mouse-ii'](engine, { input: EXAMPLES[2][0], trace: 'auto' }, () => {});
  assert.equal(r.answer, false);
  assert.equal(r.traceMode, 'fine');
  assert.ok(eventCount(r.trace) > 0);
});

test('the form builds the LeetCode text and splits it back', () => {
  const text = cm2Input('["M.C...F"]', 1, 4);
  assert.equal(text, 'grid = ["M.C...F"], catJump = 1, mouseJump = 4');
  assert.equal(cm2.solveCm2(text).answer, true);
  assert.deepEqual(splitCm2Input(text), { grid: '["M.C...F"]', catJump: 1, mouseJump: 4 });
  assert.deepEqual(splitCm2Input('["M.C...F"], 1, 3'), { grid: '["M.C...F"]', catJump: 1, mouseJump: 3 });
  assert.equal(splitCm2Input('<img src=x>'), null);
});

const BAD = [
  ['["MCFC"], 1, 1', /second 'C'/],
  ['["M.F"], 1, 1', /no 'C' \(the cat\)/],
  ['["MCF"], 1, 9', /mouseJump is 9; it must be 1 to 8/],
  ['["M","C","F",".",".",".",".",".","."], 1, 1', /9 rows; the limit is 8/],
  ['grid = ["M.C.", ".xF."], catJump = 1, mouseJump = 1', /grid\[1\]\[1\] is 'x'/],
  ['', /empty/],
];

for (const [input, message] of BAD) {
  test(`bad input throws the C message, as the CLI prints it: ${message}`, { skip: noCli }, () => {
    let thrown = null;
    try {
      cm2.solveCm2(input);
    } catch (err) {
      thrown = err;
    }
    assert.ok(thrown, 'no error thrown');
    assert.equal(thrown.name, 'EngineError');
    assert.ok(['input', 'limit'].includes(thrown.status), thrown.status);
    assert.match(thrown.message, message);
    const r = cli(input);
    assert.equal(r.status, 2);
    assert.ok(r.stderr.includes(thrown.message), `${r.stderr} vs ${thrown.message}`);
  });
}

test('argument errors: a NUL in the text, a bad state, a bad trace cap', () => {
  assert.throws(() => cm2.solveCm2('["M\0CF"], 1, 1'), /NUL/);
  assert.throws(() => cm2.childrenCm2(EXAMPLES[0][0], 1e6), /no such state/);
  assert.throws(() => cm2.solveCm2(EXAMPLES[0][0], { traceCap: -1 }), /traceCap/);
  // the engine still works after every error
  assert.equal(cm2.solveCm2(EXAMPLES[1][0]).answer, true);
});

test("the page's presets answer as they say (and the long one needs its 75 moves)", async () => {
  const { CM2_PRESETS } = await import('../../web/src/lib/presets-cm2.js');
  for (const p of CM2_PRESETS) {
    const r = cm2.solveCm2(cm2Input(p.grid, p.catJump, p.mouseJump));
    assert.equal(r.answer, p.answer, p.label);
    if (p.remoteness !== undefined) assert.equal(r.remoteness[r.start], p.remoteness, p.label);
  }
});
