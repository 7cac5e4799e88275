// The DP pillar, driven the way a person does against the real WASM: load a
// preset, step through the fill, check a cell's value and the cells it read,
// replay the optimal play to the final score; the flawed exhibit; bad input;
// a 1,000-pile Stone Game VII; the keyboard. Expected values come from the
// native CLI (build/perfect-play solve ... --json), not from this file.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures.js';

const CLI = path.resolve('build/perfect-play');
const cli = (game, input, algo = 'dp') =>
  JSON.parse(execFileSync(CLI, ['solve', game, '--json', '--algo', algo, input], { encoding: 'utf8', maxBuffer: 1 << 26 }));
const readout = (page) => page.getByTestId('readout');
const answer = (page) => page.getByTestId('dp-answer');
const cell = (page, name) => page.locator(`[data-testid="dp-cell"][data-cell="${name}"]`);

/** Opens the pillar on `game` and loads its k-th example (1-based) by clicking it. */
async function openPreset(page, game, k = 1) {
  await page.goto('/');
  await page.getByTestId('pillar-dp').click();
  await expect(answer(page)).toBeVisible();
  if (game !== 'stone-game') await page.getByTestId('dp-game').selectOption(game);
  await expect(answer(page)).toHaveAttribute('data-input', await page.getByTestId('dp-input').inputValue());
  // The preset solves again even when it is the text shown: wait for that result (runs counts them).
  const before = await answer(page).getAttribute('data-run');
  await page
    .getByTestId('dp-preset')
    .nth(k - 1)
    .click();
  const input = await page.getByTestId('dp-input').inputValue();
  await expect(answer(page)).not.toHaveAttribute('data-run', before);
  await expect(answer(page)).toHaveAttribute('data-input', input);
  await expect(readout(page)).toHaveAttribute('data-cursor', '0');
  return input;
}

test("Stone Game VII: step the fill cell by cell, a cell's value and arrows, back again, then replay the optimal play", async ({ page }, testInfo) => {
  const input = await openPreset(page, 'stone-game-vii', 1);
  const want = cli('stone-game-vii', input);
  await expect(answer(page)).toHaveAttribute('data-answer', String(want.answer));
  const n = want.table.cols;
  await expect(page.getByTestId('dp-cell')).toHaveCount((n * (n + 1)) / 2); // the upper triangle only
  await expect(page.locator('[data-testid="dp-cell"][data-state="empty"]')).toHaveCount((n * (n + 1)) / 2);

  // The diagonal first (n cells), then (0,1): the first cell that reads others.
  for (let k = 0; k <= n; k++) await page.getByTestId('next-cell').click();
  await expect(readout(page)).toContainText('Cell (0,1)');
  await expect(cell(page, '(0,1)')).toHaveAttribute('data-state', 'current');
  await expect(cell(page, '(0,1)')).toHaveAttribute('data-value', String(want.table.value[0][1]));
  const arrows = page.locator('[data-testid="dp-arrow"][data-to="(0,1)"]');
  await expect(arrows).toHaveCount(2);
  expect((await arrows.evaluateAll((els) => els.map((e) => e.dataset.from))).sort()).toEqual(['(0,0)', '(1,1)']);
  await expect(page.getByTestId('dp-formula')).toHaveAttribute('data-value', String(want.table.value[0][1]));
  await expect(page.getByTestId('dp-term')).toHaveCount(2);
  // Hover the cell: its piles light up on the strip.
  await cell(page, '(0,1)').hover();
  await expect(page.locator('[data-testid="dp-pile"][data-on="1"]')).toHaveCount(2);
  await page.mouse.move(0, 0);

  // One event back: (0,1) is not filled any more, and its last read is still shown.
  await page.getByTestId('step-back').click();
  await expect(cell(page, '(0,1)')).toHaveAttribute('data-value', '');
  await expect(page.getByTestId('dp-formula')).toHaveAttribute('data-value', '');

  // The whole table, every value as the CLI's.
  await page.getByTestId('to-end').click();
  for (let i = 0; i < n; i++) {
    for (let j = i; j < n; j++) await expect(cell(page, `(${i},${j})`)).toHaveAttribute('data-value', String(want.table.value[i][j]));
  }
  const body = await page.screenshot({ fullPage: true });
  await fs.mkdir(path.join('test-results', 'screenshots'), { recursive: true });
  await fs.writeFile(path.join('test-results', 'screenshots', 'dp-stone-game-vii.png'), body);
  await testInfo.attach('dp-stone-game-vii', { body, contentType: 'image/png' });

  // The replay: move by move to the final score, which is the table's answer.
  await page.getByTestId('dp-replay-start').click();
  const score = page.getByTestId('dp-replay-score');
  await expect(score).toHaveAttribute('data-alice', '0');
  for (let k = 0; k < want.replay.length; k++) await page.getByTestId('dp-replay-next').click();
  await expect(score).toHaveAttribute('data-done', '1');
  await expect(score).toHaveAttribute('data-alice', String(want.scores[0]));
  await expect(score).toHaveAttribute('data-bob', String(want.scores[1]));
  expect(want.scores[0] - want.scores[1]).toBe(want.answer);
  await expect(score).toContainText(`the answer: ${want.answer}`);
  await expect(page.locator('[data-testid="dp-pile"][data-owner="alice"]')).toHaveCount(want.replay.filter((m) => m.player === 0).length);
});

