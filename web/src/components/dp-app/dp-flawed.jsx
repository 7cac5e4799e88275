import { cellName } from '../../lib/dp-view.js';

/**
 * The flawed exhibit beside the sound answer: the memo keys on (le, ri) while
 * the recursion also carries player 1's running lead, so an entry stored for
 * one lead answers a call with another.
 */
export function DpFlawed({ model, cursor, onSeek }) {
  const result = model.result;
  const wrong = result.truth && result.truth.answerText !== result.answerText;
  return (
    <section class="panel dp-flawed" aria-label="The flawed memo" data-testid="dp-flawed">
      <h2 class="panel-title">The flawed memo, beside the sound table</h2>
      <div class="dp-flawed__answers">
        <p class="dp-flawed__answer dp-flawed__answer--wrong" data-testid="dp-flawed-answer">
          Flawed memo: <strong>{result.answerText}</strong>
        </p>
        <p class="dp-flawed__answer" data-testid="dp-sound-answer">
          Sound table: <strong>{result.truth?.answerText ?? '?'}</strong>
        </p>
      </div>
      <p data-testid="dp-flawed-verdict">
        {wrong ? 'They disagree: the memo is wrong on this input.' : 'They agree on this input (the flaw does not show here).'}
      </p>
      {model.reuses.length > 0 ? (
        <ul class="dp-flawed__reuses">
          {model.reuses.map((u) => (
            <li data-testid="dp-reuse" data-cell={cellName(result, u.cell)}>
              memo{cellName(result, u.cell)} was stored when player 1's lead was <strong>{u.storedLead}</strong>; at event {u.event + 1} a call with lead{' '}
              <strong>{u.lead}</strong> reuses it ({u.value ? 'true' : 'false'}), though with that lead the answer can differ.{' '}
              <button type="button" data-testid="dp-reuse-go" onClick={() => onSeek(u.event + 1)} aria-current={cursor === u.event + 1 ? 'step' : undefined}>
                Show it
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>No memo entry was reused with a different lead.</p>
      )}
    </section>
  );
}
