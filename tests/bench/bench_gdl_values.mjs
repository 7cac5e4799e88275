// bench_gdl_values.mjs: a game's security values (c/gdl/gdl_value.c), linear
// programs a second natively against the page. The game: matching pennies
// nine times, every choice remembered (tests/gdl/games/pennies-nine.kif,
// 349,525 states, 131,072 linear programs of 2 x 2). For it:
//   native  `perfect-play solve gdl FILE --json`: its solve milliseconds
//           (the order and the matrix games; stats.solve_ms) and counts
//   node    the worker's code path (gdl-games.js: pp_gdl_values_step in
//           steps of about 15 ms) on the page's pp-gdl module in Node
//   page    Debian's Chromium, production build, a fresh page: the rules
//           pasted into "Your game", the answer's own clock (data-solve-ms)
// Each the median of three runs (also in ./build.sh bench-gdl).
//   node tests/bench/bench_gdl_values.mjs   (after ./build.sh build)
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { loadEngine } from '../../web/src/engine/binding.js';
import { GDL_WORKER_GAMES } from '../../web/src/engine/gdl-games.js';
import { serveDist } from './serve-dist.mjs';
import { chromiumOptions } from './chromium.mjs';

const root = new URL('../../', import.meta.url);
const cli = fileURLToPath(new URL('build/perfect-play', root));
const file = fileURLToPath(new URL('tests/gdl/games/pennies-nine.kif', root));
const RUNS = 3;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rate = (n, ms) => Math.round((n * 1000) / ms).toLocaleString('en-US');

function native() {
  const r = spawnSync(cli, ['solve', 'gdl', file, '--json'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`native: ${r.stderr}`);
  const j = JSON.parse(r.stdout);
  return { lps: j.stats.linear_programs, enumerateMs: j.stats.enumerate_ms, solveMs: j.stats.solve_ms };
}

const text = await readFile(file, 'utf8');
const wasmDir = new URL('web/src/engine/wasm/', root);
const { default: create } = await import(new URL('pp-gdl.mjs', wasmDir));
const eng = await loadEngine({ create, wasmBinary: await readFile(new URL('pp-gdl.wasm', wasmDir)) });
async function node() {
  const r = await GDL_WORKER_GAMES.gdl(eng, { input: text, algo: 'auto' });
  return { lps: r.stats.linearPrograms, enumerateMs: r.stats.enumerateMs, solveMs: r.stats.solveMs };
}

const { server, url } = await serveDist();
const browser = await chromium.launch(chromiumOptions());
async function page() {
  const p = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await p.goto(`${url}?game=gdl`);
    await p.waitForFunction(() => Number(document.querySelector('[data-testid="gdl-answer"]')?.dataset.run) > 0, null, { timeout: 60_000 });
    await p.getByTestId('gdl-text').fill(text);
    const by = p.locator('[data-testid="gdl-answered-by"][data-linear-programs]');
    await by.waitFor({ timeout: 600_000 });
    return {
      lps: Number(await by.getAttribute('data-linear-programs')),
      enumerateMs: Number(await by.getAttribute('data-enumerate-ms')),
      solveMs: Number(await by.getAttribute('data-solve-ms')),
    };
  } finally {
    await p.close();
  }
}

try {
  console.log('Security values of pennies nine times: linear programs a second, native against the page (median of 3)');
  for (const [name, run] of [
    ['native CLI', native],
    ['WASM in Node', node],
    ['the page', page],
  ]) {
    const rs = [];
    for (let i = 0; i < RUNS; i++) rs.push(await run());
    const solve = median(rs.map((r) => r.solveMs));
    const enumerate = median(rs.map((r) => r.enumerateMs));
    console.log(
      `  ${name}: ${rs[0].lps.toLocaleString('en-US')} linear programs; solve ${solve.toFixed(0)} ms (${rate(rs[0].lps, solve)} linear programs a second), enumerate ${enumerate.toFixed(0)} ms`,
    );
  }
} finally {
  await browser.close();
  server.close();
}
