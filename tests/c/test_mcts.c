/* test_mcts.c: Monte Carlo tree search. MCTS-Solver's proven values against
 * alpha-beta's on every game-tree game (at the root and at each root move),
 * one seed giving the same statistics twice, UCT's choice with a large
 * budget a perfect-play move where only one is, the UCB1 arithmetic, the
 * memory limit, hostile options refused, and a game that cannot go on
 * (rules whose roles move at once) stopping every search with its reason. */
#include <stdlib.h>
#include <string.h>

#include "../../c/perfect_play.h"
#include "gdl_kit.h"
#include "harness.h"

static uint64_t rng_state = 977;
static uint32_t rnd(uint32_t n)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)((rng_state >> 33) % n);
}

static int32_t ab_value(const pp_game *g)
{
    pp_ab_options o;
    pp_ab_defaults(&o);
    o.algo = PP_AB_SOFT;
    o.tt = g->hash != NULL;
    o.tt_bits = 16;
    pp_ab_result r;
    pp_error err = {PP_OK, ""};
    CHECK_MSG(pp_ab_solve(g, &o, NULL, &r, &err) == PP_OK, "%s: alpha-beta: %s", g->name, err.msg);
    return r.value;
}

/* The game from the position after `move` at its root. */
static int32_t ab_value_after(const pp_game *g, int32_t move)
{
    unsigned char child[PP_AB_MAX_STATE];
    g->play(g->ctx, g->root, move, child);
    int32_t v;
    if (g->leaf(g->ctx, child, &v)) return v;
    pp_game c = *g;
    c.root = child;
    return ab_value(&c);
}

static void solver_options(pp_mcts_options *o, uint64_t iterations)
{
    pp_mcts_defaults(o);
    o->solver = 1;
    o->iterations = iterations;
    o->seed = 42;
}

/* MCTS-Solver proves the root with `iterations` at most, at alpha-beta's
 * value, and every root move it proves has alpha-beta's value there; the
 * number of disagreements. */
static int solver_agrees(const pp_game *g, uint64_t iterations, const char *what)
{
    int32_t want = ab_value(g);
    int bad = 0;
    for (int policy = 0; policy < 2; policy++) {
        pp_mcts_options o;
        solver_options(&o, iterations);
        o.playout = policy;
        pp_mcts *m = NULL;
        pp_error err = {PP_OK, ""};
        int done = 0;
        pp_status s = pp_mcts_new(g, &o, NULL, &m, &err);
        if (s == PP_OK) s = pp_mcts_run(m, UINT64_MAX, &done, &err);
        pp_mcts_result r;
        pp_mcts_get_result(m, &r);
        if (s != PP_OK || !r.proven || r.value != want) {
            if (bad++ < 3)
                printf("  %s (%s playouts): %s, value %d, want %d, after %llu iterations\n", what,
                       policy ? "decisive" : "random",
                       s          ? err.msg
                       : r.proven ? "proven"
                                  : "not proven",
                       r.value, want, (unsigned long long)r.iterations);
            pp_mcts_free(m);
            continue;
        }
        pp_mcts_move mv[PP_AB_MAX_MOVES];
        uint32_t n = pp_mcts_root_moves(m, mv, PP_AB_MAX_MOVES);
        int holds = 0;
        for (uint32_t k = 0; k < n; k++) {
            if (!mv[k].proven) continue;
            int32_t v = ab_value_after(g, mv[k].move);
            if (v != mv[k].lo && bad++ < 3)
                printf("  %s: move %d proven %d, alpha-beta %d\n", what, mv[k].move, mv[k].lo, v);
            if (k == (uint32_t)r.best) holds = v == want;
        }
        if (n == 0 && r.best != -1 && bad++ < 3) printf("  %s: a move chosen in a game that is over\n", what);
        if (n > 0 && !holds && bad++ < 3) printf("  %s: the chosen move does not hold the root's value\n", what);
        pp_mcts_free(m);
    }
    return bad;
}

