/* test_dp_examples.c: every example of the ten problems' LeetCode
 * statements, by every sound algorithm each has, with the replay checked
 * against the table; and the largest sizes this tool accepts. */
#include <stdlib.h>

#include "../../c/perfect_play.h"
#include "dp_kit.h"
#include "harness.h"

static const struct example {
    pp_dp_problem p;
    const char *input;
    const char *output;
} examples[] = {
    /* 877 Stone Game */
    {PP_DP_STONE_GAME, "piles = [5,3,4,5]", "true"},
    {PP_DP_STONE_GAME, "piles = [3,7,2,3]", "true"},
    /* 1140 Stone Game II */
    {PP_DP_STONE_GAME_II, "piles = [2,7,9,4,4]", "10"},
    {PP_DP_STONE_GAME_II, "piles = [1,2,3,4,5,100]", "104"},
    /* 1406 Stone Game III (examples 4 and 5 are from the older statement,
     * which named the argument `values`) */
    {PP_DP_STONE_GAME_III, "stoneValue = [1,2,3,7]", "\"Bob\""},
    {PP_DP_STONE_GAME_III, "stoneValue = [1,2,3,-9]", "\"Alice\""},
    {PP_DP_STONE_GAME_III, "stoneValue = [1,2,3,6]", "\"Tie\""},
    {PP_DP_STONE_GAME_III, "values = [1,2,3,-1,-2,-3,7]", "\"Alice\""},
    {PP_DP_STONE_GAME_III, "values = [-1,-2,-3]", "\"Tie\""},
    /* 1510 Stone Game IV (7 and 17 are from the older statement) */
    {PP_DP_STONE_GAME_IV, "n = 1", "true"},
    {PP_DP_STONE_GAME_IV, "n = 2", "false"},
    {PP_DP_STONE_GAME_IV, "n = 4", "true"},
    {PP_DP_STONE_GAME_IV, "n = 7", "false"},
    {PP_DP_STONE_GAME_IV, "n = 17", "false"},
    /* 1563 Stone Game V */
    {PP_DP_STONE_GAME_V, "stoneValue = [6,2,3,4,5,5]", "18"},
    {PP_DP_STONE_GAME_V, "stoneValue = [7,7,7,7,7,7,7]", "28"},
    {PP_DP_STONE_GAME_V, "stoneValue = [4]", "0"},
    /* 1686 Stone Game VI */
    {PP_DP_STONE_GAME_VI, "aliceValues = [1,3], bobValues = [2,1]", "1"},
    {PP_DP_STONE_GAME_VI, "aliceValues = [1,2], bobValues = [3,1]", "0"},
    {PP_DP_STONE_GAME_VI, "aliceValues = [2,4,3], bobValues = [1,6,7]", "-1"},
    /* 1690 Stone Game VII */
    {PP_DP_STONE_GAME_VII, "stones = [5,3,1,4,2]", "6"},
    {PP_DP_STONE_GAME_VII, "stones = [7,90,5,1,100,10,10,2]", "122"},
    /* 292 Nim Game */
    {PP_DP_NIM, "n = 4", "false"},
    {PP_DP_NIM, "n = 1", "true"},
    {PP_DP_NIM, "n = 2", "true"},
    /* 464 Can I Win */
    {PP_DP_CAN_I_WIN, "maxChoosableInteger = 10, desiredTotal = 11", "false"},
    {PP_DP_CAN_I_WIN, "maxChoosableInteger = 10, desiredTotal = 0", "true"},
    {PP_DP_CAN_I_WIN, "maxChoosableInteger = 10, desiredTotal = 1", "true"},
    /* 486 Predict the Winner */
    {PP_DP_PREDICT_THE_WINNER, "nums = [1,5,2]", "false"},
    {PP_DP_PREDICT_THE_WINNER, "nums = [1,5,233,7]", "true"},
};

static pp_dp_input *parse(pp_dp_problem p, const char *text)
{
    pp_dp_input *in = NULL;
    pp_dp_parse(p, text, strlen(text), &in, NULL);
    return in;
}

