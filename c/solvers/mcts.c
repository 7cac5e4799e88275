/* mcts.c: Monte Carlo tree search (UCT) over any pp_game, with MCTS-Solver.
 *
 * One iteration, as the pseudocode in perfect_play.h numbers its steps:
 *
 *   1. select   from the root, while the node is expanded, go to a child:
 *               one never visited (at random among them), else the one with
 *               the highest UCB1 score for the player to move,
 *                   mean_j + c * sqrt(ln N / n_j)
 *               (mean_j: the child's mean reward for that player, n_j its
 *               visits, N the node's); with the solver, never a child whose
 *               bounds say it cannot change the node's value
 *   2. expand   a node reached again after its first visit gets a child for
 *               each of its moves (none visited yet)
 *   3. playout  from the new node, moves at random (or the decisive policy:
 *               a move that wins at once, else one after which the opponent
 *               has no win at once) to the end of the game; through the
 *               game's functions, or by the game's own playout where it has
 *               one (Connect Four's bitboards), which draws the same moves
 *   4. backup   the result's reward, in [0, 1] for MAX, is added to every
 *               node on the path; with the solver, each node's bounds are
 *               recomputed from its children's, bottom up
 *
 * The solver is MCTS-Solver (Winands, Björnsson and Saito 2008) in its
 * score-bounded form (Cazenave and Saffidine 2010): every node holds a
 * lower and an upper bound on its exact value. A leaf's are its value; an
 * unexpanded node's the game's [lo, hi]; a MAX node's are the largest of its
 * children's lower bounds and the largest of their upper bounds (MIN: the
 * smallest). Equal bounds mean the node is proven: a win, a loss, a draw or
 * an exact score. Selection skips a child of a MAX node whose upper bound
 * is at most the node's lower bound (it cannot raise it; MIN alike), and a
 * proven root ends the search.
 *
 * Memory: the tree is one array of 32-byte nodes, a node's children
 * contiguous; it grows by doubling up to the options' limit, checked
 * before allocating (past it the search stops, its statistics kept). On
 * Linux, from 4 MiB, it is a mapping of its own reserved to that limit
 * (grow) in 2 MiB pages (madvise's MADV_HUGEPAGE, a hint the system may
 * ignore): a selection's path reads a node's children at a new place in
 * the tree at every level, and with 4 KiB pages most such reads in a tree
 * of tens of megabytes also miss the TLB.
 * Positions are not stored: each iteration replays the moves from the root
 * (copy-make, one position per ply).
 *
 * Determinism: the only randomness is splitmix64 from the options' seed,
 * and ln and sqrt are computed here from IEEE basic operations (ln by a
 * series of + and *, sqrt IEEE's own, correctly rounded; no libm, whose
 * last bit may differ between platforms), so one seed gives the same tree,
 * bit for bit, natively and in WebAssembly.
 */
#define _DEFAULT_SOURCE /* madvise */
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "internal.h"

enum { MC_EXPANDED = 1, MC_TERMINAL = 2, MC_MAX = 4 /* expanded, and MAX moves at its position */ };
#define MC_LN_TABLE (1u << 20) /* ln's table: to the budget, at most 8 MiB; past it ln is computed */

typedef struct mc_node {
    double sum;      /* rewards backed up through the node, MAX's, each in [0, 1] */
    uint32_t visits; /* iterations through the node */
    uint32_t first;  /* its children: nodes[first .. first + nkids) once expanded */
    int32_t move;    /* the move from its parent (the game's code) */
    int32_t lo, hi;  /* the solver's bounds on its value: lo <= value <= hi */
    uint16_t nkids;  /* its moves, once expanded (child k is move k of the list) */
    uint16_t flags;  /* MC_EXPANDED, MC_TERMINAL, MC_MAX */
} mc_node;

struct pp_mcts {
    const pp_game *g;
    pp_mcts_options opt;
    pp_trace *tr;
    mc_node *nodes;
    uint32_t nnodes, cap;
    size_t mapped;      /* the bytes of the tree's own mapping (grow), or 0: the array is from malloc */
    uint64_t max_nodes; /* the memory limit, in nodes */
    unsigned char *pos; /* one position per ply of the path, then 3 scratch */
    uint32_t *path;     /* node ids from the root */
    int32_t *moves;     /* one list for the playout, one for the decisive look */
    uint64_t rng;
    pp_mcts_playout_fn fast;     /* the game's own playout (pp_mcts_set_playout), or NULL */
    pp_mcts_choice_fn on_choice; /* told each change of the choice (pp_mcts_on_choice), or NULL */
    void *choice_ctx;
    int32_t choice; /* the choice as on_choice was last told it (-1: none yet) */
    double *ln;     /* ln[n] = mc_ln(n) for n < nln: selection's ln N, looked up */
    uint32_t nln;
    int32_t traced[PP_MCTS_TRACE_MOVES]; /* the game's playout's moves, when traced */
    uint8_t ok[PP_AB_MAX_MOVES];         /* the decisive policy's safe moves */
    int32_t lo, hi;                      /* the rewards' range: the options' or the game's */
    uint64_t iterations;
    uint64_t playout_plies;
    uint32_t max_ply;
    int done;
    pp_status failed;
    pp_error fail_err;
};

