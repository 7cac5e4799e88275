// bench_mcts_c4_wasm.mjs: Connect Four's Monte Carlo tree search in WASM
// beside the native CLI: the page's export (ppw_c4_mcts, through
// binding-connect4.js, the Connect Four panel's call) on the pp-c4 module
// the page's worker loads, run in Node (V8, the same engine as Chromium's),
// and `perfect-play solve connect-four MOVES --algo mcts --json`
// (iterations_per_second: the search alone). 200,000 iterations, seed 1,
// random and decisive playouts, on the empty 7x6 board and after 4453. The
// first WASM call runs on V8's baseline code (docs/performance.md); the
// figure compared is the median of the later calls, wall-clock.
// Run after ./build.sh build: node tests/bench/bench_mcts_c4_wasm.mjs
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../../web/src/engine/binding.js';
import { bindConnect4 } from '../../web/src/engine/binding-connect4.js';

const CLI = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));
const BOOK = fileURLToPath(new URL('../../web/src/engine/connect4-7x6.book', import.meta.url));
const WASM = new URL('../../web/src/engine/wasm/pp-c4.wasm', import.meta.url);
const ITERATIONS = Number(process.env.PP_MCTS_ITERATIONS ?? 200_000);
const RUNS = 5;
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const { default: create } = await import('../../web/src/engine/wasm/pp-c4.mjs');
const engine = await loadEngine({ create, wasmBinary: await readFile(WASM) });
const c4 = bindConnect4(engine.kit);
console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}; ${ITERATIONS.toLocaleString('en-US')} iterations, seed 1, c = sqrt 2`,
);
console.log('| Connect Four 7x6 | playouts | native (CLI) | WASM, first call | WASM, later calls | WASM / native |');
console.log('|---|---|---|---|---|---|');
for (const moves of ['', '4453']) {
  for (const playout of ['random', 'decisive']) {
    const native = [];
    const wasm = [];
    let first = 0;
    for (let r = 0; r <= RUNS; r++) {
      const res = c4.mcts(7, 6, moves, { iterations: ITERATIONS, seed: 1, playout });
      const ips = Math.round(res.iterations / (res.ms / 1e3));
      if (r === 0) first = ips;
      else wasm.push(ips);
      if (r === RUNS) break;
      const j = JSON.parse(
        execFileSync(
          CLI,
          ['solve', 'connect-four', moves, '--algo', 'mcts', '--book', BOOK, '--iterations', String(ITERATIONS), '--playout', playout, '--json'],
          {
            encoding: 'utf8',
          },
        ),
      );
      native.push(j.iterations_per_second);
    }
    const n = median(native);
    const w = median(wasm);
    console.log(
      `| ${moves ? `after ${moves}` : 'empty board'} | ${playout} | ${n.toLocaleString('en-US')} | ${first.toLocaleString('en-US')} | ${w.toLocaleString('en-US')} | ${(w / n).toFixed(2)} |`,
    );
  }
}
