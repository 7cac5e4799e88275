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
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#define _DEFAULT_SOURCE /* posix_memalign, madvise */
#include <sys/mman.h>
#endif
#if defined(__GLIBC__) || (defined(__linux__) && !defined(__EMSCRIPTEN__))
#include <malloc.h> /* malloc_trim */
#endif
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Memory: the solve touches 5 or 6 bytes a state, in two arrays;
 * everything else is derived once the solve is done, on demand.
 *
 *   cells   1 byte   when no state has more than 31 moves (queue mode),
 *           2 bytes  else (4 when some state has more than 8191 moves)
 *   queue   4 bytes  every decided state once, in the order decided
 *
 * and a table of the queue's layers (8 bytes a ply, not a state): the
 * queue is sorted by remoteness (the invariant above), so a state's
 * remoteness is the ply of the layer its slot lies in. Neither a pop nor a
 * decision reads or writes a remoteness:
 *
 *   layers[i]:  63          48 47         32 31                       0
 *              +--------------+-------------+-------------------------+
 *              |      0       |  ply (16)   | first slot in the queue |
 *              +--------------+-------------+-------------------------+
 *
 * A row is added as the ply's layer starts being popped; the next ply's
 * decisions, from the layer's end to the tail, have none yet. In layer-scan
 * mode (below) the same table counts decisions instead of slots: a row is
 * added as a ply's decisions start (the seeds, ply 0, come before the
 * first), so pp_retro_ply_counts reads the decisions per ply in either.
 *
 * The cell: the hot loop reads one per reverse edge, so everything it needs
 * about a parent is packed in it.
 *
 *    7, 15 or 31                     3    2    1   0
 *   +---------------------------------+------+-------+
 *   |  degree: moves not yet known    | mover| outcome|
 *   |  to lose (step 5)               |      | 2 bits |
 *   +---------------------------------+------+-------+
 *   outcome PP_INVALID with degree 1 marks a drawn terminal; outcome 0
 *   with degree 0 an invalid state (an undecided state has a move left;
 *   the layer scan's byte keeps its own mark, below). Neither is ever a
 *   parent: a game lists neither, and a row (pp_parent_row) lists them
 *   only as its two skipped entries. While a queue-mode solve runs, the
 *   seeds sleep in the same form (their outcome bits cleared, the winner
 *   kept in their queue slots, woken by finish()), so every skipped entry
 *   the row loop (bfs_rows_plain) meets reads "undecided, degree 0", a test
 *   on its rare path, and a decided parent costs one test. The byte cell
 *   (5 bits of degree) halves what the hot loop's random reads and writes
 *   spread over: 2 MB instead of 4 for the 1,000-node benchmark graph, about
 *   an L2 cache here; 7-9% off the solve (bench_retro.c, same run).
 *
 * The queue slot:
 *    31         30                                   0
 *   +----------+--------------------------------------+
 *   | winner   |  state                               |
 *   | is WIN1  |                                      |
 *   +----------+--------------------------------------+
 *
 * Layer-scan mode (pp_retro_game.layer_scan): no queue, 2 or 3 bytes a
 * state when no state has more than 63 moves (PP_LAYER_SCAN_NARROW_MOVES),
 * else 4, for tables bigger than memory allows with a queue (chess, issue
 * 15):
 *
 *   cells   1 byte   the scan's own byte below (2 or 4 bytes, as above,
 *                    past 63 moves or with PP_LAYER_SCAN_WIDE)
 *   remote  1 byte   when the game bounds every remoteness and exit ply
 *                    to 254 (pp_retro_game.max_remoteness; CELLS_SCAN2),
 *           2 bytes  else: the remoteness of a decided state; of a state
 *                    waiting on an exit, the ply it waits for; or none
 *
 *    state s:  7    6      5         0     7 (15)           0
 *             +---+-------+-----------+   +------------------+
 *   cells[s]  | 0 | mover | degree (6)|   | none: all ones   |  remote[s]: undecided
 *             +---+-------+-----------+   +------------------+
 *                                         | ply it waits for |  or a win waiting
 *             +---+-----+---+-----+---+   +------------------+
 *             | 1 |0 0 0| d |mover|out|   |    remoteness    |  settled (invalid and
 *             +---+-----+---+-----+---+   +------------------+  drawn: none); a loss
 *              7   6   4  3    2   1 0                          waiting: its ply
 *
 *   The top bit says settled, the hot loop's first test (a decided parent
 *   teaches nothing); an unsettled state needs its mover and its degree
 *   only, a settled one its outcome (and the mover, for the views): the
 *   degree's 6 bits fit beside the mover in one byte because a settled
 *   state has none left (d: the degree's low bit, 1 for a drawn terminal,
 *   as in the cell above). A state with more moves than the game said
 *   fails the seeding with PP_ERR_LIMIT; a remoteness or a waiting ply
 *   past what remote holds (254, or 0xFFFE) stops the solve with
 *   PP_ERR_LIMIT, never a wrong answer.
 *
 * The states waiting on exits need no heap then (the heap's 8 bytes a
 * waiting state could pass the 2 a state), and no flag: a state waiting to
 * lose (every move counted, an exit holds out to ply k) cannot learn
 * anything more, so it is settled as a loss at once with remote k; a state
 * waiting to win stays unsettled with remote k (a move inside may win
 * sooner). As layer d begins, the states waiting for ply d + 1 are
 * released (scan_release_ply: counted, and their SEED told), ahead of every
 * in-space decision of that ply, as the queue releases them; the scan of
 * ply k then pops them with the rest. So the hot loop never meets a state
 * waiting for the ply it decides, and reads a parent's remote slot only
 * when it decides the parent. pend_at[ply] counts the waiting states, for
 * the next ply when a layer is empty.
 *
 * Layer d is popped by scanning every state for those decided at ply d, in
 * state order (the queue pops them in the order they were decided). The
 * outcomes, remoteness and counts are the queue's (a parent's fate within
 * one layer does not depend on the order its children are popped in:
 * with a winning child it is a win, else every child is counted); the
 * order of events within a layer, the "why?" child among equals and
 * queue_peak (0: no queue) may differ. A ply costs one pass over the
 * cells: slower, for less memory. The pass skips whole blocks of
 * SCAN_BLOCK states with nothing to do at that ply, from a summary of a
 * few bytes a block (under 0.02 bytes a state, counted in
 * pp_retro_game_bytes):
 *
 *   blk_next[b]  1 when a state of block b was decided at ply layer + 1
 *                (the scan of that ply pops it); blk_now: the same for
 *                ply `layer`, swapped in between layers
 *   blk_wait[b]  at most the least ply a state of block b waits for
 *                (0xFFFF: none), made exact again when the release of
 *                that ply reads the block
 *
 * A block is scanned at ply d iff blk_now[b]; its waiting states are read
 * as d begins iff blk_wait[b] <= d + 1.
 *
 * On demand (pp_retro_outcomes and _remoteness, 5 bytes a state, and
 * pp_retro_cause, 4 more: the views' arrays, built on the first call after
 * the solve, remoteness from the layers; pp_retro_outcome_of reads one
 * state for free, pp_retro_remoteness_of builds the views): the cause of a
 * decision is found again by replaying the reverse edges in queue order (a
 * child popped earlier taught its parent earlier), so it is exactly the
 * child the BFS used, for one more pass over the edges.
 *
 */
#define CELL_OUTCOME(c) ((c)&3u)
#define CELL_MOVER(c) (((c) >> 2) & 1u)
#define CELL_DEGREE(c) ((c) >> 3)
#define CELL_ONE_DEGREE 8u
#define SCAN8_SETTLED 0x80u
#define MAX_MOVES ((1u << 29) - 1)
#define MAX_NARROW_MOVES ((1u << 13) - 1)
#define MAX_BYTE_MOVES ((1u << 5) - 1)
#define MAX_SCAN_BYTE_MOVES PP_LAYER_SCAN_NARROW_MOVES /* 6 bits */
#define MAX_REMOTE 0xFFFEu
/* The cell's width (pp_retro.wide): 16 bits, 32 when some state has more
 * than MAX_NARROW_MOVES moves, 8 when none has more than MAX_BYTE_MOVES
 * (queue mode); in layer-scan mode 8 bits of the scan's own layout (see
 * above) when none has more than MAX_SCAN_BYTE_MOVES, unless the game asks
 * for the 4-byte layout (PP_LAYER_SCAN_WIDE), else 16 or 32. */
enum { CELLS_16 = 0, CELLS_32 = 1, CELLS_8 = 2, CELLS_SCAN8 = 3, CELLS_SCAN2 = 4 };
/* The layer scan's byte remoteness (CELLS_SCAN2: the byte cell and a byte
 * of remoteness, when the game bounds its remoteness to REM8_MAX): 0xFF
 * for none (rem_none), as 0xFFFF in the 2-byte slot. */
#define REM8_MAX PP_LAYER_SCAN_BYTE_PLIES /* 0xFE */
static int cells_of(const pp_retro_game *g)
{
    if (g->layer_scan && g->layer_scan != PP_LAYER_SCAN_WIDE && g->max_moves <= MAX_SCAN_BYTE_MOVES)
        return g->max_remoteness && g->max_remoteness <= REM8_MAX ? CELLS_SCAN2 : CELLS_SCAN8;
    return g->max_moves > MAX_NARROW_MOVES                    ? CELLS_32
           : g->max_moves <= MAX_BYTE_MOVES && !g->layer_scan ? CELLS_8
                                                              : CELLS_16;
}
static uint64_t cell_bytes(int wide) { return wide == CELLS_32 ? 4 : wide == CELLS_16 ? 2 : 1; }
static inline int scan_byte(int wide) { return wide == CELLS_SCAN8 || wide == CELLS_SCAN2; }
/* The layer scan's remote slot: its bytes, the greatest ply it holds. */
static uint64_t rem_bytes(int wide) { return wide == CELLS_SCAN2 ? 1 : 2; }
static inline uint32_t rem_max(int wide) { return wide == CELLS_SCAN2 ? REM8_MAX : MAX_REMOTE; }

