import { cellName, recurrence, termsOf, valueText } from '../../lib/dp-view.js';

/** The recurrence above the table, and below it the cell in focus with its terms filled in. */
export function DpRecurrence({ model, cell, cursor }) {
  const result = model.result;
  const { terms, value } = cell >= 0 ? termsOf(result, model.trace, model.eventsOf(cell), cursor) : { terms: [], value: null };
  const op = result.algo === 'flawed-memo' ? 'from' : 'max';
  return (
    <div class="dp-recurrence" data-testid="dp-recurrence">
      <p class="dp-recurrence__rule">
        <code>{recurrence(result)}</code>
      </p>
      {cell >= 0 && (
        <p class="dp-recurrence__now" data-testid="dp-formula" data-cell={cellName(result, cell)} data-value={value === null ? '' : valueText(result, value)}>
          <code>
            {cellName(result, cell)}
            {terms.length > 0 ? ` = ${op}(` : ''}
            {terms.map((t, k) => (
              <>
                {k > 0 && ', '}
                <span class={t.won ? 'dp-term dp-term--won' : 'dp-term'} data-testid="dp-term">
                  {t.label}: {t.expr}
                  {t.expr !== String(t.value) && !/W|L|true|false|by /.test(t.expr) ? ` = ${t.value}` : ''}
                </span>
              </>
            ))}
            {terms.length > 0 ? ')' : ''}
            {value === null ? (terms.length ? ' …' : ' = ?') : ` = ${valueText(result, value)}`}
          </code>
        </p>
      )}
      {/* The line keeps its room when no cell is in focus, so that hovering a cell never moves the table under the pointer. */}
      {cell < 0 && (
        <p class="dp-recurrence__now dp-recurrence__now--idle">
          <code>Hover or click a cell: its terms, with numbers.</code>
        </p>
      )}
    </div>
  );
}
