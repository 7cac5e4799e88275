/* test_mgame.c: zero-sum matrix games solved exactly (pp_mgame_*): the
 * simplex against support enumeration on thousands of random small games
 * (the same value, every strategy verified optimal), games whose answers
 * are known from outside (rock-paper-scissors, matching pennies, two-finger
 * Morra, a game solved by dominance, skew-symmetric games of value 0), the
 * degenerate shapes (ties, duplicated rows, 1 x N, N x 1), and the errors:
 * arithmetic past 128 bits and sizes past the limits are PP_ERR_LIMIT with
 * a message, bad arguments PP_ERR_ARG. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "perfect_play.h"

static uint64_t rng_state = 0x243F6A8885A308D3ull;
static uint32_t rnd(uint32_t n)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (uint32_t)((z ^ (z >> 31)) % n);
}

static pp_frac F(int64_t n, int64_t d) { return (pp_frac){n, d}; }

static int feq(pp_frac a, int64_t n, int64_t d) { return pp_frac_cmp(a, F(n, d)) == 0; }

/* Solves with the method and checks the answer with pp_mgame_verify. */
static int solve_ok(const pp_frac *a, uint32_t r, uint32_t c, int method, pp_frac *v, pp_frac *row, pp_frac *col)
{
    pp_error err = {0};
    pp_status st = pp_mgame_solve(a, r, c, method, v, row, col, NULL, &err);
    CHECK_MSG(st == PP_OK, "method %d on %u x %u: %s", method, r, c, err.msg);
    if (st) return 0;
    pp_error e2 = {0};
    st = pp_mgame_verify(a, r, c, *v, row, col, &e2);
    CHECK_MSG(st == PP_OK, "method %d on %u x %u: %s", method, r, c, e2.msg);
    return st == PP_OK;
}

static void ints(pp_frac *a, const int *v, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) a[i] = F(v[i], 1);
}

static void rock_paper_scissors_is_half_with_a_third_each(void)
{
    /* in goal terms: a win 100, a draw 50, a loss 0 */
    static const int g[9] = {50, 0, 100, 100, 50, 0, 0, 100, 50};
    pp_frac a[9], v, row[3], col[3];
    ints(a, g, 9);
    for (int m = 0; m <= PP_MGAME_SUPPORT; m++) {
        if (!solve_ok(a, 3, 3, m, &v, row, col)) continue;
        CHECK(feq(v, 50, 1));
        for (int i = 0; i < 3; i++) CHECK(feq(row[i], 1, 3) && feq(col[i], 1, 3));
    }
    /* as +1 / 0 / -1: value 0 */
    static const int z[9] = {0, -1, 1, 1, 0, -1, -1, 1, 0};
    ints(a, z, 9);
    if (solve_ok(a, 3, 3, PP_MGAME_AUTO, &v, row, col)) CHECK(feq(v, 0, 1));
}

static void matching_pennies_is_zero_with_a_half_each(void)
{
    static const int g[4] = {1, -1, -1, 1};
    pp_frac a[4], v, row[2], col[2];
    ints(a, g, 4);
    for (int m = 0; m <= PP_MGAME_SUPPORT; m++) {
        if (!solve_ok(a, 2, 2, m, &v, row, col)) continue;
        CHECK(feq(v, 0, 1));
        CHECK(feq(row[0], 1, 2) && feq(row[1], 1, 2) && feq(col[0], 1, 2) && feq(col[1], 1, 2));
    }
}

/* Two-finger Morra as Ferguson's Game Theory (part II) gives it: value 0,
 * the optimal strategies those between (0, 3/5, 2/5, 0) and (0, 4/7, 3/7, 0). */
static void two_finger_morra_has_the_books_strategies(void)
{
    static const int g[16] = {0, 2, -3, 0, -2, 0, 0, 3, 3, 0, 0, -4, 0, -3, 4, 0};
    pp_frac a[16], v, row[4], col[4];
    ints(a, g, 16);
    for (int m = 0; m <= PP_MGAME_SUPPORT; m++) {
        if (!solve_ok(a, 4, 4, m, &v, row, col)) continue;
        CHECK(feq(v, 0, 1));
        CHECK(row[0].num == 0 && row[3].num == 0);
        CHECK(pp_frac_cmp(row[1], F(3, 5)) <= 0 && pp_frac_cmp(row[1], F(4, 7)) >= 0);
    }
    pp_error err = {0};
    pp_frac p1[4] = {F(0, 1), F(3, 5), F(2, 5), F(0, 1)}, p2[4] = {F(0, 1), F(4, 7), F(3, 7), F(0, 1)};
    CHECK(pp_mgame_verify(a, 4, 4, F(0, 1), p1, p1, &err) == PP_OK);
    CHECK(pp_mgame_verify(a, 4, 4, F(0, 1), p2, p2, &err) == PP_OK);
    pp_frac even[4] = {F(1, 4), F(1, 4), F(1, 4), F(1, 4)};
    CHECK(pp_mgame_verify(a, 4, 4, F(0, 1), even, p1, &err) == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "row strategy gets less");
}

