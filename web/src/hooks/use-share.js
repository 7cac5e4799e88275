// use-share.js: tells the shell (pillars.js onShare) the parameters that
// reproduce what a pillar shows: its own (from base()) plus the player's
// step and selected state. Quiet while the clock plays, so a running trace
// does not rewrite the URL sixty times a second; the pause shares.
// A layout effect: the shell knows the parameters in the same task as the
// render that shows them, so a Share or an export opened on the next key or
// click links what is on screen (a plain effect waits for the next frame).
import { useLayoutEffect } from 'preact/hooks';

export function useShare(onShare, store, base, deps) {
  const cursor = store.cursor.value;
  const selected = store.selected.value;
  const playing = store.playing.value;
  useLayoutEffect(() => {
    if (!onShare || playing) return;
    const params = base();
    if (!params) return;
    onShare({ ...params, step: String(cursor), sel: String(selected) }, { store });
  }, [...deps, cursor, selected, playing]);
}
