/* alphabeta.c: minimax and alpha-beta (fail-hard, fail-soft) over any pp_game,
 * with move ordering, a transposition table and won/lost memo sets.
 *
 * The pseudocode and its step numbers are in perfect_play.h (game-tree
 * section); the trace records them. The recursion runs on an explicit stack
 * of frames, one per ply, so a search can stop after any number of steps and
 * go on later (the page's worker stays responsive), and depth is bounded by
 * PP_AB_MAX_DEPTH rather than by the C stack.
 *
 * Memory, all allocated by pp_ab_new:
 *
 *   pos    [ply 0][ply 1] ... [ply D]        one position per ply (copy-make)
 *   moves  [ply 0: max_moves codes] ...       the moves of each open frame,
 *   index  [ply 0: max_moves indices] ...     in the order tried, and their
 *                                             index in the game's own list
 *   frame  [0] .. [depth-1]                   the open calls
 *   tt     2^tt_bits entries of 24 bytes,     (optional)
 *          buckets of 2
 *   memo   2 bits per key                     (optional)
 *
 * The frame invariant: frame k holds the call on pos[k]; for k < depth-1 its
 * move `next - 1` led to pos[k + 1], whose call is frame k + 1 (or is being
 * answered). alpha and beta are the window now: MAX only raises alpha, MIN
 * only lowers beta; a0 and b0 are the window the node was searched with.
 *
 * The transposition table. An entry holds the full 64-bit key, a lower and
 * an upper bound on the value less the game's banked part (equal when the
 * value is exact; each search of the position tightens them), the
 * move that set the value (tried first when the position comes back: with
 * --tt the order is the table's best move, then the chosen order), and the
 * size of the search that produced it (log2 of positions visited). Two
 * entries share a bucket: slot 0 keeps the entry from the larger search
 * (depth-preferred, in effect), slot 1 takes whatever arrives (always
 * replace); an entry that loses slot 0 to a larger search moves down to
 * slot 1. A key already in the bucket is overwritten in place.
 *
 * The game's static bounds (pp_game.bounds, e.g. mate distance) join the
 * table's bounds at step 3: both answer a position whose value they put
 * outside the window, and otherwise narrow the window.
 *
 * The memo: for games whose key decides the value (key_bits > 0), two bits
 * per key say "proven value hi" (MAX wins) or "proven value lo" (MIN wins).
 * Only results that prove such a bound exactly are stored, so it answers
 * positions but never narrows a window. Can I Win's used-number bitmask is
 * the classic use.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct frame {
    uint64_t key;        /* the position's hash (table, memo) */
    uint64_t nodes0;     /* stats.nodes on entry: the subtree's size, for the table */
    int32_t alpha, beta; /* the window now */
    int32_t a0, b0;      /* the window searched (after the table narrowed it) */
    int32_t best;        /* fail-soft and minimax: the best value so far */
    int32_t banked;      /* the game's banked part of the value at this node */
    uint32_t node;       /* preorder id */
    uint32_t child;      /* id of the child being searched */
    uint32_t nmoves;     /* its moves: moves[ply * max_moves ...] */
    uint32_t next;       /* moves tried so far */
    int32_t best_move;   /* index (game order) of the move that set the value, -1 */
    uint8_t player;      /* PP_AB_MAX or PP_AB_MIN */
} frame;

typedef struct tt_entry {
    uint64_t key;
    int32_t lower, upper; /* lower <= value <= upper, less the banked part */
    uint16_t move;        /* index (game order) of the best move found, or NO_MOVE */
    uint8_t work;         /* log2(positions visited) + 1; 0 marks an empty slot */
} tt_entry;

#define NO_MOVE 0xFFFF
#define NO_LOWER INT32_MIN /* bounds not known yet */
#define NO_UPPER INT32_MAX

