// The main-thread client, against a fake worker: ids, progress, errors, and
// that a superseded request can never deliver its result.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSolverClient, isAbort, prewarmSolver } from '../../web/src/engine/client.js';

function fakeWorkers() {
  const workers = [];
  const createWorker = () => {
    const w = {
      posted: [],
      terminated: false,
      postMessage(message) {
        this.posted.push(message);
      },
      terminate() {
        this.terminated = true;
      },
      reply(data) {
        this.onmessage({ data });
      },
    };
    workers.push(w);
    return w;
  };
  return { workers, createWorker };
}

test('a solve posts a request and resolves with its result', async () => {
  const { workers, createWorker } = fakeWorkers();
  const client = createSolverClient({ createWorker });
  const progress = [];
  const p = client.solve({ game: 'cat-mouse', input: '[[1]]' }, { onProgress: (d) => progress.push(d) });
  assert.equal(workers.length, 1);
  const { id, type, game, input } = workers[0].posted[0];
  assert.deepEqual({ type, game, input }, { type: 'solve', game: 'cat-mouse', input: '[[1]]' });
  assert.equal(client.busy, true);
  workers[0].reply({ id, type: 'progress', relaxations: 5 });
  workers[0].reply({ id, type: 'result', result: { answer: 1 } });
  assert.deepEqual(await p, { answer: 1 });
  assert.equal(progress.length, 1);
  assert.equal(progress[0].relaxations, 5);
  assert.equal(client.busy, false);
});

test('an error reply rejects with the message', async () => {
  const { workers, createWorker } = fakeWorkers();
  const client = createSolverClient({ createWorker });
  const p = client.solve({ game: 'cat-mouse', input: 'x' });
  const { id } = workers[0].posted[0];
  workers[0].reply({ id, type: 'error', message: 'column 1: expected a value', status: 'input' });
  await assert.rejects(p, (err) => err.message === 'column 1: expected a value' && err.status === 'input');
});

test('a new solve cancels the busy one: old worker ended, old result never delivered', async () => {
  const { workers, createWorker } = fakeWorkers();
  const client = createSolverClient({ createWorker });
  // A search runs in one call in the worker: only ending the worker stops it.
  const first = client.solve({ game: 'cat-mouse', algo: 'naive-dfs', input: 'slow' });
  const firstId = workers[0].posted[0].id;
  const second = client.solve({ game: 'cat-mouse', input: 'fast' });
  await assert.rejects(first, (err) => isAbort(err));
  assert.equal(workers[0].terminated, true);
  assert.equal(workers.length, 2);
  const secondId = workers[1].posted[0].id;
  assert.notEqual(secondId, firstId);
  // A late reply for the first request, even through the new worker, is ignored.
  workers[1].reply({ id: firstId, type: 'result', result: { answer: 'stale' } });
  workers[1].reply({ id: secondId, type: 'result', result: { answer: 'fresh' } });
  assert.deepEqual(await second, { answer: 'fresh' });
});

test('cancel rejects with AbortError and the next solve uses a fresh worker', async () => {
  const { workers, createWorker } = fakeWorkers();
  const client = createSolverClient({ createWorker });
  const p = client.solve({ game: 'tree', input: 'slow' });
  client.cancel();
  await assert.rejects(p, (err) => err.name === 'AbortError');
  assert.equal(workers[0].terminated, true);
  assert.equal(client.busy, false);
  client.cancel(); // nothing running: a no-op
  const q = client.solve({ game: 'cat-mouse', input: 'again' });
  const last = workers.at(-1);
  assert.equal(last.terminated, false);
  assert.deepEqual(last.posted[0], { type: 'warm', game: 'tree', algo: undefined }); // loads the module at once
  last.reply({ id: last.posted[1].id, type: 'result', result: 7 });
  assert.equal(await q, 7);
});

