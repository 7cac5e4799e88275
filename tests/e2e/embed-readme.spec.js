// The README's "Embedding a player", tried as a reader would: its snippets as
// written in README.md, pasted into a blank page on another origin. The
// self-hosted one loads the files `./build.sh embed DIR` gathers, from a
// server holding only those; the CDN one loads the package's dist/ from the
// path a CDN would serve it at.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The HTML snippets of the README's "Embedding a player", in order, as written. */
function readmeSnippets() {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((s) => s.startsWith('Embedding a player'));
  expect(section, 'README.md has an "Embedding a player" section').toBeTruthy();
  return [...section.matchAll(/^```html\n([\s\S]*?)^```$/gm)].map((m) => m[1].trim());
}

/** The `src` of the snippet's script and the `step` its element opens at. */
function snippetParts(snippet) {
  const src = snippet.match(/<script type="module" src="([^"]+\/perfect-play\.js)"><\/script>/)?.[1];
  const step = snippet.match(/<perfect-play [^>]*\bstep="(\d+)"/)?.[1];
  expect(src, 'the snippet loads perfect-play.js').toBeTruthy();
  expect(step, 'the snippet opens at a step').toBeTruthy();
  return { src, step: Number(step) };
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
};

/**
 * A static server on a free port: `prefix` + a file's path in `dir` serves
 * that file; the rest is 404. Every answer allows any origin, as a CDN's do
 * and as the README asks of a host whose pages are elsewhere: a module script
 * from another origin loads only with that header.
 */
async function serveFolder(dir, prefix) {
  const requests = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    requests.push(path);
    const file = resolve(dir, `.${sep}${path.slice(prefix.length)}`);
    if (!path.startsWith(prefix) || !file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'access-control-allow-origin': '*' });
    res.end(readFileSync(file));
  });
  return listen(server, requests);
}

/** A server on a free port answering every request with one page. */
async function servePage(html) {
  const requests = [];
  const server = createServer((req, res) => {
    requests.push(req.url);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  return listen(server, requests);
}

async function listen(server, requests) {
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return { origin: `http://127.0.0.1:${server.address().port}`, requests, close: () => new Promise((done) => server.close(done)) };
}

const blankPage = (body) => `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>My post</title></head>
<body><p>My post.</p>
${body}
</body></html>`;

const listFiles = (dir) =>
  readdirSync(dir, { recursive: true })
    .filter((f) => statSync(join(dir, f)).isFile())
    .map((f) => f.split(sep).join('/'));

let gathered;
test.beforeAll(() => {
  gathered = mkdtempSync(join(tmpdir(), 'pp-embed-'));
  execFileSync('./build.sh', ['embed', gathered], { cwd: ROOT, stdio: 'ignore' });
});
test.afterAll(() => rmSync(gathered, { recursive: true, force: true }));

test('./build.sh embed gathers the player, its WASM and the app page it links to, and no sources or guides', () => {
  const files = listFiles(gathered);
  for (const f of ['perfect-play.js', 'embed-host.js', 'embed.html', 'index.html', 'LICENSE']) expect(files).toContain(f);
  expect(files.filter((f) => /^assets\/pp-(cm|tree|c4|dp|chess|gdl)-[\w-]+\.wasm$/.test(f))).toHaveLength(6);
  expect(files.filter((f) => /node_modules|\.(jsx|c|h|map)$|^(authors|tutorial)\./.test(f))).toEqual([]);
  // Every file is one of the build's, as built.
  for (const f of files.filter((f) => f !== 'LICENSE')) {
    expect(readFileSync(join(gathered, f)).equals(readFileSync(join(ROOT, 'dist', f))), f).toBe(true);
  }
});

test("the README's self-hosted snippet, on a blank page of another origin, plays from the gathered files alone", async ({ page }) => {
  const snippet = readmeSnippets()[0];
  const { src, step } = snippetParts(snippet);
  const prefix = new URL('./', src).pathname; // where the README puts the folder on YOUR-HOST
  const files = await serveFolder(gathered, prefix);
  const ourSrc = new URL(new URL(src).pathname, files.origin).href;
  const blog = await servePage(blankPage(snippet.replace(src, ourSrc)));
  try {
    expect(new URL(blog.origin).port).not.toBe(new URL(files.origin).port);
    await page.goto(`${blog.origin}/post.html`);
    const el = page.locator('perfect-play');
    await expect(page.locator('perfect-play iframe')).toHaveAttribute('src', new RegExp(`^${files.origin}${prefix}embed\\.html\\?`));
    const player = page.frameLocator('perfect-play iframe');
    const readout = player.getByTestId('readout');
    // The solver ran in the player's worker: the trace is there, opened at the snippet's step.
    await expect(readout).toHaveAttribute('data-cursor', String(step));
    await expect.poll(() => el.evaluate((node) => node.total)).toBeGreaterThan(step);
    const total = await el.evaluate((node) => node.total);
    await expect(readout).toHaveAttribute('data-count', String(total));
    // A step moves it, the end is the trace's last event, and it plays.
    await el.evaluate((node, s) => {
      node.step = s;
    }, step + 1);
    await expect(readout).toHaveAttribute('data-cursor', String(step + 1));
    await el.evaluate((node) => node.goto('end'));
    await expect(readout).toHaveAttribute('data-cursor', String(total));
    await el.evaluate((node) => {
      node.step = 0;
      node.play();
    });
    await expect.poll(() => el.evaluate((node) => node.step)).toBeGreaterThan(0);
    await el.evaluate((node) => node.pause());
    // The player's "open in the app" link leads to a page the folder holds.
    const open = new URL(await player.getByTestId('embed-open').getAttribute('href'), `${files.origin}${prefix}embed.html`);
    expect(open.origin).toBe(files.origin);
    expect((await page.request.get(open.href)).status()).toBe(200);
    // Everything came from the folder (fixtures.js fails the test on any 404), nothing else from the blog.
    expect(files.requests.every((p) => p.startsWith(prefix))).toBe(true);
    expect(files.requests).toContain(`${prefix}embed.html`);
    expect(files.requests.some((p) => p.endsWith('.wasm'))).toBe(true);
    expect(blog.requests).toEqual(['/post.html']);
  } finally {
    await Promise.all([files.close(), blog.close()]);
  }
});

test("the README's CDN snippet loads the package's dist/ from the path a CDN serves it at", async ({ page }) => {
  const snippet = readmeSnippets()[1];
  const { src, step } = snippetParts(snippet);
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  expect(src).toContain(`/${pkg.name}@${pkg.version}/`); // the version `npm publish` would publish
  const cdnPath = new URL(src).pathname;
  const prefix = new URL('./', src).pathname;
  expect(prefix).toMatch(/\/dist\/$/);
  const cdn = await serveFolder(join(ROOT, 'dist'), prefix); // the package's dist/, as the CDN would serve it
  // Without the poster: an image of the reader's own, which the blank page does not have.
  const blog = await servePage(blankPage(snippet.replace(src, new URL(cdnPath, cdn.origin).href).replace(/ poster="[^"]*"/, '')));
  try {
    await page.goto(`${blog.origin}/post.html`);
    const player = page.frameLocator('perfect-play iframe');
    await expect(player.getByTestId('readout')).toHaveAttribute('data-cursor', String(step));
    await page.locator('perfect-play').evaluate((node) => node.goto('end'));
    const total = await page.locator('perfect-play').evaluate((node) => node.total);
    expect(total).toBeGreaterThan(step);
    await expect(player.getByTestId('readout')).toHaveAttribute('data-cursor', String(total));
  } finally {
    await Promise.all([cdn.close(), blog.close()]);
  }
});
