// The MCTS player model (web/src/player/mcts-model.js) on real WASM traces:
// played to the end it holds the search's own root statistics; its
// iterations are the search's; stepping back undoes every event exactly
// (the start again, and any cursor reached forward equals the same cursor
// reached backward); the lit path is the iteration's selection.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bindTree } from '../../web/src/engine/binding-tree.js';
import { createPlayer } from '../../web/src/player/player.js';
import { MC, buildMctsModel } from '../../web/src/player/mcts-model.js';
import { argA, argB, kindAt } from '../../web/src/player/events.js';
import { mctsLayout } from '../../web/src/lib/mcts.js';
import { sharedEngine } from './helpers/engine.mjs';

const tree = bindTree((await sharedEngine()).kit);

const CASES = [
  ['tree', '[[3,12,8],[2,4,6],[14,5,2]]', { iterations: 200, seed: 3 }],
  ['tic-tac-toe', 'board = ["X..",".O.","..."]', { iterations: 600, seed: 9, solver: true }],
  ['predict-the-winner', 'nums = [1,5,233,7]', { iterations: 300, seed: 2, playout: 'decisive' }],
];

const snapshot = (m) => ({
  visits: [...m.visits],
  means: Array.from({ length: m.ids }, (_, u) => m.meanOf(u)),
  path: m.path(),
  proven: Array.from({ length: m.ids }, (_, u) => m.provenOf(u)),
});

for (const [game, input, opts] of CASES) {
  test(`${game}: the model at the end holds the search's statistics; back to any cursor undoes exactly`, () => {
    const r = tree.solveMcts(game, input, { traceCap: 1 << 20, solver: false, playout: 'random', ...opts });
    const model = buildMctsModel(r);
    assert.equal(model.markers.length, r.iterations, 'one marker an iteration');
    const player = createPlayer(model);
    const start = snapshot(model);
    const mid = Math.floor(model.count / 3);
    player.seek(mid);
    const forward = snapshot(model);
    player.toEnd();
    // The root's children are nodes 1 .. moves, each with the search's visits and mean.
    r.moves.forEach((m, k) => {
      assert.equal(model.visits[1 + k], m.visits, `move ${k} visits`);
      if (!m.visits) return;
      const mean = r.maxToMove ? model.meanOf(1 + k) : 1 - model.meanOf(1 + k);
      assert.ok(Math.abs(mean - m.mean) < 1e-12, `move ${k} mean ${mean} vs ${m.mean}`);
      if (m.proven !== null) assert.deepEqual(model.provenOf(1 + k), { lo: m.proven, hi: m.proven });
    });
    assert.equal(model.visits[0], r.iterations);
    assert.deepEqual([...model.finalVisits], [...model.visits], 'the static final visits are the played ones');
    player.seek(mid);
    assert.deepEqual(snapshot(model), forward, 'the same cursor reached backward');
    player.toStart();
    assert.deepEqual(snapshot(model), start, 'the start again');
  });
}

test("the lit path ends at the iteration's last selected node, and a marker ends each iteration", () => {
  const r = tree.solveMcts('tic-tac-toe', 'board = ["X..","...","..."]', { iterations: 100, seed: 4, traceCap: 1 << 20 });
  const model = buildMctsModel(r);
  const player = createPlayer(model);
  for (let k = 0; k < 30; k++) {
    player.nextMarker();
    const i = player.current;
    // the marker's iteration: the next event starts another (or ends the trace)
    assert.equal(model.iterationAt(i), k + 1);
    assert.ok(i + 1 === model.count || model.iterationAt(i + 1) === k + 2);
    let last = -1;
    for (let j = model.iterationStarts[k]; j <= i; j++) if (kindAt(model.trace, j) === MC.SELECT) last = argA(model.trace, j);
    const path = model.path();
    assert.equal(path.at(-1), last);
    assert.equal(path[0], 0);
    for (let d = 1; d < path.length; d++) assert.equal(model.parent[path[d]], path[d - 1]);
  }
  // The drawing's layout keeps only visited nodes, each below its parent.
  const placed = mctsLayout(model, 1200, model.visits);
  for (const u of placed.nodes) if (u) assert.ok(model.visits[u] > 0 && placed.nodes.includes(model.parent[u]));
  const backups = [];
  for (let j = 0; j < model.count; j++) if (kindAt(model.trace, j) === MC.BACKUP) backups.push(argB(model.trace, j));
  assert.equal(backups.length, 100);
});
