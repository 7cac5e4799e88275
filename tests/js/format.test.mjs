// The tree is in the house format (./build.sh format): every C file git
// tracks as clang-format lays it out by .clang-format, every JavaScript file
// as Prettier does by .prettierrc.json, so a diff is about meaning and never
// about layout. A file that fails here is fixed by `./build.sh format`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
const tracked = (...globs) =>
  run('git', ['ls-files', ...globs])
    .stdout.split('\n')
    .filter(Boolean);

test('every C file is as clang-format lays it out', () => {
  const files = tracked('*.c', '*.h');
  assert.ok(files.length > 100, `git lists ${files.length} C files`);
  const r = run('clang-format', ['--dry-run', '--Werror', ...files]);
  assert.equal(r.error, undefined, 'clang-format runs (./build.sh setup installs it)');
  const bad = [...new Set([...r.stderr.matchAll(/^([^:\n]+\.[ch]):\d+:\d+: error/gm)].map((m) => m[1]))];
  assert.deepEqual(bad, [], `not formatted (./build.sh format fixes them): ${bad.join(', ')}`);
  assert.equal(r.status, 0, r.stderr.slice(0, 2000));
});

test('every JavaScript file is as Prettier lays it out', () => {
  const files = tracked('*.js', '*.jsx', '*.mjs');
  assert.ok(files.length > 200, `git lists ${files.length} JavaScript files`);
  const r = run(process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', ...files]);
  const bad = [...r.stderr.matchAll(/^\[warn\] (\S+\.m?jsx?)$/gm)].map((m) => m[1]);
  assert.deepEqual(bad, [], `not formatted (./build.sh format fixes them): ${bad.join(', ')}`);
  assert.equal(r.status, 0, r.stderr.slice(0, 2000));
});
