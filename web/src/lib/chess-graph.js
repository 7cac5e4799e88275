// chess-graph.js: a chess table as a state graph of points, one a position,
// laid out by the ply at which the table's retrograde BFS decides it. No
// Preact. The page draws it with the points view (components/state-graph,
// lib/draw-points.js); what is chess here is where the positions come from,
// their order, their names (FEN) and their looks.
//
// The table is one byte an index entry (c/perfect_play.h pp_tb_values):
// 0 a draw, 255 not a position, else plies to mate + 1. The positions are
// numbered in reading order, by (layer, index entry):
//
//   layer   ply 0 (checkmated) .. top, then the draws (never decided)
//   p       0 .. n - 1; layer l is p = start[l] .. start[l + 1] - 1
//
// so a layer is one slice of numbers, of the colour buffer and of the
// drawing, and a position's number is its rank in the layout.
//
// The index of an entry (c/chess/chess_index.h draws it):
//
//   idx = ((((k * 64 + bK) * 64 + s2) * 64 + s3) ...) * 2 + stm
//
//   slots: white king (k), black king, white's other pieces, black's, in
//   the material's order ("KQKR": wK bK wQ bR); k is the white king's place
//   in the triangle a1-d1-d4 (no pawns: 10 values) or rank * 4 + file (pawns).
import { materialOf, readFen, writeFen } from './chess.js';

const TRIANGLE = [0, 1, 2, 3, 9, 10, 11, 18, 19, 27]; // a1 b1 c1 d1 b2 c2 d2 c3 d3 d4
export const NOT_A_POSITION = 255;
export const DRAW_BYTE = 0;

/** The slots of a table's material ("KQKR"): [{ piece: 'K' | 'k' | 'Q' ... }], and whether it has pawns. */
export function slotsOf(material) {
  const m = /^K([QRBNP]*)K([QRBNP]*)$/.exec(material ?? '');
  if (!m) return null;
  const pieces = ['K', 'k', ...m[1], ...[...m[2]].map((c) => c.toLowerCase())];
  return { pieces, pawns: /P/i.test(material) };
}

/** The board of index entry idx of a material's table: { pieces: Array(64), stm }, or null (two pieces on a square). */
export function boardOfEntry(material, idx) {
  const slots = slotsOf(material);
  if (!slots) return null;
  const { pieces: kinds, pawns } = slots;
  const pieces = Array(64).fill('');
  const stm = idx % 2 === 0 ? 'w' : 'b';
  let rest = Math.floor(idx / 2);
  for (let i = kinds.length - 1; i >= 0; i--) {
    let sq;
    if (i > 0) {
      sq = rest % 64;
      rest = Math.floor(rest / 64);
    } else sq = pawns ? (rest >> 2) * 8 + (rest & 3) : TRIANGLE[rest];
    if (sq === undefined || pieces[sq]) return null;
    pieces[sq] = kinds[i];
  }
  return { pieces, stm, ep: -1 };
}

/** The FEN of index entry idx of a material's table, or null. */
export function fenOfEntry(material, idx) {
  const b = boardOfEntry(material, idx);
  return b ? writeFen(b) : null;
}

/** Square s under symmetry t (bit 0 mirrors the files, bit 1 the ranks, bit 2 swaps files and ranks). */
function sym(t, s) {
  let f = s & 7;
  let r = s >> 3;
  if (t & 1) f = 7 - f;
  if (t & 2) r = 7 - r;
  if (t & 4) [f, r] = [r, f];
  return r * 8 + f;
}
const TRIANGLE_OF = new Int8Array(64).fill(-1);
TRIANGLE.forEach((sq, k) => (TRIANGLE_OF[sq] = k));

/**
 * The index entry of a position of a material's table (its canonical
 * index, as c/chess/chess_index.c chi_index makes it: the least over the
 * symmetries that bring the white king into the triangle, or onto files
 * a-d with pawns, two like pieces in either order), or -1 if the FEN is
 * not one of the table's positions. A position with the colours the other
 * way round ("KKR" for KRK) is turned over first, as the tables probe it.
 */
