// requests.js: one view's requests to the solver worker, under a named
// policy. No Preact: hooks/use-worker.js holds one of these for a view.
//
//   NEWEST_WINS  a request replaces the one before it: the client cancels
//                that one, and a result or error that still arrives for it
//                rejects as an AbortError, so only the newest request's
//                answer reaches the view. For an answer shown on screen.
//   IN_ORDER     each request waits for the ones before it, and all are
//                answered, in the order asked. For a view that asks several
//                things of one position (chess: its table, a piece's map, a
//                line of probes). Cancel stops the running one only.
//
// Either way cancel() rejects the running request with an AbortError, and a
// failure is the worker's own error: failure.js tells a failure inside the
// solver (its `kind`) from the request's own problem.
import { abortError, createSolverClient } from './client.js';

export const NEWEST_WINS = 'newest wins';
export const IN_ORDER = 'in order';

/**
 * The requests of one view: its own solver client (client.js), made on the
 * first request, ended by dispose(). `game`: the game each request is for,
 * or a function giving it when the request is sent (a view whose game can
 * change, the game trees' tab). onProgress(p): the running request's
 * progress, null when none runs.
 */
export function createRequests({ game, policy = NEWEST_WINS, createClient = createSolverClient, onProgress = () => {} }) {
  if (policy !== NEWEST_WINS && policy !== IN_ORDER) throw new Error(`unknown request policy: ${String(policy)}`);
  const gameOf = typeof game === 'function' ? game : () => game;
  let made = null;
  const client = () => (made ??= createClient());
  let latest = 0; // the newest request's number (NEWEST_WINS)
  let queue = Promise.resolve(); // the last request asked settles (IN_ORDER)

  const send = (request, listen, current) =>
    client().solve(
      { game: gameOf(), ...request },
      {
        onProgress: (p) => {
          if (!current()) return;
          onProgress(p);
          listen?.(p);
        },
      },
    );

  /**
   * Sends `request` (the game is added) and resolves to its result; rejects
   * with the worker's error, or an AbortError when it was cancelled or
   * replaced. `progress(p)` hears its progress. `link`: a link's request is
   * a view's first; asked after any other (a reader who clicked before the
   * link's request was sent), it is not sent, and ask returns null.
   */
  function ask(request, { progress = null, link = false } = {}) {
    if (policy === IN_ORDER) {
      const run = queue.then(() => send(request, progress, () => true));
      queue = run.then(settled, settled);
      return run;
    }
    if (link && latest > 0) return null;
    const id = ++latest;
    const current = () => id === latest;
    onProgress(null);
    return send(request, progress, current).then(
      (result) => {
        if (!current()) throw abortError();
        onProgress(null);
        return result;
      },
      (err) => {
        if (!current()) throw abortError();
        onProgress(null);
        throw err;
      },
    );
  }

  const settled = () => onProgress(null);

  /** Stops the running request (it rejects as an AbortError); under NEWEST_WINS no earlier request's answer arrives after. */
  function cancel() {
    latest++;
    made?.cancel();
    onProgress(null);
  }

  /** Ends the client and its worker (the view is gone). */
  const dispose = () => made?.dispose();

  return { ask, cancel, dispose };
}
