/* gdl_bialphabeta.c: the security values at the start by BIab, backward
 * induction with serialized alpha-beta bounds (after Bosansky, Lisy,
 * Lanctot, Cermak and Winands, "Algorithms for computing strategies in
 * two-player simultaneous move games", AIJ 2016; the method is theirs in
 * outline, the rules below are this file's own), on gdl_value.c's graph of
 * joint moves (pp_gdl_value_options.search = PP_GDL_VALUES_BIAB).
 *
 * Each role r plays the coalition of the others: a zero-sum game whose
 * stages are matrix games (rows r's moves, columns the others' joint moves,
 * entries the successors' values for r). Its value V(x) at a state x is
 * bounded without any linear program:
 *
 *   1. bounds: one pass over the postorder gives lo(x), the value when r
 *      commits first at every stage (max over rows of min over columns of
 *      the successors' lo), and hi(x), when the coalition commits first
 *      (min over columns of max over rows of hi); a terminal's are its goal.
 *      lo(x) <= V(x) <= hi(x): committing first never helps.
 *   2. search, from the start, a stack of states (no recursion: the graph's
 *      depth is not bounded by the C stack), each with a window (a, b)
 *      either side optional. A state is done when lo == hi (exact), when
 *      hi <= a (fails low) or when lo >= b (fails high). Otherwise, over its
 *      cells' current bounds:
 *      - dominance: row i goes when some other row k still in has
 *        hi(i, j) <= lo(k, j) in every column still in (so V(i, j) <=
 *        V(k, j) everywhere: i is weakly dominated in the exact matrix);
 *        column j when some other column l has lo(i, j) >= hi(i, l) in
 *        every row still in. Removing weakly dominated rows and columns one
 *        at a time keeps the game's value, and an optimal strategy of what
 *        is left (zero on what went) is optimal in the whole matrix: the
 *        strategy of the other side is held against a row that went by the
 *        row that dominated it, which is still in or went later (by
 *        induction). It also keeps the best pure row minimum and the least
 *        pure column maximum (the dominating row's minimum is at least the
 *        one removed), so a matrix with no saddle point keeps none, and one
 *        with a saddle point keeps it: the search never runs a linear
 *        program that backward induction would not.
 *      - the bounds again: lo(x) rises to the best row minimum of the cells'
 *        lo, hi(x) falls to the least column maximum of their hi (both over
 *        what is left); done if that settles it.
 *      - else one cell whose successor is not exact (the best row's first,
 *        then the best column's, then any) is searched with a window: a =
 *        the most it can be with row i then dominated by a row k (every
 *        other cell of row i at most k's there: a = lo(k, j)), or with x
 *        then failing low (every other cell of column j at most x's a: the
 *        coalition's pure column j holds r to a); b likewise for column j
 *        and x's b. Whatever that search returns (exact, at most a, at least
 *        b), a cell becomes exact or a row or a column goes, or x is done:
 *        each step makes progress, and a successor searched again (another
 *        parent, another window) starts from the bounds already tightened.
 *      - when every cell left is exact: its matrix game, pp_mgame_solve's
 *        saddle look then its simplex (a row or a column alone is its least
 *        or greatest entry), the state then exact.
 *   At the start (no window) the search ends exact; its strategy is the
 *   reduced matrix's (or, pinned by its bounds, the pure row whose lo is
 *   best), zero on the rows that went.
 *
 * Every bound is a true bound of V (each step keeps lo <= V <= hi), so the
 * start's value equals full backward induction's; the tests compare both
 * at the start and check the bounds at every state against it. */
#include <stdlib.h>
#include <string.h>

#include "gdl_internal.h"

/* Dominance and its windows cost rows * cols * (rows + cols) comparisons a
 * step; past this a state's cells are all searched (windows from its own). */
#define BIAB_DOM_WORK 16384u

typedef struct biab_frame {
    uint32_t x, nr, nc;
    uint64_t stride; /* of r's digit in x's joint moves */
    size_t off;      /* arena: nr row flags then nc column flags, 1 = gone */
    uint8_t has_a, has_b;
    pp_frac a, b;
} biab_frame;

