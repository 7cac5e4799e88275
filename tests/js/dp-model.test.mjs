// The DP player's model and view maths (no Preact), on real WASM solves:
// the table fills in the solver's order, stepping back by an event or a cell
// gives the same picture as stepping forward, a cell's arrows are the cells
// it read, the recurrence's terms add up, the replay adds up to the answer,
// and the flawed exhibit's reused memo entry is found.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bindDp } from '../../web/src/engine/binding-dp.js';
import { createPlayer } from '../../web/src/player/player.js';
import { buildDpModel } from '../../web/src/player/dp-model.js';
import { everyExample } from '../../web/src/lib/dp-presets.js';
import { cellName, cellPiles, replaySteps, runningScores, termsOf } from '../../web/src/lib/dp-view.js';
import { sharedEngine } from './helpers/engine.mjs';

const dp = bindDp((await sharedEngine()).kit);
const solve = (game, input, algo = 'dp', trace = 'fine') => dp.solveDp(game, input, { algo, trace });

test('Stone Game VII [5,3,1,4,2]: the diagonals fill first, then by interval length', () => {
  const r = solve('stone-game-vii', 'stones = [5,3,1,4,2]');
  const m = buildDpModel(r);
  assert.equal(m.markers.length, 15, 'one marker per cell');
  const p = createPlayer(m);
  const order = [];
  while (p.forward()) if (m.kindAt(p.current) === 20) order.push(cellName(r, m.focusAt(p.current)));
  assert.deepEqual(order.slice(0, 6), ['(0,0)', '(1,1)', '(2,2)', '(3,3)', '(4,4)', '(0,1)']);
  assert.equal(order.at(-1), '(0,4)');
  assert.equal(m.filledCount, 15);
});

test('stepping back by events and by cells gives the picture stepping forward gave', () => {
  for (const { game, input, algo } of everyExample()) {
    const r = solve(game, input, algo);
    const m = buildDpModel(r);
    const p = createPlayer(m);
    const seen = [[...m.filled]];
    while (p.forward()) seen.push([...m.filled]);
    assert.equal(m.filledCount, r.stats.nodes, `${game} ${algo}: every computed cell is filled at the end`);
    for (let k = m.count; k >= 0; k--) {
      p.seek(k);
      assert.deepEqual([...m.filled], seen[k], `${game} ${algo} ${input} at ${k}`);
    }
    // by cell: each marker step lands just after a CELL event
    p.toEnd();
    let cells = 0;
    while (p.prevMarker() > 0 && p.cursor > 0) {
      assert.equal(m.kindAt(p.current), 20);
      cells++;
    }
    assert.ok(cells >= Math.min(1, m.markers.length - 1));
  }
});

test("a cell's arrows are the cells it read, and its terms add up to its value", () => {
  const r = solve('stone-game-vii', 'stones = [5,3,1,4,2]');
  const m = buildDpModel(r);
  const cell = 0 * 5 + 4; // (0,4)
  const at = m.decidedAt(cell) + 1;
  const arrows = m.arrowsInto(cell, at).map((a) => cellName(r, a.from));
  assert.deepEqual(arrows, ['(1,4)', '(0,3)'], 'take left reads (1,4), take right (0,3)');
  const { terms, value, choice } = termsOf(r, m.trace, m.eventsOf(cell), at);
  assert.equal(value, r.values[cell]);
  assert.equal(value, Math.max(...terms.map((t) => t.value)), 'the max of the terms');
  assert.equal(terms.filter((t) => t.won).length, 1);
  assert.equal(terms.find((t) => t.won).move, choice);
  // sum(1..4) = 10 minus lead(1,4) = 7: 3; sum(0..3) = 13 minus lead(0,3) = 7: 6
  assert.deepEqual(
    terms.map((t) => t.expr),
    ['10 − 7', '13 − 7'],
  );
  // before the cell's first read: no arrows, no terms
  const first = m.eventsOf(cell)[0];
  assert.equal(m.arrowsInto(cell, first).length, 0);
  assert.equal(termsOf(r, m.trace, m.eventsOf(cell), first).value, null);
  assert.deepEqual(cellPiles(r, cell), [0, 1, 2, 3, 4]);
});

