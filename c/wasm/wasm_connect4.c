/* wasm_connect4.c: the WebAssembly exports (ppw_c4_*) of Connect Four in the
 * game-tree pillar, in its own module, pp-c4 (with the trees' searches, for
 * the generic stages and MCTS on its bitboards): a position parsed from its move sequence, a move played
 * on it, and a solve by any stage with a solver whose transposition table
 * lives between calls, and Monte Carlo tree search on a position as a handle
 * run in batches (ppw_c4_mcts_*). Thin over pp_c4_* and pp_mcts_* (c/perfect_play.h);
 * web/src/engine/binding-connect4.js binds each once. The generic stages'
 * animated search goes through wasm_tree.c (its kind "connect-four").
 */
#include <stdlib.h>
#include <string.h>

#include "wasm_internal.h"

/* The last solve's score and positions explored (ppw_c4_result). */
static int32_t last_score;
static uint64_t last_nodes;

/* Parses `moves` (1-based column digits) on a w x h board; NULL with the
 * message in ppw_error(): "move 5 ('4'): column 4 is full" and the like. */
EXPORT pp_c4 *ppw_c4_parse(int w, int h, const char *moves)
{
    ppw_clear_error();
    if (!moves) return ppw_fail(PP_ERR_ARG, "no move sequence"), NULL;
    pp_c4 *p = NULL;
    if (pp_c4_parse(w, h, moves, strlen(moves), &p, &ppw_last_error) != PP_OK) return NULL;
    return p;
}

EXPORT void ppw_c4_free(pp_c4 *p) { pp_c4_free(p); }

/* Facts by index: 0 width, 1 height, 2 stones, 3 the last move won. */
EXPORT int ppw_c4_info(const pp_c4 *p, int which)
{
    if (!p) return 0;
    switch (which) {
    case 0: return pp_c4_width(p);
    case 1: return pp_c4_height(p);
    case 2: return pp_c4_stones(p);
    case 3: return pp_c4_won(p);
    default: return 0;
    }
}

EXPORT int ppw_c4_can_play(const pp_c4 *p, int col) { return p ? pp_c4_can_play(p, col) : 0; }

/* Plays column col (0-based): 1, or 0 with the message in ppw_error(). */
EXPORT int ppw_c4_play(pp_c4 *p, int col)
{
    ppw_clear_error();
    if (!p) return ppw_fail(PP_ERR_ARG, "no position");
    return pp_c4_play(p, col, &ppw_last_error) == PP_OK;
}

/* A solver with 2^tt_bits table entries (0: the library's default). */
EXPORT pp_c4_solver *ppw_c4_solver_new(uint32_t tt_bits)
{
    ppw_clear_error();
    pp_c4_solver *s = NULL;
    if (pp_c4_solver_new(tt_bits, &s, &ppw_last_error) != PP_OK) return NULL;
    return s;
}

EXPORT void ppw_c4_solver_free(pp_c4_solver *s) { pp_c4_solver_free(s); }

/* Solves p by `stage` (pp_c4_stage); budget in positions (0: none). 1 with
 * the score and the positions explored in ppw_c4_result, 0 on an error
 * (PP_ERR_BUDGET when the budget ran out; the positions explored are kept). */
EXPORT int ppw_c4_solve(pp_c4_solver *s, const pp_c4 *p, int stage, int weak, double budget)
{
    ppw_clear_error();
    if (!s || !p) return ppw_fail(PP_ERR_ARG, "no solver or no position");
    if (!(budget >= 0)) return ppw_fail(PP_ERR_ARG, "the budget must be at least 0");
    int32_t score = 0;
    uint64_t nodes = 0;
    pp_status st = pp_c4_solve(s, p, stage, weak, (uint64_t)budget, &score, &nodes, &ppw_last_error);
    last_nodes = nodes;
    if (st != PP_OK) return 0;
    last_score = score;
    return 1;
}

/* ppw_c4_solve for the score clamped to [lo, hi] (pp_c4_solve_range). */
EXPORT int ppw_c4_solve_range(pp_c4_solver *s, const pp_c4 *p, int stage, int lo, int hi, double budget)
{
    ppw_clear_error();
    if (!s || !p) return ppw_fail(PP_ERR_ARG, "no solver or no position");
    if (!(budget >= 0)) return ppw_fail(PP_ERR_ARG, "the budget must be at least 0");
    int32_t score = 0;
    uint64_t nodes = 0;
    pp_status st = pp_c4_solve_range(s, p, stage, lo, hi, (uint64_t)budget, &score, &nodes, &ppw_last_error);
    last_nodes = nodes;
    if (st != PP_OK) return 0;
    last_score = score;
    return 1;
}