typedef struct biab {
    const gdl_vgraph *gr;
    gdl_biab_out *out;
    int r, R;
    biab_frame *fs;
    uint32_t sp, fcap;
    uint8_t *arena;
    size_t atop, acap;
    uint8_t *counted; /* n: the state's game counted in valued_exactly (this role) */
    pp_frac *a, *row, *col;
    uint64_t max_bytes, used;
} biab;

static int feq(pp_frac p, pp_frac q) { return p.num == q.num && p.den == q.den; } /* lowest terms */
static int flt(pp_frac p, pp_frac q) { return pp_frac_cmp(p, q) < 0; }
static int fle(pp_frac p, pp_frac q) { return pp_frac_cmp(p, q) <= 0; }

static uint32_t cell(const biab *s, const biab_frame *f, uint32_t i, uint32_t j)
{
    uint64_t e = (j / f->stride) * f->stride * f->nr + (uint64_t)i * f->stride + j % f->stride;
    return s->gr->succ[s->gr->first[f->x] + e];
}
static pp_frac L(const biab *s, const biab_frame *f, uint32_t i, uint32_t j)
{
    return s->out->lo[(size_t)cell(s, f, i, j) * s->R + s->r];
}
static pp_frac U(const biab *s, const biab_frame *f, uint32_t i, uint32_t j)
{
    return s->out->hi[(size_t)cell(s, f, i, j) * s->R + s->r];
}

static pp_status over(biab *s, uint64_t more, pp_error *err)
{
    if (s->used + more <= s->max_bytes) {
        s->used += more;
        return PP_OK;
    }
    return pp__fail(err, PP_ERR_LIMIT, "the search's bounds need over %llu MiB, over the memory budget",
                    (unsigned long long)((s->used + more) >> 20));
}

/* Step 1: the serialized games' values, every role, in postorder. */
static void bounds(const gdl_vgraph *gr, pp_frac *lo, pp_frac *hi, pp_frac *rmin, pp_frac *cmax)
{
    int R = gr->nroles;
    for (uint32_t k = 0; k < gr->n; k++) {
        uint32_t x = gr->order[k];
        if (gr->terminal[x]) {
            for (int r = 0; r < R; r++)
                lo[(size_t)x * R + r] = hi[(size_t)x * R + r] = (pp_frac){gr->goal[(size_t)x * R + r], 1};
            continue;
        }
        const uint16_t *cnt = gr->count + (size_t)x * R;
        uint32_t J = gr->first[x + 1] - gr->first[x];
        for (int r = 0; r < R; r++) {
            uint64_t stride = 1;
            for (int q = R - 1; q > r; q--) stride *= cnt[q];
            uint32_t nr = cnt[r], nc = J / nr;
            for (uint32_t e = 0; e < J; e++) {
                uint32_t d = (uint32_t)((e / stride) % nr), j = (uint32_t)((e / (stride * nr)) * stride + e % stride);
                uint32_t c = gr->succ[gr->first[x] + e];
                pp_frac l = lo[(size_t)c * R + r], h = hi[(size_t)c * R + r];
                if (j == 0 || flt(l, rmin[d])) rmin[d] = l;
                if (d == 0 || flt(cmax[j], h)) cmax[j] = h;
            }
            pp_frac bl = rmin[0], bh = cmax[0];
            for (uint32_t d = 1; d < nr; d++)
                if (flt(bl, rmin[d])) bl = rmin[d];
            for (uint32_t j = 1; j < nc; j++)
                if (flt(cmax[j], bh)) bh = cmax[j];
            lo[(size_t)x * R + r] = bl, hi[(size_t)x * R + r] = bh;
        }
    }
}

