// What is on screen is what the controls and the link say, in every tab
// (the rules: web/src/hooks/use-solver.js). An option that changes the
// answer (an algorithm, a move order, the table, the root, a game or its
// size, a DP variant, a budget) solves again at once, without Solve; the
// address then describes that answer, and opening it shows the same one.
// Text being typed waits for Solve, and the address keeps the answer shown.
// Driven as a person does (select, click, fill), against the real WASM; every
// wait is on what the page shows.
import { execFileSync } from 'node:child_process';
import { expect, test } from './fixtures.js';

const CLI = 'build/perfect-play';
const TEXTBOOK = '[[3,12,8],[2,4,6],[14,5,2]]';
const answer = (page) => page.getByTestId('tree-answer');
/** The address's parameters as the page wrote them. */
const params = (page) => new URL(page.url()).searchParams;

/** Opens the address the page shows now, as a reader of the link would. */
async function reopen(page) {
  await page.goto(page.url());
}

test.describe('Game trees', () => {
  test('a typed tree: the algorithm, fail-soft, the move order and the root each search again at once, and the link opens that search', async ({ page }) => {
    await page.goto('/?game=tree');
    await expect(answer(page)).toContainText('by alphabeta, given order');

    // df-pn, picked: its answer replaces alpha-beta's without Solve.
    await page.getByTestId('tree-algo').selectOption('dfpn');
    await expect(answer(page)).toHaveAttribute('data-algo', 'dfpn');
    await expect(answer(page)).toContainText('Root value 3 by dfpn');
    await expect(page).toHaveURL(/[?&]algo=dfpn(&|$)/);
    await reopen(page);
    await expect(page.getByTestId('tree-algo')).toHaveValue('dfpn');
    await expect(answer(page)).toHaveAttribute('data-algo', 'dfpn');
    await expect(answer(page)).toHaveAttribute('data-value', '3');

    // Fail-soft alpha-beta, then best-first order.
    await page.getByTestId('tree-algo').selectOption('alphabeta-soft');
    await expect(answer(page)).toContainText('by alphabeta-soft, given order');
    await expect(page).toHaveURL(/[?&]algo=alphabeta-soft(&|$)/);
    await page.getByTestId('tree-algo').selectOption('alphabeta');
    await expect(answer(page)).toContainText('by alphabeta, given order');
    await page.getByTestId('tree-order').selectOption('best');
    await expect(answer(page)).toContainText('by alphabeta, best order');
    await expect(page).toHaveURL(/[?&]order=best(&|$)/);
    expect(params(page).get('algo')).toBeNull(); // alpha-beta, the default
    await reopen(page);
    await expect(page.getByTestId('tree-order')).toHaveValue('best');
    await expect(answer(page)).toContainText('by alphabeta, best order');

    // MIN at the root: the value the textbook tree has for MIN, 6.
    await page.getByTestId('tree-root').selectOption('min');
    await expect(answer(page)).toHaveAttribute('data-value', '6');
    await expect(page.locator('[data-testid="tree-view"] .tree__level').first()).toHaveText('MIN ▽');
    await expect(page).toHaveURL(/[?&]root=min(&|$)/);
    await reopen(page);
    await expect(page.getByTestId('tree-root')).toHaveValue('min');
    await expect(answer(page)).toHaveAttribute('data-value', '6');
    await expect(answer(page)).toContainText('by alphabeta, best order');

    // Solve after the search an option started: the same answer again, harmlessly.
    const run = Number(await answer(page).getAttribute('data-run'));
    await page.getByTestId('tree-solve').click();
    await expect(answer(page)).toHaveAttribute('data-run', String(run + 1));
    await expect(answer(page)).toHaveAttribute('data-value', '6');
    await expect(answer(page)).toContainText('by alphabeta, best order');
  });

  test('options changed in quick succession: the last search asked for is the one shown and linked', { tag: '@slow-cpu' }, async ({ page }) => {
    await page.goto('/?game=tree');
    await expect(answer(page)).toContainText('by alphabeta, given order');
    const algo = page.getByTestId('tree-algo');
    // Each change replaces the search before it, which may be running or just answered.
    await algo.selectOption('dfpn');
    await algo.selectOption('pn2');
    await page.getByTestId('tree-root').selectOption('min');
    await algo.selectOption('minimax');
    await expect(answer(page)).toContainText('by minimax, given order');
    await expect(answer(page)).toHaveAttribute('data-value', '6');
    await expect(page.getByTestId('tree-stale')).toHaveCount(0);
    await expect(page).toHaveURL(/[?&]algo=minimax(&|$)/);
    await expect(page).toHaveURL(/[?&]root=min(&|$)/);
    await reopen(page);
    await expect(answer(page)).toContainText('by minimax, given order');
    await expect(answer(page)).toHaveAttribute('data-value', '6');
  });

  test('a tree being typed waits for Solve, and the link keeps the tree shown; an option that fails on it leaves the last answer, said to be the last', async ({
    page,
  }) => {
    await page.goto('/?game=tree');
    await expect(answer(page)).toContainText('by alphabeta, given order');
    await expect(answer(page)).toHaveAttribute('data-input', TEXTBOOK);

    // A new tree typed, not solved: a step of the player rewrites the link, which still holds the tree shown.
    await page.getByTestId('tree-input').fill('[[1,2],[3,4]]');
    await page.getByTestId('step-forward').click();
    await expect(page).toHaveURL(/[?&]step=1(&|$)/);
    expect(params(page).get('input')).toBe(TEXTBOOK);

    // A tree cut short, then minimax picked: the search of that text fails, the
    // last answer stays and says it is the last, and the link keeps it.
    await page.getByTestId('tree-input').fill('[[1,2],[3,');
    await page.getByTestId('tree-algo').selectOption('minimax');
    await expect(page.getByTestId('tree-error')).toBeVisible();
    await expect(answer(page)).toContainText('by alphabeta, given order');
    await expect(page.getByTestId('tree-stale')).toContainText('Showing the last search that answered, by alphabeta');
    await page.getByTestId('step-forward').click();
    await expect(page).toHaveURL(/[?&]step=2(&|$)/);
    expect(params(page).get('algo')).toBeNull();
    expect(params(page).get('input')).toBe(TEXTBOOK);

    // The tree mended and solved: minimax's answer, the note gone, the link minimax's.
    await page.getByTestId('tree-input').fill('[[1,2],[3,4]]');
    await page.getByTestId('tree-solve').click();
    await expect(answer(page)).toContainText('by minimax');
    await expect(answer(page)).toHaveAttribute('data-value', '3');
    await expect(page.getByTestId('tree-stale')).toHaveCount(0);
    await expect(page).toHaveURL(/[?&]algo=minimax(&|$)/);
    expect(params(page).get('input')).toBe('[[1,2],[3,4]]');
  });

  test('a Compare shown runs again with the table unticked; an algorithm picked then is a search by it', async ({ page }) => {
    await page.goto('/?game=tree&kind=young-tableau');
    await expect(answer(page)).toContainText('by alphabeta, given order, table');
    await page.getByTestId('tree-compare-run').click();
    await expect(answer(page)).toContainText('three ways on the same tree, each with the transposition table');
    await page.getByTestId('tree-tt').uncheck();
    await expect(answer(page)).toContainText('three ways on the same tree');
    await expect(answer(page)).not.toContainText('transposition table');
    await page.getByTestId('tree-algo').selectOption('minimax');
    await expect(answer(page)).toContainText('by minimax, given order ·');
    await expect(page).toHaveURL(/[?&]algo=minimax(&|$)/);
    await expect(page).toHaveURL(/[?&]tt=0(&|$)/);
  });

  // Each game of the tab with an option of its own: picked, it searches again
  // at once, and the link reopens the same search (the same value, the same words).
  const GAMES = [
    {
      kind: 'tic-tac-toe',
      open: '/?game=tic-tac-toe',
      change: (p) => p.getByTestId('tree-tt').check(),
      says: /by alphabeta, given order, table/,
      url: /[?&]tt=1(&|$)/,
    },
    { kind: 'nim', change: (p) => p.getByTestId('tree-algo').selectOption('pn'), says: /by pn:/, url: /[?&]algo=pn(&|$)/ },
    { kind: 'can-i-win', change: (p) => p.getByLabel('Won/lost memo (bitmask)').check(), says: /given order, memo/, url: /[?&]memo=1(&|$)/ },
    {
      kind: 'predict-the-winner',
      change: (p) => p.getByTestId('tree-order').selectOption('worst'),
      says: /by alphabeta, worst order/,
      url: /[?&]order=worst(&|$)/,
    },
    // The table starts ticked here: unticked, the link says tt=0.
    { kind: 'young-tableau', change: (p) => p.getByTestId('tree-tt').uncheck(), says: /by alphabeta, given order ·/, url: /[?&]tt=0(&|$)/ },
    {
      kind: 'triangle-war',
      change: (p) => p.getByTestId('tree-algo').selectOption('alphabeta-soft'),
      says: /by alphabeta-soft, given order, table/,
      url: /[?&]algo=alphabeta-soft(&|$)/,
    },
    {
      kind: 'board-chase',
      change: (p) => p.getByTestId('tree-order').selectOption('best'),
      says: /by alphabeta, best order, table/,
      url: /[?&]order=best(&|$)/,
    },
    {
      kind: 'gdl-rules',
      change: (p) => p.getByTestId('tree-algo').selectOption('minimax'),
      says: /by minimax, given order, table/,
      url: /[?&]algo=minimax(&|$)/,
    },
  ];
  for (const g of GAMES) {
    test(`${g.kind}: its option searches again at once and the link reopens that search`, async ({ page }) => {
      await page.goto(g.open ?? `/?game=tree&kind=${g.kind}`);
      await expect(answer(page)).toBeVisible();
      const input = await page.getByTestId('tree-input').inputValue();
      await expect(answer(page)).toHaveAttribute('data-input', input);
      await expect(answer(page)).not.toContainText(g.says);
      await g.change(page);
      await expect(answer(page)).toContainText(g.says);
      await expect(page).toHaveURL(g.url);
      const value = await answer(page).getAttribute('data-value');
      await reopen(page);
      await expect(page.getByTestId('tree-game')).toHaveValue(g.kind);
      await expect(answer(page)).toHaveAttribute('data-input', input);
      await expect(answer(page)).toContainText(g.says);
      await expect(answer(page)).toHaveAttribute('data-value', value);
    });
  }
});

