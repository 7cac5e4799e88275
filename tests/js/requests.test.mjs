// A view's requests under each policy (engine/requests.js), against the real
// client and a fake worker: newest wins drops every older answer, a link's
// request is a view's first, in order answers every request in turn, and
// cancel stops only the running one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSolverClient, isAbort } from '../../web/src/engine/client.js';
import { createRequests, IN_ORDER, NEWEST_WINS } from '../../web/src/engine/requests.js';

function fakeWorkers() {
  const workers = [];
  const createWorker = () => {
    const w = {
      posted: [],
      postMessage(message) {
        this.posted.push(message);
      },
      terminate() {},
      reply(data) {
        this.onmessage({ data });
      },
    };
    workers.push(w);
    return w;
  };
  /** The solve requests posted so far, to any worker. */
  const solves = () => workers.flatMap((w) => w.posted.filter((m) => m.type === 'solve').map((m) => ({ w, m })));
  return { workers, solves, createClient: () => createSolverClient({ createWorker }) };
}

const outcome = (p) =>
  p.then(
    (r) => ({ result: r }),
    (e) => ({ abort: isAbort(e), message: e.message, kind: e.kind ?? null }),
  );

test('newest wins: each request carries the game, and the one before it never answers', async () => {
  const { solves, createClient } = fakeWorkers();
  const progress = [];
  const req = createRequests({ game: 'gdl', policy: NEWEST_WINS, createClient, onProgress: (p) => progress.push(p) });
  const first = outcome(req.ask({ algo: 'auto', input: 'a' }));
  const heard = [];
  const second = outcome(req.ask({ algo: 'auto', input: 'b' }, { progress: (p) => heard.push(p.states) }));
  const [a, b] = solves();
  assert.deepEqual([a.m.game, a.m.input, b.m.game, b.m.input], ['gdl', 'a', 'gdl', 'b']);
  a.w.reply({ id: a.m.id, type: 'progress', states: 1 }); // the older request's: not heard
  b.w.reply({ id: b.m.id, type: 'progress', states: 2 });
  b.w.reply({ id: b.m.id, type: 'result', result: 'b' });
  assert.deepEqual(await first, { abort: true, message: 'the request was cancelled', kind: null });
  assert.deepEqual(await second, { result: 'b' });
  assert.deepEqual(heard, [2]);
  assert.equal(progress.at(-1), null, 'no progress once the request settles');
  assert.ok(progress.some((p) => p?.states === 2) && !progress.some((p) => p?.states === 1));
});

test('newest wins: a result already in when a newer request is asked is dropped as an AbortError', async () => {
  const { solves, createClient } = fakeWorkers();
  const req = createRequests({ game: 'tree', createClient });
  const first = req.ask({ input: '[1]' });
  const [a] = solves();
  a.w.reply({ id: a.m.id, type: 'result', result: 'stale' }); // resolved, but the view has not heard it yet
  const second = req.ask({ input: '[2]' });
  assert.equal((await outcome(first)).abort, true);
  const [, b] = solves();
  b.w.reply({ id: b.m.id, type: 'result', result: 'fresh' });
  assert.deepEqual(await outcome(second), { result: 'fresh' });
});

test("newest wins: a link's request is sent only as the first", async () => {
  const { solves, createClient } = fakeWorkers();
  const req = createRequests({ game: 'tree', createClient });
  const link = req.ask({ input: '[1]' }, { link: true });
  assert.ok(link instanceof Promise);
  assert.equal(req.ask({ input: '[2]' }, { link: true }), null, 'a second link request is not sent');
  const later = createRequests({ game: 'tree', createClient });
  later.ask({ input: '[3]' });
  assert.equal(later.ask({ input: '[4]' }, { link: true }), null, 'a link request after a reader asked is not sent');
  assert.deepEqual(
    solves().map(({ m }) => m.input),
    ['[1]', '[3]'],
  );
  req.cancel();
  await outcome(link);
});

