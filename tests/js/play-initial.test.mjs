// lib/play.js (perfect play against a person, the end of a game, undo) on
// solved graphs and boards from the real WASM, and lib/initial.js (URL
// parameters read as data).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bindCm2 } from '../../web/src/engine/binding-cm2.js';
import { MAX_TURNS } from '../../web/src/lib/catmouse2.js';
import { readInitial, RULES } from '../../web/src/lib/initial.js';
import { CAT_WINS, DRAW, MOUSE_WINS, stateOf } from '../../web/src/lib/outcomes.js';
import { moverOf, perfectMove, rankedMoves, rules1728, rules913, undoHistory } from '../../web/src/lib/play.js';
import { EXAMPLE_1, EXAMPLE_2, sharedEngine } from './helpers/engine.mjs';

const engine = await sharedEngine();
const cm2 = bindCm2(engine.kit);

/** Plays perfect against perfect from the start; returns the history and its end. */
function selfPlay(rules, tables, limit = 5000) {
  const history = [rules.start];
  for (let k = 0; k < limit; k++) {
    const ended = rules.end(history);
    if (ended) return { history, ended };
    history.push(perfectMove(rules, tables, history[history.length - 1]).state);
  }
  throw new Error('no end');
}

const expectedWinner = (o) => (o === MOUSE_WINS ? 'mouse' : o === CAT_WINS ? 'cat' : 'draw');

for (const [name, text, graph] of [
  ['913 example 1 (draw)', EXAMPLE_1],
  ['913 example 2 (mouse wins)', EXAMPLE_2],
  ['913 cat wins in 13', 'graph = [[2,3],[5],[0,4],[0,4,7],[2,3],[1,8],[7,8],[3,6],[5,6]]'],
  ['913 mouse wins in 11', 'graph = [[2,3,4,5],[6,7,9],[0,3,7],[0,2,4,5,8],[0,3,7],[0,3,9],[1,8,9],[1,2,4,8],[3,6,7,9],[1,5,6,8]]'],
]) {
  test(`perfect play against itself ends as the solver says, in exactly its remoteness: ${name}`, () => {
    const r = engine.solveCatMouse(text);
    const rules = rules913(r);
    const { history, ended } = selfPlay(rules, r);
    assert.equal(ended.winner, expectedWinner(r.answer));
    if (r.answer !== DRAW) assert.equal(history.length - 1, r.remoteness[rules.start]);
    else assert.match(ended.why, /repetition/);
  });
}

test('every move from the start of 913 example 1 is valued as the solver labels its state', () => {
  const r = engine.solveCatMouse(EXAMPLE_1);
  const rules = rules913(r);
  const moves = rankedMoves(rules, r, rules.start);
  assert.deepEqual(
    moves.map((m) => m.to),
    [3],
    'node 1 has the one neighbour 3',
  );
  for (const m of moves) {
    const o = r.outcomes[m.state];
    assert.equal(m.value.result, o === DRAW ? 'draw' : expectedWinner(o) === 'mouse' ? 'win' : 'loss');
  }
  // the cat, from (3, 2, cat to move): its moves avoid the hole
  const s = moves[0].state;
  assert.equal(moverOf(r.n, s), 'cat');
  assert.ok(rules.moves(s).every((m) => m.to !== 0));
});

test('a losing mover delays: the cat-wins-in-13 graph lasts 13 moves whatever the mouse does first', () => {
  const r = engine.solveCatMouse('graph = [[2,3],[5],[0,4],[0,4,7],[2,3],[1,8],[7,8],[3,6],[5,6]]');
  const rules = rules913(r);
  const best = perfectMove(rules, r, rules.start);
  for (const m of rankedMoves(rules, r, rules.start)) {
    assert.equal(m.value.result, 'loss');
    assert.ok(m.value.moves <= best.value.moves, 'the solver picks the latest loss');
  }
});

for (const [text, answer] of [
  ['grid = ["####F","#C...","M...."], catJump = 1, mouseJump = 2', true],
  ['grid = ["M.C...F"], catJump = 1, mouseJump = 3', false],
  ['["C#......","M..####.","###.....","....####",".####...","......#.","#######.","F......."], 1, 1', true],
  ['["M#C#F"], 1, 1', false],
]) {
  test(`1728 perfect play against itself: ${text}`, () => {
    const r = cm2.solveCm2(text);
    const rules = rules1728(r, MAX_TURNS);
    const { history, ended } = selfPlay(rules, r);
    assert.equal(ended.winner === 'mouse', answer);
    if (r.outcomes[r.start] !== DRAW) assert.equal(history.length - 1, r.remoteness[r.start]);
    else assert.equal(history.length - 1, MAX_TURNS, 'undecided: the cat holds out to the turn limit');
    const last = stateOf(r.n, history[history.length - 1]);
    if (ended.winner === 'mouse') assert.equal(last.mouse, r.food);
  });
}

test('undo goes back to the last state where the person was to move', () => {
  // mouse-to-move states are < n*n, cat-to-move states >= n*n (n = 3 here)
  assert.deepEqual(undoHistory(3, [0, 9, 1, 10], 'mouse'), [0, 9, 1]);
  assert.deepEqual(undoHistory(3, [0, 9, 1], 'mouse'), [0]);
  assert.deepEqual(undoHistory(3, [0, 9, 1, 10], 'cat'), [0, 9]);
  assert.deepEqual(undoHistory(3, [0, 9], 'cat'), [0]);
});

test('URL parameters: good ones read, bad ones dropped with a message that names them', () => {
  const { values, problems } = readInitial(
    { input: '[[1],[0]]', algo: '<script>', step: '12', sel: '-3', catJump: '9', mouseJump: '2', other: 'x' },
    {
      input: RULES.input,
      algo: RULES.oneOf(['retrograde', 'naive-dfs']),
      step: RULES.count,
      sel: RULES.count,
      catJump: RULES.jump,
      mouseJump: RULES.jump,
    },
  );
  assert.deepEqual(values, { input: '[[1],[0]]', step: 12, mouseJump: 2 });
  assert.equal(problems.length, 3);
  assert.match(problems[0], /algo "<script>": not one of retrograde, naive-dfs/);
  assert.match(problems[1], /sel "-3": not a whole number/);
  assert.match(problems[2], /catJump "9"/);
  assert.deepEqual(readInitial(null, { input: RULES.input }), { values: {}, problems: [] });
  assert.equal(readInitial({ input: 5 }, { input: RULES.input }).problems.length, 1);
  assert.equal(readInitial({ input: 'x'.repeat(300_000) }, { input: RULES.input }).problems.length, 1);
});
