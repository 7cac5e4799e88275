// bench_player.mjs: the player in Debian's Chromium, playing at 100,000
// events per second. Records every animation frame while it plays and
// prints the frame gaps, for a coarse trace (the 200-node complete graph)
// and a fine one (the 60-node complete graph, every event).
// Run after `npx vite build`: node tests/bench/bench_player.mjs
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { serveDist } from './serve-dist.mjs';
import { chromiumOptions } from './chromium.mjs';

const { server, url } = await serveDist();

const browser = await chromium.launch(chromiumOptions());

async function metrics(cdp) {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

async function play(page, label) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.keyboard.press('Home');
  await page.evaluate(() => {
    window.__frames = [];
    window.__stop = false;
    const tick = (t) => {
      window.__frames.push(t);
      if (!window.__stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const m0 = await metrics(cdp);
  const t0 = Date.now();
  await page.getByTestId('play').click();
  await page.waitForFunction(
    () => {
      const r = document.querySelector('[data-testid="readout"]');
      return r && r.dataset.cursor === r.dataset.count;
    },
    null,
    { timeout: 120_000 },
  );
  const wall = Date.now() - t0;
  const m1 = await metrics(cdp);
  const busy = (name) => (1000 * (m1[name] - m0[name])) / Math.max(1, wall / 16.7);
  const frames = await page.evaluate(() => ((window.__stop = true), window.__frames));
  const gaps = frames
    .slice(1)
    .map((t, i) => t - frames[i])
    .sort((a, b) => a - b);
  const count = await page.getByTestId('readout').getAttribute('data-count');
  console.log(
    `  ${label}: ${Number(count).toLocaleString('en-US')} events in ${wall} ms, ${gaps.length} frames; ` +
      `frame gap p50 ${gaps[gaps.length >> 1].toFixed(1)} ms, p95 ${gaps[Math.floor(gaps.length * 0.95)].toFixed(1)} ms, max ${gaps.at(-1).toFixed(1)} ms; ` +
      `main-thread work per frame: script ${busy('ScriptDuration').toFixed(1)} ms, all tasks ${busy('TaskDuration').toFixed(1)} ms`,
  );
}

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  await page.goto(url);
  await page.getByTestId('answer').filter({ hasText: /\w/ }).waitFor();
  const speed = page.getByRole('slider', { name: 'Speed' });
  await speed.focus();
  await page.keyboard.press('End'); // 100,000 events per second
  console.log(`player in Chromium at ${await page.getByTestId('speed').textContent()}`);
  for (const [button, label, n] of [['Complete, 200 nodes', 'complete graph, 200 nodes (coarse trace)', 200]]) {
    await page.getByRole('button', { name: button }).click();
    await page.waitForFunction(
      (k) => document.querySelector('[data-testid="stats"]')?.textContent.includes(`${(2 * k * (k - 1)).toLocaleString('en-US')} states`),
      n,
      { timeout: 60_000 },
    );
    await play(page, label);
  }
  await page.getByLabel('Graph (LeetCode input)').fill(
    `graph = [${Array.from(
      { length: 60 },
      (_, i) =>
        `[${Array.from({ length: 60 }, (_, j) => j)
          .filter((j) => j !== i)
          .join(',')}]`,
    ).join(',')}]`,
  );
  await page.getByRole('button', { name: 'Solve' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="stats"]')?.textContent.includes('7,080 states'), null, { timeout: 60_000 });
  await play(page, 'complete graph, 60 nodes (fine trace)');
} finally {
  await browser.close();
  server.close();
}