/* ---- deterministic ln and sqrt ---- */

/* ln x for x >= 1 (a visit count): x = m * 2^e with m in [sqrt(1/2),
 * sqrt(2)), ln m by the atanh series in s = (m - 1) / (m + 1), |s| < 0.172
 * (the terms to s^27: below 1e-20 after them); 1/k as constants, so one
 * division in all. */
static double mc_ln(double x)
{
    static const double inv[14] = {1.0,      1.0 / 3,  1.0 / 5,  1.0 / 7,  1.0 / 9,  1.0 / 11, 1.0 / 13,
                                   1.0 / 15, 1.0 / 17, 1.0 / 19, 1.0 / 21, 1.0 / 23, 1.0 / 25, 1.0 / 27};
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    int e = (int)((bits >> 52) & 0x7FF) - 1023;
    bits = (bits & 0x000FFFFFFFFFFFFFull) | 0x3FF0000000000000ull; /* m in [1, 2) */
    double m;
    memcpy(&m, &bits, sizeof m);
    if (m > 1.4142135623730951) m *= 0.5, e++;
    double s = (m - 1.0) / (m + 1.0), s2 = s * s, term = s, sum = 0.0;
    for (int k = 0; k < 14; k++) {
        sum += term * inv[k];
        term *= s2;
    }
    return e * 0.6931471805599453 + 2.0 * sum;
}

/* sqrt x for x >= 0, correctly rounded: IEEE 754's square root, one of its
 * basic operations like + and *, so the same bits everywhere (SSE2's
 * sqrtsd natively, f64.sqrt in WebAssembly, where C's sqrt never sets
 * errno). Natively by the instruction itself: __builtin_sqrt would call
 * libm's sqrt for errno's sake, and the library links no libm. */
static double mc_sqrt(double x)
{
    if (!(x > 0)) return 0;
#if defined(__x86_64__) && defined(__SSE2__)
    double y;
    __asm__("sqrtsd %1, %0" : "=x"(y) : "x"(x));
    return y;
#elif defined(__aarch64__)
    double y;
    __asm__("fsqrt %d0, %d1" : "=w"(y) : "w"(x));
    return y;
#else
    return __builtin_sqrt(x); /* WebAssembly: f64.sqrt */
#endif
}

/* Selection's scores two at a time where the machine has a vector of two
 * doubles with IEEE's square root (x86-64's SSE2: divpd, sqrtpd;
 * WebAssembly's SIMD: f64x2.div, f64x2.sqrt); elsewhere one at a time.
 * Either way each score is the same operations in the same order, each
 * correctly rounded: the same bits. */
#if defined(__x86_64__) && defined(__SSE2__)
#include <emmintrin.h>
#define MC_PAIRS 1
typedef double v2d __attribute__((vector_size(16)));
static v2d mc_sqrt2(v2d x) { return (v2d)_mm_sqrt_pd((__m128d)x); } /* x >= 0 in both lanes: as mc_sqrt */
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define MC_PAIRS 1
typedef double v2d __attribute__((vector_size(16)));
static v2d mc_sqrt2(v2d x) { return (v2d)wasm_f64x2_sqrt((v128_t)x); }
#else
#define MC_PAIRS 0
#endif

/* ---- the tree ---- */

static int fail(pp_mcts *m, pp_status code, const char *fmt, unsigned long long a, unsigned long long b)
{
    m->failed = code;
    pp__fail(&m->fail_err, code, fmt, a, b);
    return -1;
}

/* The game listed n moves at pos, not a leaf (pp__bad_moves). */
static int bad_moves(pp_mcts *m, const void *pos, uint32_t n)
{
    m->failed = pp__bad_moves(&m->fail_err, m->g, pos, n);
    return -1;
}

static unsigned char *pos_at(const pp_mcts *m, uint32_t ply) { return m->pos + (size_t)ply * m->g->state_bytes; }

/* A value's reward for MAX, in [0, 1] by the range [lo, hi]. */
static double reward_of(const pp_mcts *m, int32_t v)
{
    int32_t lo = m->lo, hi = m->hi;
    if (v <= lo) return hi > lo ? 0.0 : 0.5;
    if (v >= hi) return hi > lo ? 1.0 : 0.5;
    return (double)((int64_t)v - lo) / (double)((int64_t)hi - lo);
}

#if defined(__linux__) && defined(MADV_HUGEPAGE)
#define MC_HUGE ((size_t)2 << 20)
#endif

