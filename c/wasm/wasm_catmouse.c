/* wasm_catmouse.c: the WebAssembly exports of Cat and Mouse (LeetCode 913):
 * graphs, the start of their retrograde solve (run and read with the
 * ppw_retro_* exports of wasm_retro.c), the page's kept engine, the coarse
 * trace derived after a solve, and the depth-first searches. Errors as in wasm_api.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wasm_internal.h"

#define last_error ppw_last_error
#define clear_error ppw_clear_error

/* ---- Cat and Mouse graphs ---- */

EXPORT pp_catmouse *ppw_catmouse_parse(const char *text)
{
    pp_catmouse *g = NULL;
    clear_error();
    if (!text) {
        last_error.code = PP_ERR_ARG;
        strcpy(last_error.msg, "no input text");
        return NULL;
    }
    if (pp_catmouse_parse(text, strlen(text), &g, &last_error) != PP_OK) return NULL;
    return g;
}

EXPORT pp_catmouse *ppw_catmouse_random(int n, int avg_degree, double seed)
{
    pp_catmouse *g = NULL;
    clear_error();
    if (pp_catmouse_random(n, avg_degree, (uint64_t)seed, &g, &last_error) != PP_OK) return NULL;
    return g;
}

EXPORT pp_catmouse *ppw_catmouse_complete(int n)
{
    pp_catmouse *g = NULL;
    clear_error();
    if (pp_catmouse_complete(n, &g, &last_error) != PP_OK) return NULL;
    return g;
}

EXPORT void ppw_catmouse_free(pp_catmouse *g) { pp_catmouse_free(g); }
EXPORT int ppw_catmouse_nodes(const pp_catmouse *g) { return g ? pp_catmouse_nodes(g) : 0; }
EXPORT const int32_t *ppw_catmouse_offsets(const pp_catmouse *g) { return g ? pp_catmouse_offsets(g) : NULL; }
EXPORT const int32_t *ppw_catmouse_adjacency(const pp_catmouse *g) { return g ? pp_catmouse_adjacency(g) : NULL; }

/* ---- A retrograde solve of a Cat and Mouse graph (the ppw_retro_* exports of wasm_retro.c read it) ---- */

/* trace_cap 0: no trace; trace_mask 0: every event, else the kinds to keep
 * (PP_TRACE_COARSE for colorings only). */
EXPORT ppw_solve *ppw_retro_new_catmouse(const pp_catmouse *g, uint32_t trace_cap, uint32_t trace_mask)
{
    clear_error();
    if (!g) {
        last_error.code = PP_ERR_ARG;
        strcpy(last_error.msg, "no graph");
        return NULL;
    }
    return ppw_solve_start(pp_catmouse_retro(g), trace_cap, trace_mask);
}

/* ---- A depth-first search of a Cat and Mouse graph (naive or memo) ---- */

typedef struct ppw_dfs {
    pp_trace *trace;
    uint8_t *labels; /* the memo, PP_UNSEEN where nothing was stored */
    pp_dfs_stats stats;
    uint8_t answer;
    int status; /* pp_status of the search: PP_OK or PP_ERR_BUDGET */
} ppw_dfs;

EXPORT void ppw_dfs_free(ppw_dfs *d)
{
    if (!d) return;
    pp_trace_free(d->trace);
    free(d->labels);
    free(d);
}

/* kind 0 naive, 1 memo. A search that runs out of budget still returns its
 * handle (status PP_ERR_BUDGET, the trace so far); other failures return 0. */
EXPORT ppw_dfs *ppw_dfs_catmouse(const pp_catmouse *g, int kind, double budget, uint32_t trace_cap)
{
    clear_error();
    if (!g || (kind != PP_DFS_NAIVE && kind != PP_DFS_MEMO)) {
        last_error.code = PP_ERR_ARG;
        strcpy(last_error.msg, "no graph, or no such search");
        return NULL;
    }
    const pp_retro_game *game = pp_catmouse_retro(g);
    ppw_dfs *d = calloc(1, sizeof *d);
    if (d) d->labels = malloc(game->nstates);
    if (!d || !d->labels) {
        ppw_dfs_free(d);
        last_error.code = PP_ERR_NOMEM;
        strcpy(last_error.msg, "out of memory");
        return NULL;
    }
    if (trace_cap > 0 && pp_trace_new(trace_cap, &d->trace, &last_error) != PP_OK) {
        ppw_dfs_free(d);
        return NULL;
    }
    d->answer = PP_INVALID;
    d->status = pp_dfs_solve(game, (pp_dfs_kind)kind, pp_catmouse_start(g), budget < 1 ? 1 : (uint64_t)budget, d->trace,
                             &d->answer, d->labels, &d->stats, &last_error);
    if (d->status != PP_OK && d->status != PP_ERR_BUDGET) {
        ppw_dfs_free(d);
        return NULL;
    }
    return d;
}

EXPORT int ppw_dfs_status(const ppw_dfs *d) { return d ? d->status : PP_ERR_ARG; }
EXPORT int ppw_dfs_answer(const ppw_dfs *d) { return d ? d->answer : PP_INVALID; }
EXPORT const uint8_t *ppw_dfs_labels(const ppw_dfs *d) { return d ? d->labels : NULL; }

/* Statistics by index: 0 nodes, 1 leaves, 2 cycles, 3 memo hits, 4 max depth. */
EXPORT double ppw_dfs_stat(const ppw_dfs *d, int which)
{
    if (!d) return 0;
    switch (which) {
    case 0: return (double)d->stats.nodes;
    case 1: return (double)d->stats.leaves;
    case 2: return (double)d->stats.cycles;
    case 3: return (double)d->stats.memo_hits;
    case 4: return (double)d->stats.max_depth;
    default: return 0;
    }
}

