// cm2-games.js: the worker's entry for Cat and Mouse II (worker.js's GAMES
// table). Request: { input (LeetCode text), trace: 'auto' } ('auto': the
// whole trace, always small enough at 8 x 8) or traceCap (events; 0 = none).
import { bindCm2 } from './binding-cm2.js';

const bound = new WeakMap();

/** The Cat and Mouse II bindings of an engine, made once. */
function cm2Of(eng) {
  let t = bound.get(eng);
  if (!t) bound.set(eng, (t = bindCm2(eng.kit)));
  return t;
}

export const CM2_WORKER_GAMES = {
  'cat-mouse-ii': (eng, { input, trace, traceCap = 0 }, onProgress) => {
    const result = cm2Of(eng).solveCm2(input, { traceCap: trace === 'auto' ? 'auto' : traceCap, onProgress });
    result.algo = 'retrograde';
    result.traceMode = result.trace ? 'fine' : 'none';
    return result;
  },
};
