// Bad input: the C library's message beside the box, the last answer kept,
// and user text never treated as HTML.
import { EXAMPLE_2, expect, openApp, test, typeGraph } from './fixtures.js';

test('malformed JSON: the message shows and the previous answer stays', async ({ page }) => {
  await openApp(page);
  const before = await page.getByTestId('grid-mouse-counts').textContent();
  await typeGraph(page, '[[1,3],[0],[3],[0,2]');
  await page.getByRole('button', { name: 'Solve' }).click();
  const error = page.getByTestId('input-error');
  await expect(error).toHaveText("column 1: this list has no closing ']'");
  await expect(error).toHaveAttribute('role', 'alert');
  await expect(page.getByLabel('Graph (LeetCode input)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('answer')).toHaveText('Draw');
  await expect(page.getByTestId('grid-mouse-counts')).toHaveText(before);
  await expect(page.getByText('Still showing the result for the last valid graph.')).toBeVisible();
});

test('a one-sided edge names both lists; fixing it clears the message', async ({ page }) => {
  await openApp(page);
  await typeGraph(page, '[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2]]');
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.getByTestId('input-error')).toHaveText('graph[3][2] lists 5, but graph[5] does not list 3 (edges are undirected: list each on both sides)');
  await expect(page.getByTestId('answer')).toHaveText('Draw');
  await typeGraph(page, EXAMPLE_2);
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.getByTestId('answer')).toHaveText('Mouse wins');
  await expect(page.getByTestId('input-error')).toBeEmpty();
  await expect(page.getByTestId('input-error')).toBeHidden();
  await expect(page.getByLabel('Graph (LeetCode input)')).toHaveAttribute('aria-invalid', 'false');
});

test('an out-of-range node and too many nodes', async ({ page }) => {
  await openApp(page);
  await typeGraph(page, '[[1],[0,5],[1]]');
  await page.getByLabel('Graph (LeetCode input)').press('Control+Enter');
  await expect(page.getByTestId('input-error')).toHaveText('column 9: graph[1][1] is 5, but the nodes are 0 to 2');
  const huge = `[${Array.from({ length: 5001 }, () => '[]').join(',')}]`;
  await page.getByLabel('Graph (LeetCode input)').fill(huge);
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.getByTestId('input-error')).toHaveText('the graph has 5001 nodes; the limit is 5000');
  await expect(page.getByTestId('answer')).toHaveText('Draw');
});

test('hostile input is shown as text and nothing runs', async ({ page }) => {
  await openApp(page);
  await page.evaluate(() => {
    window.__pwned = false;
  });
  const hostile = '<img src=x onerror="window.__pwned=true;alert(1)">';
  await typeGraph(page, hostile);
  await page.getByRole('button', { name: 'Solve' }).click();
  const error = page.getByTestId('input-error');
  await expect(error).toHaveText("column 1: expected a value (a number, a string or a list), found '<'");
  await expect(error.locator('*')).toHaveCount(0); // text only, no elements
  await expect(page.locator('img')).toHaveCount(0);
  await expect(page.getByLabel('Graph (LeetCode input)')).toHaveValue(hostile);
  // Markup inside a JSON string reaches the parser and comes back as text.
  await typeGraph(page, '[["<b>x</b>"],[2],[1]]');
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(error).toHaveText('column 3: graph[0][0] must be a node number, found a string');
  await expect(page.locator('b')).toHaveCount(0);
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => window.__pwned)).toBe(false);
  await expect(page.getByTestId('answer')).toHaveText('Draw');
});

test('a graph with one-sided edges offers to add the missing reverse edges, then solves', async ({ page }) => {
  await openApp(page);
  await typeGraph(page, 'graph = [[2],[3],[0,3],[1]]');
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.getByTestId('input-error')).toContainText('graph[3] does not list 2');
  const fix = page.getByTestId('add-reverse-edges');
  await expect(fix).toHaveText('Add the missing reverse edge (1)');
  await fix.click();
  await expect(page.getByLabel('Graph (LeetCode input)')).toHaveValue('graph = [[2],[3],[0,3],[1,2]]');
  await expect(page.getByTestId('answer')).toHaveText('Cat wins');
  await expect(fix).toHaveCount(0);
});
