// Connect Four in the Game trees tab, on the real WASM in the
// worker: the score of every column and the best moves as the native CLI
// gives them, clicks and keys playing columns, undo and redo, playing
// against the solver, Compare of the stages, the generic search animated,
// a dedicated stage's search stepped through (table hits, probes, back),
// and links (hostile values refused with a message). Every wait is on a
// data-* state the page exposes.
import { execFileSync } from 'node:child_process';
import { expect, test } from './fixtures.js';

// Late 7x6 positions from random play (tests/js/helpers/random-play.mjs, seed 2026), X to move.
const MIXED = '7122371215573455743561'; // columns from -1 to +10
const OTHER = '6776223356371136637553';
const DEEPER = '6776223356371136637'; // O to move: a draw, tens of thousands of positions for the strongest stage

function cli(moves, size = '7x6') {
  return JSON.parse(execFileSync('build/perfect-play', ['solve', 'connect-four', '--json', '--size', size, moves], { encoding: 'utf8' }));
}

const status = (page) => page.getByTestId('c4-status');

/** Waits until the page shows the solved position `moves`. */
async function solved(page, moves) {
  await expect(status(page)).toHaveAttribute('data-moves', moves);
  await expect(status(page)).toHaveAttribute('data-state', 'solved');
}

async function expectColumns(page, moves, size = '7x6') {
  const want = cli(moves, size);
  await solved(page, moves);
  await expect(status(page)).toHaveAttribute('data-score', String(want.answer));
  await expect(status(page)).toHaveAttribute('data-best', want.best_moves.join(','));
  for (let c = 0; c < want.columns.length; c++) {
    await expect(page.getByTestId(`c4-score-${c + 1}`)).toHaveAttribute('data-score', want.columns[c] === null ? '' : String(want.columns[c]));
  }
  return want;
}

test('a link opens the position: every column scored as the CLI scores it, in signs and words', async ({ page }) => {
  await page.goto(`/?game=tree&kind=connect-four&size=7x6&moves=${MIXED}`);
  const want = await expectColumns(page, MIXED);
  // readable without colour: signed numbers under the columns, and the score in words
  await expect(page.getByTestId('c4-score-3')).toHaveText('+10');
  await expect(page.getByTestId('c4-score-1')).toHaveText('−1');
  await expect(status(page)).toContainText(`X to move. With perfect play: X wins with its ${22 - want.answer}th stone`);
  await expect(page.getByTestId('c4-col-1')).toHaveAttribute('aria-label', /O wins .* \(score −1\)/);
});

test('clicking and typing columns play them; undo and redo step back and forward', { tag: '@slow-cpu' }, async ({ page }) => {
  await page.goto(`/?game=tree&kind=connect-four&moves=${OTHER}`);
  await solved(page, OTHER);
  await page.getByTestId('c4-col-1').click();
  await expectColumns(page, `${OTHER}1`);
  await expect(page).toHaveURL(new RegExp(`moves=${OTHER}1`));
  // the keyboard: a column's digit on the focused board
  await page.getByTestId('c4-col-2').focus();
  await page.keyboard.press('2');
  await expectColumns(page, `${OTHER}12`);
  await page.getByTestId('c4-undo').click();
  await solved(page, `${OTHER}1`);
  await page.getByTestId('c4-undo').click();
  await solved(page, OTHER);
  await page.getByTestId('c4-redo').click();
  await solved(page, `${OTHER}1`);
  // a winning column ends the game
  await page.getByTestId('c4-moves').fill(`${OTHER}4`);
  await page.getByTestId('c4-set').click();
  await expect(status(page)).toHaveAttribute('data-state', 'over');
  await expect(status(page)).toContainText('X has four in a row');
  // typing the sequence, and an impossible one named by its move
  await page.getByTestId('c4-moves').fill('4444444');
  await page.getByTestId('c4-set').click();
  await expect(page.getByTestId('c4-moves-error')).toHaveText("Move 7 ('4'): column 4 is full.");
  await page.getByTestId('c4-moves').fill(MIXED);
  await page.getByTestId('c4-set').click();
  await expectColumns(page, MIXED);
});

