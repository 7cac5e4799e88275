// bench_chess_page.mjs: chess endgame tables built in Chromium (the page's
// worker and pp-chess WASM, the first build after the page opens, its
// conversions included) beside the native CLI's `tablebase MATERIAL`, run
// alternately, RUNS times each (default 5), each page fresh; medians.
//   1. CPU time (user + sys), which load on the machine inflates least: the
//      native CLI, and the worker's code path in Node's V8 (an older V8 than
//      Chromium's) on a fresh module: its first build.
//   2. Chromium, a fresh page a run: the CPU time of the page's worker
//      thread from open to shown (its module's compile and the build:
//      /proc's per-thread figures, "DedicatedWorker") beside the
//      native CPU time, medians and leasts (the least disturbed run of
//      each); the worker's own clock for the build beside
//      the native wall time, and how long the worker thread waited for a
//      core meanwhile (on a loaded machine, the gap between the two); the
//      CPU time of every Chromium process from opening the page to the
//      table shown (the page's own start-up and drawing too).
// The goal: the page within 1.3x of native. CHESS_BENCH=KRK,KQKR picks the tables;
// CHESS_CHROME_FLAGS adds Chromium flags.
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { processCpu, workerThreads } from './proc-cpu.mjs';
import { serveDist } from './serve-dist.mjs';
import { loadEngine } from '../../web/src/engine/binding.js';
import { chromiumOptions } from './chromium.mjs';

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

/** The worker's code path in Node on a fresh module: CPU seconds of its first build. */
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
  await game(eng, { op: 'build', material }, () => {});
  return cpu() - c0;
}

// CHESS_CHROME_FLAGS: more flags, e.g. '--js-flags=--wasm-enforce-bounds-checks' to compare V8's options
const browser = await chromium.launch(chromiumOptions((process.env.CHESS_CHROME_FLAGS || '').split(' ').filter(Boolean)));
/** CPU seconds of every process under this one (Chromium's, launched by Playwright), by pid. */
const chromiumCpu = () => processCpu(process.pid);
/** Chromium's Web Worker threads (the solver's worker runs on one), by thread id: CPU seconds, and seconds waiting for a core. */
const workerThreadsNow = () => workerThreads(process.pid);
/**
 * A fresh page opened on the table's FEN: the worker's build time (its own
 * clock), its thread's CPU time and run-queue wait from opening to the table
 * shown (the module's compile and the build), and Chromium's CPU over the
 * same span.
 */
async function page(material) {
  const before = chromiumCpu();
  const threadsBefore = workerThreadsNow();
  const p = await browser.newPage();
  try {
    await p.goto(`${url}?game=chess-endgame&fen=${encodeURIComponent(FENS[material])}`);
    const app = p.getByTestId('chess-app');
    await p.waitForSelector(`[data-testid="chess-app"][data-state="ready"][data-table="${material}"]`, { timeout: 600_000 });
    let cpu = 0;
    for (const [pid, c] of chromiumCpu()) cpu += c - (before.get(pid) ?? 0);
    let worker = 0; // the worker's thread: module compile, build
    let wait = 0;
    for (const [tid, t] of workerThreadsNow()) {
      worker += t.cpu - (threadsBefore.get(tid)?.cpu ?? 0);
      wait += t.wait - (threadsBefore.get(tid)?.wait ?? 0);
    }
    return {
      build: Number(await app.getAttribute('data-build-ms')) / 1000,
      cpu,
      worker,
      wait,
    };
  } finally {
    await p.close();
  }
}

const least = (xs) => Math.min(...xs);
const f3 = (x) => x.toFixed(3);

try {
  console.log(`medians of ${RUNS} runs each, native and WASM alternating; seconds`);
  console.log('table   native cpu   Node: first build   build / native cpu');
  for (const m of tables) {
    const n = [];
    const w = [];
    for (let run = 0; run < RUNS; run++) {
      n.push(native(m).cpu);
      w.push(await nodeCpu(m));
    }
    const nc = median(n);
    const wb = median(w);
    console.log(`${m.padEnd(6)}  ${nc.toFixed(3).padStart(10)}   ${wb.toFixed(3).padStart(17)}   ${(wb / nc).toFixed(2).padStart(17)}x`);
  }
  console.log('Chromium, the page (a fresh page a run; native and page alternating):');
  console.log("  cpu:  the native CLI (user + sys) beside the page worker thread's CPU from open to shown (its module's compile");
  console.log('        and the build): medians, and the least of the runs (the least disturbed by other jobs)');
  console.log("  wall: the native CLI beside the page's build (the worker's clock), and how long the worker waited");
  console.log('        for a core (run-queue delay: load on the machine, which the CPU times leave out)');
  for (const m of tables) {
    const n = [];
    const w = [];
    for (let run = 0; run < RUNS; run++) {
      n.push(native(m));
      w.push(await page(m));
    }
    const nc = n.map((x) => x.cpu);
    const wc = w.map((x) => x.worker);
    const nw = median(n.map((x) => x.wall));
    const pw = median(w.map((x) => x.build));
    console.log(
      `${m.padEnd(6)} cpu:  native ${f3(median(nc))} (least ${f3(least(nc))})   worker ${f3(median(wc))} (least ${f3(least(wc))})` +
        `   ratio ${(median(wc) / median(nc)).toFixed(2)}x (leasts ${(least(wc) / least(nc)).toFixed(2)}x)`,
    );
    console.log(
      `       wall: native ${f3(nw)}   page ${f3(pw)}` +
        `   ratio ${(pw / nw).toFixed(2)}x   worker waited ${f3(median(w.map((x) => x.wait)))} s for a core` +
        `   Chromium cpu (open to shown) ${f3(median(w.map((x) => x.cpu)))}`,
    );
  }
} finally {
  await browser.close();
  server.close();
}
