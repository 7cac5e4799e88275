// c4_driver.cpp: the line filter of c4_line.c for Christophe Steininger's c4
// solver (github.com/ChristopheSteininger/c4, AGPL), built by c4_peers.mjs
// against a copy of its sources given on the command line; nothing of the
// project's build depends on it. Reads one move sequence a line (1-based
// columns), prints `score positions_explored cpu_us`.
#include <sys/resource.h>

#include <cstdio>
#include <iostream>
#include <string>

#include "solver/position.h"
#include "solver/solver.h"

static long long cpu_us() {
    rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (long long)(u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1000000 + u.ru_utime.tv_usec + u.ru_stime.tv_usec;
}

int main() {
    Solver solver{};
    std::string line;
    while (std::getline(std::cin, line)) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        Position pos{};
        for (char c : line) pos.move(c - '1');
        unsigned long long n0 = solver.get_merged_stats().get_num_nodes();
        long long t0 = cpu_us();
        int score = solver.solve_strong(pos);
        long long t1 = cpu_us();
        unsigned long long n1 = solver.get_merged_stats().get_num_nodes();
        std::printf("%d %llu %lld\n", score, n1 - n0, t1 - t0);
        std::fflush(stdout);
    }
    return 0;
}
