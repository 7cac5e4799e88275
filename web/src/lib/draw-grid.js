// draw-grid.js: paints an outcome grid on a canvas. No Preact here.
//
//   gutter  cat 0   cat 1   ...        one cell per (mouse, cat) pair;
//          +-------+-------+--         column 0 (cat in the hole) is hatched:
//  mouse 0 |///////|   M   |           no such state exists.
//  mouse 1 |///////|   C   |  ...
//
// Cells are first painted one pixel each into an n x n image (paintCells),
// which is then scaled onto the canvas: the same code draws n = 3 and
// n = 2000, and never creates an element per cell.
import { CAT_WINS, DRAW, INVALID, MOUSE_WINS, outcomeInfo, stateId, TURN_MOUSE } from './outcomes.js';
import { cellRect } from './grid-layout.js';

/** The colours a grid uses, read from CSS custom properties (see base.css). */
export const PALETTE_VARS = {
  mouse: '--c-mouse',
  cat: '--c-cat',
  draw: '--c-draw',
  invalid: '--c-invalid',
  onMouse: '--c-on-mouse',
  onCat: '--c-on-cat',
  onDraw: '--c-on-draw',
  onInvalid: '--c-on-invalid',
  line: '--c-bg',
  text: '--c-text-muted',
  focus: '--c-focus',
  undecided: '--c-undecided',
  event: '--c-event',
  selected: '--c-selected',
};

export function readPalette(element) {
  const style = getComputedStyle(element);
  const palette = {};
  for (const [name, cssVar] of Object.entries(PALETTE_VARS)) {
    palette[name] = style.getPropertyValue(cssVar).trim() || '#888';
  }
  return palette;
}

