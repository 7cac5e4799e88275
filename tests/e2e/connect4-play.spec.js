// Connect Four played from the empty board, as a person plays it, in the
// real page with the real WASM: on 7x6 the opening book (loaded by this view
// only) scores the columns it holds at once, as the CLI scores them; whole
// games from the empty board, the reader as X and as O, every reply of the
// solver and every column's score arriving, Undo and New game on the way.
// One whole game runs on 7x6 (the book to 10 stones, then searches of under
// a second), one on 6x5 (no book: every position searched). No timing is asserted: speed is
// tests/bench/bench_connect4_play.mjs's.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';
import { bookScore, readBook } from '../js/helpers/c4-book.mjs';
import { pickBest } from '../../web/src/lib/connect4.js';

const BOOK = readBook(readFileSync('web/src/engine/connect4-7x6.book'));

/** The CLI's analysis; on 7x6 with the page's book, as the page answers (without it, minutes a position near the start). */
function cli(moves, size) {
  const book = size === '7x6' ? ['--book', 'web/src/engine/connect4-7x6.book'] : [];
  return JSON.parse(execFileSync('build/perfect-play', ['solve', 'connect-four', '--json', '--size', size, ...book, moves], { encoding: 'utf8' }));
}

const status = (page) => page.getByTestId('c4-status');

async function shownColumns(page, w) {
  const out = [];
  for (let c = 1; c <= w; c++) {
    const v = await page.getByTestId(`c4-score-${c}`).getAttribute('data-score');
    out.push(v === '' ? null : Number(v));
  }
  return out;
}

test("7x6: the empty board's columns that the opening book holds show at once, its score for each", async ({ page }) => {
  const inBook = [];
  for (let c = 1; c <= 7; c++) {
    const s = bookScore(BOOK, String(c));
    if (s !== null) inBook.push([c, -s]);
  }
  expect(inBook.length).toBeGreaterThan(0);
  await page.goto('/?game=tree&kind=connect-four&size=7x6&moves=&mode=play-x');
  await page.getByTestId('c4-show-scores').check();
  await expect(status(page)).toHaveAttribute('data-moves', '');
  for (const [c, v] of inBook) await expect(page.getByTestId(`c4-score-${c}`)).toHaveAttribute('data-score', String(v));
});

test('Connect Four opens on the empty 7x6 board, every column scored from the opening book', async ({ page }) => {
  await page.goto('/?game=tree&kind=connect-four');
  await expect(status(page)).toHaveAttribute('data-size', '7x6');
  await expect(status(page)).toHaveAttribute('data-moves', '');
  await expect(status(page)).toHaveAttribute('data-state', 'solved');
  const published = [];
  for (let c = 1; c <= 7; c++) published.push(0 - bookScore(BOOK, String(c)));
  expect(await shownColumns(page, 7)).toEqual(published);
  expect(published).toEqual([-2, -1, 0, 1, 0, -1, -2]); // Allis, Tromp, Pons: the first player's columns
});

/**
 * Plays a whole game on `size` from the empty board against the solver, the
 * reader taking `side` (0: X, 1: O) and choosing columns by `choose(columns,
 * moves)`: at each of the reader's turns every column's score must show
 * (equal to the CLI's), and after each of the reader's moves the solver's
 * reply must come, a best column of the CLI's. Returns the moves.
 */
async function wholeGame(page, size, side, choose, { undoAt = -1 } = {}) {
  const w = Number(size[0]);
  await page.goto(`/?game=tree&kind=connect-four&size=${size}&moves=&mode=${side ? 'play-o' : 'play-x'}`);
  await page.getByTestId('c4-show-scores').check();
  let undone = false;
  for (;;) {
    const moves = await status(page).getAttribute('data-moves');
    if ((await status(page).getAttribute('data-state')) === 'over') return moves;
    if (moves.length % 2 !== side) {
      // the solver's turn: its stone comes, a best move of the CLI's
      await expect(status(page)).not.toHaveAttribute('data-moves', moves, { timeout: 120_000 });
      const now = await status(page).getAttribute('data-moves');
      expect(now.slice(0, moves.length)).toBe(moves);
      expect(cli(moves, size).best_moves).toContain(Number(now[moves.length]));
      continue;
    }
    await expect(status(page)).toHaveAttribute('data-state', /solved|over/, { timeout: 120_000 });
    if ((await status(page).getAttribute('data-state')) === 'over') return moves;
    const want = cli(moves, size);
    const columns = await shownColumns(page, w);
    expect(columns).toEqual(want.columns);
    if (moves.length === undoAt && !undone) {
      // Undo takes back the solver's reply and the reader's move: that position's scores again
      undone = true;
      await page.getByTestId('c4-undo').click();
      const back = moves.slice(0, -2);
      await expect(status(page)).toHaveAttribute('data-moves', back);
      await expect(status(page)).toHaveAttribute('data-state', 'solved', { timeout: 120_000 });
      expect(await shownColumns(page, w)).toEqual(cli(back, size).columns);
      await page.getByTestId('c4-redo').click();
      await expect(status(page)).toHaveAttribute('data-moves', moves);
      continue;
    }
    const col = choose(columns, moves);
    await page.getByTestId(`c4-col-${col}`).click();
    await expect(status(page)).not.toHaveAttribute('data-moves', moves);
  }
}

test.describe('whole games from the empty board', () => {
  test.setTimeout(600_000);

  test('as X, following the hints (the best column each time): every reply and every score comes', async ({ page }) => {
    const end = await wholeGame(
      page,
      '6x5',
      0,
      (columns) => pickBest(columns.map((v, c) => (v === Math.max(...columns.filter((x) => x !== null)) ? c + 1 : 0)).filter(Boolean), 6),
      { undoAt: 6 },
    );
    expect(end.length).toBeGreaterThan(10);
    await expect(status(page)).toHaveAttribute('data-state', 'over');
  });

  test('7x6 as O, following the hints past the book, then the edges first: the solver (X) answers every move and wins; New game answers at once', async ({
    page,
  }) => {
    const order = [1, 7, 2, 6, 3, 5, 4];
    const best = (columns) => pickBest(columns.map((v, c) => (v === Math.max(...columns.filter((x) => x !== null)) ? c + 1 : 0)).filter(Boolean), 7);
    const end = await wholeGame(page, '7x6', 1, (columns, moves) => (moves.length < 12 ? best(columns) : order.find((c) => columns[c - 1] !== null)));
    await expect(status(page)).toHaveAttribute('data-state', 'over');
    await expect(status(page)).toContainText('X has four in a row');
    expect(end.length).toBeGreaterThan(12); // the book holds 10 stones: the moves after were searched
    // New game: the empty board again, the solver's first move from the book
    await page.getByTestId('c4-new').click();
    await expect(status(page)).toHaveAttribute('data-moves', /^[1-7]$/);
    await expect(status(page)).toHaveAttribute('data-state', 'solved', { timeout: 120_000 });
  });
});
