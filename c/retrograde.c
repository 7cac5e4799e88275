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

/* The hot loop reads one cell per reverse edge: everything it needs about a
 * parent is packed in it. A cell is 16 bits when no state has more than
 * 8191 moves (Cat and Mouse: always), else 32 bits; the narrow cells halve
 * the memory the random accesses touch (about 1.5x faster on the 1,000-node
 * benchmark).
 *
 *    15 or 31                        3    2    1   0
 *   +---------------------------------+------+-------+
 *   |  degree: moves not yet known    | mover| outcome|
 *   |  to lose (step 5)               |      | 2 bits |
 *   +---------------------------------+------+-------+
 */
#define CELL_OUTCOME(c) ((c) & 3u)
#define CELL_MOVER(c) (((c) >> 2) & 1u)
#define CELL_DEGREE(c) ((c) >> 3)
#define CELL_ONE_DEGREE 8u
#define MAX_MOVES ((1u << 29) - 1)
#define MAX_NARROW_MOVES ((1u << 13) - 1)

#if !defined(__GNUC__)
#define __attribute__(x)
#endif

struct pp_retro {
    const pp_retro_game *game;
    pp_trace *trace;
    uint32_t nstates;
    void *cells;       /* see above: uint16_t or uint32_t */
    int wide;          /* 32-bit cells */
    /* The queue: every state is queued at most once, when it is decided, so
     * it has nstates slots and, read from the start, it is the order of the
     * decisions. A slot holds the state with its winner in the top bit, and
     * beside it the state's remoteness and cause: the hot loop only appends
     * to these, and pp_retro_run scatters them into the per-state arrays
     * below once the queue is empty (finish). */
    uint32_t *queue;
    int32_t *qremote, *qcause;
    uint32_t head, tail;
    uint8_t *outcome;  /* PP_DRAW (undecided), PP_WIN0, PP_WIN1 or PP_INVALID */
    int32_t *remote;   /* remoteness of decided states, -1 otherwise */
    int32_t *cause;    /* the child that decided a state, -1 otherwise */
    uint32_t *parents; /* scratch: max_parents slots */
    /* Exits (pp_retro_game.exits): decisions known before the BFS reaches
     * their ply, waiting in a min-heap of (ply << 32 | winner << 31 | state).
     * Those of ply k move to the queue when the first state of layer k - 1
     * is popped (or the queue is empty), so the queue stays FIFO by ply. */
    uint64_t *pending;
    uint32_t npending, cap_pending;
    int nomem;
    int finished;
    pp_retro_stats st;
};

#define QUEUE_WIN1 0x80000000u
#define MAX_STATES 0x7FFFFFFFu

uint64_t pp_retro_bytes(uint32_t nstates, uint32_t max_parents)
{
    /* cell (at most), queue (3 words a slot), outcome, remoteness, cause */
    return (uint64_t)nstates * (4 + 12 + 1 + 4 + 4) + (uint64_t)max_parents * 4 + sizeof(pp_retro);
}

void pp_retro_free(pp_retro *r)
{
    if (!r) return;
    free(r->cells);
    free(r->outcome);
    free(r->remote);
    free(r->cause);
    free(r->queue);
    free(r->qremote);
    free(r->qcause);
    free(r->parents);
    free(r->pending);
    free(r);
}

static inline uint32_t cell_get(const void *cells, uint32_t s, int wide)
{
    return wide ? ((const uint32_t *)cells)[s] : ((const uint16_t *)cells)[s];
}

static inline void cell_set(void *cells, uint32_t s, uint32_t v, int wide)
{
    if (wide) ((uint32_t *)cells)[s] = v;
    else ((uint16_t *)cells)[s] = (uint16_t)v;
}

static inline void decide(pp_retro *r, uint32_t s, uint32_t winner, int32_t remoteness, int32_t cause,
                          int wide)
{
    uint32_t t = r->tail++;
    cell_set(r->cells, s, (cell_get(r->cells, s, wide) & ~3u) | winner, wide);
    r->queue[t] = s | (winner == PP_WIN1 ? QUEUE_WIN1 : 0);
    r->qremote[t] = remoteness;
    r->qcause[t] = cause;
}