/* The tree's array grown to cap nodes, the first used kept; 0, or -1 out
 * of memory (the array untouched). On Linux, once the array reaches 4 MiB
 * it moves, once, into a mapping of its own the size of the memory limit:
 * address space only (MAP_NORESERVE), the system giving each page, zeroed,
 * when it is first touched, and in 2 MiB pages (MADV_HUGEPAGE, asked
 * before any is touched). Growing it after that is a new cap: no copy, and
 * no page cleared that the tree does not reach (grown by doubling and
 * copying, the system cleared the pages of every array on the way, about
 * four times the tree's own bytes). Where the mapping is refused, the
 * array grows by realloc. */
static int grow(pp_mcts *m, uint64_t cap)
{
    if (m->mapped) return 0; /* the mapping holds max_nodes */
#ifdef MC_HUGE
    if ((size_t)cap * sizeof(mc_node) >= 2 * MC_HUGE) {
        size_t want = ((size_t)m->max_nodes * sizeof(mc_node) + MC_HUGE - 1) & ~(MC_HUGE - 1), len = want + MC_HUGE;
        char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (p != MAP_FAILED) { /* aligned to 2 MiB: the rest of len given back */
            char *a = (char *)(((uintptr_t)p + MC_HUGE - 1) & ~(uintptr_t)(MC_HUGE - 1));
            if (a > p) munmap(p, (size_t)(a - p));
            if (p + len > a + want) munmap(a + want, (size_t)(p + len - (a + want)));
            madvise(a, want, MADV_HUGEPAGE);
            if (m->nnodes) memcpy(a, m->nodes, (size_t)m->nnodes * sizeof(mc_node));
            free(m->nodes);
            m->nodes = (mc_node *)a;
            m->mapped = want;
            return 0;
        }
    }
#endif
    mc_node *n = realloc(m->nodes, (size_t)cap * sizeof(mc_node));
    if (!n) return -1;
    m->nodes = n;
    return 0;
}

/* Room for k more nodes, growing the array within the limit; 0 or -1. */
static int reserve(pp_mcts *m, uint32_t k)
{
    uint64_t need = (uint64_t)m->nnodes + k;
    if (need <= m->cap) return 0;
    if (need > m->max_nodes)
        return fail(m, PP_ERR_BUDGET,
                    "the tree passed its memory limit (--memory) at %llu nodes, after %llu iterations",
                    (unsigned long long)m->nnodes, (unsigned long long)m->iterations);
    uint64_t cap = m->cap ? (uint64_t)m->cap * 2 : 1024;
    while (cap < need) cap *= 2;
    if (cap > m->max_nodes) cap = m->max_nodes;
    if (grow(m, cap))
        return fail(m, PP_ERR_NOMEM, "out of memory for the tree at %llu nodes, after %llu iterations",
                    (unsigned long long)m->nnodes, (unsigned long long)m->iterations);
    m->cap = (uint32_t)cap;
    return 0;
}

static void node_init(const pp_game *g, mc_node *n, int32_t move)
{
    memset(n, 0, sizeof *n);
    n->move = move;
    n->lo = g->lo;
    n->hi = g->hi;
}

/* Step 2. Expand: a child for each move of the position at ply. */
static int expand(pp_mcts *m, uint32_t id, uint32_t ply)
{
    const pp_game *g = m->g;
    int32_t *mv = m->moves;
    uint32_t n = g->moves(g->ctx, pos_at(m, ply), mv);
    if (n == 0 || n > g->max_moves) return bad_moves(m, pos_at(m, ply), n);
    if (reserve(m, n)) return -1;
    mc_node *p = &m->nodes[id];
    p->first = m->nnodes;
    p->nkids = (uint16_t)n;
    p->flags |= MC_EXPANDED | (g->player(g->ctx, pos_at(m, ply)) == PP_AB_MAX ? MC_MAX : 0);
    for (uint32_t i = 0; i < n; i++) node_init(g, &m->nodes[m->nnodes + i], mv[i]);
    ppt_emit(m->tr, PP_EV_MC_EXPAND, 2, (int32_t)id, (int32_t)n, (int32_t)m->nnodes);
    m->nnodes += n;
    return 0;
}

/* Plays child k of node id (at ply) into ply + 1; marks it terminal with
 * its value the first time. Returns 1 if it is terminal (*value set). */