test("the replay adds up to the table's answer, in every example", () => {
  for (const { game, input, algo } of everyExample()) {
    if (algo === 'flawed-memo') continue;
    const r = solve(game, input, algo, 'none');
    const steps = replaySteps(r);
    const scores = runningScores(steps).at(-1);
    assert.deepEqual(scores, r.scores, `${game} ${algo} ${input}`);
    const taken = steps.flatMap((s) => s.takes);
    assert.equal(new Set(taken).size, taken.length, 'no pile taken twice');
    if (['stone-game', 'predict-the-winner'].includes(game) && algo === 'dp') assert.equal(scores[0], r.values[0 * r.cols + r.cols - 1]);
    if (game === 'stone-game-vii' || algo === 'diff') assert.equal(scores[0] - scores[1], r.values[r.cols - 1]);
    if (game === 'stone-game-v') assert.equal(scores[0], r.answer);
  }
});

test('the flawed exhibit on [1,2,99]: memo (1,1) stored for lead -98 is reused for lead 98', () => {
  const r = solve('predict-the-winner', 'nums = [1,2,99]', 'flawed-memo');
  const m = buildDpModel(r);
  assert.equal(m.reuses.length, 1);
  const [u] = m.reuses;
  assert.equal(cellName(r, u.cell), '(1,1)');
  assert.equal(u.storedLead, -98);
  assert.equal(u.lead, 98);
  assert.equal(u.value, 0, 'false, stored when player 1 was losing');
  assert.match(m.describe(u.event), /memo answers \(1,1\)/);
  // the sound table on the same input never reuses anything
  assert.equal(buildDpModel(solve('predict-the-winner', 'nums = [1,2,99]', 'dp')).reuses.length, 0);
});

test("the sieve: a cell's arrow comes from the loss that marked it", () => {
  const r = solve('stone-game-iv', 'n = 7', 'sieve');
  const m = buildDpModel(r);
  const arrows = m.arrowsInto(6, m.count); // 6 = 5 + 1 = 2 + 4: both 5 and 2 lose
  assert.deepEqual(arrows.map((a) => a.from).sort(), [2, 5]);
  for (const a of arrows) {
    assert.equal(r.values[a.from], 0, 'marked by a losing cell');
    assert.ok(Number.isInteger(Math.sqrt(a.to - a.from)), 'a square apart');
  }
  assert.ok(m.arrowsInto(4, m.count).length >= 1, '4 = 0 + 4: won');
  assert.equal(m.arrowsInto(2, m.count).length, 0, '2 loses: nothing marks it');
});

test('a coarse trace fills the same table with the cells alone', () => {
  const input = `[${Array.from({ length: 300 }, (_, i) => (i % 17) + 1).join(',')}]`;
  const fine = buildDpModel(solve('stone-game-vii', input, 'dp', 'fine'));
  const coarse = buildDpModel(solve('stone-game-vii', input, 'dp', 'coarse'));
  assert.equal(coarse.count, coarse.markers.length, 'every event a cell');
  createPlayer(fine).toEnd();
  createPlayer(coarse).toEnd();
  assert.deepEqual([...coarse.filled], [...fine.filled]);
  assert.ok(coarse.coarse);
});

test("the link's input and algorithm are read as data: good ones kept, bad ones dropped with a note", async () => {
  const { readInitial } = await import('../../web/src/lib/dp-params.js');
  const ok = readInitial({ input: 'stones = [5,3,1,4,2]', algo: 'dp', step: '30' }, 'stone-game-vii');
  assert.deepEqual(ok, { input: 'stones = [5,3,1,4,2]', algo: 'dp', notes: [] });
  const bad = readInitial({ input: 'x'.repeat(2_000_001), algo: '<script>' }, 'predict-the-winner');
  assert.equal(bad.input, null);
  assert.equal(bad.algo, 'dp');
  assert.equal(bad.notes.length, 2);
  assert.match(bad.notes[1], /dp, diff, flawed-memo/);
  assert.deepEqual(readInitial(null, 'nim').notes, []);
  assert.equal(readInitial({ algo: 'sieve' }, 'nim').algo, 'sieve');
  assert.equal(readInitial({ algo: 'sieve' }, 'stone-game').algo, 'dp', "not one of Stone Game's");
});