/* Row 3 is dominated by row 1; then column 3 by column 1, leaving
 * [[3, 2], [1, 4]]: p = 3/4, q = 1/2, value 5/2, and no other solution. */
static void a_game_solved_by_dominance(void)
{
    static const int g[9] = {3, 2, 4, 1, 4, 2, 2, 1, 1};
    pp_frac a[9], v, row[3], col[3];
    ints(a, g, 9);
    for (int m = 0; m <= PP_MGAME_SUPPORT; m++) {
        if (!solve_ok(a, 3, 3, m, &v, row, col)) continue;
        CHECK(feq(v, 5, 2));
        CHECK(feq(row[0], 3, 4) && feq(row[1], 1, 4) && feq(row[2], 0, 1));
        CHECK(feq(col[0], 1, 2) && feq(col[1], 1, 2) && feq(col[2], 0, 1));
    }
}

static void degenerate_shapes(void)
{
    pp_frac a[12], v, row[4], col[4];
    pp_mgame_stats stats;
    pp_error err = {0};
    /* 1 x N: the column player takes the least entry */
    static const int one_row[4] = {3, 1, 2, 1};
    ints(a, one_row, 4);
    CHECK(pp_mgame_solve(a, 1, 4, PP_MGAME_AUTO, &v, row, col, &stats, &err) == PP_OK);
    CHECK(feq(v, 1, 1) && feq(row[0], 1, 1) && stats.saddle);
    if (solve_ok(a, 1, 4, PP_MGAME_SIMPLEX, &v, row, col)) CHECK(feq(v, 1, 1));
    if (solve_ok(a, 1, 4, PP_MGAME_SUPPORT, &v, row, col)) CHECK(feq(v, 1, 1));
    /* N x 1: the row player takes the greatest */
    ints(a, one_row, 4);
    for (int m = 0; m <= PP_MGAME_SUPPORT; m++)
        if (solve_ok(a, 4, 1, m, &v, row, col)) CHECK(feq(v, 3, 1) && feq(row[0], 1, 1) && feq(col[0], 1, 1));
    /* every entry the same */
    for (int i = 0; i < 12; i++) a[i] = F(7, 3);
    for (int m = 0; m <= PP_MGAME_SUPPORT; m++)
        if (solve_ok(a, 3, 4, m, &v, row, col)) CHECK(feq(v, 7, 3));
    /* duplicated rows and columns */
    static const int dup[9] = {1, 1, 0, 1, 1, 0, 0, 0, 1};
    ints(a, dup, 9);
    for (int m = 0; m <= PP_MGAME_SUPPORT; m++)
        if (solve_ok(a, 3, 3, m, &v, row, col)) CHECK(feq(v, 1, 2));
    /* 1 x 1 */
    a[0] = F(-5, 2);
    for (int m = 0; m <= PP_MGAME_SUPPORT; m++)
        if (solve_ok(a, 1, 1, m, &v, row, col)) CHECK(feq(v, -5, 2));
    /* a saddle point among ties */
    static const int flat[6] = {2, 2, 2, 2, 1, 3};
    ints(a, flat, 6);
    for (int m = 0; m <= PP_MGAME_SUPPORT; m++)
        if (solve_ok(a, 2, 3, m, &v, row, col)) CHECK(feq(v, 2, 1));
}

/* A skew-symmetric matrix is a symmetric game: its value is 0. */
static void skew_symmetric_games_have_value_zero(void)
{
    pp_frac a[49], v, row[7], col[7];
    for (int t = 0; t < 300; t++) {
        uint32_t n = 1 + rnd(7);
        for (uint32_t i = 0; i < n; i++) {
            a[i * n + i] = F(0, 1);
            for (uint32_t j = i + 1; j < n; j++) {
                int x = (int)rnd(11) - 5;
                a[i * n + j] = F(x, 1), a[j * n + i] = F(-x, 1);
            }
        }
        if (solve_ok(a, n, n, PP_MGAME_AUTO, &v, row, col)) CHECK(feq(v, 0, 1));
    }
}

