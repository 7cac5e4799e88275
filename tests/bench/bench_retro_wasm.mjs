// bench_retro_wasm.mjs: warm WASM against native on the retrograde benchmark
// graphs (the goal: warm WASM in Chromium within 1.1x native).
// bench_retro.c's flat kernel and the generic engine, compiled to WASM
// (bench_retro_wasm.c, one module a build variant), timed warm in Node and in
// Chromium beside the same C natively, interleaved block by block in one run.
//
// Usage: node tests/bench/bench_retro_wasm.mjs [--no-browser] GRAPH.json... -- VARIANT=module.js...
//
// Why it is built this way: a native process or a WASM instance is one
// sample of whatever state it got when it started (where its memory landed
// physically on 4 KiB pages, where its code landed, what V8 compiled): two
// whole runs one after the other gave Chromium/native 1.67x then 0.97x. So
// each graph gets INSTANCES instances of every side, started fresh: a
// native `bench_retro GRAPH serve` process of each build present (gcc -O2,
// with huge pages where the engine asks for them; gcc and clang -O3, emcc's
// compiler, on 4 KiB pages as V8's memory is; BW_NATIVE adds more), a fresh
// module in Node, a fresh Chromium page in a browser context of its own (its
// own renderer process), and the module in a Web Worker of another fresh page
// (as the app runs its solvers). Within an instance, after a warm-up (V8 runs a
// WASM function's optimized code from a later call), ROUNDS rounds pass over
// the sides in turn, in a rotating order, each side a block of REPS solves of
// each kernel: so every side meets the same machine, block by block.
//
// A figure is CPU time (user + sys) a solve: the native process's thread
// (CLOCK_THREAD_CPUTIME_ID), Node's whole process, the page's renderer main
// thread (/proc/PID/task/PID/schedstat, nanoseconds), the worker's thread. For each side: the
// median block over all instances and the least block (the run least
// disturbed), and the ratios of both to native gcc -O2, with the spread of
// the per-instance ratios (instance i of WASM over instance i of native,
// timed side by side). The raw blocks go to build/bench-retro-wasm/blocks.json.
//
// Knobs for finding where a spread comes from (docs/performance.md, "WASM against native"):
//   BW_INSTANCES=n   instances a graph (default 6)
//   BW_PAGES=k       Chromium pages (default: one an instance); with k < n,
//                    instance i makes a fresh module in page i % k (same
//                    renderer process and V8 engine, new memory)
//   BW_JS_FLAGS=...  --js-flags for Chromium's V8 (e.g. --no-liftoff)
//   BW_CHROMIUM_ARGS="..."  more switches for Chromium
//   BW_WORKER=0      no "chromium worker" side (the module in a fresh page's
//                    Web Worker, as the app runs its solvers; the worker
//                    thread's CPU time)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { workerThreadsOf } from './proc-cpu.mjs';
import { chromiumOptions } from './chromium.mjs';

