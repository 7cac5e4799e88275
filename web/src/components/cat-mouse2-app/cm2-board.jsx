import { cellName } from '../../lib/catmouse2.js';
import { CAT_WINS, DRAW, INVALID, MOUSE_WINS, stateId, stateOf, TURN_MOUSE } from '../../lib/outcomes.js';
import { valueWords } from '../../lib/play.js';

const KIND = { [MOUSE_WINS]: 'mouse', [CAT_WINS]: 'cat', [DRAW]: 'open', [INVALID]: 'wall' };

/**
 * The grid of the board, as a heatmap of the selected state's slice of the
 * state space: with `by` 'mouse', each cell is coloured by the outcome (as
 * far as the player's cursor) of the mouse standing there, the cat and the
 * turn as in the selected state; with 'cat', the other way round. So one
 * 8 x 8 picture reads 64 of the 8,192 states, and a click (or Enter on a
 * cell) moves the selection there. Walls, the food, and the selected
 * state's mouse and cat are drawn on it. During a game against the solver
 * the person's legal cells are outlined and a click on one moves there.
 */
export function Cm2Board({ board, model, cursor, selected, by, done, onSelect, play }) {
  const { rows, cols, n, grid, food } = board;
  const sel = selected >= 0 && selected < 2 * n * n ? stateOf(n, selected) : stateOf(n, board.start);
  const legal = new Map((play ? play.moves : []).map((m) => [m.to, m]));
  const stateAt = (cell) => (by === 'mouse' ? stateId(n, cell, sel.cat, sel.turn) : stateId(n, sel.mouse, cell, sel.turn));
  void cursor; // the model's arrays change in place as the cursor moves: re-render on it

  const cells = [];
  for (let i = 0; i < n; i++) {
    const ch = grid[Math.floor(i / cols)][i % cols];
    if (ch === '#') {
      cells.push(<div key={i} class="cm2-board__cell cm2-board__cell--wall" aria-hidden="true" />);
      continue;
    }
    const s = stateAt(i);
    const o = model ? model.values[s] : DRAW;
    const kind = o === DRAW && done ? 'limit' : KIND[o];
    const r = model ? model.remote[s] : -1;
    const move = legal.get(i);
    const words = [
      cellName(board, i),
      i === food ? 'food' : '',
      i === sel.mouse ? 'mouse' : '',
      i === sel.cat ? 'cat' : '',
      play
        ? move
          ? `move here${play.hints ? `: ${valueWords(move.value)}` : ''}`
          : ''
        : `${by} here: ${kind === 'mouse' ? `mouse wins in ${r}` : kind === 'cat' ? `cat wins in ${r}` : kind === 'limit' ? 'cat wins by the turn limit' : 'undecided so far'}`,
    ]
      .filter(Boolean)
      .join(', ');
    cells.push(
      <button
        type="button"
        key={i}
        class={`cm2-board__cell cm2-board__cell--${play ? 'plain' : kind}${move ? ` cm2-board__cell--legal cm2-board__cell--${play.hints ? move.value.result : 'move'}` : ''}${i === (by === 'mouse' ? sel.mouse : sel.cat) ? ' cm2-board__cell--selected' : ''}`}
        data-cell={i}
        data-outcome={play ? '' : kind}
        data-legal={move ? 'true' : undefined}
        title={words}
        disabled={play ? !move : false}
        onClick={() => (play ? move && play.onMove(i) : onSelect(stateAt(i)))}
      >
        <span class="visually-hidden">{`${words}. `}</span>
        {i === food && <span class="cm2-board__food">F</span>}
        {i === sel.mouse && <span class={`cm2-board__token cm2-board__token--mouse${sel.turn === TURN_MOUSE ? ' cm2-board__token--to-move' : ''}`}>M</span>}
        {i === sel.cat && <span class={`cm2-board__token cm2-board__token--cat${sel.turn !== TURN_MOUSE ? ' cm2-board__token--to-move' : ''}`}>C</span>}
        {!play && r > 0 && kind !== 'open' && <span class="cm2-board__remote">{r}</span>}
        {play && move && play.hints && <span class="cm2-board__remote">{valueWords(move.value)}</span>}
      </button>,
    );
  }
  return (
    <div
      class="cm2-board"
      role="group"
      aria-label={`Board of ${rows} by ${cols} cells`}
      data-testid="cm2-board"
      data-export-boxes
      data-mouse={sel.mouse}
      data-cat={sel.cat}
      data-turn={sel.turn === TURN_MOUSE ? 'mouse' : 'cat'}
      style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`, maxWidth: `${Math.min(560, cols * 72)}px` }}
    >
      {cells}
    </div>
  );
}
