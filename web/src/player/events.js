// events.js: the trace records of perfect_play.h, read in place.
//
//         word 0          word 1     word 2     word 3
//   +-------------------+----------+----------+----------+
//   | kind | step << 8  |    a     |    b     |    c     |
//   +-------------------+----------+----------+----------+
//
// Event i is trace[4i .. 4i+3]; nothing is decoded into objects, so a trace
// of millions of events costs its Int32Array and no more.

export const EV = {
  SEED: 1, // state outcome 0            step 1
  POP: 2, // state outcome remoteness    step 2
  PARENT: 3, // parent child 0           step 3
  DEGREE: 4, // state remaining 0        step 5
  COLOR: 5, // state outcome remoteness  step 4 (mover wins here) or 6 (counter hit 0)
  ENTER: 6, // state depth 0             step 4
  LEAF: 7, // state outcome 0            step 1
  CYCLE: 8, // state 0 0                 step 3 (on the path: called a draw)
  MEMO_HIT: 9, // state outcome 0        step 2
  CHILD: 10, // state child outcome      step 5
  EXIT: 11, // state outcome 0           step 6 (winning move) or 7 (moves done)
};

export const EVENT_NAMES = ['', 'SEED', 'POP', 'PARENT', 'DEGREE', 'COLOR', 'ENTER', 'LEAF', 'CYCLE', 'MEMO_HIT', 'CHILD', 'EXIT'];

export const kindAt = (trace, i) => trace[i << 2] & 0xff;
export const stepAt = (trace, i) => trace[i << 2] >> 8;
export const argA = (trace, i) => trace[(i << 2) + 1];
export const argB = (trace, i) => trace[(i << 2) + 2];
export const argC = (trace, i) => trace[(i << 2) + 3];

/** Number of events in a trace. */
export const eventCount = (trace) => (trace ? trace.length >>> 2 : 0);

/** Index of the first value in a sorted Int32Array that is >= x. */
export function lowerBound(sorted, x) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