EXPORT const int32_t *ppw_dfs_trace(const ppw_dfs *d) { return d && d->trace ? pp_trace_records(d->trace) : NULL; }
EXPORT uint32_t ppw_dfs_trace_count(const ppw_dfs *d) { return d && d->trace ? pp_trace_count(d->trace) : 0; }
EXPORT int ppw_dfs_trace_truncated(const ppw_dfs *d) { return d && d->trace ? pp_trace_truncated(d->trace) : 0; }

/* ---- The page's solves: one engine kept across requests ---- */

/* Like ppw_retro_new_catmouse, but into `kept` (a handle this function
 * returned before, or NULL for a first one): its engine's memory is reused
 * (pp_retro_reset), its old trace freed. NULL on failure, with the message
 * in ppw_error(); `kept` is then still to be freed by the caller. */
EXPORT ppw_solve *ppw_retro_keep_catmouse(ppw_solve *kept, const pp_catmouse *g, uint32_t trace_cap,
                                          uint32_t trace_mask)
{
    clear_error();
    if (!g) {
        last_error.code = PP_ERR_ARG;
        strcpy(last_error.msg, "no graph");
        return NULL;
    }
    if (!kept) return ppw_solve_start(pp_catmouse_retro(g), trace_cap, trace_mask);
    const pp_retro_game *game = pp_catmouse_retro(g);
    pp_trace_free(kept->trace);
    kept->trace = NULL;
    if (trace_cap > 0) {
        if (pp_trace_new(trace_cap, &kept->trace, &last_error) != PP_OK) return NULL;
        pp_trace_set_filter(kept->trace, trace_mask);
    }
    if (pp_retro_reset(kept->retro, game, kept->trace, &last_error) != PP_OK) return NULL;
    kept->nstates = game->nstates;
    return kept;
}

/* Bytes a solve of g takes in this module: the engine's arrays, the views'
 * (outcome, remoteness, and cause unless with_cause is 0: 4 bytes a state
 * of pp_retro_view_bytes) and a trace of trace_cap events. */
EXPORT double ppw_catmouse_solve_bytes(const pp_catmouse *g, uint32_t trace_cap, int with_cause)
{
    if (!g) return 0;
    const pp_retro_game *game = pp_catmouse_retro(g);
    uint64_t views = pp_retro_view_bytes(game->nstates) - (with_cause ? 0 : (uint64_t)game->nstates * sizeof(int32_t));
    return (double)(pp_retro_game_bytes(game) + views + (uint64_t)trace_cap * PP_TRACE_WORDS * sizeof(int32_t));
}

/* ---- The coarse trace, derived after an untraced solve ---- */

/* The page's big solves run untraced (the traced loop emits through a call
 * an edge, filtered or not: 2-3 times the untraced solve) and get the
 * coarse trace, the decisions in order, from the finished solve instead:
 * the engine's queue holds every decided state once, in the order decided
 * (retrograde.c), and pp_retro_each_decided walks it with each state's
 * remoteness. A decision is the record the traced solve would have written:
 *
 *   remoteness 0   SEED  state winner 0            step 1
 *   remoteness r   COLOR state winner r            step 4 if the state's
 *                                                  mover wins, else 6
 *
 * (Cat and Mouse has no exits: every seed is at remoteness 0 and every
 * later decision a COLOR.) */
typedef struct coarse_fill {
    const uint8_t *outcomes; /* pp_retro_outcomes */
    uint32_t nn;             /* states a turn: the cat's to move are s >= nn (perfect_play.h) */
    int32_t *out;
    uint32_t count, cap;
} coarse_fill;

static void coarse_record(void *ctx, uint32_t s, int32_t remoteness)
{
    coarse_fill *f = ctx;
    if (f->count >= f->cap) {
        f->count++; /* counted, not written: the caller sees the overflow */
        return;
    }
    int32_t winner = f->outcomes[s], mover_wins = (s >= f->nn ? PP_WIN1 : PP_WIN0) == winner;
    int32_t *rec = f->out + (size_t)f->count++ * PP_TRACE_WORDS;
    rec[0] = remoteness == 0 ? PP_EV_SEED | 1 << 8 : PP_EV_COLOR | (mover_wins ? 4 : 6) << 8;
    rec[1] = (int32_t)s;
    rec[2] = winner;
    rec[3] = remoteness;
}

/* Writes the coarse trace of the finished solve s of graph g (both as
 * given to ppw_retro_keep_catmouse or _new_catmouse, untraced) into out,
 * room for `cap` records of PP_TRACE_WORDS words: one a decided state
 * (ppw_retro_stat 4). Returns the records written, -1 on error. */
EXPORT int ppw_retro_coarse_trace(const ppw_solve *s, const pp_catmouse *g, int32_t *out, uint32_t cap)
{
    clear_error();
    if (!s || !g || !out || !pp_retro_done(s->retro)) {
        last_error.code = PP_ERR_ARG;
        strcpy(last_error.msg, "no finished solve to read the decisions of");
        return -1;
    }
    const uint8_t *outcomes = pp_retro_outcomes(s->retro);
    if (!outcomes) {
        last_error.code = PP_ERR_NOMEM;
        strcpy(last_error.msg, "out of memory for the outcomes");
        return -1;
    }
    uint32_t n = (uint32_t)pp_catmouse_nodes(g);
    coarse_fill f = {outcomes, n * n, out, 0, cap};
    pp_retro_each_decided(s->retro, coarse_record, &f);
    if (f.count > cap) {
        last_error.code = PP_ERR_ARG;
        strcpy(last_error.msg, "no room for every decision");
        return -1;
    }
    return (int)f.count;
}
