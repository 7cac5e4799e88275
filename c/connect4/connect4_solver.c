/* connect4_solver.c: Connect Four solved by alpha-beta, stage by stage.
 *
 * minimax, alphabeta, centre-first: the generic search (alphabeta.c) on
 * pp_c4_game(). The later stages are a dedicated negamax on two bitboards,
 * `cur` (the stones of the side to move) and `mask` (all stones), each stage
 * adding one classic improvement to the one before:
 *   bitboard    negamax with alpha-beta, centre-first, a win in one move
 *               found by a bitboard test, scores bounded by the stones left
 *   tt          a transposition table of upper bounds, keyed by the position
 *   iterative   the root searched with null windows, narrowing [min, max]
 *   anticipate  only moves that do not hand the opponent a win at once
 *   threats     moves ordered by the winning spots they create
 *   strongest   the table keeps lower bounds and exact scores too, with
 *               the best move (searched first next time), in buckets of two
 *               that keep the costlier entry; a position and its mirror
 *               image share an entry; the children's entries may cut before
 *               any search (enhanced transposition cutoff) or spare the
 *               search of a child they prove fails low; the claimeven
 *               bound, and no four left for a side; a position with a
 *               single move passed through to its child; moves ordered by
 *               useful threats; entries are prefetched; fail-soft, the
 *               root's probes from 0, each next at the bound the last gave;
 *               the table's part in use grows as it fills; compiled twice (connect4_strong.h): 7 x 6 with
 *               constant geometry, and any size
 * Every stage returns the same exact score.
 */
#include <stdlib.h>
#include <string.h>

#include "connect4_internal.h"

/* The search is compiled at -O3 whatever the build's level (natively gcc
 * -O2; emcc builds at -O3 already): on 7 x 6 positions of 7 stones it ran
 * in 0.85x the time of the -O2 build, the same positions explored. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3")
#endif

/* The default table: natively 2^27 entries (1 GiB, of which a solve uses
 * only what it needs: tt_grow), in WebAssembly 2^24 (128 MiB). */
#if defined(__EMSCRIPTEN__)
#define C4_TT_DEFAULT_BITS 24
#else
#define C4_TT_DEFAULT_BITS 27
#endif
#define C4_TT_MIN_BITS 10
#define C4_TT_MAX_BITS 27
/* Natively a table may take 1 GiB (2^27 entries); in WebAssembly the
 * library's memory budget holds. */
#if defined(__EMSCRIPTEN__)
#define C4_TT_BUDGET PP_MEMORY_BUDGET
#else
#define C4_TT_BUDGET ((uint64_t)1 << 30)
#endif

static const char *const stage_names[PP_C4_STAGES] = {"minimax",   "alphabeta",  "centre-first", "bitboard", "tt",
                                                      "iterative", "anticipate", "threats",      "strongest"};

const char *pp_c4_stage_name(int stage) { return stage >= 0 && stage < PP_C4_STAGES ? stage_names[stage] : NULL; }

int pp_c4_stage_parse(const char *name)
{
    for (int i = 0; i < PP_C4_STAGES; i++)
        if (strcmp(name, stage_names[i]) == 0) return i;
    return -1;
}

/* The transposition table: 2^bits entries of 64 bits, in buckets of two
 * (one cache line holds both: one memory access a probe). The key of a
 * position (cur + mask + bottom: each column's stones with a 1 just above
 * them, unique, kbits = w * (h + 1) bits) is first mixed by a bijection of
 * kbits-bit numbers (xorshift, then a product by an odd constant modulo
 * 2^kbits), x = mix(key); its top bits - 1 bits pick the bucket, and the
 * entry keeps x's low 47 bits, so a hit is never another position:
 *
 *    63                    17 16   12 11  8 7 6 5        0
 *   +------------------------+-------+-----+---+----------+
 *   | check: x's low 47 bits | work  | mv  | T | score+32 |    0: empty
 *   +------------------------+-------+-----+---+----------+
 *
 * T: 1 a lower bound, 2 an upper bound, 3 the exact score (|score| <= 28 on
 * every board); mv: the best move's column + 1 as the search found it (0:
 * none); work: log2 of the positions the search explored below it. Boards
 * whose x has more than bits - 1 + 47 bits keep the rest in check_hi (a
 * second array, allocated for them only). Every entry is a true bound on
 * its position's score, whatever the stage that stored it, so the stages
 * can share one table. A store goes to the bucket's entry of the same
 * position if there is one (an exact score is never replaced by a bound),
 * else replaces the entry that cost less work (the second when equal). */
