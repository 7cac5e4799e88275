// profile_answer.mjs: where the main thread's time goes as a big Cat and Mouse
// answer lands. A sampling profile (Chromium's DevTools Profiler) from the
// last progress message of a 2,000-node graph of degree 120 (7,996,000
// states) to its answer shown, split into busy stretches (runs of samples
// with no idle between them: a long task, or tasks back to back), each
// summed by function: self time and total time (a function's own samples
// and those of what it calls). PP_CPU_SLOWDOWN=5 slows the CPU as
// bench_page.mjs's second part does; PP_PROFILE_TOP=N adds the N heaviest
// functions over the whole stretch. Names are the bundle's: build with
// `npx vite build --minify false --outDir /tmp/dist-plain` and run with
// PP_BENCH_DIST=/tmp/dist-plain to read them.
import { chromium } from '@playwright/test';
import { serveDist } from './serve-dist.mjs';
import { chromiumOptions, longTaskPage } from './chromium.mjs';

const slowdown = Number(process.env.PP_CPU_SLOWDOWN ?? 1);
const top = Number(process.env.PP_PROFILE_TOP ?? 0);
const { server, url } = await serveDist();
const browser = await chromium.launch(chromiumOptions());
try {
  const { page, cdp } = await longTaskPage(browser);
  await page.goto(url);
  await page.getByTestId('answer').filter({ hasText: /\w/ }).waitFor();
  if (slowdown !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const form = page.getByTestId('random-graph');
  await form.getByLabel('nodes').fill('2000');
  await form.getByLabel('avg. degree').fill('120');
  await form.getByRole('button', { name: 'Make' }).click();
  await page.getByTestId('progress').waitFor();
  await cdp.send('Profiler.start');
  const t0 = await page.evaluate(() => performance.now());
  await page.getByTestId('progress').waitFor({ state: 'detached', timeout: 300_000 });
  await page.getByTestId('stats').filter({ hasText: '7,996,000 states' }).waitFor({ timeout: 300_000 });
  await page.waitForTimeout(1500);
  const { profile } = await cdp.send('Profiler.stop');
  const longs = await page.evaluate((a) => window.__long.filter(([t]) => t >= a), t0);
  // Per node: self time; totals climb the tree (a function counted once per sample).
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  const total = new Map();
  const name = (n) => {
    const f = n.callFrame;
    const file = f.url.split('/').pop();
    return `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
  };
  const deltas = profile.timeDeltas;
  // Busy stretches: runs of samples outside (idle) (a task, or tasks back to back), split by function.
  const stretches = [];
  let run = null;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = (deltas[i + 1] ?? 0) / 1000; // the time until the next sample
    const node = byId.get(profile.samples[i]);
    if (node.callFrame.functionName === '(idle)') {
      if (run && run.ms >= 50) stretches.push(run);
      run = null;
      continue;
    }
    run ??= { ms: 0, self: new Map(), total: new Map() };
    run.ms += dt;
    for (const [own, all] of [
      [self, total],
      [run.self, run.total],
    ]) {
      const key = name(node);
      own.set(key, (own.get(key) ?? 0) + dt);
      const seen = new Set();
      for (let id = node.id; id !== undefined; id = parent.get(id)) {
        const k = name(byId.get(id));
        if (seen.has(k)) continue;
        seen.add(k);
        all.set(k, (all.get(k) ?? 0) + dt);
      }
    }
  }
  if (run && run.ms >= 50) stretches.push(run);
  const show = (m, title, count) => {
    console.log(title);
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, count)) if (v >= 1) console.log(`  ${v.toFixed(1).padStart(8)} ms  ${k}`);
  };
  console.log(`CPU slowed ${slowdown}x; long tasks after the profile began: ${longs.map(([, d]) => Math.round(d)).join(', ')} ms`);
  for (const r of stretches) {
    console.log(`busy ${r.ms.toFixed(0)} ms`);
    show(r.self, ' self time', 15);
    show(r.total, ' total time', 25);
  }
  if (top > 0) {
    show(self, 'self time, all', top);
    show(total, 'total time, all', top);
  }
} finally {
  await browser.close();
  server.close();
}
