// mcts_traps.mjs: looks for shallow traps (Ramanujan, Sabharwal and Selman,
// ICAPS 2010) for UCT in Connect Four 7x6, tic-tac-toe 4x4 and games in GDL
// (our own rule files): positions
// where MCTS, with a stated budget and seed, chooses a move that loses by
// force within a few plies although a win or a draw exists. Positions come
// from random games (a seeded generator of our own, so a run is
// repeatable); every root move's exact value is the CLI's (Connect Four: the
// dedicated solver's score; tic-tac-toe: alpha-beta's value), so each trap
// is proven, not guessed. The depth k (the chosen move loses by force
// within k plies, the move itself counted): in Connect Four from the score
// (it names the winner's stone), in tic-tac-toe from a brute-force search
// of the game's length under perfect play (tests/js/helpers/ttt-depth.mjs).
// For each trap found, MCTS-Solver on the same position, budget and seed.
// A game in GDL (--game gdl --rules FILE): positions are states reached by
// seeded random play on the reasoner (pp-gdl's WASM, binding-gdl.js's
// openGdl), each written as rules of its own whose init facts are the state
// (web/src/lib/gdl-position.js) and searched by `solve gdl --algo mcts`;
// values are goals (the side to move's: a loss below the middle of the goal
// range), the depth 1 + the retrograde solve's remoteness of the position
// after the chosen move (the winner hurrying, the loser delaying).
//
// Usage (after ./build.sh build):
//   node tests/bench/mcts_traps.mjs [--game connect-four|tic-tac-toe|gdl]
//        [--rules FILE] (gdl: e.g. web/src/gdl/examples/connect3.kif)
//        [--positions 200] [--iterations 10000[,N...]] [--max-depth 8]
//        [--seed 1] [--mcts-seed 1] [--playout random|decisive]
//        [--stones LO-HI]
// --iterations takes a list: each position is searched with every budget.
// --stones: the random games' lengths (default 12-24 in Connect Four, 4-9
// in tic-tac-toe, 2-8 plies in GDL); a position already decided at the root by the game's end
// is skipped. --seed seeds the positions, --mcts-seed the search.
// Prints one JSON line a trap: game, position (Connect Four: the moves as
// 1-based columns; tic-tac-toe: the board's rows), iterations, seed,
// playout, uct (UCT's move: a column, or a cell as [row, column]) and
// uctValue, best and bestValue (values for the side to move: Connect Four's
// score, tic-tac-toe's +1/0/-1), depth, solver and solverValue
// (MCTS-Solver's move); in GDL also rules (the file's name), moves (the
// random game's moves from the start) and init (the position's facts), the
// moves named as the rules print them; then a summary line: how many traps within the
// depth, how many positions searched, how many losing choices in all.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename } from 'node:path';
import { tttSolve } from '../js/helpers/ttt-depth.mjs';
import { rulesAt } from '../../web/src/lib/gdl-position.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = process.env.PP_CLI ?? join(root, 'build/perfect-play');
const { values: opt } = parseArgs({
  options: {
    game: { type: 'string', default: 'connect-four' },
    positions: { type: 'string', default: '200' },
    iterations: { type: 'string', default: '10000' },
    'max-depth': { type: 'string', default: '8' },
    seed: { type: 'string', default: '1' },
    'mcts-seed': { type: 'string', default: '1' },
    playout: { type: 'string', default: 'random' },
    stones: { type: 'string' },
    rules: { type: 'string' },
  },
});
const C4 = opt.game === 'connect-four';
const GDL = opt.game === 'gdl';
if (!C4 && !GDL && opt.game !== 'tic-tac-toe') throw new Error(`--game ${opt.game}: connect-four, tic-tac-toe or gdl`);
if (GDL && !opt.rules) throw new Error('--game gdl needs --rules FILE');
if (!['random', 'decisive'].includes(opt.playout)) throw new Error(`--playout ${opt.playout}: random or decisive`);
const positions = Number(opt.positions),
  maxDepth = Number(opt['max-depth']);
const budgets = opt.iterations.split(',').map(Number);
const [lo, hi] = (opt.stones ?? (C4 ? '12-24' : GDL ? '2-8' : '4-9')).split('-').map(Number);
const mctsSeed = opt['mcts-seed'];
const W = 7,
  H = 6,
  N = 4; // Connect Four's board; tic-tac-toe's side

let state = BigInt(opt.seed) || 1n;
function next() {
  // xorshift64*
  state ^= state >> 12n;
  state ^= (state << 25n) & 0xffffffffffffffffn;
  state ^= state >> 27n;
  return Number(((state * 0x2545f4914f6cdd1dn) & 0xffffffffffffffffn) >> 33n);
}

