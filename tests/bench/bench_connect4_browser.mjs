// bench_connect4_browser.mjs: Connect Four's strongest stage in WebAssembly in
// Debian's Chromium (the page's pp-c4 module and binding-connect4.js)
// beside the native CLI, on the same positions, side by side in one run:
// middle positions of random play (16-22 stones, seed 2), solved as one set
// with the table kept between positions (the CLI's `-`), the empty 6x5
// board (in the page also with every column scored, as the board shows it),
// and the begin set (6-11 stones, seed 3: seconds of CPU natively, so
// neither side's start-up counts). WASM also runs with the page's progress
// hook on, beside the same WASM without it.
// Each side runs ROUNDS times, alternating, and keeps its fastest wall time
// (the machine is shared); WASM's first round is reported apart (cold: V8
// starts on baseline code). Target: WASM within 1.3x of native.
//   node tests/bench/bench_connect4_browser.mjs
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumOptions } from './chromium.mjs';
import { processCpu } from './proc-cpu.mjs';
import { servePage } from './serve-dist.mjs';
import { randomPlay, rng } from '../js/helpers/random-play.mjs';
import { readMoves } from '../../web/src/lib/connect4.js';

const ROUNDS = Number(process.env.C4_ROUNDS) || 3;
const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'build/perfect-play');

function positions(seed, lo, hi, count) {
  const rand = rng(seed);
  const out = [];
  while (out.length < count) {
    const s = randomPlay(rand, 7, 6, lo + Math.floor(rand() * (hi - lo + 1)));
    const r = readMoves(s, 7, 6);
    if (!r.error && !r.four && !r.full) out.push(s);
  }
  return out;
}
const MIDDLE = positions(2, 16, 22, 10);
// seconds of CPU (about 2 M positions explored a position): start-up does not count
const BEGIN = positions(3, 6, 11, 10);

/** The CLI on a set (one process, table kept): { ms, cpu (user + sys, ms), scores }. */
function native(list, size = '7x6') {
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', 'CPU %U %S', cli, 'solve', 'connect-four', '-', '--size', size], {
    input: `${list.join('\n')}\n`,
    encoding: 'utf8',
  });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`the CLI failed: ${r.stderr}`);
  const [, u, sy] = /CPU ([\d.]+) ([\d.]+)/.exec(r.stderr);
  return { ms, cpu: (Number(u) + Number(sy)) * 1e3, scores: r.stdout.trim().split('\n').map(Number) };
}

// The same module in Node, where the process's CPU time can be read (wall time is not reliable on a shared machine).
const { loadEngine } = await import('../../web/src/engine/binding.js');
const { bindConnect4 } = await import('../../web/src/engine/binding-connect4.js');
const { default: createTree } = await import('../../web/src/engine/wasm/pp-c4.mjs');
const nodeC4 = bindConnect4((await loadEngine({ create: createTree, wasmBinary: await readFile(join(root, 'web/src/engine/wasm/pp-c4.wasm')) })).kit, {
  ttBits: 0,
});
function inNode(list, w, h) {
  nodeC4.dispose();
  const c0 = process.cpuUsage();
  const scores = list.map((m) => nodeC4.solve(w, h, m).score);
  const c = process.cpuUsage(c0);
  return { cpu: (c.user + c.system) / 1e3, scores };
}

/**
 * CPU ms (user + sys) of Chromium: every process under this one but itself
 * (Playwright's browser and its renderer, which runs the WASM; the CLI has
 * ended by then), from /proc (Linux; null elsewhere).
 * The machine is shared, so wall time says little; CPU time is comparable
 * with the native CLI's.
 */
function chromiumCpuMs(rootPid) {
  try {
    let s = 0;
    for (const c of processCpu(rootPid).values()) s += c;
    return s * 1000;
  } catch {
    return null;
  }
}

