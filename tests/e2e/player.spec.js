// The player: stepping, playing, scrubbing, jumping, and the linked views,
// driven the way a person does, against the real WASM solver.
import { expect, openApp, test } from './fixtures.js';

const readout = (page) => page.getByTestId('readout');
const cursorOf = async (page) => Number(await readout(page).getAttribute('data-cursor'));

/** Everything a step changes that we can read: both grids' pixels, the highlighted line, the counters. */
async function picture(page) {
  await page.waitForFunction(() => {
    const cursor = document.querySelector('[data-testid="readout"]').dataset.cursor;
    return [...document.querySelectorAll('.outcome-grid canvas')].every((c) => c.dataset.painted === cursor);
  });
  return page.evaluate(() => ({
    mouse: document.querySelector('[data-testid="grid-mouse"] canvas').toDataURL(),
    cat: document.querySelector('[data-testid="grid-cat"] canvas').toDataURL(),
    step: document.querySelector('[data-testid="pseudocode"]').dataset.step,
    line: document.querySelector('[data-testid="pseudocode"] [aria-current="step"]')?.textContent ?? '',
    queue: document.querySelector('[data-testid="queue-panel"]').textContent,
    counts: document.querySelector('[data-testid="grid-mouse-counts"]').textContent,
  }));
}

async function toStart(page) {
  await page.getByRole('button', { name: 'To the start' }).click();
  await expect(readout(page)).toHaveAttribute('data-cursor', '0');
}

test('stepping with buttons and keys colours the grids and moves the pseudocode line; back restores the picture', async ({ page }) => {
  await openApp(page);
  await page.mouse.move(0, 0);
  await expect(readout(page)).toHaveAttribute('data-cursor', '214'); // a result opens at its end
  await expect(page.getByTestId('pseudocode').locator('[aria-current="step"]')).toContainText('never decided is a draw');
  await toStart(page);
  const start = await picture(page);
  expect(start.counts).toBe('0 mouse wins · 0 cat wins · 0 draws · 30 undecided');
  expect(start.line).toBe('');

  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(readout(page)).toHaveAttribute('data-cursor', '1');
  await expect(readout(page)).toContainText('SEED');
  await expect(page.getByTestId('pseudocode')).toHaveAttribute('data-step', '1');
  const one = await picture(page);
  expect(one.mouse === start.mouse && one.cat === start.cat).toBe(false); // a cell was coloured
  expect(one.line).toContain('Seed');

  // Keys, by one event and by one decision, to past the seeds.
  await page.getByRole('button', { name: 'Step forward' }).blur();
  for (let i = 0; i < 23; i++) await page.keyboard.press('ArrowRight');
  await expect(readout(page)).toHaveAttribute('data-cursor', '24');
  await page.keyboard.press('Shift+ArrowRight');
  const afterDecision = await cursorOf(page);
  expect(afterDecision).toBeGreaterThan(24);
  expect(['1', '4', '6']).toContain(await readout(page).getAttribute('data-step'));
  const mid = await picture(page);
  for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
  const later = await picture(page);
  expect(later.step).not.toBe('');
  expect(later).not.toEqual(mid);
  // Back: six keys and six button presses restore the exact picture.
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowLeft');
  for (let i = 0; i < 6; i++) await page.getByRole('button', { name: 'Step back' }).click();
  await expect(readout(page)).toHaveAttribute('data-cursor', String(afterDecision));
  expect(await picture(page)).toEqual(mid);
  await page.keyboard.press('Shift+ArrowLeft');
  expect(await cursorOf(page)).toBeLessThan(afterDecision);
  await page.keyboard.press('Home');
  await expect(readout(page)).toHaveAttribute('data-cursor', '0');
  expect(await picture(page)).toEqual(start);
  await page.keyboard.press('End');
  await expect(readout(page)).toHaveAttribute('data-cursor', '214');
  await expect(page.getByTestId('grid-mouse-counts')).toHaveText('17 mouse wins · 10 cat wins · 3 draws');
});

test('play and pause, with the button and with Space', async ({ page }) => {
  await openApp(page);
  await toStart(page);
  const play = page.getByTestId('play');
  await play.click();
  await expect(play).toHaveAttribute('aria-label', 'Pause');
  await expect.poll(() => cursorOf(page)).toBeGreaterThan(3);
  await play.click();
  await expect(play).toHaveAttribute('aria-label', 'Play');
  const paused = await cursorOf(page);
  await page.waitForTimeout(400);
  expect(await cursorOf(page)).toBe(paused);
  await play.blur();
  await page.keyboard.press('Space');
  await expect(play).toHaveAttribute('aria-label', 'Pause');
  await expect.poll(() => cursorOf(page)).toBeGreaterThan(paused);
  await page.keyboard.press('Space');
  await expect(play).toHaveAttribute('aria-label', 'Play');
  // At full speed it plays to the end and stops.
  const speed = page.getByRole('slider', { name: 'Speed' });
  await speed.focus();
  await page.keyboard.press('End');
  await expect(page.getByTestId('speed')).toHaveText('100,000/s');
  await play.click();
  await expect(readout(page)).toHaveAttribute('data-cursor', '214');
  await expect(play).toHaveAttribute('aria-label', 'Play');
});

test('scrubbing the timeline goes straight to an event, both ways', async ({ page }) => {
  await openApp(page);
  const timeline = page.getByRole('slider', { name: 'Timeline' });
  await timeline.fill('100');
  await expect(readout(page)).toHaveAttribute('data-cursor', '100');
  await expect(page.getByTestId('event-number')).toContainText('Event #99');
  const at100 = await picture(page);
  await timeline.fill('7');
  await expect(readout(page)).toHaveAttribute('data-cursor', '7');
  await timeline.fill('100');
  await expect(readout(page)).toHaveAttribute('data-cursor', '100');
  const again = await picture(page);
  for (const key of Object.keys(at100)) expect(again[key], key).toEqual(at100[key]);
});

