// The GDL page's plain modules: a board read from facts, playing against
// the solver, and the retrograde model of a numbered state graph.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boardOf, factWords } from '../../web/src/lib/gdl-board.js';
import { bestMove, movesAt, outcomeFor, solverReplies } from '../../web/src/lib/gdl-play.js';
import { createGraphRetroModel } from '../../web/src/player/retro-model.js';
import { EV } from '../../web/src/player/events.js';
import { diagnosticOf, offsetOf } from '../../web/src/lib/gdl-text.js';

test('offsetOf puts (line, column) on the text, clamped to its line and to the text', () => {
  const t = '(role a)\n(role b)\n\n(init x)';
  assert.equal(offsetOf(t, 1, 1), 0);
  assert.equal(offsetOf(t, 2, 2), 10);
  assert.equal(offsetOf(t, 2, 99), 17, 'past the line: its end');
  assert.equal(offsetOf(t, 3, 1), 18);
  assert.equal(offsetOf(t, 9, 1), t.length, 'past the text: its end');
  // The solver's columns count characters: é is one, the emoji one (two UTF-16 units).
  const u = '(role é)\n(init 🎲) )';
  assert.equal(u.slice(offsetOf(u, 1, 8)), ')\n(init 🎲) )');
  assert.equal(u.slice(offsetOf(u, 2, 8)), ') )');
  assert.equal(u.slice(offsetOf(u, 2, 10)), ')');
});

test('diagnosticOf reads the solver\'s "line L, column C: " and keeps any other message whole', () => {
  assert.deepEqual(diagnosticOf('line 12, column 3: unbalanced parentheses'), { line: 12, col: 3, message: 'unbalanced parentheses' });
  assert.deepEqual(diagnosticOf('too many states (more than 200,000)'), { line: 1, col: 1, message: 'too many states (more than 200,000)' });
});

test('factWords reads flat facts and refuses nested ones', () => {
  assert.deepEqual(factWords('(cell 1 2 X)'), ['cell', '1', '2', 'x']);
  assert.deepEqual(factWords('  (control oplayer) '), ['control', 'oplayer']);
  assert.deepEqual(factWords('open'), ['open']);
  assert.equal(factWords('(f (g 1))'), null);
  assert.equal(factWords('()'), null);
});

test('boardOf: (cell X Y V) facts make a grid of values, blanks empty, shape from every fact', () => {
  const all = [];
  for (let x = 1; x <= 3; x++) for (let y = 1; y <= 3; y++) for (const v of ['x', 'o', 'b']) all.push(`(cell ${x} ${y} ${v})`);
  all.push('(control xplayer)', '(control oplayer)');
  const facts = ['(cell 1 1 x)', '(cell 1 2 b)', '(cell 2 2 o)', '(control xplayer)'];
  const b = boardOf(facts, all);
  assert.equal(b.relation, 'cell');
  assert.equal(b.kind, 'values');
  assert.deepEqual(b.rows, ['1', '2', '3']);
  assert.deepEqual(b.cols, ['1', '2', '3']);
  assert.deepEqual(b.cells, [
    ['x', '', ''],
    ['', 'o', ''],
    ['', '', ''],
  ]);
});

test('boardOf: numeric coordinates sort as numbers; two-argument facts mark where they hold', () => {
  const facts = ['(on d3 p1)', '(on d2 p1)', '(on d1 p3)', '(step 10)'];
  const b = boardOf(facts);
  assert.equal(b.kind, 'marks');
  assert.deepEqual(b.rows, ['d1', 'd2', 'd3']);
  assert.deepEqual(b.cols, ['p1', 'p3']);
  assert.deepEqual(b.cells, [
    ['', '●'],
    ['●', ''],
    ['●', ''],
  ]);
  const grid = boardOf(['(cell 10 1 a)', '(cell 2 1 b)', '(cell 9 1 c)']);
  assert.deepEqual(grid.rows, ['2', '9', '10']);
});