test.describe('Connect Four', () => {
  const SMALL = '2332'; // a 4x4 board with four stones: every stage searches it in well under a second
  const status = (page) => page.getByTestId('c4-status');

  test('the board size solves at once, and the link opens that board', async ({ page }) => {
    await page.goto('/?game=tree&kind=connect-four');
    await expect(status(page)).toHaveAttribute('data-state', 'solved');
    await page.getByTestId('c4-size').selectOption('5x4');
    await expect(status(page)).toHaveAttribute('data-size', '5x4');
    await expect(status(page)).toHaveAttribute('data-state', 'solved');
    const score = await status(page).getAttribute('data-score');
    await expect(page).toHaveURL(/[?&]size=5x4(&|$)/);
    await reopen(page);
    await expect(status(page)).toHaveAttribute('data-size', '5x4');
    await expect(status(page)).toHaveAttribute('data-state', 'solved');
    await expect(status(page)).toHaveAttribute('data-score', score);
  });

  test('the animated search shown follows its stage and table at once; Compare says when the ticks are not its stages', async ({ page }) => {
    await page.goto(`/?game=tree&kind=connect-four&size=4x4&moves=${SMALL}`);
    await expect(status(page)).toHaveAttribute('data-state', 'solved');
    const want = JSON.parse(execFileSync(CLI, ['solve', 'connect-four', '--json', '--size', '4x4', SMALL], { encoding: 'utf8' })).answer;

    const res = page.getByTestId('c4-search-result');
    await page.getByTestId('c4-search-run').click();
    await expect(res).toContainText("Centre first: X's score");
    await page.getByTestId('c4-search-stage').selectOption('alphabeta');
    await expect(res).toContainText("Alpha-beta: X's score");
    await expect(res).toHaveAttribute('data-value', String(want));
    await page.getByTestId('c4-search-tt').check();
    await expect(res).toHaveAttribute('data-tt', 'true');
    await expect(res).toContainText('table hits');
    await page.getByTestId('c4-search-stage').selectOption('strongest');
    await expect(res).toHaveAttribute('data-dedicated', 'true');
    await expect(res).toContainText('Strongest');
    await expect(res).toHaveAttribute('data-value', String(want)); // X to move: its score either way

    const compare = page.getByTestId('c4-compare-status');
    await page.getByTestId('c4-compare-run').click();
    await expect(compare).toHaveAttribute('data-state', 'done');
    await expect(compare).toHaveAttribute('data-stale', 'false');
    await page.getByTestId('c4-stage-bitboard').uncheck();
    await expect(compare).toHaveAttribute('data-stale', 'true');
    await expect(compare).toContainText('not the stages ticked now');
    await page.getByTestId('c4-compare-run').click();
    await expect(compare).toHaveAttribute('data-stale', 'false');
    await expect(page.getByTestId('c4-compare-table').locator('tbody tr[data-stage="bitboard"]')).toHaveCount(0);
  });
});

