// bench_judges.mjs: the judge formats' hardest inputs through the native CLI
// (`build/perfect-play judge PROBLEM < in`), wall time per run including the
// process start (an empty run's time is printed too, to subtract). Speed
// goals live here, not in tests: Luogu P4363's 10 x 10 boards and POJ 1085's
// full game "well under a second", P4576's 20 x 20 boards.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const cli = join(fileURLToPath(new URL('../../', import.meta.url)), 'build/perfect-play');
let seed = 20260;
const rnd = (k) => ((seed = (seed * 1103515245 + 12345) % 2147483648) >>> 8) % k;

function time(problem, input, runs = 3) {
  const ms = [];
  let out = '';
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(cli, ['judge', problem], { input, encoding: 'utf8' });
    ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (r.status !== 0) throw new Error(`${problem}: ${r.stderr}`);
    out = r.stdout.trim().split('\n').at(-1);
  }
  ms.sort((a, b) => a - b);
  return { ms: ms[runs >> 1], out };
}

const rows = (n, m, v) => Array.from({ length: n }, (_, i) => v.slice(i * m, i * m + m).join(' ')).join('\n');
const cases = [['empty run (process start)', 'luogu-p4363', '1 1\n5\n3\n']];
for (let k = 0; k < 3; k++) {
  const a = Array.from({ length: 100 }, () => rnd(100001));
  const b = Array.from({ length: 100 }, () => rnd(100001));
  cases.push([`P4363 random 10 x 10 #${k + 1}`, 'luogu-p4363', `10 10\n${rows(10, 10, a)}\n${rows(10, 10, b)}\n`]);
}
cases.push(['POJ 1085 the whole game', 'poj1085', '1\n0\n']);
cases.push(['UVa 10111 the empty board', 'uva10111', '?\n....\n....\n....\n....\n$\n']);
for (let k = 0; k < 3; k++) {
  const n = 20;
  const p = () => 1 + rnd(n);
  let r1 = p(),
    c1 = p(),
    r2 = p(),
    c2 = p();
  while (r1 === r2 && c1 === c2) r2 = p();
  cases.push([`P4576 n = 20 (${r1},${c1}) vs (${r2},${c2})`, 'luogu-p4576', `${n} ${r1} ${c1} ${r2} ${c2}\n`]);
}

console.log('judge inputs through the native CLI, median of 3 runs (wall time with the process start):');
for (const [label, problem, input] of cases) {
  const { ms, out } = time(problem, input);
  console.log(`  ${label.padEnd(36)} ${ms.toFixed(1).padStart(8)} ms   ${out}`);
}
