// Monte Carlo tree search on the Game trees tab, driven as a person drives
// it: type a tree or pick a game, choose MCTS and its options, solve, read
// the root moves' estimates and exact values against the command line's
// (the same seed gives the same statistics natively and in the page's
// WASM), check the plot's "perfect from" iteration by asking the command
// line for the searches just before and after it, and step through the
// trace by event and by iteration, forward and back, by buttons and keys.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.js';

const CLI = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));
const TEXTBOOK = '[[3,12,8],[2,4,6],[14,5,2]]';
const answer = (page) => page.getByTestId('tree-answer');
const readout = (page) => page.getByTestId('readout');
const cli = (game, input, args) => JSON.parse(execFileSync(CLI, ['solve', game, input, '--algo', 'mcts', '--json', ...args], { encoding: 'utf8' }));

/** Sets an MCTS option field as a person does: select, type, Enter. */
async function setField(page, id, value) {
  const field = page.getByTestId(id);
  await field.fill(String(value));
  await field.press('Enter');
}

/** The root moves table as the page shows it: [{ visits, mean, exact, perfect, chosen }]. */
const rows = (page) =>
  page
    .getByTestId('mcts-moves')
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => ({
        visits: Number(tr.dataset.visits),
        mean: tr.dataset.mean === '' ? null : Number(tr.dataset.mean),
        exact: Number(tr.dataset.exact),
        perfect: tr.dataset.perfect === '1',
        chosen: tr.dataset.chosen === '1',
      })),
    );

/** Picks MCTS with these options and solves; waits for its answer. */
async function solveMcts(page, { iterations, seed, solver = false }) {
  await page.getByTestId('tree-algo').selectOption('mcts');
  await expect(page.getByTestId('mcts-options')).toBeVisible();
  await setField(page, 'mcts-iterations', iterations);
  await setField(page, 'mcts-seed', seed);
  if (solver) await page.getByTestId('mcts-solver').check();
  await page.getByTestId('tree-solve').click();
  await expect(answer(page)).toHaveAttribute('data-algo', 'mcts');
  await expect(page.getByTestId('stat-options')).toContainText(`seed ${seed}, `);
  if (!solver) await expect(page.getByTestId('stat-iterations')).toContainText(`of ${iterations.toLocaleString('en-US')}`);
}

test("the textbook tree: MCTS's estimates are the command line's, the exact values 3, 2, 2, the plot's \"perfect from\" holds", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/?game=tree');
  await page.getByTestId('tree-input').fill(TEXTBOOK);
  await solveMcts(page, { iterations: 300, seed: 7 });
  const native = cli('tree', TEXTBOOK, ['--iterations', '300', '--seed', '7']);

  // At the end of the trace the table shows the search's final statistics.
  await page.getByTestId('to-end').click();
  const shown = await rows(page);
  expect(shown.map((r) => r.exact)).toEqual([3, 2, 2]); // the textbook's minimax values of the root's children
  expect(shown.map((r) => r.exact)).toEqual(native.moves.map((m) => m.exact));
  expect(shown.map((r) => r.visits)).toEqual(native.moves.map((m) => m.visits));
  shown.forEach((r, k) => expect(r.mean).toBe(native.moves[k].mean)); // bit for bit: the same doubles
  expect(shown.findIndex((r) => r.chosen)).toBe(native.best_move);
  await expect(answer(page)).toHaveAttribute('data-value', '3');

  // The plot: the mean lines end on the table's means; the exact values are lines at their rewards.
  const finals = await page
    .getByTestId('mcts-plot-mean')
    .locator('polyline')
    .evaluateAll((ls) => ls.map((l) => Number(l.dataset.final)));
  expect(finals).toEqual(native.moves.map((m) => m.mean));
  const exactLines = await page
    .getByTestId('mcts-plot-mean')
    .locator('.mcts-plot__exact')
    .evaluateAll((gs) => gs.map((g) => Number(g.dataset.reward)));
  const { lo, hi } = native.reward;
  expect(exactLines.sort()).toEqual([...new Set(native.moves.map((m) => (m.exact - lo) / (hi - lo)))].sort());

  // "Perfect from N": the command line's search of N iterations chooses a
  // perfect-play move (exact value 3), and of N - 1 iterations does not.
  const from = Number(await page.getByTestId('mcts-verdict').getAttribute('data-from'));
  expect(from).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('mcts-perfect-from')).toHaveAttribute('data-iteration', String(from));
  const choiceAfter = (n) => cli('tree', TEXTBOOK, ['--iterations', String(n), '--seed', '7']);
  for (const n of [from, Math.min(300, from + 1), Math.min(300, 2 * from), 300]) {
    const j = choiceAfter(n);
    expect(j.moves[j.best_move].exact, `after ${n} iterations`).toBe(3);
  }
  if (from > 1) {
    const j = choiceAfter(from - 1);
    expect(j.moves[j.best_move].exact, `after ${from - 1} iterations`).not.toBe(3);
  }
});

