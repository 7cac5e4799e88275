// The page's WASM modules may grow to 4 GiB (build.sh's wasm_link,
// -sMAXIMUM_MEMORY=4gb): past 2 GiB a heap address is negative as an int32,
// so the bindings take every address unsigned; and an allocation that would
// pass 4 GiB fails (NULL, the C library's out of memory) instead of wrapping
// around to the bottom of the heap. The big blocks here are allocated and
// never written, so they cost address space, not resident memory.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { loadEngine } from '../../web/src/engine/binding.js';
import { bindCatMouse } from '../../web/src/engine/binding-catmouse.js';
import { EXAMPLE_1 } from './helpers/engine.mjs';

const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
const GiB = 2 ** 30;

async function cmEngine() {
  const { default: create } = await import(new URL('pp-cm.mjs', wasmDir));
  const engine = await loadEngine({ create, wasmBinary: await readFile(new URL('pp-cm.wasm', wasmDir)) });
  return { ...engine, ...bindCatMouse(engine.kit) };
}

test('past 2 GiB of heap, a solve reads its text, graph and arrays at addresses above 2^31', async () => {
  const expected = (await cmEngine()).solveCatMouse(EXAMPLE_1, { traceCap: 1000 });
  const eng = await cmEngine();
  // The heap's low 2.25 GiB taken, in two blocks (one block of 2 GiB or more
  // is past what dlmalloc asks sbrk for at once: it fails, NULL).
  const low = [eng.kit.malloc(1.125 * GiB), eng.kit.malloc(1.125 * GiB)];
  assert.ok(low[0] > 0 && low[1] > 0, 'the module grows past 2 GiB');
  assert.ok(eng.heapBytes() > 2 * GiB, `heap ${eng.heapBytes()} bytes`);
  assert.ok(eng.probeMalloc() >= 2 ** 31, 'the next block is above 2^31');
  const r = eng.solveCatMouse(EXAMPLE_1, { traceCap: 1000 });
  assert.equal(r.answer, expected.answer);
  assert.deepEqual(r.offsets, expected.offsets);
  assert.deepEqual(r.adjacency, expected.adjacency);
  assert.deepEqual(r.outcomes, expected.outcomes);
  assert.deepEqual(r.remoteness, expected.remoteness);
  assert.deepEqual(r.trace, expected.trace);
  assert.deepEqual(eng.randomCatMouse(12, 3, 5).text, (await cmEngine()).randomCatMouse(12, 3, 5).text);
  // A failure's message is read from above 2^31 too (ppw_error's slot is static, the text copied in is not).
  assert.throws(
    () => eng.parseCatMouse('graph = [[1],[0'),
    (err) => err.name === 'EngineError' && err.message.length > 0 && !/undefined/.test(err.message),
  );
});

test('an allocation that would pass 4 GiB fails instead of wrapping around', async () => {
  const eng = await cmEngine();
  const M = eng.kit.M;
  const a = M._malloc(1.5 * GiB) >>> 0;
  const b = M._malloc(1.5 * GiB) >>> 0;
  const c = M._malloc(0.75 * GiB) >>> 0;
  assert.ok(a && b && c, 'three blocks, 3.75 GiB in all');
  assert.ok(c + 0.75 * GiB <= eng.heapBytes() && eng.heapBytes() <= 4 * GiB);
  assert.equal(M._malloc(0.5 * GiB), 0, 'no room for half a GiB more');
  assert.ok(eng.probeMalloc() > 0, 'small blocks still come');
});
