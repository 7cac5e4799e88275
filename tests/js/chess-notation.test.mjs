// The page's chess notation (web/src/lib/chess.js): FEN read and written
// back, UCI moves applied (promotion, en passant, the double step's square),
// the material named as the tables name it, SAN with disambiguation, check
// and mate, and the PGN of a line. Moves and results themselves come from
// the C tables; this only names them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inCheck, materialOf, pgn, playUci, readFen, san, writeFen } from '../../web/src/lib/chess.js';

test('a FEN comes back as written (six fields, no castling)', () => {
  for (const fen of ['8/8/8/4k3/8/8/8/R3K3 w - - 0 1', '8/8/8/8/3pP3/8/8/k1K5 b - e3 0 1']) assert.equal(writeFen(readFen(fen)), fen);
  for (const bad of ['', 'x', '9/8/8/8/8/8/8/8 w', '8/8/8/8/8/8/8 w', '8/8/8/8/8/8/8/7 w', '8/8/8/8/8/8/8/8 x', 'k7/8/8/8/8/8/8/K6X w'])
    assert.equal(readFen(bad), null, bad);
});

test('moves: promotion, en passant, the double step leaves its square', () => {
  assert.equal(playUci('8/1P6/k7/8/K7/8/8/8 w - - 0 1', 'b7b8r'), '1R6/8/k7/8/K7/8/8/8 b - - 0 1');
  assert.equal(playUci('8/8/8/8/8/8/4P3/k1K5 w - - 0 1', 'e2e4'), '8/8/8/8/4P3/8/8/k1K5 b - e3 0 1');
  assert.equal(playUci('8/8/8/8/3pP3/8/8/k1K5 b - e3 0 1', 'd4e3'), '8/8/8/8/8/4p3/8/k1K5 w - - 0 1');
  assert.equal(playUci('3rk3/8/8/8/8/8/8/3QK3 w - - 0 1', 'd1d8'), '3Qk3/8/8/8/8/8/8/4K3 b - - 0 1');
});

test('the material, white first, as the tables name it', () => {
  assert.equal(materialOf('3rk3/8/8/8/8/8/8/3QK3 w - - 0 1'), 'KQKR');
  assert.equal(materialOf('8/8/8/8/3K4/8/8/kr6 b - - 0 1'), 'KKR');
  assert.equal(materialOf('8/3p4/8/4k3/8/3K4/4P3/8 w - - 0 1'), 'KPKP');
});

test('SAN: disambiguation, captures, promotion, check and mate', () => {
  const rooks = '4k3/8/8/8/8/8/8/R3K2R w - - 0 1';
  assert.equal(san(rooks, 'a1d1', ['a1d1', 'h1d1']), 'Rad1');
  assert.equal(san(rooks, 'a1a8', ['a1a8', 'h1d1']), 'Ra8+');
  const stacked = '4k3/8/8/8/R7/8/8/R3K3 w - - 0 1';
  assert.equal(san(stacked, 'a1a2', ['a1a2', 'a4a2']), 'R1a2');
  assert.equal(san('8/1P6/k7/8/K7/8/8/8 w - - 0 1', 'b7b8r', []), 'b8=R');
  assert.equal(san('8/8/8/8/3pP3/8/8/k1K5 b - e3 0 1', 'd4e3', []), 'dxe3');
  assert.equal(san('3rk3/8/8/8/8/8/8/3QK3 w - - 0 1', 'd1d8', [], false), 'Qxd8+');
  assert.equal(san('k7/8/1K6/8/8/8/8/7R w - - 0 1', 'h1h8', [], true), 'Rh8#');
  assert.equal(inCheck('k7/8/1K6/8/8/8/8/7R w - - 0 1'), false);
  assert.equal(inCheck('k6R/8/1K6/8/8/8/8/8 b - - 0 1'), true);
});

test('PGN: the start position in tags, moves numbered from the side to move', () => {
  const w = pgn('8/8/8/4k3/8/8/8/R3K3 w - - 0 1', ['Ra5+', 'Kf6', 'Kf2'], '1-0');
  assert.match(w, /\[SetUp "1"\]\n\[FEN "8\/8\/8\/4k3\/8\/8\/8\/R3K3 w - - 0 1"\]\n\n1\. Ra5\+ Kf6 2\. Kf2 1-0\n$/);
  const b = pgn('8/8/8/8/3K4/8/8/kr6 b - - 0 1', ['Rb4+', 'Kc3'], '0-1');
  assert.match(b, /\n\n1\.\.\. Rb4\+ 2\. Kc3 0-1\n$/);
});
