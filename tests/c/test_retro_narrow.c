/* test_retro_narrow.c: the layer scan's 3-byte layout (a byte cell beside
 * the 2-byte remoteness) against its 4-byte one and the queue: the same
 * outcomes, remoteness and counts on random games with up to 63 moves a
 * state and exits, and on chess tables; a game past the byte's 63 moves
 * gets the 4-byte layout, and a state with more moves than the byte holds
 * fails with PP_ERR_LIMIT instead of a wrong answer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess_index.h"
#include "game_chess.h"
#include "harness.h"
#include "perfect_play.h"
#include "ref_chess.h"

#define NN 600    /* states at most */
#define NMOVES 70 /* in-space moves at most (past the byte's 63 on purpose) */

/* A random game: each inner state has 1 .. max moves into random states
 * (the same child twice counts twice), some terminals, and exits with a
 * random win_at and lose_at. */
typedef struct ngame {
    uint32_t n;
    uint8_t kind[NN], mover[NN], outcome[NN];
    uint32_t nmoves[NN], moves[NN][NMOVES];
    uint32_t win_at[NN], lose_at[NN];
    uint32_t *rev, *rev_end; /* reverse edges: state s's parents at rev[rev_end[s - 1] .. rev_end[s]] */
    pp_retro_game game;
} ngame;

static uint64_t nrng = 0x2545F4914F6CDD1Dull;
static uint32_t nrnd(uint32_t below)
{
    nrng ^= nrng << 13;
    nrng ^= nrng >> 7;
    nrng ^= nrng << 17;
    return (uint32_t)((nrng >> 32) % below);
}

static void n_info(void *ctx, uint32_t s, pp_state_info *out)
{
    const ngame *g = ctx;
    out->kind = g->kind[s];
    out->mover = g->mover[s];
    out->outcome = g->outcome[s];
    out->moves = g->kind[s] == PP_STATE_INNER ? g->nmoves[s] : 0;
}

static uint32_t n_parents(void *ctx, uint32_t s, uint32_t *out)
{
    const ngame *g = ctx;
    uint32_t from = s ? g->rev_end[s - 1] : 0, to = g->rev_end[s];
    memcpy(out, g->rev + from, (to - from) * sizeof *out);
    return to - from;
}

static void n_exits(void *ctx, uint32_t s, uint32_t *win_at, uint32_t *lose_at)
{
    const ngame *g = ctx;
    *win_at = g->win_at[s];
    *lose_at = g->lose_at[s];
}

/* max_moves: the most moves a state gets; declared: what the game says. */
static void n_random(ngame *g, uint32_t n, uint32_t max_moves, uint32_t declared, int exits)
{
    free(g->rev);
    free(g->rev_end);
    memset(g, 0, sizeof *g);
    g->n = n;
    uint32_t edges = 0;
    for (uint32_t s = 0; s < n; s++) {
        g->mover[s] = (uint8_t)nrnd(2);
        uint32_t r = nrnd(100);
        if (r < 3) {
            g->kind[s] = PP_STATE_INVALID;
        } else if (r < 10) {
            g->kind[s] = PP_STATE_TERMINAL;
            g->outcome[s] = (uint8_t)(r < 5 ? PP_DRAW : r < 8 ? PP_WIN0 : PP_WIN1);
        } else {
            g->kind[s] = PP_STATE_INNER;
            /* mostly few moves, some near the most */
            g->nmoves[s] = nrnd(3) ? 1 + nrnd(6) : max_moves > 3 ? max_moves - nrnd(3) : max_moves;
            if (exits && nrnd(5) == 0) g->win_at[s] = 1 + nrnd(12);
            if (exits && nrnd(5) == 0) g->lose_at[s] = 1 + nrnd(20);
        }
    }
    for (uint32_t s = 0; s < n; s++)
        for (uint32_t i = 0; i < g->nmoves[s]; i++) {
            uint32_t c;
            do c = nrnd(n);
            while (g->kind[c] == PP_STATE_INVALID);
            g->moves[s][i] = c;
            edges++;
        }
    g->rev = malloc((edges ? edges : 1) * sizeof *g->rev);
    g->rev_end = calloc(n, sizeof *g->rev_end);
    uint32_t most = 1;
    for (uint32_t s = 0; s < n; s++)
        for (uint32_t i = 0; i < g->nmoves[s]; i++) g->rev_end[g->moves[s][i]]++;
    for (uint32_t s = 0; s < n; s++) {
        if (g->rev_end[s] > most) most = g->rev_end[s];
        if (s) g->rev_end[s] += g->rev_end[s - 1];
    }
    /* fill from the back: rev_end[s] ends up where s's list ends */
    uint32_t *at = malloc(n * sizeof *at);
    memcpy(at, g->rev_end, n * sizeof *at);
    for (uint32_t s = n; s-- > 0;)
        for (uint32_t i = g->nmoves[s]; i-- > 0;) g->rev[--at[g->moves[s][i]]] = s;
    free(at);
    g->game = (pp_retro_game){.nstates = n,
                              .max_parents = most,
                              .max_moves = declared,
                              .ctx = g,
                              .info = n_info,
                              .parents = n_parents,
                              .exits = exits ? n_exits : NULL};
}