static void every_leetcode_example_by_every_algorithm(void)
{
    int runs = 0;
    for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) {
        const struct example *e = &examples[i];
        pp_dp_input *in = parse(e->p, e->input);
        CHECK_MSG(in != NULL, "%s", e->input);
        for (int a = 0; in && a < PP_DP_ALGOS; a++) {
            if (!pp_dp_has_algo(e->p, (pp_dp_algo)a) || a == PP_DP_ALGO_FLAWED_MEMO) continue;
            pp_dp *d = NULL;
            CHECK(pp_dp_solve(in, (pp_dp_algo)a, NULL, &d, NULL) == PP_OK);
            if (!d) continue;
            CHECK_MSG(strcmp(dpk_answer(d), e->output) == 0, "%s %s: %s, want %s", pp_dp_algo_name((pp_dp_algo)a),
                      e->input, dpk_answer(d), e->output);
            CHECK_EQ_INT(dpk_replay_errors(d, in), 0);
            pp_dp_stats st;
            pp_dp_get_stats(d, &st);
            CHECK(st.nodes > 0);
            runs++;
            pp_dp_free(d);
        }
        pp_dp_input_free(in);
    }
    CHECK(runs >= 38);
}

/* The bare values in order are read as LeetCode's named ones. */
static void bare_values_read_as_named(void)
{
    static const struct {
        pp_dp_problem p;
        const char *bare, *output;
    } cases[] = {
        {PP_DP_STONE_GAME, "[5,3,4,5]", "true"},
        {PP_DP_STONE_GAME_III, "[1,2,3,7]", "\"Bob\""},
        {PP_DP_STONE_GAME_VI, "[2,4,3], [1,6,7]", "-1"},
        {PP_DP_CAN_I_WIN, "10, 11", "false"},
        {PP_DP_NIM, "4", "false"},
        {PP_DP_STONE_GAME_IV, "\n 17 \n", "false"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pp_dp *d = dpk_solve(cases[i].p, PP_DP_ALGO_DP, cases[i].bare, NULL);
        CHECK_MSG(d && strcmp(dpk_answer(d), cases[i].output) == 0, "%s: %s", cases[i].bare, dpk_answer(d));
        pp_dp_free(d);
    }
}

/* The explanations of the examples, move by move. */
static void the_replays_of_the_explained_examples(void)
{
    /* 1690 example 1: Alice removes 2 (13), Bob 5 (8), Alice 3 (5), Bob 1 (4), Alice 4 (0). */
    pp_dp *d = dpk_solve(PP_DP_STONE_GAME_VII, PP_DP_ALGO_DP, "stones = [5,3,1,4,2]", NULL);
    static const int64_t gains[5] = {13, 8, 5, 4, 0};
    CHECK(d && pp_dp_replay_count(d) == 5);
    for (uint32_t i = 0; d && i < 5 && i < pp_dp_replay_count(d); i++) CHECK_EQ_INT(pp_dp_replay(d)[i].gain, gains[i]);
    int64_t s[2];
    if (d) pp_dp_scores(d, s);
    CHECK(d && s[0] == 18 && s[1] == 12);
    pp_dp_free(d);
    /* 1563 example 1: [6,2,3] | [4,5,5] keeps 11; [6] | [2,3] keeps 5; [2] | [3] keeps 2. */
    d = dpk_solve(PP_DP_STONE_GAME_V, PP_DP_ALGO_DP, "stoneValue = [6,2,3,4,5,5]", NULL);
    static const int64_t kept[3] = {11, 5, 2};
    CHECK(d && pp_dp_replay_count(d) == 3);
    for (uint32_t i = 0; d && i < 3 && i < pp_dp_replay_count(d); i++) CHECK_EQ_INT(pp_dp_replay(d)[i].gain, kept[i]);
    pp_dp_free(d);
    /* 1140 example 1: Alice takes 1 pile, Bob 2, Alice the last 2: 2 + 4 + 4. */
    d = dpk_solve(PP_DP_STONE_GAME_II, PP_DP_ALGO_DP, "piles = [2,7,9,4,4]", NULL);
    CHECK(d && pp_dp_replay_count(d) == 3);
    if (d && pp_dp_replay_count(d) == 3) {
        CHECK(pp_dp_replay(d)[0].move == 1 && pp_dp_replay(d)[1].move == 2 && pp_dp_replay(d)[2].move == 2);
    }
    pp_dp_free(d);
    /* 1406 example 2: Alice must take all three first stones. */
    d = dpk_solve(PP_DP_STONE_GAME_III, PP_DP_ALGO_DP, "stoneValue = [1,2,3,-9]", NULL);
    CHECK(d && pp_dp_replay_count(d) == 2 && pp_dp_replay(d)[0].move == 3);
    pp_dp_free(d);
    /* 486 example 2: player 1 takes 1 first, then 233: 234 to 12. */
    d = dpk_solve(PP_DP_PREDICT_THE_WINNER, PP_DP_ALGO_DP, "nums = [1,5,233,7]", NULL);
    if (d) pp_dp_scores(d, s);
    CHECK(d && pp_dp_replay(d)[0].move == 0 && s[0] == 234 && s[1] == 12);
    pp_dp_free(d);
    /* 1510 example 3: 4 is a square, Alice takes it all at once. */
    d = dpk_solve(PP_DP_STONE_GAME_IV, PP_DP_ALGO_DP, "n = 4", NULL);
    CHECK(d && pp_dp_replay_count(d) == 1 && pp_dp_replay(d)[0].move == 4);
    pp_dp_free(d);
}

/* Nim's table shows the period; past the table's size the period answers. */
static void nim_period_four(void)
{
    pp_dp *d = dpk_solve(PP_DP_NIM, PP_DP_ALGO_DP, "n = 1000", NULL);
    int off = 0;
    for (uint32_t k = 0; d && k <= 1000; k++) off += pp_dp_values(d)[k] != (k % 4 != 0);
    CHECK(d && off == 0 && !pp_dp_by_period(d));
    pp_dp_free(d);
    static const struct {
        const char *n, *answer;
        int by_period;
    } cases[] = {
        {"100000", "false", 0},    {"100001", "true", 1},      {"100004", "false", 1},
        {"2147483647", "true", 1}, {"2147483644", "false", 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        d = dpk_solve(PP_DP_NIM, PP_DP_ALGO_DP, cases[i].n, NULL);
        CHECK_MSG(d && strcmp(dpk_answer(d), cases[i].answer) == 0, "n = %s", cases[i].n);
        CHECK(d && pp_dp_by_period(d) == cases[i].by_period);
        if (d && cases[i].by_period) CHECK(pp_dp_rows(d) * pp_dp_cols(d) == 0 && pp_dp_replay_count(d) == 0);
        pp_dp_free(d);
    }
}

/* Can I Win's special cases: nothing to reach; not reachable at all. */
static void can_i_win_special_cases(void)
{
    static const struct {
        const char *in, *answer;
    } cases[] = {
        {"1, 0", "true"},     {"1, 1", "true"},   {"1, 2", "false"}, {"20, 210", "false"}, {"20, 211", "false"},
        {"20, 300", "false"}, {"5, 50", "false"}, {"3, 6", "true"},  {"4, 10", "false"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pp_dp *d = dpk_solve(PP_DP_CAN_I_WIN, PP_DP_ALGO_DP, cases[i].in, NULL);
        CHECK_MSG(d && strcmp(dpk_answer(d), cases[i].answer) == 0, "%s: %s", cases[i].in, dpk_answer(d));
        pp_dp_free(d);
    }
    /* 20, 211: the sum 210 falls short: one cell, no search */
    pp_dp *d = dpk_solve(PP_DP_CAN_I_WIN, PP_DP_ALGO_DP, "20, 211", NULL);
    pp_dp_stats st;
    if (d) pp_dp_get_stats(d, &st);
    CHECK(d && st.nodes == 1 && st.calls == 0);
    pp_dp_free(d);
    /* the memo answers calls: fewer cells than calls */
    d = dpk_solve(PP_DP_CAN_I_WIN, PP_DP_ALGO_DP, "10, 40", NULL);
    if (d) pp_dp_get_stats(d, &st);
    CHECK(d && st.memo_hits > 0 && st.nodes + st.memo_hits == st.calls);
    pp_dp_free(d);
}

/* A list of n values, v(i) each, as text. */
static char *list_text(uint32_t n, int64_t (*v)(uint32_t), const char *tail)
{
    size_t cap = (size_t)n * 12 + 64 + strlen(tail), len = 0;
    char *s = malloc(cap);
    s[len++] = '[';
    for (uint32_t i = 0; i < n; i++) len += (size_t)snprintf(s + len, cap - len, i ? ",%lld" : "%lld", (long long)v(i));
    snprintf(s + len, cap - len, "]%s", tail);
    return s;
}

static int64_t mixed(uint32_t i) { return (int64_t)((i * 7919u) % 1000u) + 1; }
static int64_t signed_mix(uint32_t i) { return (int64_t)((i * 7919u) % 2001u) - 1000; }
static int64_t huge(uint32_t i) { return PP_DP_MAX_VALUE - (int64_t)(i % 3); }

/* The largest sizes: accepted, solved, replayed; one more is refused. */
static void the_largest_sizes(void)
{
    static const struct {
        pp_dp_problem p;
        uint32_t n;
        int64_t (*v)(uint32_t);
        const char *tail;
    } cases[] = {
        {PP_DP_STONE_GAME, PP_DP_MAX_ENDS, huge, ""},
        {PP_DP_PREDICT_THE_WINNER, PP_DP_MAX_ENDS, mixed, ""},
        {PP_DP_STONE_GAME_VII, PP_DP_MAX_ENDS, huge, ""},
        {PP_DP_STONE_GAME_II, PP_DP_MAX_STONE2, mixed, ""},
        {PP_DP_STONE_GAME_III, PP_DP_MAX_STONE3, signed_mix, ""},
        {PP_DP_STONE_GAME_V, PP_DP_MAX_SPLIT, mixed, ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *text = list_text(cases[i].n, cases[i].v, cases[i].tail);
        pp_dp *d = dpk_solve(cases[i].p, PP_DP_ALGO_DP, text, NULL);
        pp_dp_input *in = parse(cases[i].p, text);
        CHECK_MSG(d && in, "%s at %u", pp_dp_problem_name(cases[i].p), cases[i].n);
        if (d && in) CHECK_EQ_INT(dpk_replay_errors(d, in), 0);
        pp_dp_free(d);
        pp_dp_input_free(in);
        free(text);
        text = list_text(cases[i].n + 1, cases[i].v, cases[i].tail);
        pp_error err;
        CHECK(pp_dp_parse(cases[i].p, text, strlen(text), &in, &err) == PP_ERR_LIMIT && in == NULL);
        free(text);
    }
    /* 1686 at 10^5, with the values it sums in 64 bits */
    char *alice = list_text(PP_DP_MAX_STONE6, huge, ", ");
    char *bob = list_text(PP_DP_MAX_STONE6, mixed, "");
    char *both = malloc(strlen(alice) + strlen(bob) + 1);
    strcpy(both, alice);
    strcat(both, bob);
    pp_dp *d = dpk_solve(PP_DP_STONE_GAME_VI, PP_DP_ALGO_DP, both, NULL);
    CHECK(d && pp_dp_answer(d) == 1 && pp_dp_replay_count(d) == PP_DP_MAX_STONE6);
    int64_t s[2];
    if (d) pp_dp_scores(d, s);
    CHECK(d && s[0] > INT32_MAX); /* 50,000 stones near 10^9 each */
    pp_dp_free(d);
    free(alice);
    free(bob);
    free(both);
    /* 1510 at 10^5, by both fills, which agree everywhere */
    pp_dp *k = dpk_solve(PP_DP_STONE_GAME_IV, PP_DP_ALGO_DP, "n = 100000", NULL);
    pp_dp *sv = dpk_solve(PP_DP_STONE_GAME_IV, PP_DP_ALGO_SIEVE, "n = 100000", NULL);
    CHECK(k && sv && memcmp(pp_dp_values(k), pp_dp_values(sv), 100001 * sizeof(int64_t)) == 0);
    CHECK(k && strcmp(dpk_answer(k), "true") == 0);
    pp_dp_free(k);
    pp_dp_free(sv);
    /* 464 at m = 20 with a goal the search must work for */
    d = dpk_solve(PP_DP_CAN_I_WIN, PP_DP_ALGO_DP, "20, 200", NULL);
    pp_dp_input *in = parse(PP_DP_CAN_I_WIN, "20, 200");
    CHECK(d && in && dpk_replay_errors(d, in) == 0);
    pp_dp_free(d);
    pp_dp_input_free(in);
}

/* 64-bit sums: 1690's scores pass 2^31 with stones near 10^9. */
static void sums_beyond_32_bits(void)
{
    pp_dp *d = dpk_solve(PP_DP_STONE_GAME_VII, PP_DP_ALGO_DP,
                         "[1000000000,999999999,1000000000,999999998,1000000000,1]", NULL);
    int64_t s[2];
    if (d) pp_dp_scores(d, s);
    CHECK(d && s[0] > INT32_MAX && s[0] - s[1] == pp_dp_answer(d));
    pp_dp_free(d);
    /* four piles of 10^9: whatever Alice takes first, she ends with two */
    d = dpk_solve(PP_DP_STONE_GAME_II, PP_DP_ALGO_DP, "[1000000000,1000000000,1000000000,1000000000]", NULL);
    CHECK(d && pp_dp_answer(d) == 2000000000LL);
    pp_dp_free(d);
    d = dpk_solve(PP_DP_STONE_GAME_II, PP_DP_ALGO_DP, "[1000000000,1000000000,1000000000,1000000000,1000000000]", NULL);
    CHECK(d && pp_dp_answer(d) > INT32_MAX);
    pp_dp_free(d);
}

void suite_dp_examples(void)
{
    RUN(every_leetcode_example_by_every_algorithm);
    RUN(bare_values_read_as_named);
    RUN(the_replays_of_the_explained_examples);
    RUN(nim_period_four);
    RUN(can_i_win_special_cases);
    RUN(the_largest_sizes);
    RUN(sums_beyond_32_bits);
}
