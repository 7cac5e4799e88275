/* bench_connect4.c: one Connect Four stage on a list of positions, one
 * solver kept for the whole list (as `solve connect-four -` does), printing
 * one line: positions, positions explored, seconds (CPU time of this process
 * and wall time), ms a position and positions explored a second. Compiled
 * natively and with emcc (-sNODERAWFS) so the same positions give the WASM
 * against native ratio.
 *
 *   bench_connect4 STAGE [WxH] < positions     (one move sequence a line)
 *   PP_C4_TABLE_BITS=N sizes the table (default: the library's).
 *   PP_C4_PROGRESS=K calls a progress hook every 2^K positions (the page's
 *   progress; the line then counts its calls as `reports`). */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "perfect_play.h"

static double wall_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The progress hook: counts its calls, never stops the search. */
static int count_reports(const pp_c4_progress *p, void *ctx)
{
    (void)p;
    ++*(uint64_t *)ctx;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || pp_c4_stage_parse(argv[1]) < 0) {
        fprintf(stderr, "usage: bench_connect4 STAGE [WxH] < positions\n");
        return 2;
    }
    int stage = pp_c4_stage_parse(argv[1]), w = 7, h = 6;
    if (argc > 2 && sscanf(argv[2], "%dx%d", &w, &h) != 2) {
        fprintf(stderr, "bench_connect4: size must be WxH\n");
        return 2;
    }
    const char *env = getenv("PP_C4_TABLE_BITS");
    pp_error err = {PP_OK, ""};
    pp_c4_solver *s = NULL;
    if (pp_c4_solver_new(env ? (uint32_t)atoi(env) : 0, &s, &err) != PP_OK) {
        fprintf(stderr, "bench_connect4: %s\n", err.msg);
        return 1;
    }
    uint64_t reports = 0;
    const char *every = getenv("PP_C4_PROGRESS");
    if (every && *every &&
        pp_c4_solver_set_progress(s, (uint32_t)atoi(every), count_reports, &reports, &err) != PP_OK) {
        fprintf(stderr, "bench_connect4: %s\n", err.msg);
        pp_c4_solver_free(s);
        return 1;
    }
    char line[256];
    long count = 0;
    uint64_t nodes = 0;
    int64_t checksum = 0;
    clock_t c0 = clock();
    double t0 = wall_s();
    while (fgets(line, sizeof line, stdin)) {
        size_t len = strcspn(line, "\r\n");
        pp_c4 *p = NULL;
        int32_t score = 0;
        uint64_t n = 0;
        if (pp_c4_parse(w, h, line, len, &p, &err) != PP_OK ||
            pp_c4_solve(s, p, stage, 0, 0, &score, &n, &err) != PP_OK) {
            fprintf(stderr, "bench_connect4: line %ld: %s\n", count + 1, err.msg);
            pp_c4_free(p);
            pp_c4_solver_free(s);
            return 1;
        }
        pp_c4_free(p);
        nodes += n;
        checksum = checksum * 31 + score;
        count++;
    }
    double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC, wall = wall_s() - t0;
    printf("%s %dx%d positions %ld explored %llu cpu_s %.3f wall_s %.3f ms_per_position %.2f explored_per_s %.0f "
           "scores %lld reports %llu\n",
           argv[1], w, h, count, (unsigned long long)nodes, cpu, wall, count ? cpu * 1e3 / count : 0.0,
           cpu > 0 ? (double)nodes / cpu : 0.0, (long long)checksum, (unsigned long long)reports);
    pp_c4_solver_free(s);
    return 0;
}
