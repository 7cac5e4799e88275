/* test_dp_input.c: every rule of the ten problems' inputs, with its
 * message; the same checks on values; names and algorithms. */
#include <stdlib.h>

#include "../../c/perfect_play.h"
#include "harness.h"

static pp_error err;

static pp_status parse(pp_dp_problem p, const char *text)
{
    pp_dp_input *in = NULL;
    err.code = PP_OK;
    err.msg[0] = '\0';
    pp_status st = pp_dp_parse(p, text, strlen(text), &in, &err);
    CHECK((st == PP_OK) == (in != NULL));
    pp_dp_input_free(in);
    return st;
}

static const struct bad {
    pp_dp_problem p;
    const char *text;
    pp_status status;
    const char *message;
} bad[] = {
    /* the text itself */
    {PP_DP_STONE_GAME, "", PP_ERR_INPUT, "the input is empty: expected piles = ..."},
    {PP_DP_STONE_GAME, "piles = [5,3,4,5", PP_ERR_INPUT, "this list has no closing ']'"},
    {PP_DP_STONE_GAME, "piles = [5,3.5]", PP_ERR_INPUT,
     "column 12: expected an integer, found a number with a fraction"},
    {PP_DP_STONE_GAME, "stones = [5,3,4,5]", PP_ERR_INPUT, "column 1: expected the name 'piles', found 'stones'"},
    {PP_DP_STONE_GAME, "[5,3], [4,5]", PP_ERR_INPUT, "expected the end of the input after the value, found ','"},
    {PP_DP_STONE_GAME_III, "stoneValues = [1]", PP_ERR_INPUT, "expected the name 'stoneValue', found 'stoneValues'"},
    {PP_DP_CAN_I_WIN, "desiredTotal = 11, maxChoosableInteger = 10", PP_ERR_INPUT,
     "expected the name 'maxChoosableInteger', found 'desiredTotal'"},
    {PP_DP_CAN_I_WIN, "maxChoosableInteger = 10", PP_ERR_INPUT,
     "expected ',' and then desiredTotal (2 values are needed)"},
    {PP_DP_STONE_GAME_VI, "aliceValues = [1,3]", PP_ERR_INPUT, "expected ',' and then bobValues (2 values are needed)"},
    /* shapes */
    {PP_DP_STONE_GAME, "piles = 5", PP_ERR_INPUT, "column 9: piles must be a list of integers, found an integer"},
    {PP_DP_STONE_GAME, "piles = [5,\"3\"]", PP_ERR_INPUT, "column 12: piles[1] must be an integer, found a string"},
    {PP_DP_STONE_GAME_VII, "stones = [5,[3]]", PP_ERR_INPUT, "stones[1] must be an integer, found a list"},
    {PP_DP_STONE_GAME_VI, "aliceValues = [1], bobValues = 2", PP_ERR_INPUT,
     "bobValues must be a list of integers, found an integer"},
    {PP_DP_STONE_GAME_IV, "n = [4]", PP_ERR_INPUT, "column 5: n must be an integer, found a list"},
    {PP_DP_NIM, "n = true", PP_ERR_INPUT, "n must be an integer, found a boolean"},
    {PP_DP_CAN_I_WIN, "10, \"11\"", PP_ERR_INPUT, "column 5: desiredTotal must be an integer, found a string"},
    /* empty lists */
    {PP_DP_STONE_GAME, "piles = []", PP_ERR_INPUT, "column 9: piles is empty: at least 1 value is needed"},
    {PP_DP_STONE_GAME_II, "[]", PP_ERR_INPUT, "piles is empty"},
    {PP_DP_STONE_GAME_III, "stoneValue = []", PP_ERR_INPUT, "stoneValue is empty"},
    {PP_DP_STONE_GAME_V, "[]", PP_ERR_INPUT, "stoneValue is empty"},
    {PP_DP_STONE_GAME_VI, "[], []", PP_ERR_INPUT, "aliceValues is empty"},
    {PP_DP_STONE_GAME_VII, "[]", PP_ERR_INPUT, "stones is empty"},
    {PP_DP_PREDICT_THE_WINNER, "nums = []", PP_ERR_INPUT, "nums is empty"},
    /* signs, naming the entry */
    {PP_DP_STONE_GAME, "piles = [5,3,4,-2]", PP_ERR_INPUT, "column 16: piles[3] is -2: piles must be positive"},
    {PP_DP_STONE_GAME, "piles = [0,3]", PP_ERR_INPUT, "piles[0] is 0: piles must be positive"},
    {PP_DP_STONE_GAME_II, "piles = [2,7,-9]", PP_ERR_INPUT, "piles[2] is -9: piles must be positive"},
    {PP_DP_STONE_GAME_V, "stoneValue = [6,0]", PP_ERR_INPUT, "stoneValue[1] is 0: stoneValue must be positive"},
    {PP_DP_STONE_GAME_VI, "aliceValues = [1,3], bobValues = [2,-1]", PP_ERR_INPUT,
     "column 37: bobValues[1] is -1: bobValues must be positive"},
    {PP_DP_STONE_GAME_VI, "aliceValues = [0,3], bobValues = [2,1]", PP_ERR_INPUT,
     "aliceValues[0] is 0: aliceValues must be positive"},
    {PP_DP_STONE_GAME_VII, "stones = [5,3,-1]", PP_ERR_INPUT, "stones[2] is -1: stones must be positive"},
    {PP_DP_PREDICT_THE_WINNER, "nums = [1,-5,2]", PP_ERR_INPUT, "nums[1] is -5: nums must be 0 or more"},
    /* magnitudes */
    {PP_DP_STONE_GAME, "[5,1000000001]", PP_ERR_LIMIT,
     "piles[1] is 1000000001: values beyond 1000000000 are over this tool's limit"},
    {PP_DP_STONE_GAME_III, "[-1000000001]", PP_ERR_LIMIT, "stoneValue[0] is -1000000001: values beyond"},
    {PP_DP_PREDICT_THE_WINNER, "[99999999999999]", PP_ERR_LIMIT, "nums[0] is 99999999999999"},
    /* 1686's two lists */
    {PP_DP_STONE_GAME_VI, "aliceValues = [1,3,4], bobValues = [2,1]", PP_ERR_INPUT,
     "aliceValues has 3 values but bobValues has 2: they must have the same length"},
    /* the numbers */
    {PP_DP_STONE_GAME_IV, "n = 0", PP_ERR_INPUT, "column 5: n is 0: n must be at least 1"},
    {PP_DP_STONE_GAME_IV, "n = 100001", PP_ERR_LIMIT, "n is 100001; the limit is 100000"},
    {PP_DP_NIM, "n = -3", PP_ERR_INPUT, "n is -3: n must be at least 1"},
    {PP_DP_NIM, "n = 2147483648", PP_ERR_LIMIT, "n is 2147483648; the limit is 2147483647"},
    {PP_DP_CAN_I_WIN, "maxChoosableInteger = 0, desiredTotal = 11", PP_ERR_INPUT,
     "column 23: maxChoosableInteger is 0: it must be at least 1"},
    {PP_DP_CAN_I_WIN, "21, 11", PP_ERR_LIMIT, "maxChoosableInteger is 21; the limit is 20"},
    {PP_DP_CAN_I_WIN, "10, -1", PP_ERR_INPUT, "column 5: desiredTotal is -1: it must be 0 or more"},
    {PP_DP_CAN_I_WIN, "10, 301", PP_ERR_LIMIT, "desiredTotal is 301; the limit is 300"},
};

