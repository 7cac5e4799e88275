// Sharing and embedding: a copied link reproduces the view, long instances
// travel compressed, hostile parameters are shown as text and never run, the
// pages run under their Content-Security-Policy (the fixture fails any test
// whose page logs a violation), the embed sizes itself and its parent, and
// the <perfect-play> element follows its attributes and the host's theme.
import { expect, test } from './fixtures.js';
import { pixelDifference } from './png.js';

const TEXTBOOK = '[[3,12,8],[2,4,6],[14,5,2]]';

async function shareLink(page) {
  await page.getByTestId('share-open').click();
  await expect(page.getByTestId('share-dialog')).toBeVisible();
  const link = await page.getByTestId('share-link').inputValue();
  await page.getByTestId('share-close').click();
  return link;
}

test('a copied link reproduces the same step and selection', async ({ page, context }) => {
  await page.goto('/?game=tree');
  await expect(page.getByTestId('tree-answer')).toHaveAttribute('data-input', TEXTBOOK);
  await page.locator('body').click({ position: { x: 5, y: 200 } });
  for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('readout')).toHaveAttribute('data-cursor', '9');
  await page.locator('[data-testid="tree-view"] [data-node="1"] polygon').click(); // the MIN node's triangle
  await expect(page.getByTestId('node-details')).toContainText('Node 1');
  const details = await page.getByTestId('node-details').innerText();
  await page.locator('h1').click(); // hover and focus leave the tree, as they are on a fresh page
  const shot = await page.getByTestId('tree-view').screenshot({ animations: 'disabled' });

  const link = await shareLink(page);
  expect(link).toContain('step=9');
  expect(link).toContain('sel=1');
  await expect(page).toHaveURL(/step=9/); // the address bar follows the view too

  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByTestId('readout')).toHaveAttribute('data-cursor', '9');
  await expect(other.getByTestId('node-details')).toContainText('Node 1');
  expect(await other.getByTestId('node-details').innerText()).toBe(details);
  expect(await other.getByTestId('readout').innerText()).toBe(await page.getByTestId('readout').innerText());
  const again = await other.getByTestId('tree-view').screenshot({ animations: 'disabled' });
  // The same picture, up to anti-aliasing (a different step or selection changes thousands of pixels).
  expect(pixelDifference(shot, again)).toBeLessThan(0.001);
  await other.getByTestId('step-forward').click();
  expect(pixelDifference(shot, await other.getByTestId('tree-view').screenshot({ animations: 'disabled' }))).toBeGreaterThan(0.001);
});

test('a long typed instance travels compressed in the link and comes back exactly', async ({ page, context }) => {
  await page.goto('/?game=tree');
  await expect(page.getByTestId('tree-answer')).toBeVisible();
  const leaves = (k) => Array.from({ length: 4 }, (_, j) => ((k * 37 + j * 11) % 90) - 20).join(',');
  const long = `[${Array.from({ length: 4 }, (_, i) => `[${Array.from({ length: 4 }, (_, j) => `[${leaves(i * 4 + j)}]`).join(',')}]`).join(',')}]`;
  expect(long.length).toBeGreaterThan(200);
  const before = await page.getByTestId('tree-answer').getAttribute('data-run');
  await page.getByTestId('tree-input').fill(long);
  await page.getByTestId('tree-solve').click();
  await expect(page.getByTestId('tree-answer')).not.toHaveAttribute('data-run', before);
  const value = await page.getByTestId('tree-answer').getAttribute('data-value');

  const link = await shareLink(page);
  expect(link).toMatch(/#z=1\.[A-Za-z0-9_-]+$/); // compressed, in the fragment (never sent to a server)
  expect(link).not.toContain('input=');
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByTestId('tree-input')).toHaveValue(long);
  await expect(other.getByTestId('tree-answer')).toHaveAttribute('data-value', value);
});

const HOSTILE = {
  game: '<img src=x onerror="window.__pwned=1">',
  input: '<script>window.__pwned=2</script><img src=x onerror="window.__pwned=3">',
  algo: 'javascript:window.__pwned=4',
  step: '"><svg onload="window.__pwned=5">',
  sel: '__proto__',
  controls: '<b>bold</b>',
};