test('boardOf: nothing board-like gives null', () => {
  assert.equal(boardOf(['(control white)', '(step 1)']), null);
  const wide = Array.from({ length: 20 }, (_, i) => `(count ${i} ${i})`);
  assert.equal(boardOf(wide), null, 'twenty values a side is no board');
});

// A take-away game: from 3 stones take 1 or 2; who takes the last loses.
// States: 0 = (3, first to move), 1 = (2, second), 2 = (1, second),
// 3 = (1, first), 4 = (0: the first took the last, the second wins),
// 5 = (0: the second took the last, the first wins).
const TAKE = {
  kind: 'turns',
  mover: Int8Array.from([0, 1, 1, 0, -1, -1]),
  offsets: Int32Array.from([0, 2, 4, 5, 6, 6, 6]),
  targets: Int32Array.from([1, 2, 3, 5, 5, 4]),
  moveOf: Int32Array.from([0, 1, 0, 1, 0, 0]),
  moves: ['(take 1)', '(take 2)'],
  outcome: Uint8Array.from([1, 2, 1, 2, 2, 1]),
  remoteness: Int32Array.from([2, 2, 1, 1, 0, 0]),
  value: Int32Array.from([100, 0, 100, 0, 0, 100]),
};

test('play: moves with their values, the solver picks the winning one', () => {
  const ms = movesAt(TAKE, 0);
  assert.deepEqual(
    ms.map((m) => [m.move, m.to, m.outcome]),
    [
      ['(take 1)', 1, 2],
      ['(take 2)', 2, 1],
    ],
  );
  assert.equal(bestMove(TAKE, 0).move, '(take 2)', 'leave one stone: the second must take it');
  assert.equal(outcomeFor(TAKE, ms[1], 0), 'wins in 1');
  assert.equal(outcomeFor(TAKE, ms[0], 0), 'loses in 2');
  assert.equal(bestMove(TAKE, 4), null, 'the game is over');
  // The person plays the second role: the solver moves first, to state 2, where the person moves.
  assert.deepEqual(solverReplies(TAKE, 0, 1), [2]);
  assert.deepEqual(solverReplies(TAKE, 2, 1), [], "the person's turn");
});

test('graph retro model: every event undoes exactly, the queue and the counters follow', () => {
  const ev = (kind, step, a, b = 0, c = 0) => [kind | (step << 8), a, b, c];
  const trace = Int32Array.from([
    ...ev(EV.SEED, 1, 4, 2),
    ...ev(EV.SEED, 1, 5, 1),
    ...ev(EV.POP, 2, 4, 2, 0),
    ...ev(EV.PARENT, 3, 1, 4),
    ...ev(EV.COLOR, 4, 1, 2, 1),
    ...ev(EV.POP, 2, 5, 1, 0),
    ...ev(EV.PARENT, 3, 2, 5),
    ...ev(EV.DEGREE, 5, 2, 0),
  ]);
  const m = createGraphRetroModel(
    { nstates: 6, degree: Int32Array.from([2, 2, 1, 1, 0, 0]), nameOf: (s) => `#${s}`, words: { 1: 'first wins', 2: 'second wins' } },
    trace,
  );
  assert.equal(m.count, 8);
  assert.deepEqual(Array.from(m.markers), [0, 1, 4]);
  assert.equal(m.decidedAt(1), 4);
  const snaps = [m.snapshot()];
  for (let i = 0; i < m.count; i++) {
    m.apply(i);
    snaps.push(m.snapshot());
  }
  assert.equal(m.head, 2);
  assert.equal(m.tail, 3);
  assert.equal(m.queueAt(2), 1);
  assert.deepEqual(m.decided, { first: 1, second: 2, wins: [1, 2], total: 3 });
  assert.equal(m.degree[2], 0);
  for (let i = m.count - 1; i >= 0; i--) {
    m.unapply(i);
    assert.deepEqual(m.snapshot(), snaps[i], `undo of event ${i}`);
  }
  assert.equal(m.describe(4), 'COLOR #1: second wins in 1, its mover wins by this move');
  assert.deepEqual(m.touched(3), [1, 4]);
});
