// The state graph: Cat and Mouse's states as nodes, coloured as the
// retrograde trace plays, linked with the grids, the board and the
// neighbourhood; layers by depth or by remoteness; past the detailed
// drawing's limit, one point a state (state-graph-points.spec.js checks the
// points' colours and picking); past the points' own limit, a sentence.
import { expect, openApp, test } from './fixtures.js';

const looks = (page) => page.getByTestId('state-graph');

test('the state graph colours the seeds first, then the wave; stepping back undoes it', async ({ page }) => {
  await openApp(page);
  const graph = looks(page);
  await expect(graph).toHaveAttribute('data-drawn', 'true');
  await expect(graph).toHaveAttribute('data-nodes', '60'); // 2 n (n - 1) states, n = 6
  await expect(graph).toHaveAttribute('data-looks', 'win0:27 win1:28 draw:5 undecided:0');
  await page.getByTestId('to-start').click();
  await expect(graph).toHaveAttribute('data-looks', 'win0:0 win1:0 draw:0 undecided:60');
  await expect(graph).toHaveAttribute('data-frontier', '0');
  // The first events are SEEDs: states where the game is over, queued at once.
  await page.getByTestId('step-forward').click();
  await expect(graph).toHaveAttribute('data-decided', '1');
  await expect(graph).toHaveAttribute('data-frontier', '1');
  await expect(page.getByTestId('readout')).toContainText('SEED');
  await page.getByTestId('step-forward').click();
  await expect(graph).toHaveAttribute('data-decided', '2');
  await expect(page.getByTestId('state-graph-canvas')).toHaveAttribute('data-painted', '2');
  // Back: the picture is the one before, not a replay's approximation.
  await page.getByTestId('step-back').click();
  await expect(graph).toHaveAttribute('data-decided', '1');
  await expect(page.getByTestId('state-graph-canvas')).toHaveAttribute('data-painted', '1');
  // At the end every state is decided or a draw, and nothing waits in the queue.
  await page.getByTestId('to-end').click();
  await expect(graph).toHaveAttribute('data-frontier', '0');
  await expect(graph).toHaveAttribute('data-looks', 'win0:27 win1:28 draw:5 undecided:0');
});

test('selecting a state in the grid, the graph or the neighbourhood selects it in all of them', async ({ page }) => {
  await openApp(page);
  // A grid click (cat to move, mouse on 4, cat on 3) reaches the graph.
  const grid = page.getByTestId('grid-cat').locator('canvas');
  await grid.scrollIntoViewIfNeeded();
  const box = await grid.boundingBox();
  const cell = (box.width - 22) / 6;
  await page.mouse.click(box.x + 22 + 3.5 * cell, box.y + 22 + 4.5 * cell);
  const id = String(36 + 4 * 6 + 3);
  await expect(looks(page)).toHaveAttribute('data-selected', id);
  await expect(page.getByTestId('state-graph-readout')).toContainText('(4,3,cat): cat wins in 1');

  // The keyboard walks the graph: Home is the start, Down a row further; Enter selects.
  const canvas = page.getByTestId('state-graph-canvas');
  await canvas.focus();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('state-graph-readout')).toContainText('(1,2,mouse)');
  await expect(page.getByTestId('state-graph-readout')).toContainText('depth 0');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('state-graph-readout')).toContainText('depth 1');
  const cursor = await page.getByTestId('readout').getAttribute('data-cursor');
  await page.keyboard.press('Enter');
  const chosen = await page.getByTestId('state-graph-readout').getAttribute('data-node');
  await expect(looks(page)).toHaveAttribute('data-selected', chosen);
  await expect(page.getByTestId('neighbourhood')).toHaveAttribute('data-state', chosen);
  // The arrows moved through the graph, not the player.
  await expect(page.getByTestId('readout')).toHaveAttribute('data-cursor', cursor);

  // A click on a node selects it too: walk to the next node, then click where it is drawn.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('state-graph-readout')).not.toHaveAttribute('data-node', chosen);
  const next = await page.getByTestId('state-graph-readout').getAttribute('data-node');
  await expect(canvas).toHaveAttribute('data-focus-node', next); // drawn there, so data-focus-at is its place
  const at = await canvas.getAttribute('data-focus-at');
  const [x, y] = at.split(',').map(Number);
  await canvas.click({ position: { x, y } });
  await expect(looks(page)).toHaveAttribute('data-selected', next);
  await expect(page.getByTestId('neighbourhood')).toHaveAttribute('data-state', next);
  const board = page.getByTestId('board').locator('svg');
  const turn = Number(next) >= 36 ? 'cat' : 'mouse';
  await expect(board).toHaveAttribute('data-turn', turn);
});

test('layers by remoteness put the seeds first and the draws last', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('state-graph-by-remoteness').check();
  await expect(looks(page)).toHaveAttribute('data-by', 'remoteness');
  const canvas = page.getByTestId('state-graph-canvas');
  await canvas.focus();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('state-graph-readout')).toContainText('the game is over here');
  await page.keyboard.press('End');
  await expect(page.getByTestId('state-graph-readout')).toContainText(': draw');
  await page.getByTestId('state-graph-by-depth').check();
  await expect(looks(page)).toHaveAttribute('data-by', 'depth');
});

test("the graph zooms, and a graph past the detailed drawing's limit is drawn as points", async ({ page }) => {
  await openApp(page);
  await page.getByTestId('state-graph-zoom-in').click();
  await expect(page.getByTestId('state-graph-zoom')).toHaveText('125%');
  await expect(page.getByTestId('state-graph-canvas')).toHaveAttribute('data-painted', /\d+/);
  // 60 nodes: 7,080 states, past the detailed drawing's limit: points, laid out by the layout worker, zoomed out to fit.
  const lists = Array.from({ length: 60 }, (_, v) => [(v + 1) % 60, (v + 59) % 60]);
  await page.goto(`/?input=${encodeURIComponent(JSON.stringify(lists))}`);
  await expect(looks(page)).toHaveAttribute('data-drawn', 'true');
  await expect(looks(page)).toHaveAttribute('data-points', 'true');
  await expect(looks(page)).toHaveAttribute('data-nodes', '7080');
  await expect(page.getByTestId('state-graph-canvas')).toHaveAttribute('data-renderer', /webgl|canvas/);
  await expect(page.getByTestId('state-graph-canvas')).toHaveAttribute('data-painted', /\d+/);
  expect(Number(await page.getByTestId('state-graph-zoom').getAttribute('data-scale'))).toBeLessThan(1);
});

test("a graph past the points' own limit says so, with its count", async ({ page }) => {
  test.setTimeout(60_000);
  // A ring of 1,500 nodes: 4,497,000 states, past the 4,200,000 points drawn (state-graph.js POINT_LIMIT).
  const n = 1500;
  const lists = Array.from({ length: n }, (_, v) => [(v + n - 1) % n, (v + 1) % n].sort((a, b) => a - b));
  await page.goto(`/?input=${JSON.stringify(lists)}`);
  await expect(page.getByTestId('stats')).toContainText('4,497,000 states', { timeout: 45_000 });
  await expect(looks(page)).toHaveAttribute('data-drawn', 'false');
  await expect(page.getByTestId('state-graph-too-big')).toContainText('4,497,000 states');
});
