/* connect4_solver.c: Connect Four solved by alpha-beta, stage by stage.
 *
 * minimax, alphabeta, centre-first: the generic search (alphabeta.c) on
 * pp_c4_game(). The later stages are a dedicated negamax on two bitboards,
 * `cur` (the stones of the side to move) and `mask` (all stones), each stage
 * adding one classic improvement to the one before:
 *   bitboard    negamax with alpha-beta, centre-first, a win in one move
 *               found by a bitboard test, scores bounded by the stones left
 *   tt          a transposition table of upper bounds, keyed by cur + mask
 *   iterative   the root searched with null windows, narrowing [min, max]
 *   anticipate  only moves that do not hand the opponent a win at once
 *   threats     moves ordered by the winning spots they create
 *   strongest   the table keeps lower bounds too
 * Every stage returns the same exact score.
 */
#include <stdlib.h>
#include <string.h>

#include "connect4_internal.h"

#define C4_TT_DEFAULT_BITS 23
#define C4_TT_MIN_BITS 10
#define C4_TT_MAX_BITS 26

static const char *const stage_names[PP_C4_STAGES] = {"minimax",    "alphabeta",  "centre-first",
                                                      "bitboard",   "tt",         "iterative",
                                                      "anticipate", "threats",    "strongest"};

const char *pp_c4_stage_name(int stage) { return stage >= 0 && stage < PP_C4_STAGES ? stage_names[stage] : NULL; }

int pp_c4_stage_parse(const char *name)
{
    for (int i = 0; i < PP_C4_STAGES; i++)
        if (strcmp(name, stage_names[i]) == 0) return i;
    return -1;
}

/* A table entry: the full key and a byte, 0 (empty) or the bound: bits 0-6
 * the score + 64, bit 7 set for a lower bound (else an upper bound). */
struct pp_c4_solver {
    uint32_t bits;
    uint64_t *keys;
    uint8_t *vals;
    int w, h; /* the size the table holds positions of (0: none yet) */
    /* the search */
    int stage;
    uint64_t bottom, board, nodes, budget;
    int out_of_budget;
    int order[PP_C4_MAX_SIZE];
    /* The null-window probes of the last solve by a stage from iterative on
     * (pp_c4_solver_probes): each window [med, med + 1], the search's answer
     * r, the bounds [lo, hi] it left, the positions explored so far. */
    int nprobes;
    struct c4probe {
        int32_t med, r, lo, hi;
        uint64_t nodes;
    } probe[32];
};

pp_status pp_c4_solver_new(uint32_t tt_bits, pp_c4_solver **out, pp_error *err)
{
    *out = NULL;
    if (tt_bits == 0) tt_bits = C4_TT_DEFAULT_BITS;
    if (tt_bits < C4_TT_MIN_BITS || tt_bits > C4_TT_MAX_BITS)
        return pp__fail(err, PP_ERR_LIMIT, "table bits %u: must be %d to %d", tt_bits, C4_TT_MIN_BITS, C4_TT_MAX_BITS);
    if (((uint64_t)9 << tt_bits) > PP_MEMORY_BUDGET)
        return pp__fail(err, PP_ERR_LIMIT, "a table of 2^%u entries exceeds the memory budget", tt_bits);
    pp_c4_solver *s = calloc(1, sizeof *s);
    if (!s) return pp__fail(err, PP_ERR_NOMEM, "out of memory");
    s->bits = tt_bits;
    s->keys = calloc((size_t)1 << tt_bits, sizeof *s->keys);
    s->vals = calloc((size_t)1 << tt_bits, 1);
    if (!s->keys || !s->vals) {
        pp_c4_solver_free(s);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for a table of 2^%u entries", tt_bits);
    }
    *out = s;
    return PP_OK;
}

void pp_c4_solver_free(pp_c4_solver *s)
{
    if (!s) return;
    free(s->keys);
    free(s->vals);
    free(s);
}

static inline size_t tt_index(const pp_c4_solver *s, uint64_t key)
{
    return (size_t)((key * 0x9E3779B97F4A7C15ull) >> (64 - s->bits));
}