struct pp_ab {
    const pp_game *g;
    pp_ab_options opt;
    pp_trace *tr;
    unsigned char *pos;
    int32_t *moves;
    uint16_t *index;
    int32_t *scores; /* ordering scratch */
    frame *stack;
    uint32_t depth; /* open frames */
    uint32_t next_id;
    tt_entry *tt;
    uint32_t tt_shift; /* 64 - log2(buckets) */
    uint8_t *memo;
    int32_t root_alpha, root_beta;
    int started, done;
    pp_status failed; /* sticky: a failed search stays failed */
    pp_error fail_err;
    pp_ab_result res;
};

void pp_ab_defaults(pp_ab_options *o)
{
    if (!o) return;
    memset(o, 0, sizeof *o);
    o->algo = PP_AB_HARD;
    o->order = PP_ORDER_GIVEN;
    o->alpha = -PP_AB_INF;
    o->beta = PP_AB_INF;
}

uint64_t pp_ab_minimal_leaves(uint32_t b, uint32_t d)
{
    uint64_t hi = 1, lo = 1;
    for (uint32_t i = 0; i < d; i++) {
        uint64_t *p = (i % 2 == 0) ? &hi : &lo; /* ceil(d/2) factors in hi, floor(d/2) in lo */
        if (b && *p > UINT64_MAX / b) return UINT64_MAX;
        *p *= b;
    }
    if (hi > UINT64_MAX - lo) return UINT64_MAX;
    return hi + lo - 1;
}

/* ---- the transposition table and the memo ---- */

/* A key's bucket: Fibonacci hashing spreads keys whose low bits barely
 * vary (a game's key is often a few bits that change among many that do
 * not). */
static tt_entry *bucket(const pp_ab *x, uint64_t key)
{
    return x->tt + 2 * ((key * 0x9E3779B97F4A7C15ull) >> x->tt_shift);
}

/* Key's entry in its bucket b, or NULL */
static tt_entry *in_bucket(tt_entry *b, uint64_t key)
{
    if (b[0].work && b[0].key == key) return &b[0];
    if (b[1].work && b[1].key == key) return &b[1];
    return NULL;
}

static tt_entry *tt_find(pp_ab *x, uint64_t key) { return in_bucket(bucket(x, key), key); }

/* An entry's work: the size of its search (pp__work_bits), at least 1, since 0
 * marks an empty slot. */
static uint8_t work_of(uint64_t nodes)
{
    unsigned w = pp__work_bits(nodes);
    return (uint8_t)(w ? w : 1);
}

/* Stores a result; an entry for the same key keeps the bounds it had and
 * tightens them (searches with different windows prove different bounds). */
static void tt_store(pp_ab *x, uint64_t key, int32_t value, int bound, uint64_t nodes, int32_t move)
{
    tt_entry *b = bucket(x, key);
    tt_entry e = {key, bound == PP_AB_UPPER ? NO_LOWER : value, bound == PP_AB_LOWER ? NO_UPPER : value,
                  move < 0 ? NO_MOVE : (uint16_t)move, work_of(nodes)};
    tt_entry *old = in_bucket(b, key);
    if (old) {
        if (old->lower > e.lower && old->lower <= e.upper) e.lower = old->lower;
        if (old->upper < e.upper && old->upper >= e.lower) e.upper = old->upper;
        if (e.move == NO_MOVE) e.move = old->move;
        if (old->work > e.work) e.work = old->work;
    }
    if (old == &b[0]) b[0] = e;
    else if (old) {
        if (e.work >= b[0].work) { /* promoted: it now holds the larger search */
            b[1] = b[0];
            b[0] = e;
        } else {
            b[1] = e;
        }
    } else if (e.work >= b[0].work) {
        b[1] = b[0];
        b[0] = e;
    } else {
        b[1] = e;
    }
    x->res.stats.tt_stores++;
}

enum { MEMO_NONE = 0, MEMO_HI = 1, MEMO_LO = 2 };

