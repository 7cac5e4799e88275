// bench_page_retro.mjs: Cat and Mouse's retrograde solve in the page, in
// Debian's Chromium (issue 12): the first solve after the page opens against
// the warm ones, and the warm ones against the native engine, on the same
// graphs. Each graph gets a fresh page (a fresh worker): open, wait for the
// example's answer, then type the graph and press Solve, RUNS times.
//
//   engine  pp_retro_reset (or _new) and the pp_retro_run slices, in the
//           worker, without the yields between slices: what the native
//           figure (build/bench_retro, engine reused) measures
//   total   the worker's whole request: parsing, the engine, the views'
//           arrays (outcome, remoteness, cause) copied out
//
// Usage: node tests/bench/bench_page_retro.mjs GRAPH.json... (build/bench_retro
// beside it gives the native figure; dist/ must be built).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { basename, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const RUNS = 5;
/** The largest graphs the page is timed on (its limit: PP_CATMOUSE_MAX_NODES under Emscripten). */
const SIZES = [1000, 2000, 2500, 3000];
const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = join(root, 'dist');
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.svg': 'image/svg+xml' };
const graphs = process.argv.slice(2);
if (graphs.length === 0) {
  console.error('usage: bench_page_retro.mjs GRAPH.json...');
  process.exit(2);
}

const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  try {
    const body = await readFile(join(dist, path.endsWith('/') ? path + 'index.html' : path));
    res.writeHead(200, { 'content-type': TYPES[extname(path) || '.html'] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const url = `http://127.0.0.1:${server.address().port}/`;

/** The native engine's ms on the same graph (build/bench_retro: reset + run, engine reused), or null. */
function nativeMs(file) {
  const exe = join(root, 'build/bench_retro');
  if (!existsSync(exe)) return null;
  const out = execFileSync(exe, [file, '5'], { encoding: 'utf8' });
  const m = /generic\s+([\d.]+) ms/.exec(out);
  return m ? Number(m[1]) : null;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const ratio = (a, b) => `${(a / b).toFixed(2)}x`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  console.log(`Cat and Mouse in the page (Chromium, production build): first solve after opening vs warm (median of ${RUNS - 1}), and native`);
  for (const file of graphs) {
    const text = (await readFile(file, 'utf8')).trim();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(url);
    await page.getByTestId('answer').filter({ hasText: /\w/ }).waitFor();
    const stats = page.getByTestId('stats');
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const before = Number(await stats.getAttribute('data-run'));
      await page.getByLabel('Graph (LeetCode input)').fill(text);
      await page.getByRole('button', { name: 'Solve', exact: true }).click();
      await page.waitForFunction(
        (n) => Number(document.querySelector('[data-testid="stats"]')?.dataset.run) > n,
        before,
        { timeout: 120_000 },
      );
      runs.push({
        engine: Number(await stats.getAttribute('data-solve-ms')),
        total: Number(await stats.getAttribute('data-ms')),
        reused: await stats.getAttribute('data-reused'),
        heap: Number(await stats.getAttribute('data-heap')),
      });
    }
    await page.close();
    const [first, ...warm] = runs;
    const warmEngine = median(warm.map((r) => r.engine));
    const warmTotal = median(warm.map((r) => r.total));
    const native = nativeMs(file);
    console.log(`  ${basename(file)}`);
    console.log(`    engine: first ${first.engine} ms, warm ${warmEngine} ms: first/warm ${ratio(first.engine, warmEngine)} (target <= 1.25x)` +
      (native ? `; native ${native.toFixed(1)} ms: warm WASM/native ${ratio(warmEngine, native)} (target 1.1x)` : '; native: build/bench_retro missing'));
    console.log(`    total request (parse, engine, views copied out): first ${first.total} ms, warm ${warmTotal} ms: first/warm ${ratio(first.total, warmTotal)}`);
    console.log(`    memory: engine reused on warm solves: ${warm.every((r) => r.reused === 'true') ? 'yes' : 'no'}; WASM heap ${(first.heap / 2 ** 20).toFixed(0)} MiB after the first, ${(warm.at(-1).heap / 2 ** 20).toFixed(0)} MiB after the last`);
  }

  // The page's largest graphs: random, average degree 4 (the preset's), up to
  // the page's limit, from the click on Make to the answer shown, after one
  // warm solve of the same size in the same page.
  console.log('  the largest graphs (random, degree 4): click to answer, the second solve of its size in the page');
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(url);
  await page.getByTestId('answer').filter({ hasText: /\w/ }).waitFor();
  const stats = page.getByTestId('stats');
  const form = page.getByTestId('random-graph');
  for (const n of SIZES) {
    let wall = 0;
    let worker = 0;
    for (let i = 0; i < 2; i++) {
      const before = Number(await stats.getAttribute('data-run'));
      await form.getByLabel('nodes').fill(String(n));
      await form.getByLabel('avg. degree').fill('4');
      const t0 = Date.now();
      await form.getByRole('button', { name: 'Make' }).click();
      await page.waitForFunction(
        (k) => Number(document.querySelector('[data-testid="stats"]')?.dataset.run) > k,
        before,
        { timeout: 120_000 },
      );
      wall = Date.now() - t0;
      worker = Number(await stats.getAttribute('data-ms'));
    }
    console.log(`    ${String(n).padStart(5)} nodes (${(2 * n * n / 1e6).toFixed(1)} M states): click to answer ${wall} ms, worker ${worker} ms`);
  }
  await page.close();
} finally {
  await browser.close();
  server.close();
}
