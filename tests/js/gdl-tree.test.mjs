// Rules in GDL searched by minimax and alpha-beta (c/wasm/wasm_gdl_tree.c with
// the search's exports, through binding-tree.js) against the real WASM (the
// page's pp-gdl module): the value of the initial state, from the first
// role's view, equals the retrograde solve's (binding-gdl.js) for every
// example small enough to search; the trace and the worker's routing.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { loadEngine } from '../../web/src/engine/binding.js';
import { bindGdl } from '../../web/src/engine/binding-gdl.js';
import { bindTree } from '../../web/src/engine/binding-tree.js';
import { familyOf } from '../../web/src/engine/families.js';
import { GDL_TREE_BUDGET, TREE_WORKER_GAMES } from '../../web/src/engine/tree-games.js';
import { abEventLine } from '../../web/src/lib/tree-events.js';

const TRACE_WORDS = 4;

const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
const { default: create } = await import(new URL('pp-gdl.mjs', wasmDir));
const engine = await loadEngine({ create, wasmBinary: await readFile(new URL('pp-gdl.wasm', wasmDir)) });
const tree = bindTree(engine.kit);
const gdl = bindGdl(engine.kit);
const example = (name) => readFile(new URL(`../../web/src/gdl/examples/${name}`, import.meta.url), 'utf8');

// Every example: each one's tree ends (the Tower of Hanoi, whose moves can
// undo each other, counts its steps up to 10).
const SEARCHED = ['tictactoe.kif', 'nim.kif', 'take21.kif', 'chomp.kif', 'connect3.kif', 'hanoi.kif'];

for (const name of SEARCHED) {
  test(`${name}: minimax and alpha-beta give the retrograde value of the initial state`, async () => {
    const text = await example(name);
    const truth = gdl.solveGdl(text);
    const want = truth.value[0];
    const runs = [
      { algo: 'alphabeta', tt: true },
      { algo: 'alphabeta-soft', tt: true },
    ];
    if (truth.states < 10_000) runs.push({ algo: 'minimax', tt: true }, { algo: 'alphabeta' }, { algo: 'alphabeta-soft' });
    for (const o of runs) {
      const r = tree.solveTree('gdl-rules', text, { ...o, layoutCap: 0 });
      assert.equal(r.bound, 'exact', `${name} ${JSON.stringify(o)}`);
      assert.equal(r.value, want, `${name} ${JSON.stringify(o)}: alpha-beta ${r.value}, retrograde ${want}`);
      assert.deepEqual(r.info.roles, truth.roles);
      assert.ok(r.stats.nodes > 1);
    }
  });
}

test('tic-tac-toe without the table: alpha-beta cuts, minimax does not, the same draw (50)', async () => {
  const text = await example('tictactoe.kif');
  const ab = tree.solveTree('gdl-rules', text, { algo: 'alphabeta', layoutCap: 0 });
  const mm = tree.solveTree('gdl-rules', text, { algo: 'minimax', layoutCap: 0 });
  assert.equal(ab.value, 50);
  assert.equal(mm.value, 50);
  assert.equal(mm.stats.nodes, 549_946, 'the whole tic-tac-toe tree');
  assert.equal(mm.stats.cutoffs, 0);
  assert.ok(ab.stats.cutoffs > 0);
  assert.ok(ab.stats.nodes < mm.stats.nodes / 5);
  assert.equal(ab.info.rootPlayer, 0, 'xplayer, the first role, is MAX');
});

test('Chomp: the whole tree laid out, and the trace records the cut-offs that skip part of it', async () => {
  const text = await example('chomp.kif');
  const truth = gdl.solveGdl(text);
  const r = tree.solveTree('gdl-rules', text, { algo: 'alphabeta', traceCap: 1 << 20, layoutCap: 1 << 20 });
  assert.equal(r.value, truth.value[0]);
  assert.equal(r.truncated, false);
  const lines = [];
  for (let i = 0; i < r.trace.length / TRACE_WORDS; i++) lines.push(abEventLine(r.trace, i));
  assert.equal(lines.filter((l) => l.startsWith('AB_CUTOFF')).length, r.stats.cutoffs);
  assert.ok(r.stats.cutoffs > 0);
  assert.ok(r.layout, 'the whole tree fits the layout');
  assert.equal(r.layout.parent[0], -1);
  for (let u = 1; u < r.layout.n; u++) assert.ok(r.layout.parent[u] < u, 'preorder');
  assert.ok(r.stats.nodes < r.layout.n, 'the cut-offs skip part of the tree');
});

test('rules have no move-ordering heuristic: best or worst first is refused with a message', () => {
  const rules = '(role a) (init (p)) (<= terminal (true (p))) (goal a 100)';
  for (const order of ['best', 'worst']) assert.throws(() => tree.solveTree('gdl-rules', rules, { order }), /heuristic/);
});

test('bad rules are an error with the line, never a crash; three roles are refused', () => {
  assert.throws(() => tree.solveTree('gdl-rules', '(role x) (init (p)'), /line \d+, column \d+/);
  assert.throws(
    () =>
      tree.solveTree(
        'gdl-rules',
        '(role a) (role b) (role c) (init (p)) (<= terminal (true (p))) (goal a 0) (goal b 0) (goal c 0) (legal a n) (legal b n) (legal c n)',
      ),
    /role/,
  );
  for (const junk of ['', ')(', '(((((', '(<= (legal ?r ?m))', '\u{1F600}', '(role x) (init (p)) (<= terminal (true (p))) (goal x 100)']) {
    try {
      const r = tree.solveTree('gdl-rules', junk, { budget: 10_000 });
      assert.equal(typeof r.value, 'number');
    } catch (err) {
      assert.equal(err.name, 'EngineError', `${JSON.stringify(junk)}: ${err.message}`);
    }
  }
});

test('the worker routes rules searched as a tree to pp-gdl, and its entry answers', async () => {
  assert.equal(familyOf('gdl-rules'), 'gdl');
  assert.equal(familyOf('gdl-rules', 'alphabeta'), 'gdl');
  const text = await example('nim.kif');
  const r = TREE_WORKER_GAMES['gdl-rules'](engine, { input: text, algo: 'alphabeta', trace: 'auto' }, () => {});
  assert.equal(r.game, 'gdl-rules');
  assert.equal(r.value, gdl.solveGdl(text).value[0]);
});

test('rules whose tree is too big or has no end: an error that says so, never a hang or a crash', () => {
  const search = (input) => TREE_WORKER_GAMES['gdl-rules'](engine, { input, algo: 'alphabeta', trace: 'auto' }, () => {});
  // Two moves a step for 30 steps: 2^30 positions, past the worker's budget.
  const succ = Array.from({ length: 30 }, (_, i) => `(succ ${i} ${i + 1})`).join(' ');
  const wide = `(role a) (init (step 0)) ${succ} (<= (next (step ?m)) (true (step ?n)) (succ ?n ?m)) (legal a left) (legal a right) (<= terminal (true (step 30))) (goal a 0)`;
  assert.throws(() => search(wide), new RegExp(`budget of ${GDL_TREE_BUDGET} positions`));
  // Never terminal: deeper than the search goes.
  const endless = '(role a) (init (p)) (<= (next (p)) (true (p))) (legal a left) (legal a right) (<= terminal (true (q))) (goal a 0)';
  assert.throws(() => search(endless), /deeper than/);
});
