// Reproducible random play for Connect Four positions (the CLI test and the
// bench draw theirs from it): mulberry32, then columns picked among those
// with room, as 1-based column digits.

/** A seeded generator of numbers in [0, 1) (mulberry32). */
export function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `stones` random moves on a w x h board (the game may be won on the way: the caller checks). */
export function randomPlay(rand, w, h, stones) {
  const heights = new Array(w).fill(0);
  let seq = '';
  while (seq.length < stones) {
    const free = heights.map((v, c) => (v < h ? c : -1)).filter((c) => c >= 0);
    const c = free[Math.floor(rand() * free.length)];
    heights[c]++;
    seq += String(c + 1);
  }
  return seq;
}
