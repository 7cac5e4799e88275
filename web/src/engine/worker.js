// worker.js: the module Web Worker that runs the solvers, off the main thread.
//
// Requests:  { id, type: 'solve', game: 'cat-mouse', algo, input, trace, budget }
//            { id, type: 'solve', game: 'cat-mouse', algo, random: { n, avgDegree, seed }, ... }
//            (a random graph made by the C library; its text comes back as result.input)
//   algo:    'retrograde' (default), 'naive-dfs' or 'memo-dfs'
//   trace:   'auto' (retrograde: fine, coarse or none by size, see trace-plan.js;
//            the searches: every event up to DFS_TRACE_CAP), or leave it out and
//            give traceCap (events; 0 = none) as before
//   budget:  the naive search's limit on states entered
//            { id, type: 'cancel' }: stops that request if it is still running
//            (a retrograde Cat and Mouse solve stops at its next slice; see below)
//            { type: 'hold', lock }: holds that Web Lock while the worker lives,
//            replying { type: 'held', lock } (client.js learns of its end so)
//            { type: 'warm', game, algo }: loads that request's solvers and WASM
//            module, no reply (client.js sends it to a worker started anew after
//            a Cancel that had to terminate the old one)
// Replies:   { id, type: 'progress', relaxations, decided, states, ply, bytes, reused }
//            { id, type: 'result', result }   (typed arrays transferred)
//            { id, type: 'error', message, status, kind }
//            (failure.js failureOf: a C status error is the request's own, kind
//            null; a WebAssembly trap, a failed allocation, a stack overflow or
//            a bug in the worker's code is a failure inside, with its kind; after
//            one every WASM module is dropped, to be made anew on the next
//            request, and client.js starts a fresh worker)
// A search's result carries `truth`: the retrograde solve of the same graph,
// to compare with. The game-tree games' requests are in tree-games.js,
// Cat and Mouse II's in cm2-games.js, the DP games' (the stone games and
// friends) in dp-games.js, games in GDL in gdl-games.js; each is fetched on its first request, so a page
// showing one game loads no other game's bindings. Likewise the WASM: one
// module per family (pp-cm, pp-tree, pp-dp; see build.sh), each loaded on
// its family's first request.
//
// Cat and Mouse's retrograde solves (the page's big graphs) run in slices of
// SLICE relaxations, yielding to the worker's event loop between slices: a
// 'cancel' message stops one there, and the worker, its warm WASM and the
// engine's memory (kept across requests: pp_retro_reset) live on. Requests
// are handled one at a time, in order. After the Cat and Mouse module's first
// request, a short warm-up solve runs, in slices too, so V8 has its optimized
// code for the solver's functions before a big solve runs (a long first
// call stays on the baseline tier: TOOLCHAIN.md), and the heap is paged in
// for a solve of about a thousand nodes (PREFAULT_BYTES).
import { loadEngine, TRACE_COARSE } from './binding.js';
import { DFS_TRACE_CAP, planTrace } from './trace-plan.js';
import { DP_GAME_NAMES } from '../lib/dp-names.js';
import { familyOf } from './families.js';
import { layerIndex } from '../player/layer-model.js';
import { yieldToEvents } from '../lib/next-task.js';
import { failureOf, loadFailure } from '../lib/failure.js';

const PROGRESS_EVERY_MS = 100;
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

/** The WASM module of each family (families.js says which a request needs), fetched and instantiated when first needed. */
const FAMILIES = {
  cm: () => import('./wasm/pp-cm.mjs'),
  tree: () => import('./wasm/pp-tree.mjs'),
  dp: () => import('./wasm/pp-dp.mjs'),
  chess: () => import('./wasm/pp-chess.mjs'),
  gdl: () => import('./wasm/pp-gdl.mjs'),
};
const engines = new Map();
function engineOf(family) {
  if (!engines.has(family)) {
    const loading = FAMILIES[family]()
      .then((m) => loadEngine({ create: m.default }))
      .catch((err) => {
        engines.delete(family); // the next request tries again
        throw loadFailure(err);
      });
    engines.set(family, loading);
  }
  return engines.get(family);
}

/**
 * Solves a small graph a few times in small slices, so V8 tiers the solver
 * up (seeding, the slices, the result arrays) before a big request. It runs
 * once, queued after the Cat and Mouse module's first request (the page's
 * example: its answer is not delayed), yielding between runs.
 */
