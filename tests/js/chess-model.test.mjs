// The chess layers' player model (player/chess-model.js) on real tables built
// by the page's WASM module: its events are the BFS plies the build reported,
// which add up to the positions decided; a mapped piece's square is decided
// at the ply the native CLI gives for that position; the trace's JSON puts
// each square at that ply with the CLI's result, and the draws apart; the
// store plays it with the moves every pillar has.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../../web/src/engine/binding.js';
import { bindChess } from '../../web/src/engine/binding-chess.js';
import { readFen, squareName, writeFen } from '../../web/src/lib/chess.js';
import { createChessModel, pliesOf } from '../../web/src/player/chess-model.js';
import { createPlayerStore } from '../../web/src/player/store.js';

const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
const cli = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));
const { default: create } = await import(new URL('pp-chess.mjs', wasmDir));
const eng = await loadEngine({ create, wasmBinary: await readFile(new URL('pp-chess.wasm', wasmDir)) });
const chess = bindChess(eng.kit);

const native = (fen) => JSON.parse(execFileSync(cli, ['solve', 'chess-endgame', fen, '--json'], { encoding: 'utf8' }));

/** The position `fen` with the piece on `from` on every empty square: [square, fen]. */
function placements(fen, from) {
  const b = readFen(fen);
  const out = [];
  for (let t = 0; t < 64; t++) {
    if (t !== from && b.pieces[t]) continue;
    const pieces = b.pieces.slice();
    pieces[t] = pieces[from];
    if (t !== from) pieces[from] = '';
    out.push([t, writeFen({ pieces, stm: b.stm, ep: -1 })]);
  }
  return out;
}

for (const [material, fen, from] of [
  ['KRK', '8/8/8/4k3/8/8/8/R3K3 w - - 0 1', 0], // the rook on a1
  ['KQKR', '3rk3/8/8/8/8/8/8/3QK3 b - - 0 1', 59], // the black rook on d8, black to move
]) {
  test(`${material}: the model's plies are the build's layers; the ${squareName(from)} piece's map decides each square at the CLI's ply`, () => {
    const built = chess.buildTable(material);
    const stats = chess.tableStats(material);
    const perPly = pliesOf(stats.histogram);
    assert.deepEqual(perPly, built.perPly.slice(0, perPly.length), 'the histogram in plies is the BFS layers');
    const model = createChessModel({ material, perPly });
    assert.equal(model.count, perPly.length - 1);
    const decided = stats.white_to_move.wins + stats.white_to_move.losses + stats.black_to_move.wins + stats.black_to_move.losses;
    assert.equal(
      perPly.reduce((a, b) => a + b, 0),
      decided,
    );

    // the map as the page asks the worker for it, checked square by square against the native CLI
    const answers = Array(64).fill(null);
    const where = placements(fen, from);
    for (const [t, f] of where) {
      try {
        const a = chess.solveFen(f);
        answers[t] = { outcome: a.outcome, dtm: a.dtm, plies: a.plies };
      } catch (err) {
        answers[t] = { error: err.message }; // the piece there leaves a king in check: no position
      }
    }
    model.setMap(answers);
    model.setView({ fen, selected: from, piece: readFen(fen).pieces[from] });
    const json = JSON.parse(model.traceJson());
    assert.equal(json.format, 'perfect-play-chess-trace');
    assert.equal(json.selected.square, squareName(from));
    assert.deepEqual(
      json.plies.map((p) => p.decided),
      perPly,
    );
    let checked = 0;
    for (const [t, f] of where.filter(([t], i) => i % 5 === 0 && !answers[t].error)) {
      const n = native(f);
      const name = squareName(t);
      if (n.outcome === 'draw') {
        assert.equal(model.decidedAt(t), -1);
        assert.ok(json.selected.draws.includes(name), `${name} is a draw`);
      } else {
        assert.equal(model.decidedAt(t), n.plies >= 1 ? n.plies - 1 : -1, `${name}: ${f}`);
        assert.equal(json.plies[n.plies].map[name], `${n.outcome === 'win' ? '+' : '-'}${n.dtm}`, `${name}: ${f}`);
        for (const p of json.plies) if (p.ply !== n.plies) assert.equal(p.map[name], undefined);
      }
      checked++;
    }
    assert.ok(checked >= 10);
    assert.equal(model.decidedAt(64), -1);
    assert.equal(model.decidedAt(-1), -1);

    // the store plays it: toDecision goes to the ply that decides a square
    const store = createPlayerStore({ raf: () => 0, cancelRaf: () => {}, now: () => 0 });
    store.load(model, { at: 'end', select: from });
    assert.equal(store.cursor.peek(), model.count);
    const win = where.find(([t]) => !answers[t].error && answers[t].outcome !== 'draw' && answers[t].plies > 2);
    assert.ok(win, 'a square the table decides after ply 2');
    assert.equal(store.toDecision(win[0]), true);
    assert.equal(store.cursor.peek(), answers[win[0]].plies);
    store.step(-1);
    assert.equal(store.cursor.peek(), answers[win[0]].plies - 1);
    store.stepDecision(1);
    assert.equal(store.cursor.peek(), answers[win[0]].plies);
    store.toStart();
    assert.equal(store.cursor.peek(), 0);
    assert.match(model.describe(-1), /^Ply 0: [\d,]+ positions decided, the side to move checkmated$/);
    assert.match(model.describe(2), /^Ply 3: [\d,]+ positions decided, the side to move mates in 2 moves$/);
  });
}

test('a model without layers has nothing to play, and a bad map is no map', () => {
  const model = createChessModel({ material: 'KQK', perPly: [] });
  assert.equal(model.count, 0);
  model.setMap([1, 2, 3]);
  assert.equal(model.map, null);
  assert.equal(JSON.parse(model.traceJson()).selected, null);
});