test('stepping an MCTS trace by event and by iteration, forward and back, with buttons and keys', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/?game=tree');
  await page.getByTestId('tree-input').fill(TEXTBOOK);
  await solveMcts(page, { iterations: 50, seed: 3 });
  await expect(readout(page)).toHaveAttribute('data-cursor', '0');
  await expect(page.getByTestId('mcts-tree')).toHaveAttribute('data-drawn', '1'); // the root alone

  // Iteration 1: the root is expanded, one child selected, its value backed up.
  await page.getByTestId('step-forward').click();
  await expect(readout(page)).toContainText('Iteration 1: expand node 0: 3 children, nodes 1 to 3');
  await page.getByTestId('step-forward').click();
  await expect(readout(page)).toContainText(/Iteration 1: select node [123] /);
  await expect(page.getByTestId('mcts-path').locator('li')).toHaveCount(2);
  await page.getByTestId('next-iteration').click();
  const afterOne = Number(await readout(page).getAttribute('data-cursor'));
  await expect(page.getByTestId('mcts-tree')).toHaveAttribute('data-drawn', '2');
  await expect(page.getByTestId('mcts-tree').locator('[data-node="0"]')).toHaveAttribute('data-visits', '1');

  // Ten more iterations, then back one by the keyboard (Shift+←) and one event (←).
  for (let k = 0; k < 10; k++) await page.getByTestId('next-iteration').click();
  await expect(page.getByTestId('stat-iterations')).toContainText('11 at this step');
  await expect(page.getByTestId('mcts-tree').locator('[data-node="0"]')).toHaveAttribute('data-visits', '11');
  const visitsSum = async () => (await rows(page)).reduce((s, r) => s + r.visits, 0);
  expect(await visitsSum()).toBe(11);
  await page.getByTestId('mcts-tree').click({ position: { x: 2, y: 2 } }); // focus off the buttons, as a reader's click
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(page.getByTestId('stat-iterations')).toContainText('10 at this step');
  expect(await visitsSum()).toBe(10);
  const cursor = Number(await readout(page).getAttribute('data-cursor'));
  await page.keyboard.press('ArrowLeft');
  await expect(readout(page)).toHaveAttribute('data-cursor', String(cursor - 1));
  await page.keyboard.press('ArrowRight');
  await expect(readout(page)).toHaveAttribute('data-cursor', String(cursor));
  // Back to the start undoes everything: the root alone again.
  await page.getByTestId('to-start').click();
  await expect(page.getByTestId('mcts-tree')).toHaveAttribute('data-drawn', '1');
  await page.getByTestId('next-iteration').click();
  await expect(readout(page)).toHaveAttribute('data-cursor', String(afterOne));
});

