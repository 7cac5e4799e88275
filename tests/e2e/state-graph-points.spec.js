// The state graph past the detailed drawing's limit: connect-3 on 4x4
// (41,750 states, solved by the real reasoner in the worker) and a Cat and
// Mouse graph of 44,700 states (solved by the C solver, its graph built and
// laid out by the layout worker) drawn one point a state, by WebGL and by
// the canvas fallback when WebGL is missing. The
// colours are read back from the drawn model (the points' codes the
// renderer keeps and uploads) and from the drawing's pixels, and compared
// with the outcomes the trace gives at the cursor, computed here from the
// trace's own records.
import { expect, test } from './fixtures.js';

const graph = (page) => page.getByTestId('state-graph');

/**
 * WebGL even where it is software (SwiftShader here): the page takes it only
 * on a GPU unless asked (draw-points.js pointsPreference).
 */
async function askWebGL(page) {
  await page.addInitScript(() => localStorage.setItem('pp-points', 'webgl'));
}
const canvas = (page) => page.getByTestId('state-graph-canvas');

/** "Your game" with connect-3 on 4x4 solved and drawn as points. */
async function openConnect3(page) {
  await page.goto('/?game=gdl');
  await expect(page.getByTestId('gdl-answer')).toHaveAttribute('data-answer', 'draw'); // tic-tac-toe first
  await page.getByTestId('gdl-example').selectOption('connect3');
  await expect(graph(page)).toHaveAttribute('data-nodes', '41750', { timeout: 20_000 });
  await expect(graph(page)).toHaveAttribute('data-points', 'true');
  await expect(graph(page)).toHaveAttribute('data-drawn', 'true');
}

/** Waits until the drawing shows the player's cursor. */
async function painted(page) {
  const cursor = await page.getByTestId('readout').getAttribute('data-cursor');
  await expect(canvas(page)).toHaveAttribute('data-painted', cursor);
  return Number(cursor);
}

/**
 * Every state's drawn look against the trace at the cursor: outcome of its
 * SEED/COLOR before the cursor (1 first wins, 2 second wins; else
 * undecided, or a draw once the trace is done), and in the queue when
 * decided and not yet popped. Returns the states that differ, and the
 * counts seen.
 */
function checkLooks(page) {
  return canvas(page).evaluate((el) => {
    const h = el.ppPoints;
    const { trace, cursor, states } = h;
    const events = trace.length >> 2;
    const outcome = new Uint8Array(states);
    const slot = new Int32Array(states).fill(-1);
    let decisions = 0;
    let pops = 0;
    for (let i = 0; i < cursor; i++) {
      const kind = trace[i * 4] & 0xff;
      if (kind === 1 || kind === 5) {
        outcome[trace[i * 4 + 1]] = trace[i * 4 + 2];
        slot[trace[i * 4 + 1]] = decisions++;
      } else if (kind === 2) pops++;
    }
    const done = cursor === events;
    const wrong = [];
    const seen = { win0: 0, win1: 0, draw: 0, undecided: 0, queued: 0 };
    for (let s = 0; s < states; s++) {
      const want = outcome[s] === 1 ? 'win0' : outcome[s] === 2 ? 'win1' : done ? 'draw' : 'undecided';
      const queued = slot[s] >= pops;
      const got = h.lookOf(s);
      if (!got) continue; // not a node (Cat and Mouse: the cat in the hole)
      seen[got.look]++;
      if (got.queued) seen.queued++;
      if (got.look !== want || got.queued !== queued) wrong.push(s);
    }
    return { wrong: wrong.length, first: wrong.slice(0, 5), seen, cursor };
  });
}

/** The colour drawn at the centre of up to `k` shown states, against the colour of their look. */
function checkPixels(page, k) {
  return canvas(page).evaluate((el, k) => {
    const h = el.ppPoints;
    const out = { checked: 0, wrong: [] };
    for (const { state, x, y } of h.shown(k)) {
      const { look } = h.lookOf(state);
      const px = h.pixelAt(x, y);
      const want = h.palette[look];
      out.checked++;
      if (px.slice(0, 3).some((c, i) => Math.abs(c - want[i]) > 2)) out.wrong.push({ state, look, px, want });
    }
    return out;
  }, k);
}