test('a grid click selects a state everywhere; the neighbourhood and "why" walk to its decision', async ({ page }) => {
  await openApp(page);
  // Example 1, cat to move, mouse on 4 and cat on 3.
  const canvas = page.getByTestId('grid-cat').locator('canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  const cell = (box.width - 22) / 6;
  await page.mouse.click(box.x + 22 + 3.5 * cell, box.y + 22 + 4.5 * cell);
  const board = page.getByTestId('board').locator('svg');
  await expect(board).toHaveAttribute('data-mouse', '4');
  await expect(board).toHaveAttribute('data-cat', '3');
  await expect(board).toHaveAttribute('data-turn', 'cat');
  const id = String(36 + 4 * 6 + 3);
  await expect(page.getByTestId('neighbourhood')).toHaveAttribute('data-state', id);
  await expect(page.getByTestId('neighbourhood')).toContainText('Neighbourhood of (4,3,cat)');
  await expect(page.getByTestId('why')).toContainText('Why? (4,3,cat)');
  await expect(page.getByTestId('why-text')).toContainText('cat wins in 1: the cat moves to');

  // Jump to the event that decides it: a COLOR event naming it, at step 4.
  await page.getByTestId('jump-to-decision').click();
  await expect(readout(page)).toContainText('COLOR (4,3,cat): cat wins in 1, its mover wins by this move');
  await expect(readout(page)).toHaveAttribute('data-step', '4');
  await expect(page.getByTestId('pseudocode').locator('[aria-current="step"]')).toHaveAttribute('data-step', '4');
  // One event earlier it is undecided.
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('why-text')).toHaveText('Not decided yet at this event.');

  // A child in the neighbourhood is one click away, and the board follows.
  await page.keyboard.press('End');
  await page.getByTestId('neighbourhood').locator('[data-state]').filter({ hasText: '(4,4,mouse)' }).first().click();
  await expect(board).toHaveAttribute('data-cat', '4');
  await expect(board).toHaveAttribute('data-turn', 'mouse');
  await expect(page.getByTestId('why-text')).toContainText('The game is over here');
});

test('the memo counterexample: the flawed search, its wrong labels and the cycle cut behind them', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Memo DFS counterexample' }).click();
  await expect(page.getByRole('radio', { name: /DFS with memo/ })).toBeChecked();
  await expect(page.getByText('FLAWED', { exact: false }).first()).toBeVisible();
  await expect(page.getByTestId('answer')).toHaveText('Draw');
  await expect(page.getByTestId('truth')).toContainText('Retrograde (correct): Cat wins');
  const rows = page.getByTestId('wrong-states').locator('tbody tr');
  await expect(rows).toHaveCount(7);
  await expect(page.getByTestId('wrong-states')).toContainText('(5,3,mouse)');
  await expect(rows.filter({ hasText: '(1,2,mouse)' })).toContainText('cat wins in 6');
  await expect(rows.filter({ hasText: '(1,2,mouse)' })).toContainText('#45 (4,3,cat)');
  const explanation = page.getByTestId('explanation');
  await expect(explanation).toContainText('(4,3,cat) → (4,2,mouse) → (5,2,cat) → (5,3,mouse) → (4,3,cat)');
  await expect(explanation).toContainText('although the cat wins in 6');
  await explanation.getByRole('button', { name: 'event 45' }).click();
  await expect(page.getByTestId('event-number')).toContainText('Event #45');
  await expect(readout(page)).toContainText('CYCLE (4,3,cat): already on the path, called a draw');
  await expect(page.getByTestId('pseudocode')).toHaveAttribute('data-step', '3');
  await expect(page.getByTestId('path-depth')).toHaveText('11');
  await explanation.getByRole('button', { name: 'event 83' }).click();
  await expect(readout(page)).toContainText('MEMO_HIT (5,2,cat): draw, read from the memo');

  // The naive search, exact, finds the cat's win.
  await page.getByRole('radio', { name: /Naive DFS/ }).check();
  await expect(page.getByTestId('answer')).toHaveText('Cat wins');
  await expect(page.getByTestId('search-verdict')).toContainText('They agree');
});

test('naive DFS on a big graph: the budget message', async ({ page }) => {
  await openApp(page);
  await page.getByRole('radio', { name: /Naive DFS/ }).check();
  await expect(page.getByTestId('answer')).toHaveText('Draw'); // example 1, exact
  await page.getByRole('button', { name: 'Random, 60 nodes' }).click();
  await expect(page.getByTestId('budget-message')).toContainText('Budget exhausted after 200,000 states');
  await expect(page.getByTestId('answer')).toHaveText('No answer');
  // The search so far still plays: a path that never emptied.
  expect(Number((await page.getByTestId('path-depth').textContent()).replaceAll(',', ''))).toBeGreaterThan(0);
});

test('big graphs: a coarse trace says so, a huge one shows the final result only', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Complete, 200 nodes' }).click();
  await expect(page.getByTestId('trace-note')).toHaveAttribute('data-mode', 'coarse');
  await expect(page.getByTestId('trace-note')).toContainText('only the decisions are animated');
  await expect(readout(page)).toHaveAttribute('data-count', '79600');
  await expect(page.getByTestId('board').locator('svg')).toHaveAttribute('data-nodes', '200');
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(readout(page)).toHaveAttribute('data-cursor', '1');
});
