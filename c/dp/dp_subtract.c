/* dp_subtract.c: win or lose with k stones left, when a move takes a
 * number of stones from a fixed set (LeetCode 1510 Stone Game IV: any
 * square; 292 Nim: 1, 2 or 3) and the player who cannot move loses.
 *
 * One row, k = 0 .. N:  [L][W][L][W][W][L][W][L] ...  (1510: 0, 1, 2, ...)
 *
 * k wins iff some move t leaves k - t losing. Two ways to fill it:
 *  - per k (the teaching material's first form): look down from k at
 *    k - 1, k - 4, ... and stop at the first loss;
 *  - the sieve (its second form): walk up; a cell no one has marked is a
 *    loss, and it marks every cell a move above it as a win.
 * Both give the same row; the winning move each records may differ (the
 * per-k form finds the smallest, the sieve the first marker's, i.e. from
 * the smallest loss below: the largest move).
 *
 * Nim's row repeats with period 4 (k wins iff k % 4 != 0), so past
 * PP_DP_NIM_TABLE_MAX the table is not built and the period answers.
 */
#include "dp_internal.h"

/* The idx-th move (idx = 0, 1, ...), or 0 when there is no such move. */
static uint32_t move_at(int squares, uint32_t idx)
{
    if (squares) return (idx + 1) * (idx + 1);
    return idx < 3 ? idx + 1 : 0;
}

static void per_k(pp_dp *d, pp_trace *t, int squares, uint32_t n)
{
    // Step 1. No stones: the mover cannot move and loses.
    ppd_cell(d, t, 1, 0, 0, 0);
    // Step 2. Each k from 1 up, reading the cells its moves lead to.
    for (uint32_t k = 1; k <= n; k++) {
        int won = 0;
        for (uint32_t idx = 0, m; (m = move_at(squares, idx)) != 0 && m <= k; idx++) {
            // Step 3. What is left after taking m.
            ppd_read(d, t, 3, (int32_t)(k - m), d->value[k - m], k);
            if (d->value[k - m] == 0) {
                // Step 4. It loses for the other player: k wins by m.
                ppd_cell(d, t, 4, k, 1, (int32_t)m);
                won = 1;
                break;
            }
        }
        // Step 5. Every move leaves a win: k loses.
        if (!won) ppd_cell(d, t, 5, k, 0, 0);
    }
}

static void sieve(pp_dp *d, pp_trace *t, int squares, uint32_t n)
{
    // Step 1. Every cell starts unmarked (choice 0): a loss until marked.
    for (uint32_t i = 0; i <= n; i++) {
        if (d->choice[i] != 0) {
            // Step 2. Marked from below: a win, by its first marker's move.
            ppd_cell(d, t, 2, i, 1, d->choice[i]);
            continue;
        }
        // Step 3. Unmarked: no move reaches a loss, so i loses.
        ppd_cell(d, t, 3, i, 0, 0);
        // Step 4. Whoever moves into i wins: mark i + m for every move m.
        for (uint32_t idx = 0, m; (m = move_at(squares, idx)) != 0 && m <= n - i; idx++) {
            d->st.marks++;
            ppt_emit(t, PP_EV_DP_MARK, 4, (int32_t)(i + m), (int32_t)i, (int32_t)m);
            if (d->choice[i + m] == 0) d->choice[i + m] = (int32_t)m;
        }
    }
}

pp_status ppd_subtract(const pp_dp_input *in, pp_dp_algo algo, pp_trace *t, pp_dp **out, pp_error *err)
{
    const int squares = in->problem == PP_DP_STONE_GAME_IV;
    const int64_t stones = in->x;
    pp_dp *d = NULL;
    pp_status st;
    if (!squares && stones > PP_DP_NIM_TABLE_MAX) {
        if ((st = ppd_new(in, algo, 0, 0, 0, PPD_NAME_INDEX, 0, &d, err)) != PP_OK) return st;
        d->by_period = 1;
        d->answer = stones % 4 != 0;
        *out = d;
        return PP_OK;
    }
    uint32_t n = (uint32_t)stones;
    if ((st = ppd_new(in, algo, 1, n + 1, 0, PPD_NAME_INDEX, 0, &d, err)) != PP_OK) return st;
    if (algo == PP_DP_ALGO_SIEVE) sieve(d, t, squares, n);
    else per_k(d, t, squares, n);
    d->answer = d->value[n];
    // The replay: the winner's recorded move; a loser takes the smallest.
    for (uint32_t k = n, player = 0; k > 0 && st == PP_OK; player ^= 1) {
        uint32_t m = d->value[k] ? (uint32_t)d->choice[k] : 1;
        st = ppd_push_move(d, (int32_t)player, (int32_t)k, (int32_t)m, (int32_t)(k - m), 0, err);
        k -= m;
    }
    if (st != PP_OK) {
        pp_dp_free(d);
        return st;
    }
    *out = d;
    return PP_OK;
}
