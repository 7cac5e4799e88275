/* cli_chess.c: `solve chess-endgame FEN` and `tablebase MATERIAL` (issue 15).
 *
 * DTM is printed in moves: "mate in N" (the side to move mates in N moves,
 * 2N - 1 plies), "mated in N" (it is mated after N moves of its own, 2N
 * plies; 0: checkmated now), "draw".
 */
#define _POSIX_C_SOURCE 199309L
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

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
        double t0 = now();
        if (pp_chess_solve_fen(text, &a, &err) != PP_OK)
            return cli_fail(err.code == PP_ERR_INPUT ? 2 : 1, "%s", err.msg);
        print_answer(&a, o->json, now() - t0);
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
        double t0 = now();
        if (pp_chess_solve_fen(fen, &a, &err) != PP_OK)
            return cli_fail(err.code == PP_ERR_INPUT ? 2 : 1, "line %d: %s", line, err.msg);
        print_answer(&a, o->json, now() - t0);
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

int cli_tablebase(int argc, char **argv)
{
    const char *material = NULL;
    int json = 0;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) json = 1;
        else if (argv[i][0] == '-' && argv[i][1] == '-') return cli_fail(2, "unknown option '%s'", argv[i]);
        else if (!material) material = argv[i];
        else return cli_fail(2, "unexpected argument '%s'", argv[i]);
    }
    if (!material) return cli_fail(2, "usage: perfect-play tablebase MATERIAL [--json]   (e.g. KRK, KQKR)");
    pp_tb_stats st;
    pp_error err = {0};
    double t0 = now();
    if (pp_tb_build(material, &st, &err) != PP_OK) return cli_fail(err.code == PP_ERR_INPUT ? 2 : 1, "%s", err.msg);
    double seconds = now() - t0;
    uint64_t positions = st.positions[0] + st.positions[1];
    double per_building = (double)st.bytes_building / st.entries, per_kept = (double)st.bytes_kept / st.entries;
    static const char *const side[2] = {"white", "black"};
    if (!json) {
        printf("table %s: %u index entries, %llu legal positions (one per symmetry class)\n", st.material, st.entries,
               (unsigned long long)positions);
        for (int c = 0; c < 2; c++)
            printf("%s to move: %llu positions, %llu wins, %llu draws, %llu losses\n", side[c],
                   (unsigned long long)st.positions[c], (unsigned long long)st.wins[c],
                   (unsigned long long)st.draws[c], (unsigned long long)st.losses[c]);
        for (int c = 0; c < 2; c++) {
            if (st.longest[c] < 0) printf("longest win, %s to move: none\n", side[c]);
            else printf("longest win, %s to move: mate in %d moves, %s\n", side[c], st.longest[c], st.longest_fen[c]);
        }
        printf("built in %.3f s with its conversions (%d tables in the cache); %.2f bytes per index entry while "
               "building, %.2f kept\n",
               seconds, pp_tb_count(), per_building, per_kept);
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
    printf("},\"seconds\":%.3f,\"tables_built\":%d,\"bytes_per_entry\":{\"building\":%.2f,\"kept\":%.2f}}\n", seconds,
           pp_tb_count(), per_building, per_kept);
    return 0;
}
