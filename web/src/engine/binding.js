// binding.js: the one place that calls the WASM exports (ppw_*).
//
// Every C function is bound once, below. Every C failure (a NULL/0 handle or
// a -1 status) becomes a thrown EngineError carrying ppw_error()'s message,
// and every allocation is released in a `finally`, whatever happens.
//
// Heap views detach when WASM memory grows, so nothing here keeps a HEAP*
// view across a call that may allocate: each read goes through heap32() etc.
// Results are copied out with slice(), never handed out as views of the heap.
import { startState } from '../lib/outcomes.js';

/** Trace masks for ppw_retro_new_catmouse: 0 keeps every event kind. */
export const TRACE_ALL = 0;
export const TRACE_COARSE = (1 << 1) | (1 << 5); // SEED and COLOR: the decisions only
/** A memo label the search never stored (PP_UNSEEN). */
export const LABEL_UNSEEN = 0xff;

/** The status names of perfect_play.h (pp_status), by code. */
export const STATUS_NAMES = ['ok', 'input', 'limit', 'nomem', 'budget', 'arg', 'cancelled'];

/** Statistic indices of ppw_retro_stat, in order. */
const STAT_NAMES = [
  'states',
  'seeds',
  'pops',
  'relaxations',
  'decided',
  'mouseWins',
  'catWins',
  'draws',
  'queuePeak',
];
const STAT_RELAXATIONS = 3;
const STAT_DECIDED = 4;
const STAT_STATES = 0;

/** Statistic indices of ppw_dfs_stat, in order. */
const DFS_STAT_NAMES = ['nodes', 'leaves', 'cycles', 'memoHits', 'maxDepth'];
const DFS_KINDS = { naive: 0, memo: 1 };
const STATUS_BUDGET = 4;

const TRACE_WORDS = 4;
const UINT32_MAX = 0xffffffff;

/** An error reported by the C library; `status` is its pp_status name. */
export class EngineError extends Error {
  constructor(message, status = 'arg') {
    super(message);
    this.name = 'EngineError';
    this.status = status;
  }
}

/** The module with every solver (build.sh: pp), for Node: the tests and benchmarks. */
const FULL_MODULE = './wasm/pp.mjs';

/**
 * Loads and instantiates a WASM module: `create` is its factory (the default
 * export of wasm/pp-cm.mjs, pp-tree.mjs, pp-dp.mjs: one family each, as the
 * worker loads them), by default that of pp.mjs, which holds them all. In the
 * browser Vite serves and hashes the .wasm; in Node pass its bytes as
 * wasmBinary. An export the module lacks is bound as undefined and throws
 * only if called.
 */
