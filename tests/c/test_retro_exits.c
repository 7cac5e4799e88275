/* test_retro_exits.c: the retrograde engine's exits (moves out of the state
 * space into known results), drawn terminals and deferred losses, on small
 * synthetic games, checked against a plain ply-by-ply fixed point written
 * from the definitions (not a BFS). */
#include <stdlib.h>
#include <string.h>

#include "../../c/perfect_play.h"
#include "harness.h"

#define XN 24    /* states at most */
#define XMOVES 4 /* in-space moves at most */
#define XEXITS 3 /* exits at most */

typedef struct xexit {
    int result;   /* for the mover: 1 win, -1 loss, 0 draw */
    uint32_t rem; /* remoteness of the exit child */
} xexit;

typedef struct xgame {
    uint32_t n;
    uint8_t kind[XN], mover[XN], outcome[XN];
    uint32_t nmoves[XN], moves[XN][XMOVES];
    uint32_t nexits[XN];
    xexit exits[XN][XEXITS];
    pp_retro_game game;
} xgame;

static void x_info(void *ctx, uint32_t s, pp_state_info *out)
{
    const xgame *g = ctx;
    out->kind = g->kind[s];
    out->mover = g->mover[s];
    out->outcome = g->outcome[s];
    uint32_t draws = 0;
    for (uint32_t i = 0; i < g->nexits[s]; i++) draws += g->exits[s][i].result == 0;
    out->moves = g->kind[s] == PP_STATE_INNER ? g->nmoves[s] + draws : 0;
}

static uint32_t x_parents(void *ctx, uint32_t s, uint32_t *out)
{
    const xgame *g = ctx;
    uint32_t n = 0;
    for (uint32_t p = 0; p < g->n; p++)
        if (g->kind[p] == PP_STATE_INNER)
            for (uint32_t i = 0; i < g->nmoves[p]; i++)
                if (g->moves[p][i] == s) out[n++] = p;
    return n;
}

static void x_exits(void *ctx, uint32_t s, uint32_t *win_at, uint32_t *lose_at)
{
    const xgame *g = ctx;
    *win_at = *lose_at = 0;
    for (uint32_t i = 0; i < g->nexits[s]; i++) {
        const xexit *e = &g->exits[s][i];
        if (e->result > 0 && (!*win_at || e->rem + 1 < *win_at)) *win_at = e->rem + 1;
        if (e->result < 0 && e->rem + 1 > *lose_at) *lose_at = e->rem + 1;
    }
}

/* A small LCG of our own (rand_r is not C11). */
static uint32_t x_rand(unsigned *seed)
{
    *seed = *seed * 1103515245u + 12345u;
    return (*seed >> 16) & 0x7FFF;
}

static void x_random(xgame *g, uint32_t n, unsigned *seed)
{
    memset(g, 0, sizeof *g);
    g->n = n;
    for (uint32_t s = 0; s < n; s++) {
        int k = x_rand(seed) % 10;
        g->mover[s] = x_rand(seed) & 1;
        if (k == 0) g->kind[s] = PP_STATE_INVALID;
        else if (k <= 2) {
            g->kind[s] = PP_STATE_TERMINAL;
            g->outcome[s] = (uint8_t)(x_rand(seed) % 3); /* draw, win0, win1 */
        } else g->kind[s] = PP_STATE_INNER;
    }
    for (uint32_t s = 0; s < n; s++) {
        if (g->kind[s] != PP_STATE_INNER) continue;
        uint32_t want = x_rand(seed) % (XMOVES + 1);
        for (uint32_t i = 0; i < want; i++) {
            uint32_t c = x_rand(seed) % n;
            int dup = 0;
            for (uint32_t j = 0; j < g->nmoves[s]; j++) dup |= g->moves[s][j] == c;
            if (g->kind[c] != PP_STATE_INVALID && !dup) g->moves[s][g->nmoves[s]++] = c;
        }
        g->nexits[s] = x_rand(seed) % (XEXITS + 1);
        for (uint32_t i = 0; i < g->nexits[s]; i++) {
            g->exits[s][i].result = (int)(x_rand(seed) % 3) - 1;
            g->exits[s][i].rem = x_rand(seed) % 7;
        }
    }
    g->game.nstates = n;
    g->game.max_parents = n * XMOVES;
    g->game.max_moves = XMOVES + XEXITS;
    g->game.ctx = g;
    g->game.info = x_info;
    g->game.parents = x_parents;
    g->game.exits = x_exits;
}

