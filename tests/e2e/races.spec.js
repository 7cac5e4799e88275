// Races between a view and the results it draws, named one case per test:
// a newer request while one runs, Stop during a solve, an edit or a preset
// while a result arrives, a link's step on a newer model, the player
// playing while the trace is replaced. Every view must draw one consistent
// (input, result) pair; the fixture fails a test on any console error (a
// board drawn at NaN logs one). playwright.config.js also runs this file
// with the CPU slowed down (the "slow" project), so the windows are wide.
import { CAT_WINS, EXAMPLE_2, expect, openApp, startLongSolve, test, typeGraph } from './fixtures.js';

test(
  "913: a 2000-node result that landed, then a small solve: the board never draws one graph with the other's state",
  { tag: '@slow-cpu' },
  async ({ page }) => {
    test.setTimeout(120_000);
    await openApp(page);
    await page.getByRole('button', { name: 'Random, 2000 nodes' }).click();
    await expect(page.getByTestId('stats')).toContainText('7,996,000 states', { timeout: 90_000 });
    await typeGraph(page, EXAMPLE_2);
    await page.getByRole('button', { name: 'Solve' }).click();
    await expect(page.getByTestId('answer')).toHaveText('Mouse wins');
    await expect(page.getByTestId('stats')).toContainText('24 states');
    const svg = page.getByTestId('board').locator('svg');
    await expect(svg).toHaveAttribute('data-nodes', '4');
    await expect(svg).toHaveAttribute('data-mouse', '1');
    await expect(svg).toHaveAttribute('data-cat', '2');
  },
);

const readout = (page) => page.getByTestId('readout');
/** The player stands at the end of the trace it holds. */
async function expectAtEnd(page) {
  await expect(readout(page)).toHaveAttribute('data-cursor', await readout(page).getAttribute('data-count'));
}
/** The 913 board shows `nodes` nodes with the mouse and the cat on their starts. */
async function expectBoardAtStart(page, nodes) {
  const svg = page.getByTestId('board').locator('svg');
  await expect(svg).toHaveAttribute('data-nodes', String(nodes));
  await expect(svg).toHaveAttribute('data-mouse', '1');
  await expect(svg).toHaveAttribute('data-cat', '2');
}

test(
  '913: a newer request while one runs: a preset picked during the 2000-node solve is the answer, graph and board shown',
  { tag: '@slow-cpu' },
  async ({ page }) => {
    await openApp(page);
    await page.getByRole('button', { name: 'Random, 2000 nodes' }).click();
    await page.getByRole('button', { name: 'Example 2' }).click();
    await expect(page.getByTestId('answer')).toHaveText('Mouse wins');
    await expect(page.getByTestId('stats')).toContainText('24 states');
    await expectBoardAtStart(page, 4);
    await expectAtEnd(page);
    await expect(page.getByLabel('Graph (LeetCode input)')).toHaveValue(/\[\[1,3\],\[0\],\[3\],\[0,2\]\]/);
  },
);

test('913: Stop during a solve keeps the last answer with its own board, grids and player; the next solve runs', { tag: '@slow-cpu' }, async ({ page }) => {
  await openApp(page);
  await startLongSolve(page); // over a minute of work: Cancel lands while it runs
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('progress')).toHaveCount(0);
  await expect(page.getByTestId('answer')).toHaveText('Draw');
  await expect(page.getByTestId('stats')).toContainText('60 states');
  await expectBoardAtStart(page, 6);
  await expectAtEnd(page);
  // The worker still solves after the cancel.
  await typeGraph(page, CAT_WINS);
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.getByTestId('answer')).toHaveText('Cat wins');
});

/** A ring with chords (i to i +- 1 and i +- 3): 600 nodes fit in a URL and take a while to solve. */
function bigRing(n = 600) {
  const lists = Array.from({ length: n }, (_, i) => [...new Set([1, -1, 3, -3].map((d) => (i + d + n) % n))].sort((a, b) => a - b));
  return JSON.stringify(lists);
}

test("913: a link's step is not applied to a newer request's trace", { tag: '@slow-cpu' }, async ({ page }) => {
  // The link's own graph is big, so the preset is likely picked while it solves.
  await page.goto(`/?game=cat-mouse&input=${bigRing().replaceAll('"', '')}&step=3&sel=13`);
  await page.getByRole('button', { name: 'Example 2' }).click();
  await expect(page.getByTestId('answer')).toHaveText('Mouse wins');
  await expect(page.getByTestId('stats')).toContainText('24 states');
  await expectAtEnd(page);
  await expectBoardAtStart(page, 4);
});

