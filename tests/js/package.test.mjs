// The npm package (npm pack, npm publish): the built site in dist/, whose
// perfect-play.js is the custom element an author loads from a CDN, and
// nothing else of the repository. Needs dist/ built (./build.sh build).
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

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
  assert.deepEqual(
    files.filter((f) => !/^(dist\/|LICENSE$|README\.md$|package\.json$)/.test(f)),
    [],
    'nothing outside dist/',
  );
  // a bound that a stray file would break: about 240 kB is the Connect Four
  // opening book (dist/assets/connect4-7x6-*.book), which an embed of that game loads,
  // and dlmalloc, about 2 kB packed in each WASM family (build.sh's wasm_link says why),
  // Monte Carlo tree search, about 11 kB packed (its exports in pp-tree, its views),
  // and Connect Four's bitboard playouts with the exact matrix games, about 14 kB,
  // and the matrix-game views of Your game with Connect Four's MCTS panel, about 17 kB,
  // and MCTS and play against the solver in pp-gdl, BIαβ, the stepped values solve with its
  // trace, and Connect Four's batched MCTS with its plot, about 21 kB,
  // and Connect Four's own module, pp-c4, with the trees' searches it runs, about 48 kB
  // (so that an embed of a tree fetches none of Connect Four's solver)
  assert.ok(
    files.some((f) => /^dist\/assets\/connect4-7x6-[\w-]+\.book$/.test(f)),
    'the Connect Four book',
  );
  assert.ok(pack.size < 700_000, `packed size ${pack.size} bytes`);

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

test('npm publish --dry-run publishes that package, the version the README loads from a CDN, offline and logged out', async () => {
  // A registry that only notes what is asked of it: with --offline (and no
  // check for a newer npm) the dry run must ask it nothing, and needs no login.
  const asked = [];
  const registry = createServer((req, res) => {
    asked.push(req.url);
    res.writeHead(404).end('{}');
  });
  await new Promise((done) => registry.listen(0, '127.0.0.1', done));
  const home = mkdtempSync(join(tmpdir(), 'pp-npm-'));
  try {
    const npmrc = join(home, '.npmrc');
    writeFileSync(npmrc, ''); // no token: logged out
    const out = await run(
      'npm',
      ['publish', '--dry-run', '--json', '--ignore-scripts', '--offline', '--no-update-notifier', `--registry=http://127.0.0.1:${registry.address().port}/`],
      {
        cwd: fileURLToPath(ROOT),
        env: { ...process.env, HOME: home, npm_config_userconfig: npmrc, npm_config_cache: join(home, 'cache') },
      },
    );
    const pkg = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8'));
    const published = JSON.parse(out)[pkg.name];
    assert.equal(published.id, `${pkg.name}@${pkg.version}`);
    const files = published.files.map((f) => f.path);
    for (const f of ['dist/perfect-play.js', 'dist/embed.html', 'dist/embed-host.js', 'LICENSE']) assert.ok(files.includes(f), `${f} is published`);
    assert.deepEqual(asked, [], 'the dry run asked the registry nothing');
    // The README's CDN line loads what this would publish.
    const readme = readFileSync(new URL('README.md', ROOT), 'utf8');
    assert.ok(
      readme.includes(`https://cdn.jsdelivr.net/npm/${pkg.name}@${pkg.version}/${pkg.exports['.'].replace(/^\.\//, '')}`),
      'the README names the package, its version and its main file',
    );
  } finally {
    await new Promise((done) => registry.close(done));
    rmSync(home, { recursive: true, force: true });
  }
});

/** Runs a command without blocking the event loop (the registry above must answer); its stdout. */
function run(cmd, args, options) {
  return new Promise((done, fail) =>
    execFile(cmd, args, { ...options, encoding: 'utf8', maxBuffer: 16 << 20 }, (err, stdout, stderr) =>
      err ? fail(new Error(`${cmd} ${args.join(' ')}: ${stderr}`)) : done(stdout),
    ),
  );
}
