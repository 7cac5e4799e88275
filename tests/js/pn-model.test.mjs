// The proof-number player's model (no Preact) against the real WASM: PN,
// PN² and df-pn give alpha-beta's value, the trace played forward and back
// leaves the picture as it was, and the proof drawn on the tree is a proof:
// one move at MAX's nodes, every move at MIN's, leaves worth the value or more.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bindTree } from '../../web/src/engine/binding-tree.js';
import { createPlayer } from '../../web/src/player/player.js';
import { PN_INF, buildPnModel, pnPositions } from '../../web/src/player/pn-model.js';
import { sharedEngine } from './helpers/engine.mjs';

const tree = bindTree((await sharedEngine()).kit);
const TEXTBOOK = '[[3,12,8],[2,4,6],[14,5,2]]';
const ALGOS = ['pn', 'pn2', 'dfpn'];
const solve = (input, algo) => tree.solvePn('tree', input, { algo, traceCap: 1 << 20 });

/** Every layout node's numbers at the player's cursor. */
const picture = (m, cursor) => Array.from({ length: m.layout.n }, (_, u) => JSON.stringify(m.numbers(u, cursor)));

/** Checks that the layout nodes `on` form a proof of value >= v on the tree. */
function assertProof(layout, kids, on, v) {
  assert.ok(on.has(0), 'the proof holds the root');
  for (const u of on) {
    const children = [...kids.list.subarray(kids.first[u], kids.first[u + 1])];
    const inside = children.filter((c) => on.has(c));
    if (layout.moves[u] === 0) assert.ok(layout.value[u] >= v, `leaf ${u} worth ${layout.value[u]} < ${v}`);
    else if (layout.player[u] === 0) assert.equal(inside.length, 1, `MAX node ${u} keeps one move`);
    else assert.equal(inside.length, children.length, `MIN node ${u} keeps every reply`);
  }
}

for (const algo of ALGOS) {
  test(`${algo}: the textbook tree and random trees, alpha-beta's value and a proof drawn on the tree`, () => {
    const inputs = [TEXTBOOK];
    for (let seed = 1; seed <= 6; seed++) inputs.push(`branching = ${1 + (seed % 3)}, depth = ${2 + (seed % 3)}, lo = 0, hi = 20, seed = ${seed}`);
    for (const input of inputs) {
      const want = tree.solveTree('tree', input, { algo: 'alphabeta' }).value;
      const r = solve(input, algo);
      assert.equal(r.value, want, input);
      assert.equal(r.truncated, false);
      const m = buildPnModel(r);
      const p = createPlayer(m);
      const start = picture(m, 0);
      p.toEnd();
      // The last proof's verdict is on the root.
      const root = m.numbers(0, m.count);
      assert.ok((root.pn === 0 && root.dn === PN_INF) || (root.pn === PN_INF && root.dn === 0), input);
      // Back to the start, one step at a time: every number as it was.
      while (p.cursor > 0) p.back();
      assert.deepEqual(picture(m, 0), start);
      if (r.proofSize > 0) {
        assertProof(r.layout, m.kids, m.proofNodes, r.value);
        assert.equal(m.proofNodes.size, r.proofSize, `${input}: a tree has no transpositions`);
      }
    }
  });
}

test("stepping df-pn: a node's numbers at a cursor are the last event about it in that threshold proof", () => {
  const r = solve(TEXTBOOK, 'dfpn');
  const m = buildPnModel(r);
  const p = createPlayer(m);
  for (let c = 1; c <= Math.min(m.count, 200); c++) {
    p.forward();
    const i = c - 1;
    if (m.kindAt(i) !== 30) continue;
    const u = m.at[m.nodeAt(i)];
    const got = m.numbers(u, c);
    assert.deepEqual([got.pn, got.dn], [m.trace[4 * i + 2] >>> 0, m.trace[4 * i + 3] >>> 0], `event ${i}`);
  }
});

test('the dot overview of a big tree: the visits folded into positions, one a path of moves, in preorder', () => {
  for (const algo of ALGOS) {
    const r = tree.solvePn('tic-tac-toe', 'board = ["X..","...","..."]', { algo, traceCap: 1 << 20, layoutCap: 0 });
    assert.equal(r.truncated, false);
    const m = buildPnModel(r);
    const pos = pnPositions(m);
    // The same position, told apart independently: the moves from the root, as text.
    const pathOf = (v) => {
      const moves = [];
      for (let u = v; u > 0; u = m.parent[u]) moves.push(m.moveOf[u]);
      return moves.reverse().join(',');
    };
    const byPath = new Map();
    for (let v = 0; v < m.ids; v++) {
      if (v > 0 && m.parent[v] < 0) continue;
      const key = pathOf(v);
      if (!byPath.has(key)) byPath.set(key, pos.posOf[v]);
      assert.equal(pos.posOf[v], byPath.get(key), `${algo}: visit ${v} (${key})`);
    }
    assert.equal(pos.ids, byPath.size, `${algo}: one dot a position`);
    assert.equal(new Set(byPath.values()).size, pos.ids, `${algo}: two positions never share a dot`);
    assert.ok(pos.ids < m.ids, `${algo}: ${m.ids} visits of ${pos.ids} positions`);
    for (let q = 1; q < pos.ids; q++) assert.ok(pos.parent[q] >= 0 && pos.parent[q] < q, `${algo}: preorder at ${q}`);
    // a position appears when its first visit does
    for (let v = 1; v < m.ids; v++) if (pos.posOf[v] >= 0) assert.ok(pos.bornAt[pos.posOf[v]] <= m.bornAt[v]);
    // the path to the event's position is the path of positions of the visit's path
    const i = m.count - 1;
    const v = m.nodeAt(i);
    assert.deepEqual(
      pos.pathTo(pos.nodeAt(i)),
      m.pathTo(v).map((u) => pos.posOf[u]),
    );
  }
});
