// Zoom and pan in the drawings: the buttons, the keys, Ctrl + wheel (a
// trackpad's pinch) and a two-finger pinch on a phone, each keeping the
// point under the pointer or the fingers where it was.
import { expect, test } from './fixtures.js';

const scaleOf = async (locator) => Number(await locator.getAttribute('data-scale'));
const centre = async (locator) => {
  const b = await locator.boundingBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2, w: b.width };
};

test('the search tree zooms by buttons and keys; Ctrl + wheel keeps the node under the pointer in place', async ({ page }) => {
  await page.goto('/?game=tree');
  const tree = page.getByTestId('tree-view');
  await expect(page.getByTestId('tree-answer')).toBeVisible();
  const width = (await tree.boundingBox()).width;

  await page.getByTestId('tree-zoom-in').click();
  await expect(tree).toHaveAttribute('data-scale', '1.25');
  await expect(page.getByTestId('tree-zoom')).toHaveText('125%');
  expect((await tree.boundingBox()).width).toBeCloseTo(width * 1.25, 0);

  // Keys, with the drawing's box focused: - twice, then 0 for actual size.
  await page.getByTestId('tree-scroll').focus();
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  await expect(tree).toHaveAttribute('data-scale', '0.8');
  await page.keyboard.press('0');
  await expect(tree).toHaveAttribute('data-scale', '1');
  await expect(page.getByTestId('tree-zoom-reset')).toBeDisabled();

  // Ctrl + wheel over the root at 200%: it grows to 400% (the most), and
  // stays under the pointer (the drawing is by then large enough to scroll
  // that far; near its edges the scroll would run out and the content move).
  for (let i = 0; i < 3; i++) await page.getByTestId('tree-zoom-in').click();
  await expect(tree).toHaveAttribute('data-scale', '2');
  const root = tree.locator('[data-node="0"]').locator('polygon, rect').first();
  const at = await centre(root);
  await page.mouse.move(at.x, at.y); // hovering marks the node: measure it marked
  const before = await centre(root);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -240);
  await page.keyboard.up('Control');
  await expect(tree).toHaveAttribute('data-scale', '4');
  await expect(page.getByTestId('tree-zoom-in')).toBeDisabled();
  const after = await centre(root);
  expect(after.w / before.w).toBeCloseTo(2, 1);
  expect(Math.abs(after.x - before.x), `x ${before.x} -> ${after.x}`).toBeLessThan(4);
  expect(Math.abs(after.y - before.y), `y ${before.y} -> ${after.y}`).toBeLessThan(4);
  // The page itself did not zoom.
  expect(await page.evaluate(() => window.visualViewport.scale)).toBe(1);
});

test('the DP table zooms too, and a cell stays clickable at any scale', async ({ page }) => {
  await page.goto('/?game=stone-game-vii');
  const table = page.getByTestId('dp-table');
  await expect(table).toBeVisible();
  const width = (await table.boundingBox()).width;
  await page.getByTestId('dp-table-zoom-in').click();
  await page.getByTestId('dp-table-zoom-in').click();
  await expect(table).toHaveAttribute('data-scale', '1.5');
  expect((await table.boundingBox()).width).toBeCloseTo(width * 1.5, 0);
  await page.locator('[data-testid="dp-cell"][data-cell="(0,4)"]').click();
  await page.mouse.move(0, 0);
  await expect(page.getByTestId('dp-details')).toHaveAttribute('data-cell', '(0,4)');
});

test('embeds: the zoom buttons only with the full controls; the keys still zoom in the others', async ({ page }) => {
  await page.goto('/embed.html?game=tree');
  await expect(page.getByTestId('tree-view')).toBeVisible();
  await expect(page.getByTestId('tree-zoom-in')).toBeVisible();
  await page.goto('/embed.html?game=tree&controls=none');
  await expect(page.getByTestId('tree-view')).toBeVisible();
  await expect(page.getByTestId('tree-zoom-in')).toBeHidden();
  await page.getByTestId('tree-scroll').focus();
  await page.keyboard.press('+');
  await expect(page.getByTestId('tree-view')).toHaveAttribute('data-scale', '1.25');
  // The board, a square that always fits its box, has no Fit button.
  await page.goto('/');
  await expect(page.getByTestId('board-zoom-in')).toBeVisible();
  await expect(page.getByTestId('board-zoom-fit')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('Fit shrinks a search tree wider than the screen to the width of its box, and 1:1 brings it back', async ({ page }) => {
    await page.goto('/?game=tree');
    await expect(page.getByTestId('tree-answer')).toBeVisible();
    const tree = page.getByTestId('tree-view');
    const box = page.getByTestId('tree-scroll');
    const wide = await tree.evaluate((svg) => svg.getBoundingClientRect().width);
    const room = await box.evaluate((el) => el.clientWidth);
    expect(wide).toBeGreaterThan(room); // the textbook tree does not fit a phone at 100%
    await page.getByTestId('tree-zoom-fit').click();
    await expect.poll(() => scaleOf(tree)).toBeLessThan(1);
    expect(await tree.evaluate((svg) => svg.getBoundingClientRect().width)).toBeLessThanOrEqual(room + 1);
    expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await page.getByTestId('tree-zoom-reset').click();
    await expect(tree).toHaveAttribute('data-scale', '1');
  });

  test('two fingers pinch the Cat and Mouse board larger, one finger pans it, and the page keeps its scale', async ({ page }) => {
    await page.goto('/');
    const svg = page.getByTestId('board').locator('svg.board__svg');
    const box = page.getByTestId('board-box');
    await expect(svg).toHaveAttribute('data-nodes', /\d+/);
    await box.scrollIntoViewIfNeeded();
    const b = await box.boundingBox();
    const cx = b.x + b.width / 2;
    const cy = b.y + b.height / 2;
    const client = await page.context().newCDPSession(page);
    const touch = (type, points) => client.send('Input.dispatchTouchEvent', { type, touchPoints: points });
    const fingers = (d) => [
      { x: cx - d, y: cy, id: 0 },
      { x: cx + d, y: cy, id: 1 },
    ];
    await touch('touchStart', fingers(30));
    for (let i = 1; i <= 8; i++) await touch('touchMove', fingers(30 + i * 10));
    await touch('touchEnd', []);
    // Fingers 60 px apart, then 220: about 3.7 times.
    await expect.poll(() => scaleOf(svg)).toBeGreaterThan(2.5);
    expect(await page.evaluate(() => window.visualViewport.scale)).toBe(1);
    // The centre stayed in the middle: the box is scrolled in both directions.
    const scrolled = await box.evaluate((el) => ({ left: el.scrollLeft, top: el.scrollTop }));
    expect(scrolled.left).toBeGreaterThan(50);
    expect(scrolled.top).toBeGreaterThan(50);

    // One finger drags the drawing: the box scrolls (the browser's own pan).
    const one = (x) => [{ x, y: cy, id: 0 }];
    await touch('touchStart', one(cx + 80));
    for (let i = 1; i <= 8; i++) await touch('touchMove', one(cx + 80 - i * 15));
    await touch('touchEnd', []);
    await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(scrolled.left + 40);
    await client.detach();
    await expect(svg).toHaveAttribute('data-scale', String(await scaleOf(svg))); // still zoomed
  });
});
