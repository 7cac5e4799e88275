/* golden.h: compares a trace, event by event, with a checked-in text log. */
#ifndef PP_GOLDEN_H
#define PP_GOLDEN_H

#include "../../c/perfect_play.h"

/* The number of mismatching lines (the first few are printed); 0 when the
 * trace's text form (as `perfect-play --trace x.txt` writes it) equals the
 * file. -1 if the file cannot be read (run from the repository root). */
int golden_mismatches(const char *path, const pp_trace *t, const pp_retro_game *game);

#endif