test('Predict the Winner: the flawed exhibit disagrees with the sound table on [1,2,99] and shows the reused memo entry', async ({ page }) => {
  await openPreset(page, 'predict-the-winner', 1);
  await page.getByTestId('dp-preset-flawed').click();
  await expect(answer(page)).toHaveAttribute('data-algo', 'flawed-memo');
  const input = await page.getByTestId('dp-input').inputValue();
  const want = cli('predict-the-winner', input, 'flawed-memo');
  expect(want.answer).not.toBe(want.correct_answer);
  await expect(page.getByTestId('dp-flawed-answer')).toContainText(String(want.answer));
  await expect(page.getByTestId('dp-sound-answer')).toContainText(String(want.correct_answer));
  await expect(page.getByTestId('dp-flawed-verdict')).toContainText('They disagree');
  const reuse = page.getByTestId('dp-reuse');
  await expect(reuse).toHaveCount(1);
  await expect(reuse).toHaveAttribute('data-cell', '(1,1)');
  await page.getByTestId('dp-reuse-go').click();
  await expect(readout(page)).toContainText('The memo answers (1,1)');
});

test("bad input gets the CLI's message beside the box and the last good table stays", async ({ page }) => {
  const good = await openPreset(page, 'stone-game', 1);
  for (const bad of ['piles = [5,3,-4,5]', 'piles = [5,3.5]', 'piles = [5,3', `[${Array(1001).fill(2).join(',')}]`]) {
    const out = spawnSync(CLI, ['solve', 'stone-game', bad], { encoding: 'utf8' });
    expect(out.status).toBe(2);
    await page.getByTestId('dp-input').fill(bad);
    await page.getByTestId('dp-solve').click();
    await expect(page.getByTestId('dp-error')).toContainText(out.stderr.trim().replace(/^perfect-play: /, ''));
    await expect(answer(page)).toHaveAttribute('data-input', good);
  }
  await expect(page.getByTestId('dp-limits')).toContainText('up to 1,000 piles');
});

test('1,000 piles of Stone Game VII answer in the worker in well under a second; the table goes to a canvas', async ({ page }) => {
  await openPreset(page, 'stone-game-vii', 1);
  await page.getByTestId('dp-preset-big').click();
  const input = await page.getByTestId('dp-input').inputValue();
  expect(input.split(',').length).toBe(1000);
  await expect(answer(page)).toHaveAttribute('data-input', input, { timeout: 15_000 });
  await expect(answer(page)).toHaveAttribute('data-answer', String(cli('stone-game-vii', input).answer));
  expect(Number(await answer(page).getAttribute('data-ms'))).toBeLessThan(1000);
  await expect(page.getByTestId('dp-canvas')).toBeVisible();
  await expect(page.getByTestId('dp-cell')).toHaveCount(0); // no SVG cell per table cell
  // The page still answers at once: play at full speed, then stop.
  await page.getByTestId('to-end').click();
  await expect(readout(page)).toHaveAttribute('data-count', '500500');
  const t0 = Date.now();
  await page.getByTestId('to-start').click();
  await expect(readout(page)).toHaveAttribute('data-cursor', '0');
  expect(Date.now() - t0).toBeLessThan(3000);
});

test('the keyboard: arrows step an event, Shift+arrows a cell, Home and End, Space plays', async ({ page }) => {
  await openPreset(page, 'stone-game', 1);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ArrowRight');
  await expect(readout(page)).toHaveAttribute('data-cursor', '1');
  await page.keyboard.press('ArrowRight');
  await expect(readout(page)).toHaveAttribute('data-cursor', '2');
  await page.keyboard.press('ArrowLeft');
  await expect(readout(page)).toHaveAttribute('data-cursor', '1');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(readout(page)).toHaveAttribute('data-kind', '20'); // on a DP_CELL
  const atCell = Number(await readout(page).getAttribute('data-cursor'));
  expect(atCell).toBeGreaterThan(1);
  await page.keyboard.press('Shift+ArrowLeft');
  expect(Number(await readout(page).getAttribute('data-cursor'))).toBeLessThan(atCell);
  await page.keyboard.press('End');
  const count = await readout(page).getAttribute('data-count');
  await expect(readout(page)).toHaveAttribute('data-cursor', count);
  await page.keyboard.press('Home');
  await expect(readout(page)).toHaveAttribute('data-cursor', '0');
  await page.keyboard.press(' ');
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', 'Pause');
  await expect.poll(async () => Number(await readout(page).getAttribute('data-cursor'))).toBeGreaterThan(0);
  await page.keyboard.press(' ');
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', 'Play');
});

