// cli-mcts-traps.test.mjs: every trap of the catalogue (web/src/lib/mcts-traps.js)
// as the CLI finds it: UCT with the stated budget, seed and playouts picks
// the stated move; the exact solver says that move loses by force within the
// stated depth while the stated alternative holds the root's value, a draw
// or a win; MCTS-Solver on the same search picks the stated move, avoiding
// the trap or not. The depths are checked by an independent method:
// tic-tac-toe's by a brute-force search in JavaScript (its values against
// alpha-beta's too), Connect Four's by the score of the position after the
// move (the winner's stone), and a depth of 2 by finding the opponent's
// winning column by hand (a greater one by finding none). The traps in GDL
// (GDL_MCTS_TRAPS) likewise on the position as rules of its own, its facts
// those the recorded random game reaches on the reasoner, its depth by the
// retrograde solve's remoteness after the move and a depth of 2 by playing
// every reply on the reasoner and finding the one that ends the game won.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { GDL_MCTS_TRAPS, MCTS_TRAPS, gdlTrapRules, trapInput } from '../../web/src/lib/mcts-traps.js';
import { rulesAt } from '../../web/src/lib/gdl-position.js';
import { loadEngine } from '../../web/src/engine/binding.js';
import { bindGdl } from '../../web/src/engine/binding-gdl.js';
import { tttSolve } from '../js/helpers/ttt-depth.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'build/perfect-play');

