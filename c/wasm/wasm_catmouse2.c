/* wasm_catmouse2.c: the WebAssembly exports (ppw_cm2_*) of Cat and Mouse II
 * (LeetCode 1728): parse a board, read it back, solve it with the shared
 * retrograde solve handle (ppw_solve: ppw_retro_run, ppw_retro_outcomes ...
 * in wasm_retro.c work on it unchanged), and LeetCode's answer with its
 * 1000-turn rule. web/src/engine/binding-cm2.js binds each of these once.
 */
#include <stdlib.h>
#include <string.h>

#include "wasm_internal.h"

/* Parses LeetCode text (`grid = [...], catJump = 1, mouseJump = 2` or the
 * bare values). NULL with the message in ppw_error(). */
EXPORT pp_catmouse2 *ppw_cm2_parse(const char *text)
{
    pp_catmouse2 *g = NULL;
    ppw_clear_error();
    if (!text) return ppw_fail(PP_ERR_ARG, "no input text"), NULL;
    if (pp_catmouse2_parse(text, strlen(text), &g, &ppw_last_error) != PP_OK) return NULL;
    return g;
}

EXPORT void ppw_cm2_free(pp_catmouse2 *g) { pp_catmouse2_free(g); }

/* Facts by index: 0 rows, 1 cols, 2 catJump, 3 mouseJump, 4 the mouse's
 * start cell, 5 the cat's, 6 the food's, 7 the start state, 8 states. */
EXPORT double ppw_cm2_info(const pp_catmouse2 *g, int which)
{
    if (!g) return 0;
    switch (which) {
    case 0: return pp_catmouse2_rows(g);
    case 1: return pp_catmouse2_cols(g);
    case 2: return pp_catmouse2_cat_jump(g);
    case 3: return pp_catmouse2_mouse_jump(g);
    case 4: return pp_catmouse2_mouse_start(g);
    case 5: return pp_catmouse2_cat_start(g);
    case 6: return pp_catmouse2_food(g);
    case 7: return pp_catmouse2_start(g);
    case 8: return pp_catmouse2_retro(g)->nstates;
    default: return 0;
    }
}

/* The input's character at (row, col): '#', '.', 'C', 'M', 'F'; 0 outside. */
EXPORT int ppw_cm2_cell(const pp_catmouse2 *g, int row, int col) { return pp_catmouse2_cell(g, row, col); }

/* Per state into out (nstates int32s): its number of moves when inner (the
 * retrograde counter's start), 0 when terminal, -1 when invalid (a wall). */
EXPORT int ppw_cm2_kinds(const pp_catmouse2 *g, int32_t *out)
{
    ppw_clear_error();
    if (!g || !out) return ppw_fail(PP_ERR_ARG, "no board"), -1;
    const pp_retro_game *game = pp_catmouse2_retro(g);
    for (uint32_t s = 0; s < game->nstates; s++) {
        pp_state_info info;
        game->info(game->ctx, s, &info);
        out[s] = info.kind == PP_STATE_INVALID ? -1 : info.kind == PP_STATE_TERMINAL ? 0 : (int32_t)info.moves;
    }
    return (int)game->nstates;
}

/* The states one move from `state` into out (room for ppw_cm2_max_moves
 * entries), staying put first; 0 from terminal and invalid states, -1 for a
 * state out of range. */
EXPORT int ppw_cm2_children(const pp_catmouse2 *g, uint32_t state, uint32_t *out)
{
    ppw_clear_error();
    if (!g || !out) return ppw_fail(PP_ERR_ARG, "no board"), -1;
    const pp_retro_game *game = pp_catmouse2_retro(g);
    if (state >= game->nstates) return ppw_fail(PP_ERR_ARG, "no such state"), -1;
    return (int)game->children(game->ctx, state, out);
}

EXPORT int ppw_cm2_max_moves(const pp_catmouse2 *g) { return g ? (int)pp_catmouse2_retro(g)->max_moves : 0; }

/* A retrograde solve of the board, stepped with ppw_retro_run and read with
 * the other ppw_retro_* exports; the board must outlive it. */
EXPORT ppw_solve *ppw_retro_new_catmouse2(const pp_catmouse2 *g, uint32_t trace_cap, uint32_t trace_mask)
{
    ppw_clear_error();
    if (!g) return ppw_fail(PP_ERR_ARG, "no board"), NULL;
    return ppw_solve_start(pp_catmouse2_retro(g), trace_cap, trace_mask);
}

/* LeetCode's answer from a finished solve of g: 1 the mouse wins within
 * 1000 turns, 0 not, -1 when s is not a finished solve of g. */
EXPORT int ppw_cm2_answer(const pp_catmouse2 *g, const ppw_solve *s)
{
    ppw_clear_error();
    if (!g || !s) return ppw_fail(PP_ERR_ARG, "no board or no solve"), -1;
    int a = pp_catmouse2_answer(g, s->retro);
    if (a < 0) ppw_fail(PP_ERR_ARG, "the solve is not a finished solve of this board");
    return a;
}
