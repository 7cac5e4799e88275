/* cli_chess.c: `solve chess-endgame FEN` and `tablebase MATERIAL`.
 *
 * DTM is printed in moves: "mate in N" (the side to move mates in N moves,
 * 2N - 1 plies), "mated in N" (it is mated after N moves of its own, 2N
 * plies; 0: checkmated now), "draw".
 */
#define _DEFAULT_SOURCE /* sysconf's _SC_AVPHYS_PAGES */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "internal.h"

static const char *outcome_name(int o) { return o > 0 ? "win" : o < 0 ? "loss" : "draw"; }

static void print_answer(const pp_chess_answer *a, int json, double seconds)
{
    char answer[32];
    if (a->outcome > 0) snprintf(answer, sizeof answer, "mate in %d", a->dtm);
    else if (a->outcome < 0) snprintf(answer, sizeof answer, "mated in %d", a->dtm);
    else snprintf(answer, sizeof answer, "draw");
    if (!json) {
        printf("%s\n", answer);
        return;
    }
    printf("{\"answer\":\"%s\",\"outcome\":\"%s\",", answer, outcome_name(a->outcome));
    if (a->outcome) printf("\"dtm\":%d,\"plies\":%d,", a->dtm, a->plies);
    else printf("\"dtm\":null,\"plies\":null,");
    if (a->best >= 0) printf("\"best\":\"%s\",", a->moves[a->best].uci);
    else printf("\"best\":null,");
    printf("\"moves\":[");
    for (int i = 0; i < a->nmoves; i++) {
        const pp_chess_move *m = &a->moves[i];
        printf("%s{\"uci\":\"%s\",\"outcome\":\"%s\",", i ? "," : "", m->uci, outcome_name(m->outcome));
        if (m->outcome) printf("\"dtm\":%d,\"plies\":%d}", m->dtm, m->plies);
        else printf("\"dtm\":null,\"plies\":null}");
    }
    printf("],\"stats\":{\"table\":\"%s\",\"tables_built\":%d,\"seconds\":%.3f}}\n", a->material, pp_tb_count(),
           seconds);
}

int cli_solve_chess(const options *o, const char *text, size_t len)
{
    (void)len;
    static pp_chess_answer a; /* 3 KiB of moves: kept off the stack */
    pp_error err = {0};
    if (strcmp(o->input, "-") != 0) {
        double t0 = (pp__now_ms() / 1e3);
        if (pp_chess_solve_fen(text, &a, &err) != PP_OK)
            return cli_fail(err.code == PP_ERR_INPUT ? 2 : 1, "%s", err.msg);
        print_answer(&a, o->json, (pp__now_ms() / 1e3) - t0);
        return 0;
    }
    /* One FEN a line; tables stay built between lines. */
    int line = 0;
    for (const char *s = text; *s;) {
        const char *e = strchr(s, '\n');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        char fen[256];
        line++;
        if (n >= sizeof fen) return cli_fail(2, "line %d: not a FEN (too long)", line);
        memcpy(fen, s, n);
        fen[n] = 0;
        if (n && fen[n - 1] == '\r') fen[--n] = 0;
        s = e ? e + 1 : s + n;
        if (strspn(fen, " \t") == n) continue; /* blank line */
        double t0 = (pp__now_ms() / 1e3);
        if (pp_chess_solve_fen(fen, &a, &err) != PP_OK)
            return cli_fail(err.code == PP_ERR_INPUT ? 2 : 1, "line %d: %s", line, err.msg);
        print_answer(&a, o->json, (pp__now_ms() / 1e3) - t0);
        fflush(stdout);
    }
    return 0;
}

static void print_hist(const uint64_t *h)
{
    int last = -1;
    for (int i = 0; i < PP_TB_HIST; i++)
        if (h[i]) last = i;
    printf("[");
    for (int i = 0; i <= last; i++) printf("%s%llu", i ? "," : "", (unsigned long long)h[i]);
    printf("]");
}

/* The figure in kB on the line of a /proc file that starts with `key`
 * (0 if the file or the line is missing). */