static void every_bad_input_is_named(void)
{
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        pp_status st = parse(bad[i].p, bad[i].text);
        CHECK_MSG(st == bad[i].status, "%s '%s': status %d, want %d (%s)", pp_dp_problem_name(bad[i].p), bad[i].text,
                  st, bad[i].status, err.msg);
        CHECK_CONTAINS(err.msg, bad[i].message);
        CHECK(strchr(err.msg, '\n') == NULL);
    }
}

/* n values of v, as a list, for the size limits. */
static char *repeat(uint32_t n, const char *prefix)
{
    char *s = malloc((size_t)n * 2 + strlen(prefix) + 4);
    size_t len = (size_t)sprintf(s, "%s[", prefix);
    for (uint32_t i = 0; i < n; i++) {
        if (i) s[len++] = ',';
        s[len++] = '7';
    }
    strcpy(s + len, "]");
    return s;
}

static void sizes_past_the_limits_are_refused(void)
{
    static const struct {
        pp_dp_problem p;
        uint32_t limit;
        const char *message;
    } cases[] = {
        {PP_DP_STONE_GAME, 1000, "piles has 1001 values; this tool takes at most 1000 (LeetCode: 500)"},
        {PP_DP_PREDICT_THE_WINNER, 1000, "nums has 1001 values; this tool takes at most 1000 (LeetCode: 20)"},
        {PP_DP_STONE_GAME_VII, 1000, "stones has 1001 values; this tool takes at most 1000 (LeetCode: 1000)"},
        {PP_DP_STONE_GAME_II, 1000, "piles has 1001 values; this tool takes at most 1000 (LeetCode: 100)"},
        {PP_DP_STONE_GAME_III, 50000, "stoneValue has 50001 values; this tool takes at most 50000"},
        {PP_DP_STONE_GAME_V, 500, "stoneValue has 501 values; this tool takes at most 500 (LeetCode: 500)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *at = repeat(cases[i].limit, ""), *past = repeat(cases[i].limit + 1, "");
        CHECK(parse(cases[i].p, at) == PP_OK);
        CHECK(parse(cases[i].p, past) == PP_ERR_LIMIT);
        CHECK_CONTAINS(err.msg, cases[i].message);
        free(at);
        free(past);
    }
    char *alice = repeat(100001, ""), *text = malloc(strlen(alice) * 2 + 4);
    sprintf(text, "%s, %s", alice, alice);
    CHECK(parse(PP_DP_STONE_GAME_VI, text) == PP_ERR_LIMIT);
    CHECK_CONTAINS(err.msg, "aliceValues has 100001 values; this tool takes at most 100000");
    free(alice);
    free(text);
}

static void good_inputs_and_the_older_name(void)
{
    CHECK(parse(PP_DP_STONE_GAME_III, "stoneValue = [1,2,3,-9]") == PP_OK);
    CHECK(parse(PP_DP_STONE_GAME_III, "values = [1,2,3,-9]") == PP_OK);
    CHECK(parse(PP_DP_STONE_GAME_III, "[-1000,1000]") == PP_OK);
    CHECK(parse(PP_DP_STONE_GAME, "piles = [5]") == PP_OK);     /* one pile: Alice takes it */
    CHECK(parse(PP_DP_STONE_GAME, "piles = [1,2,3]") == PP_OK); /* odd length: allowed */
    CHECK(parse(PP_DP_PREDICT_THE_WINNER, "nums = [0,0]") == PP_OK);
    CHECK(parse(PP_DP_CAN_I_WIN, "maxChoosableInteger = 20, desiredTotal = 300") == PP_OK);
    CHECK(parse(PP_DP_CAN_I_WIN, "1, 0") == PP_OK);
    CHECK(parse(PP_DP_NIM, "n = 2147483647") == PP_OK);
    CHECK(parse(PP_DP_STONE_GAME_IV, "n = 100000") == PP_OK);
    CHECK(parse(PP_DP_STONE_GAME_VI, "aliceValues = [1000000000], bobValues = [1]") == PP_OK);
    pp_dp_input *in = NULL;
    const char *t = "  aliceValues = [2,4,3],\n  bobValues = [1,6,7]\n";
    CHECK(pp_dp_parse(PP_DP_STONE_GAME_VI, t, strlen(t), &in, NULL) == PP_OK);
    CHECK(in && pp_dp_input_count(in) == 3 && pp_dp_input_values(in, 1)[2] == 7 && pp_dp_input_values(in, 0)[1] == 4);
    pp_dp_input_free(in);
    t = "maxChoosableInteger = 10, desiredTotal = 11";
    CHECK(pp_dp_parse(PP_DP_CAN_I_WIN, t, strlen(t), &in, NULL) == PP_OK);
    CHECK(in && pp_dp_input_number(in, 0) == 10 && pp_dp_input_number(in, 1) == 11 && pp_dp_input_count(in) == 0);
    CHECK(in && pp_dp_input_problem(in) == PP_DP_CAN_I_WIN);
    pp_dp_input_free(in);
}

/* pp_dp_input_new: the same rules, messages without a column. */
static void values_are_checked_the_same_way(void)
{
    pp_dp_input *in = NULL;
    int64_t piles[4] = {5, 3, 4, -2}, ok[2] = {1, 2}, nums[2] = {10, 301};
    CHECK(pp_dp_input_new(PP_DP_STONE_GAME, piles, NULL, 4, &in, &err) == PP_ERR_INPUT && in == NULL);
    CHECK(strcmp(err.msg, "piles[3] is -2: piles must be positive") == 0);
    CHECK(pp_dp_input_new(PP_DP_STONE_GAME, piles, NULL, 0, &in, &err) == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "piles is empty");
    int64_t four[4] = {1, 2, 3, 4};
    CHECK(pp_dp_input_new(PP_DP_STONE_GAME_VI, four, piles, 4, &in, &err) == PP_ERR_INPUT && in == NULL);
    CHECK(strcmp(err.msg, "bobValues[3] is -2: bobValues must be positive") == 0);
    CHECK(pp_dp_input_new(PP_DP_STONE_GAME_VI, ok, ok, 2, &in, &err) == PP_OK && in);
    pp_dp_input_free(in);
    in = NULL;
    CHECK(pp_dp_input_new(PP_DP_CAN_I_WIN, nums, NULL, 0, &in, &err) == PP_ERR_LIMIT && in == NULL);
    CHECK(strcmp(err.msg, "desiredTotal is 301; the limit is 300") == 0);
    CHECK(pp_dp_input_new(PP_DP_NIM, NULL, NULL, 0, &in, &err) == PP_ERR_ARG);
    CHECK(pp_dp_input_new(PP_DP_PROBLEMS, ok, NULL, 2, &in, &err) == PP_ERR_ARG);
    CHECK(pp_dp_input_new(PP_DP_NIM, ok, NULL, 0, NULL, &err) == PP_ERR_ARG);
    CHECK(pp_dp_parse(PP_DP_NIM, "4", 1, NULL, &err) == PP_ERR_ARG);
    pp_dp_input_free(NULL);
    pp_dp_free(NULL);
}

/* pp_dp_solve's own refusals: an algorithm the problem has not got; the
 * exhaustive search past 20 stones. */
static void solve_refuses_what_it_cannot_do(void)
{
    pp_dp_input *in = NULL;
    pp_dp *d = NULL;
    int64_t piles[4] = {5, 3, 4, 5};
    pp_dp_input_new(PP_DP_STONE_GAME, piles, NULL, 4, &in, NULL);
    CHECK(pp_dp_solve(in, PP_DP_ALGO_SIEVE, NULL, &d, &err) == PP_ERR_ARG && d == NULL);
    CHECK(strcmp(err.msg, "stone-game has no algorithm 'sieve'") == 0);
    CHECK(pp_dp_solve(in, PP_DP_ALGO_FLAWED_MEMO, NULL, &d, &err) == PP_ERR_ARG);
    CHECK(pp_dp_solve(NULL, PP_DP_ALGO_DP, NULL, &d, &err) == PP_ERR_ARG);
    CHECK(pp_dp_solve(in, PP_DP_ALGO_DP, NULL, NULL, &err) == PP_ERR_ARG);
    pp_dp_input_free(in);
    int64_t a[21];
    for (int i = 0; i < 21; i++) a[i] = i + 1;
    pp_dp_input_new(PP_DP_STONE_GAME_VI, a, a, 21, &in, NULL);
    CHECK(pp_dp_solve(in, PP_DP_ALGO_EXHAUSTIVE, NULL, &d, &err) == PP_ERR_LIMIT && d == NULL);
    CHECK_CONTAINS(err.msg, "the exhaustive search takes at most 20 stones, not 21");
    CHECK(pp_dp_solve(in, PP_DP_ALGO_DP, NULL, &d, &err) == PP_OK);
    pp_dp_free(d);
    pp_dp_input_free(in);
}

static void names_and_algorithms(void)
{
    static const char *const names[PP_DP_PROBLEMS] = {
        "stone-game",     "stone-game-ii", "stone-game-iii", "stone-game-iv",      "stone-game-v", "stone-game-vi",
        "stone-game-vii", "nim",           "can-i-win",      "predict-the-winner",
    };
    static const int leetcode[PP_DP_PROBLEMS] = {877, 1140, 1406, 1510, 1563, 1686, 1690, 292, 464, 486};
    for (int p = 0; p < PP_DP_PROBLEMS; p++) {
        CHECK(strcmp(pp_dp_problem_name((pp_dp_problem)p), names[p]) == 0);
        CHECK_EQ_INT(pp_dp_problem_by_name(names[p]), p);
        CHECK_EQ_INT(pp_dp_problem_leetcode((pp_dp_problem)p), leetcode[p]);
        CHECK(pp_dp_has_algo((pp_dp_problem)p, PP_DP_ALGO_DP));
    }
    CHECK_EQ_INT(pp_dp_problem_by_name("stone-game-viii"), -1);
    CHECK_EQ_INT(pp_dp_algo_by_name("flawed-memo"), PP_DP_ALGO_FLAWED_MEMO);
    CHECK_EQ_INT(pp_dp_algo_by_name("alphabeta"), -1);
    int count = 0;
    for (int p = 0; p < PP_DP_PROBLEMS; p++)
        for (int a = 1; a < PP_DP_ALGOS; a++) count += pp_dp_has_algo((pp_dp_problem)p, (pp_dp_algo)a);
    CHECK_EQ_INT(count, 6); /* diff x2, sieve x2, flawed-memo, exhaustive */
}

void suite_dp_input(void)
{
    RUN(every_bad_input_is_named);
    RUN(sizes_past_the_limits_are_refused);
    RUN(good_inputs_and_the_older_name);
    RUN(values_are_checked_the_same_way);
    RUN(solve_refuses_what_it_cannot_do);
    RUN(names_and_algorithms);
}
