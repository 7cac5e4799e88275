// Accessibility audit with axe-core on every page and pillar, in both
// themes: no serious or critical violations. axe is injected as a script, so
// these pages are opened with their CSP bypassed (share.spec.js checks the
// policy itself).
import { createRequire } from 'node:module';
import { expect, test } from './fixtures.js';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');

test.use({ bypassCSP: true });

const PAGES = [
  { path: '/', ready: (page) => expect(page.getByTestId('answer')).toHaveText('Draw') },
  { path: '/?game=tree', ready: (page) => expect(page.getByTestId('tree-answer')).toBeVisible() },
  { path: '/?game=tic-tac-toe', ready: (page) => expect(page.getByTestId('tree-answer')).toBeVisible() },
  // Monte Carlo tree search: its options, the tree, the moves' table, the convergence plot
  {
    path: '/?game=tic-tac-toe&algo=mcts&iterations=500&solver=1',
    ready: (page) => expect(page.getByTestId('tree-answer')).toHaveAttribute('data-algo', 'mcts'),
  },
  { path: '/?game=stone-game-vii', ready: (page) => expect(page.getByTestId('dp-answer')).toBeVisible() },
  { path: '/?game=can-i-win', ready: (page) => expect(page.getByTestId('dp-answer')).toBeVisible() },
  { path: '/?game=gdl', ready: (page) => expect(page.getByTestId('state-graph')).toHaveAttribute('data-drawn', 'true') },
  // the chess tables with KRK's state graph (its points, the layers' list, the legend)
  { path: '/?game=chess-endgame&view=graph', ready: (page) => expect(page.getByTestId('chess-graph')).toHaveAttribute('data-state', 'drawn') },
  { path: '/?game=cat-mouse-ii', ready: (page) => expect(page.locator('main')).toBeVisible() },
  { path: '/embed.html?game=cat-mouse', ready: (page) => expect(page.getByTestId('readout')).toHaveAttribute('data-count', /[1-9]/) },
  { path: '/embed.html?game=tree&controls=minimal', ready: (page) => expect(page.getByTestId('tree-answer')).toBeVisible() },
  {
    path: '/?game=tree&kind=connect-four&moves=6776223356371136637&stages=tt,strongest',
    ready: (page) => expect(page.getByTestId('c4-compare-status')).toHaveAttribute('data-state', 'done'),
  },
  // Monte Carlo tree search beside the columns' exact scores (the options from the link)
  {
    path: '/?game=tree&kind=connect-four&moves=7122371215573455743561&mcts=2000:3:solver',
    ready: (page) => expect(page.getByTestId('c4-mcts-status')).toHaveAttribute('data-state', 'done'),
  },
  // a long solve with its progress shown (2266, outside the opening book: every column takes seconds)
  { path: '/?game=tree&kind=connect-four&moves=2266', ready: (page) => expect(page.getByTestId('c4-progress')).toHaveAttribute('data-nodes', /^[1-9]/) },
  { path: '/tutorial.html', ready: (page) => expect(page.locator('h1')).toBeVisible() },
  { path: '/authors.html', ready: (page) => expect(page.locator('h1')).toBeVisible() },
];

async function audit(page) {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

for (const { path, ready } of PAGES) {
  for (const scheme of ['light', 'dark']) {
    test(`axe: ${path} in the ${scheme} theme has no serious violations`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      await ready(page);
      expect(await audit(page)).toEqual([]);
    });
  }
}

test('axe: the share dialog and the shortcuts overlay have no serious violations', async ({ page }) => {
  await page.goto('/?game=tree');
  await expect(page.getByTestId('tree-answer')).toBeVisible();
  await page.getByTestId('share-open').click();
  await expect(page.getByTestId('share-link')).toBeVisible();
  expect(await audit(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcuts')).toBeVisible();
  expect(await audit(page)).toEqual([]);
});

for (const scheme of ['light', 'dark']) {
  test(`axe: Connect Four's traced dedicated search (pseudocode, probes, statistics) in the ${scheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/?game=tree&kind=connect-four&moves=6776223356371136637');
    await expect(page.getByTestId('c4-status')).toHaveAttribute('data-state', 'solved');
    await page.getByTestId('c4-search-stage').selectOption('strongest');
    await page.getByTestId('c4-search-run').click();
    await expect(page.getByTestId('c4-search-result')).toHaveAttribute('data-dedicated', 'true');
    await page.getByTestId('step-forward').click();
    await page.getByTestId('step-forward').click();
    await expect(page.getByTestId('c4-trace-probes').locator('li')).toHaveCount(1);
    expect(await audit(page)).toEqual([]);
  });
}

for (const scheme of ['light', 'dark']) {
  test(`axe: a game moving at once (each role's guarantee, the matrix games, a game against the solver) in the ${scheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/?game=gdl');
    await expect(page.getByTestId('gdl-answer')).toHaveAttribute('data-answer', 'draw');
    await page.getByTestId('gdl-example').selectOption('free-number');
    await expect(page.getByTestId('matrix-game')).toHaveCount(3);
    await page.getByTestId('values-new').click();
    await expect(page.getByTestId('values-move').first()).toBeVisible();
    expect(await audit(page)).toEqual([]);
  });
}