test('playing against the solver: it answers with a best move; undo takes back the move and its reply', { tag: '@slow-cpu' }, async ({ page }) => {
  await page.goto(`/?game=tree&kind=connect-four&moves=${MIXED}`);
  await solved(page, MIXED);
  await page.getByTestId('c4-mode').selectOption('play-x');
  await expect(page.getByTestId('c4-score-1')).toHaveCount(0); // no hints unless asked for
  await page.getByTestId('c4-col-4').click();
  // the solver (O) replies: two moves more, its column among the CLI's best
  await expect(status(page)).toHaveAttribute('data-moves', new RegExp(`^${MIXED}4[1-7]$`));
  await expect(status(page)).toHaveAttribute('data-state', 'solved');
  const now = await status(page).getAttribute('data-moves');
  expect(cli(`${MIXED}4`).best_moves).toContain(Number(now.at(-1)));
  await expect(status(page)).toContainText('Your move (X)');
  await page.keyboard.press('u'); // U undoes too
  await solved(page, MIXED);
  await page.getByTestId('c4-show-scores').check();
  await expect(page.getByTestId('c4-score-3')).toHaveText('+10');
});

test('the solver plays first when you take O, and a won game says so', async ({ page }) => {
  const seq = '4455667'.slice(0, 6); // X threatens 3 and 7
  await page.goto(`/?game=tree&kind=connect-four&moves=${seq}&mode=play-o`);
  // X (the solver) wins at once: the game is over, four in a row
  await expect(status(page)).toHaveAttribute('data-state', 'over');
  await expect(status(page)).toContainText('X has four in a row (move 7)');
  expect(['3', '7']).toContain((await status(page).getAttribute('data-moves')).at(-1));
});

test('Compare runs the chosen stages on the position: a table and a bar chart', async ({ page }) => {
  await page.goto(`/?game=tree&kind=connect-four&moves=${DEEPER}`);
  await solved(page, DEEPER);
  // plain alpha-beta needs far more than its budget of 10 million positions here
  await page.getByTestId('c4-stage-alphabeta').check();
  await page.getByTestId('c4-stage-iterative').uncheck();
  await page.getByTestId('c4-compare-run').click();
  await expect(page.getByTestId('c4-compare-status')).toHaveAttribute('data-state', 'done');
  const rows = page.getByTestId('c4-compare-table').locator('tbody tr');
  await expect(rows).toHaveCount(6);
  const answer = String(cli(DEEPER).answer);
  const nodes = {};
  for (const row of await rows.all()) {
    const stage = await row.getAttribute('data-stage');
    await expect(row).toHaveAttribute('data-score', stage === 'alphabeta' ? '' : answer);
    nodes[stage] = Number(await row.getAttribute('data-nodes'));
  }
  expect(Object.keys(nodes)).toEqual(['alphabeta', 'bitboard', 'tt', 'anticipate', 'threats', 'strongest']);
  await expect(rows.first()).toContainText('over budget');
  expect(nodes.alphabeta).toBe(10_000_000);
  expect(nodes.strongest).toBeLessThan(nodes.tt);
  expect(nodes.tt).toBeLessThan(nodes.bitboard);
  await expect(page.getByTestId('c4-compare-chart').locator('rect[data-stage]')).toHaveCount(6);
  // the null windows of the strongest stage close in on the score
  const probes = page.getByTestId('c4-probes').locator('details[data-stage="strongest"] li');
  expect(await probes.count()).toBeGreaterThan(0);
  await expect(probes.last()).toHaveAttribute('data-lo', answer);
  await expect(probes.last()).toHaveAttribute('data-hi', answer);
  // the link now reproduces the figure
  await expect(page).toHaveURL(/stages=alphabeta%2Cbitboard%2Ctt%2Canticipate%2Cthreats%2Cstrongest|stages=alphabeta,bitboard,tt,anticipate,threats,strongest/);
});

test('a link with stages runs Compare at once, as a live figure', async ({ page }) => {
  await page.goto(`/?game=tree&kind=connect-four&moves=${OTHER}&stages=bitboard,tt`);
  await expect(page.getByTestId('c4-compare-status')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('c4-compare-table').locator('tbody tr')).toHaveCount(2);
});

test('the generic search is animated with the tree player and the dot overview', async ({ page }) => {
  await page.goto(`/?game=tree&kind=connect-four&moves=${MIXED}`);
  await solved(page, MIXED);
  await page.getByTestId('c4-search-tt').check();
  await page.getByTestId('c4-search-run').click();
  const res = page.getByTestId('c4-search-result');
  await expect(res).toHaveAttribute('data-value', String(cli(MIXED).answer)); // X to move: X's score
  await expect(page.getByTestId('tree-player')).toBeVisible();
  await expect(page.getByTestId('stat-tt')).toBeVisible();
  await page.getByRole('button', { name: 'To the end' }).click();
  await expect(page.getByTestId('readout')).toHaveAttribute('data-cursor', await res.getAttribute('data-events'));
});

