import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useWidth } from '../../hooks/use-width.js';
import { cellAt, cellRect, gridLayout, MAX_GRID_PX, moveCell } from '../../lib/grid-layout.js';
import { cellImage, drawGrid, readPalette } from '../../lib/draw-grid.js';
import { countOutcomes, countsText, describeState, TURN_MOUSE } from '../../lib/outcomes.js';
import './outcome-grid.css';

/**
 * One n x n grid of outcomes for one player to move, on a canvas.
 * Rows are the mouse's node, columns the cat's. Pointer hover and the arrow
 * keys (once the grid has focus) show what a cell means.
 */
export function OutcomeGrid({ result, turn, title, testId, theme }) {
  const boxRef = useRef(null);
  const canvasRef = useRef(null);
  const imageRef = useRef(null); // { result, theme, image }: the cells, one pixel each
  const width = useWidth(boxRef);
  const n = result?.n ?? 0;
  const size = Math.max(0, Math.min(MAX_GRID_PX, Math.floor(width)));
  const layout = useMemo(() => gridLayout(size, n), [size, n]);
  // The cell being read: { mouse, cat, by: 'pointer' | 'key', result }. It
  // belongs to one result; a new result clears it without an effect.
  const [pointed, setFocus] = useState(null);
  const focus = pointed?.result === result ? pointed : null;

  const counts = useMemo(
    () => (result ? countOutcomes(result.outcomes, n, turn) : null),
    [result, n, turn],
  );

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || size === 0) return;
    const dpr = globalThis.devicePixelRatio || 1;
    const pixels = Math.round(size * dpr);
    if (canvas.width !== pixels) canvas.width = pixels;
    if (canvas.height !== pixels) canvas.height = pixels;
    const ctx = canvas.getContext('2d');
    if (!result) {
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      return;
    }
    const palette = readPalette(canvas);
    if (imageRef.current?.result !== result || imageRef.current.theme !== theme) {
      imageRef.current = { result, theme, image: cellImage(result.outcomes, n, turn, palette) };
    }
    const marks = [];
    if (turn === TURN_MOUSE) marks.push({ mouse: 1, cat: 2, style: 'start' });
    if (focus) marks.push({ mouse: focus.mouse, cat: focus.cat, style: 'focus' });
    drawGrid(ctx, {
      layout,
      dpr,
      image: imageRef.current.image,
      outcomes: result.outcomes,
      turn,
      palette,
      marks,
    });
  }, [result, layout, theme, focus, turn, n, size]);

  const pointAt = (event) => {
    const rect = canvasRef.current.getBoundingClientRect();
    return cellAt(layout, event.clientX - rect.left, event.clientY - rect.top);
  };
  const onPointerMove = (event) => {
    if (!result) return;
    const cell = pointAt(event);
    setFocus((f) => {
      if (!cell) return f?.by === 'pointer' ? null : f;
      if (f?.result === result && f.mouse === cell.mouse && f.cat === cell.cat) return f; // no redraw
      return { ...cell, by: 'pointer', result };
    });
  };
  const onPointerLeave = () => setFocus((f) => (f?.by === 'pointer' ? null : f));
  const onKeyDown = (event) => {
    if (!result) return;
    const next = moveCell(focus, event.key, n);
    if (!next) return;
    event.preventDefault();
    setFocus({ ...next, by: 'key', result });
  };
  const onBlur = () => setFocus((f) => (f?.by === 'key' ? null : f));

  const description = focus && result ? describeState(result, focus.mouse, focus.cat, turn) : '';
  const tip = focus && result ? tooltipPosition(layout, focus) : null;
  const countText = counts ? countsText(counts) : '…';
  const label = result
    ? `${title}: ${countText}. ${n} by ${n} grid, rows are the mouse's node, columns the cat's node. Arrow keys read one cell.`
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
          onPointerMove={onPointerMove}
          onPointerDown={onPointerMove}
          onPointerLeave={onPointerLeave}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        />
        {tip && (
          <div class="outcome-grid__tooltip" role="tooltip" style={tip} data-testid={`${testId}-tooltip`}>
            {description}
          </div>
        )}
      </div>
      <p class="visually-hidden" aria-live="polite">
        {focus?.by === 'key' ? description : ''}
      </p>
    </figure>
  );
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
