// The GDL page's models against the real pp-gdl module: every example's
// retrograde trace, replayed by the page's model, ends on the solver's own
// outcomes and remoteness, and steps back to nothing undecided; the layer
// model of a big graph shows the same answer; the facts give a board where
// the game has one; play against the solver never picks a worse move than
// the state's own value.
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { test } from 'node:test';
import { loadEngine } from '../../web/src/engine/binding.js';
import { bindGdl } from '../../web/src/engine/binding-gdl.js';
import { gdlBase, gdlFacts, gdlModel, gdlStateGraph } from '../../web/src/lib/gdl-result.js';
import { boardOf } from '../../web/src/lib/gdl-board.js';
import { bestMove, movesAt } from '../../web/src/lib/gdl-play.js';
import { detailed, drawable } from '../../web/src/lib/state-graph.js';
import { createPlayer } from '../../web/src/player/player.js';

const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
const { default: create } = await import(new URL('pp-gdl.mjs', wasmDir));
const engine = await loadEngine({ create, wasmBinary: await readFile(new URL('pp-gdl.wasm', wasmDir)) });
const gdl = bindGdl(engine.kit);
const examplesDir = new URL('../../web/src/gdl/examples/', import.meta.url);
// the examples taking turns (the ones moving at once are gdl-values.test.mjs's)
const names = (await readdir(examplesDir))
  .filter((n) => n.endsWith('.kif') && !['free-number.kif', 'prisoners-dilemma.kif', 'rock-paper-scissors.kif'].includes(n))
  .sort();
const solved = new Map();
for (const name of names) solved.set(name, gdl.solveGdl(await readFile(new URL(name, examplesDir), 'utf8'), { traceCap: 'auto' }));

test("each drawable example: the trace played to its end gives the solver's outcomes and remoteness, and back to the start undoes all", () => {
  let drawn = 0;
  for (const [name, r] of solved) {
    if (!drawable(gdlStateGraph(r))) continue;
    drawn++;
    assert.ok(r.trace && r.trace.length > 0, `${name}: a trace`);
    const model = gdlModel(r);
    assert.equal(model.algo, 'retrograde', name);
    const player = createPlayer(model);
    player.toEnd();
    for (let s = 0; s < r.states; s++) {
      const o = r.outcome[s];
      if (o === 1 || o === 2) {
        assert.equal(model.values[s], o, `${name} #${s}: outcome`);
        assert.equal(model.remote[s], r.remoteness[s], `${name} #${s}: remoteness`);
      } else {
        assert.equal(model.values[s], 0, `${name} #${s}: never decided`);
      }
    }
    assert.equal(model.head, model.tail, `${name}: the queue is empty at the end`);
    player.toStart();
    assert.equal(
      model.values.every((v) => v === 0),
      true,
      `${name}: nothing decided at the start`,
    );
    assert.equal(model.head + model.tail, 0);
  }
  assert.ok(drawn >= 4, 'most examples are drawn node by node');
});

test('connect-3 on 4x4 (41,750 states) is drawn as points and plays its whole trace; without the trace, by layers, to the same answer', () => {
  const r = solved.get('connect3.kif');
  assert.ok(drawable(gdlStateGraph(r)) && !detailed(gdlStateGraph(r)));
  for (const [result, algo] of [
    [r, 'retrograde'],
    [{ ...r, trace: null }, 'layers'],
  ]) {
    const model = gdlModel(result);
    assert.equal(model.algo, algo);
    createPlayer(model).toEnd();
    let decided = 0;
    for (let s = 0; s < r.states; s++) {
      if (r.outcome[s] === 1 || r.outcome[s] === 2) {
        decided++;
        assert.equal(model.values[s], r.outcome[s]);
      }
    }
    assert.equal(model.decided.total, decided);
  }
});

test('boards: tic-tac-toe and connect-3 show (cell ...) grids, Hanoi discs on pegs, take-21 none', () => {
  const at0 = (name) => boardOf(gdlFacts(solved.get(name), 0), gdlBase(solved.get(name)));
  const ttt = at0('tictactoe.kif');
  assert.equal(ttt.relation, 'cell');
  assert.deepEqual([ttt.rows.length, ttt.cols.length], [3, 3]);
  assert.ok(
    ttt.cells.flat().every((c) => c === ''),
    'the start is empty',
  );
  const c3 = at0('connect3.kif');
  assert.deepEqual([c3.rows.length, c3.cols.length], [4, 4]);
  const hanoi = at0('hanoi.kif');
  assert.equal(hanoi.kind, 'marks');
  assert.equal(hanoi.cells.flat().filter(Boolean).length, 3, 'three discs');
  assert.equal(at0('take21.kif'), null);
});

test("the solver's move keeps the state's value: its outcome is the state's, everywhere in tic-tac-toe and Nim", () => {
  for (const name of ['tictactoe.kif', 'nim.kif', 'chomp.kif', 'take21.kif']) {
    const r = solved.get(name);
    for (let s = 0; s < r.states; s++) {
      const m = bestMove(r, s);
      if (!m) {
        assert.equal(r.mover[s], -1);
        continue;
      }
      assert.equal(m.outcome, r.outcome[s], `${name} #${s}: the best move keeps the value`);
      assert.equal(m.value, r.value[s], `${name} #${s}: and the first role's goal`);
      if (r.outcome[s] !== 0) assert.equal(m.remoteness + 1, r.remoteness[s], `${name} #${s}: the winner hurries, the loser delays`);
      assert.equal(movesAt(r, s).length, r.offsets[s + 1] - r.offsets[s]);
    }
  }
});
