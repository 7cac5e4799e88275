// Playing against the solver in every game of the Game trees tab that has a
// board (tic-tac-toe 3x3 and 4x4, Nim, Can I Win, Predict the Winner,
// 一双木棋, Triangle War, the board chase), through the real worker and WASM.
// Each game starts from a position the solver wins; the person plays its
// best defence read off the outcomes shown on the move buttons (the slowest
// loss), so the game must end on exactly the move the solver announced.
// Undo is tried once in each game. Every wait is on the panel's data-*.
import { createRequire } from 'node:module';
import { expect, test } from './fixtures.js';
import { better } from '../../web/src/lib/versus.js';

// slowCpu: also played on a slowed CPU (playwright.config.js), where the
// solver's reply and an undo meet in another order: one game of one move a
// turn and one of several.
const GAMES = [
  { name: 'tic-tac-toe 3x3', url: '?game=tic-tac-toe', input: 'board = ["...",".X.",".O."]', you: '1', slowCpu: true },
  { name: 'tic-tac-toe 4x4', url: '?game=tic-tac-toe', input: 'board = ["X.O.","...O","OX.O","X..X"]', you: '1' },
  { name: 'Nim', url: '?game=tree&kind=nim', input: 'n = 6', you: '1' },
  { name: 'Can I Win', url: '?game=tree&kind=can-i-win', input: 'maxChoosableInteger = 5, desiredTotal = 11', you: '0' },
  { name: 'Predict the Winner', url: '?game=tree&kind=predict-the-winner', input: 'nums = [1,5,233,7]', you: '1' },
  { name: '一双木棋', url: '?game=tree&kind=young-tableau', input: 'a = [[2,7,3],[9,1,2]], b = [[3,7,2],[2,3,1]]', you: '1' },
  { name: 'Triangle War', url: '?game=tree&kind=triangle-war', input: 'moves = [[2,4],[4,5]]', you: '0', slowCpu: true },
  { name: 'the board chase', url: '?game=tree&kind=board-chase', input: 'n = 4, white = [1,1], black = [4,4]', you: '0' },
];

/** Waits until the solver is done with its turn: the person's turn or the end, past `plies` moves. */
async function settled(panel, plies) {
  await expect
    .poll(async () => {
      const [state, n] = await Promise.all([panel.getAttribute('data-state'), panel.getAttribute('data-plies')]);
      return (state === 'your-turn' || state === 'over') && Number(n) > plies;
    })
    .toBe(true);
  return { state: await panel.getAttribute('data-state'), plies: Number(await panel.getAttribute('data-plies')) };
}

/** The person's best defence by the outcomes on the buttons: the move better() ranks first for `player`. */
async function bestDefence(panel, player) {
  const buttons = panel.getByTestId('versus-move');
  const moves = await buttons.evaluateAll((els) =>
    els.map((b) => ({ code: b.dataset.code, value: Number(b.dataset.value), length: Number(b.dataset.length) })),
  );
  expect(moves.length).toBeGreaterThan(0);
  return moves.reduce((a, m) => (better(m, a, player) ? m : a));
}

for (const g of GAMES) {
  test(`${g.name}: the solver wins on the move it announced; undo takes back a move and its reply`, g.slowCpu ? { tag: '@slow-cpu' } : {}, async ({ page }) => {
    await page.goto(`/${g.url}&input=${encodeURIComponent(g.input)}`);
    const panel = page.getByTestId('versus');
    await expect(panel).toHaveAttribute('data-state', 'idle');
    await panel.getByTestId(`versus-side-${g.you}`).check();
    await panel.getByTestId('versus-hints').check();
    await panel.getByTestId('versus-start').click();
    const you = Number(g.you);
    let { state, plies } = await settled(panel, -1);
    let promise = null;
    let undone = false;
    while (state === 'your-turn') {
      // The solver's announcement, once made, never changes while you defend your best.
      const said = await panel.getAttribute('data-promise');
      if (said) {
        if (promise === null) promise = Number(said);
        expect(Number(said)).toBe(promise);
      }
      // Every move says what it leads to in words.
      await expect(panel.getByTestId('versus-move').first()).toContainText(/win|loss|draw|−/);
      if (!undone && plies >= 1) {
        // Undo: back to your previous turn (your move and the reply gone), by the U key.
        const before = plies;
        const move = await bestDefence(panel, you);
        await panel.locator(`[data-testid="versus-move"][data-code="${move.code}"]`).click();
        ({ state, plies } = await settled(panel, before));
        // (Undo works after the end too.)
        await page.keyboard.press('u');
        await expect(panel).toHaveAttribute('data-plies', String(before));
        await expect(panel).toHaveAttribute('data-state', 'your-turn');
        undone = true;
        plies = before;
        state = 'your-turn';
        continue;
      }
      const move = await bestDefence(panel, you);
      await panel.locator(`[data-testid="versus-move"][data-code="${move.code}"]`).click();
      ({ state, plies } = await settled(panel, plies));
    }
    await expect(panel).toHaveAttribute('data-state', 'over');
    // The solver (the other side) won, on the move it announced.
    await expect(panel).toHaveAttribute('data-winner', String(1 - you));
    expect(promise).not.toBeNull();
    expect(Number(await panel.getAttribute('data-plies'))).toBe(promise);
    await expect(panel.getByTestId('versus-status')).toContainText('Game over');
    await expect(panel.getByTestId('versus-status')).toContainText('The solver wins');
    expect(undone).toBe(true);
  });
}

