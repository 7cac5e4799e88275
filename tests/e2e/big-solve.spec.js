// Big Cat and Mouse solves in the page: progress with the memory
// stated before the solve, Cancel that keeps the last result and the worker,
// the engine's memory reused by the next solve, and a graph too big for an
// event trace played layer by layer, forward and back, from the keyboard.
// Every wait is on a state the page exposes (data-*), never on time.
import { CAT_WINS, expect, openApp, startHeavySolve, startLongSolve, test, typeGraph } from './fixtures.js';

const progress = (page) => page.getByTestId('progress');
const stats = (page) => page.getByTestId('stats');
const readout = (page) => page.getByTestId('readout');
const histogram = (page) => page.getByTestId('layer-histogram');

const num = async (locator, attr) => Number(await locator.getAttribute(attr));

test('a big solve shows its memory before it starts, then states decided and the layer as it goes', async ({ page }) => {
  test.setTimeout(120_000);
  await openApp(page);
  await startHeavySolve(page);
  await expect(progress(page)).toHaveAttribute('data-states', '7996000');
  // The engine (a 16-bit cell and the queue slot: 6 bytes a state,
  // c/solvers/retrograde.c) and the views' arrays (outcome and remoteness,
  // 5 bytes a state; no cause array for a graph played by layers), stated
  // before any work is done.
  const bytes = await num(progress(page), 'data-bytes');
  expect(bytes).toBeGreaterThanOrEqual(11 * 7_996_000);
  expect(bytes).toBeLessThan(12 * 8_000_000);
  await expect(page.getByTestId('memory')).toContainText(`This solve takes up to ${Math.round(bytes / 2 ** 20)} MB of memory`);
  // Progress moves: some states decided, fewer than all, a progress bar with a value.
  await expect.poll(() => num(progress(page), 'data-decided'), { timeout: 60_000 }).toBeGreaterThan(0);
  const decided = await num(progress(page), 'data-decided');
  expect(decided).toBeLessThan(8_000_000);
  await expect(progress(page).getByRole('progressbar', { name: 'Solving' })).toHaveAttribute('max', '7996000');
  await expect(stats(page)).toContainText('7,996,000 states', { timeout: 90_000 });
  await expect(progress(page)).toHaveCount(0);
  // The statement held: the worker's whole WASM memory afterwards is within 15% below it,
  // and not more than 64 MiB (the module, the graph, the allocator) above.
  const heap = await num(stats(page), 'data-heap');
  expect(heap).toBeGreaterThanOrEqual(0.85 * bytes);
  expect(heap).toBeLessThanOrEqual(bytes + 64 * 2 ** 20);
});

test('Cancel mid-solve: the page keeps its last result, stays usable, and the next solve reuses the kept engine', async ({ page }) => {
  test.setTimeout(120_000);
  await openApp(page);
  const run = await stats(page).getAttribute('data-run');
  await startLongSolve(page);
  await expect.poll(() => num(progress(page), 'data-decided'), { timeout: 60_000 }).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(progress(page)).toHaveCount(0);
  // The previous result, untouched: example 1 with its board and player.
  await expect(page.getByTestId('answer')).toHaveText('Draw');
  await expect(stats(page)).toContainText('60 states');
  await expect(stats(page)).toHaveAttribute('data-run', run);
  await expect(page.getByTestId('board').locator('svg')).toHaveAttribute('data-nodes', '6');
  await page.keyboard.press('Home');
  await expect(readout(page)).toHaveAttribute('data-cursor', '0');
  // Usable: a new graph solves, in the same worker (its engine kept across the cancel).
  await typeGraph(page, CAT_WINS);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await expect(page.getByTestId('answer')).toHaveText('Cat wins');
  await expect(stats(page)).toHaveAttribute('data-reused', 'true');
});

test("a repeat solve of the same size reuses the engine's memory: the WASM heap does not grow", async ({ page }) => {
  test.setTimeout(120_000);
  await openApp(page);
  await page.getByRole('button', { name: 'Random, 2000 nodes' }).click();
  await expect(stats(page)).toContainText('7,996,000 states', { timeout: 90_000 });
  const heap = await stats(page).getAttribute('data-heap');
  const run = await num(stats(page), 'data-run');
  await page.getByRole('button', { name: 'Random, 2000 nodes' }).click(); // another seed, same size
  await expect.poll(() => num(stats(page), 'data-run'), { timeout: 90_000 }).toBe(run + 1);
  await expect(stats(page)).toContainText('7,996,000 states');
  await expect(stats(page)).toHaveAttribute('data-reused', 'true');
  await expect(stats(page)).toContainText('memory reused');
  await expect(stats(page)).toHaveAttribute('data-heap', heap);
});

