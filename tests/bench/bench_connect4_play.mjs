// bench_connect4_play.mjs: whole games of Connect Four from the empty 7x6
// board in the real page (dist/, Chromium, the worker and its WASM, the
// opening book), the reader as X and as O, "Show the scores" on, playing a
// best column (by the page's scores) with probability C4_PLAY_BEST (default
// 0.5) and else a random one (seeded): a random reader loses within a few
// moves of the book's end, a stronger one reaches the harder positions. Per position it times, from the page's own clock
// (a MutationObserver on the status line, the click seen in the page):
//   reply   the reader's click until the solver's stone is on the board
//   scores  the position shown until every column's score is (the reader's
//           turn: the solver's stone, or the page opening)
// and prints every game, then the slowest reply and the slowest score
// display over all games, by stones on the board. Goal: neither over 2 s.
// A move that takes longer than C4_PLAY_CAP_S (default 120) seconds ends
// its game there (reported as such): past the book a search can take minutes.
//   node tests/bench/bench_connect4_play.mjs      (C4_PLAY_GAMES=4, C4_PLAY_SEED=1, C4_PLAY_BEST=0.5;
//   C4_PLAY_SIZE=6x5 plays another board, without a book)
import { chromium } from '@playwright/test';
import { chromiumOptions } from './chromium.mjs';
import { serveDist } from './serve-dist.mjs';
import { rng } from '../js/helpers/random-play.mjs';

const GAMES = Number(process.env.C4_PLAY_GAMES) || 4;
const SEED = Number(process.env.C4_PLAY_SEED) || 1;
const CAP_MS = (Number(process.env.C4_PLAY_CAP_S) || 120) * 1000;
const SIZE = process.env.C4_PLAY_SIZE || '7x6';
const BEST = process.env.C4_PLAY_BEST === undefined ? 0.5 : Number(process.env.C4_PLAY_BEST);
const W = Number(SIZE[0]);

const { server, url } = await serveDist();
const browser = await chromium.launch(chromiumOptions());

/** Waits until the status line says `state` for `moves` (or the game is over); false past the cap. */
async function until(page, test, arg) {
  try {
    await page.waitForFunction(test, arg, { polling: 10, timeout: CAP_MS });
    return true;
  } catch {
    return false;
  }
}

const solvedAt = ({ moves }) => {
  const s = document.querySelector('[data-testid=c4-status]');
  return s && s.dataset.moves === moves && (s.dataset.state === 'solved' || s.dataset.state === 'over');
};
const movedPast = ({ n }) => {
  const s = document.querySelector('[data-testid=c4-status]');
  return s && (s.dataset.moves.length > n || s.dataset.state === 'over');
};

/** The page's log: [t, moves, state] at every change of the status line, and ['click', t]. */
function watch() {
  window.__c4 = [];
  const s = document.querySelector('[data-testid=c4-status]');
  const note = () => window.__c4.push([performance.now(), s.dataset.moves, s.dataset.state]);
  new MutationObserver(note).observe(s, { attributes: true, attributeFilter: ['data-moves', 'data-state'] });
  note();
  document.addEventListener('click', () => window.__c4.push([performance.now(), 'click']), true);
}

const replies = []; // { ms, stones, game }
const displays = [];
const rand = rng(SEED);
for (let g = 0; g < GAMES; g++) {
  const side = g % 2; // 0: the reader is X
  const page = await browser.newPage();
  const t0 = Date.now();
  await page.goto(`${url}?game=tree&kind=connect-four&size=${SIZE}&moves=&mode=${side ? 'play-o' : 'play-x'}`);
  await page.getByTestId('c4-show-scores').check();
  await page.waitForSelector('[data-testid=c4-status]');
  await page.evaluate(watch);
  let moves = '';
  let ended = 'four in a row or a full board';
  const first = side ? await until(page, movedPast, { n: 0 }) : await until(page, solvedAt, { moves: '' });
  const openMs = Date.now() - t0;
  for (;;) {
    const status = page.getByTestId('c4-status');
    if ((await status.getAttribute('data-state')) === 'over') break;
    moves = await status.getAttribute('data-moves');
    if (moves.length % 2 !== side) {
      // the solver moves first (the reader is O): wait for its stone
      if (!(await until(page, movedPast, { n: moves.length }))) {
        ended = `the solver's first move took over ${CAP_MS / 1000} s`;
        break;
      }
      continue;
    }
    // the reader's turn: every column scored?
    if (!(await until(page, solvedAt, { moves }))) {
      ended = `the scores of ${moves || 'the empty board'} took over ${CAP_MS / 1000} s`;
      break;
    }
    const scores = [];
    for (let c = 1; c <= W; c++) {
      const v = await page.getByTestId(`c4-score-${c}`).getAttribute('data-score');
      if (v !== '') scores.push([c, Number(v)]);
    }
    if (!scores.length) break;
    const top = Math.max(...scores.map(([, v]) => v));
    const pool = rand() < BEST ? scores.filter(([, v]) => v === top) : scores;
    const col = pool[Math.floor(rand() * pool.length)][0];
    await page.getByTestId(`c4-col-${col}`).click();
    if (!(await until(page, movedPast, { n: moves.length + 1 }))) {
      ended = `the reply to ${moves}${col} took over ${CAP_MS / 1000} s`;
      break;
    }
  }
  // From the page's log: each click to the first position two stones on
  // (the solver's reply), each of the reader's positions from its first
  // appearance to its 'solved'.
  const log = await page.evaluate(() => window.__c4);
  let pending = null;
  let lastLen = 0;
  let shown = null; // { moves, t }
  for (const e of log) {
    if (e[1] === 'click') {
      pending = { t: e[0], len: lastLen };
      continue;
    }
    const [t, m, state] = e;
    lastLen = m.length;
    if (pending && m.length >= pending.len + 2) {
      replies.push({ ms: t - pending.t, stones: m.length - 1, game: g });
      pending = null;
    }
    if (m.length % 2 === side && shown?.moves !== m) shown = { moves: m, t };
    if (state === 'solved' && shown?.moves === m && shown.t !== null) {
      displays.push({ ms: t - shown.t, stones: m.length, game: g });
      shown.t = null;
    }
  }
  const final = await page.getByTestId('c4-status').getAttribute('data-moves');
  console.log(
    `game ${g + 1} (${SIZE}): the reader ${side ? 'O' : 'X'}, ${final.length} stones (${final || 'none'}), ended: ${first ? ended : side ? "the solver's first move took too long" : 'the empty board was not scored in time'}; page open to scores ${openMs} ms`,
  );
  await page.close();
}

function slowest(list, what) {
  if (!list.length) return console.log(`${what}: none measured`);
  const worst = list.reduce((a, b) => (b.ms > a.ms ? b : a));
  const byStones = new Map();
  for (const r of list) byStones.set(r.stones, Math.max(byStones.get(r.stones) ?? 0, r.ms));
  console.log(`${what}: slowest ${Math.round(worst.ms)} ms at ${worst.stones} stones (game ${worst.game + 1}); ${list.length} measured`);
  console.log(
    `  slowest by stones: ${[...byStones]
      .sort((a, b) => a[0] - b[0])
      .map(([s, ms]) => `${s}:${Math.round(ms)}`)
      .join(' ')}`,
  );
}
slowest(replies, "solver's reply (click to its stone)");
slowest(displays, 'column scores (position shown to every column scored)');
await browser.close();
server.close();