static int play_child(pp_mcts *m, uint32_t id, uint32_t ply, uint32_t k, int32_t *value)
{
    const pp_game *g = m->g;
    mc_node *c = &m->nodes[m->nodes[id].first + k];
    const void *pos = pos_at(m, ply);
    void *child = pos_at(m, ply + 1);
    int leaf;
    if (g->play_leaf) leaf = g->play_leaf(g->ctx, pos, c->move, child, value);
    else g->play(g->ctx, pos, c->move, child), leaf = g->leaf(g->ctx, child, value);
    if (leaf && !(c->flags & MC_TERMINAL)) {
        c->flags |= MC_TERMINAL;
        c->lo = c->hi = *value;
        if (m->opt.solver) ppt_emit(m->tr, PP_EV_MC_PROVE, 4, (int32_t)(c - m->nodes), c->lo, c->hi);
    }
    return leaf;
}

/* Whether the solver's bounds leave child c able to change node p's value. */
static int open_child(const mc_node *p, const mc_node *c, int max) { return max ? c->hi > p->lo : c->lo < p->hi; }

/* Step 1. Select a child of expanded node id, whose mover is max (1) or
 * min (0): an unvisited one at random, else the best by UCB1. */
static uint32_t select_child(pp_mcts *m, uint32_t id, int max)
{
    const mc_node *p = &m->nodes[id];
    const mc_node *kids = m->nodes + p->first;
    int solver = m->opt.solver;
    /* Without the solver the first nkids passes through a node take its
     * unvisited children, one each, so after them none is left to count (a
     * node other than the root had its first visit before it was expanded). */
    uint32_t unvisited = 0;
    if (solver || p->visits - (id != 0) < p->nkids)
        for (uint32_t k = 0; k < p->nkids; k++)
            if (!kids[k].visits && (!solver || open_child(p, &kids[k], max))) unvisited++;
    if (unvisited) {
        uint32_t r = (uint32_t)(pp__splitmix(&m->rng) % unvisited);
        for (uint32_t k = 0; k < p->nkids; k++)
            if (!kids[k].visits && (!solver || open_child(p, &kids[k], max)) && r-- == 0) return k;
    }
    double logn = p->visits < m->nln ? m->ln[p->visits] : mc_ln((double)p->visits), best = -1;
    double uct_c = m->opt.uct_c;
    uint32_t pick = 0, k = 0;
#if MC_PAIRS
    /* Two children at a time: the scalar loop's operations, in its order, on
     * both lanes of a vector (divpd, sqrtpd: each lane correctly rounded, so
     * each score has the scalar loop's bits); compared one by one, in order,
     * as there (a closed child's score, computed, is never compared). */
    const v2d vlogn = {logn, logn}, vc = {uct_c, uct_c}, one = {1.0, 1.0};
    for (; k + 1 < p->nkids; k += 2) {
        const mc_node *c0 = &kids[k], *c1 = &kids[k + 1];
        v2d n = {(double)c0->visits, (double)c1->visits}, sum = {c0->sum, c1->sum};
        v2d mean = sum / n;
        if (!max) mean = one - mean;
        v2d u = mean + vc * mc_sqrt2(vlogn / n);
        if ((!solver || open_child(p, c0, max)) && u[0] > best) best = u[0], pick = k;
        if ((!solver || open_child(p, c1, max)) && u[1] > best) best = u[1], pick = k + 1;
    }
#endif
    for (; k < p->nkids; k++) {
        const mc_node *c = &kids[k];
        if (solver && !open_child(p, c, max)) continue;
        double mean = c->sum / c->visits;
        if (!max) mean = 1.0 - mean;
        double u = mean + uct_c * mc_sqrt(logn / c->visits);
        if (u > best) best = u, pick = k;
    }
    return pick;
}

/* A leaf value the mover counts as a win: a reward above 1/2 for it (a
 * value past the middle of the game's range: above 0 in every game whose
 * range is symmetric, Connect Four's scores among them). */
static int wins_at_once(const pp_mcts *m, int max, int32_t v)
{
    int64_t twice = 2 * (int64_t)v, mid = (int64_t)m->lo + m->hi;
    return max ? twice > mid : twice < mid;
}

/* The decisive policy's move at pos (mover max): one that wins at once,
 * else one after which the opponent has no win at once, at random among
 * them, else any at random. a, b: scratch positions. */
static int32_t decisive_move(pp_mcts *m, const void *pos, int max, const int32_t *mv, uint32_t n, void *a, void *b)
{
    const pp_game *g = m->g;
    int32_t *reply = m->moves + g->max_moves;
    int32_t v;
    uint32_t safe = 0;
    uint8_t *ok = m->ok; /* in the search, not on the stack: no pattern to fill each call */
    for (uint32_t i = 0; i < n; i++) {
        int leaf = g->play_leaf ? g->play_leaf(g->ctx, pos, mv[i], a, &v)
                                : (g->play(g->ctx, pos, mv[i], a), g->leaf(g->ctx, a, &v));
        if (leaf) {
            if (wins_at_once(m, max, v)) return mv[i];
            ok[i] = !wins_at_once(m, !max, v); /* a move that loses at once is no block */
            safe += ok[i];
            continue;
        }
        ok[i] = 1;
        uint32_t nr = g->moves(g->ctx, a, reply);
        int other = g->player(g->ctx, a) == PP_AB_MAX;
        for (uint32_t j = 0; j < nr && ok[i]; j++) {
            int rl = g->play_leaf ? g->play_leaf(g->ctx, a, reply[j], b, &v)
                                  : (g->play(g->ctx, a, reply[j], b), g->leaf(g->ctx, b, &v));
            if (rl && other != max && wins_at_once(m, other, v)) ok[i] = 0;
        }
        safe += ok[i];
    }
    uint32_t r = (uint32_t)(pp__splitmix(&m->rng) % (safe ? safe : n));
    for (uint32_t i = 0; i < n; i++)
        if ((!safe || ok[i]) && r-- == 0) return mv[i];
    return mv[0];
}

