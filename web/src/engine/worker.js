// worker.js: the module Web Worker that runs the solvers, off the main thread.
//
// Requests:  { id, type: 'solve', game, algo, input, trace, ... }: a game's
//            request, as its entry reads it (catmouse-games.js for Cat and
//            Mouse, cm2-games.js for Cat and Mouse II, tree-games.js for the
//            game trees, connect4-games.js for Connect Four, dp-games.js for
//            the DP games, chess-games.js, gdl-games.js for games in GDL)
//            { id, type: 'cancel' }: stops that request if it is still running
//            (a retrograde Cat and Mouse solve stops at its next slice)
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
// A request's route (families.js: one table, game and algorithm to the
// module of its entries and its WASM family) says what it needs. Each game's
// entries are fetched on its first request, so a page showing one game loads
// no other game's bindings. Likewise the WASM: one module per family (pp-cm,
// pp-tree, pp-c4, pp-dp, pp-chess, pp-gdl; see build.sh), each loaded on its
// family's first request; a family with a warm-up (WARM_UPS: Cat and
// Mouse's module) runs it once, queued after that first request. Requests
// are handled one at a time, in order.
import { loadEngine } from './binding.js';
import { routeOf } from './families.js';
import { helperMessage } from './helper-port.js';
import { failureOf, loadFailure } from '../lib/failure.js';

const PROGRESS_EVERY_MS = 100;
/** The WASM module of each family (families.js says which a request needs), fetched and instantiated when first needed. */
const FAMILIES = {
  cm: () => import('./wasm/pp-cm.mjs'),
  tree: () => import('./wasm/pp-tree.mjs'),
  c4: () => import('./wasm/pp-c4.mjs'),
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

/** The modules of the games' entries (families.js says which a request needs); dp-games.js passes tree algorithms on to tree-games.js. */
const ENTRIES = {
  catmouse: () => import('./catmouse-games.js').then((m) => m.CATMOUSE_WORKER_GAMES),
  dp: () => import('./dp-games.js').then((m) => m.DP_WORKER_GAMES),
  cm2: () => import('./cm2-games.js').then((m) => m.CM2_WORKER_GAMES),
  tree: () => import('./tree-games.js').then((m) => m.TREE_WORKER_GAMES),
  c4: () => import('./connect4-games.js').then((m) => m.CONNECT4_WORKER_GAMES),
  chess: () => import('./chess-games.js').then((m) => m.CHESS_WORKER_GAMES),
  gdl: () => import('./gdl-games.js').then((m) => m.GDL_WORKER_GAMES),
};
/** A family's warm-up, run once after its module's first request (catmouse-games.js says why). */
const WARM_UPS = {
  cm: () => import('./catmouse-games.js').then((m) => m.warmUpCatMouse),
};
/** The families whose warm-up is queued. */
const warmedUp = new Set();

/** The worker entry of `game`, from the module its route names; null for no such game. */
async function solverOf(game, route) {
  if (typeof game !== 'string') return null;
  const games = await ENTRIES[route.entries]().catch((err) => {
    throw loadFailure(err);
  });
  return Object.hasOwn(games, game) ? games[game] : null;
}

/** The buffers of every typed array in a result, down to `depth` levels of objects (truth, layout, runs), to transfer. */
function transferables(value, depth = 3, found = new Set()) {
  if (ArrayBuffer.isView(value))
    found.add(value.buffer); // a Set: a buffer listed twice would throw
  else if (value && typeof value === 'object' && depth > 0) {
    for (const v of Object.values(value)) transferables(v, depth - 1, found);
  }
  return [...found];
}

/** Ids of requests cancelled while they ran or waited. */
const cancelledIds = new Set();

async function handle({ id, type, game, ...request }) {
  const route = routeOf(game, request.algo);
  if (type === 'warm') {
    if (await solverOf(game, route)) await engineOf(route.family);
    return;
  }
  if (type !== 'solve') throw new Error(`unknown request type: ${String(type)}`);
  if (cancelledIds.delete(id)) return;
  const solve = await solverOf(game, route);
  if (!solve) throw new Error(`unknown game: ${String(game).slice(0, 40)}`);
  const { family } = route;
  const eng = await engineOf(family);
  if (Object.hasOwn(WARM_UPS, family) && !warmedUp.has(family)) {
    warmedUp.add(family);
    queue = queue.then(() => WARM_UPS[family]().then((warmUp) => warmUp(eng))).catch(dropAfter); // after this request and any already waiting
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
    warmedUp.clear();
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
  if (helperMessage(event.data)) return; // Connect Four's second solver, from the client (helper-port.js)
  queue = queue
    .then(() => handle(event.data))
    .catch((err) => {
      const { message, status, kind } = dropAfter(err);
      self.postMessage({ id, type: 'error', message, status, kind });
    });
};
