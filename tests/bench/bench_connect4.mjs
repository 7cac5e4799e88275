// bench_connect4.mjs: Connect Four stage by stage on reproducible
// positions: random play from a fixed seed, beginning (6-11 stones), middle
// (16-22) and end (28-34), keeping only positions not already won. Each set
// is solved through `solve connect-four -` (one process, the table kept
// between positions, as the community's benchmarks do); a stage that runs out
// of its budget is reported as such.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomPlay, rng } from '../js/helpers/random-play.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'build/perfect-play');
const STAGES = (process.env.C4_STAGES || 'minimax,alphabeta,centre-first,bitboard,tt,iterative,anticipate,threats,strongest').split(',');

function positions(seed, lo, hi, count) {
  const rand = rng(seed);
  const out = [];
  while (out.length < count) {
    const s = randomPlay(rand, 7, 6, lo + Math.floor(rand() * (hi - lo + 1)));
    if (spawnSync(cli, ['solve', 'connect-four', s, '--algo', 'bitboard', '--budget', '1']).status !== 2) out.push(s);
  }
  return out;
}

const sets = [
  ['end', positions(1, 28, 34, 20)],
  ['middle', positions(2, 16, 22, 10)],
  ['begin', positions(3, 6, 11, 10)],
].filter(([n]) => !process.env.C4_SETS || process.env.C4_SETS.split(',').includes(n));
for (const [name, list] of sets) {
  for (const stage of STAGES) {
    let sec = 0;
    let nodes = 0;
    let ok = true;
    for (const s of list) {
      const args = ['solve', 'connect-four', s, '--algo', stage, '--budget', '200000000'];
      const t0 = process.hrtime.bigint();
      const r = spawnSync(cli, args, { encoding: 'utf8', timeout: 120000 });
      sec += Number(process.hrtime.bigint() - t0) / 1e9;
      if (r.status !== 0) {
        ok = false;
        break;
      }
      // the positions explored, from a second (untimed) run with --json
      const j = spawnSync(cli, [...args, '--json'], { encoding: 'utf8', timeout: 240000 });
      if (j.status !== 0) {
        ok = false;
        break;
      }
      nodes += JSON.parse(j.stdout).stats.root_nodes;
    }
    if (!ok) {
      console.log(`connect-four ${name.padEnd(6)} ${stage.padEnd(12)} did not finish (budget or 120 s)`);
      continue;
    }
    console.log(
      `connect-four ${name.padEnd(6)} ${stage.padEnd(12)} ${((sec / list.length) * 1000).toFixed(1).padStart(10)} ms/position ` +
        `${(nodes / list.length).toFixed(0).padStart(12)} positions explored/position ${(nodes / sec / 1e6).toFixed(2)} M positions/s`,
    );
  }
}

