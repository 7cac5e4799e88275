/* retrograde.c: retrograde BFS coloring with degree counters and remoteness.
 *
 * The algorithm (the numbers are the steps the trace records):
 *
 *   1. Seed: every terminal state is decided (its winner is known, remoteness
 *      0) and queued. A mover without any legal move loses; it is seeded too.
 *      Every other state gets a counter: its number of legal moves.
 *   2. Pop the queue's head s (FIFO), decided with winner w.
 *   3. Look at each parent p of s (a state with a move into s) that is still
 *      undecided.
 *   4. If p's mover is w, p moves to s and wins: decide p for w at once.
 *   5. Otherwise that move loses for p's mover: drop p's counter.
 *   6. When the counter reaches 0, every move of p loses: decide p for the
 *      other player.
 *   Decided parents are queued; states never decided are draws.
 *
 * Invariant (why FIFO gives remoteness for free): the queue always holds
 * states of remoteness r followed by states of remoteness r + 1. So a parent
 * decided in step 4 takes its quickest win (the first losing child popped has
 * the least remoteness), and one decided in step 6 takes its longest defence
 * (the last child popped has the greatest): remoteness(p) = remoteness(s) + 1.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct pp_retro {
    const pp_retro_game *game;
    pp_trace *trace;
    uint32_t nstates;
    uint8_t *outcome;  /* PP_DRAW (undecided), PP_WIN0, PP_WIN1 or PP_INVALID */
    uint8_t *mover;    /* player to move in each state */
    uint32_t *degree;  /* moves not yet known to lose (step 5) */
    int32_t *remote;   /* remoteness of decided states, -1 otherwise */
    int32_t *cause;    /* the child that decided a state, -1 otherwise */
    uint32_t *queue;   /* every state is queued at most once: nstates slots */
    uint32_t head, tail;
    uint32_t *parents; /* scratch: max_parents slots */
    pp_retro_stats st;
};

uint64_t pp_retro_bytes(uint32_t nstates, uint32_t max_parents)
{
    /* outcome, mover, degree, remoteness, cause, queue */
    return (uint64_t)nstates * (1 + 1 + 4 + 4 + 4 + 4) + (uint64_t)max_parents * 4 + sizeof(pp_retro);
}

void pp_retro_free(pp_retro *r)
{
    if (!r) return;
    free(r->outcome);
    free(r->mover);
    free(r->degree);
    free(r->remote);
    free(r->cause);
    free(r->queue);
    free(r->parents);
    free(r);
}

static void decide(pp_retro *r, uint32_t s, uint8_t winner, int32_t remoteness, int32_t cause)
{
    r->outcome[s] = winner;
    r->remote[s] = remoteness;
    r->cause[s] = cause;
    r->queue[r->tail++] = s;
    r->st.decided++;
    r->st.wins[winner - 1]++;
}

pp_status pp_retro_new(const pp_retro_game *g, pp_trace *trace, pp_retro **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_retro_new: no output handle");
    *out = NULL;
    if (!g || !g->info || !g->parents) return pp__fail(err, PP_ERR_ARG, "pp_retro_new: no game");
    uint64_t bytes = pp_retro_bytes(g->nstates, g->max_parents);
    if (bytes > PP_MEMORY_BUDGET)
        return pp__fail(err, PP_ERR_LIMIT, "%u states need %llu MiB; the limit is %llu MiB", g->nstates,
                        (unsigned long long)(bytes >> 20), (unsigned long long)(PP_MEMORY_BUDGET >> 20));
    pp_retro *r = calloc(1, sizeof *r);
    if (!r) return pp__fail(err, PP_ERR_NOMEM, "out of memory");
    size_t n = g->nstates;
    r->game = g;
    r->trace = trace;
    r->nstates = g->nstates;
    r->outcome = malloc(n ? n : 1);
    r->mover = malloc(n ? n : 1);
    r->degree = malloc((n ? n : 1) * sizeof *r->degree);
    r->remote = malloc((n ? n : 1) * sizeof *r->remote);
    r->cause = malloc((n ? n : 1) * sizeof *r->cause);
    r->queue = malloc((n ? n : 1) * sizeof *r->queue);
    r->parents = malloc((g->max_parents ? g->max_parents : 1) * sizeof *r->parents);
    if (!r->outcome || !r->mover || !r->degree || !r->remote || !r->cause || !r->queue || !r->parents) {
        pp_retro_free(r);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for %u states", g->nstates);
    }
    ppt_reserve(trace);

    /* Step 1. Seed the terminal states (and movers without a move). */
    for (uint32_t s = 0; s < g->nstates; s++) {
        pp_state_info info = {0, 0, 0, 0};
        g->info(g->ctx, s, &info);
        r->mover[s] = info.mover;
        r->degree[s] = info.moves;
        r->remote[s] = -1;
        r->cause[s] = -1;
        r->outcome[s] = PP_DRAW;
        if (info.kind == PP_STATE_INVALID) {
            r->outcome[s] = PP_INVALID;
            r->degree[s] = 0;
            continue;
        }
        r->st.states++;
        uint8_t winner = 0;
        if (info.kind == PP_STATE_TERMINAL)
            winner = info.outcome == PP_WIN1 ? PP_WIN1 : PP_WIN0;
        else if (info.moves == 0)
            winner = info.mover == 0 ? PP_WIN1 : PP_WIN0; /* no move: the mover loses */
        if (winner) {
            r->degree[s] = 0;
            decide(r, s, winner, 0, -1);
            r->st.seeds++;
            ppt_emit(trace, PP_EV_SEED, 1, (int32_t)s, winner, 0);
        }
    }
    r->st.queue_peak = r->tail;
    *out = r;
    return PP_OK;
}