static int memo_get(const pp_ab *x, uint64_t key) { return (x->memo[key >> 2] >> (2 * (key & 3))) & 3; }

static void memo_set(pp_ab *x, uint64_t key, int v)
{
    x->memo[key >> 2] = (uint8_t)((x->memo[key >> 2] & ~(3u << (2 * (key & 3)))) | (unsigned)v << (2 * (key & 3)));
}

/* ---- the search ---- */

static int fail(pp_ab *x, pp_status code, const char *msg, unsigned long long a)
{
    x->failed = code;
    pp__fail(&x->fail_err, code, msg, a);
    return -1;
}

static unsigned char *pos_at(const pp_ab *x, uint32_t ply) { return x->pos + (size_t)ply * x->g->state_bytes; }

static int32_t clamp(int32_t v, int32_t lo, int32_t hi) { return v < lo ? lo : v > hi ? hi : v; }

/* Orders the moves of ply (stable insertion sort by the game's score). */
static void order_moves(pp_ab *x, uint32_t ply, uint32_t n)
{
    const pp_game *g = x->g;
    int32_t *mv = x->moves + (size_t)ply * g->max_moves;
    uint16_t *ix = x->index + (size_t)ply * g->max_moves;
    int32_t *sc = x->scores;
    const void *pos = pos_at(x, ply);
    int sign = x->opt.order == PP_ORDER_BEST ? 1 : -1;
    for (uint32_t i = 0; i < n; i++) sc[i] = sign * g->order(g->ctx, pos, mv[i]);
    for (uint32_t i = 1; i < n; i++) {
        int32_t s = sc[i], m = mv[i];
        uint16_t k = ix[i];
        uint32_t j = i;
        for (; j > 0 && sc[j - 1] < s; j--) {
            sc[j] = sc[j - 1];
            mv[j] = mv[j - 1];
            ix[j] = ix[j - 1];
        }
        sc[j] = s;
        mv[j] = m;
        ix[j] = k;
    }
}

/* What step 3 learned of a position that it could not answer: its key, its
 * banked part, its table entry, and the bounds that narrow its window. */
typedef struct known {
    uint64_t key;
    int32_t banked;
    tt_entry *e; /* the table's entry, or NULL */
    int32_t lower, upper;
    int have_lo, have_hi;
    int narrowed; /* the bounds narrow the window (enter() applies them) */
} known;

/* Answers a position at once with `value`, proven with `bound` (the trace's
 * HIT): fail-hard clamps it to the window. Returns 1, visit()'s "known". */
static int answer(pp_ab *x, uint32_t id, int s10, int32_t value, int bound, int32_t alpha, int32_t beta, int32_t *v)
{
    ppt_emit(x->tr, PP_EV_AB_HIT, 3 + s10, (int32_t)id, value, bound);
    *v = x->opt.algo == PP_AB_HARD ? clamp(value, alpha, beta) : value;
    return 1;
}

/* Step 3 for a position that is not a leaf: the memo, then what is known of
 * the value (the game's static bounds, e.g. a win takes at least one more
 * move, and the table's entry). Returns 1 when that answers the position
 * (*v), 0 when it must be searched (*k says what step 3 learned). */
