// lib/versus.js without the WASM: the solver's pick against brute force, the
// outcome words, the end messages and undo.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { VERSUS_GAMES, bestMove, better, endText, outcomeText, positionAfter, undo, withLengths } from '../../web/src/lib/versus.js';
import { VERSUS_KINDS } from '../../web/src/lib/versus-kinds.js';
import { RULES, bruteMoves, bruteSolve, rng, smallInputs } from './helpers/versus-brute.mjs';

test('the kinds the Game trees tab offers play for are the kinds the player plays', () => {
  assert.deepEqual([...VERSUS_KINDS].sort(), Object.keys(VERSUS_GAMES).sort());
});

test('bestMove reaches the perfect-play outcome of random positions of every game (quickest win, slowest loss)', () => {
  for (const game of Object.keys(VERSUS_GAMES).filter((g) => g !== 'gdl-rules')) {
    // rules in GDL: gdl-mcts-binding.test.mjs
    const rand = rng(17 + game.length);
    const memo = new Map();
    for (let round = 0; round < 8; round++) {
      const input = smallInputs(game, rand);
      let p = positionAfter(game, input, []);
      while (RULES[game].leaf(p) === null) {
        const player = p.player ?? (game === 'young-tableau' ? p.filled & 1 : p.step & 1);
        const { moves } = withLengths(game, { player, over: false, moves: bruteMoves(game, p, memo) }, p);
        const pick = moves[bestMove({ player, moves })];
        const want = bruteSolve(game, p, memo);
        assert.equal(pick.value, want.value, `${game} ${input}`);
        if (want.value !== 0) assert.equal(pick.length, want.length, `${game} ${input}`);
        p = VERSUS_GAMES[game].play(p, moves[Math.floor(rand() * moves.length)].code);
      }
    }
  }
});

test('better: the higher value first; a winner hurries, a loser delays, for either player', () => {
  assert.ok(better({ value: 1, length: 5 }, { value: 0, length: -1 }, 0));
  assert.ok(better({ value: 1, length: 3 }, { value: 1, length: 5 }, 0));
  assert.ok(better({ value: 1, length: 6 }, { value: 1, length: 2 }, 1)); // the second player loses: later
  assert.ok(better({ value: -1, length: 2 }, { value: -1, length: 4 }, 1));
  assert.ok(!better({ value: 0, length: -1 }, { value: 0, length: -1 }, 0));
  // The first of equals is kept.
  assert.equal(
    bestMove({
      player: 0,
      moves: [
        { value: 0, length: -1 },
        { value: 0, length: -1 },
      ],
    }),
    0,
  );
  assert.equal(
    bestMove({
      player: 1,
      moves: [
        { value: 1, length: 3 },
        { value: 1, length: 7 },
        { value: 0, length: -1 },
      ],
    }),
    2,
  );
});

test('outcome words need no colour: win or loss with the length, draw, or the score', () => {
  assert.equal(outcomeText('tic-tac-toe', { value: 1, length: 3 }, 0), 'win in 3 moves');
  assert.equal(outcomeText('tic-tac-toe', { value: 1, length: 1 }, 1), 'loss in 1 move');
  assert.equal(outcomeText('nim', { value: 0, length: -1 }, 0), 'draw');
  assert.equal(outcomeText('triangle-war', { value: -3, length: 12 }, 1), 'A − B = -3 (win)');
  assert.equal(outcomeText('predict-the-winner', { value: 0, length: 2 }, 1), 'player 1 − player 2 = 0 (loss)');
  assert.equal(outcomeText('board-chase', { value: -992, length: 8 }, 0), 'loss in 8 moves');
});

test('end messages name the winner', () => {
  const ttt = positionAfter('tic-tac-toe', 'board = ["XX.","OO.","..."]', [2]);
  assert.equal(endText('tic-tac-toe', 1, ttt), 'X wins.');
  assert.equal(endText('tic-tac-toe', 0, ttt), 'A draw.');
  const pw = positionAfter('predict-the-winner', 'nums = [1,5,2]', [0, 0, 0]);
  assert.deepEqual(pw.scores, [3, 5]);
  assert.equal(endText('predict-the-winner', -2, pw), 'Player 2 wins, 3 to 5.');
  assert.equal(endText('board-chase', -992, null), 'Black captures on move 8.');
  assert.equal(endText('young-tableau', 0, null), 'A tie: A − B = 0.');
});

test("undo takes back the last person's move and the replies after it", () => {
  const h = [
    { code: 4, player: 0 },
    { code: 0, player: 1 },
    { code: 8, player: 0 },
    { code: 2, player: 1 },
  ];
  const personIsX = (p) => p === 0;
  assert.deepEqual(undo(h, personIsX), h.slice(0, 2));
  assert.deepEqual(undo(h.slice(0, 3), personIsX), h.slice(0, 2));
  assert.deepEqual(
    undo(h, () => true),
    h.slice(0, 3),
  ); // two people: one move
  assert.deepEqual(
    undo(h.slice(0, 1), (p) => p === 1),
    h.slice(0, 1),
  ); // only the solver's move: nothing to undo
  assert.deepEqual(undo([], personIsX), []);
});

test('positions replay the moves: Nim, Can I Win, Predict the Winner, tic-tac-toe', () => {
  assert.deepEqual(positionAfter('nim', 'n = 7', [3, 1]), { left: 3, player: 0, last: 1 });
  const c = positionAfter('can-i-win', 'maxChoosableInteger = 5, desiredTotal = 11', [5, 4]);
  assert.deepEqual([c.used, c.total, c.player], [[5, 4], 9, 0]);
  const t = positionAfter('tic-tac-toe', 'board = ["X..","...","..."]', [4]);
  assert.equal(t.cells.join(''), 'X...O....');
  assert.equal(t.player, 0);
  assert.equal(positionAfter('nim', 'nums = oops', []), null);
});
