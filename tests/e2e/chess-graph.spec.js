// A chess table as a state graph in the page: KRK built by the real WASM
// tables in the worker, every position a point. The colours drawn at a
// cursor are compared with the table's own plies (read from its bytes, not
// from the drawing), a clicked point with the board and the answer the C
// tables give for its FEN (the native CLI), the PNG export of the points
// with the frame's size, and the `view` parameter of embeds (chess and a DP
// game). Every wait is on a state the page exposes.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.js';
import { decodePng } from './png.js';

const CLI = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));
const cliJson = (...args) => JSON.parse(execFileSync(CLI, [...args, '--json'], { encoding: 'utf8' }));
const words = (a) =>
  a.outcome === 'draw'
    ? 'Draw'
    : a.dtm === 0
      ? 'Checkmated'
      : a.outcome === 'win'
        ? `Mate in ${a.dtm} ${a.dtm === 1 ? 'move' : 'moves'} (${a.plies} plies)`
        : `Mated in ${a.dtm} ${a.dtm === 1 ? 'move' : 'moves'} (${a.plies} plies)`;

const graph = (page) => page.getByTestId('chess-graph');
const canvas = (page) => graph(page).getByTestId('state-graph-canvas'); // the points view's own test id

/** The chess page on KRK (its first table) with the state graph shown and drawn. */
async function openGraph(page) {
  await page.goto('/?game=chess-endgame');
  const app = page.getByTestId('chess-app');
  await expect(app).toHaveAttribute('data-state', 'ready');
  await expect(app).toHaveAttribute('data-table', 'KRK');
  await page.getByTestId('chess-view-graph').check();
  await expect(graph(page)).toHaveAttribute('data-state', 'drawn');
  return app;
}

/** Moves the ply cursor to k and waits until the points show it. */
async function seek(page, k) {
  await page.getByTestId('timeline').fill(String(k));
  await expect(page.getByTestId('readout')).toHaveAttribute('data-cursor', String(k));
  await expect(canvas(page)).toHaveAttribute('data-painted', String(k));
}

/**
 * Every position's drawn look (draw-points.js's codes, read back) against
 * the table's plies at cursor k: decided by ply k, it shows its winner
 * (white wins: 'win0', black: 'win1'); not yet, undecided (a draw at the
 * end); decided at ply k itself, in the queue.
 */
function checkLooks(page) {
  return page.evaluate(() => {
    const facts = document.querySelector('[data-testid="chess-graph"]').ppChess;
    const h = document.querySelector('[data-testid="chess-graph"] [data-testid="state-graph-canvas"]').ppPoints;
    const k = h.cursor;
    const done = k >= facts.count;
    const wrong = [];
    const seen = { win0: 0, win1: 0, draw: 0, undecided: 0, queued: 0 };
    for (let p = 0; p < facts.n; p++) {
      const ply = facts.plyOf(p);
      const decided = ply !== 255 && ply <= k;
      const want = decided ? (facts.winnerOf(p) === 1 ? 'win0' : 'win1') : done ? 'draw' : 'undecided';
      const got = h.lookOf(p);
      seen[got.look]++;
      if (got.queued) seen.queued++;
      if (got.look !== want || got.queued !== (ply === k)) wrong.push(p);
    }
    return { wrong: wrong.length, first: wrong.slice(0, 5), seen, n: facts.n };
  });
}

