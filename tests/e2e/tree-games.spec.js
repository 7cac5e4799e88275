// 一双木棋, Triangle War and the board chase in the game-tree pillar, and the
// games offered as trees keeping their kind in the URL: pick a game and a
// judge's sample, see the judge's answer (the CLI's, run natively here),
// step the search and see the position of the current and the selected node.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures.js';

const readout = (page) => page.getByTestId('readout');

/** Keeps a screenshot in test-results/screenshots and in the report. */
async function keep(page, testInfo, name) {
  const body = await page.screenshot({ fullPage: true });
  await fs.mkdir(path.join('test-results', 'screenshots'), { recursive: true });
  await fs.writeFile(path.join('test-results', 'screenshots', `${name}.png`), body);
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

/** The CLI's answer (as the judge words it) and value. */
function cli(game, input) {
  return JSON.parse(execFileSync('build/perfect-play', ['solve', game, input, '--json', '--tt'], { encoding: 'utf8' }));
}

/** The compared searches to their end (the answer shows once the player holds their traces, store.js). */
async function toTheEnd(page) {
  await page.getByRole('button', { name: 'To the end' }).click();
  await expect(page.getByTestId('compare-counters-0')).toContainText('done');
  await expect(readout(page)).toHaveAttribute('data-cursor', await readout(page).getAttribute('data-count'));
}

async function pickGame(page, game) {
  await page.goto('/?game=tree');
  await expect(page.getByTestId('tree-answer')).toBeVisible();
  await page.getByTestId('tree-game').selectOption(game);
  await expect(page).toHaveURL(new RegExp(`kind=${game}`));
  await expect(page.getByTestId('tree-tt')).toBeChecked();
}

/** Picks preset `label` and waits for its answer (as long as the test may run); returns the CLI's for it. */
async function pickPreset(page, game, label) {
  const select = page.getByTestId('tree-preset');
  await select.selectOption({ label });
  const input = await page.getByTestId('tree-input').inputValue();
  await expect(page.getByTestId('tree-answer')).toHaveAttribute('data-input', input, { timeout: test.info().timeout });
  const want = cli(game, input);
  await expect(page.getByTestId('tree-answer')).toHaveAttribute('data-value', String(want.value));
  return { input, want };
}

test('一双木棋: the Luogu sample answers 2; the position follows the search', async ({ page }, testInfo) => {
  await pickGame(page, 'young-tableau');
  const { want } = await pickPreset(page, 'young-tableau', 'Luogu P4363 sample, 2 x 3 (answer 2)');
  await expect(page.getByTestId('judge-answer')).toHaveText(String(want.answer));
  await expect(page.getByTestId('judge-answer')).toHaveText('2');
  const current = page.getByTestId('current-position').getByTestId('position-board');
  await expect(current).toHaveAttribute('data-position', 'rows 0 0, diff 0');
  // Step into the first move: the first player takes the corner, scoring a[0][0] = 2.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(readout(page)).toHaveAttribute('data-cursor', '3');
  await expect(current).toHaveAttribute('data-position', 'rows 1 0, diff 2');
  await expect(current.locator('.pos__cell--a')).toHaveCount(1);
  await keep(page, testInfo, 'young-tableau');

  // The 10 x 10 board: solved with the table, too big to draw, the summary instead.
  const big = await pickPreset(page, 'young-tableau', '10 x 10, the largest board (table on: a summary)');
  await expect(page.getByTestId('judge-answer')).toHaveText(String(big.want.answer));
  await expect(page.getByTestId('tree-summary')).toBeVisible();
  await page.keyboard.press('Shift+ArrowRight');
  await expect(current).toBeVisible();
});

test('Triangle War: the POJ 1085 sample games, lines and triangles drawn per node', async ({ page }, testInfo) => {
  await pickGame(page, 'triangle-war');
  const one = await pickPreset(page, 'triangle-war', 'POJ 1085 game 1 (B wins)');
  await expect(page.getByTestId('judge-answer')).toHaveText('B wins.');
  expect(one.want.answer).toBe('B');
  const current = page.getByTestId('current-position').getByTestId('position-board');
  // Six lines drawn; A's 2-5 completed the triangle 2-4-5.
  await expect(current).toHaveAttribute('data-position', 'lines 6, A-B 1');
  await expect(current.locator('.pos__tri--a')).toHaveCount(1);
  await expect(current.locator('.pos__line--drawn')).toHaveCount(6);
  await pickPreset(page, 'triangle-war', 'POJ 1085 game 2 (A wins)');
  await expect(page.getByTestId('judge-answer')).toHaveText('A wins.');

  // A small tree: click a leaf and see its full grid.
  await pickPreset(page, 'triangle-war', 'Fourteen lines in: a small tree');
  await page.getByRole('button', { name: 'To the end' }).click();
  await expect(page.getByTestId('tree-view').locator('[data-node="0"]')).toHaveAttribute('data-value', /-?\d/);
  await expect(readout(page)).toHaveAttribute('data-cursor', await readout(page).getAttribute('data-count'));
  const leaf = page.locator('[data-testid="tree-view"] .tree__node--leaf').first();
  await leaf.evaluate((g) => g.scrollIntoView({ block: 'center' }));
  const box = await leaf.locator('rect').boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const selected = page.getByTestId('node-details').getByTestId('position-board');
  await expect(selected).toHaveAttribute('data-position', /^lines 18, /);
  await expect(selected.locator('.pos__line--drawn')).toHaveCount(18);
  await expect(selected.locator('.pos__tri--a, .pos__tri--b')).toHaveCount(9);
  await keep(page, testInfo, 'triangle-war');
});

test('the board chase: the Luogu sample is BLACK 2, the pieces move with the search', async ({ page }, testInfo) => {
  await pickGame(page, 'board-chase');
  await pickPreset(page, 'board-chase', 'Luogu P4576 sample, 2 x 2 (BLACK 2)');
  await expect(page.getByTestId('judge-answer')).toHaveText('BLACK 2');
  await pickPreset(page, 'board-chase', 'Side by side: white captures at once (WHITE 1)');
  await expect(page.getByTestId('judge-answer')).toHaveText('WHITE 1');
  const { want } = await pickPreset(page, 'board-chase', '3 x 3, opposite corners');
  await expect(page.getByTestId('judge-answer')).toHaveText(want.answer);
  const current = page.getByTestId('current-position').getByTestId('position-board');
  await expect(current).toHaveAttribute('data-position', 'white 1,1 black 3,3 move 0');
  await page.getByTestId('next-cut').click();
  await expect(current).not.toHaveAttribute('data-position', 'white 1,1 black 3,3 move 0');
  await expect(current.locator('.pos__piece--white')).toHaveCount(1);
  await keep(page, testInfo, 'board-chase');
});

test('a bad position shows the CLI message', async ({ page }) => {
  await pickGame(page, 'triangle-war');
  await page.getByTestId('tree-input').fill('moves = [[2,4],[4,6]]');
  await page.getByTestId('tree-solve').click();
  await expect(page.getByTestId('tree-error')).toContainText('move 2: 4-6 is not a line of the grid');
});

for (const [kind, input] of [
  ['nim', 'n = 7'],
  ['can-i-win', 'maxChoosableInteger = 5, desiredTotal = 8'],
  ['predict-the-winner', 'nums = [3,9,1,2]'],
  ['board-chase', 'n = 3, white = [1,2], black = [3,3]'],
]) {
  test(`${kind} keeps its kind and input in the URL: a reload shows the same search`, async ({ page }) => {
    await page.goto('/?game=tree');
    await expect(page.getByTestId('tree-answer')).toBeVisible();
    await page.getByTestId('tree-game').selectOption(kind);
    await page.getByTestId('tree-input').fill(input);
    await page.getByTestId('tree-solve').click();
    await expect(page.getByTestId('tree-answer')).toHaveAttribute('data-input', input);
    const value = await page.getByTestId('tree-answer').getAttribute('data-value');
    await page.getByTestId('step-forward').click();
    await expect(page).toHaveURL(new RegExp(`kind=${kind}`));
    await expect(page).toHaveURL(/step=1/);
    await page.reload();
    await expect(page.getByTestId('tree-game')).toHaveValue(kind);
    await expect(page.getByTestId('tree-input')).toHaveValue(input);
    await expect(page.getByTestId('tree-answer')).toHaveAttribute('data-value', value);
    await expect(readout(page)).toHaveAttribute('data-cursor', '1');
  });
}

test('Compare with the transposition table: 一双木棋 3 x 3, three searches each answered in part by the table', async ({ page }) => {
  await pickGame(page, 'young-tableau');
  const { input } = await pickPreset(page, 'young-tableau', '3 x 3');
  await page.getByTestId('tree-compare-run').click();
  await expect(page.getByTestId('tree-compare')).toBeVisible();
  await expect(page.getByTestId('tree-answer')).toContainText('each with the transposition table');
  const counters = (k) => page.getByTestId(`compare-counters-${k}`);
  await toTheEnd(page);
  for (let k = 0; k < 3; k++) {
    await expect(counters(k)).toContainText('answered by the table');
    await expect(counters(k)).toContainText('done');
  }
  // Minimax with the table: as many positions as the CLI's minimax --tt, some answered by the table.
  const want = JSON.parse(execFileSync('build/perfect-play', ['solve', 'young-tableau', input, '--algo', 'minimax', '--tt', '--json'], { encoding: 'utf8' }));
  await expect(counters(0)).toHaveAttribute('data-answers', String(want.stats.tt_answers));
  expect(want.stats.tt_answers).toBeGreaterThan(0);
  await expect(counters(0)).toContainText(`${want.stats.nodes.toLocaleString('en-US')} positions`);

  // Without the table: no answers, and minimax searches more.
  await page.getByTestId('tree-tt').uncheck();
  await page.getByTestId('tree-compare-run').click();
  await expect(page.getByTestId('tree-answer')).not.toContainText('transposition table');
  await toTheEnd(page);
  await expect(counters(0)).not.toContainText('answered by the table');
  const plain = JSON.parse(execFileSync('build/perfect-play', ['solve', 'young-tableau', input, '--algo', 'minimax', '--json'], { encoding: 'utf8' }));
  expect(plain.stats.nodes).toBeGreaterThan(want.stats.nodes);
  await expect(counters(0)).toContainText(`${plain.stats.nodes.toLocaleString('en-US')} positions`);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the judge games fit: no horizontal overflow with the examples and a position drawn', async ({ page }, testInfo) => {
    // The largest boards: three searches of about a second each natively,
    // which a loaded machine stretches past the default wait for an answer.
    test.slow();
    for (const [game, label] of [
      ['young-tableau', '10 x 10, the largest board (table on: a summary)'],
      ['triangle-war', 'Fourteen lines in: a small tree'],
      ['board-chase', '20 x 20, opposite corners (a summary)'],
    ]) {
      await pickGame(page, game);
      await pickPreset(page, game, label);
      await page.getByTestId('next-cut').click();
      await expect(page.getByTestId('current-position').getByTestId('position-board')).toBeVisible();
      const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(sizes.scroll, game).toBeLessThanOrEqual(sizes.client);
    }
    await keep(page, testInfo, 'board-chase-phone');
  });
});
