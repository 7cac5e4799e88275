// gdl-games.js: the worker's entry for games in the Game Description
// Language (worker.js's GAMES table). Requests:
//   { type: 'solve', game: 'gdl', input (the rules), trace: 'auto' | traceCap, maxStates }
//   { type: 'solve', game: 'gdl', algo: 'check', input }  -> { diagnostics: [{ line, col, message }] }
// The result is binding-gdl.js's solveGdl result (see its header).
import { bindGdl, GDL_MAX_STATES } from './binding-gdl.js';

const bound = new WeakMap();

function gdlOf(eng) {
  let t = bound.get(eng);
  if (!t) bound.set(eng, (t = bindGdl(eng.kit)));
  return t;
}

export const GDL_WORKER_GAMES = {
  gdl: (eng, { input, algo = 'retrograde', trace, traceCap = 0, maxStates = GDL_MAX_STATES }) => {
    if (algo === 'check') return { diagnostics: gdlOf(eng).checkGdl(input, { maxStates }) };
    if (algo !== 'retrograde') throw new Error(`unknown algorithm: ${String(algo)}`);
    const result = gdlOf(eng).solveGdl(input, { maxStates, traceCap: trace === 'auto' ? 'auto' : traceCap });
    result.algo = 'retrograde';
    result.traceMode = result.trace ? 'fine' : 'none';
    return result;
  },
};
