// Editing the typed tree by clicking, the way a person does: add a child,
// split a leaf, delete a subtree, move a subtree with the keyboard and by
// dragging it in the drawing. After each edit the text box holds the edited
// tree, and the page's value and cut-offs are those the native CLI finds
// for that text (build/perfect-play, the same C, run outside the browser).
import { execFileSync } from 'node:child_process';
import { expect, test } from './fixtures.js';

const TEXTBOOK = '[[3,12,8],[2,4,6],[14,5,2]]';
const node = (page, u) => page.locator(`[data-testid="tree-view"] [data-node="${u}"]`);
/** Clicks the middle of node u's shape (its group's middle may fall between the shape and its labels). */
async function clickNode(page, u) {
  // Centred, since the sticky player bar covers the top of the window.
  await node(page, u).evaluate((g) => g.scrollIntoView({ block: 'center' }));
  const box = await node(page, u).locator('polygon, rect').boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(node(page, u)).toHaveClass(/tree__node--selected/);
}
const skipped = (page) =>
  page.evaluate(() => [...document.querySelectorAll('[data-testid="tree-view"] [data-state="skipped"]')].map((g) => Number(g.dataset.node)));

/** The CLI's alpha-beta answer for a typed tree. */
function cli(text) {
  const out = JSON.parse(execFileSync('build/perfect-play', ['solve', 'tree', text, '--json'], { encoding: 'utf8' }));
  return { value: String(out.value), cutoffs: out.stats.cutoffs, leaves: out.stats.leaves };
}

async function openTextbook(page) {
  await page.goto('/?game=tree');
  await expect(page.getByTestId('tree-answer')).toBeVisible();
  // The page opens on this very tree: wait for the answer of this Solve (its
  // run), not the first search's, or that answer lands later and resets the
  // selection an edit is about to use (failed so on a slowed CPU).
  const before = await page.getByTestId('tree-answer').getAttribute('data-run');
  await page.getByTestId('tree-input').fill(TEXTBOOK);
  await page.getByTestId('tree-solve').click();
  await expect(page.getByTestId('tree-answer')).not.toHaveAttribute('data-run', before);
  await expect(page.getByTestId('tree-answer')).toHaveAttribute('data-input', TEXTBOOK);
}

/** After an edit: the text, the searched input, and the CLI's value and cut-offs at the end of the trace. */
async function expectSearched(page, text) {
  await expect(page.getByTestId('tree-input')).toHaveValue(text);
  await expect(page.getByTestId('tree-answer')).toHaveAttribute('data-input', text);
  const want = cli(text);
  await expect(page.getByTestId('tree-answer')).toHaveAttribute('data-value', want.value);
  // To the end. The answer shows only once the player holds the new trace
  // (store.js), so the click moves that trace's cursor.
  await page.getByRole('button', { name: 'To the end' }).click();
  await expect(page.getByTestId('stat-cutoffs')).toContainText(`${want.cutoffs} so far of ${want.cutoffs}`);
  await expect(page.getByTestId('stat-leaves')).toContainText(`${want.leaves} so far of ${want.leaves}`);
  // A cut after a node's last move skips nothing and draws no mark: at most one mark per cut-off.
  if (want.cutoffs === 0) await expect(page.getByTestId('cut-mark')).toHaveCount(0);
  else expect(await page.getByTestId('cut-mark').count()).toBeLessThanOrEqual(want.cutoffs);
  return want;
}

test('add a child to a MIN node: the new leaf 0 is skipped by the same cut-off', { tag: '@slow-cpu' }, async ({ page }) => {
  await openTextbook(page);
  await clickNode(page, 5);
  await page.getByTestId('edit-add').click();
  await expectSearched(page, '[[3,12,8],[2,4,6,0],[14,5,2]]');
  // The second MIN node is still cut after its first leaf 2: now three leaves are skipped.
  expect(await skipped(page)).toEqual([7, 8, 9]);
  await expect(node(page, 5)).toHaveClass(/tree__node--selected/);
  await expect(page.getByTestId('cut-mark').first()).toContainText('alpha 3 >= beta 2');
});

test('split a leaf into two, then delete a subtree: the value follows the text', { tag: '@slow-cpu' }, async ({ page }) => {
  await openTextbook(page);
  // The first leaf 3 becomes a MAX node over 3 and 0.
  await clickNode(page, 2);
  await expect(page.getByTestId('edit-add')).toHaveText('Split into two leaves');
  await page.getByTestId('edit-add').click();
  await expectSearched(page, '[[[3,0],12,8],[2,4,6],[14,5,2]]');
  await expect(page.locator('[data-testid="tree-view"] .tree__level')).toHaveText(['MAX ▲', 'MIN ▽', 'MAX ▲']);

  // Delete the leaf 2 under the second MIN node (layout node 8 now): 4 and 6 are left, worth 4 > 3.
  await clickNode(page, 8);
  await page.getByTestId('edit-delete').click();
  const want = await expectSearched(page, '[[[3,0],12,8],[4,6],[14,5,2]]');
  expect(want.value).toBe('4');
  await expect(node(page, 7)).toHaveClass(/tree__node--selected/); // its parent is selected

  // The root cannot be deleted, nor the only child of a node.
  await clickNode(page, 0);
  await expect(page.getByTestId('edit-delete')).toBeDisabled();
  await expect(page.getByTestId('edit-left')).toHaveCount(0);
});

test('move a subtree with the keyboard: the cut-offs move with it', async ({ page }) => {
  await openTextbook(page);
  await clickNode(page, 9);
  await expect(page.getByTestId('edit-right')).toBeDisabled();
  await page.getByTestId('edit-left').focus();
  await page.keyboard.press('Enter');
  await expectSearched(page, '[[3,12,8],[14,5,2],[2,4,6]]');
  await expect(node(page, 5)).toHaveClass(/tree__node--selected/); // the moved subtree stays selected
  await page.getByTestId('edit-left').focus();
  await page.keyboard.press('Enter');
  await expectSearched(page, '[[14,5,2],[3,12,8],[2,4,6]]');
  await expect(node(page, 1)).toHaveClass(/tree__node--selected/);
  await expect(page.getByTestId('edit-left')).toBeDisabled();
  // The last MIN node [2,4,6] is cut after its first leaf: layout nodes 11 and 12.
  expect(await skipped(page)).toEqual([11, 12]);
});

test('drag a subtree sideways in the drawing to reorder it', async ({ page }) => {
  await openTextbook(page);
  await node(page, 1).scrollIntoViewIfNeeded();
  const from = await node(page, 1).locator('polygon').boundingBox();
  const past = await node(page, 9).locator('polygon').boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + from.height / 2, { steps: 4 });
  await page.mouse.move(past.x + past.width + 20, past.y + past.height / 2, { steps: 8 });
  await expect(page.getByTestId('drop-line')).toHaveAttribute('data-to', '2');
  await page.mouse.up();
  await expect(page.getByTestId('drop-line')).toHaveCount(0);
  const want = await expectSearched(page, '[[2,4,6],[14,5,2],[3,12,8]]');
  expect(want.value).toBe('3');
  await expect(node(page, 9)).toHaveClass(/tree__node--selected/);

  // A click without moving still selects, and does not edit.
  await clickNode(page, 5);
  await expect(node(page, 5)).toHaveClass(/tree__node--selected/);
  await expect(page.getByTestId('tree-input')).toHaveValue('[[2,4,6],[14,5,2],[3,12,8]]');
});