#define C4_TT_LOWER 1
#define C4_TT_UPPER 2
#define C4_TT_EXACT 3
#define C4_CHECK_BITS 47
#define C4_CHECK_MASK ((UINT64_C(1) << C4_CHECK_BITS) - 1)
struct pp_c4_solver {
    uint32_t bits;      /* the table's entries: 2^bits at most */
    uint32_t live_bits; /* the part in use: 2^live_bits entries (see tt_grow) */
    uint64_t filled;    /* entries of that part that are not empty */
    uint64_t *tt;
    uint32_t *check_hi;
    pp_big tt_big;          /* the table's memory (huge pages natively: internal.h) */
    int tt_dirty;           /* something was stored since the table was cleared */
    int kbits, check_shift; /* x's bits; x >> check_shift goes to check_hi */
    uint64_t kmask;         /* 2^kbits - 1 */
    int w, h;               /* the size the table holds positions of (0: none yet) */
    /* the search */
    int stage;
    uint64_t bottom, board, nodes, budget;
    int out_of_budget; /* the search unwinds: its budget ran out, or cancelled */
    /* Every node compares nodes with check_at alone, the smaller of the
     * budget and the next progress report (UINT64_MAX: neither); c4_check
     * then decides which it was. */
    uint64_t check_at;
    int cancelled; /* the progress hook asked to stop */
    /* The progress hook (pp_c4_solver_set_progress): called when nodes
     * reaches next_report, every 2^report_log2 positions; the bounds [lo, hi]
     * known on the root's score and the null window searched now. */
    pp_c4_progress_fn report;
    void *report_ctx;
    uint32_t report_log2;
    uint64_t next_report;
    int32_t lo, hi, window;
    int order[PP_C4_MAX_SIZE];
    /* The null-window probes of the last solve by a stage from iterative on
     * (pp_c4_solver_probes): each window [med, med + 1], the search's answer
     * r, the bounds [lo, hi] it left, the positions explored so far. */
    int nprobes;
    struct c4probe {
        int32_t med, r, lo, hi;
        uint64_t nodes;
    } probe[32];
    /* pp_c4_solve_traced: the trace (NULL otherwise), the id of the node
     * being entered, the next id to hand out, the counters. Only the traced
     * instantiations of the search read or write them. */
    pp_trace *trace;
    int32_t tnode, tnext;
    pp_c4_trace_stats tstats;
};

/* Empties the table (nothing to do if nothing was stored since). */
static void tt_clear(pp_c4_solver *s)
{
    if (!s->tt_dirty) return;
    size_t bytes = ((size_t)1 << s->bits) * sizeof *s->tt;
    pp__big_zero(s->tt, bytes, &s->tt_big); /* pages given back read as zeros again */
    if (s->check_hi) memset(s->check_hi, 0, ((size_t)1 << s->bits) * sizeof *s->check_hi);
    s->tt_dirty = 0;
    s->filled = 0;
}

pp_status pp_c4_solver_new(uint32_t tt_bits, pp_c4_solver **out, pp_error *err)
{
    *out = NULL;
    if (tt_bits == 0) tt_bits = C4_TT_DEFAULT_BITS;
    if (tt_bits < C4_TT_MIN_BITS || tt_bits > C4_TT_MAX_BITS)
        return pp__fail(err, PP_ERR_LIMIT, "table bits %u: must be %d to %d", tt_bits, C4_TT_MIN_BITS, C4_TT_MAX_BITS);
    if (((uint64_t)8 << tt_bits) > C4_TT_BUDGET)
        return pp__fail(err, PP_ERR_LIMIT, "a table of 2^%u entries exceeds the memory budget", tt_bits);
    pp_c4_solver *s = calloc(1, sizeof *s);
    if (!s) return pp__fail(err, PP_ERR_NOMEM, "out of memory");
    s->bits = s->live_bits = tt_bits;
    s->tt = pp__big_zalloc(((size_t)1 << tt_bits) * sizeof *s->tt, &s->tt_big);
    if (!s->tt) {
        pp_c4_solver_free(s);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for a table of 2^%u entries", tt_bits);
    }
    *out = s;
    return PP_OK;
}

