// cli-help.test.mjs: `perfect-play --help` and docs/cli.md name everything the
// CLI accepts. The lists come from the CLI itself, not from this file: the
// commands from main()'s dispatch in c/cli/cli.c, the GAMEs and PROBLEMs from
// the messages the CLI prints for an unknown one (written from the same tables
// the dispatcher searches), each GAME's algorithms from its "unknown
// algorithm" message. Order does not matter; a missing name does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'build/perfect-play');
const docs = readFileSync(join(root, 'docs/cli.md'), 'utf8');

function run(args) {
  return spawnSync(cli, args, { input: '', encoding: 'utf8' });
}

/** The names in a message's "(available: a, b, c)". */
function available(message) {
  const m = /\(available: ([^)]*)\)/.exec(message);
  return m ? m[1].split(',').map((s) => s.trim()) : null;
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `name` as a word of the text: not a part of a longer name (stone-game in stone-game-ii). */
const namedIn = (text, name) => new RegExp(`(?<![\\w-])${escape(name)}(?![\\w-])`).test(text);
/** `name` as a code span of the docs. */
const codeIn = (text, name) => text.includes(`\`${name}\``) || new RegExp(`\`[^\`\\n]*(?<![\\w-])${escape(name)}(?![\\w-])[^\`\\n]*\``).test(text);

const help = run(['--help']);
const commands = [...readFileSync(join(root, 'c/cli/cli.c'), 'utf8').matchAll(/strcmp\(argv\[1\], "([^"]+)"\)/g)].map((m) => m[1]);
const games = available(run(['solve', 'no-such-game', 'x']).stderr);
const judges = available(run(['judge', 'no-such-problem']).stderr);

test('--help prints the usage on stdout and exits 0', () => {
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stdout, /^usage: perfect-play solve GAME INPUT/);
});

test('every command main() dispatches is in --help and in docs/cli.md', () => {
  for (const want of ['solve', 'judge', 'tablebase', '--help', '--version']) assert.ok(commands.includes(want), `${want} in ${commands}`);
  for (const c of commands) {
    assert.ok(namedIn(help.stdout, c), `--help does not name the command ${c}`);
    assert.ok(codeIn(docs, c), `docs/cli.md does not name the command ${c}`);
  }
});

test('every GAME solve accepts is in --help and in docs/cli.md', () => {
  assert.ok(games && games.length >= 19, `the unknown-game message lists the games: ${games}`);
  for (const g of games) {
    assert.ok(namedIn(help.stdout, g), `--help does not name the GAME ${g}`);
    assert.ok(codeIn(docs, g), `docs/cli.md does not name the GAME ${g}`);
  }
});

test('every judge PROBLEM is in --help and in docs/cli.md', () => {
  assert.ok(judges && judges.length >= 4, `the unknown-problem message lists the problems: ${judges}`);
  for (const j of judges) {
    assert.ok(namedIn(help.stdout, j), `--help does not name the judge ${j}`);
    assert.ok(codeIn(docs, j), `docs/cli.md does not name the judge ${j}`);
  }
});

test("every GAME's algorithms are in --help and in docs/cli.md", () => {
  let listed = 0;
  for (const g of games) {
    const algos = available(run(['solve', g, 'x', '--algo', 'no-such-algorithm']).stderr);
    if (!algos) continue; // a game with one solver and no --algo (chess-endgame) answers with its input's error
    listed++;
    for (const a of algos) {
      assert.ok(namedIn(help.stdout, a), `--help does not name ${g}'s algorithm ${a}`);
      assert.ok(codeIn(docs, a), `docs/cli.md does not name ${g}'s algorithm ${a}`);
    }
  }
  assert.ok(listed >= games.length - 2, `${listed} of ${games.length} games list their algorithms`);
});
