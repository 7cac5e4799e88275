// bench_dp_wasm.mjs: the DP solvers in WASM (Node) on bench_dp.c's cases, the
// same instances (its generator, re-done in BigInt): cells per second, the
// first (cold) call and the fastest of warm batches timed as bench_dp.c
// times them (wasm-measure.js). With bench_dp's output file as argument, the
// ratio native / WASM (the target is at most 1.5). The module is pp-dp, the
// one the page's worker loads for the DP games.
//   node tests/bench/bench_dp_wasm.mjs [build/bench_dp.txt]
import { readFile } from 'node:fs/promises';
import { bindDp } from '../../web/src/engine/binding-dp.js';
import { loadEngine } from '../../web/src/engine/binding.js';
import { dpCases, measureDp } from './wasm-measure.js';
import { dpNative, printDp } from './wasm-report.mjs';

const wasm = await readFile(new URL('../../web/src/engine/wasm/pp-dp.wasm', import.meta.url));
const { default: create } = await import('../../web/src/engine/wasm/pp-dp.mjs');
const dp = bindDp((await loadEngine({ wasmBinary: wasm, create })).kit);

const rows = dpCases().map((c) => ({ key: `${c.name} ${c.algo}`, m: measureDp(dp, c) }));
printDp(rows, await dpNative(process.argv[2]), 'Node');
