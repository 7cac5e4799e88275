/* test_dp_crosscheck.c: every DP against a plain game-tree search written
 * here from each game's rules (whole scores carried down, Alice maximizing
 * and Bob minimizing, no table, no memo), on 500 random small inputs each;
 * every replay checked on the way. */
#include <stdlib.h>

#include "../../c/perfect_play.h"
#include "dp_kit.h"
#include "harness.h"

#define RUNS 500
#define NONE INT64_MIN

static pp_dp *solve(pp_dp_problem p, pp_dp_algo algo, const int64_t *a, const int64_t *b, uint32_t n,
                    pp_dp_input **keep)
{
    pp_dp_input *in = NULL;
    pp_dp *d = NULL;
    pp_error err = {PP_OK, ""};
    if (pp_dp_input_new(p, a, b, n, &in, &err) != PP_OK || pp_dp_solve(in, algo, NULL, &d, &err) != PP_OK)
        printf("  %s: %s\n", pp_dp_problem_name(p), err.msg);
    if (keep) *keep = in;
    else pp_dp_input_free(in);
    return d;
}

static int64_t pick(int turn, int64_t best, int64_t r)
{
    if (best == NONE) return r;
    return turn == 0 ? (r > best ? r : best) : (r < best ? r : best);
}

/* ---- the brute-force searches: the final (Alice - Bob), or Alice's total ---- */

/* 877, 486, 1690: take an end; gain the pile, or (1690) the sum left after. */
static int64_t ends(const int64_t *a, int lo, int hi, int64_t alice, int64_t bob, int turn, int remaining)
{
    if (lo > hi) return alice - bob;
    int64_t best = NONE;
    for (int side = 0; side < 2 && (side == 0 || lo < hi); side++) {
        int nlo = side ? lo : lo + 1, nhi = side ? hi - 1 : hi;
        int64_t gain = side ? a[hi] : a[lo];
        if (remaining) {
            gain = 0;
            for (int k = nlo; k <= nhi; k++) gain += a[k];
        }
        int64_t r = ends(a, nlo, nhi, alice + (turn ? 0 : gain), bob + (turn ? gain : 0), !turn, remaining);
        best = pick(turn, best, r);
    }
    return best;
}

/* 1140: Alice's final total. */
static int64_t take_m(const int64_t *a, int n, int i, int m, int turn)
{
    if (i == n) return 0;
    int64_t best = NONE, sum = 0;
    for (int x = 1; x <= 2 * m && i + x <= n; x++) {
        sum += a[i + x - 1];
        best = pick(turn, best, (turn ? 0 : sum) + take_m(a, n, i + x, x > m ? x : m, !turn));
    }
    return best;
}

/* 1406: Alice - Bob. */
static int64_t take_3(const int64_t *a, int n, int i, int turn)
{
    if (i == n) return 0;
    int64_t best = NONE, sum = 0;
    for (int k = 1; k <= 3 && i + k <= n; k++) {
        sum += a[i + k - 1];
        best = pick(turn, best, (turn ? -sum : sum) + take_3(a, n, i + k, !turn));
    }
    return best;
}

/* 1510 (squares) and 292 (1 to 3): does the mover win? */
static int subtract(int k, int squares)
{
    for (int t = 1; squares ? t * t <= k : t <= 3 && t <= k; t++)
        if (!subtract(k - (squares ? t * t : t), squares)) return 1;
    return 0;
}

/* 1563: Alice's best score from the row (a copy: no prefix sums). */
static int64_t split(const int64_t *row, int len)
{
    if (len == 1) return 0;
    int64_t best = -1;
    for (int cut = 1; cut < len; cut++) {
        int64_t l = 0, r = 0, s;
        for (int x = 0; x < len; x++) *(x < cut ? &l : &r) += row[x];
        if (l < r) s = l + split(row, cut);
        else if (l > r) s = r + split(row + cut, len - cut);
        else {
            int64_t x = split(row, cut), y = split(row + cut, len - cut);
            s = l + (x > y ? x : y);
        }
        if (s > best) best = s;
    }
    return best;
}

/* 1686: Alice - Bob over every order of picks. */
static int64_t picks(const int64_t *a, const int64_t *b, int n, unsigned char *taken, int turn, int left)
{
    if (!left) return 0;
    int64_t best = NONE;
    for (int s = 0; s < n; s++) {
        if (taken[s]) continue;
        taken[s] = 1;
        best = pick(turn, best, (turn ? -b[s] : a[s]) + picks(a, b, n, taken, !turn, left - 1));
        taken[s] = 0;
    }
    return best;
}

/* 464: +1 the mover reaches the goal first, -1 the other does, 0 nobody. */
static int say(int m, int goal, unsigned used, int total)
{
    int best = -2;
    for (int k = 1; k <= m; k++) {
        if (used >> k & 1) continue;
        if (total + k >= goal) return 1;
        int r = -say(m, goal, used | 1u << k, total + k);
        if (r > best) best = r;
        if (best == 1) return 1;
    }
    return best == -2 ? 0 : best;
}

