// connect4-words.test.mjs: the page's Connect Four words (web/src/lib/connect4.js)
// against the definitions: the community's score of a win with the winner's
// k-th stone, inverted back to k for both sides on every board size; the
// sizes the solver takes; move sequences read as the C parser reads them
// (the same messages, checked against the native CLI on random sequences).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { C4_SIZES, columnMark, ordinal, parseSize, pickBest, readMoves, scoreWords, winningStone } from '../../web/src/lib/connect4.js';
import { rng } from './helpers/random-play.mjs';

const CLI = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));

test('every size from 4x4 to 9x9 whose bitboard fits 64 bits, and no other', () => {
  for (let w = 1; w <= 12; w++) {
    for (let h = 1; h <= 12; h++) {
      const fits = w >= 4 && w <= 9 && h >= 4 && h <= 9 && w * (h + 1) <= 64;
      assert.equal(C4_SIZES.includes(`${w}x${h}`), fits, `${w}x${h}`);
      assert.equal(parseSize(`${w}x${h}`).error === undefined, fits, `${w}x${h}`);
    }
  }
  assert.ok(C4_SIZES.includes('9x6') && C4_SIZES.includes('8x7') && !C4_SIZES.includes('9x7'));
  for (const bad of ['7x6 ', '07x6', '7X6', '', null, '7x6x1']) assert.ok(parseSize(bad).error, String(bad));
});

test("a win with the winner's k-th stone, scored by the definition, reads back as k, for both sides", () => {
  for (const size of C4_SIZES) {
    const [w, h] = size.split('x').map(Number);
    for (let n = 0; n < w * h; n++) {
      // stone n + 1 wins, played onto n stones by the side whose turn it is then
      const v = Math.floor((w * h + 1 - n) / 2);
      const winner = n % 2;
      const k = Math.floor(n / 2) + 1;
      // seen from any earlier position with s stones: positive if the winner is to move there
      for (let s = 0; s <= n; s++) {
        const score = s % 2 === winner ? v : -v;
        assert.equal(winningStone(score, w, h, s), k, `${size} n=${n} s=${s}`);
        assert.equal(scoreWords(score, w, h, s), `${'XO'[winner]} wins with its ${ordinal(k)} stone`);
      }
    }
  }
  assert.equal(scoreWords(0, 7, 6, 3), 'draw');
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal), ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']);
  assert.deepEqual([5, 0, -3, null].map(columnMark), ['+5', '0', '−3', '']);
});

test("sequences are refused with the C parser's reason, on random sequences", () => {
  const rand = rng(99);
  const chars = '0123456789x';
  let refused = 0;
  for (let i = 0; i < 60; i++) {
    const len = 1 + Math.floor(rand() * 30);
    let seq = '';
    for (let j = 0; j < len; j++) seq += chars[rand() < 0.03 ? 10 : 1 + Math.floor(rand() * (rand() < 0.05 ? 9 : 7))];
    const mine = readMoves(seq, 7, 6);
    const r = spawnSync(CLI, ['solve', 'connect-four', seq, '--algo', 'bitboard', '--budget', '1']);
    const native = r.stderr.toString();
    if (mine.error) {
      refused++;
      assert.equal(r.status, 2, seq);
      // the CLI says "move 7 ('4'): column 4 is full"; the page the same, capitalised with a full stop
      const reason = mine.error.replace(/^Move/, 'move').replace(/\.$/, '');
      assert.ok(native.includes(reason), `${seq}: ${native} / ${mine.error}`);
    } else if (!mine.four) {
      assert.notEqual(r.status, 2, `${seq}: ${native}`);
    }
  }
  assert.ok(refused > 10, 'the random sequences include refused ones');
});

test('the solver picks the most central of the best columns', () => {
  assert.equal(pickBest([1, 4, 7], 7), 4);
  assert.equal(pickBest([3, 5], 7), 3);
  assert.equal(pickBest([2, 3], 4), 2);
  assert.equal(pickBest([], 7), -1);
});