static pp_status push(biab *s, uint32_t x, int has_a, pp_frac a, int has_b, pp_frac b, pp_error *err)
{
    const gdl_vgraph *gr = s->gr;
    int R = s->R;
    if (s->sp == s->fcap) {
        uint32_t nc = s->fcap ? s->fcap * 2 : 64;
        pp_status st = over(s, (uint64_t)(nc - s->fcap) * sizeof *s->fs, err);
        if (st) return st;
        void *q = realloc(s->fs, (size_t)nc * sizeof *s->fs);
        if (!q) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the search");
        s->fs = q;
        s->fcap = nc;
    }
    biab_frame *f = &s->fs[s->sp];
    const uint16_t *cnt = gr->count + (size_t)x * R;
    f->x = x;
    f->stride = 1;
    for (int q = R - 1; q > s->r; q--) f->stride *= cnt[q];
    f->nr = cnt[s->r];
    f->nc = (gr->first[x + 1] - gr->first[x]) / f->nr;
    f->has_a = (uint8_t)has_a, f->a = a;
    f->has_b = (uint8_t)has_b, f->b = b;
    size_t need = (size_t)f->nr + f->nc;
    if (s->atop + need > s->acap) {
        size_t nc = s->acap * 2 > s->atop + need ? s->acap * 2 : s->atop + need + 4096;
        pp_status st = over(s, nc - s->acap, err);
        if (st) return st;
        void *q = realloc(s->arena, nc);
        if (!q) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the search");
        s->arena = q;
        s->acap = nc;
    }
    f->off = s->atop;
    memset(s->arena + s->atop, 0, need);
    s->atop += need;
    s->sp++;
    s->out->info->searches++;
    return PP_OK;
}

static void pop(biab *s)
{
    s->sp--;
    s->atop = s->fs[s->sp].off;
}

/* Removes dominated rows and columns until none is. */
static void dominance(const biab *s, const biab_frame *f, uint8_t *rgone, uint8_t *cgone)
{
    int changed = 1;
    while (changed) {
        changed = 0;
        for (uint32_t i = 0; i < f->nr; i++) {
            if (rgone[i]) continue;
            for (uint32_t k = 0; k < f->nr && !rgone[i]; k++) {
                if (k == i || rgone[k]) continue;
                uint32_t j = 0;
                while (j < f->nc && (cgone[j] || fle(U(s, f, i, j), L(s, f, k, j)))) j++;
                if (j == f->nc) rgone[i] = 1, changed = 1;
            }
        }
        for (uint32_t j = 0; j < f->nc; j++) {
            if (cgone[j]) continue;
            for (uint32_t l = 0; l < f->nc && !cgone[j]; l++) {
                if (l == j || cgone[l]) continue;
                uint32_t i = 0;
                while (i < f->nr && (rgone[i] || fle(U(s, f, i, l), L(s, f, i, j)))) i++;
                if (i == f->nr) cgone[j] = 1, changed = 1;
            }
        }
    }
}

static void found(biab *s, uint32_t x, pp_frac value, int pinned)
{
    size_t idx = (size_t)x * s->R + s->r;
    s->out->lo[idx] = s->out->hi[idx] = value;
    if (s->counted[x]) return;
    s->counted[x] = 1;
    s->out->info->valued_exactly++;
    s->out->info->pinned_by_bounds += pinned != 0;
}

/* The start's strategy for r: n rows, zero but where given. */
static pp_status start_strategy(biab *s, uint32_t n, pp_error *err)
{
    pp_frac *p = malloc((size_t)n * sizeof *p);
    if (!p) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the strategies");
    for (uint32_t i = 0; i < n; i++) p[i] = (pp_frac){0, 1};
    free(s->out->strat[s->r]);
    s->out->strat[s->r] = p;
    s->out->nstrat[s->r] = n;
    return PP_OK;
}

/* The top frame's step: done (*child UINT32_MAX, the frame to pop) or a
 * cell to search (*child, its window). */
