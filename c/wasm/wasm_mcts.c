/* wasm_mcts.c: the WebAssembly exports (ppw_mcts_*) of Monte Carlo tree
 * search (c/solvers/mcts.c) on a parsed game (wasm_game.h), for the page's
 * game-tree pillar (in pp-tree and pp-c4, and in pp-gdl for rules in GDL).
 * web/src/engine/binding-tree.js binds each
 * of these once.
 *
 * A search handle runs in two phases, each in batches the worker calls
 * until it says done, so the page never blocks and can show progress:
 *
 *   1. ppw_mcts_run        the iterations, through pp_mcts_run, noting
 *                          every iteration after which the search's choice
 *                          (pp_mcts_result.best) changes (pp_mcts_on_choice)
 *   2. ppw_mcts_exact_run  each root move's exact value: alpha-beta (with
 *                          the table where the game hashes, best first
 *                          where it orders) on the position after it
 *
 * Between batches the caller reads the root's moves (ppw_mcts_read_moves,
 * ppw_mcts_move): the page's convergence plot is those readings. The
 * search is the same one the CLI's --algo mcts runs (a batch of
 * iterations is the same loop), so one seed gives the same statistics.
 */
#include <stdlib.h>
#include <string.h>

#include "wasm_game.h"

typedef struct ppw_mcts {
    const ppw_game *h;
    pp_game game; /* the parsed game from the position searched (its root after the path) */
    _Alignas(8) unsigned char root[PP_AB_MAX_STATE];
    pp_mcts *m;
    pp_trace *trace; /* NULL when no trace was asked for */
    int32_t lo, hi;  /* the rewards' range */
    uint32_t nmoves; /* root moves read by ppw_mcts_read_moves */
    pp_mcts_move *moves;
    ppw_changes changes; /* the choice after each iteration, as its changes */
    /* Phase 2: the exact values. next: the root move being searched. */
    uint32_t count, next; /* root moves (of the game) and the next to value */
    int32_t codes[PP_AB_MAX_MOVES];
    int32_t exact[PP_AB_MAX_MOVES];
    pp_ab *ab;
    pp_game sub; /* the game from the position after move `next` */
    _Alignas(8) unsigned char child[PP_AB_MAX_STATE];
    uint64_t exact_nodes;
} ppw_mcts;

EXPORT void ppw_mcts_free(ppw_mcts *s)
{
    if (!s) return;
    pp_mcts_free(s->m);
    pp_trace_free(s->trace);
    pp_ab_free(s->ab);
    free(s->moves);
    ppw_changes_free(&s->changes);
    free(s);
}

/* A double as a whole number from lo to hi, into *out; 0 if it is not one. */
static int whole(double v, double lo, double hi, uint64_t *out)
{
    if (!(v >= lo && v <= hi)) return 0; /* NaN too */
    uint64_t n = (uint64_t)v;
    if ((double)n != v) return 0;
    *out = n;
    return 1;
}

/* The position after the move codes path[0..len) from the game's root into
 * out (state_bytes); 0, or -1 with the message in ppw_error() (a code that is
 * not a move there, a move after the end). */
static int replay(const pp_game *g, const int32_t *path, uint32_t len, unsigned char *out)
{
    int32_t codes[PP_AB_MAX_MOVES];
    _Alignas(8) unsigned char tmp[PP_AB_MAX_STATE];
    memcpy(out, g->root, g->state_bytes);
    for (uint32_t i = 0; i < len; i++) {
        int32_t v;
        if (g->leaf(g->ctx, out, &v)) return ppw_fail(PP_ERR_ARG, "a move after the game is over"), -1;
        uint32_t n = g->moves(g->ctx, out, codes), j = 0;
        while (j < n && codes[j] != path[i]) j++;
        if (j == n) return ppw_fail(PP_ERR_ARG, "a move that is not legal in its position"), -1;
        g->play(g->ctx, out, path[i], tmp);
        memcpy(out, tmp, g->state_bytes);
    }
    return 0;
}

/* iterations 1 .. PP_MCTS_MAX_ITERATIONS; the seed as two 32-bit halves;
 * uct_c 0 to 100; solver 0/1; playout 0 random, 1 decisive; memory_mib the
 * tree's limit in MiB (0: the library's default); trace_cap 0: no trace.
 * A typed tree's rewards are scaled by its leaves' range, as the CLI does.
 * The search starts from the position after the move codes path[0..len)
 * (len 0: the game's root), as a game played against it reaches.
 * The game must outlive the search. NULL with the message in ppw_error(). */
