// The sample tutorial (tutorial.html) is a scrolling article: as a paragraph
// reaches the reading line, its figure moves to the moment it describes. It
// works with the keyboard, with reduced motion (no playing), and on a phone.
import { expect, test } from './fixtures.js';

/** Scrolls so that `step`'s top sits just above the reading line (a fraction of the window's height). */
async function readTo(step, line) {
  await step.evaluate((el, at) => {
    const r = el.getBoundingClientRect();
    window.scrollBy(0, r.top - (at * window.innerHeight - 12));
  }, line);
}

/** The cursor each paragraph asks of its figure: data-goto, or a moment of this trace. */
async function wanted(step, frame) {
  const goto = await step.getAttribute('data-goto');
  if (goto !== null) return Number(goto);
  const moment = await step.getAttribute('data-moment');
  if (moment === 'end') return Number(await frame.getByTestId('readout').getAttribute('data-count'));
  if (moment === 'first-cutoff') return 23; // the textbook tree's first AB_CUTOFF is its 23rd event
  throw new Error(`no expectation for ${moment}`);
}

async function scrollThrough(page, line) {
  const steps = page.locator('.step[data-figure]');
  const n = await steps.count();
  expect(n).toBeGreaterThanOrEqual(10);
  const seen = [];
  for (let i = 0; i < n; i++) {
    const step = steps.nth(i);
    const id = await step.getAttribute('data-figure');
    const frame = page.frameLocator(`#${id}`);
    await readTo(step, line);
    await expect(step).toHaveClass(/is-active/);
    const readout = frame.getByTestId('readout');
    if (await step.getAttribute('data-play')) {
      const from = Number(await step.getAttribute('data-goto'));
      await expect.poll(async () => Number(await readout.getAttribute('data-cursor'))).toBeGreaterThan(from);
      seen.push(`${id}: plays on from ${from}`);
    } else {
      const want = await wanted(step, frame);
      await expect(readout).toHaveAttribute('data-cursor', String(want));
      seen.push(`${id}: ${want}`);
    }
  }
  return seen;
}

test('scrolling the article moves each figure to the moment its paragraph describes, and back', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/tutorial.html');
  const seen = await scrollThrough(page, 0.47);
  expect(seen).toContain('fig-retro: 20');
  expect(seen).toContain('fig-ab: 23');
  // The first-cut-off paragraph shows the cut.
  const steps = page.locator('.step[data-figure]');
  const cutStep = page.locator('.step[data-moment="first-cutoff"]');
  await readTo(cutStep, 0.47);
  await expect(page.frameLocator('#fig-ab').getByTestId('cut-mark').first()).toBeVisible();
  // Scrolling back up moves a figure back (and stops it playing).
  await readTo(steps.nth(2), 0.47);
  await expect(page.frameLocator('#fig-retro').getByTestId('readout')).toHaveAttribute('data-cursor', '24');
  await expect(page.frameLocator('#fig-retro').getByTestId('play')).toHaveAttribute('aria-label', 'Play');
  // The figure stays in view beside the text.
  const box = await page.locator('#fig-retro').boundingBox();
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(800);
});

test('with the keyboard, Tab moves from paragraph to paragraph and the figure follows', async ({ page }) => {
  await page.goto('/tutorial.html');
  const first = page.locator('.step[data-figure="fig-ab"]').first();
  const next = page.locator('.step[data-figure="fig-ab"]').nth(1);
  await first.focus();
  await expect(first).toHaveAttribute('aria-current', 'step');
  await page.keyboard.press('Tab');
  await expect(next).toBeFocused();
  await expect(next).toHaveAttribute('aria-current', 'step');
  await expect(page.frameLocator('#fig-ab').getByTestId('readout')).toHaveAttribute('data-cursor', '14');
  await page.keyboard.press('Tab');
  await expect(page.frameLocator('#fig-ab').getByTestId('readout')).toHaveAttribute('data-cursor', '16');
  // Focus ring visible.
  const ring = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  expect(ring).not.toBe('none');
});

test('with reduced motion, nothing plays: the figure jumps to where the animation would end', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/tutorial.html');
  const play = page.locator('.step[data-play]');
  const frame = page.frameLocator(`#${await play.getAttribute('data-figure')}`);
  const readout = frame.getByTestId('readout');
  await page.locator('.step[data-goto="74"]').focus(); // the paragraph before: the figure loads and moves
  await expect(readout).toHaveAttribute('data-cursor', '74');
  await play.focus();
  // At once: playing there at 40 events a second would take seconds.
  await expect(readout).toHaveAttribute('data-cursor', await readout.getAttribute('data-count'), { timeout: 1500 });
  await expect(frame.getByTestId('play')).toHaveAttribute('aria-label', 'Play');
});

test('on a phone the figure sticks to the top and the text scrolling under it still moves it', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/tutorial.html');
  await scrollThrough(page, 0.72);
  const box = await page.locator('#fig-ab').boundingBox();
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeLessThan(20);
  expect(box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390); // nothing overflows sideways
});
