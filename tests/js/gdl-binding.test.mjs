// Games in the Game Description Language through c/wasm/wasm_gdl.c and
// binding-gdl.js against the real WASM (the page's pp-gdl module): the
// examples solved, the result's arrays consistent with each other, the
// trace, the diagnostics with line and column, the state limit, and the
// worker's entry and routing.
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { test } from 'node:test';
import { loadEngine } from '../../web/src/engine/binding.js';
import { bindGdl, gdlFacts, GDL_MAX_STATES } from '../../web/src/engine/binding-gdl.js';
import { familyOf } from '../../web/src/engine/families.js';
import { GDL_WORKER_GAMES } from '../../web/src/engine/gdl-games.js';

const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
const { default: create } = await import(new URL('pp-gdl.mjs', wasmDir));
const engine = await loadEngine({ create, wasmBinary: await readFile(new URL('pp-gdl.wasm', wasmDir)) });
const gdl = bindGdl(engine.kit);
const examplesDir = new URL('../../web/src/gdl/examples/', import.meta.url);
const example = (name) => readFile(new URL(name, examplesDir), 'utf8');

/** The examples whose roles move at once or are three: the security values' (gdl-values.test.mjs), not this solve's. */
const AT_ONCE = ['free-number.kif', 'prisoners-dilemma.kif', 'rock-paper-scissors.kif'];

test('every example taking turns is clean and solves, its arrays agreeing with each other', async () => {
  const all = (await readdir(examplesDir)).filter((n) => n.endsWith('.kif')).sort();
  const names = all.filter((n) => !AT_ONCE.includes(n));
  assert.deepEqual(names, ['chomp.kif', 'connect3.kif', 'hanoi.kif', 'nim.kif', 'take21.kif', 'tictactoe.kif']);
  assert.deepEqual(
    all.filter((n) => AT_ONCE.includes(n)),
    AT_ONCE,
  );
  for (const name of names) {
    const text = await example(name);
    assert.deepEqual(gdl.checkGdl(text), [], name);
    const r = gdl.solveGdl(text);
    const N = r.states;
    assert.equal(r.offsets.length, N + 1);
    assert.equal(r.offsets[N], r.targets.length);
    assert.equal(r.moveOf.length, r.targets.length);
    assert.equal(r.depth[0], 0);
    for (let s = 0; s < N; s++) {
      assert.equal(r.terminal[s] === 1, r.mover[s] === -1, `${name} #${s}: terminal and mover`);
      assert.equal(r.terminal[s] === 1, r.offsets[s + 1] === r.offsets[s], `${name} #${s}: terminal and moves`);
      if (s) assert.ok(r.depth[s] >= r.depth[s - 1], 'BFS order');
      for (let e = r.offsets[s]; e < r.offsets[s + 1]; e++) {
        assert.ok(r.depth[r.targets[e]] <= r.depth[s] + 1, 'a move goes at most one layer deeper');
        assert.ok(r.moveOf[e] >= 0 && r.moveOf[e] < r.moves.length);
      }
    }
    assert.equal(
      r.terminal.reduce((a, b) => a + b, 0),
      r.terminalStates,
    );
    assert.ok(r.stats.statesPerSecond > 0);
  }
});

test('tic-tac-toe: 5,478 states, a draw; the first moves and facts read back', async () => {
  const r = gdl.solveGdl(await example('tictactoe.kif'));
  assert.deepEqual(r.roles, ['xplayer', 'oplayer']);
  assert.equal(r.kind, 'turns');
  assert.equal(r.states, 5478);
  assert.equal(r.terminalStates, 958);
  assert.equal(r.outcome[0], 0);
  assert.equal(r.value[0], 50);
  const first = [];
  for (let e = r.offsets[0]; e < r.offsets[1]; e++) first.push(r.moves[r.moveOf[e]]);
  assert.equal(first.length, 9);
  assert.ok(first.includes('(mark 2 2)'));
  assert.equal(r.mover[0], 0);
  assert.deepEqual(gdlFacts(r, 0).sort(), [
    '(cell 1 1 b)',
    '(cell 1 2 b)',
    '(cell 1 3 b)',
    '(cell 2 1 b)',
    '(cell 2 2 b)',
    '(cell 2 3 b)',
    '(cell 3 1 b)',
    '(cell 3 2 b)',
    '(cell 3 3 b)',
    '(control xplayer)',
  ]);
  // no first move loses for x
  for (let e = r.offsets[0]; e < r.offsets[1]; e++) assert.notEqual(r.outcome[r.targets[e]], 2);
});

test('Tower of Hanoi is a puzzle solved in 7 moves', async () => {
  const r = gdl.solveGdl(await example('hanoi.kif'));
  assert.equal(r.kind, 'puzzle');
  assert.deepEqual(r.roles, ['solver']);
  assert.equal(r.value[0], 100);
  assert.equal(r.remoteness[0], 7);
});

test('the retrograde trace: terminals seeded first, one decision per decided state', async () => {
  const r = gdl.solveGdl(await example('take21.kif'), { traceCap: 'auto' });
  assert.ok(r.trace instanceof Int32Array);
  assert.equal(r.truncated, false);
  const kinds = [];
  for (let i = 0; i < r.trace.length; i += 4) kinds.push(r.trace[i] & 0xff);
  assert.equal(kinds[0], 1); // SEED
  assert.equal(kinds.filter((k) => k === 1).length, r.terminalStates);
  assert.equal(kinds.filter((k) => k === 1 || k === 5).length, r.states); // SEED + COLOR: every state decided
});

test('diagnostics carry line and column; bad rules throw with them', () => {
  const text = '(role r)\n(init (p))\n(<= (legal r ?m) (true (p)))\n';
  const d = gdl.checkGdl(text);
  assert.equal(d.length, 1);
  assert.equal(d[0].line, 3);
  assert.equal(d[0].col, 14);
  assert.match(d[0].message, /unsafe rule/);
  assert.throws(
    () => gdl.solveGdl(text),
    (err) => err.status === 'input' && /^line 3, column 14: unsafe rule/.test(err.message),
  );
  assert.deepEqual(
    gdl.checkGdl('(role r)\n(init (p)\n').map(({ line, col }) => [line, col]),
    [[2, 1]],
  );
});

test('a graph over the state limit fails with a limit error', async () => {
  assert.equal(GDL_MAX_STATES, 1 << 24); // the command line's
  const text = await example('tictactoe.kif');
  assert.throws(
    () => gdl.solveGdl(text, { maxStates: 1000 }),
    (err) => err.status === 'limit' && /1000/.test(err.message),
  );
});

test('the worker routes gdl to the pp-gdl module and its entry solves and checks', async () => {
  assert.equal(familyOf('gdl'), 'gdl');
  const text = await example('nim.kif');
  const r = await GDL_WORKER_GAMES.gdl(engine, { input: text, trace: 'auto' }, () => {});
  assert.equal(r.outcome[0], 1);
  assert.equal(r.traceMode, 'fine');
  const c = await GDL_WORKER_GAMES.gdl(engine, { input: '(role r)', algo: 'check' }, () => {});
  assert.match(c.diagnostics[0].message, /no init/);
});
