// Games of every kind (simultaneous moves, three roles or more) through
// c/wasm/wasm_gdl_value.c and binding-gdl.js solveGdlValues against the
// real WASM: the examples' security values and strategies equal the command
// line's --json; each matrix game checked by exact fraction arithmetic here
// (every entry the successor's security value, the strategies probability
// vectors that guarantee the value to both sides); the worker answers such
// games by their security values and keeps the turn-taking solve's
// refusal for rules that are wrong.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../../web/src/engine/binding.js';
import { bindGdl, fracText } from '../../web/src/engine/binding-gdl.js';
import { GDL_WORKER_GAMES } from '../../web/src/engine/gdl-games.js';

const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
const { default: create } = await import(new URL('pp-gdl.mjs', wasmDir));
const engine = await loadEngine({ create, wasmBinary: await readFile(new URL('pp-gdl.wasm', wasmDir)) });
const gdl = bindGdl(engine.kit);
const examplePath = (name) => fileURLToPath(new URL(`../../web/src/gdl/examples/${name}`, import.meta.url));
const example = (name) => readFile(examplePath(name), 'utf8');
const CLI = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));
const AT_ONCE = ['rock-paper-scissors.kif', 'prisoners-dilemma.kif', 'free-number.kif'];

// Matching pennies played twice (tests/gdl/games/pennies-twice.kif says its values).
const PENNIES_TWICE = readFileSync(new URL('../gdl/games/pennies-twice.kif', import.meta.url), 'utf8');

/** An exact fraction from its text: [numerator, denominator] as BigInt. */
const frac = (t) => {
  const [n, d = '1'] = t.split('/');
  return [BigInt(n), BigInt(d)];
};
const add = ([a, b], [c, d]) => [a * d + c * b, b * d];
const mul = ([a, b], [c, d]) => [a * c, b * d];
const cmp = ([a, b], [c, d]) => (a * d < c * b ? -1 : a * d > c * b ? 1 : 0);
const sum = (list) => list.reduce(add, [0n, 1n]);

test('the examples moving at once: security values and strategies as the command line prints them', async () => {
  assert.ok(existsSync(CLI), 'build/perfect-play is built (./build.sh build)');
  for (const name of AT_ONCE) {
    const cli = JSON.parse(execFileSync(CLI, ['solve', 'gdl', examplePath(name), '--json'], { encoding: 'utf8' }));
    const r = gdl.solveGdlValues(await example(name));
    assert.equal(r.kind, cli.kind, name);
    assert.deepEqual(r.roles, cli.roles, name);
    assert.equal(r.states, cli.states, name);
    assert.equal(r.edges, cli.edges, name);
    assert.deepEqual(Object.fromEntries(r.roles.map((role, i) => [role, r.start.security[i]])), cli.security, name);
    const start = r.matrices.filter((m) => m.state === 0);
    assert.equal(start.length, r.roles.length, name);
    for (const m of start) assert.deepEqual(Object.fromEntries(m.rows.map((move, i) => [move, m.row[i]])), cli.strategies[r.roles[m.role]], name);
  }
});

test("each matrix game by exact arithmetic: entries the successors' values, both strategies optimal, the value the role's", async () => {
  for (const name of [...AT_ONCE, 'pennies twice']) {
    const r =
      name === 'pennies twice' ? gdl.solveGdlValues(PENNIES_TWICE, { matrixStates: 'all' }) : gdl.solveGdlValues(await example(name), { matrixStates: 'all' });
    assert.ok(r.allMatrices, name);
    // every state that is not terminal, one matrix game a role
    assert.equal(r.matrices.length, (r.states - r.terminalStates) * r.roles.length, name);
    const R = r.roles.length;
    const sec = (s, role) => fracText(r.security[2 * (s * R + role)], r.security[2 * (s * R + role) + 1]);
    for (const m of r.matrices) {
      const value = frac(m.value);
      assert.equal(m.value, sec(m.state, m.role), name);
      assert.equal(cmp(sum(m.row.map(frac)), [1n, 1n]), 0, `${name}: the row strategy sums to 1`);
      assert.equal(cmp(sum(m.col.map(frac)), [1n, 1n]), 0, `${name}: the column strategy sums to 1`);
      for (let i = 0; i < m.rows.length; i++) {
        for (let j = 0; j < m.cols.length; j++) assert.equal(m.cells[i][j], sec(m.next[i][j], m.role), `${name}: cell ${i} ${j}`);
      }
      // the row strategy gets at least the value against every column; the column one holds every row to at most it
      for (let j = 0; j < m.cols.length; j++)
        assert.ok(cmp(sum(m.rows.map((_, i) => mul(frac(m.row[i]), frac(m.cells[i][j])))), value) >= 0, `${name}: column ${j}`);
      for (let i = 0; i < m.rows.length; i++)
        assert.ok(cmp(sum(m.cols.map((_, j) => mul(frac(m.col[j]), frac(m.cells[i][j])))), value) <= 0, `${name}: row ${i}`);
    }
  }
});

