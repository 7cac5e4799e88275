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
 *
 * Exits (optional, pp_retro_game.exits: moves out of the state space into
 * known results, e.g. chess captures into a smaller table) bend this in two
 * places, keeping the invariant:
 *   - a state with a winning exit is a win at ply win_at unless a move inside
 *     wins sooner: it waits in `pending` and is decided (a SEED at that ply)
 *     when layer win_at - 1 starts being popped, so it stands in the queue
 *     before every in-space decision of that ply;
 *   - a state whose counter reaches 0 loses at ply max(r + 1, lose_at): when
 *     lose_at is later, it waits in `pending` for that layer likewise.
 * exits is asked again when a counter reaches 0 rather than keeping lose_at
 * per state. Drawn terminals (kind TERMINAL, outcome PP_DRAW) are decided
 * draws: never queued, so their parents keep them in their counters.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Memory: the solve touches 8 bytes a state (narrow cells), in three
 * arrays; everything else is derived once the solve is done, on demand.
 *
 *   cells   2 bytes  (4 when some state has more than 8191 moves)
 *   remote  2 bytes  remoteness of a decided state (0xFFFF: not decided)
 *   queue   4 bytes  every decided state once, in the order decided
 *
 * The cell: the hot loop reads one per reverse edge, so everything it needs
 * about a parent is packed in it.
 *
 *    15 or 31                        3    2    1   0
 *   +---------------------------------+------+-------+
 *   |  degree: moves not yet known    | mover| outcome|
 *   |  to lose (step 5)               |      | 2 bits |
 *   +---------------------------------+------+-------+
 *   outcome PP_INVALID with degree 1 marks a drawn terminal.
 *
 * The queue slot:
 *    31         30                                   0
 *   +----------+--------------------------------------+
 *   | winner   |  state                               |
 *   | is WIN1  |                                      |
 *   +----------+--------------------------------------+
 *
 * On demand (pp_retro_outcomes and _remoteness, 5 bytes a state, and
 * pp_retro_cause, 4 more: the views' arrays, built on the first call after
 * the solve; pp_retro_outcome_of reads one state for free): the cause of a
 * decision is found again by replaying the reverse edges in queue order (a
 * child popped earlier taught its parent earlier), so it is exactly the
 * child the BFS used, for one more pass over the edges.
 *
 * Tables bigger than memory (chess) could drop the queue as well: layer r + 1
 * is found by scanning `remote` for r. Not done here: the queue keeps the
 * trace's order and costs 4 bytes a state.
 */
#define CELL_OUTCOME(c) ((c) & 3u)
#define CELL_MOVER(c) (((c) >> 2) & 1u)
#define CELL_DEGREE(c) ((c) >> 3)
#define CELL_ONE_DEGREE 8u
#define MAX_MOVES ((1u << 29) - 1)
#define MAX_NARROW_MOVES ((1u << 13) - 1)
#define REMOTE_NONE 0xFFFFu
#define MAX_REMOTE 0xFFFEu

#if !defined(__GNUC__)
#define __attribute__(x)
#endif

struct pp_retro {
    const pp_retro_game *game;
    pp_trace *trace;
    uint32_t nstates;
    void *cells;       /* see above: uint16_t or uint32_t */
    int wide;          /* 32-bit cells */
    uint16_t *remote;  /* see above */
    uint32_t *queue;   /* see above; read from the start: the decisions in order */
    uint32_t head, tail;
    uint32_t *parents; /* scratch: max_parents slots */
    /* States waiting for a later layer (exits only): a binary min-heap of
     * ply << 33 | loss << 32 | state, 8 bytes an entry, grown on demand. */
    uint64_t *pending;
    uint32_t npending, cap_pending;
    uint32_t released; /* plies up to this one are in the queue already */
    int finished;
    pp_status failed; /* PP_OK, or why the solve stopped */
    /* The views' arrays, built on demand once finished (see above). */
    uint8_t *outcome;
    int32_t *remote32, *cause;
    /* Capacities of the buffers above, kept for pp_retro_reset. */
    size_t cap_states, cap_parents;
    pp_retro_stats st;
};

