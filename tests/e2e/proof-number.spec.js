// Proof-number search on the Game trees tab, driven as a person drives it:
// type a tree, pick PN / df-pn, step through the trace and check what the
// drawing says against the player's readout (the trace's words at that
// cursor), step back, and at the end the proof tree, whose size must be the
// command line's for the same tree.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.js';

const CLI = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));
const TEXTBOOK = '[[3,12,8],[2,4,6],[14,5,2]]';
const readout = (page) => page.getByTestId('readout');
const answer = (page) => page.getByTestId('tree-answer');
const cli = (tree, algo) => JSON.parse(execFileSync(CLI, ['solve', 'tree', tree, '--algo', algo, '--json'], { encoding: 'utf8' }));
/** Every drawn node's (proof, disproof) pair, '' where it has none yet. */
const pairs = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="tree-view"] [data-node]')].map((g) => `${g.dataset.node}:${g.dataset.pn ?? ''},${g.dataset.dn ?? ''}`),
  );

/** Types `text`, picks `algo` and solves; waits for that answer, the player at its start. */
async function solve(page, text, algo) {
  const before = (await answer(page).getAttribute('data-run')) ?? '';
  await page.getByTestId('tree-input').fill(text);
  await page.getByTestId('tree-algo').selectOption(algo);
  await page.getByTestId('tree-solve').click();
  await expect(answer(page)).not.toHaveAttribute('data-run', before);
  await expect(answer(page)).toHaveAttribute('data-input', text);
  await expect(answer(page)).toContainText(`by ${algo}`);
  await expect(readout(page)).toHaveAttribute('data-cursor', '0');
}

/** One step forward; returns the readout at the new cursor. */
async function stepForward(page, cursor) {
  await page.getByTestId('step-forward').click();
  await expect(readout(page)).toHaveAttribute('data-cursor', String(cursor));
  return readout(page).locator('.player__what').textContent();
}

