// client.js: the main thread's handle on the solver worker.
//
// solve() returns a promise for the worker's result. Only one request runs at
// a time: a new solve() or cancel() rejects the superseded promise with an
// AbortError, so a stale result can never arrive after a newer request. A
// request that stops itself when told (a retrograde Cat and Mouse solve,
// a GDL solve or Connect Four's MCTS: worker.js, gdl-games.js and
// connect4-games.js run them in slices) is sent a 'cancel', so the worker keeps its
// warm WASM and the engine's memory; any other busy request is stopped by
// terminating the worker and starting a fresh one, which is asked at once to
// load the stopped request's WASM module (a 'warm' message), so the next
// solve does not wait for it.
//
// A failure inside the solver (failure.js: a WASM trap, a failed allocation,
// ...) rejects with the reply's `kind`, and the worker is started anew. So
// does a worker that died: its error event, a reply that could not be read,
// or, where the browser has Web Locks, its end however it came (a crash, a
// close): the worker holds a lock of its own for as long as it lives
// (worker.js 'hold'), and the lock granted here says it is gone. Its pending
// request rejects with kind 'worker died'. A request already cancelled or
// superseded has settled as an AbortError and is never told of a failure.
//
// The client also owns Connect Four's second solver (connect4-helper.js),
// started when the worker asks for it and ended with the worker it served
// (helper-port.js says why it is the page's and not the worker's).
import { INTERNAL_KINDS } from '../lib/failure.js';

/** Whether `err` is the error a superseded or cancelled request rejects with. */
export function isAbort(err) {
  return err?.name === 'AbortError';
}

/** The error a superseded or cancelled request rejects with. */
export function abortError() {
  const err = new Error('the request was cancelled');
  err.name = 'AbortError';
  return err;
}

const newWorker = () => new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'solver' });
const newHelper = () => new Worker(new URL('./connect4-helper.js', import.meta.url), { type: 'module', name: 'connect4-helper' });

// A worker started before the view that needs it exists (prewarm), taken by
// the first client made with the default worker.
let spare = null;

/**
 * Starts the solver worker now and has it load `game`'s WASM module, so that
 * module's download and compilation overlap the page's own start (the first
 * client takes this worker). For the game a link opens on.
 */
export function prewarmSolver(game) {
  if (spare || typeof Worker === 'undefined') return;
  spare = newWorker();
  spare.postMessage({ type: 'warm', game });
}

const defaultWorker = () => {
  const w = spare ?? newWorker();
  spare = null;
  return w;
};

