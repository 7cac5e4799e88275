// draw-state-graph.js: paints a laid-out state graph (state-graph.js) on a
// canvas the size of the visible part of the drawing. No Preact.
//
//   ■  a state where the game is over (a seed of the retrograde solve)
//   ●  any other state; fill = its value at the cursor
//   ◯  rings, outside in: selected, the current event's states, the queue's
//      frontier (decided, not yet taken from the queue), the start
//
// Only what the visible rectangle holds is drawn; nodes of one look share one
// path, so a few thousand nodes and tens of thousands of moves draw in a few
// milliseconds (the canvas's data-draw-ms says how many).
import { TONE_STEPS, toneColour } from './value-scale.js';

/** The CSS custom properties the drawing reads (base.css). */
const VARS = {
  win0: '--c-win0',
  win1: '--c-win1',
  draw: '--c-draw',
  invalid: '--c-invalid',
  undecided: '--c-undecided',
  event: '--c-event',
  selected: '--c-selected',
  focus: '--c-focus',
  accent: '--c-accent',
  text: '--c-text',
  muted: '--c-text-muted',
  border: '--c-border',
  surface: '--c-surface',
  bg: '--c-bg',
};

export function readGraphPalette(element) {
  const style = getComputedStyle(element);
  const out = {};
  for (const [k, v] of Object.entries(VARS)) out[k] = style.getPropertyValue(v).trim() || '#888';
  return out;
}

const LOOKS = ['undecided', 'draw', 'win0', 'win1', 'invalid'];

/** The visible rectangle in layout units, with a margin of one gap. */
function visible(view, layout) {
  const m = layout.gap;
  return {
    x0: view.left / view.scale - m,
    y0: view.top / view.scale - m,
    x1: (view.left + view.width) / view.scale + m,
    y1: (view.top + view.height) / view.scale + m,
  };
}

/** The layers' bands and names, and every move as a faint line. */
function drawUnder(ctx, p) {
  const { view, sg, layout, palette } = p;
  const { scale, dpr } = view;
  const k = scale * dpr;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.setTransform(k, 0, 0, k, -view.left * dpr, -view.top * dpr);
  const { x0, y0, x1, y1 } = visible(view, layout);
  const { x, y } = layout;
  ctx.font = `${Math.max(9, Math.min(12, layout.gap * 0.5))}px system-ui, sans-serif`;
  ctx.textBaseline = 'alphabetic';
  layout.rows.forEach((row, i) => {
    if (row.y1 < y0 || row.y0 > y1) return;
    if (i % 2 === 0) {
      ctx.fillStyle = palette.surface;
      ctx.fillRect(0, row.y0, layout.width, row.y1 - row.y0);
    }
    ctx.fillStyle = palette.muted;
    ctx.fillText(`${row.name} · ${row.size.toLocaleString('en-US')}`, 6, row.label);
  });
  const n = sg.count;
  ctx.lineWidth = Math.max(0.5, 1 / scale);
  ctx.strokeStyle = palette.muted;
  ctx.globalAlpha = n > 1500 ? 0.12 : n > 200 ? 0.2 : 0.35;
  ctx.beginPath();
  for (let v = 0; v < n; v++) {
    const ax = x[v];
    const ay = y[v];
    for (let e = sg.offsets[v]; e < sg.offsets[v + 1]; e++) {
      const t = sg.targets[e];
      const bx = x[t];
      const by = y[t];
      if ((ax < x0 && bx < x0) || (ax > x1 && bx > x1) || (ay < y0 && by < y0) || (ay > y1 && by > y1)) continue;
      ctx.moveTo(ax, ay);
      ctx.lineTo(bx, by);
    }
  }
  ctx.stroke();
  ctx.globalAlpha = 1;
}

/**
 * Draws the view: `view` = { left, top, width, height, scale, dpr } (the
 * visible rectangle in CSS px of the scaled drawing), `sg`, `layout`,
 * `lookAt(node)` ('win0', 'win1', 'draw', 'undecided', 'invalid'),
 * `terminal(node)`, sets of nodes: `frontier`, `event`; `eventEdge` [from,
 * to] or null; `selected`, `focus`, `start` (nodes or -1); `palette`;
 * optionally `toneOf(node)`: a decided node's place on a continuous scale
 * in [0, 1] (value-scale.js), its fill instead of its look's.
 * `cache` (an object kept between calls) holds what only the view changes.
 */
