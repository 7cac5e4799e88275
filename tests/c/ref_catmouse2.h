/* ref_catmouse2.h: an independent Cat and Mouse II solver for cross-checks. */
#ifndef PP_REF_CATMOUSE2_H
#define PP_REF_CATMOUSE2_H
#include <stdint.h>

/* The reference numbers states (mouse * P + cat) * 2 + turn, P = rows * cols
 * cells row-major, turn 0 = mouse to move; outcomes 0 undecided, 1 mouse
 * wins, 2 cat wins, 3 invalid (someone on a wall). */
#define REF2_ID(P, m, c, t) (((size_t)(m) * (size_t)(P) + (size_t)(c)) * 2 + (size_t)(t))

/* Solves by synchronous fixpoint rounds straight on the grid text (rows of
 * `cols` characters, no solver interface, no queue, no counters). Round k
 * decides exactly the states whose remoteness is k: a state is a win if some
 * jump reaches a state already lost for the player then to move, a loss if
 * every jump reaches a state already won by the player then to move.
 * outcome/remote have 2 * P * P entries; remote is -1 where undecided or
 * invalid. */
void ref_catmouse2(int rows, int cols, const char *cells, int cat_jump, int mouse_jump, uint8_t *outcome,
                   int32_t *remote);

/* LeetCode's rule read literally: can the mouse, moving first from the
 * starts, make sure of the food within `turns` moves (of either player)?
 * Computed by a table over (state, turns left), not by remoteness. */
int ref_catmouse2_within(int rows, int cols, const char *cells, int cat_jump, int mouse_jump, int turns);

#endif
