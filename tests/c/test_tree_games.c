/* test_tree_games.c: the game-tree games on their problems' examples and
 * judges' samples (each expected answer says where it comes from), and every
 * search option against independent reference solvers on random positions. */
#include <stdlib.h>

#include "../../c/perfect_play.h"
#include "harness.h"

static uint64_t rng_state;
static uint32_t rnd(uint32_t n)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)((rng_state >> 33) % n);
}

static pp_ab_options opts(pp_ab_algo algo, pp_ab_order order, int tt)
{
    pp_ab_options o;
    pp_ab_defaults(&o);
    o.algo = algo;
    o.order = order;
    o.tt = tt;
    o.tt_bits = 14; /* thousands of solves allocate a table each */
    return o;
}

static int32_t solve(const pp_game *g, pp_ab_options o, pp_ab_result *res)
{
    pp_ab_result r;
    pp_error err = {PP_OK, ""};
    pp_status s = pp_ab_solve(g, &o, NULL, &r, &err);
    CHECK_MSG(s == PP_OK, "%s: %s", g->name, err.msg);
    if (res) *res = r;
    return r.value;
}

/* Every algorithm x order x table (x memo where the game has one) gives
 * `want`; returns how many disagreed. */
static int all_options_give(const pp_game *g, int32_t want, const char *what)
{
    int bad = 0;
    for (int a = 0; a < 3; a++)
        for (int ord = 0; ord < 3; ord++)
            for (int tt = 0; tt < 2; tt++)
                for (int memo = 0; memo < (g->key_bits ? 2 : 1); memo++) {
                    pp_ab_options o = opts((pp_ab_algo)a, (pp_ab_order)ord, tt);
                    o.memo = memo;
                    int32_t v = solve(g, o, NULL);
                    if (v != want && bad++ < 3)
                        printf("  %s: algo %d order %d tt %d memo %d gives %d, want %d\n", what, a, ord, tt, memo, v,
                               want);
                }
    return bad;
}

/* ---- tic-tac-toe ---- */

static pp_ttt *ttt(const char *text)
{
    pp_ttt *t = NULL;
    pp_error err;
    pp_status s = pp_ttt_parse(text, strlen(text), &t, &err);
    CHECK_MSG(s == PP_OK, "%s: %s", text, err.msg);
    return t;
}

/* An independent reference: plain negamax over a char board, no tricks. */
static int ref_line(const char *b, int n, char p)
{
    for (int i = 0; i < n; i++) {
        int row = 1, col = 1;
        for (int j = 0; j < n; j++) {
            row &= b[i * n + j] == p;
            col &= b[j * n + i] == p;
        }
        if (row || col) return 1;
    }
    int d1 = 1, d2 = 1;
    for (int i = 0; i < n; i++) {
        d1 &= b[i * n + i] == p;
        d2 &= b[i * n + n - 1 - i] == p;
    }
    return d1 || d2;
}

/* The value for X (+1, 0, -1) with `p` to move. */
static int ref_ttt(char *b, int n, char p)
{
    if (ref_line(b, n, 'X')) return 1;
    if (ref_line(b, n, 'O')) return -1;
    int best = p == 'X' ? -2 : 2, moved = 0;
    for (int c = 0; c < n * n; c++) {
        if (b[c] != '.') continue;
        b[c] = p;
        int v = ref_ttt(b, n, p == 'X' ? 'O' : 'X');
        b[c] = '.';
        moved = 1;
        if (p == 'X' ? v > best : v < best) best = v;
        if (best == (p == 'X' ? 1 : -1)) break;
    }
    return moved ? best : 0;
}

static void tictactoe_known_values(void)
{
    /* 3x3 from the empty board is a draw (a classic result; e.g. Wikipedia,
     * "Tic-tac-toe": perfect play from both sides leads to a draw). */
    pp_ttt *t = ttt("board = [\"...\",\"...\",\"...\"]");
    CHECK_EQ_INT(all_options_give(pp_ttt_game(t), 0, "3x3 empty"), 0);
    pp_ttt_free(t);
    /* X to move completes the top row; O to move blocks nothing in time. */
    t = ttt("board = [\"XX.\",\"OO.\",\"...\"]");
    CHECK_EQ_INT(all_options_give(pp_ttt_game(t), 1, "X wins now"), 0);
    pp_ttt_free(t);
    t = ttt("[\"XX.\",\"OO.\",\"X..\"]");
    CHECK_EQ_INT(pp_ttt_to_move(t), PP_AB_MIN);
    CHECK_EQ_INT(all_options_give(pp_ttt_game(t), -1, "O wins now"), 0);
    pp_ttt_free(t);
    /* A finished game is a leaf. */
    t = ttt("[\"XXX\",\"OO.\",\"...\"]");
    pp_ab_result r;
    CHECK_EQ_INT(solve(pp_ttt_game(t), opts(PP_AB_HARD, PP_ORDER_GIVEN, 0), &r), 1);
    CHECK_EQ_INT(r.stats.nodes, 1);
    pp_ttt_free(t);
    /* 4x4 from the empty board is a draw too (UVa 10111's premise that x
     * needs the opponent's mistakes; confirmed by exhaustive searches such
     * as this one). The table makes it quick. */
    t = ttt("board = [\"....\",\"....\",\"....\",\"....\"]");
    CHECK_EQ_INT(solve(pp_ttt_game(t), opts(PP_AB_HARD, PP_ORDER_BEST, 1), &r), 0);
    CHECK(r.stats.nodes < 1000000);
    CHECK_EQ_INT(solve(pp_ttt_game(t), opts(PP_AB_SOFT, PP_ORDER_GIVEN, 1), NULL), 0);
    pp_ttt_free(t);
}

/* UVa 10111 "Find the Winning Move", sample input and output (the problem
 * statement, Mid-Central USA 1999): the first board has no forced win
 * ("#####"), the second's first forced win is (0,1), although (0,3) and
 * (2,0) win at once. */
static void tictactoe_uva10111_sample(void)
{
    pp_ttt *t = NULL;
    CHECK(pp_ttt_from_cells(4,
                            "...."
                            ".xo."
                            ".ox."
                            "....",
                            0, &t, NULL) == PP_OK);
    pp_ab_options o = opts(PP_AB_HARD, PP_ORDER_GIVEN, 1);
    o.alpha = 0;
    o.beta = 1;
    pp_ab_result r;
    CHECK(solve(pp_ttt_game(t), o, &r) <= 0);
    pp_ttt_free(t);
    CHECK(pp_ttt_from_cells(4,
                            "o..."
                            ".ox."
                            ".xxx"
                            "xooo",
                            0, &t, NULL) == PP_OK);
    CHECK_EQ_INT(solve(pp_ttt_game(t), o, &r), 1);
    CHECK_EQ_INT(pp_ttt_move_cell(t, r.best_move), 1); /* (0,1) */
    /* with the full window the value is the same: x wins */
    CHECK_EQ_INT(all_options_give(pp_ttt_game(t), 1, "uva sample 2"), 0);
    pp_ttt_free(t);
}