static uint64_t proc_kib(const char *path, const char *key)
{
    FILE *f = fopen(path, "r");
    char line[256];
    unsigned long long kb = 0;
    const size_t n = strlen(key);
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, key, n) == 0 && sscanf(line + n, " %llu", &kb) == 1) break;
    if (f) fclose(f);
    return kb;
}

/* The memory the machine can give now, in bytes: MemAvailable from
 * /proc/meminfo, else the free physical pages (0 if neither is known). */
static uint64_t available_memory(void)
{
    uint64_t kb = proc_kib("/proc/meminfo", "MemAvailable:");
    if (kb) return kb << 10;
#if defined(_SC_AVPHYS_PAGES)
    long pages = sysconf(_SC_AVPHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages > 0 && size > 0) return (uint64_t)pages * (uint64_t)size;
#endif
    return 0;
}

/* The peak resident set of this process so far, in bytes (0 if unknown). */
static uint64_t peak_rss(void) { return proc_kib("/proc/self/status", "VmHWM:") << 10; }

static double mib(uint64_t bytes) { return (double)bytes / (1 << 20); }

/* `tablebase MATERIAL --fen FEN`: answers as `solve chess-endgame` does,
 * from the tables built; FEN `-` reads one a line from standard input. */
static int probe_fens(const char *fen, int json)
{
    static pp_chess_answer a;
    pp_error err = {0};
    if (strcmp(fen, "-") != 0) {
        double t0 = (pp__now_ms() / 1e3);
        if (pp_chess_probe_fen(fen, &a, &err) != PP_OK)
            return cli_fail(err.code == PP_ERR_INPUT ? 2 : 1, "%s", err.msg);
        print_answer(&a, json, (pp__now_ms() / 1e3) - t0);
        return 0;
    }
    char line[512];
    for (int n = 1; fgets(line, sizeof line, stdin); n++) {
        size_t len = strcspn(line, "\r\n");
        line[len] = 0;
        if (strspn(line, " \t") == len) continue; /* blank line */
        double t0 = (pp__now_ms() / 1e3);
        if (pp_chess_probe_fen(line, &a, &err) != PP_OK)
            return cli_fail(err.code == PP_ERR_INPUT ? 2 : 1, "line %d: %s", n, err.msg);
        print_answer(&a, json, (pp__now_ms() / 1e3) - t0);
    }
    return 0;
}

