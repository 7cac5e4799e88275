// mcts_traps.mjs: looks for shallow traps (Ramanujan, Sabharwal and Selman,
// ICAPS 2010) for UCT in Connect Four 7x6 and tic-tac-toe 4x4: positions
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
//
// Usage (after ./build.sh build):
//   node tests/bench/mcts_traps.mjs [--game connect-four|tic-tac-toe]
//        [--positions 200] [--iterations 10000[,N...]] [--max-depth 8]
//        [--seed 1] [--mcts-seed 1] [--playout random|decisive]
//        [--stones LO-HI]
// --iterations takes a list: each position is searched with every budget.
// --stones: the random games' lengths (default 12-24 in Connect Four, 4-9
// in tic-tac-toe); a position already decided at the root by the game's end
// is skipped. --seed seeds the positions, --mcts-seed the search.
// Prints one JSON line a trap: game, position (Connect Four: the moves as
// 1-based columns; tic-tac-toe: the board's rows), iterations, seed,
// playout, uct (UCT's move: a column, or a cell as [row, column]) and
// uctValue, best and bestValue (values for the side to move: Connect Four's
// score, tic-tac-toe's +1/0/-1), depth, solver and solverValue
// (MCTS-Solver's move); then a summary line: how many traps within the
// depth, how many positions searched, how many losing choices in all.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { tttSolve } from '../js/helpers/ttt-depth.mjs';

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
  },
});
const C4 = opt.game === 'connect-four';
if (!C4 && opt.game !== 'tic-tac-toe') throw new Error(`--game ${opt.game}: connect-four or tic-tac-toe`);
if (!['random', 'decisive'].includes(opt.playout)) throw new Error(`--playout ${opt.playout}: random or decisive`);
const positions = Number(opt.positions),
  maxDepth = Number(opt['max-depth']);
const budgets = opt.iterations.split(',').map(Number);
const [lo, hi] = (opt.stones ?? (C4 ? '12-24' : '4-9')).split('-').map(Number);
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