function solveJson(position, args) {
  const input = C4 ? position : `board = ${JSON.stringify(position)}`;
  const r = spawnSync(cli, ['solve', C4 ? 'connect-four' : 'tic-tac-toe', input, ...args, '--json'], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) return null;
  return JSON.parse(r.stdout);
}

/** A line of four on tic-tac-toe's 4x4 board. */
const LINES = [0, 1, 2, 3]
  .flatMap((k) => [[0, 1, 2, 3].map((j) => 4 * k + j), [0, 1, 2, 3].map((j) => 4 * j + k)])
  .concat([
    [0, 5, 10, 15],
    [3, 6, 9, 12],
  ]);
const hasLine = (cells) => LINES.some((l) => cells[l[0]] !== '.' && l.every((c) => cells[c] === cells[l[0]]));

/** A random game's position of `len` moves: Connect Four's sequence, or tic-tac-toe's rows (null if the game ended on the way). */
function randomPosition(len) {
  if (C4) {
    let seq = '';
    const height = new Array(W).fill(0);
    for (let k = 0; k < len; k++) {
      const open = [...Array(W).keys()].filter((c) => height[c] < H);
      const c = open[next() % open.length];
      height[c]++;
      seq += String(c + 1);
    }
    return seq; // a finished game is refused by the CLI
  }
  const cells = new Array(N * N).fill('.');
  for (let k = 0; k < len; k++) {
    const open = cells.map((v, c) => (v === '.' ? c : -1)).filter((c) => c >= 0);
    cells[open[next() % open.length]] = k % 2 ? 'O' : 'X';
    if (hasLine(cells)) return null; // the game is over
  }
  return [...Array(N).keys()].map((r) => cells.slice(N * r, N * r + N).join(''));
}

/** The side to move's value of a move by its `exact` (Connect Four: already the mover's score; tic-tac-toe: X's value). */
const moverValue = (position, exact) => (C4 || position.join('').split('X').length === position.join('').split('O').length ? exact : exact === 0 ? 0 : -exact);
/** The cells a tic-tac-toe move index names, as [row, column] (the moves are the empty cells, row-major). */
const cellOf = (position, move) => {
  const empty = [...position.join('')].map((v, c) => (v === '.' ? c : -1)).filter((c) => c >= 0);
  return [Math.floor(empty[move] / N), empty[move] % N];
};
const moveName = (position, move) => (C4 ? move : cellOf(position, move));

/** Plies until the side to move loses by force after `move` (the move counted). */
function lossDepth(position, move, value) {
  if (C4) {
    // The opponent wins with its k-th stone, k = W*H/2 + 1 - score (Pons's scores: 22 minus the
    // winner's stones on 7x6); that is stone 2k - 1 of the game if it moves first, else 2k.
    const k = (W * H) / 2 + 1 + value,
      first = position.length % 2 === 1;
    return 2 * k - (first ? 1 : 0) - position.length;
  }
  const cells = [...position.join('')];
  const [r, c] = cellOf(position, move);
  cells[r * N + c] = cells.filter((v) => v === 'X').length === cells.filter((v) => v === 'O').length ? 'X' : 'O';
  return 1 + tttSolve(cells).plies;
}

await (GDL ? findGdl() : findBoards());

/** Traps in random positions of tic-tac-toe 4x4 or Connect Four, each printed as found. */
function findBoards() {
  const found = [];
  const seen = { searched: 0, losing: 0 };
  for (let p = 0; p < positions; p++) {
    const position = randomPosition(lo + (next() % (hi - lo + 1)));
    if (!position) continue;
    for (const iterations of budgets) {
      const args = ['--algo', 'mcts', '--iterations', String(iterations), '--seed', mctsSeed, '--playout', opt.playout];
      const uct = solveJson(position, args);
      if (!uct || uct.moves.length === 0) break; // over or illegal
      seen.searched++;
      const value = (m) => moverValue(position, m.exact);
      const best = uct.moves.reduce((a, m) => (value(m) > value(a) ? m : a));
      const chosen = uct.moves.find((m) => m.move === uct.best_move);
      if (!(value(chosen) < 0 && value(best) >= 0)) continue;
      seen.losing++;
      const depth = lossDepth(position, chosen.move, value(chosen));
      if (depth > maxDepth) continue;
      const solver = solveJson(position, [...args, '--solver']);
      const solverMove = solver && solver.moves.find((m) => m.move === solver.best_move);
      found.push({
        game: C4 ? 'connect-four' : 'tic-tac-toe',
        position,
        iterations,
        seed: Number(mctsSeed),
        playout: opt.playout,
        uct: moveName(position, chosen.move),
        uctValue: value(chosen),
        best: moveName(position, best.move),
        bestValue: value(best),
        depth,
        solver: solverMove ? moveName(position, solverMove.move) : null,
        solverValue: solverMove ? value(solverMove) : null,
      });
      console.log(JSON.stringify(found.at(-1)));
    }
  }
  console.log(
    `${found.length} traps within ${maxDepth} plies in ${positions} random positions (${seen.searched} searches, ${seen.losing} with a losing choice where a win or draw exists; iterations ${budgets.join(', ')}, seed ${mctsSeed}, ${opt.playout} playouts)`,
  );
}

