// "Your game" with games the turn-taking solve refuses for their kind (the
// roles move at once, or three play): picked from the examples or typed, the
// page answers with each role's security value and the start's matrix
// games, read from the real WASM in the worker and compared with the
// command line's --json run here; rock-paper-scissors and the prisoner's
// dilemma by hand; a game of two stages, its cells leading to the next
// state's matrix games, and a state selected in the state graph of joint
// moves showing its own; a phone's width and the dark theme; the backward
// induction played as a trace (buttons and keys, forward and back), the
// states coloured by a chosen role's value, the counts of matrix games and
// linear programs the command line's, and a big game's progress and Cancel.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.js';

const CLI = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));
const examplePath = (id) => fileURLToPath(new URL(`../../web/src/gdl/examples/${id}.kif`, import.meta.url));
const cliJson = (file) => JSON.parse(execFileSync(CLI, ['solve', 'gdl', file, '--json'], { encoding: 'utf8' }));

// Our own rock-paper-scissors, with other names than the example's: a person typing it.
const RPS = `(role robot) (role human)
(init (start))
(<= (legal ?p rock) (role ?p)) (<= (legal ?p paper) (role ?p)) (<= (legal ?p scissors) (role ?p))
(wins rock scissors) (wins scissors paper) (wins paper rock)
(<= (next (hand ?p ?m)) (does ?p ?m))
(<= terminal (true (hand robot ?m)))
(<= (goal ?p 100) (true (hand ?p ?a)) (true (hand ?q ?b)) (distinct ?p ?q) (wins ?a ?b))
(<= (goal ?p 0) (true (hand ?p ?a)) (true (hand ?q ?b)) (distinct ?p ?q) (wins ?b ?a))
(<= (goal ?p 50) (true (hand ?p ?a)) (true (hand ?q ?a)) (distinct ?p ?q))
`;

// Matching pennies played twice, and three roles taking turns: rules of our own (tests/gdl/games/).
const GAMES = new URL('../gdl/games/', import.meta.url);
const PENNIES_TWICE = readFileSync(new URL('pennies-twice.kif', GAMES), 'utf8');

const TURNS3 = readFileSync(new URL('turns3.kif', GAMES), 'utf8');
// nine rounds of pennies, every choice remembered: 349,525 states, seconds in the page
const PENNIES_NINE = readFileSync(new URL('pennies-nine.kif', GAMES), 'utf8');

const answer = (page) => page.getByTestId('gdl-answer');
const matrixOf = (page, role) => page.locator(`[data-testid="matrix-game"][data-role="${role}"]`);

async function openGdl(page) {
  await page.goto('/?game=gdl');
  await expect(answer(page)).toHaveAttribute('data-answer', 'draw'); // tic-tac-toe, the first example
}

async function pick(page, id) {
  const run = Number(await answer(page).getAttribute('data-run'));
  await page.getByTestId('gdl-example').selectOption(id);
  await expect(answer(page)).toHaveAttribute('data-run', String(run + 1));
}

/** What the page shows: { answer, security: { role: text }, strategies: { role: { move: text } } }. */
async function shown(page) {
  const security = {};
  for (const li of await page.getByTestId('gdl-guarantee').all()) security[await li.getAttribute('data-role')] = await li.getAttribute('data-security');
  const strategies = {};
  for (const m of await page.getByTestId('matrix-game').all()) {
    const s = {};
    for (const p of await m.getByTestId('row-prob').all()) s[await p.getAttribute('data-move')] = await p.getAttribute('data-prob');
    strategies[await m.getAttribute('data-role')] = s;
  }
  return { answer: await answer(page).getAttribute('data-answer'), security, strategies };
}

