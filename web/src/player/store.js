// store.js: the player's state as a few named signals, and the clock that
// plays it. Views read these signals; nothing is copied into components.
//
//   model     the trace's picture (retro-model.js, dfs-model.js, final-model.js),
//             carrying the result it was built from as model.result
//   cursor    events applied (0 .. count); bumped on every move
//   playing   the clock runs
//   speed     events per second, 1 .. 100,000
//   selected  the state shown on the board, in the neighbourhood and in "why"
//
// Invariant: cursor and selected always belong to model. load() replaces the
// three in one batch, so no view ever sees a new model with the old one's
// cursor or selected state (a state of a 2000-node graph drawn on a 4-node
// one put the board's tokens at NaN). Views take the result they draw from
// model.result, never from the solver, whose newer result the store may not
// hold yet.
//
// Playing applies speed * dt events per animation frame, at most
// FRAME_BUDGET_MS of work per frame (checked every CHUNK events), so the page
// keeps drawing at any speed.
import { batch, signal } from '@preact/signals';
import { createPlayer } from './player.js';

export const MIN_SPEED = 1;
export const MAX_SPEED = 100_000;
const FRAME_BUDGET_MS = 6;
const CHUNK = 2048;

/** Slider position (0..1) to events per second, on a log scale, and back. */
export const speedFromSlider = (t) => Math.round(MIN_SPEED * (MAX_SPEED / MIN_SPEED) ** Math.max(0, Math.min(1, t)));
export const sliderFromSpeed = (v) => Math.log(Math.max(MIN_SPEED, Math.min(MAX_SPEED, v)) / MIN_SPEED) / Math.log(MAX_SPEED / MIN_SPEED);

export function createPlayerStore({
  raf = (f) => globalThis.requestAnimationFrame(f),
  cancelRaf = (id) => globalThis.cancelAnimationFrame(id),
  now = () => globalThis.performance.now(),
} = {}) {
  const model = signal(null);
  const cursor = signal(0);
  const playing = signal(false);
  const speed = signal(20);
  const selected = signal(-1);
  /** Measured: ms of work in the last played frame, and events it applied. */
  const frameStats = signal({ ms: 0, events: 0 });

  let player = null;
  let loop = null; // { from, to }: playing wraps from `to` back to `from`
  let frame = 0;
  let last = 0;
  let owed = 0; // fractional events carried to the next frame

  const sync = () => {
    cursor.value = player ? player.cursor : 0;
  };

  function stop() {
    if (frame) cancelRaf(frame);
    frame = 0;
    playing.value = false;
  }

  function tick(t) {
    frame = 0;
    if (!player || !playing.value) return;
    // A frame's time is when the frame began, which may be before play() ran: the clock never goes back,
    // so playing is never faster than the speed.
    const dt = Math.min(250, Math.max(0, t - last));
    last = Math.max(last, t);
    owed += (speed.value * dt) / 1000;
    let due = Math.floor(owed);
    owed -= due;
    const t0 = now();
    let applied = 0;
    while (due > 0) {
      const step = player.advance(Math.min(due, CHUNK));
      if (step === 0) break;
      applied += step;
      due -= step;
      if (now() - t0 > FRAME_BUDGET_MS) {
        owed = 0; // fall behind rather than freeze
        break;
      }
    }
    if (loop && player.cursor >= Math.min(loop.to, player.count)) player.seek(Math.min(loop.from, player.count));
    if (applied) {
      frameStats.value = { ms: now() - t0, events: applied };
      sync();
    }
    if (player.atEnd() && !loop) stop();
    else frame = raf(tick);
  }

  const store = {
    model,
    cursor,
    playing,
    speed,
    selected,
    frameStats,
    get player() {
      return player;
    },

    /**
     * A new trace's model; the cursor starts at `at` ('end' or 'start') and
     * the selection at `select` (a state or node of `next`, or -1), together.
     */
    load(next, { at = 'end', select = -1 } = {}) {
      stop();
      player = next ? createPlayer(next) : null;
      if (player && at === 'end') player.toEnd();
      batch(() => {
        model.value = next;
        selected.value = next ? select : -1;
        sync();
      });
    },

    play() {
      if (!player || player.count === 0) return;
      if (loop && (player.cursor < loop.from || player.cursor >= Math.min(loop.to, player.count))) player.seek(Math.min(loop.from, player.count));
      else if (player.atEnd()) player.toStart();
      sync();
      playing.value = true;
      owed = 0;
      last = now();
      if (!frame) frame = raf(tick);
    },
    pause: stop,
    toggle() {
      if (playing.value) stop();
      else store.play();
    },
    /** Plays [from, to) over and over (an embed's `loop`); null plays to the end once. */
    setLoop(range) {
      loop = range && range.to > range.from ? { from: range.from, to: range.to } : null;
    },
    setSpeed(v) {
      speed.value = Math.max(MIN_SPEED, Math.min(MAX_SPEED, Math.round(v)));
    },

    /** Moves through the player, pausing the clock. */
    move(fn) {
      if (!player) return;
      stop();
      fn(player);
      sync();
    },
    step: (d) => store.move((p) => (d > 0 ? p.forward() : p.back())),
    stepDecision: (d) => store.move((p) => (d > 0 ? p.nextMarker() : p.prevMarker())),
    seek: (k) => store.move((p) => p.seek(k)),
    toStart: () => store.move((p) => p.toStart()),
    toEnd: () => store.move((p) => p.toEnd()),
    /** To the event deciding state s (and selects it); false if nothing decides it. */
    toDecision(s) {
      let ok = false;
      store.move((p) => {
        ok = p.toDecision(s);
      });
      selected.value = s;
      return ok;
    },
    select(s) {
      selected.value = s;
    },
  };
  return store;
}