/** The facts of a state (openGdl's bits) as the rules name them. */
function factsOf(game, state) {
  return game.factNames.filter((_, i) => (state[i >> 5] >>> (i & 31)) & 1);
}

/** GDL: random positions of the rules, each searched by the CLI as rules of its own. */
async function findGdl() {
  const { loadEngine } = await import('../../web/src/engine/binding.js');
  const { bindGdl } = await import('../../web/src/engine/binding-gdl.js');
  const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
  const { default: create } = await import(new URL('pp-gdl.mjs', wasmDir));
  const engine = await loadEngine({ create, wasmBinary: await readFile(new URL('pp-gdl.wasm', wasmDir)) });
  const rules = readFileSync(opt.rules, 'utf8');
  const game = bindGdl(engine.kit).openGdl(rules);
  const dir = mkdtempSync(join(tmpdir(), 'pp-gdl-traps-'));
  const file = join(dir, 'position.kif');
  const gdlJson = (text, args) => {
    writeFileSync(file, text);
    const r = spawnSync(cli, ['solve', 'gdl', file, ...args, '--json'], { encoding: 'utf8', maxBuffer: 1 << 24 });
    return r.status === 0 ? JSON.parse(r.stdout) : null;
  };
  const found = [];
  const seen = { searched: 0, losing: 0 };
  try {
    for (let p = 0; p < positions; p++) {
      // Step 1. A random game of len plies from the start (skipped if it ends on the way).
      const len = lo + (next() % (hi - lo + 1));
      let state = game.initial();
      const moves = [];
      let over = false;
      for (let k = 0; k < len && !over; k++) {
        const t = game.turn(state);
        if (t.terminal) over = true;
        else {
          const i = next() % t.moves.length;
          moves.push(t.moves[i]);
          state = game.play(state, i);
        }
      }
      const turn = game.turn(state);
      if (over || turn.terminal) continue;
      const init = factsOf(game, state);
      const text = rulesAt(rules, init);
      for (const iterations of budgets) {
        // Step 2. UCT on the position; each root move's exact goal beside it.
        const args = ['--algo', 'mcts', '--iterations', String(iterations), '--seed', mctsSeed, '--playout', opt.playout];
        const uct = gdlJson(text, args);
        if (!uct || uct.moves.length === 0) break;
        seen.searched++;
        const { lo: glo, hi: ghi } = uct.reward;
        const mine = uct.mover === uct.roles[0];
        const value = (m) => (mine ? m.exact : glo + ghi - m.exact);
        const mid = (glo + ghi) / 2;
        const best = uct.moves.reduce((a, m) => (value(m) > value(a) ? m : a));
        const chosen = uct.moves.find((m) => m.move === uct.best_move);
        if (!(value(chosen) < mid && value(best) >= mid)) continue;
        seen.losing++;
        // Step 3. The depth: the retrograde solve of the position after the choice.
        const after = game.play(
          state,
          turn.moves.findIndex((m) => m === chosen.move),
        );
        const retro = gdlJson(rulesAt(rules, factsOf(game, after)), ['--algo', 'retrograde']);
        const depth = 1 + retro.remoteness;
        if (depth > maxDepth) continue;
        const solver = gdlJson(text, [...args, '--solver']);
        const solverMove = solver && solver.moves.find((m) => m.move === solver.best_move);
        found.push({
          game: 'gdl',
          rules: basename(opt.rules, '.kif'),
          moves,
          init,
          iterations,
          seed: Number(mctsSeed),
          playout: opt.playout,
          uct: chosen.move,
          uctValue: value(chosen),
          best: best.move,
          bestValue: value(best),
          depth,
          solver: solverMove ? solverMove.move : null,
          solverValue: solverMove ? value(solverMove) : null,
        });
        console.log(JSON.stringify(found.at(-1)));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    game.dispose();
  }
  console.log(
    `${found.length} traps within ${maxDepth} plies in ${positions} random positions of ${basename(opt.rules)} (${seen.searched} searches, ${seen.losing} with a losing choice where a win or draw exists; iterations ${budgets.join(', ')}, seed ${mctsSeed}, ${opt.playout} playouts)`,
  );
}
