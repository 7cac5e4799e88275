// player.js: a cursor over a model's events. No Preact here.
//
// cursor = the number of events applied (0 .. count); the current event,
// the one the views highlight, is cursor - 1. Moving the cursor by d events
// applies or undoes d events: O(d), whichever the direction, never a replay.
// A model is { count, markers, decidedAt(s), apply(i), unapply(i) }
// (retro-model.js, dfs-model.js), and optionally `madeAt`: the cursor its
// picture is at when made (layer-model.js starts at its end), else 0.
import { lowerBound } from './events.js';

export function createPlayer(model) {
  let cursor = model.madeAt ?? 0;
  const { count, markers } = model;

  const player = {
    model,
    count,
    get cursor() {
      return cursor;
    },
    /** The current event (the last applied), or -1 at the start. */
    get current() {
      return cursor - 1;
    },
    atEnd: () => cursor === count,

    forward() {
      if (cursor >= count) return false;
      model.apply(cursor++);
      return true;
    },
    back() {
      if (cursor <= 0) return false;
      model.unapply(--cursor);
      return true;
    },
    /** Moves to cursor k (clamped); returns the number of events applied or undone. */
    seek(k) {
      const target = Math.max(0, Math.min(count, Math.trunc(k) || 0));
      const moved = Math.abs(target - cursor);
      while (cursor < target) model.apply(cursor++);
      while (cursor > target) model.unapply(--cursor);
      return moved;
    },
    /** Forward up to `limit` events; returns how many were applied. */
    advance(limit) {
      const target = Math.min(count, cursor + Math.max(0, Math.floor(limit)));
      const moved = target - cursor;
      while (cursor < target) model.apply(cursor++);
      return moved;
    },
    toStart: () => player.seek(0),
    toEnd: () => player.seek(count),

    /** On to the next decision (a marker event), made current. */
    nextMarker() {
      const j = lowerBound(markers, cursor); // first marker not yet applied
      return player.seek(j < markers.length ? markers[j] + 1 : count);
    },
    /** Back to the previous decision, made current (or to the start). */
    prevMarker() {
      const j = lowerBound(markers, cursor - 1) - 1; // last marker before the current event
      return player.seek(j >= 0 ? markers[j] + 1 : 0);
    },
    /** To the event that decides state s, made current; false if none does. */
    toDecision(s) {
      const i = model.decidedAt(s);
      if (i < 0) return false;
      player.seek(i + 1);
      return true;
    },
    /** How many markers are applied (decisions so far). */
    markersApplied: () => lowerBound(markers, cursor),
  };
  return player;
}
