/* ref_catmouse.h: an independent Cat and Mouse solver for cross-checks. */
#ifndef PP_REF_CATMOUSE_H
#define PP_REF_CATMOUSE_H
#include <stdint.h>

/* Solves by synchronous fixpoint rounds straight on the graph (no solver
 * interface, no queue, no counters). Round k decides exactly the states
 * whose remoteness is k, using only what rounds before k decided:
 *   a state is a win if some move reaches a state already lost for the
 *   player then to move; a loss if every move reaches a state already won by
 *   the player then to move. outcome/remote are indexed like the library's
 *   state ids; remote is -1 where undecided or invalid. */
void ref_catmouse(int n, const int32_t *off, const int32_t *adj, uint8_t *outcome, int32_t *remote);

#endif