for (const id of ['rock-paper-scissors', 'prisoners-dilemma', 'free-number']) {
  test(`the ${id} example: each role's guarantee and the start's strategies are the command line's`, async ({ page }) => {
    const cli = cliJson(examplePath(id));
    await openGdl(page);
    await pick(page, id);
    await expect(answer(page)).toHaveAttribute('data-by', 'values');
    await expect(page.getByTestId('matrix-game')).toHaveCount(cli.roles.length);
    const got = await shown(page);
    expect(got.answer).toBe(cli.answer);
    expect(got.security).toEqual(cli.security);
    expect(got.strategies).toEqual(cli.strategies);
    // each matrix game's value is its role's guarantee, its table as wide as the others' joint moves
    for (const role of cli.roles) {
      await expect(matrixOf(page, role)).toHaveAttribute('data-value', cli.security[role]);
      const cols = Object.values(cli.strategies)
        .filter((_, i) => cli.roles[i] !== role)
        .reduce((n, s) => n * Object.keys(s).length, 1);
      await expect(matrixOf(page, role).getByTestId('matrix-col')).toHaveCount(cols);
    }
    await expect(page.getByTestId('gdl-guarantee').first()).toContainText('can guarantee');
    // the state graph is the graph of joint moves, every state the command line counted
    await expect(page.getByTestId('state-graph')).toHaveAttribute('data-nodes', String(cli.states));
    // what the matrix games took, in the command line's counts
    const by = page.getByTestId('gdl-answered-by');
    for (const [attr, key] of [
      ['data-matrix-games', 'matrix_games'],
      ['data-saddles', 'saddles'],
      ['data-linear-programs', 'linear_programs'],
      ['data-pivots', 'pivots'],
    ])
      await expect(by).toHaveAttribute(attr, String(cli.stats[key]));
    await expect(by).toContainText(`${cli.stats.linear_programs} linear program`);
    await expect(by).toContainText(`${cli.stats.saddles} settled by a saddle point`);
  });
}

test('rock-paper-scissors typed by hand: 50 each, every hand a third, the payoff table as worked out', async ({ page }) => {
  await openGdl(page);
  const box = page.getByTestId('gdl-text');
  await box.fill('');
  await box.pressSequentially(RPS.slice(0, 20), { delay: 0 });
  await box.fill(RPS);
  await expect(answer(page)).toHaveAttribute('data-answer', 'robot guarantees 50, human guarantees 50');
  await expect(page.locator('[data-testid="gdl-guarantee"][data-role="robot"]')).toHaveText('robot can guarantee 50 (in expectation)');
  const robot = matrixOf(page, 'robot');
  await expect(robot.getByRole('table')).toBeVisible();
  await expect(robot.getByRole('columnheader', { name: 'paper' })).toBeVisible();
  await expect(robot.getByRole('rowheader', { name: 'rock' })).toBeVisible();
  // row rock against paper: robot loses
  const cell = (m, i, j) => m.locator(`[data-testid="matrix-cell"][data-row="${i}"][data-col="${j}"]`);
  const want = [
    ['50', '0', '100'],
    ['100', '50', '0'],
    ['0', '100', '50'],
  ];
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) await expect(cell(robot, i, j)).toHaveAttribute('data-value', want[i][j]);
  for (const role of ['robot', 'human']) {
    const m = matrixOf(page, role);
    for (const p of await m.getByTestId('row-prob').all()) await expect(p).toHaveAttribute('data-prob', '1/3');
    for (const p of await m.getByTestId('col-prob').all()) await expect(p).toHaveAttribute('data-prob', '1/3');
    await expect(m.getByTestId('matrix-value')).toHaveText('50');
  }
});

test("the prisoner's dilemma: both testify, so each makes sure of 20 and no more", async ({ page }) => {
  await openGdl(page);
  await pick(page, 'prisoners-dilemma');
  for (const role of ['alice', 'bob']) {
    await expect(page.locator(`[data-testid="gdl-guarantee"][data-role="${role}"]`)).toHaveAttribute('data-security', '20');
    const m = matrixOf(page, role);
    await expect(m.locator('[data-testid="row-prob"][data-move="testify"]')).toHaveAttribute('data-prob', '1');
    await expect(m.locator('[data-testid="row-prob"][data-move="quiet"]')).toHaveAttribute('data-prob', '0');
    // the coalition (the other suspect) testifies too: mutual defection
    await expect(m.locator('[data-testid="col-prob"][data-move="testify"]')).toHaveAttribute('data-prob', '1');
  }
});

