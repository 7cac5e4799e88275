// On a phone: the layout reflows to the screen's width, and a finger steps
// the player by swiping it (touch events through the DevTools protocol, as a
// touch screen sends them).
import { expect, test } from './fixtures.js';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

/** A horizontal swipe across `locator`, from `from` to `to` (fractions of its width). */
async function swipe(page, locator, from, to) {
  const box = await locator.boundingBox();
  const y = box.y + box.height / 2;
  const client = await page.context().newCDPSession(page);
  const at = (f) => [{ x: box.x + box.width * f, y }];
  await client.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(from) });
  for (let i = 1; i <= 6; i++) {
    await client.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(from + ((to - from) * i) / 6) });
  }
  await client.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await client.detach();
}

async function noSideScroll(page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}

test('game trees on a phone: no sideways scrolling, swipes step the player', async ({ page }) => {
  await page.goto('/?game=tree&step=4');
  const readout = page.getByTestId('readout');
  await expect(readout).toHaveAttribute('data-cursor', '4');
  await noSideScroll(page);
  // Swipes across the player's readout line (the sliders keep their own drags).
  await readout.scrollIntoViewIfNeeded();
  await swipe(page, readout, 0.6, 0.3); // right to left: forward
  await expect(readout).toHaveAttribute('data-cursor', '5');
  await swipe(page, readout, 0.3, 0.6); // left to right: back
  await expect(readout).toHaveAttribute('data-cursor', '4');
  await swipe(page, readout, 0.95, 0.05); // a long swipe: the next cut-off
  await expect(readout).toHaveAttribute('data-cursor', '23'); // as Shift+Right from event 4 (tree.spec.js)
  // Buttons are big enough for a finger.
  const step = await page.getByTestId('step-forward').boundingBox();
  expect(step.height).toBeGreaterThanOrEqual(32);
});

test('Cat and Mouse on a phone: no sideways scrolling, a swipe steps the coloring', async ({ page }) => {
  await page.goto('/?step=10');
  const readout = page.getByTestId('readout');
  await expect(readout).toHaveAttribute('data-cursor', '10');
  await noSideScroll(page);
  await readout.scrollIntoViewIfNeeded();
  await swipe(page, readout, 0.7, 0.4);
  await expect(readout).toHaveAttribute('data-cursor', '11');
});

test('your game on a phone: no sideways scrolling, a tap on the state graph selects a state', async ({ page }) => {
  await page.goto('/?game=gdl');
  await expect(page.getByTestId('gdl-answer')).toHaveAttribute('data-answer', 'draw');
  await expect(page.getByTestId('state-graph')).toHaveAttribute('data-drawn', 'true');
  await noSideScroll(page);
  // Tap a node one move from the start, found the way a keyboard would find it.
  const canvas = page.getByTestId('state-graph-canvas');
  await canvas.scrollIntoViewIfNeeded();
  await canvas.focus();
  const readout = page.getByTestId('state-graph-readout');
  await page.keyboard.press('Home');
  await expect(readout).toContainText('depth 0');
  await page.keyboard.press('ArrowDown');
  await expect(readout).toContainText('depth 1');
  const node = await readout.getAttribute('data-node');
  await expect(canvas).toHaveAttribute('data-focus-node', node); // drawn there, so data-focus-at is its place
  const [x, y] = (await canvas.getAttribute('data-focus-at')).split(',').map(Number);
  await canvas.tap({ position: { x, y } });
  await expect(page.getByTestId('gdl-inspector')).toHaveAttribute('data-state', node);
  await noSideScroll(page);
});
