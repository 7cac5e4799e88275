// binding-catmouse.js: Cat and Mouse's WASM exports (c/wasm/wasm_catmouse.c),
// bound once on the kit of binding.js: its graphs, the retrograde solve (run
// and read through the kit's ppw_retro_* exports, wasm_retro.c), the page's
// kept engine, the coarse trace derived after a solve, and the depth-first
// searches. Every C failure becomes a thrown EngineError with the C message;
// every handle is freed in a `finally`. Results are copies, never heap views.
import { graphText } from '../lib/catmouse.js';
import { startState } from '../lib/outcomes.js';
import { STAT_DECIDED, STAT_RELAXATIONS, STAT_STATES, TRACE_COARSE } from './binding.js';

export { graphText };

/** Statistic indices of ppw_dfs_stat, in order. */
const DFS_STAT_NAMES = ['nodes', 'leaves', 'cycles', 'memoHits', 'maxDepth'];
const DFS_KINDS = { naive: 0, memo: 1 };
const STATUS_BUDGET = 4;
const UINT32_MAX = 0xffffffff;

/**
 * Cat and Mouse's solves on an engine's kit (loadEngine().kit): { solveCatMouse,
 * beginCatMouse, dfsCatMouse, parseCatMouse, randomCatMouse, completeCatMouse }.
 * On a module without Cat and Mouse (only pp and pp-cm have it) each throws
 * an EngineError saying where it is.
 */