/* Step 3 by the game's own playout (pp_mcts_set_playout): the same moves
 * and events as playout() below, in one call. */
static int fast_playout(pp_mcts *m, uint32_t id, uint32_t ply, int32_t *value)
{
    int32_t *traced = m->traced;
    uint32_t cap = m->tr ? PP_MCTS_TRACE_MOVES : 0;
    uint32_t plies = m->fast(m->g->ctx, pos_at(m, ply), m->opt.playout, &m->rng, cap ? traced : NULL, cap, value);
    if (plies == 0)
        return fail(m, PP_ERR_ARG, "the game's playout failed at ply %llu (the game said %llu)", ply, m->g->max_depth);
    if ((uint64_t)ply + plies > PP_AB_MAX_DEPTH)
        return fail(m, PP_ERR_LIMIT, "a playout went deeper than %llu plies (the game said %llu)", PP_AB_MAX_DEPTH,
                    m->g->max_depth);
    m->playout_plies += plies;
    for (uint32_t k = 0; k < plies && k < cap; k++) ppt_emit(m->tr, PP_EV_MC_MOVE, 3, (int32_t)k, traced[k], 0);
    ppt_emit(m->tr, PP_EV_MC_PLAYOUT, 3, (int32_t)id, (int32_t)plies, *value);
    return 0;
}

/* Step 3. Playout from node id's position at ply (not a leaf) to the end;
 * the final value. */
static int playout(pp_mcts *m, uint32_t id, uint32_t ply, int32_t *value)
{
    const pp_game *g = m->g;
    if (m->fast) return fast_playout(m, id, ply, value);
    uint32_t scratch = g->max_depth + 1;
    void *cur = pos_at(m, scratch), *next = pos_at(m, scratch + 1);
    memcpy(cur, pos_at(m, ply), g->state_bytes);
    for (uint32_t d = ply;; d++) {
        if (d >= PP_AB_MAX_DEPTH)
            return fail(m, PP_ERR_LIMIT, "a playout went deeper than %llu plies (the game said %llu)", PP_AB_MAX_DEPTH,
                        m->g->max_depth);
        int32_t *mv = m->moves;
        uint32_t n = g->moves(g->ctx, cur, mv);
        if (n == 0 || n > g->max_moves) return bad_moves(m, cur, n);
        int32_t move;
        if (m->opt.playout == PP_MCTS_DECISIVE)
            move = decisive_move(m, cur, g->player(g->ctx, cur) == PP_AB_MAX, mv, n, next, pos_at(m, scratch + 2));
        else move = mv[pp__splitmix(&m->rng) % n];
        int leaf = g->play_leaf ? g->play_leaf(g->ctx, cur, move, next, value)
                                : (g->play(g->ctx, cur, move, next), g->leaf(g->ctx, next, value));
        m->playout_plies++;
        if (d - ply < PP_MCTS_TRACE_MOVES) ppt_emit(m->tr, PP_EV_MC_MOVE, 3, (int32_t)(d - ply), move, 0);
        void *t = cur;
        cur = next, next = t;
        if (leaf) {
            ppt_emit(m->tr, PP_EV_MC_PLAYOUT, 3, (int32_t)id, (int32_t)(d - ply + 1), *value);
            return 0;
        }
    }
}

/* Step 4 with the solver: node id's bounds from its children's; 1 if they changed. */
static int rebound(pp_mcts *m, uint32_t id, int max)
{
    mc_node *p = &m->nodes[id];
    const mc_node *kids = m->nodes + p->first;
    int32_t lo = kids[0].lo, hi = kids[0].hi;
    for (uint32_t k = 1; k < p->nkids; k++) {
        if (max) lo = kids[k].lo > lo ? kids[k].lo : lo, hi = kids[k].hi > hi ? kids[k].hi : hi;
        else lo = kids[k].lo < lo ? kids[k].lo : lo, hi = kids[k].hi < hi ? kids[k].hi : hi;
    }
    if (lo == p->lo && hi == p->hi) return 0;
    p->lo = lo, p->hi = hi;
    ppt_emit(m->tr, PP_EV_MC_PROVE, 4, (int32_t)id, lo, hi);
    return 1;
}

