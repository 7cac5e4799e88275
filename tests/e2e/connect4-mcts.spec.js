// Monte Carlo tree search in the Connect Four view, on the real WASM in the
// worker: each column's visits and mean, MCTS-Solver's proofs and the chosen
// column as the native CLI's `--algo mcts --json` gives them for the same
// iterations and seed; the exact scores beside them as the CLI's analysis;
// the sentence on whether the choice is a perfect-play move, worked out here
// from the CLI's scores; the exploration constant and the playouts as the
// CLI's --uct-c and --playout; a long search's progress and its Cancel; the
// convergence plot's mark from the CLI's choice after every iteration; the
// options in the link, the older forms too; an embed; the plot exported.
// Every wait is on a data-* state
// the page shows.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';
import { decodePng } from './png.js';

// A late 7x6 position from random play (X to move): column 3 wins at once,
// the others score from -1 to +8.
const MIXED = '7122371215573455743561';
const ITERATIONS = 2000;
const SEED = 3;

const BOOK = 'web/src/engine/connect4-7x6.book';

/** The CLI's `--algo mcts --json`: ITERATIONS and SEED unless told, --uct-c and --playout when given. */
function cliMcts(moves, solver, { iterations = ITERATIONS, seed = SEED, uctC = null, playout = null } = {}) {
  const args = ['solve', 'connect-four', moves, '--algo', 'mcts', '--iterations', String(iterations), '--seed', String(seed), '--json', '--book', BOOK];
  if (solver) args.push('--solver');
  if (uctC !== null) args.push('--uct-c', String(uctC));
  if (playout !== null) args.push('--playout', playout);
  return JSON.parse(execFileSync('build/perfect-play', args, { encoding: 'utf8' }));
}
const cliColumns = (moves) => JSON.parse(execFileSync('build/perfect-play', ['solve', 'connect-four', '--json', moves], { encoding: 'utf8' }));

const mark = (s) => (s > 0 ? `+${s}` : s < 0 ? `−${-s}` : '0');

/** Waits for the analysis, runs MCTS from the controls as a reader would, and checks every row against the CLI. */
async function expectMcts(page, moves, solver, options = {}) {
  const want = cliMcts(moves, solver, options);
  const exact = cliColumns(moves);
  await expect(page.getByTestId('c4-status')).toHaveAttribute('data-state', 'solved');
  const status = page.getByTestId('c4-mcts-status');
  await expect(status).toHaveAttribute('data-state', 'done');
  await expect(status).toHaveAttribute('data-iterations', String(want.iterations));
  await expect(status).toHaveAttribute('data-chosen', String(want.best_move));
  const rows = page.getByTestId('c4-mcts-table').locator('tbody tr');
  await expect(rows).toHaveCount(want.moves.length);
  for (const [i, m] of want.moves.entries()) {
    const row = rows.nth(i);
    await expect(row).toHaveAttribute('data-column', String(m.move));
    await expect(row).toHaveAttribute('data-visits', String(m.visits));
    await expect(row).toHaveAttribute('data-mean', String(m.mean));
    await expect(row).toHaveAttribute('data-proven', m.proven === null ? '' : String(m.proven));
    await expect(row).toHaveAttribute('data-exact', String(exact.columns[m.move - 1]));
    await expect(row).toHaveAttribute('data-chosen', m.move === want.best_move ? 'true' : 'false');
    // the exact score the CLI's MCTS run prints beside its statistics agrees with its analysis
    expect(m.exact).toBe(exact.columns[m.move - 1]);
  }
  const chosenScore = exact.columns[want.best_move - 1];
  const best = exact.answer;
  const verdict = page.getByTestId('c4-mcts-verdict');
  await expect(verdict).toContainText(`MCTS chose column ${want.best_move}:`);
  await expect(verdict).toContainText(`score ${mark(chosenScore)}`);
  if (chosenScore === best) await expect(verdict).toContainText('a perfect-play move.');
  else (await expect(verdict).toContainText(`not a perfect-play move`), await expect(verdict).toContainText(`column ${exact.best_moves.join(', ')}:`));
  return want;
}

test("MCTS on a position: every column's visits and mean, and its choice, as the CLI's --algo mcts with the same seed", async ({ page }) => {
  await page.goto(`/?game=tree&kind=connect-four&moves=${MIXED}`);
  await expect(page.getByTestId('c4-mcts-status')).toHaveAttribute('data-state', 'idle');
  await page.getByTestId('c4-mcts-iterations').fill(String(ITERATIONS));
  await page.getByTestId('c4-mcts-seed').fill(String(SEED));
  await page.getByTestId('c4-mcts-run').click();
  await expectMcts(page, MIXED, false);
});

