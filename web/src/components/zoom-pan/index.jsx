import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ZOOM_MAX, ZOOM_MIN, clampZoom, zoomAround, zoomStep } from '../../lib/zoom.js';
import './zoom-pan.css';

/**
 * A drawing that zooms and pans. The box scrolls (one finger, the scroll
 * bars, the wheel: panning is the browser's own); the drawing inside is
 * drawn `scale` times its natural size, so it stays sharp. Zoom by:
 *   - the buttons (−, +, 1:1, Fit: the drawing's width in the box), which
 *     any keyboard reaches;
 *   - "+", "-", "0" and "f" while the box has focus;
 *   - pinching with two fingers, or Ctrl + wheel (a trackpad's pinch);
 * the point under the fingers or the pointer stays where it is.
 *
 * children(scale) draws the content at that scale. `label` names the region
 * for screen readers; `fit` offers the Fit button (a drawing that can be wider
 * than its box); `testid` prefixes the test ids of the buttons and
 * the box (`boxTestid`); boxRef, if given, receives the scrolling box.
 * `min` lowers the smallest zoom below ZOOM_MIN (a drawing far wider than
 * its box), `initial` is the first zoom.
 */
export function ZoomPan({
  label,
  testid,
  class: cls = '',
  boxClass = '',
  boxTestid = `${testid}-box`,
  boxRef = null,
  fit = true,
  min = ZOOM_MIN,
  initial = 1,
  children,
}) {
  const [scale, setScale] = useState(() => clampZoom(initial, min));
  const own = useRef(null);
  const box = boxRef ?? own;
  const anchor = useRef(null); // { cx, cy, x, y }: content point (x, y) at scale 1 to keep at box point (cx, cy)
  const current = useRef(scale);
  current.current = scale;

  /** Zooms to `next`, keeping the content under box point (cx, cy) in place. */
  const zoomTo = (next, cx, cy) => {
    const el = box.current;
    const s = clampZoom(next, min);
    if (!el || s === current.current) return;
    if (cx === undefined) {
      cx = el.clientWidth / 2;
      cy = el.clientHeight / 2;
    }
    // Where the box is scrolled, or will be once a zoom not yet drawn is
    // (wheel and touch events can come faster than frames).
    const at = anchor.current ? zoomAround(anchor.current, current.current) : { left: el.scrollLeft, top: el.scrollTop };
    anchor.current = { cx, cy, x: (at.left + cx) / current.current, y: (at.top + cy) / current.current };
    current.current = s;
    setScale(s);
  };

  // After the drawing took its new size: scroll so the anchor stays put.
  useLayoutEffect(() => {
    const a = anchor.current;
    const el = box.current;
    if (!a || !el) return;
    anchor.current = null;
    const at = zoomAround(a, scale);
    el.scrollLeft = at.left;
    el.scrollTop = at.top;
  }, [scale]);

  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const boxPoint = (x, y) => {
      const r = el.getBoundingClientRect();
      return [x - r.left, y - r.top];
    };
    // Ctrl + wheel: what a trackpad pinch sends, and a mouse's zoom gesture.
    const wheel = (e) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      const [cx, cy] = boxPoint(e.clientX, e.clientY);
      zoomTo(current.current * Math.exp(-e.deltaY / 300), cx, cy);
    };
    // Two fingers: the ratio of their distances; the box's touch-action
    // keeps the browser from zooming the page meanwhile.
    let pinch = null;
    const dist = (t) => Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY);
    const mid = (t) => boxPoint((t[0].clientX + t[1].clientX) / 2, (t[0].clientY + t[1].clientY) / 2);
    const touchStart = (e) => {
      if (e.touches.length === 2) pinch = { d: dist(e.touches), s: current.current };
    };
    const touchMove = (e) => {
      if (!pinch || e.touches.length !== 2) return;
      if (e.cancelable) e.preventDefault();
      const [cx, cy] = mid(e.touches);
      zoomTo(pinch.s * (dist(e.touches) / Math.max(1, pinch.d)), cx, cy);
    };
    const touchEnd = (e) => {
      if (e.touches.length < 2) pinch = null;
    };
    el.addEventListener('wheel', wheel, { passive: false });
    el.addEventListener('touchstart', touchStart, { passive: true });
    el.addEventListener('touchmove', touchMove, { passive: false });
    el.addEventListener('touchend', touchEnd);
    el.addEventListener('touchcancel', touchEnd);
    return () => {
      el.removeEventListener('wheel', wheel);
      el.removeEventListener('touchstart', touchStart);
      el.removeEventListener('touchmove', touchMove);
      el.removeEventListener('touchend', touchEnd);
      el.removeEventListener('touchcancel', touchEnd);
    };
  }, []);

  /** The scale at which the drawing's width fits the box (its natural width is what scrolls, over the scale). */
  const fitScale = () => {
    const el = box.current;
    if (!el || el.scrollWidth <= 0) return 1;
    return clampZoom((el.clientWidth / el.scrollWidth) * current.current, min);
  };

  const onKeyDown = (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.target !== e.currentTarget) return;
    const to =
      e.key === '+' || e.key === '='
        ? zoomStep(current.current, 1, min)
        : e.key === '-'
          ? zoomStep(current.current, -1, min)
          : e.key === '0'
            ? 1
            : e.key === 'f'
              ? fitScale()
              : null;
    if (to === null) return;
    e.preventDefault();
    if (e.key === 'f') zoomTo(to, 0, 0);
    else zoomTo(to);
  };

  const percent = Math.round(scale * 100);
  return (
    <div class={`zoom ${cls}`}>
      <div class="zoom__bar" role="group" aria-label={`Zoom: ${label}`}>
        <button
          type="button"
          class="zoom__btn"
          aria-label="Zoom out"
          title="Zoom out (−)"
          disabled={scale <= min}
          onClick={() => zoomTo(zoomStep(scale, -1, min))}
          data-testid={`${testid}-zoom-out`}
        >
          −
        </button>
        <output class="zoom__level" aria-live="polite" data-testid={`${testid}-zoom`} data-scale={scale}>
          {percent}%
        </output>
        <button
          type="button"
          class="zoom__btn"
          aria-label="Zoom in"
          title="Zoom in (+)"
          disabled={scale >= ZOOM_MAX}
          onClick={() => zoomTo(zoomStep(scale, 1, min))}
          data-testid={`${testid}-zoom-in`}
        >
          +
        </button>
        <button
          type="button"
          class="zoom__btn"
          aria-label="1:1, actual size"
          title="Actual size (0)"
          disabled={scale === 1}
          onClick={() => zoomTo(1)}
          data-testid={`${testid}-zoom-reset`}
        >
          1:1
        </button>
        {fit && (
          <button
            type="button"
            class="zoom__btn"
            aria-label="Fit the width"
            title="Fit the width (f)"
            onClick={() => zoomTo(fitScale(), 0, 0)}
            data-testid={`${testid}-zoom-fit`}
          >
            Fit
          </button>
        )}
      </div>
      <div
        class={`zoom__box ${boxClass}`}
        ref={box}
        tabIndex={0}
        role="region"
        aria-label={`${label}; scrolls, + and - zoom`}
        data-testid={boxTestid}
        onKeyDown={onKeyDown}
      >
        {children(scale)}
      </div>
    </div>
  );
}
