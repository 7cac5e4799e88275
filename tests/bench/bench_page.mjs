// bench_page.mjs: the page in Debian's Chromium while a big graph solves.
// The solver runs in a worker, so the main thread should keep drawing frames:
// this records every animation frame from the click on "Random, 2000 nodes"
// (8 million states) until the answer is shown, and prints the frame gaps.
import { chromium } from '@playwright/test';
import { serveDist } from './serve-dist.mjs';
import { chromiumOptions } from './chromium.mjs';


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
    const gaps = frames.slice(1).map((t, i) => t - frames[i]).sort((a, b) => a - b);
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
} finally {
  await browser.close();
  server.close();
}
