// Shared by the browser tests: every test fails if the page logs a console
// error, throws, or opens a dialog (alert/confirm), whatever else it checks.
import { test as base, expect } from '@playwright/test';

export const EXAMPLE_1 = 'graph = [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]';
export const EXAMPLE_2 = '[[1,3],[0],[3],[0,2]]';
export const CAT_WINS = '[[2],[3],[0,3],[1,2]]';

const SOFTWARE_GL_READBACK =
  /^\[\.WebGL-0x[0-9a-f]+\]GL Driver Message \(OpenGL, Performance, GL_CLOSE_PATH_NV, High\): GPU stall due to ReadPixels( \(this message will no longer repeat\))?$/;

export const test = base.extend({
  // The CPU slowdown factor (Emulation.setCPUThrottlingRate), set per project
  // in playwright.config.js; 1 runs at full speed.
  cpuThrottle: [1, { option: true }],
  slowCpu: [
    async ({ page, cpuThrottle }, use) => {
      if (cpuThrottle > 1) {
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle });
      }
      await use(cpuThrottle);
    },
    { auto: true },
  ],
  pageProblems: [
    async ({ page }, use) => {
      const problems = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error' && msg.type() !== 'warning') return;
        // Chromium's own note, with --disable-gpu, that its software compositor
        // reads a WebGL canvas back to show it (the state graph's points): not the page's.
        if (msg.type() === 'warning' && SOFTWARE_GL_READBACK.test(msg.text())) return;
        problems.push(`console ${msg.type()}: ${msg.text()}`);
      });
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
      page.on('dialog', (dialog) => {
        problems.push(`dialog: ${dialog.message()}`);
        dialog.dismiss().catch(() => {});
      });
      // A request cut short because the test navigated away (reload, goto) is
      // not a fault of the page; a missing file still shows as an HTTP error below.
      page.on('requestfailed', (req) => {
        if (req.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`request failed: ${req.url()} (${req.failure()?.errorText})`);
      });
      page.on('response', (res) => {
        if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
      });
      await use(problems);
      expect(problems, 'the page logged no errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** Opens the page and waits for the first answer (example 1 is solved on load). */
export async function openApp(page) {
  await page.goto('/');
  await expect(page.getByTestId('answer')).toHaveText('Draw');
}

/** Replaces the graph text, the way a person would. */
export async function typeGraph(page, text) {
  const box = page.getByLabel('Graph (LeetCode input)');
  await box.fill('');
  await box.pressSequentially(text, { delay: 0 });
}

/**
 * Makes and solves a random 2000-node graph of degree 120: 8 million states
 * and about a billion reverse edges, seconds of work that ends in an answer.
 */
export async function startHeavySolve(page) {
  const form = page.getByTestId('random-graph');
  await form.getByLabel('nodes').fill('2000');
  await form.getByLabel('avg. degree').fill('120');
  await form.getByRole('button', { name: 'Make' }).click();
}

/**
 * Starts a solve that a test cancels or replaces, never waits out: a complete
 * 2000-node graph (degree 1999), 8 million states and 16 billion reverse
 * edges, over a minute of work on any machine. A test that clicks Cancel
 * during it does not race the solve's end, however slow the page is.
 */
export async function startLongSolve(page) {
  const form = page.getByTestId('random-graph');
  await form.getByLabel('nodes').fill('2000');
  await form.getByLabel('avg. degree').fill('1999');
  await form.getByRole('button', { name: 'Make' }).click();
}

/**
 * A one-role puzzle in GDL: turn any of n lights on or off until all are on
 * (2^n states, n moves from each), a game whose size one number sets.
 */
export function lightsPuzzle(n) {
  const ids = Array.from({ length: n }, (_, i) => i + 1);
  return [
    '(role p)',
    '(init (go))',
    '(<= (next (go)) (true (go)))',
    '(<= (legal p (toggle ?i)) (light ?i))',
    '(<= (next (on ?i)) (does p (toggle ?i)) (not (true (on ?i))))',
    '(<= (next (on ?i)) (true (on ?i)) (does p (toggle ?j)) (distinct ?i ?j))',
    `(<= terminal ${ids.map((i) => `(true (on ${i}))`).join(' ')})`,
    '(<= (goal p 100) terminal)',
    '(<= (goal p 0) (not terminal))',
    ...ids.map((i) => `(light ${i})`),
  ].join('\n');
}

export { expect };
