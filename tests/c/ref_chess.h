/* ref_chess.h: the chess tests' independent reference, a depth-limited
 * forward mate search that never reads a table, and random positions
 * (test_chess.c, test_chess_five.c, test_retro_narrow.c; prefix ref_chess_). */
#ifndef PP_REF_CHESS_H
#define PP_REF_CHESS_H

#include <stddef.h>
#include <stdint.h>

#include "chess_board.h"
#include "chess_index.h"
#include "game_chess.h"

/* Can the side to move mate within `plies` plies (odd)? Captures,
 * promotions and conversions are plain moves; bare kings are a draw. */
int ref_chess_win_within(const chb_pos *p, int plies);
/* Is the side to move mated within `plies` plies (even), whatever it plays? */
int ref_chess_lost_within(const chb_pos *p, int plies);
/* The value of a position after a capture, from the tables built so far
 * (chg_table_values, as chess_tb.c probes): a chg_init probe. */
uint8_t ref_chess_cache_probe(void *ctx, const chb_pos *p);
/* The generic path (slow) and the fast one for material m, each with the
 * capture tables built so far given; 0 when a capture's table is missing. */
int ref_chess_pair(const chi_material *m, chg_game *fast, chg_game *slow);
/* Do both paths agree on state s (validity, mover, move count, outcome,
 * exits and the set of parents)? If not, `why` says how. */
int ref_chess_same_state(chg_game *fast, chg_game *slow, uint32_t s, char *why, size_t size);
/* A pseudo-random number (xorshift; one fixed sequence a run). */
uint32_t ref_chess_rnd(void);
/* A random legal position of the pieces `pieces` ("KQk": upper case white). */
void ref_chess_random_position(const char *pieces, chb_pos *p);

#endif
