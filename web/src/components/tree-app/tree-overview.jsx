import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { formatCount } from '../../lib/format.js';
import { overviewLayout, paintOverview } from '../../lib/tree-overview.js';

function themeColors(el) {
  const cs = getComputedStyle(el);
  const v = (name, fallback) => cs.getPropertyValue(name).trim() || fallback;
  return {
    edge: v('--c-border', '#c3cad5'),
    node: v('--c-text-muted', '#4a5568'),
    open: v('--c-accent', '#1f56c4'),
    cut: v('--c-error', '#b42318'),
    path: v('--c-event', '#d4145a'),
  };
}

/**
 * The searched tree on a canvas, for trees too large for the SVG view: every
 * visit reached by the cursor as a dot (open ones in the accent colour), the
 * edges while there are at most 200,000, a red bar under each cut-off, and
 * the path to the current node. Redrawn at most once a frame. model: the
 * player's (alpha-beta: a visit is a position), or a proof-number search's
 * folded into positions (pnPositions: model.visits the visits behind them);
 * legend replaces the words under the canvas.
 */
export function TreeOverview({ model, cursor, theme, legend = null }) {
  const canvas = useRef(null);
  const box = useRef(null);
  const layout = useMemo(() => overviewLayout(model), [model]);
  const [width, setWidth] = useState(600);
  const [painted, setPainted] = useState(0);
  const height = Math.min(420, Math.max(120, (layout.maxDepth + 1) * 28));

  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const observer = new ResizeObserver(() => setWidth(Math.max(200, Math.floor(el.clientWidth))));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const c = canvas.current;
    if (!c) return undefined;
    const frame = requestAnimationFrame(() => {
      const dpr = globalThis.devicePixelRatio || 1;
      c.width = Math.round(width * dpr);
      c.height = Math.round(height * dpr);
      const ctx = c.getContext('2d');
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      setPainted(paintOverview(ctx, model, layout, cursor, width, height, themeColors(c)));
    });
    return () => cancelAnimationFrame(frame);
  }, [model, layout, cursor, width, height, theme]);

  return (
    <div class="tree-overview" ref={box}>
      <canvas
        ref={canvas}
        class="tree-overview__canvas"
        width={width}
        height={height}
        role="img"
        aria-label={`The searched tree: ${formatCount(painted)} of ${formatCount(model.ids)} positions reached so far, the current path highlighted`}
        data-testid="tree-overview"
        data-visits={model.visits ?? model.ids}
        data-positions={model.ids}
        data-painted={painted}
        style={{ width: `${width}px`, height: `${height}px` }}
      />
      <p class="tree-overview__legend">
        Each dot is a position the search visited ({formatCount(layout.width)} leaves across, {layout.maxDepth + 1} levels);{' '}
        {legend ?? 'blue: open, with its window; red bars: cut-offs; the pink line: the path to the current position.'}
      </p>
    </div>
  );
}