for (const algo of ['dfpn', 'pn']) {
  test(`${algo} on the textbook tree: alpha-beta's value, each pair as the trace says, step back, the proof at the end`, async ({ page }) => {
    test.setTimeout(120_000); // one click and its checks per event: many round trips on a loaded machine
    await page.goto('/?game=tree');
    await expect(answer(page)).toBeVisible();
    await solve(page, TEXTBOOK, 'alphabeta');
    const abValue = await answer(page).getAttribute('data-value');

    await solve(page, TEXTBOOK, algo);
    await expect(answer(page)).toHaveAttribute('data-value', abValue);
    await expect(answer(page)).toHaveAttribute('data-algo', algo);

    // Step through the first threshold proofs: whenever the readout gives a
    // node's numbers, the node drawn as current shows that very pair.
    let checked = 0;
    let deep = false;
    for (let cursor = 1; cursor <= 24; cursor++) {
      const text = await stepForward(page, cursor);
      const m = /^(?:Node|New child node|Most-proving path: node) (\d+)\b[^(]*\((\d+|∞), (\d+|∞)\)/.exec(text.trim());
      if (!m) continue;
      const current = page.locator('[data-testid="tree-view"] [data-state="current"]');
      await expect(current).toHaveCount(1);
      await expect(current).toHaveAttribute('data-pn', m[2]);
      await expect(current).toHaveAttribute('data-dn', m[3]);
      await expect(current.getByTestId('pn-pair')).toHaveText(`(${m[2]}, ${m[3]})`);
      checked++;
      // Below the root, the path from the root to the current node is lit.
      if ((await current.getAttribute('data-node')) !== '0') {
        await expect(page.locator('[data-testid="tree-view"] [data-node="0"]')).toHaveAttribute('data-path', '1');
        deep = true;
      }
    }
    expect(checked).toBeGreaterThan(4);
    expect(deep).toBe(true);

    // A step forward then back puts every pair back as it was.
    const before = await pairs(page);
    await stepForward(page, 25);
    await stepForward(page, 26);
    const after = await pairs(page);
    await page.getByTestId('step-back').click();
    await page.getByTestId('step-back').click();
    await expect(readout(page)).toHaveAttribute('data-cursor', '24');
    expect(await pairs(page)).toEqual(before);
    expect(after).not.toEqual(before);

    // The pseudocode follows: the line highlighted is the event's step.
    const step = await page.getByTestId('tree-code').getAttribute('data-step');
    await expect(page.getByTestId('tree-code').locator('[aria-current="step"]')).toHaveAttribute('data-line', step);

    // At the end: the proof tree highlighted, the rest faded, its size the CLI's.
    await page.getByTestId('to-end').click();
    await expect(page.getByTestId('tree-view')).toHaveAttribute('data-end', '1');
    const size = cli(TEXTBOOK, algo).stats.proof_size;
    expect(size).toBeGreaterThan(1);
    await expect(page.getByTestId('pn-proof-size')).toHaveAttribute('data-size', String(size));
    await expect(page.locator('[data-testid="tree-view"] [data-proof="1"]')).toHaveCount(size);
    const total = await page.locator('[data-testid="tree-view"] [data-node]').count();
    await expect(page.locator('[data-testid="tree-view"] [data-state="skipped"]')).toHaveCount(total - size);
    await expect(page.locator('[data-testid="tree-view"] [data-node="0"]')).toHaveAttribute('data-proof', '1');
    await expect(page.getByTestId('tree-code').locator('[aria-current="step"]')).toHaveAttribute('data-line', algo === 'dfpn' ? '27' : '6');
  });
}

test('a link with algo=pn2 opens PN² on its tree; keys step and jump between threshold proofs', async ({ page }) => {
  await page.goto(`/?game=tree&algo=pn2&input=${encodeURIComponent(TEXTBOOK)}`);
  await expect(answer(page)).toHaveAttribute('data-algo', 'pn2');
  await expect(answer(page)).toHaveAttribute('data-value', String(cli(TEXTBOOK, 'alphabeta').value));
  await expect(page.getByTestId('tree-algo')).toHaveValue('pn2');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ArrowRight');
  await expect(readout(page)).toHaveAttribute('data-cursor', '1');
  await expect(readout(page)).toContainText('Threshold proof 1: can MAX force a value ≥');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(readout(page)).toContainText('Threshold proof 2');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(readout(page)).toContainText('Threshold proof 1');
  await page.keyboard.press('End');
  await expect(page.getByTestId('tree-view')).toHaveAttribute('data-end', '1');
  await expect(page.getByTestId('pn-proof-size')).toHaveAttribute('data-size', String(cli(TEXTBOOK, 'pn2').stats.proof_size));
  // The link the page now offers keeps the algorithm (the address follows the view after a
  // short delay, so it is waited for, not read at once).
  await expect(page).toHaveURL(/[?&]algo=pn2(&|$)/);
});

test('Compare with PN, df-pn: alpha-beta, PN and df-pn on one clock, positions expanded counted as the CLI counts them', async ({ page }) => {
  await page.goto('/?game=tree');
  await expect(answer(page)).toBeVisible();
  await page.getByTestId('tree-input').fill(TEXTBOOK);
  await page.getByTestId('tree-compare-pn').click();
  await expect(page.getByTestId('tree-compare')).toBeVisible();
  await expect(answer(page)).toContainText('alpha-beta, PN, df-pn');
  await expect(answer(page)).toHaveAttribute('data-input', TEXTBOOK);
  const counters = (k) => page.getByTestId(`compare-counters-${k}`);
  await expect(counters(0)).toHaveAttribute('data-expanded', '0');
  await expect(counters(2)).toHaveAttribute('data-expanded', '0');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('End');
  const ab = cli(TEXTBOOK, 'alphabeta');
  const pn = cli(TEXTBOOK, 'pn');
  const df = cli(TEXTBOOK, 'dfpn');
  await expect(counters(0)).toHaveAttribute('data-expanded', String(ab.stats.inner));
  await expect(counters(1)).toHaveAttribute('data-expanded', String(pn.stats.expanded));
  await expect(counters(2)).toHaveAttribute('data-expanded', String(df.stats.expanded));
  await expect(counters(2)).toHaveAttribute('data-proofs', String(df.stats.proofs));
  // Each proof-number run ends on its proof tree.
  await expect(page.getByTestId('compare-1').locator('[data-proof="1"]')).toHaveCount(pn.stats.proof_size);
  await expect(page.getByTestId('compare-2').locator('[data-proof="1"]')).toHaveCount(df.stats.proof_size);
  await page.keyboard.press('Home');
  await expect(counters(1)).toHaveAttribute('data-expanded', '0');
});

test('df-pn on the empty tic-tac-toe board, too big to draw: the draw, the path with its numbers, the position at the cursor', async ({ page }) => {
  const EMPTY = 'board = ["...","...","..."]';
  await page.goto('/?game=tic-tac-toe');
  await expect(answer(page)).toBeVisible();
  await solve(page, EMPTY, 'dfpn');
  const want = JSON.parse(execFileSync(CLI, ['solve', 'tic-tac-toe', EMPTY, '--algo', 'alphabeta', '--json'], { encoding: 'utf8' })).value;
  await expect(answer(page)).toHaveAttribute('data-value', String(want));
  await expect(page.getByTestId('tree-summary')).toBeVisible();
  // Down the first path: at each event about a node, the path's last entry is that node with the readout's numbers.
  let checked = 0;
  for (let cursor = 1; cursor <= 30; cursor++) {
    const text = await stepForward(page, cursor);
    const m = /^(?:Node|New child node) (\d+)\b[^(]*\((\d+|∞), (\d+|∞)\)/.exec(text.trim());
    if (!m) continue;
    const last = page.getByTestId('pn-path').locator('li').last();
    await expect(last).toHaveAttribute('data-visit', m[1]);
    await expect(last).toHaveAttribute('data-pn', m[2]);
    await expect(last).toHaveAttribute('data-dn', m[3]);
    checked++;
  }
  expect(checked).toBeGreaterThan(4);
  // Below the root by now: the root, then the move the search went down.
  await expect(page.getByTestId('pn-path').locator('li')).toHaveCount(2);
  await expect(page.getByTestId('pn-path').locator('li').nth(1)).toContainText('(move #');
  await expect(page.getByTestId('current-position')).toContainText('Position at node');
  // The dots: one a position, however often df-pn visited it; at the end every position is painted once.
  const overview = page.getByTestId('tree-overview');
  await expect(overview).toBeVisible();
  const visits = Number(await overview.getAttribute('data-visits'));
  const positions = Number(await overview.getAttribute('data-positions'));
  expect(positions).toBeGreaterThan(100);
  expect(positions).toBeLessThan(visits); // df-pn visits a position anew at each call
  expect(Number(await overview.getAttribute('data-painted'))).toBeLessThan(positions);
  await page.getByRole('button', { name: 'To the end' }).click();
  await expect(overview).toHaveAttribute('data-painted', String(positions));
});

test("Connect Four's stage list: df-pn and PN beside the dedicated stages, with the strongest stage's score", async ({ page }) => {
  const OTHER = '6776223356371136637553';
  const want = JSON.parse(execFileSync(CLI, ['solve', 'connect-four', OTHER, '--algo', 'dfpn', '--json'], { encoding: 'utf8' }));
  await page.goto(`/?game=tree&kind=connect-four&moves=${OTHER}`);
  await expect(page.getByTestId('c4-status')).toHaveAttribute('data-state', 'solved');
  for (const s of ['bitboard', 'tt', 'iterative', 'anticipate', 'threats']) await page.getByTestId(`c4-stage-${s}`).uncheck();
  await page.getByTestId('c4-stage-dfpn').check();
  await page.getByTestId('c4-stage-pn').check();
  await page.getByTestId('c4-compare-run').click();
  await expect(page.getByTestId('c4-compare-status')).toHaveAttribute('data-state', 'done');
  const rows = page.getByTestId('c4-compare-table').locator('tbody tr');
  await expect(rows).toHaveCount(3);
  expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.dataset.stage))).toEqual(['strongest', 'dfpn', 'pn']);
  for (const row of await rows.all()) await expect(row).toHaveAttribute('data-score', String(want.answer));
  await expect(rows.nth(1)).toContainText('expanded');
  expect(Number(await rows.nth(1).getAttribute('data-nodes'))).toBeGreaterThan(0);
  await expect(page.getByTestId('c4-compare-chart').locator('rect[data-stage="dfpn"]')).toHaveCount(1);
  await expect(page).toHaveURL(/stages=strongest(%2C|,)dfpn(%2C|,)pn/);
});