/* Random positions (random legal play from the empty board): every option
 * agrees with the reference negamax. */
static void tictactoe_random_positions(void)
{
    rng_state = 10111;
    int positions = 0, bad = 0, decided[3] = {0, 0, 0};
    for (int i = 0; i < 1200; i++) {
        int n = i < 1000 ? 3 : 4;
        char b[17];
        memset(b, '.', (size_t)(n * n));
        b[n * n] = '\0';
        int moves = n == 3 ? 2 + (int)rnd(7) : 9 + (int)rnd(7), made = 0;
        char p = 'X';
        while (made < moves && !ref_line(b, n, 'X') && !ref_line(b, n, 'O')) {
            int c;
            do c = (int)rnd((uint32_t)(n * n));
            while (b[c] != '.');
            b[c] = p;
            p = p == 'X' ? 'O' : 'X';
            made++;
        }
        if (made == n * n) continue;
        pp_ttt *t = NULL;
        CHECK(pp_ttt_from_cells(n, b, -1, &t, NULL) == PP_OK);
        if (!t) continue;
        char copy[17];
        memcpy(copy, b, sizeof copy);
        int want = ref_ttt(copy, n, p);
        decided[want + 1]++;
        bad += all_options_give(pp_ttt_game(t), want, b);
        positions++;
        pp_ttt_free(t);
    }
    CHECK(positions >= 1000);
    CHECK_EQ_INT(bad, 0);
    CHECK(decided[0] > 50 && decided[1] > 50 && decided[2] > 50);
}

/* The key is the same for all 8 images of a position under the square's
 * symmetries, and differs between positions that are not images. */
static void tictactoe_symmetric_keys(void)
{
    pp_ttt *a = NULL, *b = NULL, *c = NULL;
    CHECK(pp_ttt_from_cells(4,
                            "xo.."
                            "...."
                            "...."
                            "....",
                            -1, &a, NULL) == PP_OK);
    CHECK(pp_ttt_from_cells(4,
                            "...."
                            "...."
                            "...."
                            "..ox",
                            -1, &b, NULL) == PP_OK); /* rotated twice */
    CHECK(pp_ttt_from_cells(4,
                            "x..."
                            "o..."
                            "...."
                            "....",
                            -1, &c, NULL) == PP_OK); /* mirrored */
    const pp_game *ga = pp_ttt_game(a), *gb = pp_ttt_game(b), *gc = pp_ttt_game(c);
    CHECK(ga->hash(ga->ctx, ga->root) == gb->hash(gb->ctx, gb->root));
    CHECK(ga->hash(ga->ctx, ga->root) == gc->hash(gc->ctx, gc->root));
    pp_ttt_free(b);
    CHECK(pp_ttt_from_cells(4,
                            "x.o."
                            "...."
                            "...."
                            "....",
                            -1, &b, NULL) == PP_OK);
    gb = pp_ttt_game(b);
    CHECK(ga->hash(ga->ctx, ga->root) != gb->hash(gb->ctx, gb->root));
    pp_ttt_free(a);
    pp_ttt_free(b);
    pp_ttt_free(c);
}

