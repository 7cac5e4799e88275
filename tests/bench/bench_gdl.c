/* bench_gdl.c: games in the Game Description Language, natively: for each
 * example, grounding, enumerating and solving its state graph (states a
 * second, the fastest of several runs), and GDL tic-tac-toe against the
 * hand-coded one, both through the same alpha-beta with a table (positions
 * a second and the ratio of their times). The lines "gdl NAME states
 * enum_per_s solve_per_s" are what bench_gdl.mjs compares WASM with.
 *   ./build/bench_gdl [web/src/gdl/examples]
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_clock.h"
#include "perfect_play.h"

#define RUNS 7

static char *read_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = malloc(1 << 20);
    *len = buf ? fread(buf, 1, (1 << 20) - 1, f) : 0;
    if (buf) buf[*len] = '\0';
    fclose(f);
    return buf;
}

static double ab_ms(const pp_game *game, uint64_t *nodes, int32_t *value)
{
    double best = 1e300;
    for (int k = 0; k < RUNS; k++) {
        pp_ab_options o;
        pp_ab_defaults(&o);
        o.tt = 1;
        pp_ab_result r;
        pp_error err = {0};
        double t0 = now_ms();
        if (pp_ab_solve(game, &o, NULL, &r, &err) != PP_OK) {
            fprintf(stderr, "alpha-beta: %s\n", err.msg);
            exit(1);
        }
        double t = now_ms() - t0;
        if (t < best) best = t;
        *nodes = r.stats.nodes;
        *value = r.value;
    }
    return best;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "web/src/gdl/examples";
    static const char *const names[] = {"nim", "take21", "tictactoe", "connect3", "chomp", "hanoi"};
    printf("GDL examples, native (fastest of %d runs)\n", RUNS);
    printf("%-10s %8s %8s %10s %14s %14s %14s\n", "example", "states", "rules", "ground ms", "enumerate/s", "solve/s",
           "both/s");
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[512];
        size_t len;
        snprintf(path, sizeof path, "%s/%s.kif", dir, names[i]);
        char *text = read_text(path, &len);
        if (!text) {
            fprintf(stderr, "cannot read %s\n", path);
            return 1;
        }
        double ground = 1e300, en = 1e300, so = 1e300, both = 1e300;
        uint32_t states = 0;
        uint64_t rules = 0;
        for (int k = 0; k < RUNS; k++) {
            pp_error err = {0};
            pp_gdl *g = NULL;
            pp_gdl_graph *s = NULL;
            double t0 = now_ms();
            if (pp_gdl_parse(text, len, &g, &err) != PP_OK || pp_gdl_solve(g, NULL, &s, &err) != PP_OK) {
                fprintf(stderr, "%s: %s\n", names[i], err.msg);
                return 1;
            }
            double t1 = now_ms();
            double e, sv;
            pp_gdl_graph_times(s, &e, &sv);
            pp_gdl_view v;
            pp_gdl_graph_view(s, &v);
            states = v.states;
            rules = pp_gdl_ground_rules(g);
            double gr = t1 - t0 - e - sv;
            if (gr < ground) ground = gr;
            if (e < en) en = e;
            if (sv < so) so = sv;
            if (e + sv < both) both = e + sv;
            pp_gdl_graph_free(s);
            pp_gdl_free(g);
        }
        printf("%-10s %8u %8llu %10.2f %14.0f %14.0f %14.0f\n", names[i], states, (unsigned long long)rules, ground,
               states / en * 1e3, states / so * 1e3, states / both * 1e3);
        printf("gdl %s %u %.0f %.0f\n", names[i], states, states / en * 1e3, states / so * 1e3);
        free(text);
    }
    /* tic-tac-toe: GDL rules against the hand-coded game, same search */
    char path[512];
    size_t len;
    snprintf(path, sizeof path, "%s/tictactoe.kif", dir);
    char *text = read_text(path, &len);
    pp_error err = {0};
    pp_gdl *g = NULL;
    pp_gdl_game *a = NULL;
    pp_ttt *t = NULL;
    if (!text || pp_gdl_parse(text, len, &g, &err) != PP_OK || pp_gdl_game_new(g, NULL, &a, &err) != PP_OK ||
        pp_ttt_from_cells(3, ".........", 0, &t, &err) != PP_OK) {
        fprintf(stderr, "tic-tac-toe: %s\n", err.msg);
        return 1;
    }
    uint64_t n_gdl, n_ttt;
    int32_t v_gdl, v_ttt;
    double ms_gdl = ab_ms(pp_gdl_game_of(a), &n_gdl, &v_gdl);
    double ms_ttt = ab_ms(pp_ttt_game(t), &n_ttt, &v_ttt);
    printf(
        "\ntic-tac-toe by alpha-beta with a table: GDL %.2f ms (%llu positions, %.0f/s, value %d), hand-coded %.2f ms "
        "(%llu positions, %.0f/s, value %d): GDL / hand-coded %.1fx the time, %.1fx per position\n",
        ms_gdl, (unsigned long long)n_gdl, n_gdl / ms_gdl * 1e3, v_gdl, ms_ttt, (unsigned long long)n_ttt,
        n_ttt / ms_ttt * 1e3, v_ttt, ms_gdl / ms_ttt, (ms_gdl / n_gdl) / (ms_ttt / n_ttt));
    printf("gdl-vs-hand %.3f %.3f\n", ms_gdl, ms_ttt);
    pp_ttt_free(t);
    pp_gdl_game_free(a);
    pp_gdl_free(g);
    free(text);
    return 0;
}
