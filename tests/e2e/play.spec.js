// Playing against the solver, as a person would: pick a side, move by
// clicking the board or the move buttons (keyboard too), read the outcome
// hints, undo. The solver's replies come from the real WASM solve.
import fs from 'node:fs/promises';
import path from 'node:path';
import { EXAMPLE_2, expect, openApp, test, typeGraph } from './fixtures.js';

const CAT_WINS_13 = 'graph = [[2,3],[5],[0,4],[0,4,7],[2,3],[1,8],[7,8],[3,6],[5,6]]';

/** The moves played so far, from the panel's log. */
async function movesPlayed(page) {
  const text = await page.getByTestId('play-log').textContent();
  return Number(/Moves: (\d+)/.exec(text)[1]);
}

/** Clicks (or runs) a move, then waits until the page has played it. */
async function moveBy(page, act) {
  const before = await movesPlayed(page);
  await act();
  await expect(page.getByTestId('play-log')).not.toHaveText(`Moves: ${before}`);
}

/** Waits until the game has ended or it is the person's turn; returns 'ended' or 'turn'. */
async function waitForTurn(page) {
  const status = page.getByTestId('play-status');
  await expect(status).toHaveText(/^(Your move|You win|The solver wins|Draw)/);
  return (await status.getAttribute('data-winner')) ? 'ended' : 'turn';
}

/** The hinted moves: [{ to, result, winner, moves }]. */
async function hintedMoves(page) {
  const buttons = page.getByTestId('play-move');
  const out = [];
  for (let i = 0; i < (await buttons.count()); i++) {
    const b = buttons.nth(i);
    const text = await b.textContent();
    const m = /(mouse|cat) wins in (\d+)/.exec(text);
    out.push({ to: await b.getAttribute('data-to'), result: await b.getAttribute('data-result'), winner: m?.[1] ?? null, moves: m ? Number(m[2]) : null });
  }
  return out;
}

/** The move a perfect player picks from the hints: soonest win, else a draw, else latest loss. */
function bestHinted(moves) {
  const rank = (m) => (m.result === 'win' ? m.moves : m.result === 'draw' ? 1e9 : 2e9 - m.moves);
  return moves.reduce((a, b) => (rank(b) < rank(a) ? b : a));
}

test('the person loses to perfect play on LeetCode 913 example 1 after a losing move, clicking nodes on the board', async ({ page }) => {
  await openApp(page); // example 1: a draw with best play
  await page.getByTestId('play-side-mouse').check();
  await page.getByTestId('play-hints').check();
  await page.getByTestId('play-start').click();
  // the person as the mouse plays the worst move each turn (a loss when the hints offer one)
  let clicks = 0;
  while ((await waitForTurn(page)) === 'turn') {
    const moves = await hintedMoves(page);
    const pick = moves.find((m) => m.result === 'loss') ?? moves[0];
    // on the board: the node is outlined as a legal move; click it there
    const node = page.locator(`[data-testid="board"] g[data-node="${pick.to}"]`);
    await expect(node).toHaveAttribute('data-legal', 'true');
    await moveBy(page, () => node.click());
    clicks++;
    expect(clicks).toBeLessThan(40);
  }
  await expect(page.getByTestId('play-status')).toHaveAttribute('data-winner', 'cat');
  await expect(page.getByTestId('play-status')).toContainText('The solver wins: the cat caught the mouse');
  // the board shows the final position: the cat on the mouse
  const board = page.locator('[data-testid="board"] svg');
  expect(await board.getAttribute('data-mouse')).toBe(await board.getAttribute('data-cat'));
});

test('the hints are right: following them, each game ends as the chosen move said, in exactly that many moves', async ({ page }) => {
  await openApp(page);
  await typeGraph(page, CAT_WINS_13);
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.getByTestId('answer')).toHaveText('Cat wins');
  await page.getByTestId('play-hints').check();
  await page.getByTestId('play-start').click(); // as the mouse
  await waitForTurn(page);
  const first = await hintedMoves(page);
  expect(first.length).toBeGreaterThan(0);
  expect(
    first.every((m) => m.result === 'loss' && m.winner === 'cat'),
    'every first move loses here',
  ).toBe(true);
  const chosen = bestHinted(first);
  const before = await movesPlayed(page);
  // keyboard: focus the move's button and press Enter
  await page.locator(`[data-testid="play-move"][data-to="${chosen.to}"]`).focus();
  await moveBy(page, () => page.keyboard.press('Enter'));
  // then keep playing the hinted best move
  while ((await waitForTurn(page)) === 'turn') {
    const pick = bestHinted(await hintedMoves(page));
    await moveBy(page, () => page.locator(`[data-testid="play-move"][data-to="${pick.to}"]`).click());
  }
  await expect(page.getByTestId('play-status')).toHaveAttribute('data-winner', chosen.winner);
  expect(await movesPlayed(page)).toBe(before + chosen.moves);
  const body = await page.screenshot({ fullPage: true });
  await fs.mkdir(path.join('test-results', 'screenshots'), { recursive: true });
  await fs.writeFile(path.join('test-results', 'screenshots', 'play.png'), body);
});

test('undo takes back the person’s move and the solver’s reply; the cat side waits for the solver to open', async ({ page }) => {
  await openApp(page);
  await typeGraph(page, `graph = ${EXAMPLE_2}`);
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.getByTestId('answer')).toHaveText('Mouse wins');
  // as the cat: the solver's mouse runs straight into the hole
  await page.getByTestId('play-side-cat').check();
  await page.getByTestId('play-start').click();
  await expect(page.getByTestId('play-status')).toContainText('The solver wins: the mouse reached the hole');
  await expect(page.getByTestId('play-status')).toHaveAttribute('data-winner', 'mouse');
  // example 1 as the mouse: move, the cat replies, undo goes back to the start
  await typeGraph(page, 'graph = [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]');
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.getByTestId('answer')).toHaveText('Draw');
  await expect(page.getByTestId('play-status')).toContainText('Pick a side');
  await page.getByTestId('play-side-mouse').check();
  await page.getByTestId('play-start').click();
  await waitForTurn(page);
  await page.getByTestId('play-move').first().click();
  await expect(page.getByTestId('play-status')).toContainText('Your move (mouse), move 3');
  expect(await movesPlayed(page)).toBe(2);
  await page.getByTestId('play-undo').click();
  expect(await movesPlayed(page)).toBe(0);
  await expect(page.getByTestId('play-status')).toContainText('Your move (mouse), move 1');
});

test('Cat and Mouse II: following the hints as the mouse wins example 1 in the solver’s number of moves', async ({ page }) => {
  await page.goto('/?game=cat-mouse-ii');
  await expect(page.getByTestId('answer-code')).toHaveText('true');
  const words = await page.getByTestId('answer').textContent();
  const remoteness = Number(/in (\d+) moves/.exec(words)[1]);
  await page.getByTestId('play-hints').check();
  await page.getByTestId('play-start').click();
  while ((await waitForTurn(page)) === 'turn') {
    const pick = bestHinted(await hintedMoves(page));
    expect(pick.result).toBe('win');
    // click the cell on the grid board
    await moveBy(page, () => page.locator(`[data-testid="cm2-board"] [data-cell="${pick.to}"]`).click());
  }
  await expect(page.getByTestId('play-status')).toContainText('You win: the mouse reached the food');
  expect(await movesPlayed(page)).toBe(remoteness);
});
