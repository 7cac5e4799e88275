// Loads the real WASM build once for the tests (web/src/engine/wasm, made by
// `./build.sh wasm`).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const wasmUrl = new URL('../../../web/src/engine/wasm/pp.wasm', import.meta.url);
const wasmPath = fileURLToPath(wasmUrl);

let enginePromise = null;

/** A fresh engine (its own WASM instance) of the whole module, with Cat and Mouse's solves bound on it. */
export async function freshEngine() {
  if (!existsSync(wasmPath)) {
    throw new Error(`${wasmPath} is missing: run ./build.sh wasm first`);
  }
  const { loadEngine } = await import('../../../web/src/engine/binding.js');
  const { bindCatMouse } = await import('../../../web/src/engine/binding-catmouse.js');
  const engine = await loadEngine({ wasmBinary: await readFile(wasmPath) });
  return { ...engine, ...bindCatMouse(engine.kit) };
}

/** One engine shared by a test file. */
export function sharedEngine() {
  enginePromise ??= freshEngine();
  return enginePromise;
}

export const EXAMPLE_1 = 'graph = [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]';
export const EXAMPLE_2 = 'graph = [[1,3],[0],[3],[0,2]]';
export const CAT_WINS_GRAPH = 'graph = [[2],[3],[0,3],[1,2]]';
