// serve-dist.mjs: the production build (dist/) on a free local port, for the
// benchmarks that open the real page in Chromium. Paths cannot climb out of dist/.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// PP_BENCH_DIST=/other/dist serves another build instead (a "before" build,
// to compare side by side).
const dist = process.env.PP_BENCH_DIST ? join(process.env.PP_BENCH_DIST, sep) : fileURLToPath(new URL('../../dist/', import.meta.url));
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.svg': 'image/svg+xml' };

/** Starts the server: { server, url } (url ends with '/'); server.close() stops it. */
export async function serveDist() {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    try {
      const body = await readFile(join(dist, path.endsWith('/') ? path + 'index.html' : path));
      res.writeHead(200, { 'content-type': TYPES[extname(path) || '.html'] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, url: `http://127.0.0.1:${server.address().port}/` };
}

const SOURCE_TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };

/**
 * A bench page of its own at '/' and, read-only, the scripts and WASM under
 * the given folders of the checkout (e.g. ['web/src']): { server, url }.
 */
export async function servePage(page, folders) {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const allowedDirs = folders.map((d) => join(root, d) + sep);
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (path === sep || path === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    const file = join(root, path);
    const type = SOURCE_TYPES[extname(file)];
    if (!type || !allowedDirs.some((dir) => file.startsWith(dir))) return res.writeHead(404).end();
    try {
      res.writeHead(200, { 'content-type': type }).end(await readFile(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, url: `http://127.0.0.1:${server.address().port}/` };
}