test("tic-tac-toe with MCTS-Solver: the root moves' exact values and statistics are the command line's; the board shows the choice @slow-cpu", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const board = 'board = ["X..",".O.","..."]';
  await page.goto('/?game=tic-tac-toe');
  await page.getByTestId('tree-input').fill(board);
  await solveMcts(page, { iterations: 3000, seed: 5, solver: true });
  await page.getByTestId('to-end').click();
  const native = cli('tic-tac-toe', board, ['--iterations', '3000', '--seed', '5', '--solver']);
  // the solver proves the root before the iterations are spent, here as natively
  expect(native.proven).not.toBeNull();
  await expect(page.getByTestId('stat-iterations')).toContainText(`of ${native.iterations.toLocaleString('en-US')}`);
  await expect(answer(page)).toContainText(`the solver proved the root: ${native.proven_value}`);
  const shown = await rows(page);
  expect(shown.map((r) => r.exact)).toEqual(native.moves.map((m) => m.exact));
  expect(shown.map((r) => r.visits)).toEqual(native.moves.map((m) => m.visits));
  expect(shown.filter((r) => r.perfect).length).toBe(native.moves.filter((m) => m.exact === native.value).length);
  await expect(answer(page)).toHaveAttribute('data-value', String(native.value));
  await expect(answer(page)).toHaveAttribute('data-best', String(native.best_move));
  await expect(page.getByTestId('ttt-status')).toContainText("MCTS's choice for X");
  // The link reproduces the search: its options are in it. The address
  // follows the view after a short delay, and the searches each option's
  // change started wrote it on the way (iterations 3000 with seed 1 first):
  // wait for all four at once.
  const linked = () => {
    const url = new URL(page.url());
    return ['algo', 'iterations', 'seed', 'solver'].map((k) => url.searchParams.get(k));
  };
  await expect.poll(linked).toEqual(['mcts', '3000', '5', '1']);
});

test("a bad iteration count is said beside the field and not searched; a link's bad options fall back to the defaults", async ({ page }) => {
  await page.goto('/?game=tree');
  await page.getByTestId('tree-algo').selectOption('mcts');
  await expect(answer(page)).toHaveAttribute('data-algo', 'mcts');
  const run = await answer(page).getAttribute('data-best');
  await setField(page, 'mcts-iterations', 0);
  await expect(page.getByTestId('mcts-bad')).toContainText('Iterations must be a whole number from 1');
  await setField(page, 'mcts-seed', '-3');
  await expect(page.getByTestId('mcts-bad')).toContainText('The seed must be a whole number');
  await expect(answer(page)).toHaveAttribute('data-best', run ?? '');
  await page.goto('/?game=tree&algo=mcts&iterations=999999999&seed=x&c=-1');
  await expect(answer(page)).toHaveAttribute('data-algo', 'mcts');
  await expect(page.getByTestId('stat-options')).toContainText('seed 1, c = 1.4142');
  await expect(page.getByTestId('stat-iterations')).toContainText('of 1,000');
});

test('on a phone, in the dark theme, the MCTS view fits the width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/?game=tree&algo=mcts&iterations=500');
  await expect(answer(page)).toHaveAttribute('data-algo', 'mcts');
  await expect(page.getByTestId('mcts-convergence')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await page.getByTestId('mcts-plot-mean').boundingBox();
  expect(box.width).toBeLessThanOrEqual(390);
});

/** A tic-tac-toe board of side n after the cell codes `path` (X first). */
function boardAfter(n, path) {
  const cells = Array(n * n).fill('.');
  path.forEach((c, i) => (cells[c] = i % 2 ? 'O' : 'X'));
  return `board = [${Array.from({ length: n }, (_, r) => JSON.stringify(cells.slice(r * n, r * n + n).join(''))).join(',')}]`;
}
const exactValue = (board) => JSON.parse(execFileSync(CLI, ['solve', 'tic-tac-toe', board, '--json'], { encoding: 'utf8' })).value;