/* layer_scan as pp_retro_game has it; plies: its max_remoteness (0: none,
 * the 3-byte layout at most; PP_LAYER_SCAN_BYTE_PLIES: the 2-byte one). */
static pp_retro *solve_in(const pp_retro_game *game, int layer_scan, uint32_t plies, uint64_t budget, pp_status *status)
{
    pp_retro_game g = *game;
    g.layer_scan = layer_scan;
    g.max_remoteness = plies;
    pp_retro *r = NULL;
    pp_error err = {PP_OK, ""};
    *status = pp_retro_new(&g, NULL, &r, &err);
    if (*status != PP_OK) return NULL;
    int done = 0;
    for (int i = 0; i < 1000000 && !done; i++) {
        *status = pp_retro_run(r, budget, &done);
        if (*status != PP_OK) break;
    }
    if (!done) {
        pp_retro_free(r);
        return NULL;
    }
    return r;
}

static pp_retro *solve(const pp_retro_game *game, int layer_scan, uint64_t budget, pp_status *status)
{
    return solve_in(game, layer_scan, 0, budget, status);
}

/* Outcomes, remoteness and counts of a and b the same (but queue_peak). */
static int same_solve(const pp_retro *a, const pp_retro *b)
{
    uint32_t n = pp_retro_nstates(a);
    if (n != pp_retro_nstates(b)) return 0;
    if (memcmp(pp_retro_outcomes(a), pp_retro_outcomes(b), n) != 0) return 0;
    if (memcmp(pp_retro_remoteness(a), pp_retro_remoteness(b), n * sizeof(int32_t)) != 0) return 0;
    pp_retro_stats x, y;
    pp_retro_get_stats(a, &x);
    pp_retro_get_stats(b, &y);
    x.queue_peak = y.queue_peak = 0;
    return memcmp(&x, &y, sizeof x) == 0;
}

static ngame ng;

static void narrow_and_wide_agree_on_random_games(void)
{
    int compared = 0, decided = 0;
    for (int trial = 0; trial < 300; trial++) {
        uint32_t most = 1 + nrnd(63);
        n_random(&ng, 2 + nrnd(NN - 1), most, 63, trial % 4 != 0);
        uint64_t budget = trial % 3 == 0 ? 1 + nrnd(50) : UINT64_MAX;
        pp_status sq, sn, sw, s2;
        pp_retro *q = solve(&ng.game, 0, UINT64_MAX, &sq);
        pp_retro *nar = solve(&ng.game, PP_LAYER_SCAN, budget, &sn);
        pp_retro *wid = solve(&ng.game, PP_LAYER_SCAN_WIDE, budget, &sw);
        pp_retro *two = solve_in(&ng.game, PP_LAYER_SCAN, PP_LAYER_SCAN_BYTE_PLIES, budget, &s2);
        CHECK_MSG(q && nar && wid && two, "trial %d: statuses %d %d %d %d", trial, sq, sn, sw, s2);
        if (q && nar && wid && two) {
            CHECK_MSG(same_solve(nar, wid), "trial %d: 3-byte and 4-byte layouts", trial);
            CHECK_MSG(same_solve(nar, q), "trial %d: 3-byte layout and queue", trial);
            CHECK_MSG(same_solve(two, q), "trial %d: 2-byte layout and queue", trial);
            pp_retro_stats st;
            pp_retro_get_stats(nar, &st);
            decided += (int)st.decided;
            compared++;
        }
        pp_retro_free(q);
        pp_retro_free(nar);
        pp_retro_free(wid);
        pp_retro_free(two);
    }
    CHECK(compared == 300);
    CHECK(decided > 10000); /* the games are not all draws */
    free(ng.rev);
    free(ng.rev_end);
    ng.rev = ng.rev_end = NULL;
}

