// bench_chess_page.mjs: chess endgame tables built in Chromium (the page's
// worker and pp-chess WASM, the first build after the page opens, its
// conversions included) beside the native CLI's `tablebase MATERIAL`, run
// alternately, RUNS times each (default 5), each page fresh; medians.
//   1. CPU time (user + sys), which load on the machine inflates least: the
//      native CLI, and the worker's code path in Node's V8 (the same engine
//      as Chromium's) on a fresh module: its warm-up (a KQK build, then a
//      pause for V8's background compiler) and the first build after it.
//   2. Chromium: the worker's own time for the build (data-build-ms) beside
//      the native wall time; the CPU time of the page's worker thread (its
//      module's compile, the warm-up and the build: /proc's per-thread
//      figures, "DedicatedWorker") beside the native CPU time; and the CPU
//      time of every Chromium process from opening the page to the table
//      shown (the page's own start-up and drawing too).
// The goal: within 1.3x of native. CHESS_BENCH=KRK,KQKR picks the tables;
// CHESS_CHROME_FLAGS adds Chromium flags.
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { processCpu, workerThreads } from './proc-cpu.mjs';
import { serveDist } from './serve-dist.mjs';
import { loadEngine } from '../../web/src/engine/binding.js';

const cli = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));
const FENS = { KRK: '8/8/8/4k3/8/8/8/R3K3 w - - 0 1', KQKR: '3rk3/8/8/8/8/8/8/3QK3 w - - 0 1', KPK: '8/8/8/4k3/8/8/3P4/3K4 w - - 0 1' };
const tables = (process.env.CHESS_BENCH || 'KRK,KQKR').split(',').filter((m) => FENS[m]);
const RUNS = Math.max(1, Number(process.env.RUNS) || 5);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const { server, url } = await serveDist();

/** The native build: wall seconds as the CLI reports them, and CPU seconds (user + sys) from bash's time. */
function native(material) {
  const r = spawnSync('bash', ['-c', `TIMEFORMAT='%U %S'; time "${cli}" tablebase ${material} --json`], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`native ${material}: ${r.stderr}`);
  const [user, sys] = r.stderr.trim().split(/\s+/).slice(-2).map(Number);
  return { wall: JSON.parse(r.stdout).seconds, cpu: user + sys };
}

/** The worker's code path in Node on a fresh module: CPU seconds of the warm-up and of the first build. */
async function nodeCpu(material) {
  const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
  const stamp = Date.now() + Math.random(); // a fresh module: a new instance of the ES module
  const { default: create } = await import(`${new URL('pp-chess.mjs', wasmDir)}?${stamp}`);
  const eng = await loadEngine({ create, wasmBinary: await readFile(new URL('pp-chess.wasm', wasmDir)) });
  const { CHESS_WORKER_GAMES: games } = await import(`${new URL('../../web/src/engine/chess-games.js', import.meta.url)}?${stamp}`);
  const game = games['chess-endgame'];
  const cpu = () => {
    const c = process.cpuUsage();
    return (c.user + c.system) / 1e6;
  };
  const c0 = cpu();
  await game(eng, { op: 'probe', fen: '8/8/8/3k4/8/8/8/K7 w - - 0 1' }, () => {}); // bare kings: the warm-up alone
  const c1 = cpu();
  await game(eng, { op: 'build', material }, () => {});
  return { warm: c1 - c0, build: cpu() - c1 };
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    // CHESS_CHROME_FLAGS: more flags, e.g. '--js-flags=--wasm-enforce-bounds-checks' to compare V8's options
    ...(process.env.CHESS_CHROME_FLAGS || '').split(' ').filter(Boolean)],
});
/** CPU seconds of every process under this one (Chromium's, launched by Playwright), by pid. */
const chromiumCpu = () => processCpu(process.pid);
/** CPU seconds of Chromium's Web Worker threads (the solver's worker runs on one), by thread id. */
function workerThreadsCpu() {
  const out = new Map();
  for (const [tid, t] of workerThreads(process.pid)) out.set(tid, t.cpu);
  return out;
}
/** A fresh page opened on the table's FEN: the worker's build and warm-up times, and Chromium's CPU from open to shown. */
async function page(material) {
  const before = chromiumCpu();
  const threadsBefore = workerThreadsCpu();
  const p = await browser.newPage();
  try {
    await p.goto(`${url}?game=chess-endgame&fen=${encodeURIComponent(FENS[material])}`);
    const app = p.getByTestId('chess-app');
    await p.waitForSelector(`[data-testid="chess-app"][data-state="ready"][data-table="${material}"]`, { timeout: 600_000 });
    let cpu = 0;
    for (const [pid, c] of chromiumCpu()) cpu += c - (before.get(pid) ?? 0);
    let worker = 0; // the worker's thread: module compile, warm-up, build
    for (const [tid, c] of workerThreadsCpu()) worker += c - (threadsBefore.get(tid) ?? 0);
    return { build: Number(await app.getAttribute('data-build-ms')) / 1000, warm: Number(await app.getAttribute('data-warm-up-ms')) / 1000, cpu, worker };
  } finally {
    await p.close();
  }
}

try {
  console.log(`medians of ${RUNS} runs each, native and WASM alternating; seconds`);
  console.log('table   native cpu   Node: warm-up   first build   build / native cpu');
  for (const m of tables) {
    const n = [];
    const w = [];
    for (let run = 0; run < RUNS; run++) {
      n.push(native(m).cpu);
      w.push(await nodeCpu(m));
    }
    const nc = median(n);
    const wb = median(w.map((x) => x.build));
    console.log(`${m.padEnd(6)}  ${nc.toFixed(3).padStart(10)}   ${median(w.map((x) => x.warm)).toFixed(3).padStart(13)}   ${wb.toFixed(3).padStart(11)}   ${(wb / nc).toFixed(2).padStart(17)}x`);
  }
  console.log('table   native wall   Chromium build   warm-up   build / native wall   native cpu   worker thread cpu   ratio   Chromium cpu (open to shown)');
  for (const m of tables) {
    const n = [];
    const w = [];
    for (let run = 0; run < RUNS; run++) {
      n.push(native(m));
      w.push(await page(m));
    }
    const nw = median(n.map((x) => x.wall));
    const nc = median(n.map((x) => x.cpu));
    const b = median(w.map((x) => x.build));
    const c = median(w.map((x) => x.cpu));
    const t = median(w.map((x) => x.worker));
    console.log(
      `${m.padEnd(6)}  ${nw.toFixed(3).padStart(11)}   ${b.toFixed(3).padStart(14)}   ${median(w.map((x) => x.warm)).toFixed(3).padStart(7)}   ${(b / nw).toFixed(2).padStart(18)}x` +
        `   ${nc.toFixed(3).padStart(10)}   ${t.toFixed(3).padStart(17)}   ${(t / nc).toFixed(2).padStart(4)}x   ${c.toFixed(3).padStart(28)}`,
    );
  }
} finally {
  await browser.close();
  server.close();
}