static int probe(pp_ab *x, const void *pos, uint32_t id, int s10, int32_t alpha, int32_t beta, int32_t *v, known *k)
{
    const pp_game *g = x->g;
    pp_ab_stats *st = &x->res.stats;
    int minimax = x->opt.algo == PP_AB_MINIMAX;
    k->key = x->tt || x->memo ? g->hash(g->ctx, pos) : 0;
    k->banked = g->banked ? g->banked(g->ctx, pos) : 0;
    /* The memo answers positions it has proven won or lost. */
    if (x->memo && k->key < ((uint64_t)1 << g->key_bits)) {
        int m = memo_get(x, k->key);
        if (m != MEMO_NONE) {
            st->memo_hits++;
            return answer(x, id, s10, m == MEMO_HI ? g->hi : g->lo, PP_AB_EXACT, alpha, beta, v);
        }
    }
    /* The bounds answer the position when they put the value outside the
     * window, and otherwise narrow the window (enter() does, once the
     * frame is open). */
    tt_entry *e = k->e = x->tt ? tt_find(x, k->key) : NULL;
    k->have_lo = k->have_hi = k->narrowed = 0;
    k->lower = -PP_AB_INF, k->upper = PP_AB_INF;
    if (g->bounds && !minimax) {
        g->bounds(g->ctx, pos, &k->lower, &k->upper);
        k->have_lo = k->lower > -PP_AB_INF;
        k->have_hi = k->upper < PP_AB_INF;
    }
    if (e) {
        st->tt_hits++;
        if (e->lower == e->upper) { /* exact: every algorithm takes it */
            st->tt_answers++;
            return answer(x, id, s10, e->lower + k->banked, PP_AB_EXACT, alpha, beta, v);
        }
        if (e->lower != NO_LOWER && (!k->have_lo || e->lower + k->banked > k->lower))
            k->lower = e->lower + k->banked, k->have_lo = 1;
        if (e->upper != NO_UPPER && (!k->have_hi || e->upper + k->banked < k->upper))
            k->upper = e->upper + k->banked, k->have_hi = 1;
    }
    if (minimax || !(k->have_lo || k->have_hi)) return 0;
    int bound = -1;
    int32_t value = 0;
    if (k->have_lo && k->have_hi && k->lower == k->upper) bound = PP_AB_EXACT, value = k->lower;
    else if (k->have_lo && k->lower >= beta) bound = PP_AB_LOWER, value = k->lower;
    else if (k->have_hi && k->upper <= alpha) bound = PP_AB_UPPER, value = k->upper;
    if (bound >= 0) {
        if (e) st->tt_answers++;
        return answer(x, id, s10, value, bound, alpha, beta, v);
    }
    k->narrowed = 1;
    return 0;
}

/* The move the table remembers as best (its index tm) goes first: it is
 * the likeliest to cut again (the others keep their order). */
static void move_first(int32_t *mv, uint16_t *ix, uint32_t n, uint16_t tm)
{
    uint32_t j = 0;
    while (j < n && ix[j] != tm) j++;
    if (j == n) return;
    int32_t m = mv[j];
    uint16_t i0 = ix[j];
    memmove(mv + 1, mv, j * sizeof *mv);
    memmove(ix + 1, ix, j * sizeof *ix);
    mv[0] = m;
    ix[0] = i0;
}

/* Bounds on the far side of the window answered in probe(); these narrow
 * it (the trace's HIT, then RAISE when a bound moves an end). */
static void narrow(pp_ab *x, uint32_t id, int s10, const known *k, int32_t *alpha, int32_t *beta)
{
    if (k->have_lo) {
        ppt_emit(x->tr, PP_EV_AB_HIT, 3 + s10, (int32_t)id, k->lower, PP_AB_LOWER);
        if (k->lower > *alpha) {
            *alpha = k->lower;
            ppt_emit(x->tr, PP_EV_AB_RAISE, 3 + s10, (int32_t)id, 0, *alpha);
        }
    }
    if (k->have_hi) {
        ppt_emit(x->tr, PP_EV_AB_HIT, 3 + s10, (int32_t)id, k->upper, PP_AB_UPPER);
        if (k->upper < *beta) {
            *beta = k->upper;
            ppt_emit(x->tr, PP_EV_AB_RAISE, 3 + s10, (int32_t)id, 1, *beta);
        }
    }
}

/* Step 1. Enter: a frame with the moves to try, the table's best move first,
 * and the window narrowed by what probe() learned. 0, or -1 on failure. */
