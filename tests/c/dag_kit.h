/* dag_kit.h: the test games the tree-search and proof-number tests share:
 * a game full of transpositions, and a game that never ends.
 *
 * Positions are (level, id): from (l, i) move k leads to (l + 1, f(l, i, k))
 * with f a hash mod `width`, so different paths meet often. Leaves are at
 * level `depth` with a hashed value; the players alternate (MAX at even
 * levels). With DAGK_BANKED, every move also banks a score that depends on
 * the path (the future value of (l, i) does not), which only a table's
 * banked offset keeps apart. With DAGK_WIN_LOSS, leaf values are -1 or +1
 * (and the game's key_bits are set, for the memo). g.lo and g.hi are
 * -PP_AB_INF and PP_AB_INF (-1 and 1 for win/loss); g.order is a fixed
 * noise; a test may change any field of g after dagk_init. */
#ifndef PP_DAG_KIT_H
#define PP_DAG_KIT_H

#include "../../c/perfect_play.h"

enum { DAGK_BANKED = 1, DAGK_WIN_LOSS = 2 };

typedef struct dagk {
    uint32_t depth, width, b;
    uint64_t seed;
    int banked, win_loss;
    pp_game g;
    struct dagk_pos {
        uint32_t level, id;
        int32_t bank;
    } root;
} dagk;

/* splitmix64's finaliser: the same numbers on every platform. */
uint64_t dagk_mix(uint64_t z);
/* The game of `depth` levels, `width` ids a level, `b` moves a position;
 * flags: DAGK_BANKED | DAGK_WIN_LOSS. d must outlive every search of d->g. */
void dagk_init(dagk *d, uint32_t depth, uint32_t width, uint32_t b, uint64_t seed, int flags);

/* A game that never ends, for the depth limits: one move a position, from
 * *root (an int32_t, 0) to *root + 1 and on, no leaf; g->max_depth 1 (a lie),
 * values in [-1, 1]. *root must outlive the searches. */
void dagk_chain(pp_game *g, int32_t *root);

#endif
