// bench_page.mjs: the page in Debian's Chromium while a big graph solves.
// The solver runs in a worker, so the main thread should keep drawing frames:
// this records every animation frame from the click on "Random, 2000 nodes"
// (8 million states) until the answer is shown, and prints the frame gaps;
// then, on a CPU slowed 5x, the main thread's long tasks while a denser graph
// solves and as its answer lands, and how soon a click on Cancel lands.
import { chromium } from '@playwright/test';
import { serveDist } from './serve-dist.mjs';
import { chromiumOptions, longTaskPage } from './chromium.mjs';

const { server, url } = await serveDist();

const browser = await chromium.launch(chromiumOptions());
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(url);
  await page.getByTestId('answer').filter({ hasText: /\w/ }).waitFor();
  const runs = [];
  for (let run = 0; run < 3; run++) {
    const before = await page.getByTestId('stats').textContent();
    await page.evaluate(() => {
      window.__frames = [];
      const tick = (t) => {
        window.__frames.push(t);
        if (!window.__stop) requestAnimationFrame(tick);
      };
      window.__stop = false;
      requestAnimationFrame(tick);
    });
    const t0 = Date.now();
    await page.getByRole('button', { name: 'Random, 2000 nodes' }).click();
    await page.waitForFunction(
      (old) => {
        const s = document.querySelector('[data-testid="stats"]')?.textContent ?? '';
        return s !== old && /7,996,000 states/.test(s) && !document.querySelector('[data-testid="progress"]');
      },
      before,
      { timeout: 120_000 },
    );
    const wall = Date.now() - t0;
    const frames = await page.evaluate(() => ((window.__stop = true), window.__frames));
    const gaps = frames
      .slice(1)
      .map((t, i) => t - frames[i])
      .sort((a, b) => a - b);
    const stats = await page.getByTestId('stats').textContent();
    runs.push({ wall, stats, frames: gaps.length, p50: gaps[gaps.length >> 1], p95: gaps[Math.floor(gaps.length * 0.95)], max: gaps.at(-1) });
  }
  console.log('page in Chromium (production build): "Random, 2000 nodes" = 7,996,000 states, solved in the worker');
  for (const r of runs) {
    console.log(
      `  click to answer ${String(r.wall).padStart(5)} ms   frames ${String(r.frames).padStart(4)}   ` +
        `frame gap p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(1)} ms   (${r.stats.trim()})`,
    );
  }

  // The main thread while a long solve reports progress, the CPU slowed 5x
  // (a phone): its long tasks (over 50 ms) from the first progress message
  // to the answer, split at the moment the worker's result arrives (the
  // progress block goes), and how long a click on Cancel takes to land.
  const { page: slow, cdp } = await longTaskPage(browser);
  await slow.addInitScript(() => {
    // When the progress last changed: the solve is still running then.
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="progress"]')) window.__lastProgress = performance.now();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-decided'] });
  });
  await slow.goto(url);
  await slow.getByTestId('answer').filter({ hasText: /\w/ }).waitFor();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 5 });
  const form = slow.getByTestId('random-graph');
  const make = async (degree) => {
    await form.getByLabel('nodes').fill('2000');
    await form.getByLabel('avg. degree').fill(String(degree));
    await form.getByRole('button', { name: 'Make' }).click();
    await slow.getByTestId('progress').waitFor();
    return slow.evaluate(() => performance.now());
  };
  const busy = (from, to) =>
    slow.evaluate(
      ([a, b]) => {
        const ls = window.__long.filter(([t]) => t >= a && t < b);
        return { count: ls.length, ms: ls.reduce((s, [, d]) => s + d, 0), max: ls.reduce((m, [, d]) => Math.max(m, d), 0) };
      },
      [from, to],
    );
  const t0 = await make(120);
  await slow.getByTestId('progress').waitFor({ state: 'detached', timeout: 300_000 });
  await slow.getByTestId('stats').filter({ hasText: '7,996,000 states' }).waitFor({ timeout: 300_000 });
  await slow.waitForTimeout(2000);
  const t1 = await slow.evaluate(() => window.__lastProgress);
  const t2 = await slow.evaluate(() => performance.now());
  const during = await busy(t0, t1);
  const after = await busy(t1, t2);
  const c0 = await make(1999); // a complete graph: over a minute of solving, cancelled
  await slow.getByRole('button', { name: 'Cancel' }).click();
  await slow.getByTestId('progress').waitFor({ state: 'detached' });
  const c1 = await slow.evaluate(() => performance.now());
  console.log('the main thread, CPU slowed 5x: 2,000 nodes of degree 120 (7,996,000 states, about a billion relaxations)');
  console.log(
    `  while it solves (${((t1 - t0) / 1000).toFixed(1)} s): ${during.count} long tasks, ${Math.round(during.ms)} ms in all, the longest ${Math.round(during.max)} ms`,
  );
  console.log(
    `  from its last progress to its answer shown: ${after.count} long tasks, ${Math.round(after.ms)} ms in all, the longest ${Math.round(after.max)} ms`,
  );
  console.log(`  a complete graph's solve, from its first progress to Cancel's click landing: ${Math.round(c1 - c0)} ms`);
} finally {
  await browser.close();
  server.close();
}