/* What pp_retro_game_bytes says of each layout: a byte a state less. */
static void bytes_of_each_layout(void)
{
    n_random(&ng, 500, 63, 63, 1);
    pp_retro_game g = ng.game;
    g.layer_scan = PP_LAYER_SCAN;
    uint64_t narrow = pp_retro_game_bytes(&g);
    g.layer_scan = PP_LAYER_SCAN_WIDE;
    uint64_t wide = pp_retro_game_bytes(&g);
    CHECK(wide - narrow == 500);
    g.layer_scan = PP_LAYER_SCAN;
    g.max_remoteness = PP_LAYER_SCAN_BYTE_PLIES;
    CHECK(narrow - pp_retro_game_bytes(&g) == 500);
    g.max_remoteness = PP_LAYER_SCAN_BYTE_PLIES + 1; /* too many plies for a byte */
    CHECK(pp_retro_game_bytes(&g) == narrow);
    g.max_remoteness = 0;
    /* 64 moves: the 4-byte layout even when asked for the narrowest */
    g.max_moves = 64;
    g.layer_scan = PP_LAYER_SCAN;
    CHECK(pp_retro_game_bytes(&g) == wide);
    free(ng.rev);
    free(ng.rev_end);
    ng.rev = ng.rev_end = NULL;
}

/* Past the byte's 63 moves: a game that says so gets the 4-byte layout
 * (and the right answer); one that says fewer than it has fails its
 * seeding cleanly where a state has more than 63. */
static void over_the_byte_falls_back_or_fails(void)
{
    for (int trial = 0; trial < 20; trial++) {
        n_random(&ng, 50 + nrnd(400), 64 + nrnd(NMOVES - 64), NMOVES, trial % 2);
        pp_status sq, sn;
        pp_retro *q = solve(&ng.game, 0, UINT64_MAX, &sq);
        pp_retro *nar = solve(&ng.game, PP_LAYER_SCAN, 7, &sn);
        CHECK_MSG(q && nar && same_solve(q, nar), "trial %d: the fallback", trial);
        pp_retro_free(q);
        pp_retro_free(nar);
    }
    /* the same game saying 63 moves at most: a state has 64 or more */
    n_random(&ng, 300, 66, 63, 1);
    pp_retro_game g = ng.game;
    g.layer_scan = PP_LAYER_SCAN;
    pp_retro *r = NULL;
    pp_error err = {PP_OK, ""};
    CHECK_EQ_INT(pp_retro_new(&g, NULL, &r, &err), PP_ERR_LIMIT);
    CHECK(r == NULL);
    CHECK_MSG(strstr(err.msg, "moves") != NULL, "message: %s", err.msg);
    /* and an instance reset to it: no solve left, the same status */
    n_random(&ng, 30, 5, 63, 1);
    g = ng.game;
    g.layer_scan = PP_LAYER_SCAN;
    CHECK(pp_retro_new(&g, NULL, &r, &err) == PP_OK);
    n_random(&ng, 300, 66, 63, 1);
    g = ng.game;
    g.layer_scan = PP_LAYER_SCAN;
    CHECK_EQ_INT(pp_retro_reset(r, &g, NULL, &err), PP_ERR_LIMIT);
    int done = 1;
    CHECK(pp_retro_run(r, UINT64_MAX, &done) != PP_OK && done == 0);
    pp_retro_free(r);
    free(ng.rev);
    free(ng.rev_end);
    ng.rev = ng.rev_end = NULL;
}

