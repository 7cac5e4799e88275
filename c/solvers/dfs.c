/* dfs.c: depth-first minimax with an on-path cycle check, naive and memoized.
 *
 * The algorithm as the teaching material writes it (the numbers are the
 * steps the trace records), for the player to move in s:
 *
 *   solve(s):
 *   1. if s is terminal: return its winner
 *   2. (memo only) if memo[s] is known: return memo[s]
 *   3. if s is on the current path: return draw          (the cycle check)
 *   4. put s on the path
 *   5. for each move s -> t: r = solve(t)
 *   6.     if r is a win for s's mover: take s off the path, (memo[s] = r),
 *          return r
 *          if r is a draw: remember that a draw is possible
 *   7. take s off the path; best = draw if one was possible, else a loss;
 *      (memo[s] = best); return best
 *
 * Why the memo is wrong (kept on purpose, as a teaching exhibit): step 3
 * answers "draw" for a state only because it is on the path *now*. A result
 * computed from such an answer depends on the path, yet step 7 stores it in
 * the memo as the state's value, and step 2 serves it later to callers whose
 * path is different. On a cycle, states can so be stored as draws that are
 * really wins or losses. The naive search stores nothing and is exact, but
 * takes exponential time.
 *
 * The recursion is run on an explicit stack (a state graph can be millions
 * of states deep); the moves of every open call live in one growing arena.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct frame {
    uint32_t state;
    uint32_t first; /* its moves: arena[first .. first + count) */
    uint32_t count;
    uint32_t next; /* the next move to try */
    uint8_t mover;
    uint8_t best; /* outcome so far: a loss, or a draw once one is seen */
} frame;

typedef struct search {
    const pp_retro_game *g;
    pp_dfs_kind kind;
    pp_trace *tr;
    uint8_t *on_path;
    uint8_t *memo;
    frame *stack;
    uint32_t depth, stack_cap;
    uint32_t *arena;
    size_t arena_len, arena_cap;
    uint64_t budget;
    pp_dfs_stats st;
    pp_error *err;
    pp_status status; /* of the first failure */
} search;

static uint8_t fail(search *x, pp_status code, const char *msg, unsigned long long a)
{
    x->status = code;
    pp__fail(x->err, code, msg, a);
    return PP_INVALID;
}

enum { PENDING = 0xFE };

static uint8_t winner_if(uint8_t mover, int wins) { return (uint8_t)(wins ? mover + 1 : 2 - mover); }

/* Steps 1 to 4 for a call on s: its result, or PENDING when a frame was
 * pushed. On failure (budget, memory) sets err and returns PP_INVALID. */
static uint8_t call(search *x, uint32_t s)
{
    const pp_retro_game *g = x->g;
    pp_state_info info = {0, 0, 0, 0};
    g->info(g->ctx, s, &info);
    if (info.kind == PP_STATE_INVALID) return fail(x, PP_ERR_ARG, "the game lists invalid state %llu as a move", s);
    if (info.kind == PP_STATE_TERMINAL) { /* Step 1. */
        x->st.leaves++;
        ppt_emit(x->tr, PP_EV_LEAF, 1, (int32_t)s, info.outcome, 0);
        return info.outcome;
    }
    if (x->kind == PP_DFS_MEMO && x->memo[s] != PP_UNSEEN) { /* Step 2. */
        x->st.memo_hits++;
        ppt_emit(x->tr, PP_EV_MEMO_HIT, 2, (int32_t)s, x->memo[s], 0);
        return x->memo[s];
    }
    if (x->on_path[s]) { /* Step 3. */
        x->st.cycles++;
        ppt_emit(x->tr, PP_EV_CYCLE, 3, (int32_t)s, 0, 0);
        return PP_DRAW;
    }
    if (x->st.nodes >= x->budget)
        return fail(x, PP_ERR_BUDGET, "the search gave up after its budget of %llu states", x->budget);
    /* Step 4. */
    if (x->depth == x->stack_cap) {
        uint32_t cap = x->stack_cap ? x->stack_cap * 2 : 64;
        frame *f = realloc(x->stack, (size_t)cap * sizeof *f);
        if (!f) goto nomem;
        x->stack = f;
        x->stack_cap = cap;
    }
    if (x->arena_len + g->max_moves > x->arena_cap) {
        size_t cap = x->arena_cap ? x->arena_cap * 2 : 1024;
        while (cap < x->arena_len + g->max_moves) cap *= 2;
        uint32_t *a = realloc(x->arena, cap * sizeof *a);
        if (!a) goto nomem;
        x->arena = a;
        x->arena_cap = cap;
    }
    frame *f = &x->stack[x->depth++];
    f->state = s;
    f->first = (uint32_t)x->arena_len;
    f->count = g->children(g->ctx, s, x->arena + x->arena_len);
    f->next = 0;
    f->mover = info.mover;
    f->best = winner_if(info.mover, 0);
    x->arena_len += f->count;
    x->on_path[s] = 1;
    x->st.nodes++;
    if (x->depth > x->st.max_depth) x->st.max_depth = x->depth;
    ppt_emit(x->tr, PP_EV_ENTER, 4, (int32_t)s, (int32_t)x->depth - 1, 0);
    return PENDING;
nomem:
    return fail(x, PP_ERR_NOMEM, "out of memory at search depth %llu", x->depth);
}

