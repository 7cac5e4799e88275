/* dag_kit.c: see dag_kit.h. */
#include "dag_kit.h"

#include <string.h>

uint64_t dagk_mix(uint64_t z)
{
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int dag_player(void *ctx, const void *pos)
{
    (void)ctx;
    return ((const struct dagk_pos *)pos)->level & 1;
}

static int dag_leaf(void *ctx, const void *pos, int32_t *v)
{
    const dagk *d = ctx;
    const struct dagk_pos *p = pos;
    if (p->level < d->depth) return 0;
    uint64_t h = dagk_mix(d->seed ^ dagk_mix(p->id));
    *v = d->win_loss ? (h & 1 ? 1 : -1) : (int32_t)(h % 41) - 20 + p->bank;
    return 1;
}

static uint32_t dag_moves(void *ctx, const void *pos, int32_t *out)
{
    (void)pos;
    const dagk *d = ctx;
    for (uint32_t k = 0; k < d->b; k++) out[k] = (int32_t)k;
    return d->b;
}

static void dag_play(void *ctx, const void *pos, int32_t move, void *child)
{
    const dagk *d = ctx;
    const struct dagk_pos *p = pos;
    struct dagk_pos c;
    uint64_t h = dagk_mix(d->seed + 7 * p->level + ((uint64_t)p->id << 20) + (uint64_t)move);
    c.level = p->level + 1;
    c.id = (uint32_t)(h % d->width);
    c.bank = p->bank + (d->banked ? (int32_t)(h >> 40) % 7 - 3 : 0);
    memcpy(child, &c, sizeof c);
}

static int32_t dag_order(void *ctx, const void *pos, int32_t move)
{
    (void)ctx;
    return (int32_t)(dagk_mix(((const struct dagk_pos *)pos)->id * 31u + (uint32_t)move) % 100); /* noise */
}

static uint64_t dag_hash(void *ctx, const void *pos)
{
    const dagk *d = ctx;
    const struct dagk_pos *p = pos;
    return (uint64_t)p->level * d->width + p->id;
}

static int32_t dag_banked(void *ctx, const void *pos)
{
    (void)ctx;
    return ((const struct dagk_pos *)pos)->bank;
}

void dagk_init(dagk *d, uint32_t depth, uint32_t width, uint32_t b, uint64_t seed, int flags)
{
    memset(d, 0, sizeof *d);
    d->depth = depth;
    d->width = width;
    d->b = b;
    d->seed = seed;
    d->banked = (flags & DAGK_BANKED) != 0;
    d->win_loss = (flags & DAGK_WIN_LOSS) != 0;
    pp_game *g = &d->g;
    g->name = "dag";
    g->ctx = d;
    g->state_bytes = sizeof(struct dagk_pos);
    g->max_moves = b;
    g->max_depth = depth;
    g->lo = d->win_loss ? -1 : -PP_AB_INF;
    g->hi = d->win_loss ? 1 : PP_AB_INF;
    g->root = &d->root;
    g->player = dag_player;
    g->leaf = dag_leaf;
    g->moves = dag_moves;
    g->play = dag_play;
    g->order = dag_order;
    g->hash = dag_hash;
    g->banked = d->banked ? dag_banked : NULL;
    if (d->win_loss) {
        uint32_t bits = 0;
        while (((uint64_t)1 << bits) < (uint64_t)(depth + 1) * width) bits++;
        g->key_bits = bits;
    }
}

static int chain_player(void *ctx, const void *pos) { return (void)ctx, *(const int32_t *)pos & 1; }
static int chain_leaf(void *ctx, const void *pos, int32_t *v) { return (void)ctx, (void)pos, (void)v, 0; }
static uint32_t chain_moves(void *ctx, const void *pos, int32_t *out) { return (void)ctx, (void)pos, out[0] = 0, 1; }
static void chain_play(void *ctx, const void *pos, int32_t m, void *child)
{
    (void)ctx, (void)m;
    *(int32_t *)child = *(const int32_t *)pos + 1;
}

void dagk_chain(pp_game *g, int32_t *root)
{
    memset(g, 0, sizeof *g);
    *root = 0;
    g->name = "chain";
    g->state_bytes = 4;
    g->max_moves = 1;
    g->max_depth = 1; /* a lie: it goes on for ever */
    g->lo = -1;
    g->hi = 1;
    g->root = root;
    g->player = chain_player;
    g->leaf = chain_leaf;
    g->moves = chain_moves;
    g->play = chain_play;
}
