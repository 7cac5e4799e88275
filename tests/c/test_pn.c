/* test_pn.c: proof-number search (PN, PN², df-pn) against alpha-beta on
 * every game-tree game, each proof replayed by an independent checker
 * that knows only the game's rules, and hostile options refused. */
#include <stdlib.h>

#include "../../c/perfect_play.h"
#include "dag_kit.h"
#include "harness.h"

static uint64_t rng_state = 12345;
static uint32_t rnd(uint32_t n)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)((rng_state >> 33) % n);
}

static const char *const algo_name[] = {"pn", "pn2", "dfpn"};

/* ---- the checker: replays a proof with the game's moves, play, leaf and bounds ---- */

typedef struct checker {
    const pp_game *g;
    const pp_pn_proof *p;
    unsigned char *seen; /* the position each node was first reached with */
    uint8_t *state;      /* 0 not seen, 1 being checked, 2 checked */
    char why[200];
} checker;

static int check_node(checker *c, uint32_t id, const unsigned char *pos, uint32_t ply)
{
    const pp_game *g = c->g;
    const pp_pn_proof *p = c->p;
    uint32_t sb = g->state_bytes;
    if (id >= p->nodes) return snprintf(c->why, sizeof c->why, "node %u out of range", id), 0;
    if (c->state[id]) {
        if (memcmp(c->seen + (size_t)id * sb, pos, sb) != 0)
            return snprintf(c->why, sizeof c->why, "node %u reached with two positions", id), 0;
        return 1;
    }
    c->state[id] = 1;
    memcpy(c->seen + (size_t)id * sb, pos, sb);
    if (ply > PP_AB_MAX_DEPTH) return snprintf(c->why, sizeof c->why, "too deep"), 0;
    int32_t v;
    uint32_t first = p->first[id], count = p->count[id];
    if (g->leaf(g->ctx, pos, &v)) {
        int ok = p->max_wins ? v >= p->threshold : v < p->threshold;
        if (!ok || count) return snprintf(c->why, sizeof c->why, "leaf %u worth %d on the wrong side", id, v), 0;
        c->state[id] = 2;
        return 1;
    }
    if (count == 0) {
        /* only the game's bounds may end a proof at an inner position */
        int32_t lo = -PP_AB_INF, hi = PP_AB_INF;
        if (g->bounds) g->bounds(g->ctx, pos, &lo, &hi);
        int ok = p->max_wins ? lo >= p->threshold : hi < p->threshold;
        if (!ok) return snprintf(c->why, sizeof c->why, "node %u ends the proof but is no leaf", id), 0;
        c->state[id] = 2;
        return 1;
    }
    int32_t moves[PP_AB_MAX_MOVES];
    uint32_t nm = g->moves(g->ctx, pos, moves);
    int winner_moves = (g->player(g->ctx, pos) == PP_AB_MAX) == (p->max_wins != 0);
    if (winner_moves && count != 1)
        return snprintf(c->why, sizeof c->why, "node %u: %u moves where one is chosen", id, count), 0;
    if (!winner_moves && count != nm)
        return snprintf(c->why, sizeof c->why, "node %u: %u replies of %u", id, count, nm), 0;
    unsigned char child[PP_AB_MAX_STATE];
    for (uint32_t e = first; e < first + count; e++) {
        uint32_t m = p->move[e];
        if (m >= nm) return snprintf(c->why, sizeof c->why, "node %u: move %u of %u", id, m, nm), 0;
        if (!winner_moves && m != e - first)
            return snprintf(c->why, sizeof c->why, "node %u: replies out of order", id), 0;
        g->play(g->ctx, pos, moves[m], child);
        if (!check_node(c, p->child[e], child, ply + 1)) return 0;
    }
    c->state[id] = 2;
    return 1;
}

/* 1 if the proof is one: every node replayed from the root. */
static int proof_ok(const pp_game *g, const pp_pn_proof *p, char *why)
{
    checker c = {g, p, malloc((size_t)p->nodes * g->state_bytes + 1), calloc(p->nodes + 1, 1), ""};
    int ok = p->nodes > 0 && check_node(&c, 0, g->root, 0);
    if (p->nodes == 0) snprintf(c.why, sizeof c.why, "no proof");
    strcpy(why, c.why);
    free(c.seen);
    free(c.state);
    return ok;
}

/* ---- the comparison ---- */

