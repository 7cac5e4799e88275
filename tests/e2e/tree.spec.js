// The game-tree pillar, driven the way a person does against the real WASM:
// type a tree, run alpha-beta, step to the cut-offs, edit a leaf, keys,
// themes and a phone, tic-tac-toe positions.
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures.js';

const TEXTBOOK = '[[3,12,8],[2,4,6],[14,5,2]]';
const readout = (page) => page.getByTestId('readout');
const skipped = (page) =>
  page.evaluate(() => [...document.querySelectorAll('[data-testid="tree-view"] [data-state="skipped"]')].map((g) => Number(g.dataset.node)));

async function openTree(page, query = 'game=tree') {
  await page.goto(`/?${query}`);
  await expect(page.getByTestId('tree-answer')).toBeVisible();
}

/** Types `text` into the input and solves with `algo`. */
async function solve(page, text, algo = 'alphabeta') {
  const before = await page.getByTestId('tree-answer').getAttribute('data-run');
  await page.getByTestId('tree-input').fill(text);
  await page.getByTestId('tree-algo').selectOption(algo);
  await page.getByTestId('tree-solve').click();
  await expect(page.getByTestId('tree-answer')).not.toHaveAttribute('data-run', before ?? '');
  await expect(page.getByTestId('tree-answer')).toHaveAttribute('data-input', text);
  await expect(page.getByTestId('tree-answer')).toContainText(`by ${algo},`);
  await expect(readout(page)).toHaveAttribute('data-cursor', '0');
}

test('alpha-beta on the textbook tree: the first cut-off greys the two leaves it skips and says why', async ({ page }, testInfo) => {
  await openTree(page);
  await solve(page, TEXTBOOK);
  await expect(page.getByTestId('tree-answer')).toHaveAttribute('data-value', '3');
  expect(await skipped(page)).toEqual([]);

  await page.getByTestId('next-cut').click();
  await expect(readout(page)).toHaveAttribute('data-cursor', '23');
  await expect(readout(page)).toContainText('Cut-off at node 5 after 1 of 3 moves');
  // Layout nodes 7 and 8 are the leaves 4 and 6 under the second MIN node.
  expect(await skipped(page)).toEqual([7, 8]);
  const cut = page.getByTestId('cut-mark');
  await expect(cut).toHaveCount(1);
  await expect(cut).toHaveAttribute('data-cut-node', '5');
  await expect(cut).toContainText('alpha 3 >= beta 2');
  await expect(page.getByTestId('tree-code').locator('[aria-current="step"]')).toHaveAttribute('data-line', '17');
  // The open window of the MIN node and the path to it.
  await expect(page.locator('[data-testid="tree-view"] [data-node="5"]')).toHaveAttribute('data-state', 'current');
  await expect(page.locator('[data-testid="tree-view"] [data-node="0"]')).toContainText('[3, +inf]');
  await expect(page.getByTestId('stat-cutoffs')).toContainText('1 so far of 2');

  const body = await page.screenshot({ fullPage: true });
  await fs.mkdir(path.join('test-results', 'screenshots'), { recursive: true });
  await fs.writeFile(path.join('test-results', 'screenshots', 'tree-first-cutoff.png'), body);
  await testInfo.attach('tree-first-cutoff', { body, contentType: 'image/png' });

  // One step back: the cut is undone, nothing greyed.
  await page.getByTestId('step-back').click();
  await expect(readout(page)).toHaveAttribute('data-cursor', '22');
  expect(await skipped(page)).toEqual([]);
  await expect(page.getByTestId('cut-mark')).toHaveCount(0);

  // At the end: the root's value and the second cut (after its last move: nothing skipped).
  await page.getByRole('button', { name: 'To the end' }).click();
  await expect(readout(page)).toHaveAttribute('data-cursor', '43');
  await expect(page.locator('[data-testid="tree-view"] [data-node="0"]')).toHaveAttribute('data-value', '3');
  expect(await skipped(page)).toEqual([7, 8]);
});

