/* c4_line.c: the strongest Connect Four stage as a line filter for the peer
 * comparison (c4_peers.mjs): reads one move sequence a line (1-based
 * columns, 7 x 6), solves it with one solver kept for the whole run, and
 * prints `score positions_explored cpu_us` a line, flushed, so a driver can
 * feed several solvers one position at a time. CPU time from getrusage.
 * PP_C4_TABLE_BITS=N sizes the table (default: the library's). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "perfect_play.h"

static long long cpu_us(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (long long)(u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1000000 + u.ru_utime.tv_usec + u.ru_stime.tv_usec;
}

int main(void)
{
    const char *env = getenv("PP_C4_TABLE_BITS");
    pp_error err = {PP_OK, ""};
    pp_c4_solver *s = NULL;
    if (pp_c4_solver_new(env ? (uint32_t)atoi(env) : 0, &s, &err) != PP_OK) {
        fprintf(stderr, "c4_line: %s\n", err.msg);
        return 1;
    }
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        size_t len = strcspn(line, "\r\n");
        pp_c4 *p = NULL;
        int32_t score = 0;
        uint64_t n = 0;
        long long t0 = cpu_us();
        if (pp_c4_parse(7, 6, line, len, &p, &err) != PP_OK ||
            pp_c4_solve(s, p, PP_C4_STRONGEST, 0, 0, &score, &n, &err) != PP_OK) {
            fprintf(stderr, "c4_line: %.*s: %s\n", (int)len, line, err.msg);
            pp_c4_free(p);
            pp_c4_solver_free(s);
            return 1;
        }
        long long t1 = cpu_us();
        pp_c4_free(p);
        printf("%d %llu %lld\n", score, (unsigned long long)n, t1 - t0);
        fflush(stdout);
    }
    pp_c4_solver_free(s);
    return 0;
}