/* 0 the last score, 1 the positions the last solve explored. */
EXPORT double ppw_c4_result(int which) { return which == 0 ? last_score : which == 1 ? (double)last_nodes : 0; }

/* The null-window probes of the solver's last solve (pp_c4_solver_probes):
 * up to max, 5 doubles each in out; how many. */
EXPORT int ppw_c4_probes(const pp_c4_solver *s, double *out, int max)
{
    return s && out ? pp_c4_solver_probes(s, out, max) : 0;
}

/* Progress: the solver's hook calls the module's onC4Progress(nodes,
 * lo, hi, window) if binding-connect4.js set one; a true return cancels the
 * solve (PP_ERR_CANCELLED). A worker cannot read a message during the call,
 * so the page's Cancel does not come this way; a caller's own limit may. */
EM_JS(int, ppw_c4_report_js, (double nodes, int lo, int hi, int window), {
    var f = Module['onC4Progress'];
    return f && f(nodes, lo, hi, window) ? 1 : 0;
});

static int report_to_js(const pp_c4_progress *p, void *ctx)
{
    (void)ctx;
    return ppw_c4_report_js((double)p->nodes, p->lo, p->hi, p->window);
}

/* Calls onC4Progress every 2^every_log2 positions of s's solves (10 to 40);
 * 0 turns it off. 1, or 0 with the message in ppw_error(). */
EXPORT int ppw_c4_solver_progress(pp_c4_solver *s, uint32_t every_log2)
{
    ppw_clear_error();
    if (!s) return ppw_fail(PP_ERR_ARG, "no solver");
    return pp_c4_solver_set_progress(s, every_log2, every_log2 ? report_to_js : NULL, NULL, &ppw_last_error) == PP_OK;
}

/* ---- the dedicated stages traced (pp_c4_solve_traced), for the player ----
 * The last traced solve's trace and counts live here until the next one or
 * ppw_c4_trace_free. */
static pp_trace *last_trace;
static pp_c4_trace_stats last_tstats;

EXPORT void ppw_c4_trace_free(void)
{
    pp_trace_free(last_trace);
    last_trace = NULL;
    memset(&last_tstats, 0, sizeof last_tstats);
}

/* Solves p by `stage` recording at most cap events: 1 solved (score and
 * positions in ppw_c4_result), 2 stopped by the budget (the trace so far is
 * kept), 0 on an error. */
EXPORT int ppw_c4_solve_traced(pp_c4_solver *s, const pp_c4 *p, int stage, int weak, double budget, uint32_t cap)
{
    ppw_clear_error();
    ppw_c4_trace_free();
    if (!s || !p) return ppw_fail(PP_ERR_ARG, "no solver or no position");
    if (!(budget >= 0)) return ppw_fail(PP_ERR_ARG, "the budget must be at least 0");
    if (pp_trace_new(cap, &last_trace, &ppw_last_error) != PP_OK) return 0;
    int32_t score = 0;
    pp_status st =
        pp_c4_solve_traced(s, p, stage, weak, (uint64_t)budget, last_trace, &score, &last_tstats, &ppw_last_error);
    last_nodes = last_tstats.nodes;
    if (st == PP_ERR_BUDGET) return 2;
    if (st != PP_OK) {
        ppw_c4_trace_free();
        return 0;
    }
    last_score = score;
    return 1;
}

EXPORT const int32_t *ppw_c4_trace_records(void) { return pp_trace_records(last_trace); }
EXPORT uint32_t ppw_c4_trace_count(void) { return pp_trace_count(last_trace); }
EXPORT int ppw_c4_trace_truncated(void) { return pp_trace_truncated(last_trace); }

/* The traced solve's counts: 0 positions, 1 table hits, 2 hits that cut,
 * 3 stores, 4 cut-offs, 5 probes, 6 node ids handed out. */
EXPORT double ppw_c4_trace_stat(int which)
{
    const pp_c4_trace_stats *t = &last_tstats;
    switch (which) {
    case 0: return (double)t->nodes;
    case 1: return (double)t->tt_hits;
    case 2: return (double)t->tt_cuts;
    case 3: return (double)t->tt_stores;
    case 4: return (double)t->cutoffs;
    case 5: return t->probes;
    case 6: return t->ids;
    default: return 0;
    }
}

/* ---- the opening book (pp_c4_book_*) ---- */

/* Reads a book file's len bytes at bytes (copied); NULL with the message in
 * ppw_error(). */
EXPORT pp_c4_book *ppw_c4_book_load(const void *bytes, size_t len)
{
    ppw_clear_error();
    pp_c4_book *b = NULL;
    if (pp_c4_book_load(bytes, len, &b, &ppw_last_error) != PP_OK) return NULL;
    return b;
}