const PAGE = `<!doctype html><meta charset="utf-8"><title>Connect Four bench</title>
<script type="module">
import { loadEngine } from '/web/src/engine/binding.js';
import { bindConnect4 } from '/web/src/engine/binding-connect4.js';
import create from '/web/src/engine/wasm/pp-c4.mjs';
const eng = await loadEngine({ create });
// ttBits 0: the library's default table, as the CLI has
const c4 = bindConnect4(eng.kit, { ttBits: 0 });
window.set = (list, w, h, hooked = false) => {
  c4.dispose(); // an empty table, as a fresh CLI process has
  // hooked: the progress hook on, as the page's worker has it (a call every 2^16 positions)
  const options = hooked ? { onProgress: () => false } : {};
  const t0 = performance.now();
  const scores = list.map((m) => c4.solve(w, h, m, options).score);
  return { ms: performance.now() - t0, scores };
};
window.analyse = (w, h, moves) => {
  c4.dispose();
  const t0 = performance.now();
  const a = c4.analyse(w, h, moves);
  return { ms: performance.now() - t0, score: a.score, columns: a.columns };
};
window.ready = true;
</script>`;

const { server, url } = await servePage(PAGE, ['web/src']);
const browser = await chromium.launch(chromiumOptions());
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page
    .waitForFunction(() => window.ready === true, null, { timeout: 60_000 })
    .catch(() => {
      throw new Error(`the bench page did not load: ${errors.join('; ') || 'no error reported'}`);
    });
  const cases = [
    ['middle: 10 positions, 16-22 stones (7x6)', MIDDLE, 7, 6],
    ['the empty 6x5 board', [''], 6, 5],
    ['begin: 10 positions, 6-11 stones (7x6)', BEGIN, 7, 6],
  ];
  console.log(`Connect Four, strongest stage: native CLI vs WASM in Chromium, best of ${ROUNDS} rounds each, alternating`);
  for (const [label, list, w, h] of cases) {
    let nat = Infinity;
    let natCpu = Infinity;
    let nodeCpu = Infinity;
    let wasm = Infinity;
    let hooked = Infinity;
    let chromeCpu = Infinity;
    let cold = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const n = native(list, `${w}x${h}`);
      const c0 = chromiumCpuMs(process.pid);
      const m = await page.evaluate(([l, ww, hh]) => window.set(l, ww, hh), [list, w, h]);
      const c1 = chromiumCpuMs(process.pid);
      if (c0 !== null && c1 !== null) chromeCpu = Math.min(chromeCpu, c1 - c0);
      const o = inNode(list, w, h);
      const k = await page.evaluate(([l, ww, hh]) => window.set(l, ww, hh, true), [list, w, h]);
      for (const [who, r] of [
        ['Chromium', m],
        ['Node', o],
        ['Chromium (progress hook)', k],
      ]) {
        if (JSON.stringify(n.scores) !== JSON.stringify(r.scores)) throw new Error(`${label}: WASM in ${who} ${r.scores} != native ${n.scores}`);
      }
      if (i === 0) cold = m.ms;
      nat = Math.min(nat, n.ms);
      natCpu = Math.min(natCpu, n.cpu);
      nodeCpu = Math.min(nodeCpu, o.cpu);
      wasm = Math.min(wasm, m.ms);
      hooked = Math.min(hooked, k.ms);
    }
    console.log(`  ${label}`);
    console.log(
      `    wall: native ${nat.toFixed(0)} ms, WASM in Chromium ${wasm.toFixed(0)} ms (first round ${cold.toFixed(0)} ms): ${(wasm / nat).toFixed(2)}x`,
    );
    console.log(`    wall: WASM in Chromium with the page's progress hook ${hooked.toFixed(0)} ms: ${(hooked / wasm).toFixed(2)}x without it`);
    console.log(
      `    CPU (user + sys): native ${natCpu.toFixed(0)} ms, WASM in Node ${nodeCpu.toFixed(0)} ms: ${(nodeCpu / natCpu).toFixed(2)}x` +
        (Number.isFinite(chromeCpu) ? `, WASM in Chromium (its processes, 10 ms ticks) ${chromeCpu.toFixed(0)} ms: ${(chromeCpu / natCpu).toFixed(2)}x` : ''),
    );
  }
  const a = await page.evaluate(() => window.analyse(6, 5, ''));
  console.log(
    `  the empty 6x5 board in the page with every column scored (as the board shows it): ${a.ms.toFixed(0)} ms, score ${a.score}, columns ${a.columns.join(' ')}`,
  );
} finally {
  await browser.close();
  server.close();
}
