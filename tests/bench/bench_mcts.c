/* bench_mcts.c: Monte Carlo tree search's iterations a second, natively,
 * on the game-tree games and on Connect Four 7x6 from the empty board (the
 * position the anchors measure: Strandmark's C++ MCTS and a bare
 * bitboard playout loop), with random and decisive playouts; CPU time, the
 * median of three runs, and the tree's bytes a node. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../c/perfect_play.h"

static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void bench(const char *name, const pp_game *g, uint64_t iterations, int playout)
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
        if (pp_mcts_solve(g, &o, &r, &err) != PP_OK) {
            printf("%s: %s\n", name, err.msg);
            return;
        }
        ms[k] = cpu_ms() - t0;
    }
    qsort(ms, 3, sizeof *ms, cmp);
    double per_s = (double)r.iterations / (ms[1] / 1e3);
    printf("%-34s %-8s %9llu it %8.1f ms %10.0f it/s %6.1f plies/it %5.1f B/node\n", name,
           playout ? "decisive" : "random", (unsigned long long)r.iterations, ms[1], per_s,
           (double)r.playout_plies / (double)r.iterations, (double)r.bytes / (double)r.nodes);
    printf("JSON {\"bench\":\"mcts\",\"game\":\"%s\",\"playout\":\"%s\",\"iterations\":%llu,\"cpu_ms\":%.1f,"
           "\"iterations_per_second\":%.0f}\n",
           name, playout ? "decisive" : "random", (unsigned long long)r.iterations, ms[1], per_s);
}

int main(void)
{
    pp_c4 *c4 = NULL;
    pp_ttt *t4 = NULL, *t3 = NULL;
    pp_caniwin *ciw = NULL;
    pp_young *yt = NULL;
    const char *e4 = "[\"....\",\"....\",\"....\",\"....\"]", *e3 = "[\"...\",\"...\",\"...\"]";
    const char *ytext = "a = [[2,7,3,4],[9,1,2,8],[4,4,4,4]], b = [[3,7,2,1],[2,3,1,9],[5,5,5,5]]";
    if (pp_c4_parse(7, 6, "", 0, &c4, NULL) || pp_ttt_parse(e4, strlen(e4), &t4, NULL) ||
        pp_ttt_parse(e3, strlen(e3), &t3, NULL) || pp_caniwin_new(20, 150, &ciw, NULL) ||
        pp_young_parse(ytext, strlen(ytext), &yt, NULL)) {
        printf("bench_mcts: a position did not parse\n");
        return 1;
    }
    printf("MCTS (UCT, c = sqrt 2), native, CPU time, median of 3\n");
    for (int p = 0; p < 2; p++) {
        bench("connect-four 7x6, empty board", pp_c4_game(c4), 200000, p);
        bench("tic-tac-toe 4x4, empty board", pp_ttt_game(t4), 200000, p);
        bench("tic-tac-toe 3x3, empty board", pp_ttt_game(t3), 200000, p);
        bench("can-i-win 20 / 150", pp_caniwin_game(ciw), 200000, p);
        bench("young-tableau 3x4", pp_young_game(yt), 200000, p);
    }
    pp_c4_free(c4), pp_ttt_free(t4), pp_ttt_free(t3), pp_caniwin_free(ciw), pp_young_free(yt);
    return 0;
}
