/* wasm_versus.c: the WebAssembly exports (ppw_versus_*) for playing a game
 * against the solver: every move of a position reached, valued with the
 * length of the game after it, on any parsed game (wasm_game.h: the game
 * trees' in pp-tree, rules in GDL in pp-gdl). web/src/engine/binding-versus.js
 * binds each of these once.
 */
#include <stdlib.h>
#include <string.h>

#include "wasm_game.h"

/* ---- playing against the solver: every move of a position, valued ----
 *
 * The page's "play against the solver" needs, for each legal move of the
 * position reached, what it leads to with perfect play AND in how many
 * moves, so that a winner takes the quickest win and a loser the slowest
 * loss. Alpha-beta only knows values, so each move's position is searched
 * in a wrapper game whose leaf values fold the length in (the mate-distance
 * trick), one total order both players agree on:
 *
 *   value' = v * K - sign(v) * ply     K = max_depth + 2 > any ply
 *
 *      v = +2, ply 3 ->  2K - 3        MAX prefers the higher score, then
 *      v = +2, ply 5 ->  2K - 5        (winning) the shorter game;
 *      v =  0        ->  0             MIN the lower score, then (losing)
 *      v = -1, ply 4 -> -K + 4         the longer game.
 *
 * ply counts moves from the position analysed (its moves lead to ply 1), so
 * the exact value' of a move decodes into (v, length). The wrapper's table
 * key mixes the game's key, its banked part and the ply (value' is not
 * additive, so nothing is banked).
 *
 * K = 0 (value' = v, lengths unknown) for games that bank a score (Predict
 * the Winner, 一双木棋, Triangle War: every game lasts until the row, the
 * board or the lines run out, so the score alone decides) and keeps their
 * banking, without which the table could not share positions reached with
 * different scores; and when v * K could reach PP_AB_INF. */

typedef struct vs_ctx {
    const pp_game *g;
    int32_t k; /* K above; 0: the length is not folded in */
} vs_ctx;

/* A wrapper position: the game's position, then one byte of ply, padded to
 * a multiple of 8 so that the search's positions (one per ply, side by
 * side) stay aligned for the game's own structs:
 *
 *   | game's state_bytes | ply | 0 ... 0 |   state_bytes = vs_bytes(g)
 */
static uint32_t vs_bytes(const pp_game *g) { return (g->state_bytes + 1 + 7) & ~7u; }

static int vs_player(void *ctx, const void *pos)
{
    const vs_ctx *c = ctx;
    return c->g->player(c->g->ctx, pos);
}

static int vs_leaf(void *ctx, const void *pos, int32_t *value)
{
    const vs_ctx *c = ctx;
    int32_t v = 0;
    if (!c->g->leaf(c->g->ctx, pos, &v)) return 0;
    int32_t ply = ((const unsigned char *)pos)[c->g->state_bytes];
    *value = c->k ? v * c->k - (v > 0 ? ply : v < 0 ? -ply : 0) : v;
    return 1;
}

static uint32_t vs_moves(void *ctx, const void *pos, int32_t *out)
{
    const vs_ctx *c = ctx;
    return c->g->moves(c->g->ctx, pos, out);
}

static void vs_play(void *ctx, const void *pos, int32_t move, void *child)
{
    const vs_ctx *c = ctx;
    c->g->play(c->g->ctx, pos, move, child);
    memset((unsigned char *)child + c->g->state_bytes, 0, vs_bytes(c->g) - c->g->state_bytes);
    ((unsigned char *)child)[c->g->state_bytes] = (unsigned char)(((const unsigned char *)pos)[c->g->state_bytes] + 1);
}

static int32_t vs_order(void *ctx, const void *pos, int32_t move)
{
    const vs_ctx *c = ctx;
    return c->g->order(c->g->ctx, pos, move);
}

static int32_t vs_banked(void *ctx, const void *pos)
{
    const vs_ctx *c = ctx;
    return c->g->banked(c->g->ctx, pos);
}

/* The game's bounds on v, as bounds on value' (K > 0): value' grows with v
 * at any ply, so v in [lo, hi] gives value' in [lo * K, hi * K + K - 1]
 * at worst (e.g. the board chase's "a win takes at least one more move"). */
