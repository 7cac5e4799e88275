// The big state graph's pure parts: the rows as a spatial index (nodeAt,
// ranksIn) against a scan of every node, the points' colours kept up to date
// event by event against a full re-read at every cursor, and zoom levels
// below the usual smallest.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bfsDepth, layersOf, layoutStateGraph, nodeAt, ranksIn } from '../../web/src/lib/state-graph.js';
import { createPointColors, lookCode, rgbaOf } from '../../web/src/lib/draw-points.js';
import { createGraphRetroModel } from '../../web/src/player/retro-model.js';
import { createLayerModel } from '../../web/src/player/layer-model.js';
import { createPlayer } from '../../web/src/player/player.js';
import { zoomStep, clampZoom, ZOOM_MIN } from '../../web/src/lib/zoom.js';
import { syntheticGame } from '../bench/synthetic-graph.js';

function graphOf(g) {
  const state = new Int32Array(g.count);
  for (let i = 0; i < g.count; i++) state[i] = i;
  return { count: g.count, state, node: (s) => (s >= 0 && s < g.count ? s : -1), offsets: g.offsets, targets: g.targets, start: g.start };
}
const degrees = (g) => Int32Array.from({ length: g.count }, (_, s) => g.offsets[s + 1] - g.offsets[s]);

/** The nearest node within reach by looking at every node (the reference for nodeAt). */
function scan(lay, px, py, reach) {
  let best = -1;
  let bestD = reach * reach;
  for (let v = 0; v < lay.x.length; v++) {
    const d = (lay.x[v] - px) ** 2 + (lay.y[v] - py) ** 2;
    if (d < bestD || (d === bestD && best >= 0 && v < best) || (d === bestD && best < 0)) {
      bestD = d;
      best = v;
    }
  }
  return best;
}