EXPORT ppw_mcts *ppw_mcts_new(const ppw_game *h, double iterations, uint32_t seed_hi, uint32_t seed_lo, double uct_c,
                              int solver, int playout, double memory_mib, uint32_t trace_cap, const int32_t *path,
                              uint32_t len)
{
    ppw_clear_error();
    if (!h) return ppw_fail(PP_ERR_ARG, "no game"), NULL;
    if (h->game->state_bytes > PP_AB_MAX_STATE) return ppw_fail(PP_ERR_LIMIT, "positions too large to search"), NULL;
    if (len > h->game->max_depth) return ppw_fail(PP_ERR_ARG, "more moves than the game can last"), NULL;
    if (len && !path) return ppw_fail(PP_ERR_ARG, "no moves"), NULL;
    pp_mcts_options o;
    pp_mcts_defaults(&o);
    uint64_t n;
    if (!whole(iterations, 1, (double)PP_MCTS_MAX_ITERATIONS, &n))
        return ppw_fail(PP_ERR_ARG, "iterations must be a whole number from 1 to 4000000000"), NULL;
    o.iterations = n;
    o.seed = (uint64_t)seed_hi << 32 | seed_lo;
    if (!(uct_c >= 0 && uct_c <= 100))
        return ppw_fail(PP_ERR_ARG, "the exploration constant must be from 0 to 100"), NULL;
    o.uct_c = uct_c;
    if (solver != 0 && solver != 1) return ppw_fail(PP_ERR_ARG, "solver is 0 or 1"), NULL;
    o.solver = solver;
    if (playout != PP_MCTS_RANDOM && playout != PP_MCTS_DECISIVE)
        return ppw_fail(PP_ERR_ARG, "the playout is random (0) or decisive (1)"), NULL;
    o.playout = playout;
    if (memory_mib != 0) {
        double bytes = memory_mib * 1048576.0;
        if (!(bytes >= (double)PP_MCTS_MIN_MEMORY && bytes <= (double)PP_MCTS_MAX_MEMORY))
            return ppw_fail(PP_ERR_LIMIT, "the tree's memory must be 0.0625 to 16384 MiB"), NULL;
        o.max_memory = (uint64_t)bytes;
    }
    if (h->reward_range) o.range = h->reward_range(h, &o.lo, &o.hi);
    ppw_mcts *s = calloc(1, sizeof *s);
    if (!s) return ppw_fail(PP_ERR_NOMEM, "out of memory"), NULL;
    s->h = h;
    s->game = *h->game;
    if (replay(h->game, path, len, s->root)) {
        ppw_mcts_free(s);
        return NULL;
    }
    s->game.root = s->root;
    const pp_game *g = &s->game;
    s->lo = o.range ? o.lo : g->lo;
    s->hi = o.range ? o.hi : g->hi;
    if ((trace_cap > 0 && pp_trace_new(trace_cap, &s->trace, &ppw_last_error) != PP_OK) ||
        pp_mcts_new(g, &o, s->trace, &s->m, &ppw_last_error) != PP_OK) {
        ppw_mcts_free(s);
        return NULL;
    }
    pp_mcts_on_choice(s->m, ppw_changes_note, &s->changes);
    int32_t v;
    s->count = g->leaf(g->ctx, g->root, &v) ? 0 : g->moves(g->ctx, g->root, s->codes);
    return s;
}

/* Phase 1: up to `steps` more iterations. 1 when the search is done (its
 * iterations spent, or with the solver its root proven), 0 when there is
 * more, -1 on an error (the tree's memory limit is PP_ERR_BUDGET: the
 * statistics so far stay readable). */
EXPORT int ppw_mcts_run(ppw_mcts *s, double steps)
{
    ppw_clear_error();
    if (!s) return ppw_fail(PP_ERR_ARG, "no search"), -1;
    uint64_t left = steps < 1 ? 1 : steps > 4e9 ? 4000000000u : (uint64_t)steps;
    int done = 0;
    if (pp_mcts_run(s->m, left, &done, &ppw_last_error) != PP_OK) return -1;
    return done;
}

/* Phase 2: about `steps` more positions of the root moves' exact searches.
 * 1 when every move is valued, 0 when there is more, -1 on an error. */
