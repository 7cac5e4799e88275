import { cellName, cellPiles, choiceText, isLead, valueText } from '../../lib/dp-view.js';

/** The cell hovered or selected (else the current one): value, choice, piles, when it was computed. */
export function DpDetails({ model, cell, cursor, onSeek }) {
  const result = model.result;
  if (cell < 0) {
    return (
      <section class="panel" aria-label="Cell">
        <h2 class="panel-title">Cell</h2>
        <p>Hover or click a cell to see its value, its choice and its piles.</p>
      </section>
    );
  }
  const filled = model.filled[cell] === 1;
  const at = model.decidedAt(cell);
  const piles = cellPiles(result, cell);
  const v = result.values[cell];
  return (
    <section class="panel" aria-label="Cell" data-testid="dp-details" data-cell={cellName(result, cell)}>
      <h2 class="panel-title">Cell {cellName(result, cell)}</h2>
      <ul class="dp-app__facts">
        {!result.done[cell] ? (
          <li>Never computed: the recursion does not reach it</li>
        ) : !filled ? (
          <li>Not computed yet (at event {at + 1})</li>
        ) : (
          <>
            <li data-testid="dp-details-value">
              Value {valueText(result, v)}
              {result.seconds && `; the other player then gets ${result.seconds[cell]}`}
              {isLead(result) ? ' (the mover’s lead over the other)' : ''}
            </li>
            <li>Choice: {choiceText(result, cell, result.choices[cell])}</li>
          </>
        )}
        {piles.length > 0 && piles.length <= 12 && <li>Piles {piles.join(', ')}</li>}
        {piles.length > 12 && (
          <li>
            Piles {piles[0]}..{piles[piles.length - 1]} ({piles.length})
          </li>
        )}
      </ul>
      {at >= 0 && cursor !== at + 1 && (
        <button type="button" data-testid="dp-details-go" onClick={() => onSeek(at + 1)}>
          Go to where it is computed
        </button>
      )}
    </section>
  );
}
