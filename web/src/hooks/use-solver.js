// use-solver.js: solves through the worker and keeps the last good result.
//
// Only the newest request may change the state: a result or error that
// arrives for an older one is dropped (and the client already cancels it).
import { useEffect, useRef, useState } from 'preact/hooks';
import { createSolverClient, isAbort } from '../engine/client.js';

// runs: results received; tag: the tag of the request `result` answers.
const IDLE = { solving: false, result: null, tag: null, error: null, progress: null, runs: 0 };

export function useSolver(game) {
  const clientRef = useRef(null);
  const latest = useRef(0);
  const [state, setState] = useState(IDLE);

  useEffect(() => () => clientRef.current?.dispose(), []);

  const client = () => clientRef.current ?? (clientRef.current = createSolverClient());

  /**
   * Solves { input } or { random: { n, avgDegree, seed } }. Resolves to the
   * result, or to null when it failed or a newer request replaced it. `tag`
   * comes back with the result (e.g. 'link': the request a link asked for,
   * so its step is applied to that result and to no newer one).
   */
  const solve = (request, { tag = null } = {}) => {
    const id = ++latest.current;
    const current = () => id === latest.current;
    setState((s) => ({ ...s, solving: true, progress: null }));
    return client()
      .solve(
        { game, ...request },
        { onProgress: (progress) => current() && setState((s) => ({ ...s, progress })) },
      )
      .then(
        (result) => {
          if (!current()) return null;
          setState((s) => ({ solving: false, result, tag, error: null, progress: null, runs: s.runs + 1 }));
          return result;
        },
        (err) => {
          if (isAbort(err) || !current()) return null;
          setState((s) => ({ ...s, solving: false, progress: null, error: err.message }));
          return null;
        },
      );
  };

  const cancel = () => {
    latest.current++;
    clientRef.current?.cancel();
    setState((s) => ({ ...s, solving: false, progress: null }));
  };

  return { ...state, solve, cancel };
}
