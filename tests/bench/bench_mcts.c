/* bench_mcts.c: Monte Carlo tree search's iterations a second, natively,
 * on the game-tree games and on Connect Four 7x6 from the empty board and
 * after 4453, through the game's functions and on the bitboard playouts
 * (pp_c4_playout), with random and decisive playouts; CPU time, the median
 * of three runs, and the tree's bytes a node. Beside them the floor: a bare
 * bitboard random playout loop (no tree), and the library's own playout
 * (pp_c4_playout) called again and again from the empty board. Strandmark's
 * C++ MCTS, the comparison in docs/performance.md, is built and timed outside
 * the repository (its code is not ours to commit).
 *
 *   bench_mcts                  every line
 *   bench_mcts connect-four     the playout floors and Connect Four's lines */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../c/perfect_play.h"
#include "bench_clock.h"

static void bench(const char *name, const pp_game *g, uint64_t iterations, int playout, pp_mcts_playout_fn fast)
{
    double ms[3];
    pp_mcts_result r;
    for (int k = 0; k < 3; k++) {
        pp_mcts_options o;
        pp_mcts_defaults(&o);
        o.iterations = iterations;
        o.playout = playout;
        o.max_memory = (uint64_t)1 << 30;
        double t0 = cpu_ms();
        pp_error err = {PP_OK, ""};
        pp_mcts *m = NULL;
        int done = 0;
        pp_status st = pp_mcts_new(g, &o, NULL, &m, &err);
        if (st == PP_OK) pp_mcts_set_playout(m, fast), st = pp_mcts_run(m, UINT64_MAX, &done, &err);
        pp_mcts_get_result(m, &r);
        pp_mcts_free(m);
        if (st != PP_OK) {
            printf("%s: %s\n", name, err.msg);
            return;
        }
        ms[k] = cpu_ms() - t0;
    }
    qsort(ms, 3, sizeof *ms, cmp_ms);
    double per_s = (double)r.iterations / (ms[1] / 1e3);
    printf("%-34s %-8s %9llu it %8.1f ms %10.0f it/s %6.1f plies/it %5.1f B/node\n", name,
           playout ? "decisive" : "random", (unsigned long long)r.iterations, ms[1], per_s,
           (double)r.playout_plies / (double)r.iterations, (double)r.bytes / (double)r.nodes);
    printf("JSON {\"bench\":\"mcts\",\"game\":\"%s\",\"playout\":\"%s\",\"iterations\":%llu,\"cpu_ms\":%.1f,"
           "\"iterations_per_second\":%.0f}\n",
           name, playout ? "decisive" : "random", (unsigned long long)r.iterations, ms[1], per_s);
}

/* ---- the floor: a bare bitboard random playout loop on 7x6 ----
 * No tree, no game interface: from the empty board, a uniformly random
 * playable column (splitmix64, the k-th playable cell, as the library
 * draws), four in a row by shifts, to the end of the game; again and again. */

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int four(uint64_t b)
{
    static const int shifts[4] = {1, 7, 6, 8};
    for (int i = 0; i < 4; i++) {
        uint64_t m = b & (b >> shifts[i]);
        if (m & (m >> 2 * shifts[i])) return 1;
    }
    return 0;
}

static void bare_playouts(uint64_t count)
{
    const uint64_t bottom = 0x40810204081ull, board = bottom * 63;
    double ms[3];
    uint64_t plies = 0, wins = 0;
    for (int k = 0; k < 3; k++) {
        uint64_t rng = 1;
        plies = wins = 0;
        double t0 = cpu_ms();
        for (uint64_t i = 0; i < count; i++) {
            uint64_t mask = 0, own = 0;
            for (int n = 0; n < 42; n++) {
                uint64_t playable = (mask + bottom) & board, b = playable;
                for (uint32_t r = (uint32_t)(splitmix(&rng) % (uint64_t)__builtin_popcountll(playable)); r; r--)
                    b &= b - 1;
                b &= ~b + 1;
                own |= b, mask |= b;
                plies++;
                if (four(own)) {
                    wins++;
                    break;
                }
                own ^= mask;
            }
        }
        ms[k] = cpu_ms() - t0;
    }
    qsort(ms, 3, sizeof *ms, cmp_ms);
    double per_s = (double)count / (ms[1] / 1e3);
    printf("%-34s %-8s %9llu po %8.1f ms %10.0f po/s %6.1f plies/po (%.1f%% won)\n", "bare bitboard playouts 7x6",
           "random", (unsigned long long)count, ms[1], per_s, (double)plies / (double)count,
           100.0 * (double)wins / (double)count);
    printf("JSON {\"bench\":\"bare-playouts\",\"game\":\"connect-four 7x6\",\"playouts\":%llu,\"cpu_ms\":%.1f,"
           "\"playouts_per_second\":%.0f}\n",
           (unsigned long long)count, ms[1], per_s);
}

