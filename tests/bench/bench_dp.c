/* bench_dp.c: the DP solvers natively at the largest sizes this tool
 * accepts: cells computed per second, untraced and traced. Prints a table,
 * then one JSON line per case (like bench_native.c). */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_clock.h"
#include "perfect_play.h"

#define RUNS 5
#define BATCH_MS 25.0
#define TRACE_CAP (1u << 24)

/* A deterministic list: values in [lo, hi]. */
static int64_t *values(uint32_t n, int64_t lo, int64_t hi, uint64_t seed)
{
    int64_t *v = malloc((size_t)n * sizeof *v);
    for (uint32_t i = 0; i < n; i++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        v[i] = lo + (int64_t)((seed >> 33) % (uint64_t)(hi - lo + 1));
    }
    return v;
}

/* One solve: its time in ms, or -1 if it failed (said on stdout). */
static double solve_once(const char *name, const pp_dp_input *in, pp_dp_algo algo, int traced, pp_dp_stats *st,
                         char *answer, size_t cap, uint32_t *events, int *truncated)
{
    pp_trace *t = NULL;
    if (traced) pp_trace_new(TRACE_CAP, &t, NULL);
    pp_dp *d = NULL;
    pp_error err;
    double t0 = now_ms();
    if (pp_dp_solve(in, algo, t, &d, &err) != PP_OK) {
        printf("%s: %s\n", name, err.msg);
        pp_trace_free(t);
        return -1;
    }
    double ms = now_ms() - t0;
    pp_dp_get_stats(d, st);
    pp_dp_format_answer(d, answer, cap);
    *events = pp_trace_count(t);
    *truncated = pp_trace_truncated(t);
    pp_dp_free(d);
    pp_trace_free(t);
    return ms;
}

/* Milliseconds per solve, the fastest of RUNS batches (noise only ever adds
 * time); each batch repeats the
 * solve until it lasts BATCH_MS at least, so that solves of a millisecond or
 * two are timed as reliably as long ones (bench_dp_wasm.mjs times the same
 * way). Traced: into a trace of TRACE_CAP events. */
static void bench(const char *name, const pp_dp_input *in, pp_dp_algo algo, int traced)
{
    double ms[RUNS];
    pp_dp_stats st = {0};
    char answer[32] = "?";
    uint32_t events = 0;
    int truncated = 0, reps = 1;
    for (int r = 0; r < RUNS; r++) {
        double sum = 0;
        int done = 0;
        do {
            double one = solve_once(name, in, algo, traced, &st, answer, sizeof answer, &events, &truncated);
            if (one < 0) return;
            sum += one;
            done++;
        } while (done < reps || (r == 0 && sum < BATCH_MS));
        if (r == 0) reps = done;
        ms[r] = sum / done;
    }
    qsort(ms, RUNS, sizeof ms[0], cmp_ms);
    double med = ms[0], rate = st.nodes / med / 1e3;
    uint64_t work = st.reads + st.choices + st.marks + st.calls;
    printf("%-30s %-11s %-7s %10llu cells %11llu reads+moves  fastest %8.3f ms  %8.2f M cells/s  %8.1f M steps/s  %s",
           name, pp_dp_algo_name(algo), traced ? "traced" : "", (unsigned long long)st.nodes, (unsigned long long)work,
           med, rate, (st.nodes + work) / med / 1e3, answer);
    if (traced) printf("  (%u events%s)", events, truncated ? ", truncated" : "");
    printf("\n");
    printf("JSON {\"case\":\"%s\",\"algo\":\"%s\",\"traced\":%s,\"median_ms\":%.3f,\"cells\":%llu,\"steps\":%llu,"
           "\"cells_per_s\":%.0f}\n",
           name, pp_dp_algo_name(algo), traced ? "true" : "false", med, (unsigned long long)st.nodes,
           (unsigned long long)(st.nodes + work), st.nodes / med * 1e3);
}

static pp_dp_input *list(pp_dp_problem p, uint32_t n, int64_t lo, int64_t hi, uint64_t seed)
{
    int64_t *a = values(n, lo, hi, seed), *b = values(n, lo, hi, seed + 1);
    pp_dp_input *in = NULL;
    pp_error err;
    if (pp_dp_input_new(p, a, b, n, &in, &err) != PP_OK) printf("%s: %s\n", pp_dp_problem_name(p), err.msg);
    free(a);
    free(b);
    return in;
}

static pp_dp_input *numbers(pp_dp_problem p, int64_t x, int64_t y)
{
    int64_t v[2] = {x, y};
    pp_dp_input *in = NULL;
    pp_dp_input_new(p, v, NULL, 0, &in, NULL);
    return in;
}

int main(void)
{
    printf(
        "native (gcc -O2), fastest of %d batches of %.0f ms or more; a cell is one DP_CELL; steps = cells + reads + moves "
        "weighed + marks + calls\n",
        RUNS, BATCH_MS);
    static const struct {
        const char *name;
        pp_dp_problem p;
        uint32_t n;
        int64_t lo, hi;
        pp_dp_algo algo;
        int trace;
    } cases[] = {
        {"stone-game-vii n=1000", PP_DP_STONE_GAME_VII, PP_DP_MAX_ENDS, 1, 1000, PP_DP_ALGO_DP, 1},
        {"stone-game-v n=500", PP_DP_STONE_GAME_V, PP_DP_MAX_SPLIT, 1, 1000000, PP_DP_ALGO_DP, 1},
        {"stone-game-iii n=50000", PP_DP_STONE_GAME_III, PP_DP_MAX_STONE3, -1000, 1000, PP_DP_ALGO_DP, 1},
        {"stone-game n=1000", PP_DP_STONE_GAME, PP_DP_MAX_ENDS, 1, 500, PP_DP_ALGO_DP, 0},
        {"stone-game n=1000", PP_DP_STONE_GAME, PP_DP_MAX_ENDS, 1, 500, PP_DP_ALGO_DIFF, 0},
        {"stone-game-ii n=1000", PP_DP_STONE_GAME_II, PP_DP_MAX_STONE2, 1, 10000, PP_DP_ALGO_DP, 0},
        {"stone-game-vi n=100000", PP_DP_STONE_GAME_VI, PP_DP_MAX_STONE6, 1, 100, PP_DP_ALGO_DP, 0},
        {"stone-game-vi n=20", PP_DP_STONE_GAME_VI, PP_DP_MAX_EXHAUSTIVE, 1, 100, PP_DP_ALGO_EXHAUSTIVE, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pp_dp_input *in = list(cases[i].p, cases[i].n, cases[i].lo, cases[i].hi, 1000 + i);
        if (!in) continue;
        bench(cases[i].name, in, cases[i].algo, 0);
        if (cases[i].trace) bench(cases[i].name, in, cases[i].algo, 1);
        pp_dp_input_free(in);
    }
    pp_dp_input *in = numbers(PP_DP_STONE_GAME_IV, PP_DP_MAX_SQUARES, 0);
    bench("stone-game-iv n=100000", in, PP_DP_ALGO_DP, 0);
    bench("stone-game-iv n=100000", in, PP_DP_ALGO_SIEVE, 0);
    pp_dp_input_free(in);
    in = numbers(PP_DP_NIM, PP_DP_NIM_TABLE_MAX, 0);
    bench("nim n=100000", in, PP_DP_ALGO_DP, 0);
    pp_dp_input_free(in);
    in = numbers(PP_DP_CAN_I_WIN, PP_DP_MAX_CHOOSABLE, 210);
    bench("can-i-win 20, 210", in, PP_DP_ALGO_DP, 0);
    pp_dp_input_free(in);
    return 0;
}
