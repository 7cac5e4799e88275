// cli-connect4-book.test.mjs: the page's Connect Four opening book
// (web/src/engine/connect4-7x6.book) read by a second reader written from
// its documented format (tests/js/helpers/c4-book.mjs): its header and
// entries; every entry whose children the book holds equals the best of
// them (negamax); a random sample of its entries, among those of the most
// stones (the cheapest to search), re-solved by the CLI without the book;
// and `solve connect-four --book` answering from it, with its errors.
// PP_BOOK_SEED picks another sample (default 1). The sample's searches take
// seconds once the book reaches 8 stones (three entries then). The empty
// board's children take minutes of CPU each (2 on this machine), so entries
// of one stone are compared with the published scores of the first moves
// instead of searched again, and a book whose deepest entries have 2 to 7
// stones is re-solved on one of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bookKey, bookScore, readBook } from '../js/helpers/c4-book.mjs';
import { rng } from '../js/helpers/random-play.mjs';
import { readMoves } from '../../web/src/lib/connect4.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'build/perfect-play');
const file = join(root, 'web/src/engine/connect4-7x6.book');
const bytes = readFileSync(file);
const book = readBook(bytes);

function run(args) {
  const r = spawnSync(cli, ['solve', 'connect-four', ...args], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The book's positions as move sequences: its games walked from the empty board (the solver as X and as O). */
function entriesByMoves() {
  const found = new Map(); // key -> moves
  const walk = (moves, solverToMove, personToMove) => {
    const scores = [];
    for (let c = 1; c <= 7; c++) {
      const next = moves + c;
      const r = readMoves(next, 7, 6);
      if (r.error) continue;
      if (r.four || r.full) {
        scores.push([c, r.four ? 99 : 0, false]);
        continue;
      }
      const s = bookScore(book, next);
      if (s === null) continue;
      found.set(bookKey(next, 7, 6), next);
      scores.push([c, -s, true]);
    }
    if (scores.length < 7 - [...Array(7)].filter((_, c) => readMoves(moves + (c + 1), 7, 6).error).length) return; // the book stops here
    const best = [...scores].sort((a, b) => b[1] - a[1] || Math.abs(2 * a[0] - 8) - Math.abs(2 * b[0] - 8) || a[0] - b[0])[0];
    for (const [c, , open] of scores) {
      if (!open) continue;
      if (personToMove) walk(moves + c, true, c === best[0] && solverToMove);
      else if (solverToMove && c === best[0]) walk(moves + c, false, true);
    }
  };
  walk('', true, true);
  return found;
}

test('the book file: 7x6, its entries sorted and in range, as its header says', () => {
  assert.equal(book.w, 7);
  assert.equal(book.h, 6);
  assert.ok(book.entries.size > 0);
  assert.ok(book.depth <= 42);
  for (const [key, score] of book.entries) {
    assert.ok(key > 0n && key < 1n << 49n);
    assert.ok(Math.abs(score) <= 21);
  }
});

test("every entry is reached by the book's games; an entry whose children are all known is the best of them", () => {
  const moves = entriesByMoves();
  assert.equal(moves.size, book.entries.size, 'every entry is a position of the games');
  let checked = 0;
  for (const [key, seq] of moves) {
    const n = seq.length;
    const columns = [];
    for (let c = 1; c <= 7; c++) {
      const r = readMoves(seq + c, 7, 6);
      if (r.error) continue;
      if (r.four) columns.push(Math.floor((43 - n) / 2));
      else if (r.full) columns.push(0);
      else columns.push(bookScore(book, seq + c) === null ? null : 0 - bookScore(book, seq + c)); // 0 - 0 is 0, not -0
    }
    if (columns.includes(null)) continue;
    assert.equal(book.entries.get(key), Math.max(...columns), seq);
    checked++;
  }
  // a book complete to depth d has entries of d - 1 stones whose children are all in it, unless d <= 1
  if (book.depth >= 2) assert.ok(checked > 0);
});

// The empty 7 x 6 board's children, scored for the side to move (the second
// player), as published for the first moves by every solver of the board
// (Allis 1988, Tromp, Pons): the first player's columns score -2 -1 0 1 0 -1 -2.
const FIRST_MOVES = new Map([
  ['1', 2],
  ['2', 1],
  ['3', 0],
  ['4', -1],
  ['5', 0],
  ['6', 1],
  ['7', 2],
]);

test('a random sample of the entries of the most stones, re-solved without the book; one-stone entries equal the published scores', () => {
  const moves = [...entriesByMoves().values()];
  const most = Math.max(...moves.map((m) => m.length));
  for (const seq of moves.filter((m) => m.length === 1)) assert.equal(bookScore(book, seq), FIRST_MOVES.get(seq), seq);
  if (most < 2) return;
  const deepest = moves.filter((m) => m.length === most);
  const rand = rng(Number(process.env.PP_BOOK_SEED) || 1);
  const sample = new Set();
  while (sample.size < Math.min(most >= 8 ? 3 : 1, deepest.length)) sample.add(deepest[Math.floor(rand() * deepest.length)]);
  for (const seq of sample) {
    const r = run([seq]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(Number(r.stdout), bookScore(book, seq), seq);
  }
});

test('solve --book answers from the book; its errors name what is wrong', () => {
  const [seq] = entriesByMoves().values();
  // a budget of one position: enough with the book, far too little without it
  assert.deepEqual(run([seq, '--book', file, '--budget', '1']), { status: 0, stdout: `${bookScore(book, seq)}\n`, stderr: '' });
  assert.equal(run([seq, '--budget', '1']).status, 3);
  // the empty board, which the book holds only through its columns: its best column's score
  // (the first player wins: +1), at once; its columns the published ones
  assert.deepEqual(run(['', '--book', file, '--budget', '1']), { status: 0, stdout: '1\n', stderr: '' });
  const empty = JSON.parse(run(['', '--book', file, '--budget', '1', '--json']).stdout);
  assert.deepEqual([empty.answer, empty.best_moves, empty.columns, empty.from_book], [1, [4], [-2, -1, 0, 1, 0, -1, -2], 7]);
  assert.match(run([seq, '--book', join(root, 'no-such.book')]).stderr, /cannot read the book .*no-such\.book/);
  assert.match(run([seq, '--book', cli]).stderr, /not a Connect Four book/);
  assert.match(run([seq, '--book', file, '--weak']).stderr, /not with --weak/);
  assert.match(run([seq, '--book', file, '--algo', 'tt']).stderr, /not with .*--algo tt/);
  const small = run(['', '--book', file, '--size', '6x5']);
  assert.equal(small.status, 2);
  assert.match(small.stderr, /is for 7x6 boards, not 6x5/);
});
