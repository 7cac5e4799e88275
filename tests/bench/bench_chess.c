/* bench_chess.c: chess endgame tables, native: KQKR from an
 * empty cache (its conversions KQK and KRK included), then every table of
 * up to four pieces in one process (time, positions per second, peak
 * memory). Figures, not pass/fail. Wall time and CPU time (user + sys,
 * the figure to trust on a loaded machine) side by side. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "bench_clock.h"

#include "perfect_play.h"

static const char *const all[] = {
    "KQK",  "KRK",  "KBK",  "KNK",  "KPK",  "KQQK", "KQRK", "KQBK", "KQNK", "KQPK", "KRRK", "KRBK",
    "KRNK", "KRPK", "KBBK", "KBNK", "KBPK", "KNNK", "KNPK", "KPPK", "KQKQ", "KQKR", "KQKB", "KQKN",
    "KQKP", "KRKR", "KRKB", "KRKN", "KRKP", "KBKB", "KBKN", "KBKP", "KNKN", "KNKP", "KPKP",
};

int main(int argc, char **argv)
{
    int only_kqkr = argc > 1 && strcmp(argv[1], "--kqkr") == 0;
    pp_tb_stats st;
    pp_error err = {0};
    double t0 = now_ms(), c0 = cpu_ms();
    if (pp_tb_build("KQKR", &st, &err) != PP_OK) {
        printf("KQKR: %s\n", err.msg);
        return 1;
    }
    double ms = now_ms() - t0, cms = cpu_ms() - c0;
    printf(
        "KQKR with its conversions (KQK, KRK), from an empty cache: %.0f ms wall, %.0f ms CPU (goal: at most 1500 ms)\n",
        ms, cms);
    printf("  %u index entries, %llu legal positions, %.1f bytes per entry while building, %.1f kept\n", st.entries,
           (unsigned long long)(st.positions[0] + st.positions[1]), (double)st.bytes_building / st.entries,
           (double)st.bytes_kept / st.entries);
    {
        /* measured: the process's peak so far (the program, KQK and KRK included) */
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        printf("  solver's exact bytes (pp_retro_game_bytes + the game): %llu = %.2f a entry; peak RSS %.1f MiB = %.2f "
               "bytes an entry (goal: at most 4 while building)\n",
               (unsigned long long)st.bytes_building, (double)st.bytes_building / st.entries, ru.ru_maxrss / 1024.0,
               ru.ru_maxrss * 1024.0 / st.entries);
        printf("  %.2f M positions/s (CPU)\n", (st.positions[0] + st.positions[1]) / (cms > 0 ? cms : 1) / 1e3);
    }
    if (only_kqkr) return 0;
    pp_tb_clear();
    printf("every table of up to four pieces, one process (each with what it converts into, built once):\n");
    printf("  (time: wall and CPU, each with the tables it converts into that were not built before)\n");
    double total = 0, total_cpu = 0;
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        double a = now_ms(), ca = cpu_ms();
        if (pp_tb_build(all[i], &st, &err) != PP_OK) {
            printf("  %-5s %s\n", all[i], err.msg);
            continue;
        }
        double b = now_ms() - a, cb = cpu_ms() - ca;
        total += b;
        total_cpu += cb;
        unsigned long long pos = st.positions[0] + st.positions[1];
        printf("  %-5s %7.0f ms wall %7.0f ms CPU  %9llu positions  %6.2f M positions/s (CPU)  %5.1f bytes/entry "
               "building  longest %d/%d moves\n",
               all[i], b, cb, pos, pos / (cb > 0 ? cb : 1) / 1e3, (double)st.bytes_building / st.entries, st.longest[0],
               st.longest[1]);
    }
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("all: %.1f s wall, %.1f s CPU, peak memory %.0f MiB, %d tables kept\n", total / 1e3, total_cpu / 1e3,
           ru.ru_maxrss / 1024.0, pp_tb_count());
    return 0;
}
