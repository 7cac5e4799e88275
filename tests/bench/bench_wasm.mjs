// bench_wasm.mjs: the retrograde solver as WebAssembly in Node, against the
// native figures bench_native printed (its output file is argv[2]).
//
// V8 runs a WASM function on baseline code until it has been called a few
// times from JS, so the first solve ("cold") is reported apart from the warm
// median, which is the figure to compare with native. Solves run in batches
// of BATCH reverse edges, as the page's worker runs them.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const RUNS = 7;
const BATCH = 1 << 20;
const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
// pp-cm: the module the page's worker loads for Cat and Mouse.
const { default: createPP } = await import(new URL('pp-cm.mjs', wasmDir));
const wasmBinary = await readFile(fileURLToPath(new URL('pp-cm.wasm', wasmDir)));

const native = new Map();
if (process.argv[2]) {
  for (const line of (await readFile(process.argv[2], 'utf8')).split('\n')) {
    if (line.startsWith('JSON ')) {
      const j = JSON.parse(line.slice(5));
      native.set(j.graph, j);
    }
  }
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

function solveOnce(M, graph, batch) {
  const t0 = performance.now();
  const solver = M._ppw_retro_new_catmouse(graph, 0);
  if (!solver) throw new Error('solve failed');
  let done = 0;
  while (done === 0) done = M._ppw_retro_run(solver, batch);
  const ms = performance.now() - t0;
  const relaxations = M._ppw_retro_stat(solver, 3);
  M._ppw_retro_free(solver);
  return { ms, relaxations };
}

async function bench(name, make) {
  const M = await createPP({ wasmBinary }); // a fresh module: its first call is cold
  const graph = make(M);
  if (!graph) throw new Error(`cannot build ${name}`);
  const n = M._ppw_catmouse_nodes(graph);
  const cold = solveOnce(M, graph, BATCH);
  const warm = [];
  let relaxations = 0;
  for (let i = 0; i < RUNS; i++) {
    const run = solveOnce(M, graph, BATCH);
    warm.push(run.ms);
    relaxations = run.relaxations;
  }
  const single = solveOnce(M, graph, 2 ** 52); // the whole solve in one call
  M._ppw_catmouse_free(graph);
  const med = median(warm);
  const nat = native.get(name);
  const ratio = nat ? (med / nat.median_ms).toFixed(2) + 'x native' : 'no native figure';
  console.log(
    `${name.padEnd(24)} n=${String(n).padEnd(5)} cold ${cold.ms.toFixed(1).padStart(7)} ms   ` +
      `warm median ${med.toFixed(2).padStart(8)} ms (min ${Math.min(...warm).toFixed(2)})   ` +
      `${(relaxations / med / 1e3).toFixed(1).padStart(6)} M relaxations/s   one call ${single.ms.toFixed(1)} ms   ${ratio}`,
  );
}

console.log(`WASM in Node ${process.version} (emcc -O3), batches of ${BATCH} edges, warm = median of ${RUNS}`);
await bench('complete-200', (M) => M._ppw_catmouse_complete(200));
await bench('random-1000-deg8-s1', (M) => M._ppw_catmouse_random(1000, 8, 1));
await bench('random-1000-deg8-s2', (M) => M._ppw_catmouse_random(1000, 8, 2));
