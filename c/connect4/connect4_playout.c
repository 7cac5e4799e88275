/* connect4_playout.c: Monte Carlo tree search's playouts (step 3) on
 * Connect Four's bitboards, for pp_mcts_set_playout.
 *
 * The engine's own playout (mcts.c) asks the pp_game for the moves, plays
 * each through a function pointer and, with the decisive policy, plays every
 * move and every reply to it to look one move ahead. Here a ply is a few
 * word operations on the two bitboards of connect4_internal.h:
 *
 *   playable = (mask + bottom) & board     one cell a column that is not full
 *   mine     = winning_spots(own)  & playable      a win at once
 *   threats  = winning_spots(opp)                  the opponent's cells
 *
 * and the choice draws from the same generator in the same way as the
 * engine's: the k-th playable cell from the bottom right is the k-th move of
 * c4_moves' list (columns left to right), so a seed gives the same playouts,
 * and the same tree, either way (tests/c/test_mcts.c checks it).
 *
 * Decisive, as mcts.c's decisive_move: the leftmost column that wins at once
 * (no draw); else, at random, a cell after which the opponent has no win at
 * once; else any at random. After a stone on cell x the opponent wins at
 * once if a threat is playable then: one of `threats & playable` other than
 * x, or the cell above x. So with two threats playable every move loses; with
 * one, only its cell may save; and a cell under a threat never does:
 *
 *   forced = threats & playable
 *   safe   = (forced ? (one bit ? forced : 0) : playable) & ~(threats >> 1)
 */
#include "connect4_internal.h"

/* The k-th set bit of b (k < popcount(b)), from the lowest. */
static uint64_t nth_bit(uint64_t b, uint32_t k)
{
    while (k--) b &= b - 1;
    return b & (~b + 1);
}

/* The set bits of b (SWAR: no popcount instruction assumed). */
static uint32_t bit_count(uint64_t b)
{
    b -= (b >> 1) & 0x5555555555555555ull;
    b = (b & 0x3333333333333333ull) + ((b >> 2) & 0x3333333333333333ull);
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (uint32_t)((b * 0x0101010101010101ull) >> 56);
}

/* The decisive policy's cell among playable for the side whose stones are own. */
static uint64_t decisive_cell(const pp_c4 *p, uint64_t own, uint64_t mask, uint64_t playable, uint32_t n, uint64_t *rng)
{
    uint64_t mine = c4_winning_spots(own, mask, p->h, p->board) & playable;
    if (mine) return mine & (~mine + 1); /* the leftmost win */
    uint64_t threats = c4_winning_spots(own ^ mask, mask, p->h, p->board);
    uint64_t forced = threats & playable;
    uint64_t safe = (forced ? ((forced & (forced - 1)) ? 0 : forced) : playable) & ~(threats >> 1);
    uint32_t ns = bit_count(safe);
    uint64_t from = ns ? safe : playable;
    return nth_bit(from, (uint32_t)(pp__splitmix(rng) % (ns ? ns : n)));
}

uint32_t pp_c4_playout(void *ctx, const void *pos, int policy, uint64_t *rng, int32_t *moves, uint32_t cap,
                       int32_t *value)
{
    const pp_c4 *p = ctx;
    const c4pos *q = pos;
    const int h1 = p->h + 1, cells = p->w * p->h;
    uint64_t mask = q->mask, own = q->n % 2 ? q->first ^ q->mask : q->first; /* the side to move's */
    int n = q->n;
    if (q->won || n >= cells) return 0; /* a leaf: nothing to play */
    for (uint32_t plies = 1;; plies++) {
        uint64_t playable = (mask + p->bottom) & p->board;
        uint32_t count = bit_count(playable);
        uint64_t cell = policy == PP_MCTS_DECISIVE ? decisive_cell(p, own, mask, playable, count, rng)
                                                   : nth_bit(playable, (uint32_t)(pp__splitmix(rng) % count));
        if (plies <= cap) {
            moves[plies - 1] = __builtin_ctzll(cell) / h1;
        }
        own |= cell;
        mask |= cell;
        n++;
        if (c4_has_four(own, p->h)) {
            int32_t v = (cells + 1 - (n - 1)) / 2; /* c4_leaf's score: the stones before the winning one */
            *value = n % 2 ? v : -v;               /* the first player makes the odd-numbered moves */
            return plies;
        }
        if (n == cells) {
            *value = 0;
            return plies;
        }
        own ^= mask; /* the other side's stones */
    }
}
