// connect4-book.test.mjs: Connect Four's opening book through the real WASM
// (binding-connect4.js loadBook, analyse): a 5x4 book that the native CLI
// builds here (instant on that board), then games where the solver follows
// the book and the other side plays at random: every column of every
// position short of the book's depth comes from the book, equal to the
// CLI's search without it; past the book the columns are searched; an
// analysis stopped at the position's score picks the move a whole analysis
// picks, and one told the score scores every column alike; a damaged file
// is refused with the C message.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { bindConnect4 } from '../../web/src/engine/binding-connect4.js';
import { pickBest, readMoves } from '../../web/src/lib/connect4.js';
import { freshEngine } from './helpers/engine.mjs';
import { rng } from './helpers/random-play.mjs';

const CLI = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));
const W = 5;
const H = 4;
const DEPTH = 8;

const dir = mkdtempSync(join(tmpdir(), 'pp-book-'));
const file = join(dir, '5x4.book');
execFileSync(CLI, ['book', 'connect-four', String(DEPTH), file, '--size', `${W}x${H}`], { stdio: ['ignore', 'pipe', 'ignore'] });
const bytes = readFileSync(file);
rmSync(dir, { recursive: true });

const c4 = bindConnect4((await freshEngine()).kit);

function cli(moves) {
  return JSON.parse(execFileSync(CLI, ['solve', 'connect-four', '--json', '--size', `${W}x${H}`, moves], { encoding: 'utf8' }));
}

test('the book loads: its size, depth and entries as the CLI wrote them', () => {
  const info = c4.loadBook(bytes);
  assert.deepEqual(info, { w: W, h: H, depth: DEPTH, entries: (bytes.length - 16) / 4 });
  assert.deepEqual(c4.bookInfo(), info);
});

test('games against the book: every column short of its depth from the book, as the CLI searches it', () => {
  c4.loadBook(bytes);
  const rand = rng(24);
  let fromBook = 0;
  let past = 0;
  for (let game = 0; game < 8; game++) {
    const solverSide = game % 2;
    let moves = '';
    for (;;) {
      const pos = readMoves(moves, W, H);
      if (pos.four || pos.full) break;
      const a = c4.analyse(W, H, moves);
      const want = cli(moves);
      assert.deepEqual(a.columns, want.columns, moves);
      assert.equal(a.score, want.answer, moves);
      const open = a.columns.filter((v) => v !== null).length;
      if (moves.length < DEPTH) {
        // wins at once are scored without the book; every other column is in it
        const wins = a.columns.filter((v, c) => v !== null && readMoves(moves + String(c + 1), W, H).four).length;
        assert.equal(a.fromBook, open - wins, `every column of ${moves || 'the empty board'} from the book`);
        assert.equal(a.nodes, 0);
        fromBook += a.fromBook;
      } else {
        past++;
      }
      const col =
        moves.length % 2 === solverSide
          ? pickBest(a.best, W)
          : (() => {
              const free = a.columns.map((v, c) => (v === null ? -1 : c + 1)).filter((c) => c > 0);
              return free[Math.floor(rand() * free.length)];
            })();
      moves += String(col);
    }
  }
  assert.ok(fromBook > 100 && past > 10, `${fromBook} columns from the book, ${past} positions past it`);
});

test("the solver's reply, with the position's score or without, picks the whole analysis's move; with the score as a bound every column is the same; all search less", () => {
  const rand = rng(7);
  let stoppedEarly = 0;
  let bounded = 0;
  const nodes = { whole: 0, part: 0, bounded: 0, reply: 0 };
  for (let i = 0; i < 20; i++) {
    let moves = '';
    const n = 6 + Math.floor(rand() * 6);
    while (moves.length < n) {
      const free = [1, 2, 3, 4, 5].filter((c) => readMoves(moves + c, W, H).error === undefined);
      moves += String(free[Math.floor(rand() * free.length)]);
      const r = readMoves(moves, W, H);
      if (r.four || r.full) break;
    }
    const pos = readMoves(moves, W, H);
    if (pos.four || pos.full) continue;
    // each analysis from an empty table (dispose frees the solver; no book), so their counts compare
    c4.dispose();
    const whole = c4.analyse(W, H, moves);
    c4.dispose();
    const part = c4.analyse(W, H, moves, { stopAt: whole.score });
    c4.dispose();
    const atMost = c4.analyse(W, H, moves, { atMost: whole.score });
    c4.dispose();
    const reply = c4.analyse(W, H, moves, { reply: true });
    assert.equal(pickBest(part.best, W), pickBest(whole.best, W), moves);
    assert.equal(part.score, whole.score);
    assert.deepEqual([reply.best, reply.score, reply.stopped], [part.best, part.score, part.stopped], moves);
    for (let c = 0; c < W; c++) if (part.columns[c] !== null) assert.equal(part.columns[c], whole.columns[c]);
    if (part.stopped) {
      stoppedEarly++;
      assert.ok(part.columns.filter((v) => v !== null).length < whole.columns.filter((v) => v !== null).length);
    }
    assert.deepEqual(atMost.columns, whole.columns, moves);
    assert.deepEqual(atMost.best, whole.best, moves);
    bounded += whole.columns.some((v) => v !== null && v < whole.score);
    nodes.whole += whole.nodes;
    nodes.part += part.nodes;
    nodes.bounded += atMost.nodes;
    nodes.reply += reply.nodes;
  }
  assert.ok(stoppedEarly > 5, `${stoppedEarly} analyses stopped before the last column`);
  assert.ok(bounded > 5, `${bounded} positions with a column below the best`);
  assert.ok(nodes.part < nodes.whole && nodes.bounded < nodes.whole && nodes.reply < nodes.whole, JSON.stringify(nodes));
  assert.throws(() => c4.analyse(W, H, '', { stopAt: 0.5 }), /stopAt must be a whole score/);
  assert.throws(() => c4.analyse(W, H, '', { atMost: '3' }), /atMost must be a whole score/);
});

test('a damaged book is refused with the C message; the loaded one stays', () => {
  c4.loadBook(bytes);
  assert.throws(() => c4.loadBook(new Uint8Array([1, 2, 3])), /not a Connect Four book/);
  const cut = bytes.subarray(0, bytes.length - 1);
  assert.throws(() => c4.loadBook(cut), /the file has/);
  assert.equal(c4.bookInfo().depth, DEPTH);
  // the book answers only its own size
  const other = c4.analyse(7, 6, '44444413333336666662222225555551');
  assert.equal(other.fromBook, 0);
});
