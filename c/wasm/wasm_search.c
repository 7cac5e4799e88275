/* wasm_search.c: the WebAssembly exports (ppw_game_*, ppw_ab_*) of minimax
 * and alpha-beta on a parsed game (wasm_game.h), whoever parsed it: lay its
 * whole tree out when it is small, and search it in batches with a trace.
 * Linked with wasm_tree.c (the typed trees and board games) in pp-tree and
 * pp-c4 and with wasm_gdl_tree.c (rules in GDL) in pp-gdl; web/src/engine/binding-tree.js
 * binds each of these once.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h" /* pp__bad_moves */
#include "wasm_game.h"

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
    if (h->release) h->release(h);
    free_layout(h);
    free(h);
}

ppw_game *ppw_game_wrap(int kind, void *obj, const pp_game *game, void (*release)(ppw_game *),
                        double (*info)(const ppw_game *, int))
{
    ppw_game *h = calloc(1, sizeof *h);
    if (h) {
        h->kind = kind;
        h->obj = obj;
        h->game = game;
        h->release = release;
        h->info = info;
        return h;
    }
    ppw_game tmp = {.kind = kind, .obj = obj, .game = game};
    if (release) release(&tmp);
    return ppw_fail(PP_ERR_NOMEM, "out of memory"), NULL;
}

/* Facts by index: 0 root player (0 MAX, 1 MIN), 1 lo, 2 hi, 3 max moves,
 * 4 max depth; past those, the parser's own (wasm_tree.c: trees 5 nodes,
 * 6 leaves, 7 depth, 8 the true value; tic-tac-toe 9 board side). */