static void tictactoe_input_errors(void)
{
    static const struct {
        const char *text, *msg;
    } cases[] = {
        {"board = [\"X.O\",\"...\"]", "board has 2 rows; tic-tac-toe here is 3x3 or 4x4"},
        {"board = [\"X.O\",\"..\",\"...\"]", "column 16: board[1] has 2 cells, but the board has 3 rows"},
        {"board = [\"X.O\",\"..Z\",\"...\"]", "row 1, column 2: 'Z' is not X, O, '.' or ' '"},
        {"board = [\"XXO\",\"X..\",\"...\"]", "X must have as many pieces as O or one more (3 X, 1 O)"},
        {"board = [\"XXX\",\"OOO\",\"...\"]", "both X and O have a line"},
        {"board = [\"XXX\",\"OO.\",\"O..\"]", "X has a line, so the game ended on X's move, yet O has moved since"},
        {"board = [\"OOO\",\"XX.\",\"XX.\"]", "O has a line, so the game ended on O's move"},
        {"board = [[1,2,3]]", "board has 1 rows"},
        {"board = [1,2,3]", "board[0] must be a string"},
        {"board = \"X.O\"", "board must be a list of row strings"},
        {"grid = [\"...\"]", "expected the name 'board'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pp_ttt *t = NULL;
        pp_error err = {PP_OK, ""};
        CHECK(pp_ttt_parse(cases[i].text, strlen(cases[i].text), &t, &err) == PP_ERR_INPUT);
        CHECK_CONTAINS(err.msg, cases[i].msg);
        CHECK(t == NULL);
    }
    pp_ttt *t = ttt("[\"x o\",\" o \",\"x  \"]"); /* spaces and lower case are fine */
    CHECK_EQ_INT(pp_ttt_cell(t, 0, 2), 'O');
    CHECK_EQ_INT(pp_ttt_cell(t, 2, 0), 'X');
    CHECK_EQ_INT(pp_ttt_cell(t, 1, 0), '.');
    pp_ttt_free(t);
    pp_ttt_free(NULL);
}

/* ---- Nim (LeetCode 292) ---- */

static void nim_leetcode_examples(void)
{
    /* LeetCode 292, examples 1 to 3: n = 4 -> false, n = 1 -> true, n = 2 -> true. */
    static const struct {
        int n, win;
    } ex[] = {{4, 0}, {1, 1}, {2, 1}};
    for (size_t i = 0; i < 3; i++) {
        pp_nim *t = NULL;
        char text[32];
        snprintf(text, sizeof text, "n = %d", ex[i].n);
        CHECK(pp_nim_parse(text, strlen(text), &t, NULL) == PP_OK);
        CHECK_EQ_INT(all_options_give(pp_nim_game(t), ex[i].win ? 1 : -1, text), 0);
        pp_nim_free(t);
    }
}

/* The known strategy (leave a multiple of 4) says the first player wins
 * exactly when n % 4 != 0; the search agrees up to the deepest tree. */
static void nim_agrees_with_the_closed_form(void)
{
    for (int n = 1; n <= PP_NIM_MAX_N; n++) {
        pp_nim *t = NULL;
        CHECK(pp_nim_new(n, &t, NULL) == PP_OK);
        int32_t want = n % 4 ? 1 : -1;
        CHECK_EQ_INT(solve(pp_nim_game(t), opts(PP_AB_HARD, PP_ORDER_GIVEN, 1), NULL), want);
        pp_ab_options o = opts(PP_AB_SOFT, PP_ORDER_WORST, 0);
        o.memo = 1;
        CHECK_EQ_INT(solve(pp_nim_game(t), o, NULL), want);
        if (n <= 14) CHECK_EQ_INT(all_options_give(pp_nim_game(t), want, "nim"), 0);
        pp_nim_free(t);
    }
    pp_nim *t = NULL;
    pp_error err;
    CHECK(pp_nim_new(PP_NIM_MAX_N + 1, &t, &err) == PP_ERR_LIMIT);
    CHECK_CONTAINS(err.msg, "--algo dp answers any n");
    CHECK(pp_nim_parse("n = 0", 5, &t, &err) == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "1 <= n <= 2^31 - 1");
    CHECK(pp_nim_parse("n = [4]", 7, &t, &err) == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "n must be an integer, not a list");
}

/* ---- Can I Win (LeetCode 464) ---- */

static pp_caniwin *caniwin(int max, int total)
{
    pp_caniwin *t = NULL;
    pp_error err;
    CHECK_MSG(pp_caniwin_new(max, total, &t, &err) == PP_OK, "%s", err.msg);
    return t;
}

static void caniwin_leetcode_examples(void)
{
    /* LeetCode 464, examples 1 to 3: (10, 11) -> false, (10, 0) -> true,
     * (10, 1) -> true. */
    pp_caniwin *t = NULL;
    const char *text = "maxChoosableInteger = 10, desiredTotal = 11";
    CHECK(pp_caniwin_parse(text, strlen(text), &t, NULL) == PP_OK);
    CHECK_EQ_INT(all_options_give(pp_caniwin_game(t), -1, "(10, 11)"), 0);
    pp_caniwin_free(t);
    t = caniwin(10, 0);
    CHECK_EQ_INT(all_options_give(pp_caniwin_game(t), 1, "(10, 0)"), 0);
    pp_caniwin_free(t);
    t = caniwin(10, 1);
    CHECK_EQ_INT(all_options_give(pp_caniwin_game(t), 1, "(10, 1)"), 0);
    pp_caniwin_free(t);
    /* 1 + ... + 5 = 15 < 16: nobody can reach it, LeetCode says false;
     * (5, 15): the first player wins (three picks each way round). */
    t = caniwin(5, 16);
    CHECK_EQ_INT(all_options_give(pp_caniwin_game(t), -1, "(5, 16)"), 0);
    pp_caniwin_free(t);
}

/* An independent reference: the bitmask DP of the usual accepted solutions. */
static int ref_caniwin_rec(int max, int need, uint32_t used, int8_t *memo)
{
    if (memo[used]) return memo[used] > 0;
    int win = 0;
    for (int i = 1; i <= max && !win; i++)
        if (!(used >> (i - 1) & 1) && (i >= need || !ref_caniwin_rec(max, need - i, used | 1u << (i - 1), memo)))
            win = 1;
    memo[used] = win ? 1 : -1;
    return win;
}

static int ref_caniwin(int max, int total)
{
    if (total <= 0) return 1;
    if (max * (max + 1) / 2 < total) return 0;
    int8_t *memo = calloc((size_t)1 << max, 1);
    int win = ref_caniwin_rec(max, total, 0, memo);
    free(memo);
    return win;
}

static void caniwin_random_against_reference(void)
{
    rng_state = 464;
    int bad = 0, wins = 0, losses = 0;
    uint64_t with_memo = 0, without = 0;
    for (int i = 0; i < 300; i++) {
        int max = 1 + (int)rnd(9), total = (int)rnd((uint32_t)(max * (max + 1) / 2 + 3));
        pp_caniwin *t = caniwin(max, total);
        int32_t want = ref_caniwin(max, total) ? 1 : -1;
        wins += want > 0;
        losses += want < 0;
        char what[32];
        snprintf(what, sizeof what, "(%d, %d)", max, total);
        bad += all_options_give(pp_caniwin_game(t), want, what);
        pp_ab_result r;
        pp_ab_options o = opts(PP_AB_HARD, PP_ORDER_GIVEN, 0);
        solve(pp_caniwin_game(t), o, &r);
        without += r.stats.nodes;
        o.memo = 1;
        solve(pp_caniwin_game(t), o, &r);
        with_memo += r.stats.nodes;
        pp_caniwin_free(t);
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(wins > 50 && losses > 50);
    CHECK(with_memo * 2 < without); /* the memo visits far fewer states */
}

/* The full-size pool: 2^20 masks; the memo makes it quick, plain alpha-beta
 * without it runs out of any sensible budget. */
static void caniwin_largest_pool(void)
{
    int totals[] = {150, 152, 160, 189, 200, 210};
    for (size_t i = 0; i < sizeof totals / sizeof totals[0]; i++) {
        pp_caniwin *t = caniwin(20, totals[i]);
        pp_ab_options o = opts(PP_AB_HARD, PP_ORDER_BEST, 0);
        o.memo = 1;
        CHECK_EQ_INT(solve(pp_caniwin_game(t), o, NULL), ref_caniwin(20, totals[i]) ? 1 : -1);
        pp_caniwin_free(t);
    }
    pp_caniwin *t = caniwin(20, 152);
    pp_ab_options o = opts(PP_AB_HARD, PP_ORDER_GIVEN, 0);
    o.budget = 2000000;
    pp_ab_result r;
    CHECK(pp_ab_solve(pp_caniwin_game(t), &o, NULL, &r, NULL) == PP_ERR_BUDGET);
    pp_caniwin_free(t);
}

static void caniwin_input_errors(void)
{
    static const struct {
        const char *text, *msg;
    } cases[] = {
        {"maxChoosableInteger = 21, desiredTotal = 11", "maxChoosableInteger is 21; LeetCode 464 has 1 to 20"},
        {"0, 11", "maxChoosableInteger is 0"},
        {"10, 301", "desiredTotal is 301; LeetCode 464 has 0 to 300"},
        {"10, -1", "desiredTotal is -1"},
        {"10", "expected ',' and then desiredTotal"},
        {"maxChoosableInteger = 10, desiredTotal = \"11\"", "desiredTotal must be an integer, not a string"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pp_caniwin *t = NULL;
        pp_error err = {PP_OK, ""};
        CHECK(pp_caniwin_parse(cases[i].text, strlen(cases[i].text), &t, &err) == PP_ERR_INPUT);
        CHECK_CONTAINS(err.msg, cases[i].msg);
        CHECK(t == NULL);
    }
}

/* ---- Predict the Winner (LeetCode 486) ---- */

static pp_predict *predict(const char *text)
{
    pp_predict *t = NULL;
    pp_error err;
    CHECK_MSG(pp_predict_parse(text, strlen(text), &t, &err) == PP_OK, "%s", err.msg);
    return t;
}

static void predict_leetcode_examples(void)
{
    /* LeetCode 486, example 1: [1,5,2] -> false (player 1 ends with 3 against
     * 5: value -2); example 2: [1,5,233,7] -> true (234 against 12: 222). */
    pp_predict *t = predict("nums = [1,5,2]");
    CHECK_EQ_INT(all_options_give(pp_predict_game(t), -2, "[1,5,2]"), 0);
    pp_predict_free(t);
    t = predict("nums = [1,5,233,7]");
    CHECK_EQ_INT(all_options_give(pp_predict_game(t), 222, "[1,5,233,7]"), 0);
    pp_predict_free(t);
    t = predict("[7]"); /* one number: player 1 takes it */
    CHECK_EQ_INT(all_options_give(pp_predict_game(t), 7, "[7]"), 0);
    pp_predict_free(t);
}

/* An independent reference: the interval DP of the usual solutions,
 * best[l][r] = max(nums[l] - best[l+1][r], nums[r] - best[l][r-1]). */
static int64_t ref_predict(const int64_t *a, int n)
{
    int64_t best[PP_PREDICT_MAX_N][PP_PREDICT_MAX_N];
    for (int len = 1; len <= n; len++)
        for (int l = 0; l + len - 1 < n; l++) {
            int r = l + len - 1;
            if (len == 1) best[l][r] = a[l];
            else {
                int64_t x = a[l] - best[l + 1][r], y = a[r] - best[l][r - 1];
                best[l][r] = x > y ? x : y;
            }
        }
    return best[0][n - 1];
}

static void predict_random_against_reference(void)
{
    rng_state = 486;
    int bad = 0;
    for (int i = 0; i < 400; i++) {
        int n = 1 + (int)rnd(12);
        int64_t a[PP_PREDICT_MAX_N];
        for (int k = 0; k < n; k++) a[k] = i % 3 ? rnd(20) : rnd(PP_PREDICT_MAX_NUM + 1);
        pp_predict *t = NULL;
        CHECK(pp_predict_new(a, n, &t, NULL) == PP_OK);
        bad += all_options_give(pp_predict_game(t), (int32_t)ref_predict(a, n), "random nums");
        pp_predict_free(t);
    }
    CHECK_EQ_INT(bad, 0);
    /* twenty numbers, the most: the table needs ~n^2 positions, not 2^n */
    int64_t a[20];
    for (int k = 0; k < 20; k++) a[k] = (k * 7919) % 1000;
    pp_predict *t = NULL;
    CHECK(pp_predict_new(a, 20, &t, NULL) == PP_OK);
    pp_ab_result r;
    CHECK_EQ_INT(solve(pp_predict_game(t), opts(PP_AB_HARD, PP_ORDER_BEST, 1), &r), ref_predict(a, 20));
    CHECK(r.stats.nodes < 2000);
    CHECK_EQ_INT(solve(pp_predict_game(t), opts(PP_AB_MINIMAX, PP_ORDER_GIVEN, 0), &r), ref_predict(a, 20));
    CHECK_EQ_INT(r.stats.leaves, 1 << 19);
    pp_predict_free(t);
}

static void predict_input_errors(void)
{
    static const struct {
        const char *text, *msg;
    } cases[] = {
        {"nums = []", "nums has 0 numbers; LeetCode 486 has 1 to 20"},
        {"nums = [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21]", "nums has 21 numbers"},
        {"nums = [1,-5,2]", "nums[1] is -5; LeetCode 486 has 0 to 10000000"},
        {"nums = [1,10000001]", "nums[1] is 10000001"},
        {"nums = [1,[5],2]", "column 11: nums[1] must be an integer, not a list"},
        {"nums = 5", "nums must be a list of integers"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pp_predict *t = NULL;
        pp_error err = {PP_OK, ""};
        CHECK(pp_predict_parse(cases[i].text, strlen(cases[i].text), &t, &err) == PP_ERR_INPUT);
        CHECK_CONTAINS(err.msg, cases[i].msg);
        CHECK(t == NULL);
    }
}

/* ---- 一双木棋 (Luogu P4363) ---- */

static void young_luogu_sample(void)
{
    /* Luogu P4363 sample 1: a 2 x 3 board, a = [2 7 3; 9 1 2], b = [3 7 2;
     * 2 3 1]; the answer is 2 (the statement walks through the game). */
    pp_young *t = NULL;
    const char *text = "a = [[2,7,3],[9,1,2]], b = [[3,7,2],[2,3,1]]";
    CHECK(pp_young_parse(text, strlen(text), &t, NULL) == PP_OK);
    CHECK_EQ_INT(all_options_give(pp_young_game(t), 2, "P4363 sample"), 0);
    pp_young_free(t);
}

/* An independent reference: minimax memoized over the staircases, as the
 * usual accepted solutions do (profiles as base m + 1 numbers). */
static int ref_young_n, ref_young_m;
static const int64_t *ref_young_a, *ref_young_b;

static int64_t ref_young_rec(int *len, int filled, int64_t *memo, uint8_t *known)
{
    int n = ref_young_n, m = ref_young_m;
    if (filled == n * m) return 0;
    int code = 0;
    for (int i = 0; i < n; i++) code = code * (m + 1) + len[i];
    if (known[code]) return memo[code];
    int first = filled % 2 == 0;
    int64_t best = first ? INT64_MIN : INT64_MAX;
    for (int i = 0; i < n; i++) {
        if (len[i] == m || (i > 0 && len[i] == len[i - 1])) continue;
        int j = len[i]++;
        int64_t v =
            (first ? ref_young_a[i * m + j] : -ref_young_b[i * m + j]) + ref_young_rec(len, filled + 1, memo, known);
        len[i]--;
        if (first ? v > best : v < best) best = v;
    }
    known[code] = 1;
    return memo[code] = best;
}

static int64_t ref_young(int n, int m, const int64_t *a, const int64_t *b)
{
    size_t states = 1;
    for (int i = 0; i < n; i++) states *= (size_t)(m + 1);
    int64_t *memo = malloc(states * sizeof *memo);
    uint8_t *known = calloc(states, 1);
    int len[PP_YOUNG_MAX_SIDE] = {0};
    ref_young_n = n;
    ref_young_m = m;
    ref_young_a = a;
    ref_young_b = b;
    int64_t v = ref_young_rec(len, 0, memo, known);
    free(memo);
    free(known);
    return v;
}

static void young_random_against_reference(void)
{
    rng_state = 4363;
    int bad = 0;
    for (int i = 0; i < 150; i++) {
        int n = 1 + (int)rnd(4), m = 1 + (int)rnd(4);
        int64_t a[16], b[16];
        for (int k = 0; k < n * m; k++) {
            a[k] = rnd(i % 2 ? 10 : 100001);
            b[k] = rnd(i % 2 ? 10 : 100001);
        }
        pp_young *t = NULL;
        CHECK(pp_young_new(n, m, a, b, &t, NULL) == PP_OK);
        bad += all_options_give(pp_young_game(t), (int32_t)ref_young(n, m, a, b), "random board");
        pp_young_free(t);
    }
    CHECK_EQ_INT(bad, 0);
    /* larger boards: the table's searches only */
    for (int i = 0; i < 20; i++) {
        int n = 5 + (int)rnd(2), m = 5 + (int)rnd(2);
        int64_t a[36], b[36];
        for (int k = 0; k < n * m; k++) a[k] = rnd(100001), b[k] = rnd(100001);
        pp_young *t = NULL;
        CHECK(pp_young_new(n, m, a, b, &t, NULL) == PP_OK);
        int32_t want = (int32_t)ref_young(n, m, a, b);
        for (int algo = 0; algo < 3; algo++)
            for (int ord = 0; ord < 3; ord++)
                CHECK_EQ_INT(solve(pp_young_game(t), opts((pp_ab_algo)algo, (pp_ab_order)ord, 1), NULL), want);
        pp_young_free(t);
    }
}

/* The largest board: 10 x 10 with the table, every algorithm the same. */
static void young_largest_board(void)
{
    rng_state = 1010;
    int64_t a[100], b[100];
    for (int k = 0; k < 100; k++) a[k] = rnd(100001), b[k] = rnd(100001);
    pp_young *t = NULL;
    CHECK(pp_young_new(10, 10, a, b, &t, NULL) == PP_OK);
    pp_ab_options o = opts(PP_AB_MINIMAX, PP_ORDER_GIVEN, 1);
    o.tt_bits = 20;
    pp_ab_result r;
    int32_t memo = solve(pp_young_game(t), o, &r); /* minimax with a table: a memo */
    CHECK(r.stats.nodes < 2000000);
    o.algo = PP_AB_SOFT;
    CHECK_EQ_INT(solve(pp_young_game(t), o, &r), memo);
    o.algo = PP_AB_HARD;
    o.order = PP_ORDER_BEST;
    CHECK_EQ_INT(solve(pp_young_game(t), o, &r), memo);
    CHECK(r.stats.tt_hits > 0);
    pp_young_free(t);
}

static void young_input_errors(void)
{
    static const struct {
        const char *text, *msg;
    } cases[] = {
        {"a = [[1,2],[3]], b = [[1,2],[3,4]]", "a[1] has 1 scores, a[0] has 2"},
        {"a = [[1,2],[3,4]], b = [[1,2]]", "b is 1 x 2 but a is 2 x 2"},
        {"a = [[1,-2]], b = [[1,2]]", "a[0][1] is -2; the scores are 0 to 100000"},
        {"a = [[1,2]], b = [[1,100001]]", "b[0][1] is 100001"},
        {"a = [], b = []", "a must be a list of 1 to 10 rows"},
        {"a = [[1,2,3,4,5,6,7,8,9,10,11]], b = [[1]]", "a[0] must be a list of 1 to 10 scores"},
        {"a = [[1,\"2\"]], b = [[1,2]]", "a[0][1] must be an integer"},
        {"a = [[1,2]]", "expected ',' and then b"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pp_young *t = NULL;
        pp_error err = {PP_OK, ""};
        CHECK(pp_young_parse(cases[i].text, strlen(cases[i].text), &t, &err) == PP_ERR_INPUT);
        CHECK_CONTAINS(err.msg, cases[i].msg);
        CHECK(t == NULL);
    }
}

/* ---- Triangle War (POJ 1085) ---- */

/* POJ 1085's sample input: four games of moves already made. */
static const int32_t tw_game1[] = {2, 4, 4, 5, 5, 9, 3, 6, 2, 5, 3, 5};
static const int32_t tw_game2[] = {2, 4, 4, 5, 5, 9, 3, 6, 2, 5, 3, 5, 7, 8};
static const int32_t tw_game3[] = {1, 2, 2, 3, 1, 3, 2, 4, 2, 5, 4, 5};
static const int32_t tw_game4[] = {1, 2, 2, 5, 3, 6, 5, 8, 4, 7, 6, 10, 2, 4, 4, 5, 4, 8, 7, 8};

static void triangle_poj_sample(void)
{
    /* The sample output: B, A, A, B win. */
    static const struct {
        const int32_t *pegs;
        int moves;
        int a_wins;
    } games[] = {{tw_game1, 6, 0}, {tw_game2, 7, 1}, {tw_game3, 6, 1}, {tw_game4, 10, 0}};
    for (int k = 0; k < 4; k++) {
        pp_triangle *t = NULL;
        CHECK(pp_triangle_new(games[k].pegs, games[k].moves, &t, NULL) == PP_OK);
        for (int a = 0; a < 3; a++)
            for (int ord = 0; ord < 3; ord++) {
                int32_t v = solve(pp_triangle_game(t), opts((pp_ab_algo)a, (pp_ab_order)ord, 1), NULL);
                CHECK_MSG((v > 0) == games[k].a_wins, "game %d: value %d", k + 1, v);
            }
        pp_triangle_free(t);
    }
}

/* An independent reference: the grid rebuilt from peg coordinates (row r,
 * place k), and a memo over (lines drawn, player) of the future difference. */
static int tw_lines[18][2], tw_tris[9][3];
static int8_t *tw_memo; /* INT8_MIN: not known */

static void tw_build(void)
{
    int peg[4][4], n = 1, e = 0, t = 0;
    for (int r = 0; r < 4; r++)
        for (int k = 0; k <= r; k++) peg[r][k] = n++;
    int id[11][11];
    memset(id, -1, sizeof id);
    for (int r = 0; r < 4; r++)
        for (int k = 0; k <= r; k++) {
            int nb[3][2] = {{r, k + 1}, {r + 1, k}, {r + 1, k + 1}};
            for (int q = 0; q < 3; q++) {
                int rr = nb[q][0], kk = nb[q][1];
                if (rr < 4 && kk <= rr) {
                    tw_lines[e][0] = peg[r][k];
                    tw_lines[e][1] = peg[rr][kk];
                    id[peg[r][k]][peg[rr][kk]] = id[peg[rr][kk]][peg[r][k]] = e++;
                }
            }
        }
    for (int r = 0; r < 3; r++)
        for (int k = 0; k <= r; k++) {
            int a = peg[r][k], b = peg[r + 1][k], c = peg[r + 1][k + 1]; /* pointing up */
            tw_tris[t][0] = id[a][b], tw_tris[t][1] = id[a][c], tw_tris[t++][2] = id[b][c];
            if (k < r) { /* pointing down: a, its right neighbour, and below between */
                int d = peg[r][k + 1];
                tw_tris[t][0] = id[a][d], tw_tris[t][1] = id[a][c], tw_tris[t++][2] = id[d][c];
            }
        }
    CHECK_EQ_INT(e, 18);
    CHECK_EQ_INT(t, 9);
}

static int tw_gain(uint32_t edges, int e)
{
    int g = 0;
    for (int t = 0; t < 9; t++) {
        int in = 0, others = 1;
        for (int q = 0; q < 3; q++) {
            if (tw_tris[t][q] == e) in = 1;
            else others &= edges >> tw_tris[t][q] & 1;
        }
        g += in && others;
    }
    return g;
}

static int tw_future(uint32_t edges, int player)
{
    if (edges == (1u << 18) - 1) return 0;
    int8_t *m = &tw_memo[edges << 1 | (uint32_t)player];
    if (*m != INT8_MIN) return *m;
    int best = player ? 100 : -100;
    for (int e = 0; e < 18; e++) {
        if (edges >> e & 1) continue;
        int g = tw_gain(edges, e);
        int v = (player ? -g : g) + tw_future(edges | 1u << e, g ? player : !player);
        if (player ? v < best : v > best) best = v;
    }
    return *m = (int8_t)best;
}

static int tw_reference(const int32_t *pegs, int moves)
{
    uint32_t edges = 0;
    int player = 0, diff = 0;
    for (int k = 0; k < moves; k++) {
        int e = -1;
        for (int q = 0; q < 18; q++)
            if ((tw_lines[q][0] == pegs[2 * k] && tw_lines[q][1] == pegs[2 * k + 1]) ||
                (tw_lines[q][1] == pegs[2 * k] && tw_lines[q][0] == pegs[2 * k + 1]))
                e = q;
        int g = tw_gain(edges, e);
        diff += player ? -g : g;
        edges |= 1u << e;
        if (!g) player = !player;
    }
    return diff + tw_future(edges, player);
}

static void triangle_random_against_reference(void)
{
    tw_build();
    tw_memo = malloc((size_t)1 << 19);
    memset(tw_memo, INT8_MIN, (size_t)1 << 19);
    /* the whole game from the empty grid: B wins by 3 */
    pp_triangle *t = NULL;
    CHECK(pp_triangle_new(NULL, 0, &t, NULL) == PP_OK);
    int want = tw_reference(NULL, 0);
    CHECK_EQ_INT(want, -3);
    CHECK_EQ_INT(solve(pp_triangle_game(t), opts(PP_AB_HARD, PP_ORDER_BEST, 1), NULL), want);
    CHECK_EQ_INT(solve(pp_triangle_game(t), opts(PP_AB_SOFT, PP_ORDER_GIVEN, 1), NULL), want);
    pp_triangle_free(t);
    rng_state = 1085;
    int bad = 0;
    for (int i = 0; i < 300; i++) {
        int moves = 11 + (int)rnd(6); /* at most 7 lines left: plain minimax stays quick */
        int32_t pegs[36];
        uint32_t used = 0;
        for (int k = 0; k < moves; k++) {
            int e;
            do e = (int)rnd(18);
            while (used >> e & 1);
            used |= 1u << e;
            pegs[2 * k] = tw_lines[e][rnd(2)];
            pegs[2 * k + 1] = tw_lines[e][pegs[2 * k] == tw_lines[e][0]];
        }
        CHECK(pp_triangle_new(pegs, moves, &t, NULL) == PP_OK);
        if (!t) continue;
        bad += all_options_give(pp_triangle_game(t), tw_reference(pegs, moves), "random game");
        pp_triangle_free(t);
    }
    CHECK_EQ_INT(bad, 0);
    free(tw_memo);
}

static void triangle_input_errors(void)
{
    static const struct {
        const char *text, *msg;
    } cases[] = {
        {"moves = [[2,4],[4,6]]", "move 2: 4-6 is not a line of the grid"},
        {"moves = [[2,4],[4,2]]", "move 2: the line 4-2 is drawn already"},
        {"moves = [[2,11]]", "moves[0] must be a pair [i,j] of pegs 1 to 10"},
        {"moves = [[2,4,5]]", "moves[0] must be a pair"},
        {"moves = 5", "moves must be a list of [i,j] peg pairs"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pp_triangle *t = NULL;
        pp_error err = {PP_OK, ""};
        CHECK(pp_triangle_parse(cases[i].text, strlen(cases[i].text), &t, &err) == PP_ERR_INPUT);
        CHECK_CONTAINS(err.msg, cases[i].msg);
        CHECK(t == NULL);
    }
    /* after the first game's moves, B is to move, one triangle up */
    pp_triangle *t = NULL;
    const char *text = "[[2,4],[4,5],[5,9],[3,6],[2,5],[3,5]]";
    CHECK(pp_triangle_parse(text, strlen(text), &t, NULL) == PP_OK);
    CHECK_EQ_INT(pp_triangle_to_move(t), PP_AB_MIN);
    CHECK_EQ_INT(pp_triangle_score(t), 1);
    pp_triangle_free(t);
}

/* ---- the board chase (CQOI2013 棋盘游戏, Luogu P4576) ---- */

/* An independent reference: retrograde analysis of the whole game (no move
 * cap) over (white square, black square, player to move). val > 0: the
 * mover wins in val - 1 moves; val < 0: loses in -val - 1; 0: a draw. */
static int *chase_retrograde(int n)
{
    int cells = n * n, states = cells * cells * 2, head = 0, tail = 0;
    int *val = calloc((size_t)states, sizeof *val), *deg = calloc((size_t)states, sizeof *deg);
    int *queue = malloc((size_t)states * sizeof *queue);
    static const int d[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
#define CH_ID(w, b, t) ((((w)*cells) + (b)) * 2 + (t))
    for (int w = 0; w < cells; w++)
        for (int b = 0; b < cells; b++)
            for (int t = 0; t < 2; t++) {
                int p = t ? b : w, k = 0;
                for (int q = 0; q < 4; q++)
                    for (int len = 1; len <= (t ? 2 : 1); len++) {
                        int r = p / n + d[q][0] * len, c = p % n + d[q][1] * len;
                        k += r >= 0 && r < n && c >= 0 && c < n;
                    }
                deg[CH_ID(w, b, t)] = k;
                if (w == b) { /* captured: the player to move has lost */
                    val[CH_ID(w, b, t)] = -1;
                    queue[tail++] = CH_ID(w, b, t);
                }
            }
    while (head < tail) {
        int s = queue[head++], t = s & 1, w = (s >> 1) / cells, b = (s >> 1) % cells, pt = !t;
        int p = pt ? b : w;
        for (int q = 0; q < 4; q++)
            for (int len = 1; len <= (pt ? 2 : 1); len++) {
                int r = p / n - d[q][0] * len, c = p % n - d[q][1] * len;
                if (r < 0 || r >= n || c < 0 || c >= n) continue;
                int from = r * n + c, ps = pt ? CH_ID(w, from, pt) : CH_ID(from, b, pt);
                if (val[ps] || (pt ? w == from : from == b)) continue;
                if (val[s] < 0) val[ps] = 1 - val[s], queue[tail++] = ps;
                else if (--deg[ps] == 0) val[ps] = -(val[s] + 1), queue[tail++] = ps;
            }
    }
#undef CH_ID
    free(deg);
    free(queue);
    return val;
}

static void chase_luogu_sample(void)
{
    /* Luogu P4576 sample: "2 1 1 2 2" -> "BLACK 2" (the statement: white has
     * two moves, and black wins on the second move of the game). */
    pp_chase *t = NULL;
    const char *text = "n = 2, white = [1,1], black = [2,2]";
    CHECK(pp_chase_parse(text, strlen(text), &t, NULL) == PP_OK);
    int32_t want = -(PP_CHASE_WIN - 2);
    CHECK_EQ_INT(all_options_give(pp_chase_game(t), want, "P4576 sample"), 0);
    char buf[32];
    pp_chase_format(want, buf, sizeof buf);
    CHECK(strcmp(buf, "BLACK 2") == 0);
    pp_chase_format(PP_CHASE_WIN - 1, buf, sizeof buf);
    CHECK(strcmp(buf, "WHITE 1") == 0);
    pp_chase_format(0, buf, sizeof buf);
    CHECK(strcmp(buf, "DRAW") == 0);
    pp_chase_free(t);
}

/* The move cap of 3n never decides a game: from every start on boards up
 * to 8 x 8 the loser is caught within 3n - 1 moves (and no start is a
 * draw). Then alpha-beta agrees with the retrograde value at random starts. */
static void chase_against_retrograde(void)
{
    rng_state = 4576;
    int bad = 0, compared = 0;
    for (int n = 2; n <= 8; n++) {
        int *val = chase_retrograde(n), cells = n * n, longest = 0;
        for (int w = 0; w < cells; w++)
            for (int b = 0; b < cells; b++) {
                if (w == b) continue;
                int v = val[(w * cells + b) * 2];
                CHECK(v != 0);
                int moves = v > 0 ? v - 1 : -v - 1;
                if (moves > longest) longest = moves;
            }
        CHECK_MSG(longest < 3 * n, "n = %d: a game lasts %d moves", n, longest);
        for (int k = 0; k < (n <= 5 ? 40 : 8); k++) {
            int w = (int)rnd((uint32_t)cells), b;
            do b = (int)rnd((uint32_t)cells);
            while (b == w);
            int v = val[(w * cells + b) * 2], moves = v > 0 ? v - 1 : -v - 1;
            int32_t want = v > 0 ? PP_CHASE_WIN - moves : -(PP_CHASE_WIN - moves);
            pp_chase *t = NULL;
            CHECK(pp_chase_new(n, w / n + 1, w % n + 1, b / n + 1, b % n + 1, &t, NULL) == PP_OK);
            for (int a = 0; a < 3; a++)
                for (int ord = 0; ord < 3; ord++)
                    for (int tt = 0; tt < 2; tt++) {
                        if (!tt && (a == PP_AB_MINIMAX || n > 4)) continue; /* exponential */
                        pp_ab_options o = opts((pp_ab_algo)a, (pp_ab_order)ord, tt);
                        o.tt_bits = 18;
                        int32_t got = solve(pp_chase_game(t), o, NULL);
                        if (got != want && bad++ < 3)
                            printf("  n %d white %d black %d: algo %d order %d tt %d: %d, want %d\n", n, w, b, a, ord,
                                   tt, got, want);
                        compared++;
                    }
            pp_chase_free(t);
        }
        free(val);
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(compared > 1000);
}

/* The largest board, corner against corner, within a second or so. */
static void chase_largest_board(void)
{
    int *val = chase_retrograde(20);
    int v = val[(0 * 400 + 399) * 2], moves = -v - 1;
    free(val);
    CHECK(v < 0);
    pp_chase *t = NULL;
    CHECK(pp_chase_new(20, 1, 1, 20, 20, &t, NULL) == PP_OK);
    pp_ab_options o = opts(PP_AB_SOFT, PP_ORDER_GIVEN, 1);
    o.tt_bits = 20;
    CHECK_EQ_INT(solve(pp_chase_game(t), o, NULL), -(PP_CHASE_WIN - moves));
    pp_chase_free(t);
}

/* The library's retrograde solve (the judge's) gives the reference's value
 * from every start on boards up to 7 x 7, from a tenth of them on 8 x 8 and
 * 9 x 9, and from about 40 starts on 20 x 20. */
static void chase_library_retrograde(void)
{
    rng_state = 44576;
    int bad = 0, compared = 0;
    for (int n = 2; n <= 20; n++) {
        if (n > 9 && n != 20) continue;
        int *val = chase_retrograde(n), cells = n * n;
        for (int w = 0; w < cells; w++)
            for (int b = 0; b < cells; b++) {
                if (w == b || (n == 20 && rnd(4000) != 0) || (n >= 8 && n < 20 && rnd(10) != 0)) continue;
                int v = val[(w * cells + b) * 2], moves = v > 0 ? v - 1 : -v - 1;
                int32_t want = v > 0 ? PP_CHASE_WIN - moves : -(PP_CHASE_WIN - moves), got = 0;
                pp_chase *t = NULL;
                CHECK(pp_chase_new(n, w / n + 1, w % n + 1, b / n + 1, b % n + 1, &t, NULL) == PP_OK);
                CHECK(pp_chase_solve_retro(t, &got, NULL) == PP_OK);
                if (got != want && bad++ < 3) printf("  n %d white %d black %d: %d, want %d\n", n, w, b, got, want);
                compared++;
                pp_chase_free(t);
            }
        free(val);
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(compared > 3000);
    CHECK(pp_chase_solve_retro(NULL, NULL, NULL) == PP_ERR_ARG);
}

static void chase_input_errors(void)
{
    static const struct {
        const char *text, *msg;
    } cases[] = {
        {"n = 1, white = [1,1], black = [1,1]", "n is 1; the board is 2 x 2 to 20 x 20"},
        {"n = 21, white = [1,1], black = [2,2]", "n is 21"},
        {"n = 3, white = [0,1], black = [2,2]", "the white piece's row is 0; it must be 1 to 3"},
        {"n = 3, white = [1,1], black = [2,4]", "the black piece's column is 4"},
        {"n = 3, white = [2,2], black = [2,2]", "both pieces are on (2,2)"},
        {"n = 3, white = [1], black = [2,2]", "white must be a square [row, column]"},
        {"n = \"3\", white = [1,1], black = [2,2]", "n must be an integer"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pp_chase *t = NULL;
        pp_error err = {PP_OK, ""};
        CHECK(pp_chase_parse(cases[i].text, strlen(cases[i].text), &t, &err) == PP_ERR_INPUT);
        CHECK_CONTAINS(err.msg, cases[i].msg);
        CHECK(t == NULL);
    }
}

/* ---- every parser on mangled input: an answer or a message, never a crash ---- */

typedef void *(*parse_fn)(const char *text, size_t len, pp_error *err);
typedef const pp_game *(*game_fn)(const void *);
typedef void (*free_fn)(void *);

#define WRAP(name, type)                                                                                               \
    static void *parse_##name(const char *text, size_t len, pp_error *err)                                             \
    {                                                                                                                  \
        type *t = NULL;                                                                                                \
        pp_##name##_parse(text, len, &t, err);                                                                         \
        return t;                                                                                                      \
    }                                                                                                                  \
    static const pp_game *game_##name(const void *t) { return pp_##name##_game(t); }                                   \
    static void free_##name(void *t) { pp_##name##_free(t); }
WRAP(tree, pp_tree)
WRAP(ttt, pp_ttt)
WRAP(nim, pp_nim)
WRAP(caniwin, pp_caniwin)
WRAP(predict, pp_predict)
WRAP(young, pp_young)
WRAP(triangle, pp_triangle)
WRAP(chase, pp_chase)
#undef WRAP

static void parsers_survive_mangled_input(void)
{
    static const struct {
        parse_fn parse;
        game_fn game;
        free_fn free;
        const char *seed;
    } parsers[] = {
        {parse_tree, game_tree, free_tree, "tree = [[3,12,8],[2,4,6],[14,5,2]]"},
        {parse_ttt, game_ttt, free_ttt, "board = [\"X.O\",\"...\",\"...\"]"},
        {parse_nim, game_nim, free_nim, "n = 14"},
        {parse_caniwin, game_caniwin, free_caniwin, "maxChoosableInteger = 10, desiredTotal = 11"},
        {parse_predict, game_predict, free_predict, "nums = [1,5,233,7]"},
        {parse_young, game_young, free_young, "a = [[2,7,3],[9,1,2]], b = [[3,7,2],[2,3,1]]"},
        {parse_triangle, game_triangle, free_triangle, "moves = [[2,4],[4,5],[5,9],[3,6],[2,5],[3,5]]"},
        {parse_chase, game_chase, free_chase, "n = 4, white = [1,1], black = [4,4]"},
    };
    static const char alphabet[] = "[],=\"-0123456789 xXoO.a\n\\";
    rng_state = 99;
    int parsed = 0, refused = 0;
    for (size_t k = 0; k < sizeof parsers / sizeof parsers[0]; k++)
        for (int i = 0; i < 1500; i++) {
            char text[128];
            size_t len = strlen(parsers[k].seed);
            memcpy(text, parsers[k].seed, len);
            for (int edits = 1 + (int)rnd(3); edits > 0; edits--) {
                size_t at = rnd((uint32_t)len + 1);
                int op = (int)rnd(3);
                char ch = rnd(8) ? alphabet[rnd(sizeof alphabet - 1)] : (char)rnd(256);
                if (op == 0 && at < len) text[at] = ch;
                else if (op == 1 && at < len) memmove(text + at, text + at + 1, --len - at);
                else if (len < sizeof text - 1) {
                    memmove(text + at + 1, text + at, len++ - at);
                    text[at] = ch;
                }
            }
            pp_error err = {PP_OK, ""};
            void *t = parsers[k].parse(text, len, &err);
            if (!t) {
                CHECK(err.code != PP_OK && err.msg[0]);
                refused++;
                continue;
            }
            pp_ab_options o = opts(PP_AB_HARD, PP_ORDER_BEST, 1);
            o.budget = 20000;
            pp_ab_result r;
            pp_status st = pp_ab_solve(parsers[k].game(t), &o, NULL, &r, &err);
            CHECK(st == PP_OK || st == PP_ERR_BUDGET || st == PP_ERR_LIMIT);
            parsers[k].free(t);
            parsed++;
        }
    CHECK_MSG(parsed > 500 && refused > 5000, "%d parsed, %d refused", parsed, refused);
}

void suite_tree_games(void)
{
    RUN(tictactoe_known_values);
    RUN(tictactoe_uva10111_sample);
    RUN(tictactoe_random_positions);
    RUN(tictactoe_symmetric_keys);
    RUN(tictactoe_input_errors);
    RUN(nim_leetcode_examples);
    RUN(nim_agrees_with_the_closed_form);
    RUN(caniwin_leetcode_examples);
    RUN(caniwin_random_against_reference);
    RUN(caniwin_largest_pool);
    RUN(caniwin_input_errors);
    RUN(predict_leetcode_examples);
    RUN(predict_random_against_reference);
    RUN(predict_input_errors);
    RUN(young_luogu_sample);
    RUN(young_random_against_reference);
    RUN(young_largest_board);
    RUN(young_input_errors);
    RUN(triangle_poj_sample);
    RUN(triangle_random_against_reference);
    RUN(triangle_input_errors);
    RUN(chase_luogu_sample);
    RUN(chase_against_retrograde);
    RUN(chase_largest_board);
    RUN(chase_library_retrograde);
    RUN(chase_input_errors);
    RUN(parsers_survive_mangled_input);
}