test('two rounds of pennies: a cell leads to the state after its moves, whose matrix game holds the value the cell showed', async ({ page }) => {
  await openGdl(page);
  await page.getByTestId('gdl-text').fill(PENNIES_TWICE);
  await expect(answer(page)).toHaveAttribute('data-answer', 'even guarantees 50, odd guarantees 50');
  const panel = page.getByTestId('gdl-matrices');
  await expect(panel).toHaveAttribute('data-state', '0');
  const even = matrixOf(page, 'even');
  const cell = even.locator('[data-testid="matrix-cell"][data-row="0"][data-col="0"]'); // both heads: a match
  await expect(cell).toHaveAttribute('data-value', '75');
  const next = await cell.getAttribute('data-next');
  await cell.getByRole('button').click();
  await expect(panel).toHaveAttribute('data-state', next);
  await expect(even).toHaveAttribute('data-value', '75');
  await expect(matrixOf(page, 'odd')).toHaveAttribute('data-value', '25');
  for (const p of await even.getByTestId('row-prob').all()) await expect(p).toHaveAttribute('data-prob', '1/2');
  // the last round's cells end the game: values, no way further
  await expect(even.getByTestId('matrix-go')).toHaveCount(0);
  await page.getByTestId('matrix-start').click();
  await expect(panel).toHaveAttribute('data-state', '0');
  // the list picks the other state of the second round: after a miss even is sure of 25
  const miss = await even.locator('[data-testid="matrix-cell"][data-row="0"][data-col="1"]').getAttribute('data-next');
  await page.getByTestId('matrix-state').selectOption(miss);
  await expect(even).toHaveAttribute('data-value', '25');
  await expect(page.getByTestId('state-graph')).toHaveAttribute('data-selected', miss);
  // a state selected in the state graph (keyboard: Home the start, Down a row further, Enter) shows its matrix games
  await page.getByTestId('state-graph-canvas').focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('state-graph-readout')).toContainText('depth 1');
  const chosen = await page.getByTestId('state-graph-readout').getAttribute('data-node');
  await page.keyboard.press('Enter');
  await expect(panel).toHaveAttribute('data-state', chosen);
  await expect(even).toHaveAttribute('data-value', chosen === next ? '75' : '25');
  // two levels down, a terminal: its goals in words
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('state-graph-readout')).toContainText('depth 2');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('matrix-terminal')).toContainText('ends the game');
});

test("play at once against the solver: in the prisoner's dilemma it testifies, so keeping quiet scores 0", async ({ page }) => {
  await openGdl(page);
  await pick(page, 'prisoners-dilemma');
  const play = page.getByTestId('values-play');
  await page.getByTestId('values-new').click();
  await play.locator('[data-testid="values-move"][data-move="quiet"]').click();
  await expect(play).toHaveAttribute('data-over', 'true');
  await expect(page.getByTestId('values-turn')).toHaveAttribute('data-reply', 'testify');
  await expect(page.getByTestId('values-turn')).toHaveAttribute('data-prob', '1');
  await expect(page.getByTestId('values-result')).toHaveAttribute('data-goal', '0');
});

test("play rock-paper-scissors against the solver: its hand drawn with a third, the score the table's, the same seed the same hand", async ({ page }) => {
  await openGdl(page);
  await pick(page, 'rock-paper-scissors');
  const play = page.getByTestId('values-play');
  await page.getByTestId('values-seed').fill('42');
  const replies = [];
  for (let game = 0; game < 2; game++) {
    await page.getByTestId('values-new').click();
    await play.locator('[data-testid="values-move"][data-move="(show rock)"]').click();
    await expect(play).toHaveAttribute('data-over', 'true');
    const turn = page.getByTestId('values-turn');
    await expect(turn).toHaveAttribute('data-prob', '1/3');
    const reply = await turn.getAttribute('data-reply');
    replies.push(reply);
    // the score is left's cell for (rock, that hand) in the payoff table
    const col = await matrixOf(page, 'left').locator(`[data-testid="matrix-col"][data-move="${reply}"]`).getAttribute('data-col');
    const cell = await matrixOf(page, 'left').locator(`[data-testid="matrix-cell"][data-row="0"][data-col="${col}"]`).getAttribute('data-value');
    await expect(page.getByTestId('values-result')).toHaveAttribute('data-goal', cell);
  }
  expect(replies[1]).toBe(replies[0]);
});