test("rock-paper-scissors by hand: 50 each, every hand a third; the prisoner's dilemma: both testify, 20 each", async () => {
  const rps = gdl.solveGdlValues(await example('rock-paper-scissors.kif'));
  assert.deepEqual(rps.start.security, ['50', '50']);
  for (const m of rps.matrices) {
    assert.deepEqual(m.rows, ['(show rock)', '(show paper)', '(show scissors)']);
    assert.deepEqual(m.row, ['1/3', '1/3', '1/3']);
    assert.deepEqual(m.cells, [
      ['50', '0', '100'],
      ['100', '50', '0'],
      ['0', '100', '50'],
    ]);
  }
  const pd = gdl.solveGdlValues(await example('prisoners-dilemma.kif'));
  assert.deepEqual(pd.start.security, ['20', '20']);
  for (const m of pd.matrices) {
    assert.deepEqual(m.rows, ['quiet', 'testify']);
    assert.deepEqual(m.row, ['0', '1']);
  }
  const three = gdl.solveGdlValues(await example('free-number.kif'));
  assert.deepEqual(three.start.security, ['100/3', '100/3', '100/3']);
  assert.equal(three.matrices[0].cols.length, 9); // the other two's joint calls
});

test('two rounds of matching pennies: 75 after a first match, 25 after a miss, 50 from the start', () => {
  const r = gdl.solveGdlValues(PENNIES_TWICE, { matrixStates: 'all' });
  assert.equal(r.states, 6);
  const start = r.matrices.find((m) => m.state === 0 && m.role === 0);
  assert.equal(start.value, '50');
  assert.deepEqual(start.cells, [
    ['75', '25'],
    ['25', '75'],
  ]);
  const after = r.matrices.find((m) => m.state === start.next[0][0] && m.role === 0);
  assert.deepEqual([after.value, after.row], ['75', ['1/2', '1/2']]);
});

test("'all' matrix games past what a page reads at once: the start's only, and said so", async () => {
  const r = gdl.solveGdlValues(await example('tictactoe.kif'), { matrixStates: 'all' });
  assert.equal(r.allMatrices, false);
  assert.deepEqual([...new Set(r.matrices.map((m) => m.state))], [0]);
  assert.throws(() => gdl.solveGdlValues(PENNIES_TWICE, { matrixStates: 3 }), /matrixStates/);
});

test('the worker answers a game moving at once by its security values, one taking turns by its graph, bad rules by the first refusal', async () => {
  const rps = await GDL_WORKER_GAMES.gdl(engine, { input: await example('rock-paper-scissors.kif'), algo: 'auto' });
  assert.equal(rps.algo, 'values');
  const three = await GDL_WORKER_GAMES.gdl(engine, { input: await example('free-number.kif'), algo: 'retrograde' });
  assert.equal(three.algo, 'values');
  const searched = await GDL_WORKER_GAMES.gdl(engine, { input: await example('rock-paper-scissors.kif'), algo: 'search' });
  assert.equal(searched.algo, 'values');
  const ttt = await GDL_WORKER_GAMES.gdl(engine, { input: await example('tictactoe.kif'), algo: 'auto' });
  assert.equal(ttt.algo, 'retrograde');
  // three roles, one without a legal move: a problem of the rules, so the turn-taking solve's refusal stands
  const bad =
    '(role a) (role b) (role c)\n(init (p))\n(<= (legal a go) (true (p)))\n(<= (legal b go) (true (p)))\n(<= (next (q)) (true (p)))\n(<= terminal (true (q)))\n';
  await assert.rejects(GDL_WORKER_GAMES.gdl(engine, { input: bad, algo: 'auto' }), (e) => e.status === 'input' && /third role/.test(e.message));
  // a state limit stays a limit
  await assert.rejects(GDL_WORKER_GAMES.gdl(engine, { input: await example('free-number.kif'), algo: 'auto', maxStates: 5 }), (e) => e.status === 'limit');
});

