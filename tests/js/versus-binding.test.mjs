// Playing against the solver (c/wasm/wasm_tree.c's ppw_versus_* via
// binding-versus.js) against the real WASM: every move's value and game
// length agree with plain minimax in JS (helpers/versus-brute.mjs) on
// random small positions of each of the tab's seven games.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bindVersus } from '../../web/src/engine/binding-versus.js';
import { VERSUS_GAMES, bestMove, positionAfter, withLengths } from '../../web/src/lib/versus.js';
import { RULES, bruteMoves, bruteSolve, rng, smallInputs } from './helpers/versus-brute.mjs';
import { sharedEngine } from './helpers/engine.mjs';

const engine = await sharedEngine();
const versus = bindVersus(engine.kit);

for (const game of Object.keys(VERSUS_GAMES).filter((g) => g !== 'gdl-rules')) {
  // rules in GDL: gdl-mcts-binding.test.mjs
  test(`${game}: every move's value and length match minimax on random positions`, () => {
    const rand = rng(game.length * 7919);
    let checked = 0;
    const memo = new Map(); // keys hold the whole position, input included
    for (let round = 0; round < 12; round++) {
      const input = smallInputs(game, rand);
      // A random game from the root, checked at every position along it.
      const path = [];
      let p = positionAfter(game, input, path);
      for (;;) {
        const got = versus.versusMoves(game, input, path);
        const leaf = RULES[game].leaf(p);
        assert.equal(got.over, leaf !== null, `${input} after ${path}`);
        if (got.over) {
          assert.equal(got.value, leaf);
          break;
        }
        assert.deepEqual(got.moves, bruteMoves(game, p, memo), `${input} after ${path}`);
        // The solver's pick reaches the position's own perfect-play outcome.
        const want = bruteSolve(game, p, memo);
        const pick = got.moves[bestMove(got)];
        assert.equal(pick.value, want.value);
        if (want.value !== 0 && VERSUS_GAMES[game].kind !== 'score') assert.equal(pick.length, want.length);
        // Filled in by the page: the game's length whatever is played.
        if (VERSUS_GAMES[game].kind === 'score') assert.ok(withLengths(game, got, p).moves.every((m) => m.length === want.length));
        checked++;
        const code = got.moves[Math.floor(rand() * got.moves.length)].code;
        path.push(code);
        p = VERSUS_GAMES[game].play(p, code);
      }
    }
    assert.ok(checked >= 12, `only ${checked} positions checked`);
  });
}

test('a move that is not legal, or a move after the end, is refused with a message', () => {
  assert.throws(() => versus.versusMoves('nim', 'n = 2', [3]), /not legal/);
  assert.throws(() => versus.versusMoves('nim', 'n = 2', [2, 1]), /over|more moves/);
  assert.throws(() => versus.versusMoves('tic-tac-toe', 'board = ["XX.","OO.","..."]', [0]), /not legal/);
  assert.throws(() => versus.versusMoves('tree', '[1,2]', []), /no play/);
});

test('tic-tac-toe: X to move on XX./OO./... wins at once, and the solver takes that win', () => {
  const r = versus.versusMoves('tic-tac-toe', 'board = ["XX.","OO.","..."]');
  const win = r.moves.find((m) => m.code === 2);
  assert.deepEqual(win, { code: 2, value: 1, length: 1 });
  assert.equal(r.moves[bestMove(r)].code, 2);
});
