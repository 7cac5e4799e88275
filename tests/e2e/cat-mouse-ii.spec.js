// Cat and Mouse II (LeetCode 1728) in the page, driven as a person would:
// the switcher, typing a grid and jumps, presets, a bad grid, the player
// and the heatmap board, against the real WASM solver.
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures.js';

/** Opens the page on 913, then switches to 1728 with the pillar's switcher. */
async function open1728(page) {
  await page.goto('/');
  await expect(page.getByTestId('answer')).toHaveText('Draw');
  await page.getByRole('button', { name: 'LeetCode 1728: on a grid' }).click();
  await expect(page.getByTestId('game-label')).toHaveText('Cat and Mouse II (LeetCode 1728)');
  await expect(page).toHaveURL(/game=cat-mouse-ii/);
}

/** Types a board into the form and presses Solve. */
async function solveBoard(page, grid, catJump, mouseJump) {
  const box = page.getByLabel('Grid (LeetCode input)');
  await box.fill('');
  await box.pressSequentially(grid, { delay: 0 });
  await page.getByLabel('catJump').fill(String(catJump));
  await page.getByLabel('mouseJump').fill(String(mouseJump));
  await page.getByRole('button', { name: 'Solve' }).click();
}

test('the LeetCode 1728 examples answer as LeetCode does, typed and from the presets', async ({ page }) => {
  await open1728(page);
  // example 1 is solved on arrival
  await expect(page.getByTestId('answer-code')).toHaveText('true');
  await expect(page.getByTestId('answer')).toContainText('the mouse wins');
  await solveBoard(page, '["M.C...F"]', 1, 4);
  await expect(page.getByTestId('answer-code')).toHaveText('true');
  await solveBoard(page, '["M.C...F"]', 1, 3);
  await expect(page.getByTestId('answer-code')).toHaveText('false');
  await expect(page.getByTestId('answer')).toContainText('the cat wins');
  await page.getByRole('button', { name: 'Example 4' }).click();
  await expect(page.getByLabel('Grid (LeetCode input)')).toHaveValue('["C...#","...#F","....#","M...."]');
  await expect(page.getByTestId('answer-code')).toHaveText('false');
  await page.getByRole('button', { name: 'Example 5' }).click();
  await expect(page.getByTestId('answer-code')).toHaveText('true');
  await expect(page.getByTestId('stats')).toContainText('5 x 5 cells · 1,250 states');
});

