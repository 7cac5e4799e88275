/* wasm_retro.c: the WebAssembly exports every retrograde game shares: a
 * solve handle (ppw_solve) started by a game's own export
 * (ppw_retro_new_catmouse in wasm_catmouse.c, ppw_retro_new_catmouse2 in
 * wasm_catmouse2.c) through ppw_solve_start, run in batches and read with
 * the ppw_retro_* accessors below. Errors as in wasm_api.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wasm_internal.h"

#define last_error ppw_last_error
#define clear_error ppw_clear_error

/* ---- A retrograde solve, with its trace ---- */

ppw_solve *ppw_solve_start(const pp_retro_game *game, uint32_t trace_cap, uint32_t trace_mask)
{
    ppw_solve *s = calloc(1, sizeof *s);
    if (!s) {
        last_error.code = PP_ERR_NOMEM;
        strcpy(last_error.msg, "out of memory");
        return NULL;
    }
    s->nstates = game->nstates;
    if (trace_cap > 0 && pp_trace_new(trace_cap, &s->trace, &last_error) == PP_OK)
        pp_trace_set_filter(s->trace, trace_mask);
    if ((trace_cap > 0 && !s->trace) || pp_retro_new(game, s->trace, &s->retro, &last_error) != PP_OK) {
        pp_trace_free(s->trace);
        free(s);
        return NULL;
    }
    return s;
}

/* 1 when done, 0 when there is more work, -1 on error. */
EXPORT int ppw_retro_run(ppw_solve *s, double budget)
{
    int done = 0;
    clear_error();
    if (!s) {
        last_error.code = PP_ERR_ARG;
        strcpy(last_error.msg, "no solve in progress");
        return -1;
    }
    if (pp_retro_run(s->retro, budget < 1 ? 1 : (uint64_t)budget, &done) != PP_OK) return -1;
    return done;
}

EXPORT void ppw_retro_free(ppw_solve *s)
{
    if (!s) return;
    pp_retro_free(s->retro);
    pp_trace_free(s->trace);
    free(s);
}

EXPORT uint32_t ppw_retro_nstates(const ppw_solve *s) { return s ? s->nstates : 0; }
EXPORT const uint8_t *ppw_retro_outcomes(const ppw_solve *s) { return s ? pp_retro_outcomes(s->retro) : NULL; }
EXPORT const int32_t *ppw_retro_remoteness(const ppw_solve *s) { return s ? pp_retro_remoteness(s->retro) : NULL; }
EXPORT const int32_t *ppw_retro_cause(const ppw_solve *s) { return s ? pp_retro_cause(s->retro) : NULL; }
EXPORT uint32_t ppw_retro_degree(const ppw_solve *s, uint32_t state)
{
    return s ? pp_retro_degree(s->retro, state) : 0;
}

/* Statistics by index: 0 states, 1 seeds, 2 pops, 3 relaxations, 4 decided,
 * 5 wins of player 0, 6 wins of player 1, 7 draws, 8 queue peak. */
EXPORT double ppw_retro_stat(const ppw_solve *s, int which)
{
    pp_retro_stats st;
    if (!s) return 0;
    pp_retro_get_stats(s->retro, &st);
    switch (which) {
    case 0: return (double)st.states;
    case 1: return (double)st.seeds;
    case 2: return (double)st.pops;
    case 3: return (double)st.relaxations;
    case 4: return (double)st.decided;
    case 5: return (double)st.wins[0];
    case 6: return (double)st.wins[1];
    case 7: return (double)st.draws;
    case 8: return (double)st.queue_peak;
    default: return 0;
    }
}

EXPORT const int32_t *ppw_retro_trace(const ppw_solve *s) { return s && s->trace ? pp_trace_records(s->trace) : NULL; }
EXPORT uint32_t ppw_retro_trace_count(const ppw_solve *s) { return s && s->trace ? pp_trace_count(s->trace) : 0; }
EXPORT int ppw_retro_trace_truncated(const ppw_solve *s) { return s && s->trace ? pp_trace_truncated(s->trace) : 0; }

/* The layer the solve is on (pp_retro_ply), for progress. */
EXPORT uint32_t ppw_retro_ply(const ppw_solve *s) { return s ? pp_retro_ply(s->retro) : 0; }