/* One iteration: steps 1 to 4. 0, or -1 on failure. */
static int iterate(pp_mcts *m)
{
    const pp_game *g = m->g;
    uint32_t ply = 0, id = 0;
    int32_t value = 0;
    int ended = 0;
    m->path[0] = 0;
    for (;;) {
        mc_node *n = &m->nodes[id];
        if (n->flags & MC_TERMINAL) { /* a leaf of the game: its own value */
            value = n->lo;
            ended = 1;
            break;
        }
        if (!(n->flags & MC_EXPANDED)) {
            if (n->visits == 0 && id != 0) break; /* new: the playout starts here */
            if (ply >= g->max_depth || ply + 1 >= PP_AB_MAX_DEPTH)
                return fail(m, PP_ERR_LIMIT, "the game goes deeper than %llu plies (the game said %llu)",
                            PP_AB_MAX_DEPTH, g->max_depth);
            if (expand(m, id, ply)) return -1;
        }
        int max = (m->nodes[id].flags & MC_MAX) != 0; /* the mover, noted when it was expanded */
        uint32_t k = select_child(m, id, max), parent = id;
        id = m->nodes[id].first + k;
        if (m->nodes[id].flags & MC_EXPANDED) { /* its children next: their cache lines on the way while it is played */
            const char *kids = (const char *)(m->nodes + m->nodes[id].first);
            if (m->nodes[id].visits < m->nln) __builtin_prefetch(m->ln + m->nodes[id].visits); /* and its ln N */
            for (uint32_t b = 0; b < m->nodes[id].nkids * (uint32_t)sizeof(mc_node); b += 64)
                __builtin_prefetch(kids + b);
        }
        ppt_emit(m->tr, PP_EV_MC_SELECT, 1, (int32_t)id, (int32_t)parent, (int32_t)m->nodes[id].visits);
        if (play_child(m, parent, ply, k, &value)) ended = 1;
        m->path[++ply] = id;
        if (ended) break;
    }
    if (!ended && playout(m, id, ply, &value)) return -1;
    if (ply > m->max_ply) m->max_ply = ply;
    ppt_emit(m->tr, PP_EV_MC_BACKUP, 4, (int32_t)id, value, (int32_t)ply + 1);
    double r = reward_of(m, value);
    for (uint32_t d = 0; d <= ply; d++) {
        mc_node *n = &m->nodes[m->path[d]];
        n->visits++;
        n->sum += r;
    }
    if (m->opt.solver) {
        for (uint32_t d = ply; d-- > 0;) {
            uint32_t p = m->path[d];
            if (!(m->nodes[p].flags & MC_EXPANDED)) continue;
            if (!rebound(m, p, (m->nodes[p].flags & MC_MAX) != 0)) break;
        }
        if (m->nodes[0].lo == m->nodes[0].hi) m->done = 1;
    }
    m->iterations++;
    return 0;
}

/* ---- the API ---- */

void pp_mcts_defaults(pp_mcts_options *o)
{
    if (!o) return;
    memset(o, 0, sizeof *o);
    o->iterations = PP_MCTS_DEFAULT_ITERATIONS;
    o->seed = 1;
    o->uct_c = 1.4142135623730951; /* sqrt(2): UCB1 for rewards in [0, 1] */
    o->solver = 0;
    o->playout = PP_MCTS_RANDOM;
    o->max_memory = PP_MCTS_DEFAULT_MEMORY;
}

