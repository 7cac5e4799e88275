// The npm package (npm pack): the built site in dist/, whose perfect-play.js
// is the custom element an author loads from a CDN, and nothing else of the
// repository. Needs dist/ built (./build.sh build).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

const ROOT = new URL('../../', import.meta.url);

test('npm pack holds the element, the player and its WASM, the licence, and no sources', () => {
  assert.ok(existsSync(new URL('dist/perfect-play.js', ROOT)), 'dist/ is built first (./build.sh build)');
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const [pack] = JSON.parse(out);
  const files = pack.files.map((f) => f.path);
  for (const f of ['dist/perfect-play.js', 'dist/embed.html', 'dist/embed-host.js', 'dist/index.html', 'LICENSE', 'README.md', 'package.json']) {
    assert.ok(files.includes(f), `${f} is in the package`);
  }
  assert.equal(files.filter((f) => /^dist\/assets\/pp-(cm|tree|dp)-[\w-]+\.wasm$/.test(f)).length, 3, 'the three WASM families');
  assert.deepEqual(files.filter((f) => !/^(dist\/|LICENSE$|README\.md$|package\.json$)/.test(f)), [], 'nothing outside dist/');
  // a bound that a stray file would break: about 240 kB is the Connect Four
  // opening book (dist/assets/connect4-7x6-*.book), which an embed of that game loads
  assert.ok(files.some((f) => /^dist\/assets\/connect4-7x6-[\w-]+\.book$/.test(f)), 'the Connect Four book');
  assert.ok(pack.size < 550_000, `packed size ${pack.size} bytes`);

  const pkg = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8'));
  assert.equal(pkg.private, undefined);
  assert.equal(pkg.license, 'MIT');
  assert.ok(files.includes(pkg.exports['.'].replace(/^\.\//, '')), 'the main export is packed');
  assert.equal(pkg.unpkg, pkg.exports['.']);
  assert.match(readFileSync(new URL('LICENSE', ROOT), 'utf8'), /MIT License[\s\S]*Perfect Play authors/);
});

test('the packed player works under any path: it finds its files relative to itself', () => {
  const element = readFileSync(new URL('dist/perfect-play.js', ROOT), 'utf8');
  assert.match(element, /new URL\('embed\.html', import\.meta\.url\)/);
  const embed = readFileSync(new URL('dist/embed.html', ROOT), 'utf8');
  const refs = [...embed.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(refs.length >= 3);
  for (const r of refs) assert.match(r, /^\.\//, `${r} is relative`);
});