static void vs_bounds(void *ctx, const void *pos, int32_t *lo, int32_t *hi)
{
    const vs_ctx *c = ctx;
    c->g->bounds(c->g->ctx, pos, lo, hi);
    if (!c->k) return;
    if (*lo > -PP_AB_INF) *lo = *lo > 0 ? *lo * c->k - (c->k - 1) : *lo * c->k;
    if (*hi < PP_AB_INF) *hi = *hi < 0 ? *hi * c->k + (c->k - 1) : *hi * c->k;
}

static uint64_t vs_hash(void *ctx, const void *pos)
{
    const vs_ctx *c = ctx;
    uint64_t h = c->g->hash(c->g->ctx, pos);
    if (!c->k) return h; /* value' = v: the game's own key, its banked part banked */
    uint64_t banked = c->g->banked ? (uint64_t)(uint32_t)c->g->banked(c->g->ctx, pos) : 0;
    h ^= (banked + 0x9e3779b97f4a7c15ull) * 0xbf58476d1ce4e5b9ull;
    h ^= ((uint64_t)((const unsigned char *)pos)[c->g->state_bytes] + 1) * 0x94d049bb133111ebull;
    return h ^ (h >> 31);
}

typedef struct ppw_versus {
    vs_ctx ctx;
    pp_game wrap;
    _Alignas(8) unsigned char pos[PP_AB_MAX_STATE];   /* the position analysed (game bytes + ply 0) */
    _Alignas(8) unsigned char child[PP_AB_MAX_STATE]; /* the move's position being searched */
    int leaf;                                         /* the position is over: its value in leaf_value */
    int32_t leaf_value;
    uint32_t count, next; /* moves, and the next one to search */
    int32_t codes[PP_AB_MAX_MOVES];
    int32_t wvalue[PP_AB_MAX_MOVES]; /* each move's exact value' */
    pp_ab *ab;                       /* the search of move `next`, NULL between moves */
    uint64_t nodes;                  /* positions visited by the finished searches */
} ppw_versus;

EXPORT void ppw_versus_free(ppw_versus *v)
{
    if (!v) return;
    pp_ab_free(v->ab);
    free(v);
}

/* The position after the move codes path[0..len) from the game's root, ready
 * to value each of its moves with ppw_versus_run. NULL with the message in
 * ppw_error() (a code that is not a move there, a move after the end). */
EXPORT ppw_versus *ppw_versus_new(const ppw_game *h, const int32_t *path, uint32_t len)
{
    ppw_clear_error();
    if (!h) return ppw_fail(PP_ERR_ARG, "no game"), NULL;
    const pp_game *g = h->game;
    if (vs_bytes(g) > PP_AB_MAX_STATE) return ppw_fail(PP_ERR_LIMIT, "positions too large to play"), NULL;
    if (len > g->max_depth) return ppw_fail(PP_ERR_ARG, "more moves than the game can last"), NULL;
    if (len && !path) return ppw_fail(PP_ERR_ARG, "no moves"), NULL;
    ppw_versus *v = calloc(1, sizeof *v);
    if (!v) return ppw_fail(PP_ERR_NOMEM, "out of memory"), NULL;
    _Alignas(8) unsigned char tmp[PP_AB_MAX_STATE];
    memcpy(v->pos, g->root, g->state_bytes);
    /* Step 1. Replay the moves, each checked against the position's moves. */
    for (uint32_t i = 0; i < len; i++) {
        int32_t val;
        if (g->leaf(g->ctx, v->pos, &val)) {
            ppw_versus_free(v);
            return ppw_fail(PP_ERR_ARG, "a move after the game is over"), NULL;
        }
        uint32_t n = g->moves(g->ctx, v->pos, v->codes), j = 0;
        while (j < n && v->codes[j] != path[i]) j++;
        if (j == n) {
            ppw_versus_free(v);
            return ppw_fail(PP_ERR_ARG, "a move that is not legal in its position"), NULL;
        }
        g->play(g->ctx, v->pos, path[i], tmp);
        memcpy(v->pos, tmp, g->state_bytes);
    }
    v->pos[g->state_bytes] = 0;
    /* Step 2. The position's moves, or its end. */
    v->leaf = g->leaf(g->ctx, v->pos, &v->leaf_value);
    v->count = v->leaf ? 0 : g->moves(g->ctx, v->pos, v->codes);
    /* Step 3. The wrapper game (see above); K = 0 when v * K could overflow. */
    int64_t k = (int64_t)g->max_depth + 2;
    int64_t big = (int64_t)(g->hi > -g->lo ? g->hi : -(int64_t)g->lo);
    v->ctx.g = g;
    v->ctx.k = !g->banked && big * k < PP_AB_INF / 2 ? (int32_t)k : 0;
    pp_game *w = &v->wrap;
    w->name = g->name;
    w->ctx = &v->ctx;
    w->state_bytes = vs_bytes(g);
    w->max_moves = g->max_moves;
    w->max_depth = g->max_depth;
    w->lo = v->ctx.k ? (g->lo < 0 ? g->lo : 0) * v->ctx.k : g->lo;
    w->hi = v->ctx.k ? (g->hi > 0 ? g->hi : 0) * v->ctx.k : g->hi;
    if (w->lo == w->hi) w->hi = w->lo + 1;
    w->root = v->child;
    w->player = vs_player;
    w->leaf = vs_leaf;
    w->moves = vs_moves;
    w->play = vs_play;
    w->order = g->order ? vs_order : NULL;
    w->hash = g->hash ? vs_hash : NULL;
    w->banked = !v->ctx.k && g->banked ? vs_banked : NULL;
    w->bounds = g->bounds ? vs_bounds : NULL;
    return v;
}

