// c4-mcts.jsx: Monte Carlo tree search on the position shown, by its own
// button (iterations, seed, MCTS-Solver): each column's visits and mean
// reward beside its exact score (the analysis's columns), MCTS's chosen
// column marked, and whether that choice is a perfect-play move. The search
// is the CLI's `solve connect-four --algo mcts` (the bitboard playouts), so
// a seed gives the same statistics. A link with `mcts=` runs it at once.
import { useEffect, useState } from 'preact/hooks';
import { useSolver } from '../../hooks/use-solver.js';
import { columnMark, outcomeOf, scoreWords } from '../../lib/connect4.js';

/** The page's iterations at most: one call in the worker, no progress shown. */
export const C4_MCTS_MAX_ITERATIONS = 1_000_000;
const DEFAULTS = { iterations: 2000, seed: '1', solver: false };

/** A link's `mcts` ("ITERATIONS:SEED" or "ITERATIONS:SEED:solver") as options, or null when absent or wrong. */
export function parseMctsLink(text) {
  if (typeof text !== 'string') return null;
  const m = /^(\d{1,7}):(\d{1,20})(:solver)?$/.exec(text);
  if (!m) return null;
  const iterations = Number(m[1]);
  if (iterations < 1 || iterations > C4_MCTS_MAX_ITERATIONS || BigInt(m[2]) > 0xffffffffffffffffn) return null;
  return { iterations, seed: m[2], solver: Boolean(m[3]) };
}

/** The options as a link's `mcts`. */
export const mctsLink = (o) => `${o.iterations}:${o.seed}${o.solver ? ':solver' : ''}`;

/** The options as typed: { options } or { error }. */
function readOptions(iterations, seed, solver) {
  const n = Number(iterations);
  if (!/^\d+$/.test(iterations.trim()) || n < 1 || n > C4_MCTS_MAX_ITERATIONS)
    return { error: `Iterations must be a whole number from 1 to ${C4_MCTS_MAX_ITERATIONS.toLocaleString('en-US')}.` };
  if (!/^\d{1,20}$/.test(seed.trim()) || BigInt(seed.trim()) > 0xffffffffffffffffn) return { error: 'The seed must be a whole number from 0 to 2^64 − 1.' };
  return { options: { iterations: n, seed: seed.trim(), solver } };
}

/** The sentence under the table: MCTS's column, its exact outcome, and a perfect-play column when it is not one. */
function verdict(chosen, columns, w, h, stones) {
  if (chosen === null) return 'MCTS chose no column.';
  const score = columns?.[chosen - 1];
  if (!columns || score === null || score === undefined) return `MCTS chose column ${chosen}; its exact score is not known yet (the analysis above gives it).`;
  const open = columns.filter((v) => v !== null);
  const best = Math.max(...open);
  const words = `${scoreWords(score, w, h, stones)}, score ${columnMark(score)}`;
  if (score === best) return `MCTS chose column ${chosen}: ${words}, a perfect-play move.`;
  const bestCols = columns.map((v, c) => (v === best ? c + 1 : null)).filter((c) => c !== null);
  const sameOutcome = outcomeOf(score) === outcomeOf(best);
  return (
    `MCTS chose column ${chosen}: ${words}, not a perfect-play move` +
    `${sameOutcome ? ' (the same outcome, but not the quickest)' : ''}; ` +
    `${bestCols.length > 1 ? `columns ${bestCols.join(', ')}` : `column ${bestCols[0]}`}: ${scoreWords(best, w, h, stones)}, score ${columnMark(best)}.`
  );
}