/** A CSS colour as a little-endian RGBA word (for a Uint32Array over ImageData). */
export function colorWord(ctx, css) {
  ctx.fillStyle = '#000';
  ctx.fillStyle = css;
  const value = ctx.fillStyle; // normalised: "#rrggbb" or "rgba(r, g, b, a)"
  let r = 0,
    g = 0,
    b = 0,
    a = 255;
  if (value.startsWith('#')) {
    r = parseInt(value.slice(1, 3), 16);
    g = parseInt(value.slice(3, 5), 16);
    b = parseInt(value.slice(5, 7), 16);
  } else {
    const parts = value.match(/[\d.]+/g)?.map(Number) ?? [];
    [r = 0, g = 0, b = 0] = parts;
    if (parts.length > 3) a = Math.round(parts[3] * 255);
  }
  return ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

/** A cell's value that no search has labelled (PP_UNSEEN). */
export const UNSEEN_VALUE = 0xff;

/**
 * One pixel per cell: pixels[mouse * n + cat] = words[value of
 * (mouse, cat, turn)]. `words` is indexed by value (an outcome, or
 * UNSEEN_VALUE); the hole column is always INVALID. Cat to move, the states
 * lie row by row as the pixels do; mouse to move, they are the transpose
 * (s = cat * n + mouse), copied in tiles of TILE x TILE cells so that reads
 * and writes both stay near the last ones: a 2,000-node grid's 4 million
 * cells, cell by cell across the rows, were a long task of the page's.
 */
export function paintCells(pixels, outcomes, n, turn, words) {
  const invalid = words[INVALID];
  if (turn !== TURN_MOUSE) {
    const base = stateId(n, 0, 0, turn);
    for (let i = 0; i < n * n; i++) pixels[i] = words[outcomes[base + i]] ?? invalid;
  } else {
    for (let m0 = 0; m0 < n; m0 += TILE) {
      const m1 = Math.min(n, m0 + TILE);
      for (let c0 = 0; c0 < n; c0 += TILE) {
        const c1 = Math.min(n, c0 + TILE);
        for (let cat = c0; cat < c1; cat++) {
          const row = stateId(n, 0, cat, turn);
          for (let mouse = m0; mouse < m1; mouse++) pixels[mouse * n + cat] = words[outcomes[row + mouse]] ?? invalid;
        }
      }
    }
  }
  for (let mouse = 0; mouse < n; mouse++) pixels[mouse * n] = invalid; // the hole column
}
const TILE = 64;

/** paintCells from values already in pixel order (the hole column's included): one pass, in order. */
export function paintOrdered(pixels, values, words) {
  const invalid = words[INVALID];
  for (let i = 0; i < values.length; i++) pixels[i] = words[values[i]] ?? invalid;
}

/** The pixel of state s in its grid (row mouse, column cat). */
export function pixelOf(n, s) {
  const nn = n * n;
  if (s >= nn) return s - nn; // cat to move: s = n^2 + mouse * n + cat
  return (s % n) * n + Math.floor(s / n); // mouse to move: s = cat * n + mouse
}

/**
 * Colour words by value: the outcomes, the hole, UNSEEN_VALUE, and value 0
 * as a draw or (while a retrograde solve is still running) as undecided.
 */
export function valueWords(ctx, palette, zeroIsDraw) {
  const words = new Uint32Array(256).fill(colorWord(ctx, palette.invalid));
  words[DRAW] = colorWord(ctx, zeroIsDraw ? palette.draw : palette.undecided);
  words[MOUSE_WINS] = colorWord(ctx, palette.mouse);
  words[CAT_WINS] = colorWord(ctx, palette.cat);
  words[UNSEEN_VALUE] = colorWord(ctx, palette.undecided);
  return words;
}

const MARK_WIDTH = { focus: 3, event: 3, selected: 3, start: 2 };
const MARK_COLOR = { focus: 'focus', event: 'event', selected: 'selected', start: 'text' };

const GLYPH_COLOR = {
  [MOUSE_WINS]: 'onMouse',
  [CAT_WINS]: 'onCat',
  [DRAW]: 'onDraw',
  [INVALID]: 'onInvalid',
};

/**
 * Draws the grid: cells, the hatched hole column, gaps, glyphs, numbers and
 * the marked cells. `marks` is a list of { mouse, cat, style: 'start'|'focus' }.
 */
export function drawGrid(ctx, { layout, dpr, image, outcomes, turn, palette, marks = [], zeroIsDraw = true }) {
  const { size, n, gutter, cell } = layout;
  const side = n * cell;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, size, size);
  if (n === 0) return;

  // Step 1. The cells, scaled from one pixel each (averaged when shrinking).
  ctx.imageSmoothingEnabled = cell * dpr < 1;
  ctx.drawImage(image, gutter, gutter, side, side);

  // Step 2. The hole column: hatched, since no state has the cat there.
  if (cell * dpr >= 3) {
    ctx.save();
    ctx.beginPath();
    ctx.rect(gutter, gutter, cell, side);
    ctx.clip();
    ctx.strokeStyle = palette.onInvalid;
    ctx.lineWidth = 1;
    ctx.beginPath();
    const step = Math.min(6, Math.max(3, cell / 2));
    for (let y = -cell; y < side + cell; y += step) {
      ctx.moveTo(gutter, gutter + y + cell);
      ctx.lineTo(gutter + cell, gutter + y);
    }
    ctx.stroke();
    ctx.restore();
  }

  // Step 3. Gaps between cells, so neighbours of one colour stay countable.
  if (layout.lines) {
    ctx.strokeStyle = palette.line;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let i = 1; i < n; i++) {
      const p = gutter + i * cell;
      ctx.moveTo(p, gutter);
      ctx.lineTo(p, gutter + side);
      ctx.moveTo(gutter, p);
      ctx.lineTo(gutter + side, p);
    }
    ctx.stroke();
  }

  // Step 4. A glyph per cell, so the grid does not rely on colour alone.
  if (layout.glyphs) {
    ctx.font = `600 ${Math.min(18, Math.round(cell * 0.55))}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let mouse = 0; mouse < n; mouse++) {
      for (let cat = 0; cat < n; cat++) {
        const value = cat === 0 ? INVALID : outcomes[stateId(n, mouse, cat, turn)];
        if (value === INVALID || value === UNSEEN_VALUE) continue; // the hatch says it; nothing known
        if (value === DRAW && !zeroIsDraw) continue; // undecided so far
        ctx.fillStyle = palette[GLYPH_COLOR[value]];
        ctx.fillText(outcomeInfo(value).glyph, gutter + (cat + 0.5) * cell, gutter + (mouse + 0.5) * cell + 0.5);
      }
    }
  }

  // Step 5. Node numbers: rows are the mouse's node, columns the cat's.
  if (layout.labels) {
    ctx.fillStyle = palette.text;
    ctx.font = '11px system-ui, sans-serif';
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'center';
    for (let i = 0; i < n; i++) ctx.fillText(String(i), gutter + (i + 0.5) * cell, gutter / 2);
    ctx.textAlign = 'right';
    for (let i = 0; i < n; i++) ctx.fillText(String(i), gutter - 4, gutter + (i + 0.5) * cell);
  }

  // Step 6. Marked cells: the start, the search's path (a dot), the cells of
  // the current event, the selected state, and the keyboard/pointer focus.
  for (const mark of marks) {
    if (mark.mouse >= n || mark.cat >= n) continue;
    const r = cellRect(layout, mark.mouse, mark.cat);
    if (mark.style === 'path') {
      ctx.fillStyle = palette.event;
      const d = Math.max(2, Math.min(6, r.w / 3));
      ctx.fillRect(r.x + r.w / 2 - d / 2, r.y + r.h / 2 - d / 2, d, d);
      continue;
    }
    const min = mark.style === 'event' || mark.style === 'selected' ? 10 : 8; // stay visible on tiny cells
    const w = Math.max(r.w, min);
    const x = r.x + r.w / 2 - w / 2;
    const y = r.y + r.h / 2 - w / 2;
    ctx.lineWidth = MARK_WIDTH[mark.style] ?? 2;
    ctx.strokeStyle = palette[MARK_COLOR[mark.style]] ?? palette.text;
    if (mark.style === 'start') ctx.setLineDash([3, 2]);
    if (mark.style === 'selected') ctx.setLineDash([5, 3]);
    ctx.strokeRect(x + 1, y + 1, w - 2, w - 2);
    ctx.setLineDash([]);
  }
}