for (const pageName of ['index.html', 'embed.html']) {
  test(`${pageName}: hostile parameters are shown as text and nothing in them runs`, async ({ page }) => {
    const query = new URLSearchParams(HOSTILE);
    query.append('<script>window.__pwned=6</script>', '1');
    await page.goto(`/${pageName}?${query}`);
    const errors = page.getByTestId('link-errors');
    await expect(errors).toContainText(`The link's game "${HOSTILE.game.slice(0, 40)}"`);
    await expect(errors).toContainText('is not one this page knows');
    // The default pillar, Cat and Mouse, reads the rest: the bad algo is named as text, the input refused.
    await expect(page.getByTestId('link-problems')).toContainText(`Ignored the link's algo "${HOSTILE.algo}"`);
    if (pageName === 'index.html') await expect(page.getByTestId('input-error')).toBeVisible();
    await expect(page.getByTestId('readout')).toBeVisible();

    // The same values given to a pillar that reads them: the input is refused as text.
    await page.waitForLoadState('networkidle'); // the worker has loaded: leaving now aborts nothing
    query.set('game', 'tree');
    await page.goto(`/${pageName}?${query}`);
    await expect(page.getByTestId('tree-error')).toContainText(/./);
    await expect(page.getByTestId('tree-error')).toContainText('<');
    await expect(page.getByTestId('link-errors')).toContainText('is not one this page knows');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
    await expect(page.locator('img[src="x"], svg[onload]')).toHaveCount(0);
    await expect(page.locator('b', { hasText: 'bold' })).toHaveCount(0);
  });
}

test('the pages run under their Content-Security-Policy: an injected inline script does not run', async ({ context }) => {
  const page = await context.newPage(); // not the fixture's page: the violation it provokes is logged as an error
  const violations = [];
  for (const path of ['/', '/embed.html?game=tree', '/tutorial.html', '/authors.html']) {
    await page.goto(path);
    const ran = await page.evaluate(async () => {
      const seen = new Promise((resolve) => document.addEventListener('securitypolicyviolation', (e) => resolve(e.violatedDirective), { once: true }));
      const s = document.createElement('script');
      s.textContent = 'window.__inline = 1';
      document.body.append(s);
      const directive = await Promise.race([seen, new Promise((r) => setTimeout(() => r('none'), 1000))]);
      return { inline: window.__inline ?? null, directive };
    });
    expect(ran.inline, path).toBeNull();
    violations.push(ran.directive);
  }
  expect(violations.every((d) => d.startsWith('script-src'))).toBe(true);
});

test('the embed: minimal controls, its own theme, and "Open in Perfect Play" keeps the view', async ({ page }) => {
  await page.goto(`/embed.html?game=tree&input=${encodeURIComponent(TEXTBOOK)}&step=5&controls=minimal&theme=dark`);
  await expect(page.getByTestId('readout')).toHaveAttribute('data-cursor', '5');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByTestId('tree-input')).toHaveCount(0);
  await expect(page.getByTestId('next-cut')).toHaveCount(0);
  await page.getByTestId('step-forward').click();
  await expect(page.getByTestId('readout')).toHaveAttribute('data-cursor', '6');
  await expect(page.getByTestId('embed-open')).toHaveAttribute('href', /^index\.html\?game=tree&input=.*&step=6$/);
});

test('the embed with controls=none, autoplay and a loop keeps playing inside its range', async ({ page }) => {
  await page.goto(`/embed.html?game=tree&input=${encodeURIComponent(TEXTBOOK)}&controls=none&autoplay=1&loop=2-8&speed=200`);
  await expect(page.getByTestId('tree-answer')).toBeVisible();
  await expect(page.getByTestId('tree-player')).toHaveCount(0);
  // The loop wraps: the current node keeps changing, and the search never gets past event 8.
  const seen = new Set();
  for (let i = 0; i < 20; i++) {
    seen.add(
      await page
        .locator('[data-testid="tree-view"] [data-state="current"]')
        .getAttribute('data-node')
        .catch(() => null),
    );
    await page.waitForTimeout(40);
  }
  expect(seen.size).toBeGreaterThan(1);
  await expect(page.getByTestId('cut-mark')).toHaveCount(0); // the first cut-off is at event 19
});

