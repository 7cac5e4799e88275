// connect4-share.test.mjs: an analysis's columns shared between two solvers
// (web/src/engine/connect4-share.js), each its own real WASM instance, the
// two sides joined by a MessageChannel as the solver worker and its helper
// worker are in the page (here in one thread: the sides take turns at each
// column, as the protocol allows): every column's score equals the serial
// analysis's and the CLI's, the helper takes columns from its end, no
// column but the one where the two ends meet is searched twice, and a
// helper that fails hands every column back.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { bindConnect4, summary } from '../../web/src/engine/binding-connect4.js';
import { serveColumns, shareColumns } from '../../web/src/engine/connect4-share.js';
import { readMoves } from '../../web/src/lib/connect4.js';
import { freshEngine } from './helpers/engine.mjs';
import { rng } from './helpers/random-play.mjs';

const CLI = fileURLToPath(new URL('../../build/perfect-play', import.meta.url));
const W = 6;
const H = 5;

const mine = bindConnect4((await freshEngine()).kit);
const theirs = bindConnect4((await freshEngine()).kit);

function cli(moves) {
  return JSON.parse(execFileSync(CLI, ['solve', 'connect-four', '--json', '--size', `${W}x${H}`, moves], { encoding: 'utf8' })).columns;
}

/** Open positions of `stones` random moves. */
function positions(seed, stones, count) {
  const rand = rng(seed);
  const out = [];
  while (out.length < count) {
    let moves = '';
    while (moves.length < stones) {
      const free = [...Array(W)].map((_, c) => c + 1).filter((c) => readMoves(moves + c, W, H).error === undefined);
      moves += String(free[Math.floor(rand() * free.length)]);
      const r = readMoves(moves, W, H);
      if (r.four || r.full) break;
    }
    const r = readMoves(moves, W, H);
    if (moves.length === stones && !r.four && !r.full) out.push(moves);
  }
  return out;
}

/** A helper on one end of a channel; the other end for shareColumns, and what the helper said. */
function withHelper(bind) {
  const { port1, port2 } = new MessageChannel();
  const said = [];
  const post = port2.postMessage.bind(port2);
  port2.postMessage = (m) => {
    said.push(m);
    post(m);
  };
  serveColumns(port2, bind);
  return { port: port1, said, close: () => (port1.close(), port2.close()) };
}

async function shared(moves, port, options = {}) {
  const part = mine.analyse(W, H, moves, { ...options, searchLeft: false });
  const scores = part.columns.slice();
  const arrived = [];
  const searched = []; // the columns this side searched
  const counting = { ...mine, scoreColumn: (...args) => (searched.push(args[3]), mine.scoreColumn(...args)) };
  const { nodes } = await shareColumns(counting, port, { w: W, h: H, moves, order: part.left, options }, (col, score) => {
    assert.equal(scores[col], null, `column ${col + 1} scored twice`);
    scores[col] = score;
    arrived.push(col);
  });
  return { ...summary(scores), left: part.left, arrived, searched, nodes };
}

test('shared columns score as the serial analysis and the CLI; the helper searches from the edges', async () => {
  const helper = withHelper(async () => theirs);
  let helped = 0;
  try {
    for (const moves of positions(5, 8, 6)) {
      const whole = mine.analyse(W, H, moves);
      const got = await shared(moves, helper.port);
      assert.deepEqual(got.columns, whole.columns, moves);
      assert.deepEqual(got.columns, cli(moves), moves);
      assert.deepEqual(got.best, whole.best, moves);
      assert.deepEqual([...got.arrived].sort(), [...got.left].sort(), `${moves}: every column left arrives once`);
      const byHelper = helper.said.filter((m) => m.type === 'score').map((m) => m.col);
      helper.said.length = 0;
      // each side searches from its end of the order; only where they meet
      // may both take the same column (their 'taken' messages crossing)
      const both = got.searched.filter((c) => byHelper.includes(c));
      assert.deepEqual([...new Set([...got.searched, ...byHelper])].sort(), [...got.left].sort(), moves);
      assert.ok(both.length <= 1, `${moves}: searched here ${got.searched}, by the helper ${byHelper}`);
      // the helper takes from the end of the order (the edges), never the most central column first
      if (byHelper.length) assert.notEqual(byHelper[0], got.left[0], moves);
      helped += byHelper.length > 0;
    }
  } finally {
    helper.close();
  }
  assert.ok(helped >= 3, `the helper scored columns in ${helped} positions`);
});

test('with the position score as a bound the shared columns are the same', async () => {
  const helper = withHelper(async () => theirs);
  try {
    for (const moves of positions(8, 10, 4)) {
      const whole = mine.analyse(W, H, moves);
      const got = await shared(moves, helper.port, { atMost: whole.score });
      assert.deepEqual(got.columns, whole.columns, moves);
    }
  } finally {
    helper.close();
  }
});

test('a helper that cannot start hands its columns back: the solver worker scores them all', async () => {
  const helper = withHelper(async () => {
    throw new Error('no WASM here');
  });
  try {
    const [moves] = positions(11, 8, 1);
    const got = await shared(moves, helper.port);
    assert.deepEqual(got.columns, cli(moves));
    assert.ok(helper.said.some((m) => m.type === 'error' && /no WASM here/.test(m.message)));
    assert.equal(helper.said.filter((m) => m.type === 'score').length, 0);
  } finally {
    helper.close();
  }
});
