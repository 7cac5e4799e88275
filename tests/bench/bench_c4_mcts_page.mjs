// bench_c4_mcts_page.mjs: Connect Four's Monte Carlo tree search in the page
// (the Connect Four view's MCTS panel, production build, Debian's Chromium:
// the worker's pp-c4 WASM in batches, the choice's changes noted as the
// engine tells them, the columns read at the plot's checkpoints) beside the
// native CLI's (`solve connect-four --algo mcts --json`,
// iterations_per_second: the search alone), on the same positions, seed and
// iterations. Three ways of starting the page's search:
//   from a link  the page opened with ?mcts=..., the search starting as it
//                loads, beside the page's own start (its analysis of the
//                position in another worker, the helper, the first paint);
//   pressed      the page opened at the position, Run MCTS pressed once its
//                analysis is shown: the first search of the panel's worker;
//   again        Run MCTS pressed a second time in that page (the worker's
//                heap already paged in by the first search).
// Wall-clock times, the median of three rounds each (each round opens the
// page afresh).
// Run after ./build.sh build: node tests/bench/bench_c4_mcts_page.mjs
import { chromium } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { serveDist } from './serve-dist.mjs';
import { chromiumOptions } from './chromium.mjs';

const CLI = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));
const BOOK = fileURLToPath(new URL('../../web/src/engine/connect4-7x6.book', import.meta.url));
const ITERATIONS = Number(process.env.PP_MCTS_ITERATIONS ?? 1_000_000);
const RUNS = 3;
const POSITIONS = [
  ['7x6, empty board', ''],
  ['7x6, 4453', '4453'],
  ['7x6, 22 stones (7122371215573455743561)', '7122371215573455743561'],
];
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const { server, url } = await serveDist();
const browser = await chromium.launch(chromiumOptions());
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
const status = page.getByTestId('c4-mcts-status');

/** Presses Run MCTS and waits for the search it starts to end: its iterations a second. */
async function press() {
  // the status leaves 'done' when the search starts and is back when it ends
  await page.evaluate(() => {
    window.__mctsDone = new Promise((resolve) => {
      let left = false;
      const watch = new MutationObserver(() => {
        const state = document.querySelector('[data-testid="c4-mcts-status"]')?.getAttribute('data-state');
        if (state !== 'done') left = true;
        else if (left) (watch.disconnect(), resolve());
      });
      watch.observe(document.body, { subtree: true, attributes: true, childList: true });
    });
  });
  await page.getByTestId('c4-mcts-run').click();
  await page.evaluate(() => window.__mctsDone);
  return Number(await status.getAttribute('data-ips'));
}

console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}; ${ITERATIONS.toLocaleString('en-US')} iterations, seed 1, c = sqrt 2`,
);
console.log('| position | playouts | native (CLI) | page, from a link | page, pressed | page, again | page / native: link, pressed, again |');
console.log('|---|---|---|---|---|---|---|');
for (const [label, moves] of POSITIONS) {
  for (const playout of ['random', 'decisive']) {
    const native = [];
    const linked = [];
    const pressed = [];
    const again = [];
    for (let r = 0; r < RUNS; r++) {
      const args = [
        'solve',
        'connect-four',
        moves,
        '--algo',
        'mcts',
        '--iterations',
        String(ITERATIONS),
        '--seed',
        '1',
        '--playout',
        playout,
        '--json',
        '--book',
        BOOK,
      ];
      native.push(JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' })).iterations_per_second);

      const link = `${ITERATIONS}:1${playout === 'decisive' ? ':decisive' : ''}`;
      await page.goto(`${url}?${new URLSearchParams({ game: 'tree', kind: 'connect-four', moves, mcts: link })}`);
      await status.and(page.locator('[data-state="done"]')).waitFor({ timeout: 600_000 });
      linked.push(Number(await status.getAttribute('data-ips')));

      await page.goto(`${url}?${new URLSearchParams({ game: 'tree', kind: 'connect-four', moves })}`);
      await page.getByTestId('c4-status').and(page.locator('[data-state="solved"]')).waitFor({ timeout: 600_000 });
      await page.getByTestId('c4-mcts-iterations').fill(String(ITERATIONS));
      await page.getByTestId('c4-mcts-playout').selectOption(playout);
      pressed.push(await press());
      again.push(await press());
    }
    const n = median(native);
    const [l, p, a] = [linked, pressed, again].map(median);
    const ratios = [l, p, a].map((w) => (w / n).toFixed(2)).join(', ');
    console.log(
      `| ${label} | ${playout} | ${n.toLocaleString('en-US')} | ${l.toLocaleString('en-US')} | ${p.toLocaleString('en-US')} | ${a.toLocaleString('en-US')} | ${ratios} |`,
    );
  }
}
await browser.close();
server.close();
