/* dp_flawed.c: Predict the Winner (LeetCode 486) by a memo keyed on the
 * row alone: a teaching exhibit, wrong on purpose.
 *
 * The recursion asks "does player 1 end ahead or level?" and carries the
 * lead so far (player 1's total minus player 2's) down the calls:
 *
 *   f(p1 to move, le, ri, lead):
 *     le > ri: return lead >= 0
 *     p1:  f(p2, le+1, ri, lead + nums[le])  or  f(p2, le, ri-1, lead + nums[ri])
 *     p2:  f(p1, le+1, ri, lead - nums[le])  and f(p1, le, ri-1, lead - nums[ri])
 *
 * Then a memo on [le][ri] is added, as the teaching material does, and
 * that is the flaw: the answer depends on `lead` too, which the key drops.
 * The same row is reached with different leads along different paths, and
 * the first answer stored is served to all of them. On [1, 2, 99] the row
 * [1,1] (the 2 alone) is first met after player 1 took the 1 and player 2
 * the 99: lead -98, a loss whatever she does, stored as false. Later
 * player 1 takes the 99 and player 2 the 1, and she meets [1,1] again with
 * lead 98, where taking the 2 wins; the memo serves the stale false, and
 * the exhibit says player 1 loses a game she wins 100 to 2 (see
 * tests/c/test_dp_flawed.c). The sound DPs keep the lead out of the key by
 * storing the row's best lead instead (dp_ends.c).
 *
 * The recursion runs on an explicit stack of n + 1 frames at most.
 */
#include <stdlib.h>

#include "dp_internal.h"

typedef struct frame {
    int32_t le, ri;
    int64_t lead;
    uint8_t p1;    /* player 1 to move */
    uint8_t stage; /* 0 entering, 1 the left side returned, 2 the right side */
} frame;

/* The call after taking from one side (0 left, 1 right). */
static frame child_of(const frame *f, int side, const int64_t *nums)
{
    int64_t v = side ? nums[f->ri] : nums[f->le];
    return (frame){f->le + !side, f->ri - side, f->p1 ? f->lead + v : f->lead - v, (uint8_t)!f->p1, 0};
}

pp_status ppd_flawed(const pp_dp_input *in, pp_trace *t, pp_dp **out, pp_error *err)
{
    const int32_t n = (int32_t)in->n;
    pp_dp *d = NULL;
    pp_status st = ppd_new(in, PP_DP_ALGO_FLAWED_MEMO, (uint32_t)n, (uint32_t)n, 0, PPD_NAME_PAIR,
                           ((uint64_t)n + 2) * sizeof(frame), &d, err);
    if (st != PP_OK) return st;
    if (n <= 2) {
        // Step 1. One or two numbers: player 1 takes the larger.
        ppd_cell(d, t, 1, (uint32_t)(n - 1), 1, -1);
        d->answer = 1;
        *out = d;
        return PP_OK;
    }
    frame *stack = malloc(((size_t)n + 2) * sizeof *stack);
    if (!stack) {
        pp_dp_free(d);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for the recursion");
    }
    uint32_t depth = 1;
    int ret = 0; /* what the call just finished returned */
    stack[0] = (frame){0, n - 1, 0, 1, 0};
    while (depth > 0) {
        frame *f = &stack[depth - 1];
        uint32_t c = (uint32_t)(f->le * n + f->ri);
        if (f->stage == 0) {
            if (f->le > f->ri) {
                // Step 3. No numbers left: player 1 wins if not behind.
                ret = f->lead >= 0;
                ppt_emit(t, PP_EV_DP_BASE, 3, -1, ppd_word(f->lead), ret);
                depth--;
                continue;
            }
            // Step 2. Enter the row with the lead so far.
            d->st.calls++;
            ppt_emit(t, PP_EV_DP_CALL, 2, (int32_t)c, ppd_word(f->lead), f->p1);
            if (d->done[c]) {
                // Step 4. The memo answers, whatever lead it was stored for.
                d->st.memo_hits++;
                ret = (int)d->value[c];
                ppt_emit(t, PP_EV_DP_HIT, 4, (int32_t)c, ret, 0);
                depth--;
                continue;
            }
            f->stage = 1;
            stack[depth++] = child_of(f, 0, in->a);
            continue;
        }
        // Step 5. A side came back: a result good for the mover is kept.
        int side = f->stage - 1;
        int32_t le = f->le + !side, ri = f->ri - side;
        ppd_read(d, t, 5, le <= ri ? le * n + ri : -1, ret, c);
        if (ret == f->p1) {
            ppd_cell(d, t, 5, c, ret, side);
            depth--;
            continue;
        }
        if (side == 0) {
            f->stage = 2;
            stack[depth++] = child_of(f, 1, in->a);
            continue;
        }
        // Step 6. Neither side was: the mover loses this row.
        ret = !f->p1;
        ppd_cell(d, t, 6, c, ret, -1);
        depth--;
    }
    free(stack);
    d->answer = ret;
    *out = d;
    return PP_OK;
}