static void solver_on_trees(void)
{
    const char *text = "[[3,12,8],[2,4,6],[14,5,2]]";
    pp_tree *t = NULL;
    CHECK(pp_tree_parse(text, strlen(text), &t, NULL) == PP_OK);
    CHECK_EQ_INT(solver_agrees(pp_tree_game(t), 1000, "textbook"), 0);
    pp_tree_free(t);
    for (int i = 0; i < 30; i++) {
        uint32_t b = 1 + rnd(4), d = 1 + rnd(5);
        CHECK(pp_tree_random(b, d, -5 + (int)rnd(3), 5 + (int)rnd(20), rnd(1000000), &t, NULL) == PP_OK);
        if (rnd(2)) pp_tree_set_root_player(t, PP_AB_MIN);
        char what[64];
        snprintf(what, sizeof what, "random tree %u^%u", b, d);
        CHECK_EQ_INT(solver_agrees(pp_tree_game(t), 100000, what), 0);
        pp_tree_free(t);
    }
}

static void solver_on_board_games(void)
{
    const char *boards[] = {"[\"X..\",\"...\",\"...\"]", "[\"XO.\",\"...\",\"...\"]", "[\"X.O\",\".X.\",\"...\"]",
                            "[\"XX..\",\"OO..\",\"X...\",\"O...\"]", "[\"XXO.\",\"OOX.\",\"X...\",\"...O\"]"};
    for (size_t i = 0; i < sizeof boards / sizeof *boards; i++) {
        pp_ttt *t = NULL;
        CHECK(pp_ttt_parse(boards[i], strlen(boards[i]), &t, NULL) == PP_OK);
        if (t) CHECK_EQ_INT(solver_agrees(pp_ttt_game(t), 400000, boards[i]), 0);
        pp_ttt_free(t);
    }
    for (int n = 1; n <= 12; n++) {
        pp_nim *t = NULL;
        CHECK(pp_nim_new(n, &t, NULL) == PP_OK);
        CHECK_EQ_INT(solver_agrees(pp_nim_game(t), 100000, "nim"), 0);
        pp_nim_free(t);
    }
    int cases[][2] = {{10, 11}, {10, 0}, {4, 6}, {5, 12}, {6, 16}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        pp_caniwin *t = NULL;
        CHECK(pp_caniwin_new(cases[i][0], cases[i][1], &t, NULL) == PP_OK);
        CHECK_EQ_INT(solver_agrees(pp_caniwin_game(t), 200000, "can-i-win"), 0);
        pp_caniwin_free(t);
    }
    int64_t ex1[] = {1, 5, 2}, ex2[] = {1, 5, 233, 7};
    pp_predict *p = NULL;
    CHECK(pp_predict_new(ex1, 3, &p, NULL) == PP_OK);
    CHECK_EQ_INT(solver_agrees(pp_predict_game(p), 10000, "LeetCode 486 example 1"), 0);
    pp_predict_free(p);
    CHECK(pp_predict_new(ex2, 4, &p, NULL) == PP_OK);
    CHECK_EQ_INT(solver_agrees(pp_predict_game(p), 10000, "LeetCode 486 example 2"), 0);
    pp_predict_free(p);
    for (int i = 0; i < 6; i++) {
        int64_t nums[6];
        int n = 1 + (int)rnd(6);
        for (int j = 0; j < n; j++) nums[j] = rnd(100);
        CHECK(pp_predict_new(nums, n, &p, NULL) == PP_OK);
        CHECK_EQ_INT(solver_agrees(pp_predict_game(p), 200000, "random predict-the-winner"), 0);
        pp_predict_free(p);
    }
    const char *yt = "a = [[2,7,3],[9,1,2]], b = [[3,7,2],[2,3,1]]";
    pp_young *y = NULL;
    CHECK(pp_young_parse(yt, strlen(yt), &y, NULL) == PP_OK);
    CHECK_EQ_INT(solver_agrees(pp_young_game(y), 200000, "P4363 sample"), 0);
    pp_young_free(y);
    int chase[][5] = {{2, 1, 1, 2, 2}, {2, 1, 1, 1, 2}, {3, 1, 1, 3, 3}, {3, 2, 2, 1, 1}};
    for (size_t i = 0; i < sizeof chase / sizeof *chase; i++) {
        pp_chase *c = NULL;
        CHECK(pp_chase_new(chase[i][0], chase[i][1], chase[i][2], chase[i][3], chase[i][4], &c, NULL) == PP_OK);
        CHECK_EQ_INT(solver_agrees(pp_chase_game(c), 200000, "board-chase"), 0);
        pp_chase_free(c);
    }
    const char *lines[] = {"2222", "3344", "1122334"};
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
        pp_c4 *c = NULL;
        CHECK(pp_c4_parse(4, 4, lines[i], strlen(lines[i]), &c, NULL) == PP_OK);
        if (c) CHECK_EQ_INT(solver_agrees(pp_c4_game(c), 400000, "connect-four 4x4"), 0);
        pp_c4_free(c);
    }
}

