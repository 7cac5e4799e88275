// chess.js: the page's few chess facts, for drawing and naming moves only: a
// FEN read into squares and written back, a UCI move applied to it, the
// material it holds, and moves in SAN for the line and the PGN. Legal moves,
// results and depths to mate always come from the C tables (the worker).
// Squares are 0..63, a1 = 0, h8 = 63, as in c/chess/chess_board.h.

export const GLYPHS = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
const ORDER = 'KQRBNP';

export const squareName = (sq) => 'abcdefgh'[sq & 7] + String((sq >> 3) + 1);
export function squareOf(name) {
  if (!/^[a-h][1-8]$/.test(name)) return -1;
  return (name.charCodeAt(1) - 49) * 8 + (name.charCodeAt(0) - 97);
}

/** A FEN's board { pieces: Array(64) of 'K'..'p' or '', stm: 'w'|'b', ep: square or -1 }, or null if it is not one. */
export function readFen(fen) {
  if (typeof fen !== 'string' || fen.length > 100) return null;
  const fields = fen.trim().split(/\s+/);
  if (fields.length < 2) return null;
  const rows = fields[0].split('/');
  if (rows.length !== 8) return null;
  const pieces = Array(64).fill('');
  for (let r = 0; r < 8; r++) {
    let f = 0;
    for (const ch of rows[r]) {
      if (/[1-8]/.test(ch)) f += Number(ch);
      else if (/[KQRBNPkqrbnp]/.test(ch) && f < 8) pieces[(7 - r) * 8 + f++] = ch;
      else return null;
    }
    if (f !== 8) return null;
  }
  if (fields[1] !== 'w' && fields[1] !== 'b') return null;
  const ep = fields[3] && fields[3] !== '-' ? squareOf(fields[3]) : -1;
  return { pieces, stm: fields[1], ep };
}

/** The board written as a six-field FEN (no castling; clocks 0 1). */
export function writeFen({ pieces, stm, ep }) {
  const rows = [];
  for (let r = 7; r >= 0; r--) {
    let row = '';
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const p = pieces[r * 8 + f];
      if (!p) empty++;
      else {
        if (empty) row += empty;
        empty = 0;
        row += p;
      }
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return `${rows.join('/')} ${stm} - ${ep >= 0 ? squareName(ep) : '-'} 0 1`;
}

const white = (p) => p !== '' && p === p.toUpperCase();

/** The position after a UCI move ("e7e8q"), taken as legal (the tables listed it). */
export function playUci(fen, uci) {
  const b = readFen(fen);
  const from = squareOf(uci.slice(0, 2));
  const to = squareOf(uci.slice(2, 4));
  const pieces = b.pieces.slice();
  const p = pieces[from];
  const pawn = p.toUpperCase() === 'P';
  if (pawn && to === b.ep && (to & 7) !== (from & 7) && !pieces[to]) pieces[to + (white(p) ? -8 : 8)] = ''; // en passant
  pieces[to] = uci.length > 4 ? (white(p) ? uci[4].toUpperCase() : uci[4].toLowerCase()) : p;
  pieces[from] = '';
  const ep = pawn && Math.abs(to - from) === 16 ? (from + to) / 2 : -1;
  return writeFen({ pieces, stm: b.stm === 'w' ? 'b' : 'w', ep });
}

/** The material as the tables name it, white's pieces first ("KQKR"; "KKR" for a lone white king). */
export function materialOf(fen) {
  const b = readFen(fen);
  if (!b) return '';
  const side = (isWhite) =>
    b.pieces
      .filter((p) => p && white(p) === isWhite)
      .map((p) => p.toUpperCase())
      .sort((x, y) => ORDER.indexOf(x) - ORDER.indexOf(y))
      .join('');
  return side(true) + side(false);
}

/** Squares a piece on `sq` attacks on the board `pieces`. */
function attacks(pieces, sq) {
  const p = pieces[sq];
  const t = p.toUpperCase();
  const f = sq & 7;
  const r = sq >> 3;
  const out = [];
  const step = (df, dr, slide) => {
    for (let k = 1; k < 8; k++) {
      const nf = f + df * k;
      const nr = r + dr * k;
      if (nf < 0 || nf > 7 || nr < 0 || nr > 7) return;
      out.push(nr * 8 + nf);
      if (!slide || pieces[nr * 8 + nf]) return;
    }
  };
  const ROOK = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ];
  const BISHOP = [
    [1, 1],
    [1, -1],
    [-1, 1],
    [-1, -1],
  ];
  if (t === 'K') for (const [df, dr] of [...ROOK, ...BISHOP]) step(df, dr, false);
  if (t === 'N')
    for (const [df, dr] of [
      [1, 2],
      [2, 1],
      [-1, 2],
      [-2, 1],
      [1, -2],
      [2, -1],
      [-1, -2],
      [-2, -1],
    ])
      step(df, dr, false);
  if (t === 'R' || t === 'Q') for (const [df, dr] of ROOK) step(df, dr, true);
  if (t === 'B' || t === 'Q') for (const [df, dr] of BISHOP) step(df, dr, true);
  if (t === 'P') for (const df of [-1, 1]) step(df, white(p) ? 1 : -1, false);
  return out;
}