#if !defined(__GNUC__)
#define __attribute__(x)
#endif

struct pp_retro {
    const pp_retro_game *game;
    pp_trace *trace;
    uint32_t nstates;
    void *cells;     /* see above: uint16_t or uint32_t */
    int wide;        /* the cell's width: CELLS_16, CELLS_32 or CELLS_8 */
    uint32_t *queue; /* see above; read from the start: the decisions in order */
    /* Layer-scan mode: remote instead of the queue; tail counts decisions,
     * head pops; scan_pos is where the scan of `layer` stands, mark the
     * decisions made before ply layer + 1's. */
    int scan;
    void *remote; /* uint16_t, or uint8_t (CELLS_SCAN2): rem_get, rem_set */
    uint32_t scan_pos, mark;
    uint8_t *blk_now, *blk_next; /* the block summary (see above) */
    uint16_t *blk_wait;
    size_t cap_blocks;
    size_t cap_queue, cap_remote;
    uint32_t head, tail;
    uint32_t layer, layer_end; /* the remoteness being popped; where its states end in the queue */
    uint64_t *layers;          /* see above: nlayers, room for cap_layers */
    uint32_t nlayers, cap_layers;
    /* Scratch: the reverse edges of up to batch_cap states popped together
     * (batch_cap * max_parents slots), state i's ending at ends[i]. */
    uint32_t *parents, *ends, *batch;
    pp_parent_row *rows; /* or their rows (parents_rows): batch_cap of them */
    uint32_t batch_cap;
    /* States waiting for a later layer (exits only): a binary min-heap of
     * ply << 33 | loss << 32 | state, 8 bytes an entry, grown on demand. */
    uint64_t *pending;
    uint32_t npending, cap_pending;
    /* Layer-scan mode keeps no heap: a waiting state's ply is noted in its
     * own remote slot (it has no remoteness before that ply, see above),
     * and pend_at[ply] counts those waiting for each ply. */
    uint32_t *pend_at;
    uint32_t cap_pend_at;
    uint32_t released; /* plies up to this one are in the queue already */
    int finished;
    pp_status failed;                              /* PP_OK, or why the solve stopped */
    uint32_t asleep;                               /* the seeds asleep, queue slots 0 .. asleep - 1 (see the cell) */
    uint64_t (*run)(pp_retro *r, uint64_t budget); /* the mode's loops: run_scan or run_queue */
    /* The views' arrays, built on demand once finished (see above). */
    uint8_t *outcome;
    int32_t *remote32, *cause;
    /* Capacities of the buffers above, kept for pp_retro_reset. */
    size_t cap_cell_bytes, cap_parents, cap_batch;
    pp_retro_stats st;
};

#define QUEUE_WIN1 0x80000000u
#define MAX_STATES 0x7FFFFFFFu

/* States popped together: their reverse edges are fetched in one call;
 * about 4,096 edges of scratch. (Prefetching the parents' cells of a
 * state a few pops ahead was measured: slower on both benchmark graphs.) */
#define BATCH_EDGES 4096u
#define BATCH_MAX 256u
static uint32_t batch_states(uint32_t max_parents)
{
    uint32_t b = max_parents ? BATCH_EDGES / max_parents : BATCH_MAX;
    return b < 1 ? 1 : b > BATCH_MAX ? BATCH_MAX : b;
}

/* Layer-scan mode's block summary: blocks of SCAN_BLOCK states (a power
 * of 2, a multiple of 4: the scan reads 4 slots a word). */
#define SCAN_BLOCK_SHIFT 8
#define SCAN_BLOCK (1u << SCAN_BLOCK_SHIFT)
static uint64_t scan_blocks(uint32_t nstates) { return ((uint64_t)nstates + SCAN_BLOCK - 1) >> SCAN_BLOCK_SHIFT; }

uint64_t pp_retro_bytes(uint32_t nstates, uint32_t max_parents)
{
    /* what the solve touches: cell (at most 4), remoteness, queue; scratch */
    uint64_t b = batch_states(max_parents);
    return (uint64_t)nstates * (4 + 4) + (b * (max_parents ? max_parents : 1) + 2 * b) * 4 + b * sizeof(pp_parent_row) +
           sizeof(pp_retro);
}

uint64_t pp_retro_game_bytes(const pp_retro_game *g)
{
    if (!g) return 0;
    /* as reserve() allocates: the cell at its width, the queue or (layer
     * scan) the remoteness, the batch scratch */
    uint64_t n = g->nstates ? g->nstates : 1;
    int wide = cells_of(g);
    uint64_t cell = cell_bytes(wide), slot = g->layer_scan ? rem_bytes(wide) : 4;
    uint64_t blocks = g->layer_scan ? scan_blocks(g->nstates) * (1 + 1 + 2) : 0;
    return pp_retro_bytes(g->nstates, g->max_parents) - n * (4 + 4) + n * (cell + slot) + blocks;
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
    free(r->queue);
    free(r->remote);
    free(r->blk_now);
    free(r->blk_next);
    free(r->blk_wait);
    free(r->layers);
    free(r->parents);
    free(r->ends);
    free(r->batch);
    free(r->rows);
    free(r->pending);
    free(r->pend_at);
    free_views(r);
    free(r);
}

/* The layer scan's byte (CELLS_SCAN8, drawn above) to the cell every other
 * width holds, and back: a settled byte keeps the outcome, the mover and
 * the degree's low bit (a drawn terminal's 1); a won or lost state's
 * degree is not needed any more and reads 0. */
static inline uint32_t scan8_cell(uint32_t b)
{
    if (!(b & SCAN8_SETTLED)) return (b & 0x3Fu) << 3 | (b >> 4 & 4u);
    return (b & 0xBu) == 3u ? b & 4u : b & 0xFu; /* invalid: outcome 0, degree 0 */
}
static inline uint8_t scan8_byte(uint32_t c)
{
    uint32_t o = CELL_OUTCOME(c);
    return (uint8_t)(o == 0 ? (c >> 3) | (c & 4u) << 4 : SCAN8_SETTLED | (c & (o == PP_INVALID ? 0xFu : 7u)));
}
/* An invalid state into the scan's byte: settled, outcome PP_INVALID, d 0
 * (a state of degree 0 and outcome 0 there is one waiting to win). */
static inline uint8_t scan8_invalid(uint32_t mover_bit) { return (uint8_t)(SCAN8_SETTLED | mover_bit | PP_INVALID); }

static inline uint32_t cell_get(const void *cells, uint32_t s, int wide)
{
    return wide == CELLS_32  ? ((const uint32_t *)cells)[s]
           : wide == CELLS_8 ? ((const uint8_t *)cells)[s]
           : scan_byte(wide) ? scan8_cell(((const uint8_t *)cells)[s])
                             : ((const uint16_t *)cells)[s];
}

static inline void cell_set(void *cells, uint32_t s, uint32_t v, int wide)
{
    if (wide == CELLS_32) ((uint32_t *)cells)[s] = v;
    else if (wide == CELLS_8) ((uint8_t *)cells)[s] = (uint8_t)v;
    else if (scan_byte(wide)) ((uint8_t *)cells)[s] = scan8_byte(v);
    else ((uint16_t *)cells)[s] = (uint16_t)v;
}

static inline uint32_t rem_none(int wide) { return wide == CELLS_SCAN2 ? 0xFFu : 0xFFFFu; }

static inline uint32_t rem_get(const void *remote, uint32_t s, int wide)
{
    return wide == CELLS_SCAN2 ? ((const uint8_t *)remote)[s] : ((const uint16_t *)remote)[s];
}

static inline void rem_set(void *remote, uint32_t s, uint32_t v, int wide)
{
    if (wide == CELLS_SCAN2) ((uint8_t *)remote)[s] = (uint8_t)v;
    else ((uint16_t *)remote)[s] = (uint16_t)v;
}

/* Decides s for winner at ply `ply`: queued at the tail (its remoteness is
 * its layer's), or in layer-scan mode its remoteness noted. */
