// points-drawing.jsx: a big state graph drawn as points, fetched when a
// graph is first drawn so (state-graph/index.jsx; chess's graph imports it
// directly).
import { useEffect, useRef } from 'preact/hooks';
import { readGraphPalette } from '../../lib/draw-state-graph.js';
import { centreColours, createPointColors, createPointRenderer, drawPointsOver, drawPointsUnder, rankPositions, rgbaOf } from '../../lib/draw-points.js';
import { extentOf, markFocus, nodeUnder, topCanvasProps, useVisible } from './canvas-parts.js';

/**
 * The points at one zoom: like Drawing, a box the drawing's size that
 * scrolls, holding (sticky) three canvases the size of the visible part: the
 * layers' bands and names, the points (lib/draw-points.js: WebGL, or a
 * canvas of pixels where WebGL is missing), and on top the selected state's
 * moves, rings and names, which also takes the pointer and the keys. The
 * points' colours follow the cursor incrementally (createPointColors).
 * The top canvas carries what tests read: data-renderer ('webgl' or
 * 'canvas'), data-painted (the cursor drawn), data-uploaded (codes sent
 * in the last draw), and element.ppPoints, a handle on the drawn model.
 */
export function PointsDrawing({ scale, box, paint, model, zeroIsDraw, nameOf, label, onSelect, onPoint, onKey, onBlur }) {
  const content = useRef(null);
  const under = useRef(null);
  const dots = useRef(null);
  const over = useRef(null);
  const drawRef = useRef(() => {});
  const state = useRef({ renderer: null, layout: null, colors: null, underKey: '' });
  const size = useVisible(box, drawRef);
  const { layout, sg } = paint;

  useEffect(() => () => state.current.renderer?.destroy(), []);

  const { width, height, cw, ch } = extentOf(layout, scale, size);

  drawRef.current = () => {
    const top = over.current;
    const inner = content.current;
    if (!top || !inner || !dots.current || cw === 0 || ch === 0) return;
    const t0 = performance.now();
    const st = state.current;
    if (!st.renderer) st.renderer = createPointRenderer(dots.current);
    const dpr = globalThis.devicePixelRatio || 1;
    const pw = Math.round(cw * dpr);
    const ph = Math.round(ch * dpr);
    for (const c of [under.current, dots.current, top]) {
      if (c.width !== pw) c.width = pw;
      if (c.height !== ph) c.height = ph;
    }
    const a = top.getBoundingClientRect();
    const b = inner.getBoundingClientRect();
    const view = { left: a.left - b.left, top: a.top - b.top, width: cw, height: ch, scale, dpr };
    const css = readGraphPalette(top);
    const rgba = {};
    for (const k of ['undecided', 'win0', 'win1', 'invalid', 'draw', 'accent']) rgba[k] = rgbaOf(css[k]);
    rgba.edge = rgbaOf(css.muted);

    // Colours: a new layout sends every point; else only what changed.
    let uploaded;
    let read;
    if (st.layout !== layout) {
      st.layout = layout;
      st.colors = createPointColors(sg, layout);
      read = st.colors.sync(model, paint.cursor, zeroIsDraw).read;
      st.renderer.setPoints(layout.pos ?? rankPositions(layout), st.colors.codes);
      uploaded = sg.count;
      st.underKey = '';
    } else {
      const changed = st.colors.sync(model, paint.cursor, zeroIsDraw);
      read = changed.read;
      uploaded = st.renderer.upload(st.colors.codes, changed.from, changed.to, changed.ranks);
    }
    st.renderer.draw(layout, view, rgba);
    const key = `${view.left},${view.top},${pw},${ph},${scale},${css.surface},${css.muted}`;
    if (st.underKey !== key) {
      drawPointsUnder(under.current.getContext('2d'), { layout, view, palette: css });
      st.underKey = key;
    }
    drawPointsOver(top.getContext('2d'), { ...paint, view, palette: css, nameOf });

    top.dataset.renderer = st.renderer.kind;
    if (st.renderer.why) top.dataset.rendererWhy = st.renderer.why; // why not WebGL
    top.dataset.painted = String(paint.cursor);
    top.dataset.uploaded = String(uploaded);
    top.dataset.read = String(read);
    markFocus(top, paint, scale, view.left, view.top);
    top.dataset.drawMs = (performance.now() - t0).toFixed(2);
    // For tests and benches: the drawn model, read back (not a copy of the player's).
    top.ppPoints = {
      kind: st.renderer.kind,
      cursor: paint.cursor,
      trace: model?.trace ?? null,
      count: sg.count,
      /** State ids run 0 .. states - 1 (some may not be nodes: lookOf gives null). */
      states: model?.nstates ?? sg.count,
      /** State s's look as drawn ({ look, queued, terminal }), or null if not drawn. */
      lookOf: (s) => st.colors.lookOf(s),
      /** States whose points are in view, up to k, and where (CSS px in the canvas). */
      shown(k) {
        const out = [];
        for (let i = 0; i < layout.order.length && out.length < k; i++) {
          const v = layout.order[i];
          const px = layout.x[v] * scale - view.left;
          const py = layout.y[v] * scale - view.top;
          if (px >= 2 && py >= 2 && px < cw - 2 && py < ch - 2) out.push({ state: sg.state[v], x: px, y: py });
        }
        return out;
      },
      /** The colour drawn at CSS pixel (x, y) of the points' canvas: [r, g, b, a]. */
      pixelAt: (x, y) => st.renderer.pixelAt(x * dpr, y * dpr),
      /** The colour each look's centre is drawn in at this zoom: [r, g, b, a]. */
      palette: centreColours(layout, view, rgba),
    };
  };

  // Within 6 CSS px at any zoom.
  const pointAt = (e) => nodeUnder(e, content, layout, scale, Math.max(layout.radius + 3, layout.gap / 2, 6 / scale));
  const layer = { width: `${cw}px`, height: `${ch}px` };
  return (
    <div class="sg__content" ref={content} style={{ width: `${width}px`, height: `${height}px` }}>
      <div class="sg__stack" style={layer}>
        <canvas ref={under} class="sg__layer" style={layer} aria-hidden="true" />
        <canvas ref={dots} class="sg__layer" style={layer} aria-hidden="true" data-testid="state-graph-points" />
        <canvas
          ref={over}
          class="sg__layer sg__canvas"
          style={layer}
          {...topCanvasProps(label, paint.cursor, pointAt, scale, { onSelect, onPoint, onKey, onBlur })}
        />
      </div>
    </div>
  );
}