test("MCTS-Solver by the keyboard: its proofs and choice as the CLI's --solver; the link runs the same search again", async ({ page }) => {
  await page.goto(`/?game=tree&kind=connect-four&moves=${MIXED}`);
  await page.getByTestId('c4-mcts-iterations').fill(String(ITERATIONS));
  await page.getByTestId('c4-mcts-seed').fill(String(SEED));
  await page.getByTestId('c4-mcts-seed').press('Tab');
  await expect(page.getByTestId('c4-mcts-c')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('c4-mcts-playout')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('c4-mcts-solver')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('c4-mcts-solver')).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('c4-mcts-run')).toBeFocused();
  await page.keyboard.press('Enter');
  await expectMcts(page, MIXED, true);
  await expect(page).toHaveURL(new RegExp(`mcts=${ITERATIONS}(%3A|:)${SEED}(%3A|:)solver`));
  await page.goto(page.url());
  await expectMcts(page, MIXED, true);
});

test('bad options are refused with a message, and nothing runs', async ({ page }) => {
  await page.goto(`/?game=tree&kind=connect-four&moves=${MIXED}`);
  await page.getByTestId('c4-mcts-iterations').fill('0');
  await page.getByTestId('c4-mcts-run').click();
  await expect(page.getByTestId('c4-mcts-error')).toContainText('Iterations must be a whole number');
  await expect(page.getByTestId('c4-mcts-status')).toHaveAttribute('data-state', 'idle');
});

test("a link's hostile MCTS options are named on the page and nothing runs; the position still solves", async ({ page }) => {
  await page.goto(`/?game=tree&kind=connect-four&moves=${MIXED}&mcts=${encodeURIComponent('<img src=x>:9')}`);
  await expect(page.getByTestId('c4-link-error')).toHaveCount(1);
  await expect(page.getByTestId('c4-link-error')).toContainText('The link\'s MCTS options "<img src=x>:9" are not ITERATIONS:SEED');
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.getByTestId('c4-status')).toHaveAttribute('data-state', 'solved');
  await expect(page.getByTestId('c4-mcts-status')).toHaveAttribute('data-state', 'idle');
});

for (const scheme of ['light', 'dark']) {
  test(`on a phone's width in the ${scheme} theme the panel and its plot fit: no sideways scrolling, the chosen row marked in words, the plot's words readable`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`/?game=tree&kind=connect-four&moves=${MIXED}&mcts=${ITERATIONS}:${SEED}:decisive:c=2`);
    await expect(page.getByTestId('c4-mcts-status')).toHaveAttribute('data-state', 'done');
    const chosen = page.getByTestId('c4-mcts-table').locator('tr[data-chosen="true"]');
    await expect(chosen).toHaveCount(1);
    await expect(chosen.locator('th')).toContainText('chosen');
    const plot = page.getByTestId('c4-mcts-plot');
    await expect(plot.getByTestId('mcts-plot-mean')).toBeVisible();
    const box = await plot.getByTestId('mcts-plot-share').boundingBox();
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // the exact lines' words stand out from the panel behind them in either theme
    const [fill, background] = await plot.evaluate((el) => {
      const text = el.querySelector('.mcts-plot__exact text');
      let bg = el;
      while (bg && getComputedStyle(bg).backgroundColor === 'rgba(0, 0, 0, 0)') bg = bg.parentElement;
      return [getComputedStyle(text).fill, getComputedStyle(bg ?? document.body).backgroundColor];
    });
    expect(fill).not.toBe(background);
    const dark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
    expect(dark).toBe(scheme === 'dark');
  });
}

test("a long search shows its progress, and Cancel stops it in the same worker: the page stays sound and the next search is the CLI's @slow-cpu", async ({
  page,
}) => {
  const workers = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(`/?game=tree&kind=connect-four&moves=${MIXED}`);
  await expect(page.getByTestId('c4-status')).toHaveAttribute('data-state', 'solved');
  await page.getByTestId('c4-mcts-iterations').fill('100000000');
  await page.getByTestId('c4-mcts-run').click();
  await expect(page.getByTestId('c4-mcts-status')).toHaveAttribute('data-state', 'running');
  const progress = page.getByTestId('c4-mcts-progress');
  await expect(progress).toHaveAttribute('data-total', '100000000');
  // the iterations done climb past the first batch, and the words give them with their rate
  await expect.poll(async () => Number(await progress.getAttribute('data-done')), { timeout: 20_000 }).toBeGreaterThan(2048);
  await expect(page.getByTestId('c4-mcts-progress-words')).toContainText(/of 100,000,000 iterations, [\d.,]+ ?[kMG]? iterations\/s/);
  const started = workers.length;
  await page.getByTestId('c4-mcts-cancel').click();
  const status = page.getByTestId('c4-mcts-status');
  await expect(status).toHaveAttribute('data-state', 'cancelled');
  await expect(status).toContainText('MCTS cancelled after about');
  await expect(page.getByTestId('c4-mcts-progress')).toHaveCount(0);
  await expect(page.getByTestId('c4-mcts-run')).toBeEnabled();
  await expect(page.getByTestId('c4-status')).toHaveAttribute('data-state', 'solved');
  // the next search runs in the worker that was told to stop (no new one started) and is the CLI's
  await page.getByTestId('c4-mcts-iterations').fill(String(ITERATIONS));
  await page.getByTestId('c4-mcts-seed').fill(String(SEED));
  await page.getByTestId('c4-mcts-run').click();
  await expectMcts(page, MIXED, false);
  expect(workers.length).toBe(started);
});

