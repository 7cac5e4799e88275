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
import { chessGraphOf, chessStateGraph, entryOfFen, fenOfEntry, layoutChessGraph, pointOfFen, winnerOf } from '../../web/src/lib/chess-graph.js';
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

test("the model's picture at every cursor is the positions decided by then, forward and back", () => {
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
    assert.deepEqual(model.decided, { first, second, wins: [first, second] });
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

test('a FEN finds its point: every position of KRK and of KBBK, turned by every symmetry and with the colours swapped, is the entry it was decoded from', () => {
  const turn = (fen, t, colours) => {
    const [board, stm] = fen.split(' ');
    const pieces = Array(64).fill('');
    board.split('/').forEach((row, r) => {
      let f = 0;
      for (const ch of row) {
        if (/\d/.test(ch)) f += Number(ch);
        else pieces[(7 - r) * 8 + f++] = ch;
      }
    });
    const out = Array(64).fill('');
    pieces.forEach((p, s) => {
      if (!p) return;
      let f = s & 7;
      let r = s >> 3;
      if (t & 1) f = 7 - f;
      if (t & 2) r = 7 - r;
      if (t & 4) [f, r] = [r, f];
      if (colours) r = 7 - r;
      out[r * 8 + f] = colours ? (p === p.toUpperCase() ? p.toLowerCase() : p.toUpperCase()) : p;
    });
    const rows = [];
    for (let r = 7; r >= 0; r--)
      rows.push(
        out
          .slice(r * 8, r * 8 + 8)
          .map((p) => p || '1')
          .join('')
          .replace(/1+/g, (m) => String(m.length)),
      );
    return `${rows.join('/')} ${colours ? (stm === 'w' ? 'b' : 'w') : stm} - - 0 1`;
  };
  for (const material of ['KRK', 'KBBK']) {
    const { g } = graphOf(material);
    for (let p = 0; p < g.n; p += 37) {
      const fen = fenOfEntry(material, g.entry[p]);
      for (let t = 0; t < 8; t++) {
        for (const colours of [false, true]) {
          const other = turn(fen, t, colours);
          assert.equal(entryOfFen(material, other), g.entry[p], `${fen} as ${other}`);
        }
      }
      assert.equal(pointOfFen(g, fen), p);
    }
  }
  // KPK: the mirror of the files only (pawns go one way).
  const { g } = graphOf('KPK');
  for (let p = 0; p < g.n; p += 53) {
    const fen = fenOfEntry('KPK', g.entry[p]);
    assert.equal(entryOfFen('KPK', turn(fen, 1, false)), g.entry[p], fen);
  }
  assert.equal(entryOfFen('KRK', '8/8/8/4k3/8/8/8/Q3K3 w - - 0 1'), -1); // another table
});
