// gdl-games.js: the worker's entry for games in the Game Description
// Language (worker.js's GAMES table). Requests:
//   { type: 'solve', game: 'gdl', input (the rules), trace: 'auto' | traceCap, maxStates, budgetMiB }
//   { type: 'solve', game: 'gdl', algo: 'check', input }  -> { diagnostics: [{ line, col, message }] }
// The result is binding-gdl.js's solveGdl result (see its header), with
// traceMode ('fine', 'coarse' or 'none') and bytes (the memory the solve held).
//
// The solve runs in steps (binding-gdl.js beginGdl), yielding to the
// worker's event loop between them: a 'cancel' message stops it there, the
// worker and its warm WASM live on. Each step is sized to take about
// STEP_MS (the budget adapts, per phase: states enumerated cost far more
// than reverse edges looked at), so progress and Cancel stay prompt and V8
// gets to optimize the loops after the first steps (TOOLCHAIN.md: one long
// call stays on baseline code). Progress: { phase, states, expanded, edges,
// stage, stages, relaxations, decided, ply, bytes, budgetMiB }, sent at once when the
// enumeration ends (bytes: what the graph and the solve will hold, before
// the solve takes it).
import { bindGdl, GDL_BUDGET_MIB, GDL_MAX_STATES } from './binding-gdl.js';
import { yieldToEvents } from '../lib/next-task.js';

const bound = new WeakMap();
/** About this long a step, so Cancel and progress are prompt. */
const STEP_MS = 15;
/** First budgets: network evaluations while enumerating, reverse edges while solving. */
const FIRST_BUDGET = { enumerate: 2048, link: 1, solve: 1 << 18 };
const MAX_BUDGET = 1 << 26;

function gdlOf(eng) {
  let t = bound.get(eng);
  if (!t) bound.set(eng, (t = bindGdl(eng.kit)));
  return t;
}

export const GDL_WORKER_GAMES = {
  gdl: async (eng, { input, algo = 'retrograde', trace, traceCap = 0, maxStates = GDL_MAX_STATES, budgetMiB = GDL_BUDGET_MIB }, onProgress = () => {}, cancelled = () => false) => {
    if (algo === 'check') return { diagnostics: gdlOf(eng).checkGdl(input, { maxStates }) };
    if (algo !== 'retrograde') throw new Error(`unknown algorithm: ${String(algo)}`);
    const job = gdlOf(eng).beginGdl(input, { maxStates, budgetMiB, traceCap: trace === 'auto' ? 'auto' : traceCap });
    try {
      const budget = { ...FIRST_BUDGET };
      let steps = 0;
      let phase = 'enumerate';
      for (;;) {
        const t = performance.now();
        const done = job.step(budget[phase] ?? 1);
        const ms = performance.now() - t;
        steps++;
        if (done) break;
        // the next step of this phase sized to about STEP_MS
        if (budget[phase] !== undefined && phase !== 'link') {
          const scaled = ms > 0.5 ? (budget[phase] * STEP_MS) / ms : budget[phase] * 4;
          budget[phase] = Math.max(1, Math.min(MAX_BUDGET, Math.round(Math.min(scaled, budget[phase] * 4))));
        }
        const p = job.progress();
        const entered = p.phase !== phase;
        phase = p.phase;
        onProgress(p.relaxations, { ...p, budgetMiB }, entered && phase === 'link');
        await yieldToEvents();
        if (cancelled()) return null;
      }
      const result = job.finish();
      result.algo = 'retrograde';
      result.steps = steps;
      return result;
    } finally {
      job.dispose();
    }
  },
};