/** Moves the player to event `at` and checks every state's drawn look and the pixels of some, against the trace there. */
async function checkAt(page, at) {
  await page.getByTestId('timeline').fill(String(at));
  expect(await painted(page)).toBe(at);
  const r = await checkLooks(page);
  expect(r.wrong, JSON.stringify(r)).toBe(0);
  expect(r.seen.win0 + r.seen.win1).toBeGreaterThan(0);
  const px = await checkPixels(page, 40);
  expect(px.checked).toBeGreaterThan(10);
  expect(px.wrong, JSON.stringify(px.wrong.slice(0, 3))).toEqual([]);
}

/** Clicks the first shown state (skipping `not`) and checks the selection, the readout and the inspector. */
async function pickOne(page, not = -1) {
  const shown = await canvas(page).evaluate((el) => el.ppPoints.shown(400));
  const target = shown.find((p) => p.state !== not);
  expect(target).toBeTruthy();
  await canvas(page).click({ position: { x: target.x, y: target.y } });
  const id = String(target.state);
  await expect(graph(page)).toHaveAttribute('data-selected', id);
  await expect(page.getByTestId('gdl-inspector')).toHaveAttribute('data-state', id);
  await expect(page.getByTestId('gdl-inspector')).toHaveAttribute('aria-label', `State #${id}`);
  await expect(page.getByTestId('state-graph-readout')).toContainText(`#${id}:`);
  return target.state;
}

test('connect-3 on 4x4: 41,750 states as points by WebGL; a click picks the state the inspector shows, zoomed out and zoomed in', async ({ page }) => {
  await askWebGL(page);
  await openConnect3(page);
  await expect(canvas(page)).toHaveAttribute('data-renderer', 'webgl');
  await painted(page);
  // Zoomed out to the whole graph: the first pick.
  const zoom = page.getByTestId('state-graph-zoom');
  const fit = Number(await zoom.getAttribute('data-scale'));
  expect(fit).toBeLessThan(0.5);
  const first = await pickOne(page);
  // Zoomed in to 400%: another state, picked where it is drawn, names shown.
  const zoomIn = page.getByTestId('state-graph-zoom-in');
  while (Number(await zoom.getAttribute('data-scale')) < 4) await zoomIn.click();
  await expect(zoom).toHaveText('400%');
  await painted(page);
  await pickOne(page, first);
  // Screen readers have the layers as a list beside the drawing's summary.
  const layers = Number((await canvas(page).getAttribute('aria-label')).match(/in (\d+) layers/)[1]);
  await expect(page.getByTestId('state-graph-layers').locator('li')).toHaveCount(layers);
  await expect(page.getByTestId('state-graph-layers').locator('li').first()).toHaveText('the start: 1 state');
  // The keyboard walks the points too: Home is the first state in reading order.
  await canvas(page).focus();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('state-graph-readout')).toContainText('depth 0');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('state-graph-readout')).toContainText('depth 1');
});

test("points: the colours at a cursor are the trace's outcomes there, forward, back and at the end; one step sends only what it changed", async ({ page }) => {
  await askWebGL(page);
  await openConnect3(page);
  await expect(canvas(page)).toHaveAttribute('data-renderer', 'webgl'); // the shader's pixels are read below
  await page.getByTestId('state-graph-zoom-reset').click(); // 100%: points apart, their centres readable
  await page.getByTestId('to-start').click();
  expect(await painted(page)).toBe(0);
  let r = await checkLooks(page);
  expect(r.wrong).toBe(0);
  expect(r.seen.undecided).toBe(41750);
  const count = Number(await page.getByTestId('readout').getAttribute('data-count'));
  for (const at of [Math.floor(count / 3), Math.floor((2 * count) / 3), Math.floor(count / 5)]) await checkAt(page, at);
  // One event forward: at most its two states re-read, at most the ranks between them sent.
  await page.getByTestId('step-forward').click();
  await painted(page);
  expect(Number(await canvas(page).getAttribute('data-read'))).toBeLessThanOrEqual(2);
  expect(Number(await canvas(page).getAttribute('data-uploaded'))).toBeLessThan(41750);
  expect((await checkLooks(page)).wrong).toBe(0);
  await page.getByTestId('to-end').click();
  expect(await painted(page)).toBe(count);
  r = await checkLooks(page);
  expect(r.wrong).toBe(0);
  expect(r.seen.draw).toBeGreaterThan(0);
  expect(r.seen.queued).toBe(0);
});