static int pending_push(pp_retro *r, uint32_t ply, uint32_t winner, uint32_t s)
{
    if (r->npending == r->cap_pending) {
        uint32_t cap = r->cap_pending ? r->cap_pending * 2 : 1024;
        uint64_t *p = realloc(r->pending, (size_t)cap * sizeof *p);
        if (!p) return r->nomem = 1, 0;
        r->pending = p;
        r->cap_pending = cap;
    }
    uint64_t v = (uint64_t)ply << 32 | (winner == PP_WIN1 ? QUEUE_WIN1 : 0) | s;
    uint32_t i = r->npending++;
    while (i > 0 && r->pending[(i - 1) / 2] > v) {
        r->pending[i] = r->pending[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    r->pending[i] = v;
    return 1;
}

static uint64_t pending_pop(pp_retro *r)
{
    uint64_t top = r->pending[0], last = r->pending[--r->npending];
    uint32_t i = 0, n = r->npending;
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && r->pending[c + 1] < r->pending[c]) c++;
        if (r->pending[c] >= last) break;
        r->pending[i] = r->pending[c];
        i = c;
    }
    if (n) r->pending[i] = last;
    return top;
}

/* Once every decidable state is decided: the per-state arrays and counts. */
static void finish(pp_retro *r)
{
    for (uint32_t i = 0; i < r->tail; i++) {
        uint32_t s = r->queue[i] & ~QUEUE_WIN1;
        uint8_t w = r->queue[i] & QUEUE_WIN1 ? PP_WIN1 : PP_WIN0;
        r->outcome[s] = w;
        r->remote[s] = r->qremote[i];
        r->cause[s] = r->qcause[i];
        r->st.wins[w - 1]++;
    }
    r->st.decided = r->tail;
    r->finished = 1;
}

