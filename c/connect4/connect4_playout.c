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

/* x mod d for d from 1 to PP_C4_MAX_SIZE (the draw's index among the
 * playable columns), exactly as C's %. Where the machine multiplies 64 by 64
 * bits into 128, by two multiplications instead of a division: with
 * M = ceil(2^128 / d) (0 for d = 1), the low 128 bits of M x are the
 * fraction x / d - floor(x / d) scaled by 2^128 (M's excess over 2^128 / d is
 * below 1, times x below 2^64, too small to carry into the integer part for
 * any 64-bit x), and that fraction times d, shifted down by 128 bits, is
 * x mod d (Lemire, Kaser and Kurz, "Faster remainder by direct computation",
 * 2019). Elsewhere (WebAssembly) the division, with the same result. */
#if defined(__SIZEOF_INT128__) && (defined(__x86_64__) || defined(__aarch64__))
__extension__ typedef unsigned __int128 c4_u128;
#define C4_M(d) ((((c4_u128)~0ull << 64) | ~0ull) / (d) + 1)
static const c4_u128 c4_mod_m[PP_C4_MAX_SIZE + 1] = {0,       0,       C4_M(2), C4_M(3), C4_M(4),
                                                     C4_M(5), C4_M(6), C4_M(7), C4_M(8), C4_M(9)};
static uint32_t mod_small(uint64_t x, uint32_t d)
{
    c4_u128 low = c4_mod_m[d] * x;
    c4_u128 t = (((c4_u128)(uint64_t)low * d) >> 64) + (c4_u128)(uint64_t)(low >> 64) * d;
    return (uint32_t)(t >> 64);
}
#else
static uint32_t mod_small(uint64_t x, uint32_t d) { return (uint32_t)(x % d); }
#endif

/* The set bits of b (SWAR: no popcount instruction assumed). */
static uint32_t bit_count(uint64_t b)
{
    b -= (b >> 1) & 0x5555555555555555ull;
    b = (b & 0x3333333333333333ull) + ((b >> 2) & 0x3333333333333333ull);
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (uint32_t)((b * 0x0101010101010101ull) >> 56);
}

/* 1 if own holds four in a row: c4_has_four's four directions, or'ed into
 * one test (one branch a ply instead of four). */
static int has_four(uint64_t own, int h)
{
    const int s1 = h + 1, s2 = h, s3 = h + 2;
    uint64_t a = own & (own >> 1), b = own & (own >> s1), c = own & (own >> s2), d = own & (own >> s3);
    return ((a & (a >> 2)) | (b & (b >> 2 * s1)) | (c & (c >> 2 * s2)) | (d & (d >> 2 * s3))) != 0;
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
    return nth_bit(from, mod_small(pp__splitmix(rng), ns ? ns : n));
}

uint32_t pp_c4_playout(void *ctx, const void *pos, int policy, uint64_t *rng, int32_t *moves, uint32_t cap,
                       int32_t *value)
{
    const pp_c4 *p = ctx;
    const c4pos *q = pos;
    const int h1 = p->h + 1, cells = p->w * p->h;
    uint64_t mask = q->mask, own = q->n % 2 ? q->first ^ q->mask : q->first; /* the side to move's */
    const uint64_t top = p->bottom << (p->h - 1);                            /* the top cell of every column */
    int n = q->n;
    if (q->won || n >= cells) return 0; /* a leaf: nothing to play */
    /* The columns not full, left to right, as 6-bit fields of open (field i:
     * the i-th such column's lowest bit, c * (h + 1) < 64), and their count:
     * the k-th playable cell, from the lowest bit, is in the column of field
     * k, so the random policy's draw is a shift and a mask, not a walk along
     * the bits; a column that fills leaves the list, the fields above it
     * moving down one, the order kept. */
    const uint64_t column = ((uint64_t)1 << p->h) - 1; /* column 0's cells */
    uint64_t open = 0;
    uint32_t count = 0;
    for (int c = p->w - 1; c >= 0; c--)
        if ((mask + p->bottom) & p->board & (column << c * h1)) open = open << 6 | (uint64_t)(c * h1), count++;
    for (uint32_t plies = 1;; plies++) {
        uint64_t cell;
        uint32_t k = 0;
        if (policy == PP_MCTS_DECISIVE) cell = decisive_cell(p, own, mask, (mask + p->bottom) & p->board, count, rng);
        else k = mod_small(pp__splitmix(rng), count), cell = (mask + p->bottom) & (column << (open >> 6 * k & 63));
        if (plies <= cap) {
            moves[plies - 1] = __builtin_ctzll(cell) / h1;
        }
        own |= cell;
        mask |= cell;
        if (cell & top) { /* its column is full (the decisive policy keeps only the count) */
            uint64_t below = ((uint64_t)1 << 6 * k) - 1;
            open = (open & below) | (open >> 6 & ~below);
            count--;
        }
        n++;
        if (has_four(own, p->h)) {
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