static int32_t ab_value(const pp_game *g)
{
    pp_ab_options o;
    pp_ab_defaults(&o);
    o.algo = PP_AB_SOFT;
    o.tt = g->hash != NULL;
    o.tt_bits = 16;
    pp_ab_result r;
    pp_error err = {PP_OK, ""};
    pp_status s = pp_ab_solve(g, &o, NULL, &r, &err);
    CHECK_MSG(s == PP_OK, "%s: alpha-beta: %s", g->name, err.msg);
    return r.value;
}

/* Each algorithm's exact value is want, and its proofs check out; the number of disagreements. */
static int pn_gives(const pp_game *g, int32_t want, const char *what)
{
    int bad = 0;
    for (int am = 0; am < 6; am++) {
        int a = am % 3;
        pp_pn_options o;
        pp_pn_defaults(&o);
        o.algo = (pp_pn_algo)a;
        o.mobility = am >= 3;
        o.proof = 1;
        o.memory = 4u << 20; /* df-pn's table takes half: small tables keep the sanitizers quick */
        pp_pn *x = NULL;
        pp_error err = {PP_OK, ""};
        pp_status s = pp_pn_new(g, &o, &x, &err);
        int done = 0;
        if (s == PP_OK) s = pp_pn_run(x, UINT64_MAX, &done, &err);
        pp_pn_result r;
        memset(&r, 0, sizeof r);
        pp_pn_get_result(x, &r);
        if (s != PP_OK || !done || r.value != want) {
            if (bad++ < 3)
                printf("  %s: %s gives %d (%s), want %d\n", what, algo_name[a], r.value, s ? err.msg : "ok", want);
            pp_pn_free(x);
            continue;
        }
        for (int k = 0; k < 2; k++) {
            pp_pn_proof p;
            pp_pn_get_proof(x, k, &p);
            int trivial = k == 0 ? want == g->lo : want == g->hi;
            char why[200];
            if (trivial) {
                if (p.nodes != 0 && bad++ < 3) printf("  %s: %s: a proof of a trivial bound\n", what, algo_name[a]);
                continue;
            }
            if (p.threshold != (k == 0 ? want : want + 1) || !proof_ok(g, &p, why)) {
                if (bad++ < 3)
                    printf("  %s: %s: proof %d (>= %d) fails: %s\n", what, algo_name[a], k, p.threshold, why);
            }
        }
        pp_pn_free(x);
    }
    return bad;
}

static void agrees(const pp_game *g, const char *what) { CHECK_EQ_INT(pn_gives(g, ab_value(g), what), 0); }

/* ---- games ---- */

static void textbook_tree(void)
{
    const char *text = "[[3,12,8],[2,4,6],[14,5,2]]";
    pp_tree *t = NULL;
    CHECK(pp_tree_parse(text, strlen(text), &t, NULL) == PP_OK);
    CHECK_EQ_INT(pn_gives(pp_tree_game(t), 3, "textbook"), 0);
    pp_tree_set_root_player(t, PP_AB_MIN);
    agrees(pp_tree_game(t), "textbook, MIN at the root");
    pp_tree_free(t);
}

static void random_trees(void)
{
    for (int i = 0; i < 40; i++) {
        pp_tree *t = NULL;
        uint32_t b = 1 + rnd(4), d = 1 + rnd(6);
        CHECK(pp_tree_random(b, d, -5 + (int)rnd(3), 5 + (int)rnd(20), rnd(1000000), &t, NULL) == PP_OK);
        if (rnd(2)) pp_tree_set_root_player(t, PP_AB_MIN);
        char what[64];
        snprintf(what, sizeof what, "random tree %u^%u", b, d);
        CHECK_EQ_INT(pn_gives(pp_tree_game(t), pp_tree_value(t), what), 0);
        pp_tree_free(t);
    }
}