/* About `steps` more positions of the moves' searches: 1 when every move is
 * valued, 0 when there is more, -1 on an error. */
EXPORT int ppw_versus_run(ppw_versus *v, double steps)
{
    ppw_clear_error();
    if (!v) return ppw_fail(PP_ERR_ARG, "no analysis"), -1;
    uint64_t left = steps < 1 ? 1 : (uint64_t)steps;
    while (v->next < v->count) {
        const pp_game *g = v->ctx.g;
        if (!v->ab) {
            /* Step 4. Search the next move's position with the table and the best order. */
            g->play(g->ctx, v->pos, v->codes[v->next], v->child);
            v->child[g->state_bytes] = 1;
            pp_ab_options o;
            pp_ab_defaults(&o);
            o.order = v->wrap.order ? PP_ORDER_BEST : PP_ORDER_GIVEN;
            o.tt = v->wrap.hash != NULL;
            o.tt_bits = 20;
            if (pp_ab_new(&v->wrap, &o, NULL, &v->ab, &ppw_last_error) != PP_OK) return -1;
        }
        pp_ab_stats before;
        pp_ab_result r;
        pp_ab_get_result(v->ab, &r);
        before = r.stats;
        int done = 0;
        if (pp_ab_run(v->ab, left, &done, &ppw_last_error) != PP_OK) return -1;
        pp_ab_get_result(v->ab, &r);
        uint64_t used = r.stats.nodes - before.nodes;
        if (!done) return 0;
        /* Step 5. The move's exact value'; on to the next move. */
        v->wvalue[v->next++] = r.value;
        v->nodes += r.stats.nodes;
        pp_ab_free(v->ab);
        v->ab = NULL;
        if (used >= left) return v->next == v->count;
        left -= used;
    }
    return 1;
}

/* By index: 0 moves, 1 the position is over, 2 its value then, 3 the player
 * to move (0 MAX, 1 MIN), 4 positions visited, 5 moves valued so far,
 * 6 lengths known (K > 0). */
EXPORT double ppw_versus_info(const ppw_versus *v, int which)
{
    if (!v) return 0;
    switch (which) {
    case 0: return v->count;
    case 1: return v->leaf;
    case 2: return v->leaf_value;
    case 3: return v->ctx.g->player(v->ctx.g->ctx, v->pos);
    case 4: return (double)v->nodes;
    case 5: return v->next;
    case 6: return v->ctx.k != 0;
    default: return 0;
    }
}

/* Move i once valued: which 0 its code, 1 the game's value with perfect
 * play after it, 2 the moves until the game ends counting it (-1 unknown:
 * a draw or score 0, whose length no player steers, or K = 0). */
EXPORT double ppw_versus_move(const ppw_versus *v, uint32_t i, int which)
{
    if (!v || i >= v->count) return 0;
    if (which == 0) return v->codes[i];
    int64_t w = v->wvalue[i], k = v->ctx.k;
    if (!k) return which == 1 ? (double)w : -1;
    int64_t val = w > 0 ? (w + k - 1) / k : w < 0 ? -((-w + k - 1) / k) : 0;
    if (which == 1) return (double)val;
    return val > 0 ? (double)(val * k - w) : val < 0 ? (double)(w - val * k) : -1;
}
