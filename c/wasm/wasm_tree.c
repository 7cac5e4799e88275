/* wasm_tree.c: the WebAssembly exports (ppw_*) of the game-tree pillar:
 * parse a game (typed or random tree, tic-tac-toe, Nim, Can I Win, Predict
 * the Winner, 一双木棋, Triangle War, the board chase, Connect Four), lay its whole tree out when it is small, and run minimax or
 * alpha-beta on it in batches with a trace. web/src/engine/binding-tree.js
 * binds each of these once.
 */
#include <stdlib.h>
#include <string.h>

#include "wasm_internal.h"

/* Game kinds, as binding-tree.js numbers them. */
enum { KIND_TREE, KIND_TTT, KIND_NIM, KIND_CANIWIN, KIND_PREDICT, KIND_YOUNG, KIND_TRIANGLE, KIND_CHASE, KIND_CONNECT4, KIND_COUNT };

typedef struct ppw_game {
    int kind;
    void *obj; /* pp_tree, pp_ttt, ... by kind */
    const pp_game *game;
    /* The whole tree in preorder (game move order), once expanded. */
    uint32_t nodes;
    int32_t *parent, *moves, *value, *player;
} ppw_game;

static void free_obj(int kind, void *obj)
{
    switch (kind) {
    case KIND_TREE: pp_tree_free(obj); break;
    case KIND_TTT: pp_ttt_free(obj); break;
    case KIND_NIM: pp_nim_free(obj); break;
    case KIND_CANIWIN: pp_caniwin_free(obj); break;
    case KIND_PREDICT: pp_predict_free(obj); break;
    case KIND_YOUNG: pp_young_free(obj); break;
    case KIND_TRIANGLE: pp_triangle_free(obj); break;
    case KIND_CHASE: pp_chase_free(obj); break;
    case KIND_CONNECT4: pp_c4_free(obj); break;
    default: break;
    }
}

static void free_layout(ppw_game *h)
{
    free(h->parent);
    free(h->moves);
    free(h->value);
    free(h->player);
    h->parent = h->moves = h->value = h->player = NULL;
    h->nodes = 0;
}

EXPORT void ppw_game_free(ppw_game *h)
{
    if (!h) return;
    free_obj(h->kind, h->obj);
    free_layout(h);
    free(h);
}

/* Connect Four as "WxH:moves" (the size optional: 7x6), for the generic
 * stages (minimax, alpha-beta, centre-first) with their trace. */
static pp_status parse_connect4(const char *text, size_t len, pp_c4 **out)
{
    int w = 7, h = 6;
    const char *colon = memchr(text, ':', len);
    if (colon) {
        if (colon - text != 3 || text[0] < '0' || text[0] > '9' || (text[1] != 'x' && text[1] != 'X') || text[2] < '0' ||
            text[2] > '9')
            return ppw_fail(PP_ERR_INPUT, "the size before ':' must be WxH, e.g. 7x6"), PP_ERR_INPUT;
        w = text[0] - '0';
        h = text[2] - '0';
        len -= (size_t)(colon + 1 - text);
        text = colon + 1;
    }
    return pp_c4_parse(w, h, text, len, out, &ppw_last_error);
}

/* Parses `text` as a game of `kind`; minimize: the root of a tree minimizes
 * (other kinds ignore it). NULL with the message in ppw_error(). */
