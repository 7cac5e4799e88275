// proc-cpu.mjs: the CPU time of Chromium's processes and of its Web Worker
// threads (the solvers' workers run on them), read from /proc (Linux), for
// the page benchmarks: on a machine shared with other jobs, wall time says
// more about them than about us.
import { readdirSync, readFileSync } from 'node:fs';

const TICK_S = 1 / 100; // USER_HZ: /proc/<pid>/stat counts 10 ms ticks

/** The fields of a /proc stat file after the command's name (ppid is [1], utime [11], stime [12]). */
function statFields(path) {
  const text = readFileSync(path, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

/** The process ids under root (its children, theirs, ...), root itself left out. */
export function processesUnder(root) {
  const parent = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      parent.set(Number(d), Number(statFields(`/proc/${d}/stat`)[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  const out = [];
  for (const pid of parent.keys()) {
    if (pid === root) continue;
    for (let p = parent.get(pid), k = 0; p > 1 && k < 64; p = parent.get(p) ?? 0, k++) {
      if (p === root) {
        out.push(pid);
        break;
      }
    }
  }
  return out;
}

/** CPU seconds (user + system, in 10 ms ticks) of every process under root, by pid. */
export function processCpu(root) {
  const out = new Map();
  for (const pid of processesUnder(root)) {
    try {
      const f = statFields(`/proc/${pid}/stat`);
      out.set(pid, (Number(f[11]) + Number(f[12])) * TICK_S);
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/**
 * Every Web Worker thread under root, by thread id: { cpu, sys } in seconds,
 * cpu (user + system) from the scheduler's nanosecond count (schedstat), sys
 * alone (page faults, mostly) in 10 ms ticks, wait: the time it was ready to
 * run but waited for a core (schedstat's run-queue delay: other jobs' load).
 */
export function workerThreads(root) {
  return workerThreadsOf(processesUnder(root));
}

/** The same for the processes pids: by thread id, { pid, cpu, sys, wait }. */
export function workerThreadsOf(pids) {
  return threadsOf(pids, (name) => name.startsWith('DedicatedWorker'));
}

/**
 * Every thread of the processes pids whose name (/proc's comm) passes keep
 * (all by default): by thread id, { pid, name, cpu, sys, wait } as above.
 */
export function threadsOf(pids, keep = () => true) {
  const out = new Map();
  for (const pid of pids) {
    let tids = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      const dir = `/proc/${pid}/task/${tid}`;
      try {
        const name = readFileSync(`${dir}/comm`, 'utf8').trim();
        if (!keep(name)) continue;
        const sys = Number(statFields(`${dir}/stat`)[12]) * TICK_S;
        const [run, wait] = readFileSync(`${dir}/schedstat`, 'utf8').split(' ').map(Number);
        out.set(Number(tid), { pid, name, cpu: run / 1e9, sys, wait: wait / 1e9 });
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return out;
}