EXPORT int ppw_mcts_exact_run(ppw_mcts *s, double steps)
{
    ppw_clear_error();
    if (!s) return ppw_fail(PP_ERR_ARG, "no search"), -1;
    const pp_game *g = &s->game;
    uint64_t left = steps < 1 ? 1 : steps > 4e9 ? 4000000000u : (uint64_t)steps;
    while (s->next < s->count) {
        if (!s->ab) {
            /* Step 1. The position after the next move: a leaf is its own value. */
            int32_t v;
            g->play(g->ctx, g->root, s->codes[s->next], s->child);
            if (g->leaf(g->ctx, s->child, &v)) {
                s->exact[s->next++] = v;
                continue;
            }
            s->sub = *g;
            s->sub.root = s->child;
            pp_ab_options o;
            pp_ab_defaults(&o);
            o.order = g->order ? PP_ORDER_BEST : PP_ORDER_GIVEN;
            o.tt = g->hash != NULL;
            if (pp_ab_new(&s->sub, &o, NULL, &s->ab, &ppw_last_error) != PP_OK) return -1;
        }
        /* Step 2. Search it on; its exact value once done. */
        pp_ab_result before, r;
        pp_ab_get_result(s->ab, &before);
        int done = 0;
        if (pp_ab_run(s->ab, left, &done, &ppw_last_error) != PP_OK) return -1;
        pp_ab_get_result(s->ab, &r);
        uint64_t used = r.stats.nodes - before.stats.nodes;
        if (!done) return 0;
        s->exact[s->next++] = r.value;
        s->exact_nodes += r.stats.nodes;
        pp_ab_free(s->ab);
        s->ab = NULL;
        if (used >= left) return s->next == s->count;
        left -= used;
    }
    return 1;
}

/* By index: 0 iterations done, 1 nodes, 2 the tree's bytes, 3 playout
 * plies, 4 deepest node, 5 root moves, 6 the choice (index, -1 none),
 * 7 its move code, 8 the root proven, 9 its value then, 10 and 11 the
 * root's bounds, 12 MAX moves at the root, 13 and 14 the rewards' range,
 * 15 choice changes noted, 16 they were cut at their cap, 17 root moves
 * valued exactly, 18 positions those searches visited. */
EXPORT double ppw_mcts_get(const ppw_mcts *s, int which)
{
    if (!s) return 0;
    pp_mcts_result r;
    pp_mcts_get_result(s->m, &r);
    switch (which) {
    case 0: return (double)r.iterations;
    case 1: return (double)r.nodes;
    case 2: return (double)r.bytes;
    case 3: return (double)r.playout_plies;
    case 4: return r.max_depth;
    case 5: return r.nmoves;
    case 6: return r.best;
    case 7: return r.best_move;
    case 8: return r.proven;
    case 9: return r.value;
    case 10: return r.lo;
    case 11: return r.hi;
    case 12: return r.max_to_move;
    case 13: return s->lo;
    case 14: return s->hi;
    case 15: return s->changes.n;
    case 16: return s->changes.truncated;
    case 17: return s->next;
    case 18: return (double)s->exact_nodes;
    default: return 0;
    }
}

/* Reads the root's moves as they stand (pp_mcts_root_moves) for
 * ppw_mcts_move; returns their count (0 before the root is expanded). */
EXPORT int ppw_mcts_read_moves(ppw_mcts *s)
{
    ppw_clear_error();
    if (!s) return ppw_fail(PP_ERR_ARG, "no search"), -1;
    if (!s->moves) {
        s->moves = calloc(PP_AB_MAX_MOVES, sizeof *s->moves);
        if (!s->moves) return ppw_fail(PP_ERR_NOMEM, "out of memory"), -1;
    }
    s->nmoves = pp_mcts_root_moves(s->m, s->moves, PP_AB_MAX_MOVES);
    if (s->nmoves > PP_AB_MAX_MOVES) s->nmoves = PP_AB_MAX_MOVES;
    return (int)s->nmoves;
}

/* Root move i as last read: which 0 its code, 1 visits, 2 mean reward for
 * the player to move at the root, 3 UCB1 (-1: never visited), 4 and 5 the
 * solver's bounds, 6 proven, 7 its exact value (once phase 2 reached it). */
EXPORT double ppw_mcts_move(const ppw_mcts *s, uint32_t i, int which)
{
    if (!s || i >= s->nmoves) return 0;
    const pp_mcts_move *m = &s->moves[i];
    switch (which) {
    case 0: return m->move;
    case 1: return m->visits;
    case 2: return m->mean;
    case 3: return m->ucb;
    case 4: return m->lo;
    case 5: return m->hi;
    case 6: return m->proven;
    case 7: return i < s->next ? s->exact[i] : 0;
    default: return 0;
    }
}

/* The choice changes: part 0 the iterations (uint32), 1 the moves (int32). */
EXPORT const void *ppw_mcts_changes(const ppw_mcts *s, int part)
{
    if (!s) return NULL;
    return part ? (const void *)s->changes.to : (const void *)s->changes.at;
}

EXPORT const int32_t *ppw_mcts_trace(const ppw_mcts *s) { return s && s->trace ? pp_trace_records(s->trace) : NULL; }
EXPORT uint32_t ppw_mcts_trace_count(const ppw_mcts *s) { return s && s->trace ? pp_trace_count(s->trace) : 0; }
EXPORT int ppw_mcts_trace_truncated(const ppw_mcts *s) { return s && s->trace ? pp_trace_truncated(s->trace) : 0; }
