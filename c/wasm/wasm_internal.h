/* wasm_internal.h: what the WASM export files (c/wasm/wasm_*.c) share: the export
 * marker and the one error slot that ppw_error() reports. Each export that
 * can fail calls ppw_clear_error() first and passes &ppw_last_error to the
 * library, so binding.js reads the message of the call that failed. */
#ifndef PP_WASM_INTERNAL_H
#define PP_WASM_INTERNAL_H

#include "perfect_play.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#define EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define EXPORT
#endif

extern pp_error ppw_last_error;
void ppw_clear_error(void);
/* Sets ppw_last_error to code with a fixed message; returns NULL-friendly 0. */
int ppw_fail(pp_status code, const char *msg);
/* A Monte Carlo search's changes of choice (wasm_mcts.c, wasm_connect4.c),
 * for the page's convergence plot: after iteration at[i] (1-based) the
 * choice became root move to[i]. At most PPW_CHANGES_CAP are kept; past
 * them, or out of memory, the list says truncated. */
#define PPW_CHANGES_CAP (1u << 22)
typedef struct ppw_changes {
    uint32_t *at;
    int32_t *to;
    uint32_t n, cap;
    int truncated;
} ppw_changes;
/* pp_mcts_on_choice's fn, ctx a ppw_changes: appends the change. */
void ppw_changes_note(void *ctx, uint64_t iteration, int32_t best);
void ppw_changes_free(ppw_changes *c);

/* A retrograde solve with its trace, as every retrograde game's exports
 * (ppw_retro_new_catmouse, ppw_retro_new_catmouse2) hand it to the shared
 * ppw_retro_* accessors of wasm_retro.c. */
typedef struct ppw_solve {
    pp_retro *retro;
    pp_trace *trace; /* NULL when no trace was asked for */
    uint32_t nstates;
} ppw_solve;

/* Starts a retrograde solve of game; trace_cap 0: no trace; trace_mask 0:
 * every event kind. NULL with the message in ppw_error(). */
ppw_solve *ppw_solve_start(const pp_retro_game *game, uint32_t trace_cap, uint32_t trace_mask);

#endif