static int enter(pp_ab *x, uint32_t ply, uint32_t id, int player, int32_t alpha, int32_t beta, const known *k)
{
    const pp_game *g = x->g;
    const void *pos = pos_at(x, ply);
    pp_ab_stats *st = &x->res.stats;
    int s10 = player == PP_AB_MIN ? 10 : 0;
    frame *f = &x->stack[x->depth];
    int32_t *mv = x->moves + (size_t)ply * g->max_moves;
    uint16_t *ix = x->index + (size_t)ply * g->max_moves;
    uint32_t n = g->moves(g->ctx, pos, mv);
    if (n == 0 || n > g->max_moves) {
        x->failed = pp__bad_moves(&x->fail_err, g, pos, n);
        return -1;
    }
    for (uint32_t i = 0; i < n; i++) ix[i] = (uint16_t)i;
    if (x->opt.order != PP_ORDER_GIVEN) order_moves(x, ply, n);
    if (k->e && k->e->move != NO_MOVE) move_first(mv, ix, n, k->e->move);
    x->depth++;
    st->inner++;
    f->key = k->key;
    f->nodes0 = st->nodes;
    f->banked = k->banked;
    f->node = id;
    f->nmoves = n;
    f->next = 0;
    f->best_move = -1;
    f->player = (uint8_t)player;
    if (x->opt.algo == PP_AB_MINIMAX) {
        alpha = -PP_AB_INF;
        beta = PP_AB_INF;
    }
    ppt_emit(x->tr, PP_EV_AB_ENTER, 1 + s10, (int32_t)id, alpha, beta);
    if (k->narrowed) narrow(x, id, s10, k, &alpha, &beta);
    f->alpha = f->a0 = alpha;
    f->beta = f->b0 = beta;
    f->best = player == PP_AB_MAX ? -PP_AB_INF : PP_AB_INF;
    return 0;
}

/* Steps 1 to 4 for the position at `ply` with id `id` and window [alpha,
 * beta]: 1 when its value is known at once (*v), 0 when a frame was pushed,
 * -1 on failure. leaf: whether the position is a leaf as the game's
 * play_leaf said (1: a leaf worth *v, 0: not a leaf), or -1: ask leaf(). */
static int visit(pp_ab *x, uint32_t ply, uint32_t id, int32_t alpha, int32_t beta, int32_t *v, int leaf)
{
    const pp_game *g = x->g;
    const void *pos = pos_at(x, ply);
    pp_ab_stats *st = &x->res.stats;
    if (x->opt.budget && st->nodes >= x->opt.budget)
        return fail(x, PP_ERR_BUDGET, "the search gave up after its budget of %llu positions",
                    (unsigned long long)x->opt.budget);
    st->nodes++;
    if (ply > st->max_depth) st->max_depth = ply;
    int32_t value;
    /* Step 2. A leaf. Whose turn it is only names the pseudocode line of
     * the trace's LEAF event: without a trace (the benchmarks, the CLI) the
     * game is not asked, saving a call through a function pointer for most
     * positions searched, and a dearer one in WASM than natively. */
    if (leaf < 0 ? g->leaf(g->ctx, pos, &value) : leaf ? (value = *v, 1) : 0) {
        st->leaves++;
        if (x->tr) ppt_emit(x->tr, PP_EV_AB_LEAF, 2 + (g->player(g->ctx, pos) ? 10 : 0), (int32_t)id, value, 0);
        *v = value;
        return 1;
    }
    int player = g->player(g->ctx, pos) ? PP_AB_MIN : PP_AB_MAX;
    if (ply >= PP_AB_MAX_DEPTH)
        return fail(x, PP_ERR_LIMIT, "the game goes deeper than %llu plies, the most the search plays out",
                    PP_AB_MAX_DEPTH);
    /* Step 3. What is known answers it, or narrows the window; else step 1. */
    known k;
    if (probe(x, pos, id, player == PP_AB_MIN ? 10 : 0, alpha, beta, v, &k)) return 1;
    return enter(x, ply, id, player, alpha, beta, &k);
}

