/* connect4_internal.h: the Connect Four position shared by game_connect4.c
 * (parsing, the pp_game) and connect4_solver.c (the dedicated negamax). */
#ifndef PP_CONNECT4_INTERNAL_H
#define PP_CONNECT4_INTERNAL_H

#include "internal.h"

/* A position of the generic search: the first player's stones, all stones,
 * the stone count and whether the last move won. */
typedef struct c4pos {
    uint64_t first, mask;
    int32_t n, won;
} c4pos;

struct pp_c4 {
    pp_game game;
    int w, h;
    uint64_t bottom; /* the lowest cell of every column */
    uint64_t board;  /* every cell of the board (not the guard bits) */
    c4pos pos;
};

/* The cells that would complete four in a row for `own` (stones of one
 * player) among the empty cells of the board (mask: all stones). */
static inline uint64_t c4_winning_spots(uint64_t own, uint64_t mask, int h, uint64_t board)
{
    uint64_t r = (own << 1) & (own << 2) & (own << 3); /* vertical: three below */
    const int shifts[3] = {h + 1, h, h + 2};           /* horizontal, the two diagonals */
    for (int i = 0; i < 3; i++) {
        int s = shifts[i];
        uint64_t p = (own << s) & (own << 2 * s);
        r |= p & (own << 3 * s);
        r |= p & (own >> s);
        p = (own >> s) & (own >> 2 * s);
        r |= p & (own << s);
        r |= p & (own >> 3 * s);
    }
    return r & (board ^ mask);
}

/* 1 if own holds four in a row. */
static inline int c4_has_four(uint64_t own, int h)
{
    const int shifts[4] = {1, h + 1, h, h + 2};
    for (int i = 0; i < 4; i++) {
        uint64_t m = own & (own >> shifts[i]);
        if (m & (m >> 2 * shifts[i])) return 1;
    }
    return 0;
}

#endif