test('a crashed worker rejects the request as a worker that died, and is replaced, loading that game', async () => {
  const { workers, createWorker } = fakeWorkers();
  const client = createSolverClient({ createWorker });
  const p = client.solve({ game: 'cat-mouse', input: 'x' });
  workers[0].onerror({ message: 'boom', preventDefault() {} });
  await assert.rejects(p, (err) => err.kind === 'worker died' && /boom/.test(err.message) && !isAbort(err));
  assert.equal(workers[0].terminated, true);
  assert.equal(workers.length, 2);
  assert.deepEqual(workers[1].posted, [{ type: 'warm', game: 'cat-mouse', algo: undefined }]);
  // the next request answers through the fresh worker
  const q = client.solve({ game: 'cat-mouse', input: 'y' });
  workers[1].reply({ id: workers[1].posted[1].id, type: 'result', result: 'fresh' });
  assert.equal(await q, 'fresh');
});

test('a reply that cannot be read is a worker that died too', async () => {
  const { workers, createWorker } = fakeWorkers();
  const client = createSolverClient({ createWorker });
  const p = client.solve({ game: 'tree', input: 'x' });
  workers[0].onmessageerror({});
  await assert.rejects(p, (err) => err.kind === 'worker died');
  assert.equal(workers[0].terminated, true);
  assert.equal(workers.length, 2);
});

test('a failure inside (a trap) rejects with its kind and the worker is started anew; a rules error keeps the worker', async () => {
  const { workers, createWorker } = fakeWorkers();
  const client = createSolverClient({ createWorker });
  const p = client.solve({ game: 'gdl', algo: 'auto', input: 'rules' });
  workers[0].reply({ id: workers[0].posted[0].id, type: 'error', message: 'memory access out of bounds', status: 'internal', kind: 'trap' });
  await assert.rejects(p, (err) => err.kind === 'trap' && err.message === 'memory access out of bounds');
  assert.equal(workers[0].terminated, true);
  assert.deepEqual(workers[1].posted, [{ type: 'warm', game: 'gdl', algo: 'auto' }]);
  const q = client.solve({ game: 'gdl', algo: 'auto', input: '(role' });
  workers[1].reply({ id: workers[1].posted[1].id, type: 'error', message: 'line 1: expected )', status: 'input', kind: null });
  await assert.rejects(q, (err) => err.kind === null && err.status === 'input');
  assert.equal(workers[1].terminated, false);
  assert.equal(workers.length, 2);
});

test('a request cancelled or superseded is never told of a failure: only the request running when the worker dies is', async () => {
  const { workers, createWorker } = fakeWorkers();
  const client = createSolverClient({ createWorker });
  const outcomes = [];
  const note = (name) => (p) =>
    p.then(
      (r) => outcomes.push([name, 'result', r]),
      (err) => outcomes.push([name, isAbort(err) ? 'aborted' : err.kind]),
    );
  // a GDL solve stops when told: the same worker goes on, and dies under the next request
  const cancelled = client.solve({ game: 'gdl', algo: 'auto', input: 'a' });
  const cancelledId = workers[0].posted[0].id;
  client.cancel();
  const superseded = client.solve({ game: 'gdl', algo: 'auto', input: 'b' });
  const running = client.solve({ game: 'gdl', algo: 'auto', input: 'c' });
  await Promise.all([note('cancelled')(cancelled), note('superseded')(superseded)]);
  // the cancelled request's failure, replied late, is not the running one's
  workers[0].reply({ id: cancelledId, type: 'error', message: 'unreachable', status: 'internal', kind: 'trap' });
  workers[0].onerror({ message: 'gone', preventDefault() {} });
  await note('running')(running);
  assert.deepEqual(outcomes, [
    ['cancelled', 'aborted'],
    ['superseded', 'aborted'],
    ['running', 'worker died'],
  ]);
  assert.equal(client.busy, false);
});