const INSTANCES = Number(process.env.BW_INSTANCES ?? 6);
const PAGES = Number(process.env.BW_PAGES ?? INSTANCES);
const WORKER = process.env.BW_WORKER !== '0'; // the module in a page's Web Worker too, as the app runs it
const ROUNDS = 5;
const WARMUP = 2; // blocks of each kernel before the rounds, untimed
const REPS = 3; // solves a block
const SLICE = 1 << 20; // the page's worker's slice (worker.js)
const KERNELS = ['engine', 'flat'];
const root = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const nodeOnly = args.includes('--no-browser');
const jsFlags = process.env.BW_JS_FLAGS;
const sep = args.indexOf('--');
const graphs = (sep < 0 ? args : args.slice(0, sep)).filter((a) => !a.startsWith('--'));
const variants = (sep < 0 ? [] : args.slice(sep + 1)).map((a) => {
  const [name, file] = a.split('=');
  return { name, file };
});
if (!graphs.length || !variants.length || !(INSTANCES >= 1) || !(PAGES >= 1)) {
  console.error('usage: bench_retro_wasm.mjs [--no-browser] GRAPH.json... -- NAME=module.js...');
  process.exit(2);
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const least = (xs) => Math.min(...xs);

const NATIVE = [
  ['native gcc -O2', 'build/bench_retro'],
  ['native gcc -O2, 4K pages', 'build/bench_retro_4k'],
  ['native clang -O3', 'build/bench_retro_clang'],
  ['native clang -O3, 4K pages', 'build/bench_retro_clang4k'],
  // BW_NATIVE="name=path,...": more native builds of bench_retro.c (e.g. an older engine, side by side)
  ...(process.env.BW_NATIVE ? process.env.BW_NATIVE.split(',').map((x) => x.split('=')) : []),
].filter(([, exe]) => existsSync(resolve(root, exe)));

/**
 * Runs in Node and in the page alike (its source is sent to the page): `reps`
 * solves of one kernel on the loaded module; the answer and relaxations of the last.
 */
function solves(M, kernel, reps, slice) {
  let rel = 0;
  for (let i = 0; i < reps; i++) {
    if (kernel === 'flat') {
      rel = M._bw_flat();
    } else {
      if (!M._bw_engine_start()) throw new Error('engine reset failed');
      let d = 0;
      while (d === 0) d = M._bw_engine_run(slice);
      if (d < 0) throw new Error('engine failed');
      rel = M._bw_engine_relaxations();
    }
  }
  return { ans: kernel === 'flat' ? M._bw_answer() : M._bw_engine_answer(), rel };
}

/** A native side: a `bench_retro GRAPH serve` process; run() is one block. */
function nativeSide(name, exe, file) {
  const child = spawn(resolve(root, exe), [file, 'serve'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    name,
    async run(kernel, reps) {
      child.stdin.write(`${kernel} ${reps}\n`);
      const { value, done } = await lines.next();
      if (done) throw new Error(`${exe} stopped`);
      const [cpu, , ans, rel] = value.split(' ').map(Number);
      return { cpu, ans, rel };
    },
    close() {
      child.stdin.end();
    },
  };
}

function load(M, text) {
  const n = M.lengthBytesUTF8(text) + 1;
  const p = M._malloc(n);
  M.stringToUTF8(text, p, n);
  if (!M._bw_load(p)) throw new Error('bw_load failed');
  M._free(p);
}

const require = createRequire(import.meta.url);
process.setMaxListeners(0); // each Emscripten module loaded in Node adds its own process handlers
const nodeCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e3;
};
/** A Node side: a fresh instance of the module (new memory) in this process. */
async function nodeSide(v, text) {
  const M = await require(resolve(v.file))();
  load(M, text);
  return {
    name: `node ${v.name}`,
    async run(kernel, reps) {
      const c0 = nodeCpu();
      const r = solves(M, kernel, reps, SLICE);
      return { cpu: (nodeCpu() - c0) / reps, ...r };
    },
    close() {},
  };
}

// Chromium: one browser; a page is a context of its own, so its own renderer process.
let server = null;
let browser = null;
const rendererPids = () => {
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
  return [...parent.keys()].filter((pid) => {
    try {
      return ours(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
    } catch {
      return false;
    }
  });
};
/** On-CPU ms of the main threads of these renderers. */
const schedCpu = (pids) => {
  let ns = 0;
  for (const pid of pids) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // gone meanwhile (a spare renderer): not ours to count
    }
  }
  return ns / 1e6;
};
/** The machine's busy and steal time (ms, both cores) from /proc/stat: what else ran during a block. */
const machine = () => {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const tick = 10; // USER_HZ 100
  return { busy: (f[0] + f[1] + f[2] + f[5] + f[6]) * tick, steal: f[7] * tick };
};
const pages = {}; // a variant's page slot: { context, page, pids, pid }
async function chromiumSide(v, text, i) {
  const slot = `${v.name}\n${i % PAGES}`; // a page of its own for each variant
  if (!pages[slot]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setContent('<!doctype html><title>bench</title>');
    await page.addScriptTag({ content: readFileSync(v.file, 'utf8') });
    // compiled once in the page, so a block's CPU time is the solves' and not eval's
    await page.evaluate((f) => {
      globalThis.solves = eval(f);
    }, `(${solves})`);
    // its renderer: the one a short busy loop runs in (Chromium keeps a spare renderer
    // ready and gives it to the next page, so it is not always one that appeared now)
    const fresh = rendererPids();
    // (twice: the least of the two, as a spare renderer starting meanwhile is busy once)
    const busy = async () => {
      const c0 = fresh.map((p) => schedCpu([p]));
      await page.evaluate(() => {
        for (const t = performance.now(); performance.now() - t < 100;);
      });
      return fresh.map((p, j) => schedCpu([p]) - c0[j]);
    };
    const u1 = await busy(),
      u2 = await busy();
    const used = u1.map((x, j) => Math.min(x, u2[j]));
    const j = used.indexOf(Math.max(...used));
    // if none is clearly it, every renderer of ours (the others idle meanwhile)
    const pid = j >= 0 && used[j] > 30 ? fresh[j] : 0;
    pages[slot] = { context, page, pids: pid ? [pid] : null, pid };
  }
  const { page, pid } = pages[slot];
  await page.evaluate(async (t) => {
    globalThis.M = null; // the previous instance's memory goes to the GC
    const M = await globalThis.createBench();
    const n = M.lengthBytesUTF8(t) + 1;
    const p = M._malloc(n);
    M.stringToUTF8(t, p, n);
    if (!M._bw_load(p)) throw new Error('bw_load failed');
    globalThis.M = M;
  }, text);
  return {
    name: `chromium ${v.name}`,
    pid,
    async run(kernel, reps) {
      // every renderer of ours too: if the one picked did not run the block
      // (seen once in a few dozen pages), the page falls back to all of them
      const all = rendererPids();
      const pids = pages[slot].pids ?? all;
      const c0 = schedCpu(pids),
        a0 = schedCpu(all);
      const r = await page.evaluate(([k, n, sl]) => globalThis.solves(globalThis.M, k, n, sl), [kernel, reps, SLICE]);
      let cpu = schedCpu(pids) - c0;
      const allCpu = schedCpu(all) - a0;
      if (cpu < 0.5 * allCpu) {
        console.error(`bench_retro_wasm: renderer ${pages[slot].pid} did not run the page's block: all renderers from now on`);
        pages[slot].pids = null;
        pages[slot].pid = 0;
        cpu = allCpu;
      }
      return { cpu: cpu / reps, ...r };
    },
    close() {},
  };
}