test('a graph too big for a trace plays layer by layer: histogram and grids grow, step back and forth by keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  await openApp(page);
  await page.getByRole('button', { name: 'Random, 2000 nodes' }).click();
  await expect(stats(page)).toContainText('7,996,000 states', { timeout: 90_000 });
  await expect(page.getByTestId('trace-note')).toHaveAttribute('data-mode', 'none');
  await expect(page.getByTestId('trace-note')).toContainText('layer by layer');
  const layers = await num(histogram(page), 'data-layers');
  expect(layers).toBeGreaterThan(2);
  await expect(readout(page)).toHaveAttribute('data-count', String(layers));
  await expect(readout(page)).toHaveAttribute('data-cursor', String(layers)); // shown at the end: the answer
  const all = await num(histogram(page), 'data-decided');
  // The count and the note below the bars are two sentences, a space between them.
  await expect(page.getByTestId('layer-note')).toHaveText(/ states decided \(mouse wins [\d,]+, cat wins [\d,]+\)\. Too big for an event trace: /);
  const mouseCounts = page.getByTestId('grid-mouse-counts');
  const atEnd = await mouseCounts.textContent();
  // The grids' first pictures (painted from the worker's layout of the cells, in slices)
  // are the pictures painted cell by cell from the player's, once back at the end.
  const grids = page.locator('[data-testid^="grid-"] canvas');
  const pictures = async () => {
    for (const canvas of await grids.all()) await expect(canvas).toHaveAttribute('data-painted', String(layers));
    return grids.evaluateAll((canvases) =>
      canvases.map((c) => {
        const copy = document.createElement('canvas'); // read through a copy: the grid's own canvas is not for reading back
        copy.width = c.width;
        copy.height = c.height;
        const ctx = copy.getContext('2d', { willReadFrequently: true });
        ctx.drawImage(c, 0, 0);
        const data = ctx.getImageData(0, 0, c.width, c.height).data;
        let h = 0;
        for (let i = 0; i < data.length; i++) h = (Math.imul(h, 31) + data[i]) | 0;
        return h;
      }),
    );
  };
  const first = await pictures();
  expect(first).toHaveLength(2);

  await page.keyboard.press('Home');
  await expect(histogram(page)).toHaveAttribute('data-shown', '0');
  await expect(histogram(page)).toHaveAttribute('data-decided', '0');
  await expect(readout(page)).toContainText('Before the first layer');
  await page.keyboard.press('ArrowRight');
  await expect(readout(page)).toHaveAttribute('data-cursor', '1');
  await expect(readout(page)).toContainText('Layer 0:');
  const seeds = await num(histogram(page), 'data-decided');
  expect(seeds).toBeGreaterThan(0);
  await page.keyboard.press('ArrowRight');
  await expect(readout(page)).toHaveAttribute('data-cursor', '2');
  await expect(readout(page)).toContainText('Layer 1:');
  const two = await num(histogram(page), 'data-decided');
  expect(two).toBeGreaterThan(seeds);
  expect(await mouseCounts.textContent()).not.toBe(atEnd);
  // Back one layer: exactly the seeds again.
  await page.keyboard.press('ArrowLeft');
  await expect(readout(page)).toHaveAttribute('data-cursor', '1');
  await expect(histogram(page)).toHaveAttribute('data-decided', String(seeds));
  // The player's buttons step layers too, and End is the whole solve again.
  await page.getByTestId('next-decision').click();
  await expect(histogram(page)).toHaveAttribute('data-decided', String(two));
  await page.keyboard.press('End');
  await expect(histogram(page)).toHaveAttribute('data-decided', String(all));
  await expect(mouseCounts).toHaveText(atEnd);
  expect(await pictures()).toEqual(first);
});