test('newest wins: cancel rejects the running request, and a failure keeps its kind', async () => {
  const { solves, createClient } = fakeWorkers();
  const req = createRequests({ game: 'gdl', createClient });
  const running = outcome(req.ask({ algo: 'auto', input: 'a' }));
  req.cancel();
  assert.equal((await running).abort, true);
  const failing = outcome(req.ask({ algo: 'auto', input: 'b' }));
  const { w, m } = solves().at(-1);
  w.reply({ id: m.id, type: 'error', message: 'memory access out of bounds', status: 'internal', kind: 'trap' });
  assert.deepEqual(await failing, { abort: false, message: 'memory access out of bounds', kind: 'trap' });
  const rules = outcome(req.ask({ algo: 'auto', input: 'c' }));
  const last = solves().at(-1);
  last.w.reply({ id: last.m.id, type: 'error', message: 'line 1: expected )', status: 'input', kind: null });
  assert.deepEqual(await rules, { abort: false, message: 'line 1: expected )', kind: null });
});

test('in order: each request waits for the one before it, and every one is answered in turn', async () => {
  const { solves, createClient } = fakeWorkers();
  const req = createRequests({ game: 'chess-endgame', policy: IN_ORDER, createClient });
  const build = outcome(req.ask({ op: 'build', fen: 'k' }));
  const map = outcome(req.ask({ op: 'map', fens: ['x'] }));
  const probe = outcome(req.ask({ op: 'probe', fen: 'p' }));
  await Promise.resolve();
  assert.deepEqual(
    solves().map(({ m }) => m.op),
    ['build'],
    'only the first is sent',
  );
  const reply = async (k, result) => {
    while (solves().length <= k) await new Promise((r) => setTimeout(r, 0));
    const { w, m } = solves()[k];
    w.reply({ id: m.id, type: 'result', result });
  };
  await reply(0, 'table');
  await reply(1, 'map');
  await reply(2, 'line');
  assert.deepEqual(await Promise.all([build, map, probe]), [{ result: 'table' }, { result: 'map' }, { result: 'line' }]);
  assert.deepEqual(
    solves().map(({ m }) => [m.game, m.op]),
    [
      ['chess-endgame', 'build'],
      ['chess-endgame', 'map'],
      ['chess-endgame', 'probe'],
    ],
  );
});

test('in order: cancel stops the running request only; the next one still runs', async () => {
  const { solves, createClient } = fakeWorkers();
  const req = createRequests({ game: 'chess-endgame', policy: IN_ORDER, createClient });
  const build = outcome(req.ask({ op: 'build', fen: 'k' }));
  const next = outcome(req.ask({ op: 'probe', fen: 'p' }));
  await Promise.resolve();
  req.cancel();
  assert.equal((await build).abort, true);
  while (solves().length < 2) await new Promise((r) => setTimeout(r, 0));
  const { w, m } = solves()[1];
  assert.equal(m.op, 'probe');
  w.reply({ id: m.id, type: 'result', result: 'answer' });
  assert.deepEqual(await next, { result: 'answer' });
});

test('a request is for the game of the moment it is sent (a tab that switches games)', async () => {
  const { solves, createClient } = fakeWorkers();
  let game = 'tree';
  const req = createRequests({ game: () => game, createClient });
  const first = outcome(req.ask({ input: '[1]' }));
  game = 'gdl-rules';
  const second = outcome(req.ask({ input: '(role a)' }));
  assert.deepEqual(
    solves().map(({ m }) => m.game),
    ['tree', 'gdl-rules'],
  );
  req.cancel();
  assert.deepEqual([(await first).abort, (await second).abort], [true, true]);
});

test('an unknown policy is refused', () => {
  assert.throws(() => createRequests({ game: 'tree', policy: 'oldest wins' }), /unknown request policy: oldest wins/);
});
