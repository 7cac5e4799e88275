/* connect4_strong.h: the strongest stage's negamax, a template that
 * connect4_solver.c includes twice: once with the classic 7 x 6 geometry as
 * constants (every shift, mask and loop then folds at compile time) and once
 * with the geometry read from the solver (every other size). Define before
 * including: C4S_NAME (the function), C4S_W, C4S_H, C4S_BOTTOM, C4S_BOARD.
 *
 * What it adds to the `threats` stage (the why of each, numbered as below):
 *   - the table holds both bounds, under the key of the position or of its
 *     mirror image, whichever is smaller (a position and its mirror have the
 *     same score, so each is searched once);
 *   - enhanced transposition cutoff: before searching any child, the table's
 *     upper bounds of the children may already prove a score >= beta;
 *   - the window is narrowed by the table's bounds in both directions.
 *
 * Invariants on entry: the side to move (cur) cannot win with its next
 * stone; alpha < beta. Fail-hard: the result r says score <= r when r <=
 * alpha, score >= r when r >= beta, and score == r in between. */

static int C4S_NAME(pp_c4_solver *s, uint64_t cur, uint64_t mask, int moves, int alpha, int beta)
{
    const int w = C4S_W, h = C4S_H, cells = C4S_W * C4S_H;
    const uint64_t bottom = C4S_BOTTOM, board = C4S_BOARD;
    if (s->nodes >= s->check_at && c4_check(s)) return alpha; /* the budget or the progress hook */
    s->nodes++;

    // Step 1. The moves that do not lose at once (anticipate); the table's
    // entry is fetched meanwhile.
    uint64_t x = tt_mix(s, c4_canonical(cur + mask + bottom, w, h));
    tt_prefetch(s, x);
    uint64_t possible = (mask + bottom) & board;
    uint64_t opp_win = c4_winning_spots(cur ^ mask, mask, h, board);
    uint64_t next = possible;
    uint64_t forced = possible & opp_win;
    if (forced) {
        if (forced & (forced - 1)) return -(cells - moves) / 2; /* two threats at once: lost next move */
        next = forced;
    }
    next &= ~(opp_win >> 1); /* never play under the opponent's winning spot */
    if (!next) return -(cells - moves) / 2;
    if (moves >= cells - 2) return 0; /* two stones left, neither wins: a draw */

    // Step 2. The window within what is reachable: the opponent cannot win
    // with its next stone (step 1), nor we with ours (the invariant).
    int lo = -(cells - 2 - moves) / 2;
    if (alpha < lo) {
        alpha = lo;
        if (alpha >= beta) return alpha; /* the [alpha;beta] window is empty */
    }
    int hi = (cells - 1 - moves) / 2;
    if (beta > hi) {
        beta = hi;
        if (alpha >= beta) return beta;
    }

    // Step 3. The moves, and the children's entries fetched (for step 5).
    uint64_t opp = cur ^ mask;
    uint64_t mv[PP_C4_MAX_SIZE], cx[PP_C4_MAX_SIZE];
    int sc[PP_C4_MAX_SIZE];
    int k = 0;
    const int etc = cells - moves >= C4_ETC_MIN_LEFT;
    for (int i = 0; i < w; i++) {
        uint64_t m = next & col_mask(h, s->order[i]);
        if (!m) continue;
        mv[k] = m;
        if (etc) {
            cx[k] = tt_mix(s, c4_canonical(opp + (mask | m) + bottom, w, h));
            tt_prefetch(s, cx[k]);
        }
        k++;
    }

    // Step 4. The table's bound of this position (or its mirror).
    int v, lower;
    if (tt_get(s, x, &v, &lower)) {
        if (lower) {
            if (v >= beta) return v;
            if (v > alpha) alpha = v;
        } else {
            if (v <= alpha) return v;
            if (v < beta) beta = v;
        }
    }

    // Step 5. Enhanced transposition cutoff, where enough stones are left to
    // pay for the probes: a child's upper bound cv gives this position -cv
    // at least, perhaps >= beta before any search.
    if (etc) {
        for (int i = 0; i < k; i++) {
            int cv, clower;
            if (tt_get(s, cx[i], &cv, &clower) && !clower && -cv > alpha) {
                if (-cv >= beta) {
                    tt_put(s, x, -cv, 1);
                    return -cv;
                }
                alpha = -cv;
            }
        }
    }

    // Step 6. The moves ordered by the winning spots they create, centre
    // first among equals (insertion, stable).
    for (int i = 0; i < k; i++) {
        uint64_t m = mv[i];
        int score = popcount64(c4_winning_spots(cur | m, mask | m, h, board));
        int j = i;
        while (j > 0 && sc[j - 1] < score) {
            mv[j] = mv[j - 1];
            sc[j] = sc[j - 1];
            j--;
        }
        mv[j] = m;
        sc[j] = score;
    }

    // Step 7. Search the children; a score >= beta cuts (a lower bound).
    for (int i = 0; i < k; i++) {
        int score = -C4S_NAME(s, opp, mask | mv[i], moves + 1, -beta, -alpha);
        if (s->out_of_budget) return alpha;
        if (score >= beta) {
            tt_put(s, x, score, 1);
            return score;
        }
        if (score > alpha) alpha = score;
    }

    // Step 8. Every child failed low or was exact: alpha bounds the score from above.
    tt_put(s, x, alpha, 0);
    return alpha;
}

#undef C4S_NAME
#undef C4S_W
#undef C4S_H
#undef C4S_BOTTOM
#undef C4S_BOARD
