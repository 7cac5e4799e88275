// c4_peers.mjs: the strongest Connect Four stage beside the open solvers it
// is measured against, on the same positions, one core, CPU time: Christophe
// Steininger's c4 (one thread, its 1 GB table, no book) and Pascal Pons'
// connect4 (its 2^24-entry table, no book). Both are AGPL and are never part
// of the build: give the path of a checkout to compare with it; without one
// only our solver runs. Each solver is one process kept for the whole list
// (its table kept between positions); the positions are fed one at a time,
// each to every solver in turn (the first solver rotating), so a burst of
// load on the shared machine falls on all of them alike. Every line reports
// the CPU time (getrusage, in the solver's process) and the positions
// explored of each solver, and the scores must agree.
//
//   node tests/bench/c4_peers.mjs [--c4 DIR] [--pons DIR] [--positions FILE]
//        [--empty] [--bits N] [--quiet]
//
// --positions (default tests/bench/c4_open60.txt) one move sequence a line;
// --empty adds the empty 7 x 6 board after them (minutes of CPU each);
// --bits sets our table's size (PP_C4_TABLE_BITS); --quiet prints only the
// totals. Builds under build/peers/.
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const out = join(root, 'build/peers');
const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const flag = (name) => args.includes(name);
mkdirSync(out, { recursive: true });

function walk(dir, keep) {
  const found = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) found.push(...walk(p, keep));
    else if (keep(p)) found.push(p);
  }
  return found.sort();
}

// Ours: the library as the CLI builds it (build.sh's native flags).
function buildOurs() {
  const lib = walk(join(root, 'c'), (p) => p.endsWith('.c') && !p.includes('/c/cli/') && !p.includes('/c/wasm/'));
  const inc = [...new Set(walk(join(root, 'c'), () => true).map((p) => p.slice(0, p.lastIndexOf('/'))))].map((d) => `-I${d}`);
  const exe = join(out, 'ours');
  execFileSync('gcc', ['-std=c11', '-O2', '-g', ...inc, ...lib, join(root, 'tests/bench/c4_line.c'), '-o', exe], { stdio: 'inherit' });
  return exe;
}

// c4: a copy of its sources, set to one search thread (its settings are
// compile-time constants), built with its own release flags.
function buildC4(dir) {
  const src = join(out, 'c4-src');
  rmSync(src, { recursive: true, force: true });
  cpSync(join(dir, 'src/solver'), join(src, 'solver'), { recursive: true });
  const settings = join(src, 'solver/settings.h');
  const text = readFileSync(settings, 'utf8').replace(/NUM_THREADS = \d+;/, 'NUM_THREADS = 1;');
  if (!/NUM_THREADS = 1;/.test(text)) throw new Error('c4: settings.h has no NUM_THREADS to set');
  writeFileSync(settings, text);
  const exe = join(out, 'c4');
  execFileSync(
    'g++',
    [
      '-std=c++20',
      '-O3',
      '-flto',
      '-DNDEBUG',
      '-I',
      src,
      ...walk(join(src, 'solver'), (p) => p.endsWith('.cpp')),
      join(root, 'tests/bench/peers/c4_driver.cpp'),
      '-o',
      exe,
      '-pthread',
    ],
    { stdio: 'inherit' },
  );
  return exe;
}

function buildPons(dir) {
  const exe = join(out, 'pons');
  execFileSync('g++', ['-std=c++11', '-O3', '-DNDEBUG', '-I', dir, join(dir, 'Solver.cpp'), join(root, 'tests/bench/peers/pons_driver.cpp'), '-o', exe], {
    stdio: 'inherit',
  });
  return exe;
}