/* The root's statistics as bytes, for comparing two runs bit for bit. */
static void stats_of(const pp_game *g, const pp_mcts_options *o, pp_mcts_move *mv, uint32_t *n, pp_mcts_result *r)
{
    pp_mcts *m = NULL;
    CHECK(pp_mcts_new(g, o, NULL, &m, NULL) == PP_OK);
    int done = 0;
    /* in steps of 7 iterations: the page's way, which must not change the tree */
    while (m && !done) CHECK(pp_mcts_run(m, 7, &done, NULL) == PP_OK);
    *n = pp_mcts_root_moves(m, mv, PP_AB_MAX_MOVES);
    pp_mcts_get_result(m, r);
    pp_mcts_free(m);
}

static void same_seed_same_tree(void)
{
    pp_ttt *t = NULL;
    const char *empty = "[\"....\",\"....\",\"....\",\"....\"]";
    CHECK(pp_ttt_parse(empty, strlen(empty), &t, NULL) == PP_OK);
    for (int policy = 0; policy < 2; policy++) {
        pp_mcts_options o;
        pp_mcts_defaults(&o);
        o.iterations = 3000;
        o.seed = 7;
        o.playout = policy;
        pp_mcts_move a[PP_AB_MAX_MOVES], b[PP_AB_MAX_MOVES];
        uint32_t na, nb;
        pp_mcts_result ra, rb;
        memset(a, 0, sizeof a), memset(b, 0, sizeof b);
        stats_of(pp_ttt_game(t), &o, a, &na, &ra);
        o.iterations = 3000;
        pp_mcts *m = NULL;
        CHECK(pp_mcts_new(pp_ttt_game(t), &o, NULL, &m, NULL) == PP_OK);
        int done = 0;
        CHECK(pp_mcts_run(m, UINT64_MAX, &done, NULL) == PP_OK); /* in one go */
        nb = pp_mcts_root_moves(m, b, PP_AB_MAX_MOVES);
        pp_mcts_get_result(m, &rb);
        pp_mcts_free(m);
        CHECK_EQ_INT(na, 16);
        CHECK_EQ_INT(nb, na);
        CHECK(memcmp(a, b, sizeof a) == 0);
        CHECK_EQ_INT(ra.nodes, rb.nodes);
        CHECK_EQ_INT(ra.playout_plies, rb.playout_plies);
        CHECK_EQ_INT(ra.iterations, 3000);
        uint64_t visits = 0;
        for (uint32_t k = 0; k < na; k++) visits += a[k].visits;
        CHECK_EQ_INT(visits, 3000);
        /* another seed, another tree */
        o.seed = 8;
        stats_of(pp_ttt_game(t), &o, b, &nb, &rb);
        CHECK(memcmp(a, b, sizeof a) != 0);
    }
    pp_ttt_free(t);
}

/* One winning move among losing or drawing ones: UCT with a large budget
 * (no solver) chooses it. */
