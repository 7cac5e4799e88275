// c4-mcts.jsx: Monte Carlo tree search on the position shown, by its own
// button (iterations, seed, exploration constant, playouts, MCTS-Solver):
// each column's visits and mean reward beside its exact score (the
// analysis's columns), MCTS's chosen column marked, whether that choice is a
// perfect-play move, and the convergence plot (the Game trees tab's
// MctsPlot): each column's mean and visit share over the iterations, the
// exact scores as lines, the iteration from which the choice is a
// perfect-play move and stays one marked. The search is the CLI's `solve
// connect-four --algo mcts` (the bitboard playouts), run in the worker in
// batches with its progress and a Cancel, so a seed gives the same
// statistics. A link with `mcts=` runs it at once (in an embed too, which
// shows the table and the plot without the controls); the plot is a drawing
// the Share dialog exports ("MCTS convergence").
import { useEffect, useState } from 'preact/hooks';
import { useSolver } from '../../hooks/use-solver.js';
import { C4_MCTS_MAX_ITERATIONS, columnMark, outcomeOf, scoreWords } from '../../lib/connect4.js';
import { formatCount, formatShort } from '../../lib/format.js';
import { MctsPlot, moveColour } from '../tree-app/mcts-view.jsx';

const DEFAULTS = { iterations: 2000, seed: '1', uctC: Math.SQRT2, solver: false, playout: 'random' };
const MAX_UCT_C = 100;
/** What a link's `mcts` may be, for the message when it is not. */
export const MCTS_LINK_FORM = 'ITERATIONS:SEED, then any of :solver, :decisive (or :random) and :c=C';

/** A decimal number as typed (no sign, no hex, no Infinity), or null. */
const decimal = (text) => (/^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : null);

/**
 * A link's `mcts` as options, or null when absent or wrong:
 * "ITERATIONS:SEED" followed by any of ":solver", ":decisive" or ":random"
 * (the playouts) and ":c=C" (the exploration constant), each at most once;
 * "ITERATIONS:SEED" and "ITERATIONS:SEED:solver" are the older links' forms.
 */
export function parseMctsLink(text) {
  if (typeof text !== 'string' || text.length > 120) return null;
  const parts = text.split(':');
  if (parts.length < 2 || !/^\d{1,10}$/.test(parts[0]) || !/^\d{1,20}$/.test(parts[1])) return null;
  const iterations = Number(parts[0]);
  if (iterations < 1 || iterations > C4_MCTS_MAX_ITERATIONS || BigInt(parts[1]) > 0xffffffffffffffffn) return null;
  const o = { ...DEFAULTS, iterations, seed: String(BigInt(parts[1])) };
  const seen = new Set();
  for (const part of parts.slice(2)) {
    const key = part.startsWith('c=') ? 'c' : part === 'solver' ? 'solver' : part === 'random' || part === 'decisive' ? 'playout' : null;
    if (!key || seen.has(key)) return null;
    seen.add(key);
    if (key === 'solver') o.solver = true;
    else if (key === 'playout') o.playout = part;
    else {
      const c = decimal(part.slice(2));
      if (c === null || !(c >= 0 && c <= MAX_UCT_C)) return null;
      o.uctC = c;
    }
  }
  return o;
}

/** The options as a link's `mcts` (the defaults left out: a link of the older forms when they are). */
export const mctsLink = (o) =>
  `${o.iterations}:${o.seed}${o.solver ? ':solver' : ''}${o.playout === 'decisive' ? ':decisive' : ''}${o.uctC === Math.SQRT2 ? '' : `:c=${o.uctC}`}`;

/** The exploration constant as its field shows it: empty for the default √2. */
const uctText = (c) => (c === Math.SQRT2 ? '' : String(c));

