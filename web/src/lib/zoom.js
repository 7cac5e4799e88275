// zoom.js: the arithmetic of the zoomable views (components/zoom-pan).

export const ZOOM_MIN = 0.25;
export const ZOOM_MAX = 4;
/** The levels the buttons and keys step through. */
export const ZOOM_LEVELS = [0.25, 0.33, 0.5, 0.67, 0.8, 1, 1.25, 1.5, 2, 3, 4];

/** A scale kept inside [ZOOM_MIN, ZOOM_MAX]; anything not a number is 1. */
export function clampZoom(s) {
  if (!Number.isFinite(s)) return 1;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, s));
}

/** The next level up (dir 1) or down (dir -1) from scale s. */
export function zoomStep(s, dir) {
  if (dir > 0) return ZOOM_LEVELS.find((l) => l > s + 1e-9) ?? ZOOM_MAX;
  return [...ZOOM_LEVELS].reverse().find((l) => l < s - 1e-9) ?? ZOOM_MIN;
}

/**
 * Where to scroll so that the content point (a.x, a.y), in units of the
 * drawing at scale 1, sits at box point (a.cx, a.cy) at scale s.
 */
export function zoomAround(a, s) {
  return { left: Math.max(0, a.x * s - a.cx), top: Math.max(0, a.y * s - a.cy) };
}
