/* bench_native.c: the retrograde solver natively on the benchmark graphs.
 * Prints a table, then one JSON line per graph for bench_wasm.mjs. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench_clock.h"
#include "perfect_play.h"

#define RUNS 7

static void bench(const char *name, pp_catmouse *g)
{
    double ms[RUNS];
    pp_retro_stats st = {0};
    int answer = -1;
    for (int i = 0; i < RUNS; i++) {
        double t0 = now_ms();
        pp_retro *r = NULL;
        int done = 0;
        if (pp_retro_new(pp_catmouse_retro(g), NULL, &r, NULL) != PP_OK) {
            printf("%s: solver failed\n", name);
            return;
        }
        while (!done) pp_retro_run(r, UINT64_MAX, &done);
        ms[i] = now_ms() - t0;
        pp_retro_get_stats(r, &st);
        answer = pp_retro_outcomes(r)[pp_catmouse_start(g)];
        pp_retro_free(r);
    }
    qsort(ms, RUNS, sizeof ms[0], cmp_ms);
    double med = ms[RUNS / 2];
    printf(
        "%-24s %8llu states %10llu relaxations  median %8.2f ms (min %.2f, max %.2f)  %7.1f M relaxations/s  answer %d\n",
        name, (unsigned long long)st.states, (unsigned long long)st.relaxations, med, ms[0], ms[RUNS - 1],
        st.relaxations / med / 1e3, answer);
    printf("JSON {\"graph\":\"%s\",\"median_ms\":%.3f,\"relaxations\":%llu,\"answer\":%d}\n", name, med,
           (unsigned long long)st.relaxations, answer);
}

int main(void)
{
    pp_catmouse *g = NULL;
    printf("native (gcc -O2), median of %d runs, solve = classify + seed + BFS, no trace\n", RUNS);
    if (pp_catmouse_complete(200, &g, NULL) == PP_OK) bench("complete-200", g);
    pp_catmouse_free(g);
    for (int seed = 1; seed <= 2; seed++) {
        char name[32];
        snprintf(name, sizeof name, "random-1000-deg8-s%d", seed);
        if (pp_catmouse_random(1000, 8, (uint64_t)seed, &g, NULL) == PP_OK) bench(name, g);
        pp_catmouse_free(g);
    }
    return 0;
}