test("the exploration constant and decisive playouts give the CLI's --uct-c and --playout decisive statistics bit for bit; the link carries them", async ({
  page,
}) => {
  await page.goto(`/?game=tree&kind=connect-four&moves=${MIXED}`);
  await page.getByTestId('c4-mcts-iterations').fill(String(ITERATIONS));
  await page.getByTestId('c4-mcts-seed').fill(String(SEED));
  await page.getByTestId('c4-mcts-c').fill('0.75');
  await page.getByTestId('c4-mcts-playout').selectOption('decisive');
  await page.getByTestId('c4-mcts-run').click();
  await expectMcts(page, MIXED, false, { uctC: 0.75, playout: 'decisive' });
  await expect(page.getByTestId('c4-mcts-status')).toContainText('c = 0.75, decisive playouts');
  await expect(page).toHaveURL(new RegExp(`mcts=${ITERATIONS}(%3A|:)${SEED}(%3A|:)decisive(%3A|:)c(%3D|=)0.75`));
  await page.goto(page.url());
  await expectMcts(page, MIXED, false, { uctC: 0.75, playout: 'decisive' });
  await expect(page.getByTestId('c4-mcts-c')).toHaveValue('0.75');
  await expect(page.getByTestId('c4-mcts-playout')).toHaveValue('decisive');
});

test('an older link (ITERATIONS:SEED) still opens and runs; a bad exploration constant is refused, in the field and in a link', async ({ page }) => {
  await page.goto(`/?game=tree&kind=connect-four&moves=${MIXED}&mcts=${ITERATIONS}:${SEED}`);
  await expectMcts(page, MIXED, false);
  await expect(page.getByTestId('c4-mcts-c')).toHaveValue('');
  await page.getByTestId('c4-mcts-c').fill('101');
  await page.getByTestId('c4-mcts-run').click();
  await expect(page.getByTestId('c4-mcts-error')).toContainText('The exploration constant c must be a number from 0 to 100');
  await page.goto(`/?game=tree&kind=connect-four&moves=${MIXED}&mcts=${ITERATIONS}:${SEED}:c=1e9`);
  await expect(page.getByTestId('c4-link-error')).toContainText(`The link's MCTS options "${ITERATIONS}:${SEED}:c=1e9" are not ITERATIONS:SEED`);
  await expect(page.getByTestId('c4-status')).toHaveAttribute('data-state', 'solved');
  await expect(page.getByTestId('c4-mcts-status')).toHaveAttribute('data-state', 'idle');
});

// 4453 with seed 4: over 300 iterations MCTS changes its mind 8 times and
// settles on a perfect-play column late (the opening book gives the CLI's
// exact scores at once).
const PLOT = { moves: '4453', iterations: 300, seed: 4 };

