/* wasm_connect4.c: the WebAssembly exports (ppw_c4_*) of Connect Four in the
 * game-tree pillar: a position parsed from its move sequence, a move played
 * on it, and a solve by any stage with a solver whose transposition table
 * lives between calls. Thin over pp_c4_* (c/perfect_play.h);
 * web/src/engine/binding-connect4.js binds each once. The generic stages'
 * animated search goes through wasm_tree.c (its kind "connect-four").
 */
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
 * sign: lo -1, hi 1), so one seed gives the same statistics bit for bit.
 * The exact score of each column is not computed here: the view has it from
 * its analysis. The last search's result lives here until the next one. */
static pp_mcts_result mcts_last;
static pp_mcts_move mcts_moves[PP_C4_MAX_SIZE];
static int32_t mcts_proven[PP_C4_MAX_SIZE]; /* a proven column's score for the side to move */
static int32_t mcts_root_score;             /* the root's score when proven */
static uint32_t mcts_count;

/* Searches p: iterations 1 .. PP_MCTS_MAX_ITERATIONS, the seed as two 32-bit
 * halves, solver 0/1, playout 0 random, 1 decisive, uct_c and the tree's
 * memory the library's defaults, as the CLI's. 1 with the result for
 * ppw_c4_mcts_get and ppw_c4_mcts_move, 0 with the message in ppw_error()
 * (PP_ERR_BUDGET when the tree passed its memory limit). */
EXPORT int ppw_c4_mcts(const pp_c4 *p, double iterations, uint32_t seed_hi, uint32_t seed_lo, int solver, int playout)
{
    ppw_clear_error();
    mcts_count = 0;
    memset(&mcts_last, 0, sizeof mcts_last);
    mcts_last.best = -1;
    if (!p) return ppw_fail(PP_ERR_ARG, "no position");
    if (!(iterations >= 1 && iterations <= (double)PP_MCTS_MAX_ITERATIONS) ||
        iterations != (double)(uint64_t)iterations)
        return ppw_fail(PP_ERR_ARG, "iterations must be a whole number from 1 to 4000000000");
    if (solver != 0 && solver != 1) return ppw_fail(PP_ERR_ARG, "solver is 0 or 1");
    if (playout != PP_MCTS_RANDOM && playout != PP_MCTS_DECISIVE)
        return ppw_fail(PP_ERR_ARG, "the playout is random (0) or decisive (1)");
    if (pp_c4_won(p)) return ppw_fail(PP_ERR_ARG, "the game is already won: nothing to search");
    pp_mcts_options o;
    pp_mcts_defaults(&o);
    o.iterations = (uint64_t)iterations;
    o.seed = (uint64_t)seed_hi << 32 | seed_lo;
    o.solver = solver;
    o.playout = playout;
    o.range = 1, o.lo = -1, o.hi = 1;
    pp_mcts *m = NULL;
    if (pp_mcts_new(pp_c4_game(p), &o, NULL, &m, &ppw_last_error) != PP_OK) return 0;
    pp_mcts_set_playout(m, pp_c4_playout);
    int done = 0;
    pp_status st = pp_mcts_run(m, UINT64_MAX, &done, &ppw_last_error);
    pp_mcts_get_result(m, &mcts_last);
    uint32_t n = pp_mcts_root_moves(m, mcts_moves, PP_C4_MAX_SIZE);
    pp_mcts_free(m);
    if (st != PP_OK) return 0;
    mcts_count = n > PP_C4_MAX_SIZE ? PP_C4_MAX_SIZE : n;
    for (uint32_t k = 0; k < mcts_count; k++)
        mcts_proven[k] = mcts_moves[k].proven ? pp_c4_score_from_value(p, mcts_moves[k].lo) : 0;
    mcts_root_score = mcts_last.proven ? pp_c4_score_from_value(p, mcts_last.value) : 0;
    return 1;
}

/* The last search by index: 0 iterations done, 1 nodes, 2 the tree's bytes,
 * 3 playout plies, 4 deepest node, 5 root moves, 6 the chosen column
 * (0-based, -1: none), 7 the root proven, 8 its score then (the side to
 * move's). */
EXPORT double ppw_c4_mcts_get(int which)
{
    const pp_mcts_result *r = &mcts_last;
    switch (which) {
    case 0: return (double)r->iterations;
    case 1: return (double)r->nodes;
    case 2: return (double)r->bytes;
    case 3: return (double)r->playout_plies;
    case 4: return r->max_depth;
    case 5: return mcts_count;
    case 6: return r->best >= 0 && (uint32_t)r->best < mcts_count ? mcts_moves[r->best].move : -1;
    case 7: return r->proven;
    case 8: return mcts_root_score;
    default: return 0;
    }
}

/* Root move i of the last search (columns left to right among the playable):
 * which 0 its column (0-based), 1 visits, 2 mean reward for the side to move,
 * 3 proven, 4 its score then (the side to move's). */
EXPORT double ppw_c4_mcts_move(uint32_t i, int which)
{
    if (i >= mcts_count) return 0;
    const pp_mcts_move *m = &mcts_moves[i];
    switch (which) {
    case 0: return m->move;
    case 1: return m->visits;
    case 2: return m->mean;
    case 3: return m->proven;
    case 4: return mcts_proven[i];
    default: return 0;
    }
}
