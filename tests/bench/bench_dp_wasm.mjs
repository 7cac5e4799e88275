// bench_dp_wasm.mjs: the DP solvers in WASM (Node) on bench_dp.c's cases, the
// same instances (its generator, re-done in BigInt): cells per second, the
// first (cold) call and the fastest of warm batches, untraced, timing the
// solve alone (solveMs: no parsing, no copying out). With bench_dp's output
// file as argument, the ratio native / WASM (the target is at most 1.5).
//   node tests/bench/bench_dp_wasm.mjs [build/bench_dp.txt]
import { readFile } from 'node:fs/promises';
import { bindDp } from '../../web/src/engine/binding-dp.js';
import { loadEngine } from '../../web/src/engine/binding.js';

const WARM_RUNS = 5;
// pp-dp: the module the page's worker loads for the DP games.
const wasm = await readFile(new URL('../../web/src/engine/wasm/pp-dp.wasm', import.meta.url));
const { default: create } = await import('../../web/src/engine/wasm/pp-dp.mjs');
const dp = bindDp((await loadEngine({ wasmBinary: wasm, create })).kit);

/** bench_dp.c's values(): a 64-bit LCG, values in [lo, hi]. */
function values(n, lo, hi, seed) {
  const out = [];
  let s = BigInt(seed);
  const M = (1n << 64n) - 1n;
  for (let i = 0; i < n; i++) {
    s = (s * 6364136223846793005n + 1442695040888963407n) & M;
    out.push(lo + Number((s >> 33n) % BigInt(hi - lo + 1)));
  }
  return out;
}

/** bench_dp.c's cases, in its order (the seed is 1000 + the case's index). */
const LISTS = [
  ['stone-game-vii n=1000', 'stone-game-vii', 1000, 1, 1000, 'dp'],
  ['stone-game-v n=500', 'stone-game-v', 500, 1, 1000000, 'dp'],
  ['stone-game-iii n=50000', 'stone-game-iii', 50000, -1000, 1000, 'dp'],
  ['stone-game n=1000', 'stone-game', 1000, 1, 500, 'dp'],
  ['stone-game n=1000', 'stone-game', 1000, 1, 500, 'diff'],
  ['stone-game-ii n=1000', 'stone-game-ii', 1000, 1, 10000, 'dp'],
  ['stone-game-vi n=100000', 'stone-game-vi', 100000, 1, 100, 'dp'],
  ['stone-game-vi n=20', 'stone-game-vi', 20, 1, 100, 'exhaustive'],
];
const cases = LISTS.map(([name, game, n, lo, hi, algo], i) => {
  const a = values(n, lo, hi, 1000 + i);
  const b = values(n, lo, hi, 1000 + i + 1);
  return { name, game, algo, input: game === 'stone-game-vi' ? `[${a}], [${b}]` : `[${a}]` };
});
cases.push(
  { name: 'stone-game-iv n=100000', game: 'stone-game-iv', algo: 'dp', input: '100000' },
  { name: 'stone-game-iv n=100000', game: 'stone-game-iv', algo: 'sieve', input: '100000' },
  { name: 'nim n=100000', game: 'nim', algo: 'dp', input: '100000' },
  { name: 'can-i-win 20, 210', game: 'can-i-win', algo: 'dp', input: '20, 210' },
);

/** Native cells per second from bench_dp's JSON lines, untraced, keyed "case algo". */
async function nativeFigures(file) {
  const out = new Map();
  if (!file) return out;
  for (const line of (await readFile(file, 'utf8')).split('\n')) {
    if (!line.startsWith('JSON ')) continue;
    const j = JSON.parse(line.slice(5));
    if (!j.traced) out.set(`${j.case} ${j.algo}`, { rate: j.cells_per_s, cells: j.cells });
  }
  return out;
}

/**
 * Cells per second: the first (cold) call of the page's solveDp (the solve
 * alone), then the fastest of WARM_RUNS batches of solves timed as bench_dp.c
 * times them (parsed once, untraced, freed unread), each batch lasting
 * BATCH_MS at least; and `read`: a whole solveDp, reading the tables out as
 * the page does, in ms.
 */
const BATCH_MS = 25;
function measure({ game, input, algo }) {
  const first = dp.solveDp(game, input, { algo, trace: 'none' });
  const cells = first.stats.nodes;
  const answer = first.answerText;
  const cold = (cells / first.solveMs) * 1e3;
  let reps = 1;
  while (dp.timeSolves(game, input, { algo, count: reps }).ms.reduce((x, y) => x + y, 0) < BATCH_MS && reps < 1 << 16) reps *= 2;
  let warm = 0;
  for (let i = 0; i < WARM_RUNS; i++) {
    const { ms, cells: c } = dp.timeSolves(game, input, { algo, count: reps });
    if (c !== cells) throw new Error(`${game}: ${c} cells timed, ${cells} solved`);
    warm = Math.max(warm, ((cells * reps) / ms.reduce((x, y) => x + y, 0)) * 1e3);
  }
  const t0 = performance.now();
  dp.solveDp(game, input, { algo, trace: 'none' });
  const read = performance.now() - t0;
  return { cold, warm, cells, answer, read };
}

const native = await nativeFigures(process.argv[2]);
const fmt = (v) => Math.round(v).toLocaleString('en-US').padStart(13);
console.log(`WASM in Node, cells/s: the first call, the fastest of ${WARM_RUNS} warm batches of ${BATCH_MS} ms or more, native / warm;`);
console.log('  read: one whole solveDp in ms, the solve and the tables read out into JS, as the worker does');
console.log(`  ${'solve'.padEnd(36)} ${'cells'.padStart(9)} ${'cold'.padStart(13)} ${'warm'.padStart(13)} ${'native'.padStart(13)} ${'native/x'.padStart(8)} ${'read ms'.padStart(8)}`);
const ratios = [];
for (const c of cases) {
  const key = `${c.name} ${c.algo}`;
  const m = measure(c);
  const nat = native.get(key);
  if (nat && nat.cells !== m.cells) throw new Error(`${key}: ${m.cells} cells in WASM, ${nat.cells} natively: not the same instance`);
  const ratio = nat ? nat.rate / m.warm : null;
  if (ratio !== null) ratios.push([key, ratio]);
  console.log(
    `  ${key.padEnd(36)} ${String(m.cells).padStart(9)} ${fmt(m.cold)} ${fmt(m.warm)} ${nat ? fmt(nat.rate) : '            -'} ${ratio === null ? '       -' : ratio.toFixed(2).padStart(8)} ${m.read.toFixed(1).padStart(8)}`,
  );
  console.log(`JSON ${JSON.stringify({ bench: 'dp-wasm', solve: key, cells: m.cells, answer: m.answer, cold: Math.round(m.cold), warm: Math.round(m.warm), native: nat ? Math.round(nat.rate) : null, read_ms: Number(m.read.toFixed(2)) })}`);
}
if (ratios.length) {
  const worst = ratios.reduce((w, r) => (r[1] > w[1] ? r : w));
  const within = ratios.filter(([, r]) => r <= 1.5).length;
  console.log(`native / WASM: ${within} of ${ratios.length} solves within 1.5x; worst ${worst[1].toFixed(2)} (${worst[0]}) (target: at most 1.5)`);
}