test('without WebGL the points are drawn on a 2D canvas, with the same colours and picking, one step redrawing only what it changed', async ({ page }) => {
  await askWebGL(page); // asked for, and missing all the same
  // A browser without WebGL: the context is refused, as where it is missing or blocked.
  await page.addInitScript(() => {
    const get = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
      return /webgl/.test(kind) ? null : get.call(this, kind, ...rest);
    };
  });
  await openConnect3(page);
  await expect(canvas(page)).toHaveAttribute('data-renderer', 'canvas');
  await expect(canvas(page)).toHaveAttribute('data-renderer-why', 'no WebGL context');
  await page.getByTestId('state-graph-zoom-reset').click();
  const count = Number(await page.getByTestId('readout').getAttribute('data-count'));
  await page.getByTestId('timeline').fill(String(Math.floor(count / 2)));
  await painted(page);
  const r = await checkLooks(page);
  expect(r.wrong).toBe(0);
  expect(r.seen.queued).toBeGreaterThan(0);
  let px = await checkPixels(page, 40);
  expect(px.checked).toBeGreaterThan(10);
  expect(px.wrong).toEqual([]);
  // Steps redraw only the points they change: the pixels still match everywhere.
  for (let i = 0; i < 12; i++) await page.getByTestId('step-forward').click();
  await painted(page);
  expect(Number(await canvas(page).getAttribute('data-uploaded'))).toBeLessThanOrEqual(2);
  expect((await checkLooks(page)).wrong).toBe(0);
  px = await checkPixels(page, 400);
  expect(px.wrong).toEqual([]);
  await pickOne(page);
});

test('where WebGL runs in software the page draws the points on a 2D canvas by itself', async ({ page }) => {
  await openConnect3(page);
  await expect(canvas(page)).toHaveAttribute('data-renderer', 'canvas');
  await expect(canvas(page)).toHaveAttribute('data-renderer-why', 'WebGL in software');
  await painted(page);
  expect((await checkLooks(page)).wrong).toBe(0);
});

/** A ring of n nodes with chords (i to i +- 1 and i +- 3), as a link's input. */
function chordRing(n) {
  return JSON.stringify(Array.from({ length: n }, (_, i) => [...new Set([1, -1, 3, -3].map((d) => (i + d + n) % n))].sort((a, b) => a - b)));
}

test("Cat and Mouse past the detailed drawing's limit: points coloured as the trace says at each cursor, and a click picks the state the grids, board and neighbourhood show", async ({
  page,
}) => {
  await askWebGL(page);
  const n = 150;
  const count = 2 * n * (n - 1); // 44,700 states with the cat off the hole
  await page.goto(`/?game=cat-mouse&input=${chordRing(n)}`);
  await expect(graph(page)).toHaveAttribute('data-nodes', String(count), { timeout: 20_000 });
  await expect(graph(page)).toHaveAttribute('data-points', 'true');
  await expect(graph(page)).toHaveAttribute('data-drawn', 'true');
  await expect(canvas(page)).toHaveAttribute('data-renderer', 'webgl');
  await page.getByTestId('state-graph-zoom-reset').click();
  await page.getByTestId('to-start').click();
  expect(await painted(page)).toBe(0);
  let r = await checkLooks(page);
  expect(r.wrong).toBe(0);
  expect(r.seen.undecided).toBe(count);
  const events = Number(await page.getByTestId('readout').getAttribute('data-count'));
  for (const at of [Math.floor(events / 3), Math.floor((2 * events) / 3)]) await checkAt(page, at);
  await page.getByTestId('to-end').click();
  expect(await painted(page)).toBe(events);
  r = await checkLooks(page);
  expect(r.wrong).toBe(0);
  expect(r.seen.queued).toBe(0);
  // A click on a drawn point selects its state everywhere: the graph, the neighbourhood, the board, the grids.
  const shown = await canvas(page).evaluate((el) => el.ppPoints.shown(400));
  const target = shown[shown.length >> 1];
  await canvas(page).click({ position: { x: target.x, y: target.y } });
  const s = target.state;
  const cat = s < n * n ? Math.floor(s / n) : (s - n * n) % n;
  const mouse = s < n * n ? s % n : Math.floor((s - n * n) / n);
  const turn = s < n * n ? 'mouse' : 'cat';
  await expect(graph(page)).toHaveAttribute('data-selected', String(s));
  await expect(page.getByTestId('neighbourhood')).toHaveAttribute('data-state', String(s));
  await expect(page.getByTestId('state-graph-readout')).toContainText(`(${mouse},${cat},${turn}):`);
  const board = page.getByTestId('board').locator('svg');
  await expect(board).toHaveAttribute('data-mouse', String(mouse));
  await expect(board).toHaveAttribute('data-cat', String(cat));
  await expect(board).toHaveAttribute('data-turn', turn);
});
