// canvas-parts.js: what the state graph's two drawings (the detailed one in
// index.jsx, the points in points-drawing.jsx) share about their scrolling
// box, their size, the node under the pointer and their top canvas.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { nodeAt } from '../../lib/state-graph.js';

/**
 * What both drawings share about their scrolling box: its visible size
 * (followed on resize), a redraw (drawRef.current) after every render, and
 * one a frame while the box scrolls. Returns { w, h }.
 */
export function useVisible(box, drawRef) {
  const frame = useRef(0);
  const [size, setSize] = useState({ w: 0, h: 0 });
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const measure = () => setSize((s) => (s.w === el.clientWidth && s.h === el.clientHeight ? s : { w: el.clientWidth, h: el.clientHeight }));
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  useEffect(() => {
    drawRef.current();
  });
  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const onScroll = () => {
      if (frame.current) return;
      frame.current = requestAnimationFrame(() => {
        frame.current = 0;
        drawRef.current();
      });
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame.current);
    };
  }, []);
  return size;
}

/** A drawing's size at `scale` (width, height), and its canvases' (cw, ch): the part the box shows. */
export function extentOf(layout, scale, size) {
  const width = Math.ceil(layout.width * scale);
  const height = Math.ceil(layout.height * scale);
  return { width, height, cw: Math.max(0, Math.min(size.w, width)), ch: Math.max(0, Math.min(size.h, height)) };
}

/** The node under a pointer event on a drawing's content at `scale`, or -1 (within `reach`, nodeAt's default if not given). */
export function nodeUnder(e, content, layout, scale, reach) {
  const a = content.current.getBoundingClientRect();
  return nodeAt(layout, (e.clientX - a.left) / scale, (e.clientY - a.top) / scale, reach);
}

/**
 * A drawing's top canvas's attributes: the image screen readers hear (label),
 * what tests read, and the pointer and key handlers (a click selects the node
 * under it, a move points at it).
 */
export function topCanvasProps(label, cursor, pointAt, scale, { onSelect, onPoint, onKey, onBlur }) {
  return {
    role: 'img',
    'aria-label': label,
    tabIndex: 0,
    'data-testid': 'state-graph-canvas',
    'data-cursor': cursor,
    onClick: (e) => {
      const v = pointAt(e);
      if (v >= 0) onSelect(v);
    },
    onPointerMove: (e) => onPoint(pointAt(e)),
    onPointerLeave: () => onPoint(-1),
    onKeyDown: (e) => onKey(e, scale),
    onBlur,
  };
}

/**
 * For tests: which state the focus ring is drawn on (the readout shows it a
 * render earlier: the draw runs after the paint), and where, in the canvas's
 * CSS pixels (the view's top left at left, top).
 */
export function markFocus(c, paint, scale, left, top) {
  const f = paint.focus;
  const { layout } = paint;
  c.dataset.focusNode = f >= 0 ? String(paint.sg.state[f]) : '';
  c.dataset.focusAt = f >= 0 ? `${Math.round(layout.x[f] * scale - left)},${Math.round(layout.y[f] * scale - top)}` : '';
}