test("the play's draws: the same seed and ply draw the same, a move of probability 0 never, each about its share", async () => {
  const { drawAt, drawIndex, seededRandom } = await import('../../web/src/lib/gdl-values.js');
  assert.equal(drawAt(7, 3), drawAt(7, 3));
  assert.notEqual(drawAt(7, 3), drawAt(7, 4));
  const probs = ['0', '1/3', '0', '2/3'];
  const counts = [0, 0, 0, 0];
  const next = seededRandom(12345);
  const n = 30000;
  for (let k = 0; k < n; k++) counts[drawIndex(probs, next())]++;
  assert.equal(counts[0] + counts[2], 0);
  // within 2% of the share: about 7 standard deviations at this count, and the seed is fixed
  assert.ok(Math.abs(counts[1] / n - 1 / 3) < 0.02 && Math.abs(counts[3] / n - 2 / 3) < 0.02, String(counts));
  assert.equal(drawIndex(['1/2', '1/2'], 0.9999999999), 1);
  assert.equal(drawIndex(['1', '0'], 0.9999999999), 0);
});

test("the graph of joint moves as the state graph draws it: each successor once, a state's look the two guarantees compared", async () => {
  const { valuesGraph } = await import('../../web/src/lib/gdl-values.js');
  const rps = gdl.solveGdlValues(await example('rock-paper-scissors.kif'));
  const g = valuesGraph(rps);
  assert.equal(g.offsets[1] - g.offsets[0], 9); // nine joint moves, nine different ends
  assert.equal(g.outcome[0], 0); // 50 and 50
  for (const [i, j] of [
    [0, 2],
    [1, 0],
    [2, 1],
  ])
    assert.equal(g.outcome[rps.matrices[0].next[i][j]], 1); // left's hand beats right's
  for (const [i, j] of [
    [0, 1],
    [1, 2],
    [2, 0],
  ])
    assert.equal(g.outcome[rps.matrices[0].next[i][j]], 2);
  // two rounds of pennies: (heads, heads) and (tails, tails) lead to one state, listed once
  const pen = valuesGraph(gdl.solveGdlValues(PENNIES_TWICE));
  assert.equal(pen.offsets[1] - pen.offsets[0], 2);
  assert.equal(pen.edges, 2 + 2 * 2);
});

test("the backward induction's order, the counts and the solve in steps: each state after its successors, the command line's stats", async () => {
  for (const name of [...AT_ONCE, 'pennies twice']) {
    const text = name === 'pennies twice' ? PENNIES_TWICE : await example(name);
    const r = gdl.solveGdlValues(text);
    const pos = new Int32Array(r.states).fill(-1);
    r.order.forEach((s, k) => (pos[s] = k));
    assert.ok(
      pos.every((k) => k >= 0),
      `${name}: every state in the order`,
    );
    assert.equal(r.order[r.states - 1], 0, `${name}: the start last`);
    for (let s = 0; s < r.states; s++)
      for (let e = r.offsets[s]; e < r.offsets[s + 1]; e++) assert.ok(pos[r.targets[e]] < pos[s], `${name}: #${r.targets[e]} before #${s}`);
    if (name !== 'pennies twice') {
      const cli = JSON.parse(execFileSync(CLI, ['solve', 'gdl', examplePath(name), '--json'], { encoding: 'utf8' }));
      for (const [mine, its] of [
        ['matrixGames', 'matrix_games'],
        ['saddles', 'saddles'],
        ['linearPrograms', 'linear_programs'],
        ['pivots', 'pivots'],
      ])
        assert.equal(r.stats[mine], cli.stats[its], `${name}: ${its}`);
    }
    // in steps of one unit: the same values, order and counts, progress never going back
    const job = gdl.beginGdlValues(text);
    let steps = 0;
    let last = { valued: 0, expanded: 0 };
    try {
      while (!job.step(1)) {
        const p = job.progress();
        assert.ok(p.valued >= last.valued && p.expanded >= last.expanded && p.expanded <= p.states, name);
        assert.match(p.phase, /^values-/);
        last = p;
        steps++;
      }
      const w = job.finish();
      assert.ok(steps >= r.states, `${name}: ${steps} steps for ${r.states} states`);
      assert.deepEqual(Array.from(w.order), Array.from(r.order), name);
      assert.deepEqual(Array.from(w.security), Array.from(r.security), name);
      assert.equal(w.stats.linearPrograms, r.stats.linearPrograms, name);
    } finally {
      job.dispose();
    }
  }
});