test('two people with hints: both sides move by hand, the outcomes show for each, undo takes back one move', async ({ page }) => {
  await page.goto(`/?game=tree&kind=nim&input=${encodeURIComponent('n = 5')}`);
  const panel = page.getByTestId('versus');
  await panel.getByTestId('versus-side-both').check();
  await panel.getByTestId('versus-start').click();
  await expect(panel).toHaveAttribute('data-state', 'your-turn');
  await expect(panel.getByTestId('versus-hints')).toBeChecked();
  // Player 1 takes 1 (4 left: player 1 wins in 3 moves), keyboard only.
  const take1 = panel.locator('[data-testid="versus-move"][data-code="1"]');
  await expect(take1).toContainText('win in 3 moves');
  await take1.focus();
  await page.keyboard.press('Enter');
  await expect(panel).toHaveAttribute('data-plies', '1');
  await expect(panel).toHaveAttribute('data-state', 'your-turn');
  await expect(panel.getByTestId('versus-status')).toContainText('Player 2 to play');
  await expect(panel.locator('[data-testid="versus-move"][data-code="3"]')).toContainText('loss in 2 moves');
  await panel.getByTestId('versus-undo').click();
  await expect(panel).toHaveAttribute('data-plies', '0');
  await expect(panel).toHaveAttribute('data-state', 'your-turn');
});

test('一双木棋, Triangle War and the board chase: a move can be clicked on the board itself', async ({ page }) => {
  for (const kind of ['young-tableau', 'triangle-war', 'board-chase']) {
    await page.goto(`/?game=tree&kind=${kind}`);
    const panel = page.getByTestId('versus');
    await panel.getByTestId('versus-side-both').check();
    await panel.getByTestId('versus-start').click();
    await expect(panel).toHaveAttribute('data-state', 'your-turn');
    const targets = panel.getByTestId('position-board').locator('[data-move]');
    // The board offers exactly the moves the buttons offer.
    const onBoard = await targets.evaluateAll((els) => els.map((e) => e.dataset.move).sort());
    const buttons = await panel.getByTestId('versus-move').evaluateAll((els) => els.map((e) => e.dataset.code).sort());
    expect(onBoard).toEqual(buttons);
    const name = await panel.locator(`[data-testid="versus-move"][data-code="${onBoard[0]}"]`).evaluate((b) => b.firstChild.textContent);
    await targets.first().dispatchEvent('click');
    await expect(panel).toHaveAttribute('data-plies', '1');
    await expect(panel.getByTestId('versus-log')).toContainText(`1. `);
    await expect(panel.getByTestId('versus-log')).toContainText(name.trim());
  }
});

test.describe('accessibility mid-game', () => {
  test.use({ bypassCSP: true }); // axe is injected as a script (as in a11y.spec.js)
  const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  for (const scheme of ['light', 'dark']) {
    test(`axe: the panel with outcomes shown, in the ${scheme} theme, has no serious violations`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      for (const url of ['/?game=tic-tac-toe&input=board%20%3D%20%5B%22...%22%2C%22.X.%22%2C%22.O.%22%5D', '/?game=tree&kind=triangle-war']) {
        await page.goto(url);
        const panel = page.getByTestId('versus');
        await panel.getByTestId('versus-side-both').check();
        await panel.getByTestId('versus-start').click();
        await expect(panel).toHaveAttribute('data-state', 'your-turn');
        await panel.getByTestId('versus-move').first().click();
        await expect(panel).toHaveAttribute('data-plies', '1');
        await expect(panel).toHaveAttribute('data-state', /your-turn|over/);
        await page.addScriptTag({ path: AXE });
        const found = await page.evaluate(async () => {
          // eslint-disable-next-line no-undef
          const r = await axe.run(document.querySelector('[data-testid="versus"]'), { resultTypes: ['violations'] });
          return r.violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
        });
        expect(found, url).toEqual([]);
      }
    });
  }
});