/** Every worker thread of our renderers: [pid, tid]. */
const workerThreads = () => [...workerThreadsOf(rendererPids())].map(([tid, t]) => [t.pid, tid]);
const threadCpu = ([pid, tid]) => {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return 0;
  }
};
/** The module in a Web Worker of a fresh page, as the app runs its solvers: the worker thread's CPU time. */
async function chromiumWorkerSide(v, text, i) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent('<!doctype html><title>bench</title>');
  const src = `${readFileSync(v.file, 'utf8')}
const solves = ${solves};
let M = null;
onmessage = async (e) => {
  const [op, a, b, c] = e.data;
  if (op === 'load') {
    M = await createBench();
    const n = M.lengthBytesUTF8(a) + 1;
    const p = M._malloc(n);
    M.stringToUTF8(a, p, n);
    postMessage(M._bw_load(p) ? 'ok' : 'bw_load failed');
  } else if (op === 'busy') {
    for (const t = performance.now(); performance.now() - t < a;);
    postMessage('ok');
  } else {
    postMessage(solves(M, a, b, c));
  }
};`;
  await page.evaluate((code) => {
    globalThis.W = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
    globalThis.ask = (msg) =>
      new Promise((res) => {
        globalThis.W.onmessage = (e) => res(e.data);
        globalThis.W.postMessage(msg);
      });
  }, src);
  const loaded = await page.evaluate((t) => globalThis.ask(['load', t]), text);
  if (loaded !== 'ok') throw new Error(loaded);
  // its thread: the worker thread busy in a short loop (twice, the least)
  const threads = workerThreads();
  const busy = async () => {
    const c0 = threads.map(threadCpu);
    await page.evaluate(() => globalThis.ask(['busy', 100]));
    return threads.map((t, j) => threadCpu(t) - c0[j]);
  };
  const u1 = await busy(),
    u2 = await busy();
  const used = u1.map((x, j) => Math.min(x, u2[j]));
  const j = used.indexOf(Math.max(...used));
  // if none is clearly it (a loaded machine), every worker thread of ours (the others idle meanwhile)
  let thread = j >= 0 && used[j] > 10 ? threads[j] : null;
  const sum = (ts) => ts.reduce((a, t) => a + threadCpu(t), 0);
  return {
    name: `chromium worker ${v.name}`,
    async run(kernel, reps) {
      const all = workerThreads();
      const ts = thread ? [thread] : all;
      const c0 = sum(ts),
        a0 = sum(all);
      const r = await page.evaluate(([k, n, sl]) => globalThis.ask(['solve', k, n, sl]), [kernel, reps, SLICE]);
      let cpu = sum(ts) - c0;
      const allCpu = sum(all) - a0;
      if (cpu < 0.5 * allCpu) {
        // not the thread that ran it: all of them from now on
        thread = null;
        cpu = allCpu;
      }
      return { cpu: cpu / reps, ...r };
    },
    close() {
      context.close();
    },
  };
}

