#!/usr/bin/env python3
"""bench_retro_cli.py: whole-process Cat and Mouse solves (issue 12). The CLI
(build/perfect-play solve cat-mouse -) against the seed's C++ BFS
(../shared/baseline/seed_bfs.cpp, g++ -O2, built here when present) on the
benchmark graphs, median of 5 each, interleaved; peak resident memory of
each process (wait4's rusage). Usage: bench_retro_cli.py GRAPH_DIR"""
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
    """Wall time (ms), peak RSS (MiB) and stdout of one process."""
    with open(infile, "rb") as f:
        t0 = time.perf_counter()
        p = subprocess.Popen(argv, stdin=f, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        out = p.stdout.read()
        _, status, ru = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        ms = (time.perf_counter() - t0) * 1e3
    if p.returncode != 0:
        sys.exit(f"{argv[0]} failed ({p.returncode})")
    return ms, ru.ru_maxrss / 1024, out.decode().strip()


cli = os.path.join(root, "build", "perfect-play")
for name, states in (("complete200", 80000), ("random1000", 2000000)):
    js, lines = os.path.join(gdir, name + ".json"), os.path.join(gdir, name + ".txt")
    tc, ts, rss = [], [], 0.0
    for _ in range(5):
        ms, r, a = run([cli, "solve", "cat-mouse", "-"], js)
        tc.append(ms)
        rss = max(rss, r)
        if have_seed:
            ms2, _, b = run([seed, "1"], lines)
            ts.append(ms2)
            if a != b.split()[-1]:
                sys.exit(f"answers differ on {name}: CLI {a}, seed {b}")
    mc = sorted(tc)[2]
    line = f"  {name:12s} CLI {mc:8.1f} ms  peak RSS {rss:6.1f} MiB ({rss * 2**20 / states:5.1f} bytes a state)"
    if have_seed:
        msd = sorted(ts)[2]
        line += f" | seed C++ {msd:8.1f} ms | CLI is {msd / mc:5.1f}x faster (goal 20x)"
    print(line)
