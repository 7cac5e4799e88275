// bench_mcts_page.mjs: Monte Carlo tree search's iterations a second in the
// page (the Game trees tab, production build, Debian's Chromium: the worker's
// pp-tree WASM, with the page's trace and each change of its choice noted)
// beside the native CLI's (`--algo mcts --json`, iterations_per_second: the
// search alone, no trace), on the same positions, seed and iterations as
// tests/bench/bench_mcts.c, and two games in GDL (our rule files, searched
// by the pp-gdl WASM in the page and `solve gdl FILE --algo mcts` natively).
// Wall-clock times, the median of three runs each.
// Run after ./build.sh build: node tests/bench/bench_mcts_page.mjs
// (PP_MCTS_ITERATIONS sets the iterations, PP_MCTS_ONLY=WORD only the rows whose label has WORD)
import { chromium } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { serveDist } from './serve-dist.mjs';
import { chromiumOptions } from './chromium.mjs';

const CLI = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));
const ITERATIONS = Number(process.env.PP_MCTS_ITERATIONS ?? 200_000);
const RUNS = 3;
const POSITIONS = [
  ['tic-tac-toe 4x4, empty board', 'tic-tac-toe', 'board = ["....","....","....","...."]'],
  ['Can I Win 20 / 150', 'can-i-win', 'maxChoosableInteger = 20, desiredTotal = 150'],
  ['GDL tic-tac-toe (tictactoe.kif), the start', 'gdl-rules', 'tictactoe'],
  ['GDL connect-3 on 4x4 (connect3.kif), the start', 'gdl-rules', 'connect3'],
].filter(([label]) => !process.env.PP_MCTS_ONLY || label.includes(process.env.PP_MCTS_ONLY));
const rulesFile = (name) => fileURLToPath(new URL(`../../web/src/gdl/examples/${name}.kif`, import.meta.url));
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const { server, url } = await serveDist();
const browser = await chromium.launch(chromiumOptions());
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}; ${ITERATIONS.toLocaleString('en-US')} iterations, seed 1, c = sqrt 2`,
);
console.log('| position | playouts | native (CLI) | the page (WASM) | page / native |');
console.log('|---|---|---|---|---|');
for (const [label, game, input] of POSITIONS) {
  for (const playout of ['random', 'decisive']) {
    const native = [];
    const inPage = [];
    for (let r = 0; r < RUNS; r++) {
      const gdl = game === 'gdl-rules';
      const args = [gdl ? 'gdl' : game, gdl ? rulesFile(input) : input, '--algo', 'mcts', '--iterations', String(ITERATIONS), '--playout', playout, '--json'];
      const j = JSON.parse(execFileSync(CLI, ['solve', ...args], { encoding: 'utf8' }));
      native.push(j.iterations_per_second);
      const q = new URLSearchParams({
        game,
        input: gdl ? readFileSync(rulesFile(input), 'utf8') : input,
        algo: 'mcts',
        iterations: String(ITERATIONS),
        playout,
      });
      if (game !== 'tic-tac-toe') (q.set('kind', game), q.set('game', 'tree'));
      await page.goto(`${url}?${q}`);
      const answer = page.getByTestId('tree-answer');
      await answer.and(page.locator('[data-algo="mcts"]')).waitFor({ timeout: 600_000 });
      inPage.push(Number(await answer.getAttribute('data-ips')));
    }
    const n = median(native);
    const w = median(inPage);
    console.log(`| ${label} | ${playout} | ${n.toLocaleString('en-US')} | ${w.toLocaleString('en-US')} | ${(w / n).toFixed(2)} |`);
  }
}
await browser.close();
server.close();
