import { Fragment } from 'preact';
import { valuesAnswer, valuesAnsweredBy, valuesRoles } from '../../lib/gdl-values.js';
import { MatrixGame } from '../matrix-game/index.jsx';

/**
 * The answer of a game of any kind by its security values (the worker's
 * { algo: 'values' }): each role's guaranteed goal in words, an exact
 * fraction, and max^n where the game takes turns with three roles or more.
 * `runs`: results received.
 */
export function GdlValuesAnswer({ valued, runs }) {
  const r = valued;
  return (
    <Fragment>
      <p class="gdl__answer">
        <strong data-testid="gdl-answer" data-answer={valuesAnswer(r)} data-by="values" data-run={runs}>
          Security values
        </strong>{' '}
        <span class="gdl__roles">{valuesRoles(r)}</span>
      </p>
      <ul class="gdl__security" data-testid="gdl-security">
        {r.roles.map((role, i) => (
          <li key={role} data-testid="gdl-guarantee" data-role={role} data-security={r.start.security[i]} data-maxn={r.start.maxn ? r.start.maxn[i] : undefined}>
            <strong>{role}</strong> can guarantee <strong class="gdl__frac">{r.start.security[i]}</strong> (in expectation)
            {r.start.maxn && <span class="gdl__roles"> · {r.start.maxn[i]} under max^n</span>}
          </li>
        ))}
      </ul>
      {r.start.maxn && <p class="gdl__help">Under max^n each mover takes the move best for itself (ties to its first legal move); a role's guarantee holds whatever the others do, together.</p>}
      <p class="gdl__by" data-testid="gdl-answered-by">
        Answered {valuesAnsweredBy(r)}.
      </p>
    </Fragment>
  );
}

/** The start's matrix games, one per role (none where the game is over at once). */
export function GdlMatrices({ valued }) {
  const start = valued.matrices.filter((m) => m.state === 0);
  return (
    <section class="panel gdl__matrices" aria-label="Matrix games" data-testid="gdl-matrices">
      <h2 class="panel-title">Matrix games at the start</h2>
      {start.length === 0 ? (
        <p>The game is over at the start: no move to choose.</p>
      ) : (
        start.map((m) => <MatrixGame key={m.role} matrix={m} roles={valued.roles} />)
      )}
    </section>
  );
}
