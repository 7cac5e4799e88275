import { boardOf } from '../../lib/gdl-board.js';
import { gdlBase, gdlFacts, gdlStateName } from '../../lib/gdl-result.js';
import { movesAt, outcomeFor } from '../../lib/gdl-play.js';
import { reverseEdges } from '../../lib/state-graph.js';
import { useMemo, useState } from 'preact/hooks';

const PARENTS_SHOWN = 12;

/** The board with its rows and columns swapped (a game may write (cell column row)). */
export function transposed(board) {
  return { ...board, rows: board.cols, cols: board.rows, cells: board.cols.map((_, j) => board.rows.map((_, i) => board.cells[i][j])) };
}

/** A board read from the facts (lib/gdl-board.js), as a table of text. */
export function GdlBoard({ board, label, swapped = false }) {
  return (
    <table class="gdl-board" data-testid="gdl-board" data-relation={board.relation} data-swapped={swapped ? 'true' : 'false'} aria-label={label}>
      <thead>
        <tr>
          <th scope="col">
            <span class="visually-hidden">{board.relation}</span>
          </th>
          {board.cols.map((c) => (
            <th scope="col" key={c}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {board.rows.map((r, i) => (
          <tr key={r}>
            <th scope="row">{r}</th>
            {board.cols.map((c, j) => (
              <td key={c} data-cell={`${r},${c}`}>
                {board.cells[i][j]}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The selected state: its value, who moves, its moves (each a button to
 * that state) with their values, its facts, and a board drawn from the facts
 * when they look like one.
 */
export function GdlInspector({ result, sg, state, onSelect, words }) {
  const rev = useMemo(() => (sg ? reverseEdges(sg) : null), [sg]);
  const [swap, setSwap] = useState(false);
  if (!result || state < 0 || state >= result.states) {
    return (
      <section class="gdl-inspector" aria-label="State" data-testid="gdl-inspector">
        <h2 class="panel-title">State</h2>
        <p>Select a state in the graph.</p>
      </section>
    );
  }
  const facts = gdlFacts(result, state);
  const board = boardOf(facts, gdlBase(result));
  const mover = result.mover[state];
  const o = result.outcome[state];
  const r = result.remoteness[state];
  const look = o === 1 ? words.win0 : o === 2 ? words.win1 : words.draw;
  const moves = movesAt(result, state);
  return (
    <section class="gdl-inspector" aria-label={`State ${gdlStateName(state)}`} data-testid="gdl-inspector" data-state={state}>
      <h2 class="panel-title">
        State {gdlStateName(state)}
        {state === 0 ? ' (the start)' : ''}
      </h2>
      <p class="gdl-inspector__value" data-testid="gdl-state-value">
        {look}
        {r > 0 && (o === 1 || o === 2) ? ` in ${r}` : ''} · {result.roles[0]}'s goal {result.value[state]} ·{' '}
        {mover < 0 ? 'the game is over' : `${result.roles[mover]} to move`}
      </p>
      {board && (
        <div class="gdl-inspector__board">
          <GdlBoard board={swap ? transposed(board) : board} swapped={swap} label={`The board of state ${gdlStateName(state)} (${board.relation})`} />
          <label class="gdl-inspector__swap">
            <input type="checkbox" checked={swap} onChange={(e) => setSwap(e.currentTarget.checked)} data-testid="gdl-board-swap" /> swap rows and columns
          </label>
        </div>
      )}
      {moves.length > 0 && (
        <>
          <h3 class="gdl-inspector__h">Moves</h3>
          <ul class="gdl-inspector__moves">
            {moves.map((m) => (
              <li key={m.edge}>
                <button type="button" data-state={m.to} onClick={() => onSelect(m.to)}>
                  <code>{m.move}</code> → {gdlStateName(m.to)}: {outcomeFor(result, m, mover)}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {rev && rev.offsets[state + 1] > rev.offsets[state] && (
        <>
          <h3 class="gdl-inspector__h">Reached from</h3>
          <ul class="gdl-inspector__moves" data-testid="gdl-parents">
            {[...new Set(rev.sources.subarray(rev.offsets[state], rev.offsets[state + 1]))].slice(0, PARENTS_SHOWN).map((p) => (
              <li key={p}>
                <button type="button" data-state={p} onClick={() => onSelect(p)}>
                  {gdlStateName(p)}
                </button>
              </li>
            ))}
            {rev.offsets[state + 1] - rev.offsets[state] > PARENTS_SHOWN && <li>and more</li>}
          </ul>
        </>
      )}
      <h3 class="gdl-inspector__h">Facts</h3>
      <ul class="gdl-inspector__facts" data-testid="gdl-facts">
        {facts.map((f) => (
          <li key={f}>
            <code>{f}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
