/* dp_greedy.c: LeetCode 1686 Stone Game VI, by the greedy and by
 * exhaustive search over the sets of stones taken.
 *
 * Why the greedy is right. Alice's lead at the end is
 *   sum over her stones of a  -  sum over his of b
 *   = sum over her stones of (a + b)  -  sum over all stones of b,
 * and the last sum is fixed. So both players, whoever moves, only fight
 * over the values c = a + b: each wants the stones of largest c. Taking
 * the largest c left is then best for both (an exchange argument: any
 * other pick can be swapped for it without losing), and the game is the
 * stones sorted by c, dealt alternately.
 *
 * The exhaustive search checks it: lead(S) for the set S of stones taken,
 * the mover being Alice when |S| is even,
 *   lead(S) = max over s not in S of value_to_mover(s) - lead(S + s),
 * filled from the full set down (S + s > S as numbers, so it is done
 * first): 2^n cells of n reads each, for n <= PP_DP_MAX_EXHAUSTIVE.
 */
#include <stdlib.h>

#include "dp_internal.h"

typedef struct keyed {
    int64_t c; /* a + b */
    uint32_t stone;
} keyed;

/* Orders the stones by c, largest first, lower index first on a tie: a
 * bottom-up merge sort, stable, so stones listed in index order keep it on
 * ties. (qsort is musl's smoothsort in WebAssembly builds, three times
 * slower than glibc's merge sort on 10^5 stones.) tmp holds n entries. */
static void sort_by_key(keyed *a, keyed *tmp, size_t n)
{
    keyed *src = a, *dst = tmp;
    for (size_t w = 1; w < n; w *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * w) {
            size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) dst[k++] = src[j].c > src[i].c ? src[j++] : src[i++];
            while (i < mid) dst[k++] = src[i++];
            while (j < hi) dst[k++] = src[j++];
        }
        keyed *swap = src;
        src = dst;
        dst = swap;
    }
    if (src != a)
        for (size_t k = 0; k < n; k++) a[k] = src[k];
}

static pp_status greedy(const pp_dp_input *in, pp_trace *t, pp_dp **out, pp_error *err)
{
    const uint32_t n = in->n;
    pp_dp *d = NULL;
    pp_status st = ppd_new(in, PP_DP_ALGO_DP, 1, n, 0, PPD_NAME_INDEX, 2 * (uint64_t)n * sizeof(keyed), &d, err);
    if (st != PP_OK) return st;
    keyed *order = malloc(2 * (size_t)n * sizeof *order); /* the order, then the sort's room */
    if (!order) {
        pp_dp_free(d);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for the order");
    }
    // Step 1. Order the stones by a + b, largest first (lower index on a tie).
    for (uint32_t s = 0; s < n; s++) order[s] = (keyed){in->a[s] + in->b[s], s};
    sort_by_key(order, order + n, n);
    for (uint32_t r = 0; r < n; r++) ppd_choice(d, t, 1, r, (int32_t)order[r].stone, order[r].c);
    // Step 2. Deal them: Alice takes the even places, Bob the odd.
    for (uint32_t r = 0; r < n && st == PP_OK; r++) {
        uint32_t s = order[r].stone, player = r & 1;
        int64_t gain = player ? in->b[s] : in->a[s];
        ppd_cell(d, t, 2, r, gain, (int32_t)s);
        st = ppd_push_move(d, (int32_t)player, (int32_t)r, (int32_t)s, r + 1 < n ? (int32_t)(r + 1) : -1, gain, err);
    }
    free(order);
    if (st != PP_OK) {
        pp_dp_free(d);
        return st;
    }
    d->answer = d->scores[0] > d->scores[1] ? 1 : d->scores[0] < d->scores[1] ? -1 : 0;
    *out = d;
    return PP_OK;
}

static pp_status exhaustive(const pp_dp_input *in, pp_trace *t, pp_dp **out, pp_error *err)
{
    const uint32_t n = in->n, full = (1u << n) - 1;
    pp_dp *d = NULL;
    pp_status st = ppd_new(in, PP_DP_ALGO_EXHAUSTIVE, 1, full + 1, 0, PPD_NAME_SET, 0, &d, err);
    if (st != PP_OK) return st;
    int64_t *lead = d->value;
    // Step 1. Every stone taken: nothing more to gain.
    ppd_cell(d, t, 1, full, 0, -1);
    // Step 2. Smaller sets after larger ones; the mover is the set's parity.
    for (uint32_t set = full; set-- > 0;) {
        uint32_t taken = 0;
        for (uint32_t x = set; x; x &= x - 1) taken++;
        const int64_t *mine = taken & 1 ? in->b : in->a;
        int64_t best = 0;
        int32_t best_s = -1;
        for (uint32_t s = 0; s < n; s++) {
            if (set >> s & 1) continue;
            // Step 3. Take s: its value to the mover, less the other's lead after.
            uint32_t after = set | 1u << s;
            ppd_read(d, t, 3, (int32_t)after, lead[after], set);
            int64_t v = mine[s] - lead[after];
            ppd_choice(d, t, 3, set, (int32_t)s, v);
            if (best_s < 0 || v > best) {
                best = v;
                best_s = (int32_t)s;
            }
        }
        // Step 4. Keep the best stone (the lowest index on a tie).
        ppd_cell(d, t, 4, set, best, best_s);
    }
    d->answer = lead[0] > 0 ? 1 : lead[0] < 0 ? -1 : 0;
    for (uint32_t set = 0, player = 0; set != full && st == PP_OK; player ^= 1) {
        uint32_t s = (uint32_t)d->choice[set], after = set | 1u << s;
        int64_t gain = player ? in->b[s] : in->a[s];
        st = ppd_push_move(d, (int32_t)player, (int32_t)set, (int32_t)s, (int32_t)after, gain, err);
        set = after;
    }
    if (st != PP_OK) {
        pp_dp_free(d);
        return st;
    }
    *out = d;
    return PP_OK;
}

pp_status ppd_greedy(const pp_dp_input *in, pp_dp_algo algo, pp_trace *t, pp_dp **out, pp_error *err)
{
    return algo == PP_DP_ALGO_EXHAUSTIVE ? exhaustive(in, t, out, err) : greedy(in, t, out, err);
}
