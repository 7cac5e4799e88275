import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useWidth } from '../../hooks/use-width.js';
import { cellAt, cellRect, gridLayout, MAX_GRID_PX, moveCell } from '../../lib/grid-layout.js';
import { drawGrid, paintCells, paintOrdered, pixelOf, readPalette, valueWords } from '../../lib/draw-grid.js';
import { countsText, stateId, stateOf, TURN_MOUSE } from '../../lib/outcomes.js';
import { nextTask } from '../../lib/next-task.js';
import { describeCell } from '../../player/describe.js';
import './outcome-grid.css';

const MAX_PATH_MARKS = 400;

/** Whether value 0 means a draw in this view (else: undecided so far). */
export function zeroIsDrawFor(model, cursor) {
  if (!model) return true;
  if (model.algo !== 'retrograde' && model.algo !== 'layers') return true; // searches label draws; 'final' is done
  return cursor === model.count && !model.truncated;
}

/**
 * One n x n grid of states for one player to move, on a canvas, coloured as
 * the player's cursor has them. Rows are the mouse's node, columns the
 * cat's. The cells change one by one as events are applied (never a full
 * repaint while playing), so a 1,000-node grid plays as smoothly as a small one.
 * Hover or arrow keys read a cell; a click or Enter selects it everywhere.
 */
