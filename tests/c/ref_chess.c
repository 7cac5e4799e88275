/* ref_chess.c: the chess tests' independent reference (see ref_chess.h). */
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