test('DP games: the algorithm solves again at once, and the link opens that table', async ({ page }) => {
  const dp = page.getByTestId('dp-answer');
  await page.goto('/');
  await page.getByTestId('pillar-dp').click();
  await expect(dp).toHaveAttribute('data-algo', 'dp');
  const input = await page.getByTestId('dp-input').inputValue();
  await page.getByTestId('dp-algo').selectOption('diff');
  await expect(dp).toHaveAttribute('data-algo', 'diff');
  await expect(dp).toContainText('Difference (lead)');
  await expect(dp).toHaveAttribute('data-input', input);
  const said = await dp.getAttribute('data-answer');
  await expect(page).toHaveURL(/[?&]algo=diff(&|$)/);
  await reopen(page);
  await expect(page.getByTestId('dp-algo')).toHaveValue('diff');
  await expect(dp).toHaveAttribute('data-algo', 'diff');
  await expect(dp).toHaveAttribute('data-answer', said);

  // Another problem, another variant: Stone Game IV by the sieve.
  await page.getByTestId('dp-game').selectOption('stone-game-iv');
  await expect(dp).toHaveAttribute('data-algo', 'dp');
  await page.getByTestId('dp-algo').selectOption('sieve');
  await expect(dp).toHaveAttribute('data-algo', 'sieve');
  await expect(page).toHaveURL(/game=stone-game-iv.*[?&]algo=sieve(&|$)/);
  await reopen(page);
  await expect(dp).toHaveAttribute('data-algo', 'sieve');
});