/* A line of n states, each with one move into the one before, state 0
 * lost for its mover: state i has remoteness i. */
static void line_info(void *ctx, uint32_t s, pp_state_info *out)
{
    (void)ctx;
    *out =
        s ? (pp_state_info){PP_STATE_INNER, (uint8_t)(s & 1), 0, 1} : (pp_state_info){PP_STATE_TERMINAL, 0, PP_WIN1, 0};
}
static uint32_t line_parents(void *ctx, uint32_t s, uint32_t *out)
{
    out[0] = s + 1;
    return s + 1 < *(const uint32_t *)ctx;
}

/* Past the byte's 254 plies: a game that says its remoteness fits a byte
 * and is wrong stops with PP_ERR_LIMIT, never a wrong remoteness; in 3
 * bytes the same line solves, and a line within the bound does in 2. */
static void over_the_byte_plies_fails(void)
{
    for (uint32_t n = 250; n <= 300; n += 50) {
        pp_retro_game g = {.nstates = n,
                           .max_parents = 1,
                           .max_moves = 1,
                           .ctx = &n,
                           .info = line_info,
                           .parents = line_parents,
                           .layer_scan = PP_LAYER_SCAN,
                           .max_remoteness = PP_LAYER_SCAN_BYTE_PLIES};
        pp_retro *r = NULL;
        pp_error err = {PP_OK, ""};
        CHECK(pp_retro_new(&g, NULL, &r, &err) == PP_OK);
        int done = 0;
        pp_status st = pp_retro_run(r, UINT64_MAX, &done);
        if (n == 250) {
            CHECK(st == PP_OK && done && pp_retro_remoteness_of(r, 249) == 249);
        } else {
            CHECK_EQ_INT(st, PP_ERR_LIMIT);
            CHECK(!done && pp_retro_outcome_of(r, 299) == PP_INVALID);
            pp_status s3;
            pp_retro *three = solve(&g, PP_LAYER_SCAN, UINT64_MAX, &s3);
            CHECK(three && pp_retro_remoteness_of(three, 299) == 299);
            pp_retro_free(three);
        }
        pp_retro_free(r);
    }
}

/* The memory budget (768 MiB) is held against the layout's own bytes: a
 * layer scan of 120 M states (360 MB) is within it, though a queue's 8
 * bytes a state would not be; 300 M states (900 MB) are not, refused before
 * anything is allocated, the message saying what they need. */
static uint32_t no_parents(void *ctx, uint32_t s, uint32_t *out)
{
    (void)ctx, (void)s, (void)out;
    return 0;
}
static void no_info(void *ctx, uint32_t s, pp_state_info *out)
{
    (void)ctx, (void)s;
    *out = (pp_state_info){PP_STATE_INVALID, 0, 0, 0};
}

static void budget_counts_the_layouts_bytes(void)
{
    pp_retro_game g = {.nstates = 300000000u,
                       .max_parents = 8,
                       .max_moves = 8,
                       .info = no_info,
                       .parents = no_parents,
                       .layer_scan = PP_LAYER_SCAN};
    uint64_t need = pp_retro_game_bytes(&g);
    CHECK(need > 900000000ull && need < 910000000ull);
    pp_retro *r = NULL;
    pp_error err = {PP_OK, ""};
    CHECK_EQ_INT(pp_retro_new(&g, NULL, &r, &err), PP_ERR_LIMIT);
    CHECK(r == NULL);
    char want[64];
    snprintf(want, sizeof want, "need %llu MiB", (unsigned long long)(need >> 20));
    CHECK_CONTAINS(err.msg, want);
    /* 120 M states: 3 bytes each fit the budget, 8 would not */
    g.nstates = 120000000u;
    CHECK(pp_retro_game_bytes(&g) < ((uint64_t)768 << 20));
    CHECK(pp_retro_bytes(g.nstates, g.max_parents) > ((uint64_t)768 << 20));
}

