// bench_state_graph.mjs: the state graph's points renderer (web/src/lib/
// draw-points.js) in Debian's Chromium, on synthetic layered graphs of
// 10^4, 10^5 and 10^6 states (tests/bench/synthetic-graph.js: a generated
// graph and its retrograde trace, no game's rules), with each renderer:
// WebGL (our shader; here software, SwiftShader, as Chromium runs headless
// with --disable-gpu) and the canvas of pixels. For each:
//   layout      layers by remoteness and the barycentre layout (state-graph.js)
//   first       time to the first picture once laid out: the codes read
//               from the model, the points sent, one draw (gl.finish())
//   frame       while the wave plays: the work of one frame (the player
//               moves 1/300 of the trace, the codes follow, the changed
//               ranks are sent, one draw), median and 95th percentile, the
//               frames a second that work allows, and the interval between
//               frames (requestAnimationFrame) the page actually got
//   panning     a new view every frame (every shown point drawn again):
//               the draw's time and the frame interval
//   memory      JS heap after the layout (performance.memory), and the
//               points' own buffers (9 bytes a point)
// And at 10^5 and 10^6 states, the layout built on the main thread against
// the layout worker's (engine/layout-worker.js, as the page builds it): the
// time from the request to the first picture and the main thread's longest
// task meanwhile.
// The whole graph is in view (fit to a 1200 x 640 canvas): every point drawn.
// Then the page itself (dist/): connect-3 on 4x4 in "Your game" (41,750
// states, its whole trace), played at 100,000 events a second with the
// renderer the page picks: the frame interval and the drawing's own time.
// Run after `./build.sh build`:
//   node tests/bench/bench_state_graph.mjs [sizes...]
// (LAYOUT_ONLY=1: only the main thread against the layout worker.)
import { readFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { serveDist, servePage } from './serve-dist.mjs';
import { chromiumOptions } from './chromium.mjs';

const SIZES = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const LAYOUT_ONLY = process.env.LAYOUT_ONLY === '1';
const sizes = SIZES.length ? SIZES : [10_000, 100_000, 1_000_000];

const PAGE = `<!doctype html><meta charset="utf-8"><title>state graph bench</title>
<body style="margin:0"><canvas id="c" style="width:1200px;height:640px"></canvas>
<script type="module">
import { syntheticGame } from '/tests/bench/synthetic-graph.js';
import { bfsDepth, layersOf, layoutStateGraph } from '/web/src/lib/state-graph.js';
import { createPointColors, createPointRenderer, rankPositions } from '/web/src/lib/draw-points.js';
import { createGraphRetroModel } from '/web/src/player/retro-model.js';
import { createPlayer } from '/web/src/player/player.js';
const PALETTE = { undecided: [251, 252, 254, 255], win0: [43, 108, 176, 255], win1: [192, 86, 33, 255], invalid: [136, 136, 136, 255], draw: [223, 228, 235, 255], accent: [31, 86, 196, 255], edge: [90, 100, 115, 255] };
const frame = () => new Promise((r) => requestAnimationFrame(r));
/** A fresh 1200 x 640 canvas, and a synthetic game of n states: its graph, state graph and player model. */
function prepare(n) {
  const canvas = document.getElementById('c');
  const fresh = canvas.cloneNode();
  canvas.replaceWith(fresh);
  fresh.width = 1200;
  fresh.height = 640;
  const g = syntheticGame(n);
  const state = new Int32Array(n);
  for (let i = 0; i < n; i++) state[i] = i;
  const sg = { count: n, state, node: (s) => s, offsets: g.offsets, targets: g.targets, start: g.start };
  const degree = new Int32Array(n);
  for (let s = 0; s < n; s++) degree[s] = g.offsets[s + 1] - g.offsets[s];
  const model = createGraphRetroModel({ nstates: n, degree, nameOf: String, words: {} }, g.trace);
  return { fresh, g, state, sg, model };
}
window.run = async (n, prefer, frames) => {
  const { fresh, g, state, sg, model } = prepare(n);
  const player = createPlayer(model);
  await frame();
  let t = performance.now();
  const layout = layoutStateGraph(sg, layersOf(sg, 'remoteness', { depth: bfsDepth(sg), final: { values: g.outcome, remoteness: g.remoteness } }));
  const layoutMs = performance.now() - t;
  const heap = performance.memory ? performance.memory.usedJSHeapSize : 0;
  const scale = 1200 / layout.width;
  const view = { left: 0, top: 0, width: 1200, height: 640, scale, dpr: 1 };
  t = performance.now();
  const r = createPointRenderer(fresh, { prefer });
  const colors = createPointColors(sg, layout);
  colors.sync(model, player.cursor, false);
  r.setPoints(rankPositions(layout), colors.codes);
  r.draw(layout, view, PALETTE);
  const gl = r.kind === 'webgl' ? fresh.getContext('webgl') : null;
  if (gl) gl.finish();
  const firstMs = performance.now() - t;
  await frame();
  const step = Math.ceil(model.count / 300);
  const work = [];
  const gaps = [];
  let sent = 0;
  let last = performance.now();
  for (let f = 0; f < frames; f++) {
    const now = await frame();
    gaps.push(now - last);
    last = now;
    const t0 = performance.now();
    player.advance(step);
    const ch = colors.sync(model, player.cursor, player.cursor === model.count);
    sent += r.upload(colors.codes, ch.from, ch.to, ch.ranks);
    r.draw(layout, view, PALETTE);
    if (gl) gl.finish();
    work.push(performance.now() - t0);
  }
  // Panning: every frame a new view (one pixel further), so every point is drawn again.
  const pan = [];
  const panGaps = [];
  last = await frame();
  for (let f = 0; f < 20; f++) {
    const t0 = performance.now();
    r.draw(layout, { ...view, left: f + 1 }, PALETTE);
    if (gl) gl.finish();
    pan.push(performance.now() - t0);
    const now = await frame();
    panGaps.push(now - last);
    last = now;
  }
  const sorted = (xs) => [...xs].sort((a, b) => a - b);
  const med = (xs) => sorted(xs)[xs.length >> 1];
  const p95 = (xs) => sorted(xs)[Math.floor(xs.length * 0.95)];
  r.destroy();
  return { kind: r.kind, events: model.count, step, layoutMs, firstMs, workMed: med(work), workP95: p95(work), gapMed: med(gaps.slice(1)), panMed: med(pan), panGap: med(panGaps), sentPerFrame: sent / frames, heapMB: heap / 2 ** 20, bufferMB: (n * 9) / 2 ** 20 };
};
// Laying out, then the first picture, on the main thread (as the page did) or in the layout
// worker (engine/layout-worker.js, as the page does): the time from the request to the
// first picture, and the main thread's longest task meanwhile (PerformanceObserver
// 'longtask': tasks over 50 ms; 0 when none was).
window.laidOut = async (n, prefer, where) => {
  const { fresh, g, state, sg, model } = prepare(n);
  const final = { values: g.outcome, remoteness: g.remoteness };
  await frame();
  await frame();
  const tasks = [];
  const seen = new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => e.duration)));
  seen.observe({ type: 'longtask' });
  const t0 = performance.now();
  let layout;
  let workerMs = 0;
  if (where === 'main') {
    layout = layoutStateGraph(sg, layersOf(sg, 'remoteness', { depth: bfsDepth(sg), final }));
  } else {
    const w = new Worker('/web/src/engine/layout-worker.js', { type: 'module' });
    const answer = await new Promise((done) => {
      w.onmessage = (e) => done(e.data.answer);
      w.postMessage({ id: 1, job: { graph: { kind: 'csr', count: n, state, offsets: g.offsets, targets: g.targets, start: g.start }, by: 'remoteness', final } });
    });
    w.terminate();
    layout = answer.layout;
    workerMs = answer.ms;
  }
  const t1 = performance.now();
  const r = createPointRenderer(fresh, { prefer });
  const colors = createPointColors(sg, layout);
  colors.sync(model, model.count, true);
  r.setPoints(layout.pos ?? rankPositions(layout), colors.codes);
  r.draw(layout, { left: 0, top: 0, width: 1200, height: 640, scale: 1200 / layout.width, dpr: 1 }, PALETTE);
  if (r.kind === 'webgl') fresh.getContext('webgl').finish();
  const t2 = performance.now();
  await frame();
  await new Promise((done) => setTimeout(done, 100)); // the observer's last entries
  seen.disconnect();
  r.destroy();
  return { kind: r.kind, where, toFirstMs: t2 - t0, layoutMs: t1 - t0, workerMs, drawMs: t2 - t1, longestMs: Math.max(0, ...tasks), longTasks: tasks.length };
};
window.ready = true;
</script>`;

const { server, url } = await servePage(PAGE, ['web/src', 'tests/bench']);
const browser = await chromium.launch(chromiumOptions(['--enable-precise-memory-info']));
const rows = [];
const laid = [];
try {
  for (const n of sizes.filter((n) => n >= 100_000)) {
    for (const where of ['main', 'worker']) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
      await page.goto(url);
      await page.waitForFunction(() => window.ready === true);
      laid.push({ n, ...(await page.evaluate(([n, where]) => window.laidOut(n, 'canvas', where), [n, where])) });
      await page.close();
    }
  }
  for (const prefer of LAYOUT_ONLY ? [] : ['webgl', 'canvas']) {
    for (const n of sizes) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
      await page.goto(url);
      await page.waitForFunction(() => window.ready === true);
      const gl = await page.evaluate(() => {
        const c = document.createElement('canvas').getContext('webgl');
        const info = c && c.getExtension('WEBGL_debug_renderer_info');
        return info ? c.getParameter(info.UNMASKED_RENDERER_WEBGL) : 'none';
      });
      const r = await page.evaluate(([n, prefer]) => window.run(n, prefer, 90), [n, prefer]);
      rows.push({ n, ...r, gl });
      await page.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
/** connect-3 on 4x4 in the page, played at 100,000 events a second: the frame interval and the drawing's own time. */
async function playedInPage(browser2, page0) {
  const page = await browser2.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${page0}?game=gdl`);
  await page.getByTestId('gdl-answer').waitFor();
  await page.getByTestId('gdl-example').selectOption('connect3');
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="state-graph"]')?.dataset.nodes === '41750' &&
      document.querySelector('[data-testid="state-graph"]')?.dataset.drawn === 'true',
    null,
    { timeout: 60_000 },
  );
  await page.getByTestId('state-graph').scrollIntoViewIfNeeded();
  await page.getByTestId('to-start').click();
  await page.getByRole('slider', { name: 'Speed' }).evaluate((el) => {
    el.value = el.max;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  return page.evaluate(async () => {
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
        if (gaps.length < 180) requestAnimationFrame(tick);
        else done();
      };
      requestAnimationFrame(tick);
    });
    const s = (xs) => [...xs].sort((a, b) => a - b);
    return {
      renderer: c.dataset.renderer,
      gap: s(gaps.slice(1))[gaps.length >> 1],
      gap95: s(gaps.slice(1))[Math.floor(gaps.length * 0.95)],
      draw: s(draws)[draws.length >> 1],
    };
  });
}

/** A ring of n nodes with chords (i to i +- 1 and i +- 3), as races.spec.js's big link. */
function chordRing(n) {
  return JSON.stringify(Array.from({ length: n }, (_, i) => [...new Set([1, -1, 3, -3].map((d) => (i + d + n) % n))].sort((a, b) => a - b)));
}

/**
 * In the page: from now on, the main thread's long tasks, and when the
 * answer (`text` in the element of test id `stats`) and the points of
 * `nodes` states first show, checked every 5 ms while the main thread is free.
 */
function watchPoints({ stats, text, nodes }) {
  window.ppTasks = [];
  new PerformanceObserver((list) => window.ppTasks.push(...list.getEntries().map((e) => [e.startTime, e.duration]))).observe({ type: 'longtask' });
  window.ppSeen = { start: performance.now() };
  const look = () => {
    const now = performance.now();
    if (!window.ppSeen.answer && (document.querySelector(`[data-testid="${stats}"]`)?.textContent ?? '').includes(text)) window.ppSeen.answer = now;
    const c = document.querySelector('[data-testid="state-graph-canvas"]');
    if (!window.ppSeen.drawn && c?.dataset.painted && document.querySelector('[data-testid="state-graph"]')?.dataset.nodes === String(nodes))
      window.ppSeen.drawn = now;
    if (!window.ppSeen.drawn) setTimeout(look, 5);
  };
  setTimeout(look, 5);
}

/** What watchPoints saw, once the points are drawn: times from its start (ms), the longest tasks, the JS heap. */
async function watched(page) {
  await page.waitForFunction(() => window.ppSeen.drawn, null, { timeout: 180_000, polling: 100 });
  await page.waitForTimeout(200);
  return page.evaluate(() => {
    const { start, answer, drawn } = window.ppSeen;
    const after = window.ppTasks.filter(([t, d]) => t + d > answer);
    return {
      answer: answer - start,
      drawn: drawn - start,
      longest: Math.max(0, ...window.ppTasks.map(([, d]) => d)),
      longestAfter: Math.max(0, ...after.map(([, d]) => d)),
      tasksAfter: after.length,
      heapMB: performance.memory ? performance.memory.usedJSHeapSize / 2 ** 20 : 0,
    };
  });
}

/**
 * Cat and Mouse in the page: a link to a 600-node ring with chords (718,800
 * states), from opening the link to its answer and to its points drawn; the
 * main thread's longest task over that time and after the answer, and the
 * JS heap once drawn. PP_BENCH_DIST serves a build from before the layout
 * worker beside this one.
 */
async function catMouseInPage(browser2, page0) {
  const page = await browser2.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(watchPoints, { stats: 'stats', text: '718,800 states', nodes: 718800 });
  await page.goto(`${page0}?game=cat-mouse&input=${chordRing(600)}`);
  const row = await watched(page);
  await page.close();
  return row;
}

/**
 * Dots and Boxes 2x3 in "Your game", enumerated (211,397 states, as many points): from
 * the rules pasted to the answer and to the points drawn, the main thread's
 * longest task over that time and after the answer.
 */
async function dotsInPage(browser2, page0) {
  const rules = await readFile(new URL('../gdl/gdl2qbf/dots-and-boxes-2x3.gdl', import.meta.url), 'utf8');
  const page = await browser2.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${page0}?game=gdl`);
  await page.waitForFunction(() => document.querySelector('[data-testid="gdl-answer"]')?.dataset.answer === 'draw', null, { timeout: 60_000 });
  // Enumerated (Auto would answer a game this big by a search, with no graph); a build without the choice has none to make.
  if (await page.getByTestId('gdl-algo').count()) {
    await page.getByTestId('gdl-algo').selectOption('enumerate');
    await page.waitForFunction(() => document.querySelector('[data-testid="gdl-answer"]')?.dataset.by === 'enumeration', null, { timeout: 60_000 });
  }
  await page.evaluate(watchPoints, { stats: 'gdl-status', text: '211,397 states', nodes: 211397 });
  await page.getByTestId('gdl-text').fill(rules);
  const row = await watched(page);
  await page.close();
  return row;
}

// The page: connect-3 on 4x4 played at full speed; Cat and Mouse's big link; Dots and Boxes 2x3.
const { server: dist, url: page0 } = await serveDist();
const browser2 = await chromium.launch(chromiumOptions(['--enable-precise-memory-info']));
let pageRow = null;
let cmRow = null;
let dotsRow = null;
try {
  if (!LAYOUT_ONLY) pageRow = await playedInPage(browser2, page0);
  if (!LAYOUT_ONLY || process.env.CM_PAGE === '1') cmRow = await catMouseInPage(browser2, page0);
  if (!LAYOUT_ONLY || process.env.DOTS_PAGE === '1') dotsRow = await dotsInPage(browser2, page0);
} finally {
  await browser2.close();
  dist.close();
}

const f = (x, d = 1) => x.toFixed(d);
console.log(`WebGL here: ${rows[0]?.gl}`);
console.log(
  '| states | renderer | events (per frame) | layout ms | first picture ms | frame work ms (median / p95) | frames/s the work allows | frame interval ms (median) | panning: draw / interval ms | codes sent a frame | JS heap MB | point buffers MB |',
);
console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.n.toLocaleString('en-US')} | ${r.kind} | ${r.events.toLocaleString('en-US')} (${r.step.toLocaleString('en-US')}) | ${f(r.layoutMs, 0)} | ${f(r.firstMs)} | ${f(r.workMed)} / ${f(r.workP95)} | ${f(1000 / r.workMed, 0)} | ${f(r.gapMed)} | ${f(r.panMed)} / ${f(r.panGap)} | ${Math.round(r.sentPerFrame).toLocaleString('en-US')} | ${f(r.heapMB, 0)} | ${f(r.bufferMB)} |`,
  );
}
if (laid.length) {
  console.log('');
  console.log('Laying out by remoteness, then the first picture (canvas renderer): on the main thread, or in the layout worker');
  console.log(
    "| states | laid out | request to first picture ms | of which laying out ms (worker's own) | main thread after: codes, points, draw ms | longest main-thread task ms | tasks over 50 ms |",
  );
  console.log('|---:|---|---:|---:|---:|---:|---:|');
  for (const r of laid) {
    console.log(
      `| ${r.n.toLocaleString('en-US')} | ${r.where} | ${f(r.toFirstMs, 0)} | ${f(r.layoutMs, 0)}${r.where === 'worker' ? ` (${r.workerMs})` : ''} | ${f(r.drawMs, 0)} | ${f(r.longestMs, 0)} | ${r.longTasks} |`,
    );
  }
}
if (cmRow) {
  console.log('');
  console.log(
    `Cat and Mouse in the page, a 600-node link (718,800 states): answer at ${f(cmRow.answer, 0)} ms, points drawn at ${f(cmRow.drawn, 0)} ms (${f(cmRow.drawn - cmRow.answer, 0)} ms after the answer); the main thread's longest task ${f(cmRow.longest, 0)} ms, after the answer ${f(cmRow.longestAfter, 0)} ms (${cmRow.tasksAfter} tasks over 50 ms); JS heap ${f(cmRow.heapMB, 0)} MiB`,
  );
}
if (dotsRow) {
  console.log('');
  console.log(
    `Dots and Boxes 2x3 in "Your game" (211,397 states): answer at ${f(dotsRow.answer, 0)} ms after the rules, points drawn at ${f(dotsRow.drawn, 0)} ms (${f(dotsRow.drawn - dotsRow.answer, 0)} ms after the answer); the main thread's longest task ${f(dotsRow.longest, 0)} ms, after the answer ${f(dotsRow.longestAfter, 0)} ms (${dotsRow.tasksAfter} tasks over 50 ms); JS heap ${f(dotsRow.heapMB, 0)} MiB`,
  );
}
if (pageRow) {
  console.log('');
  console.log(
    `The page, connect-3 on 4x4 (41,750 states) played at 100,000 events a second, ${pageRow.renderer} renderer: frame interval ${f(pageRow.gap)} ms median, ${f(pageRow.gap95)} ms 95th percentile; the state graph's draw ${f(pageRow.draw, 2)} ms median`,
  );
}