test('chess endgames: an ending picked is solved at once; a FEN being typed waits for Solve and the link keeps the position shown', async ({ page }) => {
  const KQK = 'k7/8/8/8/8/8/8/KQ6 w - - 0 1';
  const app = page.getByTestId('chess-app');
  const words = (a) =>
    a.outcome === 'draw' ? 'Draw' : a.outcome === 'win' ? `Mate in ${a.dtm} moves (${a.plies} plies)` : `Mated in ${a.dtm} moves (${a.plies} plies)`;
  await page.goto('/?game=chess-endgame');
  await expect(app).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('chess-material').selectOption('KQK');
  await expect(app).toHaveAttribute('data-fen', KQK);
  await expect(app).toHaveAttribute('data-busy', 'false');
  const want = words(JSON.parse(execFileSync(CLI, ['solve', 'chess-endgame', KQK, '--json'], { encoding: 'utf8' })));
  await expect(app).toHaveAttribute('data-answer', want);
  await expect(page).toHaveURL(new RegExp(`[?&]fen=${encodeURIComponent(KQK).replace(/%20/g, '(\\+|%20)')}(&|$)`));

  await page.getByTestId('chess-fen').fill('8/8/8/4k3/8/8/8/R3K3 w - - 0 1');
  await page.getByTestId('chess-side').selectOption('w');
  await expect(page).toHaveURL(/[?&]side=w(&|$)/);
  expect(params(page).get('fen')).toBe(KQK);
  await reopen(page);
  await expect(app).toHaveAttribute('data-state', 'ready');
  await expect(app).toHaveAttribute('data-fen', KQK);
  await expect(app).toHaveAttribute('data-answer', want);
});

