/* dp_front.c: take stones from the front of the row (LeetCode 1406 Stone
 * Game III: 1 to 3 at a time; 1140 Stone Game II: 1 to 2M, then M grows).
 * Both fill suffixes from the back, in the pair form: first(cell) is the
 * mover's best total from there, second(cell) what the other then gets.
 * Every stone is taken, so first + second is the suffix's sum, and the
 * larger own total is also the larger lead (negative stones included).
 *
 * 1406, one row of n + 1 cells (cell i: stones i.. left):
 *
 *   [0] [1] [2] ... [n-3] [n-2] [n-1] [n]     cell i reads i+1, i+2, i+3;
 *    ^answer                           ^ empty: (0,0)
 *
 * 1140, rows i (piles i.. left) by columns M (column 0 unused):
 *
 *        M=1  2  3 ...           (i,M) reads (i+x, max(M,x)) for x = 1..2M,
 *   i=0  [*]                     rows below it. M never exceeds the piles
 *     1  [*]                     taken so far (M <= max(1,i)), so only the
 *     2  [*][*]                  cells on and left of the staircase are
 *     3  [*][*][*]               filled; a cell with 2M >= piles left takes
 *     ...                        them all (piles are positive).
 *
 * Invariant: a row is computed only after every row below it.
 */
#include <stdlib.h>

#include "dp_internal.h"

static pp_status stone_game_iii(const pp_dp_input *in, pp_trace *t, pp_dp *d, pp_error *err)
{
    const uint32_t n = in->n;
    const int64_t *a = in->a;
    int64_t *first = d->value, *second = d->second;
    // Step 1. Nothing left: nobody gains anything.
    ppd_cell(d, t, 1, n, 0, 0);
    ppd_pair(d, t, 1, n, 0, 0);
    for (uint32_t i = n; i-- > 0;) {
        int64_t sum = 0, best = 0, best_second = 0;
        int32_t best_k = 0;
        // Step 3. Take k = 1, 2 or 3 stones: their sum, then the other moves first.
        for (uint32_t k = 1; k <= 3 && i + k <= n; k++) {
            sum += a[i + k - 1];
            ppd_read(d, t, 3, (int32_t)(i + k), second[i + k], i);
            int64_t total = sum + second[i + k];
            ppd_choice(d, t, 3, i, (int32_t)k, total);
            if (k == 1 || total > best) {
                best = total;
                best_second = first[i + k];
                best_k = (int32_t)k;
            }
        }
        // Step 4. Keep the largest total (the fewest stones on a tie).
        ppd_cell(d, t, 4, i, best, best_k);
        ppd_pair(d, t, 4, i, best, best_second);
    }
    d->answer = first[0] > second[0] ? 1 : first[0] < second[0] ? -1 : 0;
    pp_status st = PP_OK;
    for (uint32_t i = 0, player = 0; i < n && st == PP_OK; player ^= 1) {
        int32_t k = d->choice[i];
        int64_t gain = 0;
        for (int32_t s = 0; s < k; s++) gain += a[i + (uint32_t)s];
        st = ppd_push_move(d, (int32_t)player, (int32_t)i, k, (int32_t)(i + (uint32_t)k), gain, err);
        i += (uint32_t)k;
    }
    return st;
}

static pp_status stone_game_ii(const pp_dp_input *in, pp_trace *t, pp_dp *d, const int64_t *pre, pp_error *err)
{
    const uint32_t n = in->n, cols = n + 1;
    int64_t *first = d->value, *second = d->second;
    for (uint32_t i = n; i-- > 0;) {
        uint32_t left = n - i, m_max = i > 1 ? i : 1;
        for (uint32_t m = 1; m <= m_max; m++) {
            uint32_t c = i * cols + m;
            // Step 2. 2M covers what is left: take it all.
            if (2 * m >= left) {
                ppd_cell(d, t, 2, c, pre[n] - pre[i], (int32_t)left);
                ppd_pair(d, t, 2, c, pre[n] - pre[i], 0);
                continue;
            }
            int64_t best = 0, best_second = 0;
            int32_t best_x = 0;
            // Step 3. Take x = 1 .. 2M piles; the other then moves with M = max(M, x).
            for (uint32_t x = 1; x <= 2 * m; x++) {
                uint32_t after = (i + x) * cols + (x > m ? x : m);
                ppd_read(d, t, 3, (int32_t)after, second[after], c);
                int64_t total = pre[i + x] - pre[i] + second[after];
                ppd_choice(d, t, 3, c, (int32_t)x, total);
                if (x == 1 || total > best) {
                    best = total;
                    best_second = first[after];
                    best_x = (int32_t)x;
                }
            }
            // Step 4. Keep the largest total (the fewest piles on a tie).
            ppd_cell(d, t, 4, c, best, best_x);
            ppd_pair(d, t, 4, c, best, best_second);
        }
    }
    d->answer = first[1]; /* (0, M = 1) */
    pp_status st = PP_OK;
    for (uint32_t i = 0, m = 1, player = 0; i < n && st == PP_OK; player ^= 1) {
        uint32_t c = i * cols + m, x = (uint32_t)d->choice[c];
        if (x > m) m = x;
        int32_t next = i + x < n ? (int32_t)((i + x) * cols + m) : -1;
        st = ppd_push_move(d, (int32_t)player, (int32_t)c, (int32_t)x, next, pre[i + x] - pre[i], err);
        i += x;
    }
    return st;
}

pp_status ppd_front(const pp_dp_input *in, pp_trace *t, pp_dp **out, pp_error *err)
{
    const uint32_t n = in->n;
    const int ii = in->problem == PP_DP_STONE_GAME_II;
    pp_dp *d = NULL;
    pp_status st = ii ? ppd_new(in, PP_DP_ALGO_DP, n, n + 1, 1, PPD_NAME_PAIR, ((uint64_t)n + 1) * 8, &d, err)
                      : ppd_new(in, PP_DP_ALGO_DP, 1, n + 1, 1, PPD_NAME_INDEX, 0, &d, err);
    if (st != PP_OK) return st;
    if (ii) {
        int64_t *pre = ppd_prefix(in->a, n);
        st = pre ? stone_game_ii(in, t, d, pre, err) : pp__fail(err, PP_ERR_NOMEM, "out of memory for the sums");
        free(pre);
    } else {
        st = stone_game_iii(in, t, d, err);
    }
    if (st != PP_OK) {
        pp_dp_free(d);
        return st;
    }
    *out = d;
    return PP_OK;
}
