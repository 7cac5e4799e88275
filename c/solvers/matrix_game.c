/* matrix_game.c: zero-sum matrix games solved exactly (pp_mgame_*): the
 * value and an optimal mixed strategy for both sides, in fractions.
 *
 * Two independent methods, each answer verified both ways:
 *
 *   simplex  (the default, after a look for a saddle point)
 *     1. scale the entries to integers (times L, the least common multiple
 *        of the denominators) and shift them to at least 1 (plus c), so the
 *        value is positive and the linear program below bounded;
 *     2. the column player's program: maximise z = sum y_j subject to
 *        A y <= 1, y >= 0 (its optimum is 1 / value, y / z its strategy,
 *        the dual's x / z the row player's);
 *     3. pivot by Bland's rule (the entering column of least label with a
 *        negative reduced cost, the leaving row by the least ratio, ties to
 *        the least label): degenerate games cannot cycle;
 *     4. read the strategies from the final tableau and check them.
 *
 *   support enumeration  (the reference the tests compare with)
 *     for k = 1, 2, ...: every k rows I and k columns J; the strategy on I
 *     that makes the columns of J equal, and the one on J that makes the
 *     rows of I equal (one bordered linear system each, in fractions); if
 *     both are probability vectors with the same value and hold against
 *     every row and column, that is a solution. Shapley and Snow: an
 *     extreme optimal pair always comes from such a square kernel.
 *
 * The tableau in integers (fraction-free pivoting): the real tableau is
 * T / D, D the last pivot (1 at the start), rows 0..k-1 the constraints,
 * row k the objective, columns 0..K-1 the variables out of the basis,
 * column K the right-hand side:
 *
 *          y_0 ... y_K-1 | rhs             basic + sum T[i][j]/D x_j = T[i][K]/D
 *   s_0  [  A (scaled)   |  1 ]            z     + sum T[k][j]/D x_j = T[k][K]/D
 *   ...  [               |  1 ]
 *   z    [ -1  ...   -1  |  0 ]
 *
 * A pivot on (r, s) with D' = T[r][s] > 0: row r stays; column s becomes
 * the leaving variable's, D at row r and -T[i][s] elsewhere; every other
 * entry becomes (T[i][j] T[r][s] - T[i][s] T[r][j]) / D, an exact division
 * (Bareiss): every entry is a subdeterminant of the start, so entries grow
 * with the game's size, not with the pivots. Every product is checked in
 * 128 bits; past them the solve fails with PP_ERR_LIMIT.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

__extension__ typedef __int128 i128;

/* ---- checked 128-bit arithmetic: an overflow sets *ovf and yields 0 ---- */

static inline i128 ck_mul(i128 a, i128 b, int *ovf)
{
    i128 r;
    if (__builtin_mul_overflow(a, b, &r)) *ovf = 1, r = 0;
    return r;
}
static inline i128 ck_add(i128 a, i128 b, int *ovf)
{
    i128 r;
    if (__builtin_add_overflow(a, b, &r)) *ovf = 1, r = 0;
    return r;
}
static inline i128 ck_sub(i128 a, i128 b, int *ovf)
{
    i128 r;
    if (__builtin_sub_overflow(a, b, &r)) *ovf = 1, r = 0;
    return r;
}

/* ---- 256-bit intermediates: a pivot's products, exactly divided ----
 * Two's complement in two unsigned 128-bit halves. A product of two 128-bit
 * entries always fits; a sum of products is checked; the exact division by
 * the last pivot D > 0 uses D's odd part's inverse modulo 2^128 (the quotient
 * of an exact division is determined by its low bits) and is confirmed by
 * multiplying back, so a quotient past 128 bits is caught, never wrapped. */
__extension__ typedef unsigned __int128 u128;
typedef struct s256 {
    u128 hi, lo;
} s256;

static s256 s256_neg(s256 a)
{
    s256 r = {~a.hi, ~a.lo};
    r.lo += 1;
    if (r.lo == 0) r.hi += 1;
    return r;
}
static int s256_negative(s256 a) { return (a.hi >> 127) != 0; }