export function drawStateGraph(ctx, p, cache = {}) {
  const { view, sg, layout, palette } = p;
  const { scale, dpr } = view;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  // The bands and the faint moves change only with the view: drawn once into
  // a canvas of their own and copied every frame (rasterising thousands of
  // lines a frame is what made playing slow).
  const key = `${view.left},${view.top},${ctx.canvas.width},${ctx.canvas.height},${scale},${dpr},${palette.surface},${palette.muted}`;
  if (cache.layout !== layout || cache.key !== key || !cache.canvas) {
    const under = cache.canvas ?? (typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1) : document.createElement('canvas'));
    under.width = ctx.canvas.width;
    under.height = ctx.canvas.height;
    drawUnder(under.getContext('2d'), p);
    Object.assign(cache, { layout, key, canvas: under });
  }
  ctx.drawImage(cache.canvas, 0, 0);
  const k = scale * dpr;
  ctx.setTransform(k, 0, 0, k, -view.left * dpr, -view.top * dpr);
  const { x0, y0, x1, y1 } = visible(view, layout);
  const { x, y, radius: r } = layout;
  const seen = (v) => x[v] >= x0 && x[v] <= x1 && y[v] >= y0 && y[v] <= y1;
  const n = sg.count;
  const arrow = (a, b, color, width) => drawArrow(ctx, x, y, a, b, { r, gap: 1, head: 3, color, width });
  const strong = Math.max(1.2, 2 / scale);
  if (p.selected >= 0) {
    const s = p.selected;
    for (let e = sg.offsets[s]; e < sg.offsets[s + 1]; e++) arrow(s, sg.targets[e], palette.text, strong);
    for (const q of p.parents ?? []) arrow(q, s, palette.muted, strong * 0.8);
  }
  if (p.eventEdge) arrow(p.eventEdge[0], p.eventEdge[1], palette.event, strong * 1.4);

  // Nodes: one path per look. Below a few pixels a circle is drawn as a
  // square (the same to the eye, far cheaper to rasterise).
  const tiny = r * scale < 2.5;
  const shape = (v) => {
    if (tiny || p.terminal(v)) {
      ctx.moveTo(x[v] - r, y[v] - r);
      ctx.rect(x[v] - r, y[v] - r, 2 * r, 2 * r);
    } else {
      ctx.moveTo(x[v] + r, y[v]);
      ctx.arc(x[v], y[v], r, 0, Math.PI * 2);
    }
  };
  // a continuous scale: each decided node's step of it, one path a step
  const step = new Int16Array(p.toneOf ? n : 0).fill(-1);
  if (p.toneOf) {
    const steps = Array.from({ length: TONE_STEPS + 1 }, () => []);
    for (let v = 0; v < n; v++) {
      if (!seen(v) || p.lookAt(v) === 'undecided') continue;
      step[v] = Math.round(Math.max(0, Math.min(1, p.toneOf(v))) * TONE_STEPS);
      steps[step[v]].push(v);
    }
    steps.forEach((nodes, k) => {
      if (!nodes.length) return;
      ctx.fillStyle = toneColour(palette, k / TONE_STEPS);
      ctx.beginPath();
      for (const v of nodes) shape(v);
      ctx.fill();
      ctx.strokeStyle = palette.muted;
      ctx.lineWidth = Math.max(0.5, 1 / scale);
      ctx.stroke();
    });
  }
  for (const look of LOOKS) {
    ctx.fillStyle = palette[look];
    ctx.beginPath();
    let any = false;
    for (let v = 0; v < n; v++) {
      if (!seen(v) || (p.toneOf && step[v] >= 0) || p.lookAt(v) !== look) continue;
      any = true;
      shape(v);
    }
    if (!any) continue;
    ctx.fill();
    if (look === 'undecided' || look === 'draw' || look === 'invalid') {
      ctx.strokeStyle = palette.muted;
      ctx.lineWidth = Math.max(0.5, 1 / scale);
      ctx.stroke();
    }
  }

  // Rings: one path for each kind (the queue's frontier can hold thousands of states).
  const rings = (nodes, color, grow, width, dash = null) => {
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.setLineDash(dash ?? []);
    ctx.beginPath();
    const R = r + grow;
    for (const v of nodes) {
      if (v < 0 || !seen(v)) continue;
      if (p.terminal(v)) {
        ctx.moveTo(x[v] - R, y[v] - R);
        ctx.rect(x[v] - R, y[v] - R, 2 * R, 2 * R);
      } else {
        ctx.moveTo(x[v] + R, y[v]);
        ctx.arc(x[v], y[v], R, 0, Math.PI * 2);
      }
    }
    ctx.stroke();
    ctx.setLineDash([]);
  };
  const ring = (v, color, grow, width, dash = null) => rings([v], color, grow, width, dash);
  const thin = Math.max(1, 1.5 / scale);
  ring(p.start, palette.text, 2, thin, [2, 2]);
  rings(p.frontier, palette.accent, 2.5, thin * 1.3);
  rings(p.event, palette.event, 3.5, thin * 2);
  ring(p.selected, palette.selected, 5, thin * 2);
  ring(p.focus, palette.focus, 7, thin * 1.5, [3, 2]);
}

/**
 * An arrow from node a to node b (centres x, y; radius r), from a's rim to
 * `gap` short of b's, with a head at least `head` long; in the context's
 * current units. The detailed drawing and the points' overlay both draw it.
 */
export function drawArrow(ctx, x, y, a, b, { r, gap, head, color, width }) {
  const dx = x[b] - x[a];
  const dy = y[b] - y[a];
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const ex = x[b] - ux * (r + gap);
  const ey = y[b] - uy * (r + gap);
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.moveTo(x[a] + ux * r, y[a] + uy * r);
  ctx.lineTo(ex, ey);
  ctx.stroke();
  const h = Math.max(head, r * 0.9);
  ctx.beginPath();
  ctx.moveTo(ex, ey);
  ctx.lineTo(ex - ux * h - uy * h * 0.5, ey - uy * h + ux * h * 0.5);
  ctx.lineTo(ex - ux * h + uy * h * 0.5, ey - uy * h - ux * h * 0.5);
  ctx.closePath();
  ctx.fill();
}