static void uct_finds_the_only_good_move(void)
{
    /* X to move: (1,2) wins at once; every other move lets O win or draw */
    const char *boards[] = {"[\"XX.\",\"OO.\",\"...\"]", "[\"X.O\",\".XO\",\"...\"]", "[\"O.X\",\".O.\",\"X..\"]"};
    for (size_t i = 0; i < sizeof boards / sizeof *boards; i++) {
        pp_ttt *t = NULL;
        CHECK(pp_ttt_parse(boards[i], strlen(boards[i]), &t, NULL) == PP_OK);
        const pp_game *g = pp_ttt_game(t);
        int32_t want = ab_value(g);
        pp_mcts_options o;
        pp_mcts_defaults(&o);
        o.iterations = 20000;
        pp_mcts_result r;
        CHECK(pp_mcts_solve(g, &o, &r, NULL) == PP_OK);
        CHECK(r.best >= 0);
        int good = 0, holders = 0;
        int32_t mv[PP_AB_MAX_MOVES];
        uint32_t n = g->moves(g->ctx, g->root, mv);
        for (uint32_t k = 0; k < n; k++) {
            int h = ab_value_after(g, mv[k]) == want;
            holders += h;
            if (mv[k] == r.best_move) good = h;
        }
        CHECK_MSG(holders == 1, "%s: %d perfect moves (the test wants one)", boards[i], holders);
        CHECK_MSG(good, "%s: UCT chose %d", boards[i], r.best_move);
        CHECK(!r.proven);
        pp_ttt_free(t);
    }
}

/* ucb - mean = c * sqrt(ln N / n) with the library's own ln and sqrt. */
static void ucb_arithmetic(void)
{
    pp_nim *t = NULL;
    CHECK(pp_nim_new(40, &t, NULL) == PP_OK);
    pp_mcts_options o;
    pp_mcts_defaults(&o);
    o.iterations = 1000;
    o.uct_c = 0.7;
    pp_mcts *m = NULL;
    CHECK(pp_mcts_new(pp_nim_game(t), &o, NULL, &m, NULL) == PP_OK);
    int done = 0;
    CHECK(pp_mcts_run(m, UINT64_MAX, &done, NULL) == PP_OK);
    CHECK(done);
    pp_mcts_move mv[4];
    uint32_t n = pp_mcts_root_moves(m, mv, 4);
    CHECK_EQ_INT(n, 3);
    const double ln1000 = 6.907755278982137;
    for (uint32_t k = 0; k < n; k++) {
        CHECK(mv[k].visits > 0);
        double e = (mv[k].ucb - mv[k].mean) / o.uct_c;
        double got = e * e * mv[k].visits, diff = got - ln1000;
        CHECK_MSG(diff < 1e-9 && diff > -1e-9, "move %u: ln 1000 read back as %.15f", k, got);
        CHECK(mv[k].mean >= 0 && mv[k].mean <= 1);
    }
    pp_mcts_free(m);
    pp_nim_free(t);
}

static void memory_limit_keeps_the_statistics(void)
{
    pp_ttt *t = NULL;
    const char *empty = "[\"....\",\"....\",\"....\",\"....\"]";
    CHECK(pp_ttt_parse(empty, strlen(empty), &t, NULL) == PP_OK);
    pp_mcts_options o;
    pp_mcts_defaults(&o);
    o.iterations = 1000000;
    o.max_memory = PP_MCTS_MIN_MEMORY;
    pp_mcts *m = NULL;
    CHECK(pp_mcts_new(pp_ttt_game(t), &o, NULL, &m, NULL) == PP_OK);
    int done = 0;
    pp_error err = {PP_OK, ""};
    CHECK_EQ_INT(pp_mcts_run(m, UINT64_MAX, &done, &err), PP_ERR_BUDGET);
    CHECK_CONTAINS(err.msg, "memory limit");
    CHECK(done);
    pp_mcts_result r;
    pp_mcts_get_result(m, &r);
    CHECK(r.iterations > 100 && r.iterations < 1000000);
    CHECK(r.bytes <= PP_MCTS_MIN_MEMORY);
    CHECK(r.best >= 0);
    /* the failure is sticky */
    CHECK_EQ_INT(pp_mcts_run(m, 10, &done, &err), PP_ERR_BUDGET);
    pp_mcts_free(m);
    pp_ttt_free(t);
}