test('a shared link of a game moving at once carries the rules and the selected state', async ({ page, context }) => {
  await openGdl(page);
  await page.getByTestId('gdl-text').fill(PENNIES_TWICE);
  await expect(answer(page)).toHaveAttribute('data-answer', 'even guarantees 50, odd guarantees 50');
  const cell = matrixOf(page, 'even').locator('[data-testid="matrix-cell"][data-row="0"][data-col="1"]');
  const miss = await cell.getAttribute('data-next');
  await cell.getByRole('button').click();
  await expect(page.getByTestId('gdl-matrices')).toHaveAttribute('data-state', miss);
  await page.getByTestId('share-open').click();
  const link = await page.getByTestId('share-link').inputValue();
  await page.getByTestId('share-close').click();
  expect(link).toContain(`sel=${miss}`);
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByTestId('gdl-answer')).toHaveAttribute('data-answer', 'even guarantees 50, odd guarantees 50');
  await expect(other.getByTestId('gdl-matrices')).toHaveAttribute('data-state', miss);
  await expect(other.locator('[data-testid="matrix-game"][data-role="even"]')).toHaveAttribute('data-value', '25');
});

test('three roles taking turns: the guarantees and max^n as the command line gives them, and by hand', async ({ page }) => {
  const cli = JSON.parse(execFileSync(CLI, ['solve', 'gdl', '-', '--json'], { input: TURNS3, encoding: 'utf8' }));
  await openGdl(page);
  await page.getByTestId('gdl-text').fill(TURNS3);
  await expect(answer(page)).toHaveAttribute('data-answer', cli.answer);
  const got = await shown(page);
  expect(got.security).toEqual(cli.security);
  expect(got.strategies).toEqual(cli.strategies);
  const hand = { red: ['30', '60'], green: ['20', '70'], blue: ['50', '80'] };
  for (const [role, [sec, maxn]] of Object.entries(hand)) {
    const li = page.locator(`[data-testid="gdl-guarantee"][data-role="${role}"]`);
    await expect(li).toHaveAttribute('data-security', sec);
    await expect(li).toHaveAttribute('data-maxn', String(cli.maxn[role]));
    await expect(li).toHaveAttribute('data-maxn', maxn);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  test('three players: nine columns scroll inside their box, never the page', async ({ page }) => {
    await openGdl(page);
    await pick(page, 'free-number');
    await expect(page.getByTestId('matrix-game')).toHaveCount(3);
    const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
    expect(scroll).toBeLessThanOrEqual(width);
  });
});

test('the dark theme colours the payoff table from its own variables', async ({ page }) => {
  await openGdl(page);
  await pick(page, 'rock-paper-scissors');
  const head = matrixOf(page, 'left').getByRole('rowheader').first();
  const colours = () => head.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
  const light = await colours();
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const dark = await colours();
  expect(dark[0]).not.toBe(light[0]);
  expect(dark[1]).not.toBe(light[1]);
});

test('the backward induction as a trace: each state decided after its successors, stepped by buttons and keys, the matrix games following', async ({
  page,
}) => {
  await openGdl(page);
  await page.getByTestId('gdl-text').fill(PENNIES_TWICE);
  await expect(answer(page)).toHaveAttribute('data-answer', 'even guarantees 50, odd guarantees 50');
  const readout = page.getByTestId('readout');
  const graph = page.getByTestId('state-graph');
  const panel = page.getByTestId('gdl-matrices');
  const states = Number(await graph.getAttribute('data-nodes'));
  // at the end every state is decided, the start last
  await expect(readout).toHaveAttribute('data-count', String(states));
  await expect(readout).toHaveAttribute('data-cursor', String(states));
  await expect(readout).toContainText('#0 decided');
  await expect(graph).toHaveAttribute('data-decided', String(states));
  // one step back by the button: the start is undecided, the state decided before it selected, its matrix games shown
  await page.getByTestId('step-back').click();
  await expect(readout).toHaveAttribute('data-cursor', String(states - 1));
  await expect(graph).toHaveAttribute('data-decided', String(states - 1));
  const before = await graph.getAttribute('data-selected');
  expect(before).not.toBe('0');
  await expect(panel).toHaveAttribute('data-state', before);
  await expect(readout).toContainText(`#${before} decided`);
  // a round's state: after its two terminals, each role's 2 x 2 game solved
  await expect(matrixOf(page, 'even')).toBeVisible();
  // to the start by the key: nothing decided; then forward by the key: a terminal first (it has no successors)
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  await page.keyboard.press('Home');
  await expect(readout).toHaveAttribute('data-cursor', '0');
  await expect(graph).toHaveAttribute('data-decided', '0');
  await expect(readout).toContainText('Before the first state is decided');
  await page.keyboard.press('ArrowRight');
  await expect(readout).toHaveAttribute('data-cursor', '1');
  await expect(readout).toContainText('the game is over there');
  await expect(page.getByTestId('matrix-terminal')).toContainText('ends the game');
  // forward until the start: every state decided once all its successors are (the readout says how many there were)
  const seen = [];
  for (let k = 1; k < states; k++) {
    await page.getByTestId('step-forward').click();
    await expect(readout).toHaveAttribute('data-cursor', String(k + 1));
    // the readout names the state decided at this step; the selection follows it a render later
    const decided = /#(\d+) decided/.exec(await readout.textContent())[1];
    await expect(graph).toHaveAttribute('data-selected', decided);
    seen.push(decided);
  }
  expect(seen[seen.length - 1]).toBe('0');
  expect(new Set(seen).size).toBe(states - 1);
  // and back by the key: the same state decided before the start
  await page.keyboard.press('ArrowLeft');
  await expect(graph).toHaveAttribute('data-selected', before);
});

test("the state graph coloured by a chosen role's value on a continuous scale, in the light and the dark theme", async ({ page }) => {
  await openGdl(page);
  await page.getByTestId('gdl-text').fill(PENNIES_TWICE);
  await expect(answer(page)).toHaveAttribute('data-answer', 'even guarantees 50, odd guarantees 50');
  const graph = page.getByTestId('state-graph');
  const scale = page.getByTestId('state-graph-scale');
  // the first role's by default: its values from its least goal (0) to its greatest (100)
  await expect(graph).toHaveAttribute('data-tone-role', 'even');
  await expect(scale).toHaveAttribute('data-lo', '0');
  await expect(scale).toHaveAttribute('data-hi', '100');
  await page.getByTestId('values-colour-by').selectOption({ label: "odd's security value" });
  await expect(graph).toHaveAttribute('data-tone-role', 'odd');
  await expect(scale).toHaveAttribute('data-role', 'odd');
  // the readout says the chosen role's value of the state pointed at
  await page.getByTestId('state-graph-canvas').focus();
  await page.keyboard.press('Home');
  await expect(page.getByTestId('state-graph-readout')).toContainText("#0: odd's value 50");
  // the scale's colours are the theme's: another gradient in the dark theme
  const gradient = () => scale.locator('.sg__scale').evaluate((el) => getComputedStyle(el).backgroundImage);
  const light = await gradient();
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await gradient()).not.toBe(light);
  // the two guarantees compared: the looks' legend again, no scale
  await page.getByTestId('values-colour-by').selectOption({ label: 'the two guarantees compared' });
  await expect(scale).toHaveCount(0);
  await expect(graph).not.toHaveAttribute('data-tone-role', /./);
  await expect(page.getByRole('list', { name: 'State graph legend' })).toContainText('equal guarantees');
});

test("a big game's values: progress of the enumeration and the backward induction, and Cancel leaves a page that solves the next rules", async ({ page }) => {
  await openGdl(page);
  await page.getByTestId('gdl-text').fill(PENNIES_NINE);
  const progress = page.getByTestId('gdl-progress');
  await expect(progress).toHaveAttribute('data-phase', /^values-/, { timeout: 30_000 });
  await expect(progress).toContainText('security values:');
  await page.getByTestId('gdl-cancel').click();
  await expect(progress).toHaveCount(0);
  // the last answer stays (tic-tac-toe's), and the page answers the next rules
  await expect(answer(page)).toHaveAttribute('data-answer', 'draw');
  await pick(page, 'rock-paper-scissors');
  await expect(answer(page)).toHaveAttribute('data-answer', 'left guarantees 50, right guarantees 50');
  await expect(page.getByTestId('gdl-answered-by')).toHaveAttribute('data-linear-programs', /^\d+$/);
});
