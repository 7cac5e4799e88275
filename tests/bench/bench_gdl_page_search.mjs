// bench_gdl_page_search.mjs: the page's search (the worker's code,
// gdl-games.js algo 'search': SEARCH_STEP nodes a step, on the pp-gdl WASM
// module in Node) beside the CLI's search in one call (`solve gdl FILE
// --algo alphabeta --json`) on gdl2qbf games too big to enumerate in the
// page quickly: nodes, milliseconds and the best move of each. A step that
// runs out restarts its iteration, so the steps cost nodes.
//   node tests/bench/bench_gdl_page_search.mjs [game ...]   (build/perfect-play and the WASM first)
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { loadEngine } from '../../web/src/engine/binding.js';
import { GDL_WORKER_GAMES } from '../../web/src/engine/gdl-games.js';
import { searchAnswer } from '../../web/src/lib/gdl-search.js';

const root = new URL('../../', import.meta.url);
const wasmDir = new URL('web/src/engine/wasm/', root);
const { default: create } = await import(new URL('pp-gdl.mjs', wasmDir));
const engine = await loadEngine({ create, wasmBinary: await readFile(new URL('pp-gdl.wasm', wasmDir)) });
const games = process.argv.length > 2 ? process.argv.slice(2) : ['connect-3-5x5', 'connect-3-6x6', 'number-tic-tac-toe', 'break-through-2x5'];
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
console.log(`${pad('game', 20)} ${lpad('CLI nodes', 10)} ${lpad('CLI ms', 8)} ${lpad('page nodes', 11)} ${lpad('page ms', 8)} ${lpad('steps', 6)}  best move (CLI, page)`);
for (const game of games) {
  const path = new URL(`tests/gdl/gdl2qbf/${game}.gdl`, root).pathname;
  const cli = JSON.parse(execFileSync(new URL('build/perfect-play', root).pathname, ['solve', 'gdl', path, '--algo', 'alphabeta', '--json'], { encoding: 'utf8' }));
  const t0 = performance.now();
  const r = await GDL_WORKER_GAMES.gdl({ kit: engine.kit }, { input: await readFile(path, 'utf8'), algo: 'search' });
  const ms = performance.now() - t0;
  if (r.algo !== 'search' || !r.solved) throw new Error(`${game}: the page's search did not answer`);
  if (searchAnswer(r) !== cli.answer) throw new Error(`${game}: the page says ${searchAnswer(r)}, the CLI ${cli.answer}`);
  console.log(
    `${pad(game, 20)} ${lpad(cli.stats.nodes, 10)} ${lpad(Math.round(cli.stats.search_ms), 8)} ${lpad(r.nodes, 11)} ${lpad(Math.round(ms), 8)} ${lpad(r.steps, 6)}  ${cli.best_move}, ${r.bestMove}`,
  );
}