static inline void decide(pp_retro *r, uint32_t s, uint32_t winner, uint32_t ply, int wide)
{
    cell_set(r->cells, s, (cell_get(r->cells, s, wide) & ~3u) | winner, wide);
    if (r->scan) {
        rem_set(r->remote, s, ply, wide);
        r->blk_next[s >> SCAN_BLOCK_SHIFT] = 1; /* seeds: ply 0, the first layer */
        r->tail++;
    } else {
        r->queue[r->tail++] = s | (winner == PP_WIN1 ? QUEUE_WIN1 : 0);
    }
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

/* Layer-scan mode: s waits for ply `ply`, noted in its remote slot: a win
 * undecided, a loss decided already (nothing can change it: every move of
 * s is counted), but counted and shown as decided when its ply's layer
 * comes (scan_release). */
static int scan_wait(pp_retro *r, uint32_t ply, int loss, uint32_t s, int wide)
{
    if (ply > rem_max(wide)) {
        r->failed = PP_ERR_LIMIT;
        return 0;
    }
    if (ply >= r->cap_pend_at) {
        uint32_t cap = r->cap_pend_at ? r->cap_pend_at : 64;
        while (cap <= ply) cap *= 2;
        uint32_t *a = realloc(r->pend_at, (size_t)cap * sizeof *a);
        if (!a) {
            r->failed = PP_ERR_NOMEM;
            return 0;
        }
        memset(a + r->cap_pend_at, 0, (size_t)(cap - r->cap_pend_at) * sizeof *a);
        r->pend_at = a;
        r->cap_pend_at = cap;
    }
    if (loss) {
        uint32_t c = cell_get(r->cells, s, wide);
        cell_set(r->cells, s, (c & ~3u) | (CELL_MOVER(c) ? PP_WIN0 : PP_WIN1), wide);
    }
    rem_set(r->remote, s, ply, wide);
    if (ply < r->blk_wait[s >> SCAN_BLOCK_SHIFT]) r->blk_wait[s >> SCAN_BLOCK_SHIFT] = (uint16_t)ply;
    r->pend_at[ply]++;
    r->npending++;
    return 1;
}

/* s waits for ply `ply`: in the heap, or in layer-scan mode in its slot. */
static int wait_for(pp_retro *r, uint32_t ply, int loss, uint32_t s, int wide)
{
    return r->scan ? scan_wait(r, ply, loss, s, wide) : pending_push(r, ply, loss, s);
}

/* Layer-scan mode: the waiting state s (remote slot rm, cell c) is decided
 * at its ply, as release() decides a state of the heap; *tail counts it. */
static inline void scan_release(pp_retro *r, pp_trace *tr, void *cells, uint32_t s, uint32_t c, uint32_t rm,
                                uint32_t *tail, int wide)
{
    uint32_t k = rm, winner = CELL_OUTCOME(c); /* a loss: decided already */
    if (winner == PP_DRAW) {                   /* a win */
        winner = CELL_MOVER(c) + 1;
        cell_set(cells, s, (c & ~3u) | winner, wide);
    }
    r->blk_next[s >> SCAN_BLOCK_SHIFT] = 1;
    (*tail)++;
    r->pend_at[k]--;
    r->npending--;
    r->st.seeds++;
    ppt_emit(tr, PP_EV_SEED, 1, (int32_t)s, (int32_t)winner, (int32_t)k);
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

/* The seeds asleep (see the cell), in queue mode: once seeded, their
 * outcome bits are cleared, so a seed met as a row's skipped entry reads
 * like an invalid state; their winners stay in their queue slots (all of
 * ply 0, slots 0 .. tail - 1 then). No loop reads a seed's cell otherwise
 * (a seed has no move: no game lists it as a parent, and relax() takes a
 * cell of no move for one never a parent); finish() wakes them, every
 * reader of an outcome waits for it, and a degree reads 0 asleep or awake. */
static void seeds_sleep(pp_retro *r)
{
    for (uint32_t i = 0; i < r->tail; i++) {
        uint32_t s = r->queue[i] & ~QUEUE_WIN1;
        cell_set(r->cells, s, cell_get(r->cells, s, r->wide) & ~3u, r->wide);
    }
    r->asleep = r->tail;
}

static void seeds_wake(pp_retro *r)
{
    for (uint32_t i = 0; i < r->asleep; i++) {
        uint32_t q = r->queue[i], s = q & ~QUEUE_WIN1;
        cell_set(r->cells, s, cell_get(r->cells, s, r->wide) | (q & QUEUE_WIN1 ? PP_WIN1 : PP_WIN0), r->wide);
    }
    r->asleep = 0;
}

/* Once every decidable state is decided: the counts. */
static void finish(pp_retro *r)
{
    seeds_wake(r);
    if (r->scan)
        for (uint32_t s = 0; s < r->nstates; s++) {
            uint32_t o = CELL_OUTCOME(cell_get(r->cells, s, r->wide));
            if (o == PP_WIN0 || o == PP_WIN1) r->st.wins[o - 1]++;
        }
    else {
        /* in a register: a counter in memory, incremented 900,000 times on the
         * 1,000-node graph, was a store-to-load chain of 1.5 ms (6% of the CLI) */
        uint64_t win1 = 0;
        for (uint32_t i = 0; i < r->tail; i++) win1 += r->queue[i] >> 31;
        r->st.wins[0] += r->tail - win1;
        r->st.wins[1] += win1;
    }
    r->st.decided = r->tail;
    r->finished = 1;
}

/* The per-state arrays. Natively on Linux, those of 1 MiB and more sit in
 * transparent huge pages (madvise; the kernel's default is "madvise"),
 * rounded up to whole ones: the hot loop's random reads miss the TLB far
 * less, and a fresh solve takes a few faults instead of one a 4 KiB page
 * (bench_retro_cli.py counts them; the byte cells of the 1,000-node graph,
 * 2,000,000 bytes, took 490 faults before the bound came down from 2 MiB). */
#define HUGE_PAGE ((size_t)2 << 20)
static void *alloc_states(size_t bytes)
{
#if defined(__linux__) && !defined(__EMSCRIPTEN__) && defined(MADV_HUGEPAGE) && !defined(PP_NO_HUGEPAGES)
    if (bytes >= HUGE_PAGE / 2) {
        void *p = NULL;
        size_t rounded = (bytes + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
        if (posix_memalign(&p, HUGE_PAGE, rounded) != 0) return NULL;
        madvise(p, rounded, MADV_HUGEPAGE); /* a hint: fine if refused */
        return p;
    }
#endif
    return malloc(bytes);
}

/* Buffers for a game's solve, kept from an earlier solve when big enough. */
static int reserve(pp_retro *r, const pp_retro_game *g)
{
    size_t n = g->nstates ? g->nstates : 1, np = g->max_parents ? g->max_parents : 1;
    int wide = cells_of(g);
    size_t bytes = n * (size_t)cell_bytes(wide);
    free_views(r);
    if (bytes > r->cap_cell_bytes) {
        free(r->cells);
        r->cells = alloc_states(bytes);
        r->cap_cell_bytes = r->cells ? bytes : 0;
        if (!r->cells) return 0;
    }
    if (!g->layer_scan && n > r->cap_queue) {
        free(r->queue);
        r->queue = alloc_states(n * sizeof *r->queue);
        r->cap_queue = r->queue ? n : 0;
        if (!r->queue) return 0;
    }
    size_t rbytes = n * (size_t)rem_bytes(wide);
    if (g->layer_scan && rbytes > r->cap_remote) {
        free(r->remote);
        r->remote = alloc_states(rbytes);
        r->cap_remote = r->remote ? rbytes : 0;
        if (!r->remote) return 0;
    }
    size_t nblk = g->layer_scan ? (size_t)scan_blocks((uint32_t)n) : 0;
    if (nblk > r->cap_blocks) {
        free(r->blk_now);
        free(r->blk_next);
        free(r->blk_wait);
        r->blk_now = malloc(nblk);
        r->blk_next = malloc(nblk);
        r->blk_wait = malloc(nblk * sizeof *r->blk_wait);
        r->cap_blocks = r->blk_now && r->blk_next && r->blk_wait ? nblk : 0;
        if (!r->cap_blocks) return 0;
    }
    size_t nb = batch_states(g->max_parents);
    if (nb * np > r->cap_parents || nb > r->cap_batch) {
        free(r->parents);
        free(r->ends);
        free(r->batch);
        free(r->rows);
        r->parents = malloc(nb * np * sizeof *r->parents);
        r->ends = malloc(nb * sizeof *r->ends);
        r->batch = malloc(nb * sizeof *r->batch);
        r->rows = malloc(nb * sizeof *r->rows);
        r->cap_parents = r->parents && r->ends && r->batch && r->rows ? nb * np : 0;
        r->cap_batch = r->cap_parents ? nb : 0;
        if (!r->cap_parents) return 0;
    }
    r->wide = wide;
    r->batch_cap = (uint32_t)nb;
    return 1;
}

#define INFO_CHUNK 1024

/* Step 1 for states first .. first + count - 1, their info given. Inlined for narrow and wide cells; an
 * inner state with moves and no exits, most states, takes the first branch. */
static inline __attribute__((always_inline)) pp_status seed_range(pp_retro *r, uint32_t first, uint32_t count,
                                                                  const pp_state_info *infos, pp_error *err, int wide)
{
    const pp_retro_game *g = r->game;
    const uint32_t limit = wide == CELLS_32  ? MAX_MOVES
                           : wide == CELLS_8 ? MAX_BYTE_MOVES
                           : scan_byte(wide) ? MAX_SCAN_BYTE_MOVES
                                             : MAX_NARROW_MOVES;
    const int plain = !g->exits;
    uint64_t inner = 0;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t s = first + i;
        const pp_state_info info = infos[i];
        if (info.kind == PP_STATE_INNER && info.moves - 1u < limit && plain) {
            cell_set(r->cells, s, info.moves << 3 | (uint32_t)(info.mover & 1) << 2, wide);
            inner++;
            continue;
        }
        if (info.kind == PP_STATE_INNER && info.moves > limit)
            return pp__fail(err, PP_ERR_LIMIT, "state %u has %u moves, more than the game's bound %u", s, info.moves,
                            g->max_moves);
        uint32_t cell = (info.kind == PP_STATE_INNER ? info.moves << 3 : 0) | (uint32_t)(info.mover & 1) << 2;
        if (info.kind == PP_STATE_INVALID) {
            /* outcome 0, degree 0 (see the cell above); the scan's byte marks it settled */
            if (scan_byte(wide)) ((uint8_t *)r->cells)[s] = scan8_invalid(cell & 4u);
            else cell_set(r->cells, s, cell & 4u, wide);
            continue;
        }
        r->st.states++;
        if (info.kind == PP_STATE_TERMINAL && info.outcome == PP_DRAW) {
            /* A drawn terminal: decided, never queued. Marked so no step
             * ever counts it down. */
            cell_set(r->cells, s, CELL_ONE_DEGREE | (cell & 4u) | PP_INVALID, wide);
            continue;
        }
        uint8_t winner = 0;
        uint32_t win_at = 0, lose_at = 0;
        if (info.kind == PP_STATE_INNER && g->exits) g->exits(g->ctx, s, &win_at, &lose_at);
        if (info.kind == PP_STATE_TERMINAL) winner = info.outcome == PP_WIN1 ? PP_WIN1 : PP_WIN0;
        else if (info.moves == 0 && !win_at && !lose_at)
            winner = info.mover == 0 ? PP_WIN1 : PP_WIN0; /* no move: the mover loses */
        cell_set(r->cells, s, winner ? cell & 7u : cell, wide);
        if (winner) {
            decide(r, s, winner, 0, wide);
            r->st.seeds++;
            ppt_emit(r->trace, PP_EV_SEED, 1, (int32_t)s, winner, 0);
        } else if ((win_at || (info.moves == 0 && lose_at)) &&
                   !wait_for(r, win_at ? win_at : lose_at, !win_at, s, wide)) {
            /* Exits: a win waits for its ply; so does a loss with no move left. */
            return pp__fail(err, r->failed,
                            r->failed == PP_ERR_LIMIT ? "an exit's remoteness is over %u"
                                                      : "out of memory for the states waiting on exits (%u)",
                            rem_max(wide));
        }
    }
    r->st.states += inner;
    return PP_OK;
}

/* A packed info word (pp_retro_game.info_packed) back as the struct. */
static pp_state_info unpack_info(uint32_t w)
{
    uint32_t kind = w & 3u, moves = w >> 3;
    pp_state_info info = {PP_STATE_TERMINAL, (uint8_t)((w >> 2) & 1u), PP_DRAW, 0};
    if (kind == 0) {
        info.kind = PP_STATE_INNER;
        info.moves = moves;
    } else if (kind != 3) {
        info.outcome = (uint8_t)kind;
    } else if (!moves) {
        info.kind = PP_STATE_INVALID;
    }
    return info;
}

/* Step 1 from packed words (the cell's own layout: see above), for states
 * first .. first + count - 1: an inner state with moves is its cell
 * already; only the others (a few, predictably rare) go through
 * seed_range. With 16-bit cells the game wrote the words in place; with
 * 8-bit ones they are copied down. */
static inline __attribute__((always_inline)) pp_status seed_packed(pp_retro *r, uint32_t first, uint32_t count,
                                                                   const uint16_t *words, pp_error *err, int wide)
{
    const int plain = !r->game->exits;
    const uint32_t limit = wide == CELLS_8 ? MAX_BYTE_MOVES : scan_byte(wide) ? MAX_SCAN_BYTE_MOVES : MAX_NARROW_MOVES;
    uint64_t inner = 0;
    /* Byte cells, four words at a time where it can (little-endian): when
     * all four are inner states with 1 to 31 moves (kind 0, high byte 0,
     * moves not 0), their low bytes are the cells. A few words a row (the
     * terminals) go one at a time. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const int quads = wide == CELLS_8 && plain;
#else
    const int quads = 0;
#endif
    const uint64_t kind_high = 0xFF03FF03FF03FF03u, moves = 0x00F800F800F800F8u, ones = 0x0001000100010001u;
    for (uint32_t i = 0; i < count;) {
        if (quads && i + 4 <= count) {
            uint64_t x;
            memcpy(&x, words + i, 8);
            uint64_t m = x & moves; /* a lane of 0 moves: m - 1 borrows into its bit 15 */
            if (!((x & kind_high) | ((m - ones) & ~m & 0x8000800080008000u))) {
                x = (x | x >> 8) & 0x0000FFFF0000FFFFu;
                uint32_t b = (uint32_t)(x | x >> 16);
                memcpy((uint8_t *)r->cells + first + i, &b, 4);
                inner += 4;
                i += 4;
                continue;
            }
        }
        uint32_t w = words[i];
        if (plain && (w & 3u) == 0 && (w >> 3) - 1u < limit) {
            if (wide == CELLS_8) ((uint8_t *)r->cells)[first + i] = (uint8_t)w;
            else if (scan_byte(wide)) cell_set(r->cells, first + i, w, wide);
            inner++;
        } else {
            pp_state_info info = unpack_info(w);
            pp_status st = seed_range(r, first + i, 1, &info, err, wide);
            if (st != PP_OK) return st;
        }
        i++;
    }
    r->st.states += inner;
    return PP_OK;
}