static void hostile_options(void)
{
    pp_nim *t = NULL;
    CHECK(pp_nim_new(5, &t, NULL) == PP_OK);
    const pp_game *g = pp_nim_game(t);
    pp_mcts_options o;
    pp_mcts *m = NULL;
    pp_error err;
    pp_mcts_defaults(&o);
    o.iterations = 0;
    CHECK_EQ_INT(pp_mcts_new(g, &o, NULL, &m, &err), PP_ERR_ARG);
    pp_mcts_defaults(&o);
    o.uct_c = -1;
    CHECK_EQ_INT(pp_mcts_new(g, &o, NULL, &m, &err), PP_ERR_ARG);
    o.uct_c = 0.0 / 0.0;
    CHECK_EQ_INT(pp_mcts_new(g, &o, NULL, &m, &err), PP_ERR_ARG);
    pp_mcts_defaults(&o);
    o.playout = 7;
    CHECK_EQ_INT(pp_mcts_new(g, &o, NULL, &m, &err), PP_ERR_ARG);
    pp_mcts_defaults(&o);
    o.max_memory = 100;
    CHECK_EQ_INT(pp_mcts_new(g, &o, NULL, &m, &err), PP_ERR_LIMIT);
    CHECK(m == NULL);
    CHECK_EQ_INT(pp_mcts_run(NULL, 1, NULL, &err), PP_ERR_ARG);
    pp_mcts_free(NULL);
    pp_nim_free(t);
    /* a game already over (Can I Win with nothing to reach): nothing to
     * search, its value known */
    pp_caniwin *c = NULL;
    CHECK(pp_caniwin_new(10, 0, &c, NULL) == PP_OK);
    pp_mcts_result r;
    CHECK(pp_mcts_solve(pp_caniwin_game(c), NULL, &r, NULL) == PP_OK);
    CHECK(r.proven);
    CHECK_EQ_INT(r.value, ab_value(pp_caniwin_game(c)));
    CHECK_EQ_INT(r.iterations, 0);
    CHECK_EQ_INT(r.best, -1);
    pp_caniwin_free(c);
}

/* The trace tells the whole story: replaying its events (a path from the
 * SELECTs since the last BACKUP, a reward on each node of it) gives every
 * root move's visits and mean as the search reports them, bit for bit, and
 * the CHOOSE event names the chosen move. */
