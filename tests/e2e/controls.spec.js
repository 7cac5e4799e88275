// A control shown while work runs keeps its element while the progress
// messages arrive. A person's click is a press and a release on the same
// element: a button re-created, or moved from under the pointer, between the
// two is a lost click (on a slow phone, a long solve that cannot be stopped).
// Each test presses the mouse on a control, lets several progress messages
// arrive, checks the pressed element is still the control's, releases, and
// checks the control did its work.
import { expect, lightsPuzzle, openApp, startLongSolve, test } from './fixtures.js';

/**
 * Presses `control` the moment it can be pressed, waits until `progress()`
 * has changed `times` times (it must stay non-null: the work still runs),
 * checks the control is still the same node, in the same place, under the
 * pointer, and releases the mouse there.
 */
async function holdThroughProgress(page, control, progress, times = 3) {
  await expect(control).toBeVisible();
  // One round trip: the page may be slowed down, and the work may end.
  const box = await control.evaluate((el) => {
    el.scrollIntoView({ block: 'center' });
    el.ppPressed = true;
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 0; i < times; i++) {
    const before = await progress();
    expect(before, 'the work is still running').not.toBeNull();
    await expect.poll(progress).not.toBe(before);
    expect(await progress(), 'the work is still running').not.toBeNull();
  }
  const now = await control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { same: el.ppPressed === true, box: { x: r.x, y: r.y, width: r.width, height: r.height } };
  });
  expect(now.same, 'the control is the node that was pressed').toBe(true);
  expect(now.box, 'the control has not moved from under the pointer').toEqual(box);
  await page.mouse.up();
}

/** The text of the element with this test id, or null once it is gone (one look, no waiting). */
const textOf = (page, testid) => () =>
  page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null, testid);
/** An attribute of the element with this test id, or null once it is gone. */
const attrOf = (page, testid, attr) => () =>
  page.evaluate(([id, name]) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute(name) ?? null, [testid, attr]);

test('Cat and Mouse: Cancel held down while the solve reports progress cancels it, the last answer kept', async ({ page }) => {
  await openApp(page);
  await startLongSolve(page);
  await holdThroughProgress(page, page.getByRole('button', { name: 'Cancel' }), attrOf(page, 'progress', 'data-relaxations'));
  await expect(page.getByTestId('progress')).toHaveCount(0);
  await expect(page.getByTestId('answer')).toHaveText('Draw');
  await expect(page.getByTestId('stats')).toContainText('60 states');
});

test('the player: a step held down while a solve reports progress steps once', async ({ page }) => {
  await openApp(page);
  const readout = page.getByTestId('readout');
  const count = Number(await readout.getAttribute('data-count'));
  await page.getByTestId('to-start').click();
  await expect(readout).toHaveAttribute('data-cursor', '0');
  await startLongSolve(page);
  await holdThroughProgress(page, page.getByTestId('step-forward'), attrOf(page, 'progress', 'data-relaxations'));
  await expect(readout).toHaveAttribute('data-cursor', '1');
  await expect(readout).toHaveAttribute('data-count', String(count));
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('progress')).toHaveCount(0);
});

test('the player: Pause held down while it plays pauses it', async ({ page }) => {
  await openApp(page);
  const readout = page.getByTestId('readout');
  await page.getByTestId('to-start').click();
  await page.getByTestId('play').click();
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', 'Pause');
  // the progress of playing: the cursor moving on
  await holdThroughProgress(page, page.getByTestId('play'), async () => {
    const c = await readout.getAttribute('data-cursor');
    return c === (await readout.getAttribute('data-count')) ? null : c;
  });
  await expect(page.getByTestId('play')).toHaveAttribute('aria-label', 'Play');
  await expect(page.getByTestId('narration')).toContainText('Step ');
});

test('Connect Four: the analysis\'s Cancel held down while it reports progress cancels it', async ({ page }) => {
  await page.goto('/?game=tree&kind=connect-four&moves=2266&size=7x6');
  const status = page.getByTestId('c4-status');
  await expect(status).toHaveAttribute('data-state', 'solving');
  await holdThroughProgress(page, page.getByTestId('c4-cancel'), attrOf(page, 'c4-progress', 'data-nodes'));
  await expect(status).toHaveAttribute('data-state', 'idle');
  await expect(status).toContainText('not solved (cancelled)');
});

test('Connect Four: Compare\'s Cancel held down while the stages report progress cancels them', async ({ page }) => {
  await page.goto('/?game=tree&kind=connect-four&moves=&size=7x6');
  await expect(page.getByTestId('c4-status')).toHaveAttribute('data-state', 'solved'); // the empty board's columns, from the book
  for (const s of ['minimax', 'alphabeta', 'centre-first']) await page.getByTestId(`c4-stage-${s}`).uncheck();
  for (const s of ['bitboard', 'tt', 'iterative', 'anticipate', 'threats', 'strongest']) await page.getByTestId(`c4-stage-${s}`).check();
  await page.getByTestId('c4-compare-run').click();
  await expect(page.getByTestId('c4-compare-status')).toHaveAttribute('data-state', 'running');
  await holdThroughProgress(page, page.getByTestId('c4-compare-cancel'), attrOf(page, 'c4-compare-progress', 'data-nodes'));
  await expect(page.getByTestId('c4-compare-status')).toHaveAttribute('data-state', 'idle');
  await expect(page.getByTestId('c4-compare-progress')).toHaveCount(0);
});

test('chess: the build\'s Cancel held down while the table grows cancels it', async ({ page }) => {
  await page.goto('/?game=chess-endgame');
  const app = page.getByTestId('chess-app');
  await expect(app).toHaveAttribute('data-state', 'ready');
  await expect(app).toHaveAttribute('data-busy', 'false');
  await page.getByTestId('chess-material').selectOption('KPKP');
  await expect(app).toHaveAttribute('data-state', 'building');
  await holdThroughProgress(page, page.getByTestId('chess-cancel'), textOf(page, 'chess-build'));
  await expect(page.getByTestId('chess-error')).toHaveText('Cancelled: the table was not built.');
});

test('your game: Cancel held down while a long solve runs stops it, the last answer and graph kept', async ({ page }) => {
  await page.goto('/?game=gdl');
  const answer = page.getByTestId('gdl-answer');
  await expect(answer).toHaveAttribute('data-answer', 'draw'); // tic-tac-toe, the first example
  const nodes = await page.getByTestId('state-graph').getAttribute('data-nodes');
  // 2^20 states: seconds of solving in the worker (2^17 solve in under a second), so Cancel,
  // held for a few tenths of a second, is pressed and released while it runs.
  await page.getByTestId('gdl-text').fill(lightsPuzzle(20));
  await expect(page.getByTestId('gdl-progress')).toBeVisible();
  // Hold Cancel down while the solve's clock ticks.
  await holdThroughProgress(page, page.getByTestId('gdl-cancel'), attrOf(page, 'gdl-progress', 'data-tenths'));
  await expect(page.getByTestId('gdl-progress')).toHaveCount(0);
  await expect(page.getByTestId('gdl-status')).toHaveText('Cancelled; the graph shows the last rules that solved.');
  await expect(answer).toHaveAttribute('data-answer', 'draw');
  await expect(page.getByTestId('state-graph')).toHaveAttribute('data-nodes', nodes);
  // The restarted worker solves the next rules.
  await page.getByTestId('gdl-example').selectOption({ label: 'Tower of Hanoi, 3 discs' });
  await expect(answer).toHaveText('solved in 7 moves, goal 100');
  await expect(page.getByTestId('gdl-status')).toContainText('170 states'); // placements of the discs by move count, up to 10
});