test("KRK as a state graph: every position a point, coloured ply by ply as the table's plies say, forward and back", async ({ page }) => {
  await openGraph(page);
  const stats = cliJson('tablebase', 'KRK');
  const positions = stats.positions.white + stats.positions.black;
  await expect(graph(page)).toHaveAttribute('data-positions', String(positions));
  await expect(graph(page)).toHaveAttribute('data-material', 'KRK');
  for (const k of [0, 9, 4, 32]) {
    await seek(page, k);
    const r = await checkLooks(page);
    expect(r.wrong, `cursor ${k}: ${JSON.stringify(r.first)}`).toBe(0);
    expect(r.n).toBe(positions);
    // The summary counts what is drawn.
    await expect(graph(page)).toHaveAttribute('data-looks', `white:${r.seen.win0} black:${r.seen.win1} draw:${r.seen.draw} undecided:${r.seen.undecided}`);
    if (k === 0) expect(r.seen.win0 + r.seen.win1).toBe(stats.histogram.mated_in[0]); // the checkmates, the seeds
    if (k === 32) expect(r.seen.draw).toBe(stats.white_to_move.draws + stats.black_to_move.draws);
  }
  // The layers are listed for screen readers: ply 0 to 32, and the draws.
  await expect(page.getByTestId('chess-graph-layers').locator('li').first()).toContainText('ply 0: checkmated');
});

test('a clicked point is the position the board shows, with the answer the C tables give for it, zoomed out and in; a move on the board selects its point', async ({
  page,
}) => {
  const app = await openGraph(page);
  await seek(page, 12);
  for (const zoomIn of [false, true]) {
    if (zoomIn) {
      await page.getByTestId('chess-graph-zoom-reset').click(); // 100%: the points 12 px apart
      await expect(page.getByTestId('chess-graph-zoom')).toHaveText('100%');
      await expect(canvas(page)).toHaveAttribute('data-painted', '12');
    }
    // A point decided at ply 12 or before, as drawn (decided: no move of it takes the rook, so every move stays in KRK).
    const target = await page.evaluate(() => {
      const facts = document.querySelector('[data-testid="chess-graph"]').ppChess;
      const h = document.querySelector('[data-testid="chess-graph"] [data-testid="state-graph-canvas"]').ppPoints;
      return h.shown(5000).find((p) => facts.plyOf(p.state) >= 5 && facts.plyOf(p.state) <= 12) ?? null;
    });
    expect(target).not.toBeNull();
    await canvas(page).click({ position: { x: target.x, y: target.y } });
    await expect(graph(page)).toHaveAttribute('data-selected', String(target.state));
    const fen = await graph(page).getAttribute('data-selected-fen');
    await expect(app).toHaveAttribute('data-fen', fen);
    await expect(app).toHaveAttribute('data-busy', 'false');
    const native = cliJson('solve', 'chess-endgame', fen);
    await expect(app).toHaveAttribute('data-answer', words(native));
    const ply = await page.evaluate((p) => document.querySelector('[data-testid="chess-graph"]').ppChess.plyOf(p), target.state);
    expect(native.plies).toBe(ply);
    await expect(page.getByTestId('chess-graph-readout')).toContainText(fen);
    await expect(page.getByTestId('chess-board')).toBeVisible();
  }
  // The other way: a move played on the board selects the point of the position it reaches.
  const before = await app.getAttribute('data-fen');
  await page.locator('.chess-move').first().click();
  await expect(app).not.toHaveAttribute('data-fen', before);
  await expect(app).toHaveAttribute('data-busy', 'false');
  const after = await app.getAttribute('data-fen');
  await expect(graph(page)).toHaveAttribute('data-selected-fen', after);
  expect(Number(await graph(page).getAttribute('data-selected'))).toBeGreaterThanOrEqual(0);
});

