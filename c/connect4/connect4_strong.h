/* connect4_strong.h: the strongest stage's negamax, a template that
 * connect4_solver.c includes twice: once with the classic 7 x 6 geometry as
 * constants (every shift, mask and loop then folds at compile time) and once
 * with the geometry read from the solver (every other size). Define before
 * including: C4S_NAME (the function), C4S_W, C4S_H, C4S_BOTTOM, C4S_BOARD,
 * and C4_TRACING 1 for the traced instantiation (pp_c4_solve_traced; its
 * events, C4T, compile to nothing in the others). The trace's steps are the
 * dedicated stages' pseudocode lines (perfect_play.h), not the numbers below.
 *
 * What it adds to the `threats` stage (the why of each, numbered as below):
 *   - the table holds both bounds and exact scores, under the key of the
 *     position or of its mirror image, whichever is smaller (a position and
 *     its mirror have the same score, so each is searched once), with the
 *     move that was best (searched first when the position comes back);
 *   - claimeven (step 2b): a cheap proof that the first player cannot win;
 *     and (step 2a) no four left for a side bounds the score by 0;
 *   - a position with a single move is passed through to its child
 *     (step 2c), without a table entry of its own;
 *   - enhanced transposition cutoff: before searching any child, the table's
 *     upper bounds of the children may already prove a score >= beta; and a
 *     child whose entry already proves it fails low (its lower bound, negated,
 *     at most alpha) is not entered, that bound standing for its search (so
 *     the trace shows no move into it): on the empty 7 x 6 board 5% fewer
 *     positions, 0.94x the time;
 *   - the window is narrowed by the table's bounds in both directions;
 *   - moves ordered by the threats they make that can still win (not just
 *     above an opponent's winning cell), those just above a playable cell
 *     first;
 *   - fail-soft: a position whose moves all fail low returns the highest
 *     of their bounds, not alpha (the root's probes jump by it).
 *
 * Invariants on entry: the side to move (cur) cannot win with its next
 * stone; alpha < beta. Fail-soft: the result r (perhaps outside [alpha,
 * beta]) says score <= r when r <= alpha, score >= r when r >= beta, and
 * score == r in between. */

