// cli-judge.test.mjs: `perfect-play judge PROBLEM < in > out` reads and writes
// the online judges' exact formats. Each sample is the problem statement's
// own sample input and output (the source is named at each test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'build/perfect-play');

function judge(problem, input) {
  const r = spawnSync(cli, ['judge', problem], { input, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function sample(problem, input, output) {
  assert.deepEqual(judge(problem, input), { status: 0, stdout: output, stderr: '' });
}

function refused(problem, input, message) {
  const r = judge(problem, input);
  assert.equal(r.status, 2, r.stderr);
  assert.ok(r.stderr.includes(message), r.stderr);
  assert.equal(r.stderr.trim().split('\n').length, 1);
}

// ---- UVa 10111 Find the Winning Move (Mid-Central USA 1999; the same
// statement is POJ 1568 and ZOJ 1703): the sample input and output.
const UVA10111_IN = '?\n....\n.xo.\n.ox.\n....\n?\no...\n.ox.\n.xxx\nxooo\n$\n';
const UVA10111_OUT = '#####\n(0,1)\n';

test('uva10111: the statement sample', () => {
  sample('uva10111', UVA10111_IN, UVA10111_OUT);
  sample('uva10111', UVA10111_IN.replaceAll('\n', '\r\n'), UVA10111_OUT); // CR LF input
});

// An independent reference for more boards: exhaustive search with a memo.
function uvaReference(board) {
  const lines = [];
  for (let i = 0; i < 4; i++) {
    lines.push(
      [0, 1, 2, 3].map((j) => i * 4 + j),
      [0, 1, 2, 3].map((j) => j * 4 + i),
    );
  }
  lines.push([0, 5, 10, 15], [3, 6, 9, 12]);
  const won = (b, p) => lines.some((l) => l.every((c) => b[c] === p));
  const memo = new Map();
  const xForces = (b, p) => {
    const key = b + p;
    if (memo.has(key)) return memo.get(key);
    let r;
    if (won(b, 'x')) r = true;
    else if (won(b, 'o') || !b.includes('.')) r = false;
    else {
      const next = [];
      for (let c = 0; c < 16; c++) if (b[c] === '.') next.push(b.slice(0, c) + p + b.slice(c + 1));
      const q = p === 'x' ? 'o' : 'x';
      r = p === 'x' ? next.some((n) => xForces(n, q)) : next.every((n) => xForces(n, q));
    }
    memo.set(key, r);
    return r;
  };
  for (let c = 0; c < 16; c++) if (board[c] === '.' && xForces(board.slice(0, c) + 'x' + board.slice(c + 1), 'o')) return `(${c >> 2},${c & 3})`;
  return '#####';
}

test('uva10111: 40 random boards agree with an independent exhaustive search', () => {
  let seed = 10111;
  const rnd = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648) >> 8) % n;
  const LINES = [
    [0, 1, 2, 3],
    [4, 5, 6, 7],
    [8, 9, 10, 11],
    [12, 13, 14, 15],
    [0, 4, 8, 12],
    [1, 5, 9, 13],
    [2, 6, 10, 14],
    [3, 7, 11, 15],
    [0, 5, 10, 15],
    [3, 6, 9, 12],
  ];
  const someoneWon = (b) => LINES.some((l) => l.every((c) => b[c] === 'x') || l.every((c) => b[c] === 'o'));
  const boards = [];
  while (boards.length < 40) {
    const b = Array(16).fill('.');
    const pieces = 2 * (3 + rnd(3)); // each player has made 3 to 5 moves; x to move
    for (let i = 0; i < pieces; i++) {
      let c;
      do c = rnd(16);
      while (b[c] !== '.');
      b[c] = i % 2 ? 'o' : 'x';
    }
    if (!someoneWon(b)) boards.push(b.join(''));
  }
  const input = boards.map((b) => `?\n${b.slice(0, 4)}\n${b.slice(4, 8)}\n${b.slice(8, 12)}\n${b.slice(12)}\n`).join('') + '$\n';
  const want = boards.map((b) => uvaReference(b) + '\n').join('');
  assert.ok(want.includes('#####') && want.includes('('));
  sample('uva10111', input, want);
});

test('uva10111: malformed input exits 2 with one line', () => {
  refused('uva10111', '?\n....\n.xo.\n', 'line 4: the input ends inside a board');
  refused('uva10111', '!\n', "line 1: expected '?'");
  refused('uva10111', '?\n....\n.xo.\n.ox.\n....\n', "the input ends without '$'");
  refused('uva10111', '?\n.XO.\n....\n....\n....\n$\n', 'line 2: expected a row of four cells');
});

// ---- Luogu P4363 [九省联考 2018] 一双木棋 chess: the statement's sample.
test('luogu-p4363: the statement sample', () => {
  sample('luogu-p4363', '2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n\n', '2\n');
  sample('luogu-p4363', '2 3 2 7 3 9 1 2 3 7 2 2 3 1', '2\n'); // any whitespace
});

// The largest board, checked against an independent memoized minimax over
// the staircases written for this test.
function youngReference(n, m, a, b) {
  const memo = new Map();
  const f = (len, filled) => {
    if (filled === n * m) return 0;
    const key = len.join(',');
    if (memo.has(key)) return memo.get(key);
    const first = filled % 2 === 0;
    let best = first ? -Infinity : Infinity;
    for (let i = 0; i < n; i++) {
      if (len[i] === m || (i > 0 && len[i] === len[i - 1])) continue;
      const j = len[i]++;
      const v = (first ? a[i * m + j] : -b[i * m + j]) + f(len, filled + 1);
      len[i]--;
      best = first ? Math.max(best, v) : Math.min(best, v);
    }
    memo.set(key, best);
    return best;
  };
  return f(Array(n).fill(0), 0);
}

test('luogu-p4363: random boards up to 10 x 10 agree with a reference', () => {
  let seed = 4363;
  const rnd = (k) => ((seed = (seed * 1103515245 + 12345) % 2147483648) >> 8) % k;
  for (const [n, m] of [
    [10, 10],
    [10, 1],
    [1, 10],
    [7, 9],
    [3, 3],
  ]) {
    const a = Array.from({ length: n * m }, () => rnd(100001));
    const b = Array.from({ length: n * m }, () => rnd(100001));
    const rows = (v) => Array.from({ length: n }, (_, i) => v.slice(i * m, i * m + m).join(' ')).join('\n');
    // How fast the 10 x 10 board solves is a figure of ./build.sh bench (bench_tree), not a test.
    sample('luogu-p4363', `${n} ${m}\n${rows(a)}\n${rows(b)}\n`, `${youngReference(n, m, a, b)}\n`);
  }
});

test('luogu-p4363: malformed input exits 2 with one line', () => {
  refused('luogu-p4363', '2 3\n2 7 3\n9 1\n', 'expected a[2][3], an integer');
  refused('luogu-p4363', '11 3\n', 'a board of 11 x 3');
  refused('luogu-p4363', 'two three', 'expected the board size');
  refused('luogu-p4363', '1 2\n1 2\n3 -4\n', 'b[0][1] is -4');
});

// ---- POJ 1085 Triangle War (also UVa 751): the statement's sample.
const POJ1085_IN =
  '4\n6\n2 4\n4 5\n5 9\n3 6\n2 5\n3 5\n7\n2 4\n4 5\n5 9\n3 6\n2 5\n3 5\n7 8\n6\n1 2\n2 3\n1 3\n2 4\n2 5\n4 5\n' +
  '10\n1 2\n2 5\n3 6\n5 8\n4 7\n6 10\n2 4\n4 5\n4 8\n7 8\n';
const POJ1085_OUT = 'Game 1: B wins.\nGame 2: A wins.\nGame 3: A wins.\nGame 4: B wins.\n';

test('poj1085: the statement sample', () => {
  sample('poj1085', POJ1085_IN, POJ1085_OUT);
  sample('poj1085', POJ1085_IN.replaceAll('\n', '\r\n'), POJ1085_OUT);
  // the whole game from the empty grid (tests/c cross-checks it: B by 3)
  sample('poj1085', '1\n0\n', 'Game 1: B wins.\n');
});

test('poj1085: malformed input exits 2 with one line', () => {
  refused('poj1085', '1\n2\n2 4\n4 6\n', 'game 1: move 2: 4-6 is not a line of the grid');
  refused('poj1085', '1\n2\n2 4\n', 'game 1: expected a peg, 1 to 10');
  refused('poj1085', '2\n0\n', 'game 2: expected the number of moves made');
  refused('poj1085', 'x', 'expected the number of games');
});

// ---- Luogu P4576 [CQOI2013] 棋盘游戏: the statement's sample; other starts
// against a retrograde analysis of the whole game written for this test.
test('luogu-p4576: the statement sample', () => {
  sample('luogu-p4576', '2 1 1 2 2\n', 'BLACK 2\n');
  sample('luogu-p4576', '5 3 3 4 3', 'WHITE 1\n'); // side by side: white captures at once
});

function chaseReference(n, r1, c1, r2, c2) {
  const cells = n * n;
  const id = (w, b, t) => (w * cells + b) * 2 + t;
  const val = new Int32Array(cells * cells * 2);
  const deg = new Int32Array(cells * cells * 2);
  const dirs = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ];
  const queue = [];
  for (let w = 0; w < cells; w++)
    for (let b = 0; b < cells; b++)
      for (let t = 0; t < 2; t++) {
        const p = t ? b : w;
        for (const [dr, dc] of dirs)
          for (let len = 1; len <= (t ? 2 : 1); len++) {
            const r = Math.floor(p / n) + dr * len,
              c = (p % n) + dc * len;
            if (r >= 0 && r < n && c >= 0 && c < n) deg[id(w, b, t)]++;
          }
        if (w === b) {
          val[id(w, b, t)] = -1;
          queue.push(id(w, b, t));
        }
      }
  for (let h = 0; h < queue.length; h++) {
    const s = queue[h],
      t = s & 1,
      w = Math.floor((s >> 1) / cells),
      b = (s >> 1) % cells,
      pt = 1 - t;
    const p = pt ? b : w;
    for (const [dr, dc] of dirs)
      for (let len = 1; len <= (pt ? 2 : 1); len++) {
        const r = Math.floor(p / n) - dr * len,
          c = (p % n) - dc * len;
        if (r < 0 || r >= n || c < 0 || c >= n) continue;
        const from = r * n + c,
          ps = pt ? id(w, from, pt) : id(from, b, pt);
        if (val[ps] || (pt ? w === from : from === b)) continue;
        if (val[s] < 0) {
          val[ps] = 1 - val[s];
          queue.push(ps);
        } else if (--deg[ps] === 0) {
          val[ps] = -(val[s] + 1);
          queue.push(ps);
        }
      }
  }
  const v = val[id((r1 - 1) * n + c1 - 1, (r2 - 1) * n + c2 - 1, 0)];
  return v === 0 ? 'DRAW' : v > 0 ? `WHITE ${v - 1}` : `BLACK ${-v - 1}`;
}

