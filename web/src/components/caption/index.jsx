import { captionAt } from '../../lib/captions.js';
import './caption.css';

/** The author's caption for the player's current step (lib/captions.js), as text; hidden when none covers it. */
export function Caption({ store, captions, place = 'embed' }) {
  const text = store && captions.length ? captionAt(captions, store.cursor.value) : '';
  return (
    <p class={`caption caption--${place}`} data-testid="caption" aria-live="polite" hidden={!text}>
      {text}
    </p>
  );
}
