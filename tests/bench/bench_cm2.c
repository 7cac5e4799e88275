/* bench_cm2.c: Cat and Mouse II (LeetCode 1728) solved natively on the
 * largest grids (8 x 8: 8,192 states). One solve takes well under a
 * millisecond, so each timing covers REPS solves; the median of RUNS
 * timings is reported as states and reverse edges per second. Reads the
 * boards from argv[1] (tests/bench/boards_cm2.txt); prints a table, then
 * one JSON line per board for bench_cm2_wasm.mjs. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_clock.h"
#include "perfect_play.h"

#define RUNS 7
#define REPS 200

static void bench(const char *name, const char *input)
{
    pp_catmouse2 *g = NULL;
    pp_error err;
    if (pp_catmouse2_parse(input, strlen(input), &g, &err) != PP_OK) {
        printf("%s: %s\n", name, err.msg);
        return;
    }
    const pp_retro_game *game = pp_catmouse2_retro(g);
    double ms[RUNS];
    pp_retro_stats st = {0};
    int answer = -1, remoteness = -1;
    for (int i = 0; i < RUNS; i++) {
        double t0 = now_ms();
        for (int k = 0; k < REPS; k++) {
            pp_retro *r = NULL;
            int done = 0;
            if (pp_retro_new(game, NULL, &r, NULL) != PP_OK || pp_retro_run(r, UINT64_MAX, &done) != PP_OK || !done) {
                printf("%s: solver failed\n", name);
                pp_retro_free(r);
                pp_catmouse2_free(g);
                return;
            }
            if (i == 0 && k == 0) {
                pp_retro_get_stats(r, &st);
                answer = pp_catmouse2_answer(g, r);
                remoteness = pp_retro_remoteness(r)[pp_catmouse2_start(g)];
            }
            pp_retro_free(r);
        }
        ms[i] = (now_ms() - t0) / REPS;
    }
    qsort(ms, RUNS, sizeof ms[0], cmp_ms);
    double med = ms[RUNS / 2];
    printf(
        "%-18s %6u states %8llu relaxations  %7.3f ms/solve  %6.2f M states/s  %6.1f M relaxations/s  answer %s (start remoteness %d)\n",
        name, game->nstates, (unsigned long long)st.relaxations, med, game->nstates / med / 1e3,
        (double)st.relaxations / med / 1e3, answer == 1 ? "true" : "false", remoteness);
    printf("JSON {\"board\":\"%s\",\"median_ms\":%.5f,\"states\":%u,\"relaxations\":%llu,\"answer\":%d}\n", name, med,
           game->nstates, (unsigned long long)st.relaxations, answer);
    pp_catmouse2_free(g);
}

int main(int argc, char **argv)
{
    FILE *f = fopen(argc > 1 ? argv[1] : "tests/bench/boards_cm2.txt", "r");
    if (!f) {
        printf("bench_cm2: cannot open the boards file\n");
        return 1;
    }
    printf("Cat and Mouse II, native (gcc -O2): median of %d timings of %d solves each, no trace\n", RUNS, REPS);
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        line[strcspn(line, "\n")] = '\0';
        char *space = strchr(line, ' ');
        if (!space) continue;
        *space = '\0';
        bench(line, space + 1);
    }
    fclose(f);
    return 0;
}
