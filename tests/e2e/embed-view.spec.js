// An embed's `view` parameter: which of a game's views it shows, in
// embed.html and through the <perfect-play> element (which passes its
// attributes on), for Cat and Mouse and a game in GDL.
import { EXAMPLE_1, expect, test } from './fixtures.js';

const catMouse = (view) => `/embed.html?game=cat-mouse&input=${encodeURIComponent(EXAMPLE_1)}&controls=minimal${view === null ? '' : `&view=${view}`}`;

test('Cat and Mouse: view picks the state graph, the board, the grids; an unknown name leaves the default', async ({ page }) => {
  await page.goto(catMouse('graph'));
  await expect(page.getByTestId('state-graph')).toHaveAttribute('data-drawn', 'true');
  await expect(page.getByTestId('state-graph')).toHaveAttribute('data-nodes', '60');
  await expect(page.getByTestId('grid-mouse')).toHaveCount(0);
  await expect(page.getByTestId('board')).toHaveCount(0);

  await page.goto(catMouse('board,graph'));
  await expect(page.getByTestId('state-graph')).toHaveAttribute('data-drawn', 'true');
  await expect(page.getByTestId('board').locator('svg')).toHaveCount(1);
  await expect(page.getByTestId('grid-mouse')).toHaveCount(0);
  // The graph plays with the player: back at event 3, at most three states are decided.
  await expect(page.getByTestId('state-graph')).toHaveAttribute('data-decided', '55');
  await page.getByTestId('timeline').fill('3');
  await expect(page.getByTestId('state-graph-canvas')).toHaveAttribute('data-painted', '3');
  expect(Number(await page.getByTestId('state-graph').getAttribute('data-decided'))).toBeLessThanOrEqual(3);

  for (const view of [null, 'nonsense']) {
    await page.goto(catMouse(view));
    await expect(page.getByTestId('grid-mouse')).toHaveCount(1);
    await expect(page.getByTestId('board').locator('svg')).toHaveCount(1);
    await expect(page.getByTestId('state-graph')).toHaveCount(0);
  }
});

test('a GDL game: view=graph shows the state graph without the inspector, view=board the inspector alone', async ({ page }) => {
  const rules =
    '(role a) (role b) (init (n 3)) (init (turn a)) (succ 0 1) (succ 1 2) (succ 2 3)\n(<= (legal ?p take) (true (turn ?p)) (true (n ?k)) (succ ?m ?k))\n(<= (legal a noop) (true (turn b)))\n(<= (legal b noop) (true (turn a)))\n(<= (next (n ?m)) (does ?p take) (true (n ?k)) (succ ?m ?k))\n(<= (next (turn b)) (true (turn a)))\n(<= (next (turn a)) (true (turn b)))\n(<= terminal (true (n 0)))\n(<= (goal a 100) (true (turn b)))\n(<= (goal a 0) (true (turn a)))\n(<= (goal b 100) (true (turn a)))\n(<= (goal b 0) (true (turn b)))\n';
  await page.goto(`/embed.html?game=gdl&view=graph&input=${encodeURIComponent(rules)}`);
  await expect(page.getByTestId('state-graph')).toHaveAttribute('data-drawn', 'true');
  await expect(page.getByTestId('gdl-inspector')).toHaveCount(0);
  await page.goto(`/embed.html?game=gdl&view=board&input=${encodeURIComponent(rules)}`);
  await expect(page.getByTestId('gdl-inspector')).toHaveCount(1);
  await expect(page.getByTestId('state-graph')).toHaveCount(0);
});

test('the authors\' guide: a <perfect-play view="board,graph"> shows the state graph coloured beside the board', async ({ page }) => {
  await page.goto('/authors.html');
  const el = page.getByTestId('authors-state-graph');
  await el.scrollIntoViewIfNeeded();
  const content = page.frameLocator('[data-testid="authors-state-graph"] iframe');
  await expect(content.getByTestId('readout')).toHaveAttribute('data-cursor', '60');
  await expect(content.getByTestId('state-graph')).toHaveAttribute('data-drawn', 'true');
  await expect(content.getByTestId('state-graph')).not.toHaveAttribute('data-decided', '0');
  await expect(content.getByTestId('board').locator('svg')).toHaveCount(1);
  await expect(content.getByTestId('grid-mouse')).toHaveCount(0);
});