/* A chess table solved in both layouts (captures into the smaller tables
 * as the table builder sets them up): the same outcome and remoteness for
 * every entry. */
static void chess_table_in_both_layouts(const char *material)
{
    pp_tb_stats st;
    pp_error err = {0};
    CHECK_MSG(pp_tb_build(material, &st, &err) == PP_OK, "%s: %s", material, err.msg); /* its captures' too */
    chi_material m;
    char msg[200];
    CHECK(chi_parse_material(material, &m, msg, sizeof msg));
    static chg_game cg;
    chg_init(&cg, &m, ref_chess_cache_probe, NULL);
    for (int j = 2; j < m.n; j++) {
        chi_material c;
        chg_capture_material(&cg, j, &c);
        chg_set_capture(&cg, j, c.n > 2 ? chg_table_values(c.name) : NULL);
    }
    CHECK_MSG(cg.g.max_moves <= PP_LAYER_SCAN_NARROW_MOVES, "%s: %u moves", material, cg.g.max_moves);
    CHECK(cg.g.layer_scan == PP_LAYER_SCAN);
    CHECK(cg.g.max_remoteness == PP_LAYER_SCAN_BYTE_PLIES);
    pp_status sn, sw, s2;
    pp_retro *nar = solve(&cg.g, PP_LAYER_SCAN, UINT64_MAX, &sn);
    pp_retro *wid = solve(&cg.g, PP_LAYER_SCAN_WIDE, UINT64_MAX, &sw);
    pp_retro *two = solve_in(&cg.g, PP_LAYER_SCAN, PP_LAYER_SCAN_BYTE_PLIES, UINT64_MAX, &s2);
    CHECK_MSG(nar && wid && two, "%s: statuses %d %d %d", material, sn, sw, s2);
    if (nar && wid && two) {
        CHECK_MSG(same_solve(nar, wid), "%s: 3-byte and 4-byte layouts", material);
        CHECK_MSG(same_solve(two, wid), "%s: 2-byte and 4-byte layouts", material);
        pp_retro_stats a;
        pp_retro_get_stats(nar, &a);
        CHECK(a.decided > 0 && a.states == st.positions[0] + st.positions[1]);
    }
    pp_retro_game g = cg.g;
    g.layer_scan = PP_LAYER_SCAN_WIDE;
    uint64_t wide = pp_retro_game_bytes(&g);
    g.layer_scan = PP_LAYER_SCAN;
    CHECK(wide - pp_retro_game_bytes(&g) == 2ull * m.size);
    /* what the builder held: 2 bytes an entry and the block summaries, the
     * scratch and the game beside them (a few kB: under 0.1 an entry past
     * 3 pieces) */
    printf("  %s: %llu bytes building, %.3f an entry\n", material, (unsigned long long)st.bytes_building,
           (double)st.bytes_building / m.size);
    CHECK(st.bytes_building < 4ull * m.size);
    if (m.n > 3) CHECK(st.bytes_building * 100 <= 205ull * m.size);
    pp_retro_free(nar);
    pp_retro_free(wid);
    pp_retro_free(two);
}

static void chess_krk_in_both_layouts(void) { chess_table_in_both_layouts("KRK"); }
static void chess_kqkr_in_both_layouts(void) { chess_table_in_both_layouts("KQKR"); }

void suite_retro_narrow(void)
{
    RUN(narrow_and_wide_agree_on_random_games);
    RUN(bytes_of_each_layout);
    RUN(over_the_byte_falls_back_or_fails);
    RUN(budget_counts_the_layouts_bytes);
    RUN(over_the_byte_plies_fails);
    RUN(chess_krk_in_both_layouts);
    const char *on = getenv("PP_CHESS_TABLES");
    if (on && strcmp(on, "1") == 0) RUN(chess_kqkr_in_both_layouts);
    pp_tb_clear();
}
