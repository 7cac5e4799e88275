/* game_tree.c: an abstract game tree, typed as nested lists or random and uniform.
 *
 * A typed tree is stored as arrays over nodes in preorder (the root is 0):
 *
 *   [[3,12,8],[2,4,6],[14,5,2]]        node:   0  1  2  3  4  5 ...
 *                                      nkids:  3  3  0  0  0  3 ...
 *          0                           koff:   0  3  -  -  -  6 ...
 *      1   5   9                       value:  3  3  3 12  8  2 ...
 *    2 3 4 6 7 8 10 11 12              kids[koff .. koff+nkids): the children
 *
 * value[] holds a leaf's value and, for an inner node, its true minimax value
 * (with the current root player): the oracle that best-first ordering uses.
 *
 * A random uniform tree is implicit, numbered level by level: the children of
 * node i are i*b + 1 .. i*b + b, and the nodes of depth d are leaves whose
 * values are a hash of (seed, index). Only the inner nodes' minimax values
 * are stored (the oracle), so b = 10, d = 8 (10^8 leaves) takes 44 MB.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct tpos {
    uint64_t node;
    uint32_t depth;
    uint32_t pad;
} tpos;

struct pp_tree {
    pp_game game;
    tpos root;
    int root_player;
    uint32_t depth, max_kids;
    /* typed trees */
    uint32_t n;
    uint16_t *nkids;
    uint8_t *level; /* depth of each node */
    uint32_t *koff, *kids;
    int32_t *value;
    /* random uniform trees */
    int implicit;
    uint32_t b;
    uint64_t inner, leaves, seed;
    int32_t lo, hi;
    int32_t *inner_value;
};

static int32_t random_leaf(const pp_tree *t, uint64_t node)
{
    uint64_t range = (uint64_t)((int64_t)t->hi - t->lo) + 1;
    return (int32_t)(t->lo + (int64_t)(pp__mix64(t->seed ^ pp__mix64(node)) % range));
}

/* The oracle's value of any node. */
static int32_t node_value(const pp_tree *t, uint64_t node, uint32_t depth)
{
    if (!t->implicit) return t->value[node];
    return depth == t->depth ? random_leaf(t, node) : t->inner_value[node];
}

static int tree_player(void *ctx, const void *pos)
{
    const pp_tree *t = ctx;
    return t->root_player ^ (int)(((const tpos *)pos)->depth & 1);
}

static int tree_leaf(void *ctx, const void *pos, int32_t *v)
{
    const pp_tree *t = ctx;
    const tpos *p = pos;
    int leaf = t->implicit ? p->depth == t->depth : t->nkids[p->node] == 0;
    if (leaf) *v = node_value(t, p->node, p->depth);
    return leaf;
}

static uint32_t tree_moves(void *ctx, const void *pos, int32_t *out)
{
    const pp_tree *t = ctx;
    const tpos *p = pos;
    uint32_t k = t->implicit ? t->b : t->nkids[p->node];
    for (uint32_t i = 0; i < k; i++) out[i] = (int32_t)i;
    return k;
}

static uint64_t child_of(const pp_tree *t, const tpos *p, int32_t move)
{
    return t->implicit ? p->node * t->b + 1 + (uint64_t)move : t->kids[t->koff[p->node] + (uint32_t)move];
}

static void tree_play(void *ctx, const void *pos, int32_t move, void *child)
{
    const pp_tree *t = ctx;
    const tpos *p = pos;
    tpos c = {child_of(t, p, move), p->depth + 1, 0};
    memcpy(child, &c, sizeof c);
}

/* play and leaf in one call (pp_game's play_leaf). */
static int tree_play_leaf(void *ctx, const void *pos, int32_t move, void *child, int32_t *value)
{
    tree_play(ctx, pos, move, child);
    return tree_leaf(ctx, child, value);
}

/* The oracle: the child's true value, seen by the player to move. */
static int32_t tree_order(void *ctx, const void *pos, int32_t move)
{
    const pp_tree *t = ctx;
    const tpos *p = pos;
    int32_t v = node_value(t, child_of(t, p, move), p->depth + 1);
    return tree_player(ctx, pos) == PP_AB_MAX ? v : -v;
}

static uint64_t tree_hash(void *ctx, const void *pos)
{
    (void)ctx;
    return ((const tpos *)pos)->node;
}