pp_status pp_mcts_new(const pp_game *g, const pp_mcts_options *opt, pp_trace *trace, pp_mcts **out, pp_error *err)
{
    *out = NULL;
    pp_mcts_options o;
    if (opt) o = *opt;
    else pp_mcts_defaults(&o);
    if (!g || !g->moves || !g->play || !g->leaf || !g->player || !g->root)
        return pp__fail(err, PP_ERR_ARG, "the game lacks a function MCTS needs");
    if (g->state_bytes == 0 || g->state_bytes > PP_AB_MAX_STATE || g->max_moves == 0 ||
        g->max_moves > PP_AB_MAX_MOVES || g->max_depth > PP_AB_MAX_DEPTH || g->lo > g->hi)
        return pp__fail(err, PP_ERR_ARG, "the game's sizes are outside MCTS's limits");
    if (o.iterations == 0 || o.iterations > PP_MCTS_MAX_ITERATIONS)
        return pp__fail(err, PP_ERR_ARG, "iterations must be 1 to %llu", (unsigned long long)PP_MCTS_MAX_ITERATIONS);
    if (!(o.uct_c >= 0 && o.uct_c <= 100))
        return pp__fail(err, PP_ERR_ARG, "the exploration constant must be from 0 to 100");
    if (o.range && o.lo > o.hi) return pp__fail(err, PP_ERR_ARG, "the rewards' range [%d, %d] is empty", o.lo, o.hi);
    if (o.playout != PP_MCTS_RANDOM && o.playout != PP_MCTS_DECISIVE)
        return pp__fail(err, PP_ERR_ARG, "unknown playout policy %d", o.playout);
    if (o.max_memory == 0) o.max_memory = PP_MCTS_DEFAULT_MEMORY;
    if (o.max_memory < PP_MCTS_MIN_MEMORY || o.max_memory > PP_MCTS_MAX_MEMORY)
        return pp__fail(err, PP_ERR_LIMIT, "the tree's memory must be %llu KiB to %llu MiB",
                        (unsigned long long)(PP_MCTS_MIN_MEMORY >> 10), (unsigned long long)(PP_MCTS_MAX_MEMORY >> 20));
    pp_mcts *m = calloc(1, sizeof *m);
    if (!m) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the search");
    m->g = g;
    m->opt = o;
    m->tr = trace;
    m->rng = o.seed;
    m->lo = o.range ? o.lo : g->lo;
    m->hi = o.range ? o.hi : g->hi;
    m->max_nodes = o.max_memory / sizeof(mc_node);
    if (m->max_nodes > UINT32_MAX) m->max_nodes = UINT32_MAX;
    /* the path's positions (max_depth + 1), then three scratch positions */
    m->pos = malloc(((size_t)g->max_depth + 4) * g->state_bytes);
    m->path = malloc(((size_t)PP_AB_MAX_DEPTH + 1) * sizeof *m->path);
    m->moves = malloc(2 * (size_t)g->max_moves * sizeof *m->moves);
    /* ln N for the visit counts most selections see: up to the budget, at most MC_LN_TABLE */
    m->nln = o.iterations + 1 < MC_LN_TABLE ? (uint32_t)o.iterations + 1 : MC_LN_TABLE;
    m->ln = malloc((size_t)m->nln * sizeof *m->ln);
    if (!m->pos || !m->path || !m->moves || !m->ln || reserve(m, 1)) {
        pp_mcts_free(m);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for the search");
    }
    for (uint32_t n = 1; n < m->nln; n++) m->ln[n] = mc_ln((double)n);
    m->ln[0] = 0;
    memcpy(m->pos, g->root, g->state_bytes);
    node_init(g, &m->nodes[0], -1);
    m->nnodes = 1;
    int32_t v;
    if (g->leaf(g->ctx, g->root, &v)) {
        m->nodes[0].flags |= MC_TERMINAL;
        m->nodes[0].lo = m->nodes[0].hi = v;
        m->done = 1; /* nothing to search: the game is over */
    }
    ppt_reserve(trace);
    *out = m;
    return PP_OK;
}

/* Whether root child c is chosen over child b, where b comes first in the
 * root's order: more visits, or as many and a higher mean for the player to
 * move at the root (max). */
static int chosen_over(const mc_node *c, const mc_node *b, int max)
{
    double cm = c->visits ? c->sum / c->visits : 0, bm = b->visits ? b->sum / b->visits : 0;
    if (!max) cm = 1 - cm, bm = 1 - bm;
    return c->visits > b->visits || (c->visits == b->visits && cm > bm);
}

/* The root's child the search chooses: with the root proven, a child that
 * holds its value, the most visited of them; else the most visited, ties to
 * the higher mean, then the first. */
static int32_t choose(const pp_mcts *m)
{
    const mc_node *r = &m->nodes[0];
    if (!(r->flags & MC_EXPANDED) || !r->nkids) return -1;
    const mc_node *kids = m->nodes + r->first;
    int max = (r->flags & MC_MAX) != 0;
    int proven = m->opt.solver && r->lo == r->hi;
    int32_t pick = -1;
    for (uint32_t k = 0; k < r->nkids; k++) {
        const mc_node *c = &kids[k];
        if (proven && !(c->lo == c->hi && c->lo == r->lo)) continue;
        if (pick < 0 || chosen_over(c, &kids[pick], max)) pick = (int32_t)k;
    }
    return pick;
}

/* After an iteration: the choice now, told to on_choice if it changed. The
 * iteration changed one root child's statistics, c's (path[1]), so the
 * choice is the earlier one b or c: the order choose() scans by (visits,
 * then mean, then the first) is total, and every other child still ranks
 * below b. c == b stays: one more visit than any other had. The whole
 * choose() before the root has a choice and once it is proven (the
 * proven rule then). */