test('editing a leaf in the text changes what is pruned', async ({ page }) => {
  await openTree(page);
  await solve(page, TEXTBOOK);
  await page.getByRole('button', { name: 'To the end' }).click();
  expect(await skipped(page)).toEqual([7, 8]);

  // The third MIN node's first leaf 14 becomes 1: it is now cut after one move too.
  await solve(page, '[[3,12,8],[2,4,6],[1,5,2]]');
  await page.getByRole('button', { name: 'To the end' }).click();
  expect(await skipped(page)).toEqual([7, 8, 11, 12]);
  await expect(page.getByTestId('cut-mark')).toHaveCount(2);
  await expect(page.getByTestId('stat-leaves')).toContainText('of 5');

  // The second MIN node's first leaf 2 becomes 5: no cut there any more, the root's value is 4.
  await solve(page, '[[3,12,8],[5,4,6],[14,5,2]]');
  await page.getByRole('button', { name: 'To the end' }).click();
  expect(await skipped(page)).toEqual([]);
  await expect(page.getByTestId('tree-answer')).toHaveAttribute('data-value', '4');
});

test('clicking a leaf lets you set its value; the text and the pruning follow', async ({ page }) => {
  await openTree(page);
  await solve(page, TEXTBOOK);
  // The leaf 14 (layout node 10) becomes 1: the third MIN node is cut after its first move.
  await page.locator('[data-testid="tree-view"] [data-node="10"]').click();
  await page.getByTestId('leaf-value').fill('1');
  await page.getByTestId('leaf-set').click();
  await expect(page.getByTestId('tree-input')).toHaveValue('[[3,12,8],[2,4,6],[1,5,2]]');
  await expect(page.getByTestId('tree-answer')).toHaveAttribute('data-input', '[[3,12,8],[2,4,6],[1,5,2]]');
  await page.getByRole('button', { name: 'To the end' }).click();
  expect(await skipped(page)).toEqual([7, 8, 11, 12]);
});

test('minimax evaluates every leaf and never cuts; the MIN root toggle changes the value', async ({ page }) => {
  await openTree(page);
  await solve(page, TEXTBOOK, 'minimax');
  await page.getByRole('button', { name: 'To the end' }).click();
  await expect(page.getByTestId('stat-leaves')).toContainText('9 so far');
  await expect(page.getByTestId('cut-mark')).toHaveCount(0);
  await expect(page.getByTestId('next-cut')).toBeVisible();

  await page.getByTestId('tree-root').selectOption('min');
  await page.getByTestId('tree-solve').click();
  await expect(page.getByTestId('tree-answer')).toHaveAttribute('data-value', '6');
  await expect(page.locator('[data-testid="tree-view"] .tree__level').first()).toHaveText('MIN ▽');
});

test('keyboard: arrows step, Shift+arrows jump between cut-offs, Home and End', async ({ page }) => {
  await openTree(page);
  await solve(page, TEXTBOOK);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect(readout(page)).toHaveAttribute('data-cursor', '5');
  await expect(readout(page)).toContainText('Node 2 is a leaf worth 3');
  await expect(page.getByTestId('tree-code').locator('[aria-current="step"]')).toHaveAttribute('data-line', '2');
  await page.keyboard.press('ArrowLeft');
  await expect(readout(page)).toHaveAttribute('data-cursor', '4');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(readout(page)).toHaveAttribute('data-cursor', '23');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(readout(page)).toHaveAttribute('data-cursor', '40');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(readout(page)).toHaveAttribute('data-cursor', '23');
  await page.keyboard.press('End');
  await expect(readout(page)).toHaveAttribute('data-cursor', '43');
  await page.keyboard.press('Home');
  await expect(readout(page)).toHaveAttribute('data-cursor', '0');
  await page.keyboard.press('Space');
  await expect(readout(page)).not.toHaveAttribute('data-cursor', '0');
});