/* |a| |b| as an unsigned 256-bit number */
static s256 u256_mul(u128 a, u128 b)
{
    uint64_t a0 = (uint64_t)a, a1 = (uint64_t)(a >> 64), b0 = (uint64_t)b, b1 = (uint64_t)(b >> 64);
    u128 p00 = (u128)a0 * b0, p01 = (u128)a0 * b1, p10 = (u128)a1 * b0, p11 = (u128)a1 * b1;
    u128 mid = (p00 >> 64) + (uint64_t)p01 + (uint64_t)p10;
    s256 r;
    r.lo = (mid << 64) | (uint64_t)p00;
    r.hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    return r;
}
static u128 uabs(i128 a) { return a < 0 ? (u128)0 - (u128)a : (u128)a; }
static s256 s256_mul(i128 a, i128 b)
{
    s256 r = u256_mul(uabs(a), uabs(b));
    return (a < 0) != (b < 0) ? s256_neg(r) : r;
}
static s256 s256_add(s256 a, s256 b, int *ovf)
{
    s256 r = {a.hi + b.hi, a.lo + b.lo};
    if (r.lo < a.lo) r.hi += 1;
    if (s256_negative(a) == s256_negative(b) && s256_negative(r) != s256_negative(a)) *ovf = 1;
    return r;
}
static s256 s256_sub(s256 a, s256 b, int *ovf) { return s256_add(a, s256_neg(b), ovf); }
static s256 s256_of(i128 a)
{
    s256 r = {a < 0 ? ~(u128)0 : 0, (u128)a};
    return r;
}
static int s256_cmp(s256 a, s256 b)
{
    int na = s256_negative(a), nb = s256_negative(b);
    if (na != nb) return na ? -1 : 1;
    if (a.hi != b.hi) return a.hi < b.hi ? -1 : 1;
    if (a.lo != b.lo) return a.lo < b.lo ? -1 : 1;
    return 0;
}

/* An exact divisor d > 0: its odd part's inverse modulo 2^128 and its twos. */
typedef struct divisor {
    i128 d;
    u128 inv;
    unsigned twos;
} divisor;
static divisor divisor_of(i128 d)
{
    divisor v = {d, 0, 0};
    u128 o = (u128)d;
    while (!(o & 1)) o >>= 1, v.twos++;
    u128 x = o; /* right to 3 bits; each step doubles them */
    for (int i = 0; i < 7; i++) x *= 2 - o * x;
    v.inv = x;
    return v;
}
/* x / d when d divides x and the quotient fits 128 bits; else *ovf. */
static i128 s256_div(s256 x, const divisor *v, int *ovf)
{
    int neg = s256_negative(x);
    s256 a = neg ? s256_neg(x) : x;
    u128 low = v->twos ? (a.lo >> v->twos) | (a.hi << (128 - v->twos)) : a.lo;
    u128 q = low * v->inv;
    if (q >> 127) {
        *ovf = 1;
        return 0;
    }
    s256 back = u256_mul(q, (u128)v->d);
    if (back.hi != a.hi || back.lo != a.lo) {
        *ovf = 1;
        return 0;
    }
    return neg ? -(i128)q : (i128)q;
}