static void trace_replays_the_statistics(void)
{
    pp_ttt *t = NULL;
    const char *board = "[\"X..\",\".O.\",\"...\"]";
    CHECK(pp_ttt_parse(board, strlen(board), &t, NULL) == PP_OK);
    const pp_game *g = pp_ttt_game(t);
    for (int solver = 0; solver < 2; solver++) {
        pp_trace *tr = NULL;
        CHECK(pp_trace_new(1u << 20, &tr, NULL) == PP_OK);
        pp_mcts_options o;
        pp_mcts_defaults(&o);
        o.iterations = 500;
        o.solver = solver;
        pp_mcts *m = NULL;
        CHECK(pp_mcts_new(g, &o, tr, &m, NULL) == PP_OK);
        int done = 0;
        CHECK(pp_mcts_run(m, UINT64_MAX, &done, NULL) == PP_OK);
        pp_mcts_result r;
        pp_mcts_get_result(m, &r);
        pp_mcts_move mv[16];
        uint32_t n = pp_mcts_root_moves(m, mv, 16);
        CHECK(!pp_trace_truncated(tr));
        uint32_t count = pp_trace_count(tr), path[PP_AB_MAX_DEPTH + 1], len = 1, backups = 0, first = 0;
        const int32_t *rec = pp_trace_records(tr);
        static uint32_t visits[1 << 16];
        static double sum[1 << 16];
        memset(visits, 0, sizeof visits), memset(sum, 0, sizeof sum);
        path[0] = 0;
        int32_t chosen = -1;
        for (uint32_t i = 0; i < count; i++) {
            const int32_t *e = rec + 4 * i;
            int kind = pp_event_kind_of(e);
            if (kind == PP_EV_MC_EXPAND && e[1] == 0) first = (uint32_t)e[3];
            if (kind == PP_EV_MC_SELECT) {
                CHECK((uint32_t)e[2] == path[len - 1]);
                CHECK((uint32_t)e[3] == visits[e[1]]);
                path[len++] = (uint32_t)e[1];
            }
            if (kind == PP_EV_MC_BACKUP) {
                CHECK_EQ_INT(e[3], len);
                CHECK_EQ_INT(e[1], path[len - 1]);
                double rw = (double)((int64_t)e[2] - g->lo) / (double)((int64_t)g->hi - g->lo);
                for (uint32_t d = 0; d < len; d++) visits[path[d]]++, sum[path[d]] += rw;
                len = 1;
                backups++;
            }
            if (kind == PP_EV_MC_CHOOSE) chosen = e[2];
            CHECK(pp_event_step(e) >= 1 && pp_event_step(e) <= 5);
        }
        CHECK_EQ_INT(backups, r.iterations);
        CHECK_EQ_INT(visits[0], r.iterations);
        CHECK_EQ_INT(chosen, r.best_move);
        CHECK(first > 0);
        int max = g->player(g->ctx, g->root) == PP_AB_MAX;
        for (uint32_t k = 0; k < n; k++) {
            CHECK_EQ_INT(visits[first + k], mv[k].visits);
            double mean = visits[first + k] ? sum[first + k] / visits[first + k] : 0;
            if (!max && visits[first + k]) mean = 1 - mean;
            CHECK(mean == mv[k].mean);
        }
        pp_mcts_free(m);
        pp_trace_free(tr);
    }
    pp_ttt_free(t);
}

/* X to move on XX. / OO. / ...: after any move but the two on the right
 * column O can win at once, and the decisive playout always does. Five
 * iterations visit each root move once, by a playout from it: with the
 * decisive policy those three moves' rewards are all 0, whatever the seed;
 * random playouts let X win some of them. */
static void decisive_playouts_take_a_win_at_once(void)
{
    const char *board = "[\"XX.\",\"OO.\",\"...\"]";
    pp_ttt *t = NULL;
    CHECK(pp_ttt_parse(board, strlen(board), &t, NULL) == PP_OK);
    const pp_game *g = pp_ttt_game(t);
    for (int policy = 0; policy < 2; policy++) {
        int won_some = 0;
        for (uint64_t seed = 1; seed <= 40; seed++) {
            pp_mcts_options o;
            pp_mcts_defaults(&o);
            o.iterations = 5;
            o.seed = seed;
            o.playout = policy;
            pp_mcts *m = NULL;
            CHECK(pp_mcts_new(g, &o, NULL, &m, NULL) == PP_OK);
            int done = 0;
            CHECK(pp_mcts_run(m, UINT64_MAX, &done, NULL) == PP_OK);
            pp_mcts_move mv[9];
            uint32_t n = pp_mcts_root_moves(m, mv, 9), others = 0;
            CHECK_EQ_INT(n, 5);
            for (uint32_t k = 0; k < n; k++) {
                int cell = pp_ttt_move_cell(t, (int32_t)k);
                CHECK_EQ_INT(mv[k].visits, 1);
                if (cell == 2 || cell == 5) continue;
                others++;
                if (mv[k].mean > 0) won_some = 1;
            }
            CHECK_EQ_INT(others, 3);
            pp_mcts_free(m);
        }
        CHECK_MSG(won_some == (policy == PP_MCTS_RANDOM), "%s playouts", policy ? "decisive" : "random");
    }
    pp_ttt_free(t);
    /* Connect Four 4x4 after 1 1 2 2 3, O to move: X threatens the bottom
     * row's last cell, so after any O move but column 4 the decisive
     * playout wins for X at once, with the same score each time (a loss
     * for O, its mean below 1/2). A win here is a score, not the game's
     * highest: the policy knows it by its side of the range. */
    pp_c4 *c = NULL;
    CHECK(pp_c4_parse(4, 4, "11223", 5, &c, NULL) == PP_OK);
    for (uint64_t seed = 1; c && seed <= 20; seed++) {
        pp_mcts_options o;
        pp_mcts_defaults(&o);
        o.iterations = 4;
        o.seed = seed;
        o.playout = PP_MCTS_DECISIVE;
        pp_mcts *m = NULL;
        CHECK(pp_mcts_new(pp_c4_game(c), &o, NULL, &m, NULL) == PP_OK);
        int done = 0;
        CHECK(pp_mcts_run(m, UINT64_MAX, &done, NULL) == PP_OK);
        pp_mcts_move mv[4];
        CHECK_EQ_INT(pp_mcts_root_moves(m, mv, 4), 4);
        for (int k = 0; k < 3; k++)
            CHECK_MSG(mv[k].mean == mv[0].mean && mv[k].mean < 0.5, "column %d: O's mean %g", mv[k].move + 1,
                      mv[k].mean);
        pp_mcts_free(m);
    }
    pp_c4_free(c);
}

