import { Fragment } from 'preact';
import { useMemo } from 'preact/hooks';
import { goalsAt, valuesAnswer, valuesAnsweredBy, valuesRoles } from '../../lib/gdl-values.js';
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
          <li
            key={role}
            data-testid="gdl-guarantee"
            data-role={role}
            data-security={r.start.security[i]}
            data-maxn={r.start.maxn ? r.start.maxn[i] : undefined}
          >
            <strong>{role}</strong> can guarantee <strong class="gdl__frac">{r.start.security[i]}</strong> (in expectation)
            {r.start.maxn && <span class="gdl__roles"> · {r.start.maxn[i]} under max^n</span>}
          </li>
        ))}
      </ul>
      {r.start.maxn && (
        <p class="gdl__help">
          Under max^n each mover takes the move best for itself (ties to its first legal move); a role's guarantee holds whatever the others do, together.
        </p>
      )}
      <p
        class="gdl__by"
        data-testid="gdl-answered-by"
        data-matrix-games={r.stats.matrixGames}
        data-saddles={r.stats.saddles}
        data-linear-programs={r.stats.linearPrograms}
        data-pivots={r.stats.pivots}
        data-enumerate-ms={r.stats.enumerateMs.toFixed(1)}
        data-solve-ms={r.stats.solveMs.toFixed(1)}
      >
        Answered {valuesAnsweredBy(r)}.
      </p>
    </Fragment>
  );
}

/**
 * The matrix games of the selected state (`state`, the store's selection:
 * the state graph's too), one per role: a cell whose successor is not
 * terminal leads to that state's, and a list picks any state that has them
 * (where the result holds every state's); onState(s) selects s.
 */
export function GdlMatrices({ valued, state, onState }) {
  const states = useMemo(() => [...new Set(valued.matrices.map((m) => m.state))], [valued]);
  const at = state >= 0 && state < valued.states ? state : 0;
  const shown = valued.matrices.filter((m) => m.state === at);
  const terminal = valued.legal[at * valued.roles.length] === 0;
  const where = at === 0 ? 'at the start' : `at state #${at}`;
  return (
    <section class="panel gdl__matrices" aria-label="Matrix games" data-testid="gdl-matrices" data-state={at}>
      <h2 class="panel-title">Matrix games {where}</h2>
      {states.length > 1 && (
        <p class="gdl__matrix-nav">
          <label>
            State{' '}
            <select value={states.includes(at) ? at : ''} onChange={(e) => onState(Number(e.currentTarget.value))} data-testid="matrix-state">
              {!states.includes(at) && <option value="">#{at}</option>}
              {states.map((x) => (
                <option key={x} value={x}>
                  {x === 0 ? '#0, the start' : `#${x}`}
                </option>
              ))}
            </select>
          </label>{' '}
          {at !== 0 && (
            <button type="button" onClick={() => onState(0)} data-testid="matrix-start">
              Back to the start
            </button>
          )}
          <span class="gdl__roles"> A cell's value leads to the state after its moves; a state picked in the graph shows its own.</span>
        </p>
      )}
      {!valued.allMatrices && <p class="gdl__help">Too many states to read every one's matrix games at once: the start's only.</p>}
      {terminal ? (
        <p data-testid="matrix-terminal">
          {at === 0 ? 'The game is over at the start' : `State #${at} ends the game`}: {valued.roles.map((r, i) => `${r} ${goalsAt(valued, at)[i]}`).join(', ')}
          .
        </p>
      ) : shown.length === 0 ? (
        <p>This state's matrix games were not read (the start's only).</p>
      ) : (
        shown.map((m) => <MatrixGame key={`${at} ${m.role}`} matrix={m} roles={valued.roles} where={where} onGo={onState} canGo={(x) => states.includes(x)} />)
      )}
    </section>
  );
}