/* Step 1 for the chunk of states from `first`: their info from the game
 * (packed words, info_range, or info), then seeded. A function of its own,
 * called once a chunk: V8 runs a WASM function's first call to its end on
 * its baseline code (Liftoff), so seeding a table in one call ran on it
 * (15 ms of KQKR's first build in the page); a chunk at a time, the calls
 * after the first few run optimized code. */
static __attribute__((noinline)) pp_status seed_chunk(pp_retro *r, uint32_t first, pp_error *err)
{
    const pp_retro_game *g = r->game;
    const uint32_t count = g->nstates - first < INFO_CHUNK ? g->nstates - first : INFO_CHUNK;
    if (g->info_packed && r->wide != CELLS_32) {
        uint16_t words[INFO_CHUNK];
        if (r->wide == CELLS_16) { /* packed words are 16-bit cells: written in place */
            uint16_t *cells = (uint16_t *)r->cells + first;
            g->info_packed(g->ctx, first, count, cells);
            return seed_packed(r, first, count, cells, err, CELLS_16);
        }
        g->info_packed(g->ctx, first, count, words);
        return r->wide == CELLS_8       ? seed_packed(r, first, count, words, err, CELLS_8)
               : r->wide == CELLS_SCAN8 ? seed_packed(r, first, count, words, err, CELLS_SCAN8)
                                        : seed_packed(r, first, count, words, err, CELLS_SCAN2);
    }
    pp_state_info infos[INFO_CHUNK];
    if (g->info_range) g->info_range(g->ctx, first, count, infos);
    else
        for (uint32_t i = 0; i < count; i++) {
            infos[i] = (pp_state_info){0, 0, 0, 0};
            g->info(g->ctx, first + i, &infos[i]);
        }
    return r->wide == CELLS_32      ? seed_range(r, first, count, infos, err, CELLS_32)
           : r->wide == CELLS_8     ? seed_range(r, first, count, infos, err, CELLS_8)
           : r->wide == CELLS_SCAN8 ? seed_range(r, first, count, infos, err, CELLS_SCAN8)
           : r->wide == CELLS_SCAN2 ? seed_range(r, first, count, infos, err, CELLS_SCAN2)
                                    : seed_range(r, first, count, infos, err, CELLS_16);
}

static uint64_t run_scan(pp_retro *r, uint64_t budget);
static uint64_t run_queue(pp_retro *r, uint64_t budget);