export function entryOfFen(material, fen) {
  const slots = slotsOf(material);
  const b = readFen(fen);
  if (!slots || !b) return -1;
  let { pieces, stm } = b;
  const swap = (m) => {
    const k = m.indexOf('K', 1);
    return k < 0 ? m : m.slice(k) + m.slice(0, k);
  };
  const have = materialOf(fen);
  if (have !== material) {
    if (swap(have) !== material) return -1;
    const turned = Array(64).fill('');
    pieces.forEach((p, sq) => {
      if (p) turned[sq ^ 56] = p === p.toUpperCase() ? p.toLowerCase() : p.toUpperCase();
    });
    pieces = turned;
    stm = stm === 'w' ? 'b' : 'w';
  }
  const { pieces: kinds, pawns } = slots;
  const used = new Set();
  const squares = kinds.map((kind) => {
    const sq = pieces.findIndex((p, i) => p === kind && !used.has(i));
    used.add(sq);
    return sq;
  });
  if (squares.includes(-1)) return -1;
  let best = -1;
  for (let t = 0; t < 8; t++) {
    if (pawns ? t !== ((squares[0] & 7) > 3 ? 1 : 0) : TRIANGLE_OF[sym(t, squares[0])] < 0) continue;
    const sq = squares.map((s) => sym(t, s));
    // two like pieces: the lower square in the first slot
    for (let i = 3; i < kinds.length; i++)
      for (let j = i; j > 2 && kinds[j] === kinds[j - 1] && sq[j - 1] > sq[j]; j--) [sq[j - 1], sq[j]] = [sq[j], sq[j - 1]];
    let idx = pawns ? (sq[0] >> 3) * 4 + (sq[0] & 7) : TRIANGLE_OF[sq[0]];
    for (let i = 1; i < kinds.length; i++) idx = idx * 64 + sq[i];
    idx = idx * 2 + (stm === 'w' ? 0 : 1);
    if (best < 0 || idx < best) best = idx;
  }
  return best;
}

/** The point (position number) of a FEN in a table's graph, or -1 (not one of its positions). */
export function pointOfFen(graph, fen) {
  if (!graph || !fen) return -1;
  const e = entryOfFen(graph.material, fen);
  return e < 0 ? -1 : graph.entry.indexOf(e);
}

/**
 * The table's positions in reading order. values: the table's bytes
 * (Uint8Array), end: the entries that are positions (the rest are en
 * passant entries, not positions of their own). Returns { material, n,
 * entry: Uint32Array(n) (position -> index entry), ply: Uint8Array(n)
 * (the ply deciding it, 255: a draw), start: Int32Array(layers + 1),
 * top (the last ply), draws (how many), names: [layer name], ids: the
 * identity Int32Array(n) (the layout's order and rank, the graph's states) }.
 */
export function chessGraphOf({ material, values, end = values.length }) {
  let n = 0;
  let top = -1;
  let draws = 0;
  for (let i = 0; i < end; i++) {
    const v = values[i];
    if (v === NOT_A_POSITION) continue;
    n++;
    if (v === DRAW_BYTE) draws++;
    else if (v - 1 > top) top = v - 1;
  }
  const layers = top + 1 + (draws ? 1 : 0);
  const start = new Int32Array(layers + 1);
  for (let i = 0; i < end; i++) {
    const v = values[i];
    if (v === NOT_A_POSITION) continue;
    start[(v === DRAW_BYTE ? top + 1 : v - 1) + 1]++;
  }
  for (let l = 0; l < layers; l++) start[l + 1] += start[l];
  const fill = start.slice(0, layers);
  const entry = new Uint32Array(n);
  const ply = new Uint8Array(n);
  for (let i = 0; i < end; i++) {
    const v = values[i];
    if (v === NOT_A_POSITION) continue;
    const l = v === DRAW_BYTE ? top + 1 : v - 1;
    const p = fill[l]++;
    entry[p] = i;
    ply[p] = v === DRAW_BYTE ? 255 : l;
  }
  const names = [];
  for (let l = 0; l <= top; l++) names.push(l === 0 ? 'ply 0: checkmated (the seeds)' : `ply ${l}: ${l % 2 ? `mates in ${(l + 1) / 2}` : `mated in ${l / 2}`}`);
  if (draws) names.push('never decided (draws)');
  const ids = new Int32Array(n);
  for (let p = 0; p < n; p++) ids[p] = p;
  return { material, n, entry, ply, start, top, draws, names, ids };
}