void pp_c4_solver_free(pp_c4_solver *s)
{
    if (!s) return;
    pp__big_free(&s->tt_big);
    free(s->check_hi);
    free(s);
}

pp_status pp_c4_solver_set_progress(pp_c4_solver *s, uint32_t every_log2, pp_c4_progress_fn fn, void *ctx,
                                    pp_error *err)
{
    if (!s) return pp__fail(err, PP_ERR_ARG, "no solver");
    if (fn && (every_log2 < 10 || every_log2 > 40))
        return pp__fail(err, PP_ERR_ARG, "progress every 2^%u positions: must be 2^10 to 2^40", every_log2);
    s->report = fn;
    s->report_ctx = ctx;
    s->report_log2 = every_log2;
    return PP_OK;
}

static inline uint64_t next_check(const pp_c4_solver *s)
{
    uint64_t at = s->budget ? s->budget : UINT64_MAX;
    if (s->report && s->next_report < at) at = s->next_report;
    return at;
}

/* Called when nodes reaches check_at (rarely: out of the hot path): 1 if the
 * search must stop (the budget ran out, or the progress hook said so). */
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
static int
c4_check(pp_c4_solver *s)
{
    if (s->budget && s->nodes >= s->budget) {
        s->out_of_budget = 1;
        return 1;
    }
    if (s->report && s->nodes >= s->next_report) {
        s->next_report += (uint64_t)1 << s->report_log2;
        pp_c4_progress p = {s->nodes, s->lo, s->hi, s->window};
        if (s->report(&p, s->report_ctx)) {
            s->out_of_budget = s->cancelled = 1;
            return 1;
        }
    }
    s->check_at = next_check(s);
    return 0;
}

/* The part of the table in use grows as it fills: from 2^C4_TT_START_BITS
 * entries (or what a key needs, below), doubled each time half of it is
 * filled, up to 2^bits. A short solve thus touches (and zero-fills) a few
 * megabytes of a large table. Beyond 2^C4_TT_FREE_BITS entries it grows
 * only once the solve has also explored C4_TT_GROW_NODES positions an
 * entry: a sparser table spreads the same hot entries over more cache
 * lines (and pages), which costs more time than its extra entries save
 * until the search is that large. The search's positions hardly depend on
 * the table's size, its time does: the empty 7 x 6 board (2.8e8 positions,
 * one run each on a quiet machine) explored 286e6 positions in 2^23
 * entries (64 MiB), 275e6 when the table grew on to 2^25, in 1.1-1.2x the
 * time, and 270e6 in the whole 2^27, in 1.4x. The 60 positions of 6-11
 * stones of the peer benchmark, one table for all, took 0.96x the time of
 * the 2^25 rule. So a larger table never slows a solve that does not need
 * it. */
#define C4_TT_START_BITS 20
#ifndef C4_TT_FREE_BITS
#define C4_TT_FREE_BITS 23
#endif
#ifndef C4_TT_GROW_NODES
#define C4_TT_GROW_NODES 64
#endif

/* The bijection of kbits-bit numbers (kbits >= 20). */
static inline uint64_t tt_mix(const pp_c4_solver *s, uint64_t key)
{
    key ^= key >> (s->kbits / 2);
    return (key * UINT64_C(0x9E3779B97F4A7C15)) & s->kmask;
}

/* The first entry of x's bucket. */
static inline size_t tt_index(const pp_c4_solver *s, uint64_t x)
{
    int b = (int)s->live_bits - 1;
    return (size_t)(s->kbits > b ? x >> (s->kbits - b) : x) << 1;
}

static inline void tt_prefetch(const pp_c4_solver *s, uint64_t x)
{
#if defined(__GNUC__)
    __builtin_prefetch(&s->tt[tt_index(s, x)]);
#else
    (void)s;
    (void)x;
#endif
}

static inline int tt_holds(const pp_c4_solver *s, uint64_t e, size_t i, uint64_t x)
{
    return e && (e >> 17) == (x & C4_CHECK_MASK) && (!s->check_hi || s->check_hi[i] == (uint32_t)(x >> s->check_shift));
}

/* x's entry (a mixed key), 0 if the table does not hold it. */
static inline uint64_t tt_entry(const pp_c4_solver *s, uint64_t x)
{
    size_t i = tt_index(s, x);
    uint64_t e = s->tt[i];
    if (tt_holds(s, e, i, x)) return e;
    e = s->tt[i + 1];
    return tt_holds(s, e, i + 1, x) ? e : 0;
}