static pp_status start(pp_retro *r, const pp_retro_game *g, pp_trace *trace, pp_error *err)
{
    if (!g || !g->info || !g->parents) return pp__fail(err, PP_ERR_ARG, "pp_retro_new: no game");
    if (g->nstates > MAX_STATES)
        return pp__fail(err, PP_ERR_LIMIT, "a game of %u states is too large: the limit is %u states", g->nstates,
                        MAX_STATES);
    /* the game's own budget, or the library's (what the page may hold); held
     * against the layer scan's exact bytes (2 to 4 a state, what it is for)
     * or a game's with its own budget, else the queue's most (up to 8) */
    uint64_t bytes =
        g->memory_budget || g->layer_scan ? pp_retro_game_bytes(g) : pp_retro_bytes(g->nstates, g->max_parents);
    uint64_t budget = g->memory_budget ? g->memory_budget : PP_MEMORY_BUDGET;
    if (bytes > budget)
        return pp__fail(err, PP_ERR_LIMIT, "%u states need %llu MiB; the limit is %llu MiB", g->nstates,
                        (unsigned long long)(bytes >> 20), (unsigned long long)(budget >> 20));
    if (!reserve(r, g)) return pp__fail(err, PP_ERR_NOMEM, "out of memory for %u states", g->nstates);
    r->game = g;
    r->trace = trace;
    r->nstates = g->nstates;
    r->head = r->tail = 0;
    r->layer = r->layer_end = 0;
    r->nlayers = 0;
    r->scan = g->layer_scan != 0;
    r->scan_pos = r->nstates; /* between layers */
    r->mark = 0;
    if (r->scan) {
        size_t nblk = (size_t)scan_blocks(g->nstates);
        memset(r->remote, 0xFF, (size_t)g->nstates * (size_t)rem_bytes(r->wide));
        memset(r->blk_now, 0, nblk);
        memset(r->blk_next, 0, nblk);
        memset(r->blk_wait, 0xFF, nblk * sizeof *r->blk_wait);
    }
    r->npending = 0;
    if (r->pend_at) memset(r->pend_at, 0, (size_t)r->cap_pend_at * sizeof *r->pend_at);
    r->released = 0;
    r->finished = 0;
    r->failed = PP_OK;
    r->asleep = 0;
    r->run = r->scan ? run_scan : run_queue;
    memset(&r->st, 0, sizeof r->st);
    ppt_reserve(trace);

    /* Step 1. Seed the terminal states (and movers without a move): in
     * chunks (seed_chunk), through the game's info_range when it has one.
     * Two call sites: Binaryen inlines a function called from one. */
    pp_status st = g->nstates ? seed_chunk(r, 0, err) : PP_OK;
    for (uint32_t first = INFO_CHUNK; st == PP_OK && first < g->nstates; first += INFO_CHUNK)
        st = seed_chunk(r, first, err);
    if (st != PP_OK) return st;
    r->st.queue_peak = r->scan ? 0 : r->tail;
    if (!r->scan) seeds_sleep(r);
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

/* The reverse edges of queue slots head .. head + count - 1 into r->parents,
 * state i's list ending at r->ends[i]: in one call to the game's
 * parents_batch when it has one, else one parents call a state. */
static uint32_t fill_parents(pp_retro *r, uint32_t head, uint32_t count)
{
    const pp_retro_game *g = r->game;
    uint32_t total = 0;
    if (g->parents_batch) {
        for (uint32_t i = 0; i < count; i++) r->batch[i] = r->queue[head + i] & ~QUEUE_WIN1;
        return g->parents_batch(g->ctx, r->batch, count, r->parents, r->ends);
    }
    for (uint32_t i = 0; i < count; i++) {
        total += g->parents(g->ctx, r->queue[head + i] & ~QUEUE_WIN1, r->parents + total);
        r->ends[i] = total;
    }
    return total;
}

/* A row of the layers table (see above): the decisions from the first-th
 * on are of ply `ply` (in queue mode the first-th is a queue slot). 0, and
 * the solve failed, when out of memory. */
static int add_layer(pp_retro *r, uint32_t ply, uint32_t first)
{
    if (r->nlayers == r->cap_layers) {
        uint32_t cap = r->cap_layers ? r->cap_layers * 2 : 64;
        uint64_t *l = realloc(r->layers, (size_t)cap * sizeof *l);
        if (!l) {
            r->failed = PP_ERR_NOMEM;
            return 0;
        }
        r->layers = l;
        r->cap_layers = cap;
    }
    r->layers[r->nlayers++] = (uint64_t)ply << 32 | first;
    return 1;
}

/* At a layer's end (head == layer_end): on to the next layer, releasing the
 * states waiting on exits, and noting where it starts. Returns 0 when
 * nothing is left to pop (or on failure). */
static int next_layer(pp_retro *r, int wide)
{
    /* The states between head and tail are the next ply's: decided while
     * the layer before was popped, or released at its start. */
    uint32_t ply = r->nlayers ? r->layer + 1u : 0;
    while (r->head == r->tail) {
        if (!r->npending || r->failed != PP_OK) return 0;
        /* The queue is empty: the next waiting ply. Every state released
         * may have been decided sooner: then on to the one after. */
        ply = (uint32_t)(r->pending[0] >> 33);
        release(r, ply, wide);
    }
    if (ply > MAX_REMOTE) {
        r->failed = PP_ERR_LIMIT;
        return 0;
    }
    if (!add_layer(r, ply, r->head)) return 0;
    /* Every state of this layer is in the queue already: it ends at the tail. */
    r->layer = ply;
    r->layer_end = r->tail;
    /* Exits: before layer d is popped, ply d + 1's waiting states join the
     * queue, ahead of every in-space decision of that ply. */
    if (r->npending && ply + 1u > r->released) release(r, ply + 1u, wide);
    return r->failed == PP_OK;
}

/* The loops' turn at a layer's end, with their own head and tail: on to the
 * next layer (next_layer), or 0 to stop, also when its decisions would be
 * over the remoteness limit. */
static inline __attribute__((always_inline)) int turn_layer(pp_retro *r, int wide, uint32_t head, uint32_t *tail)
{
    r->head = head;
    r->tail = *tail;
    int more = next_layer(r, wide);
    *tail = r->tail;
    if (!more) return 0;
    if (r->layer + 1u > MAX_REMOTE) {
        r->failed = PP_ERR_LIMIT;
        return 0;
    }
    return 1;
}

/* A parent p's cell, in the 16-bit form (*cp), tested against the winner w
 * of the state it moves into: outcome and mover in one test, 0 if p is
 * undecided and its mover is w's (step 4), 4 if undecided and the other's
 * (step 5), and a value with one of its two low bits set if p is decided
 * already (*cp then unread). relax() and scan_relax_run() read their
 * parents through it. */
static inline __attribute__((always_inline)) uint32_t parent_test(const void *cells, uint32_t p, uint32_t w, int wide,
                                                                  uint32_t *cp)
{
    const uint32_t mover_w = (w - 1) << 2;
    if (scan_byte(wide)) {
        const uint32_t b = ((const uint8_t *)cells)[p];
        if (b & SCAN8_SETTLED) return 1;
        *cp = scan8_cell(b);
        return (*cp & 4u) ^ mover_w;
    }
    *cp = cell_get(cells, p, wide);
    return (*cp & 7u) ^ mover_w;
}

/* Steps 3 to 6 for one reverse edge s -> p, s of winner w popped at layer
 * next_remote - 1. Inlined into every copy of the loop below. Returns 1 if
 * p was decided already. */
static inline __attribute__((always_inline)) int relax(pp_retro *r, pp_trace *tr, void *cells, uint32_t *queue,
                                                       void *remote, int scan, uint32_t *tail, int *stop, uint32_t s,
                                                       uint32_t w, uint32_t next_remote, uint32_t p, int wide)
{
    /* Step 3. A parent p, with a move into s. */
    ppt_emit(tr, PP_EV_PARENT, 3, (int32_t)p, (int32_t)s, 0);
    uint32_t cp;
    const uint32_t t = parent_test(cells, p, w, wide, &cp);
    if (t & 3u) return 1;               /* decided already: nothing to learn */
    if (cp < CELL_ONE_DEGREE) return 1; /* no move left: invalid, never a parent (see the cell) */
    /* Layer-scan mode: p does not wait for this very ply (those were
     * released when the layer began, see scan_release_ply), so its remote
     * slot is read only if p is decided now. */
    if (t == 4) {
        /* Step 5. Moving to s loses for p's mover: one option fewer. */
        cp -= CELL_ONE_DEGREE;
        cell_set(cells, p, cp, wide);
        ppt_emit(tr, PP_EV_DEGREE, 5, (int32_t)p, (int32_t)CELL_DEGREE(cp), 0);
        if (CELL_DEGREE(cp) != 0) return 0;
        const pp_retro_game *g = r->game;
        uint32_t win_at = 0, lose_at = 0;
        if (g->exits) {
            g->exits(g->ctx, p, &win_at, &lose_at);
            if (win_at) return 0; /* an exit wins: p waits in `pending` for that ply */
            if (lose_at > next_remote) {
                /* an exit holds out longer: p loses at lose_at */
                *stop |= !wait_for(r, lose_at, 1, p, wide);
                return 0;
            }
        }
        /* Step 6. Every move of p loses: p's mover loses (below). */
    }
    /* Step 4 (p's mover wins by moving to s) or 6: decide p for w. */
    cell_set(cells, p, cp | w, wide);
    if (scan) {
        uint32_t waits = rem_get(remote, p, wide);
        if (waits != rem_none(wide)) { /* a wait for a later ply: no longer */
            r->pend_at[waits]--;
            r->npending--;
        }
        rem_set(remote, p, next_remote, wide);
        r->blk_next[p >> SCAN_BLOCK_SHIFT] = 1;
        (*tail)++;
    } else {
        queue[(*tail)++] = p | (w == PP_WIN1 ? QUEUE_WIN1 : 0);
    }
    ppt_emit(tr, PP_EV_COLOR, t == 0 ? 4 : 6, (int32_t)p, (int32_t)w, (int32_t)next_remote);
    return 0;
}

/* Steps 2 to 6 until the queue is empty or `budget` reverse edges are done;
 * inlined once for each kind of cell (narrow, wide), of trace (none: no
 * emit at all, or one) and of reverse edges (rows from parents_rows, or
 * lists from parents_batch or parents). States are popped in batches of up
 * to batch_cap, their reverse edges asked for in one go. The queue's head
 * and tail live in registers (a store into the queue could otherwise alias
 * them); the layer being popped is known from where it ends in the queue,
 * so a pop reads no remoteness. Returns the edges done. */
static inline __attribute__((always_inline)) uint64_t bfs(pp_retro *r, uint64_t budget, int wide, int traced, int rows)
{
    const pp_retro_game *g = r->game;
    pp_trace *tr = traced ? r->trace : NULL;
    void *cells = r->cells;
    uint32_t *queue = r->queue;
    const uint32_t *parents = r->parents, *ends = r->ends;
    const pp_parent_row *row = r->rows;
    uint32_t head = r->head, tail = r->tail, peak = (uint32_t)r->st.queue_peak;
    uint64_t relaxed = 0;
    int stop = 0;
    /* The budget is checked between pops: one pop may overrun it by at most
     * max_parents reverse edges. */
    while (relaxed < budget && !stop) {
        if (head == r->layer_end && !turn_layer(r, wide, head, &tail)) break;
        const uint32_t next_remote = r->layer + 1u;
        uint32_t count = r->layer_end - head < r->batch_cap ? r->layer_end - head : r->batch_cap;
        if (rows) {
            for (uint32_t i = 0; i < count; i++) r->batch[i] = queue[head + i] & ~QUEUE_WIN1;
            g->parents_rows(g->ctx, r->batch, count, r->rows);
        } else {
            fill_parents(r, head, count);
        }
        uint32_t k = 0;
        for (uint32_t i = 0; i < count && relaxed < budget && !stop; i++) {
            /* Step 2. Pop the head of the queue. */
            uint32_t s = queue[head] & ~QUEUE_WIN1;
            uint32_t w = queue[head] & QUEUE_WIN1 ? PP_WIN1 : PP_WIN0;
            head++;
            ppt_emit(tr, PP_EV_POP, 2, (int32_t)s, (int32_t)w, (int32_t)(next_remote - 1));
            if (rows) {
                const int32_t *list = row[i].list;
                const uint32_t n = row[i].count, base = row[i].base;
                const int32_t skip0 = row[i].skip[0], skip1 = row[i].skip[1];
                if (!traced) {
                    /* Untraced, the skipped entries go through relax too:
                     * they are decided from the start (pp_parent_row), so
                     * relax leaves them be, and only the count leaves them
                     * out. One unpredictable branch fewer an edge. */
                    relaxed += n;
                    for (uint32_t j = 0; j < n; j++) {
                        int32_t v = list[j];
                        if (relax(r, tr, cells, queue, NULL, 0, &tail, &stop, s, w, next_remote, base + (uint32_t)v,
                                  wide))
                            relaxed -= (v == skip0) | (v == skip1);
                    }
                    if (tail - head > peak) peak = tail - head;
                    continue;
                }
                for (uint32_t j = 0; j < n; j++) {
                    int32_t v = list[j];
                    if (v == skip0 || v == skip1) continue;
                    relaxed++;
                    relax(r, tr, cells, queue, NULL, 0, &tail, &stop, s, w, next_remote, base + (uint32_t)v, wide);
                }
            } else {
                uint32_t end = ends[i];
                relaxed += end - k;
                for (; k < end; k++)
                    relax(r, tr, cells, queue, NULL, 0, &tail, &stop, s, w, next_remote, parents[k], wide);
            }
            if (tail - head > peak) peak = tail - head;
        }
    }
    r->head = head;
    r->tail = tail;
    r->st.queue_peak = peak;
    return relaxed;
}

/* Steps 2 to 6 for the commonest solve: queue mode, no trace (or one of the
 * decisions only: coarse), rows (parents_rows), no exits (Cat and Mouse in
 * the CLI and the page's big graphs). The
 * same decisions in the same order as bfs(), in a loop written for V8's
 * code generator as much as for gcc's: V8 keeps fewer registers free than
 * gcc, and spilled every value bfs()'s inner loop kept live across its rare
 * calls (exits, the heap) to the stack on every edge. Here the inner loop has
 * no call and seven live values (the entry pointer and its end, the row's
 * first cell, the winner's mover bit, the row's first queue word, the
 * queue's tail, the relaxation count):
 *
 *   - the row is a pointer to its first cell, so a parent's cell is row[v];
 *   - the skipped entries (pp_parent_row.skip) are told apart by their cell,
 *     on the loop's rare path: a skipped entry is an invalid state or a seed
 *     (a won terminal, a mover without a move), and both read "undecided,
 *     degree 0" here (the seeds asleep: see the cell), which no parent does
 *     (an undecided state has a move left; this loop leaves every decided
 *     inner state a degree of at least 1: step 6 decides a state whose
 *     counter is 1 without taking it to 0). A drawn terminal's cell, degree
 *     1, is not one: the row contract keeps them out of the skips. So a
 *     decided parent, the commonest edge on a dense graph, costs one test
 *     and no count: the skipped entries were counted on that path before,
 *     and V8 kept the count on the stack, a store and a reload an edge
 *     (Chromium 1.31x -> 1.0x native on the complete 200-node graph);
 *   - step 5 on a counter of 1 is step 6, so a loss costs no store more;
 *   - a row's entries are added to the relaxation count before the loop and
 *     the skipped ones taken off in it, rather than counted apart and added
 *     after: one value live fewer (callgrind, random 1,000-node graph: 4% fewer
 *     instructions in the solve with gcc, 6% with clang; Chromium 7% faster).
 *
 * Decided states thus keep a degree of 1 where the other loops leave 0;
 * pp_retro_degree reads a lost state's as 0, as it is. */
static inline __attribute__((always_inline)) uint64_t bfs_rows_plain(pp_retro *r, uint64_t budget, int wide, int coarse)
{
    const pp_retro_game *g = r->game;
    pp_trace *const tr = coarse ? r->trace : NULL; /* a trace of decisions only: see rows_plain_trace */
    const size_t size = wide == CELLS_32 ? 4 : wide == CELLS_8 ? 1 : 2;
    char *const cells = r->cells;
    uint32_t *const queue = r->queue;
    const pp_parent_row *const rows = r->rows;
    uint32_t head = r->head, tail = r->tail, peak = (uint32_t)r->st.queue_peak;
    uint64_t relaxed = 0;
    while (relaxed < budget) {
        if (head == r->layer_end && !turn_layer(r, wide, head, &tail)) break;
        const uint32_t next_remote = r->layer + 1u;
        uint32_t count = r->layer_end - head < r->batch_cap ? r->layer_end - head : r->batch_cap;
        for (uint32_t i = 0; i < count; i++) r->batch[i] = queue[head + i] & ~QUEUE_WIN1;
        g->parents_rows(g->ctx, r->batch, count, r->rows);
        uint32_t *qt = queue + tail;
        for (uint32_t i = 0; i < count && relaxed < budget; i++) {
            /* Step 2. Pop the head of the queue: its winner w (w - 1 is
             * qw's bit, and the mover bit of a parent w's mover moves in:
             * one value live for the three, w and the queue word of a
             * decision derived from it on the rare path). */
            const uint32_t qw = queue[head++] & QUEUE_WIN1;
            const uint32_t mover_w = qw >> 29;
            const int32_t *a = rows[i].list, *const end = a + rows[i].count;
            const uint32_t base = rows[i].base, bq = base | qw; /* + v: a decision's queue word */
            char *const row = cells + (size_t)base * size;
            relaxed += rows[i].count; /* less the skipped entries, below */
            for (; a < end; a++) {
                /* Step 3. A parent, base + v. */
                const uint32_t v = (uint32_t)*a, cp = cell_get(row, v, wide);
                const uint32_t t = (cp & 7u) ^ mover_w;
                if (t & 3u) continue; /* decided already */
                if (t == 4 && cp >= 2 * CELL_ONE_DEGREE) {
                    /* Step 5. A losing move for p's mover, not its last. */
                    cell_set(row, v, cp - CELL_ONE_DEGREE, wide);
                    continue;
                }
                if (cp < CELL_ONE_DEGREE) { /* no move: a skipped entry (invalid, or a seed asleep) */
                    relaxed--;
                    continue;
                }
                /* Step 4 (p's mover wins by moving to s) or 6 (its last
                 * move lost): decide p for w, its degree left as it was. */
                const uint32_t w = (mover_w >> 2) + 1u;
                cell_set(row, v, cp | w, wide);
                *qt++ = bq + v;
                ppt_emit(tr, PP_EV_COLOR, t == 0 ? 4 : 6, (int32_t)(base + v), (int32_t)w, (int32_t)next_remote);
            }
            tail = (uint32_t)(qt - queue);
            if (tail - head > peak) peak = tail - head;
        }
    }
    r->head = head;
    r->tail = tail;
    r->st.queue_peak = peak;
    return relaxed;
}

/* Whether bfs_rows_plain may run this solve: no trace, or one that records
 * no event of a pop or an edge (the page's coarse trace of big graphs: the
 * decisions only, which that loop emits where bfs() would, in the same
 * order); rows; no exits. */
static int rows_plain_trace(const pp_retro *r)
{
    const uint32_t per_edge = 1u << PP_EV_POP | 1u << PP_EV_PARENT | 1u << PP_EV_DEGREE;
    return r->game->parents_rows && !r->game->exits && (!r->trace || !(r->trace->mask & per_edge));
}

/* Four 16-bit slots in a word: a bit set in the top bit of each slot that
 * is 0 (exact as a whole: nonzero iff some slot is 0). */
#define SWAR_ONES 0x0001000100010001ull
static inline uint64_t swar_zero_lane(uint64_t v) { return (v - SWAR_ONES) & ~v & (0x8000ull * SWAR_ONES); }
/* The same for eight byte slots. */
#define SWAR8_ONES 0x0101010101010101ull
static inline uint64_t swar8_zero_lane(uint64_t v) { return (v - SWAR8_ONES) & ~v & (0x80ull * SWAR8_ONES); }

/* Layer-scan mode, as a layer begins: the states waiting for ply `ply`
 * (the layer's + 1) are decided, in state order, before any state of the
 * layer is popped, as the queue releases them (see above). Only the blocks
 * whose blk_wait says so are read; their blk_wait becomes exact again. */
static inline __attribute__((always_inline)) void scan_release_ply_w(pp_retro *r, uint32_t ply, uint32_t *tail,
                                                                     int wide)
{
    const uint32_t nblk = (uint32_t)scan_blocks(r->nstates), none = rem_none(wide);
    const void *const remote = r->remote; /* a store into the block summary could alias r->remote */
    uint16_t *const blk_wait = r->blk_wait;
    for (uint32_t b = 0; b < nblk; b++) {
        if (blk_wait[b] > ply) continue;
        uint32_t least = 0xFFFFu, first = b << SCAN_BLOCK_SHIFT;
        uint32_t end = r->nstates - first < SCAN_BLOCK ? r->nstates : first + SCAN_BLOCK;
        for (uint32_t s = first; s < end; s++) {
            uint32_t rm = rem_get(remote, s, wide);
            if (rm == none || rm < ply) continue; /* none, or decided (at most the layer's ply) */
            /* a wait (a win undecided, or a loss decided early) */
            if (rm == ply) scan_release(r, r->trace, r->cells, s, cell_get(r->cells, s, wide), rm, tail, wide);
            else if (rm < least) least = rm;
        }
        blk_wait[b] = (uint16_t)least;
    }
}

/* One copy a width (the layout's width a constant in the loop): the loop
 * read the width and the remote pointer again on every state (gcc). */
static void scan_release_ply(pp_retro *r, uint32_t ply, uint32_t *tail, int wide)
{
    if (!r->npending) return;
    if (wide == CELLS_SCAN2) scan_release_ply_w(r, ply, tail, CELLS_SCAN2);
    else if (wide == CELLS_SCAN8) scan_release_ply_w(r, ply, tail, CELLS_SCAN8);
    else if (wide == CELLS_32) scan_release_ply_w(r, ply, tail, CELLS_32);
    else scan_release_ply_w(r, ply, tail, CELLS_16);
}

/* Layer-scan mode, no trace or one of the decisions only (the page's
 * progress by ply: see rows_plain_trace): steps 3 to 5 for the parents a to end of a
 * state of winner w, in a loop with no call inside (V8 spilled the values
 * relax() kept live across its rare calls, exits and wait_for, and the
 * parents call_indirect around it, to the stack on every edge: see
 * bfs_rows_plain). It does what relax() does for the common edges (a
 * decided parent, a losing move that is not the last, a winning move into
 * a parent that waits for no ply) and stops at the first other one (the
 * last losing move: exits to ask; a parent waiting for a later ply),
 * untouched, for relax() to do: returns where it stopped, or end. */
static inline __attribute__((always_inline)) const uint32_t *
scan_relax_run(pp_trace *tr, void *cells, void *remote, uint8_t *blk_next, const uint32_t *a, const uint32_t *end,
               uint32_t w, uint32_t next_remote, uint32_t *tailp, int wide)
{
    uint32_t tail = *tailp;
    for (; a < end; a++) {
        const uint32_t p = *a;
        uint32_t cp;
        const uint32_t t = parent_test(cells, p, w, wide, &cp);
        if (t & 3u) continue; /* decided already */
        if (t == 4) {
            if (cp < 2 * CELL_ONE_DEGREE) break;            /* its last move: relax() asks the exits */
            cell_set(cells, p, cp - CELL_ONE_DEGREE, wide); /* step 5 */
            continue;
        }
        /* it waits for a later ply, or has no move (invalid, never a parent): relax() */
        if (rem_get(remote, p, wide) != rem_none(wide) || cp < CELL_ONE_DEGREE) break;
        /* Step 4: p's mover wins by moving to s. */
        cell_set(cells, p, cp | w, wide);
        rem_set(remote, p, next_remote, wide);
        blk_next[p >> SCAN_BLOCK_SHIFT] = 1;
        tail++;
        ppt_emit(tr, PP_EV_COLOR, 4, (int32_t)p, (int32_t)w, (int32_t)next_remote);
    }
    *tailp = tail;
    return a;
}
#define SCAN_RELAX_RUN(name, wide)                                                                                     \
    static __attribute__((noinline)) const uint32_t *name(pp_trace *tr, void *cells, void *remote, uint8_t *blk_next,  \
                                                          const uint32_t *a, const uint32_t *end, uint32_t w,          \
                                                          uint32_t next_remote, uint32_t *tailp)                       \
    {                                                                                                                  \
        return scan_relax_run(tr, cells, remote, blk_next, a, end, w, next_remote, tailp, wide);                       \
    }
SCAN_RELAX_RUN(scan_relax_run2, CELLS_SCAN2)
SCAN_RELAX_RUN(scan_relax_run8, CELLS_SCAN8)
SCAN_RELAX_RUN(scan_relax_run16, CELLS_16)
SCAN_RELAX_RUN(scan_relax_run32, CELLS_32)
#undef SCAN_RELAX_RUN

/* Layer-scan mode: steps 2 to 6, a layer's states found by scanning the
 * cells (and their remoteness) instead of popping a queue; the same scan
 * releases the states waiting for the next ply. One copy of the loop (the
 * reference path: one parents call a state). */
static uint64_t scan_bfs(pp_retro *r, uint64_t budget, int wide)
{
    const pp_retro_game *g = r->game;
    pp_trace *tr = r->trace;
    void *cells = r->cells;
    void *remote = r->remote;
    uint32_t *parents = r->parents;
    const uint32_t n = r->nstates;
    uint32_t tail = r->tail, head = r->head;
    uint64_t relaxed = 0;
    int stop = 0;
    while (relaxed < budget && !stop) {
        if (r->scan_pos >= n) {
            /* Between layers: the next ply is the one after, with the states
             * decided since the mark (ply 0: the seeds). With none, the scan
             * of the ply before the next waiting one releases those. */
            r->tail = tail;
            uint32_t ply = r->nlayers ? r->layer + 1u : 0;
            if (r->tail == r->mark) {
                if (!r->npending || r->failed != PP_OK) goto out;
                uint32_t wait = ply + 1u;
                while (wait < r->cap_pend_at && !r->pend_at[wait]) wait++;
                if (wait >= r->cap_pend_at) goto out; /* cannot happen: npending counts them */
                ply = wait - 1u;                      /* nothing decided at that ply: the scan only releases */
            }
            if (ply + 1u > rem_max(wide)) { /* its decisions would be over the limit */
                r->failed = PP_ERR_LIMIT;
                goto out;
            }
            /* the decisions from here on are of ply + 1 (the seeds, before the first row, of 0) */
            if (!add_layer(r, ply + 1u, r->tail)) goto out;
            r->layer = ply;
            r->scan_pos = 0;
            r->mark = r->tail;
            /* the blocks decided at this ply are now's; the next ply's start empty */
            uint8_t *b = r->blk_now;
            r->blk_now = r->blk_next;
            r->blk_next = b;
            memset(b, 0, (size_t)scan_blocks(n));
            scan_release_ply(r, ply + 1u, &tail, wide);
        }
        const uint32_t d = r->layer, next_remote = d + 1u;
        /* The candidates, 4 slots a word (8 byte slots): remote d (decided at
         * d); most words have none. */
        const int r8 = wide == CELLS_SCAN2;
        const uint32_t lanes = r8 ? 8u : 4u;
        const uint64_t kd = (r8 ? SWAR8_ONES : SWAR_ONES) * d;
        const uint32_t words_end = n & ~(lanes - 1u);
        uint32_t s = r->scan_pos, visit_end = s;
        while (s < n && relaxed < budget && !stop) {
            if (s == visit_end) {
                if ((s & (lanes - 1u)) == 0) {
                    while (s < words_end) {
                        if ((s & (SCAN_BLOCK - 1)) == 0 && !r->blk_now[s >> SCAN_BLOCK_SHIFT]) {
                            s += SCAN_BLOCK; /* nothing to pop in it */
                            continue;
                        }
                        uint64_t x;
                        memcpy(&x, (const uint8_t *)remote + (size_t)s * (r8 ? 1 : 2), sizeof x);
                        if (r8 ? swar8_zero_lane(x ^ kd) : swar_zero_lane(x ^ kd)) break;
                        s += lanes;
                    }
                    if (s >= n) break;
                }
                visit_end = s < words_end ? (s | (lanes - 1u)) + 1u : n;
            }
            if (rem_get(remote, s, wide) != d) {
                s++;
                continue;
            }
            uint32_t c = cell_get(cells, s, wide), o = CELL_OUTCOME(c);
            if (o != PP_WIN0 && o != PP_WIN1) { /* undecided, a win waiting for a ply > d + 1 */
                s++;
                continue;
            }
            /* Step 2. Pop s: decided at ply d. */
            head++;
            ppt_emit(tr, PP_EV_POP, 2, (int32_t)s, (int32_t)o, (int32_t)d);
            uint32_t np = g->parents(g->ctx, s, parents);
            relaxed += np;
            if (tr && (tr->mask & (1u << PP_EV_PARENT | 1u << PP_EV_DEGREE))) {
                for (uint32_t k = 0; k < np; k++)
                    relax(r, tr, cells, NULL, remote, 1, &tail, &stop, s, o, next_remote, parents[k], wide);
            } else {
                /* the common edges in a loop of their own, the others
                 * through relax(). Two calls of the run: Binaryen (emcc's
                 * wasm-opt) inlines a function called once, noinline or not,
                 * and the loop would be back among the calls. */
                const uint32_t *a = parents, *const end = parents + np;
#define SCAN_RUN(a)                                                                                                    \
    (wide == CELLS_SCAN2   ? scan_relax_run2(tr, cells, remote, r->blk_next, a, end, o, next_remote, &tail)            \
     : wide == CELLS_SCAN8 ? scan_relax_run8(tr, cells, remote, r->blk_next, a, end, o, next_remote, &tail)            \
     : wide == CELLS_32    ? scan_relax_run32(tr, cells, remote, r->blk_next, a, end, o, next_remote, &tail)           \
                           : scan_relax_run16(tr, cells, remote, r->blk_next, a, end, o, next_remote, &tail))
                for (a = SCAN_RUN(a); a != end; a = SCAN_RUN(a))
                    relax(r, tr, cells, NULL, remote, 1, &tail, &stop, s, o, next_remote, *a++, wide);
#undef SCAN_RUN
            }
            s++;
        }
        r->scan_pos = s;
    }
out:
    r->tail = tail;
    r->head = head;
    return relaxed;
}

/* The solve's loops by mode, one function each, called through r->run (set
 * by start): a WASM module compiles a function on its first call and
 * optimizes it once it is hot, so the loops of a mode its game does not
 * use are never compiled. (pp_retro_run held every copy before, 20,000
 * lines of WASM text, optimized in the background while the page built a
 * chess table, which uses only the layer scan, on the same two cores.) */
static uint64_t run_scan(pp_retro *r, uint64_t budget)
{
    return r->wide == CELLS_SCAN2   ? scan_bfs(r, budget, CELLS_SCAN2)
           : r->wide == CELLS_SCAN8 ? scan_bfs(r, budget, CELLS_SCAN8)
           : r->wide == CELLS_32    ? scan_bfs(r, budget, CELLS_32)
                                    : scan_bfs(r, budget, CELLS_16);
}

static uint64_t run_queue(pp_retro *r, uint64_t budget)
{
    if (rows_plain_trace(r)) {
        /* the commonest solve, in a loop of its own for each cell width, with or without the decisions traced */
        const int coarse = r->trace != NULL;
        return r->wide == CELLS_8
                   ? (coarse ? bfs_rows_plain(r, budget, CELLS_8, 1) : bfs_rows_plain(r, budget, CELLS_8, 0))
               : r->wide == CELLS_16
                   ? (coarse ? bfs_rows_plain(r, budget, CELLS_16, 1) : bfs_rows_plain(r, budget, CELLS_16, 0))
                   : (coarse ? bfs_rows_plain(r, budget, CELLS_32, 1) : bfs_rows_plain(r, budget, CELLS_32, 0));
    }
    /* one copy of the loop for each cell width, trace or none, rows or lists */
    int traced = r->trace != NULL;
#define BFS_FOR(w)                                                                                                     \
    (r->game->parents_rows ? (traced ? bfs(r, budget, w, 1, 1) : bfs(r, budget, w, 0, 1))                              \
                           : (traced ? bfs(r, budget, w, 1, 0) : bfs(r, budget, w, 0, 0)))
    return r->wide == CELLS_32 ? BFS_FOR(CELLS_32) : r->wide == CELLS_8 ? BFS_FOR(CELLS_8) : BFS_FOR(CELLS_16);
#undef BFS_FOR
}

pp_status pp_retro_run(pp_retro *r, uint64_t budget, int *done)
{
    if (done) *done = 0;
    if (!r) return PP_ERR_ARG;
    if (r->failed != PP_OK) return r->failed;
    uint64_t done_edges = r->run(r, budget);
    r->st.relaxations += done_edges;
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
    if (o == 0) return CELL_DEGREE(c) ? PP_DRAW : PP_INVALID; /* undecided: a move left; invalid: none */
    return o == PP_INVALID ? PP_DRAW : o;                     /* a drawn terminal */
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
        r->remote32[s] = -1;
    }
    if (r->scan) {
        for (uint32_t s = 0; s < r->nstates; s++)
            if (rem_get(r->remote, s, r->wide) != rem_none(r->wide))
                r->remote32[s] = (int32_t)rem_get(r->remote, s, r->wide);
        return 1;
    }
    /* a state's remoteness: the ply of the layer its queue slot lies in */
    for (uint32_t l = 0; l < r->nlayers; l++) {
        uint32_t from = (uint32_t)r->layers[l], to = l + 1 < r->nlayers ? (uint32_t)r->layers[l + 1] : r->tail;
        int32_t ply = (int32_t)(r->layers[l] >> 32);
        for (uint32_t i = from; i < to; i++) r->remote32[r->queue[i] & ~QUEUE_WIN1] = ply;
    }
    return 1;
}

