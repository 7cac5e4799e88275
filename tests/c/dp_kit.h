/* dp_kit.h: what the DP tests share: solving from text, a seeded random
 * source, and the replay's checks against the table. */
#ifndef PP_DP_KIT_H
#define PP_DP_KIT_H

#include "../../c/perfect_play.h"

/* Parses and solves; NULL (with the message printed) if either fails. */
pp_dp *dpk_solve(pp_dp_problem p, pp_dp_algo a, const char *text, pp_trace *trace);
/* The answer as LeetCode prints it (a static buffer). */
const char *dpk_answer(const pp_dp *d);

/* splitmix64: the same numbers on every platform. */
uint64_t dpk_next(uint64_t *state);
/* Uniform in [lo, hi]. */
int64_t dpk_range(uint64_t *state, int64_t lo, int64_t hi);

/* Checks the replay against the table and the rules of the game it
 * replays (in: the solved input); returns the number of failed checks and
 * prints the first few. */
int dpk_replay_errors(const pp_dp *d, const pp_dp_input *in);

#endif