function solve(game, input, args) {
  const r = spawnSync(cli, ['solve', game, input, ...args, '--json'], { encoding: 'utf8', maxBuffer: 1 << 24 });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

const xToMove = (rows) => rows.join('').split('X').length === rows.join('').split('O').length;
/** Tic-tac-toe's moves are the empty cells, row-major: move index <-> [row, column]. */
const emptyCells = (rows) => [...rows.join('')].map((v, c) => (v === '.' ? c : -1)).filter((c) => c >= 0);
const cellOf = (rows, move) => [Math.floor(emptyCells(rows)[move] / 4), emptyCells(rows)[move] % 4];
const moveOf = (rows, [r, c]) => emptyCells(rows).indexOf(4 * r + c);
/** A search's move as the catalogue names it, and a move's value for the side to move. */
const named = (t, move) => (t.game === 'connect-four' ? move : cellOf(t.position, move));
const neg = (v) => (v === 0 ? 0 : -v); // no -0 for a draw
const moverValue = (t, m) => (t.game === 'connect-four' || xToMove(t.position) ? m.exact : neg(m.exact));
const moveAt = (t, j, name) => j.moves.find((m) => m.move === (t.game === 'connect-four' ? name : moveOf(t.position, name)));

/** Tic-tac-toe's board after the side to move plays [row, column]. */
function tttAfter(rows, [r, c]) {
  const cells = [...rows.join('')];
  cells[4 * r + c] = xToMove(rows) ? 'X' : 'O';
  return cells;
}

/** Connect Four 7x6: whether the side to move after `seq` has a column that makes four at once. */
function c4WinsAtOnce(seq) {
  const grid = Array.from({ length: 7 }, () => []);
  [...seq].forEach((d, k) => grid[Number(d) - 1].push(k % 2));
  const me = seq.length % 2;
  const at = (c, r) => (c >= 0 && c < 7 && r >= 0 && r < 6 ? grid[c][r] : undefined);
  return grid.some((col, c) => {
    if (col.length >= 6) return false;
    const r = col.length;
    return [
      [1, 0],
      [0, 1],
      [1, 1],
      [1, -1],
    ].some(([dc, dr]) => {
      let run = 1;
      for (const s of [1, -1]) for (let k = 1; at(c + s * k * dc, r + s * k * dr) === me; k++) run++;
      return run >= 4;
    });
  });
}

test('the catalogue holds shallow traps in both games', () => {
  for (const game of ['tic-tac-toe', 'connect-four']) {
    const traps = MCTS_TRAPS.filter((t) => t.game === game);
    assert.ok(traps.length >= 2, game);
    assert.ok(
      traps.some((t) => t.depth === 2),
      `${game}: a trap two plies deep`,
    );
    assert.ok(traps.some((t) => t.solverValue >= 0) && traps.some((t) => t.solverValue < 0), `${game}: MCTS-Solver escapes some, not all`);
  }
});

for (const t of MCTS_TRAPS) {
  const input = trapInput(t);
  const args = ['--algo', 'mcts', '--iterations', String(t.iterations), '--seed', String(t.seed), '--playout', t.playout];
  test(`${t.game} ${input}: UCT (${t.playout} playouts) at ${t.iterations} iterations, seed ${t.seed}, picks ${JSON.stringify(t.uct)}, lost within ${t.depth} plies; ${JSON.stringify(t.best)} holds ${t.bestValue}`, () => {
    const uct = solve(t.game, input, args);
    assert.equal(uct.proven, null);
    assert.deepEqual(named(t, uct.best_move), t.uct, "UCT's choice");
    const chosen = moveAt(t, uct, t.uct),
      best = moveAt(t, uct, t.best);
    assert.equal(moverValue(t, chosen), t.uctValue);
    assert.ok(t.uctValue < 0, 'the choice loses');
    assert.equal(moverValue(t, best), t.bestValue);
    assert.ok(t.bestValue >= 0, 'the alternative draws or wins');
    assert.equal(Math.max(...uct.moves.map((m) => moverValue(t, m))), t.bestValue, "the alternative holds the root's value");
    assert.equal(uct.value, t.game === 'connect-four' || xToMove(t.position) ? t.bestValue : neg(t.bestValue));

    if (t.game === 'tic-tac-toe') {
      // Brute force: the opponent wins after the choice, the game's length
      // under perfect play is the depth; after the alternative, its value.
      const lost = tttSolve(tttAfter(t.position, t.uct));
      assert.equal(xToMove(t.position) ? -lost.value : lost.value, 1, 'the opponent wins');
      assert.equal(1 + lost.plies, t.depth, 'the depth');
      assert.equal(lost.value, chosen.exact, 'brute force agrees with alpha-beta');
      const held = tttSolve(tttAfter(t.position, t.best));
      assert.equal(held.value, best.exact, 'brute force agrees with alpha-beta');
    } else {
      // The opponent's score after the choice names its winning stone.
      const after = t.position + String(t.uct);
      const opp = solve('connect-four', after, []);
      assert.equal(opp.answer, -t.uctValue);
      // Its k-th stone wins, k = 22 - score: stone 2k - 1 of the game if it moved first, else 2k.
      const k = 22 - opp.answer,
        stone = 2 * k - (t.position.length % 2 === 1 ? 1 : 0);
      assert.equal(stone - t.position.length, t.depth, 'the depth: the winning stone');
      if (t.depth === 2) assert.ok(c4WinsAtOnce(after), 'the opponent has a four at once');
      else assert.ok(!c4WinsAtOnce(after), 'no four at once: the trap is deeper');
    }

    const solver = solve(t.game, input, [...args, '--solver']);
    assert.deepEqual(named(t, solver.best_move), t.solver, "MCTS-Solver's choice");
    assert.equal(moverValue(t, moveAt(t, solver, t.solver)), t.solverValue);
  });
}

// ---- traps in GDL ----

const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
const { default: createGdl } = await import(new URL('pp-gdl.mjs', wasmDir));
const gdlEngine = await loadEngine({ create: createGdl, wasmBinary: await readFile(new URL('pp-gdl.wasm', wasmDir)) });
const gdl = bindGdl(gdlEngine.kit);
const examples = join(root, 'web/src/gdl/examples');
const factsOf = (game, state) => game.factNames.filter((_, i) => (state[i >> 5] >>> (i & 31)) & 1);

test('the catalogue holds a trap in a game in GDL, two plies deep, that MCTS-Solver escapes, and one it falls in', () => {
  assert.ok(GDL_MCTS_TRAPS.some((t) => t.depth === 2 && t.solver === t.best));
  assert.ok(GDL_MCTS_TRAPS.some((t) => t.solverValue < 50));
});

for (const t of GDL_MCTS_TRAPS) {
  test(`gdl ${t.rules} after ${t.moves.join(' ')}: UCT at ${t.iterations} iterations, seed ${t.seed}, picks ${t.uct}, lost within ${t.depth} plies; ${t.best} holds ${t.bestValue}`, () => {
    const rules = readFileSync(join(examples, `${t.rules}.kif`), 'utf8');
    const game = gdl.openGdl(rules);
    const dir = mkdtempSync(join(tmpdir(), 'pp-gdl-trap-'));
    const solveAt = (text, args) => {
      const file = join(dir, 'p.kif');
      writeFileSync(file, text);
      return solve('gdl', file, args);
    };
    try {
      // The position: the recorded random game's end on the reasoner, whose facts are the catalogue's.
      let state = game.initial();
      for (const name of t.moves) {
        const i = game.turn(state).moves.indexOf(name);
        assert.ok(i >= 0, `${name} is legal`);
        state = game.play(state, i);
      }
      assert.deepEqual(factsOf(game, state).sort(), [...t.init].sort());
      const text = gdlTrapRules(t, rules);
      const args = ['--algo', 'mcts', '--iterations', String(t.iterations), '--seed', String(t.seed), '--playout', t.playout];
      const uct = solveAt(text, args);
      assert.equal(uct.proven, null);
      assert.equal(uct.best_move, t.uct, "UCT's choice");
      const mine = uct.mover === uct.roles[0];
      const value = (m) => (mine ? m.exact : 100 - m.exact);
      const at = (name) => uct.moves.find((m) => m.move === name);
      assert.equal(value(at(t.uct)), t.uctValue);
      assert.ok(t.uctValue < 50, 'the choice loses');
      assert.equal(value(at(t.best)), t.bestValue);
      assert.ok(t.bestValue >= 50, 'the alternative draws or wins');
      assert.equal(Math.max(...uct.moves.map(value)), t.bestValue, "the alternative holds the root's value");

      // The depth: after the choice the opponent wins, in depth - 1 more plies with both perfect.
      const turn = game.turn(state);
      const after = game.play(state, turn.moves.indexOf(t.uct));
      const afterText = rulesAt(rules, factsOf(game, after));
      const retro = solveAt(afterText, ['--algo', 'retrograde']);
      const ab = solveAt(afterText, ['--algo', 'alphabeta']);
      const opponentWins = mine ? 'second wins' : 'first wins';
      assert.equal(retro.outcome, opponentWins);
      assert.equal(ab.outcome, opponentWins, 'alpha-beta agrees');
      assert.equal(1 + retro.remoteness, t.depth, 'the depth');
      // by hand: does a reply end the game at once with the opponent ahead?
      const replies = game.turn(after).moves.map((_, i) => game.turn(game.play(after, i)));
      const wonAtOnce = replies.some((r) => r.terminal && (mine ? r.goals[1] > r.goals[0] : r.goals[0] > r.goals[1]));
      assert.equal(wonAtOnce, t.depth === 2, t.depth === 2 ? 'a reply wins at once' : 'no reply wins at once: the trap is deeper');

      const solver = solveAt(text, [...args, '--solver']);
      assert.equal(solver.best_move, t.solver, "MCTS-Solver's choice");
      assert.equal(value(solver.moves.find((m) => m.move === t.solver)), t.solverValue);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      game.dispose();
    }
  });
}
