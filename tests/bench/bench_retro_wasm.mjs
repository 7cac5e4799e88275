// bench_retro_wasm.mjs: why warm WASM is slower than native on the
// retrograde benchmark graphs (issue 12). bench_retro.c's flat kernel and
// the generic engine, compiled to WASM (bench_retro_wasm.c, one module a
// build variant), timed warm in Node and in Chromium beside the same C
// natively, in one run. The flat kernel's WASM/native ratio is the machine's
// "WASM tax" for this memory pattern; the engine's ratio above it is what
// the engine (or its build) adds.
//
// Usage: node tests/bench/bench_retro_wasm.mjs [--no-browser] GRAPH.json... -- VARIANT=module.js...
// Natively (bench_retro's CPU-time medians), each build present of: gcc -O2
// (build/bench_retro: huge pages where the engine asks for them), gcc on 4 KiB
// pages (_4k: PP_NO_HUGEPAGES, as V8's memory is), clang -O3 (emcc's
// compiler) with and without them (_clang, _clang4k).
//
// Timing: the kernels alternate in rounds (flat; the engine in the page's
// slices; the engine in one call), after a warm-up so V8 runs optimized
// code; a figure is CPU time (user + sys) a solve, the median block of REPS: Node's whole process, or
// the page's main thread in Chromium from /proc/.../schedstat (nanoseconds) (on a loaded machine, wall
// time says more about the other jobs); wall medians beside it.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const ROUNDS = 7;
const WARMUP = 4;
const REPS = 3; // solves a block
const SLICE = 1 << 20; // the page's worker's slice (worker.js)
const root = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const nodeOnly = args.includes('--no-browser');
// --js-flags for Chromium's V8, e.g. --no-liftoff (optimized code only: the ceiling)
const jsFlags = process.env.BW_JS_FLAGS;
const sep = args.indexOf('--');
const graphs = (sep < 0 ? args : args.slice(0, sep)).filter((a) => !a.startsWith('--'));
const variants = (sep < 0 ? [] : args.slice(sep + 1)).map((a) => {
  const [name, file] = a.split('=');
  return { name, file };
});
if (!graphs.length || !variants.length) {
  console.error('usage: bench_retro_wasm.mjs [--no-browser] GRAPH.json... -- NAME=module.js...');
  process.exit(2);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/**
 * Runs in Node and in the page alike (its source is sent to the page): `reps`
 * solves of one kernel on the loaded module, their wall times in ms.
 * kernel: 'flat', 'sliced' (the engine in the page's slices), 'whole' (one call).
 */
function solves(M, kernel, reps, slice) {
  const ms = [];
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    if (kernel === 'flat') {
      M._bw_flat();
    } else {
      if (!M._bw_engine_start()) throw new Error('engine reset failed');
      let d = 0;
      while (d === 0) d = M._bw_engine_run(kernel === 'whole' ? 2 ** 52 : slice);
      if (d < 0) throw new Error('engine failed');
    }
    ms.push(performance.now() - t0);
  }
  return ms;
}
const KERNELS = ['flat', 'sliced', 'whole'];

/**
 * Rounds of the three kernels in turn, after a warm-up (V8 optimizes a WASM
 * function in the background and uses it from a later call): per kernel the
 * wall times and the CPU ms a solve, cpu() read around each block.
 */
async function rounds(run, cpu) {
  for (const k of KERNELS) await run(k, WARMUP);
  const out = Object.fromEntries(KERNELS.map((k) => [k, { ms: [], blocks: [], cpu: 0 }]));
  for (let i = 0; i < ROUNDS; i++) {
    for (const k of KERNELS) {
      const c0 = cpu();
      out[k].ms.push(...(await run(k, REPS)));
      out[k].blocks.push((cpu() - c0) / REPS);
    }
  }
  // the median block: a block that met a GC or a burst of the other jobs' interrupts does not move it
  for (const k of KERNELS) out[k].cpu = median(out[k].blocks);
  return out;
}

function load(M, text) {
  const n = M.lengthBytesUTF8(text) + 1;
  const p = M._malloc(n);
  M.stringToUTF8(text, p, n);
  if (!M._bw_load(p)) throw new Error('bw_load failed');
  M._free(p);
}

const NATIVE = [
  ['native gcc -O2', 'build/bench_retro'],
  ['native gcc -O2, 4K pages', 'build/bench_retro_4k'],
  ['native clang -O3', 'build/bench_retro_clang'],
  ['native clang -O3, 4K pages', 'build/bench_retro_clang4k'],
  // BW_NATIVE="name=path,...": more native builds of bench_retro.c (e.g. an older engine, side by side)
  ...(process.env.BW_NATIVE ? process.env.BW_NATIVE.split(',').map((x) => x.split('=')) : []),
];
/** Native figures: bench_retro's flat and generic medians (CPU ms) for each build present. */
function native(file) {
  const out = {};
  for (const [name, exe] of NATIVE) {
    if (!existsSync(resolve(root, exe))) continue;
    const text = execFileSync(resolve(root, exe), [file, '9'], { encoding: 'utf8' });
    const m = /flat\s+([\d.]+) ms.*generic\s+([\d.]+) ms/.exec(text);
    if (m) out[name] = { flat: Number(m[1]), engine: Number(m[2]) };
  }
  return out;
}

