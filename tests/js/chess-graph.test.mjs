// A chess table as a state graph (lib/chess-graph.js): its positions are
// the table's own (the count and the per-ply layers of the C statistics),
// each point's FEN, decoded in JS from its index entry, is a position the C
// tables answer with that point's ply and winner, and the model's picture
// at a cursor (player/chess-model.js) is exactly the positions decided by
// then, stepping either way.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { loadEngine } from '../../web/src/engine/binding.js';
import { bindChess } from '../../web/src/engine/binding-chess.js';
import { chessGraphOf, chessStateGraph, fenOfEntry, layoutChessGraph, winnerOf } from '../../web/src/lib/chess-graph.js';
import { createChessModel, pliesOf } from '../../web/src/player/chess-model.js';
import { createPlayer } from '../../web/src/player/player.js';

const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
const { default: create } = await import(new URL('pp-chess.mjs', wasmDir));
const eng = await loadEngine({ create, wasmBinary: await readFile(new URL('pp-chess.wasm', wasmDir)) });
const chess = bindChess(eng.kit);

function graphOf(material) {
  const stats = chess.buildTable(material);
  const g = chessGraphOf(chess.tableValues(material));
  return { stats, g };
}

test('KRK and KPK as points: every position once, in the layers the build reports, each FEN answering its ply and winner', () => {
  for (const material of ['KRK', 'KPK']) {
    const { stats, g } = graphOf(material);
    assert.equal(g.material, material);
    assert.equal(g.n, stats.positions.white + stats.positions.black);
    const perPly = pliesOf(stats.histogram);
    for (let ply = 0; ply < perPly.length; ply++) assert.equal(g.start[ply + 1] - g.start[ply], perPly[ply], `${material} ply ${ply}`);
    assert.equal(g.draws, stats.white_to_move.draws + stats.black_to_move.draws);
    // Every 97th position (and the first and last) probed through the C tables.
    for (let p = 0; p < g.n; p += p + 97 < g.n ? 97 : Math.max(1, g.n - 1 - p)) {
      const fen = fenOfEntry(material, g.entry[p]);
      const a = chess.solveFen(fen);
      const ply = g.ply[p];
      if (ply === 255) assert.equal(a.outcome, 'draw', fen);
      else {
        assert.equal(a.plies, ply, fen);
        const whiteWins = (a.outcome === 'win') === fen.includes(' w ');
        assert.equal(winnerOf(g, p), whiteWins ? 1 : 2, fen);
      }
    }
  }
});

test('the layout puts each layer in its own rows, in reading order, and the state graph marks the checkmates as seeds', () => {
  const { g } = graphOf('KQK');
  const layout = layoutChessGraph(g);
  const sg = chessStateGraph(g);
  assert.equal(layout.rows.length, g.start.length - 1 - g.start.slice(1).filter((v, i) => v === g.start[i]).length);
  for (let i = 1; i < g.n; i++) assert.ok(layout.y[i] > layout.y[i - 1] || (layout.y[i] === layout.y[i - 1] && layout.x[i] > layout.x[i - 1]), `position ${i}`);
  for (let v = 0; v < g.n; v++) assert.equal(sg.offsets[v + 1] === sg.offsets[v], g.ply[v] === 0, `seed ${v}`);
});

test('the model\'s picture at every cursor is the positions decided by then, forward and back', () => {
  const { stats, g } = graphOf('KRK');
  const model = createChessModel({ material: stats.material, perPly: pliesOf(stats.histogram) });
  const player = createPlayer(model);
  player.seek(5);
  model.attachGraph(g, 5);
  const check = (k) => {
    let first = 0;
    let second = 0;
    for (let p = 0; p < g.n; p++) {
      const want = g.ply[p] <= k ? winnerOf(g, p) : 0;
      if (model.values[p] !== want) assert.fail(`cursor ${k}, position ${p}: ${model.values[p]} != ${want}`);
      if (want === 1) first++;
      if (want === 2) second++;
      assert.equal(model.inQueue(p), g.ply[p] === k);
    }
    assert.deepEqual(model.decided, { first, second });
  };
  check(5);
  for (const k of [6, 20, model.count, 3, 0, 11]) {
    player.seek(k);
    check(k);
  }
  // One step back re-reads two layers: the one undone and the new frontier.
  const states = model.layerStates(10);
  assert.equal(states.length, g.start[12] - g.start[10]);
});
