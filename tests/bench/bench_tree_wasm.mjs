// bench_tree_wasm.mjs: the minimax / alpha-beta core in WASM (Node), the same
// measurements as bench_tree.c: positions per second on the 4x4 tic-tac-toe
// solve and on random uniform trees (given order), the first (cold) call and
// the fastest of the warm batches; with the native output file as argument,
// the ratio native / WASM (the target is at most 1.5).
//   node tests/bench/bench_tree_wasm.mjs [build/bench_tree.txt]
import { readFile } from 'node:fs/promises';
import { bindTree } from '../../web/src/engine/binding-tree.js';
import { loadEngine } from '../../web/src/engine/binding.js';

const WARM_RUNS = 3;
// pp-tree: the module the page's worker loads for the game trees.
const wasm = await readFile(new URL('../../web/src/engine/wasm/pp-tree.wasm', import.meta.url));
const { default: create } = await import('../../web/src/engine/wasm/pp-tree.mjs');
const tree = bindTree((await loadEngine({ wasmBinary: wasm, create })).kit);

/** Native figures from bench_tree's JSON lines, keyed like ours. */
async function nativeFigures(file) {
  const out = new Map();
  if (!file) return out;
  for (const line of (await readFile(file, 'utf8')).split('\n')) {
    if (!line.startsWith('JSON ')) continue;
    const j = JSON.parse(line.slice(5));
    if (j.bench === 'tic-tac-toe-4x4') out.set(`ttt ${j.algo} ${j.order}`, (j.nodes / j.ms) * 1e3);
    else if (j.bench === 'uniform-tree') out.set(`tree ${j.b} ${j.d}`, j.positions_per_s);
  }
  return out;
}

/**
 * Cold and warm positions per second of one solve: the first call, then the
 * fastest of WARM_RUNS batches, each repeating the solve until its searches
 * last BATCH_MS at least (as bench_tree.c times them: the search alone).
 */
const BATCH_MS = 25;
function measure(game, input, options) {
  const solve = () => tree.solveTree(game, input, { layoutCap: 0, batch: 1 << 20, ...options });
  const first = solve();
  const nodes = first.stats.nodes;
  const cold = (nodes / first.searchMs) * 1e3;
  let warm = 0;
  let reps = 0;
  for (let i = 0; i < WARM_RUNS; i++) {
    let ms = 0;
    let done = 0;
    while (done < reps || (i === 0 && ms < BATCH_MS)) {
      ms += solve().searchMs;
      done++;
    }
    if (i === 0) reps = done;
    warm = Math.max(warm, ((nodes * done) / ms) * 1e3);
  }
  return { cold, warm, nodes };
}

const native = await nativeFigures(process.argv[2]);
const fmt = (v) => Math.round(v).toLocaleString('en-US').padStart(12);
const ratio = (key, warm) => (native.has(key) ? (native.get(key) / warm).toFixed(2).padStart(7) : '      -');
console.log(`WASM in Node, positions/s: the first call, the fastest of ${WARM_RUNS} warm batches of ${BATCH_MS} ms or more, native / warm`);
console.log(`  ${'solve'.padEnd(34)} ${'positions'.padStart(10)} ${'cold'.padStart(12)} ${'warm'.padStart(12)} ${'native/x'.padStart(8)}`);
const rows = [];
for (const algo of ['minimax', 'alphabeta']) {
  const key = `ttt ${algo} given`;
  const m = measure('tic-tac-toe', 'board = ["....","....","....","...."]', { algo, tt: true });
  rows.push([`4x4 tic-tac-toe, ${algo}, table`, key, m]);
}
for (let b = 5; b <= 10; b++) {
  const d = 7; // searches of 10^4 to 10^6 positions: long enough to time
  const m = measure('tree', `branching = ${b}, depth = ${d}, lo = 0, hi = 999999, seed = ${b * 1000 + d}`, {});
  rows.push([`uniform tree b ${b} d ${d}, alpha-beta`, `tree ${b} ${d}`, m]);
}
let worst = 0;
for (const [label, key, m] of rows) {
  console.log(`  ${label.padEnd(34)} ${String(m.nodes).padStart(10)} ${fmt(m.cold)} ${fmt(m.warm)} ${ratio(key, m.warm)}`);
  if (native.has(key)) worst = Math.max(worst, native.get(key) / m.warm);
  console.log(`JSON ${JSON.stringify({ bench: 'tree-wasm', solve: key, nodes: m.nodes, cold: Math.round(m.cold), warm: Math.round(m.warm), native: native.get(key) ?? null })}`);
}
if (native.size) console.log(`worst native / WASM ratio: ${worst.toFixed(2)} (target: at most 1.5)`);
