// Monte Carlo tree search on rules in GDL, as a person reaches it: Your
// game's "Search with MCTS" opens the rules in the Game trees tab with MCTS
// picked; the root moves' visits and means are the command line's
// (`solve gdl FILE --algo mcts --json`, the same seed) bit for bit, each
// named by the rules' own text, and their exact values the command line's;
// another seed searches again as the command line does; Compare runs MCTS
// beside the exact searches; the GDL trap for UCT among the examples falls
// as the catalogue says; and rules whose roles move at once after a first
// turn are refused, naming the state where they do.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GDL_MCTS_TRAPS, gdlTrapRules } from '../../web/src/lib/mcts-traps.js';
import { expect, test } from './fixtures.js';

const CLI = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));
const answer = (page) => page.getByTestId('tree-answer');

/** The command line's MCTS on rules given as text. */
function cli(rules, args) {
  const dir = mkdtempSync(join(tmpdir(), 'pp-gdl-mcts-e2e-'));
  try {
    const file = join(dir, 'rules.kif');
    writeFileSync(file, rules);
    return JSON.parse(execFileSync(CLI, ['solve', 'gdl', file, '--algo', 'mcts', '--json', ...args], { encoding: 'utf8', maxBuffer: 1 << 24 }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The root moves table as the page shows it. */
const rows = (page) =>
  page
    .getByTestId('mcts-moves')
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => ({
        name: tr.querySelector('th').textContent.replace(' ← chosen', '').trim(),
        visits: Number(tr.dataset.visits),
        mean: tr.dataset.mean === '' ? null : Number(tr.dataset.mean),
        exact: Number(tr.dataset.exact),
        chosen: tr.dataset.chosen === '1',
      })),
    );

async function expectTheCommandLines(page, native) {
  await page.getByTestId('to-end').click();
  const shown = await rows(page);
  expect(shown.map((r) => r.name)).toEqual(native.moves.map((m) => m.move));
  expect(shown.map((r) => r.visits)).toEqual(native.moves.map((m) => m.visits));
  shown.forEach((r, k) => expect(r.mean, native.moves[k].move).toBe(native.moves[k].mean)); // the same doubles
  expect(shown.map((r) => r.exact)).toEqual(native.moves.map((m) => m.exact));
  expect(shown.find((r) => r.chosen)?.name).toBe(native.best_move);
  await expect(page.getByTestId('mcts-choice')).toHaveText(native.best_move);
  await expect(answer(page)).toHaveAttribute('data-value', String(native.value));
}

test('Your game → "Search with MCTS": the Game trees tab searches the rules by MCTS, its statistics the command line\'s', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/?game=gdl');
  await expect(page.getByTestId('gdl-answer')).toBeVisible();
  const rules = await page.locator('textarea').first().inputValue();
  await page.getByTestId('gdl-tree-link-mcts').click();
  await expect(page).toHaveURL(/[?&]game=tree(&|$)/);
  await expect(page).toHaveURL(/[?&]kind=gdl-rules(&|#|$)/);
  await expect(page).toHaveURL(/[?&]algo=mcts(&|#|$)/);
  await expect(answer(page)).toHaveAttribute('data-algo', 'mcts', { timeout: 60_000 });
  await expect(answer(page)).toHaveAttribute('data-input', rules);
  await expect(page.getByTestId('tree-algo')).toHaveValue('mcts');
  const iterations = await page.getByTestId('mcts-iterations').inputValue();
  const seed = await page.getByTestId('mcts-seed').inputValue();
  await expect(page.getByTestId('stat-iterations')).toContainText(`of ${Number(iterations).toLocaleString('en-US')}`);
  await expectTheCommandLines(page, cli(rules, ['--iterations', iterations, '--seed', seed]));

  // Another seed and budget, typed as a person types them: searched again, the command line's again.
  await page.getByTestId('mcts-iterations').fill('1500');
  await page.getByTestId('mcts-iterations').press('Enter');
  await page.getByTestId('mcts-seed').fill('77');
  await page.getByTestId('mcts-seed').press('Enter');
  await expect(page.getByTestId('stat-options')).toContainText('seed 77, ');
  await expect(page.getByTestId('stat-iterations')).toContainText('of 1,500');
  await expectTheCommandLines(page, cli(rules, ['--iterations', '1500', '--seed', '77']));

  // Compare: alpha-beta and df-pn beside MCTS on one clock.
  await page.getByTestId('tree-compare-mcts').click();
  await expect(page.getByTestId('tree-compare')).toBeVisible();
  await expect(answer(page)).toContainText("MCTS's choice after 1,500 iterations");
  await page.getByTestId('to-end').click();
  await expect(page.getByTestId('compare-counters-2')).toHaveAttribute('data-iterations', '1500');
});

for (const t of GDL_MCTS_TRAPS.filter((x) => x.depth === 2)) {
  test(`the GDL example ${t.rules} after ${t.moves.join(' ')}: MCTS at ${t.iterations} iterations plays ${t.uct}, lost in ${t.depth} plies`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const rules = gdlTrapRules(t, await readFile(new URL(`../../web/src/gdl/examples/${t.rules}.kif`, import.meta.url), 'utf8'));
    await page.goto('/?game=tree&kind=gdl-rules');
    await expect(answer(page)).toBeVisible();
    const preset = page.getByTestId('tree-preset');
    const label = await preset
      .locator('option')
      .evaluateAll((os, want) => os.find((o) => o.textContent.includes(want))?.textContent, `after ${t.moves.join(' ')}, a trap for UCT`);
    expect(label).toBeTruthy();
    await preset.selectOption({ label });
    await expect(answer(page)).toHaveAttribute('data-algo', 'mcts');
    await expect(answer(page)).toHaveAttribute('data-input', rules);
    await expect(page.getByTestId('mcts-iterations')).toHaveValue(String(t.iterations));
    await expect(page.getByTestId('mcts-choice')).toHaveText(t.uct);
    await expect(answer(page)).toContainText('not perfect play');
    await expectTheCommandLines(page, cli(rules, ['--iterations', String(t.iterations), '--seed', String(t.seed)]));
  });
}

test("playing rules in GDL against MCTS: our move, then its reply, the command line's choice on the position reached", async ({ page }) => {
  test.setTimeout(120_000);
  const text = await readFile(new URL('../../web/src/gdl/examples/connect3.kif', import.meta.url), 'utf8');
  await page.goto('/?game=tree&kind=gdl-rules');
  await expect(answer(page)).toBeVisible();
  await page.getByTestId('tree-input').fill(text);
  const versus = page.getByTestId('versus');
  await expect(versus).toContainText('red (first)');
  await page.getByTestId('versus-opponent-mcts').check();
  await page.getByTestId('versus-iterations').fill('300');
  await page.getByTestId('versus-iterations').dispatchEvent('change');
  await page.getByTestId('versus-side-0').check();
  await page.getByTestId('versus-start').click();
  await expect(versus).toHaveAttribute('data-state', 'your-turn', { timeout: 60_000 });
  const ours = page.getByTestId('versus-move').nth(1);
  await expect(ours).toHaveText('(drop 2)');
  await ours.click();
  await expect(versus).toHaveAttribute('data-plies', '2', { timeout: 60_000 });
  const reply = page.getByTestId('versus-mcts').locator('li');
  await expect(reply).toHaveCount(1);
  await expect(page.getByTestId('versus-log')).toContainText('1. red (drop 2) · 2. yellow (drop ');
  const played = (await page.getByTestId('versus-log').textContent()).match(/2\. yellow (\(drop \d\))/)[1];
  // the command line's MCTS, same seed and budget, on the position after (drop 2) as rules of its own
  const { loadEngine } = await import('../../web/src/engine/binding.js');
  const { bindGdl } = await import('../../web/src/engine/binding-gdl.js');
  const { rulesAt } = await import('../../web/src/lib/gdl-position.js');
  const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
  const { default: create } = await import(new URL('pp-gdl.mjs', wasmDir));
  const engine = await loadEngine({ create, wasmBinary: await readFile(new URL('pp-gdl.wasm', wasmDir)) });
  const game = bindGdl(engine.kit).openGdl(text);
  const start = game.initial();
  const after = game.play(start, game.turn(start).moves.indexOf('(drop 2)'));
  const facts = game.factNames.filter((_, i) => (after[i >> 5] >>> (i & 31)) & 1);
  game.dispose();
  const native = cli(rulesAt(text, facts), ['--iterations', '300', '--seed', '1']);
  expect(played).toBe(native.best_move);
  const m = native.moves.find((x) => x.move === native.best_move);
  await expect(reply).toHaveAttribute('data-value', String(m.exact));
});

test('rules whose roles move at once after a first turn: MCTS and alpha-beta say which state, and the tab keeps working', async ({ page }) => {
  test.setTimeout(90_000);
  const rules = await readFile(new URL('../gdl/games/pick-then-guess.kif', import.meta.url), 'utf8');
  await page.goto('/?game=tree&kind=gdl-rules');
  await expect(answer(page)).toBeVisible();
  await page.getByTestId('tree-input').fill(rules);
  for (const algo of ['mcts', 'alphabeta']) {
    await page.getByTestId('tree-algo').selectOption(algo);
    await page.getByTestId('tree-solve').click();
    await expect(page.getByTestId('tree-error')).toContainText('simultaneous moves: both roles have several legal moves');
    await expect(page.getByTestId('tree-error')).toContainText('(step 1)');
  }
  // the next rules, which take turns throughout, are searched as before: Nim of 3, 4 and 5, whose
  // heaps' xor is not 0, a win for the first role (its goal 100)
  const nim = await readFile(new URL('../../web/src/gdl/examples/nim.kif', import.meta.url), 'utf8');
  await page.getByTestId('tree-input').fill(nim);
  await page.getByTestId('tree-solve').click();
  await expect(answer(page)).toHaveAttribute('data-input', nim);
  await expect(answer(page)).toHaveAttribute('data-value', '100');
  await expect(page.getByTestId('tree-error')).toHaveCount(0);
});
