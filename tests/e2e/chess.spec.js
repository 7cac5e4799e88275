// The chess endgame tables in the page: the real WASM tables built
// in the worker, checked against the native CLI; every wait is on a state
// the page exposes (data-state, data-fen, data-runs, data-map ...).
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures.js';
import { decodePng } from './png.js';
import { messages, openHost } from './host.js';

const CLI = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));
const cli = (fen) => JSON.parse(execFileSync(CLI, ['solve', 'chess-endgame', fen, '--json'], { encoding: 'utf8' }));
const KRK = '8/8/8/4k3/8/8/8/R3K3 w - - 0 1';
const KQK = 'k7/8/8/8/8/8/8/KQ6 w - - 0 1';
const words = (a) =>
  a.outcome === 'draw' ? 'Draw' : a.outcome === 'win' ? `Mate in ${a.dtm} moves (${a.plies} plies)` : `Mated in ${a.dtm} moves (${a.plies} plies)`;

async function ready(page) {
  const app = page.getByTestId('chess-app');
  await expect(app).toHaveAttribute('data-state', 'ready');
  await expect(app).toHaveAttribute('data-busy', 'false');
  return app;
}
async function open(page, query = '') {
  await page.goto(`/?game=chess-endgame${query}`);
  return ready(page);
}
async function solve(page, fen) {
  const app = page.getByTestId('chess-app');
  await page.getByTestId('chess-fen').fill(fen);
  await page.getByTestId('chess-solve').click();
  await expect(app).toHaveAttribute('data-fen', fen);
  return ready(page);
}

test('the tab opens on KRK, built in the worker: the answer in moves, as the CLI, and its BFS layers', { tag: '@slow-cpu' }, async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('pillar-chess').click();
  const app = await ready(page);
  await expect(app).toHaveAttribute('data-fen', KRK);
  await expect(app).toHaveAttribute('data-answer', words(cli(KRK)));
  await expect(page.getByTestId('chess-answer')).toContainText('Mate in 14 moves');
  // the layers: ply 0 (checkmates) to the longest mate, 16 moves = 31 plies, and the mated side's 32nd
  await expect(page.getByTestId('chess-hist')).toHaveAttribute('data-layers', '33');
  await expect(app).toHaveAttribute('data-top', '32');
  // every legal move, with its result, as the CLI lists them
  const want = cli(KRK).moves;
  await expect(page.locator('.chess-move')).toHaveCount(want.length);
  for (const m of want) {
    const b = page.locator(`.chess-move[data-uci="${m.uci}"]`);
    await expect(b).toHaveAttribute('data-outcome', m.outcome);
    await expect(b).toHaveAttribute('data-dtm', m.dtm === null ? '' : String(m.dtm));
  }
});

test('a bad FEN: the message names the problem, as the CLI does', async ({ page }) => {
  await open(page);
  for (const fen of ['K7/k7/8/8/8/8/8/8 w - - 0 1', '8/8/8/8/8/8/8/KQ5k w - - 0 1', 'k7/8/8/8/8/8/8/KQ6 w KQ - 0 1']) {
    const r = spawnSync(CLI, ['solve', 'chess-endgame', fen], { encoding: 'utf8' });
    await page.getByTestId('chess-fen').fill(fen);
    await page.getByTestId('chess-solve').click();
    const msg = r.stderr.trim().replace(/^perfect-play: /, '');
    await expect(page.getByTestId('chess-error')).toContainText(msg.slice(0, 40));
  }
});

test('a big table shows its layers growing while it builds, and Cancel stops it', { tag: '@slow-cpu' }, async ({ page }) => {
  const app = await open(page);
  // KPKP: twenty tables (every ending its captures and promotions reach), long enough on any machine
  await page.getByTestId('chess-material').selectOption('KPKP');
  await expect(app).toHaveAttribute('data-state', 'building');
  await expect(page.getByTestId('chess-progress')).toBeVisible();
  // ply 0 (the checkmates) and more: the histogram grows during the BFS
  await expect(page.getByTestId('chess-hist')).not.toHaveAttribute('data-layers', /^[01]$/);
  await page.getByTestId('chess-cancel').click();
  await expect(page.getByTestId('chess-error')).toHaveText('Cancelled: the table was not built.');
  await expect(app).toHaveAttribute('data-busy', 'false');
  await expect(page.getByTestId('chess-progress')).toHaveCount(0);
  // the page still works: a small table afterwards
  await solve(page, KQK);
  await expect(app).toHaveAttribute('data-answer', words(cli(KQK)));
});

