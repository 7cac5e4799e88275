// binding-dp.js: the DP pillar's WASM exports (c/wasm/wasm_dp.c), bound once.
// Every C failure becomes a thrown EngineError with the C message; every
// handle is freed in a `finally`. Results are copies (typed arrays), never
// heap views.
import { DP_TRACE_BYTES, DP_TRACE_CAP } from '../lib/engine-limits.js';

/** GAME names (DESIGN.md) to pp_dp_problem's numbers. */
export const DP_GAMES = {
  'stone-game': 0,
  'stone-game-ii': 1,
  'stone-game-iii': 2,
  'stone-game-iv': 3,
  'stone-game-v': 4,
  'stone-game-vi': 5,
  'stone-game-vii': 6,
  nim: 7,
  'can-i-win': 8,
  'predict-the-winner': 9,
};
/** Algorithm names (the CLI's --algo) to pp_dp_algo's numbers. */
export const DP_ALGOS = { dp: 0, diff: 1, sieve: 2, 'flawed-memo': 3, exhaustive: 4 };
/** LeetCode's problem numbers, for titles. */
export const DP_LEETCODE = {
  'stone-game': 877,
  'stone-game-ii': 1140,
  'stone-game-iii': 1406,
  'stone-game-iv': 1510,
  'stone-game-v': 1563,
  'stone-game-vi': 1686,
  'stone-game-vii': 1690,
  nim: 292,
  'can-i-win': 464,
  'predict-the-winner': 486,
};
export { DP_TRACE_BYTES, DP_TRACE_CAP }; // the trace's budget (lib/engine-limits.js)
/** Trace masks: every kind, or DP_CELL (kind 20) alone. */
export const TRACE_ALL = 0;
export const TRACE_CELLS = 1 << 20;
/** ppw_dp_limit's indices. */
const LIMITS = ['value', 'ends', 'stone2', 'stone3', 'squares', 'split', 'stone6', 'exhaustive', 'nim', 'nimTable', 'choosable', 'desired'];
const GET = { answer: 0, period: 1, rows: 2, cols: 3, replay: 4, alice: 5, bob: 6, seconds: 7 };
const STATS = ['nodes', 'reads', 'choices', 'calls', 'memoHits', 'marks'];
const STATS_AT = 8;
const REPLAY_WORDS = 5;
/** The problems whose input is numbers, not lists. */
const NUMBER_GAMES = new Set(['stone-game-iv', 'nim', 'can-i-win']);