export function createSolverClient({ createWorker = defaultWorker, createHelper = newHelper } = {}) {
  let worker = null;
  let helper = null; // Connect Four's second solver, given to `worker` when it asks (helper-port.js)
  let helperFailed = false; // it could not start once: not tried again
  let nextId = 1;
  let pending = null; // { id, resolve, reject, onProgress, cooperative }
  let watch = null; // { worker, lock, stop: AbortController }: the lock that says the worker is gone

  function start() {
    const w = createWorker();
    worker = w;
    w.onmessage = ({ data }) => {
      if (data?.type === 'helper-wanted') {
        if (w === worker) giveHelper(w);
        return;
      }
      if (data?.type === 'held') {
        if (watch?.worker === w && data.lock === watch.lock) {
          globalThis.navigator.locks.request(watch.lock, { signal: watch.stop.signal }, () => died(w, 'it ended')).catch(() => {});
        }
        return;
      }
      if (!pending || data?.id !== pending.id) return; // from a request already settled
      const request = pending;
      if (data.type === 'progress') {
        request.onProgress?.(data);
        return;
      }
      pending = null;
      if (data.type === 'cancelled') {
        request.reject(abortError());
      } else if (data.type === 'result') {
        request.resolve(data.result);
      } else {
        const err = new Error(data.message || 'the solver failed');
        err.status = data.status;
        err.kind = data.kind ?? null;
        // a failure inside leaves the worker's module unusable: a fresh worker for the next request
        if (INTERNAL_KINDS.includes(err.kind)) restartWarm(request);
        request.reject(err);
      }
    };
    w.onerror = (event) => {
      event.preventDefault?.();
      died(w, event.message || 'an error it did not catch');
    };
    w.onmessageerror = () => died(w, 'a reply could not be read');
    const locks = globalThis.navigator?.locks;
    if (locks && typeof locks.request === 'function' && typeof Worker === 'function' && w instanceof Worker) {
      watch = { worker: w, lock: `perfect-play-solver-${Math.random().toString(36).slice(2)}-${nextId}`, stop: new AbortController() };
      w.postMessage({ type: 'hold', lock: watch.lock });
    }
  }

  /** The worker `w` stopped: its pending request rejects with kind 'worker died', and a fresh worker takes its place. */
  function died(w, reason) {
    if (w !== worker) return; // one this client ended itself
    const request = pending;
    pending = null;
    restartWarm(request);
    if (!request) return;
    const err = new Error(`the solver's worker stopped: ${reason}`);
    err.status = 'internal';
    err.kind = 'worker died';
    request.reject(err);
  }

  /**
   * Starts the second solver for worker `w` and gives each its end of a
   * channel; `w` is told 'helper' with null where it cannot start, and
   * 'helper-ended' when it stops (a script that did not load, an error it
   * did not catch).
   */
  function giveHelper(w) {
    endHelper();
    let h = null;
    let channel = null;
    if (!helperFailed) {
      try {
        h = createHelper();
        channel = new MessageChannel();
      } catch {
        h?.terminate();
        h = null;
        helperFailed = true;
      }
    }
    if (!h) {
      w.postMessage({ type: 'helper', port: null });
      return;
    }
    helper = h;
    h.onerror = (event) => {
      event.preventDefault?.();
      if (helper !== h) return;
      endHelper();
      helperFailed = true;
      w.postMessage({ type: 'helper-ended', message: event.message || 'the helper stopped' });
    };
    h.postMessage({ type: 'port', port: channel.port1 }, [channel.port1]);
    w.postMessage({ type: 'helper', port: channel.port2 }, [channel.port2]);
  }

  /** The second solver ends with the worker it served (its search, if any, with it). */
  function endHelper() {
    helper?.terminate();
    helper = null;
  }

  function restart() {
    if (watch?.worker === worker) watch.stop.abort();
    watch = null;
    worker?.terminate();
    endHelper();
    start();
  }

  /** A fresh worker that loads `request`'s module at once (the next request is likely the same game's). */
  function restartWarm(request) {
    restart();
    if (request) worker.postMessage({ type: 'warm', game: request.game, algo: request.algo });
  }

  /** Stops the running request, if any (its promise rejects with AbortError). */
  function cancel() {
    stop(true);
  }

  /** warm: a worker started anew loads the stopped request's module (not when a new request follows at once). */
  function stop(warm) {
    if (!pending) return;
    const request = pending;
    pending = null;
    if (request.cooperative) worker.postMessage({ id: request.id, type: 'cancel' });
    else if (warm) restartWarm(request);
    else restart();
    request.reject(abortError());
  }

  /**
   * request: { game, input } or { game, random: { n, avgDegree, seed } }, with
   * algo, trace ('auto') or traceCap, and budget as worker.js reads them.
   */
  function solve(request, { onProgress } = {}) {
    stop(false);
    if (!worker) start();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending = { id, resolve, reject, onProgress, cooperative: stopsWhenTold(request), game: request.game, algo: request.algo };
      worker.postMessage({ traceCap: 0, ...request, id, type: 'solve' });
    });
  }

  /** Whether the worker stops this request at a 'cancel' message (the sliced solves: worker.js, gdl-games.js, connect4-games.js's MCTS). */
  function stopsWhenTold(request) {
    const algo = request.algo ?? 'retrograde';
    if (request.game === 'gdl') return algo !== 'check'; // gdl-games.js: enumerations and searches in steps
    if (request.game === 'connect-four') return request.kind === 'mcts'; // connect4-games.js: MCTS in batches
    return request.game === 'cat-mouse' && algo === 'retrograde';
  }

  function dispose() {
    cancel();
    watch?.stop.abort();
    watch = null;
    worker?.terminate();
    worker = null;
    endHelper();
  }

  return {
    solve,
    cancel,
    dispose,
    get busy() {
      return pending !== null;
    },
  };
}
