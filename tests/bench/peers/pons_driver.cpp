// pons_driver.cpp: the line filter of c4_line.c for Pascal Pons' connect4
// solver (github.com/PascalPons/connect4, AGPL), built by c4_peers.mjs
// against a copy of its sources given on the command line, without its
// opening book; nothing of the project's build depends on it. Reads one move
// sequence a line (1-based columns), prints `score positions_explored cpu_us`.
#include <sys/resource.h>

#include <cstdio>
#include <iostream>
#include <string>

#include "Solver.hpp"

using namespace GameSolver::Connect4;

static long long cpu_us() {
    rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (long long)(u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1000000 + u.ru_utime.tv_usec + u.ru_stime.tv_usec;
}

int main() {
    Solver solver;
    std::string line;
    while (std::getline(std::cin, line)) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        Position P;
        P.play(line);
        unsigned long long n0 = solver.getNodeCount();
        long long t0 = cpu_us();
        int score = solver.solve(P, false);
        long long t1 = cpu_us();
        std::printf("%d %llu %lld\n", score, solver.getNodeCount() - n0, t1 - t0);
        std::fflush(stdout);
    }
    return 0;
}
