#!/usr/bin/env python3
"""bench_retro_cli.py: whole-process Cat and Mouse solves. The CLI
(build/perfect-play solve cat-mouse -) against the seed's C++ BFS
(../shared/baseline/seed_bfs.cpp, g++ -O2, built here when present) on the
benchmark graphs, median of 5 each, interleaved; peak resident memory of
each process (/usr/bin/time's, as wait4's rusage of a child of Python
reports Python's own). Usage: bench_retro_cli.py GRAPH_DIR"""
import os, subprocess, sys, time

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
gdir = sys.argv[1]
baseline = os.path.join(root, "..", "shared", "baseline")
seed = os.path.join(root, "build", "seed_bfs")
have_seed = os.path.exists(os.path.join(baseline, "seed_bfs.cpp"))
if have_seed:
    subprocess.run(["g++", "-O2", "-o", seed, os.path.join(baseline, "seed_bfs.cpp")], check=True)
else:
    print("  seed baseline: ../shared/baseline/seed_bfs.cpp not found; the CLI-vs-seed ratio is skipped")


def run(argv, infile):
    """Wall time (ms), CPU time (ms), peak RSS (MiB), minor faults and stdout of one process."""
    with open(infile, "rb") as f:
        t0 = time.perf_counter()
        p = subprocess.Popen(argv, stdin=f, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        out = p.stdout.read()
        _, status, ru = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        ms = (time.perf_counter() - t0) * 1e3
    if p.returncode != 0:
        sys.exit(f"{argv[0]} failed ({p.returncode})")
    cpu = (ru.ru_utime + ru.ru_stime) * 1e3
    return ms, cpu, ru.ru_maxrss / 1024, ru.ru_minflt, out.decode().strip()


def peak_rss(argv, infile):
    """Peak resident memory (MiB) of argv as /usr/bin/time sees it (None without it): a
    child forked from Python starts with Python's peak (Linux carries it over fork
    and exec), about 14 MiB, which hid the CLI's own."""
    if not os.path.exists("/usr/bin/time"):
        return None
    with open(infile, "rb") as f:
        p = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, stdin=f, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, check=True)
    return int(p.stderr.decode().split()[-1]) / 1024


cli = os.path.join(root, "build", "perfect-play")
for name, states in (("complete200", 80000), ("random1000", 2000000)):
    js, lines = os.path.join(gdir, name + ".json"), os.path.join(gdir, name + ".txt")
    tc, cc, ts, cs, rss, flt, sflt = [], [], [], [], 0.0, 0, 0
    for _ in range(5):
        ms, cpu, r, f, a = run([cli, "solve", "cat-mouse", "-"], js)
        tc.append(ms)
        cc.append(cpu)
        rss, flt = max(rss, r), max(flt, f)
        if have_seed:
            ms2, cpu2, _, f2, b = run([seed, "1"], lines)
            ts.append(ms2)
            cs.append(cpu2)
            sflt = max(sflt, f2)
            if a != b.split()[-1]:
                sys.exit(f"answers differ on {name}: CLI {a}, seed {b}")
    mc, mcc = sorted(tc)[2], sorted(cc)[2]
    rss = peak_rss([cli, "solve", "cat-mouse", "-"], js) or rss
    line = (f"  {name:12s} CLI {mc:7.1f} ms wall {mcc:6.1f} ms CPU, peak RSS {rss:5.1f} MiB "
            f"({rss * 2**20 / states:5.1f} bytes a state), {flt} page faults")
    if have_seed:
        msd, mcs = sorted(ts)[2], sorted(cs)[2]
        line += (f" | seed C++ {msd:7.1f} ms wall {mcs:6.1f} ms CPU, {sflt} page faults"
                 f" | CLI faster: {msd / mc:4.1f}x wall, {mcs / mcc:4.1f}x CPU (goal 20x)"
                 # the least CPU time of each, the runs the other jobs disturbed least: on a
                 # shared machine the CLI's 25 ms swing to 40 with the load, the seed's 650 far less
                 f"; least CPU {min(cc):5.1f} vs {min(cs):6.1f} ms: {min(cs) / min(cc):4.1f}x")
    print(line)