test("913: a preset picked while the link's big graph is laid out as points is the one shown, the click not lost", { tag: '@slow-cpu' }, async ({ page }) => {
  // The link's graph lands first (718,800 states); its points are laid out by the layout worker
  // while the preset is picked, so the main thread must take the click and the newer graph wins.
  await page.goto(`/?game=cat-mouse&input=${bigRing().replaceAll('"', '')}`);
  await expect(page.getByTestId('stats')).toContainText('718,800 states', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Example 2' }).click();
  await expect(page.getByTestId('answer')).toHaveText('Mouse wins');
  await expect(page.getByTestId('stats')).toContainText('24 states');
  const graph = page.getByTestId('state-graph');
  await expect(graph).toHaveAttribute('data-nodes', '24');
  await expect(graph).toHaveAttribute('data-drawn', 'true');
  await expect(graph).toHaveAttribute('data-points', 'false');
  await expectAtEnd(page);
  await expectBoardAtStart(page, 4);
});

test("913: a big graph solved while another big graph's points are laid out: only the newer one is drawn", { tag: '@slow-cpu' }, async ({ page }) => {
  await page.goto(`/?game=cat-mouse&input=${bigRing().replaceAll('"', '')}`);
  await expect(page.getByTestId('stats')).toContainText('718,800 states', { timeout: 60_000 });
  // 60 nodes in a ring: 7,080 states, points too; its layout supersedes the 718,800 states' if that still runs.
  const ring = JSON.stringify(Array.from({ length: 60 }, (_, v) => [(v + 59) % 60, (v + 1) % 60].sort((a, b) => a - b)));
  await page.getByLabel('Graph (LeetCode input)').fill(ring);
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.getByTestId('stats')).toContainText('7,080 states');
  const graph = page.getByTestId('state-graph');
  await expect(graph).toHaveAttribute('data-nodes', '7080');
  await expect(graph).toHaveAttribute('data-drawn', 'true');
  await expect(graph).toHaveAttribute('data-points', 'true');
  const canvas = page.getByTestId('state-graph-canvas');
  await expect(canvas).toHaveAttribute('data-painted', await readout(page).getAttribute('data-cursor'));
  // The drawn points are the newer graph's: as many as its states, and its start among them.
  expect(await canvas.evaluate((el) => el.ppPoints.count)).toBe(7080);
  expect(await canvas.evaluate((el) => el.ppPoints.lookOf(60 + 1)?.look)).toBeTruthy(); // (mouse 1, cat 1): a node of 60 nodes' graph
  await expectBoardAtStart(page, 60);
});

test('913: the player playing while the trace is replaced stops and shows the new trace at its end', { tag: '@slow-cpu' }, async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'To the start' }).click();
  const play = page.getByTestId('play');
  await play.click();
  await expect(play).toHaveAttribute('aria-label', 'Pause');
  await typeGraph(page, CAT_WINS);
  await page.getByRole('button', { name: 'Solve' }).click();
  await expect(page.getByTestId('answer')).toHaveText('Cat wins');
  await expect(play).toHaveAttribute('aria-label', 'Play');
  await expectAtEnd(page);
  await expectBoardAtStart(page, 4);
});

test(
  '913: a game against the solver ends when a new result arrives mid-game, its reply never lands on the new graph',
  { tag: '@slow-cpu' },
  async ({ page }) => {
    await openApp(page);
    await page.getByTestId('play-side-mouse').check();
    await page.getByTestId('play-start').click();
    await page.getByTestId('play-move').first().click(); // the solver's reply is due in 350 ms
    await page.getByRole('button', { name: 'Example 2' }).click();
    await expect(page.getByTestId('answer')).toHaveText('Mouse wins');
    await expect(page.getByTestId('play-start')).toBeEnabled();
    await expect(page.getByTestId('play-stop')).toHaveCount(0);
    await expectBoardAtStart(page, 4);
  },
);

test('1728: a preset picked while another board solves is the one shown, with its own heatmap and player', { tag: '@slow-cpu' }, async ({ page }) => {
  await page.goto('/?game=cat-mouse-ii');
  await expect(page.getByTestId('answer')).toBeVisible();
  await page.getByRole('button', { name: 'Long forced win (75 moves)' }).click();
  await page.getByRole('button', { name: 'Example 3' }).click();
  await expect(page.getByTestId('answer')).toHaveAttribute('data-answer', 'false');
  await expect(page.getByTestId('stats')).toContainText('1 x 7 cells');
  await expect(page.getByTestId('cm2-state')).toContainText('(mouse r0c0, cat r0c2, mouse to move)');
  await expectAtEnd(page);
});