test('the <perfect-play> element: attributes change at run time, and it follows the host theme', async ({ page }) => {
  await page.goto('/authors.html');
  const el = page.getByTestId('authors-tree');
  await el.scrollIntoViewIfNeeded();
  const frame = el.locator('iframe');
  await expect(frame).toBeVisible();
  const content = page.frameLocator('[data-testid="authors-tree"] iframe');
  await expect(content.getByTestId('readout')).toHaveAttribute('data-cursor', '9');
  await expect(content.locator('html')).not.toHaveAttribute('data-theme', 'dark');

  await el.evaluate((node) => node.setAttribute('step', '3'));
  await expect(content.getByTestId('readout')).toHaveAttribute('data-cursor', '3');
  // Another element on the page is untouched by this one.
  const loop = page.frameLocator('[data-testid="authors-loop"] iframe');
  await page.getByTestId('authors-loop').scrollIntoViewIfNeeded();
  await expect(loop.locator('html')).toHaveAttribute('data-theme', 'dark');

  await page.evaluate(() => {
    document.documentElement.style.colorScheme = 'dark';
  });
  await expect(frame).toHaveAttribute('src', /theme=dark/);
  await expect(content.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(content.getByTestId('readout')).toHaveAttribute('data-cursor', '3');
});

test('keyboard only: "?" lists the shortcuts, Share opens from the keyboard, steps are narrated', async ({ page }) => {
  await page.goto('/?game=tree');
  await expect(page.getByTestId('tree-answer')).toBeVisible();
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcuts')).toBeVisible();
  await expect(page.getByTestId('shortcuts')).toContainText('Shift + → / ←');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('shortcuts')).toBeHidden();

  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('narration')).toHaveText('Step 1: Enter node 0 (MAX to move) with the window [-inf, +inf]');
  await page.getByTestId('share-open').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('share-dialog')).toBeVisible();
  await expect(page.getByTestId('share-link')).toHaveValue(/step=1/);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('share-dialog')).toBeHidden();
});

for (const game of ['tree', 'stone-game', 'cat-mouse']) {
  test(`${game}: Share opened right after a step links that step, the view telling the shell as it renders, not after the next frame`, async ({ page }) => {
    await page.goto(`/?game=${game}`);
    await expect(page.getByTestId('narration')).toHaveText(/^Step \d+:/);
    // The step and the click are two tasks with no frame between them: a
    // share that waited for the frame would link the step before.
    const { link, to } = await page.evaluate(async () => {
      const readout = document.querySelector('[data-testid="readout"]');
      const at = Number(readout.dataset.cursor);
      const back = at >= Number(readout.dataset.count); // a pillar that opens at the end steps back
      window.dispatchEvent(new KeyboardEvent('keydown', { key: back ? 'ArrowLeft' : 'ArrowRight', bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 0));
      document.querySelector('[data-testid="share-open"]').click();
      return new Promise((resolve) => {
        const wait = () => {
          const field = document.querySelector('[data-testid="share-link"]');
          if (field) resolve({ link: field.value, to: back ? at - 1 : at + 1 });
          else setTimeout(wait, 10);
        };
        wait();
      });
    });
    expect(link).toMatch(new RegExp(`[?&]step=${to}(&|$)`));
    await expect(page.getByTestId('narration')).toHaveText(new RegExp(`^Step ${to}:`));
  });
}

test('keyboard only: Tab reaches the player with a visible focus ring, Enter steps', async ({ page }) => {
  await page.goto('/?game=tree');
  await expect(page.getByTestId('tree-answer')).toBeVisible();
  let label = '';
  for (let i = 0; i < 60 && label !== 'Step forward'; i++) {
    await page.keyboard.press('Tab');
    label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
  }
  expect(label).toBe('Step forward');
  const ring = await page.evaluate(() => {
    const s = getComputedStyle(document.activeElement);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
  });
  expect(ring.style).not.toBe('none');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('readout')).toHaveAttribute('data-cursor', '2');
  await expect(page.getByTestId('narration')).toContainText('Step 2:');
});

test('a Cat and Mouse embed with minimal controls: step and play only, no editing', async ({ page }) => {
  await page.goto('/embed.html?game=cat-mouse&step=40&controls=minimal');
  await expect(page.getByTestId('readout')).toHaveAttribute('data-cursor', '40');
  await expect(page.getByRole('button', { name: 'Step forward' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next decision' })).toHaveCount(0);
  await expect(page.getByTestId('edit-toggle')).toHaveCount(0);
  await page.getByRole('button', { name: 'Step back' }).click();
  await expect(page.getByTestId('readout')).toHaveAttribute('data-cursor', '39');
});
