// bench_c4_mcts_page.mjs: Connect Four's Monte Carlo tree search in the page
// (the Connect Four view's MCTS panel, production build, Debian's Chromium:
// the worker's pp-tree WASM in batches, the choice noted every iteration and
// the columns read at the plot's checkpoints) beside the native CLI's
// (`solve connect-four --algo mcts --json`, iterations_per_second: the
// search alone), on the same positions, seed and iterations. Wall-clock
// times, the median of three runs each.
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
console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}; ${ITERATIONS.toLocaleString('en-US')} iterations, seed 1, c = sqrt 2`,
);
console.log('| position | playouts | native (CLI) | the page (WASM) | page / native |');
console.log('|---|---|---|---|---|');
for (const [label, moves] of POSITIONS) {
  for (const playout of ['random', 'decisive']) {
    const native = [];
    const inPage = [];
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
      const status = page.getByTestId('c4-mcts-status');
      await status.and(page.locator('[data-state="done"]')).waitFor({ timeout: 600_000 });
      inPage.push(Number(await status.getAttribute('data-ips')));
    }
    const n = median(native);
    const w = median(inPage);
    console.log(`| ${label} | ${playout} | ${n.toLocaleString('en-US')} | ${w.toLocaleString('en-US')} | ${(w / n).toFixed(2)} |`);
  }
}
await browser.close();
server.close();