test("a dedicated stage's search in the player: a table hit, a null-window probe narrowing the bounds, and back", async ({ page }) => {
  await page.goto(`/?game=tree&kind=connect-four&moves=${DEEPER}`);
  await solved(page, DEEPER);
  await page.getByTestId('c4-search-stage').selectOption('strongest');
  await page.getByTestId('c4-search-run').click();
  const res = page.getByTestId('c4-search-result');
  await expect(res).toHaveAttribute('data-dedicated', 'true');
  await expect(res).toHaveAttribute('data-value', String(cli(DEEPER).answer)); // the score for the side to move
  const readout = page.getByTestId('readout');
  const event = page.getByTestId('c4-trace-event');
  const code = page.getByTestId('c4-code');
  await expect(readout).toHaveAttribute('data-cursor', '0');
  // 1. the solve enters with the bounds on the score, then the first null-window probe
  await page.getByTestId('step-forward').click();
  await expect(code).toHaveAttribute('data-step', '11');
  await page.getByTestId('step-forward').click();
  await expect(event).toHaveAttribute('data-kind', '28');
  await expect(code).toHaveAttribute('data-step', '12');
  await expect(event).toContainText('Null-window probe');
  const probes = page.getByTestId('c4-trace-probes').locator('li');
  await expect(probes).toHaveCount(1);
  const med = Number(await probes.first().getAttribute('data-med'));
  await expect(event).toContainText(`[${med}, ${med + 1}]`);
  // 2. on from one table hit, probe or cut-off to the next until a table hit
  let kind = '';
  for (let i = 0; i < 400 && kind !== '14'; i++) {
    const before = await readout.getAttribute('data-cursor');
    await page.getByTestId('next-cut').click();
    await expect(readout).not.toHaveAttribute('data-cursor', before);
    kind = await event.getAttribute('data-kind');
  }
  expect(kind).toBe('14');
  await expect(event).toContainText(/Table hit|Enhanced cutoff/);
  await expect(event).toHaveAttribute('data-hit', /^(cut|narrow|none)$/);
  await expect(code.locator('[aria-current="step"]')).toHaveAttribute('data-line', /^[45]$/);
  expect(await page.getByTestId('c4-stat-tt-hits').textContent()).toMatch(/^[1-9][\d,]* so far/);
  // 3. step back: the event before the hit, and forward onto it again
  const at = await readout.getAttribute('data-cursor');
  await page.getByTestId('step-back').click();
  await expect(readout).toHaveAttribute('data-cursor', String(Number(at) - 1));
  await expect(event).not.toHaveAttribute('data-kind', '14');
  await page.keyboard.press('ArrowRight');
  await expect(readout).toHaveAttribute('data-cursor', at);
  await expect(event).toHaveAttribute('data-kind', '14');
  // 4. at the end the probes have closed the bounds on the score; one step back reopens the last answer's line
  await page.getByRole('button', { name: 'To the end' }).click();
  await expect(readout).toHaveAttribute('data-cursor', await res.getAttribute('data-events'));
  const score = String(cli(DEEPER).answer);
  await expect(probes.last()).toHaveAttribute('data-lo', score);
  await expect(probes.last()).toHaveAttribute('data-hi', score);
  await expect(code).toHaveAttribute('data-step', '15');
  await page.getByTestId('step-back').click();
  await expect(code).toHaveAttribute('data-step', '14');
  await expect(event).toHaveAttribute('data-probe', 'yes');
  await expect(page.getByTestId('c4-stat-probes')).toContainText(`[${score}, ${score}]`);
});

test('hostile link values get a clear message and a sound board', async ({ page }) => {
  await page.goto('/?game=tree&kind=connect-four&size=9x7&moves=%3Cscript%3E');
  const errors = page.getByTestId('c4-link-error');
  await expect(errors).toHaveCount(2);
  await expect(errors.first()).toContainText('"9x7" is not one of 4x4 to 9x9');
  await expect(errors.nth(1)).toContainText("Move 1 ('<'): not a column");
  await expect(status(page)).toHaveAttribute('data-size', '7x6');
  await expect(status(page)).toHaveAttribute('data-moves', '');
  // a smaller board, played and solved in the page
  await page.getByTestId('c4-size').selectOption('4x4');
  await expectColumns(page, '', '4x4');
  await expect(page).toHaveURL(/size=4x4/);
});

test('an embed shows the board and the live Compare figure without the controls', async ({ page }) => {
  await page.goto(`/embed.html?game=tree&kind=connect-four&moves=${DEEPER}&stages=bitboard,tt`);
  await solved(page, DEEPER);
  await expect(page.getByTestId('c4-compare-status')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('c4-compare-table').locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('c4-size')).toHaveCount(0);
  await expect(page.getByTestId('c4-compare-run')).toHaveCount(0);
});