test('luogu-p4576: starts up to 20 x 20 agree with a retrograde analysis', () => {
  let seed = 4576;
  const rnd = (k) => ((seed = (seed * 1103515245 + 12345) % 2147483648) >> 8) % k;
  const starts = [
    [20, 1, 1, 20, 20],
    [20, 10, 10, 1, 1],
    [3, 2, 2, 1, 3],
  ];
  while (starts.length < 12) {
    const n = 2 + rnd(12),
      r1 = 1 + rnd(n),
      c1 = 1 + rnd(n),
      r2 = 1 + rnd(n),
      c2 = 1 + rnd(n);
    if (r1 !== r2 || c1 !== c2) starts.push([n, r1, c1, r2, c2]);
  }
  for (const s of starts) sample('luogu-p4576', s.join(' ') + '\n', chaseReference(...s) + '\n');
});

test('luogu-p4576: malformed input exits 2 with one line', () => {
  refused('luogu-p4576', '2 1 1 2', 'expected c2, an integer');
  refused('luogu-p4576', '2 1 1 1 1', 'both pieces are on (1,1)');
  refused('luogu-p4576', '30 1 1 2 2', 'n is 30');
});

test('judge: usage', () => {
  const r = spawnSync(cli, ['judge', 'spoj-1'], { input: '', encoding: 'utf8' });
  assert.equal(r.status, 2);
  assert.match(r.stderr, /unknown problem 'spoj-1' \(available: uva10111/);
  assert.equal(spawnSync(cli, ['judge'], { encoding: 'utf8' }).status, 2);
});