static void tic_tac_toe(void)
{
    const char *boards[] = {"[\"...\",\"...\",\"...\"]", "[\"X..\",\"...\",\"...\"]", "[\"XO.\",\"...\",\"...\"]",
                            "[\"X.O\",\".X.\",\"...\"]", "[\"XOX\",\"OXO\",\"OXX\"]",
                            /* 4x4: forced wins and a few open positions */
                            "[\"XX..\",\"OO..\",\"X...\",\"O...\"]", "[\"XO..\",\"OX..\",\"..X.\",\"...O\"]",
                            "[\"XXO.\",\"OOX.\",\"X...\",\"...O\"]", "[\"X.O.\",\".XO.\",\"..X.\",\"O...\"]"};
    for (size_t i = 0; i < sizeof boards / sizeof *boards; i++) {
        pp_ttt *t = NULL;
        pp_error err;
        CHECK_MSG(pp_ttt_parse(boards[i], strlen(boards[i]), &t, &err) == PP_OK, "%s", err.msg);
        if (t) agrees(pp_ttt_game(t), boards[i]);
        pp_ttt_free(t);
    }
    /* random reachable 3x3 and 4x4 positions */
    for (int i = 0; i < 30; i++) {
        int n = i < 20 ? 3 : 4, cells = n * n, k = (int)rnd((uint32_t)(n == 3 ? 6 : 4)) + (n == 4 ? 7 : 0);
        char c[16];
        memset(c, '.', sizeof c);
        for (int j = 0; j < k; j++) {
            int at;
            do at = (int)rnd((uint32_t)cells);
            while (c[at] != '.');
            c[at] = j % 2 ? 'O' : 'X';
        }
        pp_ttt *t = NULL;
        if (pp_ttt_from_cells(n, c, -1, &t, NULL) != PP_OK) continue; /* a line already: not reachable */
        agrees(pp_ttt_game(t), "random tic-tac-toe");
        pp_ttt_free(t);
    }
}

static void nim_and_can_i_win(void)
{
    for (int n = 1; n <= 24; n++) {
        pp_nim *t = NULL;
        CHECK(pp_nim_new(n, &t, NULL) == PP_OK);
        CHECK_EQ_INT(pn_gives(pp_nim_game(t), n % 4 ? 1 : -1, "nim"), 0);
        pp_nim_free(t);
    }
    int cases[][2] = {{10, 11}, {10, 0}, {10, 1}, {4, 6}, {5, 50}, {8, 20}, {10, 40}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        pp_caniwin *t = NULL;
        CHECK(pp_caniwin_new(cases[i][0], cases[i][1], &t, NULL) == PP_OK);
        agrees(pp_caniwin_game(t), "can-i-win");
        pp_caniwin_free(t);
    }
}

static void predict_the_winner(void)
{
    int64_t ex1[] = {1, 5, 2}, ex2[] = {1, 5, 233, 7};
    pp_predict *t = NULL;
    CHECK(pp_predict_new(ex1, 3, &t, NULL) == PP_OK);
    CHECK_EQ_INT(pn_gives(pp_predict_game(t), -2, "LeetCode 486 example 1"), 0);
    pp_predict_free(t);
    CHECK(pp_predict_new(ex2, 4, &t, NULL) == PP_OK);
    CHECK_EQ_INT(pn_gives(pp_predict_game(t), 222, "LeetCode 486 example 2"), 0);
    pp_predict_free(t);
    for (int i = 0; i < 10; i++) {
        int64_t nums[8];
        int n = 1 + (int)rnd(8);
        for (int j = 0; j < n; j++) nums[j] = rnd(100);
        CHECK(pp_predict_new(nums, n, &t, NULL) == PP_OK);
        agrees(pp_predict_game(t), "random predict-the-winner");
        pp_predict_free(t);
    }
}

static void young_tableau(void)
{
    const char *text = "a = [[2,7,3],[9,1,2]], b = [[3,7,2],[2,3,1]]"; /* P4363's sample: 2 */
    pp_young *t = NULL;
    CHECK(pp_young_parse(text, strlen(text), &t, NULL) == PP_OK);
    CHECK_EQ_INT(pn_gives(pp_young_game(t), 2, "P4363 sample"), 0);
    pp_young_free(t);
    for (int i = 0; i < 8; i++) {
        int n = 1 + (int)rnd(3), m = 1 + (int)rnd(3);
        int64_t a[9], b[9];
        for (int j = 0; j < n * m; j++) a[j] = rnd(10), b[j] = rnd(10);
        CHECK(pp_young_new(n, m, a, b, &t, NULL) == PP_OK);
        agrees(pp_young_game(t), "random young-tableau");
        pp_young_free(t);
    }
}

