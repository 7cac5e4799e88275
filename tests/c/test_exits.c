/* test_exits.c: the retrograde solver's exits and drawn terminals (the
 * engine extension chess tables need), on small random graphs with random
 * exits, against plain value iteration over plies. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "perfect_play.h"

static uint64_t rng_state = 0x2545F4914F6CDD1Dull;
static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 32);
}

#define XN 40
typedef struct xgame {
    int n, mover[XN], nkid[XN], kid[XN][4], draw_term[XN];
    int nexit[XN], exit_win[XN][3], exit_at[XN][3], exit_draw[XN][3]; /* exit_at: 1 + the child's remoteness */
    int npar[XN], par[XN][XN * 4];
} xgame;

static void x_info(void *ctx, uint32_t s, pp_state_info *out)
{
    const xgame *g = ctx;
    memset(out, 0, sizeof *out);
    out->mover = (uint8_t)g->mover[s];
    if (g->draw_term[s]) {
        out->kind = PP_STATE_TERMINAL;
        out->outcome = PP_DRAW;
        return;
    }
    out->kind = PP_STATE_INNER;
    int draws = 0;
    for (int e = 0; e < g->nexit[s]; e++) draws += g->exit_draw[s][e];
    out->moves = (uint32_t)(g->nkid[s] + draws);
}

static uint32_t x_parents(void *ctx, uint32_t s, uint32_t *out)
{
    const xgame *g = ctx;
    for (int i = 0; i < g->npar[s]; i++) out[i] = (uint32_t)g->par[s][i];
    return (uint32_t)g->npar[s];
}

static void x_exits(void *ctx, uint32_t s, uint32_t *win_at, uint32_t *lose_at)
{
    const xgame *g = ctx;
    *win_at = *lose_at = 0;
    for (int e = 0; e < g->nexit[s]; e++) {
        if (g->exit_draw[s][e]) continue;
        uint32_t at = (uint32_t)g->exit_at[s][e];
        if (g->exit_win[s][e]) {
            if (!*win_at || at < *win_at) *win_at = at;
        } else if (at > *lose_at) *lose_at = at;
    }
}

static void engine_exits_random(void)
{
    int bad = 0;
    for (int round = 0; round < 2000 && !bad; round++) {
        static xgame g;
        memset(&g, 0, sizeof g);
        g.n = 5 + (int)(rnd() % (XN - 5));
        for (int s = 0; s < g.n; s++) {
            g.mover[s] = (int)(rnd() & 1);
            g.draw_term[s] = rnd() % 12 == 0;
            if (g.draw_term[s]) continue;
            g.nkid[s] = (int)(rnd() % 4);
            for (int k = 0; k < g.nkid[s]; k++) {
                int c, dup;
                do {
                    c = (int)(rnd() % (uint32_t)g.n);
                    dup = 0;
                    for (int j = 0; j < k; j++) dup |= g.kid[s][j] == c;
                } while (dup);
                g.kid[s][k] = c;
                g.par[c][g.npar[c]++] = s;
            }
            g.nexit[s] = rnd() % 3 == 0 ? (int)(rnd() % 3) : 0;
            for (int e = 0; e < g.nexit[s]; e++) {
                g.exit_draw[s][e] = rnd() % 4 == 0;
                g.exit_win[s][e] = (int)(rnd() & 1);
                g.exit_at[s][e] = 1 + (int)(rnd() % 8);
            }
        }
        pp_retro_game game = {.nstates = (uint32_t)g.n,
                              .max_parents = XN * 4,
                              .max_moves = 8,
                              .ctx = &g,
                              .info = x_info,
                              .parents = x_parents,
                              .exits = x_exits};
        pp_retro *r = NULL;
        pp_error err = {0};
        CHECK(pp_retro_new(&game, NULL, &r, &err) == PP_OK);
        if (!r) return;
        int done = 0;
        CHECK(pp_retro_run(r, UINT64_MAX, &done) == PP_OK && done);
        /* value iteration: W[s] / L[s] = least k with "the mover wins / loses within k plies" */
        int W[XN], L[XN];
        for (int s = 0; s < g.n; s++) W[s] = L[s] = -1;
        for (int k = 0; k < 4 * XN + 20; k++) {
            int nw[XN], nl[XN];
            for (int s = 0; s < g.n; s++) {
                nw[s] = W[s];
                nl[s] = L[s];
                if (g.draw_term[s] || W[s] >= 0 || L[s] >= 0) continue;
                int win = 0, lose = 1;
                for (int c = 0; c < g.nkid[s]; c++) {
                    int ch = g.kid[s][c], same = g.mover[ch] == g.mover[s];
                    int ch_loses = same ? (W[ch] >= 0 && W[ch] <= k - 1) : (L[ch] >= 0 && L[ch] <= k - 1);
                    int ch_wins = same ? (L[ch] >= 0 && L[ch] <= k - 1) : (W[ch] >= 0 && W[ch] <= k - 1);
                    if (k >= 1 && ch_loses) win = 1;
                    if (!(k >= 1 && ch_wins)) lose = 0;
                }
                for (int e = 0; e < g.nexit[s]; e++) {
                    if (g.exit_draw[s][e]) lose = 0;
                    else if (g.exit_win[s][e]) {
                        lose = 0;
                        if (g.exit_at[s][e] <= k) win = 1;
                    } else if (g.exit_at[s][e] > k) lose = 0;
                }
                if (win) nw[s] = k;
                else if (lose) nl[s] = k;
            }
            memcpy(W, nw, sizeof W);
            memcpy(L, nl, sizeof L);
        }
        const uint8_t *oc = pp_retro_outcomes(r);
        const int32_t *rem = pp_retro_remoteness(r);
        for (int s = 0; s < g.n; s++) {
            int want_oc = W[s] >= 0   ? (g.mover[s] == 0 ? PP_WIN0 : PP_WIN1)
                          : L[s] >= 0 ? (g.mover[s] == 0 ? PP_WIN1 : PP_WIN0)
                                      : PP_DRAW;
            int want_rem = W[s] >= 0 ? W[s] : L[s] >= 0 ? L[s] : -1;
            if (oc[s] != want_oc || rem[s] != want_rem) {
                printf("  round %d state %d: engine %d/%d, value iteration %d/%d\n", round, s, oc[s], rem[s], want_oc,
                       want_rem);
                printf("    mover %d draw_term %d kids", g.mover[s], g.draw_term[s]);
                for (int c = 0; c < g.nkid[s]; c++)
                    printf(" %d(m%d %d/%d)", g.kid[s][c], g.mover[g.kid[s][c]], oc[g.kid[s][c]], rem[g.kid[s][c]]);
                printf(" exits");
                for (int e = 0; e < g.nexit[s]; e++)
                    printf(" d%d w%d at%d", g.exit_draw[s][e], g.exit_win[s][e], g.exit_at[s][e]);
                printf("\n");
                bad = 1;
            }
        }
        pp_retro_free(r);
    }
    CHECK_EQ_INT(bad, 0);
}

void suite_exits(void) { RUN(engine_exits_random); }