test('the layer histogram is a slider: focused, the arrow, Page and Home/End keys move the layer cursor', async ({ page }) => {
  test.setTimeout(120_000);
  await openApp(page);
  await page.getByRole('button', { name: 'Random, 2000 nodes' }).click();
  await expect(stats(page)).toContainText('7,996,000 states', { timeout: 90_000 });
  const slider = page.getByRole('slider', { name: 'Layers shown' });
  const layers = await num(histogram(page), 'data-layers');
  expect(layers).toBeGreaterThan(11);
  await expect(slider).toHaveAttribute('aria-valuemax', String(layers));
  await expect(slider).toHaveAttribute('aria-valuenow', String(layers));
  // Reached by Tab like any control, not by a click: focus moves from the graph box through the page.
  await page.getByLabel('Graph (LeetCode input)').focus();
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if (await slider.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(slider).toBeFocused();
  await page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  await expect(histogram(page)).toHaveAttribute('data-decided', '0');
  await expect(slider).toHaveAttribute('aria-valuetext', /^none of/);
  // One layer a key (not two: the page's own player keys stand aside), in both directions.
  await page.keyboard.press('ArrowUp');
  await expect(slider).toHaveAttribute('aria-valuenow', '1');
  await expect(readout(page)).toHaveAttribute('data-cursor', '1');
  await expect(histogram(page)).toHaveAttribute('data-shown', '1');
  const seeds = await num(histogram(page), 'data-decided');
  expect(seeds).toBeGreaterThan(0);
  await expect(slider).toHaveAttribute('aria-valuetext', new RegExp(`^1 of ${layers} layers shown; layer 0: [\\d,]+ states`));
  await page.keyboard.press('ArrowRight');
  await expect(readout(page)).toHaveAttribute('data-cursor', '2');
  await page.keyboard.press('PageUp');
  await expect(slider).toHaveAttribute('aria-valuenow', '12');
  await expect(readout(page)).toHaveAttribute('data-cursor', '12');
  await page.keyboard.press('PageDown');
  await expect(readout(page)).toHaveAttribute('data-cursor', '2');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowLeft');
  await expect(readout(page)).toHaveAttribute('data-cursor', '0');
  await page.keyboard.press('ArrowLeft'); // held at the start
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  await page.keyboard.press('ArrowRight');
  await expect(histogram(page)).toHaveAttribute('data-decided', String(seeds));
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuenow', String(layers));
  await expect(histogram(page)).toHaveAttribute('data-shown', String(layers));
  await expect(slider).toBeFocused();
});

test('a coarse graph (its trace derived after an untraced solve): "why?" names exactly the child the engine\'s cause array gives', async ({ page }) => {
  test.setTimeout(120_000);
  // The same graph in Node's WASM engine, with the cause array the page no longer builds.
  const { freshEngine } = await import('../js/helpers/engine.mjs');
  const { derivedCause, moverWins } = await import('../../web/src/lib/why.js');
  const engine = await freshEngine();
  const n = 700;
  const { text } = engine.randomCatMouse(n, 8, 1);
  const truth = engine.solveCatMouse(text);
  // A win and a loss, at least 2 moves from the end, where the first child at
  // remoteness r - 1 is not the BFS's: only the decision order tells them apart.
  const pick = (win) => {
    for (let s = 0; s < truth.outcomes.length; s++) {
      const o = truth.outcomes[s];
      if ((o !== 1 && o !== 2) || truth.remoteness[s] < 2 || (o === moverWins(n, s)) !== win) continue;
      if (derivedCause(truth, truth.outcomes, truth.remoteness, s) !== truth.cause[s]) return s;
    }
    return -1;
  };

  await openApp(page);
  const form = page.getByTestId('random-graph');
  await form.getByLabel('nodes').fill(String(n));
  await form.getByLabel('avg. degree').fill('8');
  await form.getByLabel('seed').fill('1');
  await form.getByRole('button', { name: 'Make' }).click();
  await expect(page.getByTestId('trace-note')).toHaveAttribute('data-mode', 'coarse', { timeout: 90_000 });
  await expect(readout(page)).toHaveAttribute('data-count', String(truth.stats.decided));
  await expect(page).toHaveURL(/#z=1\./); // the address bar holds the graph (compressed, in the fragment) once it follows the view
  const link = page.url();
  for (const win of [true, false]) {
    const s = pick(win);
    expect(s, `a ${win ? 'win' : 'loss'} with several candidate children`).toBeGreaterThanOrEqual(0);
    const url = new URL(link);
    url.searchParams.set('sel', String(s));
    await page.goto(url.href);
    await expect(page.getByTestId('trace-note')).toHaveAttribute('data-mode', 'coarse', { timeout: 90_000 });
    await expect(page.getByTestId('why')).toHaveAttribute('aria-label', 'Why');
    const text = page.getByTestId('why-text');
    await expect(text).toContainText(win ? '(step 4)' : '(step 6)');
    await expect(text.locator('[data-state]').first()).toHaveAttribute('data-state', String(truth.cause[s]));
    // The best play from it follows the engine's causes.
    const line = [s];
    for (let t = truth.cause[s]; t >= 0 && line.length < 40; t = truth.cause[t]) line.push(t);
    await expect(page.getByTestId('why-line').locator('[data-state]')).toHaveCount(line.length);
    expect(
      await page
        .getByTestId('why-line')
        .locator('[data-state]')
        .evaluateAll((els) => els.map((e) => Number(e.dataset.state))),
    ).toEqual(line);
    // Its decision is a COLOR event of the derived trace, at the step the engine took.
    await page.getByTestId('jump-to-decision').click();
    await expect(readout(page)).toHaveAttribute('data-step', win ? '4' : '6');
  }
});