// A solver process: ask(line) resolves to { score, nodes, us }.
function start(name, exe, env) {
  const cwd = join(out, `run-${name}`); // no opening book or table file where it runs
  mkdirSync(cwd, { recursive: true });
  const p = spawn(exe, [], { cwd, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: p.stdout });
  const waiting = [];
  lines.on('line', (l) => {
    const [score, nodes, us] = l.trim().split(/\s+/).map(Number);
    waiting.shift()({ score, nodes, us });
  });
  p.on('exit', (code) => {
    if (waiting.length) throw new Error(`${name} exited (${code}) with a position pending`);
  });
  return {
    name,
    ask: (seq) =>
      new Promise((resolve) => {
        waiting.push(resolve);
        p.stdin.write(seq + '\n');
      }),
    close: () => p.stdin.end(),
  };
}

const solvers = [];
const bits = opt('--bits');
solvers.push(start('ours', buildOurs(), bits ? { PP_C4_TABLE_BITS: bits } : {}));
if (opt('--c4')) solvers.push(start('c4', buildC4(opt('--c4'))));
if (opt('--pons')) solvers.push(start('pons', buildPons(opt('--pons'))));

const file = opt('--positions') || join(root, 'tests/bench/c4_open60.txt');
const list = readFileSync(file, 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l.length);
if (flag('--empty')) list.push('');
const quiet = flag('--quiet');
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
console.log(
  `c4 peers: ${list.length} positions from ${file}${flag('--empty') ? ' + the empty board' : ''}; ` +
    `solvers ${solvers.map((s) => s.name).join(', ')}; load average ${load()} on ${readFileSync('/proc/cpuinfo', 'utf8').match(/^processor/gm).length} cores`,
);
const pad = (s, n) => String(s).padStart(n);
if (!quiet)
  console.log(`${'position'.padEnd(12)} ${pad('score', 5)} ` + solvers.map((s) => `${pad(s.name + ' ms', 10)} ${pad(s.name + ' nodes', 14)}`).join(' '));
const totals = solvers.map(() => ({ us: 0, nodes: 0 }));
let mismatch = 0;
const byStones = new Map();
for (let i = 0; i < list.length; i++) {
  const seq = list[i];
  const res = new Array(solvers.length);
  for (let k = 0; k < solvers.length; k++) {
    const j = (i + k) % solvers.length; // the first solver rotates
    res[j] = await solvers[j].ask(seq);
  }
  const agree = res.every((r) => r.score === res[0].score);
  if (!agree) mismatch++;
  res.forEach((r, j) => {
    totals[j].us += r.us;
    totals[j].nodes += r.nodes;
  });
  if (seq.length) {
    const b = byStones.get(seq.length) || solvers.map(() => 0);
    res.forEach((r, j) => {
      b[j] += r.us;
    });
    byStones.set(seq.length, b);
  }
  if (!quiet)
    console.log(
      `${(seq || '(empty)').padEnd(12)} ${pad(res[0].score, 5)} ` +
        res.map((r) => `${pad((r.us / 1e3).toFixed(1), 10)} ${pad(r.nodes, 14)}`).join(' ') +
        (agree ? '' : '  SCORES DIFFER: ' + res.map((r) => r.score).join(' ')),
    );
}
for (const s of solvers) s.close();
console.log('stones ' + solvers.map((s) => pad(s.name + ' s', 9)).join(' '));
for (const [n, b] of [...byStones].sort((a, c) => a[0] - c[0])) console.log(`${pad(n, 6)} ` + b.map((us) => pad((us / 1e6).toFixed(2), 9)).join(' '));
for (let j = 0; j < solvers.length; j++) {
  const t = totals[j];
  console.log(
    `total ${solvers[j].name.padEnd(5)} ${(t.us / 1e6).toFixed(2).padStart(8)} s CPU ${String(t.nodes).padStart(13)} positions explored ` +
      `${(t.nodes / (t.us / 1e6) / 1e6).toFixed(2)} M/s` +
      (j ? `  ours/${solvers[j].name} time ${(totals[0].us / t.us).toFixed(2)}x, positions ${(totals[0].nodes / t.nodes).toFixed(2)}x` : ''),
  );
}
console.log(`load average at the end ${load()}; ${mismatch ? mismatch + ' SCORES DIFFER' : 'every score agrees'}`);
process.exitCode = mismatch ? 1 : 0;
