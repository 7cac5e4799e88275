// bench_page_retro.mjs: Cat and Mouse's retrograde solve in the page, in
// Debian's Chromium: the first solve after the page opens against
// the warm ones, and the warm ones against the native engine, on the same
// graphs. Each graph gets a fresh page (a fresh worker): open, wait for the
// example's answer, then type the graph and press Solve, RUNS times.
//
//   engine  pp_retro_reset (or _new) and the pp_retro_run slices, in the
//           worker, without the yields between slices: what the native
//           figure (build/bench_retro, engine reused) measures
//   total   the worker's whole request: parsing, the engine, the views'
//           arrays (outcome, remoteness) copied out and, for the graphs
//           played decision by decision, the coarse trace derived
//
// PP_BENCH_DIST=/other/dist benches another build (serve-dist.mjs): run
// a build from before a change and the current one in turn to compare.
//
// Usage: node tests/bench/bench_page_retro.mjs GRAPH.json... (build/bench_retro
// beside it gives the native figure; dist/ must be built).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { workerThreads } from './proc-cpu.mjs';
import { serveDist } from './serve-dist.mjs';
import { chromiumOptions } from './chromium.mjs';

const RUNS = 3; // solves a page: the first after opening, then warm ones
const PAGES = 5; // fresh pages (fresh workers) a graph
/** The largest graphs the page is timed on (its limit: PP_CATMOUSE_MAX_NODES under Emscripten). */
const SIZES = [1000, 2000, 3000, 5000];
const root = fileURLToPath(new URL('../../', import.meta.url));
const sizes = !process.argv.includes('--no-sizes');
const graphs = process.argv.slice(2).filter((a) => a !== '--no-sizes');
if (graphs.length === 0) {
  console.error('usage: bench_page_retro.mjs GRAPH.json...');
  process.exit(2);
}

const { server, url } = await serveDist();

/** The native engine's ms on the same graph (build/bench_retro: reset + run, engine reused), or null. */
function nativeMs(file) {
  const exe = join(root, 'build/bench_retro');
  if (!existsSync(exe)) return null;
  const out = execFileSync(exe, [file, '5'], { encoding: 'utf8' });
  const m = /generic\s+([\d.]+) ms/.exec(out);
  return m ? Number(m[1]) : null;
}

/**
 * The native CLI's CPU time (user + sys) a solve, whole process (parse,
 * seed, solve, fresh memory), from bash's `times` over 5 runs; or null.
 */