test('play against the table by clicking and by keyboard; the table answers perfectly; Undo', { tag: '@slow-cpu' }, async ({ page }) => {
  const app = await open(page, `&fen=${encodeURIComponent(KQK)}`);
  await page.getByTestId('chess-side').selectOption('w');
  // click the queen, then a square it can reach
  const best = cli(KQK).best;
  await page.locator(`[data-square="${best.slice(0, 2)}"]`).click();
  await page.locator(`[data-square="${best.slice(2, 4)}"]`).click();
  // the table replies: white to move again, after its best move
  await expect(app).toHaveAttribute('data-fen', / w /);
  await ready(page);
  const afterWhite = cli(KQK);
  const fen1 = await app.getAttribute('data-fen');
  await expect(app).toHaveAttribute('data-answer', words(cli(fen1)));
  expect(cli(fen1).dtm).toBe(afterWhite.dtm - 1); // best play on both sides: one move nearer mate
  // by keyboard: focus a square, move with arrows, Enter picks and moves
  const legal = cli(fen1).moves.sort((a, b) => (b.outcome === 'win' ? 1000 - b.plies : 0) - (a.outcome === 'win' ? 1000 - a.plies : 0))[0];
  const from = page.locator(`[data-square="${legal.uci.slice(0, 2)}"]`);
  await from.focus();
  await page.keyboard.press('Enter');
  await page.locator(`[data-square="${legal.uci.slice(2, 4)}"]`).focus();
  await page.keyboard.press('Enter');
  await expect(app).not.toHaveAttribute('data-fen', fen1);
  await expect(app).toHaveAttribute('data-fen', / w /);
  await ready(page);
  await page.getByTestId('chess-undo').click();
  await expect(app).toHaveAttribute('data-fen', fen1);
  await page.getByTestId('chess-undo').click();
  await expect(app).toHaveAttribute('data-fen', KQK);
});