/* The definitions, ply by ply: at ply k an undecided state is won by its
 * mover if some move (or exit) reaches a position lost for the opponent at
 * ply k - 1 or sooner, and lost if every move is known lost, the last at
 * ply k - 1, and no losing exit lasts past k. Decisions at ply k read only
 * the decisions of earlier plies. */
static void x_brute(const xgame *g, uint8_t *out, int32_t *rem)
{
    for (uint32_t s = 0; s < g->n; s++) {
        rem[s] = -1;
        out[s] = g->kind[s] == PP_STATE_INVALID ? PP_INVALID : PP_DRAW;
    }
    for (int32_t k = 0; k < 200; k++) {
        uint8_t next[XN];
        memcpy(next, out, g->n);
        for (uint32_t s = 0; s < g->n; s++) {
            if (k == 0 && g->kind[s] == PP_STATE_TERMINAL && g->outcome[s] != PP_DRAW) {
                next[s] = g->outcome[s];
                rem[s] = 0;
            }
            if (g->kind[s] != PP_STATE_INNER || out[s] != PP_DRAW) continue;
            uint8_t me = (uint8_t)(g->mover[s] + 1), other = me == PP_WIN0 ? PP_WIN1 : PP_WIN0;
            int win = 0, all_lost = 1, draw_exit = 0;
            int32_t lose_at = 0;
            for (uint32_t i = 0; i < g->nexits[s]; i++) {
                const xexit *e = &g->exits[s][i];
                if (e->result > 0 && (int32_t)e->rem + 1 <= k) win = 1;
                if (e->result > 0) all_lost = 0;
                if (e->result == 0) draw_exit = 1;
                if (e->result < 0 && (int32_t)e->rem + 1 > lose_at) lose_at = (int32_t)e->rem + 1;
            }
            for (uint32_t i = 0; i < g->nmoves[s]; i++) {
                uint32_t c = g->moves[s][i];
                if (out[c] == me) win = 1;
                if (out[c] != other) all_lost = 0;
            }
            if (win) next[s] = me;
            else if (all_lost && !draw_exit && k >= lose_at) next[s] = other;
            if (next[s] != PP_DRAW) rem[s] = k;
        }
        memcpy(out, next, g->n);
    }
}

static pp_retro *x_solve_game(const pp_retro_game *game, uint64_t budget)
{
    pp_retro *r = NULL;
    pp_error err = {PP_OK, ""};
    if (pp_retro_new(game, NULL, &r, &err) != PP_OK) {
        printf("  solve failed: %s\n", err.msg);
        return NULL;
    }
    int done = 0;
    for (int guard = 0; !done && guard < 1000000; guard++)
        if (pp_retro_run(r, budget, &done) != PP_OK) break;
    return r;
}

static pp_retro *x_solve(const xgame *g, uint64_t budget) { return x_solve_game(&g->game, budget); }

/* pp_retro_take_bytes's byte: the outcome and the remoteness (small here). */
static uint8_t byte_of(void *ctx, uint8_t outcome, int32_t remoteness)
{
    (*(int *)ctx)++;
    return (uint8_t)(outcome << 6 | (remoteness < 0 ? 0 : (remoteness + 1) & 63));
}

/* Layer-scan mode (no queue) gives the queue's outcomes, remoteness and
 * counts (all but queue_peak: it has no queue); its bytes, taken in place
 * (pp_retro_take_bytes), say the same, and leave the solver with no state. */
