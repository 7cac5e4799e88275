// catmouse-games.js: the worker's entries for Cat and Mouse (LeetCode 913;
// worker.js's request table). Requests:
//   { input (LeetCode text) | random: { n, avgDegree, seed } (a random graph
//     made by the C library; its text comes back as result.input),
//     algo: 'retrograde' (default), 'naive-dfs' or 'memo-dfs',
//     trace: 'auto' (retrograde: fine, coarse or none by size, see
//     trace-plan.js; the searches: every event up to DFS_TRACE_CAP), or
//     traceCap (events; 0 = none), budget: the naive search's limit on states }
// A search's result carries `truth`: the retrograde solve of the same graph,
// to compare with.
//
// The retrograde solves (the page's big graphs) run in slices of SLICE
// relaxations, yielding to the worker's event loop between slices: a
// 'cancel' stops one there, and the worker, its warm WASM and the engine's
// memory (kept across requests: pp_retro_reset) live on. After the Cat and
// Mouse module's first request the worker runs warmUpCatMouse: a short solve,
// in slices too, so V8 has its optimized code for the solver's functions
// before a big solve runs (a long first call stays on the baseline tier:
// TOOLCHAIN.md), and the heap is paged in for a solve of about a thousand
// nodes (PREFAULT_BYTES).
import { bindCatMouse } from './binding-catmouse.js';
import { TRACE_COARSE } from './binding.js';
import { DFS_TRACE_CAP, planTrace } from './trace-plan.js';
import { layerIndex } from '../player/layer-model.js';
import { yieldToEvents } from '../lib/next-task.js';

/** Reverse edges a slice: about 10 ms warm, so Cancel and progress are prompt. */
const SLICE = 1 << 20;
/** The warm-up: a random graph of this size (C's generator), in small slices. */
const WARM_UP = { n: 240, avgDegree: 8, seed: 7, slice: 1 << 14, runs: 2 };
/**
 * Then the heap is paged in up to this many bytes (ppw_heap_prefault): about
 * what a solve with a coarse trace takes at 1,000 nodes (2 million states: the
 * engine 10 MB, the views' outcome and remoteness 10 MB, the trace derived
 * after it 32 MB), so a first solve
 * up to that size does not pay the page faults of fresh memory that the
 * warm ones, on memory the allocator kept, do not. Bigger solves fault only
 * their extra.
 */
const PREFAULT_BYTES = 64 * 2 ** 20;
const DEFAULT_DFS_BUDGET = 200_000;

const bound = new WeakMap();

/** The engine with Cat and Mouse's solves bound on it, made once an engine. */
function catMouseOf(eng) {
  let t = bound.get(eng);
  if (!t) bound.set(eng, (t = { ...eng, ...bindCatMouse(eng.kit) }));
  return t;
}

/**
 * Solves a small graph a few times in small slices, so V8 tiers the solver
 * up (seeding, the slices, the result arrays) before a big request. It runs
 * once, queued after the Cat and Mouse module's first request (the page's
 * example: its answer is not delayed), yielding between runs.
 */
export async function warmUpCatMouse(engine) {
  const eng = catMouseOf(engine);
  const t0 = performance.now();
  const { text } = eng.randomCatMouse(WARM_UP.n, WARM_UP.avgDegree, WARM_UP.seed);
  for (let i = 0; i < WARM_UP.runs; i++) {
    // The coarse trace derived too (ppw_retro_coarse_trace: one long loop a
    // solve), so a big graph's first solve does not derive it on the baseline tier.
    const job = eng.beginCatMouse(text, { keep: true, planTrace: warmPlan });
    try {
      while (!job.step(WARM_UP.slice));
      job.finish();
    } finally {
      job.dispose();
    }
    await yieldToEvents();
  }
  if ((self.navigator?.deviceMemory ?? 8) >= 2) eng.prefaultHeap(PREFAULT_BYTES); // not on a device of under 2 GB
  warmUpMs = performance.now() - t0;
}
const warmPlan = ({ n }) => ({ traceCap: 2 * n * n, traceMask: TRACE_COARSE, derive: true, cause: false });
let warmUpMs = 0;

