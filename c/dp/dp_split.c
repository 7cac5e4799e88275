/* dp_split.c: split the row (LeetCode 1563 Stone Game V). Alice cuts the
 * row into two; Bob throws away the heavier part and Alice scores the
 * lighter; on equal parts Alice keeps the one she likes. The round repeats
 * on what is kept, until one stone is left.
 *
 * best(i,j), Alice's best score from the row i..j, over the splits k:
 *
 *   i .. k | k+1 .. j      L = sum(i..k), R = sum(k+1..j)
 *   L < R:  L + best(i,k)          L > R:  R + best(k+1,j)
 *   L = R:  L + max(best(i,k), best(k+1,j))
 *
 * The cells are filled by diagonals like the ends game's (dp_ends.c), but a
 * cell reads a whole row segment and column segment below and left of it:
 * O(n^3) in all, which is why this tool stops at 500 stones.
 *
 * Invariant: when (i,j) is computed, every shorter row inside it is done.
 */
#include <stdlib.h>

#include "dp_internal.h"

pp_status ppd_split(const pp_dp_input *in, pp_trace *t, pp_dp **out, pp_error *err)
{
    const uint32_t n = in->n;
    pp_dp *d = NULL;
    pp_status st = ppd_new(in, PP_DP_ALGO_DP, n, n, 0, PPD_NAME_PAIR | PPD_UNZEROED, ((uint64_t)n + 1) * 8, &d, err);
    if (st != PP_OK) return st;
    int64_t *pre = ppd_prefix(in->a, n), *v = d->value;
    if (!pre) {
        pp_dp_free(d);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for the sums");
    }
    // Step 1. One stone: no more rounds, nothing more to score.
    for (uint32_t i = 0; i < n; i++) ppd_cell(d, t, 1, i * n + i, 0, -1);
    // Step 2. Longer rows by diagonals; in each, every split k.
    for (uint32_t len = 2; len <= n; len++) {
        for (uint32_t i = 0, j = len - 1; j < n; i++, j++) {
            uint32_t c = i * n + j;
            int64_t best = -1;
            int32_t best_k = -1;
            for (uint32_t k = i; k < j; k++) {
                int64_t l = pre[k + 1] - pre[i], r = pre[j + 1] - pre[k + 1], total;
                uint32_t keep_l = i * n + k, keep_r = (k + 1) * n + j;
                if (l < r) {
                    // Step 3. Bob throws the right part away; Alice scores L.
                    ppd_read(d, t, 3, (int32_t)keep_l, v[keep_l], c);
                    total = l + v[keep_l];
                    ppd_choice(d, t, 3, c, (int32_t)k, total);
                } else if (l > r) {
                    // Step 4. Bob throws the left part away; Alice scores R.
                    ppd_read(d, t, 4, (int32_t)keep_r, v[keep_r], c);
                    total = r + v[keep_r];
                    ppd_choice(d, t, 4, c, (int32_t)k, total);
                } else {
                    // Step 5. Equal: Alice keeps the part worth more to her.
                    ppd_read(d, t, 5, (int32_t)keep_l, v[keep_l], c);
                    ppd_read(d, t, 5, (int32_t)keep_r, v[keep_r], c);
                    total = l + (v[keep_l] >= v[keep_r] ? v[keep_l] : v[keep_r]);
                    ppd_choice(d, t, 5, c, (int32_t)k, total);
                }
                if (total > best) {
                    best = total;
                    best_k = (int32_t)k;
                }
            }
            // Step 6. Keep the best split (the leftmost on a tie).
            ppd_cell(d, t, 6, c, best, best_k);
        }
    }
    d->answer = v[n - 1];
    // The replay: Alice splits; the part Bob leaves her is the next row.
    for (uint32_t i = 0, j = n - 1; i < j && st == PP_OK;) {
        uint32_t c = i * n + j, k = (uint32_t)d->choice[c];
        int64_t l = pre[k + 1] - pre[i], r = pre[j + 1] - pre[k + 1];
        int keep_left = l < r || (l == r && v[i * n + k] >= v[(k + 1) * n + j]);
        if (keep_left) j = k;
        else i = k + 1;
        st = ppd_push_move(d, 0, (int32_t)c, (int32_t)k, (int32_t)(i * n + j), keep_left ? l : r, err);
    }
    free(pre);
    if (st != PP_OK) {
        pp_dp_free(d);
        return st;
    }
    *out = d;
    return PP_OK;
}
