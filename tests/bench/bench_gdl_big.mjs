// bench_gdl_big.mjs: the big GDL games solved in the page beside the native
// CLI (rules from gdl2qbf, tests/gdl/gdl2qbf): Dots and Boxes 2x3,
// connect-3 on 5x5 and Breakthrough on 4x4. For each game:
//   native  `perfect-play solve gdl FILE --algo retrograde --json` (the graph
//           enumerated and solved, as the worker's job below): CPU time (user +
//           sys, bash's time), wall time, its enumerate and solve milliseconds;
//           and `--algo auto` (the CLI's default, which the page also runs:
//           a search first, the graph when it is small), CPU and wall time
//   node    the worker's code path (gdl-games.js: the job in steps of about
//           15 ms) on the page's pp-gdl module in Node: CPU time, and the
//           milliseconds inside the steps (enumerating, solving)
//   page    Debian's Chromium, production build, a fresh page: the rules
//           pasted into "Your game", to the answer shown: the worker thread's
//           CPU time (/proc: on a machine shared with other jobs it says more
//           than wall time), the wall time less the 300 ms typing pause, and
//           the time the worker's solve took by its own clock
// The goals: WASM within 1.5x of native CPU time; the 4-million-state game
// (connect-3 5x5) solved in the page within 2x the CLI's time.
//   node tests/bench/bench_gdl_big.mjs [dots,connect3,breakthrough]   (after ./build.sh build)
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { loadEngine } from '../../web/src/engine/binding.js';
import { GDL_WORKER_GAMES } from '../../web/src/engine/gdl-games.js';
import { workerThreads } from './proc-cpu.mjs';
import { serveDist } from './serve-dist.mjs';
import { chromiumOptions } from './chromium.mjs';

const root = new URL('../../', import.meta.url);
const cli = fileURLToPath(new URL('build/perfect-play', root));
const GAMES = {
  dots: { name: 'Dots and Boxes 2x3', file: 'tests/gdl/gdl2qbf/dots-and-boxes-2x3.gdl' },
  connect3: { name: 'connect-3 5x5', file: 'tests/gdl/gdl2qbf/connect-3-5x5.gdl' },
  breakthrough: { name: 'Breakthrough 4x4', file: 'tests/gdl/gdl2qbf/break-through-4x4.gdl' },
};
const picked = (process.argv[2] || 'dots,connect3,breakthrough').split(',').filter((g) => GAMES[g]);
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const x = (a, b) => `${(a / b).toFixed(2)}x`;

function native(file, algo) {
  const r = spawnSync('bash', ['-c', `TIMEFORMAT='%R %U %S'; time "${cli}" solve gdl "${file}" --algo ${algo} --json`], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (r.status !== 0) throw new Error(`native ${file}: ${r.stderr}`);
  const [wall, user, sys] = r.stderr.trim().split(/\s+/).slice(-3).map(Number);
  const j = JSON.parse(r.stdout);
  return {
    states: j.states,
    answer: j.answer,
    algorithm: j.algorithm ?? algo,
    wallMs: wall * 1000,
    cpuMs: (user + sys) * 1000,
    enumerateMs: j.stats.enumerate_ms,
    solveMs: j.stats.solve_ms,
  };
}

async function node(text) {
  const wasmDir = new URL('web/src/engine/wasm/', root);
  const { default: create } = await import(new URL('pp-gdl.mjs', wasmDir));
  const eng = await loadEngine({ create, wasmBinary: await readFile(new URL('pp-gdl.wasm', wasmDir)) });
  const cpu = () => {
    const c = process.cpuUsage();
    return (c.user + c.system) / 1000;
  };
  const c0 = cpu();
  const r = await GDL_WORKER_GAMES.gdl(eng, { input: text, trace: 'auto' });
  return {
    cpuMs: cpu() - c0,
    states: r.states,
    enumerateMs: r.stats.enumerateMs,
    solveMs: r.stats.solveMs,
    traceMode: r.traceMode,
    bytes: r.bytes,
    steps: r.steps,
  };
}

const { server, url } = await serveDist();
const browserServer = await chromium.launchServer(chromiumOptions());
const browser = await chromium.connect(browserServer.wsEndpoint());
const workerCpuMs = () => {
  let all = 0;
  for (const t of workerThreads(browserServer.process().pid).values()) all += t.cpu;
  return all * 1000;
};

async function page(text) {
  const p = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await p.goto(`${url}?game=gdl`);
    const answer = p.getByTestId('gdl-answer');
    await p.waitForFunction(() => Number(document.querySelector('[data-testid="gdl-answer"]')?.dataset.run) > 0, null, { timeout: 60_000 });
    const before = Number(await answer.getAttribute('data-run'));
    const cpu0 = workerCpuMs();
    const t0 = Date.now();
    await p.getByTestId('gdl-text').fill(text);
    await p.waitForFunction((n) => Number(document.querySelector('[data-testid="gdl-answer"]')?.dataset.run) > n, before, { timeout: 600_000, polling: 200 });
    const wallMs = Date.now() - t0 - 300; // less the pause in typing before a solve starts
    const cpuMs = workerCpuMs() - cpu0;
    const status = await p.getByTestId('gdl-status').textContent();
    return { wallMs, cpuMs, status: status.trim(), answer: await answer.getAttribute('data-answer') };
  } finally {
    await p.close();
  }
}

try {
  console.log('Big GDL games: the page (Chromium, production build) and WASM in Node beside the native CLI');
  const rows = [];
  for (const id of picked) {
    const g = GAMES[id];
    const path = fileURLToPath(new URL(g.file, root));
    const text = await readFile(path, 'utf8');
    const n = native(path, 'retrograde');
    const a = native(path, 'auto');
    const w = await node(text);
    const b = await page(text);
    console.log(`  ${g.name}: ${n.states.toLocaleString('en-US')} states, ${n.answer}`);
    console.log(`    native CLI, the graph: ${s(n.cpuMs)} CPU, ${s(n.wallMs)} wall (enumerate ${s(n.enumerateMs)}, solve ${s(n.solveMs)})`);
    console.log(`    native CLI, its default (auto): ${s(a.cpuMs)} CPU, ${s(a.wallMs)} wall (answered by ${a.algorithm}: ${a.answer})`);
    console.log(
      `    WASM in Node (the worker's steps): ${s(w.cpuMs)} CPU = ${x(w.cpuMs, n.cpuMs)} native; enumerate ${s(w.enumerateMs)} (${x(w.enumerateMs, n.enumerateMs)}), solve ${s(w.solveMs)} (${x(w.solveMs, n.solveMs)}); ${w.steps} steps, trace ${w.traceMode}, ${(w.bytes / 2 ** 20).toFixed(0)} MiB`,
    );
    console.log(
      `    the page (its default, as the CLI's): worker ${s(b.cpuMs)} CPU = ${x(b.cpuMs, a.cpuMs)} the CLI's CPU; paste to answer ${s(b.wallMs)} = ${x(b.wallMs, a.wallMs)} the CLI's wall (${b.status}; answer ${b.answer})`,
    );
    rows.push({ id, n, a, w, b });
  }
} finally {
  await browser.close();
  await browserServer.close();
  server.close();
}
