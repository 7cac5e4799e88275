import { fracNumber, jointWords, listWords } from '../../lib/gdl-values.js';
import './matrix-game.css';

/** A probability as a bar and its exact fraction (the bar is decoration; the text is what is read). */
function Prob({ p, testid, ...data }) {
  return (
    <span class="matrix-game__prob" data-testid={testid} data-prob={p} {...data}>
      <span class="matrix-game__bar" aria-hidden="true">
        <span style={{ width: `${Math.max(0, Math.min(1, fracNumber(p))) * 100}%` }} />
      </span>
      <span class="matrix-game__frac">{p}</span>
    </span>
  );
}

/**
 * One role's matrix game at a state (binding-gdl.js solveGdlValues's
 * matrices): rows the role's moves, columns the other roles' joint moves
 * (one coalition), cells the successors' security values for the role; the
 * role's optimal mixed strategy beside its moves, the coalition's below its
 * columns, and the value. A real table, its cells and probabilities exposed
 * as data-* for tests; it scrolls inside its box on a narrow screen. With
 * onGo(state), a cell whose successor canGo(state) is a button to it.
 */
export function MatrixGame({ matrix, roles, where = 'at the start', onGo = null, canGo = () => false }) {
  const role = roles[matrix.role];
  const others = listWords(matrix.others.map((q) => roles[q]));
  return (
    <section
      class="matrix-game"
      data-testid="matrix-game"
      data-state={matrix.state}
      data-role={role}
      data-value={matrix.value}
      aria-label={`${role}'s matrix game ${where}`}
    >
      <h3 class="matrix-game__title">
        {role}'s matrix game {where}
      </h3>
      <p class="matrix-game__value">
        Value <strong data-testid="matrix-value">{matrix.value}</strong>: the most {role} can make sure of in expectation, whatever {others}{' '}
        {matrix.others.length > 1 ? 'do together' : 'does'}.
      </p>
      <div class="matrix-game__scroll" tabIndex={0} role="group" aria-label={`${role}'s payoff table`}>
        <table class="matrix-game__table">
          <caption>
            Rows: {role}'s moves; columns: {others}'s {matrix.others.length > 1 ? 'joint moves' : 'moves'}; cells: {role}'s value after both.
          </caption>
          <thead>
            <tr>
              <th scope="col" class="matrix-game__corner">
                {role} \ {others}
              </th>
              <th scope="col">{role} plays</th>
              {matrix.cols.map((c, j) => (
                <th key={j} scope="col" data-testid="matrix-col" data-col={j} data-move={jointWords(c)}>
                  <code>{jointWords(c)}</code>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {matrix.rows.map((move, i) => (
              <tr key={i}>
                <th scope="row" data-testid="matrix-row" data-row={i} data-move={move}>
                  <code>{move}</code>
                </th>
                <td class="matrix-game__own">
                  <Prob p={matrix.row[i]} testid="row-prob" data-move={move} />
                </td>
                {matrix.cells[i].map((v, j) => {
                  const next = matrix.next[i][j];
                  return (
                    <td key={j} data-testid="matrix-cell" data-row={i} data-col={j} data-value={v} data-next={next}>
                      {onGo && canGo(next) ? (
                        <button
                          type="button"
                          class="matrix-game__go"
                          onClick={() => onGo(next)}
                          aria-label={`${v}: to state #${next}, its matrix games`}
                          data-testid="matrix-go"
                        >
                          {v}
                        </button>
                      ) : (
                        v
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">
                {others} {matrix.others.length > 1 ? 'play' : 'plays'}
              </th>
              <td />
              {matrix.col.map((p, j) => (
                <td key={j}>
                  <Prob p={p} testid="col-prob" data-col={j} data-move={jointWords(matrix.cols[j])} />
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