static inline int tt_score(uint64_t e) { return (int)(e & 63) - 32; }
static inline int tt_type(uint64_t e) { return (int)(e >> 6) & 3; }
static inline int tt_move(uint64_t e) { return (int)(e >> 8) & 15; } /* column + 1, 0: none */

/* log2 of a count of positions (pp__work_bits less one), at most 31. */
static inline uint64_t tt_work(uint64_t n)
{
    unsigned w = pp__work_bits(n);
    return w == 0 ? 0 : w > 32 ? 31 : w - 1;
}

/* Doubles the part of the table in use. A bucket's index is x's top
 * live_bits - 1 bits; the next bit of x, in every entry's check (prepare
 * keeps live_bits - 1 + C4_CHECK_BITS >= kbits), picks which of the two
 * new buckets an entry moves to. Buckets are moved from the last, so each
 * lands where the buckets moved already were, or beyond the old part. */
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
static void
tt_grow(pp_c4_solver *s)
{
    const int b = (int)s->live_bits - 1, sh = s->kbits - b - 1;
    for (size_t i = (size_t)1 << b; i-- > 0;) {
        uint64_t e[2] = {s->tt[2 * i], s->tt[2 * i + 1]};
        s->tt[2 * i] = s->tt[2 * i + 1] = 0;
        for (int k = 0; k < 2; k++) {
            if (!e[k]) continue;
            size_t j = ((i << 1) | ((e[k] >> 17 >> sh) & 1)) << 1;
            s->tt[j + (s->tt[j] != 0)] = e[k];
        }
    }
    s->live_bits++;
}

/* Stores a bound of type `type` (C4_TT_*) on x's score, the best move's
 * column + 1 (0: none known) and the positions its search explored. */
static inline void tt_store(pp_c4_solver *s, uint64_t x, int score, int type, int move, uint64_t work)
{
    size_t i = tt_index(s, x);
    uint64_t e0 = s->tt[i], e1 = s->tt[i + 1];
    size_t at;
    uint64_t old;
    if (tt_holds(s, e0, i, x)) at = i, old = e0;
    else if (tt_holds(s, e1, i + 1, x)) at = i + 1, old = e1;
    else {
        /* an empty entry first, else the one that cost less work */
        at = !e0 ? i : !e1 ? i + 1 : ((e0 >> 12) & 31) < ((e1 >> 12) & 31) ? i : i + 1;
        old = 0;
        if (!s->tt[at]) {
            if (s->filled >= (uint64_t)1 << (s->live_bits - 1) && s->live_bits < s->bits &&
                (s->live_bits < C4_TT_FREE_BITS || s->nodes >= (uint64_t)C4_TT_GROW_NODES << s->live_bits) &&
                (int)s->live_bits <= s->kbits && !s->check_hi) {
                tt_grow(s);
                tt_store(s, x, score, type, move, work); /* into its new bucket */
                return;
            }
            s->filled++;
        }
    }
    if (old) {
        if (tt_type(old) == C4_TT_EXACT && type != C4_TT_EXACT) return;
        if (!move) move = tt_move(old);
        /* a lower and an upper bound that meet are the exact score */
        if (tt_score(old) == score && (tt_type(old) | type) == 3) type = C4_TT_EXACT;
    }
    s->tt[at] = (x & C4_CHECK_MASK) << 17 | tt_work(work) << 12 | (uint64_t)move << 8 | (uint64_t)type << 6 |
                (uint64_t)(score + 32);
    if (s->check_hi) s->check_hi[at] = (uint32_t)(x >> s->check_shift);
    s->tt_dirty = 1;
}

/* The stages bitboard to threats: 1 and a bound (*v, *lower) if the table
 * holds x (an exact score is given as the bound that can move the window:
 * a lower bound when above alpha). */
static inline int tt_get(const pp_c4_solver *s, uint64_t x, int alpha, int *v, int *lower)
{
    uint64_t e = tt_entry(s, x);
    if (!e) return 0;
    *v = tt_score(e);
    *lower = tt_type(e) == C4_TT_LOWER || (tt_type(e) == C4_TT_EXACT && *v > alpha);
    return 1;
}

static inline void tt_put(pp_c4_solver *s, uint64_t x, int score, int lower)
{
    tt_store(s, x, score, lower ? C4_TT_LOWER : C4_TT_UPPER, 0, 0);
}

