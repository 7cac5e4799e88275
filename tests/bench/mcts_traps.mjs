// mcts_traps.mjs: looks for shallow traps (Ramanujan, Sabharwal and Selman,
// ICAPS 2010) for UCT in Connect Four 7x6: positions where MCTS, with a
// stated budget and seed, chooses a move that loses by force within a few
// plies although a win or a draw exists. Positions come from random games
// (a seeded generator of our own, so a run is repeatable); every root move's
// exact score is the CLI's (the dedicated solver), so each trap is proven,
// not guessed. For each trap found, MCTS-Solver on the same position and
// budget. One line a trap: sequence, iterations, seed, the move UCT chooses
// and its score, the best move and its score, the trap's depth in plies,
// what MCTS-Solver chooses and its score.
// Usage: node tests/bench/mcts_traps.mjs [positions] [iterations] [max depth] [seed]
//        (after ./build.sh build)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = process.env.PP_CLI ?? join(root, 'build/perfect-play');
const [positions = 200, iterations = 10000, maxDepth = 8, seed0 = 1] = process.argv.slice(2).map(Number);
const W = 7, H = 6;

let state = BigInt(seed0) || 1n;
function next() { // xorshift64*
  state ^= state >> 12n; state ^= (state << 25n) & 0xffffffffffffffffn; state ^= state >> 27n;
  return Number(((state * 0x2545f4914f6cdd1dn) & 0xffffffffffffffffn) >> 33n);
}

function solveJson(args) {
  const r = spawnSync(cli, ['solve', 'connect-four', ...args, '--json'], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) return null;
  return JSON.parse(r.stdout);
}

/** Plies until the side to move loses with score -s (Pons's scores): the winner's stone. */
function lossDepth(stones, s) {
  const winnerStone = W * H + 1 - 2 * s; // the opponent wins with its stone number n: s = (W*H + 1 - n) / 2
  return winnerStone - stones;
}

const found = [];
const seen = { searched: 0, losing: 0 };
for (let p = 0; p < positions; p++) {
  const len = 12 + (next() % 13); // 12 to 24 stones
  let seq = '';
  const height = new Array(W).fill(0);
  for (let k = 0; k < len; k++) {
    const open = [...Array(W).keys()].filter((c) => height[c] < H);
    const c = open[next() % open.length];
    height[c]++;
    seq += String(c + 1);
  }
  const uct = solveJson([seq, '--algo', 'mcts', '--iterations', String(iterations), '--seed', '1']);
  if (!uct || uct.proven !== null) continue; // over, illegal, or already decided at the root
  seen.searched++;
  const exact = Object.fromEntries(uct.moves.map((m) => [m.move, m.exact]));
  const best = uct.moves.reduce((a, m) => (m.exact > a.exact ? m : a));
  const chosen = exact[uct.best_move];
  if (!(chosen < 0 && best.exact >= 0)) continue;
  seen.losing++;
  const depth = lossDepth(seq.length, -chosen);
  if (depth > maxDepth) continue;
  const solver = solveJson([seq, '--algo', 'mcts', '--iterations', String(iterations), '--seed', '1', '--solver']);
  found.push({ seq, iterations, seed: 1, uct: uct.best_move, uctScore: chosen, best: best.move, bestScore: best.exact, depth, solver: solver?.best_move, solverScore: solver ? exact[solver.best_move] : null });
  console.log(JSON.stringify(found.at(-1)));
}
console.log(`${found.length} traps within ${maxDepth} plies in ${positions} random positions (${seen.searched} searched, ${seen.losing} with a losing choice where a win or draw exists; ${iterations} iterations, seed 1)`);