#define QUEUE_WIN1 0x80000000u
#define MAX_STATES 0x7FFFFFFFu

uint64_t pp_retro_bytes(uint32_t nstates, uint32_t max_parents)
{
    /* what the solve touches: cell (at most 4), remoteness, queue */
    return (uint64_t)nstates * (4 + 2 + 4) + (uint64_t)max_parents * 4 + sizeof(pp_retro);
}

uint64_t pp_retro_view_bytes(uint32_t nstates)
{
    /* outcome, remoteness and cause, built on demand */
    return (uint64_t)nstates * (1 + 4 + 4);
}

static void free_views(pp_retro *r)
{
    free(r->outcome);
    free(r->remote32);
    free(r->cause);
    r->outcome = NULL;
    r->remote32 = r->cause = NULL;
}

void pp_retro_free(pp_retro *r)
{
    if (!r) return;
    free(r->cells);
    free(r->remote);
    free(r->queue);
    free(r->parents);
    free(r->pending);
    free_views(r);
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

static inline void decide(pp_retro *r, uint32_t s, uint32_t winner, uint32_t remoteness, int wide)
{
    cell_set(r->cells, s, (cell_get(r->cells, s, wide) & ~3u) | winner, wide);
    r->remote[s] = (uint16_t)remoteness;
    r->queue[r->tail++] = s | (winner == PP_WIN1 ? QUEUE_WIN1 : 0);
}

#define PENDING_LOSS (1ull << 32)

static int pending_push(pp_retro *r, uint32_t ply, int loss, uint32_t s)
{
    if (ply > MAX_REMOTE) {
        r->failed = PP_ERR_LIMIT;
        return 0;
    }
    if (r->npending == r->cap_pending) {
        uint32_t cap = r->cap_pending ? r->cap_pending * 2 : 1024;
        uint64_t *p = cap < r->cap_pending || (uint64_t)cap * 8 > PP_MEMORY_BUDGET
                          ? NULL
                          : realloc(r->pending, (size_t)cap * sizeof *p);
        if (!p) {
            r->failed = PP_ERR_NOMEM;
            return 0;
        }
        r->pending = p;
        r->cap_pending = cap;
    }
    uint64_t e = (uint64_t)ply << 33 | (loss ? PENDING_LOSS : 0) | s;
    uint32_t i = r->npending++;
    while (i > 0 && r->pending[(i - 1) / 2] > e) {
        r->pending[i] = r->pending[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    r->pending[i] = e;
    return 1;
}

static uint64_t pending_pop(pp_retro *r)
{
    uint64_t top = r->pending[0], e = r->pending[--r->npending];
    uint32_t i = 0, n = r->npending;
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && r->pending[c + 1] < r->pending[c]) c++;
        if (r->pending[c] >= e) break;
        r->pending[i] = r->pending[c];
        i = c;
    }
    if (n) r->pending[i] = e;
    return top;
}

/* Queues the waiting states of ply `ply` (and any before it). A waiting win
 * decided sooner inside the state space is dropped. */
static void release(pp_retro *r, uint32_t ply, int wide)
{
    while (r->npending && (uint32_t)(r->pending[0] >> 33) <= ply) {
        uint64_t e = pending_pop(r);
        uint32_t s = (uint32_t)e, k = (uint32_t)(e >> 33);
        uint32_t c = cell_get(r->cells, s, wide);
        if (CELL_OUTCOME(c) != PP_DRAW) continue;
        uint32_t mover = CELL_MOVER(c);
        /* a win for the mover, or a loss: the other player wins */
        uint32_t winner = (e & PENDING_LOSS) ? (mover ? PP_WIN0 : PP_WIN1) : mover + 1;
        decide(r, s, winner, k, wide);
        r->st.seeds++;
        ppt_emit(r->trace, PP_EV_SEED, 1, (int32_t)s, (int32_t)winner, (int32_t)k);
    }
    if (ply > r->released) r->released = ply;
}

/* Once every decidable state is decided: the counts. */
static void finish(pp_retro *r)
{
    for (uint32_t i = 0; i < r->tail; i++) r->st.wins[r->queue[i] & QUEUE_WIN1 ? 1 : 0]++;
    r->st.decided = r->tail;
    r->finished = 1;
}

/* Buffers for a game's solve, kept from an earlier solve when big enough. */
static int reserve(pp_retro *r, const pp_retro_game *g)
{
    size_t n = g->nstates ? g->nstates : 1, np = g->max_parents ? g->max_parents : 1;
    int wide = g->max_moves > MAX_NARROW_MOVES;
    free_views(r);
    if (n > r->cap_states || (wide && !r->wide)) {
        free(r->cells);
        free(r->remote);
        free(r->queue);
        r->cells = malloc(n * (wide ? 4 : 2));
        r->remote = malloc(n * sizeof *r->remote);
        r->queue = malloc(n * sizeof *r->queue);
        r->cap_states = r->cells && r->remote && r->queue ? n : 0;
        if (!r->cap_states) return 0;
    }
    if (np > r->cap_parents) {
        free(r->parents);
        r->parents = malloc(np * sizeof *r->parents);
        r->cap_parents = r->parents ? np : 0;
        if (!r->parents) return 0;
    }
    r->wide = wide;
    return 1;
}

#define INFO_CHUNK 1024

/* Step 1 for states first .. first + count - 1, their info given. */
static pp_status seed_range(pp_retro *r, uint32_t first, uint32_t count, const pp_state_info *infos,
                            pp_error *err)
{
    const pp_retro_game *g = r->game;
    const uint32_t limit = r->wide ? MAX_MOVES : MAX_NARROW_MOVES;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t s = first + i;
        const pp_state_info info = infos[i];
        r->remote[s] = REMOTE_NONE;
        if (info.kind == PP_STATE_INNER && info.moves > limit)
            return pp__fail(err, PP_ERR_LIMIT, "state %u has %u moves, more than the game's bound %u", s,
                            info.moves, g->max_moves);
        uint32_t cell = (info.kind == PP_STATE_INNER ? info.moves << 3 : 0) | (uint32_t)(info.mover & 1) << 2;
        if (info.kind == PP_STATE_INVALID) {
            cell_set(r->cells, s, (cell & 4u) | PP_INVALID, r->wide);
            continue;
        }
        r->st.states++;
        if (info.kind == PP_STATE_TERMINAL && info.outcome == PP_DRAW) {
            /* A drawn terminal: decided, never queued. Marked so no step
             * ever counts it down. */
            cell_set(r->cells, s, CELL_ONE_DEGREE | (cell & 4u) | PP_INVALID, r->wide);
            continue;
        }
        uint8_t winner = 0;
        uint32_t win_at = 0, lose_at = 0;
        if (info.kind == PP_STATE_INNER && g->exits) g->exits(g->ctx, s, &win_at, &lose_at);
        if (info.kind == PP_STATE_TERMINAL)
            winner = info.outcome == PP_WIN1 ? PP_WIN1 : PP_WIN0;
        else if (info.moves == 0 && !win_at && !lose_at)
            winner = info.mover == 0 ? PP_WIN1 : PP_WIN0; /* no move: the mover loses */
        cell_set(r->cells, s, winner ? cell & 7u : cell, r->wide);
        if (winner) {
            decide(r, s, winner, 0, r->wide);
            r->st.seeds++;
            ppt_emit(r->trace, PP_EV_SEED, 1, (int32_t)s, winner, 0);
        } else if ((win_at || (info.moves == 0 && lose_at)) && !pending_push(r, win_at ? win_at : lose_at, !win_at, s)) {
            /* Exits: a win waits for its ply; so does a loss with no move left. */
            return pp__fail(err, r->failed, r->failed == PP_ERR_LIMIT ? "an exit's remoteness is over %u"
                                                                      : "out of memory for the states waiting on exits (%u)",
                            MAX_REMOTE);
        }
    }
    return PP_OK;
}