static void triangle_war(void)
{
    /* POJ 1085's sample games (A wins, B wins) and random positions 9+ lines in */
    int32_t g1[] = {2, 4, 4, 5, 5, 9, 3, 6, 2, 5, 3, 5};
    int32_t g2[] = {7, 8, 8, 9, 2, 5, 3, 5, 5, 6, 2, 3, 4, 8, 2, 4, 4, 7, 5, 8};
    pp_triangle *t = NULL;
    CHECK(pp_triangle_new(g2, 10, &t, NULL) == PP_OK);
    agrees(pp_triangle_game(t), "POJ 1085 game 2");
    pp_triangle_free(t);
    CHECK(pp_triangle_new(g1, 6, &t, NULL) == PP_OK);
    if (t) {
        /* 12 lines left: alpha-beta's value, PN and df-pn only (PN² costs seconds here) */
        int32_t want = ab_value(pp_triangle_game(t));
        pp_pn_options o;
        pp_pn_defaults(&o);
        o.algo = PP_PN_DFPN;
        pp_pn_result r;
        CHECK(pp_pn_solve(pp_triangle_game(t), &o, &r, NULL) == PP_OK);
        CHECK_EQ_INT(r.value, want);
    }
    pp_triangle_free(t);
    static const int pegs[18][2] = {{1, 2}, {1, 3}, {2, 3}, {2, 4}, {2, 5}, {3, 5},  {3, 6}, {4, 5}, {5, 6},
                                    {4, 7}, {4, 8}, {5, 8}, {5, 9}, {6, 9}, {6, 10}, {7, 8}, {8, 9}, {9, 10}};
    for (int i = 0; i < 6; i++) {
        int order[18];
        for (int j = 0; j < 18; j++) order[j] = j;
        for (int j = 17; j > 0; j--) {
            int k = (int)rnd((uint32_t)j + 1), tmp = order[j];
            order[j] = order[k];
            order[k] = tmp;
        }
        int32_t mv[36];
        int m = 9 + (int)rnd(5);
        for (int j = 0; j < m; j++) mv[2 * j] = pegs[order[j]][0], mv[2 * j + 1] = pegs[order[j]][1];
        CHECK(pp_triangle_new(mv, m, &t, NULL) == PP_OK);
        if (t) agrees(pp_triangle_game(t), "random triangle-war");
        pp_triangle_free(t);
    }
}

static void board_chase(void)
{
    int cases[][5] = {{2, 1, 1, 2, 2}, {2, 1, 1, 1, 2}, {3, 1, 1, 3, 3},
                      {3, 2, 2, 1, 1}, {4, 1, 1, 4, 4}, {4, 2, 3, 3, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        pp_chase *t = NULL;
        CHECK(pp_chase_new(cases[i][0], cases[i][1], cases[i][2], cases[i][3], cases[i][4], &t, NULL) == PP_OK);
        agrees(pp_chase_game(t), "board-chase");
        pp_chase_free(t);
    }
}

static void connect_four(void)
{
    const char *lines[] = {"", "2222", "3344", "1122334", "33334444", "32154525"};
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
        pp_c4 *p = NULL;
        pp_error err;
        int w = i < 3 ? 4 : 5, h = 4;
        CHECK_MSG(pp_c4_parse(w, h, lines[i], strlen(lines[i]), &p, &err) == PP_OK, "%s", err.msg);
        if (p) agrees(pp_c4_game(p), "connect-four");
        pp_c4_free(p);
    }
}

/* ---- a DAG with banked values: transpositions reached with different scores ---- */

static void banked_dags(void)
{
    for (int i = 0; i < 12; i++) {
        dagk d;
        dagk_init(&d, 2 + rnd(6), 3 + rnd(8), 2 + rnd(3), rnd(100000), DAGK_BANKED);
        d.g.order = NULL;                    /* the order of the moves given */
        d.g.lo = -20 - 3 * (int32_t)d.depth; /* the range the leaves and the banked scores can reach */
        d.g.hi = 20 + 3 * (int32_t)d.depth;
        agrees(&d.g, "banked DAG");
        d.g.hash = NULL; /* keyed by the position's bytes instead */
        agrees(&d.g, "banked DAG without a hash");
    }
}

/* ---- the threshold question, pausing, options ---- */

