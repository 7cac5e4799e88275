import { Fragment } from 'preact';
import { formatCount, formatMs } from '../../lib/format.js';
import { gdlAnswer, gdlAnswerWords } from '../../lib/gdl-result.js';
import { answeredBy, searchAnswer, searchAnswerWords } from '../../lib/gdl-search.js';

/**
 * The editor's status line: solving, or why the graph is of earlier rules
 * (a failure inside, a cancel, a limit, problems in the rules), else what
 * the answer shown came from. `result`: the enumeration drawn.
 */
export function gdlStatus(solver, result) {
  const { diagnostics, searched } = solver;
  if (solver.solving) return 'Solving…';
  if (solver.failure) return 'The solver failed inside; the graph shows the last rules that solved.';
  if (solver.cancelled) return 'Cancelled; the graph shows the last rules that solved.';
  if (solver.limit) return 'Too big for the page; the graph shows the last rules that solved.';
  if (diagnostics.length)
    return `The rules have ${diagnostics.length === 1 ? 'a problem' : `${diagnostics.length} problems`}; the graph shows the last rules that solved.`;
  if (solver.valued)
    return `${formatCount(solver.valued.states)} states, ${formatCount(solver.valued.terminalStates)} terminal · ${formatCount(solver.valued.stats.matrixGames)} matrix games solved in ${formatMs(solver.valued.stats.ms)}`;
  if (searched) return `answered by search: ${formatCount(searched.nodes)} nodes · ${formatMs(searched.searchMs)}`;
  if (!result) return '';
  let status = `${formatCount(result.states)} states, ${formatCount(result.terminalStates ?? 0)} terminal`;
  const ms = result.stats?.ms ?? result.ms;
  if (ms !== undefined) status += ` · solved in ${formatMs(ms)}`;
  return status;
}

/**
 * The answer: of the search (`searched`) when one answered, else of the
 * enumeration drawn (`result`), with who plays and how it was answered; a
 * search's best move and principal line. `runs`: results received.
 */
export function GdlAnswer({ searched, result, runs }) {
  const shown = searched ?? result;
  return (
    <Fragment>
      <p class="gdl__answer">
        <strong
          data-testid="gdl-answer"
          data-answer={searched ? searchAnswer(searched) : gdlAnswer(result)}
          data-by={searched ? 'search' : 'enumeration'}
          data-run={runs}
        >
          {searched ? searchAnswerWords(searched) : gdlAnswerWords(result)}
        </strong>{' '}
        <span class="gdl__roles">{shown.kind === 'puzzle' ? `a one-role puzzle (${shown.roles[0]})` : `${shown.roles.join(' and ')} taking turns`}</span>
      </p>
      <p class="gdl__by" data-testid="gdl-answered-by">
        Answered {answeredBy(shown)}
        {searched?.auto ? ' (the state graph was too big for Auto to enumerate)' : ''}.
      </p>
      {searched && <SearchLine result={searched} />}
    </Fragment>
  );
}

/** A search's best move and principal line (the search table's moves from the start). */
function SearchLine({ result }) {
  if (!result.bestMove) return null;
  return (
    <p class="gdl__line">
      Best move for {result.roles[result.pv[0].role]}:{' '}
      <code data-testid="gdl-best-move" data-move={result.bestMove}>
        {result.bestMove}
      </code>
      {result.pv.length > 1 && (
        <span data-testid="gdl-pv">
          {' '}
          · principal line: <code>{result.pv.map((m) => m.move).join(' ')}</code>
        </span>
      )}
    </p>
  );
}
