// remote.js: the protocol by which a host page drives an embedded player
// (authors.html "Driving a player"). No
// Preact, no DOM, so node --test runs it.
//
//   host -> player   { type: "perfect-play:command", action, ... }
//     goto       step: integer            the cursor to that step (clamped)
//                moment: "start" | "end" | "next" | "prev" | "first-cutoff"
//                        | "decision" (with state: integer)
//     play, pause
//     speed      speed: number            events per second, 1 .. 100,000
//     select     state | node | cell: integer
//     captions   captions: [[from, to, text], ...]   (captions.js)
//     subscribe, unsubscribe              step messages on / off
//   player -> host   { type: "perfect-play:ready", id, total }      (model loaded)
//                    { type: "perfect-play:step", id, step, total, playing, text }
//
// A message is untrusted data: parseCommand returns a fresh plain object
// with checked fields, or null for anything else. It never throws.

export const COMMAND = 'perfect-play:command';
export const STEP = 'perfect-play:step';
export const READY = 'perfect-play:ready';

const MOMENTS = ['start', 'end', 'next', 'prev', 'first-cutoff', 'decision'];
const MAX_INDEX = 2 ** 31 - 1;

const own = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key);
const index = (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_INDEX ? v : null);

/** The command in `data`, checked, or null if it is not a valid one. */
export function parseCommand(data) {
  try {
    if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
    if (!own(data, 'type') || data.type !== COMMAND || !own(data, 'action')) return null;
    const action = data.action;
    switch (action) {
      case 'play':
      case 'pause':
      case 'subscribe':
      case 'unsubscribe':
        return { action };
      case 'goto': {
        if (own(data, 'step')) {
          const step = index(data.step);
          return step === null ? null : { action, step };
        }
        if (!own(data, 'moment') || !MOMENTS.includes(data.moment)) return null;
        if (data.moment !== 'decision') return { action, moment: data.moment };
        const state = own(data, 'state') ? index(data.state) : null;
        return state === null ? null : { action, moment: 'decision', state };
      }
      case 'speed': {
        const v = data.speed;
        if (typeof v !== 'number' || !Number.isFinite(v) || v < 1 || v > 100_000) return null;
        return { action, speed: v };
      }
      case 'select': {
        const key = ['state', 'node', 'cell'].find((k) => own(data, k));
        const at = key ? index(data[key]) : null;
        return at === null ? null : { action, at };
      }
      case 'captions':
        return own(data, 'captions') && Array.isArray(data.captions) ? { action, captions: data.captions } : null;
      default:
        return null;
    }
  } catch {
    return null; // a hostile object (it cannot be one after postMessage, but a caller may pass anything)
  }
}

/**
 * Applies a checked command to a player store (store.js). `select(i)` selects
 * a state, node or cell if it exists (false otherwise); `setCaptions(list)`;
 * `setEvents(on)`. Returns false when the command could not apply (no model
 * yet, no such moment in this trace): nothing changed then.
 */
export function applyCommand(store, cmd, { select = () => false, setCaptions = () => {}, setEvents = () => {} } = {}) {
  const player = store.player;
  switch (cmd.action) {
    case 'subscribe':
    case 'unsubscribe':
      setEvents(cmd.action === 'subscribe');
      return true;
    case 'captions':
      setCaptions(cmd.captions);
      return true;
    case 'speed':
      store.setSpeed(cmd.speed);
      return true;
    default:
      break;
  }
  if (!player) return false;
  switch (cmd.action) {
    case 'play':
      store.play();
      return true;
    case 'pause':
      store.pause();
      return true;
    case 'select':
      return select(cmd.at);
    case 'goto':
      return goTo(store, player, cmd, select);
    default:
      return false;
  }
}

function goTo(store, player, cmd, select) {
  if (cmd.step !== undefined) {
    store.seek(cmd.step);
    return true;
  }
  const model = player.model;
  const markers = model.markers ?? [];
  switch (cmd.moment) {
    case 'start':
      store.toStart();
      return true;
    case 'end':
      store.toEnd();
      return true;
    case 'next':
    case 'prev':
      store.stepDecision(cmd.moment === 'next' ? 1 : -1);
      return true;
    case 'first-cutoff': // the game trees' markers are their cut-offs
      if (!model.cutsUpTo || markers.length === 0) return false;
      store.seek(markers[0] + 1);
      return true;
    case 'decision': {
      // A game tree's decidedAt takes a visit; the host names the drawn node, as select does.
      let of = cmd.state;
      if (model.at && model.layout) of = model.at.indexOf(cmd.state);
      const i = of >= 0 && typeof model.decidedAt === 'function' ? model.decidedAt(of) : -1;
      if (!Number.isInteger(i) || i < 0 || i >= player.count) return false;
      store.seek(i + 1);
      select(cmd.state);
      return true;
    }
    default:
      return false;
  }
}
