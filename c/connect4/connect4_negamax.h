/* connect4_negamax.h: the negamax of the stages bitboard to threats, a
 * template that connect4_solver.c includes (as connect4_strong.h is for the
 * strongest stage). Define before including: C4N_NAME (the function), and
 * C4_TRACING 1 for the traced instantiation (pp_c4_solve_traced), whose
 * events (C4T) the untraced one compiles to nothing. The trace's steps are
 * the numbered lines of the dedicated stages' pseudocode (perfect_play.h).
 *
 * Invariants on entry: the side to move (cur) cannot win with its next
 * stone; alpha < beta. Traced: s->tnode is this node's id. */

/* The score of the side to move (cur) at `moves` stones, within
 * [alpha, beta] (fail-hard), knowing it cannot win with its next stone. */
static int C4N_NAME(pp_c4_solver *s, uint64_t cur, uint64_t mask, int moves, int alpha, int beta)
{
    const int w = s->w, h = s->h, cells = w * h;
    if (s->nodes >= s->check_at && c4_check(s)) return alpha; /* the budget or the progress hook */
    s->nodes++;
    const int32_t me = C4_TRACING ? s->tnode : 0;
    const int a0 = alpha, b0 = beta;
    C4T(PP_EV_AB_ENTER, C4_STEP_ENTER, me, alpha, beta);
    uint64_t possible = (mask + s->bottom) & s->board;
    uint64_t opp = cur ^ mask;
    uint64_t next = possible;
    if (s->stage >= PP_C4_ANTICIPATE) {
        uint64_t opp_win = c4_winning_spots(opp, mask, h, s->board);
        uint64_t forced = possible & opp_win;
        if (forced) {
            if (forced & (forced - 1)) { /* two threats: lost next move */
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
    }
    if ((moves >= cells - 2 && s->stage >= PP_C4_ANTICIPATE) || moves == cells) {
        C4T(PP_EV_AB_EXIT, C4_STEP_KNOWN, me, 0, PP_AB_EXACT);
        return 0;
    }
    /* scores within reach: a loss takes the opponent's next stone at least */
    int lo = -(cells - moves) / 2;
    if (s->stage >= PP_C4_ANTICIPATE) lo = -(cells - 2 - moves) / 2;
    if (alpha < lo) {
        alpha = lo;
        C4T(PP_EV_AB_RAISE, C4_STEP_STONES, me, 0, alpha);
        if (alpha >= beta) {
            C4T(PP_EV_AB_EXIT, C4_STEP_STONES, me, alpha, c4_bound(alpha, a0, b0));
            return alpha;
        }
    }
    int hi = (cells - 1 - moves) / 2; /* no win with the next stone */
    int hi_step = C4_STEP_STONES;     /* traced: where hi came from */
    uint64_t key = tt_mix(s, cur + mask + s->bottom);
    if (s->stage >= PP_C4_TT) {
        int v, lower;
        if (tt_get(s, key, alpha, &v, &lower)) {
            C4T_COUNT(tt_hits);
            C4T(PP_EV_AB_HIT, C4_STEP_TABLE, me, v, lower ? PP_AB_LOWER : PP_AB_UPPER);
            if (lower) {
                if (alpha < v) {
                    alpha = v;
                    C4T(PP_EV_AB_RAISE, C4_STEP_TABLE, me, 0, alpha);
                    if (alpha >= beta) {
                        C4T_COUNT(tt_cuts);
                        C4T(PP_EV_AB_EXIT, C4_STEP_TABLE, me, alpha, c4_bound(alpha, a0, b0));
                        return alpha;
                    }
                }
            } else if (hi > v) {
                hi = v;
                hi_step = C4_STEP_TABLE;
            }
        }
    }
    if (beta > hi) {
        beta = hi;
        C4T(PP_EV_AB_RAISE, hi_step, me, 1, beta);
        if (alpha >= beta) {
            if (C4_TRACING && hi_step == C4_STEP_TABLE) C4T_COUNT(tt_cuts);
            C4T(PP_EV_AB_EXIT, hi_step, me, beta, c4_bound(beta, a0, b0));
            return beta;
        }
    }
    (void)hi_step;
    /* the moves in order: centre first, or by the winning spots they create */
    uint64_t mv[PP_C4_MAX_SIZE];
    int sc[PP_C4_MAX_SIZE];
    int k = 0;
    for (int i = 0; i < w; i++) {
        uint64_t m = next & col_mask(h, s->order[i]);
        if (!m) continue;
        int score = 0;
        if (s->stage >= PP_C4_THREATS) score = popcount64(c4_winning_spots(cur | m, mask, h, s->board));
        /* insertion, stable for equal scores */
        int j = k++;
        while (j > 0 && sc[j - 1] < score) {
            mv[j] = mv[j - 1];
            sc[j] = sc[j - 1];
            j--;
        }
        mv[j] = m;
        sc[j] = score;
    }
    for (int i = 0; i < k; i++) {
        uint64_t ncur = cur ^ mask; /* the opponent moves next */
        uint64_t nmask = mask | mv[i];
        int score;
        if (s->stage < PP_C4_ANTICIPATE &&
            (c4_winning_spots(ncur, nmask, h, s->board) & ((nmask + s->bottom) & s->board))) {
            /* the opponent wins with its next stone (moves + 1 on the board) */
            score = -((cells + 1 - (moves + 1)) / 2);
            C4T(PP_EV_AB_MOVE, C4_STEP_MOVE, me, c4_col_of(mv[i], h), -1);
            C4T(PP_EV_AB_VALUE, C4_STEP_CHILD, me, -1, score);
        } else {
            if (C4_TRACING) {
                int32_t child = s->tnext++;
                C4T(PP_EV_AB_MOVE, C4_STEP_MOVE, me, c4_col_of(mv[i], h), child);
                s->tnode = child;
                score = -C4N_NAME(s, ncur, nmask, moves + 1, -beta, -alpha);
                C4T(PP_EV_AB_VALUE, C4_STEP_CHILD, me, child, score);
            } else {
                score = -C4N_NAME(s, ncur, nmask, moves + 1, -beta, -alpha);
            }
        }
        if (s->out_of_budget) return alpha;
        if (score >= beta) {
            C4T_COUNT(cutoffs);
            C4T(PP_EV_AB_CUTOFF, C4_STEP_CUT, me, i + 1, k);
            C4T(PP_EV_AB_EXIT, C4_STEP_CUT, me, score, c4_bound(score, a0, b0));
            return score;
        }
        if (score > alpha) {
            alpha = score;
            C4T(PP_EV_AB_RAISE, C4_STEP_RAISE, me, 0, alpha);
        }
    }
    if (s->stage >= PP_C4_TT) {
        tt_put(s, key, alpha, 0);
        C4T_COUNT(tt_stores);
    }
    C4T(PP_EV_AB_EXIT, C4_STEP_DONE, me, alpha, c4_bound(alpha, a0, b0));
    return alpha;
}

#undef C4N_NAME
#undef C4_TRACING