const require = createRequire(import.meta.url);
const results = []; // { graph, where, variant, flat, sliced, whole: { ms, cpu }, ok }
const nodeCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e3;
};

for (const file of graphs) {
  const text = readFileSync(file, 'utf8').trim();
  for (const v of variants) {
    const M = await require(resolve(v.file))();
    load(M, text);
    const r = await rounds(async (k, n) => solves(M, k, n, SLICE), nodeCpu);
    const ok = M._bw_answer() === M._bw_engine_answer() && M._bw_flat() === M._bw_engine_relaxations();
    results.push({ graph: basename(file), where: 'node', variant: v.name, ...r, ok });
  }
}

if (!nodeOnly) {
  const { chromium } = await import('@playwright/test');
  const server = await chromium.launchServer({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ...(jsFlags ? [`--js-flags=${jsFlags}`] : [])],
  });
  const browser = await chromium.connect(server.wsEndpoint());
  /** CPU ms (user + sys) of the main threads of our browser's renderers (thread id = process id, --type=renderer). */
  const rendererCpu = () => {
    const parent = new Map();
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const s = readFileSync(`/proc/${name}/stat`, 'utf8');
        parent.set(Number(name), Number(s.slice(s.lastIndexOf(')') + 2).split(' ')[1]));
      } catch {
        // gone meanwhile
      }
    }
    const ours = (pid) => {
      for (let p = pid; p > 1; p = parent.get(p) ?? 0) if (p === server.process().pid) return true;
      return false;
    };
    let ns = 0;
    for (const pid of parent.keys()) {
      if (!ours(pid)) continue;
      try {
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
        ns += Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]); // on-CPU time, ns
      } catch {
        // gone meanwhile
      }
    }
    return ns / 1e6;
  };
  try {
    for (const file of graphs) {
      const text = readFileSync(file, 'utf8').trim();
      for (const v of variants) {
        const page = await browser.newPage();
        await page.setContent('<!doctype html><title>bench</title>');
        await page.addScriptTag({ content: readFileSync(v.file, 'utf8') });
        await page.evaluate(async (t) => {
          globalThis.M = await globalThis.createBench();
          const n = M.lengthBytesUTF8(t) + 1;
          const p = M._malloc(n);
          M.stringToUTF8(t, p, n);
          if (!M._bw_load(p)) throw new Error('bw_load failed');
        }, text);
        // compiled once in the page, so a block's CPU time is the solves' and not eval's
        await page.evaluate((f) => { globalThis.solves = eval(f); }, `(${solves})`);
        const run = (k, n) => page.evaluate(([k2, n2, sl]) => globalThis.solves(globalThis.M, k2, n2, sl), [k, n, SLICE]);
        const r = await rounds(run, rendererCpu);
        const ok = await page.evaluate(() => M._bw_answer() === M._bw_engine_answer() && M._bw_flat() === M._bw_engine_relaxations());
        results.push({ graph: basename(file), where: 'chromium', variant: v.name, ...r, ok });
        await page.close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

console.log(`Retrograde kernels, warm: WASM (Node ${process.version}${nodeOnly ? '' : ', Chromium'}) vs native, CPU ms a solve (median of ${ROUNDS} rounds of ${REPS}) (Node: whole process; Chromium: the page's main thread)${jsFlags ? `; Chromium --js-flags=${jsFlags}` : ''}`);
for (const file of graphs) {
  const g = basename(file);
  const nat = native(file);
  const base = nat[NATIVE[0][0]];
  console.log(`  ${g}`);
  for (const [name, x] of Object.entries(nat)) {
    console.log(`    ${name.padEnd(34)} flat ${x.flat.toFixed(2).padStart(7)}  engine ${x.engine.toFixed(2).padStart(7)}  engine/flat ${(x.engine / x.flat).toFixed(2)}x (CPU ms)`);
  }
  for (const r of results.filter((x) => x.graph === g)) {
    const f = r.flat.cpu;
    const e = r.sliced.cpu;
    const vs = base ? `  | CPU vs native: flat ${(f / base.flat).toFixed(2)}x, engine ${(e / base.engine).toFixed(2)}x` : '';
    console.log(
      `    ${(r.where + ' ' + r.variant).padEnd(34)} flat ${f.toFixed(2).padStart(7)}  engine ${e.toFixed(2).padStart(7)}  engine/flat ${(e / f).toFixed(2)}x (CPU ms)${vs}` +
        `  [wall medians: flat ${median(r.flat.ms).toFixed(1)}, engine ${median(r.sliced.ms).toFixed(1)}, one call ${median(r.whole.ms).toFixed(1)}]` +
        (r.ok ? '' : '  MISMATCH'),
    );
  }
}
