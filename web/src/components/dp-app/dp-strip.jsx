import { stripLength } from '../../lib/dp-view.js';

/** Piles drawn one by one up to this many; beyond, a summary line. */
export const STRIP_LIMIT = 60;
const OWNER = ['alice', 'bob'];

/**
 * The piles (stones, numbers) as a strip: the ones a cell stands for are
 * highlighted; during the replay each taken pile shows who took it.
 *   highlight: Set of pile indices; owners: Map pile -> 0 | 1 | 'drop'
 */
export function DpStrip({ result, highlight, owners, label }) {
  const n = stripLength(result);
  if (n > STRIP_LIMIT) {
    return (
      <p class="dp-strip__summary" data-testid="dp-strip">
        {n.toLocaleString('en-US')} {result.a ? 'piles' : 'stones'}: too many to draw one by one.
        {highlight.size > 0 && ` The selected cell stands for ${highlight.size.toLocaleString('en-US')} of them.`}
      </p>
    );
  }
  const values = (k) => {
    if (result.a) return result.b ? `${result.a[k]}/${result.b[k]}` : String(result.a[k]);
    if (result.game === 'can-i-win') return String(k + 1);
    return '●';
  };
  return (
    <ol class="dp-strip" aria-label={label} data-testid="dp-strip">
      {Array.from({ length: n }, (_, k) => {
        const owner = owners?.get(k);
        const cls = [
          'dp-strip__pile',
          highlight.has(k) ? 'dp-strip__pile--on' : '',
          owner === 'drop' ? 'dp-strip__pile--dropped' : owner !== undefined ? `dp-strip__pile--${OWNER[owner]}` : '',
        ].join(' ');
        return (
          <li
            class={cls}
            data-testid="dp-pile"
            data-index={k}
            data-on={highlight.has(k) ? '1' : '0'}
            data-owner={owner === undefined ? '' : owner === 'drop' ? 'drop' : OWNER[owner]}
            title={`pile ${k}`}
          >
            <span class="dp-strip__index">{k}</span>
            <span class="dp-strip__value">{values(k)}</span>
          </li>
        );
      })}
    </ol>
  );
}