/* Layer-scan mode: the order the states were popped in (by remoteness,
 * then state), for build_cause; NULL if out of memory. */
static uint32_t *scan_order(const pp_retro *r)
{
    uint32_t plies = 0;
    for (uint32_t s = 0; s < r->nstates; s++)
        if (r->remote32[s] >= 0 && (uint32_t)r->remote32[s] + 1 > plies) plies = (uint32_t)r->remote32[s] + 1;
    uint32_t *order = malloc(((size_t)r->tail + 1) * sizeof *order);
    uint32_t *at = calloc((size_t)plies + 1, sizeof *at);
    if (!order || !at) {
        free(order);
        free(at);
        return NULL;
    }
    for (uint32_t s = 0; s < r->nstates; s++)
        if (r->remote32[s] >= 0) at[r->remote32[s] + 1]++;
    for (uint32_t d = 0; d < plies; d++) at[d + 1] += at[d];
    for (uint32_t s = 0; s < r->nstates; s++)
        if (r->remote32[s] >= 0) order[at[r->remote32[s]]++] = s;
    free(at);
    return order;
}

static int build_cause(pp_retro *r)
{
    size_t n = r->nstates ? r->nstates : 1;
    const pp_retro_game *g = r->game;
    uint32_t *order = r->scan ? scan_order(r) : r->queue;
    if (!order) return 0;
    r->cause = malloc(n * sizeof *r->cause);
    if (!r->cause) {
        if (r->scan) free(order);
        return 0;
    }
    for (uint32_t s = 0; s < r->nstates; s++) r->cause[s] = -1;
    for (uint32_t i = 0; i < r->tail; i++) {
        uint32_t c = order[i] & ~QUEUE_WIN1, w = r->outcome[c];
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
        uint32_t s = order[i] & ~QUEUE_WIN1, win_at = 0, lose_at = 0;
        int32_t d = r->remote32[s];
        if (d <= 0 || r->cause[s] < 0) continue;
        g->exits(g->ctx, s, &win_at, &lose_at);
        if (CELL_MOVER(cell_get(r->cells, s, r->wide)) + 1 == r->outcome[s]) {
            if (win_at == (uint32_t)d) r->cause[s] = -1; /* the exit's seed came first */
        } else if (lose_at > (uint32_t)r->remote32[r->cause[s]] + 1) {
            r->cause[s] = -1; /* held to lose_at by an exit */
        }
    }
    if (r->scan) free(order);
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
    return r && r->finished && s < r->nstates && views(r) ? r->remote32[s] : -1;
}