static pp_status start(pp_retro *r, const pp_retro_game *g, pp_trace *trace, pp_error *err)
{
    if (!g || !g->info || !g->parents) return pp__fail(err, PP_ERR_ARG, "pp_retro_new: no game");
    if (g->nstates > MAX_STATES)
        return pp__fail(err, PP_ERR_LIMIT, "a game of %u states is too large: the limit is %u states", g->nstates, MAX_STATES);
    uint64_t bytes = pp_retro_bytes(g->nstates, g->max_parents);
    if (bytes > PP_MEMORY_BUDGET)
        return pp__fail(err, PP_ERR_LIMIT, "%u states need %llu MiB; the limit is %llu MiB", g->nstates,
                        (unsigned long long)(bytes >> 20), (unsigned long long)(PP_MEMORY_BUDGET >> 20));
    if (!reserve(r, g)) return pp__fail(err, PP_ERR_NOMEM, "out of memory for %u states", g->nstates);
    r->game = g;
    r->trace = trace;
    r->nstates = g->nstates;
    r->head = r->tail = 0;
    r->npending = 0;
    r->released = 0;
    r->finished = 0;
    r->failed = PP_OK;
    memset(&r->st, 0, sizeof r->st);
    ppt_reserve(trace);

    /* Step 1. Seed the terminal states (and movers without a move): in
     * chunks, through the game's info_range when it has one. */
    pp_state_info infos[INFO_CHUNK];
    for (uint32_t first = 0; first < g->nstates; first += INFO_CHUNK) {
        uint32_t count = g->nstates - first < INFO_CHUNK ? g->nstates - first : INFO_CHUNK;
        if (g->info_range) g->info_range(g->ctx, first, count, infos);
        else
            for (uint32_t i = 0; i < count; i++) {
                infos[i] = (pp_state_info){0, 0, 0, 0};
                g->info(g->ctx, first + i, &infos[i]);
            }
        pp_status st = seed_range(r, first, count, infos, err);
        if (st != PP_OK) return st;
    }
    r->st.queue_peak = r->tail;
    return PP_OK;
}