static void watch_choice(pp_mcts *m)
{
    const mc_node *r = &m->nodes[0];
    int32_t b = m->choice, now;
    if (b < 0 || (m->opt.solver && r->lo == r->hi)) now = choose(m);
    else {
        int32_t c = (int32_t)(m->path[1] - r->first);
        int32_t lo = c < b ? c : b, hi = c < b ? b : c;
        const mc_node *kids = m->nodes + r->first;
        now = c == b ? b : chosen_over(&kids[hi], &kids[lo], (r->flags & MC_MAX) != 0) ? hi : lo;
    }
    if (now == b) return;
    m->choice = now;
    m->on_choice(m->choice_ctx, m->iterations, now);
}

pp_status pp_mcts_run(pp_mcts *m, uint64_t iterations, int *done, pp_error *err)
{
    if (!m) return pp__fail(err, PP_ERR_ARG, "no search");
    if (m->failed) {
        if (err) *err = m->fail_err;
        if (done) *done = 1;
        return m->failed;
    }
    while (!m->done && iterations-- > 0) {
        if (iterate(m)) {
            if (err) *err = m->fail_err;
            if (done) *done = 1;
            return m->failed;
        }
        if (m->on_choice) watch_choice(m);
        if (m->iterations >= m->opt.iterations) m->done = 1;
        if (m->done) { /* step 5: the answer */
            int32_t k = choose(m);
            if (k >= 0) {
                const mc_node *c = &m->nodes[m->nodes[0].first + (uint32_t)k];
                ppt_emit(m->tr, PP_EV_MC_CHOOSE, 5, (int32_t)(m->nodes[0].first + (uint32_t)k), c->move,
                         (int32_t)c->visits);
            }
        }
    }
    if (done) *done = m->done;
    return PP_OK;
}

void pp_mcts_get_result(const pp_mcts *m, pp_mcts_result *out)
{
    memset(out, 0, sizeof *out);
    if (!m) return;
    const mc_node *r = &m->nodes[0];
    out->iterations = m->iterations;
    out->nodes = m->nnodes;
    out->bytes = (uint64_t)m->cap * sizeof(mc_node);
    out->playout_plies = m->playout_plies;
    out->max_depth = m->max_ply;
    out->nmoves = (r->flags & MC_EXPANDED) ? r->nkids : 0;
    out->best = choose(m);
    out->best_move = out->best >= 0 ? m->nodes[r->first + (uint32_t)out->best].move : 0;
    out->proven = (m->opt.solver || (r->flags & MC_TERMINAL)) && r->lo == r->hi;
    out->value = out->proven ? r->lo : 0;
    out->lo = r->lo, out->hi = r->hi;
    out->max_to_move = m->g->player(m->g->ctx, m->g->root) == PP_AB_MAX;
}

uint32_t pp_mcts_root_moves(const pp_mcts *m, pp_mcts_move *out, uint32_t cap)
{
    if (!m) return 0;
    const mc_node *r = &m->nodes[0];
    if (!(r->flags & MC_EXPANDED)) return 0;
    int max = m->g->player(m->g->ctx, m->g->root) == PP_AB_MAX;
    double logn = r->visits ? mc_ln((double)r->visits) : 0;
    uint32_t n = r->nkids < cap ? r->nkids : cap;
    for (uint32_t k = 0; k < n; k++) {
        const mc_node *c = &m->nodes[r->first + k];
        pp_mcts_move *o = &out[k];
        o->move = c->move;
        o->visits = c->visits;
        o->mean = c->visits ? c->sum / c->visits : 0;
        if (!max && c->visits) o->mean = 1 - o->mean;
        o->ucb = c->visits ? o->mean + m->opt.uct_c * mc_sqrt(logn / c->visits) : -1;
        o->lo = c->lo, o->hi = c->hi;
        o->proven = (m->opt.solver || (c->flags & MC_TERMINAL)) && c->lo == c->hi;
    }
    return r->nkids;
}

void pp_mcts_set_playout(pp_mcts *m, pp_mcts_playout_fn fn)
{
    if (m) m->fast = fn;
}

void pp_mcts_on_choice(pp_mcts *m, pp_mcts_choice_fn fn, void *ctx)
{
    if (!m) return;
    m->on_choice = fn;
    m->choice_ctx = ctx;
    m->choice = choose(m);
}

void pp_mcts_free(pp_mcts *m)
{
    if (!m) return;
#ifdef MC_HUGE
    if (m->mapped) munmap(m->nodes, m->mapped);
    else
#endif
        free(m->nodes);
    free(m->pos), free(m->path), free(m->moves), free(m->ln);
    free(m);
}

pp_status pp_mcts_solve(const pp_game *g, const pp_mcts_options *opt, pp_mcts_result *out, pp_error *err)
{
    pp_mcts *m = NULL;
    pp_status st = pp_mcts_new(g, opt, NULL, &m, err);
    if (st) return st;
    int done = 0;
    st = pp_mcts_run(m, UINT64_MAX, &done, err);
    pp_mcts_get_result(m, out);
    pp_mcts_free(m);
    return st;
}
