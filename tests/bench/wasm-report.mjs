// wasm-report.mjs: the native figures the WASM benchmarks compare with, and
// the tables they print, for Node (bench_tree_wasm.mjs, bench_dp_wasm.mjs)
// and Chromium (bench_wasm_browser.mjs) alike. Measurements: wasm-measure.js.
import { readFile } from 'node:fs/promises';
import { BATCH_MS, WARM_RUNS } from './wasm-measure.js';

async function jsonLines(file) {
  if (!file) return [];
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((line) => line.startsWith('JSON '))
    .map((line) => JSON.parse(line.slice(5)));
}

/** bench_tree's positions per second, keyed like TREE_CASES. */
export async function treeNative(file) {
  const out = new Map();
  for (const j of await jsonLines(file)) {
    if (j.bench === 'tic-tac-toe-4x4') out.set(`ttt ${j.algo} ${j.order}`, (j.nodes / j.ms) * 1e3);
    else if (j.bench === 'uniform-tree') out.set(`tree ${j.b} ${j.d}`, j.positions_per_s);
  }
  return out;
}

/** bench_dp's untraced cells per second and cell counts, keyed "case algo". */
export async function dpNative(file) {
  const out = new Map();
  for (const j of await jsonLines(file)) if (!j.traced) out.set(`${j.case} ${j.algo}`, { rate: j.cells_per_s, cells: j.cells });
  return out;
}

const fmt = (v, w = 12) => Math.round(v).toLocaleString('en-US').padStart(w);

/** Prints the tree rows ({ label, key, m }) against the native figures; `where`: 'Node' or 'Chromium'. */
export function printTree(rows, native, where) {
  console.log(`WASM in ${where}, positions/s: the first call, the fastest of ${WARM_RUNS} warm batches of ${BATCH_MS} ms or more, native / warm`);
  console.log(`  ${'solve'.padEnd(34)} ${'positions'.padStart(10)} ${'cold'.padStart(12)} ${'warm'.padStart(12)} ${'native/x'.padStart(8)}`);
  let worst = 0;
  for (const { label, key, m } of rows) {
    const nat = native.get(key);
    const ratio = nat ? nat / m.warm : null;
    if (ratio !== null) worst = Math.max(worst, ratio);
    console.log(
      `  ${label.padEnd(34)} ${String(m.nodes).padStart(10)} ${fmt(m.cold)} ${fmt(m.warm)} ${ratio === null ? '       -' : ratio.toFixed(2).padStart(8)}`,
    );
    console.log(
      `JSON ${JSON.stringify({ bench: `tree-wasm-${where.toLowerCase()}`, solve: key, nodes: m.nodes, cold: Math.round(m.cold), warm: Math.round(m.warm), native: nat ?? null })}`,
    );
  }
  if (native.size) console.log(`worst native / WASM ratio in ${where}: ${worst.toFixed(2)} (target: at most 1.5)`);
}

/** Prints the DP rows ({ key, m }) against the native figures. */
export function printDp(rows, native, where) {
  console.log(`WASM in ${where}, cells/s: the first call, the fastest of ${WARM_RUNS} warm batches of ${BATCH_MS} ms or more, native / warm;`);
  console.log('  read: one whole solveDp in ms, the solve and the tables read out into JS, as the worker does');
  console.log(
    `  ${'solve'.padEnd(36)} ${'cells'.padStart(9)} ${'cold'.padStart(13)} ${'warm'.padStart(13)} ${'native'.padStart(13)} ${'native/x'.padStart(8)} ${'read ms'.padStart(8)}`,
  );
  const ratios = [];
  for (const { key, m } of rows) {
    const nat = native.get(key);
    if (nat && nat.cells !== m.cells) throw new Error(`${key}: ${m.cells} cells in WASM, ${nat.cells} natively: not the same instance`);
    const ratio = nat ? nat.rate / m.warm : null;
    if (ratio !== null) ratios.push([key, ratio]);
    console.log(
      `  ${key.padEnd(36)} ${String(m.cells).padStart(9)} ${fmt(m.cold, 13)} ${fmt(m.warm, 13)} ${nat ? fmt(nat.rate, 13) : '            -'} ${ratio === null ? '       -' : ratio.toFixed(2).padStart(8)} ${m.read.toFixed(1).padStart(8)}`,
    );
    console.log(
      `JSON ${JSON.stringify({ bench: `dp-wasm-${where.toLowerCase()}`, solve: key, cells: m.cells, answer: m.answer, cold: Math.round(m.cold), warm: Math.round(m.warm), native: nat ? Math.round(nat.rate) : null, read_ms: Number(m.read.toFixed(2)) })}`,
    );
  }
  if (ratios.length) {
    const worst = ratios.reduce((w, r) => (r[1] > w[1] ? r : w));
    const within = ratios.filter(([, r]) => r <= 1.5).length;
    console.log(
      `native / WASM in ${where}: ${within} of ${ratios.length} solves within 1.5x; worst ${worst[1].toFixed(2)} (${worst[0]}) (target: at most 1.5)`,
    );
  }
}
