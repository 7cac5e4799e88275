import { useEffect, useMemo, useRef } from 'preact/hooks';
import { lowerBound } from '../../player/events.js';
import { cellName, choiceShort, tableLayout, valueText, isBoolean } from '../../lib/dp-view.js';
import { ZoomPan } from '../zoom-pan/index.jsx';

const CW = 46; // a cell's width and height in SVG units
const CH = 36;
const PAD = 34; // room for the row and column labels

/**
 * The DP table as the recurrence sees it, filled as far as the cursor: SVG
 * cells for small tables (with the arrows of the cells read), a canvas of one
 * pixel per cell for large ones.
 */
export function DpTable({ model, cursor, focus, current, onSelect, theme }) {
  const result = model.result;
  const layout = useMemo(() => tableLayout(result), [result]);
  if (layout.svg) return <SvgTable model={model} layout={layout} cursor={cursor} focus={focus} current={current} onSelect={onSelect} />;
  return <CanvasTable model={model} layout={layout} cursor={cursor} focus={focus} current={current} onSelect={onSelect} theme={theme} />;
}

function SvgTable({ model, layout, cursor, focus, current, onSelect }) {
  const result = model.result;
  const arrowCell = focus >= 0 ? focus : current;
  const arrows = arrowCell >= 0 ? model.arrowsInto(arrowCell, cursor) : [];
  const marks = arrowCell >= 0 && result.algo === 'sieve' ? model.marksFrom(arrowCell, cursor) : [];
  const read = new Set(arrows.map((a) => a.from));
  const w = PAD + layout.width * CW + 4;
  const h = PAD + layout.height * CH + 4;
  const center = (c) => {
    const [x, y] = layout.at(c);
    return [PAD + x * CW + CW / 2, PAD + y * CH + CH / 2];
  };
  const bool = isBoolean(result);
  return (
    <ZoomPan label="DP table" testid="dp-table" boxClass="dp-table__scroll" boxTestid="dp-table-scroll">
      {(scale) => (
        <svg
          class="dp-table"
          viewBox={`0 0 ${w} ${h}`}
          width={w * scale}
          height={h * scale}
          data-scale={scale}
          role="group"
          aria-label={`DP table, ${model.filledCount} of ${model.markers.length} cells filled`}
          data-testid="dp-table"
        >
          <defs>
            <marker id="dp-arrow-head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" class="dp-table__head" />
            </marker>
          </defs>
          {Array.from({ length: layout.width }, (_, x) => (
            <text class="dp-table__label" x={PAD + x * CW + CW / 2} y={PAD - 10} text-anchor="middle">
              {layout.colLabel(x)}
            </text>
          ))}
          {Array.from({ length: layout.height }, (_, y) => (
            <text class="dp-table__label" x={PAD - 4} y={PAD + y * CH + CH / 2 + 4} text-anchor="end">
              {layout.rowLabel(y)}
            </text>
          ))}
          {layout.cells.map((c) => {
            const [x, y] = layout.at(c);
            const filled = model.filled[c] === 1;
            const state = c === current ? 'current' : read.has(c) ? 'read' : filled ? 'filled' : 'empty';
            const v = result.values[c];
            const cls = [
              'dp-cell',
              `dp-cell--${state}`,
              filled && bool ? (v ? 'dp-cell--win' : 'dp-cell--lose') : '',
              c === focus ? 'dp-cell--selected' : '',
            ].join(' ');
            return (
              <g
                class={cls}
                role="button"
                tabIndex={-1}
                aria-label={`${cellName(result, c)}${filled ? ` = ${valueText(result, v)}` : ': not computed yet'}`}
                data-testid="dp-cell"
                data-cell={cellName(result, c)}
                data-state={state}
                data-value={filled ? valueText(result, v) : ''}
                onClick={() => onSelect(c)}
                onMouseEnter={() => onSelect(c, true)}
                onMouseLeave={() => onSelect(-1, true)}
              >
                <rect x={PAD + x * CW + 1} y={PAD + y * CH + 1} width={CW - 2} height={CH - 2} rx={4} />
                {filled && (
                  <>
                    <text class="dp-cell__value" x={PAD + x * CW + CW / 2} y={PAD + y * CH + 16} text-anchor="middle">
                      {valueText(result, v)}
                    </text>
                    <text class="dp-cell__choice" x={PAD + x * CW + CW / 2} y={PAD + y * CH + 29} text-anchor="middle">
                      {choiceShort(result, result.choices[c])}
                    </text>
                  </>
                )}
              </g>
            );
          })}
          {[...arrows, ...marks].map((a) => {
            const [x1, y1] = center(a.from);
            const [x2, y2] = center(a.to);
            const len = Math.hypot(x2 - x1, y2 - y1) || 1;
            const trim = 13; // end at the cell's edge, not its middle
            return (
              <line
                class="dp-arrow"
                data-testid="dp-arrow"
                data-from={cellName(result, a.from)}
                data-to={cellName(result, a.to)}
                x1={x1 + ((x2 - x1) * trim) / len}
                y1={y1 + ((y2 - y1) * trim) / len}
                x2={x2 - ((x2 - x1) * trim) / len}
                y2={y2 - ((y2 - y1) * trim) / len}
                marker-end="url(#dp-arrow-head)"
              />
            );
          })}
        </svg>
      )}
    </ZoomPan>
  );
}

