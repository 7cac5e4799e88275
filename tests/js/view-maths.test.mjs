// The plain modules behind the views: words, counts, grid layout, painting.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cellAt, cellRect, gridLayout, moveCell } from '../../web/src/lib/grid-layout.js';
import { paintCells } from '../../web/src/lib/draw-grid.js';
import { answerWords, countOutcomes, countsText, describeState, stateId } from '../../web/src/lib/outcomes.js';
import { graphText } from '../../web/src/lib/catmouse.js';
import { formatMs, formatShort } from '../../web/src/lib/format.js';

/** A 3-node result with hand-made outcomes, laid out through stateId. */
function tiny() {
  const n = 3;
  const outcomes = new Uint8Array(18);
  const remoteness = new Int32Array(18).fill(-1);
  const set = (m, c, t, v, r) => {
    outcomes[stateId(n, m, c, t)] = v;
    remoteness[stateId(n, m, c, t)] = r;
  };
  for (let m = 0; m < n; m++) for (let t = 0; t < 2; t++) set(m, 0, t, 3, -1);
  set(0, 1, 0, 1, 0);
  set(0, 2, 0, 1, 0);
  set(1, 1, 0, 2, 0);
  set(1, 2, 0, 2, 4);
  set(2, 1, 0, 0, -1);
  set(2, 2, 0, 2, 0);
  return { n, outcomes, remoteness };
}

test('answers in words', () => {
  assert.equal(answerWords(0), 'Draw');
  assert.equal(answerWords(1), 'Mouse wins');
  assert.equal(answerWords(2), 'Cat wins');
  assert.equal(answerWords(3), '');
});

test('counts per grid, and their caption', () => {
  const r = tiny();
  assert.deepEqual(countOutcomes(r.outcomes, 3, 0), { mouse: 2, cat: 3, draw: 1, invalid: 3 });
  assert.equal(countsText({ mouse: 12, cat: 1, draw: 0 }), '12 mouse wins · 1 cat win · 0 draws');
  assert.equal(countsText({ mouse: 1234, cat: 2, draw: 1 }), '1,234 mouse wins · 2 cat wins · 1 draw');
});

test('what a cell says', () => {
  const r = tiny();
  assert.equal(describeState(r, 1, 2, 0), '(mouse 1, cat 2, mouse to move): cat wins in 4 moves');
  assert.equal(describeState(r, 2, 1, 0), '(mouse 2, cat 1, mouse to move): draw, neither side can force a win');
  assert.match(describeState(r, 1, 0, 0), /not a state/);
  assert.match(describeState(r, 0, 2, 0), /mouse wins, it is in the hole/);
  assert.match(describeState(r, 2, 2, 0), /cat wins, it is on the mouse/);
});

test('grid layout: labels only when cells are big, hit testing round-trips', () => {
  const small = gridLayout(480, 6);
  assert.equal(small.labels, true);
  assert.equal(small.glyphs, true);
  const big = gridLayout(480, 2000);
  assert.equal(big.labels, false);
  assert.equal(big.glyphs, false);
  assert.equal(big.lines, false);
  assert.ok(big.cell > 0 && big.cell < 1);
  for (const layout of [small, big, gridLayout(300, 37)]) {
    for (const [m, c] of [
      [0, 0],
      [1, 2],
      [layout.n - 1, layout.n - 1],
    ]) {
      const r = cellRect(layout, m, c);
      assert.deepEqual(cellAt(layout, r.x + r.w / 2, r.y + r.h / 2), { mouse: m, cat: c });
    }
    assert.equal(cellAt(layout, layout.gutter - 1, layout.gutter + 1), null);
    assert.equal(cellAt(layout, layout.size + 1, layout.gutter + 1), null);
  }
});

test('arrow keys move within the grid and stop at its edges', () => {
  assert.deepEqual(moveCell(null, 'ArrowRight', 6), { mouse: 1, cat: 3 });
  assert.deepEqual(moveCell({ mouse: 0, cat: 0 }, 'ArrowUp', 6), { mouse: 0, cat: 0 });
  assert.deepEqual(moveCell({ mouse: 5, cat: 5 }, 'ArrowDown', 6), { mouse: 5, cat: 5 });
  assert.deepEqual(moveCell({ mouse: 2, cat: 2 }, 'End', 6), { mouse: 2, cat: 5 });
  assert.equal(moveCell({ mouse: 2, cat: 2 }, 'a', 6), null);
});

test('painting: row = mouse, column = cat, colour by outcome', () => {
  const r = tiny();
  const pixels = new Uint32Array(9);
  const words = [10, 11, 12, 13]; // draw, mouse, cat, invalid
  paintCells(pixels, r.outcomes, 3, 0, words);
  assert.deepEqual(Array.from(pixels), [13, 11, 11, 13, 12, 12, 13, 10, 12]);
});

test("painting in tiles gives every cell its own state's colour, both turns, grids not a multiple of the tile", () => {
  for (const n of [1, 2, 63, 64, 65, 130]) {
    const outcomes = new Uint8Array(2 * n * n);
    for (let s = 0; s < outcomes.length; s++) outcomes[s] = [0, 1, 2, 3, 0xff][(s * 7919 + (s >> 3)) % 5];
    const words = [10, 11, 12, 13]; // 0xff has no word: painted as invalid
    for (const turn of [0, 1]) {
      const pixels = new Uint32Array(n * n).fill(99);
      paintCells(pixels, outcomes, n, turn, words);
      for (let mouse = 0; mouse < n; mouse++) {
        for (let cat = 0; cat < n; cat++) {
          const want = cat === 0 ? 13 : (words[outcomes[stateId(n, mouse, cat, turn)]] ?? 13);
          assert.equal(pixels[mouse * n + cat], want, `n=${n} turn ${turn} mouse ${mouse} cat ${cat}`);
        }
      }
    }
  }
});

test('graph text and number formats', () => {
  const graph = { n: 3, offsets: Int32Array.of(0, 1, 3, 4), adjacency: Int32Array.of(2, 2, 0, 1) };
  assert.equal(graphText(graph), '[[2],[2,0],[1]]');
  assert.equal(formatShort(1_234_567), '1.2 M');
  assert.equal(formatShort(999), '999');
  assert.equal(formatMs(0.42), '0.4 ms');
  assert.equal(formatMs(1234.4), '1,234 ms');
});