test('a bad grid shows the C message next to the input and keeps the last answer', async ({ page }) => {
  await open1728(page);
  await expect(page.getByTestId('answer-code')).toHaveText('true');
  await solveBoard(page, '["MCFC"]', 1, 1);
  await expect(page.getByTestId('input-error')).toContainText("grid[0][3] is a second 'C'");
  await expect(page.getByLabel('Grid (LeetCode input)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('answer-code')).toHaveText('true');
  await expect(page.getByText('Still showing the result for the last valid board.')).toBeVisible();
  await solveBoard(page, '["M.C...F"]', 1, 9);
  await expect(page.getByTestId('input-error')).toContainText('mouseJump is 9; it must be 1 to 8');
  // fixing it clears the message
  await solveBoard(page, '["M.C...F"]', 1, 3);
  await expect(page.getByTestId('input-error')).toBeEmpty();
  await expect(page.getByTestId('answer-code')).toHaveText('false');
});

test('the long forced win: stepped back and forward, the heatmap and the counts follow the cursor', async ({ page }) => {
  await open1728(page);
  await page.getByRole('button', { name: 'Long forced win (75 moves)' }).click();
  await expect(page.getByTestId('answer')).toContainText('in 75 moves');
  await expect(page.getByTestId('answer-code')).toHaveText('true');
  const board = page.getByTestId('cm2-board');
  const readout = page.getByTestId('readout');
  // The player loads the new trace one render after the answer shows: wait for it (the
  // long game's trace has about 20,000 events; the board before it, about 1,300).
  await expect.poll(async () => Number(await readout.getAttribute('data-count'))).toBeGreaterThan(5000);
  const count = Number(await readout.getAttribute('data-count'));
  // at the end: no cell of this slice is undecided
  await expect(board.locator('[data-outcome="open"]')).toHaveCount(0);
  const endCounts = await page.getByTestId('cm2-counts').textContent();
  // Home: nothing decided yet, every floor cell undecided
  await page.locator('body').press('Home');
  await expect(readout).toHaveAttribute('data-cursor', '0');
  await expect(page.getByTestId('cm2-counts')).toContainText('0 mouse wins · 0 cat wins');
  const floor = await board.locator('button[data-cell]').count();
  await expect(board.locator('[data-outcome="open"]')).toHaveCount(floor);
  // Shift+Right: one decision at a time
  await page.locator('body').press('Shift+ArrowRight');
  await page.locator('body').press('Shift+ArrowRight');
  expect(Number(await readout.getAttribute('data-cursor'))).toBeGreaterThan(0);
  await expect(page.getByTestId('cm2-counts')).not.toHaveText(endCounts);
  // the start state is selected: jump to the event that decides it
  await expect(page.getByTestId('cm2-state')).toContainText('(mouse r1c0, cat r0c0, mouse to move)');
  await page.getByTestId('cm2-to-decision').click();
  const at = Number(await readout.getAttribute('data-cursor'));
  expect(at).toBeGreaterThan(2);
  expect(at).toBeLessThanOrEqual(count);
  await expect(page.getByTestId('cm2-state')).toContainText('mouse wins in 75 moves');
  await page.locator('body').press('End');
  await expect(readout).toHaveAttribute('data-cursor', String(count));
  await expect(page.getByTestId('cm2-counts')).toHaveText(endCounts);
});

test('clicking a cell selects that state; the turn and the colouring can be switched; a screenshot is kept', async ({ page }) => {
  await open1728(page);
  const board = page.getByTestId('cm2-board');
  await expect(board).toHaveAttribute('data-mouse', '10');
  await expect(board).toHaveAttribute('data-cat', '6');
  // mouse on r1c4 (cell 9), the cat still on r1c1: the mouse is next to the food
  await board.locator('[data-cell="9"]').click();
  await expect(board).toHaveAttribute('data-mouse', '9');
  await expect(page.getByTestId('cm2-state')).toContainText('(mouse r1c4, cat r1c1, mouse to move): mouse wins in 1 move');
  await page.getByTestId('cm2-flip').click();
  await expect(board).toHaveAttribute('data-turn', 'cat');
  // colour by the cat's cell instead: the cat on the food is the cat's win
  await page.getByTestId('cm2-by-cat').check();
  await expect(board.locator('[data-cell="4"]')).toHaveAttribute('data-outcome', 'cat');
  // keyboard: Tab to a cell and Enter selects it
  await board.locator('[data-cell="14"]').focus();
  await page.keyboard.press('Enter');
  await expect(board).toHaveAttribute('data-cat', '14');
  const body = await page.screenshot({ fullPage: true });
  await fs.mkdir(path.join('test-results', 'screenshots'), { recursive: true });
  await fs.writeFile(path.join('test-results', 'screenshots', 'cat-mouse-ii.png'), body);
});

test('a 1728 URL opens on that game; the switcher goes back to 913', async ({ page }) => {
  await page.goto('/?game=cat-mouse-ii');
  await expect(page.getByTestId('answer-code')).toHaveText('true');
  await expect(page.getByTestId('game-cat-mouse-ii')).toHaveAttribute('aria-current', 'page');
  await page.getByTestId('game-cat-mouse').click();
  await expect(page.getByTestId('answer')).toHaveText('Draw');
  await expect(page.getByLabel('Graph (LeetCode input)')).toBeVisible();
});

/** The states the solver gives an outcome: both animals on a floor cell (not '#'), either to move. */
const stateCount = (rows) => 2 * rows.join('').replace(/#/g, '').length ** 2;

test('the state graph: every state of the grid a node, coloured as the trace plays, the start and a picked state named as the board names them', async ({
  page,
}) => {
  await open1728(page);
  await expect(page.getByTestId('answer-code')).toHaveText('true');
  const graph = page.getByTestId('state-graph');
  await expect(graph).toHaveAttribute('data-drawn', 'true');
  await expect(graph).toHaveAttribute('data-nodes', String(stateCount(['####F', '#C...', 'M....'])));
  // At the end the graph's colours add up to the decisions the summary counts per player to move.
  const counts = await page.getByTestId('cm2-counts').locator('dd').allTextContents();
  const sum = (k) => counts.reduce((t, line) => t + Number(line.match(new RegExp(`([\\d,]+) ${k}`))[1].replace(/,/g, '')), 0);
  await expect(graph).toHaveAttribute('data-looks', `win0:${sum('mouse wins')} win1:${sum('cat wins')} draw:0 undecided:0`);
  // Back to the start nothing is decided; the first event decides one state.
  await page.getByTestId('to-start').click();
  await expect(graph).toHaveAttribute('data-looks', `win0:0 win1:0 draw:0 undecided:${stateCount(['####F', '#C...', 'M....'])}`);
  await page.getByTestId('step-forward').click();
  await expect(graph).toHaveAttribute('data-decided', '1');
  await page.getByTestId('to-end').click();
  // The keyboard: Home is the start (mouse on row 2 col 0, cat on row 1 col 1); Enter selects
  // a state, and the board's line names the same state.
  await page.getByTestId('state-graph-canvas').focus();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('state-graph-readout')).toContainText('(r2c0,r1c1,mouse): mouse wins in 5 · depth 0');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const chosen = await page.getByTestId('state-graph-readout').getAttribute('data-node');
  await expect(graph).toHaveAttribute('data-selected', chosen);
  const name = (await page.getByTestId('state-graph-readout').textContent()).match(/^\((r\dc\d),(r\dc\d),(mouse|cat)\)/);
  await expect(page.getByTestId('cm2-state')).toContainText(`(mouse ${name[1]}, cat ${name[2]}, ${name[3]} to move)`);
});

test('a grid past the detailed drawing has its states drawn as points, and an embed shows the graph it is asked for', async ({ page }) => {
  await open1728(page);
  const rows = ['M.......', '........', '........', '...##...', '........', '........', '.......C', '......F.'];
  await solveBoard(page, JSON.stringify(rows), 2, 3);
  const graph = page.getByTestId('state-graph');
  await expect(graph).toHaveAttribute('data-nodes', String(stateCount(rows)));
  await expect(graph).toHaveAttribute('data-points', 'true');
  await page.goto(`/embed.html?game=cat-mouse-ii&input=${encodeURIComponent('["M.C...F"]')}&catJump=1&mouseJump=4&view=graph&controls=minimal`);
  await expect(page.getByTestId('state-graph')).toHaveAttribute('data-nodes', String(stateCount(['M.C...F'])));
  await expect(page.getByTestId('cm2-state')).toHaveCount(0);
});
