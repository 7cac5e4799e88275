/* game_caniwin.c: Can I Win (LeetCode 464) as a game tree.
 *
 * The players take turns choosing an integer from 1 to maxChoosableInteger
 * that nobody has chosen yet and add it to a running total; whoever brings
 * the total to desiredTotal or more wins. The first player is MAX: +1 if the
 * first player can force a win (LeetCode's true), else -1.
 *
 * A position is the set of numbers used, a bitmask (bit i: i + 1 is used),
 * and the total so far. The bitmask alone decides everything (the total is
 * the sum of its numbers, the player to move the parity of its size), so it
 * is the key, and the won/lost memo is one pair of bits per mask: 2^20
 * masks for the largest pool.
 *
 * LeetCode's special cases, as leaves of the root:
 *   desiredTotal == 0            the first player wins at once (true);
 *   1 + 2 + ... + max < desiredTotal
 *                                no one can ever reach it: false;
 *   desiredTotal <= max          follows from the tree: the first move wins.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct cpos {
    uint32_t used;
    int32_t total;
} cpos;

struct pp_caniwin {
    pp_game game;
    int max, desired;
    cpos root;
};

static int popcount32(uint32_t v)
{
    int c = 0;
    for (; v; v &= v - 1) c++;
    return c;
}

static int ciw_player(void *ctx, const void *pos) { return (void)ctx, popcount32(((const cpos *)pos)->used) & 1; }

static int ciw_leaf(void *ctx, const void *pos, int32_t *v)
{
    const pp_caniwin *t = ctx;
    const cpos *p = pos;
    if (p->total >= t->desired) {
        /* The player who just chose reached it; with nothing chosen yet
         * (desiredTotal 0) LeetCode calls it a win for the first player. */
        *v = p->used == 0 || ciw_player(ctx, pos) == PP_AB_MIN ? 1 : -1;
        return 1;
    }
    if ((int64_t)t->max * (t->max + 1) / 2 < t->desired) { /* out of reach for good */
        *v = -1;
        return 1;
    }
    return 0;
}

static uint32_t ciw_moves(void *ctx, const void *pos, int32_t *out)
{
    const pp_caniwin *t = ctx;
    uint32_t n = 0;
    for (int i = 1; i <= t->max; i++)
        if (!(((const cpos *)pos)->used >> (i - 1) & 1)) out[n++] = i;
    return n;
}

static void ciw_play(void *ctx, const void *pos, int32_t move, void *child)
{
    (void)ctx;
    const cpos *p = pos;
    cpos c = {p->used | 1u << (move - 1), p->total + move};
    memcpy(child, &c, sizeof c);
}

/* Win now; else avoid leaving the opponent a number that wins; else larger. */
static int32_t ciw_order(void *ctx, const void *pos, int32_t move)
{
    const pp_caniwin *t = ctx;
    const cpos *p = pos;
    int need = t->desired - p->total;
    if (move >= need) return 1000;
    int largest = 0;
    for (int i = t->max; i >= 1 && !largest; i--)
        if (i != move && !(p->used >> (i - 1) & 1)) largest = i;
    return largest >= need - move ? move - 1000 : move;
}

static uint64_t ciw_hash(void *ctx, const void *pos)
{
    (void)ctx;
    return ((const cpos *)pos)->used;
}

pp_status pp_caniwin_new(int64_t max, int64_t desired, pp_caniwin **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_caniwin_new: no output handle");
    *out = NULL;
    if (max < 1 || max > PP_CANIWIN_MAX_CHOOSABLE)
        return pp__fail(err, PP_ERR_INPUT, "maxChoosableInteger is %lld; LeetCode 464 has 1 to %d", (long long)max,
                        PP_CANIWIN_MAX_CHOOSABLE);
    if (desired < 0 || desired > PP_CANIWIN_MAX_TOTAL)
        return pp__fail(err, PP_ERR_INPUT, "desiredTotal is %lld; LeetCode 464 has 0 to %d", (long long)desired,
                        PP_CANIWIN_MAX_TOTAL);
    pp_caniwin *t = calloc(1, sizeof *t);
    if (!t) return pp__fail(err, PP_ERR_NOMEM, "out of memory");
    t->max = (int)max;
    t->desired = (int)desired;
    pp_game *g = &t->game;
    g->name = "can-i-win";
    g->ctx = t;
    g->state_bytes = sizeof(cpos);
    g->max_moves = (uint32_t)max;
    g->max_depth = (uint32_t)max;
    g->lo = -1;
    g->hi = 1;
    g->root = &t->root;
    g->player = ciw_player;
    g->leaf = ciw_leaf;
    g->moves = ciw_moves;
    g->play = ciw_play;
    g->order = ciw_order;
    g->hash = ciw_hash;
    g->key_bits = (uint32_t)max;
    *out = t;
    return PP_OK;
}

pp_status pp_caniwin_parse(const char *text, size_t len, pp_caniwin **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_caniwin_parse: no output handle");
    *out = NULL;
    static const char *const names[] = {"maxChoosableInteger", "desiredTotal"};
    ppi_doc doc;
    pp_status s = ppi_parse(&doc, text, len, names, 2, err);
    if (s != PP_OK) return s;
    for (int i = 0; i < 2 && s == PP_OK; i++) {
        const ppi_node *v = &doc.nodes[doc.args[i]];
        if (v->type != PPI_INT) {
            char where[48];
            ppi_where(&doc, v->pos, where, sizeof where);
            s = pp__fail(err, PP_ERR_INPUT, "%s: %s must be an integer, not %s", where, names[i],
                         ppi_type_name(v->type));
        }
    }
    if (s == PP_OK) s = pp_caniwin_new(doc.nodes[doc.args[0]].num, doc.nodes[doc.args[1]].num, out, err);
    ppi_free(&doc);
    return s;
}

void pp_caniwin_free(pp_caniwin *t) { free(t); }
const pp_game *pp_caniwin_game(const pp_caniwin *t) { return t ? &t->game : NULL; }
