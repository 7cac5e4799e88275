// value-scale.js: a role's security values on a continuous colour scale, for
// the state graph of a game answered by its security values. The scale runs
// from the role's least value (the theme's second-role colour, --c-win1)
// through the middle (the draw colour) to its greatest (--c-win0), so it
// reads in the light and the dark theme alike. No Preact.

/** Steps of the scale: nodes of one step share one path (draw-state-graph.js). */
export const TONE_STEPS = 32;

/** [r, g, b] of a CSS colour written #rgb, #rrggbb or rgb(r, g, b); grey otherwise. */
function rgbOf(css) {
  const t = String(css).trim().toLowerCase();
  let m;
  if ((m = /^#([0-9a-f]{3})$/.exec(t))) return [...m[1]].map((h) => parseInt(h + h, 16));
  if ((m = /^#([0-9a-f]{6})/.exec(t))) return [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16));
  if ((m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/.exec(t))) return [m[1], m[2], m[3]].map(Number);
  return [136, 136, 136];
}

const mix = (a, b, t) => a.map((x, i) => Math.round(x + (b[i] - x) * t));

/** The colour of tone t in [0, 1] (rounded to TONE_STEPS) under palette { win0, win1, draw }. */
export function toneColour(palette, t) {
  const k = Math.round(Math.max(0, Math.min(1, t)) * TONE_STEPS) / TONE_STEPS;
  const [lo, mid, hi] = [palette.win1, palette.draw, palette.win0].map(rgbOf);
  const c = k < 0.5 ? mix(lo, mid, k * 2) : mix(mid, hi, (k - 0.5) * 2);
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
}

/** A fraction's text or numerator and denominator as a Number (for drawing, never for comparing). */
const numberOf = (num, den) => Number(num) / Number(den);

/**
 * Role q's scale over a values result r: { role, lo, hi (Numbers), loText,
 * hiText, tone(s) in [0, 1] (0.5 where every value is the same) }.
 */
export function valueScale(r, q) {
  const R = r.roles.length;
  let lo = Infinity;
  let hi = -Infinity;
  let loText = '';
  let hiText = '';
  const at = (s) => numberOf(r.security[2 * (s * R + q)], r.security[2 * (s * R + q) + 1]);
  const text = (s) => {
    const d = r.security[2 * (s * R + q) + 1];
    return BigInt(d) === 1n ? `${r.security[2 * (s * R + q)]}` : `${r.security[2 * (s * R + q)]}/${d}`;
  };
  for (let s = 0; s < r.states; s++) {
    const v = at(s);
    if (v < lo) ((lo = v), (loText = text(s)));
    if (v > hi) ((hi = v), (hiText = text(s)));
  }
  const span = hi - lo;
  return { role: r.roles[q], q, lo, hi, loText, hiText, tone: (s) => (span > 0 ? (at(s) - lo) / span : 0.5), text };
}