static void threshold_questions(void)
{
    pp_ttt *t = NULL;
    const char *b = "[\"XX..\",\"OO..\",\"X...\",\"O...\"]";
    CHECK(pp_ttt_parse(b, strlen(b), &t, NULL) == PP_OK);
    const pp_game *g = pp_ttt_game(t);
    int32_t v = ab_value(g);
    for (int a = 0; a < 3; a++)
        for (int32_t th = -1; th <= 2; th++) {
            pp_pn_options o;
            pp_pn_defaults(&o);
            o.algo = (pp_pn_algo)a;
            o.exact = 0;
            o.threshold = th;
            o.proof = 1;
            pp_pn *x = NULL;
            CHECK(pp_pn_new(g, &o, &x, NULL) == PP_OK);
            int done = 0;
            CHECK(pp_pn_run(x, UINT64_MAX, &done, NULL) == PP_OK);
            pp_pn_result r;
            pp_pn_get_result(x, &r);
            CHECK_EQ_INT(r.proven, v >= th);
            CHECK_EQ_INT(r.stats.proofs, 1);
            pp_pn_proof p;
            pp_pn_get_proof(x, r.proven ? 0 : 1, &p);
            char why[200];
            CHECK_MSG(proof_ok(g, &p, why), "%s th %d: %s", algo_name[a], th, why);
            pp_pn_free(x);
        }
    pp_ttt_free(t);
}

static void pausing_changes_nothing(void)
{
    pp_ttt *t = NULL;
    const char *b = "[\"XO..\",\"OX..\",\"..X.\",\"...O\"]";
    CHECK(pp_ttt_parse(b, strlen(b), &t, NULL) == PP_OK);
    for (int a = 0; a < 3; a++) {
        pp_pn_options o;
        pp_pn_defaults(&o);
        o.algo = (pp_pn_algo)a;
        pp_pn_result whole, parts;
        CHECK(pp_pn_solve(pp_ttt_game(t), &o, &whole, NULL) == PP_OK);
        pp_pn *x = NULL;
        CHECK(pp_pn_new(pp_ttt_game(t), &o, &x, NULL) == PP_OK);
        int done = 0, calls = 0;
        while (!done && calls < 1000000) {
            CHECK(pp_pn_run(x, 7, &done, NULL) == PP_OK);
            calls++;
        }
        pp_pn_get_result(x, &parts);
        CHECK_EQ_INT(parts.value, whole.value);
        if (a != PP_PN_DFPN) CHECK_EQ_INT(parts.stats.expanded, whole.stats.expanded); /* df-pn restarts at the root */
        CHECK(calls > 2);
        pp_pn_free(x);
    }
    pp_ttt_free(t);
}

/* A cycle: the position goes 0, 1, 0, 1, ... for ever. */
static void cycle_play(void *ctx, const void *pos, int32_t m, void *child)
{
    (void)ctx, (void)m;
    *(int32_t *)child = 1 - *(const int32_t *)pos;
}
static uint64_t cycle_hash(void *ctx, const void *pos) { return (void)ctx, (uint64_t) * (const int32_t *)pos; }

