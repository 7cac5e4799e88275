// bench_embed.mjs: what an embed costs a host page. Prints
//   - the bytes embed.html pulls in (its JS module graph, CSS, the worker and
//     the WASM), raw and gzipped (goal: under 100 kB gzipped);
//   - time to first frame of an embed on localhost in Chromium (navigation
//     start to the first drawn step of the solved trace), cold and warm cache;
//   - link lengths for the largest LeetCode instances (packed as z=1.…).
import { createServer } from 'node:http';
import { readFile, readdir } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { writeParams } from '../../web/src/lib/share.js';
import { chromiumOptions } from './chromium.mjs';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

// 1. Bytes: every file an embed of each pillar fetches (seen in Chromium), gzipped here.
async function shipped(files, label) {
  let raw = 0;
  let gz = 0;
  const rows = [];
  for (const file of [...files].sort()) {
    const body = await readFile(join(dist, file)).catch(() => null);
    if (!body) continue;
    const z = gzipSync(body, { level: 9 }).length;
    raw += body.length;
    gz += z;
    rows.push(`    ${file.padEnd(40)} ${kb(body.length).padStart(9)} raw ${kb(z).padStart(8)} gzipped`);
  }
  console.log(`  ${label}: ${kb(raw)} raw, ${kb(gz)} gzipped (goal < 100 kB)`);
  for (const r of rows) console.log(r);
}

// 2. Time to first frame.
async function firstFrame() {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    try {
      const body = await readFile(join(dist, path.endsWith('/') ? `${path}index.html` : path));
      const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.svg': 'image/svg+xml' };
      res.writeHead(200, { 'content-type': types[extname(path) || '.html'] ?? 'application/octet-stream', 'cache-control': 'max-age=3600' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch(chromiumOptions());
  const cases = [
    ['tree, textbook', 'embed.html?game=tree&step=5', '[data-testid="tree-view"] [data-state="current"]'],
    ['cat-mouse, LeetCode ex. 1', 'embed.html?game=cat-mouse&step=40', '[data-testid="readout"][data-cursor="40"]'],
    ['cat-mouse-ii, LeetCode ex. 1', 'embed.html?game=cat-mouse-ii&step=40', '[data-testid="readout"][data-cursor="40"]'],
    ['stone-game-vii, ex. 1', 'embed.html?game=stone-game-vii&step=20', '[data-testid="readout"][data-cursor="20"]'],
  ];
  const sizes = [];
  console.log('time to first frame of an embed on localhost (navigation start to the step drawn), median of 5:');
  try {
    for (const [label, path, ready] of cases) {
      for (const mode of ['cold', 'warm']) {
        const times = [];
        const context = await browser.newContext();
        for (let i = 0; i < 5; i++) {
          const page = mode === 'cold' ? await (await browser.newContext()).newPage() : await context.newPage();
          const files = new Set();
          page.on('response', (r) => files.add(new URL(r.url()).pathname.slice(1)));
          await page.goto(base + path);
          await page.locator(ready).first().waitFor();
          times.push(await page.evaluate(() => performance.now()));
          if (i === 0 && mode === 'cold') sizes.push([label, files]);
          await page.close();
        }
        await context.close();
        times.sort((a, b) => a - b);
        console.log(`  ${label.padEnd(28)} ${mode}: ${times[2].toFixed(0).padStart(5)} ms  (min ${times[0].toFixed(0)}, max ${times[4].toFixed(0)})`);
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log('bytes an embed fetches (HTML, JS, CSS, worker, WASM; favicon left out):');
  for (const [label, files] of sizes)
    await shipped(
      [...files].filter((f) => f && !f.endsWith('.svg')),
      label,
    );
}

// 3. Link lengths.
async function links() {
  let x = 12345;
  const rand = (m) => ((x = (x * 1103515245 + 12345) % 2147483648), (x >>> 8) % m); // high bits: the low ones cycle
  const list = (n, hi, lo = 1) => `[${Array.from({ length: n }, () => lo + rand(hi - lo + 1)).join(',')}]`;
  const graph = (n) => {
    const adj = Array.from({ length: n }, () => new Set());
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (rand(4) === 0) adj[i].add(j).add(j) && adj[j].add(i);
    for (let i = 1; i < n; i++) if (adj[i].size === 0) adj[i].add((i % (n - 1)) + 1 === i ? 1 : (i % (n - 1)) + 1);
    return `graph = [${adj.map((s) => `[${[...s].join(',')}]`).join(',')}]`;
  };
  const cases = [
    ['cat-mouse', '913, 50 nodes, density 1/4', graph(50)],
    ['stone-game', '877, 500 piles <= 500', `piles = ${list(500, 500)}`],
    ['stone-game-iii', '1406, 50,000 values in [-1000, 1000]', `stoneValue = ${list(50000, 1000, -1000)}`],
    ['stone-game-v', '1563, 500 values <= 10^6', `stoneValue = ${list(500, 1000000)}`],
    ['stone-game-vii', '1690, 1,000 stones <= 1000', `stones = ${list(1000, 1000)}`],
    [
      'tree',
      'a typed tree, 3^6 leaves',
      JSON.stringify(Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => rand(100))))),
    ],
  ];
  console.log('link length for the largest LeetCode instances (input packed as z=1.<deflate-raw base64url>):');
  for (const [game, label, input] of cases) {
    const q = await writeParams({ game, input, step: '100' });
    const plain = new URLSearchParams({ game, input, step: '100' }).toString().length + 1;
    console.log(
      `  ${label.padEnd(40)} text ${String(input.length).padStart(7)} chars   link ${String(q.length).padStart(7)} chars (unpacked it would be ${plain})`,
    );
  }
}

await links();
await firstFrame();