test('a retrograde Cat and Mouse solve is cancelled by a message: the worker (warm WASM, kept engine) stays', async () => {
  const { workers, createWorker } = fakeWorkers();
  const client = createSolverClient({ createWorker });
  const first = client.solve({ game: 'cat-mouse', input: 'big' });
  const firstId = workers[0].posted[0].id;
  client.cancel();
  await assert.rejects(first, (err) => isAbort(err));
  assert.equal(workers[0].terminated, false);
  assert.deepEqual(workers[0].posted[1], { id: firstId, type: 'cancel' });
  assert.equal(client.busy, false);
  // The next request goes to the same worker; the first one's late replies are dropped.
  const second = client.solve({ game: 'cat-mouse', input: 'small' });
  assert.equal(workers.length, 1);
  const secondId = workers[0].posted[2].id;
  workers[0].reply({ id: firstId, type: 'cancelled' });
  workers[0].reply({ id: firstId, type: 'result', result: 'stale' });
  workers[0].reply({ id: secondId, type: 'result', result: 'fresh' });
  assert.equal(await second, 'fresh');
});

test('a new solve during a retrograde one cancels it by message, and a worker-side cancel rejects as aborted', async () => {
  const { workers, createWorker } = fakeWorkers();
  const client = createSolverClient({ createWorker });
  const first = client.solve({ game: 'cat-mouse', algo: 'retrograde', input: 'big' });
  const firstId = workers[0].posted[0].id;
  const second = client.solve({ game: 'cat-mouse', input: 'next' });
  await assert.rejects(first, (err) => isAbort(err));
  assert.deepEqual(
    workers[0].posted.map((m) => m.type),
    ['solve', 'cancel', 'solve'],
  );
  assert.equal(workers[0].posted[1].id, firstId);
  const secondId = workers[0].posted[2].id;
  workers[0].reply({ id: secondId, type: 'cancelled' });
  await assert.rejects(second, (err) => isAbort(err));
  assert.equal(client.busy, false);
});

test("a Cancel that ends the worker asks the new one to load the stopped request's module at once (kept warm)", async () => {
  const { workers, createWorker } = fakeWorkers();
  const client = createSolverClient({ createWorker });
  const p = client.solve({ game: 'connect-four', kind: 'analyse', moves: '' });
  client.cancel();
  await assert.rejects(p, (err) => isAbort(err));
  assert.equal(workers[0].terminated, true);
  assert.equal(workers.length, 2);
  assert.deepEqual(workers[1].posted, [{ type: 'warm', game: 'connect-four', algo: undefined }]);
  // The next request goes to that warm worker.
  const q = client.solve({ game: 'connect-four', kind: 'analyse', moves: '4' });
  assert.equal(workers.length, 2);
  const { id } = workers[1].posted[1];
  workers[1].reply({ id, type: 'result', result: 'solved' });
  assert.equal(await q, 'solved');
});

test('prewarmSolver starts one worker loading the game, taken by the first default client only', () => {
  const saved = globalThis.Worker;
  const made = [];
  globalThis.Worker = class {
    constructor(url, options) {
      this.url = String(url);
      this.options = options;
      this.posted = [];
      made.push(this);
    }
    postMessage(message) {
      this.posted.push(message);
    }
    terminate() {}
  };
  try {
    prewarmSolver('connect-four');
    prewarmSolver('connect-four'); // one spare at a time
    assert.equal(made.length, 1);
    assert.match(made[0].url, /worker\.js$/);
    assert.deepEqual(made[0].posted, [{ type: 'warm', game: 'connect-four' }]);
    createSolverClient()
      .solve({ game: 'connect-four', kind: 'analyse', size: '7x6', moves: '' })
      .catch(() => {});
    assert.equal(made.length, 1, 'the first client solves on the warmed worker');
    assert.equal(made[0].posted[1].type, 'solve');
    createSolverClient()
      .solve({ game: 'connect-four', kind: 'analyse', size: '7x6', moves: '' })
      .catch(() => {});
    assert.equal(made.length, 2, 'the next client starts its own');
    assert.equal(made[1].posted[0].type, 'solve');
  } finally {
    globalThis.Worker = saved;
  }
});
