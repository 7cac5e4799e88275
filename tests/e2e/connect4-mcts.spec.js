// Monte Carlo tree search in the Connect Four view, on the real WASM in the
// worker: each column's visits and mean, MCTS-Solver's proofs and the chosen
// column as the native CLI's `--algo mcts --json` gives them for the same
// iterations and seed; the exact scores beside them as the CLI's analysis;
// the sentence on whether the choice is a perfect-play move, worked out here
// from the CLI's scores; the options in the link. Every wait is on a data-*
// state the page shows.
import { execFileSync } from 'node:child_process';
import { expect, test } from './fixtures.js';

// A late 7x6 position from random play (X to move): column 3 wins at once,
// the others score from -1 to +8.
const MIXED = '7122371215573455743561';
const ITERATIONS = 2000;
const SEED = 3;

function cliMcts(moves, solver) {
  const args = ['solve', 'connect-four', moves, '--algo', 'mcts', '--iterations', String(ITERATIONS), '--seed', String(SEED), '--json'];
  return JSON.parse(execFileSync('build/perfect-play', solver ? [...args, '--solver'] : args, { encoding: 'utf8' }));
}
const cliColumns = (moves) => JSON.parse(execFileSync('build/perfect-play', ['solve', 'connect-four', '--json', moves], { encoding: 'utf8' }));

const mark = (s) => (s > 0 ? `+${s}` : s < 0 ? `−${-s}` : '0');

/** Waits for the analysis, runs MCTS from the controls as a reader would, and checks every row against the CLI. */
async function expectMcts(page, moves, solver) {
  const want = cliMcts(moves, solver);
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
  test(`on a phone's width in the ${scheme} theme the panel fits: no sideways scrolling, the chosen row marked in words`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`/?game=tree&kind=connect-four&moves=${MIXED}&mcts=${ITERATIONS}:${SEED}`);
    await expect(page.getByTestId('c4-mcts-status')).toHaveAttribute('data-state', 'done');
    const chosen = page.getByTestId('c4-mcts-table').locator('tr[data-chosen="true"]');
    await expect(chosen).toHaveCount(1);
    await expect(chosen.locator('th')).toContainText('chosen');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}