int cli_tablebase(int argc, char **argv)
{
    const char *material = NULL, *fen = NULL;
    int json = 0;
    double max_mib = -1;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) json = 1;
        else if (strcmp(argv[i], "--fen") == 0 && i + 1 < argc) fen = argv[++i];
        else if (strcmp(argv[i], "--max-memory") == 0 && i + 1 < argc) {
            char *end;
            max_mib = strtod(argv[++i], &end);
            if (*end || !(max_mib >= 0)) return cli_fail(2, "--max-memory takes a number of MiB, not '%s'", argv[i]);
        } else if (argv[i][0] == '-' && argv[i][1] == '-') return cli_fail(2, "unknown option '%s'", argv[i]);
        else if (!material) material = argv[i];
        else return cli_fail(2, "unexpected argument '%s'", argv[i]);
    }
    if (!material)
        return cli_fail(2, "usage: perfect-play tablebase MATERIAL [--json] [--fen FEN] [--max-memory MiB]   "
                           "(e.g. KRK, KQKR; five pieces pawnless: KRBKR)");
    pp_tb_stats st;
    pp_error err = {0};
    /* Five pieces: the memory the build will need, said before anything is
     * allocated, and held to what the machine has (or --max-memory). */
    uint64_t need = 0, avail = available_memory();
    char name[16];
    if (pp_tb_build_bytes(material, &need, name, &err) != PP_OK)
        return cli_fail(err.code == PP_ERR_INPUT ? 2 : 1, "%s", err.msg);
    int five = strlen(name) > 4;
    uint64_t limit = five && avail ? avail : UINT64_MAX; /* unknown: not held back */
    if (max_mib >= 0 && max_mib * (1 << 20) < (double)limit) limit = (uint64_t)(max_mib * (1 << 20));
    if (five || max_mib >= 0) {
        fprintf(stderr, "tablebase %s: building needs %.0f MiB at its peak (with the tables it converts into); ", name,
                mib(need));
        if (avail) fprintf(stderr, "%.0f MiB available", mib(avail));
        else fprintf(stderr, "the memory available is unknown");
        if (max_mib >= 0) fprintf(stderr, ", %.0f MiB allowed (--max-memory)", max_mib);
        fprintf(stderr, "\n");
        if (need > limit)
            return cli_fail(2, "not enough memory: building %s needs %.0f MiB, the limit is %.0f MiB", name, mib(need),
                            mib(limit));
    }
    double t0 = (pp__now_ms() / 1e3);
    if (pp_tb_build_large(material, limit, &st, &err) != PP_OK)
        return cli_fail(err.code == PP_ERR_INPUT ? 2 : 1, "%s", err.msg);
    double seconds = (pp__now_ms() / 1e3) - t0;
    if (fen) return probe_fens(fen, json);
    uint64_t positions = st.positions[0] + st.positions[1];
    double per_building = (double)st.bytes_building / st.entries, per_kept = (double)st.bytes_kept / st.entries;
    static const char *const side[2] = {"white", "black"};
    if (!json) {
        printf("table %s: %u index entries, %llu legal positions (one per symmetry class)\n", st.material, st.entries,
               (unsigned long long)positions);
        for (int c = 0; c < 2; c++)
            printf("%s to move: %llu positions, %llu wins, %llu draws, %llu losses\n", side[c],
                   (unsigned long long)st.positions[c], (unsigned long long)st.wins[c], (unsigned long long)st.draws[c],
                   (unsigned long long)st.losses[c]);
        for (int c = 0; c < 2; c++) {
            if (st.longest[c] < 0) printf("longest win, %s to move: none\n", side[c]);
            else printf("longest win, %s to move: mate in %d moves, %s\n", side[c], st.longest[c], st.longest_fen[c]);
        }
        printf("built in %.3f s with its conversions (%d tables in the cache); %.2f bytes per index entry while "
               "building, %.2f kept\n",
               seconds, pp_tb_count(), per_building, per_kept);
        if (five)
            printf("memory: %.0f MiB needed at the peak (said before building), %.0f MiB peak resident\n", mib(need),
                   mib(peak_rss()));
        return 0;
    }
    printf("{\"material\":\"%s\",\"entries\":%u,\"positions\":{\"white\":%llu,\"black\":%llu},", st.material,
           st.entries, (unsigned long long)st.positions[0], (unsigned long long)st.positions[1]);
    for (int c = 0; c < 2; c++)
        printf("\"%s_to_move\":{\"wins\":%llu,\"draws\":%llu,\"losses\":%llu},", side[c],
               (unsigned long long)st.wins[c], (unsigned long long)st.draws[c], (unsigned long long)st.losses[c]);
    printf("\"histogram\":{\"unit\":\"moves\",\"mate_in\":");
    print_hist(st.hist[0]);
    printf(",\"mated_in\":");
    print_hist(st.hist[1]);
    printf("},\"longest_win\":{");
    for (int c = 0; c < 2; c++) {
        printf("%s\"%s\":", c ? "," : "", side[c]);
        if (st.longest[c] < 0) printf("null");
        else printf("{\"moves\":%d,\"fen\":\"%s\"}", st.longest[c], st.longest_fen[c]);
    }
    printf("},\"seconds\":%.3f,\"tables_built\":%d,\"bytes_per_entry\":{\"building\":%.2f,\"kept\":%.2f},"
           "\"memory\":{\"needed_bytes\":%llu,\"available_bytes\":%llu,\"peak_rss_bytes\":%llu}}\n",
           seconds, pp_tb_count(), per_building, per_kept, (unsigned long long)need, (unsigned long long)avail,
           (unsigned long long)peak_rss());
    return 0;
}
