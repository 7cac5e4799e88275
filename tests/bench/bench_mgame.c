/* bench_mgame.c: exact matrix games solved a second, natively: random games
 * of goals 0..100 (the entries a GDL game's last moves give) from 2 x 2 to
 * 12 x 12, by the default (a saddle point, else the simplex in integers),
 * the simplex alone and support enumeration; CPU time, the median of three
 * runs, and how many games of each size passed 128 bits (PP_ERR_LIMIT). */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "../../c/perfect_play.h"
#include "bench_clock.h"

static uint64_t seed = 1;
static uint32_t rnd(uint32_t n)
{
    uint64_t z = (seed += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (uint32_t)((z ^ (z >> 31)) % n);
}

static const char *names[3] = {"auto", "simplex", "support"};

int main(void)
{
    static const uint32_t sizes[][2] = {{2, 2}, {3, 3}, {2, 9}, {4, 4}, {5, 5}, {6, 6}, {8, 8}, {10, 10}, {12, 12}};
    printf("%-7s %-8s %12s %10s %8s\n", "size", "method", "games/s", "pivots", "limits");
    for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
        uint32_t r = sizes[z][0], c = sizes[z][1], n = 2000;
        pp_frac *a = malloc((size_t)n * r * c * sizeof *a), *row = malloc(r * sizeof *row),
                *col = malloc(c * sizeof *col), v;
        if (!a || !row || !col) return 1;
        for (size_t x = 0; x < (size_t)n * r * c; x++) a[x] = (pp_frac){rnd(101), 1};
        for (int m = 0; m < 3; m++) {
            if (m == PP_MGAME_SUPPORT && r * c > 36) continue; /* C(2k, k) pairs */
            double ms[3];
            uint64_t pivots = 0, limits = 0;
            for (int rep = 0; rep < 3; rep++) {
                pivots = limits = 0;
                double t0 = cpu_ms();
                for (uint32_t g = 0; g < n; g++) {
                    pp_error err;
                    pp_mgame_stats st;
                    if (pp_mgame_solve(a + (size_t)g * r * c, r, c, m, &v, row, col, &st, &err)) limits++;
                    pivots += st.pivots;
                }
                ms[rep] = cpu_ms() - t0;
            }
            qsort(ms, 3, sizeof *ms, cmp_ms);
            printf("%2ux%-4u %-8s %12.0f %10.1f %8llu\n", r, c, names[m], n / (ms[1] / 1e3), (double)pivots / n,
                   (unsigned long long)limits);
        }
        free(a), free(row), free(col);
    }
    return 0;
}
