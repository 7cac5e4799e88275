// The host-page protocol (lib/remote.js) and captions (lib/captions.js):
// every message is data; only well-formed commands come out, the rest is null.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { captionAt, captionsParam, parseCaptions } from '../../web/src/lib/captions.js';
import { applyCommand, parseCommand } from '../../web/src/lib/remote.js';
import { createPlayerStore } from '../../web/src/player/store.js';

const C = 'perfect-play:command';

test('well-formed commands are read into fresh plain objects', () => {
  assert.deepEqual(parseCommand({ type: C, action: 'goto', step: 40 }), { action: 'goto', step: 40 });
  assert.deepEqual(parseCommand({ type: C, action: 'goto', moment: 'first-cutoff' }), { action: 'goto', moment: 'first-cutoff' });
  assert.deepEqual(parseCommand({ type: C, action: 'goto', moment: 'decision', state: 7 }), { action: 'goto', moment: 'decision', state: 7 });
  assert.deepEqual(parseCommand({ type: C, action: 'speed', speed: 2.5 }), { action: 'speed', speed: 2.5 });
  assert.deepEqual(parseCommand({ type: C, action: 'select', cell: 3 }), { action: 'select', at: 3 });
  assert.deepEqual(parseCommand({ type: C, action: 'play', extra: 'ignored' }), { action: 'play' });
});

test('anything else is null, and nothing throws', () => {
  const hostile = { type: C, action: 'goto' };
  Object.defineProperty(hostile, 'step', {
    get() {
      throw new Error('boom');
    },
    enumerable: true,
  });
  const inherited = Object.create({ type: C, action: 'play' });
  for (const [i, bad] of [
    null,
    undefined,
    1,
    'goto',
    [C, 'goto'],
    {},
    { type: C },
    { type: 'x', action: 'play' },
    inherited,
    hostile,
    { type: C, action: 'goto', step: '3' },
    { type: C, action: 'goto', step: -1 },
    { type: C, action: 'goto', step: 0.5 },
    { type: C, action: 'goto', step: 2 ** 40 },
    { type: C, action: 'goto', moment: 'decision' },
    { type: C, action: 'goto', moment: 'toString' },
    { type: C, action: 'speed', speed: 0 },
    { type: C, action: 'speed', speed: NaN },
    { type: C, action: 'select', state: -1 },
    { type: C, action: 'hasOwnProperty' },
    { type: C, action: '__proto__' },
    { type: C, action: 'captions', captions: {} },
  ].entries()) {
    assert.equal(parseCommand(bad), null, `case ${i}`);
  }
});

test('commands move a real player store; a command needing a trace waits for one', () => {
  const store = createPlayerStore({ raf: () => 1, cancelRaf: () => {}, now: () => 0 });
  assert.equal(applyCommand(store, { action: 'goto', step: 3 }), false);
  const markers = Int32Array.from([4, 8]);
  store.load({ count: 10, markers, decidedAt: (s) => (s === 2 ? 6 : -1), cutsUpTo: new Int32Array(11), apply() {}, unapply() {} }, { at: 'start' });
  assert.equal(applyCommand(store, { action: 'goto', step: 3 }), true);
  assert.equal(store.cursor.value, 3);
  applyCommand(store, { action: 'goto', step: 99 });
  assert.equal(store.cursor.value, 10, 'clamped to the end');
  applyCommand(store, { action: 'goto', moment: 'first-cutoff' });
  assert.equal(store.cursor.value, 5, 'the first marker made current');
  const picked = [];
  assert.equal(applyCommand(store, { action: 'goto', moment: 'decision', state: 2 }, { select: (s) => picked.push(s) }), true);
  assert.equal(store.cursor.value, 7);
  assert.deepEqual(picked, [2]);
  assert.equal(applyCommand(store, { action: 'goto', moment: 'decision', state: 5 }), false);
  assert.equal(store.cursor.value, 7, 'an undecided state moves nothing');
  // A game tree: the host names drawn nodes; the model decides visits (at: visit -> node).
  const tree = { count: 10, markers, layout: {}, at: Int32Array.from([0, 1, 4]), decidedAt: (v) => (v === 2 ? 8 : -1), apply() {}, unapply() {} };
  store.load(tree, { at: 'start' });
  assert.equal(applyCommand(store, { action: 'goto', moment: 'decision', state: 4 }, { select: (s) => picked.push(s) }), true);
  assert.equal(store.cursor.value, 9);
  assert.deepEqual(picked, [2, 4]);
  assert.equal(applyCommand(store, { action: 'goto', moment: 'decision', state: 2 }), false, 'node 2 is never visited');
  applyCommand(store, { action: 'speed', speed: 7 });
  assert.equal(store.speed.value, 7);
  applyCommand(store, { action: 'play' });
  assert.equal(store.playing.value, true);
  applyCommand(store, { action: 'pause' });
  assert.equal(store.playing.value, false);
});

test('captions: ranges of steps, plain text, bad entries left out with a sentence', () => {
  const { captions, error } = parseCaptions('[[0,4,"Start"],[5,9,"  Cut\\n off "],[3,1,"backwards"],[2,"x","bad"],[7,7,"<b>late</b>"]]');
  assert.deepEqual(captions, [
    { from: 0, to: 4, text: 'Start' },
    { from: 5, to: 9, text: 'Cut off' },
    { from: 7, to: 7, text: '<b>late</b>' },
  ]);
  assert.match(error, /^2 captions are not/);
  assert.equal(captionAt(captions, 4), 'Start');
  assert.equal(captionAt(captions, 7), '<b>late</b>', 'the later caption wins; it stays text');
  assert.equal(captionAt(captions, 10), '');
  assert.deepEqual(parseCaptions(captionsParam(captions)).captions, captions);
  assert.match(parseCaptions('[[0,').error, /not valid JSON/);
  assert.deepEqual(parseCaptions(undefined), { captions: [], error: null });
});