test('the board exports as PNG from the Share dialog', async ({ page }) => {
  await page.goto(`/?game=tree&kind=connect-four&moves=${MIXED}`);
  await solved(page, MIXED);
  await page.getByTestId('share-open').click();
  await expect(page.getByTestId('export')).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-png').click()]);
  expect(file.suggestedFilename()).toMatch(/^perfect-play-tree.*\.png$/);
  const { decodePng } = await import('./png.js');
  const { readFileSync } = await import('node:fs');
  const img = decodePng(readFileSync(await file.path()));
  expect(img.width).toBeGreaterThan(300);
});

test.describe('on a phone in the dark', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'dark' });

  test('no horizontal overflow; a tap plays a column', async ({ page }) => {
    await page.goto(`/?game=tree&kind=connect-four&moves=${OTHER}&stages=tt,strongest`);
    await solved(page, OTHER);
    await expect(page.getByTestId('c4-compare-status')).toHaveAttribute('data-state', 'done');
    const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
    await page.getByTestId('c4-col-1').tap();
    await solved(page, `${OTHER}1`);
  });
});

test('a long solve can be cancelled, and solved again on request', { tag: '@slow-cpu' }, async ({ page }) => {
  // 2266 on 7x6: outside the opening book (neither side played the solver's
  // moves), every column takes the strongest stage many seconds
  await page.goto('/?game=tree&kind=connect-four&moves=2266&size=7x6');
  await expect(status(page)).toHaveAttribute('data-state', 'solving');
  await page.getByTestId('c4-cancel').click();
  await expect(status(page)).toHaveAttribute('data-state', 'idle');
  await expect(status(page)).toContainText('not solved (cancelled)');
  await page.getByTestId('c4-solve').click();
  await expect(status(page)).toHaveAttribute('data-state', 'solving');
  await page.getByTestId('c4-cancel').click();
  await expect(status(page)).toHaveAttribute('data-state', 'idle');
  // a position that solves quickly, through the Solve button after a cancel
  await page.getByTestId('c4-moves').fill(OTHER);
  await page.getByTestId('c4-set').click();
  await solved(page, OTHER);
});

test('a position late in a game is scored by the solver worker alone; from a column of more than 65,536 positions on, a second solver shares the rest', async ({
  page,
}) => {
  const helpers = [];
  page.on('worker', (w) => {
    if (w.url().includes('connect4-helper')) helpers.push(w);
  });
  // every column of MIXED takes a few thousand positions at most: no second solver starts
  await page.goto(`/?game=tree&kind=connect-four&size=7x6&moves=${MIXED}`);
  await expectColumns(page, MIXED);
  expect(helpers.length).toBe(0);
  // after 11 stones the most central column alone takes about 170,000 positions (the CLI's count)
  const EARLY = '67762233563';
  expect(cli(`${EARLY}4`).stats.nodes).toBeGreaterThan(65536);
  await page.getByTestId('c4-moves').fill(EARLY);
  await page.getByTestId('c4-set').click();
  await expectColumns(page, EARLY);
  await expect.poll(() => helpers.length).toBe(1);
});

test(
  'an analysis is shared with a second solver the page owns; Cancel, however soon, ends both and no load of theirs fails',
  { tag: '@slow-cpu' },
  async ({ page }) => {
    // the second solver (connect4-helper.js) is a worker of the page, started
    // when the solver worker asks for it: Cancel terminates both, and a
    // helper still loading is no failed request (the fixture fails on any)
    const helpers = [];
    let ended = 0;
    page.on('worker', (w) => {
      if (!w.url().includes('connect4-helper')) return;
      helpers.push(w);
      w.on('close', () => ended++);
    });
    await page.goto('/?game=tree&kind=connect-four&moves=2266&size=7x6');
    await expect(status(page)).toHaveAttribute('data-state', 'solving');
    await expect.poll(() => helpers.length).toBe(1);
    for (let k = 0; k < 4; k++) {
      await page.getByTestId('c4-cancel').click();
      await expect(status(page)).toHaveAttribute('data-state', 'idle');
      await expect.poll(() => ended).toBe(helpers.length);
      await page.getByTestId('c4-solve').click(); // a fresh worker, which asks for a fresh helper
      await expect(status(page)).toHaveAttribute('data-state', 'solving');
    }
    await page.getByTestId('c4-cancel').click();
    await expect(status(page)).toHaveAttribute('data-state', 'idle');
    await expect.poll(() => ended).toBe(helpers.length);
    // the next analysis, its columns shared again, scores as the command line
    await page.getByTestId('c4-moves').fill(MIXED);
    await page.getByTestId('c4-set').click();
    await expectColumns(page, MIXED);
  },
);

