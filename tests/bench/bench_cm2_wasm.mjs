// bench_cm2_wasm.mjs: Cat and Mouse II as WebAssembly in Node (through
// binding-cm2.js, as the page's worker calls it), against bench_cm2's
// native figures (its output file is argv[2]). Per board: states per second
// for the solve alone (solveMs: no parsing, no copies), cold (the first
// solve of a fresh module, on V8's baseline code) and warm (the median of
// RUNS timings of REPS solves), and the page's full request (parse, solve
// with the whole trace, copies out) warm.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../../web/src/engine/binding.js';
import { bindCm2 } from '../../web/src/engine/binding-cm2.js';

const RUNS = 7;
const REPS = 200;
// pp-cm: the module the page's worker loads for Cat and Mouse.
const wasmBinary = await readFile(fileURLToPath(new URL('../../web/src/engine/wasm/pp-cm.wasm', import.meta.url)));
const { default: create } = await import('../../web/src/engine/wasm/pp-cm.mjs');
const boards = (await readFile(fileURLToPath(new URL('boards_cm2.txt', import.meta.url)), 'utf8'))
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => [l.slice(0, l.indexOf(' ')), l.slice(l.indexOf(' ') + 1)]);

const native = new Map();
if (process.argv[2]) {
  for (const line of (await readFile(process.argv[2], 'utf8')).split('\n')) {
    if (line.startsWith('JSON ')) {
      const j = JSON.parse(line.slice(5));
      native.set(j.board, j);
    }
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

console.log(`Cat and Mouse II, WASM in Node: median of ${RUNS} timings of ${REPS} solves each`);
for (const [name, input] of boards) {
  const engine = await loadEngine({ wasmBinary, create }); // a fresh module: its first call is cold
  const cm2 = bindCm2(engine.kit);
  const cold = cm2.solveCm2(input);
  const solveMs = [];
  const fullMs = [];
  for (let i = 0; i < RUNS; i++) {
    let sum = 0;
    for (let k = 0; k < REPS; k++) sum += cm2.solveCm2(input).solveMs;
    solveMs.push(sum / REPS);
    const t0 = performance.now();
    for (let k = 0; k < REPS / 10; k++) cm2.solveCm2(input, { traceCap: 'auto' });
    fullMs.push((performance.now() - t0) / (REPS / 10));
  }
  const warm = median(solveMs);
  const full = median(fullMs);
  const nat = native.get(name);
  const ratio = nat ? `  WASM/native ${(warm / nat.median_ms).toFixed(2)}x` : '';
  if (nat && nat.answer !== (cold.answer ? 1 : 0)) throw new Error(`${name}: WASM and native answers differ`);
  console.log(
    `${name.padEnd(18)} ${cold.nstates} states  cold ${cold.solveMs.toFixed(3)} ms  warm ${warm.toFixed(3)} ms/solve ` +
      `${(cold.nstates / warm / 1e3).toFixed(2)} M states/s${ratio}  |  page request with trace ${full.toFixed(2)} ms`,
  );
}