/* The library's random playout from the empty 7x6 board, again and again:
 * what an iteration's step 3 costs without the tree. */
static void library_playouts(const pp_c4 *c4, uint64_t count)
{
    const pp_game *g = pp_c4_game(c4);
    double ms[3];
    uint64_t plies = 0;
    for (int k = 0; k < 3; k++) {
        uint64_t rng = 1;
        int32_t v;
        plies = 0;
        double t0 = cpu_ms();
        for (uint64_t i = 0; i < count; i++) plies += pp_c4_playout(g->ctx, g->root, PP_MCTS_RANDOM, &rng, NULL, 0, &v);
        ms[k] = cpu_ms() - t0;
    }
    qsort(ms, 3, sizeof *ms, cmp_ms);
    double per_s = (double)count / (ms[1] / 1e3);
    printf("%-34s %-8s %9llu po %8.1f ms %10.0f po/s %6.1f plies/po\n", "pp_c4_playout 7x6", "random",
           (unsigned long long)count, ms[1], per_s, (double)plies / (double)count);
    printf("JSON {\"bench\":\"library-playouts\",\"game\":\"connect-four 7x6\",\"playouts\":%llu,\"cpu_ms\":%.1f,"
           "\"playouts_per_second\":%.0f}\n",
           (unsigned long long)count, ms[1], per_s);
}

int main(int argc, char **argv)
{
    int c4_only = argc > 1 && strcmp(argv[1], "connect-four") == 0;
    pp_c4 *c4 = NULL, *c4m = NULL;
    pp_ttt *t4 = NULL, *t3 = NULL;
    pp_caniwin *ciw = NULL;
    pp_young *yt = NULL;
    const char *e4 = "[\"....\",\"....\",\"....\",\"....\"]", *e3 = "[\"...\",\"...\",\"...\"]";
    const char *ytext = "a = [[2,7,3,4],[9,1,2,8],[4,4,4,4]], b = [[3,7,2,1],[2,3,1,9],[5,5,5,5]]";
    if (pp_c4_parse(7, 6, "", 0, &c4, NULL) || pp_c4_parse(7, 6, "4453", 4, &c4m, NULL) ||
        pp_ttt_parse(e4, strlen(e4), &t4, NULL) || pp_ttt_parse(e3, strlen(e3), &t3, NULL) ||
        pp_caniwin_new(20, 150, &ciw, NULL) || pp_young_parse(ytext, strlen(ytext), &yt, NULL)) {
        printf("bench_mcts: a position did not parse\n");
        return 1;
    }
    printf("MCTS (UCT, c = sqrt 2), native, CPU time, median of 3\n");
    bare_playouts(1000000);
    library_playouts(c4, 1000000);
    for (int p = 0; p < 2; p++) {
        bench("connect-four 7x6, empty board", pp_c4_game(c4), 200000, p, NULL);
        bench("connect-four 7x6, bitboard playouts", pp_c4_game(c4), 200000, p, pp_c4_playout);
        bench("connect-four 4453, bitboard playouts", pp_c4_game(c4m), 200000, p, pp_c4_playout);
        if (c4_only) continue;
        bench("tic-tac-toe 4x4, empty board", pp_ttt_game(t4), 200000, p, NULL);
        bench("tic-tac-toe 3x3, empty board", pp_ttt_game(t3), 200000, p, NULL);
        bench("can-i-win 20 / 150", pp_caniwin_game(ciw), 200000, p, NULL);
        bench("young-tableau 3x4", pp_young_game(yt), 200000, p, NULL);
    }
    pp_c4_free(c4), pp_c4_free(c4m), pp_ttt_free(t4), pp_ttt_free(t3), pp_caniwin_free(ciw), pp_young_free(yt);
    return 0;
}
