// How the page looks: themes, a phone, a screenshot kept with the results.
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, openApp, test } from './fixtures.js';

const SHOTS = path.join('test-results', 'screenshots');

async function keepScreenshot(page, testInfo, name) {
  const body = await page.screenshot({ fullPage: true });
  await fs.mkdir(SHOTS, { recursive: true });
  await fs.writeFile(path.join(SHOTS, `${name}.png`), body);
  await testInfo.attach(name, { body, contentType: 'image/png' });
  expect(body.length).toBeGreaterThan(10_000);
}

const background = (page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

test('screenshot of the first page, kept as an artifact', async ({ page }, testInfo) => {
  await openApp(page);
  await expect(page.getByTestId('grid-mouse-counts')).toContainText('mouse wins');
  await keepScreenshot(page, testInfo, 'desktop-light');
});

test('the dark theme toggle switches colours and is remembered', async ({ page }, testInfo) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openApp(page);
  const toggle = page.getByRole('button', { name: 'Dark theme' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const light = await background(page);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const dark = await background(page);
  expect(dark).not.toBe(light);
  await keepScreenshot(page, testInfo, 'desktop-dark');

  await page.reload();
  await expect(page.getByTestId('answer')).toHaveText('Draw');
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
  expect(await background(page)).toBe(dark);

  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await background(page)).toBe(light);
});

test('the system dark preference is followed until the toggle is used', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openApp(page);
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
  const dark = await background(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'false');
  expect(await background(page)).not.toBe(dark);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('no horizontal overflow; the grids shrink to fit', async ({ page }, testInfo) => {
    await openApp(page);
    for (const preset of [null, 'Random, 60 nodes']) {
      if (preset) {
        await page.getByRole('button', { name: preset }).click();
        await expect(page.getByTestId('stats')).toContainText('7,080 states');
      }
      const sizes = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
        canvases: [...document.querySelectorAll('canvas')].map((c) => c.getBoundingClientRect().right),
      }));
      expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
      for (const right of sizes.canvases) expect(right).toBeLessThanOrEqual(sizes.client);
    }
    await keepScreenshot(page, testInfo, 'phone');
  });
});

test('controls are labelled and focus is visible', async ({ page }) => {
  await openApp(page);
  await expect(page.getByRole('textbox', { name: 'Graph (LeetCode input)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Solve' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Mouse to move: 17 mouse wins/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Cat to move: 10 mouse wins/ })).toBeVisible();
  await page.getByRole('button', { name: 'Solve' }).focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  const outline = await page.getByRole('button', { name: 'Solve' }).evaluate((el) => {
    const s = getComputedStyle(el);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
});