static int same_as_layer_scan(const xgame *g, const pp_retro *r, uint64_t budget)
{
    pp_retro_game scan = g->game;
    scan.layer_scan = 1;
    pp_retro *q = x_solve_game(&scan, budget);
    int same = q && pp_retro_done(q) && memcmp(pp_retro_outcomes(q), pp_retro_outcomes(r), g->n) == 0 &&
               memcmp(pp_retro_remoteness(q), pp_retro_remoteness(r), g->n * sizeof(int32_t)) == 0;
    if (same) {
        pp_retro_stats a, b;
        pp_retro_get_stats(r, &a);
        pp_retro_get_stats(q, &b);
        a.queue_peak = b.queue_peak = 0;
        same = memcmp(&a, &b, sizeof a) == 0;
    }
    if (same) {
        int calls = 0;
        uint8_t *bytes = pp_retro_take_bytes(q, byte_of, &calls);
        same = bytes && calls == (int)g->n && pp_retro_nstates(q) == 0 && pp_retro_outcome_of(q, 0) == PP_INVALID &&
               pp_retro_take_bytes(q, byte_of, &calls) == NULL;
        for (uint32_t s = 0; same && s < g->n; s++) {
            int32_t rem = pp_retro_remoteness(r)[s];
            uint8_t want = (uint8_t)(pp_retro_outcomes(r)[s] << 6 | (rem < 0 ? 0 : (rem + 1) & 63));
            same = bytes[s] == want;
        }
        free(bytes);
        /* a queue solve has none to take */
        same = same && pp_retro_take_bytes((pp_retro *)r, byte_of, &calls) == NULL;
    }
    pp_retro_free(q);
    return same;
}

static void exits_agree_with_brute_force_on_random_games(void)
{
    unsigned seed = 12345;
    static xgame g;
    int compared = 0, deferred_seen = 0, exit_wins_seen = 0;
    for (int trial = 0; trial < 3000; trial++) {
        x_random(&g, 1 + (uint32_t)(trial % XN), &seed);
        uint8_t want[XN];
        int32_t want_rem[XN];
        x_brute(&g, want, want_rem);
        pp_retro *r = x_solve(&g, trial % 3 == 0 ? 1 : UINT64_MAX);
        CHECK(r != NULL && pp_retro_done(r));
        if (!r || !pp_retro_done(r)) return;
        CHECK_MSG(same_as_layer_scan(&g, r, trial % 3 == 1 ? 1 : UINT64_MAX), "trial %d: layer-scan mode", trial);
        const uint8_t *o = pp_retro_outcomes(r);
        const int32_t *rm = pp_retro_remoteness(r);
        for (uint32_t s = 0; s < g.n; s++) {
            CHECK_MSG(o[s] == want[s] && rm[s] == want_rem[s],
                      "trial %d state %u: outcome %d remoteness %d, brute force %d %d", trial, s, o[s], rm[s], want[s],
                      want_rem[s]);
            if (o[s] != want[s] || rm[s] != want_rem[s]) {
                for (uint32_t t = 0; t < g.n; t++) {
                    printf("  DBG %u kind %d mover %d out %d moves", t, g.kind[t], g.mover[t], g.outcome[t]);
                    for (uint32_t i = 0; i < g.nmoves[t]; i++) printf(" %u", g.moves[t][i]);
                    printf(" exits");
                    for (uint32_t i = 0; i < g.nexits[t]; i++)
                        printf(" (%d,%u)", g.exits[t][i].result, g.exits[t][i].rem);
                    printf(" -> %d %d / %d %d\n", o[t], rm[t], want[t], want_rem[t]);
                }
                pp_retro_free(r);
                return;
            }
            compared++;
            uint32_t wa = 0, la = 0;
            if (g.kind[s] == PP_STATE_INNER) x_exits(&g, s, &wa, &la);
            if (want[s] != PP_DRAW && want[s] != PP_INVALID && wa && (uint32_t)want_rem[s] == wa) exit_wins_seen++;
            if (want[s] != PP_DRAW && want[s] != PP_INVALID && !wa && la && (uint32_t)want_rem[s] == la && g.nmoves[s])
                deferred_seen++;
        }
        pp_retro_free(r);
    }
    /* The random games do exercise both bends of the BFS. */
    CHECK(compared > 30000);
    CHECK(exit_wins_seen > 100);
    CHECK(deferred_seen > 100);
}

/* pp_retro_ply_counts (the chess page's progress by ply, without a trace):
 * after every slice, in queue and in layer-scan mode, the decisions at each
 * ply the SEED and COLOR events told so far; once done, the remoteness of
 * every decided state. */