static void init_game(pp_tree *t)
{
    pp_game *g = &t->game;
    memset(g, 0, sizeof *g);
    g->name = "tree";
    g->ctx = t;
    g->state_bytes = sizeof(tpos);
    g->max_moves = t->max_kids ? t->max_kids : 1;
    g->max_depth = t->depth;
    g->lo = -PP_AB_INF; /* no range known: the window starts open */
    g->hi = PP_AB_INF;
    g->root = &t->root;
    g->player = tree_player;
    g->leaf = tree_leaf;
    g->moves = tree_moves;
    g->play = tree_play;
    g->play_leaf = tree_play_leaf;
    g->order = tree_order;
    g->hash = tree_hash;
}

/* Minimax values of every inner node, children before parents. */
static void compute_oracle(pp_tree *t)
{
    if (!t->implicit) {
        /* In preorder every child comes after its parent: go backwards. */
        for (uint32_t i = t->n; i-- > 0;) {
            if (t->nkids[i] == 0) continue;
            int max = (t->root_player ^ (t->level[i] & 1)) == PP_AB_MAX;
            int32_t best = max ? -PP_AB_INF : PP_AB_INF;
            for (uint32_t k = 0; k < t->nkids[i]; k++) {
                int32_t v = t->value[t->kids[t->koff[i] + k]];
                if (max ? v > best : v < best) best = v;
            }
            t->value[i] = best;
        }
        return;
    }
    /* Level order: the nodes of depth k are start[k] .. start[k] + width[k] - 1. */
    uint64_t start[PP_AB_MAX_DEPTH + 1], width[PP_AB_MAX_DEPTH + 1];
    start[0] = 0;
    width[0] = 1;
    for (uint32_t k = 1; k < t->depth; k++) {
        start[k] = start[k - 1] + width[k - 1];
        width[k] = width[k - 1] * t->b;
    }
    for (uint32_t depth = t->depth; depth-- > 0;) {
        int max = (t->root_player ^ (int)(depth & 1)) == PP_AB_MAX;
        for (uint64_t i = start[depth]; i < start[depth] + width[depth]; i++) {
            int32_t best = max ? -PP_AB_INF : PP_AB_INF;
            for (uint32_t c = 0; c < t->b; c++) {
                int32_t v = node_value(t, i * t->b + 1 + c, depth + 1);
                if (max ? v > best : v < best) best = v;
            }
            t->inner_value[i] = best;
        }
    }
}

void pp_tree_free(pp_tree *t)
{
    if (!t) return;
    free(t->nkids);
    free(t->level);
    free(t->koff);
    free(t->kids);
    free(t->value);
    free(t->inner_value);
    free(t);
}

void pp_tree_set_root_player(pp_tree *t, int player)
{
    if (!t) return;
    player = player ? PP_AB_MIN : PP_AB_MAX;
    if (player == t->root_player) return;
    t->root_player = player;
    compute_oracle(t);
}

const pp_game *pp_tree_game(const pp_tree *t) { return t ? &t->game : NULL; }
void pp_tree_leaf_range(const pp_tree *t, int32_t *lo, int32_t *hi)
{
    if (t->implicit) {
        *lo = t->lo, *hi = t->hi;
        return;
    }
    *lo = PP_AB_INF, *hi = -PP_AB_INF;
    for (uint32_t i = 0; i < t->n; i++)
        if (t->nkids[i] == 0) {
            if (t->value[i] < *lo) *lo = t->value[i];
            if (t->value[i] > *hi) *hi = t->value[i];
        }
    if (*lo > *hi) *lo = *hi = 0; /* no leaf: the parser refuses such a tree */
}

uint64_t pp_tree_nodes(const pp_tree *t) { return !t ? 0 : t->implicit ? t->inner + t->leaves : t->n; }
uint64_t pp_tree_leaves(const pp_tree *t) { return t ? t->leaves : 0; }
uint32_t pp_tree_depth(const pp_tree *t) { return t ? t->depth : 0; }
int32_t pp_tree_value(const pp_tree *t) { return t ? node_value(t, 0, 0) : 0; }