/* Steps 7 and 8: the top frame returns; its value. */
static int32_t finish(pp_ab *x, int step)
{
    const pp_game *g = x->g;
    frame *f = &x->stack[x->depth - 1];
    int32_t v;
    int max = f->player == PP_AB_MAX;
    if (x->opt.algo == PP_AB_HARD) {
        if (step == 7) v = max ? f->beta : f->alpha; /* cut: clamp to the window */
        else v = max ? f->alpha : f->beta;
    } else {
        v = f->best;
    }
    int bound = PP_AB_EXACT;
    if (x->opt.algo != PP_AB_MINIMAX) {
        if (v <= f->a0) bound = PP_AB_UPPER;
        else if (v >= f->b0) bound = PP_AB_LOWER;
        /* A bound at the end of the game's range is the value itself. */
        if ((bound == PP_AB_UPPER && v <= g->lo) || (bound == PP_AB_LOWER && v >= g->hi)) {
            v = bound == PP_AB_UPPER ? g->lo : g->hi;
            bound = PP_AB_EXACT;
        }
    }
    ppt_emit(x->tr, PP_EV_AB_EXIT, step + (max ? 0 : 10), (int32_t)f->node, v, bound);
    if (x->tt) tt_store(x, f->key, v - f->banked, bound, x->res.stats.nodes - f->nodes0, f->best_move);
    if (x->memo && bound == PP_AB_EXACT && f->key < ((uint64_t)1 << g->key_bits)) {
        if (v >= g->hi) memo_set(x, f->key, MEMO_HI);
        else if (v <= g->lo) memo_set(x, f->key, MEMO_LO);
    }
    if (x->depth == 1) {
        x->res.value = v;
        x->res.bound = bound;
        x->res.best_move = f->best_move;
    }
    x->depth--;
    return v;
}

/* Steps 5 to 7: the top frame's current child returned `now`. Returns 1 if
 * the frame cut (and was finished: *v is its value). */
static int child_returned(pp_ab *x, int32_t now, int32_t *v)
{
    frame *f = &x->stack[x->depth - 1];
    int max = f->player == PP_AB_MAX;
    int s10 = max ? 0 : 10;
    int32_t id = (int32_t)f->node;
    int32_t move = x->index[(size_t)(x->depth - 1) * x->g->max_moves + f->next - 1];
    ppt_emit(x->tr, PP_EV_AB_VALUE, 5 + s10, id, (int32_t)f->child, now);
    /* Step 6. */
    if (x->opt.algo != PP_AB_HARD && (max ? now > f->best : now < f->best)) {
        f->best = now;
        f->best_move = move;
        ppt_emit(x->tr, PP_EV_AB_RAISE, 6 + s10, id, 2, now);
    }
    if (x->opt.algo == PP_AB_MINIMAX) return 0;
    if (max && now > f->alpha) {
        f->alpha = now;
        f->best_move = move;
        ppt_emit(x->tr, PP_EV_AB_RAISE, 6, id, 0, now);
    } else if (!max && now < f->beta) {
        f->beta = now;
        f->best_move = move;
        ppt_emit(x->tr, PP_EV_AB_RAISE, 16, id, 1, now);
    }
    /* Step 7. The window is empty: no move left can change what the parent
     * will do with this node's value. */
    if (f->alpha >= f->beta) {
        x->res.stats.cutoffs++;
        if (f->next == 1) x->res.stats.first_cutoffs++;
        ppt_emit(x->tr, PP_EV_AB_CUTOFF, 7 + s10, id, (int32_t)f->next, (int32_t)f->nmoves);
        *v = finish(x, 7);
        return 1;
    }
    return 0;
}

/* Step 4. The top frame's next move played into the next ply, and the
 * child visited: visit()'s answer (1: its value in *v). */