export async function loadEngine({ wasmBinary, create } = {}) {
  // Not bundled for the page (the worker always names its family's module).
  create ??= (await import(/* @vite-ignore */ FULL_MODULE)).default;
  const M = await create(wasmBinary ? { wasmBinary } : {});
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();

  // ---- the exports, bound once ----
  const c = {
    malloc: M._malloc,
    free: M._free,
    error: M._ppw_error,
    errorCode: M._ppw_error_code,
    parse: M._ppw_catmouse_parse,
    random: M._ppw_catmouse_random,
    complete: M._ppw_catmouse_complete,
    graphFree: M._ppw_catmouse_free,
    nodes: M._ppw_catmouse_nodes,
    offsets: M._ppw_catmouse_offsets,
    adjacency: M._ppw_catmouse_adjacency,
    retroNew: M._ppw_retro_new_catmouse,
    retroRun: M._ppw_retro_run,
    retroFree: M._ppw_retro_free,
    retroStates: M._ppw_retro_nstates,
    outcomes: M._ppw_retro_outcomes,
    remoteness: M._ppw_retro_remoteness,
    cause: M._ppw_retro_cause,
    stat: M._ppw_retro_stat,
    trace: M._ppw_retro_trace,
    traceCount: M._ppw_retro_trace_count,
    traceTruncated: M._ppw_retro_trace_truncated,
    degree: M._ppw_retro_degree,
    dfsNew: M._ppw_dfs_catmouse,
    dfsFree: M._ppw_dfs_free,
    dfsStatus: M._ppw_dfs_status,
    dfsAnswer: M._ppw_dfs_answer,
    dfsLabels: M._ppw_dfs_labels,
    dfsStat: M._ppw_dfs_stat,
    dfsTrace: M._ppw_dfs_trace,
    dfsTraceCount: M._ppw_dfs_trace_count,
    dfsTraceTruncated: M._ppw_dfs_trace_truncated,
    retroKeep: M._ppw_retro_keep_catmouse,
    solveBytes: M._ppw_catmouse_solve_bytes,
    ply: M._ppw_retro_ply,
    prefault: M._ppw_heap_prefault,
    coarseTrace: M._ppw_retro_coarse_trace,
  };
  // The allocator and the error slot are in every module; Cat and Mouse's
  // exports in pp and pp-cm, all of them or none.
  const COMMON = ['malloc', 'free', 'error', 'errorCode'];
  const hasCatMouse = typeof c.parse === 'function';
  for (const [name, fn] of Object.entries(c)) {
    if (typeof fn !== 'function' && (hasCatMouse || COMMON.includes(name))) throw new Error(`the WASM module does not export ${name}`);
  }
  /** Cat and Mouse's functions, or a clear error from a module without them. */
  const catMouse = (fn) =>
    hasCatMouse
      ? fn
      : () => {
          throw new EngineError('this WASM module has no Cat and Mouse solver (it is in pp-cm)', 'internal');
        };

  // Fresh views on every call: memory growth detaches the old ones.
  const heapU8 = () => M.HEAPU8;
  const heap32 = () => M.HEAP32;

  function cString(ptr) {
    const heap = heapU8();
    let end = ptr;
    while (heap[end] !== 0) end++;
    return decoder.decode(heap.subarray(ptr, end));
  }

  /** The error the C side left in ppw_error(), as a thrown value. */
  function lastError(fallback) {
    const code = c.errorCode();
    const message = cString(c.error()) || fallback;
    return new EngineError(message, STATUS_NAMES[code] ?? 'arg');
  }

  /**
   * Runs fn(h) on a handle a C function just returned, then frees it with
   * free(h); a null handle is the C call's failure: its message is thrown
   * (`failure` when C left none).
   */
  function owned(h, free, fn, failure) {
    if (!h) throw lastError(failure);
    try {
      return fn(h);
    } finally {
      free(h);
    }
  }

  /** Throws unless every entry of a family's table `c` of exports is a function. */
  function checkExports(table, family) {
    for (const [name, fn] of Object.entries(table)) {
      if (typeof fn !== 'function') throw new Error(`the WASM module does not export ppw ${family} function ${name}`);
    }
  }

  /** Copies `text` into the heap as UTF-8 with a NUL, runs fn(ptr), frees it. */
  function withCString(text, fn) {
    if (typeof text !== 'string') throw new EngineError('the input must be text', 'arg');
    const bytes = encoder.encode(text);
    if (bytes.includes(0)) {
      throw new EngineError('the input contains a NUL character (\\0)', 'input');
    }
    const ptr = c.malloc(bytes.length + 1);
    if (!ptr) throw new EngineError('out of memory for the input text', 'nomem');
    try {
      const heap = heapU8();
      heap.set(bytes, ptr);
      heap[ptr + bytes.length] = 0;
      return fn(ptr);
    } finally {
      c.free(ptr);
    }
  }

  function copyI32(ptr, count) {
    if (count === 0) return new Int32Array(0);
    if (!ptr) throw new EngineError('the engine returned no array', 'arg');
    const start = ptr >>> 2;
    return heap32().slice(start, start + count);
  }

  function copyU8(ptr, count) {
    if (count === 0) return new Uint8Array(0);
    if (!ptr) throw new EngineError('the engine returned no array', 'arg');
    return heapU8().slice(ptr, ptr + count);
  }

  /** Runs fn(graph) on a graph handle made by make(), then frees it. */
  function withGraph(make, fn) {
    return owned(make(), c.graphFree, fn, 'the graph could not be made');
  }

  function readGraph(g) {
    const n = c.nodes(g);
    const offsets = copyI32(c.offsets(g), n + 1);
    const adjacency = copyI32(c.adjacency(g), offsets[n]);
    return { n, offsets, adjacency };
  }

  /**
   * Runs the retrograde solve s to its end in batches of `budget` reverse
   * edges (so V8 optimizes the kernel and the caller sees progress), calling
   * onProgress(relaxationsSoFar, { decided, states }) between batches. Cat
   * and Mouse II's binding uses it too: the ppw_retro_* exports serve both.
   */
  function runRetro(s, budget, onProgress) {
    for (;;) {
      const done = c.retroRun(s, budget);
      if (done < 0) throw lastError('the solver failed');
      if (done === 1) return;
      onProgress?.(c.stat(s, STAT_RELAXATIONS), { decided: c.stat(s, STAT_DECIDED), states: c.stat(s, STAT_STATES) });
    }
  }

  /**
   * A finished retrograde solve's outcome, remoteness and cause of its
   * nstates states, statistics and trace (cap 0: none). withCause false
   * leaves cause out (null): the engine then never builds it (one more pass
   * over every reverse edge); why.js derives a deciding child on demand.
   */
  function readRetro(s, nstates, cap, withCause = true) {
    const count = c.traceCount(s) >>> 0;
    return {
      outcomes: copyU8(c.outcomes(s), nstates),
      remoteness: copyI32(c.remoteness(s), nstates),
      cause: withCause ? copyI32(c.cause(s), nstates) : null,
      stats: readStats(s),
      trace: cap > 0 ? copyI32(c.trace(s), count * TRACE_WORDS) : null,
      truncated: c.traceTruncated(s) !== 0,
    };
  }

  /** The coarse trace of the finished untraced solve s of graph g: one SEED or COLOR record a decision, in order. */
  function deriveCoarseTrace(s, g) {
    const count = c.stat(s, STAT_DECIDED);
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

  function readStats(s) {
    const stats = {};
    STAT_NAMES.forEach((name, i) => {
      stats[name] = c.stat(s, i);
    });
    return stats;
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
          c.retroFree(kept); // a failed reset leaves the engine unusable
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
          const r = c.retroRun(s, budget);
          if (r < 0) throw lastError('the solver failed');
          done = r === 1;
          return done;
        },
        progress: () => ({
          relaxations: c.stat(s, STAT_RELAXATIONS),
          decided: c.stat(s, STAT_DECIDED),
          states: c.stat(s, STAT_STATES),
          ply: c.ply(s),
        }),
        finish({ cause = withCause } = {}) {
          if (!done) throw new EngineError('the solve is not finished', 'arg');
          const { n, offsets, adjacency } = graph;
          const nstates = c.retroStates(s) >>> 0;
          const solved = readRetro(s, nstates, engineCap, cause);
          if (derive) {
            solved.trace = deriveCoarseTrace(s, g);
            solved.truncated = false;
            solved.traceDerived = true; // the engine ran untraced
          }
          const result = { n, offsets, adjacency, answer: solved.outcomes[startState(n)], ...solved, traceMask: cap > 0 ? mask : 0 };
          if (degrees) {
            result.degrees = new Int32Array(nstates);
            for (let i = 0; i < nstates; i++) result.degrees[i] = c.degree(s, i);
          }
          return result;
        },
        dispose() {
          if (!keep && s) c.retroFree(s);
          s = 0;
          c.graphFree(g);
        },
      };
      return job;
    } catch (err) {
      if (!keep && s) c.retroFree(s);
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

  /** Bytes of WASM memory right now (it only ever grows). */
  function heapBytes() {
    return heapU8().length;
  }

  /**
   * Makes the heap hold `bytes` already paged in (ppw_heap_prefault), so a
   * solve up to that size runs on memory the operating system has already
   * given; returns the bytes touched (0 if the heap could not grow so far).
   */
  function prefaultHeap(bytes) {
    return c.prefault(bytes);
  }

  /**
   * Diagnostic for leak tests: the address malloc gives a block of `size`
   * bytes (freed at once). With every earlier block freed, it repeats.
   */
  function probeMalloc(size = 1 << 16) {
    const ptr = c.malloc(size);
    c.free(ptr);
    return ptr >>> 0;
  }

  /**
   * The tools other binding modules (one per game family, e.g. a
   * binding-tree.js exporting bindTree(kit)) build on, so that each of them
   * binds its own ppw_* exports once, in the same way as here.
   */
  const kit = { M, EngineError, lastError, owned, checkExports, runRetro, readRetro, withCString, copyI32, copyU8, cString, heapU8, heap32, checkInt, TRACE_WORDS };

  return {
    kit,
    solveCatMouse: catMouse(solveCatMouse),
    beginCatMouse: catMouse(beginCatMouse),
    dfsCatMouse: catMouse(dfsCatMouse),
    parseCatMouse: catMouse(parseCatMouse),
    randomCatMouse: catMouse(randomCatMouse),
    completeCatMouse: catMouse(completeCatMouse),
    heapBytes,
    prefaultHeap: catMouse(prefaultHeap),
    probeMalloc,
  };
}

function checkInt(name, value) {
  if (!Number.isInteger(value) || value < -0x80000000 || value > 0x7fffffff) {
    throw new EngineError(`${name} must be an integer`, 'arg');
  }
}

/** LeetCode's text of a graph in CSR form: `[[2,5],[3],...]`. */
export function graphText({ n, offsets, adjacency }) {
  const lists = [];
  for (let i = 0; i < n; i++) {
    lists.push(`[${adjacency.subarray(offsets[i], offsets[i + 1]).join(',')}]`);
  }
  return `[${lists.join(',')}]`;
}