pp_status pp_retro_new(const pp_retro_game *g, pp_trace *trace, pp_retro **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_retro_new: no output handle");
    *out = NULL;
    if (!g || !g->info || !g->parents) return pp__fail(err, PP_ERR_ARG, "pp_retro_new: no game");
    if (g->nstates > MAX_STATES)
        return pp__fail(err, PP_ERR_LIMIT, "a game of %u states is too large: the limit is %u states", g->nstates, MAX_STATES);
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
    r->wide = g->max_moves > MAX_NARROW_MOVES;
    r->cells = malloc((n ? n : 1) * (r->wide ? 4 : 2));
    r->outcome = malloc(n ? n : 1);
    r->remote = malloc((n ? n : 1) * sizeof *r->remote);
    r->cause = malloc((n ? n : 1) * sizeof *r->cause);
    r->queue = malloc((n ? n : 1) * sizeof *r->queue);
    r->qremote = malloc((n ? n : 1) * sizeof *r->qremote);
    r->qcause = malloc((n ? n : 1) * sizeof *r->qcause);
    r->parents = malloc((g->max_parents ? g->max_parents : 1) * sizeof *r->parents);
    if (!r->cells || !r->outcome || !r->remote || !r->cause || !r->queue || !r->qremote ||
        !r->qcause || !r->parents) {
        pp_retro_free(r);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for %u states", g->nstates);
    }
    ppt_reserve(trace);

    /* Step 1. Seed the terminal states (and movers without a move). */
    for (uint32_t s = 0; s < g->nstates; s++) {
        pp_state_info info = {0, 0, 0, 0};
        g->info(g->ctx, s, &info);
        if (info.kind == PP_STATE_INNER && info.moves > (r->wide ? MAX_MOVES : MAX_NARROW_MOVES)) {
            pp_retro_free(r);
            return pp__fail(err, PP_ERR_LIMIT, "state %u has %u moves, more than the game's bound %u", s,
                            info.moves, g->max_moves);
        }
        uint32_t cell = (info.kind == PP_STATE_INNER ? info.moves << 3 : 0) | (uint32_t)(info.mover & 1) << 2;
        r->remote[s] = -1;
        r->cause[s] = -1;
        r->outcome[s] = PP_DRAW;
        if (info.kind == PP_STATE_INVALID) {
            r->outcome[s] = PP_INVALID;
            cell_set(r->cells, s, cell | PP_INVALID, r->wide);
            continue;
        }
        r->st.states++;
        if (info.kind == PP_STATE_TERMINAL && info.outcome == PP_DRAW) {
            /* a drawn terminal: never queued; marked like an invalid cell so
             * that a parent list naming it teaches nothing */
            cell_set(r->cells, s, (cell & 4u) | PP_INVALID, r->wide);
            continue;
        }
        uint8_t winner = 0;
        uint32_t win_at = 0, lose_at = 0;
        if (info.kind == PP_STATE_INNER && g->exits) g->exits(g->ctx, s, &win_at, &lose_at);
        if (info.kind == PP_STATE_TERMINAL)
            winner = info.outcome == PP_WIN1 ? PP_WIN1 : PP_WIN0;
        else if (win_at || (info.moves == 0 && lose_at)) {
            /* an exit decides s later: a win at win_at, or (no move inside
             * and none drawn) a loss at lose_at */
            uint32_t w = (win_at != 0) == (info.mover == 0) ? PP_WIN0 : PP_WIN1;
            if (!pending_push(r, win_at ? win_at : lose_at, w, s)) {
                pp_retro_free(r);
                return pp__fail(err, PP_ERR_NOMEM, "out of memory for the exits of %u states", g->nstates);
            }
        } else if (info.moves == 0)
            winner = info.mover == 0 ? PP_WIN1 : PP_WIN0; /* no move: the mover loses */
        cell_set(r->cells, s, winner ? cell & 7u : cell, r->wide);
        if (winner) {
            decide(r, s, winner, 0, -1, r->wide);
            r->st.seeds++;
            ppt_emit(trace, PP_EV_SEED, 1, (int32_t)s, winner, 0);
        }
    }
    r->st.queue_peak = r->tail;
    *out = r;
    return PP_OK;
}

/* Steps 2 to 6 until the queue is empty or `budget` reverse edges are done;
 * inlined twice, for narrow and for wide cells. Returns the edges done. */
