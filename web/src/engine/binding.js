// binding.js: the kit every binding module builds on (binding-catmouse.js,
// binding-cm2.js, binding-tree.js, binding-dp.js, binding-chess.js,
// binding-gdl.js, ...): it loads a WASM module and hands each family's module
// the tools to bind its own ppw_* exports once, in the same way.
//
// Every C failure (a NULL/0 handle or
// a -1 status) becomes a thrown EngineError carrying ppw_error()'s message,
// and every allocation is released in a `finally`, whatever happens.
//
// Heap addresses are read unsigned (`>>> 0`): the modules may grow to 4 GiB
// (build.sh's wasm_link), and past 2 GiB an address is negative as the
// int32 a WASM export returns. kit.malloc returns it so; a binding module
// takes every other address through copyI32, copyU8, cString or addr.
//
// Heap views detach when WASM memory grows, so nothing here keeps a HEAP*
// view across a call that may allocate: each read goes through heap32() etc.
// Results are copied out with slice(), never handed out as views of the heap.
/** Trace masks of a retrograde solve (pp_trace_set_filter): 0 keeps every event kind. */
export const TRACE_ALL = 0;
export const TRACE_COARSE = (1 << 1) | (1 << 5); // SEED and COLOR: the decisions only
/** A memo label the search never stored (PP_UNSEEN). */
export const LABEL_UNSEEN = 0xff;

/** The status names of perfect_play.h (pp_status), by code. */
export const STATUS_NAMES = ['ok', 'input', 'limit', 'nomem', 'budget', 'arg', 'cancelled'];

/**
 * Statistic indices of ppw_retro_stat (pp_retro_stats), in order; 5 and 6
 * are the wins of role 0 and role 1 (C's wins[0], wins[1]), read into
 * stats.wins.
 */
const STAT_NAMES = ['states', 'seeds', 'pops', 'relaxations', 'decided', 'wins0', 'wins1', 'draws', 'queuePeak'];
export const STAT_STATES = 0;
export const STAT_RELAXATIONS = 3;
export const STAT_DECIDED = 4;

const TRACE_WORDS = 4;

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
 * wasmBinary. Returns { kit, heapBytes, prefaultHeap, probeMalloc }: a
 * family's binding module binds its exports from the kit (bindCatMouse(kit),
 * bindTree(kit), ...).
 */
export async function loadEngine({ wasmBinary, create } = {}) {
  // Not bundled for the page (the worker always names its family's module).
  create ??= (await import(/* @vite-ignore */ FULL_MODULE)).default;
  const M = await create(wasmBinary ? { wasmBinary } : {});
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();

  // ---- the exports every module has, bound once ----
  const c = {
    malloc: (bytes) => M._malloc(bytes) >>> 0,
    free: M._free,
    error: M._ppw_error,
    errorCode: M._ppw_error_code,
    prefault: M._ppw_heap_prefault,
  };
  checkExports(c, 'common');
  // The retrograde solve handle's exports (wasm_retro.c): in the modules
  // with a retrograde game (pp, pp-cm), all of them or none.
  const retro = {
    run: M._ppw_retro_run,
    free: M._ppw_retro_free,
    states: M._ppw_retro_nstates,
    outcomes: M._ppw_retro_outcomes,
    remoteness: M._ppw_retro_remoteness,
    cause: M._ppw_retro_cause,
    stat: M._ppw_retro_stat,
    trace: M._ppw_retro_trace,
    traceCount: M._ppw_retro_trace_count,
    traceTruncated: M._ppw_retro_trace_truncated,
    degree: M._ppw_retro_degree,
    ply: M._ppw_retro_ply,
  };
  if (typeof retro.run === 'function') checkExports(retro, 'retro');

  // Fresh views on every call: memory growth detaches the old ones.
  const heapU8 = () => M.HEAPU8;
  const heap32 = () => M.HEAP32;

  function cString(address) {
    const heap = heapU8();
    const ptr = addr(address);
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

  /** A copy of `count` int32 at heap address ptr (an address the engine returned). */
  function copyI32(ptr, count) {
    if (count === 0) return new Int32Array(0);
    if (!ptr) throw new EngineError('the engine returned no array', 'arg');
    const start = addr(ptr) / 4;
    return heap32().slice(start, start + count);
  }

  /** A copy of `count` bytes at heap address ptr. */
  function copyU8(ptr, count) {
    if (count === 0) return new Uint8Array(0);
    if (!ptr) throw new EngineError('the engine returned no array', 'arg');
    const start = addr(ptr);
    return heapU8().slice(start, start + count);
  }

  /**
   * Runs the retrograde solve s to its end in batches of `budget` reverse
   * edges (so V8 optimizes the kernel and the caller sees progress), calling
   * onProgress(relaxationsSoFar, { decided, states }) between batches. The
   * ppw_retro_* exports serve every retrograde game (Cat and Mouse, II).
   */
  function runRetro(s, budget, onProgress) {
    for (;;) {
      const done = retro.run(s, budget);
      if (done < 0) throw lastError('the solver failed');
      if (done === 1) return;
      onProgress?.(retro.stat(s, STAT_RELAXATIONS), { decided: retro.stat(s, STAT_DECIDED), states: retro.stat(s, STAT_STATES) });
    }
  }

  /**
   * A finished retrograde solve's outcome, remoteness and cause of its
   * nstates states, statistics and trace (cap 0: none). withCause false
   * leaves cause out (null): the engine then never builds it (one more pass
   * over every reverse edge); why.js derives a deciding child on demand.
   */
  function readRetro(s, nstates, cap, withCause = true) {
    const count = retro.traceCount(s) >>> 0;
    return {
      outcomes: copyU8(retro.outcomes(s), nstates),
      remoteness: copyI32(retro.remoteness(s), nstates),
      cause: withCause ? copyI32(retro.cause(s), nstates) : null,
      stats: readStats(s),
      trace: cap > 0 ? copyI32(retro.trace(s), count * TRACE_WORDS) : null,
      truncated: retro.traceTruncated(s) !== 0,
    };
  }

  /** A retrograde solve's statistics: { states, seeds, pops, relaxations, decided, wins: [role 0's, role 1's], draws, queuePeak }. */
  function readStats(s) {
    const stats = {};
    STAT_NAMES.forEach((name, i) => {
      stats[name] = retro.stat(s, i);
    });
    const { wins0, wins1, ...rest } = stats;
    return { ...rest, wins: [wins0, wins1] };
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
  const kit = {
    M,
    malloc: c.malloc,
    addr,
    EngineError,
    lastError,
    owned,
    checkExports,
    retro,
    runRetro,
    readRetro,
    withCString,
    copyI32,
    copyU8,
    cString,
    heapU8,
    heap32,
    checkInt,
    TRACE_WORDS,
  };

  return { kit, heapBytes, prefaultHeap, probeMalloc };
}

/** Throws unless every entry of a family's table of exports is a function. */
function checkExports(table, family) {
  for (const [name, fn] of Object.entries(table)) {
    if (typeof fn !== 'function') throw new Error(`the WASM module does not export ppw ${family} function ${name}`);
  }
}

function checkInt(name, value) {
  if (!Number.isInteger(value) || value < -0x80000000 || value > 0x7fffffff) {
    throw new EngineError(`${name} must be an integer`, 'arg');
  }
}

/**
 * A heap address as a WASM export returns it (an int32: negative from 2 GiB
 * on) as the unsigned byte offset it is, 0 to 2^32 - 1.
 */
export function addr(ptr) {
  return ptr >>> 0;
}