/** Who wins position p, decided at ply: 1 white, 2 black (the look codes 'win0' and 'win1' of draw-points.js). */
export function winnerOf(graph, p) {
  const ply = graph.ply[p];
  if (ply === 255) return 0;
  const whiteToMove = graph.entry[p] % 2 === 0;
  const moverWins = ply % 2 === 1;
  return whiteToMove === moverWins ? 1 : 2;
}

const GAP = 12; // px between points at zoom 1 (state-graph.js spacingFor's for big graphs)
const LABEL_H = 18;
const MARGIN = 12;

/**
 * The points' layout, in state-graph.js layoutStateGraph's shape (x, y,
 * width, height, radius, gap, perRow, rows, order, rank, line, lines), node
 * v being position v: each layer a block of rows, about twice as wide as
 * the whole is tall, filled row by row in index order (so the white king's
 * square and the side to move make visible bands).
 */
export function layoutChessGraph(graph) {
  const { n, start, names, ids } = graph;
  const wide = Math.max(6, Math.ceil(Math.sqrt(n * 2)));
  const gap = n <= 1200 ? 18 : GAP;
  const radius = Math.max(3, Math.round(gap * 0.32));
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  const line = new Int32Array(n);
  const rows = [];
  const lines = [];
  let top = MARGIN;
  for (let l = 0; l + 1 < start.length; l++) {
    const size = start[l + 1] - start[l];
    if (size === 0) continue;
    const cols = Math.min(size, wide);
    const sub = Math.ceil(size / cols);
    const left = MARGIN + ((wide - cols) * gap) / 2;
    const y0 = top;
    top += LABEL_H;
    for (let r = 0; r < sub; r++) {
      const from = start[l] + r * cols;
      const to = Math.min(start[l + 1], from + cols);
      const ly = top + (r + 0.5) * gap;
      for (let p = from; p < to; p++) {
        x[p] = left + (p - from + 0.5) * gap;
        y[p] = ly;
        line[p] = lines.length;
      }
      lines.push({ from, to, y: ly });
    }
    top += sub * gap;
    rows.push({ layer: l, name: names[l], size, y0, y1: top, label: y0 + LABEL_H - 5 });
    top += Math.round(gap * 0.6);
  }
  return { x, y, width: MARGIN * 2 + wide * gap, height: top + MARGIN, radius, gap, perRow: wide, rows, order: ids, rank: ids, line, lines };
}

/**
 * What the points view reads as a state graph (state-graph.js's shape) for
 * a chess table: node v is state v is position v; the checkmates (ply 0,
 * the seeds) are the terminal nodes (drawn as squares). The moves are not
 * listed: a position's own move is a self-loop, so nothing is drawn for it.
 */
export function chessStateGraph(graph) {
  const { n, ids } = graph;
  const seeds = graph.top >= 0 ? graph.start[1] : 0;
  const offsets = new Int32Array(n + 1);
  for (let v = 0; v <= n; v++) offsets[v] = v > seeds ? v - seeds : 0;
  const targets = ids.subarray(seeds);
  return { count: n, state: ids, node: (s) => (Number.isInteger(s) && s >= 0 && s < n ? s : -1), offsets, targets, start: -1 };
}
