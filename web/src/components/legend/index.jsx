import { OUTCOMES } from '../../lib/outcomes.js';
import './legend.css';

/** What each cell colour and glyph means. */
export function Legend() {
  return (
    <ul class="legend" aria-label="Legend">
      {OUTCOMES.map((o) => (
        <li key={o.key} class="legend__item">
          <span class={`legend__swatch legend__swatch--${o.key}`} aria-hidden="true">
            {o.key === 'invalid' ? '' : o.glyph}
          </span>
          {o.words}
        </li>
      ))}
      <li class="legend__item">
        <span class="legend__swatch legend__swatch--undecided" aria-hidden="true" />
        Undecided so far
      </li>
      <li class="legend__item">
        <span class="legend__swatch legend__swatch--start" aria-hidden="true" />
        Start (mouse 1, cat 2)
      </li>
      <li class="legend__item">
        <span class="legend__swatch legend__swatch--event" aria-hidden="true" />
        Current event
      </li>
      <li class="legend__item">
        <span class="legend__swatch legend__swatch--selected" aria-hidden="true" />
        Selected
      </li>
    </ul>
  );
}