// The strongest stage natively and in WebAssembly (Node) on the same
// positions, one process and one table a set (tests/bench/bench_connect4.c,
// built by build.sh bench as build/bench_connect4 and build/bench_connect4.cjs):
// CPU seconds, so a loaded machine shows in neither side's figure alone.
const nativeBench = join(root, 'build/bench_connect4');
const wasmBench = join(root, 'build/bench_connect4.cjs');
function benchLine(cmd, args, file) {
  // the process's CPU time from /usr/bin/time (WASM's clock() is wall time)
  const r = spawnSync('/usr/bin/time', ['-f', 'rusage %U %S', cmd, ...args], { input: readFileSync(file, 'utf8'), encoding: 'utf8', timeout: 1800000 });
  if (r.status !== 0) return null;
  const f = r.stdout.trim().split(/\s+/);
  const get = (k) => Number(f[f.indexOf(k) + 1]);
  const [user, sys] = r.stderr.trim().split('\n').pop().split(' ').slice(1).map(Number);
  const cpu = user + sys,
    count = get('positions'),
    explored = get('explored');
  return { cpu, ms: (cpu * 1e3) / count, rate: explored / cpu, scores: f[f.indexOf('scores') + 1] };
}
if (existsSync(nativeBench) && existsSync(wasmBench)) {
  for (const [name, list] of sets) {
    const file = join(root, `build/c4-${name}.txt`);
    writeFileSync(file, list.join('\n') + '\n');
    const n = benchLine(nativeBench, ['strongest'], file);
    const w = benchLine('node', [wasmBench, 'strongest'], file);
    if (!n || !w) {
      console.log(`connect-four ${name.padEnd(6)} strongest native vs WASM: did not finish`);
      continue;
    }
    console.log(
      `connect-four ${name.padEnd(6)} strongest native ${n.ms.toFixed(1)} ms/position (${(n.rate / 1e6).toFixed(2)} M/s), ` +
        `WASM in Node ${w.ms.toFixed(1)} ms/position (${(w.rate / 1e6).toFixed(2)} M/s): WASM/native ${(w.cpu / n.cpu).toFixed(2)}x CPU time` +
        (n.cpu < 1 ? ' (under a second of CPU: process start-up dominates)' : '') +
        (n.scores === w.scores ? '' : ' SCORES DIFFER'),
    );
  }
}

// The progress hook's cost (the page's progress bar): the strongest stage
// natively on the same set with a hook every 2^16 positions and without,
// alternating three times each; the least CPU time of each, and the hook's
// calls. Scores and positions explored must be the same.
function hookLine(every, file) {
  const r = spawnSync('/usr/bin/time', ['-f', 'rusage %U %S', nativeBench, 'strongest'], {
    input: readFileSync(file, 'utf8'),
    encoding: 'utf8',
    timeout: 1800000,
    env: { ...process.env, PP_C4_PROGRESS: every },
  });
  if (r.status !== 0) return null;
  const f = r.stdout.trim().split(/\s+/);
  const get = (k) => f[f.indexOf(k) + 1];
  const [user, sys] = r.stderr.trim().split('\n').pop().split(' ').slice(1).map(Number);
  return { cpu: user + sys, explored: get('explored'), scores: get('scores'), reports: Number(get('reports')) };
}
if (existsSync(nativeBench)) {
  for (const [name] of sets.filter(([n]) => n !== 'end')) {
    const file = join(root, `build/c4-${name}.txt`);
    if (!existsSync(file)) continue;
    const runs = { off: [], on: [] };
    for (let i = 0; i < 3; i++) for (const k of ['off', 'on']) runs[k].push(hookLine(k === 'on' ? '16' : '', file));
    if ([...runs.off, ...runs.on].some((r) => !r)) {
      console.log(`connect-four ${name.padEnd(6)} progress hook: did not finish`);
      continue;
    }
    const best = (rs) => Math.min(...rs.map((r) => r.cpu));
    const same = [...runs.on, ...runs.off].every((r) => r.scores === runs.off[0].scores && r.explored === runs.off[0].explored);
    console.log(
      `connect-four ${name.padEnd(6)} strongest with the progress hook every 2^16 positions ${best(runs.on).toFixed(2)} s CPU ` +
        `(${runs.on[0].reports} calls), without ${best(runs.off).toFixed(2)} s: ${(best(runs.on) / best(runs.off)).toFixed(3)}x` +
        (same ? ', same scores and positions explored' : ' SCORES OR COUNTS DIFFER'),
    );
  }
}

// Opt-in (C4_EMPTY=1): the empty 7 x 6 board natively with the default
// table (at most 2^27 entries, 1 GiB), its CPU time and peak memory (minutes
// of CPU).
if (process.env.C4_EMPTY === '1') {
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S %M', cli, 'solve', 'connect-four', ''], { encoding: 'utf8' });
  const [user, sys, kb] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  console.log(`connect-four empty 7x6: score ${r.stdout.trim()} (first-player win), ${(user + sys).toFixed(1)} s CPU, ${(kb / 1024).toFixed(0)} MB peak`);
}