/* The simplex (with and without the saddle point's look) against support
 * enumeration: the same value on every game, every strategy optimal. */
static void simplex_agrees_with_support_enumeration_on_random_games(void)
{
    enum { MAXN = 6 };
    pp_frac a[MAXN * MAXN], v[3], row[MAXN], col[MAXN];
    int games = 0;
    for (int t = 0; t < 4000; t++) {
        uint32_t r = 1 + rnd(t < 3000 ? 4 : MAXN), c = 1 + rnd(t < 3000 ? 4 : MAXN);
        int kind = t % 3; /* goals 0..100; a few small values (ties, degenerate); fractions */
        for (uint32_t x = 0; x < r * c; x++) {
            if (kind == 0) a[x] = F(rnd(101), 1);
            else if (kind == 1) a[x] = F((int)rnd(5) - 2, 1);
            else a[x] = F((int64_t)rnd(201) - 100, 1 + rnd(12));
        }
        int ok = 1;
        for (int m = 0; m < 3 && ok; m++) ok = solve_ok(a, r, c, m, &v[m], row, col);
        if (!ok) {
            CHECK_MSG(0, "game %d (%u x %u) not solved", t, r, c);
            break;
        }
        CHECK_MSG(pp_frac_cmp(v[0], v[1]) == 0 && pp_frac_cmp(v[1], v[2]) == 0,
                  "game %d (%u x %u): values %lld/%lld %lld/%lld %lld/%lld", t, r, c, (long long)v[0].num,
                  (long long)v[0].den, (long long)v[1].num, (long long)v[1].den, (long long)v[2].num,
                  (long long)v[2].den);
        games++;
    }
    CHECK_EQ_INT(games, 4000);
}

/* A game with more rows than columns is solved transposed: the same answer
 * as its transpose negated, with the sides swapped. */
static void a_tall_game_is_its_transpose_negated(void)
{
    pp_frac a[15], b[15], v, w, row[5], col[3], row2[3], col2[5];
    for (int t = 0; t < 200; t++) {
        for (int i = 0; i < 5; i++)
            for (int j = 0; j < 3; j++) {
                int x = (int)rnd(101);
                a[i * 3 + j] = F(x, 1), b[j * 5 + i] = F(-x, 1);
            }
        if (!solve_ok(a, 5, 3, PP_MGAME_SIMPLEX, &v, row, col)) return;
        if (!solve_ok(b, 3, 5, PP_MGAME_SIMPLEX, &w, row2, col2)) return;
        CHECK(pp_frac_cmp(v, F(-w.num, w.den)) == 0);
    }
}

static void arithmetic_past_128_bits_is_a_limit_not_a_wrong_answer(void)
{
    /* denominators of large primes: their common multiple passes 128 bits */
    static const int64_t primes[6] = {1000000007, 998244353, 1000000009, 999999937, 2147483647, 1000003};
    pp_frac a[6], v, row[3], col[3];
    for (int i = 0; i < 6; i++) a[i] = F(1 + i, primes[i]);
    pp_error err = {0};
    for (int m = 0; m <= PP_MGAME_SIMPLEX; m++) {
        pp_status st = pp_mgame_solve(a, 2, 3, m, &v, row, col, NULL, &err);
        CHECK_MSG(st == PP_ERR_LIMIT, "method %d: status %d", m, st);
        CHECK_CONTAINS(err.msg, "128 bits");
    }
    /* support enumeration needs no common denominator: its answer, if any, is verified */
    pp_status sst = pp_mgame_solve(a, 2, 3, PP_MGAME_SUPPORT, &v, row, col, NULL, &err);
    CHECK(sst == PP_OK || sst == PP_ERR_LIMIT);
    if (sst == PP_OK) CHECK(pp_mgame_verify(a, 2, 3, v, row, col, &err) == PP_OK);
    /* a 24 x 48 game of goals: its tableau's subdeterminants pass 128 bits */
    enum { R = 24, C = 48 };
    pp_frac *g = malloc(R * C * sizeof *g), *gr = malloc(R * sizeof *gr), *gc = malloc(C * sizeof *gc);
    int limits = 0;
    for (int t = 0; t < 5 && g && gr && gc; t++) {
        for (int x = 0; x < R * C; x++) g[x] = F(rnd(101), 1);
        pp_status q = pp_mgame_solve(g, R, C, PP_MGAME_AUTO, &v, gr, gc, NULL, &err);
        CHECK(q == PP_OK || q == PP_ERR_LIMIT);
        if (q == PP_OK) CHECK(pp_mgame_verify(g, R, C, v, gr, gc, &err) == PP_OK);
        else {
            CHECK_CONTAINS(err.msg, "128 bits");
            limits++;
        }
    }
    CHECK(limits > 0);
    free(g), free(gr), free(gc);
    /* entries near 2^63 with a mixed solution */
    pp_frac big[4] = {F(INT64_MAX, 1), F(-INT64_MAX, 1), F(-INT64_MAX, 1), F(INT64_MAX - 2, 1)};
    pp_status st = pp_mgame_solve(big, 2, 2, PP_MGAME_AUTO, &v, row, col, NULL, &err);
    CHECK_MSG(st == PP_OK || st == PP_ERR_LIMIT, "status %d", st);
    if (st == PP_OK) CHECK(pp_mgame_verify(big, 2, 2, v, row, col, &err) == PP_OK);
}

