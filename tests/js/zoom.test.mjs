// The zoomable views' arithmetic: levels, limits, and the scroll that keeps
// the point under the fingers (or the pointer) in place.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ZOOM_LEVELS, ZOOM_MAX, ZOOM_MIN, clampZoom, zoomAround, zoomStep } from '../../web/src/lib/zoom.js';

test('clampZoom keeps scales within the limits and turns non-numbers into 1', () => {
  assert.equal(clampZoom(10), ZOOM_MAX);
  assert.equal(clampZoom(0.01), ZOOM_MIN);
  assert.equal(clampZoom(1.7), 1.7);
  assert.equal(clampZoom(NaN), 1);
  assert.equal(clampZoom(Infinity), 1);
});

test('zoomStep walks the levels both ways from any scale, and stops at the ends', () => {
  assert.equal(zoomStep(1, 1), 1.25);
  assert.equal(zoomStep(1, -1), 0.8);
  assert.equal(zoomStep(1.1, 1), 1.25); // a pinch left it between levels
  assert.equal(zoomStep(1.1, -1), 1);
  assert.equal(zoomStep(ZOOM_MAX, 1), ZOOM_MAX);
  assert.equal(zoomStep(ZOOM_MIN, -1), ZOOM_MIN);
  let s = ZOOM_MIN;
  const seen = [s];
  while (s < ZOOM_MAX) seen.push((s = zoomStep(s, 1)));
  assert.deepEqual(seen, ZOOM_LEVELS);
});

test('zoomAround keeps the anchored content point under the same box point', () => {
  // Content point (300, 200) was at box point (100, 50): scrolled to (200, 150) at scale 1.
  const a = { cx: 100, cy: 50, x: 300, y: 200 };
  for (const s of [0.5, 1, 2, 4]) {
    const { left, top } = zoomAround(a, s);
    if (a.x * s - a.cx >= 0) assert.equal(a.x * s - left, a.cx, `x at scale ${s}`);
    if (a.y * s - a.cy >= 0) assert.equal(a.y * s - top, a.cy, `y at scale ${s}`);
  }
  // Never a negative scroll: near the origin the content moves instead.
  assert.deepEqual(zoomAround({ cx: 100, cy: 100, x: 10, y: 10 }, 2), { left: 0, top: 0 });
});
