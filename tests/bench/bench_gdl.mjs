// bench_gdl.mjs: games in the Game Description Language in WASM (Node, the
// page's pp-gdl module): each example enumerated and solved through the
// binding, the first (cold) call and the fastest warm one, states a second
// beside the native figures of bench_gdl.c (its output file as argument).
//   node tests/bench/bench_gdl.mjs [build/bench_gdl.txt]
import { readFile } from 'node:fs/promises';
import { bindGdl } from '../../web/src/engine/binding-gdl.js';
import { loadEngine } from '../../web/src/engine/binding.js';

const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
const { default: create } = await import(new URL('pp-gdl.mjs', wasmDir));
const gdl = bindGdl((await loadEngine({ create, wasmBinary: await readFile(new URL('pp-gdl.wasm', wasmDir)) })).kit);
const native = new Map();
if (process.argv[2]) {
  for (const line of (await readFile(process.argv[2], 'utf8')).split('\n')) {
    const m = /^gdl (\S+) (\d+) (\d+) (\d+)$/.exec(line);
    if (m) native.set(m[1], { enumerate: Number(m[3]), solve: Number(m[4]) });
  }
}
const RUNS = 7;
console.log('GDL examples, WASM in Node (pp-gdl): states a second, enumerating / solving; native beside');
console.log(
  `${'example'.padEnd(10)} ${'states'.padStart(8)} ${'cold ms'.padStart(9)} ${'enumerate/s'.padStart(13)} ${'solve/s'.padStart(13)} ${'native enum/s'.padStart(14)} ${'native/WASM'.padStart(12)}`,
);
for (const name of ['nim', 'take21', 'tictactoe', 'connect3', 'chomp', 'hanoi']) {
  const text = await readFile(new URL(`../../web/src/gdl/examples/${name}.kif`, import.meta.url), 'utf8');
  let cold = 0;
  let en = Infinity;
  let so = Infinity;
  let states = 0;
  for (let k = 0; k < RUNS; k++) {
    const t0 = performance.now();
    const r = gdl.solveGdl(text);
    if (k === 0) cold = performance.now() - t0;
    else {
      en = Math.min(en, r.stats.enumerateMs);
      so = Math.min(so, r.stats.solveMs);
    }
    states = r.states;
  }
  const n = native.get(name);
  const enumRate = (states / en) * 1e3;
  console.log(
    `${name.padEnd(10)} ${String(states).padStart(8)} ${cold.toFixed(1).padStart(9)} ${enumRate.toFixed(0).padStart(13)} ${((states / so) * 1e3).toFixed(0).padStart(13)} ${(n ? String(n.enumerate) : '-').padStart(14)} ${(n ? (n.enumerate / enumRate).toFixed(2) : '-').padStart(12)}`,
  );
}