/* ---- the cross-checks ---- */

static void fill(uint64_t *rng, int64_t *a, int n, int64_t lo, int64_t hi)
{
    for (int i = 0; i < n; i++) a[i] = dpk_range(rng, lo, hi);
}

/* One solve: the answer as expected, the replay sound; returns the table. */
static int check_run(pp_dp *d, pp_dp_input *in, int64_t want_answer, int *bad)
{
    int ok = d && pp_dp_answer(d) == want_answer && dpk_replay_errors(d, in) == 0;
    if (!ok && (*bad)++ < 3)
        printf("  %s %s: answer %lld, the search %lld\n", d ? pp_dp_problem_name(pp_dp_problem_of(d)) : "?",
               d ? pp_dp_algo_name(pp_dp_algo_of(d)) : "?", d ? (long long)pp_dp_answer(d) : 0LL,
               (long long)want_answer);
    return ok;
}

static void ends_games_agree_with_the_search(void)
{
    uint64_t rng = 877;
    int bad = 0, runs = 0;
    int64_t a[10];
    for (int run = 0; run < RUNS; run++) {
        int n = (int)dpk_range(&rng, 1, 10);
        for (int p = 0; p < 3; p++) {
            pp_dp_problem prob = p == 0 ? PP_DP_STONE_GAME : p == 1 ? PP_DP_PREDICT_THE_WINNER : PP_DP_STONE_GAME_VII;
            fill(&rng, a, n, prob == PP_DP_PREDICT_THE_WINNER ? 0 : 1, run % 2 ? 9 : 60);
            int64_t lead = ends(a, 0, n - 1, 0, 0, 0, prob == PP_DP_STONE_GAME_VII);
            int64_t want = prob == PP_DP_STONE_GAME_VII ? lead : prob == PP_DP_STONE_GAME ? lead > 0 : lead >= 0;
            for (int algo = 0; algo < 2; algo++) {
                if (!pp_dp_has_algo(prob, (pp_dp_algo)algo)) continue;
                pp_dp_input *in = NULL;
                pp_dp *d = solve(prob, (pp_dp_algo)algo, a, NULL, (uint32_t)n, &in);
                if (check_run(d, in, want, &bad)) {
                    const int64_t *v = pp_dp_values(d), *sec = pp_dp_seconds(d);
                    int64_t table_lead = sec ? v[n - 1] - sec[n - 1] : v[n - 1];
                    if (table_lead != lead && bad++ < 3)
                        printf("  lead %lld, search %lld\n", (long long)table_lead, (long long)lead);
                }
                runs++;
                pp_dp_free(d);
                pp_dp_input_free(in);
            }
        }
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(runs >= 5 * RUNS);
}

static void stone_game_ii_agrees_with_the_search(void)
{
    uint64_t rng = 1140;
    int bad = 0;
    int64_t a[11];
    for (int run = 0; run < RUNS; run++) {
        int n = (int)dpk_range(&rng, 1, 11);
        fill(&rng, a, n, 1, run % 2 ? 5 : 100);
        pp_dp_input *in = NULL;
        pp_dp *d = solve(PP_DP_STONE_GAME_II, PP_DP_ALGO_DP, a, NULL, (uint32_t)n, &in);
        check_run(d, in, take_m(a, n, 0, 1, 0), &bad);
        pp_dp_free(d);
        pp_dp_input_free(in);
    }
    CHECK_EQ_INT(bad, 0);
}

static void stone_game_iii_agrees_with_the_search(void)
{
    uint64_t rng = 1406;
    int bad = 0, ties = 0;
    int64_t a[13];
    for (int run = 0; run < RUNS; run++) {
        int n = (int)dpk_range(&rng, 1, 13);
        fill(&rng, a, n, run % 2 ? -3 : -30, run % 2 ? 3 : 30);
        int64_t lead = take_3(a, n, 0, 0);
        ties += lead == 0;
        pp_dp_input *in = NULL;
        pp_dp *d = solve(PP_DP_STONE_GAME_III, PP_DP_ALGO_DP, a, NULL, (uint32_t)n, &in);
        if (check_run(d, in,
                      lead > 0   ? 1
                      : lead < 0 ? -1
                                 : 0,
                      &bad) &&
            pp_dp_values(d)[0] - pp_dp_seconds(d)[0] != lead && bad++ < 3)
            printf("  lead %lld, search %lld\n", (long long)(pp_dp_values(d)[0] - pp_dp_seconds(d)[0]),
                   (long long)lead);
        pp_dp_free(d);
        pp_dp_input_free(in);
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(ties > 10); /* the inputs reach every answer */
}

static void win_lose_rows_agree_with_the_search(void)
{
    uint64_t rng = 1510;
    int bad = 0;
    for (int run = 0; run < RUNS; run++) {
        for (int squares = 0; squares < 2; squares++) {
            int64_t k = dpk_range(&rng, 1, squares ? 34 : 20);
            int want = subtract((int)k, squares);
            for (int algo = 0; algo <= PP_DP_ALGO_SIEVE; algo += PP_DP_ALGO_SIEVE) {
                pp_dp_input *in = NULL;
                pp_dp *d = solve(squares ? PP_DP_STONE_GAME_IV : PP_DP_NIM, (pp_dp_algo)algo, &k, NULL, 0, &in);
                check_run(d, in, want, &bad);
                pp_dp_free(d);
                pp_dp_input_free(in);
            }
        }
    }
    /* and every cell of a row, not only its last */
    for (int squares = 0; squares < 2; squares++) {
        int64_t k = 34;
        pp_dp *d = solve(squares ? PP_DP_STONE_GAME_IV : PP_DP_NIM, PP_DP_ALGO_SIEVE, &k, NULL, 0, NULL);
        for (int i = 0; d && i <= 34; i++) bad += pp_dp_values(d)[i] != subtract(i, squares);
        pp_dp_free(d);
    }
    CHECK_EQ_INT(bad, 0);
}

static void stone_game_v_agrees_with_the_search(void)
{
    uint64_t rng = 1563;
    int bad = 0;
    int64_t a[9];
    for (int run = 0; run < RUNS; run++) {
        int n = (int)dpk_range(&rng, 1, 9);
        fill(&rng, a, n, 1, run % 2 ? 4 : 50); /* small values: many equal splits */
        pp_dp_input *in = NULL;
        pp_dp *d = solve(PP_DP_STONE_GAME_V, PP_DP_ALGO_DP, a, NULL, (uint32_t)n, &in);
        check_run(d, in, split(a, n), &bad);
        pp_dp_free(d);
        pp_dp_input_free(in);
    }
    CHECK_EQ_INT(bad, 0);
}

/* The greedy, the exhaustive table and the search all agree on the lead. */
static void stone_game_vi_greedy_agrees_with_exhaustive_search(void)
{
    uint64_t rng = 1686;
    int bad = 0, answers[3] = {0, 0, 0};
    int64_t a[8], b[8];
    unsigned char taken[8] = {0};
    for (int run = 0; run < RUNS; run++) {
        int n = (int)dpk_range(&rng, 1, 8);
        fill(&rng, a, n, 1, run % 2 ? 4 : 30);
        fill(&rng, b, n, 1, run % 2 ? 4 : 30);
        int64_t lead = picks(a, b, n, taken, 0, n);
        int64_t want = lead > 0 ? 1 : lead < 0 ? -1 : 0;
        answers[want + 1]++;
        for (int algo = 0; algo < 2; algo++) {
            pp_dp_input *in = NULL;
            pp_dp *d = solve(PP_DP_STONE_GAME_VI, algo ? PP_DP_ALGO_EXHAUSTIVE : PP_DP_ALGO_DP, a, b, (uint32_t)n, &in);
            if (check_run(d, in, want, &bad)) {
                int64_t s[2];
                pp_dp_scores(d, s);
                if (s[0] - s[1] != lead && bad++ < 3)
                    printf("  greedy lead %lld, search %lld\n", (long long)(s[0] - s[1]), (long long)lead);
            }
            pp_dp_free(d);
            pp_dp_input_free(in);
        }
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(answers[0] > 10 && answers[1] > 10 && answers[2] > 10);
}

static void can_i_win_agrees_with_the_search(void)
{
    uint64_t rng = 464;
    int bad = 0, yes = 0;
    for (int run = 0; run < RUNS; run++) {
        int64_t v[2] = {dpk_range(&rng, 1, 7), dpk_range(&rng, 0, 30)};
        int want = v[1] <= 0 ? 1 : say((int)v[0], (int)v[1], 0, 0) == 1;
        yes += want;
        pp_dp_input *in = NULL;
        pp_dp *d = solve(PP_DP_CAN_I_WIN, PP_DP_ALGO_DP, v, NULL, 0, &in);
        check_run(d, in, want, &bad);
        pp_dp_free(d);
        pp_dp_input_free(in);
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(yes > 50 && yes < RUNS - 50);
}

void suite_dp_crosscheck(void)
{
    RUN(ends_games_agree_with_the_search);
    RUN(stone_game_ii_agrees_with_the_search);
    RUN(stone_game_iii_agrees_with_the_search);
    RUN(win_lose_rows_agree_with_the_search);
    RUN(stone_game_v_agrees_with_the_search);
    RUN(stone_game_vi_greedy_agrees_with_exhaustive_search);
    RUN(can_i_win_agrees_with_the_search);
}
