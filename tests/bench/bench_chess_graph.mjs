// bench_chess_graph.mjs: a chess table drawn as a state graph in Chromium
// (the production build, the renderer the page picks), every position a
// point: for each table (CHESS_GRAPH=KRK,KQKR by default), a fresh page
// builds it, then the state graph is switched on and timed to its first
// picture at the last ply (the table's bytes from the worker, the graph,
// the layout, the colours, one draw), the ArrayBuffers it added (V8's
// backing stores: the graph's typed arrays), and the points view's own
// draw after steps of one ply and longer jumps (data-draw-ms, and how many
// colour codes each sent).
import { chromium } from '@playwright/test';
import { chromiumOptions } from './chromium.mjs';
import { serveDist } from './serve-dist.mjs';

const FENS = { KRK: '8/8/8/4k3/8/8/8/R3K3 w - - 0 1', KQKR: '3rk3/8/8/8/8/8/8/3QK3 w - - 0 1', KPK: '8/8/8/4k3/8/8/3P4/3K4 w - - 0 1' };
const tables = (process.env.CHESS_GRAPH || 'KRK,KQKR').split(',').filter((m) => FENS[m]);
const { server, url } = await serveDist();
const browser = await chromium.launch(chromiumOptions());
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function run(material) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const cdp = await page.context().newCDPSession(page);
  try {
    await page.goto(`${url}?game=chess-endgame&fen=${encodeURIComponent(FENS[material])}`);
    await page.waitForSelector(`[data-testid="chess-app"][data-state="ready"][data-busy="false"][data-table="${material}"]`, { timeout: 600_000 });
    const top = await page.getAttribute('[data-testid="chess-app"]', 'data-top');
    const before = await cdp.send('Runtime.getHeapUsage');
    const t0 = Date.now();
    await page.getByTestId('chess-view-graph').check();
    const canvas = '[data-testid="chess-graph"] [data-testid="state-graph-canvas"]';
    await page.waitForSelector(`${canvas}[data-painted="${top}"]`, { timeout: 600_000 });
    const first = Date.now() - t0;
    const after = await cdp.send('Runtime.getHeapUsage');
    const positions = Number(await page.getAttribute('[data-testid="chess-graph"]', 'data-positions'));
    const renderer = await page.getAttribute(canvas, 'data-renderer');
    const steps = [];
    const jumps = [];
    const seek = async (k) => {
      await page.getByTestId('timeline').fill(String(k));
      await page.waitForSelector(`${canvas}[data-painted="${k}"]`);
      return { ms: Number(await page.getAttribute(canvas, 'data-draw-ms')), codes: Number(await page.getAttribute(canvas, 'data-uploaded')) };
    };
    for (const k of [0, Number(top)]) jumps.push(await seek(k));
    await seek(10);
    for (let k = 11; k <= Math.min(Number(top), 20); k++) steps.push(await seek(k));
    const mb = (after.backingStorageSize - before.backingStorageSize) / 2 ** 20;
    return { material, positions, renderer, first, mb, steps, jumps };
  } finally {
    await page.close();
  }
}

try {
  console.log('table  positions  renderer  first picture ms  buffers MB  one-ply step: draw ms median / codes median  jump to ply 0 / to the end: draw ms');
  for (const m of tables) {
    const r = await run(m);
    console.log(
      `${m.padEnd(5)}  ${String(r.positions).padStart(9)}  ${r.renderer.padEnd(8)}  ${String(r.first).padStart(16)}  ${r.mb.toFixed(1).padStart(10)}  ` +
        `${median(r.steps.map((s) => s.ms)).toFixed(1)} / ${median(r.steps.map((s) => s.codes))}  ${r.jumps.map((j) => j.ms.toFixed(1)).join(' / ')}`,
    );
  }
} finally {
  await browser.close();
  server.close();
}