if (!nodeOnly) {
  const { chromium } = await import('@playwright/test');
  server = await chromium.launchServer(
    chromiumOptions([...(jsFlags ? [`--js-flags=${jsFlags}`] : []), ...(process.env.BW_CHROMIUM_ARGS ? process.env.BW_CHROMIUM_ARGS.split(' ') : [])]),
  );
  browser = await chromium.connect(server.wsEndpoint());
}

// results[graph][side] = { blocks: { engine: [[instance's blocks]...], flat: [...] } }
const results = {};
const order = []; // side names in the order printed
const log = []; // every timed block, in time order
const t0 = performance.now();
let mismatch = false;
try {
  for (const file of graphs) {
    const g = basename(file);
    const text = readFileSync(file, 'utf8').trim();
    const res = (results[g] = {});
    let expect = null; // { engine: {ans, rel}, flat: {...} } of the first side
    for (let i = 0; i < INSTANCES; i++) {
      const sides = NATIVE.map(([name, exe]) => nativeSide(name, exe, file));
      for (const v of variants) sides.push(await nodeSide(v, text));
      if (!nodeOnly) for (const v of variants) sides.push(await chromiumSide(v, text, i));
      if (!nodeOnly && WORKER) for (const v of variants) sides.push(await chromiumWorkerSide(v, text, i));
      for (const s of sides) {
        if (!order.includes(s.name)) order.push(s.name);
        res[s.name] ??= { blocks: { engine: [], flat: [] }, pids: [] };
        for (const k of KERNELS) res[s.name].blocks[k].push([]);
        if (s.pid) res[s.name].pids.push(s.pid);
        for (const k of KERNELS) for (let w = 0; w < WARMUP; w++) await s.run(k, REPS);
      }
      for (let round = 0; round < ROUNDS; round++) {
        for (let j = 0; j < sides.length; j++) {
          const s = sides[(j + round + i) % sides.length];
          for (const k of KERNELS) {
            const m0 = machine(),
              w0 = performance.now();
            const b = await s.run(k, REPS);
            const m1 = machine(),
              wall = performance.now() - w0;
            res[s.name].blocks[k].at(-1).push(b.cpu);
            // for finding where a slow block comes from: when, and what else the machine ran meanwhile
            log.push({
              graph: g,
              side: s.name,
              kernel: k,
              instance: i,
              t: Math.round(w0),
              wall,
              cpu: b.cpu * REPS,
              others: m1.busy - m0.busy - b.cpu * REPS,
              steal: m1.steal - m0.steal,
            });
            expect ??= {};
            expect[k] ??= { ans: b.ans, rel: b.rel };
            if (b.ans !== expect[k].ans || b.rel !== expect[k].rel) {
              mismatch = true;
              console.error(`MISMATCH ${g} ${s.name} ${k}: answer ${b.ans} relaxations ${b.rel}, expected ${JSON.stringify(expect[k])}`);
            }
          }
        }
      }
      for (const s of sides) s.close();
    }
    for (const k of Object.keys(pages)) {
      // the next graph's instances start fresh
      await pages[k].context.close();
      delete pages[k];
    }
    if (expect && (expect.engine.ans !== expect.flat.ans || expect.engine.rel !== expect.flat.rel)) {
      mismatch = true;
      console.error(`MISMATCH ${g}: engine ${JSON.stringify(expect.engine)} flat ${JSON.stringify(expect.flat)}`);
    }
  }
} finally {
  if (browser) await browser.close();
  if (server) await server.close();
}
const secs = (performance.now() - t0) / 1e3;