static pp_status step(biab *s, uint32_t *child, int *has_a, pp_frac *a, int *has_b, pp_frac *b, pp_error *err)
{
    biab_frame *f = &s->fs[s->sp - 1];
    uint32_t x = f->x;
    size_t idx = (size_t)x * s->R + s->r;
    pp_frac *lo = &s->out->lo[idx], *hi = &s->out->hi[idx];
    *child = UINT32_MAX;
    if (x != 0 && feq(*lo, *hi)) return PP_OK;
    if ((f->has_a && fle(*hi, f->a)) || (f->has_b && fle(f->b, *lo))) return PP_OK;
    uint8_t *rgone = s->arena + f->off, *cgone = rgone + f->nr;
    uint64_t work = (uint64_t)f->nr * f->nc * (f->nr + f->nc);
    int dom = work <= BIAB_DOM_WORK;
    if (dom) dominance(s, f, rgone, cgone);
    /* the bounds from the cells left: the best row minimum of lo, the least column maximum of hi */
    uint32_t bi = UINT32_MAX, bj = UINT32_MAX;
    pp_frac bl = {0, 1}, bh = {0, 1};
    for (uint32_t i = 0; i < f->nr; i++) {
        if (rgone[i]) continue;
        pp_frac m = {0, 0};
        for (uint32_t j = 0; j < f->nc; j++)
            if (!cgone[j] && (m.den == 0 || flt(L(s, f, i, j), m))) m = L(s, f, i, j);
        if (bi == UINT32_MAX || flt(bl, m)) bl = m, bi = i;
    }
    for (uint32_t j = 0; j < f->nc; j++) {
        if (cgone[j]) continue;
        pp_frac m = {0, 0};
        for (uint32_t i = 0; i < f->nr; i++)
            if (!rgone[i] && (m.den == 0 || flt(m, U(s, f, i, j)))) m = U(s, f, i, j);
        if (bj == UINT32_MAX || flt(m, bh)) bh = m, bj = j;
    }
    if (flt(*lo, bl)) *lo = bl;
    if (flt(bh, *hi)) *hi = bh;
    if (feq(*lo, *hi) && (x != 0 || feq(bl, *hi))) {
        if (x == 0) { /* the pure row whose least lo is the value */
            pp_status st = start_strategy(s, f->nr, err);
            if (st) return st;
            s->out->strat[s->r][bi] = (pp_frac){1, 1};
        }
        found(s, x, *lo, 1);
        return PP_OK;
    }
    if ((f->has_a && fle(*hi, f->a)) || (f->has_b && fle(f->b, *lo))) return PP_OK;
    /* a cell not exact: in the best row, then the best column, then any */
    uint32_t ci = UINT32_MAX, cj = UINT32_MAX;
    for (uint32_t j = 0; j < f->nc && ci == UINT32_MAX; j++)
        if (!cgone[j] && !feq(L(s, f, bi, j), U(s, f, bi, j))) ci = bi, cj = j;
    for (uint32_t i = 0; i < f->nr && ci == UINT32_MAX; i++)
        if (!rgone[i] && !feq(L(s, f, i, bj), U(s, f, i, bj))) ci = i, cj = bj;
    for (uint32_t i = 0; i < f->nr && ci == UINT32_MAX; i++)
        for (uint32_t j = 0; j < f->nc && ci == UINT32_MAX; j++)
            if (!rgone[i] && !cgone[j] && !feq(L(s, f, i, j), U(s, f, i, j))) ci = i, cj = j;
    if (ci != UINT32_MAX) {
        *has_a = *has_b = 0;
        if (dom) {
            for (uint32_t k = 0; k < f->nr; k++) { /* row ci dominated by k if the cell is at most lo(k, cj) */
                if (k == ci || rgone[k]) continue;
                uint32_t j = 0;
                while (j < f->nc && (j == cj || cgone[j] || fle(U(s, f, ci, j), L(s, f, k, j)))) j++;
                if (j < f->nc) continue;
                pp_frac c = L(s, f, k, cj);
                if (!*has_a || flt(*a, c)) *a = c, *has_a = 1;
            }
            for (uint32_t l = 0; l < f->nc; l++) { /* column cj dominated by l if the cell is at least hi(ci, l) */
                if (l == cj || cgone[l]) continue;
                uint32_t i = 0;
                while (i < f->nr && (i == ci || rgone[i] || fle(U(s, f, i, l), L(s, f, i, cj)))) i++;
                if (i < f->nr) continue;
                pp_frac c = U(s, f, ci, l);
                if (!*has_b || flt(c, *b)) *b = c, *has_b = 1;
            }
        }
        if (f->has_a) { /* column cj then holds r to x's a */
            uint32_t i = 0;
            while (i < f->nr && (i == ci || rgone[i] || fle(U(s, f, i, cj), f->a))) i++;
            if (i == f->nr && (!*has_a || flt(*a, f->a))) *a = f->a, *has_a = 1;
        }
        if (f->has_b) { /* row ci then makes sure of x's b */
            uint32_t j = 0;
            while (j < f->nc && (j == cj || cgone[j] || fle(f->b, L(s, f, ci, j)))) j++;
            if (j == f->nc && (!*has_b || flt(f->b, *b))) *b = f->b, *has_b = 1;
        }
        if (*has_a && *has_b && flt(*b, *a)) { /* any answer then settles a row or a column */
            pp_frac t = *a;
            *a = *b, *b = t;
        }
        *child = cell(s, f, ci, cj);
        return PP_OK;
    }
    /* every cell left exact: the reduced matrix game */
    uint32_t m = 0, n = 0;
    for (uint32_t i = 0; i < f->nr; i++) m += !rgone[i];
    for (uint32_t j = 0; j < f->nc; j++) n += !cgone[j];
    size_t at = 0;
    for (uint32_t i = 0; i < f->nr; i++)
        for (uint32_t j = 0; j < f->nc; j++)
            if (!rgone[i] && !cgone[j]) s->a[at++] = L(s, f, i, j);
    pp_frac value;
    if (x != 0 && (m == 1 || n == 1)) {
        value = s->a[0];
        for (size_t k = 1; k < at; k++)
            if (m == 1 ? flt(s->a[k], value) : flt(value, s->a[k])) value = s->a[k];
        found(s, x, value, 0);
        return PP_OK;
    }
    pp_mgame_stats ms;
    pp_error e2 = {0};
    pp_status st = pp_mgame_solve(s->a, m, n, PP_MGAME_AUTO, &value, s->row, s->col, &ms, &e2);
    if (st)
        return pp__fail(err, st, "the matrix game of %s (%u x %u of %u x %u) at a state of depth %d: %s",
                        pp_gdl_role_name(s->gr->g, s->r), m, n, f->nr, f->nc, s->gr->depth[x], e2.msg);
    pp_gdl_values_info *in = s->out->info;
    if (m > 1 && n > 1) in->matrix_games++;
    in->saddles += ms.saddle && m > 1 && n > 1;
    in->linear_programs += !ms.saddle;
    in->pivots += ms.pivots;
    if (x == 0) {
        if ((st = start_strategy(s, f->nr, err))) return st;
        for (uint32_t i = 0, k = 0; i < f->nr; i++)
            if (!rgone[i]) s->out->strat[s->r][i] = s->row[k++];
    }
    found(s, x, value, 0);
    return PP_OK;
}