/** The CSS colour of a variable, as canvas wants it. */
function cssColor(el, name, fallback) {
  const v = getComputedStyle(el).getPropertyValue(name).trim();
  return v || fallback;
}

function rgb(color) {
  const m = /^#([0-9a-f]{6})$/i.exec(color);
  if (!m) return [128, 128, 128];
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function CanvasTable({ model, layout, cursor, focus, current, onSelect, theme }) {
  const ref = useRef(null);
  const result = model.result;
  const scale = Math.max(1, Math.floor(560 / Math.max(layout.width, layout.height)));
  // The largest |value| of the table, for shading.
  const maxAbs = useMemo(() => {
    let m = 1;
    for (let c = 0; c < result.values.length; c++) if (result.done[c]) m = Math.max(m, Math.abs(result.values[c]));
    return m;
  }, [result]);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const ctx = canvas.getContext('2d');
    const img = ctx.createImageData(layout.width, layout.height);
    const d = img.data;
    const pos = rgb(cssColor(canvas, '--c-win0', '#2b6cb0'));
    const neg = rgb(cssColor(canvas, '--c-win1', '#c05621'));
    const empty = rgb(cssColor(canvas, '--c-surface', '#f4f6f9'));
    const hot = rgb(cssColor(canvas, '--c-event', '#d4145a'));
    const bool = isBoolean(result);
    const N = result.values.length;
    for (let y = 0; y < layout.height; y++) {
      for (let x = 0; x < layout.width; x++) {
        const c = layout.cellAt(x, y);
        const k = (y * layout.width + x) * 4;
        if (c < 0 || c >= N) {
          d[k + 3] = 0;
          continue;
        }
        let col = empty;
        let alpha = 255;
        if (model.filled[c]) {
          const v = result.values[c];
          col = bool ? (v ? pos : neg) : v >= 0 ? pos : neg;
          alpha = bool ? 255 : 70 + Math.round((185 * Math.abs(v)) / maxAbs);
        }
        d[k] = col[0];
        d[k + 1] = col[1];
        d[k + 2] = col[2];
        d[k + 3] = alpha;
      }
    }
    for (const c of [current, focus]) {
      if (c < 0) continue;
      const [x, y] = layout.at(c);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= layout.width || yy >= layout.height) continue;
          const k = (yy * layout.width + xx) * 4;
          d.set([hot[0], hot[1], hot[2], 255], k);
        }
      }
    }
    ctx.putImageData(img, 0, 0);
  }, [model, cursor, focus, current, theme, layout, maxAbs]);
  const cellOf = (event) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const x = Math.floor(((event.clientX - rect.left) / rect.width) * layout.width);
    const y = Math.floor(((event.clientY - rect.top) / rect.height) * layout.height);
    return layout.cellAt(x, y);
  };
  return (
    <div class="dp-table__scroll">
      <canvas
        ref={ref}
        class="dp-table__canvas"
        width={layout.width}
        height={layout.height}
        style={{ width: `${layout.width * scale}px`, maxWidth: '100%' }}
        role="img"
        aria-label={`DP table of ${result.rows} by ${result.cols} cells, ${model.filledCount} filled; one pixel per cell`}
        data-testid="dp-canvas"
        onMouseMove={(e) => onSelect(cellOf(e), true)}
        onMouseLeave={() => onSelect(-1, true)}
        onClick={(e) => onSelect(cellOf(e))}
      />
      <p class="dp-app__legend">
        {layout.width} × {layout.height} pixels, one per cell{layout.shape === 'interval' ? ' (row i, column j: the upper triangle)' : ''}; blue: positive (or a
        win), orange: negative (or a loss), darker: larger; pink: the current and the selected cell. Hover for a cell's value.
      </p>
    </div>
  );
}

/** Can I Win's memo: the sets computed so far, newest first, and the counts. */
export function MemoList({ model, cursor, onSelect, focus }) {
  const result = model.result;
  const k = lowerBound(model.markers, cursor);
  const shown = [];
  for (let m = k - 1; m >= 0 && shown.length < 40; m--) {
    const i = model.markers[m];
    shown.push(model.trace[(i << 2) + 1]);
  }
  const hits = model.hitsBefore(cursor);
  return (
    <div class="dp-memo" data-testid="dp-memo">
      <p>
        <strong>{k.toLocaleString('en-US')}</strong> sets of used numbers decided of {result.cols.toLocaleString('en-US')} possible;{' '}
        <strong>{hits.toLocaleString('en-US')}</strong> calls answered by the memo
      </p>
      <ol class="dp-memo__list" reversed start={k}>
        {shown.map((c) => (
          <li>
            <button
              type="button"
              class={`dp-memo__set ${result.values[c] ? 'dp-cell--win' : 'dp-cell--lose'} ${c === focus ? 'dp-cell--selected' : ''}`}
              onClick={() => onSelect(c)}
              data-testid="dp-memo-set"
            >
              {cellName(result, c)} {result.values[c] ? 'W' : 'L'}
              {result.choices[c] > 0 ? ` say ${result.choices[c]}` : ''}
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
