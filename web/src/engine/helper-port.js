// helper-port.js: the solver worker's line to Connect Four's second solver
// (connect4-helper.js, whose protocol is connect4-share.js's).
//
// The helper is a worker the main thread owns (client.js), not a worker of
// this worker: Chromium reports the script of a nested worker whose owner
// was terminated while it loaded as a request blocked by its response
// (net::ERR_BLOCKED_BY_RESPONSE), and the client terminates this worker to
// stop any search that cannot stop itself. Owned by the page, the helper's
// loads belong to a document that lives on; the client ends the helper with
// this worker. The solver worker asks for it once ('helper-wanted'); the
// client answers with one end of a MessageChannel whose other end it gave
// the helper ('helper', port; null where it has none), and says when the
// helper stopped ('helper-ended'), which reaches connect4-share.js as the
// port's error.

let asked = null; // the promise of the port (or null), once asked
let answer = null; // resolves `asked`
let port = null;

/** Whether this code runs in a dedicated worker that a client started (not in Node, not on the main thread). */
const inWorker = () => typeof WorkerGlobalScope === 'function' && self instanceof WorkerGlobalScope;

/**
 * Resolves to the port of the second solver, or null where there is none:
 * a device of one core, no client to ask, or a helper that could not start.
 */
export function helperPort() {
  if (asked) return asked;
  if (!inWorker() || (self.navigator?.hardwareConcurrency ?? 1) < 2) return (asked = Promise.resolve(null));
  asked = new Promise((resolve) => (answer = resolve));
  self.postMessage({ type: 'helper-wanted' });
  return asked;
}

/** worker.js: whether `data` is the client's word about the helper (then it is taken here). */
export function helperMessage(data) {
  if (data?.type === 'helper') {
    port = data.port ?? null;
    answer?.(port);
    answer = null;
    return true;
  }
  if (data?.type === 'helper-ended') {
    // the analysis that holds the port hands the helper's columns back; the next one asks again
    const ended = port;
    port = null;
    asked = null;
    answer?.(null);
    answer = null;
    ended?.onerror?.({ message: data.message || 'the helper stopped' });
    return true;
  }
  return false;
}
