// c4-book.mjs: Connect Four's opening book file read in plain JavaScript,
// from the format drawn in c/connect4/connect4_book.c (a second reader, so
// the tests check the C library's file against its documentation): the
// header, the entries, and the key of a position.

/** { w, h, depth, entries: Map(key (BigInt) -> score) } from a book file's bytes. */
export function readBook(bytes) {
  const d = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (new TextDecoder().decode(d.subarray(0, 8)) !== 'PPC4BOOK' || d[8] !== 1) throw new Error('not a version 1 Connect Four book');
  const w = d[9];
  const h = d[10];
  const depth = d[11];
  const n = d[12] | (d[13] << 8) | (d[14] << 16) | (d[15] << 24);
  const eb = Math.ceil((w * (h + 1) + 7) / 8);
  if (d.length !== 16 + n * eb) throw new Error(`${d.length} bytes for ${n} entries of ${eb}`);
  const entries = new Map();
  for (let i = 0; i < n; i++) {
    let e = 0n;
    for (let k = eb - 1; k >= 0; k--) e = (e << 8n) | BigInt(d[16 + i * eb + k]);
    entries.set(e >> 7n, Number(e & 127n) - 64);
  }
  return { w, h, depth, entries };
}

/** The book's key of the position `moves` (1-based columns): the smaller of its key and its mirror's. */
export function bookKey(moves, w, h) {
  const heights = new Array(w).fill(0);
  const stones = [[], []]; // bit numbers of each player's stones
  for (let i = 0; i < moves.length; i++) {
    const c = Number(moves[i]) - 1;
    stones[i % 2].push(c * (h + 1) + heights[c]++);
  }
  const toMove = moves.length % 2;
  const keyOf = (mirror) => {
    const bit = (b) => {
      const c = Math.floor(b / (h + 1));
      const r = b % (h + 1);
      return 1n << BigInt((mirror ? w - 1 - c : c) * (h + 1) + r);
    };
    let key = 0n;
    for (const b of stones[toMove]) key += bit(b); // the side to move's stones
    for (const b of [...stones[0], ...stones[1]]) key += bit(b); // all stones
    for (let c = 0; c < w; c++) key += 1n << BigInt(c * (h + 1)); // every column's bottom
    return key;
  };
  const a = keyOf(false);
  const b = keyOf(true);
  return a < b ? a : b;
}

/** The book's score of `moves` (side to move), or null. */
export function bookScore(book, moves) {
  const v = book.entries.get(bookKey(moves, book.w, book.h));
  return v === undefined ? null : v;
}
