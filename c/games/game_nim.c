/* game_nim.c: Nim as LeetCode 292 plays it, as a game tree.
 *
 * One heap of n stones; the players take 1, 2 or 3 in turn, and whoever
 * takes the last stone wins. The first player is MAX: +1 if the first
 * player wins, -1 if not. A position is (stones left, player to move); with
 * no stones left the player to move has lost. The tree is n plies deep, so
 * n is at most PP_NIM_MAX_N here (the DP solver answers any n).
 *
 *   n = 4:  take 1 -> 3 left   the opponent takes 3 and wins
 *           take 2 -> 2 left   ... takes 2 and wins
 *           take 3 -> 1 left   ... takes 1 and wins          so: false
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct npos {
    uint8_t left, player;
} npos;

struct pp_nim {
    pp_game game;
    npos root;
};

static int nim_player(void *ctx, const void *pos) { return (void)ctx, ((const npos *)pos)->player; }

static int nim_leaf(void *ctx, const void *pos, int32_t *v)
{
    (void)ctx;
    const npos *p = pos;
    if (p->left) return 0;
    *v = p->player == PP_AB_MAX ? -1 : 1; /* the other player took the last stone */
    return 1;
}

static uint32_t nim_moves(void *ctx, const void *pos, int32_t *out)
{
    (void)ctx;
    uint32_t n = 0;
    for (int k = 1; k <= 3 && k <= ((const npos *)pos)->left; k++) out[n++] = k;
    return n;
}

static void nim_play(void *ctx, const void *pos, int32_t move, void *child)
{
    (void)ctx;
    const npos *p = pos;
    npos c = {(uint8_t)(p->left - move), (uint8_t)(p->player ^ 1)};
    memcpy(child, &c, sizeof c);
}

/* The winning strategy as a heuristic: leave a multiple of 4. */
static int32_t nim_order(void *ctx, const void *pos, int32_t move)
{
    (void)ctx;
    return (((const npos *)pos)->left - move) % 4 == 0;
}

static uint64_t nim_hash(void *ctx, const void *pos)
{
    (void)ctx;
    const npos *p = pos;
    return (uint64_t)p->left << 1 | p->player;
}

pp_status pp_nim_new(int64_t n, pp_nim **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_nim_new: no output handle");
    *out = NULL;
    if (n < 1 || n > INT32_MAX)
        return pp__fail(err, PP_ERR_INPUT, "n is %lld; LeetCode 292 has 1 <= n <= 2^31 - 1", (long long)n);
    if (n > PP_NIM_MAX_N)
        return pp__fail(err, PP_ERR_LIMIT,
                        "n = %lld stones make a game tree %lld plies deep; the tree search plays out at most %d "
                        "(--algo dp answers any n)",
                        (long long)n, (long long)n, PP_NIM_MAX_N);
    pp_nim *t = calloc(1, sizeof *t);
    if (!t) return pp__fail(err, PP_ERR_NOMEM, "out of memory");
    t->root.left = (uint8_t)n;
    t->root.player = PP_AB_MAX;
    pp_game *g = &t->game;
    g->name = "nim";
    g->ctx = t;
    g->state_bytes = sizeof(npos);
    g->max_moves = 3;
    g->max_depth = (uint32_t)n;
    g->lo = -1;
    g->hi = 1;
    g->root = &t->root;
    g->player = nim_player;
    g->leaf = nim_leaf;
    g->moves = nim_moves;
    g->play = nim_play;
    g->order = nim_order;
    g->hash = nim_hash;
    g->key_bits = 9; /* left <= 128, one bit for the player */
    *out = t;
    return PP_OK;
}

pp_status pp_nim_parse(const char *text, size_t len, pp_nim **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_nim_parse: no output handle");
    *out = NULL;
    static const char *const names[] = {"n"};
    ppi_doc doc;
    pp_status s = ppi_parse(&doc, text, len, names, 1, err);
    if (s != PP_OK) return s;
    const ppi_node *v = &doc.nodes[doc.args[0]];
    char where[48];
    ppi_where(&doc, v->pos, where, sizeof where);
    if (v->type != PPI_INT)
        s = pp__fail(err, PP_ERR_INPUT, "%s: n must be an integer, not %s", where, ppi_type_name(v->type));
    else s = pp_nim_new(v->num, out, err);
    ppi_free(&doc);
    return s;
}

void pp_nim_free(pp_nim *t) { free(t); }
const pp_game *pp_nim_game(const pp_nim *t) { return t ? &t->game : NULL; }