static void bad_arguments_and_sizes(void)
{
    pp_frac a[4] = {F(1, 1), F(0, 1), F(0, 1), F(1, 0)}, v, row[2], col[2];
    pp_error err = {0};
    CHECK(pp_mgame_solve(a, 2, 2, PP_MGAME_AUTO, &v, row, col, NULL, &err) == PP_ERR_ARG);
    CHECK_CONTAINS(err.msg, "denominator");
    CHECK(pp_mgame_solve(a, 0, 2, PP_MGAME_AUTO, &v, row, col, NULL, &err) == PP_ERR_ARG);
    CHECK(pp_mgame_solve(NULL, 2, 2, PP_MGAME_AUTO, &v, row, col, NULL, &err) == PP_ERR_ARG);
    a[3] = F(1, 1);
    CHECK(pp_mgame_solve(a, 2, 2, 99, &v, row, col, NULL, &err) == PP_ERR_ARG);
    /* over the cells: refused before reading or allocating */
    CHECK(pp_mgame_solve(a, 4096, 4096, PP_MGAME_AUTO, &v, row, col, NULL, &err) == PP_ERR_LIMIT);
    CHECK_CONTAINS(err.msg, "over the limit");
    /* support enumeration past its pairs */
    enum { N = 14 };
    pp_frac *m = calloc(N * N, sizeof *m), *r = calloc(N, sizeof *r), *c = calloc(N, sizeof *c);
    if (m && r && c) {
        for (int i = 0; i < N * N; i++) m[i] = F(rnd(100), 1);
        CHECK(pp_mgame_solve(m, N, N, PP_MGAME_SUPPORT, &v, r, c, NULL, &err) == PP_ERR_LIMIT);
        CHECK_CONTAINS(err.msg, "support pairs");
        /* the simplex does a 10 x 10 of them at once */
        CHECK(pp_mgame_solve(m, 10, 10, PP_MGAME_SIMPLEX, &v, r, c, NULL, &err) == PP_OK);
        CHECK(pp_mgame_verify(m, 10, 10, v, r, c, &err) == PP_OK);
    }
    free(m), free(r), free(c);
    char buf[32];
    pp_frac_print(F(100, 3), buf, sizeof buf);
    CHECK(strcmp(buf, "100/3") == 0);
    pp_frac_print(F(-50, 1), buf, sizeof buf);
    CHECK(strcmp(buf, "-50") == 0);
}

void suite_mgame(void)
{
    RUN(rock_paper_scissors_is_half_with_a_third_each);
    RUN(matching_pennies_is_zero_with_a_half_each);
    RUN(two_finger_morra_has_the_books_strategies);
    RUN(a_game_solved_by_dominance);
    RUN(degenerate_shapes);
    RUN(skew_symmetric_games_have_value_zero);
    RUN(simplex_agrees_with_support_enumeration_on_random_games);
    RUN(a_tall_game_is_its_transpose_negated);
    RUN(arithmetic_past_128_bits_is_a_limit_not_a_wrong_answer);
    RUN(bad_arguments_and_sizes);
}
