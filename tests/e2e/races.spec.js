// Races between a view and the results it draws, named one case per test:
// a newer request while one runs, Stop during a solve, an edit or a preset
// while a result arrives, a link's step on a newer model, the player
// playing while the trace is replaced. Every view must draw one consistent
// (input, result) pair; the fixture fails a test on any console error (a
// board drawn at NaN logs one). playwright.config.js also runs this file
// with the CPU slowed down (the "slow" project), so the windows are wide.
import { CAT_WINS, EXAMPLE_2, expect, openApp, test, typeGraph } from './fixtures.js';

test('913: a 2000-node result that landed, then a small solve: the board never draws one graph with the other\'s state', async ({ page }) => {
  test.setTimeout(120_000);
  await openApp(page);
  await page.getByRole('button', { name: 'Random, 2000 nodes' }).click();
  await expect(page.getByTestId('stats')).toContainText('7,996,000 states', { timeout: 90_000 });
  await typeGraph(page, EXAMPLE_2);
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.getByTestId('answer')).toHaveText('Mouse wins');
  await expect(page.getByTestId('stats')).toContainText('24 states');
  const svg = page.getByTestId('board').locator('svg');
  await expect(svg).toHaveAttribute('data-nodes', '4');
  await expect(svg).toHaveAttribute('data-mouse', '1');
  await expect(svg).toHaveAttribute('data-cat', '2');
});