mkdirSync(resolve(root, 'build/bench-retro-wasm'), { recursive: true });
writeFileSync(resolve(root, 'build/bench-retro-wasm/blocks.json'), JSON.stringify({ INSTANCES, PAGES, ROUNDS, REPS, jsFlags, results, log }));

const f2 = (x) => x.toFixed(2).padStart(6);
const fx = (x) => `${x.toFixed(2)}x`;
console.log(
  `Retrograde kernels warm, WASM (Node ${process.version}${nodeOnly ? '' : ', Chromium'}) vs native, CPU ms a solve: ` +
    `${INSTANCES} fresh instances of each side a graph${PAGES < INSTANCES ? ` (Chromium: ${PAGES} pages, a fresh module each instance)` : ''}, ` +
    `${ROUNDS} rounds of ${REPS} solves each, interleaved block by block (${secs.toFixed(0)} s)${jsFlags ? `; Chromium --js-flags=${jsFlags}` : ''}`,
);
const base = NATIVE[0]?.[0];
const W = Math.max(...order.map((n) => n.length)) + 1;
for (const [g, res] of Object.entries(results)) {
  console.log(`  ${g.padEnd(W + 2)} engine: median  least  instances' medians${' '.repeat(Math.max(1, 6 * INSTANCES - 18))}| flat: median  least`);
  for (const name of order) {
    const r = res[name];
    if (!r) continue;
    const e = r.blocks.engine;
    const inst = e
      .map(median)
      .map((x) => x.toFixed(1).padStart(5))
      .join(' ');
    console.log(
      `    ${name.padEnd(W)}        ${f2(median(e.flat()))} ${f2(least(e.flat()))}  ${inst.padEnd(6 * INSTANCES)}|       ${f2(median(r.blocks.flat.flat()))} ${f2(least(r.blocks.flat.flat()))}`,
    );
  }
  if (!base || !res[base]) continue;
  for (const name of order) {
    if (name === base || !res[name] || name.startsWith('native')) continue;
    const parts = KERNELS.map((k) => {
      const a = res[name].blocks[k],
        b = res[base].blocks[k];
      const per = a.map((x, i) => median(x) / median(b[i]));
      return (
        `${k} median ${fx(median(a.flat()) / median(b.flat()))}, least ${fx(least(a.flat()) / least(b.flat()))} ` +
        `(instances ${fx(Math.min(...per))}-${fx(Math.max(...per))})`
      );
    });
    console.log(`    ${name} / ${base}: ${parts.join('; ')}`);
  }
  // the same against clang on 4 KiB pages, emcc's compiler and V8's page size
  const clang = NATIVE.find(([n]) => n === 'native clang -O3, 4K pages')?.[0];
  if (clang && res[clang]) {
    for (const name of order) {
      if (name.startsWith('native') || !res[name]) continue;
      const a = res[name].blocks.engine,
        b = res[clang].blocks.engine;
      console.log(`    ${name} / ${clang}: engine median ${fx(median(a.flat()) / median(b.flat()))}, least ${fx(least(a.flat()) / least(b.flat()))}`);
    }
  }
}
if (mismatch) {
  console.log('MISMATCH: some side answered differently (see above)');
  process.exit(1);
}