test("game trees: a link's step is not applied to a newer search's trace", { tag: '@slow-cpu' }, async ({ page }) => {
  await page.goto('/?game=tree&input=' + encodeURIComponent('[[3,12,8],[2,4,6],[14,5,2]]') + '&step=5&sel=1');
  const other = '[[1,2],[3,4]]';
  await page.getByTestId('tree-input').fill(other);
  await page.getByTestId('tree-solve').click();
  await expect(page.getByTestId('tree-answer')).toHaveAttribute('data-input', other);
  await expect(readout(page)).toHaveAttribute('data-cursor', '0');
  await expect(page.getByTestId('node-details')).toHaveCount(0);
});

test("game trees: an edit's search replaced by a newer search draws the newer tree only", { tag: '@slow-cpu' }, async ({ page }) => {
  await page.goto('/?game=tree');
  await expect(page.getByTestId('tree-answer')).toBeVisible();
  for (const text of ['[[3,12,8],[2,4,6],[14,5,2]]', '[[1,2],[3,4]]', '[[5,[6,7]],[8,9],1]']) {
    await page.getByTestId('tree-input').fill(text);
    await page.getByTestId('tree-solve').click();
  }
  await expect(page.getByTestId('tree-answer')).toHaveAttribute('data-input', '[[5,[6,7]],[8,9],1]');
  await page.getByRole('button', { name: 'To the end' }).click();
  await expectAtEnd(page);
  await expect(page.getByTestId('tree-view').locator('[data-node="0"]')).toHaveAttribute('data-value', '8');
});

/**
 * Acts on the first element matching `selector` (and whose text is `text`,
 * if given) the moment the view inserts it: picks `value` in it (a select)
 * if given, else clicks it. That is before the first paint, so before the
 * view's mount effects (Preact runs them after the next frame) have sent
 * the link's request. A person's click can land in that window on a busy
 * machine (after the frame, before the effects' timer); this puts it there
 * every time.
 */
async function actOnArrival(page, selector, { text, value } = {}) {
  await page.addInitScript(
    ([sel, label, v]) => {
      const watch = new MutationObserver(() => {
        const el = [...document.querySelectorAll(sel)].find((e) => label === null || e.textContent.trim() === label);
        if (!el) return;
        watch.disconnect();
        if (v === null) el.click();
        else {
          el.value = v;
          el.dispatchEvent(new Event('change', { bubbles: true }));
        }
      });
      document.addEventListener('DOMContentLoaded', () => watch.observe(document.body, { childList: true, subtree: true }));
    },
    [selector, text ?? null, value ?? null],
  );
}

test("stone games: a link's step is not applied to a newer solve's table", { tag: '@slow-cpu' }, async ({ page }) => {
  await page.goto('/?game=stone-game&step=3');
  await page.getByTestId('dp-preset').nth(1).click();
  const input = await page.getByTestId('dp-input').inputValue();
  await expect(page.getByTestId('dp-answer')).toHaveAttribute('data-input', input);
  await expect(readout(page)).toHaveAttribute('data-cursor', '0');
});

test("stone games: a preset clicked before the link's solve is sent is the answer, at its start", async ({ page }) => {
  await actOnArrival(page, '[data-testid="dp-preset"]', { text: '2' });
  await page.goto('/?game=stone-game&step=3');
  await expect(page.getByTestId('dp-input')).toHaveValue('piles = [3,7,2,3]');
  await expect(page.getByTestId('dp-answer')).toHaveAttribute('data-input', 'piles = [3,7,2,3]');
  await expect(readout(page)).toHaveAttribute('data-cursor', '0');
  await expect(page.getByTestId('dp-answer')).toHaveAttribute('data-run', '1');
});

test("913: an example picked before the link's solve is sent is the answer, at its end", async ({ page }) => {
  await actOnArrival(page, '[aria-label="Example graphs"] button', { text: 'Example 2' });
  await page.goto('/?game=cat-mouse&input=' + encodeURIComponent('[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]') + '&step=3&sel=13');
  await expect(page.getByTestId('answer')).toHaveText('Mouse wins');
  await expect(page.getByTestId('stats')).toContainText('24 states');
  await expectAtEnd(page);
  await expectBoardAtStart(page, 4);
});

test("chess: an ending picked before the link's position is asked for is the one shown, without the link's ply", async ({ page }) => {
  const KQK = 'k7/8/8/8/8/8/8/KQ6 w - - 0 1';
  await actOnArrival(page, '[data-testid="chess-material"]', { value: 'KQK' });
  await page.goto('/?game=chess-endgame&ply=5&sel=a1');
  const app = page.getByTestId('chess-app');
  await expect(app).toHaveAttribute('data-fen', KQK);
  await expect(app).toHaveAttribute('data-busy', 'false');
  await expect(page.getByTestId('chess-fen')).toHaveValue(KQK);
  await expect(app).toHaveAttribute('data-ply', await app.getAttribute('data-top'));
  await expect(app).toHaveAttribute('data-map', '');
  await expect(app).toHaveAttribute('data-runs', '1');
});
