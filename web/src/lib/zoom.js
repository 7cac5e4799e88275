// zoom.js: the arithmetic of the zoomable views (components/zoom-pan).

export const ZOOM_MIN = 0.25;
export const ZOOM_MAX = 4;
/** The levels the buttons and keys step through. */
export const ZOOM_LEVELS = [0.25, 0.33, 0.5, 0.67, 0.8, 1, 1.25, 1.5, 2, 3, 4];

/**
 * A scale kept inside [min, ZOOM_MAX] (min: ZOOM_MIN unless a drawing too
 * big for it asks for less); anything not a number is 1.
 */
export function clampZoom(s, min = ZOOM_MIN) {
  if (!Number.isFinite(s)) return 1;
  return Math.min(ZOOM_MAX, Math.max(min, s));
}

/** The levels from `min` up: ZOOM_LEVELS, below ZOOM_MIN halving down to min. */
function levelsFrom(min) {
  const low = [];
  for (let l = ZOOM_MIN / 2; l > min * (1 + 1e-9); l /= 2) low.unshift(l);
  return min < ZOOM_MIN ? [min, ...low, ...ZOOM_LEVELS] : ZOOM_LEVELS;
}

/** The next level up (dir 1) or down (dir -1) from scale s. */
export function zoomStep(s, dir, min = ZOOM_MIN) {
  const levels = levelsFrom(min);
  if (dir > 0) return levels.find((l) => l > s + 1e-9) ?? ZOOM_MAX;
  return [...levels].reverse().find((l) => l < s - 1e-9) ?? min;
}

/**
 * Where to scroll so that the content point (a.x, a.y), in units of the
 * drawing at scale 1, sits at box point (a.cx, a.cy) at scale s.
 */
export function zoomAround(a, s) {
  return { left: Math.max(0, a.x * s - a.cx), top: Math.max(0, a.y * s - a.cy) };
}