EXPORT void ppw_c4_book_free(pp_c4_book *b) { pp_c4_book_free(b); }

/* Facts by index: 0 width, 1 height, 2 depth, 3 entries. */
EXPORT double ppw_c4_book_info(const pp_c4_book *b, int which)
{
    switch (which) {
    case 0: return pp_c4_book_width(b);
    case 1: return pp_c4_book_height(b);
    case 2: return pp_c4_book_depth(b);
    case 3: return pp_c4_book_count(b);
    default: return 0;
    }
}

/* 1 with p's score in ppw_c4_result(0) (positions explored 0) if the book
 * holds p, else 0. */
EXPORT int ppw_c4_book_get(const pp_c4_book *b, const pp_c4 *p)
{
    int32_t score = 0;
    if (!pp_c4_book_get(b, p, &score)) return 0;
    last_score = score;
    last_nodes = 0;
    return 1;
}

/* ---- Monte Carlo tree search (pp_mcts_* with pp_c4_playout) ----
 * The same search as the CLI's `solve connect-four --algo mcts`: the engine
 * on pp_c4_game, the bitboard playouts, rewards by the outcome (the score's
 * sign: lo -1, hi 1). A search handle runs in batches the worker calls until
 * it says done (a batch of iterations is the engine's own loop, so one seed
 * gives the CLI's statistics bit for bit however the iterations are split),
 * noting every iteration after which the choice (the most visited column)
 * changes. Between batches the caller reads the columns as they stand
 * (ppw_c4_mcts_read, ppw_c4_mcts_column): the page's convergence plot is
 * those readings. The exact score of each column is not computed here: the
 * view has it from its analysis. */

typedef struct ppw_c4_mcts {
    pp_c4 *pos; /* the position searched, owned: the game's ctx */
    pp_mcts *m;
    pp_mcts_move moves[PP_C4_MAX_SIZE]; /* the columns as last read */
    uint32_t nmoves;
    ppw_changes changes; /* the choice after each iteration, as its changes */
    int stopped;         /* the tree passed its memory limit: the statistics are those so far */
} ppw_c4_mcts;

EXPORT void ppw_c4_mcts_free(ppw_c4_mcts *s)
{
    if (!s) return;
    pp_mcts_free(s->m);
    pp_c4_free(s->pos);
    ppw_changes_free(&s->changes);
    free(s);
}

/* Searches the position `moves` (1-based column digits) of a w x h board:
 * iterations 1 .. PP_MCTS_MAX_ITERATIONS, the seed as two 32-bit halves,
 * uct_c 0 to 100, solver 0/1, playout 0 random, 1 decisive, memory_mib the
 * tree's limit in MiB (0: the library's default, as the CLI's). NULL with
 * the message in ppw_error(). */
EXPORT ppw_c4_mcts *ppw_c4_mcts_new(int w, int h, const char *moves, double iterations, uint32_t seed_hi,
                                    uint32_t seed_lo, double uct_c, int solver, int playout, double memory_mib)
{
    ppw_clear_error();
    if (!moves) return ppw_fail(PP_ERR_ARG, "no move sequence"), NULL;
    if (!(iterations >= 1 && iterations <= (double)PP_MCTS_MAX_ITERATIONS) ||
        iterations != (double)(uint64_t)iterations)
        return ppw_fail(PP_ERR_ARG, "iterations must be a whole number from 1 to 4000000000"), NULL;
    if (!(uct_c >= 0 && uct_c <= 100))
        return ppw_fail(PP_ERR_ARG, "the exploration constant must be from 0 to 100"), NULL;
    if (solver != 0 && solver != 1) return ppw_fail(PP_ERR_ARG, "solver is 0 or 1"), NULL;
    if (playout != PP_MCTS_RANDOM && playout != PP_MCTS_DECISIVE)
        return ppw_fail(PP_ERR_ARG, "the playout is random (0) or decisive (1)"), NULL;
    pp_mcts_options o;
    pp_mcts_defaults(&o);
    if (memory_mib != 0) {
        double bytes = memory_mib * 1048576.0;
        if (!(bytes >= (double)PP_MCTS_MIN_MEMORY && bytes <= (double)PP_MCTS_MAX_MEMORY))
            return ppw_fail(PP_ERR_LIMIT, "the tree's memory must be 0.0625 to 16384 MiB"), NULL;
        o.max_memory = (uint64_t)bytes;
    }
    o.iterations = (uint64_t)iterations;
    o.seed = (uint64_t)seed_hi << 32 | seed_lo;
    o.uct_c = uct_c;
    o.solver = solver;
    o.playout = playout;
    o.range = 1, o.lo = -1, o.hi = 1;
    ppw_c4_mcts *s = calloc(1, sizeof *s);
    if (!s) return ppw_fail(PP_ERR_NOMEM, "out of memory"), NULL;
    if (pp_c4_parse(w, h, moves, strlen(moves), &s->pos, &ppw_last_error) != PP_OK) {
        ppw_c4_mcts_free(s);
        return NULL;
    }
    if (pp_c4_won(s->pos)) {
        ppw_c4_mcts_free(s);
        return ppw_fail(PP_ERR_ARG, "the game is already won: nothing to search"), NULL;
    }
    if (pp_c4_stones(s->pos) == pp_c4_width(s->pos) * pp_c4_height(s->pos)) {
        ppw_c4_mcts_free(s);
        return ppw_fail(PP_ERR_ARG, "the board is full: nothing to search"), NULL;
    }
    if (pp_mcts_new(pp_c4_game(s->pos), &o, NULL, &s->m, &ppw_last_error) != PP_OK) {
        ppw_c4_mcts_free(s);
        return NULL;
    }
    pp_mcts_set_playout(s->m, pp_c4_playout);
    pp_mcts_on_choice(s->m, ppw_changes_note, &s->changes);
    return s;
}