test('"why?" walks the line to mate and gives it as PGN', async ({ page }) => {
  const app = await open(page);
  const a = cli(KRK);
  await page.getByTestId('chess-why').click();
  const line = page.getByTestId('chess-line');
  await expect(line).toHaveAttribute('data-plies', String(a.plies));
  const text = await page.getByTestId('chess-pgn').inputValue();
  expect(text).toContain(`[FEN "${KRK}"]`);
  expect(text).toMatch(/# 1-0\n$/);
  expect(text).toMatch(/^\[Event /);
  // a move of the line jumps there
  await page.getByTestId('chess-line-move').first().click();
  await expect(app).not.toHaveAttribute('data-fen', KRK);
  await ready(page);
  await expect(page.getByTestId('chess-undo')).toBeEnabled();
});

test('the DTM map of the rook follows the ply cursor, numbers as the CLI', async ({ page }) => {
  const app = await open(page);
  await page.locator('[data-square="a1"]').click();
  await expect(app).toHaveAttribute('data-map', 'a1');
  // the rook on h8 instead of a1: the CLI's answer for that position
  const h8 = cli('7R/8/8/4k3/8/8/8/4K3 w - - 0 1');
  const label = h8.outcome === 'draw' ? '=' : `${h8.outcome === 'win' ? '+' : '−'}${h8.dtm}`;
  await expect(page.locator('[data-square="h8"]')).toHaveAttribute('data-map', label);
  await expect(page.locator('[data-square="h8"]')).toHaveAttribute('data-shown', 'true');
  // back to ply 0: nothing but checkmates is decided
  await page.getByTestId('chess-trace').focus();
  await page.keyboard.press('Home');
  await expect(app).toHaveAttribute('data-ply', '0');
  await expect(page.locator('[data-square="h8"]')).toHaveAttribute('data-shown', 'false');
  // forward with the keys to the rook's ply on h8: it is shown from then on
  for (let k = 0; k < h8.plies; k++) await page.keyboard.press('ArrowRight');
  await expect(app).toHaveAttribute('data-ply', String(h8.plies));
  await expect(page.locator('[data-square="h8"]')).toHaveAttribute('data-shown', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('[data-square="h8"]')).toHaveAttribute('data-shown', 'false');
  await page.keyboard.press('End');
  await expect(app).toHaveAttribute('data-ply', '32');
  // the same keys anywhere on the page but in a field or on the board
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Home');
  await expect(app).toHaveAttribute('data-ply', '0');
  await page.keyboard.press('ArrowRight');
  await expect(app).toHaveAttribute('data-ply', '1');
});

test('links: a FEN, the mapped piece and the ply come back; a hostile fen is named and ignored', async ({ page }) => {
  const fen = '8/8/8/8/3K4/8/8/kr6 b - - 0 1';
  const app = await open(page, `&fen=${encodeURIComponent(fen)}&sel=b1&ply=5`);
  await expect(app).toHaveAttribute('data-fen', fen);
  await expect(app).toHaveAttribute('data-answer', words(cli(fen)));
  await expect(app).toHaveAttribute('data-map', 'b1');
  await expect(app).toHaveAttribute('data-ply', '5');
  await expect(page).toHaveURL(/fen=8%2F8%2F8%2F8%2F3K4%2F8%2F8%2Fkr6/);
  await page.goto(`/?game=chess-endgame&fen=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
  await ready(page);
  await expect(page.getByTestId('chess-link-error')).toContainText('is not a FEN');
  await expect(page.locator('img')).toHaveCount(0);
  await expect(page.getByTestId('chess-app')).toHaveAttribute('data-fen', KRK);
});

test('an embed shows the board and the answer of its FEN', async ({ page }) => {
  await page.goto(`/embed.html?game=chess-endgame&fen=${encodeURIComponent(KQK)}`);
  const app = await ready(page);
  await expect(app).toHaveAttribute('data-answer', words(cli(KQK)));
  await expect(page.getByTestId('chess-board')).toBeVisible();
  await expect(page.getByTestId('chess-fen')).toHaveCount(0);
});

test('Share: the link and the embeds carry the FEN; the board exports as SVG and PNG', async ({ page }) => {
  await open(page, `&fen=${encodeURIComponent(KQK)}&sel=b1`);
  await expect(page.getByTestId('chess-app')).toHaveAttribute('data-map', 'b1');
  await page.getByTestId('share-open').click();
  const fen = encodeURIComponent(KQK).replace(/%20/g, '(%20|\\+)');
  await expect(page.getByTestId('share-link')).toHaveValue(new RegExp(`game=chess-endgame.*fen=${fen}.*sel=b1`));
  await expect(page.getByTestId('share-iframe')).toHaveValue(/embed\.html\?game=chess-endgame/);
  const save = async (id) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(id).click()]);
    return readFileSync(await file.path());
  };
  const svg = (await save('export-svg')).toString('utf8');
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg).toContain('♕'); // the queen
  expect(svg).toContain('+'); // the DTM map's numbers
  const png = decodePng(await save('export-png'));
  expect(png.width).toBeGreaterThan(100);
});

test('on a phone the board and the moves fit the width, and a move from the list plays', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const app = await open(page, `&fen=${encodeURIComponent(KQK)}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const board = await page.getByTestId('chess-board').boundingBox();
  expect(board.width).toBeGreaterThan(300);
  const best = cli(KQK).best;
  await page.locator(`.chess-move[data-uci="${best}"]`).click();
  await expect(app).toHaveAttribute('data-fen', / b /);
  await ready(page);
});

/** Plies of a table from the CLI's `tablebase --json` histogram (mate in N: ply 2N - 1; mated in N: ply 2N). */
function cliPlies(material) {
  const { histogram: h } = JSON.parse(execFileSync(CLI, ['tablebase', material, '--json'], { encoding: 'utf8' }));
  const out = [];
  for (let n = 0; n < Math.max(h.mate_in.length, h.mated_in.length); n++) {
    if (n > 0) out[2 * n - 1] = h.mate_in[n] ?? 0;
    out[2 * n] = h.mated_in[n] ?? 0;
  }
  return Array.from(out, (v) => v ?? 0);
}
const mapLabel = (a) => (a.outcome === 'draw' ? '=' : `${a.outcome === 'win' ? '+' : '−'}${a.dtm}`);
const ROOK_H8 = '7R/8/8/4k3/8/8/8/4K3 w - - 0 1'; // KRK with the rook on h8 instead of a1

test("a host drives a chess embed by postMessage: goto, a square's decision, select, play and pause, and hears every ply", async ({ page, baseURL }) => {
  const player = await openHost(page, baseURL, `/embed.html?game=chess-endgame&fen=${encodeURIComponent(KRK)}&sel=a1&controls=minimal&id=krk`);
  const app = player.getByTestId('chess-app');
  const readout = player.getByTestId('readout');
  await expect(app).toHaveAttribute('data-state', 'ready');
  await expect(app).toHaveAttribute('data-map', 'a1');
  const top = cliPlies('KRK').length - 1;
  await expect(readout).toHaveAttribute('data-count', String(top));
  await expect.poll(async () => (await messages(page, 'perfect-play:ready')).length).toBe(1);
  expect((await messages(page, 'perfect-play:ready'))[0]).toEqual({ type: 'perfect-play:ready', total: top, id: 'krk' });
  const send = (cmd) => page.evaluate((c) => window.send({ type: 'perfect-play:command', ...c }), cmd);
  const lastStep = async () => (await messages(page, 'perfect-play:step')).at(-1);

  await send({ action: 'subscribe' });
  await expect.poll(lastStep).toMatchObject({ type: 'perfect-play:step', id: 'krk', step: top, total: top, playing: false });
  await send({ action: 'goto', step: 3 });
  await expect(app).toHaveAttribute('data-ply', '3');
  await expect.poll(lastStep).toMatchObject({ step: 3 });
  expect((await lastStep()).text).toBe(await player.locator('[data-testid="readout"] .player__what').innerText());
  expect((await lastStep()).text).toMatch(/^Ply 3: [\d,]+ positions decided/);
  await send({ action: 'goto', moment: 'start' });
  await expect(app).toHaveAttribute('data-ply', '0');
  await send({ action: 'goto', moment: 'next' });
  await expect(app).toHaveAttribute('data-ply', '1');

  // the decision of square h8 (63) for the mapped rook: the ply the CLI gives for the rook there
  const h8 = cli(ROOK_H8);
  await send({ action: 'goto', moment: 'decision', state: 63 });
  await expect(app).toHaveAttribute('data-ply', String(h8.plies));
  await expect(player.locator('[data-square="h8"]')).toHaveAttribute('data-shown', 'true');
  await expect(player.locator('[data-square="h8"]')).toHaveAttribute('data-map', mapLabel(h8));
  await send({ action: 'goto', step: h8.plies - 1 });
  await expect(player.locator('[data-square="h8"]')).toHaveAttribute('data-shown', 'false');

  // select names a square with a piece (e1 = 4: the white king); an empty one is ignored
  await send({ action: 'select', state: 4 });
  await expect(app).toHaveAttribute('data-map', 'e1');
  await send({ action: 'select', state: 20 });
  await send({ action: 'goto', step: 2 });
  await expect(app).toHaveAttribute('data-ply', '2');
  await expect(app).toHaveAttribute('data-map', 'e1');

  // play and pause: the plies run, the host hears them playing, and they stop
  await send({ action: 'speed', speed: 6 });
  await send({ action: 'play' });
  await expect.poll(async () => (await lastStep()).step).toBeGreaterThan(3);
  expect((await messages(page, 'perfect-play:step')).some((m) => m.playing)).toBe(true);
  await send({ action: 'pause' });
  await expect(app).toHaveAttribute('data-playing', 'false');
  await expect.poll(async () => (await lastStep()).playing).toBe(false);
  const stopped = (await lastStep()).step;
  await expect(app).toHaveAttribute('data-ply', String(stopped));
  await expect(readout).toHaveAttribute('data-cursor', String(stopped));
});

test("exports: the layers and the rook's map as JSON, as the CLI counts them; WebM and GIF follow the ply cursor", async ({ page }) => {
  test.setTimeout(120_000);
  const { GifReader } = (await import('omggif')).default;
  const app = await open(page, '&sel=a1&ply=10');
  await expect(app).toHaveAttribute('data-map', 'a1');
  await expect(app).toHaveAttribute('data-ply', '10');
  await page.getByTestId('share-open').click();
  const save = async (id) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(id).click()]);
    return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
  };

  const json = await save('export-json');
  expect(json.name).toBe('perfect-play-chess-endgame-trace.json');
  const trace = JSON.parse(json.bytes.toString('utf8'));
  expect(trace).toMatchObject({ format: 'perfect-play-chess-trace', version: 1, game: 'chess-endgame', fen: KRK, material: 'KRK', unit: 'plies' });
  expect(trace.plies.map((p) => p.decided)).toEqual(cliPlies('KRK'));
  expect(trace.selected.square).toBe('a1');
  const h8 = cli(ROOK_H8);
  expect(trace.plies[h8.plies].map.h8).toBe(mapLabel(h8).replace('−', '-'));
  const draw = cli('8/8/8/4k3/8/8/8/4K2R w - - 0 1'); // the rook on h1: its ply, or a draw
  expect(draw.outcome === 'draw' ? trace.selected.draws : Object.keys(trace.plies[draw.plies].map)).toContain('h1');

  await page.getByTestId('export-from').fill('0');
  await page.getByTestId('export-to').fill('6');
  await page.getByTestId('export-fps').fill('30');
  const webm = await save('export-webm');
  expect(webm.name).toBe('perfect-play-chess-endgame-steps0-6.webm');
  expect([...webm.bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]); // EBML: a WebM file
  await expect(page.getByTestId('export-status')).toHaveText('Video: done.');
  await expect(app).toHaveAttribute('data-ply', '10'); // the player is back where it was

  await page.getByTestId('export-to').fill(String(h8.plies + 1));
  const gifFile = await save('export-gif');
  await expect(page.getByTestId('export-status')).toHaveText(/^GIF: done \(\d+ kB\)\.$/);
  const gif = new GifReader(new Uint8Array(gifFile.bytes));
  expect(gif.numFrames()).toBe(h8.plies + 2);
  const frame = (k) => {
    const px = new Uint8Array(gif.width * gif.height * 4);
    gif.decodeAndBlitFrameRGBA(k, px);
    return Buffer.from(px);
  };
  // the map grows backwards from the checkmates: ply 0's frame differs from the last one
  expect(Buffer.compare(frame(0), frame(h8.plies + 1))).not.toBe(0);
  await expect(app).toHaveAttribute('data-ply', '10');
});

