// bench_chess_threads.mjs: where a chess page's time goes besides its worker.
// A fresh page opened on a table's FEN (KQKR by default), RUNS times (3):
// every Chromium thread's CPU time and run-queue wait (schedstat) from
// opening the page to the table shown, summed by thread name. On a two-core
// machine the page's other threads (its main threads, V8's thread pool)
// take the core the native CLI has to itself: the worker's wait for a core
// is the gap between the page's build time and its CPU time
// (bench_chess_page.mjs). KRK's page, whose build is short, is the baseline.
//   node tests/bench/bench_chess_threads.mjs [FEN MATERIAL]
import { chromium } from '@playwright/test';
import { processesUnder, threadsOf } from './proc-cpu.mjs';
import { serveDist } from './serve-dist.mjs';
import { chromiumOptions } from './chromium.mjs';

const fen = process.argv[2] || '3rk3/8/8/8/8/8/8/3QK3 w - - 0 1';
const material = process.argv[3] || 'KQKR';
const RUNS = Math.max(1, Number(process.env.RUNS) || 3);
const threads = () => threadsOf(processesUnder(process.pid));

const { server, url } = await serveDist();
const browser = await chromium.launch(chromiumOptions());
try {
  for (let run = 0; run < RUNS; run++) {
    const before = threads();
    const page = await browser.newPage();
    await page.goto(`${url}?game=chess-endgame&fen=${encodeURIComponent(fen)}`);
    await page.waitForSelector(`[data-testid="chess-app"][data-state="ready"][data-table="${material}"]`, { timeout: 600_000 });
    const build = Number(await page.getByTestId('chess-app').getAttribute('data-build-ms'));
    const by = new Map();
    for (const [tid, t] of threads()) {
      const t0 = before.get(tid) ?? { cpu: 0, wait: 0 };
      const e = by.get(t.name) ?? { cpu: 0, wait: 0 };
      e.cpu += t.cpu - t0.cpu;
      e.wait += t.wait - t0.wait;
      by.set(t.name, e);
    }
    await page.close();
    console.log(`${material} run ${run + 1}: the page's build ${build.toFixed(0)} ms; seconds from open to shown, by thread name:`);
    for (const [name, e] of [...by].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, 6))
      console.log(`  ${name.padEnd(18)} cpu ${e.cpu.toFixed(3)}   waited for a core ${e.wait.toFixed(3)}`);
  }
} finally {
  await browser.close();
  server.close();
}
