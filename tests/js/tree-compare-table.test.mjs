// Compare with the transposition table: the worker's compare request runs
// all three searches with the table, and each run's model counts the
// positions the table answered, event by event, up to the C statistics.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TREE_WORKER_GAMES } from '../../web/src/engine/tree-games.js';
import { buildTreeModel } from '../../web/src/player/tree-model.js';
import { TREE_PRESETS } from '../../web/src/lib/tree-presets.js';
import { sharedEngine } from './helpers/engine.mjs';

const eng = await sharedEngine();
const compare = (game, input, tt) => TREE_WORKER_GAMES[game](eng, { input, trace: 'auto', tt, compare: true }, () => {});

test('with the table, every compared run counts its table answers as C does, and searches fewer positions', () => {
  for (const [game, input] of [
    ['young-tableau', TREE_PRESETS['young-tableau'][2].input],
    ['tic-tac-toe', 'board = ["X..","...","..."]'],
    ['triangle-war', TREE_PRESETS['triangle-war'][4].input],
  ]) {
    const plain = compare(game, input, false);
    const table = compare(game, input, true);
    assert.equal(table.runs.length, 3);
    table.runs.forEach((run, k) => {
      assert.equal(run.tt, true, `${game} run ${k} used the table`);
      assert.equal(run.value, plain.runs[k].value, `${game} run ${k}: same value`);
      const m = buildTreeModel(run);
      assert.ok(!m.truncated);
      assert.equal(m.answersUpTo[m.count], run.stats.ttAnswers, `${game} run ${k}: answers`);
      assert.equal(buildTreeModel(plain.runs[k]).answersUpTo[plain.runs[k].trace.length / 4], 0, `${game} run ${k}: no table, no answers`);
    });
    // Minimax gains most: every transposition is searched once.
    assert.ok(table.runs[0].stats.nodes < plain.runs[0].stats.nodes, `${game}: minimax with the table searches less`);
  }
});