pp_status pp_tree_random(uint32_t b, uint32_t d, int32_t lo, int32_t hi, uint64_t seed, pp_tree **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_tree_random: no output handle");
    *out = NULL;
    if (b < 1 || b > PP_AB_MAX_MOVES)
        return pp__fail(err, PP_ERR_LIMIT, "branching %u is out of range (1 to %d)", b, PP_AB_MAX_MOVES);
    if (d > PP_AB_MAX_DEPTH) return pp__fail(err, PP_ERR_LIMIT, "depth %u is over the limit of %d", d, PP_AB_MAX_DEPTH);
    if (lo > hi || lo <= -PP_AB_INF || hi >= PP_AB_INF)
        return pp__fail(err, PP_ERR_INPUT, "leaf values [%d, %d]: need lo <= hi, both within +-%d", lo, hi,
                        PP_AB_INF - 1);
    /* Inner nodes 1 + b + ... + b^(d-1), counted without overflow. */
    uint64_t inner = 0, level = 1;
    for (uint32_t k = 0; k < d; k++) {
        inner += level;
        if (inner > PP_TREE_MAX_INNER)
            return pp__fail(err, PP_ERR_LIMIT,
                            "a uniform tree of branching %u and depth %u has more than %u inner nodes, the limit", b, d,
                            PP_TREE_MAX_INNER);
        level *= b;
    }
    pp_tree *t = calloc(1, sizeof *t);
    if (!t) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the tree");
    t->implicit = 1;
    t->b = b;
    t->depth = d;
    t->max_kids = b;
    t->inner = inner;
    t->leaves = level;
    t->lo = lo;
    t->hi = hi;
    t->seed = seed;
    t->inner_value = malloc((inner ? inner : 1) * sizeof *t->inner_value);
    if (!t->inner_value) {
        pp_tree_free(t);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for %llu inner nodes", (unsigned long long)inner);
    }
    compute_oracle(t);
    init_game(t);
    *out = t;
    return PP_OK;
}

/* ---- typed trees ---- */

typedef struct builder {
    const ppi_doc *doc;
    pp_tree *t;
    uint32_t next; /* preorder number of the next node */
    uint32_t next_kid;
    pp_error *err;
} builder;

static pp_status fail_at(const builder *b, uint32_t pos, pp_status code, const char *msg)
{
    char where[48];
    ppi_where(b->doc, pos, where, sizeof where);
    return pp__fail(b->err, code, "%s: %s", where, msg);
}

/* Counts nodes and checks every rule before anything is allocated. */
static pp_status check(builder *b, int32_t id, uint32_t depth, uint64_t *nodes, uint32_t *max_depth, uint32_t *max_kids)
{
    const ppi_node *nd = &b->doc->nodes[id];
    char msg[160];
    if (++*nodes > PP_TREE_MAX_NODES) {
        snprintf(msg, sizeof msg, "the tree has more than %u nodes, the limit", PP_TREE_MAX_NODES);
        return fail_at(b, nd->pos, PP_ERR_LIMIT, msg);
    }
    if (depth > *max_depth) *max_depth = depth;
    if (nd->type == PPI_INT) {
        if (nd->num <= -PP_AB_INF || nd->num >= PP_AB_INF) {
            snprintf(msg, sizeof msg, "the leaf value %lld is out of range (-%d to %d)", (long long)nd->num,
                     PP_AB_INF - 1, PP_AB_INF - 1);
            return fail_at(b, nd->pos, PP_ERR_INPUT, msg);
        }
        return PP_OK;
    }
    if (nd->type != PPI_LIST) {
        snprintf(msg, sizeof msg, "expected a leaf value (an integer) or a list of children, found %s",
                 ppi_type_name(nd->type));
        return fail_at(b, nd->pos, PP_ERR_INPUT, msg);
    }
    if (nd->len == 0) return fail_at(b, nd->pos, PP_ERR_INPUT, "an empty list is not a node: a node needs a child");
    if (nd->len > PP_AB_MAX_MOVES) {
        snprintf(msg, sizeof msg, "a node with %u children; the limit is %d", nd->len, PP_AB_MAX_MOVES);
        return fail_at(b, nd->pos, PP_ERR_LIMIT, msg);
    }
    if (nd->len > *max_kids) *max_kids = nd->len;
    for (int32_t k = nd->first; k >= 0; k = b->doc->nodes[k].next) {
        pp_status s = check(b, k, depth + 1, nodes, max_depth, max_kids);
        if (s != PP_OK) return s;
    }
    return PP_OK;
}

