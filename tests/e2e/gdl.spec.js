// "Your game": rules in GDL typed or picked, checked and solved by the real
// reasoner in the worker, the state graph played through the retrograde
// trace, a board read from the facts, a game against the solver, links.
import { expect, test } from './fixtures.js';

// Our own small game: five stones, take one or two, who takes the last wins
// (5 is not a multiple of 3: the first player wins).
const TAKE = `; Take-away: five stones, take one or two; who takes the last stone wins.
(role first)
(role second)
(init (stones 5))
(init (control first))
(succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5)
(<= (legal ?p (take 1)) (true (control ?p)) (true (stones ?n)) (succ ?m ?n))
(<= (legal ?p (take 2)) (true (control ?p)) (true (stones ?n)) (succ ?m ?n) (succ ?k ?m))
(<= (legal first noop) (true (control second)))
(<= (legal second noop) (true (control first)))
(<= (next (stones ?m)) (does ?p (take 1)) (true (stones ?n)) (succ ?m ?n))
(<= (next (stones ?k)) (does ?p (take 2)) (true (stones ?n)) (succ ?m ?n) (succ ?k ?m))
(<= (next (control second)) (true (control first)))
(<= (next (control first)) (true (control second)))
(<= terminal (true (stones 0)))
(<= (goal first 100) (true (stones 0)) (true (control second)))
(<= (goal first 0) (true (stones 0)) (true (control first)))
(<= (goal second 100) (true (stones 0)) (true (control first)))
(<= (goal second 0) (true (stones 0)) (true (control second)))
`;

const answer = (page) => page.getByTestId('gdl-answer');
const graph = (page) => page.getByTestId('state-graph');

async function openGdl(page) {
  await page.goto('/?game=gdl');
  await expect(answer(page)).toHaveAttribute('data-answer', 'draw'); // tic-tac-toe, the first example
}

/** Replaces the rules the way a person does: select all, type. */
async function typeRules(page, text) {
  const box = page.getByTestId('gdl-text');
  await box.fill('');
  await box.pressSequentially(text.slice(0, 20), { delay: 0 });
  await box.fill(text); // the rest pasted: typing every key of a game takes too long
}

test('tic-tac-toe: 5,478 states drawn, the trace colours the seeds first and steps back exactly', async ({ page }) => {
  await openGdl(page);
  await expect(graph(page)).toHaveAttribute('data-nodes', '5478');
  await expect(graph(page)).toHaveAttribute('data-drawn', 'true');
  await page.getByTestId('to-start').click();
  await expect(graph(page)).toHaveAttribute('data-decided', '0');
  await expect(graph(page)).toHaveAttribute('data-looks', /undecided:5478/);
  await page.getByTestId('step-forward').click();
  await expect(page.getByTestId('readout')).toContainText('SEED');
  await expect(graph(page)).toHaveAttribute('data-decided', '1');
  await expect(graph(page)).toHaveAttribute('data-frontier', '1');
  await page.getByTestId('next-decision').click();
  await expect(graph(page)).toHaveAttribute('data-decided', '2');
  await page.getByTestId('step-back').click();
  await expect(graph(page)).toHaveAttribute('data-decided', '1');
  await expect(page.getByTestId('state-graph-canvas')).toHaveAttribute('data-painted', /\d+/);
  // The start's board: an empty 3 x 3 grid read from (cell X Y V) facts.
  await expect(page.getByTestId('gdl-inspector')).toHaveAttribute('data-state', '0');
  await expect(page.getByTestId('gdl-board')).toHaveAttribute('data-relation', 'cell');
  await expect(page.getByTestId('gdl-board').locator('td')).toHaveCount(9);
  await expect(page.getByTestId('gdl-board').locator('td:text-is("x")')).toHaveCount(0);

  // The keyboard walks the graph; Enter selects a state one move in, and its board shows the mark.
  await page.getByTestId('to-end').click();
  await page.getByTestId('state-graph-canvas').focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('state-graph-readout')).toContainText('depth 1');
  const chosen = await page.getByTestId('state-graph-readout').getAttribute('data-node');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('gdl-inspector')).toHaveAttribute('data-state', chosen);
  await expect(page.getByTestId('gdl-board').locator('td:text-is("x")')).toHaveCount(1);
  // A move in the inspector goes one state further: two marks.
  await page.getByTestId('gdl-inspector').locator('.gdl-inspector__moves button').first().click();
  await expect(page.getByTestId('gdl-board').locator('td:text-is("o")')).toHaveCount(1);
  await expect(graph(page)).toHaveAttribute('data-selected', await page.getByTestId('gdl-inspector').getAttribute('data-state'));
});

