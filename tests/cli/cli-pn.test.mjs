// cli-pn.test.mjs: `solve` with --algo pn, pn2 and dfpn on every game-tree
// game: the answer printed exactly as alpha-beta prints it, --json's proof
// replayed here from the game's rules (tic-tac-toe), --memory and --budget
// past their limits exit 3, alpha-beta's options refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'build/perfect-play');
const PN = ['pn', 'pn2', 'dfpn'];

function run(args) {
  const r = spawnSync(cli, args, { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function oneLine(r, status, message) {
  assert.equal(r.status, status, r.stderr);
  assert.equal(r.stdout, '');
  assert.ok(r.stderr.includes(message), r.stderr);
  assert.equal(r.stderr.trim().split('\n').length, 1);
}

const CASES = [
  ['tree', '[[3,12,8],[2,4,6],[14,5,2]]'],
  ['tree', 'branching = 3, depth = 5, lo = -9, hi = 9, seed = 4'],
  ['tic-tac-toe', 'board = ["X.O","...","..."]'],
  ['tic-tac-toe', 'board = ["...","...","..."]'],
  ['tic-tac-toe', 'board = ["XO..","OX..","..X.","...O"]'],
  ['nim', 'n = 9'],
  ['nim', 'n = 12'],
  ['can-i-win', 'maxChoosableInteger = 10, desiredTotal = 11'],
  ['can-i-win', 'maxChoosableInteger = 8, desiredTotal = 20'],
  ['predict-the-winner', 'nums = [1,5,2]'],
  ['predict-the-winner', 'nums = [1,5,233,7]'],
  ['young-tableau', 'a = [[2,7,3],[9,1,2]], b = [[3,7,2],[2,3,1]]'],
  ['triangle-war', 'moves = [[2,4],[4,5],[5,9],[3,6],[2,5],[3,5],[7,8],[8,9]]'],
  ['board-chase', 'n = 2, white = [1,1], black = [2,2]'],
  ['board-chase', 'n = 3, white = [1,1], black = [3,3]'],
];

test('pn, pn2 and dfpn print what alpha-beta prints, on every game-tree game', () => {
  for (const [game, input] of CASES) {
    const ab = run(['solve', game, input, '--algo', 'alphabeta', '--tt']);
    assert.equal(ab.status, 0, ab.stderr);
    for (const algo of PN) {
      const r = run(['solve', game, input, '--algo', algo]);
      assert.deepEqual(r, { status: 0, stdout: ab.stdout, stderr: '' }, `${game} ${input} ${algo}`);
    }
  }
});

// Tic-tac-toe's rules, independently of the C code: cells row-major, X first.
function tttLine(b, n, p) {
  const lines = [];
  for (let i = 0; i < n; i++) {
    lines.push([...Array(n).keys()].map((j) => i * n + j));
    lines.push([...Array(n).keys()].map((j) => j * n + i));
  }
  lines.push([...Array(n).keys()].map((j) => j * n + j));
  lines.push([...Array(n).keys()].map((j) => j * n + n - 1 - j));
  return lines.some((l) => l.every((c) => b[c] === p));
}

function tttLeaf(b, n) {
  if (tttLine(b, n, 'X')) return 1;
  if (tttLine(b, n, 'O')) return -1;
  if (!b.includes('.')) return 0;
  return null;
}

// Replays a proof from the JSON: MAX (X) picks one move where it must win
// the question, every reply of MIN is listed, leaves on the right side.
function checkProof(board, n, proof, maxWins) {
  const [op, t] = [proof.question.split(' ')[1], Number(proof.question.split(' ')[2])];
  assert.equal(op, maxWins ? '>=' : '<');
  assert.equal(proof.truncated, false);
  let visited = 0;
  const walk = (b, id) => {
    visited++;
    const v = tttLeaf(b, n);
    const edges = proof.nodes[id];
    if (v !== null) {
      assert.ok(maxWins ? v >= t : v < t, `leaf ${v} vs ${proof.question}`);
      assert.equal(edges.length, 0);
      return;
    }
    const xs = [...b].filter((c) => c === 'X').length,
      os = [...b].filter((c) => c === 'O').length;
    const mover = xs === os ? 'X' : 'O';
    const empty = [...b.keys()].filter((c) => b[c] === '.');
    if ((mover === 'X') === maxWins) assert.equal(edges.length, 1);
    else
      assert.deepEqual(
        edges.map((e) => e[0]),
        empty.map((_, k) => k),
      );
    for (const [m, child] of edges) {
      const next = [...b];
      next[empty[m]] = mover;
      walk(next, child);
    }
  };
  walk([...board.join('')], 0);
  assert.ok(visited >= proof.size);
}

test('--json: the proofs of value >= v and value < v + 1 replay with the rules', () => {
  for (const board of [
    ['X.O', '...', '...'],
    ['...', '...', '...'],
    ['XO..', 'OX..', '..X.', '...O'],
  ])
    for (const algo of PN) {
      const r = run(['solve', 'tic-tac-toe', `board = ${JSON.stringify(board)}`, '--algo', algo, '--json']);
      assert.equal(r.status, 0, r.stderr);
      const j = JSON.parse(r.stdout);
      assert.equal(j.algo, algo);
      assert.equal(j.bound, 'exact');
      assert.ok(j.stats.expanded > 0 && j.stats.tt_entries > 0 && j.stats.node_bytes > 0);
      assert.ok(j.stats.seconds >= 0 && j.stats.expanded_per_second >= 0);
      assert.equal(j.stats.proof_size, j.proof.lower.size);
      if (j.value > -1) checkProof(board, board.length, j.proof.lower, true);
      else assert.equal(j.proof.lower.trivial, true);
      if (j.value < 1) checkProof(board, board.length, j.proof.upper, false);
      else assert.equal(j.proof.upper.trivial, true);
    }
});

test('limits: --memory and --budget exit 3; alpha-beta options and bad values exit 2', () => {
  const empty4 = 'board = ["....","....","....","...."]';
  oneLine(run(['solve', 'tic-tac-toe', empty4, '--algo', 'pn', '--memory', '1M']), 3, 'memory limit of 1048576 bytes');
  oneLine(run(['solve', 'tic-tac-toe', empty4, '--algo', 'pn2', '--memory', '256K']), 3, 'memory limit of 262144 bytes');
  oneLine(run(['solve', 'tic-tac-toe', empty4, '--algo', 'dfpn', '--budget', '3000']), 3, 'budget of 3000 expansions');
  oneLine(run(['solve', 'tree', '[1,2]', '--algo', 'pn', '--tt']), 2, "alpha-beta's");
  oneLine(run(['solve', 'tree', '[1,2]', '--algo', 'dfpn', '--order', 'best']), 2, "alpha-beta's");
  oneLine(run(['solve', 'tree', '[1,2]', '--memory', '1M']), 2, '--memory is for pn');
  oneLine(run(['solve', 'tree', '[1,2]', '--algo', 'pn', '--memory', '12']), 2, '--memory must be');
  oneLine(run(['solve', 'tree', '[1,2]', '--algo', 'pn', '--memory', '99G']), 2, '--memory must be');
  oneLine(run(['solve', 'tree', '[1,2]', '--algo', 'pn', '--memory', 'lots']), 2, '--memory must be');
  oneLine(run(['solve', 'tree', '[1,[2', '--algo', 'pn']), 2, '');
});

test("--trace: the textbook tree's events as the golden text, and the binary file says as much as --json", () => {
  const TEXTBOOK = '[[3,12,8],[2,4,6],[14,5,2]]';
  const dir = mkdtempSync(join(tmpdir(), 'pp-pn-'));
  for (const algo of PN) {
    const txt = join(dir, `${algo}.txt`);
    assert.equal(run(['solve', 'tree', TEXTBOOK, '--algo', algo, '--trace', txt]).status, 0);
    assert.equal(readFileSync(txt, 'utf8'), readFileSync(join(root, `tests/c/golden/tree_textbook_${algo}.txt`), 'utf8'));
    const bin = join(dir, `${algo}.bin`);
    const r = run(['solve', 'tree', TEXTBOOK, '--algo', algo, '--trace', bin, '--json']);
    assert.equal(r.status, 0, r.stderr);
    const j = JSON.parse(r.stdout);
    const b = readFileSync(bin);
    assert.equal(b.subarray(0, 7).toString(), 'PPTRACE');
    assert.equal(b.readUInt32LE(16), j.trace.events);
    assert.equal(b.readUInt32LE(24), j.trace.node_ids);
    assert.equal(b.readUInt32LE(32) & 0xff, 31); // the first record: PN_MARK, the first question
    assert.equal(j.value, 3);
  }
});

// The hardest inputs LeetCode allows, found by tests/bench/pn_sweep.sh (the
// whole range of Can I Win, desiredTotal near where 1 + ... + M still
// reaches it): answered with the default options (the memory and the
// budget scaled to it), as the DP answers them. PN² takes the longest, so
// it and PN get the hardest 19-number input, df-pn the 20-number one too.
const HARD_CAN_I_WIN = [
  [19, 160, PN],
  [20, 170, ['dfpn']],
];

test('defaults: the hardest Can I Win inputs LeetCode allows are answered by pn, pn2 and dfpn as the DP answers', () => {
  for (const [m, t, algos] of HARD_CAN_I_WIN) {
    const input = `maxChoosableInteger = ${m}, desiredTotal = ${t}`;
    const dp = run(['solve', 'can-i-win', input, '--algo', 'dp']);
    assert.equal(dp.status, 0, dp.stderr);
    for (const algo of algos)
      assert.deepEqual(run(['solve', 'can-i-win', input, '--algo', algo]), { status: 0, stdout: dp.stdout, stderr: '' }, `${input} ${algo}`);
  }
});

// Predict the Winner at LeetCode's largest: 20 numbers up to 10^7 (random,
// and the equal ones where every line of play ties), checked against the DP.
test('defaults: Predict the Winner with 20 numbers up to 10^7 is answered by pn, pn2 and dfpn as the DP answers', () => {
  let s = 7;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) % 10000001;
  const inputs = [
    Array.from({ length: 20 }, rand),
    Array.from({ length: 20 }, rand),
    Array(20).fill(10000000),
    Array.from({ length: 20 }, (_, i) => (i % 2 ? 10000000 : 9999999)),
  ];
  for (const nums of inputs) {
    const input = `nums = ${JSON.stringify(nums)}`;
    const dp = run(['solve', 'predict-the-winner', input, '--algo', 'dp']);
    assert.equal(dp.status, 0, dp.stderr);
    for (const algo of PN)
      assert.deepEqual(run(['solve', 'predict-the-winner', input, '--algo', algo]), { status: 0, stdout: dp.stdout, stderr: '' }, `${input} ${algo}`);
  }
});