/** Is the side to move of this board in check? */
export function inCheck(fen) {
  const b = readFen(fen);
  const king = b.pieces.indexOf(b.stm === 'w' ? 'K' : 'k');
  return b.pieces.some((p, sq) => p && white(p) !== (b.stm === 'w') && attacks(b.pieces, sq).includes(king));
}

/**
 * A move in SAN ("Rb8", "exd6", "b8=R", "Kxa2", with "+" or "#"): `legal`
 * is every legal UCI of the position (for disambiguation), `mate` says the
 * move checkmates (from the tables: the reply position is mated in 0).
 */
export function san(fen, uci, legal = [], mate = false) {
  const b = readFen(fen);
  const from = squareOf(uci.slice(0, 2));
  const to = squareOf(uci.slice(2, 4));
  const p = b.pieces[from].toUpperCase();
  const capture = b.pieces[to] !== '' || (p === 'P' && (from & 7) !== (to & 7));
  let s;
  if (p === 'P') {
    s = (capture ? `${squareName(from)[0]}x` : '') + squareName(to) + (uci.length > 4 ? `=${uci[4].toUpperCase()}` : '');
  } else {
    const rivals = legal.filter((u) => u !== uci && u.slice(2, 4) === uci.slice(2, 4) && b.pieces[squareOf(u.slice(0, 2))].toUpperCase() === p);
    let dis = '';
    if (rivals.length) {
      const sameFile = rivals.some((u) => u[0] === uci[0]);
      const sameRank = rivals.some((u) => u[1] === uci[1]);
      dis = !sameFile ? uci[0] : !sameRank ? uci[1] : uci.slice(0, 2);
    }
    s = p + dis + (capture ? 'x' : '') + squareName(to);
  }
  if (mate) return `${s}#`;
  return inCheck(playUci(fen, uci)) ? `${s}+` : s;
}

/** A game in PGN from `fen` through `moves` (SAN), with a result tag. */
export function pgn(fen, moves, result = '*') {
  const b = readFen(fen);
  const tags = [
    ['Event', 'Perfect Play: endgame table line'],
    ['Site', '-'],
    ['Result', result],
    ['SetUp', '1'],
    ['FEN', fen],
  ];
  let n = 1;
  let text = '';
  moves.forEach((m, i) => {
    const blackFirst = b.stm === 'b';
    const whiteMove = blackFirst ? i % 2 === 1 : i % 2 === 0;
    if (i === 0 && blackFirst) text += `${n}... `;
    else if (whiteMove) text += `${n}. `;
    text += `${m} `;
    if (!whiteMove) n++;
  });
  return `${tags.map(([k, v]) => `[${k} "${v}"]`).join('\n')}\n\n${text}${result}\n`;
}