void pp_retro_each_decided(const pp_retro *r, void (*fn)(void *ctx, uint32_t state, int32_t remoteness), void *ctx)
{
    if (!r || !r->finished || !fn) return;
    if (r->scan) {
        for (uint32_t s = 0; s < r->nstates; s++)
            if (rem_get(r->remote, s, r->wide) != rem_none(r->wide))
                fn(ctx, s, (int32_t)rem_get(r->remote, s, r->wide));
        return;
    }
    for (uint32_t l = 0; l < r->nlayers; l++) { /* as build_views reads them */
        uint32_t from = (uint32_t)r->layers[l], to = l + 1 < r->nlayers ? (uint32_t)r->layers[l + 1] : r->tail;
        int32_t ply = (int32_t)(r->layers[l] >> 32);
        for (uint32_t i = from; i < to; i++) fn(ctx, r->queue[i] & ~QUEUE_WIN1, ply);
    }
}

uint8_t *pp_retro_take_bytes(pp_retro *r, uint8_t (*fn)(void *ctx, uint8_t outcome, int32_t remoteness), void *ctx)
{
    if (!r || !r->finished || !r->scan || !fn || !r->cells) return NULL;
    /* byte s lies in cell s (s / 2, s / 4 in the wider layouts), read before: in place */
    uint8_t *out = r->cells;
    for (uint32_t s = 0; s < r->nstates; s++) {
        uint8_t o = outcome_of(r, s);
        out[s] = fn(ctx, o, o == PP_WIN0 || o == PP_WIN1 ? (int32_t)rem_get(r->remote, s, r->wide) : -1);
    }
    free(r->remote);
    r->remote = NULL;
    r->cap_remote = 0;
    free_views(r);
    /* the rest of the cells back to the system (a shrink keeps the bytes) */
    uint8_t *shrunk = realloc(out, r->nstates ? r->nstates : 1);
#if defined(__GLIBC__)
    /* and the remoteness: a table's arrays under glibc's mmap threshold
     * (which its frees raise up to 32 MiB) come from the heap, where a
     * freed one stays resident below the tables kept after it (KQKR and
     * every 3- and 4-piece table in one process: 387 MiB peak without,
     * with 1-byte remoteness) */
    malloc_trim(0);
#endif
    r->cells = NULL;
    r->cap_cell_bytes = 0;
    r->nstates = 0;
    r->failed = PP_ERR_ARG; /* nothing left to run */
    return shrunk ? shrunk : out;
}