test('the worker solves security values in steps: progress of both phases, and a Cancel stops it', async () => {
  const seen = new Set();
  const r = await GDL_WORKER_GAMES.gdl(engine, { input: PENNIES_TWICE, algo: 'auto' }, (_, p) => seen.add(p.phase));
  assert.equal(r.algo, 'values');
  assert.ok(seen.has('values-enumerate'), [...seen].join(' '));
  // cancelled once the values' solve has said where it is: it stops between two steps
  let inValues = false;
  const cancelled = await GDL_WORKER_GAMES.gdl(
    engine,
    { input: PENNIES_TWICE, algo: 'auto' },
    (_, p) => (inValues ||= p.phase.startsWith('values-')),
    () => inValues,
  );
  assert.equal(cancelled, null);
});

test('the backward induction as a trace: a state decided once its successors are, stepped forward and back exactly', async () => {
  const { valuesGraph } = await import('../../web/src/lib/gdl-values.js');
  const { createValuesModel } = await import('../../web/src/player/values-model.js');
  const { createPlayer } = await import('../../web/src/player/player.js');
  const r = gdl.solveGdlValues(PENNIES_TWICE);
  const g = valuesGraph(r);
  const m = createValuesModel(r, g.outcome);
  const p = createPlayer(m);
  assert.equal(m.count, r.states);
  assert.ok(
    Array.from(m.values).every((v) => v === 0xff),
    'nothing decided before the first event',
  );
  assert.match(m.describe(-1), /Before/);
  const snaps = [m.snapshot()];
  while (p.forward()) {
    const s = m.stateAt(p.current);
    // every successor already decided
    for (let e = r.offsets[s]; e < r.offsets[s + 1]; e++) assert.equal(m.decided[r.targets[e]], 1);
    assert.equal(m.values[s], g.outcome[s]);
    assert.match(m.describe(p.current), new RegExp(`#${s} decided`));
    snaps.push(m.snapshot());
  }
  assert.equal(m.stateAt(m.count - 1), 0);
  while (p.back()) assert.deepEqual(m.snapshot(), snaps[p.cursor]);
  assert.deepEqual(m.snapshot(), snaps[0]);
});

test("a role's values on a continuous scale: from its least to its greatest, the middle the draw colour", async () => {
  const { valueScale, toneColour } = await import('../../web/src/lib/value-scale.js');
  const r = gdl.solveGdlValues(PENNIES_TWICE);
  const even = valueScale(r, 0);
  assert.equal(even.loText, '0');
  assert.equal(even.hiText, '100');
  assert.equal(even.tone(0), 0.5); // 50 from the start
  const palette = { win1: '#000000', draw: '#808080', win0: '#ffffff' };
  assert.equal(toneColour(palette, 0), 'rgb(0, 0, 0)');
  assert.equal(toneColour(palette, 0.5), 'rgb(128, 128, 128)');
  assert.equal(toneColour(palette, 1), 'rgb(255, 255, 255)');
  assert.equal(toneColour({ win1: '#f00', draw: '#fff', win0: '#00f' }, 0.25), 'rgb(255, 128, 128)');
});
