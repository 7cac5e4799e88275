// screenshots.mjs: the README's pictures, taken from the real page (the
// production build in dist/, its real WASM) in Debian's Chromium.
//
// Usage: ./build.sh build && node docs/screenshots.mjs
// Writes docs/cat-mouse.png, docs/connect-four.png and docs/chess.png, each a
// view as a visitor sees it after opening the link below, in the light theme.
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumOptions } from '../tests/bench/chromium.mjs';
import { serveDist } from '../tests/bench/serve-dist.mjs';

const SHOTS = [
  {
    file: 'cat-mouse.png',
    // LeetCode 913's first example, solved, the player stopped halfway through the BFS
    link: '?game=cat-mouse&step=60',
    top: ['board', 130], // below the player, which sticks to the top
    ready: async (page) => {
      await page.getByTestId('answer').filter({ hasText: /\S/ }).waitFor();
    },
  },
  {
    file: 'connect-four.png',
    // a middle game on the 7 x 6 board: every column scored by the solver
    link: '?game=tree&kind=connect-four&size=7x6&moves=7122371215573455743561',
    top: ['c4-board', 60],
    ready: async (page) => {
      await page.locator('[data-testid="c4-status"][data-state="solved"]').waitFor({ timeout: 120_000 });
    },
  },
  {
    file: 'chess.png',
    // king and rook against king: the rook's DTM map, at the end of the BFS
    link: '?game=chess-endgame&sel=a1&ply=32',
    top: null,
    ready: async (page) => {
      await page
        .getByTestId('chess-answer')
        .filter({ hasText: /Mate|Draw|Mated/ })
        .waitFor({ timeout: 60_000 });
    },
  },
];

const here = (name) => fileURLToPath(new URL(name, import.meta.url));
const { server, url } = await serveDist();
const browser = await chromium.launch(chromiumOptions());
try {
  for (const shot of SHOTS) {
    const context = await browser.newContext({
      viewport: { width: 1200, height: 720 },
      colorScheme: 'light',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await page.goto(url + shot.link);
    await shot.ready(page);
    // the view itself near the top of the window (past the inputs above it)
    if (shot.top) {
      const [id, margin] = shot.top;
      await page.getByTestId(id).evaluate((e, m) => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - m), margin);
    }
    await page.waitForTimeout(500); // let the last frame paint
    await page.screenshot({ path: here(shot.file) });
    console.log(`docs/${shot.file}: ${Math.round(statSync(here(shot.file)).size / 1024)} kB (${url}${shot.link})`);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