EXPORT ppw_game *ppw_game_parse(int kind, const char *text, int minimize)
{
    ppw_clear_error();
    if (!text) return ppw_fail(PP_ERR_ARG, "no input text"), NULL;
    if (kind < 0 || kind >= KIND_COUNT) return ppw_fail(PP_ERR_ARG, "no such game kind"), NULL;
    size_t len = strlen(text);
    void *obj = NULL;
    const pp_game *g = NULL;
    pp_status s = PP_ERR_ARG;
    switch (kind) {
    case KIND_TREE:
        s = pp_tree_parse(text, len, (pp_tree **)&obj, &ppw_last_error);
        if (s == PP_OK) {
            pp_tree_set_root_player(obj, minimize ? PP_AB_MIN : PP_AB_MAX);
            g = pp_tree_game(obj);
        }
        break;
    case KIND_TTT:
        s = pp_ttt_parse(text, len, (pp_ttt **)&obj, &ppw_last_error);
        if (s == PP_OK) g = pp_ttt_game(obj);
        break;
    case KIND_NIM:
        s = pp_nim_parse(text, len, (pp_nim **)&obj, &ppw_last_error);
        if (s == PP_OK) g = pp_nim_game(obj);
        break;
    case KIND_CANIWIN:
        s = pp_caniwin_parse(text, len, (pp_caniwin **)&obj, &ppw_last_error);
        if (s == PP_OK) g = pp_caniwin_game(obj);
        break;
    case KIND_PREDICT:
        s = pp_predict_parse(text, len, (pp_predict **)&obj, &ppw_last_error);
        if (s == PP_OK) g = pp_predict_game(obj);
        break;
    case KIND_YOUNG:
        s = pp_young_parse(text, len, (pp_young **)&obj, &ppw_last_error);
        if (s == PP_OK) g = pp_young_game(obj);
        break;
    case KIND_TRIANGLE:
        s = pp_triangle_parse(text, len, (pp_triangle **)&obj, &ppw_last_error);
        if (s == PP_OK) g = pp_triangle_game(obj);
        break;
    case KIND_CHASE:
        s = pp_chase_parse(text, len, (pp_chase **)&obj, &ppw_last_error);
        if (s == PP_OK) g = pp_chase_game(obj);
        break;
    case KIND_CONNECT4:
        s = parse_connect4(text, len, (pp_c4 **)&obj);
        if (s == PP_OK) g = pp_c4_game(obj);
        break;
    }
    if (s != PP_OK) return NULL;
    ppw_game *h = calloc(1, sizeof *h);
    if (!h) {
        free_obj(kind, obj);
        return ppw_fail(PP_ERR_NOMEM, "out of memory"), NULL;
    }
    h->kind = kind;
    h->obj = obj;
    h->game = g;
    return h;
}

/* Facts by index: 0 root player (0 MAX, 1 MIN), 1 lo, 2 hi, 3 max moves,
 * 4 max depth; trees: 5 nodes, 6 leaves, 7 depth, 8 the true value;
 * tic-tac-toe: 9 board side. */
EXPORT double ppw_game_info(const ppw_game *h, int which)
{
    if (!h) return 0;
    const pp_game *g = h->game;
    const pp_tree *t = h->kind == KIND_TREE ? h->obj : NULL;
    switch (which) {
    case 0: return g->player(g->ctx, g->root);
    case 1: return g->lo;
    case 2: return g->hi;
    case 3: return g->max_moves;
    case 4: return g->max_depth;
    case 5: return t ? (double)pp_tree_nodes(t) : 0;
    case 6: return t ? (double)pp_tree_leaves(t) : 0;
    case 7: return t ? pp_tree_depth(t) : 0;
    case 8: return t ? pp_tree_value(t) : 0;
    case 9: return h->kind == KIND_TTT ? pp_ttt_size(h->obj) : 0;
    default: return 0;
    }
}

/* Tic-tac-toe: the root's cell at (row, col): 'X', 'O' or '.'; 0 otherwise. */
EXPORT int ppw_game_ttt_cell(const ppw_game *h, int row, int col)
{
    return h && h->kind == KIND_TTT ? pp_ttt_cell(h->obj, row, col) : 0;
}

/* Walks the whole game tree from the root in preorder, children in the
 * game's move order, when it has at most max_nodes positions: per node its
 * parent (-1 for the root), its number of moves (0: a leaf), its value (a
 * leaf's) and its player. Returns the node count, -2 when the tree is
 * larger than max_nodes (nothing kept), -1 on error. */
