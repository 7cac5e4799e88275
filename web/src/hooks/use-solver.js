// use-solver.js: solves through the worker and keeps the last good result.
//
// Only the newest request may change the state (use-worker.js, NEWEST_WINS):
// a result or error that arrives for an older one is dropped (and the client
// already cancels it).
// An error keeps the last result (the input's problem is said beside it),
// except a failure inside the solver (failure.js: a trap, memory, a worker
// that died; the client restarts the worker): its words are `error` and
// `failed` its kind, and the last result is cleared, so no answer on screen
// looks like this request's.
//
// What is on screen is what the controls and the link say; every tab keeps
// to these rules:
// 1. A control that changes the answer (an algorithm, a move order, the
//    table, fail-hard or fail-soft, the root, a game or its size, a DP
//    variant, a budget) solves again at once, as a press of Solve would,
//    with the input as it stands. The last answer stays on screen, with the
//    tab's "Solving…", until the new one replaces it; a newer request
//    replaces an older one; a Solve pressed after it solves the same again.
// 2. Text being typed (a tree, a graph, a grid, a FEN, Connect Four's moves)
//    waits for Solve (GDL rules: for a pause in typing).
// 3. The link describes the answer shown: a tab builds it from `request`,
//    the request that answer came from, never from the controls. A link
//    copied while a solve runs, or after one failed or was cancelled,
//    opens what its author saw. Your game (GDL) is the one exception: its
//    link carries the rules in the editor and the "Solve by" picked, since
//    the rules' problems are on screen too, and its status says when the
//    graph is of earlier rules (solving, cancelled, too big, a problem).
// 4. When the controls ask for something other than the answer shown and
//    nothing runs (the new solve failed), the view says so.
// 5. A panel run by its own button over a set of choices (Connect Four's
//    Compare of the ticked stages) keeps its last run and says when the
//    choices no longer match it; a shown search of such a panel (Connect
//    Four's animated search) follows its options as rule 1 says.
import { useState } from 'preact/hooks';
import { isAbort } from '../engine/client.js';
import { failureWords, isInternal } from '../lib/failure.js';
import { NEWEST_WINS, useWorker } from './use-worker.js';

// runs: results received; tag: the tag of the request `result` answers;
// request: that request as the tab gave it (without `game`), for the link.
// The progress is a signal apart from this state (use-worker.js).
const IDLE = { solving: false, result: null, request: null, tag: null, error: null, failed: null, runs: 0 };

export function useSolver(game) {
  const worker = useWorker(game, NEWEST_WINS);
  const [state, setState] = useState(IDLE);

  /**
   * Solves { input } or { random: { n, avgDegree, seed } }. Resolves to the
   * result, or to null when it failed or a newer request replaced it. `tag`
   * comes back with the result (e.g. 'link': the request a link asked for,
   * so its step is applied to that result and to no newer one; a 'link'
   * request after any other is not sent, resolving to null: the view sends
   * it from its mount effect, after the first paint, and a reader who
   * clicked in between has asked for something newer).
   */
  const solve = (request, { tag = null } = {}) => {
    const run = worker.ask(request, { link: tag === 'link' });
    if (!run) return Promise.resolve(null);
    setState((s) => ({ ...s, solving: true }));
    return run.then(
      (result) => {
        setState((s) => ({ solving: false, result, request, tag, error: null, failed: null, runs: s.runs + 1 }));
        return result;
      },
      (err) => {
        if (isAbort(err)) return null;
        if (isInternal(err)) setState((s) => ({ ...s, solving: false, result: null, request: null, tag: null, error: failureWords(err), failed: err.kind }));
        else setState((s) => ({ ...s, solving: false, error: err.message, failed: null }));
        return null;
      },
    );
  };

  const cancel = () => {
    worker.cancel();
    setState((s) => ({ ...s, solving: false }));
  };

  // Pass `progressSignal` down to the part that shows the progress: reading
  // its value there re-renders that part alone with each message.
  return { ...state, solve, cancel, progressSignal: worker.progress };
}