export function bindCatMouse(kit) {
  const { M, EngineError, lastError, owned, checkExports, retro, readRetro, withCString, copyI32, copyU8, checkInt, TRACE_WORDS } = kit;
  const c = {
    malloc: kit.malloc,
    free: M._free,
    parse: M._ppw_catmouse_parse,
    random: M._ppw_catmouse_random,
    complete: M._ppw_catmouse_complete,
    graphFree: M._ppw_catmouse_free,
    nodes: M._ppw_catmouse_nodes,
    offsets: M._ppw_catmouse_offsets,
    adjacency: M._ppw_catmouse_adjacency,
    retroNew: M._ppw_retro_new_catmouse,
    retroKeep: M._ppw_retro_keep_catmouse,
    solveBytes: M._ppw_catmouse_solve_bytes,
    coarseTrace: M._ppw_retro_coarse_trace,
    dfsNew: M._ppw_dfs_catmouse,
    dfsFree: M._ppw_dfs_free,
    dfsStatus: M._ppw_dfs_status,
    dfsAnswer: M._ppw_dfs_answer,
    dfsLabels: M._ppw_dfs_labels,
    dfsStat: M._ppw_dfs_stat,
    dfsTrace: M._ppw_dfs_trace,
    dfsTraceCount: M._ppw_dfs_trace_count,
    dfsTraceTruncated: M._ppw_dfs_trace_truncated,
  };
  if (typeof c.parse !== 'function') {
    const missing = () => {
      throw new EngineError('this WASM module has no Cat and Mouse solver (it is in pp-cm)', 'internal');
    };
    return Object.fromEntries(
      ['solveCatMouse', 'beginCatMouse', 'dfsCatMouse', 'parseCatMouse', 'randomCatMouse', 'completeCatMouse'].map((k) => [k, missing]),
    );
  }
  checkExports(c, 'catmouse');

  function readGraph(g) {
    const n = c.nodes(g);
    const offsets = copyI32(c.offsets(g), n + 1);
    const adjacency = copyI32(c.adjacency(g), offsets[n]);
    return { n, offsets, adjacency };
  }

  /** Runs fn(graph) on a graph handle made by make(), then frees it. */
  function withGraph(make, fn) {
    return owned(make(), c.graphFree, fn, 'the graph could not be made');
  }

  /** The coarse trace of the finished untraced solve s of graph g: one SEED or COLOR record a decision, in order. */
  function deriveCoarseTrace(s, g) {
    const count = retro.stat(s, STAT_DECIDED);
    if (count === 0) return new Int32Array(0);
    const ptr = c.malloc(count * TRACE_WORDS * 4);
    if (!ptr) throw new EngineError('out of memory for the trace', 'nomem');
    try {
      const written = c.coarseTrace(s, g, ptr, count);
      if (written < 0) throw lastError('the decisions could not be read');
      return copyI32(ptr, written * TRACE_WORDS);
    } finally {
      c.free(ptr);
    }
  }

  function checkTraceOptions(traceCap, traceMask) {
    if (!Number.isInteger(traceCap) || traceCap < 0 || traceCap > UINT32_MAX) {
      throw new EngineError(`traceCap must be an integer from 0 to ${UINT32_MAX}`, 'arg');
    }
    if (!Number.isInteger(traceMask) || traceMask < 0 || traceMask > UINT32_MAX) {
      throw new EngineError('traceMask must be a 32-bit mask of event kinds', 'arg');
    }
  }

  /** The engine kept across solves (ppw_retro_keep_catmouse), or 0. */
  let kept = 0;

  /**
   * Starts a solve of a Cat and Mouse graph given as LeetCode text
   * (`graph = [[2,5],[3],...]` or the bare JSON value) and returns the job:
   *   graph, plan { traceCap, traceMask }, bytes (what the solve takes),
   *   reused (the kept engine's memory serves it),
   *   step(budget) -> true once done (at most `budget` reverse edges a call),
   *   progress() -> { relaxations, decided, states, ply },
   *   finish({ cause = true }) -> the result (once done; cause false: no
   *   cause array, see readRetro), dispose() (always, in a finally).
   * Tracing: traceCap events at most (0: none), of the kinds in traceMask
   * (0: every kind; TRACE_COARSE: the decisions only). planTrace(graph), if
   * given, chooses { traceCap, traceMask } once the graph is parsed, and
   * with cause: false, leaves the cause array out (see readRetro).
   * keep: solve in the engine kept from the last keep solve (its memory is
   * reused; the page solves again on every edit), not a fresh one.
   * degrees: also copy every state's final counter (ppw_retro_degree).
   * onStart({ bytes, reused, states }) is called before the engine starts
   * (seeding a big game takes a moment): what the solve will take.
   * derive (in the plan, with traceMask TRACE_COARSE): the engine runs
   * untraced and finish() derives the same coarse trace from the finished
   * solve's decision order (ppw_retro_coarse_trace), for a fraction of the
   * traced solve's time; bytes counts it as the recorded trace.
   */
  function beginCatMouse(text, { traceCap = 0, traceMask = 0, planTrace, keep = false, degrees = false, onStart } = {}) {
    const g = withCString(text, (textPtr) => c.parse(textPtr));
    if (!g) throw lastError('the graph could not be made');
    let s = 0;
    try {
      const graph = readGraph(g);
      const plan = planTrace ? planTrace(graph) : { traceCap, traceMask };
      const cap = plan.traceCap ?? 0;
      const mask = plan.traceMask ?? 0;
      checkTraceOptions(cap, mask);
      const withCause = plan.cause ?? true;
      const derive = plan.derive === true && cap > 0;
      if (derive && mask !== TRACE_COARSE) throw new EngineError('only the coarse trace can be derived after the solve', 'arg');
      const bytes = c.solveBytes(g, cap, withCause ? 1 : 0);
      const engineCap = derive ? 0 : cap; // a derived trace: the engine records nothing
      const reused = keep && kept !== 0;
      onStart?.({ bytes, reused, states: 2 * graph.n * (graph.n - 1) }); // the valid states: the cat is never on the hole
      const t0 = performance.now();
      if (keep) {
        s = c.retroKeep(kept, g, engineCap, mask);
        if (!s) {
          retro.free(kept); // a failed reset leaves the engine unusable
          kept = 0;
          throw lastError('the solver could not start');
        }
        kept = s;
      } else {
        s = c.retroNew(g, engineCap, mask);
        if (!s) throw lastError('the solver could not start');
      }
      let done = false;
      const job = {
        /** ms the engine took to start (pp_retro_new or _reset: classifying and seeding). */
        startMs: performance.now() - t0,
        graph,
        plan: { ...plan, traceCap: cap, traceMask: mask },
        bytes,
        reused,
        step(budget) {
          if (done) return true;
          const r = retro.run(s, budget);
          if (r < 0) throw lastError('the solver failed');
          done = r === 1;
          return done;
        },
        progress: () => ({
          relaxations: retro.stat(s, STAT_RELAXATIONS),
          decided: retro.stat(s, STAT_DECIDED),
          states: retro.stat(s, STAT_STATES),
          ply: retro.ply(s),
        }),
        finish({ cause = withCause } = {}) {
          if (!done) throw new EngineError('the solve is not finished', 'arg');
          const { n, offsets, adjacency } = graph;
          const nstates = retro.states(s) >>> 0;
          const solved = readRetro(s, nstates, engineCap, cause);
          if (derive) {
            solved.trace = deriveCoarseTrace(s, g);
            solved.truncated = false;
            solved.traceDerived = true; // the engine ran untraced
          }
          const result = { n, offsets, adjacency, answer: solved.outcomes[startState(n)], ...solved, traceMask: cap > 0 ? mask : 0 };
          if (degrees) {
            result.degrees = new Int32Array(nstates);
            for (let i = 0; i < nstates; i++) result.degrees[i] = retro.degree(s, i);
          }
          return result;
        },
        dispose() {
          if (!keep && s) retro.free(s);
          s = 0;
          c.graphFree(g);
        },
      };
      return job;
    } catch (err) {
      if (!keep && s) retro.free(s);
      c.graphFree(g);
      throw err;
    }
  }

  /**
   * Solves a Cat and Mouse graph to its end (beginCatMouse's options), in
   * batches of `budget` reverse edges (so V8 optimizes the kernel and the
   * caller sees progress), calling onProgress(relaxationsSoFar, { decided,
   * states, ply }) between batches.
   */
  function solveCatMouse(text, { budget = 1 << 20, onProgress, ...options } = {}) {
    if (!(budget >= 1)) throw new EngineError('budget must be at least 1', 'arg');
    const job = beginCatMouse(text, options);
    try {
      while (!job.step(budget)) {
        if (onProgress) {
          const p = job.progress();
          onProgress(p.relaxations, p);
        }
      }
      return job.finish();
    } finally {
      job.dispose();
    }
  }

  /**
   * Depth-first minimax from the start: kind 'naive' (exact, exponential,
   * gives up after `budget` states) or 'memo' (the flawed exhibit). A search
   * that ran out of budget still returns, with budgetExhausted set and the
   * trace so far. labels: the memo (LABEL_UNSEEN where nothing was stored).
   */
  function dfsCatMouse(text, { kind = 'memo', budget = 1e6, traceCap = 0 } = {}) {
    if (!(kind in DFS_KINDS)) throw new EngineError(`no such search: ${String(kind)}`, 'arg');
    if (!(budget >= 1)) throw new EngineError('budget must be at least 1', 'arg');
    checkTraceOptions(traceCap, 0);
    return withCString(text, (textPtr) =>
      withGraph(
        () => c.parse(textPtr),
        (g) => {
          const graph = readGraph(g);
          const d = c.dfsNew(g, DFS_KINDS[kind], budget, traceCap);
          if (!d) throw lastError('the search could not run');
          try {
            const nstates = 2 * graph.n * graph.n;
            const stats = {};
            DFS_STAT_NAMES.forEach((name, i) => {
              stats[name] = c.dfsStat(d, i);
            });
            const count = c.dfsTraceCount(d) >>> 0;
            const budgetExhausted = c.dfsStatus(d) === STATUS_BUDGET;
            return {
              ...graph,
              kind,
              budget,
              budgetExhausted,
              answer: budgetExhausted ? null : c.dfsAnswer(d),
              labels: copyU8(c.dfsLabels(d), nstates),
              stats,
              trace: traceCap > 0 ? copyI32(c.dfsTrace(d), count * TRACE_WORDS) : null,
              truncated: c.dfsTraceTruncated(d) !== 0,
            };
          } finally {
            c.dfsFree(d);
          }
        },
      ),
    );
  }

  /** The graph of LeetCode text, parsed and checked: { n, offsets, adjacency }. */
  function parseCatMouse(text) {
    return withCString(text, (textPtr) => withGraph(() => c.parse(textPtr), readGraph));
  }

  /** A random valid graph: { n, offsets, adjacency, text } (text is LeetCode's form). */
  function randomCatMouse(n, avgDegree, seed = 1) {
    checkInt('n', n);
    checkInt('avgDegree', avgDegree);
    if (!(Number.isSafeInteger(seed) && seed >= 0)) {
      throw new EngineError('seed must be a non-negative safe integer', 'arg');
    }
    return withGraph(() => c.random(n, avgDegree, seed), graphWithText);
  }

  /** The complete graph on n nodes: { n, offsets, adjacency, text }. */
  function completeCatMouse(n) {
    checkInt('n', n);
    return withGraph(() => c.complete(n), graphWithText);
  }

  function graphWithText(g) {
    const graph = readGraph(g);
    return { ...graph, text: graphText(graph) };
  }

  return { solveCatMouse, beginCatMouse, dfsCatMouse, parseCatMouse, randomCatMouse, completeCatMouse };
}
