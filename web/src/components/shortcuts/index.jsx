import { useEffect, useRef } from 'preact/hooks';
import './shortcuts.css';

export const SHORTCUTS = [
  ['Space', 'play or pause'],
  ['→ / ←', 'one step forward / back'],
  ['Shift + → / ←', 'to the next / previous decision (a state decided, a cut-off, a cell filled)'],
  ['Home / End', 'to the start / the end'],
  ['Swipe ← / → on the player', 'touch: one step forward / back (a long swipe: a decision)'],
  ['+ / − / 0 / f', 'in a focused drawing (the board, the search tree, the DP table): zoom in / out / actual size / fit the width'],
  ['Ctrl + wheel, or pinch', 'zoom a drawing around the pointer or the fingers; drag or scroll to pan'],
  ['?', 'this list'],
  ['Esc', 'close a dialog'],
];

/** The "?" button and overlay listing the keyboard shortcuts; "?" opens it anywhere. */
export function ShortcutsHelp() {
  const dialog = useRef(null);
  useEffect(() => {
    const onKey = (event) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.target instanceof Element && event.target.closest('input, textarea, select, [contenteditable="true"]')) return;
      event.preventDefault();
      if (!dialog.current?.open) dialog.current?.showModal?.();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <button
        type="button"
        class="shortcuts__open"
        aria-label="Keyboard shortcuts"
        title="Keyboard shortcuts (?)"
        data-testid="shortcuts-open"
        onClick={() => dialog.current?.showModal?.()}
      >
        ?
      </button>
      <dialog ref={dialog} class="shortcuts" aria-labelledby="shortcuts-title" data-testid="shortcuts">
        <h2 id="shortcuts-title" class="shortcuts__title">
          Keyboard shortcuts
        </h2>
        <dl class="shortcuts__list">
          {SHORTCUTS.map(([keys, what]) => (
            <>
              <dt>
                <kbd>{keys}</kbd>
              </dt>
              <dd>{what}</dd>
            </>
          ))}
        </dl>
        <p class="shortcuts__note">Every control is also reachable with Tab; the keys above work anywhere outside a text box.</p>
        <button type="button" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </dialog>
    </>
  );
}