static void limits_and_hostile_options(void)
{
    int32_t root = 0;
    pp_game g;
    dagk_chain(&g, &root);
    void (*const chain_play)(void *, const void *, int32_t, void *) = g.play; /* put back after the cycle below */
    pp_error err;
    pp_pn_result r;
    for (int a = 0; a < 3; a++) {
        pp_pn_options o;
        pp_pn_defaults(&o);
        o.algo = (pp_pn_algo)a;
        o.memory = 1u << 20;
        g.play = chain_play;
        g.hash = NULL;
        CHECK(pp_pn_solve(&g, &o, &r, &err) == PP_ERR_LIMIT);
        CHECK_CONTAINS(err.msg, "deeper than 128 plies");
        /* a game whose positions repeat: keyed by ply, no cycle, the same refusal */
        g.play = cycle_play;
        g.hash = cycle_hash;
        CHECK(pp_pn_solve(&g, &o, &r, &err) == PP_ERR_LIMIT);
        CHECK_CONTAINS(err.msg, "deeper than 128 plies");
    }
    pp_ttt *t = NULL;
    const char *empty = "[\"....\",\"....\",\"....\",\"....\"]";
    CHECK(pp_ttt_parse(empty, strlen(empty), &t, NULL) == PP_OK);
    const pp_game *tg = pp_ttt_game(t);
    pp_pn_options o;
    pp_pn_defaults(&o);
    o.algo = (pp_pn_algo)7;
    CHECK(pp_pn_solve(tg, &o, &r, &err) == PP_ERR_ARG);
    pp_pn_defaults(&o);
    o.memory = 100;
    CHECK(pp_pn_solve(tg, &o, &r, &err) == PP_ERR_LIMIT);
    o.memory = PP_PN_MAX_MEMORY + 1;
    CHECK(pp_pn_solve(tg, &o, &r, &err) == PP_ERR_LIMIT);
    o.memory = 0;
    o.epsilon_pct = 5000;
    CHECK(pp_pn_solve(tg, &o, &r, &err) == PP_ERR_ARG);
    pp_pn_defaults(&o);
    o.exact = 0;
    o.threshold = PP_AB_INF;
    CHECK(pp_pn_solve(tg, &o, &r, &err) == PP_ERR_ARG);
    CHECK(pp_pn_new(NULL, NULL, NULL, &err) == PP_ERR_ARG);
    CHECK(pp_pn_run(NULL, 1, NULL, &err) == PP_ERR_ARG);
    pp_pn_free(NULL);
    /* the empty 4x4 board is far past these limits: refused with a budget error, never an abort */
    for (int a = 0; a < 3; a++) {
        pp_pn_defaults(&o);
        o.algo = (pp_pn_algo)a;
        if (a != PP_PN_DFPN) { /* df-pn's table replaces entries: only its budget stops it */
            o.memory = 256u << 10;
            CHECK(pp_pn_solve(tg, &o, &r, &err) == PP_ERR_BUDGET);
            CHECK_CONTAINS(err.msg, "memory limit of 262144 bytes");
        }
        o.memory = 1u << 20;
        o.budget = 2000;
        CHECK(pp_pn_solve(tg, &o, &r, &err) == PP_ERR_BUDGET);
        CHECK_CONTAINS(err.msg, "budget of 2000 expansions");
        CHECK(r.stats.expanded <= 2000 + 16);
    }
    pp_ttt_free(t);
}

/* ---- the trace: the events a page plays back ---- */

/* One traced exact search of the textbook tree: the events must tell the
 * same story as the result (one question and one verdict per threshold
 * proof, the root's last numbers being the verdict, one expansion event
 * per level-one expansion, ids handed out in order), and tracing must not
 * change the search. */
static void traced_search_tells_the_result(void)
{
    const char *text = "[[3,12,8],[2,4,6],[14,5,2]]";
    pp_tree *t = NULL;
    CHECK(pp_tree_parse(text, strlen(text), &t, NULL) == PP_OK);
    const pp_game *g = pp_tree_game(t);
    for (int a = 0; a < 3; a++) {
        pp_pn_options o;
        pp_pn_defaults(&o);
        o.algo = (pp_pn_algo)a;
        pp_pn_result plain, traced;
        CHECK(pp_pn_solve(g, &o, &plain, NULL) == PP_OK);
        pp_trace *tr = NULL;
        CHECK(pp_trace_new(1 << 16, &tr, NULL) == PP_OK);
        pp_pn *x = NULL;
        CHECK(pp_pn_new(g, &o, &x, NULL) == PP_OK);
        pp_pn_set_trace(x, tr);
        int done = 0;
        CHECK(pp_pn_run(x, UINT64_MAX, &done, NULL) == PP_OK && done);
        pp_pn_get_result(x, &traced);
        CHECK_EQ_INT(traced.value, 3);
        CHECK_EQ_INT(traced.stats.expanded, plain.stats.expanded);
        CHECK(!pp_trace_truncated(tr));
        uint32_t n = pp_trace_count(tr), ids = pp_pn_node_count(x);
        const int32_t *rec = pp_trace_records(tr);
        int off = a == PP_PN_DFPN ? 20 : 0;
        int64_t lo = g->lo, hi = (int64_t)g->hi + 1;
        uint32_t questions = 0, verdicts = 0, expansions = 0, next_id = 1;
        int32_t asked = 0, root_pn = 1, root_dn = 1;
        char line[96];
        for (uint32_t i = 0; i < n; i++) {
            const int32_t *r = rec + (size_t)i * PP_TRACE_WORDS;
            int kind = pp_event_kind_of(r), step = pp_event_step(r);
            CHECK(r[1] >= 0 && (uint32_t)r[1] < ids);
            if (kind == PP_EV_PN_MARK && step == off + 1) {
                CHECK_MSG(questions == verdicts, "%s: a question before the last one's verdict", algo_name[a]);
                questions++;
                asked = r[2];
                CHECK_EQ_INT(asked, lo + (hi - lo) / 2); /* bisection */
                root_pn = root_dn = 1;
                pp_event_format(r, NULL, NULL, line, sizeof line);
                char want[64];
                snprintf(want, sizeof want, "PN_MARK 0 value >= %d?", asked);
                CHECK_MSG(strcmp(line, want) == 0, "%s", line);
            } else if (kind == PP_EV_PN_MARK && step == off + 4 - (a == PP_PN_DFPN)) {
                expansions++;
            } else if (kind == PP_EV_AB_MOVE) {
                CHECK_MSG((uint32_t)r[3] == next_id, "%s: child id %d, want %u", algo_name[a], r[3], next_id);
                next_id++;
            } else if (kind == PP_EV_PN_NODE && step == off + 6 + (a == PP_PN_DFPN)) {
                verdicts++;
                int proven = r[2] == 0;
                CHECK((proven && (uint32_t)r[3] == PP_PN_INF) || (!proven && (uint32_t)r[2] == PP_PN_INF && r[3] == 0));
                /* the root's numbers were the verdict before it was given */
                CHECK_EQ_INT(root_pn, r[2]);
                CHECK_EQ_INT(root_dn, r[3]);
                if (proven) lo = asked;
                else hi = asked;
            } else if (kind == PP_EV_PN_NODE && r[1] == 0) {
                root_pn = r[2];
                root_dn = r[3];
            }
        }
        CHECK_EQ_INT(questions, traced.stats.proofs);
        CHECK_EQ_INT(verdicts, traced.stats.proofs);
        CHECK_EQ_INT(lo, 3);
        CHECK_EQ_INT(hi, 4);
        CHECK_EQ_INT(next_id, ids);
        CHECK_EQ_INT(expansions, traced.stats.expanded - traced.stats.pn2_expanded);
        pp_pn_free(x);
        pp_trace_free(tr);
    }
    pp_tree_free(t);
}