/**
 * The retrograde solve in slices (see the top): onProgress gets the job's
 * progress, plus bytes and reused, first before any work (so the page can
 * say how much memory the solve takes) and then between slices;
 * cancelled() is asked at every slice. Resolves to null when cancelled.
 */
async function retrograde(eng, text, { trace, traceCap = 0 }, onProgress, cancelled = () => false) {
  let plan = null;
  const options = {
    keep: true,
    onStart: ({ bytes, reused, states }) => onProgress(0, { decided: 0, states, ply: 0, bytes, reused }, true),
  };
  if (trace === 'auto') {
    // Only a fine trace's solve builds the cause array: it is one more pass
    // over every reverse edge. A coarse one runs untraced and derives its
    // trace afterwards (trace-plan.js); for it and the graphs played by
    // layers, why.js derives the deciding child of the one state a person
    // asks about (from the coarse trace's decision order: exactly the BFS's).
    options.planTrace = (graph) => {
      plan = planTrace(graph);
      return { ...plan, cause: plan.mode === 'fine' };
    };
  } else {
    options.traceCap = traceCap;
  }
  const job = eng.beginCatMouse(text, options);
  try {
    const extra = { bytes: job.bytes, reused: job.reused };
    const t0 = performance.now();
    let busy = job.startMs; // ms in the engine (seeding and slices), without the yields
    for (;;) {
      const t = performance.now();
      const done = job.step(SLICE);
      busy += performance.now() - t;
      if (done) break;
      const p = job.progress();
      onProgress(p.relaxations, { ...p, ...extra });
      await yieldToEvents();
      if (cancelled()) return null;
    }
    const t = performance.now();
    const result = job.finish();
    result.viewsMs = performance.now() - t; // outcome, remoteness and cause arrays, copied out
    result.algo = 'retrograde';
    result.traceMode = plan ? plan.mode : result.trace ? 'fine' : 'none';
    result.bytes = job.bytes;
    result.reused = job.reused;
    result.solveMs = busy;
    result.wallMs = performance.now() - t0;
    result.warmUpMs = warmUpMs;
    result.heapBytes = eng.heapBytes();
    if (!result.trace) {
      // Played layer by layer (layer-model.js): its index made here, a pass
      // over every state that would otherwise hold the page as the answer lands.
      const t1 = performance.now();
      result.layerIndex = layerIndex(result, { grids: true });
      result.layerIndexMs = performance.now() - t1;
    }
    return result;
  } finally {
    job.dispose();
  }
}

function search(eng, text, kind, { trace, traceCap = 0, budget = DEFAULT_DFS_BUDGET }, onProgress) {
  const truth = eng.solveCatMouse(text, { onProgress });
  const cap = trace === 'auto' ? DFS_TRACE_CAP : traceCap;
  const result = eng.dfsCatMouse(text, { kind, budget, traceCap: cap });
  result.algo = kind === 'naive' ? 'naive-dfs' : 'memo-dfs';
  result.traceMode = result.trace ? 'fine' : 'none';
  result.truth = {
    answer: truth.answer,
    outcomes: truth.outcomes,
    remoteness: truth.remoteness,
    cause: truth.cause,
    stats: truth.stats,
  };
  return result;
}

export const CATMOUSE_WORKER_GAMES = {
  'cat-mouse': async (engine, { input, random, algo = 'retrograde', ...options }, onProgress, cancelled) => {
    const eng = catMouseOf(engine);
    const text = random ? eng.randomCatMouse(random.n, random.avgDegree, random.seed).text : input;
    let result;
    if (algo === 'retrograde') {
      result = await retrograde(eng, text, options, onProgress, cancelled);
      if (!result) return null;
    } else if (algo === 'naive-dfs') result = search(eng, text, 'naive', options, onProgress);
    else if (algo === 'memo-dfs') result = search(eng, text, 'memo', options, onProgress);
    else throw new Error(`unknown algorithm: ${String(algo)}`);
    if (random) result.input = `graph = ${text}`;
    return result;
  },
};
