/* test_dp_flawed.c: Predict the Winner's flawed memo (keyed on [le, ri]
 * while the lead so far is part of the recursion), the teaching exhibit:
 * wrong on [1, 2, 99] as the material reports, and how often elsewhere. */
#include <stdlib.h>

#include "../../c/perfect_play.h"
#include "dp_kit.h"
#include "harness.h"

/* Player 1's final lead under perfect play, by plain search. */
static int64_t lead(const int64_t *a, int lo, int hi)
{
    if (lo > hi) return 0;
    int64_t l = a[lo] - lead(a, lo + 1, hi), r = a[hi] - lead(a, lo, hi - 1);
    return l > r ? l : r;
}

static void wrong_on_1_2_99(void)
{
    pp_dp *flawed = dpk_solve(PP_DP_PREDICT_THE_WINNER, PP_DP_ALGO_FLAWED_MEMO, "nums = [1,2,99]", NULL);
    pp_dp *sound = dpk_solve(PP_DP_PREDICT_THE_WINNER, PP_DP_ALGO_DP, "nums = [1,2,99]", NULL);
    pp_dp *diff = dpk_solve(PP_DP_PREDICT_THE_WINNER, PP_DP_ALGO_DIFF, "nums = [1,2,99]", NULL);
    CHECK(flawed && strcmp(dpk_answer(flawed), "false") == 0);
    CHECK(sound && strcmp(dpk_answer(sound), "true") == 0);
    CHECK(diff && strcmp(dpk_answer(diff), "true") == 0);
    static const int64_t nums[3] = {1, 2, 99};
    CHECK_EQ_INT(lead(nums, 0, 2), 98); /* 99 first, then 100 to 2 */
    if (flawed) {
        /* the stale entry: [1,1] stored as a loss for player 1, served once */
        pp_dp_stats st;
        pp_dp_get_stats(flawed, &st);
        CHECK_EQ_INT(st.memo_hits, 1);
        CHECK(pp_dp_done(flawed)[1 * 3 + 1] && pp_dp_values(flawed)[1 * 3 + 1] == 0);
        CHECK_EQ_INT(pp_dp_replay_count(flawed), 0); /* no replay of a wrong table */
    }
    pp_dp_free(flawed);
    pp_dp_free(sound);
    pp_dp_free(diff);
}

/* Where it is right: LeetCode's examples, and the two-number shortcut. */
static void right_on_the_examples(void)
{
    static const struct {
        const char *in, *out;
    } cases[] = {
        {"[1,5,2]", "false"}, {"[1,5,233,7]", "true"}, {"[7]", "true"}, {"[0,9]", "true"}, {"[3,3]", "true"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pp_dp *d = dpk_solve(PP_DP_PREDICT_THE_WINNER, PP_DP_ALGO_FLAWED_MEMO, cases[i].in, NULL);
        CHECK_MSG(d && strcmp(dpk_answer(d), cases[i].out) == 0, "%s: %s", cases[i].in, dpk_answer(d));
        pp_dp_free(d);
    }
}

/* On random rows it is often wrong, and every wrong answer is a game the
 * search decides the other way. */
static void wrong_often_on_random_rows(void)
{
    uint64_t rng = 486;
    int wrong = 0, runs = 0, mismatched = 0;
    int64_t a[12];
    for (int run = 0; run < 500; run++) {
        int n = (int)dpk_range(&rng, 1, 12);
        for (int i = 0; i < n; i++) a[i] = dpk_range(&rng, 0, run % 2 ? 9 : 100);
        pp_dp_input *in = NULL;
        pp_dp *d = NULL, *sound = NULL;
        pp_dp_input_new(PP_DP_PREDICT_THE_WINNER, a, NULL, (uint32_t)n, &in, NULL);
        pp_dp_solve(in, PP_DP_ALGO_FLAWED_MEMO, NULL, &d, NULL);
        pp_dp_solve(in, PP_DP_ALGO_DP, NULL, &sound, NULL);
        if (d && sound) {
            runs++;
            int truth = lead(a, 0, n - 1) >= 0;
            mismatched += pp_dp_answer(sound) != truth;
            wrong += pp_dp_answer(d) != truth;
            if (n <= 2) mismatched += pp_dp_answer(d) != truth;
        }
        pp_dp_free(d);
        pp_dp_free(sound);
        pp_dp_input_free(in);
    }
    CHECK_EQ_INT(runs, 500);
    CHECK_EQ_INT(mismatched, 0);
    CHECK_MSG(wrong >= 20, "the exhibit was wrong only %d times in 500", wrong);
}

void suite_dp_flawed(void)
{
    RUN(wrong_on_1_2_99);
    RUN(right_on_the_examples);
    RUN(wrong_often_on_random_rows);
}