EXPORT int ppw_game_expand(ppw_game *h, uint32_t max_nodes)
{
    ppw_clear_error();
    if (!h) return ppw_fail(PP_ERR_ARG, "no game"), -1;
    free_layout(h);
    const pp_game *g = h->game;
    size_t sb = g->state_bytes;
    uint32_t mm = g->max_moves, depth_cap = g->max_depth + 1;
    /* Per ply: the position, its moves, the next move to take, its node id. */
    unsigned char *pos = malloc(sb * depth_cap);
    int32_t *mv = malloc(sizeof *mv * (size_t)mm * depth_cap);
    uint32_t *next = malloc(sizeof *next * depth_cap), *cnt = malloc(sizeof *cnt * depth_cap);
    int32_t *id = malloc(sizeof *id * depth_cap);
    h->parent = malloc(sizeof(int32_t) * (size_t)(max_nodes ? max_nodes : 1));
    h->moves = malloc(sizeof(int32_t) * (size_t)(max_nodes ? max_nodes : 1));
    h->value = malloc(sizeof(int32_t) * (size_t)(max_nodes ? max_nodes : 1));
    h->player = malloc(sizeof(int32_t) * (size_t)(max_nodes ? max_nodes : 1));
    int result = -1;
    if (!pos || !mv || !next || !cnt || !id || !h->parent || !h->moves || !h->value || !h->player) {
        ppw_fail(PP_ERR_NOMEM, "out of memory for the tree's layout");
        goto done;
    }
    uint32_t n = 0;
    int ply = 0;
    memcpy(pos, g->root, sb);
    for (;;) {
        /* Step 1. Number the position at `ply` and list its moves. */
        if (n == max_nodes) {
            result = -2;
            goto done;
        }
        unsigned char *p = pos + sb * (size_t)ply;
        int32_t v = 0;
        uint32_t k = g->leaf(g->ctx, p, &v) ? 0 : g->moves(g->ctx, p, mv + (size_t)mm * ply);
        h->parent[n] = ply ? id[ply - 1] : -1;
        h->moves[n] = (int32_t)k;
        h->value[n] = k ? 0 : v;
        h->player[n] = g->player(g->ctx, p);
        id[ply] = (int32_t)n++;
        cnt[ply] = k;
        next[ply] = 0;
        /* Step 2. Go down the next move not taken, climbing while none is left. */
        while (ply >= 0 && next[ply] == cnt[ply]) ply--;
        if (ply < 0) break;
        if ((uint32_t)ply + 1 >= depth_cap) {
            ppw_fail(PP_ERR_LIMIT, "the game is deeper than its declared depth");
            goto done;
        }
        int32_t m = mv[(size_t)mm * ply + next[ply]++];
        g->play(g->ctx, pos + sb * (size_t)ply, m, pos + sb * (size_t)(ply + 1));
        ply++;
    }
    h->nodes = n;
    result = (int)n;
done:
    free(pos);
    free(mv);
    free(next);
    free(cnt);
    free(id);
    if (result < 0) free_layout(h);
    return result;
}

EXPORT const int32_t *ppw_game_parents(const ppw_game *h) { return h ? h->parent : NULL; }
EXPORT const int32_t *ppw_game_moves(const ppw_game *h) { return h ? h->moves : NULL; }
EXPORT const int32_t *ppw_game_values(const ppw_game *h) { return h ? h->value : NULL; }
EXPORT const int32_t *ppw_game_players(const ppw_game *h) { return h ? h->player : NULL; }

/* ---- a search of a parsed game ---- */

typedef struct ppw_ab {
    pp_ab *ab;
    pp_trace *trace; /* NULL when no trace was asked for */
} ppw_ab;

EXPORT void ppw_ab_free(ppw_ab *s)
{
    if (!s) return;
    pp_ab_free(s->ab);
    pp_trace_free(s->trace);
    free(s);
}

/* algo 0 minimax, 1 fail-hard, 2 fail-soft; order 0 given, 1 best, 2 worst;
 * budget 0: none; trace_cap 0: no trace. The game must outlive the search. */
EXPORT ppw_ab *ppw_ab_new(const ppw_game *h, int algo, int order, int tt, int memo, double budget,
                          uint32_t trace_cap)
{
    ppw_clear_error();
    if (!h) return ppw_fail(PP_ERR_ARG, "no game"), NULL;
    if (algo < 0 || algo > 2) return ppw_fail(PP_ERR_ARG, "no such algorithm"), NULL;
    if (order < 0 || order > 2) return ppw_fail(PP_ERR_ARG, "no such move order"), NULL;
    pp_ab_options o;
    pp_ab_defaults(&o);
    o.algo = (pp_ab_algo)algo;
    o.order = (pp_ab_order)order;
    o.tt = tt != 0;
    o.memo = memo != 0;
    o.budget = budget > 0 ? (uint64_t)budget : 0;
    ppw_ab *s = calloc(1, sizeof *s);
    if (!s) return ppw_fail(PP_ERR_NOMEM, "out of memory"), NULL;
    if ((trace_cap > 0 && pp_trace_new(trace_cap, &s->trace, &ppw_last_error) != PP_OK) ||
        pp_ab_new(h->game, &o, s->trace, &s->ab, &ppw_last_error) != PP_OK) {
        ppw_ab_free(s);
        return NULL;
    }
    return s;
}

/* About `steps` more positions: 1 when solved, 0 when there is more, -1 on
 * an error (the budget running out is one: PP_ERR_BUDGET). */