EXPORT double ppw_game_info(const ppw_game *h, int which)
{
    if (!h) return 0;
    const pp_game *g = h->game;
    switch (which) {
    case 0: return g->player(g->ctx, g->root);
    case 1: return g->lo;
    case 2: return g->hi;
    case 3: return g->max_moves;
    case 4: return g->max_depth;
    default: return h->info ? h->info(h, which) : 0;
    }
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
        int leaf = g->leaf(g->ctx, p, &v);
        uint32_t k = leaf ? 0 : g->moves(g->ctx, p, mv + (size_t)mm * ply);
        if (!leaf && (k == 0 || k > mm)) { /* the game's reason (pp_game's stuck) where it has one */
            pp__bad_moves(&ppw_last_error, g, p, k);
            goto done;
        }
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
EXPORT ppw_ab *ppw_ab_new(const ppw_game *h, int algo, int order, int tt, int memo, double budget, uint32_t trace_cap)
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

/* ---- a proof-number search of a parsed game (PN, PN², df-pn) ---- */

typedef struct ppw_pn {
    pp_pn *x;
    pp_trace *trace;   /* NULL when no trace was asked for */
    pp_pn_proof proof; /* the last one read by ppw_pn_proof */
} ppw_pn;

EXPORT void ppw_pn_free(ppw_pn *s)
{
    if (!s) return;
    pp_pn_free(s->x);
    pp_trace_free(s->trace);
    free(s);
}

/* algo 0 PN, 1 PN², 2 df-pn: the exact value, the proofs extracted;
 * trace_cap 0: no trace; budget: positions expanded (0: none; -1: the
 * default scaled to the memory, pp_pn_default_budget; past it ppw_pn_run
 * fails with PP_ERR_BUDGET); memory_mib: the tables' limit in MiB (0: the
 * library's default). The game must outlive the search. */
EXPORT ppw_pn *ppw_pn_new(const ppw_game *h, int algo, uint32_t trace_cap, double budget, double memory_mib)
{
    ppw_clear_error();
    if (!h) return ppw_fail(PP_ERR_ARG, "no game"), NULL;
    if (algo < 0 || algo > 2) return ppw_fail(PP_ERR_ARG, "no such algorithm"), NULL;
    if (!(budget >= 0) && budget != -1) return ppw_fail(PP_ERR_ARG, "the budget must be at least 0, or -1"), NULL;
    if (!(memory_mib >= 0 && memory_mib <= (double)(PP_PN_MAX_MEMORY >> 20)))
        return ppw_fail(PP_ERR_ARG, "the memory must be 0 to 16384 MiB (PP_PN_MAX_MEMORY)"), NULL;
    pp_pn_options o;
    pp_pn_defaults(&o);
    o.algo = (pp_pn_algo)algo;
    o.memory = (uint64_t)memory_mib << 20;
    if (o.memory && o.memory < PP_PN_MIN_MEMORY) o.memory = PP_PN_MIN_MEMORY;
    o.budget = budget == -1 ? pp_pn_default_budget(o.memory) : (uint64_t)budget;
    o.proof = 1;
    ppw_pn *s = calloc(1, sizeof *s);
    if (!s) return ppw_fail(PP_ERR_NOMEM, "out of memory"), NULL;
    if ((trace_cap > 0 && pp_trace_new(trace_cap, &s->trace, &ppw_last_error) != PP_OK) ||
        pp_pn_new(h->game, &o, &s->x, &ppw_last_error) != PP_OK) {
        ppw_pn_free(s);
        return NULL;
    }
    pp_pn_set_trace(s->x, s->trace);
    return s;
}

/* About `steps` more expansions: 1 when solved, 0 when there is more, -1
 * on an error (the memory limit reached is one: PP_ERR_BUDGET). */
EXPORT int ppw_pn_run(ppw_pn *s, double steps)
{
    int done = 0;
    ppw_clear_error();
    if (!s) return ppw_fail(PP_ERR_ARG, "no search"), -1;
    if (pp_pn_run(s->x, steps < 1 ? 1 : (uint64_t)steps, &done, &ppw_last_error) != PP_OK) return -1;
    return done;
}

/* By index: 0 value, 1 best move, 2 visit ids handed out, 3 proof size,
 * 4 disproof size, then the statistics: 5 expanded, 6 generated,
 * 7 re-expanded, 8 PN²'s second-level expansions, 9 table entries,
 * 10 threshold proofs, 11 deepest ply; the bounds the proofs so far
 * show: 12 value >= this, 13 value < this. */
EXPORT double ppw_pn_get(const ppw_pn *s, int which)
{
    if (!s) return 0;
    pp_pn_result r;
    pp_pn_get_result(s->x, &r);
    switch (which) {
    case 0: return r.value;
    case 1: return r.best_move;
    case 2: return pp_pn_node_count(s->x);
    case 3: return (double)r.proof_size;
    case 4: return (double)r.disproof_size;
    case 5: return (double)r.stats.expanded;
    case 6: return (double)r.stats.generated;
    case 7: return (double)r.stats.reexpanded;
    case 8: return (double)r.stats.pn2_expanded;
    case 9: return (double)r.stats.tt_entries;
    case 10: return r.stats.proofs;
    case 11: return r.stats.max_depth;
    case 12: return r.lower;
    case 13: return r.upper;
    default: return 0;
    }
}

/* Reads proof `which` (0: MAX's, of value >= lower; 1: MIN's); returns its
 * node count; its arrays by ppw_pn_proof_part (0 first, 1 count, 2 child:
 * uint32; 3 move: uint16). */
EXPORT uint32_t ppw_pn_proof(ppw_pn *s, int which)
{
    if (!s) return 0;
    pp_pn_get_proof(s->x, which ? 1 : 0, &s->proof);
    return s->proof.nodes;
}
EXPORT const void *ppw_pn_proof_part(const ppw_pn *s, int part)
{
    if (!s) return NULL;
    switch (part) {
    case 0: return s->proof.first;
    case 1: return s->proof.count;
    case 2: return s->proof.child;
    case 3: return s->proof.move;
    default: return NULL;
    }
}
EXPORT const int32_t *ppw_pn_trace(const ppw_pn *s) { return s && s->trace ? pp_trace_records(s->trace) : NULL; }
EXPORT uint32_t ppw_pn_trace_count(const ppw_pn *s) { return s && s->trace ? pp_trace_count(s->trace) : 0; }
EXPORT int ppw_pn_trace_truncated(const ppw_pn *s) { return s && s->trace ? pp_trace_truncated(s->trace) : 0; }