export function OutcomeGrid({ store, turn, title, testId, theme, truth }) {
  const boxRef = useRef(null);
  const canvasRef = useRef(null);
  const paintRef = useRef(null); // the n x n image and what it shows
  const width = useWidth(boxRef);
  const model = store.model.value;
  const cursor = store.cursor.value;
  const selected = store.selected.value;
  const n = model?.graph.n ?? 0;
  const size = Math.max(0, Math.min(MAX_GRID_PX, Math.floor(width)));
  const layout = useMemo(() => gridLayout(size, n), [size, n]);
  const zeroIsDraw = zeroIsDrawFor(model, cursor);
  // The cell being read: { mouse, cat, by: 'pointer' | 'key', model }.
  const [pointed, setFocus] = useState(null);
  const focus = pointed?.model === model ? pointed : null;
  // Bumped when a picture painted in slices is whole (paintImage), to draw it.
  const [sliced, setSliced] = useState(0);
  useEffect(() => () => (paintRef.current = null), []); // stops a paint in slices

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || size === 0) return;
    const dpr = globalThis.devicePixelRatio || 1;
    const pixels = Math.round(size * dpr);
    if (canvas.width !== pixels) canvas.width = pixels;
    if (canvas.height !== pixels) canvas.height = pixels;
    const ctx = canvas.getContext('2d');
    if (!model) {
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      return;
    }
    const palette = readPalette(canvas);
    const image = paintImage(paintRef, { model, cursor, turn, theme, zeroIsDraw, palette, whole: () => setSliced((k) => k + 1) });
    if (!image) {
      // A big grid's first picture, still being painted: blank until it is whole, never the last model's.
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      delete canvas.dataset.painted;
      return;
    }
    const marks = [];
    if (turn === TURN_MOUSE) marks.push({ mouse: 1, cat: 2, style: 'start' });
    const mine = (s) => s >= 0 && (s >= n * n ? 1 : 0) === turn;
    if (model.onPath && model.depth > 0) {
      for (let d = Math.max(0, model.depth - MAX_PATH_MARKS); d < model.depth; d++) {
        const s = model.path[d];
        if (mine(s)) marks.push({ ...stateOf(n, s), style: 'path' });
      }
    }
    for (const s of model.touched(cursor - 1)) if (mine(s)) marks.push({ ...stateOf(n, s), style: 'event' });
    if (mine(selected)) marks.push({ ...stateOf(n, selected), style: 'selected' });
    if (focus) marks.push({ mouse: focus.mouse, cat: focus.cat, style: 'focus' });
    drawGrid(ctx, { layout, dpr, image, outcomes: model.values, turn, palette, marks, zeroIsDraw });
    canvas.dataset.painted = String(cursor); // for tests: the picture is up to date
  }, [model, cursor, selected, layout, theme, focus, turn, n, size, zeroIsDraw, sliced]);

  const counts = model ? model.turnCounts(turn) : null;
  let countText = '…';
  if (counts) {
    const draw = counts.draw + (zeroIsDraw && model.algo !== 'naive-dfs' && model.algo !== 'memo-dfs' ? counts.open : 0);
    const open = counts.open - (draw - counts.draw);
    countText = countsText({ mouse: counts.mouse, cat: counts.cat, draw });
    if (open > 0)
      countText +=
        model.algo === 'retrograde' || model.algo === 'layers'
          ? ` · ${open.toLocaleString('en-US')} undecided`
          : ` · ${open.toLocaleString('en-US')} not labelled`;
  }

  const pointAt = (event) => {
    const rect = canvasRef.current.getBoundingClientRect();
    return cellAt(layout, event.clientX - rect.left, event.clientY - rect.top);
  };
  const onPointerMove = (event) => {
    if (!model) return;
    const cell = pointAt(event);
    setFocus((f) => {
      if (!cell) return f?.by === 'pointer' ? null : f;
      if (f?.model === model && f.mouse === cell.mouse && f.cat === cell.cat) return f; // no redraw
      return { ...cell, by: 'pointer', model };
    });
  };
  const onClick = (event) => {
    const cell = model && pointAt(event);
    if (cell && cell.cat !== 0) store.select(stateId(n, cell.mouse, cell.cat, turn));
  };
  const onPointerLeave = () => setFocus((f) => (f?.by === 'pointer' ? null : f));
  const onKeyDown = (event) => {
    if (!model) return;
    if ((event.key === 'Enter' || event.key === ' ') && focus) {
      event.preventDefault();
      if (focus.cat !== 0) store.select(stateId(n, focus.mouse, focus.cat, turn));
      return;
    }
    const next = moveCell(focus, event.key, n);
    if (!next) return;
    event.preventDefault();
    setFocus({ ...next, by: 'key', model });
  };
  const onBlur = () => setFocus((f) => (f?.by === 'key' ? null : f));

  const focusState = focus ? stateId(n, focus.mouse, focus.cat, turn) : -1;
  const description = focus && model ? describeCell({ model, zeroIsDraw, truth }, focusState) : null;
  const tip = focus && model ? tooltipPosition(layout, focus) : null;
  const label = model
    ? `${title}: ${countText}. ${n} by ${n} grid, rows are the mouse's node, columns the cat's node. Arrow keys read one cell, Enter selects it.`
    : `${title}: not solved yet`;

  return (
    <figure class="outcome-grid" data-testid={testId}>
      <figcaption class="outcome-grid__caption">
        <span class="outcome-grid__title">{title}</span>
        <span class="outcome-grid__counts" data-testid={`${testId}-counts`}>
          {countText}
        </span>
      </figcaption>
      <p class="outcome-grid__axes" aria-hidden="true">
        rows: mouse's node ↓ · columns: cat's node →
      </p>
      <div class="outcome-grid__box" ref={boxRef}>
        <canvas
          ref={canvasRef}
          class="outcome-grid__canvas"
          style={{ width: `${size}px`, height: `${size}px` }}
          role="img"
          aria-label={label}
          tabIndex={0}
          data-cursor={cursor}
          onPointerMove={onPointerMove}
          onPointerDown={onPointerMove}
          onClick={onClick}
          onPointerLeave={onPointerLeave}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        />
        {tip && (
          <div class="outcome-grid__tooltip" role="tooltip" style={tip} data-testid={`${testId}-tooltip`}>
            <span data-testid={`${testId}-tooltip-text`}>{description.text}</span>
            {description.detail && <span class="outcome-grid__detail">{description.detail}</span>}
          </div>
        )}
      </div>
      <p class="visually-hidden" aria-live="polite">
        {focus?.by === 'key' && description ? `${description.text}. ${description.detail}` : ''}
      </p>
    </figure>
  );
}

