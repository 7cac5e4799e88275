// "Your game" answered by search: connect-3 on a 5 x 5 board with gravity
// (the gdl2qbf rules, tests/gdl/gdl2qbf: 4,176,536 states, too many to
// enumerate in the page quickly) pasted in, answered by Auto's search with
// the command line's best move (computed here by build/perfect-play); Search
// forced on small games gives the enumeration's answers; Cancel stops a
// search between steps; a game against the solver backed by the search, and
// Cancel while it searches for a reply.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connectFourRules } from '../gdl/connect-four-gdl.mjs';
import { expect, test } from './fixtures.js';

const rulesPath = (name) => new URL(`../gdl/gdl2qbf/${name}`, import.meta.url).pathname;
const rules = (name) => readFileSync(rulesPath(name), 'utf8');
/** The command line's answer for the same rules; `auto` is its default, as the page's. */
const cli = (name, algo = 'auto') =>
  JSON.parse(
    execFileSync(new URL('../../build/perfect-play', import.meta.url).pathname, ['solve', 'gdl', rulesPath(name), '--algo', algo, '--json'], {
      encoding: 'utf8',
    }),
  );

const answer = (page) => page.getByTestId('gdl-answer');

async function openGdl(page) {
  await page.goto('/?game=gdl');
  await expect(answer(page)).toHaveAttribute('data-answer', 'draw'); // tic-tac-toe, the first example
  await expect(answer(page)).toHaveAttribute('data-by', 'enumeration');
}

test("connect-3 on 5 x 5, too big to enumerate quickly, is answered by search with the command line's best move", async ({ page }) => {
  test.setTimeout(90_000);
  const expected = cli('connect-3-5x5.gdl');
  expect(expected.algorithm).toBe('alphabeta');
  await openGdl(page);
  await expect(page.getByTestId('gdl-algo')).toHaveValue('auto');
  await page.getByTestId('gdl-text').fill(rules('connect-3-5x5.gdl'));
  await expect(answer(page)).toHaveAttribute('data-by', 'search', { timeout: 80_000 });
  await expect(answer(page)).toHaveAttribute('data-answer', expected.answer);
  await expect(answer(page)).toHaveText('xplayer (first) wins');
  await expect(page.getByTestId('gdl-answered-by')).toContainText(`by search: alpha-beta with a table, ${expected.stats.nodes.toLocaleString('en-US')} nodes`);
  await expect(page.getByTestId('gdl-answered-by')).toContainText('too big for Auto to enumerate');
  await expect(page.getByTestId('gdl-best-move')).toHaveAttribute('data-move', expected.best_move);
  await expect(page.getByTestId('gdl-no-graph')).toBeVisible();
  await expect(page.getByTestId('gdl-status')).toContainText('answered by search');
});

test("Search forced on small games gives the enumeration's answers (links that name the algorithm)", async ({ page }) => {
  test.setTimeout(60_000);
  for (const file of ['tictactoe.kif', 'hanoi.kif', 'nim.kif']) {
    const text = readFileSync(new URL(`../../web/src/gdl/examples/${file}`, import.meta.url), 'utf8');
    const answers = {};
    for (const [algo, by] of [
      ['enumerate', 'enumeration'],
      ['search', 'search'],
    ]) {
      await page.goto(`/?game=gdl&algo=${algo}&input=${encodeURIComponent(text)}`);
      await expect(page.getByTestId('gdl-algo')).toHaveValue(algo);
      await expect(answer(page)).toHaveAttribute('data-by', by);
      answers[algo] = await answer(page).getAttribute('data-answer');
    }
    expect(answers.search, file).toBe(answers.enumerate);
    expect(answers.search, file).not.toBe('');
  }
});

test('Cancel during a search stops it between steps; the last answer stays and the worker answers on', async ({ page }) => {
  test.setTimeout(60_000);
  await openGdl(page);
  await page.getByTestId('gdl-algo').selectOption('search');
  await expect(answer(page)).toHaveAttribute('data-by', 'search');
  // Connect Four 6 x 6, a win for the second role: minutes of search in the
  // page, so it is still searching, whatever the machine's speed, when Cancel is clicked
  await page.getByTestId('gdl-text').fill(rules('connect-4-6x6.gdl'));
  const progress = page.getByTestId('gdl-progress');
  await expect(progress).toHaveAttribute('data-phase', 'search');
  await expect(progress).toContainText(/searching: does the first role win\? depth \d+ done, [\d,]+ nodes, [\d,]+ table entries/);
  await page.getByTestId('gdl-cancel').click();
  await expect(progress).toHaveCount(0);
  await expect(page.getByTestId('gdl-status')).toHaveText('Cancelled; the graph shows the last rules that solved.');
  await expect(answer(page)).toHaveAttribute('data-answer', 'draw');
  await page.getByTestId('gdl-example').selectOption({ label: 'Tower of Hanoi, 3 discs' });
  await expect(answer(page)).toHaveText('solved in 7 moves, goal 100');
});