test.describe('Cat and Mouse', () => {
  test("913: the algorithm and the naive search's budget solve again at once, and the link opens that search", async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('answer')).toHaveText('Draw');
    await page.getByLabel('Naive DFS minimax').check();
    await expect(page.locator('#answer-heading')).toHaveText('Answer · naive DFS minimax');
    await expect(page).toHaveURL(/[?&]algo=naive-dfs(&|$)/);
    await expect(page.getByTestId('search-verdict')).toContainText('They agree'); // example 1 within the default budget
    const budget = page.locator('.algo-picker__budget input');
    await budget.fill('5');
    await budget.press('Enter');
    const message = page.getByTestId('budget-message');
    await expect(message).toContainText(/^Budget exhausted after \d states/);
    const said = await message.textContent();
    await expect(page.getByTestId('answer')).toHaveText('No answer');
    await expect(page).toHaveURL(/[?&]budget=5(&|$)/);
    await reopen(page);
    await expect(page.locator('#answer-heading')).toHaveText('Answer · naive DFS minimax');
    await expect(budget).toHaveValue('5');
    await expect(message).toHaveText(said);
    // Back to retrograde: the budget is the naive search's, not the link's any more.
    await page.getByLabel('Retrograde BFS coloring').check();
    await expect(page.locator('#answer-heading')).toHaveText('Answer · retrograde BFS coloring');
    await expect(page.getByTestId('answer')).toHaveText('Draw');
    await expect(page).not.toHaveURL(/[?&](algo=naive-dfs|budget=)/);
  });

  test('1728: a jump typed solves again at once, and the link opens that board', async ({ page }) => {
    await page.goto('/?game=cat-mouse-ii');
    await expect(page.getByTestId('answer-code')).toHaveText('true');
    const grid = page.getByLabel('Grid (LeetCode input)');
    await grid.fill('["M.C...F"]');
    await page.getByLabel('mouseJump').fill('4');
    await expect(page.getByTestId('stats')).toContainText('1 x 7 cells');
    await expect(page.getByTestId('answer-code')).toHaveText('true'); // LeetCode 1728's example 3
    await page.getByLabel('mouseJump').fill('3');
    await expect(page.getByTestId('answer-code')).toHaveText('false'); // its example 4: no Solve pressed
    await expect(page).toHaveURL(/[?&]mouseJump=3(&|$)/);
    await reopen(page);
    await expect(page.getByLabel('mouseJump')).toHaveValue('3');
    await expect(grid).toHaveValue('["M.C...F"]');
    await expect(page.getByTestId('answer-code')).toHaveText('false');
  });
});

test('Your game: "Solve by" solves again at once, and the link opens that answer', async ({ page }) => {
  const gdl = page.getByTestId('gdl-answer');
  await page.goto('/?game=gdl');
  await expect(gdl).toHaveAttribute('data-answer', 'draw'); // tic-tac-toe, the first example
  await expect(gdl).toHaveAttribute('data-by', 'enumeration');
  await page.getByTestId('gdl-algo').selectOption('search');
  await expect(gdl).toHaveAttribute('data-by', 'search');
  await expect(gdl).toHaveAttribute('data-answer', 'draw');
  await expect(page).toHaveURL(/[?&]algo=search(&|$)/);
  await reopen(page);
  await expect(page.getByTestId('gdl-algo')).toHaveValue('search');
  await expect(gdl).toHaveAttribute('data-by', 'search');
  await expect(gdl).toHaveAttribute('data-answer', 'draw');
});
