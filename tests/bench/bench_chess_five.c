/* bench_chess_five.c: one five-piece pawnless chess table built natively
 * from an empty cache, with the tables it converts into: the
 * memory said before building against the peak resident set,
 * time (wall and CPU, user + sys: the figure to trust on a loaded machine),
 * positions per second, bytes per entry and the longest mate. One table a
 * process, so the peak is that table's. Figures, not pass/fail.
 *
 *   bench_chess_five [MATERIAL]   (default KRBKR)
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <sys/resource.h>

#include "bench_clock.h"
#include "perfect_play.h"

static double cpu_s(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

int main(int argc, char **argv)
{
    const char *material = argc > 1 ? argv[1] : "KRBKR";
    pp_tb_stats st;
    pp_error err = {0};
    uint64_t need = 0;
    char name[16];
    if (pp_tb_build_bytes(material, &need, name, &err) != PP_OK) {
        printf("%s: %s\n", material, err.msg);
        return 1;
    }
    printf("%s: said before building: %.0f MiB at the peak\n", name, need / 1048576.0);
    fflush(stdout);
    double t0 = now_ms(), c0 = cpu_s();
    if (pp_tb_build_large(material, UINT64_MAX, &st, &err) != PP_OK) {
        printf("%s: %s\n", material, err.msg);
        return 1;
    }
    double wall = (now_ms() - t0) / 1e3, cpu = cpu_s() - c0;
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    uint64_t pos = st.positions[0] + st.positions[1];
    printf("  built with its conversions (%d tables) in %.1f s wall, %.1f s CPU; %.2f M positions/s (CPU)\n",
           pp_tb_count(), wall, cpu, pos / (cpu > 0 ? cpu : 1) / 1e6);
    printf("  %u index entries, %llu legal positions; %.2f bytes an entry while building, %.2f kept\n", st.entries,
           (unsigned long long)pos, (double)st.bytes_building / st.entries, (double)st.bytes_kept / st.entries);
    printf("  peak RSS %.0f MiB (%.2f bytes an entry) against %.0f MiB said before\n", ru.ru_maxrss / 1024.0,
           ru.ru_maxrss * 1024.0 / st.entries, need / 1048576.0);
    printf("  longest mate: white to move %d moves (%s), black to move %d\n", st.longest[0], st.longest_fen[0],
           st.longest[1]);
    return 0;
}
