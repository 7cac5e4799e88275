/* ref_chess.c: the chess tests' independent reference (see ref_chess.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref_chess.h"

/* ------------------------------------------------------------------------
 * The independent reference: a depth-limited forward search over legal
 * moves that never reads a table (captures, promotions and conversions are
 * plain moves; bare kings are a draw).
 */
static int bare_kings(const chb_pos *p) { return p->n == 2; }

/* Can the side to move mate within `plies` plies (odd)? */
int ref_chess_win_within(const chb_pos *p, int plies)
{
    if (plies < 1 || bare_kings(p)) return 0;
    chb_move mv[CHB_MAX_MOVES];
    int n = chb_moves(p, mv);
    for (int i = 0; i < n; i++) {
        chb_pos c;
        chb_play(p, &mv[i], &c);
        if (ref_chess_lost_within(&c, plies - 1)) return 1;
    }
    return 0;
}

/* Is the side to move mated within `plies` plies (even), whatever it plays? */
int ref_chess_lost_within(const chb_pos *p, int plies)
{
    if (bare_kings(p)) return 0;
    chb_move mv[CHB_MAX_MOVES];
    int n = chb_moves(p, mv);
    if (n == 0) return chb_in_check(p, p->stm);
    if (plies < 2) return 0;
    for (int i = 0; i < n; i++) {
        chb_pos c;
        chb_play(p, &mv[i], &c);
        if (!ref_chess_win_within(&c, plies - 1)) return 0;
    }
    return 1;
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
uint32_t ref_chess_rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 32);
}

/* A random legal position of the pieces `pieces` ("KQk": upper case white). */
void ref_chess_random_position(const char *pieces, chb_pos *p)
{
    for (;;) {
        p->n = 0;
        p->ep = -1;
        p->stm = (int)(ref_chess_rnd() & 1);
        for (const char *s = pieces; *s; s++) {
            const char *k = strchr("KQRBNPkqrbnp", *s);
            p->type[p->n] = (uint8_t)((k - "KQRBNPkqrbnp") % 6);
            p->color[p->n] = (uint8_t)((k - "KQRBNPkqrbnp") / 6);
            p->sq[p->n] = (uint8_t)(ref_chess_rnd() % 64);
            p->n++;
        }
        if (!chb_illegal(p)) return;
    }
}

uint8_t ref_chess_cache_probe(void *ctx, const chb_pos *p)
{
    (void)ctx;
    chi_material m;
    int flip;
    chi_material_of(p, &m, &flip);
    if (m.n == 2) return CHG_DRAW;
    const uint8_t *val = chg_table_values(m.name);
    if (!val) return CHG_INVALID;
    chb_pos q;
    if (flip) chi_flip(p, &q);
    else q = *p;
    return val[chi_index(&m, &q)];
}

int ref_chess_pair(const chi_material *m, chg_game *fast, chg_game *slow)
{
    chg_init(slow, m, ref_chess_cache_probe, NULL);
    chg_init(fast, m, ref_chess_cache_probe, NULL);
    int all = 1;
    for (int j = 2; j < m->n; j++) {
        chi_material c;
        chg_capture_material(fast, j, &c);
        if (c.n > 2 && !chg_table_values(c.name)) all = 0;
        chg_set_capture(fast, j, c.n > 2 ? chg_table_values(c.name) : NULL);
    }
    return all;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

int ref_chess_same_state(chg_game *fast, chg_game *slow, uint32_t s, char *why, size_t size)
{
    static uint32_t pf[256], ps[256];
    pp_state_info a, b;
    uint32_t wa = 0, la = 0, wb = 0, lb = 0;
    fast->g.info(fast, s, &a);
    fast->g.exits(fast, s, &wa, &la);
    slow->g.info(slow, s, &b);
    slow->g.exits(slow, s, &wb, &lb);
    if (a.kind != b.kind || (a.kind && (a.mover != b.mover || a.moves != b.moves || a.outcome != b.outcome)) ||
        (a.kind == PP_STATE_INNER && (wa != wb || la != lb))) {
        snprintf(why, size, "state %u: kind %d/%d mover %d/%d moves %u/%u outcome %d/%d exits %u,%u / %u,%u", s, a.kind,
                 b.kind, a.mover, b.mover, a.moves, b.moves, a.outcome, b.outcome, wa, la, wb, lb);
        return 0;
    }
    if (a.kind == PP_STATE_INVALID) return 1;
    uint32_t na = fast->g.parents(fast, s, pf), nb = slow->g.parents(slow, s, ps);
    qsort(pf, na, sizeof *pf, cmp_u32);
    qsort(ps, nb, sizeof *ps, cmp_u32);
    if (na != nb || memcmp(pf, ps, na * sizeof *pf) != 0) {
        snprintf(why, size, "state %u: %u parents, the generic path %u", s, na, nb);
        return 0;
    }
    return 1;
}
