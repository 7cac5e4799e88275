// "Your game" past the page's old limit of 200,000 states: Dots and Boxes on
// 2x3 boxes (211,397 states; the rules from gdl2qbf, tests/gdl/gdl2qbf)
// solved in the page's worker in steps with progress; Cancel while it
// enumerates keeps the last answer and graph; a game past the memory budget
// (a device that says it has 256 MB: a 64 MiB budget) gets a message naming
// the budget, not a problem at a line of the rules, and the last graph stays.
// Each asks for Enumerate: these are the enumeration's tests.
import { readFileSync } from 'node:fs';
import { expect, lightsPuzzle, test } from './fixtures.js';

const DOTS = readFileSync(new URL('../gdl/gdl2qbf/dots-and-boxes-2x3.gdl', import.meta.url), 'utf8');

const answer = (page) => page.getByTestId('gdl-answer');

/** The page on its first example, set to enumerate every game (Auto would search these from the start). */
async function openGdl(page) {
  await page.goto('/?game=gdl');
  await expect(answer(page)).toHaveAttribute('data-answer', 'draw'); // tic-tac-toe, the first example
  await page.getByTestId('gdl-algo').selectOption('enumerate');
  await expect(page.getByTestId('gdl-progress')).toHaveCount(0);
  await expect(answer(page)).toHaveAttribute('data-by', 'enumeration');
}

test('Dots and Boxes 2x3, 211,397 states, is solved in the page with progress', async ({ page }) => {
  test.setTimeout(120_000);
  await openGdl(page);
  await page.getByTestId('gdl-text').fill(DOTS);
  const progress = page.getByTestId('gdl-progress');
  await expect(progress).toHaveAttribute('data-phase', /enumerate|link|solve/);
  await expect(answer(page)).toHaveAttribute('data-answer', 'second wins', { timeout: 100_000 });
  await expect(page.getByTestId('gdl-status')).toContainText('211,397 states');
  await expect(page.getByTestId('gdl-diagnostics')).toHaveAttribute('data-count', '0');
});

test('Cancel during a big solve stops it between steps; the last answer and graph stay, the worker solves on', async ({ page }) => {
  test.setTimeout(60_000);
  await openGdl(page);
  const nodes = await page.getByTestId('state-graph').getAttribute('data-nodes');
  await page.getByTestId('gdl-text').fill(DOTS);
  const progress = page.getByTestId('gdl-progress');
  await expect(progress).toHaveAttribute('data-phase', 'enumerate');
  await expect(progress).toContainText('states found');
  await page.getByTestId('gdl-cancel').click();
  await expect(progress).toHaveCount(0);
  await expect(page.getByTestId('gdl-status')).toHaveText('Cancelled; the graph shows the last rules that solved.');
  await expect(answer(page)).toHaveAttribute('data-answer', 'draw');
  await expect(page.getByTestId('state-graph')).toHaveAttribute('data-nodes', nodes);
  await page.getByTestId('gdl-example').selectOption({ label: 'Tower of Hanoi, 3 discs' });
  await expect(answer(page)).toHaveText('solved in 7 moves, goal 100');
});

test('a game past the memory budget gets a message naming the budget, and the last graph stays', async ({ page }) => {
  test.setTimeout(90_000);
  // A device with 256 MB: the page's budget is a quarter, 64 MiB.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'deviceMemory', { get: () => 0.25, configurable: true }));
  await openGdl(page);
  const nodes = await page.getByTestId('state-graph').getAttribute('data-nodes');
  await page.getByTestId('gdl-text').fill(lightsPuzzle(18)); // 262,144 states, 18 moves each: over 64 MiB
  const limit = page.getByTestId('gdl-limit');
  await expect(limit).toContainText('over the memory budget of 64 MiB', { timeout: 80_000 });
  await expect(limit).toHaveText(/^Too big for the page: the state graph needs over \d+ MiB after [\d]+ states/);
  await expect(limit).not.toContainText('line 1');
  await expect(limit).toContainText('Auto or Search answers it by a search from the start.');
  await expect(page.getByTestId('gdl-diagnostics')).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('gdl-status')).toHaveText('Too big for the page; the graph shows the last rules that solved.');
  await expect(answer(page)).toHaveAttribute('data-answer', 'draw');
  await expect(page.getByTestId('state-graph')).toHaveAttribute('data-nodes', nodes);
});