/* With the default 1 GiB the tables grow to the game: a small game takes
 * under a MiB, a bigger one more, and the budget scaled to the memory. */
static void tables_grow_to_the_game(void)
{
    CHECK_EQ_INT(pp_pn_default_budget(0), 1024ull * PP_PN_BUDGET_PER_MIB);
    CHECK_EQ_INT(pp_pn_default_budget(1u << 20), PP_PN_BUDGET_PER_MIB);
    CHECK(pp_pn_budget_factor(1000, 10, 5000) == 4); /* 2 * (1000 + 10) needs 4 budgets */
    CHECK(pp_pn_budget_factor(1000, 0, 0) == 2);
    uint64_t bytes[2][3];
    int sizes[2][2] = {{6, 12}, {14, 80}};
    for (int k = 0; k < 2; k++)
        for (int a = 0; a < 3; a++) {
            pp_caniwin *t = NULL;
            CHECK(pp_caniwin_new(sizes[k][0], sizes[k][1], &t, NULL) == PP_OK);
            pp_pn_options o;
            pp_pn_defaults(&o);
            o.algo = (pp_pn_algo)a;
            pp_pn_result r;
            pp_error err = {PP_OK, ""};
            CHECK_MSG(pp_pn_solve(pp_caniwin_game(t), &o, &r, &err) == PP_OK, "%s: %s", algo_name[a], err.msg);
            bytes[k][a] = r.stats.tt_bytes;
            pp_caniwin_free(t);
        }
    for (int a = 0; a < 3; a++) {
        CHECK_MSG(bytes[0][a] < (1u << 20), "%s: %llu bytes for 6 numbers", algo_name[a],
                  (unsigned long long)bytes[0][a]);
        CHECK_MSG(bytes[1][a] > 2 * bytes[0][a], "%s: %llu bytes for 14 numbers", algo_name[a],
                  (unsigned long long)bytes[1][a]);
    }
}

void suite_pn(void)
{
    RUN(textbook_tree);
    RUN(random_trees);
    RUN(tic_tac_toe);
    RUN(nim_and_can_i_win);
    RUN(predict_the_winner);
    RUN(young_tableau);
    RUN(triangle_war);
    RUN(board_chase);
    RUN(connect_four);
    RUN(banked_dags);
    RUN(threshold_questions);
    RUN(pausing_changes_nothing);
    RUN(limits_and_hostile_options);
    RUN(tables_grow_to_the_game);
    RUN(traced_search_tells_the_result);
}