test('nodeAt by rows finds what a scan of every node finds, at any reach', () => {
  const g = syntheticGame(20_000, { layers: 12, seed: 7 });
  const sg = graphOf(g);
  const lay = layoutStateGraph(sg, layersOf(sg, 'depth', { depth: bfsDepth(sg) }));
  let state = 12345;
  const rnd = () => (state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32;
  for (const reach of [lay.gap / 2, lay.gap * 3, 200]) {
    for (let i = 0; i < 300; i++) {
      const px = rnd() * lay.width;
      const py = rnd() * lay.height;
      const want = scan(lay, px, py, reach);
      const got = nodeAt(lay, px, py, reach);
      if (want < 0) assert.equal(got, -1);
      else assert.equal((lay.x[got] - px) ** 2 + (lay.y[got] - py) ** 2, (lay.x[want] - px) ** 2 + (lay.y[want] - py) ** 2, `at ${px}, ${py}`);
    }
  }
  for (let v = 0; v < sg.count; v += 101) assert.equal(nodeAt(lay, lay.x[v], lay.y[v]), v);
});

test('ranksIn: the rows crossing a band are one slice of the reading order', () => {
  const g = syntheticGame(5000, { layers: 8, seed: 3 });
  const sg = graphOf(g);
  const lay = layoutStateGraph(sg, layersOf(sg, 'depth', { depth: bfsDepth(sg) }));
  const y0 = lay.height * 0.3;
  const y1 = lay.height * 0.6;
  const { from, to } = ranksIn(lay, y0, y1);
  for (let i = 0; i < lay.order.length; i++) {
    const inside = lay.y[lay.order[i]] >= y0 && lay.y[lay.order[i]] <= y1;
    assert.equal(inside, i >= from && i < to, `rank ${i}`);
  }
  assert.deepEqual(ranksIn(lay, -100, -50), { from: 0, to: 0 });
});

/** Every point's code read afresh from the model (the reference for sync). */
function fresh(sg, lay, model, zeroIsDraw) {
  const codes = new Uint8Array(sg.count);
  for (let v = 0; v < sg.count; v++) {
    const s = sg.state[v];
    codes[lay.rank[v]] = lookCode(model.values[s], zeroIsDraw) | (sg.offsets[v + 1] === sg.offsets[v] ? 8 : 0) | (model.inQueue?.(s) ? 16 : 0);
  }
  return codes;
}

test('point colours follow the retrograde trace event by event, forward, back and by jumps, and re-read only what events touch', () => {
  const g = syntheticGame(3000, { layers: 10, seed: 5 });
  const sg = graphOf(g);
  const lay = layoutStateGraph(sg, layersOf(sg, 'depth', { depth: bfsDepth(sg) }));
  const model = createGraphRetroModel({ nstates: g.count, degree: degrees(g), nameOf: String, words: {} }, g.trace);
  const player = createPlayer(model);
  const colors = createPointColors(sg, lay);
  const zero = (c) => c === model.count;
  assert.equal(colors.sync(model, 0, false).read, sg.count, 'the first sync reads every point');
  let state = 99;
  const rnd = () => (state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32;
  for (let k = 0; k < 400; k++) {
    const before = player.cursor;
    const to = k % 3 === 0 ? Math.floor(rnd() * (model.count + 1)) : Math.max(0, Math.min(model.count, before + Math.floor(rnd() * 60) - 20));
    player.seek(to);
    const old = colors.codes.slice();
    const { read, from, to: end } = colors.sync(model, player.cursor, zero(player.cursor));
    const want = fresh(sg, lay, model, zero(player.cursor));
    assert.deepEqual(colors.codes, want, `cursor ${before} -> ${player.cursor}`);
    for (let r = 0; r < sg.count; r++) if (r < from || r >= end) assert.equal(colors.codes[r], old[r], 'nothing changes outside the range sent');
    if (Math.abs(player.cursor - before) <= 60 && zero(before) === zero(player.cursor))
      assert.ok(read <= 2 * Math.abs(player.cursor - before), 'a short move re-reads only the states its events touch');
  }
  // A state in the queue is marked: some cursor has a frontier, and it matches head .. tail.
  player.seek(Math.floor(model.count / 2));
  colors.sync(model, player.cursor, false);
  let queued = 0;
  for (let r = 0; r < sg.count; r++) if (colors.codes[r] & 16) queued++;
  assert.equal(queued, model.tail - model.head);
  assert.ok(queued > 0);
});

test('point colours follow a layer model layer by layer', () => {
  const g = syntheticGame(2000, { layers: 9, seed: 11 });
  const sg = graphOf(g);
  const lay = layoutStateGraph(sg, layersOf(sg, 'depth', { depth: bfsDepth(sg) }));
  const model = createLayerModel({ nstates: g.count, outcomes: g.outcome, remoteness: g.remoteness, words: {} });
  const player = createPlayer(model);
  const colors = createPointColors(sg, lay);
  for (const to of [model.count, 0, 1, 2, 5, 3, model.count - 1, model.count]) {
    player.seek(to);
    const zeroIsDraw = player.cursor === model.count;
    colors.sync(model, player.cursor, zeroIsDraw);
    assert.deepEqual(colors.codes, fresh(sg, lay, model, zeroIsDraw), `layer cursor ${to}`);
  }
});

test('lookCode and rgbaOf: the looks and the palette as the renderer reads them', () => {
  assert.deepEqual(
    [0, 1, 2, 3, 0xff, 7].map((v) => lookCode(v, false)),
    [0, 1, 2, 3, 0, 3],
  );
  assert.equal(lookCode(0, true), 4);
  assert.deepEqual(rgbaOf('#1f56c4'), [31, 86, 196, 255]);
  assert.deepEqual(rgbaOf('#abc'), [170, 187, 204, 255]);
  assert.deepEqual(rgbaOf('rgba(1, 2, 3, 0.5)'), [1, 2, 3, 128]);
});

test('zoom below the usual smallest for a drawing far wider than its box: halving steps down to its own minimum', () => {
  assert.equal(clampZoom(0.01), ZOOM_MIN);
  assert.equal(clampZoom(0.01, 0.02), 0.02);
  assert.equal(zoomStep(0.25, -1, 0.05), 0.125);
  assert.equal(zoomStep(0.125, -1, 0.05), 0.0625);
  assert.equal(zoomStep(0.0625, -1, 0.05), 0.05);
  assert.equal(zoomStep(0.05, 1, 0.05), 0.0625);
  assert.equal(zoomStep(0.25, -1), ZOOM_MIN, 'the usual minimum stays');
});