uint32_t pp_retro_nstates(const pp_retro *r) { return r ? r->nstates : 0; }
int pp_retro_done(const pp_retro *r) { return r ? r->finished : 0; }
const uint8_t *pp_retro_outcomes(const pp_retro *r) { return views(r) ? r->outcome : NULL; }
const int32_t *pp_retro_remoteness(const pp_retro *r) { return views(r) ? r->remote32 : NULL; }
const int32_t *pp_retro_cause(const pp_retro *r) { return cause_view(r) ? r->cause : NULL; }
uint32_t pp_retro_degree(const pp_retro *r, uint32_t s)
{
    if (!r || s >= r->nstates) return 0;
    uint32_t c = cell_get(r->cells, s, r->wide), o = CELL_OUTCOME(c);
    /* a lost state has no move left; bfs_rows_plain leaves its counter at 1 */
    return o == PP_INVALID || (o != PP_DRAW && CELL_MOVER(c) + 1 != o) ? 0 : CELL_DEGREE(c);
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

/* out[ply] += count (within n), and *top past ply when count is not 0. */
static void add_ply_count(uint64_t *out, uint32_t n, uint32_t ply, uint32_t count, uint32_t *top)
{
    if (!count) return;
    if (out && ply < n) out[ply] += count;
    if (ply + 1u > *top) *top = ply + 1u;
}

/* The decisions in order, cut by the layers table's rows (see above): those
 * before the first row are the seeds (in queue mode the first row starts at
 * slot 0: none); the last row runs to the tail in layer-scan mode, to the
 * layer's end in queue mode, and the queue's decisions past it are of the
 * next ply. */
uint32_t pp_retro_ply_counts(const pp_retro *r, uint64_t *out, uint32_t n)
{
    if (out) memset(out, 0, (size_t)n * sizeof *out);
    if (!r) return 0;
    uint32_t top = 0;
    add_ply_count(out, n, 0, r->nlayers ? (uint32_t)r->layers[0] : r->tail, &top);
    const uint32_t end = r->scan ? r->tail : r->layer_end;
    for (uint32_t l = 0; l < r->nlayers; l++) {
        uint32_t from = (uint32_t)r->layers[l], to = l + 1 < r->nlayers ? (uint32_t)r->layers[l + 1] : end;
        add_ply_count(out, n, (uint32_t)(r->layers[l] >> 32), to - from, &top);
    }
    if (r->nlayers) add_ply_count(out, n, r->layer + 1u, r->tail - end, &top);
    return top;
}

/* The layer being worked through: the remoteness of the queue's head (the
 * last decided state's once the queue is empty). For progress reports. */
uint32_t pp_retro_ply(const pp_retro *r) { return r ? r->layer : 0; /* both modes keep the layer being worked */ }