pp_status pp_retro_new(const pp_retro_game *g, pp_trace *trace, pp_retro **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_retro_new: no output handle");
    *out = NULL;
    if (!g || !g->info || !g->parents) return pp__fail(err, PP_ERR_ARG, "pp_retro_new: no game");
    pp_retro *r = calloc(1, sizeof *r);
    if (!r) return pp__fail(err, PP_ERR_NOMEM, "out of memory");
    pp_status st = start(r, g, trace, err);
    if (st != PP_OK) {
        pp_retro_free(r);
        return st;
    }
    *out = r;
    return PP_OK;
}

pp_status pp_retro_reset(pp_retro *r, const pp_retro_game *g, pp_trace *trace, pp_error *err)
{
    if (!r) return pp__fail(err, PP_ERR_ARG, "pp_retro_reset: no solver");
    pp_status st = start(r, g, trace, err);
    if (st != PP_OK) {
        /* unusable until a reset succeeds: nothing to solve */
        r->nstates = 0;
        r->head = r->tail = r->npending = 0;
        r->finished = 0;
        r->failed = st;
    }
    return st;
}

/* Steps 2 to 6 until the queue is empty or `budget` reverse edges are done;
 * inlined twice, for narrow and for wide cells. Returns the edges done. */
static inline __attribute__((always_inline)) uint64_t bfs(pp_retro *r, uint64_t budget, int wide)
{
    const pp_retro_game *g = r->game;
    pp_trace *tr = r->trace;
    void *cells = r->cells;
    uint16_t *remote = r->remote;
    uint32_t *queue = r->queue;
    uint32_t *parents = r->parents;
    uint64_t relaxed = 0;
    /* The budget is checked between pops: one pop may overrun it by at most
     * max_parents reverse edges. */
    while (relaxed < budget && r->failed == PP_OK) {
        if (r->npending) {
            /* Exits: before layer d is popped, ply d + 1's waiting states
             * join the queue; with the queue empty, the next waiting ply. */
            if (r->head == r->tail) release(r, (uint32_t)(r->pending[0] >> 33), wide);
            else if ((uint32_t)remote[queue[r->head] & ~QUEUE_WIN1] + 1 > r->released)
                release(r, (uint32_t)remote[queue[r->head] & ~QUEUE_WIN1] + 1, wide);
        }
        if (r->head == r->tail) {
            /* Every state released was decided sooner: on to the next waiting ply. */
            if (r->npending) continue;
            break;
        }
        /* Step 2. Pop the head of the queue. */
        uint32_t h = r->head++;
        uint32_t s = queue[h] & ~QUEUE_WIN1;
        uint32_t w = queue[h] & QUEUE_WIN1 ? PP_WIN1 : PP_WIN0;
        uint32_t next_remote = remote[s] + 1u;
        if (next_remote > MAX_REMOTE) {
            r->head--;
            r->failed = PP_ERR_LIMIT;
            break;
        }
        ppt_emit(tr, PP_EV_POP, 2, (int32_t)s, (int32_t)w, (int32_t)remote[s]);
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
                decide(r, p, w, next_remote, wide);
                ppt_emit(tr, PP_EV_COLOR, 4, (int32_t)p, (int32_t)w, (int32_t)next_remote);
            } else {
                /* Step 5. Moving to s loses for p's mover: one option fewer. */
                cp -= CELL_ONE_DEGREE;
                cell_set(cells, p, cp, wide);
                ppt_emit(tr, PP_EV_DEGREE, 5, (int32_t)p, (int32_t)CELL_DEGREE(cp), 0);
                if (CELL_DEGREE(cp) == 0) {
                    uint32_t win_at = 0, lose_at = 0;
                    if (g->exits) g->exits(g->ctx, p, &win_at, &lose_at);
                    if (win_at) {
                        /* an exit wins: p waits in `pending` for that ply */
                    } else if (lose_at > next_remote) {
                        /* an exit holds out longer: p loses at lose_at */
                        pending_push(r, lose_at, 1, p);
                    } else {
                        /* Step 6. Every move of p loses: p's mover loses. */
                        decide(r, p, w, next_remote, wide);
                        ppt_emit(tr, PP_EV_COLOR, 6, (int32_t)p, (int32_t)w, (int32_t)next_remote);
                    }
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
    if (r->failed != PP_OK) return r->failed;
    r->st.relaxations += r->wide ? bfs(r, budget, 1) : bfs(r, budget, 0);
    r->st.pops = r->head;
    if (r->failed != PP_OK) return r->failed;
    if (r->head == r->tail && !r->npending && !r->finished) finish(r);
    if (done) *done = r->finished;
    return PP_OK;
}

/* The views' arrays (see the layout above). The cause is found by replaying
 * the reverse edges in queue order: for a win, the first child popped with
 * the winner's colour; for a loss, the last child popped; -1 where an exit
 * decided it (a win at win_at, or a loss held to lose_at) and for seeds. */
static inline uint8_t outcome_of(const pp_retro *r, uint32_t s)
{
    uint32_t c = cell_get(r->cells, s, r->wide);
    uint8_t o = (uint8_t)CELL_OUTCOME(c);
    return o == PP_INVALID && CELL_DEGREE(c) ? PP_DRAW : o; /* a drawn terminal */
}

static int build_views(pp_retro *r)
{
    size_t n = r->nstates ? r->nstates : 1;
    r->outcome = malloc(n);
    r->remote32 = malloc(n * sizeof *r->remote32);
    if (!r->outcome || !r->remote32) {
        free_views(r);
        return 0;
    }
    for (uint32_t s = 0; s < r->nstates; s++) {
        r->outcome[s] = outcome_of(r, s);
        r->remote32[s] = r->remote[s] == REMOTE_NONE ? -1 : (int32_t)r->remote[s];
    }
    return 1;
}

static int build_cause(pp_retro *r)
{
    size_t n = r->nstates ? r->nstates : 1;
    const pp_retro_game *g = r->game;
    r->cause = malloc(n * sizeof *r->cause);
    if (!r->cause) return 0;
    for (uint32_t s = 0; s < r->nstates; s++) r->cause[s] = -1;
    for (uint32_t i = 0; i < r->tail; i++) {
        uint32_t c = r->queue[i] & ~QUEUE_WIN1, w = r->outcome[c];
        uint32_t np = g->parents(g->ctx, c, r->parents);
        for (uint32_t k = 0; k < np; k++) {
            uint32_t p = r->parents[k];
            if (r->outcome[p] != w || r->remote32[p] <= 0) continue;
            if (CELL_MOVER(cell_get(r->cells, p, r->wide)) + 1 == w) {
                if (r->cause[p] < 0) r->cause[p] = (int32_t)c; /* step 4: the first */
            } else {
                r->cause[p] = (int32_t)c; /* step 6: the last */
            }
        }
    }
    for (uint32_t i = 0; g->exits && i < r->tail; i++) {
        uint32_t s = r->queue[i] & ~QUEUE_WIN1, win_at = 0, lose_at = 0;
        int32_t d = r->remote32[s];
        if (d <= 0 || r->cause[s] < 0) continue;
        g->exits(g->ctx, s, &win_at, &lose_at);
        if (CELL_MOVER(cell_get(r->cells, s, r->wide)) + 1 == r->outcome[s]) {
            if (win_at == (uint32_t)d) r->cause[s] = -1; /* the exit's seed came first */
        } else if (lose_at > (uint32_t)r->remote32[r->cause[s]] + 1) {
            r->cause[s] = -1; /* held to lose_at by an exit */
        }
    }
    return 1;
}

static int views(const pp_retro *cr)
{
    /* The arrays are a cache of the finished solve: building them does not
     * change the solve, hence the cast. */
    pp_retro *r = (pp_retro *)cr;
    if (!r || !r->finished) return 0;
    return r->outcome || build_views(r);
}

static int cause_view(const pp_retro *cr)
{
    pp_retro *r = (pp_retro *)cr;
    return views(r) && (r->cause || build_cause(r));
}

uint8_t pp_retro_outcome_of(const pp_retro *r, uint32_t s)
{
    return r && r->finished && s < r->nstates ? outcome_of(r, s) : PP_INVALID;
}

int32_t pp_retro_remoteness_of(const pp_retro *r, uint32_t s)
{
    return r && r->finished && s < r->nstates && r->remote[s] != REMOTE_NONE ? (int32_t)r->remote[s] : -1;
}

uint32_t pp_retro_nstates(const pp_retro *r) { return r ? r->nstates : 0; }
int pp_retro_done(const pp_retro *r) { return r ? r->finished : 0; }
const uint8_t *pp_retro_outcomes(const pp_retro *r) { return views(r) ? r->outcome : NULL; }
const int32_t *pp_retro_remoteness(const pp_retro *r) { return views(r) ? r->remote32 : NULL; }
const int32_t *pp_retro_cause(const pp_retro *r) { return cause_view(r) ? r->cause : NULL; }
uint32_t pp_retro_degree(const pp_retro *r, uint32_t s)
{
    if (!r || s >= r->nstates) return 0;
    uint32_t c = cell_get(r->cells, s, r->wide);
    return CELL_OUTCOME(c) == PP_INVALID ? 0 : CELL_DEGREE(c);
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

/* The layer being worked through: the remoteness of the queue's head (the
 * last decided state's once the queue is empty). For progress reports. */
uint32_t pp_retro_ply(const pp_retro *r)
{
    if (!r || r->tail == 0) return 0;
    uint32_t i = r->head < r->tail ? r->head : r->tail - 1;
    uint16_t d = r->remote[r->queue[i] & ~QUEUE_WIN1];
    return d == REMOTE_NONE ? 0 : d;
}