static inline int tt_get(const pp_c4_solver *s, uint64_t key, int *lower)
{
    size_t i = tt_index(s, key);
    uint8_t v = s->vals[i];
    if (!v || s->keys[i] != key) return 0;
    *lower = v >> 7;
    return 1 + ((v & 127) - 64) + 1000; /* caller subtracts 1001 */
}

static inline void tt_put(pp_c4_solver *s, uint64_t key, int score, int lower)
{
    size_t i = tt_index(s, key);
    s->keys[i] = key;
    s->vals[i] = (uint8_t)((score + 64) | (lower ? 128 : 0));
}

static inline int popcount64(uint64_t v)
{
#if defined(__GNUC__)
    return __builtin_popcountll(v);
#else
    int c = 0;
    for (; v; v &= v - 1) c++;
    return c;
#endif
}

static inline uint64_t col_mask(int h, int c) { return ((((uint64_t)1) << h) - 1) << (c * (h + 1)); }

/* The score of the side to move (cur) at `moves` stones, within
 * [alpha, beta] (fail-hard), knowing it cannot win with its next stone. */
static int negamax(pp_c4_solver *s, uint64_t cur, uint64_t mask, int moves, int alpha, int beta)
{
    const int w = s->w, h = s->h, cells = w * h;
    if (s->budget && s->nodes >= s->budget) {
        s->out_of_budget = 1;
        return alpha;
    }
    s->nodes++;
    uint64_t possible = (mask + s->bottom) & s->board;
    uint64_t opp = cur ^ mask;
    uint64_t next = possible;
    if (s->stage >= PP_C4_ANTICIPATE) {
        uint64_t opp_win = c4_winning_spots(opp, mask, h, s->board);
        uint64_t forced = possible & opp_win;
        if (forced) {
            if (forced & (forced - 1)) return -(cells - moves) / 2; /* two threats: lost next move */
            next = forced;
        }
        next &= ~(opp_win >> 1); /* never play under the opponent's winning spot */
        if (!next) return -(cells - moves) / 2;
    }
    if (moves >= cells - 2 && s->stage >= PP_C4_ANTICIPATE) return 0;
    if (moves == cells) return 0;
    /* scores within reach: a loss takes the opponent's next stone at least */
    int lo = -(cells - moves) / 2;
    if (s->stage >= PP_C4_ANTICIPATE) lo = -(cells - 2 - moves) / 2;
    if (alpha < lo) {
        alpha = lo;
        if (alpha >= beta) return alpha;
    }
    int hi = (cells - 1 - moves) / 2; /* no win with the next stone */
    uint64_t key = cur + mask;
    if (s->stage >= PP_C4_TT) {
        int lower;
        int v = tt_get(s, key, &lower);
        if (v) {
            v -= 1001;
            if (lower) {
                if (alpha < v) {
                    alpha = v;
                    if (alpha >= beta) return alpha;
                }
            } else if (hi > v) {
                hi = v;
            }
        }
    }
    if (beta > hi) {
        beta = hi;
        if (alpha >= beta) return beta;
    }
    /* the moves in order: centre first, or by the winning spots they create */
    uint64_t mv[PP_C4_MAX_SIZE];
    int sc[PP_C4_MAX_SIZE];
    int k = 0;
    for (int i = 0; i < w; i++) {
        uint64_t m = next & col_mask(h, s->order[i]);
        if (!m) continue;
        int score = 0;
        if (s->stage >= PP_C4_THREATS) score = popcount64(c4_winning_spots(cur | m, mask, h, s->board));
        /* insertion, stable for equal scores */
        int j = k++;
        while (j > 0 && sc[j - 1] < score) {
            mv[j] = mv[j - 1];
            sc[j] = sc[j - 1];
            j--;
        }
        mv[j] = m;
        sc[j] = score;
    }
    for (int i = 0; i < k; i++) {
        uint64_t ncur = cur ^ mask; /* the opponent moves next */
        uint64_t nmask = mask | mv[i];
        int score;
        if (s->stage < PP_C4_ANTICIPATE &&
            (c4_winning_spots(ncur, nmask, h, s->board) & ((nmask + s->bottom) & s->board))) {
            /* the opponent wins with its next stone (moves + 1 on the board) */
            score = -((cells + 1 - (moves + 1)) / 2);
        } else {
            score = -negamax(s, ncur, nmask, moves + 1, -beta, -alpha);
        }
        if (s->out_of_budget) return alpha;
        if (score >= beta) {
            if (s->stage >= PP_C4_STRONGEST) tt_put(s, key, score, 1);
            return score;
        }
        if (score > alpha) alpha = score;
    }
    if (s->stage >= PP_C4_TT) tt_put(s, key, alpha, 0);
    return alpha;
}

