// bench_connect4.mjs: Connect Four (issue 16) stage by stage on reproducible
// positions: random play from a fixed seed, beginning (6-11 stones), middle
// (16-22) and end (28-34), keeping only positions not already won. Each set
// is solved through `solve connect-four -` (one process, the table kept
// between positions, as the community's benchmarks do); a stage that runs out
// of its budget is reported as such.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomPlay, rng } from '../js/helpers/random-play.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'build/perfect-play');
const STAGES = (process.env.C4_STAGES || "minimax,alphabeta,centre-first,bitboard,tt,iterative,anticipate,threats,strongest").split(",");

function positions(seed, lo, hi, count) {
  const rand = rng(seed);
  const out = [];
  while (out.length < count) {
    const s = randomPlay(rand, 7, 6, lo + Math.floor(rand() * (hi - lo + 1)));
    if (spawnSync(cli, ['solve', 'connect-four', s, '--algo', 'bitboard', '--budget', '1']).status !== 2) out.push(s);
  }
  return out;
}

const sets = [['end', positions(1, 28, 34, 20)], ['middle', positions(2, 16, 22, 10)], ['begin', positions(3, 6, 11, 10)]].filter(([n]) => !process.env.C4_SETS || process.env.C4_SETS.split(',').includes(n));
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
      if (r.status !== 0) { ok = false; break; }
      // the positions explored, from a second (untimed) run with --json
      const j = spawnSync(cli, [...args, '--json'], { encoding: 'utf8', timeout: 240000 });
      if (j.status !== 0) { ok = false; break; }
      nodes += JSON.parse(j.stdout).stats.root_nodes;
    }
    if (!ok) { console.log(`connect-four ${name.padEnd(6)} ${stage.padEnd(12)} did not finish (budget or 120 s)`); continue; }
    console.log(`connect-four ${name.padEnd(6)} ${stage.padEnd(12)} ${(sec / list.length * 1000).toFixed(1).padStart(10)} ms/position ` +
      `${(nodes / list.length).toFixed(0).padStart(12)} positions explored/position ${(nodes / sec / 1e6).toFixed(2)} M positions/s`);
  }
}
