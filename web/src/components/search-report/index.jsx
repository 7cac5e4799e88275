import { useMemo } from 'preact/hooks';
import { stateName } from '../../lib/catmouse.js';
import { formatCount } from '../../lib/format.js';
import { answerWords } from '../../lib/outcomes.js';
import { memoDifferences, traceBlame } from '../../player/dfs-blame.js';
import { outcomeText } from '../../player/describe.js';
import { argA, EVENT_NAMES, kindAt } from '../../player/events.js';
import './search-report.css';

const SHOWN = 40;

/**
 * A depth-first search against the truth (the retrograde solve): the naive
 * search's answer or its budget message; for the memo search, every state
 * whose memo label is wrong, and the cycle cuts its false draw rests on,
 * each a click from its event. `explanation`: words for a known graph.
 */
export function SearchReport({ store, result, explanation }) {
  const analysis = useMemo(() => {
    if (!result || result.algo !== 'memo-dfs') return null;
    const wrong = memoDifferences(result.labels, result.truth.outcomes);
    const blame = result.trace && !result.truncated ? traceBlame(result.trace, result.truth.outcomes) : null;
    const rows = wrong.map((w) => ({ ...w, why: blame?.explain(w.state) ?? null }));
    const cuts = new Set();
    for (const row of rows) for (const c of row.why?.cuts ?? []) cuts.add(c);
    return { rows, cuts: [...cuts].sort((a, b) => a - b) };
  }, [result]);
  if (!result || (result.algo !== 'memo-dfs' && result.algo !== 'naive-dfs')) return null;

  const n = result.n;
  const truth = result.truth;
  const start = 1 + 2 * n;
  const truthWords = `${answerWords(truth.answer)}${truth.remoteness[start] > 0 ? ` in ${truth.remoteness[start]}` : ''}`;
  const event = (i, label) => (
    <button type="button" class="event-chip" key={`e${i}`} onClick={() => store.seek(i + 1)} data-event={i}>
      #{i} {label ?? `${EVENT_NAMES[kindAt(result.trace, i)]} ${stateName(n, argA(result.trace, i))}`}
    </button>
  );
  const chip = (s) => (
    <button type="button" class="state-chip" onClick={() => store.select(s)} data-state={s}>
      {stateName(n, s)}
    </button>
  );

  if (result.algo === 'naive-dfs') {
    return (
      <section class="search-report" aria-label="Search report" data-testid="search-report">
        <h2 class="panel-title">Naive DFS against the truth</h2>
        {result.budgetExhausted ? (
          <p class="search-report__budget" data-testid="budget-message" role="status">
            Budget exhausted after {formatCount(result.stats.nodes)} states: the naive search gave up without an answer (it is exact, but its time grows
            exponentially). The retrograde answer is {truthWords}.
          </p>
        ) : (
          <p data-testid="search-verdict">
            Naive DFS says {answerWords(result.answer)} after entering {formatCount(result.stats.nodes)} states; the retrograde answer is {truthWords}.{' '}
            {result.answer === truth.answer ? 'They agree: the naive search is exact.' : 'They differ.'}
          </p>
        )}
      </section>
    );
  }

  const { rows, cuts } = analysis;
  return (
    <section class="search-report" aria-label="Memo against the truth" data-testid="search-report">
      <h2 class="panel-title">DFS with memo against the truth</h2>
      <p class="search-report__flawed">This algorithm is flawed: it can store draws that are not draws.</p>
      <p data-testid="search-verdict">
        Memo DFS says {answerWords(result.answer)}; the retrograde answer is {truthWords}.{' '}
        {rows.length === 0
          ? 'Every label it stored is right on this graph.'
          : `${formatCount(rows.length)} stored ${rows.length === 1 ? 'label is' : 'labels are'} wrong.`}
      </p>
      {explanation && (
        <div class="search-report__explanation" data-testid="explanation">
          {explanation}
        </div>
      )}
      {cuts.length > 0 && (
        <p class="search-report__cuts" data-testid="cycle-cuts">
          <span class="search-report__label">Cycle cuts behind them (a state on the path called a draw, though it is not one):</span>{' '}
          {cuts.map((c) => event(c))}
        </p>
      )}
      {rows.length > 0 && (
        <table class="search-report__table" data-testid="wrong-states">
          <thead>
            <tr>
              <th scope="col">State</th>
              <th scope="col">Memo</th>
              <th scope="col">Truth</th>
              <th scope="col">Stored at</th>
              <th scope="col">Rests on the cut(s)</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, SHOWN).map((row) => (
              <tr key={row.state} data-state={row.state}>
                <td>{chip(row.state)}</td>
                <td>{outcomeText(row.memo)}</td>
                <td>{outcomeText(row.truth, truth.remoteness[row.state])}</td>
                <td>{row.why ? event(row.why.stored, '') : '—'}</td>
                <td>
                  {row.why?.cuts.map((c) => event(c, stateName(n, argA(result.trace, c))))}
                  {row.why?.chain.length > 2 && (
                    <span class="search-report__chain" title="how the draw flowed, from the label down to the cut">
                      via{' '}
                      {row.why.chain
                        .slice(1, -1)
                        .map((i) => `#${i}`)
                        .join(' ← ')}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length > SHOWN && <p class="search-report__more">… and {formatCount(rows.length - SHOWN)} more.</p>}
      {result.truncated && <p class="search-report__more">The trace was cut short, so the cuts are not traced.</p>}
    </section>
  );
}
