// bench_gdl_page.mjs: the "Your game" tab and the state graph in Debian's
// Chromium (production build): tic-tac-toe from its GDL text, keystroke to
// answer (the solve starts after a 300 ms pause in typing), and the state
// graph's cost: the canvas calls of one redraw (the canvas's data-draw-ms)
// after a step, at 100% and with the whole graph in view, and the frame gaps
// while the trace plays at 10,000 events a second; then the same drawing for
// a 4,900-state Cat and Mouse graph.
// Run after `npx vite build`: node tests/bench/bench_gdl_page.mjs
import { chromium } from '@playwright/test';
import { serveDist } from './serve-dist.mjs';
import { chromiumOptions } from './chromium.mjs';

const { server, url } = await serveDist();
const browser = await chromium.launch(chromiumOptions());
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

/** Median canvas time of `n` single steps. */
async function stepDraws(page, n) {
  const out = [];
  await page.getByTestId('to-start').click();
  for (let i = 0; i < n; i++) {
    await page.getByTestId('next-decision').click();
    await page.waitForFunction(() => {
      const c = document.querySelector('[data-testid="state-graph-canvas"]');
      return c && c.dataset.painted === document.querySelector('[data-testid="readout"]').dataset.cursor;
    });
    out.push(Number(await page.getByTestId('state-graph-canvas').getAttribute('data-draw-ms')));
  }
  return out;
}

/** Frame gaps and canvas times over `frames` frames while the player plays at 10,000 events a second. */
async function playFrames(page, frames) {
  await page.getByTestId('to-start').click();
  await page.getByRole('slider', { name: 'Speed' }).evaluate((el) => {
    el.value = String(Math.round(Number(el.max) * 0.8));
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  return page.evaluate(async (count) => {
    const c = document.querySelector('[data-testid="state-graph-canvas"]');
    document.querySelector('[data-testid="play"]').click();
    const gaps = [];
    const draws = [];
    let last = performance.now();
    await new Promise((done) => {
      const tick = (t) => {
        gaps.push(t - last);
        last = t;
        draws.push(Number(c.dataset.drawMs));
        if (gaps.length < count) requestAnimationFrame(tick);
        else done();
      };
      requestAnimationFrame(tick);
    });
    document.querySelector('[data-testid="play"]').click();
    return { gaps, draws };
  }, frames);
}

async function drawing(page, label) {
  await page.getByTestId('state-graph-canvas').scrollIntoViewIfNeeded();
  const at100 = await stepDraws(page, 25);
  const play100 = await playFrames(page, 120);
  await page.getByTestId('state-graph-zoom-fit').click();
  const fit = await stepDraws(page, 25);
  const zoom = await page.getByTestId('state-graph-zoom').textContent();
  console.log(
    `  ${label}: a redraw after a step, median ${median(at100).toFixed(1)} ms at 100%, ${median(fit).toFixed(1)} ms at Fit (${zoom}); ` +
      `playing at 10,000 events/s: frame gap p50 ${median(play100.gaps).toFixed(1)} ms, p95 ${pct(play100.gaps, 0.95).toFixed(1)} ms, ` +
      `redraw p50 ${median(play100.draws).toFixed(1)} ms`,
  );
}

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  await page.goto(`${url}?game=gdl`);
  await page.getByTestId('gdl-answer').waitFor();
  console.log('"Your game" in Chromium (production build)');

  // Keystroke to answer: one space typed at the end of tic-tac-toe's rules.
  const times = [];
  const box = page.getByTestId('gdl-text');
  for (let run = 0; run < 6; run++) {
    await box.focus();
    await page.keyboard.press('Control+End');
    await page.evaluate(() => {
      const status = document.querySelector('[data-testid="gdl-status"]');
      window.__answered = new Promise((done) => {
        let solving = false;
        const watch = new MutationObserver(() => {
          const t = status.textContent;
          if (t.startsWith('Solving')) solving = true;
          else if (solving && t.includes('states')) {
            watch.disconnect();
            done(performance.now());
          }
        });
        watch.observe(status, { childList: true, subtree: true, characterData: true });
      });
    });
    const t0 = await page.evaluate(() => performance.now());
    await page.keyboard.type(' ');
    times.push((await page.evaluate(() => window.__answered)) - t0);
  }
  const status = await page.getByTestId('gdl-status').textContent();
  console.log(
    `  tic-tac-toe, keystroke to answer: first ${times[0].toFixed(0)} ms, then median ${median(times.slice(1)).toFixed(0)} ms ` +
      `(a 300 ms pause, then the worker: ${status.trim()})`,
  );
  await drawing(page, "tic-tac-toe's state graph, 5,478 states, 16,167 moves");

  // Cat and Mouse: a 50-node graph (4,900 states), a path plus random edges.
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const n = 50;
  const adj = Array.from({ length: n }, () => new Set());
  for (let v = 1; v < n; v++) {
    const u = Math.floor(random() * v);
    adj[u].add(v);
    adj[v].add(u);
  }
  for (let k = 0; k < n; k++) {
    const a = Math.floor(random() * n);
    const b = Math.floor(random() * n);
    if (a !== b) {
      adj[a].add(b);
      adj[b].add(a);
    }
  }
  const input = JSON.stringify(adj.map((s) => [...s].sort((a, b) => a - b)));
  await page.goto(`${url}?game=cat-mouse&input=${encodeURIComponent(input)}`);
  await page.getByTestId('state-graph-canvas').waitFor();
  const nodes = await page.getByTestId('state-graph').getAttribute('data-nodes');
  const edges = await page.getByTestId('state-graph').getAttribute('data-edges');
  await drawing(page, `Cat and Mouse, 50 nodes: ${Number(nodes).toLocaleString('en-US')} states, ${Number(edges).toLocaleString('en-US')} moves`);
} finally {
  await browser.close();
  server.close();
}
