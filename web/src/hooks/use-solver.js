// use-solver.js: solves through the worker and keeps the last good result.
//
// Only the newest request may change the state: a result or error that
// arrives for an older one is dropped (and the client already cancels it).
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
import { useSignal } from '@preact/signals';
import { useEffect, useRef, useState } from 'preact/hooks';
import { createSolverClient, isAbort } from '../engine/client.js';
import { failureWords, isInternal } from '../lib/failure.js';

// runs: results received; tag: the tag of the request `result` answers;
// request: that request as the tab gave it (without `game`), for the link.
// The progress is a signal apart from this state: a solve's messages (ten a
// second) re-render only what reads it (`progressSignal.value`), not the whole
// view that holds the solver, so the page keeps time for a person's clicks.
const IDLE = { solving: false, result: null, request: null, tag: null, error: null, failed: null, runs: 0 };

export function useSolver(game) {
  const clientRef = useRef(null);
  const latest = useRef(0);
  const [state, setState] = useState(IDLE);
  const progress = useSignal(null);

  useEffect(() => () => clientRef.current?.dispose(), []);

  const client = () => clientRef.current ?? (clientRef.current = createSolverClient());

  /**
   * Solves { input } or { random: { n, avgDegree, seed } }. Resolves to the
   * result, or to null when it failed or a newer request replaced it. `tag`
   * comes back with the result (e.g. 'link': the request a link asked for,
   * so its step is applied to that result and to no newer one; a 'link'
   * request after any other is dropped, resolving to null).
   */
  const solve = (request, { tag = null } = {}) => {
    // A link's request is the view's first. A view sends it from its mount
    // effect, which runs after the first paint: a reader who clicks in
    // between (a preset, Solve) has already asked for something newer, and
    // the link's request would replace it. It is not sent then.
    if (tag === 'link' && latest.current > 0) return Promise.resolve(null);
    const id = ++latest.current;
    const current = () => id === latest.current;
    progress.value = null;
    setState((s) => ({ ...s, solving: true }));
    return client()
      .solve(
        { game, ...request },
        {
          onProgress: (p) => {
            if (current()) progress.value = p;
          },
        },
      )
      .then(
        (result) => {
          if (!current()) return null;
          progress.value = null;
          setState((s) => ({ solving: false, result, request, tag, error: null, failed: null, runs: s.runs + 1 }));
          return result;
        },
        (err) => {
          if (isAbort(err) || !current()) return null;
          progress.value = null;
          if (isInternal(err)) setState((s) => ({ ...s, solving: false, result: null, request: null, tag: null, error: failureWords(err), failed: err.kind }));
          else setState((s) => ({ ...s, solving: false, error: err.message, failed: null }));
          return null;
        },
      );
  };

  const cancel = () => {
    latest.current++;
    clientRef.current?.cancel();
    progress.value = null;
    setState((s) => ({ ...s, solving: false }));
  };

  // Pass `progressSignal` down to the part that shows the progress: reading
  // its value there re-renders that part alone with each message.
  return { ...state, solve, cancel, progressSignal: progress };
}