export function C4Mcts({ size, moves, w, h, columns, over, initial = {}, embed, onRun }) {
  const linked = parseMctsLink(initial.mcts);
  const start = linked ?? DEFAULTS;
  const [iterations, setIterations] = useState(String(start.iterations));
  const [seed, setSeed] = useState(String(start.seed));
  const [solverOn, setSolverOn] = useState(start.solver);
  const [error, setError] = useState(null);
  const solver = useSolver('connect-four');
  const result = solver.result?.kind === 'mcts' ? solver.result : null;
  const run = (options) => {
    setError(null);
    onRun?.(options);
    return solver.solve({ kind: 'mcts', size, moves, iterations: options.iterations, seed: options.seed, solver: options.solver });
  };
  useEffect(() => {
    if (linked && !over) run(linked);
  }, []);
  const press = () => {
    const r = readOptions(iterations, seed, solverOn);
    if (r.error) return setError(r.error);
    run(r.options);
  };
  const fresh = result && result.size === size && result.moves === moves;
  const stones = moves.length;
  const state = solver.solving ? 'running' : result ? 'done' : 'idle';
  return (
    <section class="panel c4-mcts" aria-label="Monte Carlo tree search" data-testid="c4-mcts">
      <h2 class="panel-title">Monte Carlo tree search</h2>
      {!embed && (
        <form
          class="c4-controls__row"
          onSubmit={(e) => {
            e.preventDefault();
            press();
          }}
        >
          <label>
            <span>Iterations</span>
            <input
              value={iterations}
              data-testid="c4-mcts-iterations"
              inputMode="numeric"
              autocomplete="off"
              onInput={(e) => setIterations(e.currentTarget.value)}
            />
          </label>
          <label>
            <span>Seed</span>
            <input value={seed} data-testid="c4-mcts-seed" inputMode="numeric" autocomplete="off" onInput={(e) => setSeed(e.currentTarget.value)} />
          </label>
          <label class="c4-check">
            <input type="checkbox" checked={solverOn} data-testid="c4-mcts-solver" onChange={(e) => setSolverOn(e.currentTarget.checked)} />
            MCTS-Solver (proven wins and losses backed up)
          </label>
          <button type="submit" data-testid="c4-mcts-run" disabled={over || solver.solving}>
            Run MCTS
          </button>
          {solver.solving && (
            <button type="button" data-testid="c4-mcts-cancel" onClick={() => solver.cancel()}>
              Cancel
            </button>
          )}
        </form>
      )}
      {error && (
        <p class="tree-app__error" role="alert" data-testid="c4-mcts-error">
          {error}
        </p>
      )}
      {solver.error && !solver.solving && (
        <p class="tree-app__error" role="alert">
          {solver.error}
        </p>
      )}
      <p
        role="status"
        data-testid="c4-mcts-status"
        data-state={state}
        data-stale={result && !solver.solving && !fresh ? 'true' : 'false'}
        data-chosen={result?.chosen ?? ''}
        data-iterations={result?.iterations ?? ''}
      >
        {solver.solving
          ? 'Running MCTS…'
          : result
            ? `${result.iterations.toLocaleString('en-US')} iterations, seed ${result.seed}${result.solver ? ', MCTS-Solver' : ''}, on ${result.moves === '' ? 'the empty board' : `moves ${result.moves}`}${fresh ? '' : ' (not the position shown now)'}: ${result.nodes.toLocaleString('en-US')} nodes, ${Math.round(result.ms)} ms.`
            : over
              ? 'The game is over: nothing to search.'
              : 'Random playouts from the position shown; press Run MCTS to see where they lead, beside the exact scores.'}
      </p>
      {result && fresh && (
        <>
          <table class="c4-compare__table c4-mcts__table" data-testid="c4-mcts-table">
            <thead>
              <tr>
                <th scope="col">Column</th>
                <th scope="col">Visits</th>
                <th scope="col">Mean reward</th>
                <th scope="col">Exact score</th>
              </tr>
            </thead>
            <tbody>
              {result.perColumn.map((m) => {
                const exact = columns?.[m.column - 1];
                const chosen = m.column === result.chosen;
                return (
                  <tr
                    data-column={m.column}
                    data-visits={m.visits}
                    data-mean={m.mean}
                    data-proven={m.proven ?? ''}
                    data-exact={exact ?? ''}
                    data-chosen={chosen ? 'true' : 'false'}
                    class={chosen ? 'c4-mcts__chosen' : undefined}
                  >
                    <th scope="row">
                      {m.column}
                      {chosen ? ' ◀ chosen' : ''}
                    </th>
                    <td>{m.visits.toLocaleString('en-US')}</td>
                    <td>
                      {m.mean.toFixed(3)}
                      {m.proven !== null ? ` (proven ${columnMark(m.proven)})` : ''}
                    </td>
                    <td>{exact === null || exact === undefined ? '…' : columnMark(exact)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p class="c4-note">Mean reward: the side to move's, 1 a win, ½ a draw, 0 a loss. Exact score: as under the board (+k a win, −k a loss).</p>
          <p data-testid="c4-mcts-verdict">{verdict(result.chosen, columns, w, h, stones)}</p>
        </>
      )}
    </section>
  );
}