for (const renderer of ['canvas', 'webgl']) {
  test(`the state graph exports as a PNG of the points view (${renderer}), at twice its size on screen, and its wave as WebM`, async ({ page }) => {
    await page.addInitScript((r) => localStorage.setItem('pp-points', r), renderer);
    await openGraph(page);
    await expect(canvas(page)).toHaveAttribute('data-renderer', renderer);
    await seek(page, 9);
    const frame = page.locator('[data-export-frame="state graph"]');
    const box = await frame.boundingBox();
    // White's wins as the points are drawn at this zoom, and how many are decided.
    const white = await canvas(page).evaluate((el) => el.ppPoints.palette.win0);
    await page.getByTestId('share-open').click();
    await expect(page.getByTestId('export')).toBeVisible();
    await page.getByTestId('export-frame').selectOption({ label: 'state graph' });
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-png').click()]);
    expect(file.suggestedFilename()).toBe('perfect-play-chess-endgame-step9.png');
    const png = decodePng(readFileSync(await file.path()));
    expect(png.width).toBe(Math.ceil(box.width) * 2);
    expect(png.height).toBe(Math.ceil(box.height) * 2);
    // The points are in it (a WebGL canvas keeps no picture once shown: it must draw again for the copy).
    let whites = 0;
    for (let i = 0; i < png.rgba.length; i += 4)
      if (Math.abs(png.rgba[i] - white[0]) + Math.abs(png.rgba[i + 1] - white[1]) + Math.abs(png.rgba[i + 2] - white[2]) <= 6) whites++;
    expect(whites).toBeGreaterThan(400);
    if (renderer === 'webgl') return;

    // The wave as WebM: plies 2 to 6 of the points, the player back at ply 9 after.
    await page.getByTestId('export-from').fill('2');
    await page.getByTestId('export-to').fill('6');
    await page.getByTestId('export-fps').fill('20');
    const [video] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-webm').click()]);
    expect(video.suggestedFilename()).toBe('perfect-play-chess-endgame-steps2-6.webm');
    const webm = readFileSync(await video.path());
    expect([...webm.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]); // EBML: a Matroska/WebM file
    expect(webm.length).toBeGreaterThan(2000);
    await expect(page.getByTestId('export-status')).toHaveText('Video: done.');
    await expect(page.getByTestId('readout')).toHaveAttribute('data-cursor', '9');
  });
}

test("embeds: view=graph shows a chess table's state graph alone; a DP game's view=table the table, view=board its piles; a tree's view=board its position", async ({
  page,
}) => {
  await page.goto('/embed.html?game=chess-endgame&fen=8/8/8/4k3/8/8/8/R3K3%20w%20-%20-%200%201&ply=6&view=graph&controls=minimal');
  await expect(graph(page)).toHaveAttribute('data-state', 'drawn');
  await expect(page.getByTestId('readout')).toHaveAttribute('data-cursor', '6');
  await expect(canvas(page)).toHaveAttribute('data-painted', '6');
  await expect(page.getByTestId('chess-board')).toHaveCount(0);
  await expect(page.getByTestId('chess-hist')).toHaveCount(0);

  const dp = (view) => `/embed.html?game=stone-game-vii&input=${encodeURIComponent('stones = [5,3,1,4,2]')}&step=20&controls=minimal&view=${view}`;
  await page.goto(dp('table'));
  await expect(page.locator('.dp-app__table')).toHaveCount(1);
  await expect(page.getByTestId('dp-piles')).toHaveCount(0);
  await page.goto(dp('board'));
  await expect(page.getByTestId('dp-piles')).toHaveCount(1);
  await expect(page.locator('.dp-app__table')).toHaveCount(0);

  // A game tree: view=board the position at the current node, without the search tree.
  await page.goto('/embed.html?game=tic-tac-toe&step=10&controls=minimal&view=board');
  await expect(page.getByTestId('readout')).toHaveAttribute('data-cursor', '10');
  await expect(page.getByTestId('current-position')).toHaveCount(1);
  await expect(page.locator('.tree-app__tree')).toHaveCount(0);
});

test('the authors\' guide: a <perfect-play view="graph"> shows KRK\'s state graph at its ply, without the board', async ({ page }) => {
  await page.goto('/authors.html');
  await page.getByTestId('authors-chess-graph').scrollIntoViewIfNeeded();
  const content = page.frameLocator('[data-testid="authors-chess-graph"] iframe');
  // The guide's other players load beside it: the table is built once its frame's worker runs.
  await expect(content.getByTestId('chess-app')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(content.getByTestId('chess-graph')).toHaveAttribute('data-state', 'drawn');
  await expect(content.getByTestId('chess-graph').getByTestId('state-graph-canvas')).toHaveAttribute('data-painted', '8');
  await expect(content.getByTestId('chess-graph')).toHaveAttribute('data-material', 'KRK');
  await expect(content.getByTestId('chess-board')).toHaveCount(0);
});
