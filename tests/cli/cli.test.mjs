// cli.test.mjs: the native CLI's contract (DESIGN.md): answers as LeetCode
// prints them, --json, --trace, stdin, and exit 2 with one line on bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'build/perfect-play');

function run(args, input) {
  const r = spawnSync(cli, args, { input, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const EX1 = 'graph = [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]';
const EX2 = 'graph = [[1,3],[0],[3],[0,2]]';

test('LeetCode 913 examples print as LeetCode prints the output', () => {
  assert.deepEqual(run(['solve', 'cat-mouse', EX1]), { status: 0, stdout: '0\n', stderr: '' });
  assert.deepEqual(run(['solve', 'cat-mouse', EX2]), { status: 0, stdout: '1\n', stderr: '' });
  assert.equal(run(['solve', 'cat-mouse', '[[2],[2],[0,1]]']).stdout, '2\n');
  assert.equal(run(['solve', 'cat-mouse', '--algo', 'retrograde', '[[1,3],[0],[3],[0,2]]']).stdout, '1\n');
});

test('INPUT - reads standard input, also across lines', () => {
  assert.equal(run(['solve', 'cat-mouse', '-'], 'graph = [[2,5],[3],\n[0,4,5],[1,4,5],[2,3],[0,2,3]]\n').stdout, '0\n');
});

test('--json gives answer, stats and every state', () => {
  const r = run(['solve', 'cat-mouse', EX2, '--json']);
  assert.equal(r.status, 0);
  const j = JSON.parse(r.stdout);
  assert.equal(j.answer, 1);
  assert.equal(j.stats.nodes, 24);
  assert.ok(j.stats.relaxations > 0);
  assert.equal(j.stats.mouse_wins + j.stats.cat_wins + j.stats.draws, j.stats.states);
  // rows are the mouse's node, columns the cat's; the cat is never in the hole
  assert.equal(j.outcomes.mouse_to_move[1][2], 1);
  assert.equal(j.outcomes.mouse_to_move[2][2], 2);
  assert.equal(j.outcomes.cat_to_move[3][0], null);
  assert.equal(j.remoteness.mouse_to_move[1][2], 1);
  assert.equal(j.remoteness.cat_to_move[1][3], 2);
});

test('--trace writes the binary format and the text format', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pp-cli-'));
  const bin = join(dir, 't.bin');
  const txt = join(dir, 't.txt');
  assert.equal(run(['solve', 'cat-mouse', EX2, '--trace', bin]).status, 0);
  const b = readFileSync(bin);
  assert.equal(b.subarray(0, 7).toString(), 'PPTRACE');
  assert.equal(b.readUInt32LE(8), 1); // version
  assert.equal(b.readUInt32LE(12), 4); // words per record
  const count = b.readUInt32LE(16);
  assert.equal(b.length, 32 + count * 16);
  assert.equal(b.readUInt32LE(24), 32); // 2 * 4 * 4 states
  assert.equal(run(['solve', 'cat-mouse', EX2, '--trace', txt]).status, 0);
  const golden = readFileSync(join(root, 'tests/c/golden/catmouse_example2.txt'), 'utf8');
  assert.equal(readFileSync(txt, 'utf8'), golden);
  assert.equal(golden.split('\n').filter((l) => l && !l.startsWith('#')).length, count);
  // a capped trace says so, and the answer is unchanged
  const capped = run(['solve', 'cat-mouse', EX2, '--trace', txt, '--trace-cap', '5', '--json']);
  assert.equal(JSON.parse(capped.stdout).trace.truncated, true);
  assert.equal(JSON.parse(capped.stdout).answer, 1);
});

const BAD = [
  ['[[2,5],[3],[0,4,5]', "this list has no closing ']'"],
  ['[[2],[2,7],[0,1]]', 'graph[1][1] is 7, but the nodes are 0 to 2'],
  ['[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2]]', 'graph[3][2] lists 5, but graph[5] does not list 3'],
  ['[[2],[2,1],[0,1]]', 'self-loop'],
  ['[[2],[2],[0,1,0]]', 'graph[2] lists 0 twice'],
  ['[[1],[0]]', 'at least 3 are needed'],
  ['[[2],[],[0]]', "node 1 (the mouse's start) has no edge"],
  ['[[1,2],[0],[0]]', "node 2 (the cat's start) has no edge to a node other than the hole 0"],
  ['graph = 7', 'graph must be a list'],
  ['', 'the input is empty'],
];

for (const [input, message] of BAD) {
  test(`bad input exits 2 with one line: ${message}`, () => {
    const r = run(['solve', 'cat-mouse', input]);
    assert.equal(r.status, 2);
    assert.equal(r.stdout, '');
    assert.ok(r.stderr.includes(message), r.stderr);
    assert.equal(r.stderr.trim().split('\n').length, 1);
  });
}

test('more nodes than the limit is refused (a 10^6-node paste)', () => {
  const text = '[' + Array.from({ length: 1_000_000 }, (_, i) => (i === 1 ? '[0]' : i === 0 ? '[1]' : '[]')).join(',') + ']';
  const r = run(['solve', 'cat-mouse', '-'], text);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /the graph has 1000000 nodes; the limit is 5000/);
});

test('usage errors exit 2', () => {
  assert.equal(run([]).status, 2);
  assert.match(run(['solve', 'chess', '[1]']).stderr, /unknown game 'chess'/);
  assert.match(run(['solve', 'cat-mouse', EX1, '--algo', 'magic']).stderr, /unknown algorithm 'magic'/);
  assert.match(run(['solve', 'cat-mouse']).stderr, /needs an INPUT/);
  assert.match(run(['solve', 'cat-mouse', EX1, '--bogus']).stderr, /unknown option/);
  assert.equal(run(['--help']).status, 0);
});

const MEMO_COUNTEREXAMPLE = '[[2,3],[4,5],[0,3],[0,2,4],[1,3,5],[1,4]]';

test('--algo naive-dfs and memo-dfs: exact vs the flawed exhibit', () => {
  assert.equal(run(['solve', 'cat-mouse', EX1, '--algo', 'naive-dfs']).stdout, '0\n');
  assert.equal(run(['solve', 'cat-mouse', EX2, '--algo', 'memo-dfs']).stdout, '1\n');
  assert.equal(run(['solve', 'cat-mouse', MEMO_COUNTEREXAMPLE]).stdout, '2\n');
  assert.equal(run(['solve', 'cat-mouse', MEMO_COUNTEREXAMPLE, '--algo', 'naive-dfs']).stdout, '2\n');
  assert.equal(run(['solve', 'cat-mouse', MEMO_COUNTEREXAMPLE, '--algo', 'memo-dfs']).stdout, '0\n');
  const j = JSON.parse(run(['solve', 'cat-mouse', MEMO_COUNTEREXAMPLE, '--algo', 'memo-dfs', '--json']).stdout);
  assert.equal(j.answer, 0);
  assert.ok(j.stats.cycles > 0 && j.stats.memo_hits > 0);
  assert.deepEqual(j.wrong_labels[0], { mouse: 1, cat: 2, turn: 'mouse', memo: 0, retrograde: 2 });
  assert.ok(j.wrong_labels.every((w) => w.memo === 0 && w.retrograde !== 0)); // only false draws
  assert.equal(j.labels.mouse_to_move[1][2], 0);
});

test('naive-dfs out of budget: says so on stderr, exit 3', () => {
  const judge = '[[7],[2,6,8,9],[1,4,5,6,7],[4,5,7],[2,3,5,8],[2,3,4,7],[1,2,9],[0,2,3,5,9],[1,4,9],[1,6,7,8]]';
  const r = run(['solve', 'cat-mouse', judge, '--algo', 'naive-dfs', '--budget', '10000']);
  assert.equal(r.status, 3);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^perfect-play: naive-dfs: the search gave up after its budget of 10000 states/);
  assert.equal(run(['solve', 'cat-mouse', judge, '--budget', 'lots']).status, 2);
});

// The CLI takes Cat and Mouse graphs up to 5,000 nodes (50 million
// states) and says what the solve will take before allocating it. A ring with
// the hole beside the mouse: the mouse steps into the hole at once.
test('a 5,000-node graph is solved, its memory stated first', () => {
  const n = 5000;
  const graph = Array.from({ length: n }, (_, i) => [(i + 1) % n, (i + n - 1) % n]);
  const r = run(['solve', 'cat-mouse', '-'], JSON.stringify(graph));
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), '1');
  assert.match(r.stderr, /50000000 states: the solve needs about \d+ MiB/);
});
