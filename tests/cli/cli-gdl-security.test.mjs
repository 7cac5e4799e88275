// cli-gdl-security.test.mjs: `solve gdl FILE` on games with simultaneous
// moves or three roles or more: each role's security value (what it makes
// sure of with a mixed strategy whatever the others do together), in words
// and with --json as exact fractions with the start's optimal strategies.
// Checked against answers worked out by hand or in closed form (rock-paper-
// scissors, a prisoner's dilemma, matching pennies played n times, symmetric
// games at half their constant) and against a brute force written here (a
// three-role game solved by its own recursion and 2 x N matrix games).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'build/perfect-play');

function run(args, input) {
  const r = spawnSync(cli, args, { input, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function solve(rules, extra = []) {
  const r = run(['solve', 'gdl', '-', '--json', ...extra], rules);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

// ---- exact fractions (BigInt) ----
const gcd = (a, b) => {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
};
const Q = (n, d = 1n) => {
  n = BigInt(n);
  d = BigInt(d);
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
};
const add = (a, b) => Q(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a, b) => Q(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a, b) => Q(a.n * b.n, a.d * b.d);
const div = (a, b) => Q(a.n * b.d, a.d * b.n);
const cmp = (a, b) => (a.n * b.d < b.n * a.d ? -1 : a.n * b.d > b.n * a.d ? 1 : 0);
const str = (a) => (a.d === 1n ? `${a.n}` : `${a.n}/${a.d}`);
const parse = (s) => {
  const [n, d] = s.split('/');
  return Q(n, d ?? 1);
};

// The value of a matrix game with two rows: the best p for row 0 against
// every column, among p = 0, p = 1 and every crossing of two columns' lines.
function twoRowValue(a, b) {
  const cands = [Q(0), Q(1)];
  for (let j = 0; j < a.length; j++)
    for (let k = j + 1; k < a.length; k++) {
      const den = sub(sub(a[j], b[j]), sub(a[k], b[k]));
      if (den.n === 0n) continue;
      const p = div(sub(b[k], b[j]), den);
      if (cmp(p, Q(0)) >= 0 && cmp(p, Q(1)) <= 0) cands.push(p);
    }
  let best = null;
  for (const p of cands) {
    let worst = null;
    for (let j = 0; j < a.length; j++) {
      const v = add(mul(p, a[j]), mul(sub(Q(1), p), b[j]));
      if (worst === null || cmp(v, worst) < 0) worst = v;
    }
    if (best === null || cmp(worst, best) > 0) best = worst;
  }
  return best;
}

// A seeded generator, so every run writes the same games.
function rng(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

const RPS = `
(role row) (role col)
(init (round 0))
(<= (legal ?p rock) (role ?p)) (<= (legal ?p paper) (role ?p)) (<= (legal ?p scissors) (role ?p))
(beats rock scissors) (beats paper rock) (beats scissors paper)
(<= (next (played ?p ?m)) (does ?p ?m))
(<= (next done) (true (round 0)))
(<= terminal (true done))
(<= (goal ?p 100) (true (played ?p ?m)) (true (played ?q ?n)) (distinct ?p ?q) (beats ?m ?n))
(<= (goal ?p 0) (true (played ?p ?m)) (true (played ?q ?n)) (distinct ?p ?q) (beats ?n ?m))
(<= (goal ?p 50) (true (played ?p ?m)) (true (played ?q ?m)) (distinct ?p ?q))
`;

test('rock-paper-scissors: 50 each, a third on every move, in words and in JSON', () => {
  const words = run(['solve', 'gdl', '-'], RPS);
  assert.equal(words.status, 0, words.stderr);
  assert.equal(words.stdout, 'row guarantees 50, col guarantees 50\n');
  const j = solve(RPS);
  assert.equal(j.algorithm, 'security');
  assert.equal(j.kind, 'simultaneous');
  assert.deepEqual(j.roles, ['row', 'col']);
  assert.deepEqual(j.security, { row: '50', col: '50' });
  const third = { rock: '1/3', paper: '1/3', scissors: '1/3' };
  assert.deepEqual(j.strategies, { row: third, col: third });
  assert.equal(j.states, 10);
  assert.equal(j.terminal_states, 9);
  assert.equal(j.edges, 9);
  assert.equal(j.stats.matrix_games, 2);
  // neither role's 3 x 3 game has a saddle point: both take the linear program
  assert.equal(j.stats.saddles, 0);
  assert.equal(j.stats.linear_programs, 2);
  assert.ok(j.stats.pivots > 0);
  assert.equal(j.maxn, undefined);
  // --algo retrograde answers the same way; a search does not solve it
  assert.deepEqual(JSON.parse(run(['solve', 'gdl', '-', '--json', '--algo', 'retrograde'], RPS).stdout).security, j.security);
  const ab = run(['solve', 'gdl', '-', '--algo', 'alphabeta'], RPS);
  assert.equal(ab.status, 2);
  assert.match(ab.stderr, /simultaneous moves|both roles have several/);
});

test("a prisoner's dilemma: each makes sure of mutual defection's 20 by defecting", () => {
  const rules = `
(role alice) (role bob)
(init start)
(<= (legal ?p cooperate) (role ?p)) (<= (legal ?p defect) (role ?p))
(<= (next (chose ?p ?m)) (does ?p ?m))
(<= (next over) (true start))
(<= terminal (true over))
(pay cooperate cooperate 60) (pay cooperate defect 0) (pay defect cooperate 100) (pay defect defect 20)
(<= (goal ?p ?v) (true (chose ?p ?m)) (true (chose ?q ?n)) (distinct ?p ?q) (pay ?m ?n ?v))
`;
  const j = solve(rules);
  assert.deepEqual(j.security, { alice: '20', bob: '20' });
  assert.deepEqual(j.strategies.alice, { cooperate: '0', defect: '1' });
  assert.deepEqual(j.strategies.bob, { cooperate: '0', defect: '1' });
  // defect against defect is a saddle point of both games: the pure bounds pin them, no linear program
  assert.equal(j.stats.matrix_games, 2);
  assert.equal(j.stats.saddles, 2);
  assert.equal(j.stats.linear_programs, 0);
  assert.equal(j.stats.pivots, 0);
});

// Matching pennies n times: the row role scores when the coins match, w
// points for two heads and 1 for two tails; its goal is 10 a point, the
// column role's the rest of 100. A round alone is worth w / (w + 1) points
// to the row role, so the game is worth 10 n w / (w + 1).
function pennies(n, w) {
  const max = n * w;
  let facts = '';
  for (let k = 0; k <= max; k++) {
    facts += `(score ${k} ${10 * k}) (rest ${k} ${100 - 10 * k}) `;
    for (const [d, e] of [
      [0, k],
      [1, k + 1],
      [w, k + w],
    ])
      if (e <= max) facts += `(plus ${k} ${d} ${e}) `;
  }
  for (let i = 0; i < n; i++) facts += `(succ ${i} ${i + 1}) `;
  return `
(role row) (role col)
(init (points 0)) (init (round 0))
(<= (legal ?p heads) (role ?p)) (<= (legal ?p tails) (role ?p))
(<= (gain ${w}) (does row heads) (does col heads))
(<= (gain 1) (does row tails) (does col tails))
(<= (gain 0) (does row heads) (does col tails))
(<= (gain 0) (does row tails) (does col heads))
(<= (next (points ?m)) (true (points ?k)) (gain ?d) (plus ?k ?d ?m))
(<= (next (round ?j)) (true (round ?i)) (succ ?i ?j))
(<= terminal (true (round ${n})))
(<= (goal row ?g) (true (points ?k)) (score ?k ?g))
(<= (goal col ?g) (true (points ?k)) (rest ?k ?g))
${facts}
`;
}

test('matching pennies played n times: the closed form, and the two values add up to 100', () => {
  for (let n = 1; n <= 5; n++) {
    // plain pennies (w = 1, goal 10 a match): 5 n each side of an even split... of 10 n points
    const plain = solve(pennies(n, 1));
    assert.equal(plain.security.row, str(Q(10 * n, 2)), `n = ${n}`);
    const j = solve(pennies(n, 2));
    const row = Q(10 * n * 2, 3);
    assert.equal(j.security.row, str(row), `n = ${n}`);
    assert.equal(j.security.col, str(sub(Q(100), row)), `n = ${n}`);
    assert.equal(str(add(parse(j.security.row), parse(j.security.col))), '100');
    // the first round's strategy: heads a third of the time (the row role), two thirds the column
    assert.deepEqual(j.strategies.row, { heads: '1/3', tails: '2/3' });
    assert.deepEqual(j.strategies.col, { heads: '1/3', tails: '2/3' });
    // every round's 2 x 2 games (c + 10 w, c; c, c + 10 for the row role) have no saddle point:
    // each state that is not terminal takes a linear program for each role
    const inner = j.states - j.terminal_states;
    assert.equal(j.stats.matrix_games, 2 * inner, `n = ${n}`);
    assert.equal(j.stats.saddles, 0, `n = ${n}`);
    assert.equal(j.stats.linear_programs, 2 * inner, `n = ${n}`);
  }
});

test('symmetric games of a constant sum are worth half the constant to each role', () => {
  const r = rng(7);
  for (let t = 0; t < 6; t++) {
    const k = 2 + r(3);
    const m = Array.from({ length: k }, () => Array(k).fill(50));
    for (let i = 0; i < k; i++)
      for (let j = i + 1; j < k; j++) {
        m[i][j] = r(101);
        m[j][i] = 100 - m[i][j];
      }
    let facts = '';
    for (let i = 0; i < k; i++) {
      facts += `(<= (legal ?p m${i}) (role ?p)) `;
      for (let j = 0; j < k; j++) facts += `(pay m${i} m${j} ${m[i][j]}) `;
    }
    const rules = `(role one) (role two) (init start) ${facts}
(<= (next (chose ?p ?m)) (does ?p ?m)) (<= (next over) (true start)) (<= terminal (true over))
(<= (goal ?p ?v) (true (chose ?p ?m)) (true (chose ?q ?n)) (distinct ?p ?q) (pay ?m ?n ?v))`;
    const j = solve(rules);
    assert.deepEqual(j.security, { one: '50', two: '50' }, JSON.stringify(m));
  }
});

// Three roles, two rounds, each choosing x or y at once; the goals of the
// 64 ends drawn at random. The brute force: each role's value at a state is
// the two-row matrix game of its moves against the other two's four joint
// moves, on the successors' values, from the ends up.
test('a three-role game against a brute force', () => {
  const r = rng(2026);
  const roles = ['a', 'b', 'c'];
  const moves = ['x', 'y'];
  const goals = new Map(); // "x y x / y y x" -> [ga, gb, gc]
  const joints = [];
  for (const p of moves) for (const q of moves) for (const s of moves) joints.push([p, q, s]);
  let facts = '';
  for (const j1 of joints)
    for (const j2 of joints) {
      const g = roles.map(() => 10 * r(11));
      goals.set(`${j1.join(' ')} ${j2.join(' ')}`, g);
      roles.forEach((role, i) => (facts += `(end ${role} ${j1.join(' ')} ${j2.join(' ')} ${g[i]})\n`));
    }
  const rules = `
(role a) (role b) (role c)
(init (round 1))
(<= (legal ?p x) (role ?p)) (<= (legal ?p y) (role ?p))
(<= (next (m1 ?p ?v)) (true (round 1)) (does ?p ?v))
(<= (next (m1 ?p ?v)) (true (m1 ?p ?v)))
(<= (next (m2 ?p ?v)) (true (round 2)) (does ?p ?v))
(<= (next (round 2)) (true (round 1)))
(<= (next over) (true (round 2)))
(<= terminal (true over))
(<= (goal ?p ?g) (true (m1 a ?a1)) (true (m1 b ?b1)) (true (m1 c ?c1))
    (true (m2 a ?a2)) (true (m2 b ?b2)) (true (m2 c ?c2)) (end ?p ?a1 ?b1 ?c1 ?a2 ?b2 ?c2 ?g))
${facts}`;
  // the brute force: value(history, role)
  const value = (hist, role) => {
    if (hist.length === 2) return Q(goals.get(hist.map((j) => j.join(' ')).join(' '))[role]);
    const rows = [[], []];
    // columns: the others' joint moves, in any fixed order
    for (const o1 of moves)
      for (const o2 of moves)
        for (let mv = 0; mv < 2; mv++) {
          const j = [];
          let k = 0;
          for (let q = 0; q < 3; q++) j.push(q === role ? moves[mv] : [o1, o2][k++]);
          rows[mv].push(value([...hist, j], role));
        }
    return twoRowValue(rows[0], rows[1]);
  };
  const j = solve(rules);
  assert.equal(j.kind, 'simultaneous');
  assert.equal(j.states, 1 + 8 + 64);
  roles.forEach((role, i) => assert.equal(j.security[role], str(value([], i)), role));
  // each strategy is a probability vector over x and y
  for (const role of roles) {
    const p = Object.values(j.strategies[role]).map(parse);
    assert.equal(p.length, 2);
    assert.equal(str(add(p[0], p[1])), '1');
  }
});

test('three roles taking turns: security values and max^n with its tie-break', () => {
  const rules = readFileSync(new URL('../gdl/games/turns3.kif', import.meta.url), 'utf8');
  const words = run(['solve', 'gdl', '-'], rules);
  assert.equal(words.stdout, 'red guarantees 30, green guarantees 20, blue guarantees 50; under max^n: red 60, green 70, blue 80\n');
  const j = solve(rules);
  assert.equal(j.kind, 'turns');
  assert.deepEqual(j.security, { red: '30', green: '20', blue: '50' });
  assert.deepEqual(j.maxn, { red: 60, green: 70, blue: 80 });
  assert.match(j.maxn_tie_break, /first legal move/);
  assert.deepEqual(j.strategies.red, { l: '0', r: '1' });
  assert.deepEqual(j.strategies.green, { noop: '1' });
});

test('refusals: a game that goes round, a role without a move; the budget exits 3', () => {
  const round =
    '(role a) (role b) (role c) (init (p)) (<= (legal ?r go) (role ?r)) (<= (next (q)) (true (p))) (<= (next (p)) (true (q))) (<= terminal (true (z)))';
  const r = run(['solve', 'gdl', '-'], round);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /^perfect-play: the game can go round: a state of depth 0 is reached again/);
  assert.equal(r.stderr.trim().split('\n').length, 1);
  const budget = run(['solve', 'gdl', '-', '--budget', '4'], RPS);
  assert.equal(budget.status, 3);
  assert.match(budget.stderr, /budget of 4 network evaluations ran out/);
  const search = run(['solve', 'gdl', '-', '--algo', 'dfpn'], round);
  assert.equal(search.status, 2);
  assert.match(search.stderr, /three roles or more: --algo auto or retrograde/);
});