test('typed rules solve after a pause; a problem is listed and its button puts the cursor on it', { tag: '@slow-cpu' }, async ({ page }) => {
  await openGdl(page);
  await typeRules(page, TAKE);
  await expect(answer(page)).toHaveAttribute('data-answer', 'first wins');
  await expect(page.getByTestId('gdl-diagnostics')).toHaveAttribute('data-count', '0');
  // A missing parenthesis on the last line.
  const broken = TAKE.replace(
    '(<= (goal second 0) (true (stones 0)) (true (control second)))',
    '(<= (goal second 0) (true (stones 0)) (true (control second))',
  );
  await typeRules(page, broken);
  // The problems of this text: a pause in the typing above may have checked a part of it.
  await expect(page.getByTestId('gdl-diagnostics')).toHaveAttribute('data-current', 'true');
  const problem = page.getByTestId('gdl-diagnostics').locator('button').first();
  await expect(problem).toBeVisible();
  await expect(page.getByTestId('gdl-status')).toContainText('problem');
  // The last good answer stays, marked as such.
  await expect(answer(page)).toHaveAttribute('data-answer', 'first wins');
  const line = Number(await problem.getAttribute('data-line'));
  const col = Number(await problem.getAttribute('data-col'));
  expect(line).toBeGreaterThan(0);
  await problem.click();
  const box = page.getByTestId('gdl-text');
  await expect(box).toBeFocused();
  const at = await box.evaluate((el) => el.selectionStart);
  const lines = broken.split('\n');
  const expected = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + Math.min(col - 1, (lines[line - 1] ?? '').length);
  expect(at).toBe(expected);
  // Typing on: the problems listed are marked as the last check's until the
  // next check, a pause later (read in the page at once, before that pause ends).
  const marked = await box.evaluate(
    (el) =>
      new Promise((resolve) => {
        el.setRangeText(' ', el.value.length, el.value.length, 'end');
        el.dispatchEvent(new Event('input', { bubbles: true }));
        setTimeout(() => resolve(document.querySelector('[data-testid="gdl-diagnostics"]').dataset.current), 0);
      }),
  );
  expect(marked).toBe('false');
  await expect(page.getByTestId('gdl-diagnostics')).toHaveAttribute('data-current', 'true');
  // Fixed again: the problem goes, the answer is the new rules'.
  await typeRules(page, TAKE.replace('(init (stones 5))', '(init (stones 3))'));
  await expect(answer(page)).toHaveAttribute('data-answer', 'second wins');
  await expect(page.getByTestId('gdl-diagnostics')).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('gdl-diagnostics')).toHaveAttribute('data-current', 'true');
});

test('play against the solver: outcomes on every move, the solver answers, undo takes both back', { tag: '@slow-cpu' }, async ({ page }) => {
  await openGdl(page);
  await typeRules(page, TAKE);
  await expect(answer(page)).toHaveAttribute('data-answer', 'first wins');
  await page.getByTestId('gdl-play-start').click();
  await expect(page.getByTestId('gdl-play-status')).toHaveText('Your move, first.');
  await page.getByTestId('gdl-play-outcomes').check();
  const take2 = page.getByTestId('gdl-play-move').filter({ hasText: '(take 2)' });
  const take1 = page.getByTestId('gdl-play-move').filter({ hasText: '(take 1)' });
  await expect(take2).toContainText('wins'); // 5 - 2 = 3 left: a multiple of three
  await expect(take1).toContainText('loses');
  await take2.click();
  // The solver (second) moved too: the person moves again, from 2 or 1 stones.
  await expect(page.getByTestId('gdl-play')).toHaveAttribute('data-moves', '2');
  await expect(page.getByTestId('gdl-play-status')).toHaveText('Your move, first.');
  const state = await page.getByTestId('gdl-play').getAttribute('data-state');
  await expect(graph(page)).toHaveAttribute('data-selected', state);
  await expect(page.getByTestId('gdl-inspector')).toHaveAttribute('data-state', state);
  await page.getByTestId('gdl-play-undo').click();
  await expect(page.getByTestId('gdl-play')).toHaveAttribute('data-moves', '0');
  await expect(page.getByTestId('gdl-play')).toHaveAttribute('data-state', '0');
  // Win it: always leave a multiple of three.
  for (let k = 0; k < 3; k++) {
    if ((await page.getByTestId('gdl-play-status').textContent()).startsWith('Game over')) break;
    const moves = page.getByTestId('gdl-play-move');
    await moves.filter({ hasText: 'wins' }).first().click();
  }
  await expect(page.getByTestId('gdl-play-status')).toContainText('Game over');
  await expect(page.getByTestId('gdl-play-status')).toContainText('first wins');
});