static i128 gcd128(i128 a, i128 b)
{
    if (a < 0) a = -a;
    if (b < 0) b = -b;
    while (b) {
        i128 t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static int fits64(i128 x) { return x >= INT64_MIN && x <= INT64_MAX; }

/* num / den (den != 0) in lowest terms with a positive denominator; 0 when
 * it does not fit 64 bits. */
static int to_frac(i128 num, i128 den, pp_frac *out)
{
    if (den < 0) {
        if (num == -num && num) return 0; /* the most negative: cannot negate */
        num = -num, den = -den;
    }
    i128 g = gcd128(num, den);
    if (g > 1) num /= g, den /= g;
    if (num == 0) den = 1;
    if (!fits64(num) || !fits64(den)) return 0;
    out->num = (int64_t)num, out->den = (int64_t)den;
    return 1;
}

int pp_frac_cmp(pp_frac a, pp_frac b)
{
    /* 64 x 64 bits fits 128 */
    i128 l = (i128)a.num * b.den, r = (i128)b.num * a.den;
    return l < r ? -1 : l > r ? 1 : 0;
}

int pp_frac_print(pp_frac f, char *buf, size_t size)
{
    if (f.den == 1) return snprintf(buf, size, "%lld", (long long)f.num);
    return snprintf(buf, size, "%lld/%lld", (long long)f.num, (long long)f.den);
}

/* ---- fractions of 128 bits (support enumeration, verification) ---- */

typedef struct q128 {
    i128 n, d; /* d > 0, lowest terms */
} q128;

static q128 q_make(i128 n, i128 d, int *ovf)
{
    if (d == 0) {
        *ovf = 1;
        return (q128){0, 1};
    }
    if (d < 0) n = ck_sub(0, n, ovf), d = ck_sub(0, d, ovf);
    i128 g = gcd128(n, d);
    if (g > 1) n /= g, d /= g;
    if (n == 0) d = 1;
    return (q128){n, d};
}
static q128 q_of(pp_frac f) { return (q128){f.num, f.den}; }
static q128 q_add(q128 a, q128 b, int *ovf)
{
    i128 g = gcd128(a.d, b.d), bd = b.d / g;
    i128 n = ck_add(ck_mul(a.n, bd, ovf), ck_mul(b.n, a.d / g, ovf), ovf);
    return q_make(n, ck_mul(a.d, bd, ovf), ovf);
}
static q128 q_sub(q128 a, q128 b, int *ovf) { return q_add(a, (q128){ck_sub(0, b.n, ovf), b.d}, ovf); }
static q128 q_mul(q128 a, q128 b, int *ovf)
{
    i128 g1 = gcd128(a.n, b.d), g2 = gcd128(b.n, a.d);
    if (!g1) g1 = 1;
    if (!g2) g2 = 1;
    return q_make(ck_mul(a.n / g1, b.n / g2, ovf), ck_mul(a.d / g2, b.d / g1, ovf), ovf);
}
static q128 q_div(q128 a, q128 b, int *ovf)
{
    if (b.n == 0) {
        *ovf = 1;
        return (q128){0, 1};
    }
    return q_mul(a, q_make(b.d, b.n, ovf), ovf);
}
static int q_cmp(q128 a, q128 b, int *ovf)
{
    i128 l = ck_mul(a.n, b.d, ovf), r = ck_mul(b.n, a.d, ovf);
    return l < r ? -1 : l > r ? 1 : 0;
}

static pp_status arith_limit(pp_error *err, const char *what)
{
    return pp__fail(err, PP_ERR_LIMIT, "the matrix game's exact arithmetic goes past 128 bits (%s)", what);
}

/* ---- verification ---- */

pp_status pp_mgame_verify(const pp_frac *a, uint32_t rows, uint32_t cols, pp_frac value, const pp_frac *row,
                          const pp_frac *col, pp_error *err)
{
    if (!a || !row || !col || !rows || !cols) return pp__fail(err, PP_ERR_ARG, "no matrix or no strategies to verify");
    int ovf = 0;
    q128 v = q_of(value), one = {1, 1}, sum = {0, 1};
    for (uint32_t i = 0; i < rows; i++) {
        if (row[i].den <= 0 || row[i].num < 0) return pp__fail(err, PP_ERR_INPUT, "row %u's probability is not one", i);
        sum = q_add(sum, q_of(row[i]), &ovf);
    }
    if (!ovf && q_cmp(sum, one, &ovf) != 0) return pp__fail(err, PP_ERR_INPUT, "the row strategy does not add up to 1");
    sum = (q128){0, 1};
    for (uint32_t j = 0; j < cols; j++) {
        if (col[j].den <= 0 || col[j].num < 0)
            return pp__fail(err, PP_ERR_INPUT, "column %u's probability is not one", j);
        sum = q_add(sum, q_of(col[j]), &ovf);
    }
    if (!ovf && q_cmp(sum, one, &ovf) != 0)
        return pp__fail(err, PP_ERR_INPUT, "the column strategy does not add up to 1");
    for (uint32_t j = 0; j < cols && !ovf; j++) {
        q128 s = {0, 1};
        for (uint32_t i = 0; i < rows; i++)
            if (row[i].num) s = q_add(s, q_mul(q_of(row[i]), q_of(a[(size_t)i * cols + j]), &ovf), &ovf);
        if (!ovf && q_cmp(s, v, &ovf) < 0)
            return pp__fail(err, PP_ERR_INPUT, "the row strategy gets less than the value against column %u", j);
    }
    for (uint32_t i = 0; i < rows && !ovf; i++) {
        q128 s = {0, 1};
        for (uint32_t j = 0; j < cols; j++)
            if (col[j].num) s = q_add(s, q_mul(q_of(col[j]), q_of(a[(size_t)i * cols + j]), &ovf), &ovf);
        if (!ovf && q_cmp(s, v, &ovf) > 0)
            return pp__fail(err, PP_ERR_INPUT, "the column strategy lets row %u get more than the value", i);
    }
    if (ovf) return arith_limit(err, "verifying the strategies");
    return PP_OK;
}

/* ---- the integer game: scaled and oriented ---- */

/* The game the simplex solves: k x K positive integers, B = L A + c, or,
 * transposed (A has more rows than columns), B = c - L A^T, whose row
 * player is A's column player. */
typedef struct igame {
    uint32_t k, K; /* B's rows (the constraints) and columns */
    int transposed;
    i128 L, c; /* B's value is t (L v + c), t = 1, or -1 transposed */
    i128 *b;   /* k * K */
} igame;

static pp_status igame_build(const pp_frac *a, uint32_t rows, uint32_t cols, igame *g, pp_error *err)
{
    int ovf = 0;
    i128 L = 1;
    for (size_t x = 0; x < (size_t)rows * cols && !ovf; x++) {
        i128 d = a[x].den, gg = gcd128(L, d);
        L = ck_mul(L / gg, d, &ovf);
    }
    if (ovf) return arith_limit(err, "the entries' common denominator");
    g->transposed = rows > cols;
    g->k = g->transposed ? cols : rows;
    g->K = g->transposed ? rows : cols;
    g->L = L;
    g->b = malloc((size_t)rows * cols * sizeof *g->b);
    if (!g->b) return pp__fail(err, PP_ERR_NOMEM, "out of memory for a matrix game of %u x %u", rows, cols);
    i128 lo = 0;
    int first = 1;
    for (uint32_t i = 0; i < rows; i++)
        for (uint32_t j = 0; j < cols; j++) {
            const pp_frac *f = &a[(size_t)i * cols + j];
            i128 v = ck_mul(f->num, L / f->den, &ovf);
            if (g->transposed) v = ck_sub(0, v, &ovf);
            size_t at = g->transposed ? (size_t)j * rows + i : (size_t)i * cols + j;
            g->b[at] = v;
            if (first || v < lo) lo = v, first = 0;
        }
    g->c = ck_sub(1, lo, &ovf);
    for (size_t x = 0; x < (size_t)rows * cols; x++) g->b[x] = ck_add(g->b[x], g->c, &ovf);
    if (ovf) return arith_limit(err, "the entries scaled to integers");
    return PP_OK;
}

/* B's value vb as A's: v = (t vb - c') / L where B = t L A + c. Given vb =
 * num / den. */
static int value_of(const igame *g, i128 num, i128 den, pp_frac *out)
{
    int ovf = 0;
    /* B = L A' + c with A' = A or -A^T: A' value = (vb - c) / L */
    i128 n = ck_sub(num, ck_mul(g->c, den, &ovf), &ovf), d = ck_mul(den, g->L, &ovf);
    if (g->transposed) n = ck_sub(0, n, &ovf);
    return !ovf && to_frac(n, d, out);
}

/* ---- a saddle point ---- */

/* A pure solution of B if there is one: max over rows of the row minimum
 * equals min over columns of the column maximum. */
static int saddle(const igame *g, uint32_t *ri, uint32_t *cj, i128 *val)
{
    uint32_t k = g->k, K = g->K;
    i128 best = 0;
    uint32_t bi = 0;
    for (uint32_t i = 0; i < k; i++) {
        i128 m = g->b[(size_t)i * K];
        for (uint32_t j = 1; j < K; j++)
            if (g->b[(size_t)i * K + j] < m) m = g->b[(size_t)i * K + j];
        if (i == 0 || m > best) best = m, bi = i;
    }
    i128 low = 0;
    uint32_t bj = 0;
    for (uint32_t j = 0; j < K; j++) {
        i128 m = g->b[j];
        for (uint32_t i = 1; i < k; i++)
            if (g->b[(size_t)i * K + j] > m) m = g->b[(size_t)i * K + j];
        if (j == 0 || m < low) low = m, bj = j;
    }
    if (best != low) return 0;
    *ri = bi, *cj = bj, *val = best;
    return 1;
}

/* ---- the simplex in integers ---- */

/* Solves B: into P (k: the row strategy's numerators), Q (K: the column
 * strategy's), all over Z, and the value D / Z. */
static pp_status simplex(const igame *g, i128 *P, i128 *Q, i128 *Dout, i128 *Zout, uint64_t *pivots, pp_error *err)
{
    uint32_t k = g->k, K = g->K, W = K + 1;
    i128 *T = malloc((size_t)(k + 1) * W * sizeof *T);
    uint32_t *rl = malloc((size_t)(k + 1) * sizeof *rl), *cl = malloc((size_t)W * sizeof *cl);
    if (!T || !rl || !cl) {
        free(T), free(rl), free(cl);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for a matrix game of %u x %u", k, K);
    }
    /* labels: y_j is j, the slack s_i is K + i */
    for (uint32_t i = 0; i < k; i++) {
        memcpy(T + (size_t)i * W, g->b + (size_t)i * K, K * sizeof *T);
        T[(size_t)i * W + K] = 1;
        rl[i] = K + i;
    }
    for (uint32_t j = 0; j < K; j++) T[(size_t)k * W + j] = -1, cl[j] = j;
    T[(size_t)k * W + K] = 0;
    i128 D = 1;
    int ovf = 0;
    pp_status st = PP_OK;
    /* Bland's rule ends within C(k + K, k) pivots; far fewer in practice */
    uint64_t cap = 64 + 16 * (uint64_t)(k + K) * (k + K);
    for (;;) {
        /* Step 3a. the entering column: least label with a negative reduced cost */
        uint32_t s = UINT32_MAX;
        for (uint32_t j = 0; j < K; j++)
            if (T[(size_t)k * W + j] < 0 && (s == UINT32_MAX || cl[j] < cl[s])) s = j;
        if (s == UINT32_MAX) break; /* optimal */
        /* Step 3b. the leaving row: least ratio rhs / T[i][s] over T[i][s] > 0, ties to the least label */
        uint32_t r = UINT32_MAX;
        for (uint32_t i = 0; i < k; i++) {
            i128 t = T[(size_t)i * W + s];
            if (t <= 0) continue;
            if (r == UINT32_MAX) {
                r = i;
                continue;
            }
            int c = s256_cmp(s256_mul(T[(size_t)i * W + K], T[(size_t)r * W + s]), s256_mul(T[(size_t)r * W + K], t));
            if (c < 0 || (c == 0 && rl[i] < rl[r])) r = i;
        }
        if (ovf) break;
        if (r == UINT32_MAX) { /* cannot happen with B > 0: the program is bounded */
            st = pp__fail(err, PP_ERR_LIMIT, "the matrix game's linear program is unbounded (an internal error)");
            break;
        }
        if (++*pivots > cap) {
            st = pp__fail(err, PP_ERR_LIMIT, "the matrix game took over %llu pivots", (unsigned long long)cap);
            break;
        }
        /* Step 3c. the pivot, fraction-free */
        i128 p = T[(size_t)r * W + s];
        divisor dv = divisor_of(D);
        for (uint32_t i = 0; i <= k && !ovf; i++) {
            if (i == r) continue;
            i128 *ti = T + (size_t)i * W, f = ti[s];
            const i128 *tr = T + (size_t)r * W;
            if (f == 0) {
                /* (T[i][j] p - 0) / D */
                if (p != D)
                    for (uint32_t j = 0; j < W; j++)
                        if (ti[j]) ti[j] = s256_div(s256_mul(ti[j], p), &dv, &ovf);
            } else {
                for (uint32_t j = 0; j < W; j++)
                    if (j != s) ti[j] = s256_div(s256_sub(s256_mul(ti[j], p), s256_mul(f, tr[j]), &ovf), &dv, &ovf);
            }
            ti[s] = -f;
        }
        T[(size_t)r * W + s] = D;
        D = p;
        uint32_t t = rl[r];
        rl[r] = cl[s];
        cl[s] = t;
        if (ovf) break;
    }
    if (ovf) st = arith_limit(err, "the simplex tableau");
    if (!st) {
        /* Step 4. z = T[k][K] / D; y at its basic row, the dual at the slacks' columns */
        i128 Z = T[(size_t)k * W + K];
        memset(P, 0, k * sizeof *P);
        memset(Q, 0, K * sizeof *Q);
        for (uint32_t i = 0; i < k; i++)
            if (rl[i] < K) Q[rl[i]] = T[(size_t)i * W + K];
        for (uint32_t j = 0; j < K; j++)
            if (cl[j] >= K) P[cl[j] - K] = T[(size_t)k * W + j];
        *Dout = D, *Zout = Z;
    }
    free(T), free(rl), free(cl);
    return st;
}

/* The simplex's answer checked in integers: P, Q >= 0 each summing to Z > 0,
 * sum_i P_i B_ij >= D for every column, sum_j Q_j B_ij <= D for every row. */
static pp_status check_integers(const igame *g, const i128 *P, const i128 *Q, i128 D, i128 Z, pp_error *err)
{
    uint32_t k = g->k, K = g->K;
    int ovf = 0, bad = Z <= 0;
    i128 sp = 0, sq = 0;
    for (uint32_t i = 0; i < k; i++) bad |= P[i] < 0, sp = ck_add(sp, P[i], &ovf);
    for (uint32_t j = 0; j < K; j++) bad |= Q[j] < 0, sq = ck_add(sq, Q[j], &ovf);
    bad |= sp != Z || sq != Z;
    s256 d = s256_of(D);
    for (uint32_t j = 0; j < K && !bad && !ovf; j++) {
        s256 s = s256_of(0);
        for (uint32_t i = 0; i < k; i++)
            if (P[i]) s = s256_add(s, s256_mul(P[i], g->b[(size_t)i * K + j]), &ovf);
        bad |= s256_cmp(s, d) < 0;
    }
    for (uint32_t i = 0; i < k && !bad && !ovf; i++) {
        s256 s = s256_of(0);
        for (uint32_t j = 0; j < K; j++)
            if (Q[j]) s = s256_add(s, s256_mul(Q[j], g->b[(size_t)i * K + j]), &ovf);
        bad |= s256_cmp(s, d) > 0;
    }
    if (ovf) return arith_limit(err, "verifying the strategies");
    if (bad) return pp__fail(err, PP_ERR_LIMIT, "the matrix game's solution failed its check (an internal error)");
    return PP_OK;
}

static pp_status solve_simplex(const pp_frac *a, uint32_t rows, uint32_t cols, int look_saddle, pp_frac *value,
                               pp_frac *row, pp_frac *col, pp_mgame_stats *stats, pp_error *err)
{
    igame g = {0};
    pp_status st = igame_build(a, rows, cols, &g, err);
    if (st) {
        free(g.b);
        return st;
    }
    uint32_t k = g.k, K = g.K;
    i128 *P = calloc(k, sizeof *P), *Q = calloc(K, sizeof *Q);
    if (!P || !Q) st = pp__fail(err, PP_ERR_NOMEM, "out of memory for a matrix game of %u x %u", rows, cols);
    i128 D = 0, Z = 1, sv;
    uint32_t si, sj;
    if (!st && look_saddle && saddle(&g, &si, &sj, &sv)) {
        stats->saddle = 1;
        P[si] = 1, Q[sj] = 1, D = sv, Z = 1;
    } else if (!st) {
        st = simplex(&g, P, Q, &D, &Z, &stats->pivots, err);
    }
    if (!st) st = check_integers(&g, P, Q, D, Z, err);
    if (!st) {
        /* B's row player is A's row player unless transposed */
        pp_frac *pr = g.transposed ? col : row, *pc = g.transposed ? row : col;
        int ok = value_of(&g, D, Z, value);
        for (uint32_t i = 0; i < k && ok; i++) ok = to_frac(P[i], Z, &pr[i]);
        for (uint32_t j = 0; j < K && ok; j++) ok = to_frac(Q[j], Z, &pc[j]);
        if (!ok) st = pp__fail(err, PP_ERR_LIMIT, "the matrix game's answer does not fit 64-bit fractions");
    }
    free(P), free(Q), free(g.b);
    return st;
}

/* ---- support enumeration ---- */

/* Solves the bordered system for the strategy x on the k indices `sup` of
 * one side that makes the k indices `oth` of the other side equal:
 *   sum_a x_a M(a, b) = v for b in oth,  sum_a x_a = 1
 * M(a, b) = A[a][b] for the row side, A[b][a] for the column side. Gauss-
 * Jordan in fractions on (k + 1) x (k + 2). 0 when singular. */
static int equalise(const pp_frac *A, uint32_t cols, int rowside, const uint32_t *sup, const uint32_t *oth, uint32_t k,
                    q128 *m, q128 *x, q128 *v, int *ovf)
{
    uint32_t n = k + 1, w = k + 2;
    /* unknowns x_0..x_k-1, v; equation e < k: sum x_a M - v = 0; e = k: sum x = 1 */
    for (uint32_t e = 0; e < k; e++) {
        for (uint32_t a = 0; a < k; a++) {
            const pp_frac *f = rowside ? &A[(size_t)sup[a] * cols + oth[e]] : &A[(size_t)oth[e] * cols + sup[a]];
            m[e * w + a] = q_of(*f);
        }
        m[e * w + k] = (q128){-1, 1};
        m[e * w + k + 1] = (q128){0, 1};
    }
    for (uint32_t a = 0; a < k; a++) m[k * w + a] = (q128){1, 1};
    m[k * w + k] = (q128){0, 1};
    m[k * w + k + 1] = (q128){1, 1};
    for (uint32_t c = 0; c < n; c++) {
        uint32_t p = c;
        while (p < n && m[p * w + c].n == 0) p++;
        if (p == n) return 0;
        if (p != c)
            for (uint32_t j = 0; j < w; j++) {
                q128 t = m[c * w + j];
                m[c * w + j] = m[p * w + j];
                m[p * w + j] = t;
            }
        q128 piv = m[c * w + c];
        for (uint32_t j = c; j < w; j++) m[c * w + j] = q_div(m[c * w + j], piv, ovf);
        for (uint32_t r = 0; r < n; r++) {
            if (r == c || m[r * w + c].n == 0) continue;
            q128 f = m[r * w + c];
            for (uint32_t j = c; j < w; j++) m[r * w + j] = q_sub(m[r * w + j], q_mul(f, m[c * w + j], ovf), ovf);
        }
        if (*ovf) return 0;
    }
    for (uint32_t a = 0; a < k; a++) x[a] = m[a * w + k + 1];
    *v = m[k * w + k + 1];
    return 1;
}

/* The next k-subset of 0..n-1 in lexicographic order; 0 after the last. */
static int next_subset(uint32_t *s, uint32_t k, uint32_t n)
{
    uint32_t i = k;
    while (i > 0 && s[i - 1] == n - k + i - 1) i--;
    if (i == 0) return 0;
    s[i - 1]++;
    for (uint32_t j = i; j < k; j++) s[j] = s[j - 1] + 1;
    return 1;
}

static pp_status solve_support(const pp_frac *a, uint32_t rows, uint32_t cols, pp_frac *value, pp_frac *row,
                               pp_frac *col, pp_mgame_stats *stats, pp_error *err)
{
    /* the pairs to try: sum_k C(rows, k) C(cols, k) = C(rows + cols, rows) - 1 */
    {
        double pairs = 1;
        uint32_t n = rows + cols, r = rows < cols ? rows : cols;
        for (uint32_t i = 1; i <= r; i++) pairs = pairs * (n - r + i) / i;
        if (pairs - 1 > PP_MGAME_MAX_SUPPORTS)
            return pp__fail(err, PP_ERR_LIMIT, "support enumeration of a %u x %u game tries over %u support pairs",
                            rows, cols, PP_MGAME_MAX_SUPPORTS);
    }
    uint32_t kmax = rows < cols ? rows : cols;
    uint32_t *I = malloc(kmax * sizeof *I), *J = malloc(kmax * sizeof *J);
    q128 *m = malloc((size_t)(kmax + 1) * (kmax + 2) * sizeof *m), *x = malloc(kmax * sizeof *x),
         *y = malloc(kmax * sizeof *y);
    pp_frac *pr = malloc(rows * sizeof *pr), *pc = malloc(cols * sizeof *pc);
    pp_status st = PP_ERR_LIMIT;
    int ovf = 0, found = 0;
    if (!I || !J || !m || !x || !y || !pr || !pc) {
        st = pp__fail(err, PP_ERR_NOMEM, "out of memory for a matrix game of %u x %u", rows, cols);
        goto out;
    }
    for (uint32_t k = 1; k <= kmax && !found && !ovf; k++) {
        for (uint32_t i = 0; i < k; i++) I[i] = i;
        do {
            for (uint32_t j = 0; j < k; j++) J[j] = j;
            do {
                stats->supports++;
                q128 v, w;
                if (!equalise(a, cols, 1, I, J, k, m, x, &v, &ovf) || ovf) continue;
                int ok = 1;
                for (uint32_t i = 0; i < k && ok; i++) ok = x[i].n >= 0;
                if (!ok || !equalise(a, cols, 0, J, I, k, m, y, &w, &ovf) || ovf) continue;
                for (uint32_t j = 0; j < k && ok; j++) ok = y[j].n >= 0;
                if (!ok || q_cmp(v, w, &ovf) != 0) continue;
                /* a candidate: both strategies as fractions, then the check */
                memset(pr, 0, rows * sizeof *pr);
                memset(pc, 0, cols * sizeof *pc);
                for (uint32_t i = 0; i < rows; i++) pr[i] = (pp_frac){0, 1};
                for (uint32_t j = 0; j < cols; j++) pc[j] = (pp_frac){0, 1};
                for (uint32_t i = 0; i < k && ok; i++) ok = to_frac(x[i].n, x[i].d, &pr[I[i]]);
                for (uint32_t j = 0; j < k && ok; j++) ok = to_frac(y[j].n, y[j].d, &pc[J[j]]);
                pp_frac fv;
                if (!ok || !to_frac(v.n, v.d, &fv)) {
                    ovf = 1;
                    continue;
                }
                pp_error e2 = {0};
                pp_status vs = pp_mgame_verify(a, rows, cols, fv, pr, pc, &e2);
                if (vs == PP_ERR_LIMIT) ovf = 1;
                if (vs) continue;
                *value = fv;
                memcpy(row, pr, rows * sizeof *pr);
                memcpy(col, pc, cols * sizeof *pc);
                found = 1;
            } while (!found && !ovf && next_subset(J, k, cols));
        } while (!found && !ovf && next_subset(I, k, rows));
    }
    if (found) st = PP_OK;
    else if (ovf) st = arith_limit(err, "support enumeration");
    else st = pp__fail(err, PP_ERR_LIMIT, "support enumeration found no solution (an internal error)");
out:
    free(I), free(J), free(m), free(x), free(y), free(pr), free(pc);
    return st;
}

/* ---- the entry point ---- */

pp_status pp_mgame_solve(const pp_frac *a, uint32_t rows, uint32_t cols, int method, pp_frac *value, pp_frac *row,
                         pp_frac *col, pp_mgame_stats *stats, pp_error *err)
{
    pp_mgame_stats dummy;
    if (!stats) stats = &dummy;
    memset(stats, 0, sizeof *stats);
    if (!a || !value || !row || !col) return pp__fail(err, PP_ERR_ARG, "no matrix or no place for the answer");
    if (!rows || !cols) return pp__fail(err, PP_ERR_ARG, "a matrix game of %u x %u: no move for a side", rows, cols);
    if (rows > PP_MGAME_MAX_SIDE || cols > PP_MGAME_MAX_SIDE || (uint64_t)rows * cols > PP_MGAME_MAX_CELLS)
        return pp__fail(err, PP_ERR_LIMIT, "a matrix game of %u x %u is over the limit of %u cells (%u a side)", rows,
                        cols, PP_MGAME_MAX_CELLS, PP_MGAME_MAX_SIDE);
    for (size_t x = 0; x < (size_t)rows * cols; x++)
        if (a[x].den <= 0)
            return pp__fail(err, PP_ERR_ARG, "entry %zu of the matrix game has denominator %lld", x,
                            (long long)a[x].den);
    if (method == PP_MGAME_SUPPORT) {
        stats->method = PP_MGAME_SUPPORT;
        pp_status st = solve_support(a, rows, cols, value, row, col, stats, err);
        if (!st) st = pp_mgame_verify(a, rows, cols, *value, row, col, err);
        return st;
    }
    if (method != PP_MGAME_AUTO && method != PP_MGAME_SIMPLEX)
        return pp__fail(err, PP_ERR_ARG, "unknown matrix game method %d", method);
    stats->method = PP_MGAME_SIMPLEX;
    /* verified inside, in integers, both ways */
    return solve_simplex(a, rows, cols, method == PP_MGAME_AUTO, value, row, col, stats, err);
}
