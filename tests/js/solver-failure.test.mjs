// A failure inside the solver told apart from the request's own error
// (lib/failure.js), on real failures: WebAssembly traps from a hand-made
// module (`unreachable`, a load out of bounds) and from the real pp-gdl
// module, memory that cannot grow past its maximum, a buffer too big to
// allocate, a stack overflow, a TypeError; and the real worker.js (run in
// Node, its WASM fetched from disk) replying such a failure with its kind,
// dropping its module so the next request makes it anew.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { EngineError, loadEngine } from '../../web/src/engine/binding.js';
import { errorWords, failureOf, failureWords, isInternal, loadFailure } from '../../web/src/lib/failure.js';

/** A module of one function `f` (no parameters, an i32 result) whose body is `body`, with one page of memory. */
function wasmModule(body) {
  const code = [0, ...body, 0x0b]; // no locals, the body, end
  const bytes = [
    ...[0, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
    ...[1, 5, 1, 0x60, 0, 1, 0x7f], // type: () -> i32
    ...[3, 2, 1, 0], // function 0 of type 0
    ...[5, 3, 1, 0, 1], // memory: 1 page
    ...[7, 5, 1, 1, 0x66, 0, 0], // export "f"
    ...[0x0a, code.length + 2, 1, code.length, ...code],
  ];
  return new WebAssembly.Instance(new WebAssembly.Module(new Uint8Array(bytes))).exports.f;
}
const UNREACHABLE = [0x00];
const LOAD_OUT_OF_BOUNDS = [0x41, 0x70, 0x28, 2, 0]; // i32.load at -16 (0xfffffff0)

function thrown(fn) {
  try {
    fn();
  } catch (err) {
    return err;
  }
  assert.fail('it did not throw');
}

test("a WebAssembly trap is a failure inside of kind trap, with the engine's words", () => {
  for (const [body, words] of [
    [UNREACHABLE, /unreachable/],
    [LOAD_OUT_OF_BOUNDS, /memory access out of bounds/],
  ]) {
    const err = thrown(wasmModule(body));
    assert.ok(err instanceof WebAssembly.RuntimeError);
    const f = failureOf(err);
    assert.equal(f.kind, 'trap');
    assert.equal(f.status, 'internal');
    assert.match(f.message, words);
    assert.equal(isInternal(f), true);
  }
});

test('a trap in the real pp-gdl module (a handle past its memory) is a trap too', async () => {
  const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
  const { default: create } = await import(new URL('pp-gdl.mjs', wasmDir));
  const engine = await loadEngine({ create, wasmBinary: await readFile(new URL('pp-gdl.wasm', wasmDir)) });
  const { M } = engine.kit;
  const past = M.HEAPU8.length + 0x1000; // no memory there yet: the read traps
  const err = thrown(() => M._ppw_gdl_role_count(past));
  assert.ok(err instanceof WebAssembly.RuntimeError);
  assert.deepEqual(failureOf(err), { status: 'internal', kind: 'trap', message: 'memory access out of bounds' });
});

test('memory that cannot be had is a failure of kind memory: growth past the maximum, a buffer too big', () => {
  const grown = thrown(() => new WebAssembly.Memory({ initial: 1, maximum: 1 }).grow(1));
  assert.ok(grown instanceof RangeError);
  assert.equal(failureOf(grown).kind, 'memory');
  const big = thrown(() => new ArrayBuffer(2 ** 52));
  assert.ok(big instanceof RangeError);
  assert.equal(failureOf(big).kind, 'memory');
  assert.equal(failureOf(new Error('out of memory')).kind, 'memory');
});

test("a stack overflow is kind stack, a TypeError in the page's code kind bug", () => {
  const deep = (n) => deep(n + 1) + 1;
  assert.equal(failureOf(thrown(() => deep(0))).kind, 'stack');
  const bug = thrown(() => null.x);
  assert.deepEqual(failureOf(bug), { status: 'internal', kind: 'bug', message: bug.message });
});

test("the C library's errors and a request's own are no failure inside: their status kept, no kind", () => {
  for (const status of ['input', 'limit', 'nomem', 'budget', 'arg']) {
    const f = failureOf(new EngineError('line 3: expected a term', status));
    assert.deepEqual(f, { status, kind: null, message: 'line 3: expected a term' });
    assert.equal(isInternal(f), false);
  }
  // out of memory said by the C library (a limit of the page), not a failure inside
  assert.equal(failureOf(new EngineError('out of memory for the trace', 'nomem')).kind, null);
  assert.deepEqual(failureOf(new Error('unknown game: x')), { status: 'internal', kind: null, message: 'unknown game: x' });
});

test('code or a module that could not be loaded is kind load, not a bug; memory that failed while loading stays memory', async () => {
  const fetched = await fetch('http://127.0.0.1:1/pp-gdl.wasm').catch((err) => err); // nothing listens on port 1
  assert.ok(fetched instanceof TypeError);
  assert.equal(failureOf(fetched).kind, 'bug'); // unmarked, a TypeError is the page's
  const f = failureOf(loadFailure(fetched));
  assert.equal(f.kind, 'load');
  assert.match(
    failureWords(f, 'your rules'),
    /^The solver could not be loaded \(.+\); the worker was restarted\. Check the connection and solve again: nothing is wrong with your rules\.$/,
  );
  // Emscripten's loader, its fetch failed, aborts with a RuntimeError: marked, it is a load
  assert.equal(failureOf(loadFailure(new WebAssembly.RuntimeError('Aborted(TypeError: Failed to fetch)'))).kind, 'load');
  const memory = thrown(() => new WebAssembly.Memory({ initial: 1, maximum: 1 }).grow(1));
  assert.equal(failureOf(loadFailure(memory)).kind, 'memory');
});

test('the words: what failed, the restart, and whose fault it is not', () => {
  const trap = { kind: 'trap', message: 'memory access out of bounds' };
  assert.equal(
    failureWords(trap, 'your rules'),
    'The solver failed inside (a WebAssembly trap: memory access out of bounds); the worker was restarted. This is a bug in Perfect Play, not in your rules.',
  );
  assert.equal(
    failureWords({ kind: 'worker died', message: "the solver's worker stopped: it ended" }),
    'The solver failed inside (its worker stopped before it answered); the worker was restarted. This is a bug in Perfect Play, not in your input.',
  );
  assert.equal(errorWords({ kind: null, message: 'line 3: expected a term' }), 'line 3: expected a term');
  assert.match(
    errorWords({ kind: 'memory', message: 'Array buffer allocation failed' }),
    /^The solver failed inside \(memory ran out: Array buffer allocation failed\)/,
  );
});

test('worker.js: a failure inside replies its kind and drops the module, made anew for the next request; a rules error keeps it', async () => {
  const posted = [];
  let fetches = 0;
  // The worker's globals in Node: its postMessage, and fetch for its WASM (a file: URL beside the module)
  globalThis.self = { postMessage: (m) => posted.push(m) };
  const nodeFetch = globalThis.fetch;
  globalThis.fetch = async (url, options) => {
    if (!String(url).startsWith('file:')) return nodeFetch(url, options);
    fetches++;
    return new Response(await readFile(new URL(String(url))), { headers: { 'Content-Type': 'application/wasm' } });
  };
  try {
    await import('../../web/src/engine/worker.js');
    const ask = (data) =>
      new Promise((resolve) => {
        self.onmessage({ data });
        const poll = setInterval(() => {
          const reply = posted.find((m) => m.id === data.id && m.type !== 'progress');
          if (reply) {
            clearInterval(poll);
            resolve(reply);
          }
        }, 5);
      });
    const rules = await readFile(new URL('../../web/src/gdl/examples/tictactoe.kif', import.meta.url), 'utf8');
    const first = await ask({ id: 1, type: 'solve', game: 'gdl', input: rules, trace: 'auto' });
    assert.equal(first.type, 'result');
    assert.equal(fetches, 1);
    // the rules' own error: status input, no kind, the module kept
    const wrong = await ask({ id: 2, type: 'solve', game: 'gdl', input: '(role x', trace: 'auto' });
    assert.equal(wrong.type, 'error');
    assert.equal(wrong.kind, null);
    assert.notEqual(wrong.status, 'internal');
    assert.equal(fetches, 1);
    // a path that is no list: the worker's own code throws a TypeError inside the solve
    const failed = await ask({ id: 3, type: 'solve', game: 'gdl', algo: 'play', input: rules, path: 5 });
    assert.deepEqual({ type: failed.type, status: failed.status, kind: failed.kind }, { type: 'error', status: 'internal', kind: 'bug' });
    const again = await ask({ id: 4, type: 'solve', game: 'gdl', input: rules, trace: 'auto' });
    assert.equal(again.type, 'result');
    assert.equal(again.result.states, first.result.states);
    assert.equal(fetches, 2); // the module made anew
  } finally {
    globalThis.fetch = nodeFetch;
  }
});