/* Numbers the nodes in preorder (recursion depth is bounded by the reader's
 * nesting limit). */
static uint32_t build(builder *b, int32_t id, uint32_t depth)
{
    pp_tree *t = b->t;
    const ppi_node *nd = &b->doc->nodes[id];
    uint32_t me = b->next++;
    t->level[me] = (uint8_t)depth;
    if (nd->type == PPI_INT) {
        t->nkids[me] = 0;
        t->koff[me] = 0;
        t->value[me] = (int32_t)nd->num;
        return me;
    }
    t->nkids[me] = (uint16_t)nd->len;
    t->koff[me] = b->next_kid;
    b->next_kid += nd->len;
    uint32_t k = 0;
    for (int32_t c = nd->first; c >= 0; c = b->doc->nodes[c].next) {
        uint32_t child = build(b, c, depth + 1);
        t->kids[t->koff[me] + k++] = child;
    }
    return me;
}

/* `branching = 3, depth = 4, lo = 0, hi = 99, seed = 7`: a random uniform tree. */
static pp_status parse_random(const char *text, size_t len, pp_tree **out, pp_error *err)
{
    static const char *const names[] = {"branching", "depth", "lo", "hi", "seed"};
    ppi_doc doc;
    pp_status s = ppi_parse(&doc, text, len, names, 5, err);
    if (s != PP_OK) return s;
    int64_t v[5];
    for (int i = 0; i < 5 && s == PP_OK; i++) {
        const ppi_node *nd = &doc.nodes[doc.args[i]];
        char where[48];
        ppi_where(&doc, nd->pos, where, sizeof where);
        if (nd->type != PPI_INT) s = pp__fail(err, PP_ERR_INPUT, "%s: %s must be an integer", where, names[i]);
        else if ((i < 2 && (nd->num < 0 || nd->num > 1000)) ||
                 (i >= 2 && i < 4 && (nd->num <= -PP_AB_INF || nd->num >= PP_AB_INF)) || (i == 4 && nd->num < 0))
            s = pp__fail(err, PP_ERR_INPUT, "%s: %s = %lld is out of range", where, names[i], (long long)nd->num);
        else v[i] = nd->num;
    }
    ppi_free(&doc);
    if (s != PP_OK) return s;
    return pp_tree_random((uint32_t)v[0], (uint32_t)v[1], (int32_t)v[2], (int32_t)v[3], (uint64_t)v[4], out, err);
}

pp_status pp_tree_parse(const char *text, size_t len, pp_tree **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_tree_parse: no output handle");
    *out = NULL;
    size_t at = 0;
    while (text && at < len && (text[at] == ' ' || text[at] == '\t' || text[at] == '\n' || text[at] == '\r')) at++;
    if (text && len - at >= 9 && memcmp(text + at, "branching", 9) == 0) return parse_random(text, len, out, err);
    static const char *const names[] = {"tree"};
    ppi_doc doc;
    pp_status s = ppi_parse(&doc, text, len, names, 1, err);
    if (s != PP_OK) return s;
    builder b = {&doc, NULL, 0, 0, err};
    uint64_t nodes = 0;
    uint32_t max_depth = 0, max_kids = 0;
    s = check(&b, doc.args[0], 0, &nodes, &max_depth, &max_kids);
    if (s != PP_OK) {
        ppi_free(&doc);
        return s;
    }
    pp_tree *t = calloc(1, sizeof *t);
    if (t) {
        t->n = (uint32_t)nodes;
        t->nkids = malloc(nodes * sizeof *t->nkids);
        t->level = malloc(nodes);
        t->koff = malloc(nodes * sizeof *t->koff);
        t->kids = malloc(nodes * sizeof *t->kids);
        t->value = malloc(nodes * sizeof *t->value);
    }
    if (!t || !t->nkids || !t->level || !t->koff || !t->kids || !t->value) {
        pp_tree_free(t);
        ppi_free(&doc);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for a tree of %llu nodes", (unsigned long long)nodes);
    }
    b.t = t;
    build(&b, doc.args[0], 0);
    ppi_free(&doc);
    t->depth = max_depth;
    t->max_kids = max_kids;
    t->leaves = 0;
    for (uint32_t i = 0; i < t->n; i++) t->leaves += t->nkids[i] == 0;
    compute_oracle(t);
    init_game(t);
    *out = t;
    return PP_OK;
}