/* Rules in GDL that start with a turn and then have both roles move at
 * once: the game lists no moves there and says why (pp_game's stuck), and
 * MCTS, alpha-beta and PN each stop with that reason, PP_ERR_INPUT, instead
 * of searching a game in which one role always plays its first move. */
static void roles_at_once_stop_every_search(void)
{
    pp_error err = {PP_OK, ""};
    pp_gdl *g = gdk_parse_file("tests/gdl/games/pick-then-guess.kif", &err);
    CHECK_MSG(g != NULL, "parse: %s", err.msg);
    if (!g) return;
    pp_gdl_game *a = NULL;
    CHECK(pp_gdl_game_new(g, NULL, &a, &err) == PP_OK);
    const pp_game *gm = pp_gdl_game_of(a);
    pp_mcts_options mo;
    pp_mcts_defaults(&mo);
    mo.iterations = 100;
    pp_mcts_result mr;
    CHECK(pp_mcts_solve(gm, &mo, &mr, &err) == PP_ERR_INPUT);
    CHECK_MSG(strstr(err.msg, "simultaneous moves") && strstr(err.msg, "(step 1)"), "mcts: %s", err.msg);
    pp_ab_options ao;
    pp_ab_defaults(&ao);
    pp_ab_result ar;
    err.msg[0] = 0;
    CHECK(pp_ab_solve(gm, &ao, NULL, &ar, &err) == PP_ERR_INPUT);
    CHECK_MSG(strstr(err.msg, "simultaneous moves"), "alpha-beta: %s", err.msg);
    pp_pn_options po;
    pp_pn_defaults(&po);
    pp_pn_result pr;
    err.msg[0] = 0;
    CHECK(pp_pn_solve(gm, &po, &pr, &err) == PP_ERR_INPUT);
    CHECK_MSG(strstr(err.msg, "simultaneous moves"), "pn: %s", err.msg);
    pp_gdl_game_free(a);
    pp_gdl_free(g);
}

void suite_mcts(void)
{
    RUN(solver_on_trees);
    RUN(solver_on_board_games);
    RUN(same_seed_same_tree);
    RUN(trace_replays_the_statistics);
    RUN(uct_finds_the_only_good_move);
    RUN(decisive_playouts_take_a_win_at_once);
    RUN(ucb_arithmetic);
    RUN(memory_limit_keeps_the_statistics);
    RUN(hostile_options);
    RUN(roles_at_once_stop_every_search);
}