static void prepare(pp_c4_solver *s, const pp_c4 *p, int stage, uint64_t budget)
{
    if (s->w != p->w || s->h != p->h) {
        memset(s->vals, 0, (size_t)1 << s->bits);
        s->w = p->w;
        s->h = p->h;
    }
    s->stage = stage;
    s->bottom = p->bottom;
    s->board = p->board;
    s->nodes = 0;
    s->budget = budget;
    s->out_of_budget = 0;
    for (int i = 0; i < p->w; i++) s->order[i] = p->w / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2;
}

/* The dedicated stages. */
static int solve_fast(pp_c4_solver *s, const pp_c4 *p, int weak)
{
    const int cells = p->w * p->h, moves = p->pos.n;
    uint64_t mask = p->pos.mask;
    uint64_t cur = moves % 2 ? p->pos.first ^ mask : p->pos.first;
    s->nprobes = 0;
    if (moves == cells) return 0;
    if (c4_winning_spots(cur, mask, p->h, p->board) & ((mask + p->bottom) & p->board)) {
        s->nodes++;
        return (cells + 1 - moves) / 2;
    }
    int lo = -(cells - moves) / 2, hi = (cells + 1 - moves) / 2;
    if (weak) {
        lo = lo < -1 ? -1 : lo;
        hi = hi > 1 ? 1 : hi;
    }
    if (s->stage < PP_C4_ITERATIVE) {
        int v = negamax(s, cur, mask, moves, lo, hi);
        if (weak) v = v > 0 ? 1 : v < 0 ? -1 : 0;
        return v;
    }
    while (lo < hi) {
        int med = lo + (hi - lo) / 2;
        if (med <= 0 && lo / 2 < med) med = lo / 2;
        else if (med >= 0 && hi / 2 > med) med = hi / 2;
        int r = negamax(s, cur, mask, moves, med, med + 1);
        if (s->out_of_budget) return 0;
        if (r <= med) hi = r;
        else lo = r;
        if (s->nprobes < (int)(sizeof s->probe / sizeof s->probe[0]))
            s->probe[s->nprobes++] = (struct c4probe){med, r, lo, hi, s->nodes};
    }
    return lo;
}

pp_status pp_c4_solve(pp_c4_solver *s, const pp_c4 *p, int stage, int weak, uint64_t budget, int32_t *score,
                      uint64_t *nodes, pp_error *err)
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
        pp_ab_result r;
        pp_status st = pp_ab_solve(&p->game, &o, NULL, &r, err);
        if (nodes) *nodes = r.stats.nodes;
        if (st != PP_OK) return st;
        int32_t v = pp_c4_score_from_value(p, r.value);
        if (weak) v = v > 0 ? 1 : v < 0 ? -1 : 0;
        *score = v;
        return PP_OK;
    }
    prepare(s, p, stage, budget);
    int v = solve_fast(s, p, weak);
    if (nodes) *nodes = s->nodes;
    if (s->out_of_budget)
        return pp__fail(err, PP_ERR_BUDGET, "%s explored %llu positions, the budget", stage_names[stage],
                        (unsigned long long)budget);
    *score = weak ? (v > 0 ? 1 : v < 0 ? -1 : 0) : v;
    return PP_OK;
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
