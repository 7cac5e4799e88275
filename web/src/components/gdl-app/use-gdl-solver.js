// use-gdl-solver.js: the worker for the GDL tab, on the one hook that asks
// it (use-worker.js, newest wins).
import { useState } from 'preact/hooks';
import { isAbort } from '../../engine/client.js';
import { gdlBudgetMiB } from '../../lib/engine-limits.js';
import { diagnosticOf } from '../../lib/gdl-text.js';
import { failureWords, isInternal } from '../../lib/failure.js';
import { NEWEST_WINS, useWorker } from '../../hooks/use-worker.js';

const IDLE = {
  solving: false,
  cancelled: false,
  limit: '',
  failure: '',
  result: null,
  searched: null,
  valued: null,
  tag: null,
  diagnostics: [],
  checked: null,
  runs: 0,
};

/**
 * solve(rules) solves with the whole retrograde trace (or, past what fits,
 * the decisions only: gdl-games.js), in steps that report progress; when
 * the rules fail, a check lists every problem (binding-gdl.js checkGdl),
 * else the failure's own message is the one problem. A game past a limit
 * (the memory budget, the states) is no problem in the rules: its message
 * is `limit`, and the last graph stays. Only the newest request changes
 * anything; cancel() stops the running one between two of its steps and
 * keeps the last result. A failure inside the solver (failure.js: a trap,
 * memory, a worker that died; the client starts a fresh worker) is no
 * problem in the rules either: `failure` says it in its own words.
 * { solving, cancelled, limit, failure, result (the last enumeration),
 *   searched (the last search's answer, if it came after), valued (the
 *   last security values' answer, for a game moving at once or of three
 *   roles or more, if it came after), tag,
 *   diagnostics, checked (the rules the diagnostics are of), runs (results
 *   received), progress (a signal: the running solve's progress), solve,
 *   cancel, play, stopPlay }
 */
export function useGdlSolver() {
  const worker = useWorker('gdl', NEWEST_WINS);
  const [state, setState] = useState(IDLE);
  const cancel = () => {
    worker.cancel();
    setState((s) => ({ ...s, solving: false, cancelled: true }));
  };
  const failed = (err, input) => setState((s) => ({ ...s, solving: false, failure: failureWords(err, 'your rules'), diagnostics: [], checked: input }));
  const solve = async (input, tag, algo = 'auto') => {
    const run = worker.ask({ algo, input, trace: 'auto', budgetMiB: gdlBudgetMiB() }, { link: tag === 'link' });
    if (!run) return; // the reader asked first (use-solver.js)
    setState((s) => ({ ...s, solving: true, cancelled: false, limit: '', failure: '' }));
    try {
      const result = await run;
      if (result.algo === 'search')
        setState((s) => ({
          ...s,
          solving: false,
          cancelled: false,
          limit: '',
          searched: result,
          valued: null,
          tag,
          diagnostics: [],
          checked: input,
          runs: s.runs + 1,
        }));
      else if (result.algo === 'values')
        setState((s) => ({
          ...s,
          solving: false,
          cancelled: false,
          limit: '',
          searched: null,
          valued: result,
          tag,
          diagnostics: [],
          checked: input,
          runs: s.runs + 1,
        }));
      else
        setState((s) => ({
          solving: false,
          cancelled: false,
          limit: '',
          failure: '',
          result,
          searched: null,
          valued: null,
          tag,
          diagnostics: [],
          checked: input,
          runs: s.runs + 1,
        }));
    } catch (err) {
      if (isAbort(err)) return;
      if (isInternal(err)) {
        failed(err, input);
        return;
      }
      if (err.status === 'limit' || err.status === 'nomem') {
        const hint = algo === 'retrograde' ? ' Auto or Search answers it by a search from the start.' : '';
        const limit = `Too big for the page: ${err.message}.${hint}`;
        setState((s) => ({ ...s, solving: false, limit, searched: null, valued: null, diagnostics: [], checked: input }));
        return;
      }
      let list = [];
      try {
        list = (await worker.ask({ algo: 'check', input })).diagnostics ?? [];
      } catch (e) {
        if (isAbort(e)) return;
        if (isInternal(e)) {
          failed(e, input);
          return;
        }
      }
      setState((s) => ({ ...s, solving: false, diagnostics: list.length ? list : [diagnosticOf(err.message)], checked: input }));
    }
  };
  /** A game against the search: a request to the same worker (while no solve runs). */
  const play = (request, onPlayProgress) => worker.ask(request, { progress: onPlayProgress });
  /** Stops a game's request under way (its promise rejects as cancelled); the last answer stays. */
  const stopPlay = worker.cancel;
  return { ...state, progress: worker.progress, solve, cancel, play, stopPlay };
}
