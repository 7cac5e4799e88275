/* connect4_negamax.h: the negamax of the stages bitboard to threats, a
 * template that connect4_solver.c includes (as connect4_strong.h is for the
 * strongest stage). Define before including: C4N_NAME (the function).
 *
 * Invariants on entry: the side to move (cur) cannot win with its next
 * stone; alpha < beta. */

/* The score of the side to move (cur) at `moves` stones, within
 * [alpha, beta] (fail-hard), knowing it cannot win with its next stone. */
static int C4N_NAME(pp_c4_solver *s, uint64_t cur, uint64_t mask, int moves, int alpha, int beta)
{
    const int w = s->w, h = s->h, cells = w * h;
    if (s->budget && s->nodes >= s->budget) {
        s->out_of_budget = 1;
        return alpha;
    }
    s->nodes++;
    uint64_t possible = (mask + s->bottom) & s->board;
    uint64_t opp = cur ^ mask;
    uint64_t next = possible;
    if (s->stage >= PP_C4_ANTICIPATE) {
        uint64_t opp_win = c4_winning_spots(opp, mask, h, s->board);
        uint64_t forced = possible & opp_win;
        if (forced) {
            if (forced & (forced - 1)) return -(cells - moves) / 2; /* two threats: lost next move */
            next = forced;
        }
        next &= ~(opp_win >> 1); /* never play under the opponent's winning spot */
        if (!next) return -(cells - moves) / 2;
    }
    if (moves >= cells - 2 && s->stage >= PP_C4_ANTICIPATE) return 0;
    if (moves == cells) return 0;
    /* scores within reach: a loss takes the opponent's next stone at least */
    int lo = -(cells - moves) / 2;
    if (s->stage >= PP_C4_ANTICIPATE) lo = -(cells - 2 - moves) / 2;
    if (alpha < lo) {
        alpha = lo;
        if (alpha >= beta) return alpha;
    }
    int hi = (cells - 1 - moves) / 2; /* no win with the next stone */
    uint64_t key = tt_mix(s, cur + mask + s->bottom);
    if (s->stage >= PP_C4_TT) {
        int v, lower;
        if (tt_get(s, key, &v, &lower)) {
            if (lower) {
                if (alpha < v) {
                    alpha = v;
                    if (alpha >= beta) return alpha;
                }
            } else if (hi > v) {
                hi = v;
            }
        }
    }
    if (beta > hi) {
        beta = hi;
        if (alpha >= beta) return beta;
    }
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
        } else {
            score = -C4N_NAME(s, ncur, nmask, moves + 1, -beta, -alpha);
        }
        if (s->out_of_budget) return alpha;
        if (score >= beta) return score;
        if (score > alpha) alpha = score;
    }
    if (s->stage >= PP_C4_TT) tt_put(s, key, alpha, 0);
    return alpha;
}

#undef C4N_NAME