static inline __attribute__((always_inline)) uint64_t bfs(pp_retro *r, uint64_t budget, int wide)
{
    const pp_retro_game *g = r->game;
    pp_trace *tr = r->trace;
    void *cells = r->cells;
    uint32_t *parents = r->parents;
    uint64_t relaxed = 0;
    /* The budget is checked between pops: one pop may overrun it by at most
     * max_parents reverse edges. */
    for (;;) {
        if (relaxed >= budget) break;
        if (r->npending) {
            /* Exits of ply k join the queue as layer k - 1 starts (or the
             * queue ran dry): after them only ply-k states are appended. */
            uint32_t k = r->head < r->tail ? (uint32_t)r->qremote[r->head] + 1 : (uint32_t)(r->pending[0] >> 32);
            while (r->npending && (uint32_t)(r->pending[0] >> 32) <= k) {
                uint64_t e = pending_pop(r);
                uint32_t ps = (uint32_t)e & ~QUEUE_WIN1;
                if (CELL_OUTCOME(cell_get(cells, ps, wide)) != PP_DRAW) continue; /* decided sooner */
                uint32_t pw = (uint32_t)e & QUEUE_WIN1 ? PP_WIN1 : PP_WIN0;
                decide(r, ps, pw, (int32_t)(e >> 32), -1, wide);
                ppt_emit(tr, PP_EV_COLOR, 4, (int32_t)ps, (int32_t)pw, (int32_t)(e >> 32));
            }
        }
        if (r->head >= r->tail) {
            if (r->npending) continue; /* that ply's exits were all decided sooner: the next */
            break;
        }
        /* Step 2. Pop the head of the queue. */
        uint32_t h = r->head++;
        uint32_t s = r->queue[h] & ~QUEUE_WIN1;
        uint32_t w = r->queue[h] & QUEUE_WIN1 ? PP_WIN1 : PP_WIN0;
        int32_t next_remote = r->qremote[h] + 1;
        ppt_emit(tr, PP_EV_POP, 2, (int32_t)s, (int32_t)w, r->qremote[h]);
        uint32_t np = g->parents(g->ctx, s, parents);
        relaxed += np;
        for (uint32_t i = 0; i < np; i++) {
            /* Step 3. A parent p, with a move into s. */
            uint32_t p = parents[i];
            ppt_emit(tr, PP_EV_PARENT, 3, (int32_t)p, (int32_t)s, 0);
            uint32_t cp = cell_get(cells, p, wide);
            if (CELL_OUTCOME(cp) != PP_DRAW) continue; /* decided already: nothing to learn */
            if (CELL_MOVER(cp) + 1 == w) {
                /* Step 4. p's mover wins by moving to s. */
                decide(r, p, w, next_remote, (int32_t)s, wide);
                ppt_emit(tr, PP_EV_COLOR, 4, (int32_t)p, (int32_t)w, next_remote);
            } else {
                /* Step 5. Moving to s loses for p's mover: one option fewer. */
                cp -= CELL_ONE_DEGREE;
                cell_set(cells, p, cp, wide);
                ppt_emit(tr, PP_EV_DEGREE, 5, (int32_t)p, (int32_t)CELL_DEGREE(cp), 0);
                if (CELL_DEGREE(cp) == 0) {
                    /* Step 6. Every move of p loses: p's mover loses, unless
                     * an exit wins (then it is pending already), and no
                     * quicker than its exits allow. */
                    uint32_t win_at = 0, lose_at = 0;
                    if (g->exits) g->exits(g->ctx, p, &win_at, &lose_at);
                    if (win_at) continue;
                    if (lose_at > (uint32_t)next_remote) {
                        if (!pending_push(r, lose_at, w, p)) return relaxed;
                        continue;
                    }
                    decide(r, p, w, next_remote, (int32_t)s, wide);
                    ppt_emit(tr, PP_EV_COLOR, 6, (int32_t)p, (int32_t)w, next_remote);
                }
            }
        }
        if (r->tail - r->head > r->st.queue_peak) r->st.queue_peak = r->tail - r->head;
    }
    return relaxed;
}

pp_status pp_retro_run(pp_retro *r, uint64_t budget, int *done)
{
    if (done) *done = 0;
    if (!r) return PP_ERR_ARG;
    r->st.relaxations += r->wide ? bfs(r, budget, 1) : bfs(r, budget, 0);
    r->st.pops = r->head;
    if (r->nomem) return PP_ERR_NOMEM;
    if (r->head == r->tail && !r->npending && !r->finished) finish(r);
    if (done) *done = r->finished;
    return PP_OK;
}

uint32_t pp_retro_nstates(const pp_retro *r) { return r ? r->nstates : 0; }
int pp_retro_done(const pp_retro *r) { return r ? r->finished : 0; }
const uint8_t *pp_retro_outcomes(const pp_retro *r) { return r ? r->outcome : NULL; }
const int32_t *pp_retro_remoteness(const pp_retro *r) { return r ? r->remote : NULL; }
const int32_t *pp_retro_cause(const pp_retro *r) { return r ? r->cause : NULL; }
uint32_t pp_retro_degree(const pp_retro *r, uint32_t s)
{
    return r && s < r->nstates ? CELL_DEGREE(cell_get(r->cells, s, r->wide)) : 0;
}

void pp_retro_get_stats(const pp_retro *r, pp_retro_stats *out)
{
    if (!out) return;
    memset(out, 0, sizeof *out);
    if (!r) return;
    *out = r->st;
    out->decided = r->tail; /* wins[] are counted by finish() */
    out->draws = r->st.states - r->tail;
}
