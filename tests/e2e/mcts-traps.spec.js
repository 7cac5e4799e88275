// The traps for UCT in the Game trees tab, opened as a person opens them:
// pick tic-tac-toe, pick a trap among the examples, and read what MCTS
// chose. Each catalogued tic-tac-toe trap (web/src/lib/mcts-traps.js): the
// example sets MCTS's iterations and seed, the page's search (its WASM)
// chooses the catalogue's losing move as the command line does, the root
// moves table's exact value column says that move loses and marks the
// alternative perfect play, and the convergence plot draws the trap move's
// mean to the command line's final estimate.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.js';
import { MCTS_TRAPS, trapInput } from '../../web/src/lib/mcts-traps.js';
import { trapOptions } from '../../web/src/lib/tree-presets.js';

const CLI = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));
const answer = (page) => page.getByTestId('tree-answer');

const xToMove = (rows) => rows.join('').split('X').length === rows.join('').split('O').length;
/** The move index of a cell: the moves are the empty cells, row-major. */
const moveOf = (rows, [r, c]) =>
  [...rows.join('')]
    .map((v, k) => (v === '.' ? k : -1))
    .filter((k) => k >= 0)
    .indexOf(4 * r + c);
/** A side-to-move value in the table's scale (X's: +1 X wins). */
const xValue = (rows, v) => (xToMove(rows) || v === 0 ? v : -v);

for (const t of MCTS_TRAPS.filter((x) => x.game === 'tic-tac-toe')) {
  const input = trapInput(t);
  test(`the example ${input}: MCTS (${trapOptions(t)}) falls into the trap, and the exact values say so`, async ({ page }) => {
    test.setTimeout(60_000);
    const native = JSON.parse(
      execFileSync(
        CLI,
        ['solve', 'tic-tac-toe', input, '--algo', 'mcts', '--iterations', String(t.iterations), '--seed', String(t.seed), '--playout', t.playout, '--json'],
        { encoding: 'utf8' },
      ),
    );
    const trap = moveOf(t.position, t.uct),
      best = moveOf(t.position, t.best);
    expect(native.best_move).toBe(trap);

    await page.goto('/?game=tic-tac-toe');
    await expect(answer(page)).toBeVisible();
    const preset = page.getByTestId('tree-preset');
    const label = await preset
      .locator('option')
      .evaluateAll(
        (os, want) => os.find((o) => o.textContent.includes(want))?.textContent,
        `(${trapOptions(t)}): it plays row ${t.uct[0] + 1}, col ${t.uct[1] + 1},`,
      );
    expect(label).toBeTruthy();
    await preset.selectOption({ label });
    const index = await preset.evaluate((el) => el.value);

    // The example set the search: MCTS, its budget and seed, on its board.
    await expect(answer(page)).toHaveAttribute('data-algo', 'mcts');
    await expect(answer(page)).toHaveAttribute('data-input', input);
    await expect(page.getByTestId('tree-input')).toHaveValue(input);
    await expect(page.getByTestId('mcts-iterations')).toHaveValue(String(t.iterations));
    await expect(page.getByTestId('mcts-seed')).toHaveValue(String(t.seed));
    await expect(page.getByTestId('mcts-playout')).toHaveValue(t.playout);
    await expect(page.getByTestId('stat-options')).toContainText(`seed ${t.seed}, `);
    await expect(page.getByTestId('stat-iterations')).toContainText(`of ${t.iterations.toLocaleString('en-US')}`);

    // The examples list still shows this one (another may share its board),
    // and the address reproduces the search: its options are in it.
    await expect(preset).toHaveValue(index);
    await expect(preset.locator('option:checked')).toHaveText(label);
    const linked = () => {
      const url = new URL(page.url());
      return ['input', 'algo', 'iterations', 'seed', 'playout'].map((k) => url.searchParams.get(k));
    };
    await expect.poll(linked).toEqual([input, 'mcts', String(t.iterations), String(t.seed), t.playout === 'random' ? null : t.playout]);

    // MCTS's choice is the trap's move, not perfect play.
    await expect(answer(page)).toHaveAttribute('data-best', String(trap));
    await expect(page.getByTestId('mcts-choice')).toHaveText(`row ${t.uct[0] + 1}, col ${t.uct[1] + 1}`);
    await expect(answer(page)).toContainText('not perfect play');
    await expect(answer(page)).toHaveAttribute('data-value', String(xValue(t.position, t.bestValue)));

    // The root moves table at the end of the search: the chosen row's exact
    // value is the loss, the alternative's the root's value, starred.
    await page.getByTestId('to-end').click();
    const chosen = page.locator(`[data-testid="mcts-moves"] tbody tr[data-move="${trap}"]`);
    await expect(chosen).toHaveAttribute('data-chosen', '1');
    await expect(chosen).toHaveAttribute('data-perfect', '0');
    await expect(chosen).toHaveAttribute('data-exact', String(xValue(t.position, t.uctValue)));
    await expect(chosen.locator('td').nth(4)).toHaveText(String(xValue(t.position, t.uctValue)));
    await expect(chosen).toHaveAttribute('data-visits', String(native.moves[trap].visits));
    const alt = page.locator(`[data-testid="mcts-moves"] tbody tr[data-move="${best}"]`);
    await expect(alt).toHaveAttribute('data-perfect', '1');
    await expect(alt.locator('td').nth(4)).toHaveText(`${xValue(t.position, t.bestValue)} ★`);

    // The convergence plot draws the trap move's estimate, ending on the command line's.
    const line = page.getByTestId('mcts-plot-mean').locator(`polyline[data-move="${trap}"]`);
    await expect(line).toHaveClass(/mcts-plot__line--imperfect/);
    expect(Number(await line.getAttribute('data-final'))).toBe(native.moves[trap].mean);
  });
}

test("on a phone, the tic-tac-toe examples and a trap's search fit the width", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/?game=tic-tac-toe');
  await expect(answer(page)).toBeVisible();
  const preset = page.getByTestId('tree-preset');
  await preset.selectOption({ index: 1 });
  await expect(answer(page)).toHaveAttribute('data-algo', 'mcts');
  await expect(page.getByTestId('mcts-plot-mean')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect((await preset.boundingBox()).width).toBeLessThanOrEqual(390);
});
