// Rules in GDL in the Game trees tab, as a person uses it: pick the kind and
// an example, run alpha-beta, see the value of the initial state from the
// first role's view (the retrograde solve's, computed here with the same
// pp-gdl WASM module), step the trace to a cut-off and to the end; a link
// carrying the rules opens them searched.
import fs from 'node:fs/promises';
import { loadEngine } from '../../web/src/engine/binding.js';
import { bindGdl } from '../../web/src/engine/binding-gdl.js';
import { expect, test } from './fixtures.js';

const readout = (page) => page.getByTestId('readout');
const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
const example = (name) => fs.readFile(new URL(`../../web/src/gdl/examples/${name}`, import.meta.url), 'utf8');

/** The first role's goal at the initial state by the retrograde solve. */
async function retrograde(text) {
  const { default: create } = await import(new URL('pp-gdl.mjs', wasmDir));
  const engine = await loadEngine({ create, wasmBinary: await fs.readFile(new URL('pp-gdl.wasm', wasmDir)) });
  return bindGdl(engine.kit).solveGdl(text).value[0];
}

test('pick Chomp in GDL, run alpha-beta, step to a cut-off and to the end', async ({ page }) => {
  await page.goto('/?game=tree');
  await expect(page.getByTestId('tree-answer')).toBeVisible();
  await page.getByTestId('tree-game').selectOption('gdl-rules');
  await expect(page).toHaveURL(/kind=gdl-rules/);
  await page.getByTestId('tree-preset').selectOption({ label: 'Chomp (about 2,000 positions searched)' });
  const rules = await example('chomp.kif');
  await expect(page.getByTestId('tree-input')).toHaveValue(rules);
  await page.getByTestId('tree-algo').selectOption('alphabeta');
  await page.getByTestId('tree-solve').click();
  const answer = page.getByTestId('tree-answer');
  await expect(answer).toHaveAttribute('data-input', rules);
  await expect(answer).toHaveAttribute('data-value', String(await retrograde(rules)));
  await expect(answer).toContainText('alphabeta');
  await expect(page.getByTestId('gdl-roles')).toContainText("MAX is first, MIN second; a value is first's goal");
  await expect(page.getByTestId('tree-order')).toBeDisabled(); // rules have no heuristic to order moves by
  await expect(page.getByTestId('stat-cutoffs')).toContainText(/^0 so far of [1-9]/);
  // Step the trace: one event, then on to the first cut-off.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ArrowRight');
  await expect(readout(page)).toHaveAttribute('data-cursor', '1');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(readout(page)).toContainText('Cut-off');
  await expect(page.getByTestId('stat-cutoffs')).toContainText(/^1 so far of /);
  await page.keyboard.press('End');
  await expect(readout(page)).toHaveAttribute('data-cursor', await readout(page).getAttribute('data-count'));
  const total = (await page.getByTestId('stat-cutoffs').textContent()).match(/of ([\d,]+)/)[1];
  await expect(page.getByTestId('stat-cutoffs')).toContainText(`${total} so far of ${total}`);
});

test('a link carrying tic-tac-toe in GDL opens it searched: a draw, 50, minimax and alpha-beta alike', async ({ page }) => {
  const rules = await example('tictactoe.kif');
  const want = String(await retrograde(rules));
  await page.goto(`/?game=tree&kind=gdl-rules&input=${encodeURIComponent(rules)}`);
  const answer = page.getByTestId('tree-answer');
  await expect(answer).toHaveAttribute('data-input', rules);
  await expect(answer).toHaveAttribute('data-value', want);
  await expect(page.getByTestId('gdl-roles')).toContainText('MAX is xplayer, MIN oplayer');
  await page.getByTestId('tree-tt').check(); // minimax over the whole tree is 549,946 positions; with the table a few thousand
  await page.getByTestId('tree-algo').selectOption('minimax');
  await page.getByTestId('tree-solve').click();
  await expect(answer).toContainText('minimax');
  await expect(answer).toHaveAttribute('data-value', want);
  await expect(page.getByTestId('stat-cutoffs')).toContainText(/of 0 /);
});

test('rules with a mistake say where, and the tab keeps working', async ({ page }) => {
  await page.goto('/?game=tree&kind=gdl-rules');
  await expect(page.getByTestId('tree-answer')).toBeVisible();
  await page.getByTestId('tree-input').fill('(role a) (role b)\n(init (p)');
  await page.getByTestId('tree-solve').click();
  await expect(page.getByTestId('tree-error')).toContainText(/line \d+, column \d+/);
});

test('Your game hands its rules to the Game trees tab: "Search with alpha-beta"', async ({ page }) => {
  await page.goto('/?game=gdl');
  await expect(page.getByTestId('gdl-answer')).toBeVisible();
  const rules = await page.locator('textarea').first().inputValue();
  await page.getByTestId('gdl-tree-link').click();
  await expect(page).toHaveURL(/game=tree&kind=gdl-rules/);
  const answer = page.getByTestId('tree-answer');
  await expect(answer).toHaveAttribute('data-input', rules);
  await expect(answer).toHaveAttribute('data-value', String(await retrograde(rules)));
  await expect(page.getByTestId('tree-input')).toHaveValue(rules);
});