static int play_next(pp_ab *x, int32_t *v)
{
    const pp_game *g = x->g;
    frame *f = &x->stack[x->depth - 1];
    uint32_t ply = x->depth - 1;
    size_t at = (size_t)ply * g->max_moves + f->next;
    int leaf = -1;
    if (g->play_leaf) leaf = g->play_leaf(g->ctx, pos_at(x, ply), x->moves[at], pos_at(x, ply + 1), v) != 0;
    else g->play(g->ctx, pos_at(x, ply), x->moves[at], pos_at(x, ply + 1));
    f->child = x->next_id++;
    f->next++;
    ppt_emit(x->tr, PP_EV_AB_MOVE, f->player == PP_AB_MAX ? 4 : 14, (int32_t)f->node, x->index[at], (int32_t)f->child);
    return visit(x, ply + 1, f->child, f->alpha, f->beta, v, leaf);
}

pp_status pp_ab_run(pp_ab *x, uint64_t steps, int *done, pp_error *err)
{
    if (done) *done = 0;
    if (!x) return pp__fail(err, PP_ERR_ARG, "pp_ab_run: no search");
    if (x->failed) {
        if (err) *err = x->fail_err;
        return x->failed;
    }
    if (x->done) {
        if (done) *done = 1;
        return PP_OK;
    }
    uint64_t stop = steps > UINT64_MAX - x->res.stats.nodes ? UINT64_MAX : x->res.stats.nodes + steps;
    int32_t v = 0;
    int have; /* 1: v is a value that came back to the top frame */
    if (!x->started) {
        x->started = 1;
        x->next_id = 1;
        int r = visit(x, 0, 0, x->root_alpha, x->root_beta, &v, -1);
        if (r < 0) goto failed;
        if (r == 1) { /* the root is a leaf or known */
            x->res.value = v;
            x->res.bound = PP_AB_EXACT;
            x->res.best_move = -1;
            x->done = 1;
            if (done) *done = 1;
            return PP_OK;
        }
    }
    have = 0;
    for (;;) {
        if (!have) {
            frame *f = &x->stack[x->depth - 1];
            if (f->next < f->nmoves) {
                if (x->res.stats.nodes >= stop) return PP_OK; /* paused between moves */
                int r = play_next(x, &v);
                if (r < 0) goto failed;
                if (r == 0) continue;
                have = 1;
            } else {
                v = finish(x, 8); /* Step 8. */
                if (x->depth == 0) break;
                have = 1;
            }
        }
        /* v came back to the top frame. */
        if (child_returned(x, v, &v)) {
            if (x->depth == 0) break;
            continue; /* the cut frame's value goes up to its parent */
        }
        have = 0;
    }
    x->done = 1;
    if (done) *done = 1;
    return PP_OK;
failed:
    if (err) *err = x->fail_err;
    return x->failed;
}

void pp_ab_get_result(const pp_ab *x, pp_ab_result *out)
{
    if (x && out) *out = x->res;
}

uint32_t pp_ab_node_count(const pp_ab *x) { return x ? x->next_id : 0; }

void pp_ab_free(pp_ab *x)
{
    if (!x) return;
    free(x->pos);
    free(x->moves);
    free(x->index);
    free(x->scores);
    free(x->stack);
    free(x->tt);
    free(x->memo);
    free(x);
}

