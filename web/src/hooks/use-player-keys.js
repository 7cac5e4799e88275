// use-player-keys.js: the player's keyboard, anywhere on the page except
// where a key already means something (text boxes, sliders, buttons for
// Space, a grid or the board that handled it).
//   Space play/pause · Left/Right one event · Shift+Left/Right one decision · Home/End
import { useEffect } from 'preact/hooks';

function ownsKey(target, key) {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable="true"]')) return true;
  if (key === ' ' && target.closest('button, a, summary, [role="button"]')) return true;
  return false;
}

/** The keys for `store`'s player, or none while it is null (a view that shows another player). */
export function usePlayerKeys(store) {
  useEffect(() => {
    if (!store) return undefined;
    const onKey = (event) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (ownsKey(event.target, event.key)) return;
      let handled = true;
      switch (event.key) {
        case ' ':
          store.toggle();
          break;
        case 'ArrowRight':
          if (event.shiftKey) store.stepDecision(1);
          else store.step(1);
          break;
        case 'ArrowLeft':
          if (event.shiftKey) store.stepDecision(-1);
          else store.step(-1);
          break;
        case 'Home':
          store.toStart();
          break;
        case 'End':
          store.toEnd();
          break;
        default:
          handled = false;
      }
      if (handled) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}
