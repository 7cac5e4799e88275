/* game_predict.c: Predict the Winner (LeetCode 486) as a game tree.
 *
 * A row of scores; the players take turns taking a number from either end.
 * Player 1 is MAX and the value is player 1's total minus player 2's, so a
 * node's children are "take the left end" (move 0) and "take the right end"
 * (move 1), one child when one number is left:
 *
 *   [1,5,2]   take 1 -> [5,2]: player 2 takes 5, player 1 the 2: 1-5+2 = -2
 *             take 2 -> [1,5]: player 2 takes 5, player 1 the 1: 2-5+1 = -2
 *   value -2 < 0: false (a tie, value 0, counts as a win for player 1)
 *
 * A position is the interval [l, r] still on the table and the difference
 * so far. The difference is the banked part of the value, and the interval
 * alone is the key: the table turns the 2^n paths into n^2 / 2 intervals.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct ppos {
    int8_t l, r;  /* the numbers l .. r are left (none when l > r) */
    int32_t diff; /* player 1's total minus player 2's so far */
} ppos;

struct pp_predict {
    pp_game game;
    int n;
    int32_t nums[PP_PREDICT_MAX_N];
    ppos root;
};

static int pw_player(void *ctx, const void *pos)
{
    const pp_predict *t = ctx;
    const ppos *p = pos;
    return (t->n - (p->r - p->l + 1)) & 1;
}

static int pw_leaf(void *ctx, const void *pos, int32_t *v)
{
    (void)ctx;
    const ppos *p = pos;
    if (p->l <= p->r) return 0;
    *v = p->diff;
    return 1;
}

static uint32_t pw_moves(void *ctx, const void *pos, int32_t *out)
{
    (void)ctx;
    const ppos *p = pos;
    out[0] = 0;
    if (p->l == p->r) return 1;
    out[1] = 1;
    return 2;
}

static void pw_play(void *ctx, const void *pos, int32_t move, void *child)
{
    const pp_predict *t = ctx;
    const ppos *p = pos;
    ppos c = *p;
    int32_t taken = move == 0 ? t->nums[c.l++] : t->nums[c.r--];
    c.diff += pw_player(ctx, pos) == PP_AB_MAX ? taken : -taken;
    memcpy(child, &c, sizeof c);
}

static int32_t pw_order(void *ctx, const void *pos, int32_t move)
{
    const pp_predict *t = ctx;
    const ppos *p = pos;
    return t->nums[move == 0 ? p->l : p->r]; /* the larger end first */
}

static uint64_t pw_hash(void *ctx, const void *pos)
{
    (void)ctx;
    const ppos *p = pos;
    return (uint64_t)(p->l * 32 + p->r + 1);
}

static int32_t pw_banked(void *ctx, const void *pos) { return (void)ctx, ((const ppos *)pos)->diff; }

pp_status pp_predict_new(const int64_t *nums, int n, pp_predict **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_predict_new: no output handle");
    *out = NULL;
    if (n < 1 || n > PP_PREDICT_MAX_N)
        return pp__fail(err, PP_ERR_INPUT, "nums has %d numbers; LeetCode 486 has 1 to %d", n, PP_PREDICT_MAX_N);
    for (int i = 0; i < n; i++)
        if (nums[i] < 0 || nums[i] > PP_PREDICT_MAX_NUM)
            return pp__fail(err, PP_ERR_INPUT, "nums[%d] is %lld; LeetCode 486 has 0 to %d", i, (long long)nums[i],
                            PP_PREDICT_MAX_NUM);
    pp_predict *t = calloc(1, sizeof *t);
    if (!t) return pp__fail(err, PP_ERR_NOMEM, "out of memory");
    int32_t sum = 0;
    t->n = n;
    for (int i = 0; i < n; i++) sum += t->nums[i] = (int32_t)nums[i];
    t->root.l = 0;
    t->root.r = (int8_t)(n - 1);
    pp_game *g = &t->game;
    g->name = "predict-the-winner";
    g->ctx = t;
    g->state_bytes = sizeof(ppos);
    g->max_moves = 2;
    g->max_depth = (uint32_t)n;
    g->lo = -sum;
    g->hi = sum;
    g->root = &t->root;
    g->player = pw_player;
    g->leaf = pw_leaf;
    g->moves = pw_moves;
    g->play = pw_play;
    g->order = pw_order;
    g->hash = pw_hash;
    g->banked = pw_banked;
    *out = t;
    return PP_OK;
}

pp_status pp_predict_parse(const char *text, size_t len, pp_predict **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_predict_parse: no output handle");
    *out = NULL;
    static const char *const names[] = {"nums"};
    ppi_doc doc;
    pp_status s = ppi_parse(&doc, text, len, names, 1, err);
    if (s != PP_OK) return s;
    const ppi_node *v = &doc.nodes[doc.args[0]];
    int64_t nums[PP_PREDICT_MAX_N];
    int n = 0;
    char where[48];
    ppi_where(&doc, v->pos, where, sizeof where);
    if (v->type != PPI_LIST) s = pp__fail(err, PP_ERR_INPUT, "%s: nums must be a list of integers", where);
    else if (v->len < 1 || v->len > PP_PREDICT_MAX_N)
        s = pp__fail(err, PP_ERR_INPUT, "%s: nums has %u numbers; LeetCode 486 has 1 to %d", where, v->len,
                     PP_PREDICT_MAX_N);
    for (int32_t k = s == PP_OK ? v->first : -1; k >= 0; k = doc.nodes[k].next) {
        if (doc.nodes[k].type != PPI_INT) {
            ppi_where(&doc, doc.nodes[k].pos, where, sizeof where);
            s = pp__fail(err, PP_ERR_INPUT, "%s: nums[%d] must be an integer, not %s", where, n,
                         ppi_type_name(doc.nodes[k].type));
            break;
        }
        nums[n++] = doc.nodes[k].num;
    }
    if (s == PP_OK) s = pp_predict_new(nums, n, out, err);
    ppi_free(&doc);
    return s;
}

void pp_predict_free(pp_predict *t) { free(t); }
const pp_game *pp_predict_game(const pp_predict *t) { return t ? &t->game : NULL; }
