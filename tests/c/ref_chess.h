/* ref_chess.h: the chess tests' independent reference, a depth-limited
 * forward mate search that never reads a table, and random positions
 * (test_chess.c, test_chess_five.c; prefix ref_chess_). */
#ifndef PP_REF_CHESS_H
#define PP_REF_CHESS_H

#include <stdint.h>

#include "chess_board.h"

/* Can the side to move mate within `plies` plies (odd)? Captures,
 * promotions and conversions are plain moves; bare kings are a draw. */
int ref_chess_win_within(const chb_pos *p, int plies);
/* Is the side to move mated within `plies` plies (even), whatever it plays? */
int ref_chess_lost_within(const chb_pos *p, int plies);
/* A pseudo-random number (xorshift; one fixed sequence a run). */
uint32_t ref_chess_rnd(void);
/* A random legal position of the pieces `pieces` ("KQk": upper case white). */
void ref_chess_random_position(const char *pieces, chb_pos *p);

#endif
