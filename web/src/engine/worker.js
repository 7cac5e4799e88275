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
// Replies:   { id, type: 'progress', relaxations, decided, states }
//            { id, type: 'result', result }   (typed arrays transferred)
//            { id, type: 'error', message, status }
// A search's result carries `truth`: the retrograde solve of the same graph,
// to compare with. The game-tree games' requests are in tree-games.js,
// Cat and Mouse II's in cm2-games.js, the DP games' (the stone games and
// friends) in dp-games.js; each is fetched on its first request, so a page
// showing one game loads no other game's bindings. Likewise the WASM: one
// module per family (pp-cm, pp-tree, pp-dp; see build.sh), each loaded on
// its family's first request.
import { loadEngine } from './binding.js';
import { DFS_TRACE_CAP, planTrace } from './trace-plan.js';
import { DP_GAME_NAMES } from '../lib/dp-names.js';
import { familyOf } from './families.js';

const PROGRESS_EVERY_MS = 100;
const DEFAULT_DFS_BUDGET = 200_000;

/** The WASM module of each family (families.js says which a request needs), fetched and instantiated when first needed. */
const FAMILIES = {
  cm: () => import('./wasm/pp-cm.mjs'),
  tree: () => import('./wasm/pp-tree.mjs'),
  dp: () => import('./wasm/pp-dp.mjs'),
  chess: () => import('./wasm/pp-chess.mjs'),
};
const engines = new Map();
function engineOf(family) {
  if (!engines.has(family)) {
    const loading = FAMILIES[family]()
      .then((m) => loadEngine({ create: m.default }))
      .catch((err) => {
        engines.delete(family); // the next request tries again
        throw err;
      });
    engines.set(family, loading);
  }
  return engines.get(family);
}

function retrograde(eng, text, { trace, traceCap = 0 }, onProgress) {
  let plan = null;
  const options = { onProgress };
  if (trace === 'auto') {
    options.planTrace = (graph) => (plan = planTrace(graph));
  } else {
    options.traceCap = traceCap;
  }
  const result = eng.solveCatMouse(text, options);
  result.algo = 'retrograde';
  result.traceMode = plan ? plan.mode : result.trace ? 'fine' : 'none';
  return result;
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
  'cat-mouse': (eng, { input, random, algo = 'retrograde', ...options }, onProgress) => {
    const text = random ? eng.randomCatMouse(random.n, random.avgDegree, random.seed).text : input;
    let result;
    if (algo === 'retrograde') result = retrograde(eng, text, options, onProgress);
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
};
const moduleOf = (game) =>
  DP_GAME_NAMES.includes(game) ? 'dp' : game === 'cat-mouse-ii' ? 'cm2' : game === 'chess-endgame' ? 'chess' : 'tree';

async function solverOf(game) {
  if (typeof game !== 'string') return null;
  if (Object.hasOwn(GAMES, game)) return GAMES[game];
  const games = await MODULES[moduleOf(game)]();
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

async function handle({ id, type, game, ...request }) {
  if (type !== 'solve') throw new Error(`unknown request type: ${String(type)}`);
  const solve = await solverOf(game);
  if (!solve) throw new Error(`unknown game: ${String(game).slice(0, 40)}`);
  const eng = await engineOf(familyOf(game, request.algo));
  let lastPost = performance.now();
  const onProgress = (relaxations, { decided, states, ...more }) => {
    const now = performance.now();
    if (now - lastPost < PROGRESS_EVERY_MS) return;
    lastPost = now;
    self.postMessage({ id, type: 'progress', relaxations, decided, states, ...more });
  };
  const t0 = performance.now();
  const result = solve(eng, request, onProgress);
  result.ms = performance.now() - t0;
  self.postMessage({ id, type: 'result', result }, transferables(result));
}

self.onmessage = (event) => {
  const id = event.data?.id;
  handle(event.data).catch((err) => {
    self.postMessage({
      id,
      type: 'error',
      message: err?.message || String(err),
      status: err?.status ?? 'internal',
    });
  });
};