/* Steps 6 and 7: the top call returns `result`. */
static uint8_t finish(search *x, uint8_t result, int step)
{
    frame *f = &x->stack[--x->depth];
    x->on_path[f->state] = 0;
    if (x->kind == PP_DFS_MEMO) x->memo[f->state] = result;
    ppt_emit(x->tr, PP_EV_EXIT, step, (int32_t)f->state, result, 0);
    x->arena_len = f->first;
    return result;
}

pp_status pp_dfs_solve(const pp_retro_game *g, pp_dfs_kind kind, uint32_t start, uint64_t budget, pp_trace *trace,
                       uint8_t *answer, uint8_t *labels, pp_dfs_stats *stats, pp_error *err)
{
    if (!g || !g->info || !g->children || !answer)
        return pp__fail(err, PP_ERR_ARG, "pp_dfs_solve: a game with moves and an answer are needed");
    if (start >= g->nstates) return pp__fail(err, PP_ERR_ARG, "pp_dfs_solve: no state %u", start);
    if ((uint64_t)g->nstates * 2 > PP_MEMORY_BUDGET)
        return pp__fail(err, PP_ERR_LIMIT, "%u states are over the memory limit", g->nstates);
    search x;
    memset(&x, 0, sizeof x);
    x.g = g;
    x.kind = kind;
    x.tr = trace;
    x.budget = budget;
    x.err = err;
    x.on_path = calloc(g->nstates ? g->nstates : 1, 1);
    x.memo = labels ? labels : malloc(g->nstates ? g->nstates : 1);
    if (!x.on_path || !x.memo) {
        free(x.on_path);
        if (!labels) free(x.memo);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for %u states", g->nstates);
    }
    memset(x.memo, PP_UNSEEN, g->nstates);
    ppt_reserve(trace);

    pp_status status = PP_OK;
    uint8_t r = call(&x, start);
    uint32_t child = start;
    while (r != PP_INVALID) {
        if (r == PENDING) {
            /* Step 5. Try the top call's next move. */
            frame *f = &x.stack[x.depth - 1];
            if (f->next == f->count) {
                r = finish(&x, f->best, 7);
                child = f->state;
            } else {
                child = x.arena[f->first + f->next++];
                r = call(&x, child);
                continue;
            }
        }
        if (x.depth == 0) break; /* the start's own result */
        /* A move of the top call returned r. */
        frame *f = &x.stack[x.depth - 1];
        ppt_emit(x.tr, PP_EV_CHILD, 5, (int32_t)f->state, (int32_t)child, r);
        if (r == winner_if(f->mover, 1)) { /* Step 6. A winning move: return at once. */
            r = finish(&x, r, 6);
            child = f->state;
            continue;
        }
        if (r == PP_DRAW) f->best = PP_DRAW;
        r = PENDING;
    }
    if (r == PP_INVALID) status = x.status;
    else *answer = r;
    if (stats) *stats = x.st;
    free(x.on_path);
    if (!labels) free(x.memo);
    else if (kind == PP_DFS_NAIVE) memset(labels, PP_UNSEEN, g->nstates);
    free(x.stack);
    free(x.arena);
    return status;
}