test('Compare: minimax, alpha-beta and best-first alpha-beta step together with live counters', async ({ page }) => {
  await openTree(page);
  await page.getByTestId('tree-compare-run').click();
  await expect(page.getByTestId('tree-compare')).toBeVisible();
  await expect(readout(page)).toHaveAttribute('data-count', '47'); // minimax's trace is the longest
  const counters = (k) => page.getByTestId(`compare-counters-${k}`);
  await page.getByTestId('next-cut').click();
  await expect(readout(page)).toHaveAttribute('data-cursor', '23');
  await expect(counters(0)).toHaveAttribute('data-cutoffs', '0');
  await expect(counters(1)).toHaveAttribute('data-cutoffs', '1');
  await expect(page.getByTestId('compare-1').getByTestId('cut-mark')).toContainText('alpha 3 >= beta 2');
  await expect(page.getByTestId('compare-0').getByTestId('cut-mark')).toHaveCount(0);
  await page.keyboard.press('End');
  // Best-first ordering reaches Knuth and Moore's minimum: 3^1 + 3^1 - 1 = 5 leaves.
  await expect(counters(0)).toHaveAttribute('data-leaves', '9');
  await expect(counters(1)).toHaveAttribute('data-leaves', '7');
  await expect(counters(2)).toHaveAttribute('data-leaves', '5');
  await page.keyboard.press('Home');
  await expect(counters(2)).toHaveAttribute('data-leaves', '0');
});

test('bad input shows the C message and keeps the page alive', async ({ page }) => {
  await openTree(page);
  await page.getByTestId('tree-input').fill('[[3,12],[2,<b>x</b>');
  await page.getByTestId('tree-solve').click();
  await expect(page.getByTestId('tree-error')).toContainText('column');
  await expect(page.locator('b')).toHaveCount(0);
  await solve(page, '[[1,2],[3,4]]');
  await expect(page.getByTestId('tree-answer')).toHaveAttribute('data-value', '3');
});

test('a large random tree shows the statistics and the path instead of a drawing', async ({ page }) => {
  await openTree(page);
  await page.getByTestId('tree-input').fill('branching = 6, depth = 6, lo = 0, hi = 99, seed = 4');
  await page.getByTestId('tree-solve').click();
  await expect(page.getByTestId('tree-summary')).toContainText('too many to draw');
  await expect(page.getByTestId('tree-view')).toHaveCount(0);
  await expect(page.getByTestId('stat-minimal')).toContainText('431 leaves');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByTestId('tree-summary').locator('li')).not.toHaveCount(0);
});

test('tic-tac-toe: click a position, solve, see the best move and a node’s board', async ({ page }) => {
  await openTree(page, 'game=tic-tac-toe');
  await page.getByTestId('tree-input').fill('board = ["...","...","..."]');
  const board = page.getByTestId('ttt-board');
  // X in the corner, O in the centre, X in the opposite corner: O must not take a corner.
  await board.locator('[data-cell="0"]').click();
  await board.locator('[data-cell="4"]').click();
  await board.locator('[data-cell="4"]').click();
  await board.locator('[data-cell="8"]').click();
  await expect(page.getByTestId('tree-input')).toHaveValue('board = ["X..",".O.","..X"]');
  // O's mark above went X -> O on cell 4; now solve for O to move.
  await page.getByTestId('tree-tt').check();
  await page.getByTestId('tree-solve').click();
  await expect(page.getByTestId('tree-answer')).toHaveAttribute('data-value', '0');
  await expect(page.getByTestId('ttt-status')).toContainText('Best move for O');
  await expect(page.getByTestId('ttt-status')).toContainText('a draw');
  const best = await page.locator('[data-testid="ttt-board"] .ttt__cell--best').getAttribute('data-cell');
  expect(['1', '3', '5', '7']).toContain(best);

  await page.getByTestId('next-cut').click();
  await page.locator('[data-testid="tree-view"] [data-state="current"]').click();
  await expect(page.getByTestId('node-details').getByTestId('ttt-mini')).toBeVisible();
});

