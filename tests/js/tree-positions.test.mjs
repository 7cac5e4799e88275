// 一双木棋, Triangle War and the board chase in the page: the WASM engine's
// answers equal the native CLI's on the judges' samples and on random small
// positions (every algorithm and option), and the page's position drawing
// (lib/tree-positions.js) replays the same tree as C: node by node, the same
// parent, number of moves, player to move and leaf value.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { bindTree } from '../../web/src/engine/binding-tree.js';
import { POSITION_GAMES, judgeAnswer, positionAfter } from '../../web/src/lib/tree-positions.js';
import { TREE_PRESETS } from '../../web/src/lib/tree-presets.js';
import { sharedEngine } from './helpers/engine.mjs';

const tree = bindTree((await sharedEngine()).kit);

/** The CLI's JSON answer and value for a game and input. */
function cli(game, input, args = []) {
  const out = execFileSync('build/perfect-play', ['solve', game, input, '--json', ...args], { encoding: 'utf8' });
  return JSON.parse(out);
}

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const int = (rand, lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));

/** Random small positions of each game, as the CLI and the page read them. */
function randomInputs(rand) {
  const out = [];
  for (let k = 0; k < 8; k++) {
    const n = int(rand, 1, 3);
    const m = int(rand, 1, 3);
    const grid = () => JSON.stringify(Array.from({ length: n }, () => Array.from({ length: m }, () => int(rand, 0, 20))));
    out.push(['young-tableau', `a = ${grid()}, b = ${grid()}`]);
  }
  for (let k = 0; k < 8; k++) {
    // A game 11 to 15 lines in, drawn in a random order.
    const order = [...Array(18).keys()].sort(() => rand() - 0.5).slice(0, int(rand, 11, 15));
    const pegs = [
      [1, 2],
      [1, 3],
      [2, 3],
      [2, 4],
      [2, 5],
      [3, 5],
      [3, 6],
      [4, 5],
      [5, 6],
      [4, 7],
      [4, 8],
      [5, 8],
      [5, 9],
      [6, 9],
      [6, 10],
      [7, 8],
      [8, 9],
      [9, 10],
    ];
    out.push(['triangle-war', `moves = ${JSON.stringify(order.map((e) => pegs[e]))}`]);
  }
  for (let k = 0; k < 8; k++) {
    const n = int(rand, 2, 3);
    let w;
    let b;
    do {
      w = [int(rand, 1, n), int(rand, 1, n)];
      b = [int(rand, 1, n), int(rand, 1, n)];
    } while (w[0] === b[0] && w[1] === b[1]);
    out.push(['board-chase', `n = ${n}, white = [${w}], black = [${b}]`]);
  }
  return out;
}

const OPTIONS = [
  { algo: 'minimax', args: ['--algo', 'minimax'] },
  { algo: 'alphabeta', args: [] },
  { algo: 'alphabeta-soft', order: 'best', args: ['--algo', 'alphabeta-soft', '--order', 'best'] },
  { algo: 'alphabeta', order: 'worst', tt: true, args: ['--order', 'worst', '--tt'] },
];

test('the presets: the page engine answers as the CLI, in the judges words', () => {
  for (const game of ['young-tableau', 'triangle-war', 'board-chase']) {
    assert.ok(TREE_PRESETS[game].length >= 2, game);
    for (const { input } of TREE_PRESETS[game]) {
      const want = cli(game, input, ['--tt']);
      const got = tree.solveTree(game, input, { tt: true, layoutCap: 0 });
      assert.equal(got.value, want.value, `${game} ${input}`);
      const words = String(want.answer);
      assert.equal(judgeAnswer(game, got.value).replace(/ wins\.$/, ''), words, `${game} ${input}`);
    }
  }
  // The judges' own samples are among them, with the judges' answers.
  const has = (game, input, answer) => {
    const p = TREE_PRESETS[game].find((x) => x.input === input);
    assert.ok(p, `${game} preset ${input}`);
    assert.equal(judgeAnswer(game, tree.solveTree(game, input, { tt: true, layoutCap: 0 }).value), answer);
  };
  has('young-tableau', 'a = [[2,7,3],[9,1,2]], b = [[3,7,2],[2,3,1]]', '2');
  has('triangle-war', 'moves = [[2,4],[4,5],[5,9],[3,6],[2,5],[3,5]]', 'B wins.');
  has('triangle-war', 'moves = [[2,4],[4,5],[5,9],[3,6],[2,5],[3,5],[7,8]]', 'A wins.');
  has('board-chase', 'n = 2, white = [1,1], black = [2,2]', 'BLACK 2');
});

test('random small positions: every algorithm agrees with the CLI', () => {
  for (const [game, input] of randomInputs(rng(11))) {
    for (const o of OPTIONS) {
      const want = cli(game, input, o.args);
      const got = tree.solveTree(game, input, { algo: o.algo, order: o.order ?? 'given', tt: Boolean(o.tt), layoutCap: 0 });
      assert.equal(got.value, want.value, `${game} ${input} ${o.args.join(' ')}`);
      assert.equal(got.stats.nodes, want.stats.nodes, `${game} ${input} ${o.args.join(' ')}: nodes`);
    }
  }
});

test('the page replays the same trees as C, node by node', () => {
  for (const [game, input] of randomInputs(rng(5))) {
    const { layout } = tree.solveTree(game, input, { layoutCap: 20_000 });
    if (!layout) continue;
    const g = POSITION_GAMES[game];
    // Walk layout nodes in preorder with the path of move indices to each.
    const path = [[]];
    const nextKid = new Int32Array(layout.n);
    for (let u = 0; u < layout.n; u++) {
      if (u > 0) {
        const p = layout.parent[u];
        path[u] = [...path[p], nextKid[p]++];
      }
      const pos = positionAfter(game, input, path[u]);
      assert.ok(pos, `${game} ${input} node ${u}`);
      const leaf = g.leaf(pos);
      assert.equal(g.player(pos), layout.player[u], `${game} ${input} node ${u}: player`);
      assert.equal(leaf === null ? g.moves(pos).length : 0, layout.moves[u], `${game} ${input} node ${u}: moves`);
      if (leaf !== null) assert.equal(leaf, layout.value[u], `${game} ${input} node ${u}: value`);
    }
  }
});

test('bad positions are refused in the CLI words', () => {
  const refused = (game, input, words) =>
    assert.throws(
      () => tree.solveTree(game, input),
      (e) => e.message.includes(words),
      input,
    );
  refused('young-tableau', 'a = [[1,2],[3,4]], b = [[1,2]]', 'b is 1 x 2 but a is 2 x 2');
  refused('triangle-war', 'moves = [[2,4],[4,6]]', 'move 2: 4-6 is not a line of the grid');
  refused('board-chase', 'n = 3, white = [2,2], black = [2,2]', 'both pieces are on (2,2)');
});
