// bench_gdl_search.mjs: the games of the gdl2qbf paper's Table 2 (and
// numerical tic-tac-toe) solved from their rules by the CLI, one process at a
// time (one core), CPU seconds (user + system, /usr/bin/time): the answer
// alone (`solve gdl FILE`, auto), auto with `--json` (which enumerates a small
// graph first, for its states) and `--algo alphabeta`; then Connect Four written in GDL
// (the paper's rules with the board's size facts changed) beside the
// dedicated Connect Four solver on the same board.
//   node tests/bench/bench_gdl_search.mjs            (build/perfect-play first)
// PP_BENCH_GDL_TIMEOUT: seconds per run (default 600); PP_BENCH_GDL_ONLY: a
// regular expression of the games to run; PP_BENCH_C4_76=1 also tries 7x6;
// PP_BENCH_C4_PAIRS=N runs each Connect Four pair N times and prints the
// median ratio (the search from the rules, whose table misses the cache, is
// the more sensitive of the two to what else the machine runs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectFourRules } from '../gdl/connect-four-gdl.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'build/perfect-play');
const dir = join(root, 'tests/gdl/gdl2qbf');
const timeout = Number(process.env.PP_BENCH_GDL_TIMEOUT || 600);
const only = process.env.PP_BENCH_GDL_ONLY ? new RegExp(process.env.PP_BENCH_GDL_ONLY) : null;
const pairs = Math.max(1, Math.floor(Number(process.env.PP_BENCH_C4_PAIRS || 1)) || 1);

// One CLI run: its answer, the algorithm that answered, CPU seconds.
function run(args) {
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', 'timeout', String(timeout), cli, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const times = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  const cpu = times[0] + times[1];
  if (r.status !== 0) return { answer: r.status === 124 ? `timeout ${timeout} s` : `exit ${r.status}`, algo: '-', cpu, nodes: '', ms: NaN };
  if (!args.includes('--json')) return { answer: r.stdout.trim(), algo: '', cpu, nodes: '', ms: NaN };
  const j = JSON.parse(r.stdout);
  const nodes = j.stats.nodes ?? '';
  const answer = typeof j.answer === 'number' ? ['second wins', 'draw', 'first wins'][Math.sign(j.answer) + 1] : j.answer;
  return { answer, algo: j.algorithm ?? j.algo, cpu, nodes, ms: j.time_ms };
}

const table2 = [
  'break-through-2x5',
  'break-through-2x6',
  'break-through-3x4',
  'break-through-3x5',
  'break-through-4x4',
  'connect-3-4x4',
  'connect-3-5x5',
  'connect-3-6x6',
  'connect-4-4x4',
  'connect-4-5x5',
  'connect-4-6x6',
  'gttt-4x4-1-1-elly',
  'gttt-4x4-1-1-fatty',
  'gttt-4x4-1-1-knobby',
  'gttt-4x4-1-1-skinny',
  'gttt-4x4-1-1-tippy',
  'gttt-4x4-2-2-elly',
  'gttt-4x4-2-2-fatty',
  'gttt-4x4-2-2-knobby',
  'gttt-4x4-2-2-skinny',
  'gttt-4x4-2-2-tippy',
  'dots-and-boxes-2x2',
  'dots-and-boxes-2x3',
  'number-tic-tac-toe',
];
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
console.log(
  'The gdl2qbf games from their rules, CPU seconds on one core (answer: the default, auto; auto --json: a small graph first; alphabeta: search only)',
);
console.log(
  `${pad('game', 22)} ${pad('answer', 12)} ${lpad('answer s', 8)} ${lpad('auto --json s', 13)} ${pad('(answered by)', 14)} ${lpad('alphabeta s', 11)} ${lpad('nodes', 10)}`,
);
for (const game of table2) {
  if (only && !only.test(game)) continue;
  const file = join(dir, `${game}.gdl`);
  const q = run(['solve', 'gdl', file]);
  const a = run(['solve', 'gdl', file, '--json']);
  const s = run(['solve', 'gdl', file, '--json', '--algo', 'alphabeta']);
  const answer = q.answer === a.answer && a.answer === s.answer ? a.answer : `${q.answer} / ${a.answer} / ${s.answer} (DISAGREE)`;
  console.log(
    `${pad(game, 22)} ${pad(answer, 12)} ${lpad(q.cpu.toFixed(2), 8)} ${lpad(a.cpu.toFixed(2), 13)} ${pad(`(${a.algo})`, 14)} ${lpad(s.cpu.toFixed(2), 11)} ${lpad(s.nodes, 10)}`,
  );
}

const tmp = mkdtempSync(join(tmpdir(), 'pp-c4gdl-'));
const sizes = [
  [5, 4],
  [6, 4],
  [5, 5],
  [6, 5],
  [6, 6],
];
if (process.env.PP_BENCH_C4_76 === '1') sizes.push([7, 6]);
console.log('\nConnect Four in GDL beside the dedicated solver (solve connect-four --size WxH): CPU seconds of the');
console.log('process, and the ratio of the solve times each reports (time_ms)');
console.log(
  `${pad('board', 6)} ${pad('GDL answer', 12)} ${lpad('GDL s', 8)} ${pad('(by)', 13)} ${pad('solver', 12)} ${lpad('solver s', 9)} ${lpad('solver ms', 10)} ${lpad('ratio', 8)}`,
);
for (const [w, h] of sizes) {
  if (only && !only.test(`c4-${w}x${h}`)) continue;
  const file = join(tmp, `connect-4-${w}x${h}.gdl`);
  writeFileSync(file, connectFourRules(w, h));
  const ratios = [];
  for (let k = 0; k < pairs; k++) {
    const g = run(['solve', 'gdl', file, '--json']);
    const d = run(['solve', 'connect-four', '', '--size', `${w}x${h}`, '--json']);
    const r = d.ms > 0 && g.ms > 0 ? g.ms / d.ms : null;
    if (r !== null) ratios.push(r);
    const ratio = r !== null ? `${r < 10 ? r.toFixed(1) : Math.round(r)}x` : '-';
    console.log(
      `${pad(`${w}x${h}`, 6)} ${pad(g.answer, 12)} ${lpad(g.cpu.toFixed(2), 8)} ${pad(`(${g.algo})`, 13)} ${pad(d.answer, 12)} ${lpad(d.cpu.toFixed(2), 9)} ${lpad(d.ms.toFixed(1), 10)} ${lpad(ratio, 8)}`,
    );
  }
  if (pairs > 1 && ratios.length) {
    ratios.sort((a, b) => a - b);
    const m = ratios.length >> 1;
    const median = ratios.length & 1 ? ratios[m] : (ratios[m - 1] + ratios[m]) / 2;
    console.log(
      `${pad(`${w}x${h}`, 6)} median of ${ratios.length} pairs: ${median.toFixed(1)}x (from ${ratios[0].toFixed(1)}x to ${ratios[ratios.length - 1].toFixed(1)}x)`,
    );
  }
}