test('a copied link reproduces the step and the selected cell; the embed shows the table alone', async ({ page, context }) => {
  const input = await openPreset(page, 'stone-game-vii', 1);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowRight');
  await expect(readout(page)).toHaveAttribute('data-cursor', '30');
  await cell(page, '(0,2)').click();
  await expect(page.getByTestId('dp-details')).toHaveAttribute('data-cell', '(0,2)');
  await page.locator('h1').click();
  await page.getByTestId('share-open').click();
  const link = await page.getByTestId('share-link').inputValue();
  await page.getByTestId('share-close').click();
  expect(link).toContain('game=stone-game-vii');
  expect(link).toContain('step=30');
  expect(link).toContain('sel=2'); // (0,2): row 0, column 2 of 5

  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByTestId('dp-answer')).toHaveAttribute('data-input', input);
  await expect(other.getByTestId('readout')).toHaveAttribute('data-cursor', '30');
  await expect(other.getByTestId('dp-details')).toHaveAttribute('data-cell', '(0,2)');
  expect(await other.getByTestId('dp-table').innerHTML()).toBe(await page.getByTestId('dp-table').innerHTML());

  await other.goto(`/embed.html?game=stone-game-vii&input=${encodeURIComponent(input)}&step=30&controls=minimal`);
  await expect(other.getByTestId('readout')).toHaveAttribute('data-cursor', '30');
  await expect(other.getByTestId('dp-input')).toHaveCount(0);
  await expect(other.getByTestId('next-cell')).toHaveCount(0);
  await other.getByTestId('step-forward').click();
  await expect(other.getByTestId('readout')).toHaveAttribute('data-cursor', '31');
  await other.goto(`/embed.html?game=stone-game-vii&input=${encodeURIComponent(input)}&step=30&controls=none`);
  await expect(other.getByTestId('dp-table')).toBeVisible();
  await expect(other.getByTestId('dp-player')).toHaveCount(0);
  await expect(cell(other, '(0,2)')).toHaveAttribute('data-state', 'current');
});

test('Stone Game VI: the exchange argument on the numbers of the pick clicked and the next one', async ({ page }) => {
  const input = await openPreset(page, 'stone-game-vi', 3); // aliceValues = [2,4,3], bobValues = [1,6,7]
  const want = cli('stone-game-vi', input);
  await expect(answer(page)).toHaveAttribute('data-answer', String(want.answer));
  const exchange = page.getByTestId('dp-exchange');
  await page.getByRole('button', { name: 'To the end' }).click();
  // Pick 2: Bob takes stone 2 (b 7, a + b 10), then Alice stone 0 (a 2, a + b 3).
  await cell(page, '(1)').click();
  await page.mouse.move(0, 0); // the click keeps it selected
  const numbers = page.getByTestId('dp-exchange-numbers');
  await expect(numbers).toHaveAttribute('data-cost', '7');
  await expect(numbers).toContainText('Pick 2: Bob takes stone 2 (a + b = 10), then Alice stone 0 (a + b = 3)');
  await expect(numbers).toContainText('As played: Bob 7, Alice 2: Bob − Alice = 5');
  await expect(numbers).toContainText('Exchanged: Bob 1, Alice 3: Bob − Alice = -2');
  // Back at the start, the same pick is not dealt yet: no numbers before their time.
  await page.getByRole('button', { name: 'To the start' }).click();
  await expect(exchange).toContainText('Picks 2 and 3 are not dealt yet');
  await expect(numbers).toHaveCount(0);
  // Pick 1: stones 1 and 2 have the same a + b: exchanging them costs nothing.
  await page.getByRole('button', { name: 'To the end' }).click();
  await cell(page, '(0)').click();
  await page.mouse.move(0, 0);
  await expect(numbers).toHaveAttribute('data-cost', '0');
  await expect(numbers).toContainText('either order is optimal');
});

test('before the fill, a click selects a cell not computed yet, and the table stays put as the focus comes and goes', async ({ page }) => {
  await openPreset(page, 'stone-game-vii', 1);
  const table = page.getByTestId('dp-table');
  // Where the table is in the page, not the viewport: the click may scroll the cell into view.
  const pageY = () => table.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  const before = { y: await pageY() };
  await cell(page, '(0,1)').click(); // fails if the table moved away from under the pointer (it did: the formula line appeared)
  await page.mouse.move(0, 0);
  await expect(page.getByTestId('dp-details')).toHaveAttribute('data-cell', '(0,1)');
  await expect(page.getByTestId('dp-formula')).toContainText('(0,1) = ?');
  expect(await pageY()).toBe(before.y);
  await cell(page, '(0,1)').click(); // a second click lets go
  await page.mouse.move(0, 0);
  await expect(page.getByTestId('dp-formula')).toHaveCount(0);
  expect(await pageY()).toBe(before.y);
});
