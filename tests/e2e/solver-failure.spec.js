// A failure inside the solver is said in words of its own, never as the
// reader's mistake (Your game's own solver, and Cat and Mouse's through the
// shared use-solver.js): the real solver worker closed in the middle of a solve
// (Playwright's handle on it) leaves the page saying that the worker
// stopped and was restarted, no answer looking current, and the next solve
// answers through the fresh worker. A WASM module whose download is cut
// (Playwright's route) is said as a load that failed, not as the rules; a
// part of a view whose code is cut is said where it would be.
import { readFileSync } from 'node:fs';
import { expect, openApp, startHeavySolve, test } from './fixtures.js';

const rules = readFileSync(new URL('../gdl/gdl2qbf/connect-3-5x5.gdl', import.meta.url).pathname, 'utf8');

/** The page's solver workers as they start (not the layout worker). */
function solverWorkers(page) {
  const workers = [];
  page.on('worker', (w) => {
    if (/\/worker[-.\w]*\.js/.test(w.url()) && !/layout/.test(w.url())) workers.push(w);
  });
  return workers;
}

test('your game: the worker closed mid-solve is said as the solver failing inside, not the rules; the next solve answers', async ({ page }) => {
  test.setTimeout(60_000);
  const workers = solverWorkers(page);
  await page.goto('/?game=gdl&algo=enumerate'); // connect-3 on 5 x 5 enumerated: 4,176,536 states, a long solve
  const answer = page.getByTestId('gdl-answer');
  await expect(answer).toHaveAttribute('data-answer', 'draw'); // tic-tac-toe, the first example
  expect(workers.length).toBe(1);
  await page.getByTestId('gdl-text').fill(rules);
  const progress = page.getByTestId('gdl-progress');
  await expect(progress).toHaveAttribute('data-states', /^[1-9]/);
  await workers[0].evaluate(() => self.close());
  const failure = page.getByTestId('solver-failure');
  await expect(failure).toHaveText(
    /^The solver failed inside \(its worker stopped before it answered\); the worker was restarted\. This is a bug in Perfect Play, not in your rules\.$/,
  );
  await expect(page.getByTestId('gdl-status')).toHaveText('The solver failed inside; the graph shows the last rules that solved.');
  await expect(progress).toHaveCount(0);
  await expect(answer).toHaveCount(0); // tic-tac-toe's answer is not left as if it were these rules'
  await expect(page.getByTestId('gdl-diagnostics')).toHaveAttribute('data-count', '0'); // no problem in the rules listed
  expect(workers.length).toBe(2); // started anew
  await page.getByTestId('gdl-example').selectOption({ label: 'Tic-tac-toe' });
  await expect(answer).toHaveAttribute('data-answer', 'draw');
  await expect(failure).toHaveCount(0);
});

test('cat and mouse: the worker closed mid-solve is said as the solver failing inside, not the graph; Solve answers again', async ({ page }) => {
  test.setTimeout(60_000);
  const workers = solverWorkers(page);
  await openApp(page); // the example graph: Draw
  expect(workers.length).toBe(1);
  await startHeavySolve(page);
  await expect(page.getByTestId('progress')).toHaveAttribute('data-states', '7996000');
  await workers[0].evaluate(() => self.close());
  const failure = page.getByTestId('solver-failure');
  await expect(failure).toHaveText(
    'The solver failed inside (its worker stopped before it answered); the worker was restarted. This is a bug in Perfect Play, not in your input. The graph below is the last one that solved.',
  );
  await expect(page.getByTestId('progress')).toHaveCount(0);
  await expect(page.getByTestId('answer')).toBeEmpty(); // the example's Draw is not left as this graph's answer
  await expect(page.getByTestId('input-error')).toBeEmpty(); // nothing said wrong with the graph
  await expect(page.getByTestId('add-reverse-edges')).toHaveCount(0);
  expect(workers.length).toBe(2); // started anew
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await expect(page.getByTestId('answer')).toHaveText('Draw');
  await expect(failure).toHaveCount(0);
});

test('your game: a WASM module the network does not bring is said as a load that failed, not the rules; the next solve loads it', async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(60_000);
  const workers = solverWorkers(page);
  let cut = true;
  await page.route(/\/pp-gdl[-.\w]*\.wasm$/, (route) => (cut ? route.abort('internetdisconnected') : route.continue()));
  await page.goto('/?game=gdl');
  const failure = page.getByTestId('solver-failure');
  await expect(failure).toHaveText(
    /^The solver could not be loaded \(.+\); the worker was restarted\. Check the connection and solve again: nothing is wrong with your rules\.$/,
  );
  await expect(page.getByTestId('gdl-diagnostics')).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('gdl-answer')).toHaveCount(0);
  cut = false;
  await page.getByTestId('gdl-example').selectOption({ label: 'Tic-tac-toe' });
  await expect(page.getByTestId('gdl-answer')).toHaveAttribute('data-answer', 'draw');
  await expect(failure).toHaveCount(0);
  expect(workers.length).toBe(2);
  // the requests this test cut are its own doing (the fixture fails a test on any other problem)
  const cutOff = /^request failed: \S+\/pp-gdl[-.\w]*\.wasm \(net::ERR_INTERNET_DISCONNECTED\)$/;
  expect(pageProblems.filter((p) => cutOff.test(p)).length).toBeGreaterThan(0);
  pageProblems.splice(0, pageProblems.length, ...pageProblems.filter((p) => !cutOff.test(p)));
});

test("game trees: a view's code the network does not bring is said where the view would be; the tab goes on", async ({ page, pageProblems }) => {
  // Connect Four's view is fetched when first shown (hooks/use-loaded.jsx); its own chunk only, not its worker entries or helper
  const view = /\/assets\/connect4-(?!games-|helper-)[\w-]+\.js$/;
  await page.route(view, (route) => route.abort('internetdisconnected'));
  await page.goto('/?game=tree');
  await expect(page.getByTestId('tree-answer')).toBeVisible();
  await page.getByTestId('tree-game').selectOption('connect-four');
  await expect(page.getByRole('alert').filter({ hasText: 'Connect Four could not be loaded' })).toHaveText(
    /^Connect Four could not be loaded \(.+\)\. Reload to try again\.$/,
  );
  await expect(page.getByTestId('c4-status')).toHaveCount(0);
  // the rest of the tab still works: another kind solves
  await page.goto('/?game=tree&kind=nim');
  await expect(page.getByTestId('tree-answer')).toBeVisible();
  // the requests this test cut are its own doing, as the page's console says (the fixture fails a test on any other problem)
  const cutOff =
    /^(request failed: \S+\/assets\/connect4-[\w-]+\.js \(net::ERR_INTERNET_DISCONNECTED\)|console error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED)$/;
  expect(pageProblems.filter((p) => cutOff.test(p)).length).toBeGreaterThan(0);
  pageProblems.splice(0, pageProblems.length, ...pageProblems.filter((p) => !cutOff.test(p)));
});