/** The options as typed: { options } or { error }. */
function readOptions({ iterations, seed, uctC, solver, playout }) {
  const n = Number(iterations.trim());
  if (!/^\d+$/.test(iterations.trim()) || n < 1 || n > C4_MCTS_MAX_ITERATIONS)
    return { error: `Iterations must be a whole number from 1 to ${C4_MCTS_MAX_ITERATIONS.toLocaleString('en-US')}.` };
  if (!/^\d{1,20}$/.test(seed.trim()) || BigInt(seed.trim()) > 0xffffffffffffffffn) return { error: 'The seed must be a whole number from 0 to 2^64 − 1.' };
  const c = uctC.trim() === '' ? Math.SQRT2 : decimal(uctC.trim());
  if (c === null || !(c >= 0 && c <= MAX_UCT_C))
    return { error: `The exploration constant c must be a number from 0 to ${MAX_UCT_C} (empty: √2, the CLI's default).` };
  return { options: { iterations: n, seed: String(BigInt(seed.trim())), uctC: c, solver, playout } };
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

/**
 * The search's result in the shape the Game trees tab's MctsPlot reads
 * (lib/mcts.js: root moves with their exact values, the rewards' range, the
 * choice's changes), or null while a column's exact score is unknown. The
 * exact values are the columns' scores for the side to move, who maximizes;
 * the rewards are by the outcome (-1 .. 1 clamped), as the search's.
 */
export function plotInput(result, columns) {
  if (!columns || !result.curve?.length) return null;
  const moves = result.perColumn.map((m) => ({ code: m.column - 1, exact: columns[m.column - 1] }));
  if (moves.some((m) => m.exact === null || m.exact === undefined)) return null;
  return {
    game: 'connect-four',
    iterations: result.iterations,
    curve: result.curve,
    changes: result.changes,
    moves,
    best: result.best,
    value: Math.max(...moves.map((m) => m.exact)),
    maxToMove: true,
    reward: { lo: -1, hi: 1 },
  };
}

/** The search as it runs: iterations done of those asked, and their rate (reads the progress signal itself, so each message re-renders it alone). */
function MctsProgress({ progress, total }) {
  const p = progress.value ?? {};
  const done = p.iterations ?? 0;
  const rate = p.ms > 0 ? (done / p.ms) * 1000 : 0;
  return (
    <div
      class="c4-mcts__progress"
      role="group"
      aria-label="Progress of the search"
      data-testid="c4-mcts-progress"
      data-done={String(done)}
      data-total={String(total)}
    >
      <label>
        <span data-testid="c4-mcts-progress-words">
          {formatCount(done)} of {formatCount(total)} iterations{rate > 0 ? `, ${formatShort(rate)} iterations/s` : ''}
        </span>
        <progress max={total} value={done} />
      </label>
    </div>
  );
}

export function C4Mcts({ size, moves, w, h, columns, over, initial = {}, embed, onRun }) {
  const linked = parseMctsLink(initial.mcts);
  const start = linked ?? DEFAULTS;
  const [iterations, setIterations] = useState(String(start.iterations));
  const [seed, setSeed] = useState(String(start.seed));
  const [uctC, setUctC] = useState(uctText(start.uctC));
  const [playout, setPlayout] = useState(start.playout);
  const [solverOn, setSolverOn] = useState(start.solver);
  const [error, setError] = useState(null);
  const [asked, setAsked] = useState(null); // the options of the search running or last run
  const [cancelled, setCancelled] = useState(null); // { done } of a search the reader cancelled, until the next run
  const solver = useSolver('connect-four');
  const result = solver.result?.kind === 'mcts' ? solver.result : null;
  const run = (options) => {
    setError(null);
    setCancelled(null);
    setAsked(options);
    onRun?.(options);
    const { iterations: n, seed: s, uctC: c, solver: on, playout: how } = options;
    return solver.solve({ kind: 'mcts', size, moves, iterations: n, seed: s, uctC: c, solver: on, playout: how });
  };
  useEffect(() => {
    if (linked && !over) run(linked);
  }, []);
  const press = () => {
    const r = readOptions({ iterations, seed, uctC, solver: solverOn, playout });
    if (r.error) return setError(r.error);
    run(r.options);
  };
  const cancel = () => {
    setCancelled({ done: solver.progressSignal.value?.iterations ?? 0 });
    solver.cancel();
  };
  const fresh = result && result.size === size && result.moves === moves;
  const stones = moves.length;
  const state = solver.solving ? 'running' : cancelled ? 'cancelled' : result ? 'done' : 'idle';
  const plot = result && fresh ? plotInput(result, columns) : null;
  const optionWords = (r) => `seed ${r.seed}, c = ${r.uctC === Math.SQRT2 ? '√2' : r.uctC}, ${r.playout} playouts${r.solver ? ', MCTS-Solver' : ''}`;
  return (
    <>
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
            <label>
              <span>Exploration c</span>
              <input
                value={uctC}
                placeholder="√2"
                data-testid="c4-mcts-c"
                inputMode="decimal"
                autocomplete="off"
                aria-describedby="c4-mcts-c-note"
                onInput={(e) => setUctC(e.currentTarget.value)}
              />
            </label>
            <label>
              <span>Playouts</span>
              <select value={playout} data-testid="c4-mcts-playout" onChange={(e) => setPlayout(e.currentTarget.value)}>
                <option value="random">Random</option>
                <option value="decisive">Decisive (win at once, else block)</option>
              </select>
            </label>
            <label class="c4-check">
              <input type="checkbox" checked={solverOn} data-testid="c4-mcts-solver" onChange={(e) => setSolverOn(e.currentTarget.checked)} />
              MCTS-Solver (proven wins and losses backed up)
            </label>
            <button type="submit" data-testid="c4-mcts-run" disabled={over || solver.solving}>
              Run MCTS
            </button>
            {solver.solving && (
              <button type="button" data-testid="c4-mcts-cancel" onClick={cancel}>
                Cancel
              </button>
            )}
          </form>
        )}
        {!embed && (
          <p class="c4-note" id="c4-mcts-c-note">
            c weighs exploring against the best mean (UCB1 = mean + c √(ln N / n)); empty: √2, the CLI's default. Iterations up to{' '}
            {C4_MCTS_MAX_ITERATIONS.toLocaleString('en-US')}, as the CLI's; the tree holds 256 MiB (a few million iterations), and a search that fills it stops
            there with its statistics so far.
          </p>
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
          data-ips={result ? Math.round(result.iterationsPerSecond) : ''}
        >
          {solver.solving
            ? `Running MCTS: ${formatCount(asked?.iterations ?? 0)} iterations…`
            : cancelled
              ? `MCTS cancelled after about ${formatCount(cancelled.done)} iterations; press Run MCTS to search again.${result ? ' The table below is the search before it.' : ''}`
              : result
                ? `${result.iterations.toLocaleString('en-US')} iterations, ${optionWords(result)}, on ${result.moves === '' ? 'the empty board' : `moves ${result.moves}`}${fresh ? '' : ' (not the position shown now)'}: ${result.nodes.toLocaleString('en-US')} nodes, ${Math.round(result.searchMs)} ms, ${formatShort(result.iterationsPerSecond)} iterations/s.`
                : over
                  ? 'The game is over: nothing to search.'
                  : 'Random playouts from the position shown; press Run MCTS to see where they lead, beside the exact scores.'}
        </p>
        {solver.solving && <MctsProgress progress={solver.progressSignal} total={asked?.iterations ?? 0} />}
        {result?.stopped && !solver.solving && (
          <p class="tree-app__error" role="alert" data-testid="c4-mcts-stopped">
            The search stopped before its {result.wanted.toLocaleString('en-US')} iterations: {result.stopped}.
          </p>
        )}
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
                {result.perColumn.map((m, k) => {
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
                        {plot && <span class="mcts-moves__swatch" style={{ background: moveColour(k) }} aria-hidden="true" />} {m.column}
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
            <p class="c4-note">
              Mean reward: the side to move's, 1 a win, ½ a draw, 0 a loss. Exact score: as under the board (+k a win, −k a loss).
              {plot ? " Each column's colour is its line in the plot below." : ''}
            </p>
            <p data-testid="c4-mcts-verdict">{verdict(result.chosen, columns, w, h, stones)}</p>
            {!plot && <p class="c4-note">The convergence plot follows once every column's exact score is known (the analysis above).</p>}
          </>
        )}
      </section>
      {plot && (
        <div class="c4-mcts__plot" data-testid="c4-mcts-plot" data-export-frame="MCTS convergence">
          <MctsPlot result={plot} model={null} cursor={0} />
        </div>
      )}
    </>
  );
}
