/* dp_bitmask.c: LeetCode 464 Can I Win, a memo over the sets of numbers
 * already said. Players in turn say a number 1 .. m not said before; the
 * first to bring the running total to desiredTotal or more wins.
 *
 * The set decides the total (the sum of its members), so the set alone is
 * a correct memo key, unlike the flawed exhibit's in dp_flawed.c:
 *
 *   bit:    m-1 ...  3   2   1   0
 *   number: m   ...  4   3   2   1        {1,3} = 0b101 = cell 5
 *
 * The search is depth-first from the empty set and stops at the first
 * winning number, so it visits only part of the 2^m sets; the recursion is
 * at most m (<= 20) calls deep.
 */
#include "dp_internal.h"

typedef struct search {
    pp_dp *d;
    pp_trace *t;
    uint32_t m;
    int32_t goal;
} search;

static int win(search *s, uint32_t set, int32_t total)
{
    pp_dp *d = s->d;
    // Step 3. Enter the set.
    d->st.calls++;
    ppt_emit(s->t, PP_EV_DP_CALL, 3, (int32_t)set, total, 0);
    // Step 4. The memo knows it already.
    if (d->done[set]) {
        d->st.memo_hits++;
        ppt_emit(s->t, PP_EV_DP_HIT, 4, (int32_t)set, (int32_t)d->value[set], 0);
        return (int)d->value[set];
    }
    for (uint32_t k = 1; k <= s->m; k++) {
        uint32_t bit = 1u << (k - 1);
        if (set & bit) continue;
        // Step 5. Saying k reaches the goal: an immediate win.
        if (total + (int32_t)k >= s->goal) {
            ppd_choice(d, s->t, 5, set, (int32_t)k, 1);
            ppd_cell(d, s->t, 5, set, 1, (int32_t)k);
            return 1;
        }
        // Step 6. Else k wins if the other then loses.
        int child = win(s, set | bit, total + (int32_t)k);
        ppd_read(d, s->t, 6, (int32_t)(set | bit), child, set);
        if (!child) {
            ppd_cell(d, s->t, 6, set, 1, (int32_t)k);
            return 1;
        }
    }
    // Step 7. Every number leaves the other a win.
    ppd_cell(d, s->t, 7, set, 0, -1);
    return 0;
}

pp_status ppd_bitmask(const pp_dp_input *in, pp_trace *t, pp_dp **out, pp_error *err)
{
    const uint32_t m = (uint32_t)in->x;
    const int32_t goal = (int32_t)in->y;
    pp_dp *d = NULL;
    pp_status st = ppd_new(in, PP_DP_ALGO_DP, 1, 1u << m, 0, PPD_NAME_SET, 0, &d, err);
    if (st != PP_OK) return st;
    d->set_offset = 1;
    if (goal <= 0) {
        // Step 1. Nothing to reach: the first player has already won.
        ppd_cell(d, t, 1, 0, 1, -1);
        d->answer = 1;
    } else if ((int64_t)m * (m + 1) / 2 < goal) {
        // Step 2. Even every number together falls short: no one wins.
        ppd_cell(d, t, 2, 0, 0, -1);
        d->answer = 0;
    } else {
        search s = {d, t, m, goal};
        d->answer = win(&s, 0, 0);
        // The replay: a winner says its number, a loser the smallest left.
        int32_t total = 0;
        for (uint32_t set = 0, player = 0; total < goal && st == PP_OK; player ^= 1) {
            uint32_t k = 1;
            if (d->value[set]) k = (uint32_t)d->choice[set];
            else
                while (set >> (k - 1) & 1) k++;
            uint32_t after = set | 1u << (k - 1);
            total += (int32_t)k;
            st = ppd_push_move(d, (int32_t)player, (int32_t)set, (int32_t)k, total >= goal ? -1 : (int32_t)after, k,
                               err);
            set = after;
        }
    }
    if (st != PP_OK) {
        pp_dp_free(d);
        return st;
    }
    *out = d;
    return PP_OK;
}
