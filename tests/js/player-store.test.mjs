// The player's signals and clock, with a fake animation frame: playing
// applies speed x time events, bounded per frame, and stops at the end.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EXAMPLE_1, sharedEngine } from './helpers/engine.mjs';
import { createRetroModel } from '../../web/src/player/retro-model.js';
import { createPlayerStore, MAX_SPEED, sliderFromSpeed, speedFromSlider } from '../../web/src/player/store.js';

const engine = await sharedEngine();

function fakeClock() {
  let t = 0;
  let pending = null;
  return {
    raf: (f) => ((pending = f), 1),
    cancelRaf: () => (pending = null),
    now: () => t,
    /** One frame, `ms` after the last. */
    frame(ms = 16) {
      t += ms;
      const f = pending;
      pending = null;
      f?.(t);
    },
    get waiting() {
      return pending !== null;
    },
  };
}

test('speed slider: a log scale from 1 to 100,000 events per second', () => {
  assert.equal(speedFromSlider(0), 1);
  assert.equal(speedFromSlider(1), MAX_SPEED);
  assert.equal(speedFromSlider(0.5), 316);
  assert.ok(Math.abs(sliderFromSpeed(316) - 0.5) < 1e-3);
});

test('playing applies speed x elapsed time, stops at the end; steps pause it', () => {
  const r = engine.solveCatMouse(EXAMPLE_1, { traceCap: 100000 });
  const clock = fakeClock();
  const store = createPlayerStore(clock);
  store.load(createRetroModel(r, r.trace));
  assert.equal(store.cursor.value, 214, 'a result opens at its end');
  store.setSpeed(100);
  store.play(); // from the end: starts over
  assert.equal(store.cursor.value, 0);
  assert.equal(store.playing.value, true);
  clock.frame(100);
  assert.equal(store.cursor.value, 10, '100 events/s for 100 ms');
  clock.frame(15);
  clock.frame(15); // 1.5 + 1.5 events: the fraction carries over
  assert.equal(store.cursor.value, 13);
  store.step(-1);
  assert.equal(store.playing.value, false);
  assert.equal(store.cursor.value, 12);
  assert.equal(clock.waiting, false);
  store.setSpeed(MAX_SPEED);
  store.play();
  clock.frame(16);
  assert.equal(store.cursor.value, 214, 'at full speed the small trace ends in a frame');
  assert.equal(store.playing.value, false);
});

test('a frame that began before play() does not run the clock early: never faster than the speed', () => {
  const r = engine.solveCatMouse(EXAMPLE_1, { traceCap: 100000 });
  let t = 1000;
  let pending = null;
  const store = createPlayerStore({ raf: (f) => ((pending = f), 1), cancelRaf: () => {}, now: () => t });
  store.load(createRetroModel(r, r.trace), { at: 'start' });
  store.setSpeed(8);
  store.play(); // at 1000 ms
  pending(900); // the frame began 100 ms before play() ran
  assert.equal(store.cursor.value, 0);
  t = 1200;
  pending(1200); // 200 ms since play(): 1.6 events at 8/s, not the 2.4 counted from the frame's start
  assert.equal(store.cursor.value, 1);
  t = 1260;
  pending(1260); // 0.6 carried + 0.48
  assert.equal(store.cursor.value, 2);
});

test('a slow frame budget: a long trace never takes more than a bounded slice per frame', () => {
  const { text } = engine.completeCatMouse(40);
  const r = engine.solveCatMouse(text, { traceCap: 2_000_000 });
  let t = 0;
  let pending = null;
  // Each call to now() costs 1 ms of fake time: work is "slow".
  const store = createPlayerStore({ raf: (f) => ((pending = f), 1), cancelRaf: () => {}, now: () => (t += 1) });
  store.load(createRetroModel(r, r.trace), { at: 'start' });
  store.setSpeed(MAX_SPEED);
  store.play();
  t += 250;
  pending(t);
  const applied = store.cursor.value;
  assert.ok(applied > 0 && applied < r.trace.length / 4, `stopped early (${applied})`);
  assert.ok(store.frameStats.value.events === applied);
  assert.equal(store.playing.value, true, 'and goes on next frame');
});
