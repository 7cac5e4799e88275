// bench_gdl_page_search.mjs: the page's search (the worker's code,
// gdl-games.js algo 'search': steps sized by time, on the pp-gdl WASM
// module in Node) beside the CLI's search in one call (`solve gdl FILE
// --algo alphabeta --json`) on gdl2qbf games too big to enumerate in the
// page quickly: nodes, milliseconds and the best move of each (a step takes
// up the line the last one stopped on, so the page's nodes are the CLI's).
// Then the replies of a game against the search: both sides play the
// search's best move, and at each position the search the page keeps for the
// game (rerooted, its table, killers and history kept) is timed beside a
// fresh search from that position.
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
console.log(
  `${pad('game', 20)} ${lpad('CLI nodes', 10)} ${lpad('CLI ms', 8)} ${lpad('page nodes', 11)} ${lpad('page ms', 8)} ${lpad('steps', 6)}  best move (CLI, page)`,
);
for (const game of games) {
  const path = new URL(`tests/gdl/gdl2qbf/${game}.gdl`, root).pathname;
  const cli = JSON.parse(
    execFileSync(new URL('build/perfect-play', root).pathname, ['solve', 'gdl', path, '--algo', 'alphabeta', '--json'], { encoding: 'utf8' }),
  );
  const t0 = performance.now();
  const r = await GDL_WORKER_GAMES.gdl({ kit: engine.kit }, { input: await readFile(path, 'utf8'), algo: 'search' });
  const ms = performance.now() - t0;
  if (r.algo !== 'search' || !r.solved) throw new Error(`${game}: the page's search did not answer`);
  if (searchAnswer(r) !== cli.answer) throw new Error(`${game}: the page says ${searchAnswer(r)}, the CLI ${cli.answer}`);
  console.log(
    `${pad(game, 20)} ${lpad(cli.stats.nodes, 10)} ${lpad(Math.round(cli.stats.search_ms), 8)} ${lpad(r.nodes, 11)} ${lpad(Math.round(ms), 8)} ${lpad(r.steps, 6)}  ${cli.best_move}, ${r.bestMove}`,
  );
}

console.log('\nReplies along a game (both sides play the best move): the kept search, rerooted at each position, beside a fresh one');
console.log(
  `${pad('game', 20)} ${lpad('plies', 6)} ${lpad('kept nodes', 11)} ${lpad('kept ms', 8)} ${lpad('fresh nodes', 12)} ${lpad('fresh ms', 9)} ${lpad('first reply kept/fresh', 24)}`,
);
const { bindGdl } = await import('../../web/src/engine/binding-gdl.js');
const gdl = bindGdl(engine.kit);
for (const game of games) {
  const rules = gdl.openGdl(await readFile(new URL(`tests/gdl/gdl2qbf/${game}.gdl`, root), 'utf8'));
  const total = { kept: 0, keptMs: 0, fresh: 0, freshMs: 0 };
  let first = '';
  let state = rules.initial();
  const kept = rules.search(state, { algo: 'alphabeta' });
  let plies = 0;
  for (; plies < 200; plies++) {
    const turn = rules.turn(state);
    if (turn.terminal) break;
    let t0 = performance.now();
    if (plies) kept.reroot(state);
    while (!kept.step(1e9));
    const k = kept.progress();
    const keptMs = performance.now() - t0;
    t0 = performance.now();
    const fresh = rules.search(state, { algo: 'alphabeta' });
    while (!fresh.step(1e9));
    const f = fresh.progress();
    fresh.dispose();
    const freshMs = performance.now() - t0;
    if (k.lo !== f.lo || k.hi !== f.hi) throw new Error(`${game} ply ${plies}: kept ${k.lo}..${k.hi}, fresh ${f.lo}..${f.hi}`);
    ((total.kept += k.nodes), (total.keptMs += keptMs), (total.fresh += f.nodes), (total.freshMs += freshMs));
    if (plies === 1) first = `${k.nodes} / ${f.nodes}`;
    const i = turn.moves.indexOf(k.pv[0]?.move);
    if (i < 0) throw new Error(`${game} ply ${plies}: the best move ${k.pv[0]?.move} is not legal`);
    state = rules.play(state, i);
  }
  kept.dispose();
  rules.dispose();
  console.log(
    `${pad(game, 20)} ${lpad(plies, 6)} ${lpad(total.kept, 11)} ${lpad(Math.round(total.keptMs), 8)} ${lpad(total.fresh, 12)} ${lpad(Math.round(total.freshMs), 9)} ${lpad(first, 24)}`,
  );
}