EXPORT int ppw_ab_run(ppw_ab *s, double steps)
{
    int done = 0;
    ppw_clear_error();
    if (!s) return ppw_fail(PP_ERR_ARG, "no search"), -1;
    if (pp_ab_run(s->ab, steps < 1 ? 1 : (uint64_t)steps, &done, &ppw_last_error) != PP_OK) return -1;
    return done;
}

/* By index: 0 value, 1 bound, 2 best move, 3 node ids handed out, then the
 * statistics: 4 nodes, 5 leaves, 6 inner, 7 cutoffs, 8 first cutoffs,
 * 9 table hits, 10 table answers, 11 table stores, 12 memo hits, 13 deepest. */
EXPORT double ppw_ab_get(const ppw_ab *s, int which)
{
    if (!s) return 0;
    pp_ab_result r;
    pp_ab_get_result(s->ab, &r);
    switch (which) {
    case 0: return r.value;
    case 1: return r.bound;
    case 2: return r.best_move;
    case 3: return pp_ab_node_count(s->ab);
    case 4: return (double)r.stats.nodes;
    case 5: return (double)r.stats.leaves;
    case 6: return (double)r.stats.inner;
    case 7: return (double)r.stats.cutoffs;
    case 8: return (double)r.stats.first_cutoffs;
    case 9: return (double)r.stats.tt_hits;
    case 10: return (double)r.stats.tt_answers;
    case 11: return (double)r.stats.tt_stores;
    case 12: return (double)r.stats.memo_hits;
    case 13: return r.stats.max_depth;
    default: return 0;
    }
}

EXPORT const int32_t *ppw_ab_trace(const ppw_ab *s) { return s && s->trace ? pp_trace_records(s->trace) : NULL; }
EXPORT uint32_t ppw_ab_trace_count(const ppw_ab *s) { return s && s->trace ? pp_trace_count(s->trace) : 0; }
EXPORT int ppw_ab_trace_truncated(const ppw_ab *s) { return s && s->trace ? pp_trace_truncated(s->trace) : 0; }

/* Knuth and Moore's minimal leaf count for branching b, depth d; -1 if it
 * does not fit. */
EXPORT double ppw_ab_minimal_leaves(uint32_t b, uint32_t d)
{
    uint64_t v = pp_ab_minimal_leaves(b, d);
    return v == UINT64_MAX ? -1 : (double)v;
}

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

static int vs_player(void *ctx, const void *pos) { const vs_ctx *c = ctx; return c->g->player(c->g->ctx, pos); }

static int vs_leaf(void *ctx, const void *pos, int32_t *value)
{
    const vs_ctx *c = ctx;
    int32_t v = 0;
    if (!c->g->leaf(c->g->ctx, pos, &v)) return 0;
    int32_t ply = ((const unsigned char *)pos)[c->g->state_bytes];
    *value = c->k ? v * c->k - (v > 0 ? ply : v < 0 ? -ply : 0) : v;
    return 1;
}

static uint32_t vs_moves(void *ctx, const void *pos, int32_t *out) { const vs_ctx *c = ctx; return c->g->moves(c->g->ctx, pos, out); }

static void vs_play(void *ctx, const void *pos, int32_t move, void *child)
{
    const vs_ctx *c = ctx;
    c->g->play(c->g->ctx, pos, move, child);
    memset((unsigned char *)child + c->g->state_bytes, 0, vs_bytes(c->g) - c->g->state_bytes);
    ((unsigned char *)child)[c->g->state_bytes] = (unsigned char)(((const unsigned char *)pos)[c->g->state_bytes] + 1);
}

static int32_t vs_order(void *ctx, const void *pos, int32_t move) { const vs_ctx *c = ctx; return c->g->order(c->g->ctx, pos, move); }

static int32_t vs_banked(void *ctx, const void *pos) { const vs_ctx *c = ctx; return c->g->banked(c->g->ctx, pos); }

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
    int leaf;                             /* the position is over: its value in leaf_value */
    int32_t leaf_value;
    uint32_t count, next;                 /* moves, and the next one to search */
    int32_t codes[PP_AB_MAX_MOVES];
    int32_t wvalue[PP_AB_MAX_MOVES];      /* each move's exact value' */
    pp_ab *ab;                            /* the search of move `next`, NULL between moves */
    uint64_t nodes;                       /* positions visited by the finished searches */
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