test('the examples picker loads each example and solves it', { tag: '@slow-cpu' }, async ({ page }) => {
  await openGdl(page);
  const picker = page.getByTestId('gdl-example');
  const ids = await picker.locator('option:not([disabled])').evaluateAll((os) => os.map((o) => o.value).filter(Boolean));
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) {
    const run = Number(await answer(page).getAttribute('data-run'));
    await picker.selectOption(id);
    // The example's own result (the last one stays shown until it comes).
    await expect(answer(page)).toHaveAttribute('data-run', String(run + 1));
    await expect(page.getByTestId('gdl-status')).toContainText('states');
    await expect(page.getByTestId('gdl-diagnostics')).toHaveAttribute('data-count', '0');
    // the roles move at once, or three play: each role's guarantee and the matrix games (gdl-values.spec.js)
    if ((await answer(page).getAttribute('data-by')) === 'values') {
      await expect(answer(page)).toHaveAttribute('data-answer', /guarantees/);
      await expect(page.getByTestId('matrix-game').first()).toBeVisible();
      continue;
    }
    await expect(answer(page)).toHaveAttribute('data-answer', /wins|draw|solved/);
    await expect(graph(page)).toHaveAttribute('data-nodes', /^[1-9]/);
    // Past the detailed drawing's limit (connect-3 on 4x4): one point a state, the whole trace played.
    if (Number(await graph(page).getAttribute('data-nodes')) > 6000) {
      await expect(graph(page)).toHaveAttribute('data-drawn', 'true');
      await expect(graph(page)).toHaveAttribute('data-points', 'true');
      await page.getByTestId('to-start').click();
      await page.getByTestId('step-forward').click();
      await expect(page.getByTestId('readout')).toContainText('SEED');
      await expect(page.getByTestId('state-graph-canvas')).toHaveAttribute('data-painted', '1');
    }
  }
});

test('a shared link carries the rules; a damaged or hostile link shows text and runs nothing', async ({ page, context }) => {
  await openGdl(page);
  await typeRules(page, TAKE);
  await expect(answer(page)).toHaveAttribute('data-answer', 'first wins');
  await page.getByTestId('state-graph-by-remoteness').check();
  await page.getByTestId('share-open').click();
  const link = await page.getByTestId('share-link').inputValue();
  await page.getByTestId('share-close').click();
  expect(link).toContain('game=gdl');
  expect(link).toMatch(/#z=1\.[A-Za-z0-9_-]+$/); // the rules, compressed, in the fragment (never sent to a server)
  expect(new URL(link).search).not.toContain('z=');
  expect(link).toContain('by=remoteness');
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByTestId('gdl-answer')).toHaveAttribute('data-answer', 'first wins');
  await expect(other.getByTestId('gdl-text')).toHaveValue(TAKE);
  await expect(other.getByTestId('state-graph')).toHaveAttribute('data-by', 'remoteness');
  await other.close();

  // A damaged compressed text: a message, and the first example instead.
  await page.goto('/?game=gdl#z=1.AAAA!!');
  await expect(page.getByTestId('link-errors')).toContainText('base64url');
  await expect(answer(page)).toHaveAttribute('data-answer', 'draw');

  // Rules that look like HTML are text in the box and in the messages, never elements.
  const hostile = '(role <img src=x onerror="window.__pwned=1">)\n(<script>window.__pwned=2</script>';
  await page.goto(`/?game=gdl&input=${encodeURIComponent(hostile)}`);
  await expect(page.getByTestId('gdl-text')).toHaveValue(hostile);
  await expect(page.getByTestId('gdl-diagnostics').locator('button').first()).toBeVisible();
  expect(await page.locator('main img, main script').count()).toBe(0);
  expect(await page.evaluate(() => window.__pwned ?? null)).toBe(null);
});

test('an embed of a GDL game shows its graph and its player, no editor', async ({ page }) => {
  await page.goto(`/embed.html?game=gdl&controls=minimal&step=3&input=${encodeURIComponent(TAKE)}`);
  await expect(page.getByTestId('gdl-answer')).toHaveAttribute('data-answer', 'first wins');
  await expect(page.getByTestId('state-graph')).toHaveAttribute('data-drawn', 'true');
  await expect(page.getByTestId('readout')).toHaveAttribute('data-cursor', '3');
  await expect(page.getByTestId('gdl-text')).toHaveCount(0);
  await page.getByTestId('step-forward').click();
  await expect(page.getByTestId('readout')).toHaveAttribute('data-cursor', '4');
});
