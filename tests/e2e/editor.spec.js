// The graph editor on the board: the drawing and the text stay in step.
import { expect, openApp, test, typeGraph } from './fixtures.js';

test.use({ viewport: { width: 1280, height: 1200 } });

/** Page coordinates of node i's centre on the board. */
async function nodeCentre(page, i) {
  const box = await page.locator(`[data-testid="board"] [data-node="${i}"]`).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('edits on the board rewrite the text and the answer; typed text redraws the board', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Trapped mouse' }).click();
  await expect(page.getByTestId('answer')).toHaveText('Cat wins');
  const svg = page.getByTestId('board').locator('svg');
  await expect(svg).toHaveAttribute('data-nodes', '4');
  await page.getByTestId('edit-toggle').click();
  await expect(page.getByTestId('edit-toggle')).toHaveAttribute('aria-pressed', 'true');
  await svg.evaluate((el) => el.scrollIntoView({ block: 'center' }));

  // Drag from node 1 to the hole: the mouse can walk straight in.
  const from = await nodeCentre(page, 1);
  const to = await nodeCentre(page, 0);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
  const box = page.getByLabel('Graph (LeetCode input)');
  await expect(box).toHaveValue('graph = [[2,1],[3,0],[0,3],[1,2]]');
  await expect(page.getByTestId('answer')).toHaveText('Mouse wins');
  await expect(svg).toHaveAttribute('data-edges', '4');

  // Select that edge (its middle) and delete it: back to the trapped mouse.
  await page.mouse.click((from.x + to.x) / 2, (from.y + to.y) / 2);
  await expect(page.getByTestId('board-note')).toContainText('Edge 0–1 selected');
  await page.keyboard.press('Delete');
  await expect(box).toHaveValue('graph = [[2],[3],[0,3],[1,2]]');
  await expect(page.getByTestId('answer')).toHaveText('Cat wins');

  // Click empty space: a new node 4, with no edge yet.
  const area = await svg.boundingBox();
  await page.mouse.click(area.x + area.width * 0.93, area.y + area.height * 0.93);
  await expect(box).toHaveValue('graph = [[2],[3],[0,3],[1,2],[]]');
  await expect(svg).toHaveAttribute('data-nodes', '5');
  // the new node is picked; a click on it keeps it picked, however late the page redraws
  await expect(page.getByTestId('delete-picked')).toBeEnabled();
  // Removing it again with the button: click the new node where it is drawn.
  await expect(svg.locator('[data-node="4"]')).toBeVisible();
  const added = await nodeCentre(page, 4);
  await page.mouse.click(added.x, added.y);
  await page.getByTestId('delete-picked').click();
  await expect(box).toHaveValue('graph = [[2],[3],[0,3],[1,2]]');

  // Typing a valid graph redraws the board before any solve.
  await typeGraph(page, 'graph = [[1,3],[0],[3],[0,2],[]]');
  await expect(svg).toHaveAttribute('data-nodes', '5');
  await expect(page.getByTestId('answer')).toHaveText('Cat wins'); // not solved yet
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.getByTestId('answer')).toHaveText('Mouse wins');
});