/* Without -mpopcnt, gcc's __builtin_popcountll is a library call: the
 * classic SWAR count instead (WebAssembly has i64.popcnt). */
static inline int popcount64(uint64_t v)
{
#if defined(__wasm__) || defined(__POPCNT__)
    return __builtin_popcountll(v);
#else
    v = v - ((v >> 1) & UINT64_C(0x5555555555555555));
    v = (v & UINT64_C(0x3333333333333333)) + ((v >> 2) & UINT64_C(0x3333333333333333));
    v = (v + (v >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((v * UINT64_C(0x0101010101010101)) >> 56);
#endif
}

static inline uint64_t col_mask(int h, int c) { return ((((uint64_t)1) << h) - 1) << (c * (h + 1)); }

/* The traced search (pp_c4_solve_traced): the searches are templates
 * included once with C4_TRACING 0 and once with 1; C4T records an event and
 * C4T_COUNT counts one only in the traced ones (C4_TRACING is read where C4T
 * is used), so the untraced code is the code that was benchmarked. */
#define C4T(kind, step, a, b, c)                                                                                       \
    do {                                                                                                               \
        if (C4_TRACING) ppt_emit(s->trace, kind, step, a, b, c);                                                       \
    } while (0)
#define C4T_COUNT(field)                                                                                               \
    do {                                                                                                               \
        if (C4_TRACING) s->tstats.field++;                                                                             \
    } while (0)
#define C4_STEP_ENTER PP_C4_STEP_ENTER
#define C4_STEP_KNOWN PP_C4_STEP_KNOWN
#define C4_STEP_STONES PP_C4_STEP_STONES
#define C4_STEP_TABLE PP_C4_STEP_TABLE
#define C4_STEP_ETC PP_C4_STEP_ETC
#define C4_STEP_MOVE PP_C4_STEP_MOVE
#define C4_STEP_CHILD PP_C4_STEP_CHILD
#define C4_STEP_CUT PP_C4_STEP_CUT
#define C4_STEP_RAISE PP_C4_STEP_RAISE
#define C4_STEP_DONE PP_C4_STEP_DONE

/* What a value returned by a node says, from its first window [a0, b0]. */
static inline int c4_bound(int v, int a0, int b0)
{
    return v <= a0 ? PP_AB_UPPER : v >= b0 ? PP_AB_LOWER : PP_AB_EXACT;
}

/* The column (0-based) of a move's one bit. */
static inline int c4_col_of(uint64_t m, int h) { return __builtin_ctzll(m) / (h + 1); }

#define C4N_NAME negamax
#define C4_TRACING 0
#include "connect4_negamax.h"

#define C4N_NAME negamax_traced
#define C4_TRACING 1
#include "connect4_negamax.h"

/* The key of the position or of its mirror image, whichever is smaller
 * (columns reversed: the key has no carry across columns); *mirrored says
 * which. */
static inline uint64_t c4_canonical(uint64_t key, int w, int h, int *mirrored)
{
    const uint64_t col = (((uint64_t)1) << (h + 1)) - 1;
    uint64_t m = 0;
    for (int c = 0; c < w; c++) m |= ((key >> (c * (h + 1))) & col) << ((w - 1 - c) * (h + 1));
    *mirrored = m < key;
    return m < key ? m : key;
}

/* The cells of the odd rows (1-based: the bottom row is row 1) of a w x h
 * board. */
static inline uint64_t c4_odd_rows(const pp_c4_solver *s, int w, int h)
{
    (void)s;
    uint64_t col = 0;
    for (int r = 0; r < h; r += 2) col |= (uint64_t)1 << r;
    uint64_t all = 0;
    for (int c = 0; c < w; c++) all |= col << (c * (h + 1));
    return all;
}

/* The enhanced transposition cutoff probes the children's bounds only with
 * this many empty cells or more: near the leaves the probes cost more than
 * the searches they save. */
#define C4_INF 1000 /* beyond every score */
#ifndef C4_ETC_MIN_LEFT
#define C4_ETC_MIN_LEFT 12
#endif

/* The strongest stage, on 7 x 6 with constant geometry, and on any size. */
#define C4S_NAME strong_7x6
#define C4S_W 7
#define C4S_H 6
#define C4S_BOTTOM UINT64_C(0x0040810204081)
#define C4S_BOARD (UINT64_C(0x0040810204081) * 63)
#define C4_TRACING 0
#include "connect4_strong.h"

#define C4S_NAME strong_any
#define C4S_W s->w
#define C4S_H s->h
#define C4S_BOTTOM s->bottom
#define C4S_BOARD s->board
#define C4_TRACING 0
#include "connect4_strong.h"

/* Traced: any size (7 x 6 too: the same search, so the same positions). */
#define C4S_NAME strong_traced
#define C4S_W s->w
#define C4S_H s->h
#define C4S_BOTTOM s->bottom
#define C4S_BOARD s->board
#define C4_TRACING 1
#include "connect4_strong.h"

static int strong(pp_c4_solver *s, uint64_t cur, uint64_t mask, int moves, int alpha, int beta)
{
    if (s->trace) return strong_traced(s, cur, mask, moves, alpha, beta);
    if (s->w == 7 && s->h == 6) return strong_7x6(s, cur, mask, moves, alpha, beta);
    return strong_any(s, cur, mask, moves, alpha, beta);
}

/* The stages bitboard to threats, traced when s->trace is set. */
static int search(pp_c4_solver *s, uint64_t cur, uint64_t mask, int moves, int alpha, int beta)
{
    return s->trace ? negamax_traced(s, cur, mask, moves, alpha, beta) : negamax(s, cur, mask, moves, alpha, beta);
}

static pp_status prepare(pp_c4_solver *s, const pp_c4 *p, int stage, uint64_t budget, pp_error *err)
{
    if (s->w != p->w || s->h != p->h) {
        /* x's top bits - 1 bits pick the bucket, its low 47 go into the
         * entry; the bits between, if any, into check_hi */
        int kbits = p->w * (p->h + 1);
        int wide = kbits > (int)s->bits - 1 + C4_CHECK_BITS;
        tt_clear(s);
        if (wide && !s->check_hi) {
            if (((uint64_t)12 << s->bits) > C4_TT_BUDGET)
                return pp__fail(err, PP_ERR_LIMIT, "a table of 2^%u entries for %dx%d boards exceeds the memory budget",
                                s->bits, p->w, p->h);
            s->check_hi = calloc((size_t)1 << s->bits, sizeof *s->check_hi);
            if (!s->check_hi) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the table's keys");
        } else if (!wide && s->check_hi) {
            free(s->check_hi);
            s->check_hi = NULL;
        }
        s->kbits = kbits;
        s->kmask = kbits >= 64 ? UINT64_MAX : (((uint64_t)1) << kbits) - 1;
        /* the part in use starts small (tt_grow) where every entry's check
         * then holds the bits below the bucket's index */
        int start = kbits - (C4_CHECK_BITS - 1) > C4_TT_START_BITS ? kbits - (C4_CHECK_BITS - 1) : C4_TT_START_BITS;
        s->live_bits = wide || start > (int)s->bits ? s->bits : (uint32_t)start;
        s->check_shift = C4_CHECK_BITS;
        s->w = p->w;
        s->h = p->h;
    }
    s->stage = stage;
    s->bottom = p->bottom;
    s->board = p->board;
    s->nodes = 0;
    s->budget = budget;
    s->out_of_budget = s->cancelled = 0;
    s->next_report = (uint64_t)1 << s->report_log2;
    s->check_at = next_check(s);
    for (int i = 0; i < p->w; i++) s->order[i] = p->w / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2;
    return PP_OK;
}

/* The dedicated stages: the score clamped to [want_lo, want_hi] (see
 * pp_c4_solve_range), the search starting from the bounds the range gives
 * instead of the board's. */
static int solve_fast(pp_c4_solver *s, const pp_c4 *p, int want_lo, int want_hi)
{
    const int cells = p->w * p->h, moves = p->pos.n;
    uint64_t mask = p->pos.mask;
    uint64_t cur = moves % 2 ? p->pos.first ^ mask : p->pos.first;
    s->nprobes = 0;
    if (moves == cells) return 0;
    int lo = -(cells - moves) / 2, hi = (cells + 1 - moves) / 2;
    if (lo < want_lo) lo = want_lo < hi ? want_lo : hi;
    if (hi > want_hi) hi = want_hi > lo ? want_hi : lo;
    s->lo = s->window = lo;
    s->hi = hi;
    /* Traced (ppt_emit does nothing without a trace): the root is node 0,
     * or from iterative on the solve is and each probe's root its child. */
    s->tnode = 0;
    s->tnext = 1;
    if (c4_winning_spots(cur, mask, p->h, p->board) & ((mask + p->bottom) & p->board)) {
        s->nodes++;
        int v = (cells + 1 - moves) / 2;
        ppt_emit(s->trace, PP_EV_AB_ENTER, PP_C4_STEP_ENTER, 0, lo, hi);
        ppt_emit(s->trace, PP_EV_AB_EXIT, PP_C4_STEP_KNOWN, 0, v, PP_AB_EXACT);
        return v;
    }
    if (lo == hi) return lo; /* the range holds one value: nothing to search */
    if (s->stage < PP_C4_ITERATIVE) return search(s, cur, mask, moves, lo, hi);
    ppt_emit(s->trace, PP_EV_AB_ENTER, PP_C4_STEP_ROOT, 0, lo, hi);
    /* The strongest stage's probes (the earlier stages bisect towards 0),
     * its search failing soft: the first at 0, then each at the bound the
     * last answer gave, asking whether it is the score ([hi - 1, hi] after
     * an upper bound hi, [lo, lo + 1] after a lower bound lo). Scores are
     * mostly near 0 from the opening on, and a probe costs more the nearer
     * its window is to the score, so the far probes of a bisection are
     * mostly wasted; a fail-soft answer jumps over the values it rules out. */
    int last = 0; /* -1: the last answer was an upper bound, 1 a lower bound */
    while (lo < hi) {
        int med;
        if (s->stage >= PP_C4_STRONGEST) {
            med = last == 0 ? 0 : last > 0 ? lo : hi - 1;
            if (med < lo) med = lo;
            if (med > hi - 1) med = hi - 1;
        } else {
            med = lo + (hi - lo) / 2;
            if (med <= 0 && lo / 2 < med) med = lo / 2;
            else if (med >= 0 && hi / 2 > med) med = hi / 2;
        }
        s->window = med;
        int32_t child = s->tnext++;
        s->tnode = child;
        s->tstats.probes++;
        ppt_emit(s->trace, PP_EV_C4_PROBE, PP_C4_STEP_PROBE, 0, med, child);
        int r = s->stage >= PP_C4_STRONGEST ? strong(s, cur, mask, moves, med, med + 1)
                                            : search(s, cur, mask, moves, med, med + 1);
        if (s->out_of_budget) return 0;
        ppt_emit(s->trace, PP_EV_AB_VALUE, PP_C4_STEP_ANSWER, 0, child, r);
        if (r <= med) hi = r;
        else lo = r;
        last = r <= med ? -1 : 1;
        s->lo = lo;
        s->hi = hi;
        ppt_emit(s->trace, PP_EV_C4_BOUNDS, PP_C4_STEP_BOUNDS, 0, lo, hi);
        if (s->nprobes < (int)(sizeof s->probe / sizeof s->probe[0]))
            s->probe[s->nprobes++] = (struct c4probe){med, r, lo, hi, s->nodes};
    }
    ppt_emit(s->trace, PP_EV_AB_EXIT, PP_C4_STEP_RESULT, 0, lo, PP_AB_EXACT);
    return lo;
}

static int32_t clamp_score(int32_t v, int32_t lo, int32_t hi) { return v < lo ? lo : v > hi ? hi : v; }

/* pp_c4_solve, pp_c4_solve_range and pp_c4_solve_traced: the score clamped
 * to [lo, hi]; trace and stats NULL but for the last. weak: only the sign
 * (the range [-1, 1]). */
static pp_status solve_stage(pp_c4_solver *s, const pp_c4 *p, int stage, int weak, int32_t lo, int32_t hi,
                             uint64_t budget, pp_trace *trace, int32_t *score, uint64_t *nodes,
                             pp_c4_trace_stats *stats, pp_error *err)
{
    if (nodes) *nodes = 0;
    if (!s || !p || stage < 0 || stage >= PP_C4_STAGES) return pp__fail(err, PP_ERR_ARG, "no such stage %d", stage);
    if (p->pos.won) return pp__fail(err, PP_ERR_ARG, "the game is already won: a won position has no score");
    if (stage <= PP_C4_CENTRE) {
        pp_ab_options o;
        pp_ab_defaults(&o);
        o.algo = stage == PP_C4_MINIMAX ? PP_AB_MINIMAX : PP_AB_HARD;
        o.order = stage == PP_C4_CENTRE ? PP_ORDER_BEST : PP_ORDER_GIVEN;
        o.budget = budget;
        if (weak) {
            /* the first player's value in (-2, 2) says who wins */
            o.alpha = -2;
            o.beta = 2;
        }
        pp_ab *x = NULL;
        pp_status st = pp_ab_new(&p->game, &o, trace, &x, err);
        if (st != PP_OK) return st;
        int done = 0;
        st = pp_ab_run(x, UINT64_MAX, &done, err);
        pp_ab_result r;
        pp_ab_get_result(x, &r);
        if (stats) {
            stats->nodes = r.stats.nodes;
            stats->tt_hits = r.stats.tt_hits;
            stats->cutoffs = r.stats.cutoffs;
            stats->ids = pp_ab_node_count(x);
        }
        pp_ab_free(x);
        if (nodes) *nodes = r.stats.nodes;
        if (st != PP_OK) return st;
        int32_t v = pp_c4_score_from_value(p, r.value);
        if (weak) v = v > 0 ? 1 : v < 0 ? -1 : 0;
        *score = clamp_score(v, lo, hi);
        return PP_OK;
    }
    pp_status st = prepare(s, p, stage, budget, err);
    if (st != PP_OK) return st;
    memset(&s->tstats, 0, sizeof s->tstats);
    s->trace = trace;
    if (weak) {
        lo = lo < -1 ? -1 : lo;
        hi = hi > 1 ? 1 : hi;
    }
    int v = solve_fast(s, p, lo, hi);
    s->trace = NULL;
    if (nodes) *nodes = s->nodes;
    if (stats) {
        *stats = s->tstats;
        stats->nodes = s->nodes;
        stats->ids = (uint32_t)s->tnext;
    }
    if (s->cancelled)
        return pp__fail(err, PP_ERR_CANCELLED, "%s: cancelled after %llu positions", stage_names[stage],
                        (unsigned long long)s->nodes);
    if (s->out_of_budget)
        return pp__fail(err, PP_ERR_BUDGET, "%s explored %llu positions, the budget", stage_names[stage],
                        (unsigned long long)budget);
    v = clamp_score(v, lo, hi);
    *score = weak ? (v > 0 ? 1 : v < 0 ? -1 : 0) : v;
    return PP_OK;
}

pp_status pp_c4_solve(pp_c4_solver *s, const pp_c4 *p, int stage, int weak, uint64_t budget, int32_t *score,
                      uint64_t *nodes, pp_error *err)
{
    return solve_stage(s, p, stage, weak, INT32_MIN, INT32_MAX, budget, NULL, score, nodes, NULL, err);
}

pp_status pp_c4_solve_range(pp_c4_solver *s, const pp_c4 *p, int stage, int32_t lo, int32_t hi, uint64_t budget,
                            int32_t *score, uint64_t *nodes, pp_error *err)
{
    if (nodes) *nodes = 0;
    if (lo > hi) return pp__fail(err, PP_ERR_ARG, "the range [%d, %d] is empty", (int)lo, (int)hi);
    return solve_stage(s, p, stage, 0, lo, hi, budget, NULL, score, nodes, NULL, err);
}

pp_status pp_c4_solve_traced(pp_c4_solver *s, const pp_c4 *p, int stage, int weak, uint64_t budget, pp_trace *trace,
                             int32_t *score, pp_c4_trace_stats *stats, pp_error *err)
{
    if (stats) memset(stats, 0, sizeof *stats);
    if (!trace) return pp__fail(err, PP_ERR_ARG, "pp_c4_solve_traced: no trace");
    ppt_reserve(trace);
    return solve_stage(s, p, stage, weak, INT32_MIN, INT32_MAX, budget, trace, score, NULL, stats, err);
}

int pp_c4_solver_probes(const pp_c4_solver *s, double *out, int max)
{
    int n = s && s->nprobes < max ? s->nprobes : max;
    for (int i = 0; s && i < n; i++) {
        const struct c4probe *q = &s->probe[i];
        double *o = out + 5 * i;
        o[0] = q->med;
        o[1] = q->r;
        o[2] = q->lo;
        o[3] = q->hi;
        o[4] = (double)q->nodes;
    }
    return n < 0 ? 0 : n;
}