async function warmUp(eng) {
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
let warmUpQueued = false;

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

const GAMES = {
  'cat-mouse': async (eng, { input, random, algo = 'retrograde', ...options }, onProgress, cancelled) => {
    const text = random ? eng.randomCatMouse(random.n, random.avgDegree, random.seed).text : input;
    let result;
    if (algo === 'retrograde') {
      result = await retrograde(eng, text, options, onProgress, cancelled);
      if (!result) return null;
    }
    else if (algo === 'naive-dfs') result = search(eng, text, 'naive', options, onProgress);
    else if (algo === 'memo-dfs') result = search(eng, text, 'memo', options, onProgress);
    else throw new Error(`unknown algorithm: ${String(algo)}`);
    if (random) result.input = `graph = ${text}`;
    return result;
  },
};

/** Where the other games' solvers live; nim, can-i-win and predict-the-winner go to the DP module, which passes tree algorithms on to the trees'. */
const MODULES = {
  dp: () => import('./dp-games.js').then((m) => m.DP_WORKER_GAMES),
  cm2: () => import('./cm2-games.js').then((m) => m.CM2_WORKER_GAMES),
  tree: () => import('./tree-games.js').then((m) => m.TREE_WORKER_GAMES),
  chess: () => import('./chess-games.js').then((m) => m.CHESS_WORKER_GAMES),
  gdl: () => import('./gdl-games.js').then((m) => m.GDL_WORKER_GAMES),
};
const moduleOf = (game) =>
  DP_GAME_NAMES.includes(game)
    ? 'dp'
    : game === 'cat-mouse-ii'
      ? 'cm2'
      : game === 'chess-endgame'
        ? 'chess'
        : game === 'gdl'
          ? 'gdl'
          : 'tree';

async function solverOf(game) {
  if (typeof game !== 'string') return null;
  if (Object.hasOwn(GAMES, game)) return GAMES[game];
  const games = await MODULES[moduleOf(game)]().catch((err) => {
    throw loadFailure(err);
  });
  return Object.hasOwn(games, game) ? games[game] : null;
}

/** The buffers of every typed array in a result, down to `depth` levels of objects (truth, layout, runs), to transfer. */
function transferables(value, depth = 3, found = new Set()) {
  if (ArrayBuffer.isView(value)) found.add(value.buffer); // a Set: a buffer listed twice would throw
  else if (value && typeof value === 'object' && depth > 0) {
    for (const v of Object.values(value)) transferables(v, depth - 1, found);
  }
  return [...found];
}

/** Ids of requests cancelled while they ran or waited. */
const cancelledIds = new Set();

async function handle({ id, type, game, ...request }) {
  if (type === 'warm') {
    if (await solverOf(game)) await engineOf(familyOf(game, request.algo));
    return;
  }
  if (type !== 'solve') throw new Error(`unknown request type: ${String(type)}`);
  if (cancelledIds.delete(id)) return;
  const solve = await solverOf(game);
  if (!solve) throw new Error(`unknown game: ${String(game).slice(0, 40)}`);
  const family = familyOf(game, request.algo);
  const eng = await engineOf(family);
  if (family === 'cm' && !warmUpQueued) {
    warmUpQueued = true;
    queue = queue.then(() => warmUp(eng)).catch(dropAfter); // after this request and any already waiting
  }
  let lastPost = performance.now();
  const onProgress = (relaxations, { decided, states, ply = 0, bytes, reused, ...more }, now = false) => {
    const t = performance.now();
    if (!now && t - lastPost < PROGRESS_EVERY_MS) return;
    lastPost = t;
    self.postMessage({ id, type: 'progress', relaxations, decided, states, ply, bytes, reused, ...more });
  };
  const t0 = performance.now();
  const result = await solve(eng, request, onProgress, () => cancelledIds.has(id));
  if (cancelledIds.delete(id) || !result) {
    self.postMessage({ id, type: 'cancelled' });
    return;
  }
  result.ms = performance.now() - t0;
  self.postMessage({ id, type: 'result', result }, transferables(result));
}

// One request at a time, in order: a solve waits for the one before it (a
// cancelled one stops at its next slice), so two never share the engine.
let queue = Promise.resolve();

/**
 * Holds the Web Lock named `lock` for as long as this worker lives, and says
 * so ('held'): client.js then asks for the same lock, which is granted when
 * the worker is gone (a crash, a close, an end), and tells the page.
 */
function hold(lock) {
  const locks = self.navigator?.locks;
  if (typeof lock !== 'string' || !locks) return;
  locks
    .request(lock, () => {
      self.postMessage({ type: 'held', lock });
      return new Promise(() => {}); // never released while the worker lives
    })
    .catch(() => {});
}

/**
 * After a failure inside (a trap: the instance's memory and stack are left
 * as they were mid-call), no module is trusted again: each is made anew on
 * its family's next request. Returns the failure, as replied.
 */
function dropAfter(err) {
  const failure = failureOf(err);
  if (failure.kind) {
    engines.clear();
    warmUpQueued = false;
  }
  return failure;
}

self.onmessage = (event) => {
  const id = event.data?.id;
  if (event.data?.type === 'cancel') {
    cancelledIds.add(id);
    return;
  }
  if (event.data?.type === 'hold') {
    hold(event.data.lock);
    return;
  }
  queue = queue.then(() => handle(event.data)).catch((err) => {
    const { message, status, kind } = dropAfter(err);
    self.postMessage({ id, type: 'error', message, status, kind });
  });
};