test('the convergence plot: a line per column, the exact scores as lines, and the iteration from which the choice is perfect play marked as the CLI finds it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // From the CLI: the choice after each number of iterations (a search of t
  // iterations is the first t of a longer one), each column's exact score.
  const exact = cliMcts(PLOT.moves, false, PLOT).moves.map((m) => m.exact);
  const best = Math.max(...exact);
  const perfectAt = [];
  for (let t = 1; t <= PLOT.iterations; t++) {
    const run = cliMcts(PLOT.moves, false, { ...PLOT, iterations: t });
    perfectAt.push(exact[run.moves.findIndex((m) => m.move === run.best_move)] === best);
  }
  expect(perfectAt.at(-1)).toBe(true);
  let from = PLOT.iterations;
  while (from > 1 && perfectAt[from - 2]) from--;
  expect(from).toBeGreaterThan(1); // the mark is not the first iteration: the test tells a wrong one

  await page.goto(`/?game=tree&kind=connect-four&moves=${PLOT.moves}&mcts=${PLOT.iterations}:${PLOT.seed}`);
  await expect(page.getByTestId('c4-mcts-status')).toHaveAttribute('data-state', 'done');
  const plot = page.getByTestId('c4-mcts-plot');
  await expect(plot.getByTestId('mcts-perfect-from')).toHaveAttribute('data-iteration', String(from));
  await expect(plot.getByTestId('mcts-verdict')).toContainText(`From iteration ${from} on, the search's choice is a perfect-play move and stays one`);
  const mean = plot.getByTestId('mcts-plot-mean');
  await expect(mean.locator('polyline')).toHaveCount(exact.length);
  // one dashed line per distinct outcome of the exact scores (a win, a draw, a loss), as rewards
  const rewards = [...new Set(exact.map((v) => (v > 0 ? 1 : v < 0 ? 0 : 0.5)))].sort((a, b) => b - a);
  await expect(mean.locator('.mcts-plot__exact')).toHaveCount(rewards.length);
  for (const [i, r] of rewards.entries()) await expect(mean.locator('.mcts-plot__exact').nth(i)).toHaveAttribute('data-reward', String(r));
  // each line ends at the column's final mean and visit share, as the CLI's
  const want = cliMcts(PLOT.moves, false, PLOT);
  const share = plot.getByTestId('mcts-plot-share');
  for (const [k, m] of want.moves.entries()) {
    await expect(mean.locator(`polyline[data-move="${k}"]`)).toHaveAttribute('data-final', String(m.mean));
    await expect(share.locator(`polyline[data-move="${k}"]`)).toHaveAttribute('data-final', String(m.visits / PLOT.iterations));
  }
});

test('an embed runs the linked search and shows its table and plot without the controls; the Share dialog exports the plot as SVG and PNG', async ({
  page,
}) => {
  const want = cliMcts(PLOT.moves, false, PLOT);
  await page.goto(`/embed.html?game=tree&kind=connect-four&moves=${PLOT.moves}&mcts=${PLOT.iterations}:${PLOT.seed}`);
  await expect(page.getByTestId('c4-mcts-status')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('c4-mcts-status')).toHaveAttribute('data-chosen', String(want.best_move));
  await expect(page.getByTestId('c4-mcts-run')).toHaveCount(0);
  await expect(page.getByTestId('c4-mcts-plot').getByTestId('mcts-plot-mean').locator('polyline')).toHaveCount(want.moves.length);

  await page.goto(`/?game=tree&kind=connect-four&moves=${PLOT.moves}&mcts=${PLOT.iterations}:${PLOT.seed}`);
  await expect(page.getByTestId('c4-mcts-plot')).toBeVisible();
  const box = await page.locator('[data-export-frame="MCTS convergence"]').boundingBox();
  await page.getByTestId('share-open').click();
  await expect(page.getByTestId('export')).toBeVisible();
  await page.getByTestId('export-frame').selectOption({ label: 'MCTS convergence' });
  const save = async (testid) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
    return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
  };
  const svg = await save('export-svg');
  expect(svg.name).toMatch(/^perfect-play-.*\.svg$/);
  const text = svg.bytes.toString('utf8');
  expect(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  // both panels' lines, a column each, and the mark
  expect(text.match(/<polyline/g)).toHaveLength(2 * want.moves.length);
  expect(text).toContain('perfect from');
  const png = decodePng((await save('export-png')).bytes);
  expect(png.width).toBe(Math.ceil(box.width) * 2);
  expect(png.height).toBe(Math.ceil(box.height) * 2);
});

test("a search past the tree's 256 MiB stops where the CLI's does, says so, and shows its statistics so far", async ({ page }) => {
  test.setTimeout(240_000);
  // The CLI exits 3 past the limit, naming the iterations done.
  let err = null;
  try {
    execFileSync('build/perfect-play', ['solve', 'connect-four', '', '--algo', 'mcts', '--iterations', '4000000000', '--seed', '1'], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (e) {
    err = e;
  }
  expect(err?.status).toBe(3);
  const done = Number(/after (\d+) iterations/.exec(err.stderr)[1]);
  const chosen = Number(/its choice so far: column (\d+)/.exec(err.stderr)[1]);
  await page.goto('/?game=tree&kind=connect-four&moves=&mcts=4000000000:1');
  const status = page.getByTestId('c4-mcts-status');
  await expect(status).toHaveAttribute('data-state', 'done', { timeout: 200_000 });
  await expect(status).toHaveAttribute('data-iterations', String(done));
  await expect(status).toHaveAttribute('data-chosen', String(chosen));
  await expect(page.getByTestId('c4-mcts-stopped')).toHaveText(
    `The search stopped before its 4,000,000,000 iterations: the search tree filled its memory (256 MiB) after ${done.toLocaleString('en-US')} iterations; its statistics are those so far.`,
  );
  await expect(page.getByTestId('c4-mcts-table').locator('tbody tr')).toHaveCount(7);
  await expect(page.getByTestId('c4-mcts-plot').getByTestId('mcts-plot-mean')).toBeVisible();
});
