// bench_chess_page.mjs: chess endgame tables built in Chromium (the page's
// worker and pp-chess WASM, the first build after the page opens, its
// conversions included) beside the native CLI's `tablebase MATERIAL`, run
// alternately in one run on one machine. Prints first CPU time (user + sys)
// of the native build and of the page's WASM module in Node's V8 (the same
// engine as Chromium's), and the ratio (the goal:
// within 1.3x), then the same in wall time through Chromium (noisy on a busy
// machine). CHESS_BENCH=KRK,KQKR picks the tables (default both).
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { serveDist } from './serve-dist.mjs';
import { loadEngine } from '../../web/src/engine/binding.js';
import { bindChess } from '../../web/src/engine/binding-chess.js';

const cli = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));
const FENS = { KRK: '8/8/8/4k3/8/8/8/R3K3 w - - 0 1', KQKR: '3rk3/8/8/8/8/8/8/3QK3 w - - 0 1', KPK: '8/8/8/4k3/8/8/3P4/3K4 w - - 0 1' };
const tables = (process.env.CHESS_BENCH || 'KRK,KQKR').split(',').filter((m) => FENS[m]);

const { server, url } = await serveDist();

/** The native build: wall seconds as the CLI reports them, and CPU seconds (user + sys) from bash's time. */
function native(material) {
  const r = spawnSync('bash', ['-c', `TIMEFORMAT='%U %S'; time "${cli}" tablebase ${material} --json`], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`native ${material}: ${r.stderr}`);
  const [user, sys] = r.stderr.trim().split(/\s+/).slice(-2).map(Number);
  return { wall: JSON.parse(r.stdout).seconds, cpu: user + sys };
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
/** The page's build: a fresh page opened on the table's FEN; the worker's own time for the build (data-build-ms). */
async function page(material) {
  const p = await browser.newPage();
  try {
    await p.goto(`${url}?game=chess-endgame&fen=${encodeURIComponent(FENS[material])}`);
    const app = p.getByTestId('chess-app');
    await p.waitForSelector(`[data-testid="chess-app"][data-state="ready"][data-table="${material}"]`, { timeout: 600_000 });
    return Number(await app.getAttribute('data-build-ms')) / 1000;
  } finally {
    await p.close();
  }
}

/** The same build in Node's V8 on the page's module, fresh each time: CPU seconds (user + sys), which load on the machine does not inflate. */
async function nodeCpu(material) {
  const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
  const { default: create } = await import(new URL('pp-chess.mjs', wasmDir));
  const eng = await loadEngine({ create, wasmBinary: await readFile(new URL('pp-chess.wasm', wasmDir)) });
  const c0 = process.cpuUsage();
  bindChess(eng.kit).buildTable(material, { budget: 1 << 18 });
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1e6;
}

try {
  for (const m of tables) {
    const n = native(m);
    const w = await nodeCpu(m);
    console.log(`${m}: CPU time, native CLI ${n.cpu.toFixed(3)} s, the page's WASM in Node (slices, per-ply counts, first build) ${w.toFixed(3)} s: ${(w / n.cpu).toFixed(2)}x`);
  }
  console.log('table   native wall   native cpu   Chromium (first build)   Chromium / native wall');
  for (const m of tables) {
    for (let run = 0; run < 2; run++) {
      const n = native(m);
      const w = await page(m);
      console.log(`${m.padEnd(6)}  ${n.wall.toFixed(3).padStart(9)} s  ${n.cpu.toFixed(3).padStart(8)} s  ${w.toFixed(3).padStart(14)} s  ${(w / n.wall).toFixed(2).padStart(18)}x`);
    }
  }
} finally {
  await browser.close();
  server.close();
}