test('playing tic-tac-toe against MCTS at a few iterations: each of its moves judged by the solver as the command line judges it', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/?game=tic-tac-toe');
  await page.getByTestId('tree-input').fill('board = ["...","...","..."]');
  const versus = page.getByTestId('versus');
  await page.getByTestId('versus-opponent-mcts').check();
  await setField(page, 'versus-iterations', 4);
  await page.getByTestId('versus-side-0').check();
  await page.getByTestId('versus-start').click();
  const xs = []; // our moves (X), in order
  for (let turn = 0; turn < 5; turn++) {
    await expect(versus).toHaveAttribute('data-state', /your-turn|over/, { timeout: 60_000 });
    if ((await versus.getAttribute('data-state')) === 'over') break;
    const plies = Number(await versus.getAttribute('data-plies'));
    expect(plies).toBe(2 * xs.length); // X and O alternate, O replying to each of our moves
    // we play the last legal cell (a weak, fixed strategy), as a person clicks it
    const last = page.getByTestId('versus-move').last();
    xs.push(Number(await last.getAttribute('data-code')));
    await last.click();
    await expect(versus).not.toHaveAttribute('data-plies', String(plies));
  }
  await expect(versus).toHaveAttribute('data-state', 'over', { timeout: 60_000 });
  const judged = await page
    .getByTestId('versus-mcts')
    .locator('li')
    .evaluateAll((ls) =>
      ls.map((l) => ({
        ply: Number(l.dataset.ply),
        code: Number(l.dataset.code),
        value: Number(l.dataset.value),
        best: Number(l.dataset.best),
        perfect: l.dataset.perfect === '1',
      })),
    );
  expect(judged.length).toBeGreaterThan(0);
  const full = [];
  xs.forEach((c, k) => (full[2 * k] = c));
  judged.forEach((j) => (full[j.ply] = j.code));
  expect(full.every((c) => Number.isInteger(c))).toBe(true);
  for (const j of judged) {
    expect(j.ply % 2).toBe(1); // MCTS plays O, the second
    const before = boardAfter(3, full.slice(0, j.ply));
    const after = boardAfter(3, full.slice(0, j.ply + 1));
    expect(j.best, `the best value O could keep at ${before}`).toBe(exactValue(before));
    expect(j.value, `the value after O's move, ${after}`).toBe(exactValue(after));
    expect(j.perfect).toBe(j.value === j.best);
  }
  await expect(page.getByTestId('versus-mcts')).toContainText(`${judged.filter((j) => j.perfect).length} of ${judged.length} perfect play`);
});

test("Compare with df-pn, MCTS: the exact searches and MCTS on one clock, its choice the command line's", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/?game=tree');
  await page.getByTestId('tree-input').fill(TEXTBOOK);
  await solveMcts(page, { iterations: 200, seed: 9 });
  await page.getByTestId('tree-compare-mcts').click();
  await expect(page.getByTestId('tree-compare')).toBeVisible();
  await expect(answer(page)).toContainText("MCTS's choice after 200 iterations");
  await expect(answer(page)).toHaveAttribute('data-value', '3');
  const mctsRun = page.getByTestId('compare-counters-2');
  await expect(mctsRun).toHaveAttribute('data-iterations', '0');
  // one event of each per step: MCTS's iterations advance with the clock
  await page.getByTestId('step-forward').click();
  await page.getByTestId('step-forward').click();
  await expect(mctsRun).toHaveAttribute('data-iterations', '1');
  await page.getByTestId('to-end').click();
  await expect(mctsRun).toHaveAttribute('data-iterations', '200');
  const native = cli('tree', TEXTBOOK, ['--iterations', '200', '--seed', '9']);
  await expect(mctsRun).toHaveAttribute('data-choice', String(native.best_move));
  await expect(mctsRun).toHaveAttribute('data-perfect', native.moves[native.best_move].exact === 3 ? '1' : '0');
  await expect(page.getByTestId('compare-counters-0')).toContainText('done');
  await expect(page.getByTestId('compare-counters-1')).toContainText('done');
});