pp_status gdl_biab_solve(const gdl_vgraph *gr, gdl_biab_out *out, uint64_t max_bytes, pp_error *err)
{
    biab s = {0};
    s.gr = gr;
    s.out = out;
    s.R = gr->nroles;
    s.max_bytes = max_bytes;
    uint32_t maxj = 1;
    for (uint32_t x = 0; x < gr->n; x++)
        if (gr->first[x + 1] - gr->first[x] > maxj) maxj = gr->first[x + 1] - gr->first[x];
    pp_status st = over(&s, (uint64_t)maxj * 3 * sizeof(pp_frac) + gr->n, err);
    if (st) return st;
    s.a = malloc((size_t)maxj * sizeof *s.a);
    s.row = malloc((size_t)maxj * sizeof *s.row);
    s.col = malloc((size_t)maxj * sizeof *s.col);
    s.counted = malloc(gr->n ? gr->n : 1);
    if (!s.a || !s.row || !s.col || !s.counted) st = pp__fail(err, PP_ERR_NOMEM, "out of memory for the search");
    /* step 1, the row minima and column maxima in a and row */
    if (!st) bounds(gr, out->lo, out->hi, s.a, s.row);
    for (int r = 0; r < s.R && !st && !gr->terminal[0]; r++) {
        s.r = r;
        memset(s.counted, 0, gr->n);
        for (uint32_t x = 0; x < gr->n; x++) s.counted[x] = gr->terminal[x];
        pp_frac none = {0, 1};
        st = push(&s, 0, 0, none, 0, none, err);
        while (!st && s.sp) {
            uint32_t c;
            int ha, hb;
            pp_frac a, b;
            if ((st = step(&s, &c, &ha, &a, &hb, &b, err))) break;
            if (c == UINT32_MAX) pop(&s);
            else st = push(&s, c, ha, a, hb, b, err);
        }
    }
    free(s.a), free(s.row), free(s.col), free(s.counted), free(s.fs), free(s.arena);
    return st;
}
