// use-swipe.js: stepping by touch. A horizontal swipe on the element steps
// the player: right to left is forward, left to right back; a long swipe
// (over a third of the element's width) jumps to the next or previous
// decision. Mouse and pen drags are left alone (sliders and buttons keep
// theirs), and so are mostly vertical moves, which scroll the page.
import { useEffect } from 'preact/hooks';

const MIN_DX = 40; // px before a move counts as a swipe

export function useSwipe(ref, store) {
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    let start = null;
    const down = (e) => {
      if (e.pointerType !== 'touch' || (e.target instanceof Element && e.target.closest('input, select, textarea'))) return;
      start = { x: e.clientX, y: e.clientY, id: e.pointerId };
    };
    const up = (e) => {
      if (!start || e.pointerId !== start.id) return;
      const dx = e.clientX - start.x;
      const dy = e.clientY - start.y;
      start = null;
      if (Math.abs(dx) < MIN_DX || Math.abs(dx) < 2 * Math.abs(dy)) return;
      const long = Math.abs(dx) > el.clientWidth / 3;
      const d = dx < 0 ? 1 : -1;
      if (long) store.stepDecision(d);
      else store.step(d);
    };
    const cancel = () => {
      start = null;
    };
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', cancel);
    return () => {
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', cancel);
    };
  }, [ref.current, store]);
}