test('playing against the solver on a searched game: it replies by search and wins from the start', async ({ page }) => {
  test.setTimeout(60_000);
  // Search chosen: the solver's replies are searched as the answer was, by alpha-beta
  const expected = cli('connect-3-4x4.gdl', 'alphabeta');
  await openGdl(page);
  await page.getByTestId('gdl-algo').selectOption('search');
  await page.getByTestId('gdl-text').fill(rules('connect-3-4x4.gdl'));
  await expect(answer(page)).toHaveAttribute('data-answer', 'first wins');
  await expect(answer(page)).toHaveAttribute('data-by', 'search');
  const play = page.getByTestId('gdl-play');
  await play.getByTestId('gdl-play-role').selectOption({ label: 'oplayer' });
  await play.getByTestId('gdl-play-start').click();
  // the solver (xplayer) opens with the search's best move
  await expect(play.getByTestId('gdl-play-reply')).toHaveAttribute('data-move', expected.best_move);
  const status = play.getByTestId('gdl-play-status');
  for (let ply = 0; ply < 10; ply++) {
    await expect(play).toHaveAttribute('data-busy', '0');
    if (!/Your move/.test(await status.textContent())) break;
    const before = Number(await play.getAttribute('data-moves'));
    await play.getByTestId('gdl-play-move').first().click();
    await expect(play).not.toHaveAttribute('data-moves', String(before));
  }
  await expect(status).toHaveText(/^Game over: xplayer's goal 100, oplayer's goal 0\.$/);
  await play.getByTestId('gdl-play-undo').click();
  await expect(status).toHaveText('Your move, oplayer.');
});

test('Cancel while the solver searches for its reply stops it; the game goes on from the position before', async ({ page }) => {
  test.setTimeout(150_000);
  await openGdl(page);
  await page.getByTestId('gdl-algo').selectOption('search');
  // Connect Four 6 x 5, a draw: millions of nodes a search, so a reply from the
  // start is still being searched whatever the machine's speed when Cancel is clicked
  await page.getByTestId('gdl-text').fill(connectFourRules(6, 5));
  // tic-tac-toe's answer before it said 8 symmetries: this is Connect Four's
  await expect(page.getByTestId('gdl-answered-by')).toContainText('2 symmetries found in the rules', { timeout: 130_000 });
  await expect(page.getByTestId('gdl-answered-by')).toContainText(/^Answered by search: alpha-beta with a table, [\d,]+ nodes/);
  await expect(answer(page)).toHaveAttribute('data-answer', 'draw');
  const play = page.getByTestId('gdl-play');
  await play.getByTestId('gdl-play-role').selectOption({ label: 'oplayer' });
  await play.getByTestId('gdl-play-start').click(); // the solver opens: a search from the start
  const status = play.getByTestId('gdl-play-status');
  await expect(status).toContainText(/The solver is thinking: searching for a reply: .* [\d,]+ nodes/);
  await play.getByTestId('gdl-play-cancel').click();
  await expect(play).toHaveAttribute('data-busy', '0');
  await expect(status).toHaveText('Cancelled: the solver did not reply.');
  await expect(play.getByTestId('gdl-play-cancel')).toHaveCount(0);
  // the worker lives on: the next example is answered
  await page.getByTestId('gdl-example').selectOption({ label: 'Tower of Hanoi, 3 discs' });
  await expect(answer(page)).toHaveText('solved in 7 moves, goal 100');
});

test('an embed whose link asks for Search shows the answer by search and says there is no graph', async ({ page }) => {
  const text = readFileSync(new URL('../../web/src/gdl/examples/nim.kif', import.meta.url), 'utf8');
  await page.goto(`/embed.html?game=gdl&algo=search&input=${encodeURIComponent(text)}`);
  await expect(answer(page)).toHaveAttribute('data-by', 'search');
  await expect(page.getByTestId('gdl-answered-by')).toContainText('by search');
  await expect(page.getByTestId('gdl-no-graph')).toBeVisible();
  await expect(page.getByTestId('state-graph')).toHaveCount(0);
});