/**
 * Brings the n x n image (one pixel per cell) up to the cursor: a full paint
 * for a new model, theme or meaning of 0; else only the cells the events
 * between the last cursor and this one decided (or undid), and only the
 * rectangle around them is sent to the canvas. Returns null while a full
 * paint goes on in slices: a big layer model's grid as the worker laid it
 * out (layer-model.js gridValues), SLICE_CELLS cells a task, so that 4
 * million cells are not one long task as an answer lands; whole() is
 * called once it is done.
 */
function paintImage(ref, { model, cursor, turn, theme, zeroIsDraw, palette, whole }) {
  const n = model.graph.n;
  let p = ref.current;
  if (!p || p.model !== model || p.theme !== theme || p.zeroIsDraw !== zeroIsDraw || p.n !== n) {
    const canvas = p?.n === n ? p.canvas : document.createElement('canvas');
    canvas.width = n;
    canvas.height = n;
    const ctx = canvas.getContext('2d');
    const data = ctx.createImageData(n, n);
    const words = valueWords(ctx, palette, zeroIsDraw);
    p = { model, theme, zeroIsDraw, n, canvas, ctx, data, words, pixels: new Uint32Array(data.data.buffer), cursor };
    ref.current = p;
    const ordered = model.gridValues?.(turn); // the picture as made
    if (ordered) p.cursor = model.madeAt;
    if (ordered && n * n > SLICE_CELLS) {
      paintInSlices(ref, p, ordered, whole);
      return null;
    }
    if (ordered) paintOrdered(p.pixels, ordered, words);
    else paintCells(p.pixels, model.values, n, turn, words);
    ctx.putImageData(data, 0, 0);
    return canvas;
  }
  if (p.slicing) return null;
  if (p.cursor === cursor) return p.canvas;
  const lo = Math.min(p.cursor, cursor);
  const hi = Math.max(p.cursor, cursor);
  p.cursor = cursor;
  if (hi - lo > n * n) {
    paintCells(p.pixels, model.values, n, turn, p.words);
    p.ctx.putImageData(p.data, 0, 0);
    return p.canvas;
  }
  const nn = n * n;
  let x0 = n;
  let y0 = n;
  let x1 = -1;
  let y1 = -1;
  const paint = (s) => {
    if (s < 0 || (s >= nn ? 1 : 0) !== turn) return;
    const px = pixelOf(n, s);
    p.pixels[px] = p.words[model.values[s]];
    const y = Math.floor(px / n);
    const x = px - y * n;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  };
  for (let i = lo; i < hi; i++) {
    if (model.layerStates) {
      for (const s of model.layerStates(i)) paint(s); // a layer: many states a step (layer-model.js)
    } else {
      paint(model.paintedBy(i));
    }
  }
  if (x1 >= 0) p.ctx.putImageData(p.data, 0, 0, x0, y0, x1 - x0 + 1, y1 - y0 + 1);
  return p.canvas;
}

const SLICE_CELLS = 1 << 19;

/** Paints p's image from `ordered` (pixel order) a band of rows a task; stops once ref holds another picture. */
async function paintInSlices(ref, p, ordered, whole) {
  const { n, pixels, ctx, data, words } = p;
  p.slicing = true;
  const rows = Math.max(1, Math.floor(SLICE_CELLS / n));
  for (let y = 0; y < n; y += rows) {
    await nextTask();
    if (ref.current !== p) return;
    const end = Math.min(n, y + rows);
    paintOrdered(pixels.subarray(y * n, end * n), ordered.subarray(y * n, end * n), words);
    ctx.putImageData(data, 0, 0, 0, y, n, end - y);
  }
  p.slicing = false;
  whole();
}

/** Beside the cell, on whichever side has more room. */
function tooltipPosition(layout, { mouse, cat }) {
  const r = cellRect(layout, mouse, cat);
  const style = {};
  const cx = r.x + r.w / 2;
  if (cx > layout.size / 2) style.right = `${Math.round(layout.size - r.x + 4)}px`;
  else style.left = `${Math.round(r.x + r.w + 4)}px`;
  if (r.y > layout.size / 2) style.bottom = `${Math.round(layout.size - r.y)}px`;
  else style.top = `${Math.round(r.y + r.h)}px`;
  return style;
}