pp_status pp_retro_run(pp_retro *r, uint64_t budget, int *done)
{
    if (done) *done = 0;
    if (!r) return PP_ERR_ARG;
    const pp_retro_game *g = r->game;
    pp_trace *tr = r->trace;
    uint8_t *outcome = r->outcome;
    const uint8_t *mover = r->mover;
    uint32_t *degree = r->degree;
    uint32_t *parents = r->parents;
    uint64_t relaxed = 0;
    /* The budget is checked between pops: one pop may overrun it by at most
     * max_parents reverse edges. */
    while (r->head < r->tail && relaxed < budget) {
        /* Step 2. Pop the head of the queue. */
        uint32_t s = r->queue[r->head++];
        uint8_t w = outcome[s];
        int32_t next_remote = r->remote[s] + 1;
        r->st.pops++;
        ppt_emit(tr, PP_EV_POP, 2, (int32_t)s, w, r->remote[s]);
        uint32_t np = g->parents(g->ctx, s, parents);
        relaxed += np;
        for (uint32_t i = 0; i < np; i++) {
            /* Step 3. A parent p, with a move into s. */
            uint32_t p = parents[i];
            ppt_emit(tr, PP_EV_PARENT, 3, (int32_t)p, (int32_t)s, 0);
            if (outcome[p] != PP_DRAW) continue; /* decided already: nothing to learn */
            if (mover[p] + 1 == w) {
                /* Step 4. p's mover wins by moving to s. */
                decide(r, p, w, next_remote, (int32_t)s);
                ppt_emit(tr, PP_EV_COLOR, 4, (int32_t)p, w, next_remote);
            } else {
                /* Step 5. Moving to s loses for p's mover: one option fewer. */
                uint32_t left = --degree[p];
                ppt_emit(tr, PP_EV_DEGREE, 5, (int32_t)p, (int32_t)left, 0);
                if (left == 0) {
                    /* Step 6. Every move of p loses: p's mover loses. */
                    decide(r, p, w, next_remote, (int32_t)s);
                    ppt_emit(tr, PP_EV_COLOR, 6, (int32_t)p, w, next_remote);
                }
            }
        }
        if (r->tail - r->head > r->st.queue_peak) r->st.queue_peak = r->tail - r->head;
    }
    r->st.relaxations += relaxed;
    if (done) *done = r->head == r->tail;
    return PP_OK;
}

uint32_t pp_retro_nstates(const pp_retro *r) { return r ? r->nstates : 0; }
const uint8_t *pp_retro_outcomes(const pp_retro *r) { return r ? r->outcome : NULL; }
const int32_t *pp_retro_remoteness(const pp_retro *r) { return r ? r->remote : NULL; }
const int32_t *pp_retro_cause(const pp_retro *r) { return r ? r->cause : NULL; }
const uint32_t *pp_retro_degrees(const pp_retro *r) { return r ? r->degree : NULL; }

void pp_retro_get_stats(const pp_retro *r, pp_retro_stats *out)
{
    if (!out) return;
    memset(out, 0, sizeof *out);
    if (!r) return;
    *out = r->st;
    out->draws = r->st.states - r->st.decided;
}