function nativeCliCpuMs(file) {
  const cli = join(root, 'build/perfect-play');
  if (!existsSync(cli)) return null;
  const out = execFileSync('bash', ['-c', `for i in 1 2 3 4 5; do "$0" solve cat-mouse - < "$1" > /dev/null; done; times`, cli, file], { encoding: 'utf8' });
  const line = out.trim().split('\n').at(-1); // the children's "user sys"
  const secs = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return secs.length === 2 ? ((secs[0] + secs[1]) * 1000) / 5 : null;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const ratio = (a, b) => `${(a / b).toFixed(2)}x`;

// A server, so the browser's process id is known: the worker's CPU time is
// read from /proc (its thread is named DedicatedWorker), since wall time on
// a machine shared with other jobs says more about them than about us.
const browserServer = await chromium.launchServer(chromiumOptions());
const browser = await chromium.connect(browserServer.wsEndpoint());
/**
 * CPU ms used so far by every Web Worker thread of our browser: user + system
 * (the scheduler's nanosecond count), and system alone (page faults; 10 ms ticks).
 */
function workerCpu() {
  let all = 0;
  let sys = 0;
  for (const t of workerThreads(browserServer.process().pid).values()) {
    all += t.cpu;
    sys += t.sys;
  }
  return { all: Math.round(all * 1e3), sys: Math.round(sys * 1e3) };
}
const workerCpuMs = () => workerCpu().all;
try {
  console.log(`Cat and Mouse in the page (Chromium, production build): first solve after opening vs warm, and native`);
  for (const file of graphs) {
    const text = (await readFile(file, 'utf8')).trim();
    const firsts = [];
    const warm = [];
    const spread = []; // each page's first solve over its own warm ones, in worker CPU time
    for (let p = 0; p < PAGES; p++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(url);
      await page.getByTestId('answer').filter({ hasText: /\w/ }).waitFor();
      const stats = page.getByTestId('stats');
      for (let i = 0; i < RUNS; i++) {
        const before = Number(await stats.getAttribute('data-run'));
        await page.getByLabel('Graph (LeetCode input)').fill(text);
        const cpu0 = workerCpu();
        await page.getByRole('button', { name: 'Solve', exact: true }).click();
        await page.waitForFunction((n) => Number(document.querySelector('[data-testid="stats"]')?.dataset.run) > n, before, { timeout: 120_000 });
        const cpu1 = workerCpu();
        const run = {
          cpu: cpu1.all - cpu0.all,
          sys: cpu1.sys - cpu0.sys,
          engine: Number(await stats.getAttribute('data-solve-ms')),
          total: Number(await stats.getAttribute('data-ms')),
          reused: await stats.getAttribute('data-reused'),
          heap: Number(await stats.getAttribute('data-heap')),
        };
        (i === 0 ? firsts : warm).push(run);
      }
      const mine = warm.slice(-(RUNS - 1)).map((r) => r.cpu);
      spread.push(firsts.at(-1).cpu / Math.max(1, median(mine)));
      await page.close();
    }
    const firstEngine = median(firsts.map((r) => r.engine));
    const firstTotal = median(firsts.map((r) => r.total));
    const warmEngine = median(warm.map((r) => r.engine));
    const warmTotal = median(warm.map((r) => r.total));
    const firstCpu = median(firsts.map((r) => r.cpu));
    const warmCpu = median(warm.map((r) => r.cpu));
    const native = nativeMs(file);
    console.log(`  ${basename(file)} (medians: first solves of ${PAGES} fresh pages, ${warm.length} warm solves)`);
    console.log(
      `    engine: first ${firstEngine} ms, warm ${warmEngine} ms: first/warm ${ratio(firstEngine, warmEngine)} (target <= 1.25x)` +
        (native ? `; native ${native.toFixed(1)} ms: warm WASM/native ${ratio(warmEngine, native)} (target 1.1x)` : '; native: build/bench_retro missing'),
    );
    console.log(
      `    total request (parse, engine, views copied out): first ${firstTotal} ms, warm ${warmTotal} ms: first/warm ${ratio(firstTotal, warmTotal)}`,
    );
    console.log(
      `    worker CPU time (user + sys) a request: first ${firstCpu} ms, warm ${warmCpu} ms: first/warm ${ratio(firstCpu, warmCpu)} (target <= 1.25x); ` +
        `of which sys (page faults of fresh memory): first ${median(firsts.map((r) => r.sys))} ms, warm ${median(warm.map((r) => r.sys))} ms`,
    );
    console.log(`    first/warm worker CPU page by page: ${spread.map((x) => x.toFixed(2) + 'x').join(' ')} (the first against the same page's warm solves)`);
    // The engine's share of the worker's CPU time, by its share of the request's wall time.
    const engineCpu = median(warm.map((r) => (r.cpu * r.engine) / Math.max(1, r.total)));
    const cliCpu = nativeCliCpuMs(file);
    if (cliCpu) {
      console.log(
        `    CPU time: warm WASM engine (parse excluded) about ${engineCpu.toFixed(0)} ms; native CLI whole process (parse, seed, solve) ${cliCpu.toFixed(0)} ms: WASM/native ${ratio(engineCpu, cliCpu)} (target 1.1x)`,
      );
    }
    console.log(
      `    memory: engine reused on warm solves: ${warm.every((r) => r.reused === 'true') ? 'yes' : 'no'}; WASM heap ${(firsts[0].heap / 2 ** 20).toFixed(0)} MiB after the first, ${(warm.at(-1).heap / 2 ** 20).toFixed(0)} MiB after the last`,
    );
  }

  // The page's largest graphs: random, average degree 4 (the preset's), up to
  // the page's limit, from the click on Make to the answer shown: the first
  // solve in a fresh page, then the same graph again.
  if (sizes) console.log('  the largest graphs (random, degree 4, seed 1): a fresh page, click to answer, first solve and the same again');
  for (const n of sizes ? SIZES : []) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(url);
    await page.getByTestId('answer').filter({ hasText: /\w/ }).waitFor();
    const stats = page.getByTestId('stats');
    const form = page.getByTestId('random-graph');
    const runs = [];
    for (let i = 0; i < 2; i++) {
      const before = Number(await stats.getAttribute('data-run'));
      await form.getByLabel('nodes').fill(String(n));
      await form.getByLabel('avg. degree').fill('4');
      await form.getByLabel('seed').fill('1');
      const cpu0 = workerCpuMs();
      const t0 = Date.now();
      await form.getByRole('button', { name: 'Make' }).click();
      await page.waitForFunction((k) => Number(document.querySelector('[data-testid="stats"]')?.dataset.run) > k, before, { timeout: 120_000 });
      runs.push({ wall: Date.now() - t0, worker: Number(await stats.getAttribute('data-ms')), cpu: workerCpuMs() - cpu0 });
    }
    await page.close();
    const [a, b] = runs;
    console.log(
      `    ${String(n).padStart(5)} nodes (${((2 * n * n) / 1e6).toFixed(1)} M states): click to answer ${a.wall} then ${b.wall} ms; ` +
        `worker ${a.worker} then ${b.worker} ms; worker CPU ${a.cpu} then ${b.cpu} ms (first/second ${ratio(a.cpu, b.cpu)})`,
    );
  }
} finally {
  await browser.close();
  await browserServer.close();
  server.close();
}
