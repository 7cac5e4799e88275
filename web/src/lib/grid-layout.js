// grid-layout.js: where the cells of an n x n outcome grid sit on its canvas.
// Rows are the mouse's node, columns the cat's node; sizes in CSS pixels.

export const MAX_GRID_PX = 480;
const LABEL_GUTTER = 22; // room for row and column numbers
const MIN_LABEL_CELL = 14; // numbers only when cells are at least this big
const MIN_GLYPH_CELL = 12; // a glyph in every cell from this size on
const MIN_LINE_CELL = 5; // gaps between cells from this size on

/** The layout of an n x n grid in a square of `size` CSS pixels. */
export function gridLayout(size, n) {
  const side = Math.max(0, size);
  const labels = n > 0 && (side - LABEL_GUTTER) / n >= MIN_LABEL_CELL;
  const gutter = labels ? LABEL_GUTTER : 0;
  const cell = n > 0 ? (side - gutter) / n : 0;
  return {
    size: side,
    n,
    gutter,
    cell,
    labels,
    glyphs: cell >= MIN_GLYPH_CELL,
    lines: cell >= MIN_LINE_CELL,
  };
}

/** The cell under the point (x, y), or null outside the cells. */
export function cellAt({ n, gutter, cell }, x, y) {
  if (cell <= 0) return null;
  const cat = Math.floor((x - gutter) / cell);
  const mouse = Math.floor((y - gutter) / cell);
  if (cat < 0 || mouse < 0 || cat >= n || mouse >= n) return null;
  return { mouse, cat };
}

/** The rectangle of a cell. */
export function cellRect({ gutter, cell }, mouse, cat) {
  return { x: gutter + cat * cell, y: gutter + mouse * cell, w: cell, h: cell };
}

/** The cell one key press away from `at` (arrows, Home, End), or null for other keys. */
export function moveCell(at, key, n) {
  const { mouse, cat } = at ?? { mouse: 1, cat: 2 };
  const clamp = (v) => Math.min(n - 1, Math.max(0, v));
  switch (key) {
    case 'ArrowUp':
      return { mouse: clamp(mouse - 1), cat };
    case 'ArrowDown':
      return { mouse: clamp(mouse + 1), cat };
    case 'ArrowLeft':
      return { mouse, cat: clamp(cat - 1) };
    case 'ArrowRight':
      return { mouse, cat: clamp(cat + 1) };
    case 'Home':
      return { mouse, cat: 0 };
    case 'End':
      return { mouse, cat: n - 1 };
    case 'PageUp':
      return { mouse: 0, cat };
    case 'PageDown':
      return { mouse: n - 1, cat };
    default:
      return null;
  }
}