test('tic-tac-toe 4x4: play a typed position through against the solver (the versus panel starts from it)', async ({ page }) => {
  await openTree(page, 'game=tic-tac-toe');
  const start = 'board = ["XO..","OX..","....","...."]';
  await page.getByTestId('tree-input').fill(start);
  const versus = page.getByTestId('versus');
  await versus.getByTestId('versus-side-0').check(); // X, the side to move in the typed position
  await versus.getByTestId('versus-start').click();
  const board = versus.getByTestId('ttt-board');
  let moves = 0;
  for (;;) {
    await expect(versus).toHaveAttribute('data-state', /your-turn|over/);
    if ((await versus.getAttribute('data-state')) === 'over') break;
    const plies = await versus.getAttribute('data-plies');
    const empty = (await board.getAttribute('data-board')).replace(/\//g, '').indexOf('.');
    await board.locator(`[data-cell="${empty}"]`).click();
    moves++;
    // Our X, then the solver's O: our turn again (or the end), two plies on.
    await expect(versus).not.toHaveAttribute('data-plies', plies);
    expect(moves).toBeLessThan(8);
  }
  const cells = (await board.getAttribute('data-board')).replace(/\//g, '');
  const xs = [...cells].filter((c) => c === 'X').length;
  const os = [...cells].filter((c) => c === 'O').length;
  expect(moves).toBeGreaterThan(1);
  expect(xs - 2).toBe(moves);
  expect(os === xs || os === xs - 1).toBe(true);
  // Playing the first empty cell each time against perfect play never wins for X.
  expect(['1', 'draw']).toContain(await versus.getAttribute('data-winner'));
  // The typed position is left as it was: the board above stays for editing and solving.
  await expect(page.getByTestId('tree-input')).toHaveValue(start);
});

test.describe('on a phone in the dark', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'dark' });

  test('no horizontal overflow; the tree scrolls inside its panel', async ({ page }, testInfo) => {
    await openTree(page);
    await solve(page, 'branching = 4, depth = 4, lo = 0, hi = 99, seed = 2');
    await page.getByTestId('next-cut').click();
    const sizes = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      panel: document.querySelector('[data-testid="tree-scroll"]').getBoundingClientRect().right,
      bg: getComputedStyle(document.documentElement).backgroundColor,
    }));
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
    expect(sizes.panel).toBeLessThanOrEqual(sizes.client);
    expect(sizes.bg).not.toBe('rgb(255, 255, 255)');
    const body = await page.screenshot({ fullPage: true });
    await testInfo.attach('tree-phone-dark', { body, contentType: 'image/png' });
  });
});

test('a tree too large for the SVG view is drawn as dots on a canvas that follows the player', async ({ page }) => {
  const board = 'board = ["....","....","....","...."]';
  await page.goto(`/?game=tic-tac-toe&tt=1&input=${encodeURIComponent(board)}`);
  await expect(page.getByTestId('tree-answer')).toHaveAttribute('data-value', '0'); // 4x4 from empty: a draw
  const overview = page.getByTestId('tree-overview');
  await expect(overview).toBeVisible();
  const visits = Number(await overview.getAttribute('data-visits'));
  expect(visits).toBeGreaterThan(5000);
  await expect(overview).toHaveAttribute('data-painted', '1'); // at the start: the root alone
  await page.getByTestId('step-forward').click();
  await page.getByTestId('step-forward').click();
  await expect(overview).toHaveAttribute('data-painted', '2');
  await page.getByRole('button', { name: 'To the end' }).click();
  // The trace stops at its cap of 2^20 events (the readout says so): every visit it reaches is painted.
  await expect(page.getByTestId('readout')).toContainText('trace cut at its cap');
  await expect.poll(async () => Number(await overview.getAttribute('data-painted'))).toBeGreaterThan(100_000);
  expect(Number(await overview.getAttribute('data-painted'))).toBeLessThanOrEqual(visits);
  await expect(page.getByTestId('tree-summary').locator('li').first()).toContainText('MAX node 0');
});