/** Waits until the progress group `testid` reports more positions than `than`; returns the count. */
async function progressPast(page, testid, than = 0) {
  const bar = page.getByTestId(testid);
  await expect.poll(async () => Number((await bar.getAttribute('data-nodes')) ?? 0)).toBeGreaterThan(than);
  return Number(await bar.getAttribute('data-nodes'));
}

test('a long solve shows its progress inside one column (positions, rate, the bounds), and Cancel stops it', { tag: '@slow-cpu' }, async ({ page }) => {
  // every column of 2266 (outside the opening book) takes the strongest stage
  // many seconds, even natively
  await page.goto('/?game=tree&kind=connect-four&moves=2266&size=7x6');
  await expect(status(page)).toHaveAttribute('data-state', 'solving');
  const bar = page.getByTestId('c4-progress');
  const first = await progressPast(page, 'c4-progress');
  await progressPast(page, 'c4-progress', first); // it moves on during the same column
  await expect(bar).toContainText('positions explored');
  await expect(bar).toContainText('positions/s');
  await expect(bar).toHaveAttribute('data-total', '7');
  const lo = Number(await bar.getAttribute('data-lo'));
  const hi = Number(await bar.getAttribute('data-hi'));
  expect(lo).toBeLessThanOrEqual(hi);
  expect(lo).toBeGreaterThanOrEqual(-19); // floor((42 + 1 - 4) / 2)
  expect(hi).toBeLessThanOrEqual(19);
  await expect(page.getByTestId('c4-progress-bounds')).toContainText(/column \d's score is (between|[+−0])/i);
  await expect(bar.getByRole('progressbar')).toBeVisible();
  await page.getByTestId('c4-cancel').click();
  await expect(status(page)).toHaveAttribute('data-state', 'idle');
  await expect(bar).toHaveCount(0);
  // New game: the empty board's columns at once, from the opening book (the
  // published first-move scores, from X's side), with no search to wait for
  await page.getByTestId('c4-new').click();
  await expect(status(page)).toHaveAttribute('data-moves', '');
  await expect(status(page)).toHaveAttribute('data-state', 'solved');
  for (const [c, v] of [-2, -1, 0, 1, 0, -1, -2].entries()) await expect(page.getByTestId(`c4-score-${c + 1}`)).toHaveAttribute('data-score', String(v));
  // the worker started anew answers the next position
  await page.getByTestId('c4-moves').fill(OTHER);
  await page.getByTestId('c4-set').click();
  await expectColumns(page, OTHER);
});

test('Compare shows the running stage, its positions and bounds, and Cancel stops it', { tag: '@slow-cpu' }, async ({ page }) => {
  await page.goto('/?game=tree&kind=connect-four&moves=&size=7x6');
  await expect(status(page)).toHaveAttribute('data-state', 'solved'); // the empty board's columns, from the book
  // six dedicated stages on the empty board, each up to its budget of 10,000,000 positions: many seconds
  for (const s of ['minimax', 'alphabeta', 'centre-first']) await page.getByTestId(`c4-stage-${s}`).uncheck();
  for (const s of ['bitboard', 'tt', 'iterative', 'anticipate', 'threats', 'strongest']) await page.getByTestId(`c4-stage-${s}`).check();
  await page.getByTestId('c4-compare-run').click();
  await expect(page.getByTestId('c4-compare-status')).toHaveAttribute('data-state', 'running');
  const bar = page.getByTestId('c4-compare-progress');
  const first = await progressPast(page, 'c4-compare-progress');
  await progressPast(page, 'c4-compare-progress', first);
  await expect(bar).toHaveAttribute('data-total', '6');
  await expect(bar).toContainText(/now stage “/);
  await expect(page.getByTestId('c4-compare-progress-bounds')).toContainText(/The score is/);
  await page.getByTestId('c4-compare-cancel').click();
  await expect(page.getByTestId('c4-compare-status')).toHaveAttribute('data-state', 'idle');
  await expect(bar).toHaveCount(0);
  // Compare again on a quick position: the new worker answers
  await page.getByTestId('c4-moves').fill(DEEPER);
  await page.getByTestId('c4-set').click();
  await page.getByTestId('c4-compare-run').click();
  await expect(page.getByTestId('c4-compare-status')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('c4-compare-table').locator('tbody tr')).toHaveCount(6);
});
