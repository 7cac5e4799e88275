/* dp_ends.c: take a pile from either end of the row (LeetCode 877 Stone
 * Game, 486 Predict the Winner, 1690 Stone Game VII): interval DP filled
 * by diagonals, shortest rows first.
 *
 * The table, for piles i..j still in the row (i <= j):
 *
 *        j=0   1     2     3            a cell reads the one below it
 *   i=0 [0,0][0,1][0,2][0,3]  <- answer  (i+1,j: the mover took i) and the
 *     1       [1,1][1,2][1,3]            one to its left (i,j-1: took j),
 *     2             [2,2][2,3]           so each diagonal needs only the
 *     3                   [3,3]          one before it.
 *
 * Two forms. The pair form (the teaching material's) keeps both totals:
 * first(i,j), the mover's best, and second(i,j), what the other then gets:
 *   first(i,j)  = max(piles[i] + second(i+1,j), piles[j] + second(i,j-1))
 *   second(i,j) = first of the cell the better move leaves
 * Because every pile is taken, first + second = sum(i..j), so the larger
 * own total is also the larger lead. The difference form keeps the lead
 * alone: lead(i,j) = max(gain_i - lead(i+1,j), gain_j - lead(i,j-1)).
 *
 * Stone Game VII scores the sum of what remains after the move (gain_i =
 * sum(i+1..j)), so totals no longer add up to a constant and only the
 * difference form is right: the mover maximizes her lead.
 *
 * Invariant: when (i,j) is computed, (i+1,j) and (i,j-1) are done.
 */
#include <stdlib.h>

#include "dp_internal.h"

pp_status ppd_ends(const pp_dp_input *in, pp_dp_algo algo, pp_trace *t, pp_dp **out, pp_error *err)
{
    const uint32_t n = in->n;
    const int64_t *a = in->a;
    const int remaining = in->problem == PP_DP_STONE_GAME_VII; /* gain: what remains */
    const int pair = algo == PP_DP_ALGO_DP && !remaining;
    pp_dp *d = NULL;
    pp_status st = ppd_new(in, algo, n, n, pair, PPD_NAME_PAIR | PPD_UNZEROED, ((uint64_t)n + 1) * 8, &d, err);
    if (st != PP_OK) return st;
    int64_t *pre = ppd_prefix(a, n);
    if (!pre) {
        pp_dp_free(d);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for the sums");
    }
    int64_t *v = d->value, *sec = d->second;

    // Step 1. One pile left: the mover takes it (1690: and scores nothing).
    for (uint32_t i = 0; i < n; i++) {
        uint32_t c = i * n + i;
        ppd_cell(d, t, 1, c, remaining ? 0 : a[i], 0);
        if (pair) ppd_pair(d, t, 1, c, a[i], 0);
    }
    // Step 2. Longer rows, one diagonal at a time.
    for (uint32_t len = 2; len <= n; len++) {
        for (uint32_t i = 0, j = len - 1; j < n; i++, j++) {
            uint32_t c = i * n + j, left = c + n, right = c - 1; /* (i+1,j), (i,j-1) */
            int64_t gain_l = remaining ? pre[j + 1] - pre[i + 1] : a[i];
            int64_t gain_r = remaining ? pre[j] - pre[i] : a[j];
            int64_t take_l, take_r;
            if (pair) {
                // Step 3. Take pile i: the rest is (i+1,j), where she moves second.
                ppd_read(d, t, 3, (int32_t)left, sec[left], c);
                take_l = gain_l + sec[left];
                ppd_choice(d, t, 3, c, 0, take_l);
                // Step 4. Take pile j: the rest is (i,j-1).
                ppd_read(d, t, 4, (int32_t)right, sec[right], c);
                take_r = gain_r + sec[right];
                ppd_choice(d, t, 4, c, 1, take_r);
            } else {
                ppd_read(d, t, 3, (int32_t)left, v[left], c);
                take_l = gain_l - v[left];
                ppd_choice(d, t, 3, c, 0, take_l);
                ppd_read(d, t, 4, (int32_t)right, v[right], c);
                take_r = gain_r - v[right];
                ppd_choice(d, t, 4, c, 1, take_r);
            }
            // Step 5. Keep the better move (the left one on a tie).
            int right_wins = take_r > take_l;
            ppd_cell(d, t, 5, c, right_wins ? take_r : take_l, right_wins);
            if (pair) ppd_pair(d, t, 5, c, v[c], v[right_wins ? right : left]);
        }
    }

    uint32_t top = n - 1; /* (0, n-1) */
    int64_t lead = pair ? v[top] - sec[top] : v[top];
    if (remaining) d->answer = lead;
    else if (in->problem == PP_DP_STONE_GAME) d->answer = lead > 0;
    else d->answer = lead >= 0; /* 486: a tie is player 1's win */

    // The replay: from the whole row, along the choices.
    for (uint32_t i = 0, j = n - 1, player = 0;; player ^= 1) {
        uint32_t c = i * n + j;
        int32_t move = d->choice[c];
        int64_t gain = remaining ? (move ? pre[j] - pre[i] : pre[j + 1] - pre[i + 1]) : a[move ? j : i];
        if (move) j--;
        else i++;
        int32_t next = i <= j && j < n ? (int32_t)(i * n + j) : -1;
        if ((st = ppd_push_move(d, (int32_t)player, (int32_t)c, move, next, gain, err)) != PP_OK) break;
        if (next < 0) break;
    }
    free(pre);
    if (st != PP_OK) {
        pp_dp_free(d);
        return st;
    }
    *out = d;
    return PP_OK;
}