static int C4S_NAME(pp_c4_solver *s, uint64_t cur, uint64_t mask, int moves, int alpha, int beta)
{
    const int w = C4S_W, h = C4S_H, cells = C4S_W * C4S_H;
    const uint64_t bottom = C4S_BOTTOM, board = C4S_BOARD;
    if (s->nodes >= s->check_at && c4_check(s)) return alpha; /* the budget or the progress hook */
    const uint64_t n0 = s->nodes++;
    const int32_t me = C4_TRACING ? s->tnode : 0;
    const int a0 = alpha, b0 = beta;
    C4T(PP_EV_AB_ENTER, C4_STEP_ENTER, me, alpha, beta);

    // Step 1. The moves that do not lose at once (anticipate).
    uint64_t possible = (mask + bottom) & board;
    uint64_t opp_win = c4_winning_spots(cur ^ mask, mask, h, board);
    uint64_t next = possible;
    uint64_t forced = possible & opp_win;
    if (forced) {
        if (forced & (forced - 1)) { /* two threats at once: lost next move */
            C4T(PP_EV_AB_EXIT, C4_STEP_KNOWN, me, -(cells - moves) / 2, PP_AB_EXACT);
            return -(cells - moves) / 2;
        }
        next = forced;
    }
    next &= ~(opp_win >> 1); /* never play under the opponent's winning spot */
    if (!next) {
        C4T(PP_EV_AB_EXIT, C4_STEP_KNOWN, me, -(cells - moves) / 2, PP_AB_EXACT);
        return -(cells - moves) / 2;
    }
    if (moves >= cells - 2) { /* two stones left, neither wins: a draw */
        C4T(PP_EV_AB_EXIT, C4_STEP_KNOWN, me, 0, PP_AB_EXACT);
        return 0;
    }

    // Step 2. The window within what is reachable: the opponent cannot win
    // with its next stone (step 1), nor we with ours (the invariant).
    int lo = -(cells - 2 - moves) / 2;
    if (alpha < lo) {
        alpha = lo;
        C4T(PP_EV_AB_RAISE, C4_STEP_STONES, me, 0, alpha);
        if (alpha >= beta) { /* the [alpha;beta] window is empty */
            C4T(PP_EV_AB_EXIT, C4_STEP_STONES, me, alpha, c4_bound(alpha, a0, b0));
            return alpha;
        }
    }
    int hi = (cells - 1 - moves) / 2;
    if (beta > hi) {
        beta = hi;
        C4T(PP_EV_AB_RAISE, C4_STEP_STONES, me, 1, beta);
        if (alpha >= beta) {
            C4T(PP_EV_AB_EXIT, C4_STEP_STONES, me, beta, c4_bound(beta, a0, b0));
            return beta;
        }
    }

    // Step 2a. A side whose stones and the empty cells hold no four cannot
    // win: the score is at most 0 if it is the side to move, at least 0 if
    // it is the opponent.
    if (beta > 0 && !c4_has_four(cur | (board & ~mask), h)) {
        beta = 0;
        C4T(PP_EV_AB_RAISE, C4_STEP_STONES, me, 1, beta);
        if (alpha >= beta) {
            C4T(PP_EV_AB_EXIT, C4_STEP_STONES, me, beta, c4_bound(beta, a0, b0));
            return beta;
        }
    }
    if (alpha < 0 && !c4_has_four((cur ^ mask) | (board & ~mask), h)) {
        alpha = 0;
        C4T(PP_EV_AB_RAISE, C4_STEP_STONES, me, 0, alpha);
        if (alpha >= beta) {
            C4T(PP_EV_AB_EXIT, C4_STEP_STONES, me, alpha, c4_bound(alpha, a0, b0));
            return alpha;
        }
    }

    // Step 2b. Claimeven: with the first player to move and an even number
    // of rows, the second player can answer a stone on an odd row (1-based)
    // with the one above it, and a stone on an even row (only where a column
    // has an odd height: there is an even count of such columns) with the
    // next cell of another such column. The first player then gets no cell
    // of an even row but those playable now: if its stones, the empty
    // odd-row cells and those hold no four, it never wins (score <= 0); if
    // then the second player's stones and the other even-row cells hold
    // one, it loses.
    if (h % 2 == 0 && moves % 2 == 0) {
        uint64_t empty = board & ~mask, odd = c4_odd_rows(s, w, h);
        if (!c4_has_four(cur | (empty & odd) | possible, h)) {
            int cap = c4_has_four((cur ^ mask) | (empty & ~odd & ~possible), h) ? -1 : 0;
            if (beta > cap) {
                beta = cap;
                C4T(PP_EV_AB_RAISE, C4_STEP_STONES, me, 1, beta);
                if (alpha >= beta) {
                    C4T(PP_EV_AB_EXIT, C4_STEP_STONES, me, beta, c4_bound(beta, a0, b0));
                    return beta;
                }
            }
        }
    }

    // Step 2c. A single move (forced, or the only one that does not lose at
    // once): its child's score is this position's, so the table is neither
    // read nor written here (its child's entry serves); a quarter of the
    // positions explored are such.
    if (!(next & (next - 1))) {
        int score;
        if (C4_TRACING) {
            int32_t child = s->tnext++;
            C4T(PP_EV_AB_MOVE, C4_STEP_MOVE, me, c4_col_of(next, h), child);
            s->tnode = child;
            score = -C4S_NAME(s, cur ^ mask, mask | next, moves + 1, -beta, -alpha);
            C4T(PP_EV_AB_VALUE, C4_STEP_CHILD, me, child, score);
        } else {
            score = -C4S_NAME(s, cur ^ mask, mask | next, moves + 1, -beta, -alpha);
        }
        if (s->out_of_budget) return alpha;
        C4T(PP_EV_AB_EXIT, C4_STEP_CHILD, me, score, c4_bound(score, a0, b0)); /* nothing stored */
        return score;
    }

    // Step 3. The table's entry fetched (read at step 4: only positions
    // with a choice of moves fetch it), the moves, and the children's
    // entries fetched (for step 5).
    int mirrored;
    uint64_t x = tt_mix(s, c4_canonical(cur + mask + bottom, w, h, &mirrored));
    tt_prefetch(s, x);
    uint64_t opp = cur ^ mask;
    uint64_t mv[PP_C4_MAX_SIZE], cx[PP_C4_MAX_SIZE], wt[PP_C4_MAX_SIZE];
    int sc[PP_C4_MAX_SIZE];
    int ub[PP_C4_MAX_SIZE]; /* per child, from its entry (step 5): our score through it is at most this */
    int k = 0;
    const int etc = cells - moves >= C4_ETC_MIN_LEFT;
    unsigned probe = 0; /* the children whose entries step 5 reads */
    for (int i = 0; i < w; i++) {
        uint64_t m = next & col_mask(h, s->order[i]);
        if (!m) continue;
        mv[k] = m;
        ub[k] = C4_INF;
        if (etc) {
            /* a child where our next stone would win has no entry (it is
             * lost, or its one move passes through, step 2c): no probe */
            wt[k] = c4_winning_spots(cur | m, mask | m, h, board);
            if (!(wt[k] & ((mask | m) + bottom))) {
                int cm;
                cx[k] = tt_mix(s, c4_canonical(opp + (mask | m) + bottom, w, h, &cm));
                tt_prefetch(s, cx[k]);
                probe |= 1u << k;
            }
        }
        k++;
    }

    // Step 4. The table's bound of this position (or its mirror), and the
    // move its search found best.
    int best_col = -1; /* the table's move, then the search's */
    uint64_t e = tt_entry(s, x);
    if (e) {
        int v = tt_score(e), type = tt_type(e);
        C4T_COUNT(tt_hits);
        C4T(PP_EV_AB_HIT, C4_STEP_TABLE, me, v,
            type == C4_TT_EXACT   ? PP_AB_EXACT
            : type == C4_TT_LOWER ? PP_AB_LOWER
                                  : PP_AB_UPPER);
        if (type == C4_TT_EXACT || (type == C4_TT_LOWER && v >= beta) || (type == C4_TT_UPPER && v <= alpha)) {
            C4T_COUNT(tt_cuts);
            C4T(PP_EV_AB_EXIT, C4_STEP_TABLE, me, v, c4_bound(v, a0, b0));
            return v;
        }
        if (type == C4_TT_LOWER && v > alpha) {
            alpha = v;
            C4T(PP_EV_AB_RAISE, C4_STEP_TABLE, me, 0, alpha);
        } else if (type == C4_TT_UPPER && v < beta) {
            beta = v;
            C4T(PP_EV_AB_RAISE, C4_STEP_TABLE, me, 1, beta);
        }
        if (tt_move(e)) best_col = mirrored ? w - tt_move(e) : tt_move(e) - 1;
    }

    // Step 5. Enhanced transposition cutoff, where enough stones are left to
    // pay for the probes: a child's upper bound cv gives this position -cv
    // at least, perhaps >= beta before any search.
    if (etc) {
        for (int i = 0; i < k; i++) {
            if (!(probe >> i & 1)) continue;
            uint64_t ce = tt_entry(s, cx[i]);
            int cv = tt_score(ce);
            if (ce && tt_type(ce) != C4_TT_UPPER) ub[i] = -cv; /* our score through it is at most -cv */
            if (ce && tt_type(ce) != C4_TT_LOWER && -cv > alpha) {
                /* traced: the child's entry, as the bound it gives this position */
                C4T_COUNT(tt_hits);
                C4T(PP_EV_AB_HIT, C4_STEP_ETC, me, -cv, PP_AB_LOWER);
                if (-cv >= beta) {
                    int col = c4_col_of(mv[i], h);
                    tt_store(s, x, -cv, beta < b0 ? C4_TT_EXACT : C4_TT_LOWER, 1 + (mirrored ? w - 1 - col : col), 1);
                    C4T_COUNT(tt_cuts);
                    C4T_COUNT(tt_stores);
                    C4T(PP_EV_AB_EXIT, C4_STEP_ETC, me, -cv, c4_bound(-cv, a0, b0));
                    return -cv;
                }
                alpha = -cv;
                C4T(PP_EV_AB_RAISE, C4_STEP_ETC, me, 0, alpha);
            }
        }
    }

    // Step 6. The moves ordered: the table's best move first, then by the
    // winning spots they create, centre first among equals (insertion, stable).
    for (int i = 0; i < k; i++) {
        uint64_t m = mv[i];
        int score = 1000;
        if (c4_col_of(m, h) != best_col) {
            uint64_t t =
                (etc ? wt[i] : c4_winning_spots(cur | m, mask | m, h, board)) & ~(opp_win << 1); /* useful threats */
            uint64_t p1 = ((mask | m) + bottom) & board;
            score = 4 * popcount64(t) + 2 * popcount64(t & (p1 << 1));
        }
        int u = ub[i];
        int j = i;
        while (j > 0 && sc[j - 1] < score) {
            mv[j] = mv[j - 1];
            sc[j] = sc[j - 1];
            ub[j] = ub[j - 1];
            j--;
        }
        mv[j] = m;
        sc[j] = score;
        ub[j] = u;
    }

    // Step 7. Search the children; a score >= beta cuts (a lower bound).
    best_col = -1;
    int best = -C4_INF; /* fail-soft: the highest child's score (a bound) */
    for (int i = 0; i < k; i++) {
        int score;
        if (ub[i] <= alpha) {
            score = ub[i]; /* it would fail low: its entry's bound, as its search would return */
        } else if (C4_TRACING) {
            int32_t child = s->tnext++;
            C4T(PP_EV_AB_MOVE, C4_STEP_MOVE, me, c4_col_of(mv[i], h), child);
            s->tnode = child;
            score = -C4S_NAME(s, opp, mask | mv[i], moves + 1, -beta, -alpha);
            C4T(PP_EV_AB_VALUE, C4_STEP_CHILD, me, child, score);
        } else {
            score = -C4S_NAME(s, opp, mask | mv[i], moves + 1, -beta, -alpha);
        }
        if (s->out_of_budget) return alpha;
        if (score >= beta) {
            /* exact if beta came down to a proven upper bound (step 2 or 4) */
            int col = c4_col_of(mv[i], h);
            tt_store(s, x, score, beta < b0 ? C4_TT_EXACT : C4_TT_LOWER, 1 + (mirrored ? w - 1 - col : col),
                     s->nodes - n0);
            C4T_COUNT(cutoffs);
            C4T_COUNT(tt_stores);
            C4T(PP_EV_AB_CUTOFF, C4_STEP_CUT, me, i + 1, k);
            C4T(PP_EV_AB_EXIT, C4_STEP_CUT, me, score, c4_bound(score, a0, b0));
            return score;
        }
        if (score > best) best = score;
        if (score > alpha) {
            alpha = score;
            best_col = c4_col_of(mv[i], h);
            C4T(PP_EV_AB_RAISE, C4_STEP_RAISE, me, 0, alpha);
        }
    }

    // Step 8. Every child failed low or was exact: alpha bounds the score
    // from above, and is the score if it rose above the first window (a
    // child's exact score, or a proven lower bound from steps 2, 4 and 5).
    // Fail-soft: if none rose, the best child's bound (not below lo, the
    // least score step 2 proved) is the tighter upper bound.
    if (alpha == a0 && best < alpha) alpha = best < lo ? lo : best; /* fail-soft */
    tt_store(s, x, alpha, alpha > a0 ? C4_TT_EXACT : C4_TT_UPPER,
             best_col < 0 ? 0 : 1 + (mirrored ? w - 1 - best_col : best_col), s->nodes - n0);
    C4T_COUNT(tt_stores);
    C4T(PP_EV_AB_EXIT, C4_STEP_DONE, me, alpha, c4_bound(alpha, a0, b0));
    return alpha;
}

#undef C4S_NAME
#undef C4S_W
#undef C4S_H
#undef C4S_BOTTOM
#undef C4S_BOARD
#undef C4_TRACING