test('on a 390 px phone in the dark theme: nothing overflows, the player fits and steps by its buttons; screenshot kept', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const app = await open(page, '&sel=a1');
  await expect(app).toHaveAttribute('data-map', 'a1');
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true'); // the system's preference
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // every control of the player within the screen and big enough for a finger
  for (const id of ['to-start', 'step-back', 'play', 'step-forward', 'to-end', 'timeline']) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    if (id !== 'timeline') expect(box.height).toBeGreaterThanOrEqual(32);
  }
  await page.getByTestId('to-start').click();
  await expect(app).toHaveAttribute('data-ply', '0');
  await page.getByTestId('step-forward').click();
  await expect(app).toHaveAttribute('data-ply', '1');
  // dark: the page's text light on a dark background, the board's squares as on a real board
  const [bg, fg] = await page.evaluate(() => {
    const rgb = (c) => c.match(/\d+/g).slice(0, 3).map(Number);
    const lum = (c) => rgb(c).reduce((a, b) => a + b, 0) / 3;
    return [lum(getComputedStyle(document.body).backgroundColor), lum(getComputedStyle(document.querySelector('[data-testid="chess-answer"]')).color)];
  });
  expect(bg).toBeLessThan(80);
  expect(fg).toBeGreaterThan(170);
  const body = await page.screenshot({ fullPage: true });
  await fs.mkdir(path.join('test-results', 'screenshots'), { recursive: true });
  await fs.writeFile(path.join('test-results', 'screenshots', 'chess-phone-dark.png'), body);
  await testInfo.attach('chess-phone-dark', { body, contentType: 'image/png' });
  expect(body.length).toBeGreaterThan(10_000);
});
