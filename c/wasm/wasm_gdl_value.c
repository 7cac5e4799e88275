/* wasm_gdl_value.c: the WebAssembly exports (ppw_gdl_values_*) of every GDL
 * game's security values (pp_gdl_values_*): games the turn-taking solve
 * refuses for their kind, simultaneous moves or three roles or more.
 * web/src/engine/binding-gdl.js binds each of these once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wasm_internal.h"

/* The solve in steps (pp_gdl_values_new, then ppw_gdl_values_step until
 * done): the values to step; max_mib the memory budget in MiB (0: the
 * library's). NULL with the message in ppw_error(). */
EXPORT pp_gdl_values *ppw_gdl_values_new(pp_gdl *g, uint32_t max_states, uint32_t max_mib)
{
    ppw_clear_error();
    pp_gdl_value_options o = {.max_states = max_states, .max_bytes = (uint64_t)max_mib << 20};
    pp_gdl_values *v = NULL;
    if (pp_gdl_values_new(g, &o, &v, &ppw_last_error) != PP_OK) return NULL;
    return v;
}

/* One step of at most budget units (pp_gdl_values_step): 1 done, 0 not
 * yet, -1 with the message in ppw_error(). */
EXPORT int ppw_gdl_values_step(pp_gdl_values *v, double budget)
{
    ppw_clear_error();
    int done = 0;
    if (pp_gdl_values_step(v, budget > 0 ? (uint64_t)budget : 1, &done, &ppw_last_error) != PP_OK) return -1;
    return done;
}

/* Progress by index: 0 phase (PP_GDL_VALUES_*), 1 states, 2 expanded,
 * 3 joint moves, 4 valued, 5 linear programs. */
EXPORT double ppw_gdl_values_progress(const pp_gdl_values *v, int which)
{
    pp_gdl_values_progress p;
    pp_gdl_values_get_progress(v, &p);
    switch (which) {
    case 0: return p.phase;
    case 1: return p.states;
    case 2: return p.expanded;
    case 3: return (double)p.joint_moves;
    case 4: return p.valued;
    case 5: return (double)p.linear_programs;
    default: return 0;
    }
}

/* The backward induction's order into out (states int32: the k-th state
 * valued, each after its successors; pp_gdl_values_order). */
EXPORT void ppw_gdl_values_order(const pp_gdl_values *v, int32_t *out)
{
    pp_gdl_values_info in;
    pp_gdl_values_get(v, &in);
    for (uint32_t k = 0; k < in.states; k++) out[k] = (int32_t)pp_gdl_values_order(v, k);
}

EXPORT void ppw_gdl_values_free(pp_gdl_values *v) { pp_gdl_values_free(v); }

/* Facts by index: 0 kind (0 turns, 1 puzzle, 2 simultaneous), 1 roles,
 * 2 states, 3 terminal states, 4 joint moves, 5 matrix games, 6 saddles,
 * 7 pivots, 8 has max^n, 9 ms enumerating, 10 ms solving, 11 linear
 * programs. */
EXPORT double ppw_gdl_values_info(const pp_gdl_values *v, int which)
{
    pp_gdl_values_info in;
    pp_gdl_values_get(v, &in);
    switch (which) {
    case 0: return in.kind;
    case 1: return in.roles;
    case 2: return in.states;
    case 3: return in.terminal_states;
    case 4: return (double)in.joint_moves;
    case 5: return (double)in.matrix_games;
    case 6: return (double)in.saddles;
    case 7: return (double)in.pivots;
    case 8: return in.has_maxn;
    case 9: return in.enumerate_ms;
    case 10: return in.solve_ms;
    case 11: return (double)in.linear_programs;
    default: return 0;
    }
}

/* Every state's values, states * roles of each, state-major: sec as
 * numerator and denominator pairs (int64), maxn the max^n goals (-1
 * without max^n), legal each role's legal moves (0 at a terminal). */
EXPORT void ppw_gdl_values_fill(const pp_gdl_values *v, int64_t *sec, int32_t *maxn, int32_t *legal)
{
    pp_gdl_values_info in;
    pp_gdl_values_get(v, &in);
    for (uint32_t x = 0; x < in.states; x++)
        for (int r = 0; r < in.roles; r++) {
            size_t k = (size_t)x * in.roles + r;
            pp_frac f = pp_gdl_values_security(v, x, r);
            sec[2 * k] = f.num, sec[2 * k + 1] = f.den;
            maxn[k] = pp_gdl_values_maxn(v, x, r);
            legal[k] = (int32_t)pp_gdl_values_legal(v, x, r);
        }
}

/* Role's legal move i at a state as text, in a buffer valid until the next
 * call ("" past the moves). */
EXPORT const char *ppw_gdl_values_move(const pp_gdl_values *v, uint32_t state, int role, uint32_t i)
{
    static char buf[1024];
    if (pp_gdl_values_move_name(v, state, role, i, buf, sizeof buf) < 0) buf[0] = '\0';
    return buf;
}

/* The successor of joint move e at a state (-1 past its joint moves). */
EXPORT int ppw_gdl_values_successor(const pp_gdl_values *v, uint32_t state, uint32_t e)
{
    uint32_t s = pp_gdl_values_successor(v, state, e);
    return s == UINT32_MAX ? -1 : (int)s;
}

/* Role's matrix game at a state (pp_gdl_values_matrix): entries into a
 * (rows x cols pp_frac, 16 bytes each), the strategies into row and col,
 * the value into value. 0, or -1 with the message in ppw_error(). */
EXPORT int ppw_gdl_values_matrix(const pp_gdl_values *v, uint32_t state, int role, pp_frac *a, pp_frac *row,
                                 pp_frac *col, pp_frac *value)
{
    ppw_clear_error();
    return pp_gdl_values_matrix(v, state, role, a, row, col, value, &ppw_last_error) == PP_OK ? 0 : -1;
}

/* The graph of joint moves for drawing: offsets (states + 1) and targets
 * (one per joint move, in joint-move order; a successor reached by several
 * joint moves is listed once each). */
EXPORT void ppw_gdl_values_edges(const pp_gdl_values *v, int32_t *offsets, int32_t *targets)
{
    pp_gdl_values_info in;
    pp_gdl_values_get(v, &in);
    int32_t at = 0;
    for (uint32_t x = 0; x < in.states; x++) {
        offsets[x] = at;
        for (uint32_t e = 0;; e++) {
            uint32_t s = pp_gdl_values_successor(v, x, e);
            if (s == UINT32_MAX) break;
            targets[at++] = (int32_t)s;
        }
    }
    offsets[in.states] = at;
}