export function bindDp(kit) {
  const { M, EngineError, lastError, owned, checkExports, withCString, copyI32, copyU8, cString, heapU8, TRACE_WORDS } = kit;
  const c = {
    parse: M._ppw_dp_parse,
    inputFree: M._ppw_dp_input_free,
    inputCount: M._ppw_dp_input_count,
    inputValues: M._ppw_dp_input_values,
    inputNumber: M._ppw_dp_input_number,
    hasAlgo: M._ppw_dp_has_algo,
    limit: M._ppw_dp_limit,
    solve: M._ppw_dp_solve,
    free: M._ppw_dp_free,
    get: M._ppw_dp_get,
    answerText: M._ppw_dp_answer_text,
    describe: M._ppw_dp_describe,
    values: M._ppw_dp_values,
    seconds: M._ppw_dp_seconds,
    choices: M._ppw_dp_choices,
    done: M._ppw_dp_done,
    replay: M._ppw_dp_replay_f64,
    trace: M._ppw_dp_trace,
    traceCount: M._ppw_dp_trace_count,
    traceTruncated: M._ppw_dp_trace_truncated,
    f64: M._ppw_f64_of_i64,
    cFree: M._free,
  };
  checkExports(c, 'dp');

  function pick(table, name, what) {
    if (!Object.hasOwn(table, name)) throw new EngineError(`unknown ${what}: ${String(name)}`, 'arg');
    return table[name];
  }

  /** Copies n doubles at ptr out of the heap. */
  function copyF64(ptr, n) {
    if (n === 0) return new Float64Array(0);
    if (!ptr) throw new EngineError('the engine returned no array', 'arg');
    return new Float64Array(heapU8().buffer, ptr >>> 0, n).slice();
  }

  /** n int64 values at ptr as a Float64Array (exact: they are below 2^53). */
  function copyI64(ptr, n) {
    if (n === 0) return new Float64Array(0);
    if (!ptr) throw new EngineError('the engine returned no array', 'arg');
    const out = c.f64(ptr, n);
    if (!out) throw lastError('out of memory for a table');
    try {
      return copyF64(out, n);
    } finally {
      c.cFree(out);
    }
  }

  /** The instance as read: lists a (and b for 1686) or numbers. */
  function readInput(game, h) {
    if (NUMBER_GAMES.has(game)) return { a: null, b: null, numbers: [c.inputNumber(h, 0), c.inputNumber(h, 1)] };
    const n = c.inputCount(h) >>> 0;
    const b = c.inputValues(h, 1);
    return { a: copyI64(c.inputValues(h, 0), n), b: b ? copyI64(b, n) : null, numbers: null };
  }

  /** Runs one solve; the handle goes to fn and is freed afterwards. */
  function withSolve(h, algoNum, cap, mask, fn) {
    const t0 = performance.now();
    const s = c.solve(h, algoNum, cap, mask);
    const solveMs = performance.now() - t0;
    return owned(s, c.free, (solved) => fn(solved, solveMs), 'the solver failed');
  }

  /** Runs fn(h) on the parsed input (LeetCode text) of problem number `problem`, then frees it. */
  function withInput(problem, input, fn) {
    return withCString(input, (textPtr) => owned(c.parse(problem, textPtr), c.inputFree, fn, 'the input could not be read'));
  }

  function readSolve(s) {
    const rows = c.get(s, GET.rows) >>> 0;
    const cols = c.get(s, GET.cols) >>> 0;
    const cells = rows * cols;
    const moves = c.get(s, GET.replay) >>> 0;
    const stats = {};
    STATS.forEach((name, i) => {
      stats[name] = c.get(s, STATS_AT + i);
    });
    let replay = new Float64Array(0);
    if (moves > 0) {
      const ptr = c.replay(s);
      if (!ptr) throw lastError('the replay could not be made');
      replay = copyF64(ptr, moves * REPLAY_WORDS);
    }
    const count = c.traceCount(s) >>> 0;
    const tracePtr = c.trace(s);
    return {
      answer: c.get(s, GET.answer),
      answerText: cString(c.answerText(s)),
      period: c.get(s, GET.period) !== 0,
      rows,
      cols,
      values: copyI64(c.values(s), cells),
      seconds: c.get(s, GET.seconds) ? copyI64(c.seconds(s), cells) : null,
      choices: copyI32(c.choices(s), cells),
      done: copyU8(c.done(s), cells),
      replay,
      scores: [c.get(s, GET.alice), c.get(s, GET.bob)],
      stats,
      trace: tracePtr ? copyI32(tracePtr, count * TRACE_WORDS) : null,
      truncated: c.traceTruncated(s) !== 0,
    };
  }

  /**
   * Parses `input` (LeetCode's text) as `game` and solves it by `algo`.
   * trace: 'auto' (every event if the whole trace fits in traceCap, else the
   * computed cells only, traced again), 'fine' or 'coarse' (capped at
   * traceCap, possibly truncated), or 'none'.
   * solveMs: the last solve alone (no parsing, no copying), for the benchmarks.
   */
  function solveDp(game, input, { algo = 'dp', trace = 'none', traceCap = DP_TRACE_CAP } = {}) {
    const problem = pick(DP_GAMES, game, 'game');
    const algoNum = pick(DP_ALGOS, algo, 'algorithm');
    if (!c.hasAlgo(problem, algoNum)) {
      const have = Object.keys(DP_ALGOS).filter((a) => c.hasAlgo(problem, DP_ALGOS[a]));
      throw new EngineError(`${game} has no algorithm ${algo} (available: ${have.join(', ')})`, 'arg');
    }
    if (!['auto', 'fine', 'coarse', 'none'].includes(trace)) throw new EngineError(`unknown trace mode: ${String(trace)}`, 'arg');
    if (!Number.isSafeInteger(traceCap) || traceCap < 1 || traceCap > 0xffffffff) {
      throw new EngineError(`traceCap must be an integer from 1 to ${0xffffffff}`, 'arg');
    }
    return withInput(problem, input, (h) => {
      const given = readInput(game, h);
      let mode = trace;
      const run = (m) =>
        withSolve(h, algoNum, m === 'none' ? 0 : traceCap, m === 'coarse' ? TRACE_CELLS : TRACE_ALL, (s, ms) => ({
          ...readSolve(s),
          solveMs: ms,
        }));
      let r;
      if (trace === 'auto') {
        // Try every event; a trace over the budget is dropped for the cells alone.
        mode = 'fine';
        r = withSolve(h, algoNum, traceCap, TRACE_ALL, (s, ms) => (c.traceTruncated(s) ? null : { ...readSolve(s), solveMs: ms }));
        if (!r) {
          mode = 'coarse';
          r = run('coarse');
        }
      } else {
        r = run(trace);
      }
      return { game, input, algo, traceMode: mode, ...given, ...r };
    });
  }

  /**
   * The benchmarks' timing: `count` untraced solves of one parsed input,
   * each freed unread, as bench_dp.c times them natively (reading the tables
   * out, as solveDp does, is the page's cost, not the solver's). Returns the
   * milliseconds of each solve and the cells of one.
   */
  function timeSolves(game, input, { algo = 'dp', count = 1 } = {}) {
    const problem = pick(DP_GAMES, game, 'game');
    const algoNum = pick(DP_ALGOS, algo, 'algorithm');
    return withInput(problem, input, (h) => {
      const ms = [];
      let cells = 0;
      for (let i = 0; i < count; i++) {
        withSolve(h, algoNum, 0, 0, (s, t) => {
          ms.push(t);
          cells = c.get(s, STATS_AT);
        });
      }
      return { ms, cells };
    });
  }

  /** The tool's documented limits (perfect_play.h's PP_DP_MAX_*), by name. */
  function limits() {
    return Object.fromEntries(LIMITS.map((name, i) => [name, c.limit(i)]));
  }

  /** The algorithms `game` has, by name. */
  function algosOf(game) {
    const problem = pick(DP_GAMES, game, 'game');
    return Object.keys(DP_ALGOS).filter((a) => c.hasAlgo(problem, DP_ALGOS[a]));
  }

  return { solveDp, timeSolves, limits, algosOf };
}