/* Up to `steps` more iterations (1 .. 4e9). 1 when the search is done (its
 * iterations spent, or with the solver the root proven), 0 when there is
 * more, -1 on an error: PP_ERR_BUDGET when the tree passed its memory limit
 * (the search is over; its statistics so far stay readable). One run of
 * the engine, as the CLI's; the changes of choice are noted as the engine
 * tells them (pp_mcts_on_choice), at the iteration they happen. */
EXPORT int ppw_c4_mcts_run(ppw_c4_mcts *s, double steps)
{
    ppw_clear_error();
    if (!s) return ppw_fail(PP_ERR_ARG, "no search"), -1;
    uint64_t left = steps < 1 ? 1 : steps > 4e9 ? 4000000000u : (uint64_t)steps;
    int done = 0;
    pp_status st = pp_mcts_run(s->m, left, &done, &ppw_last_error);
    if (st != PP_OK) {
        if (st == PP_ERR_BUDGET) s->stopped = 1;
        return -1;
    }
    return done;
}

/* By index: 0 iterations done, 1 nodes, 2 the tree's bytes, 3 playout
 * plies, 4 deepest node, 5 root moves, 6 the chosen column (0-based, -1:
 * none), 7 the root proven, 8 its score then (the side to move's), 9 the
 * choice (root move index, -1: none), 10 choice changes noted, 11 they were
 * cut at their cap, 12 stopped by the tree's memory limit. */
EXPORT double ppw_c4_mcts_get(const ppw_c4_mcts *s, int which)
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
    case 6: return r.best >= 0 ? r.best_move : -1;
    case 7: return r.proven;
    case 8: return r.proven ? pp_c4_score_from_value(s->pos, r.value) : 0;
    case 9: return r.best;
    case 10: return s->changes.n;
    case 11: return s->changes.truncated;
    case 12: return s->stopped;
    default: return 0;
    }
}

/* Reads the columns as they stand (pp_mcts_root_moves) for
 * ppw_c4_mcts_column; returns their count (0 before the root is expanded). */
EXPORT int ppw_c4_mcts_read(ppw_c4_mcts *s)
{
    if (!s) return 0;
    uint32_t n = pp_mcts_root_moves(s->m, s->moves, PP_C4_MAX_SIZE);
    s->nmoves = n > PP_C4_MAX_SIZE ? PP_C4_MAX_SIZE : n;
    return (int)s->nmoves;
}

/* Root move i as last read (the playable columns left to right): which 0
 * its column (0-based), 1 visits, 2 mean reward for the side to move, 3
 * proven, 4 its score then (the side to move's), 5 UCB1 (-1: never
 * visited). */
EXPORT double ppw_c4_mcts_column(const ppw_c4_mcts *s, uint32_t i, int which)
{
    if (!s || i >= s->nmoves) return 0;
    const pp_mcts_move *m = &s->moves[i];
    switch (which) {
    case 0: return m->move;
    case 1: return m->visits;
    case 2: return m->mean;
    case 3: return m->proven;
    case 4: return m->proven ? pp_c4_score_from_value(s->pos, m->lo) : 0;
    case 5: return m->ucb;
    default: return 0;
    }
}

/* The choice changes: part 0 the iterations (uint32), 1 the root moves (int32). */
EXPORT const void *ppw_c4_mcts_changes(const ppw_c4_mcts *s, int part)
{
    if (!s) return NULL;
    return part ? (const void *)s->changes.to : (const void *)s->changes.at;
}