static int ply_counts_agree(const pp_retro_game *game, uint64_t budget)
{
    pp_trace *t = NULL;
    pp_retro *r = NULL;
    pp_error err = {PP_OK, ""};
    if (pp_trace_new(4096, &t, &err) != PP_OK) return 0;
    pp_trace_set_filter(t, 1u << PP_EV_SEED | 1u << PP_EV_COLOR);
    int ok = pp_retro_new(game, t, &r, &err) == PP_OK, done = 0;
    for (int guard = 0; ok && guard < 100000; guard++) {
        uint64_t want[XN + 8] = {0}, got[XN + 8];
        uint32_t top = 0;
        for (uint32_t i = 0; i < pp_trace_count(t); i++) {
            const int32_t *e = pp_trace_records(t) + (size_t)i * PP_TRACE_WORDS;
            want[e[3]]++;
            if ((uint32_t)e[3] + 1u > top) top = (uint32_t)e[3] + 1u;
        }
        ok = pp_retro_ply_counts(r, got, XN + 8) == top && memcmp(got, want, sizeof got) == 0;
        /* a shorter out: the counts that fit, the same top */
        uint64_t few[2];
        ok = ok && pp_retro_ply_counts(r, few, 2) == top && few[0] == want[0] && few[1] == want[1];
        if (!ok || done) break;
        ok = pp_retro_run(r, budget, &done) == PP_OK;
    }
    if (ok) {
        uint64_t want[XN + 8] = {0}, got[XN + 8];
        for (uint32_t s = 0; s < game->nstates; s++)
            if (pp_retro_outcomes(r)[s] == PP_WIN0 || pp_retro_outcomes(r)[s] == PP_WIN1)
                want[pp_retro_remoteness(r)[s]]++;
        pp_retro_ply_counts(r, got, XN + 8);
        ok = done && memcmp(got, want, sizeof got) == 0;
    }
    pp_retro_free(r);
    pp_trace_free(t);
    return ok;
}

static void ply_counts_follow_the_decisions(void)
{
    unsigned seed = 777;
    static xgame g;
    for (int trial = 0; trial < 600; trial++) {
        x_random(&g, 1 + (uint32_t)(trial % XN), &seed);
        pp_retro_game scan = g.game;
        scan.layer_scan = 1;
        uint64_t budget = trial % 2 ? 1 : 3;
        CHECK_MSG(ply_counts_agree(&g.game, budget), "trial %d: queue mode", trial);
        CHECK_MSG(ply_counts_agree(&scan, budget), "trial %d: layer-scan mode", trial);
    }
    CHECK_EQ_INT((int)pp_retro_ply_counts(NULL, NULL, 0), 0);
}

/* A hand-made case: a drawn terminal keeps its parent's counter up forever. */
static void drawn_terminal_is_a_decided_draw(void)
{
    static xgame g;
    memset(&g, 0, sizeof g);
    g.n = 3;
    g.kind[0] = PP_STATE_TERMINAL; /* stalemate */
    g.outcome[0] = PP_DRAW;
    g.kind[1] = PP_STATE_TERMINAL;
    g.outcome[1] = PP_WIN1;
    g.kind[2] = PP_STATE_INNER; /* player 0 to move: into the draw or into the loss */
    g.nmoves[2] = 2;
    g.moves[2][0] = 0;
    g.moves[2][1] = 1;
    g.game = (pp_retro_game){
        .nstates = 3, .max_parents = 3, .max_moves = 2, .ctx = &g, .info = x_info, .parents = x_parents};
    pp_retro *r = x_solve(&g, UINT64_MAX);
    CHECK(r != NULL);
    if (!r) return;
    CHECK_EQ_INT(pp_retro_outcomes(r)[0], PP_DRAW);
    CHECK_EQ_INT(pp_retro_outcomes(r)[2], PP_DRAW);
    CHECK_EQ_INT(pp_retro_degree(r, 2), 1);
    pp_retro_stats st;
    pp_retro_get_stats(r, &st);
    CHECK_EQ_INT((int)st.decided, 1);
    CHECK_EQ_INT((int)st.draws, 2);
    pp_retro_free(r);
}

void suite_retro_exits(void)
{
    RUN(exits_agree_with_brute_force_on_random_games);
    RUN(drawn_terminal_is_a_decided_draw);
    RUN(ply_counts_follow_the_decisions);
}