test('df-pn in the stage list on the empty 7x6 board: its expansions and bounds as it runs, and Cancel stops it', async ({ page }) => {
  await page.goto('/?game=tree&kind=connect-four&moves=&size=7x6');
  await expect(page.getByTestId('c4-status')).toHaveAttribute('data-state', 'solved'); // the book's columns
  for (const s of ['bitboard', 'tt', 'iterative', 'anticipate', 'threats', 'strongest']) await page.getByTestId(`c4-stage-${s}`).uncheck();
  await page.getByTestId('c4-stage-dfpn').check();
  await page.getByTestId('c4-compare-run').click();
  await expect(page.getByTestId('c4-compare-status')).toHaveAttribute('data-state', 'running');
  const bar = page.getByTestId('c4-compare-progress');
  await expect.poll(async () => Number(await bar.getAttribute('data-nodes')), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(bar).toContainText('now stage “df-pn (proof numbers)”');
  const lo = Number(await bar.getAttribute('data-lo'));
  const hi = Number(await bar.getAttribute('data-hi'));
  expect(lo).toBeLessThanOrEqual(hi);
  expect(lo).toBeGreaterThanOrEqual(-21); // floor((42 + 1 - 0) / 2)
  expect(hi).toBeLessThanOrEqual(21);
  await page.getByTestId('c4-compare-cancel').click();
  await expect(page.getByTestId('c4-compare-status')).toHaveAttribute('data-state', 'idle');
  await expect(bar).toHaveCount(0);
});

test('a link to df-pn at a step opens there; the trace exported as JSON names the proof-number events', async ({ page }) => {
  await page.goto(`/?game=tree&algo=dfpn&input=${encodeURIComponent(TEXTBOOK)}&step=30`);
  await expect(answer(page)).toHaveAttribute('data-algo', 'dfpn');
  await expect(readout(page)).toHaveAttribute('data-cursor', '30');
  await expect(page.locator('[data-testid="tree-view"] [data-state="current"]')).toHaveCount(1);
  await page.getByTestId('share-open').click();
  await expect(page.getByTestId('export')).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
  const trace = JSON.parse(readFileSync(await file.path(), 'utf8'));
  expect(trace.algo).toBe('dfpn');
  expect(trace.count).toBe(Number(await readout(page).getAttribute('data-count')));
  expect(trace.events[0].slice(0, 2)).toEqual(['PN_MARK', 21]); // the first question, df-pn's step 21
  expect(trace.events.filter((e) => e[0] === 'PN_MARK' && e[1] === 21).length).toBe(cli(TEXTBOOK, 'dfpn').stats.proofs);
});
