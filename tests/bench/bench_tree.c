/* bench_tree.c: the minimax / alpha-beta core natively: positions per second
 * on the 4x4 tic-tac-toe solve and on random uniform trees, and the leaves
 * alpha-beta evaluates against Knuth and Moore's minimal tree, with the
 * oracle's best-first order, the given order and worst-first.
 * Prints a table, then one JSON line per measurement. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench_clock.h"
#include "perfect_play.h"

#define RUNS 3

/* Milliseconds per solve: the fastest of RUNS batches, each batch repeating
 * the solve until it lasts BATCH_MS at least, so that searches of a fraction
 * of a millisecond are timed as reliably as long ones; 0 if the solve failed. */
#define BATCH_MS 25.0
static double timed(const pp_game *g, const pp_ab_options *o, pp_ab_result *r)
{
    double best = 0;
    int reps = 1;
    for (int i = 0; i < RUNS; i++) {
        double t0 = now_ms(), ms;
        int done = 0;
        do {
            pp_error err;
            if (pp_ab_solve(g, o, NULL, r, &err) != PP_OK) {
                printf("  solve failed: %s\n", err.msg);
                return 0;
            }
            done++;
            ms = now_ms() - t0;
        } while (done < reps || (i == 0 && ms < BATCH_MS));
        if (i == 0) reps = done;
        ms /= done;
        if (i == 0 || ms < best) best = ms;
    }
    return best;
}

static void tictactoe(void)
{
    static const char *const algos[] = {"minimax", "alphabeta", "alphabeta-soft"};
    static const char *const orders[] = {"given", "best", "worst"};
    pp_ttt *t = NULL;
    pp_ttt_from_cells(4, "................", -1, &t, NULL);
    printf("4x4 tic-tac-toe from the empty board, with the table (2^20 entries)\n");
    printf("  %-15s %-6s %10s %10s %9s %12s  value\n", "algorithm", "order", "positions", "tt hits", "ms",
           "positions/s");
    for (int a = 0; a < 3; a++)
        for (int ord = 0; ord < 2; ord++) {
            pp_ab_options o;
            pp_ab_defaults(&o);
            o.algo = (pp_ab_algo)a;
            o.order = (pp_ab_order)ord;
            o.tt = 1;
            pp_ab_result r;
            double ms = timed(pp_ttt_game(t), &o, &r);
            if (ms <= 0) continue;
            printf("  %-15s %-6s %10llu %10llu %9.1f %12.0f  %d\n", algos[a], orders[ord],
                   (unsigned long long)r.stats.nodes, (unsigned long long)r.stats.tt_hits, ms, r.stats.nodes / ms * 1e3,
                   r.value);
            printf("JSON {\"bench\":\"tic-tac-toe-4x4\",\"algo\":\"%s\",\"order\":\"%s\",\"tt\":true,\"nodes\":%llu,"
                   "\"ms\":%.3f,\"value\":%d}\n",
                   algos[a], orders[ord], (unsigned long long)r.stats.nodes, ms, r.value);
        }
    pp_ttt_free(t);
}

static void uniform_trees(void)
{
    printf("\nrandom uniform trees (values 0..999999), fail-hard alpha-beta, no table\n");
    printf("  %2s %2s %11s %9s | %9s %5s | %10s %6s | %11s %6s | %12s\n", "b", "d", "leaves", "minimal", "best", "x",
           "given", "x", "worst", "x", "positions/s");
    for (uint32_t d = 6; d <= 8; d++)
        for (uint32_t b = 5; b <= 10; b++) {
            pp_tree *t = NULL;
            pp_error err;
            if (pp_tree_random(b, d, 0, 999999, b * 1000 + d, &t, &err) != PP_OK) {
                printf("  %2u %2u: %s\n", b, d, err.msg);
                continue;
            }
            uint64_t minimal = pp_ab_minimal_leaves(b, d), leaves[3] = {0, 0, 0};
            double rate = 0;
            for (int ord = 0; ord < 3; ord++) {
                pp_ab_options o;
                pp_ab_defaults(&o);
                o.order = ord == 0 ? PP_ORDER_BEST : ord == 1 ? PP_ORDER_GIVEN : PP_ORDER_WORST;
                pp_ab_result r;
                double ms = timed(pp_tree_game(t), &o, &r);
                if (r.value != pp_tree_value(t)) printf("  WRONG VALUE b %u d %u\n", b, d);
                leaves[ord] = r.stats.leaves;
                if (ord == 1 && ms > 0) rate = r.stats.nodes / ms * 1e3;
            }
            printf("  %2u %2u %11llu %9llu | %9llu %5.2f | %10llu %6.1f | %11llu %6.1f | %12.0f\n", b, d,
                   (unsigned long long)pp_tree_leaves(t), (unsigned long long)minimal, (unsigned long long)leaves[0],
                   (double)leaves[0] / minimal, (unsigned long long)leaves[1], (double)leaves[1] / minimal,
                   (unsigned long long)leaves[2], (double)leaves[2] / minimal, rate);
            printf("JSON {\"bench\":\"uniform-tree\",\"b\":%u,\"d\":%u,\"minimal\":%llu,\"best\":%llu,\"given\":%llu,"
                   "\"worst\":%llu,\"positions_per_s\":%.0f}\n",
                   b, d, (unsigned long long)minimal, (unsigned long long)leaves[0], (unsigned long long)leaves[1],
                   (unsigned long long)leaves[2], rate);
            pp_tree_free(t);
        }
}

int main(void)
{
    printf("native, fastest of %d batches of at least %.0f ms, no trace\n", RUNS, BATCH_MS);
    tictactoe();
    uniform_trees();
    return 0;
}