pp_status pp_ab_new(const pp_game *g, const pp_ab_options *opt, pp_trace *trace, pp_ab **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_ab_new: no output handle");
    *out = NULL;
    if (!g || !g->player || !g->leaf || !g->moves || !g->play || !g->root)
        return pp__fail(err, PP_ERR_ARG, "pp_ab_new: the game lacks a function or its root");
    pp_ab_options o;
    if (opt) o = *opt;
    else pp_ab_defaults(&o);
    if (o.algo > PP_AB_SOFT || o.order > PP_ORDER_WORST)
        return pp__fail(err, PP_ERR_ARG, "pp_ab_new: unknown algorithm or order");
    if (o.order != PP_ORDER_GIVEN && !g->order)
        return pp__fail(err, PP_ERR_ARG, "%s has no move-ordering heuristic", g->name ? g->name : "the game");
    if (o.tt && !g->hash)
        return pp__fail(err, PP_ERR_ARG, "%s has no position key for a transposition table",
                        g->name ? g->name : "the game");
    if (o.memo && (!g->hash || g->key_bits == 0 || g->key_bits > PP_AB_MEMO_MAX_BITS || g->banked))
        return pp__fail(err, PP_ERR_ARG, "%s has no dense key for won/lost memo sets", g->name ? g->name : "the game");
    if (o.alpha >= o.beta) return pp__fail(err, PP_ERR_ARG, "the root window [%d, %d] is empty", o.alpha, o.beta);
    if (g->state_bytes == 0 || g->state_bytes > PP_AB_MAX_STATE || g->max_moves == 0 ||
        g->max_moves > PP_AB_MAX_MOVES || g->lo > g->hi)
        return pp__fail(err, PP_ERR_ARG, "pp_ab_new: the game's sizes are out of range");
    if (g->max_depth > PP_AB_MAX_DEPTH)
        return pp__fail(err, PP_ERR_LIMIT, "the game is %u plies deep; the search plays out at most %d", g->max_depth,
                        PP_AB_MAX_DEPTH);
    uint32_t tt_bits = o.tt_bits ? o.tt_bits : PP_AB_TT_DEFAULT_BITS;
    if (o.tt && (tt_bits < 2 || tt_bits > PP_AB_TT_MAX_BITS))
        return pp__fail(err, PP_ERR_LIMIT, "a table of 2^%u entries is over the limit of 2^%d", tt_bits,
                        PP_AB_TT_MAX_BITS);
    pp_ab *x = calloc(1, sizeof *x);
    if (!x) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the search");
    x->g = g;
    x->opt = o;
    x->tr = trace;
    size_t plies = PP_AB_MAX_DEPTH + 1;
    x->pos = malloc(plies * g->state_bytes);
    x->moves = malloc(plies * g->max_moves * sizeof *x->moves);
    x->index = malloc(plies * g->max_moves * sizeof *x->index);
    x->scores = malloc(g->max_moves * sizeof *x->scores);
    x->stack = malloc(plies * sizeof *x->stack);
    if (o.tt) {
        x->tt_shift = 64 - (tt_bits - 1);
        x->tt = calloc((size_t)1 << tt_bits, sizeof *x->tt);
    }
    if (o.memo) x->memo = calloc(((size_t)1 << g->key_bits) / 4 + 1, 1);
    if (!x->pos || !x->moves || !x->index || !x->scores || !x->stack || (o.tt && !x->tt) || (o.memo && !x->memo)) {
        pp_ab_free(x);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for the search's tables");
    }
    memcpy(x->pos, g->root, g->state_bytes);
    /* The root window, narrowed to the game's value range when that leaves
     * it non-empty: finding a value of hi (lo) then cuts at once. */
    x->root_alpha = o.alpha;
    x->root_beta = o.beta;
    if (o.algo != PP_AB_MINIMAX) {
        int32_t a = o.alpha > g->lo ? o.alpha : g->lo, b = o.beta < g->hi ? o.beta : g->hi;
        if (a < b) {
            x->root_alpha = a;
            x->root_beta = b;
        }
    }
    x->res.best_move = -1;
    ppt_reserve(trace);
    *out = x;
    return PP_OK;
}

pp_status pp_ab_solve(const pp_game *g, const pp_ab_options *opt, pp_trace *trace, pp_ab_result *out, pp_error *err)
{
    pp_ab *x = NULL;
    pp_status s = pp_ab_new(g, opt, trace, &x, err);
    if (s != PP_OK) return s;
    int done = 0;
    s = pp_ab_run(x, UINT64_MAX, &done, err);
    pp_ab_get_result(x, out);
    pp_ab_free(x);
    return s;
}
