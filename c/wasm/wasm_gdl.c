/* wasm_gdl.c: the WebAssembly exports (ppw_gdl_*) of games in the Game
 * Description Language: read and check rules, enumerate and solve their
 * state graph, read the graph's arrays, names and trace back.
 * web/src/engine/binding-gdl.js binds each of these once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wasm_internal.h"

/* Reads, checks and grounds rules; NULL with the message in ppw_error(). */
EXPORT pp_gdl *ppw_gdl_parse(const char *text)
{
    pp_gdl *g = NULL;
    ppw_clear_error();
    if (!text) return ppw_fail(PP_ERR_ARG, "no rules text"), NULL;
    if (pp_gdl_parse(text, strlen(text), &g, &ppw_last_error) != PP_OK) return NULL;
    return g;
}

EXPORT void ppw_gdl_free(pp_gdl *g) { pp_gdl_free(g); }

/* The diagnostics into out (max records of PPW_GDL_DIAG_BYTES: line u32,
 * column u32, message of 200 bytes, NUL-terminated); returns how many the
 * rules have (more than max: only max written). */
#define PPW_GDL_DIAG_BYTES 208
EXPORT int ppw_gdl_check(const char *text, uint32_t max_states, pp_gdl_diag *out, uint32_t max)
{
    ppw_clear_error();
    if (!text) return ppw_fail(PP_ERR_ARG, "no rules text"), -1;
    return (int)pp_gdl_check(text, strlen(text), max_states, out, max);
}
EXPORT int ppw_gdl_diag_bytes(void) { return (int)sizeof(pp_gdl_diag); }

EXPORT int ppw_gdl_role_count(const pp_gdl *g) { return pp_gdl_role_count(g); }
EXPORT const char *ppw_gdl_role_name(const pp_gdl *g, int r) { return pp_gdl_role_name(g, r); }
EXPORT uint32_t ppw_gdl_base_count(const pp_gdl *g) { return pp_gdl_base_count(g); }

/* Base proposition i's text, in a buffer valid until the next call. */
EXPORT const char *ppw_gdl_base_name(const pp_gdl *g, uint32_t i)
{
    static char buf[1024];
    pp_gdl_base_name(g, i, buf, sizeof buf);
    return buf;
}

/* Enumerates and solves; trace_cap 0: no trace. NULL with the message. */
EXPORT pp_gdl_graph *ppw_gdl_solve(const pp_gdl *g, uint32_t max_states, uint32_t trace_cap, uint32_t trace_mask)
{
    ppw_clear_error();
    pp_gdl_options o = {max_states, trace_cap, trace_mask};
    pp_gdl_graph *s = NULL;
    if (pp_gdl_solve(g, &o, &s, &ppw_last_error) != PP_OK) return NULL;
    return s;
}

EXPORT void ppw_gdl_graph_free(pp_gdl_graph *s) { pp_gdl_graph_free(s); }

/* Facts by index: 0 kind (0 turns, 1 puzzle), 1 roles, 2 states, 3 terminal
 * states, 4 edges, 5 move labels, 6 words a state, 7 relaxations, 8 solves,
 * 9 ms enumerating, 10 ms solving. */
EXPORT double ppw_gdl_info(const pp_gdl_graph *s, int which)
{
    pp_gdl_view v;
    double e, so;
    if (!s) return 0;
    pp_gdl_graph_view(s, &v);
    pp_gdl_graph_times(s, &e, &so);
    switch (which) {
    case 0: return v.kind;
    case 1: return v.roles;
    case 2: return v.states;
    case 3: return v.terminal_states;
    case 4: return v.edges;
    case 5: return v.moves;
    case 6: return v.words;
    case 7: return (double)v.relaxations;
    case 8: return v.solves;
    case 9: return e;
    case 10: return so;
    default: return 0;
    }
}

/* Arrays by index: 0 depth, 1 offsets (states + 1), 2 targets, 3 move_of,
 * 4 mover (int8), 5 terminal (uint8), 6 outcome (uint8), 7 value,
 * 8 remoteness, 9 goals (states * roles), 10 bits (states * words uint64). */
EXPORT const void *ppw_gdl_array(const pp_gdl_graph *s, int which)
{
    pp_gdl_view v;
    if (!s) return NULL;
    pp_gdl_graph_view(s, &v);
    switch (which) {
    case 0: return v.depth;
    case 1: return v.offsets;
    case 2: return v.targets;
    case 3: return v.move_of;
    case 4: return v.mover;
    case 5: return v.terminal;
    case 6: return v.outcome;
    case 7: return v.value;
    case 8: return v.remoteness;
    case 9: return v.goals;
    case 10: return v.bits;
    default: return NULL;
    }
}

EXPORT const char *ppw_gdl_move_name(const pp_gdl_graph *s, uint32_t i) { return pp_gdl_move_name(s, i); }

EXPORT const int32_t *ppw_gdl_trace(const pp_gdl_graph *s)
{
    const pp_trace *t = pp_gdl_graph_trace(s);
    return t ? pp_trace_records(t) : NULL;
}
EXPORT uint32_t ppw_gdl_trace_count(const pp_gdl_graph *s)
{
    const pp_trace *t = pp_gdl_graph_trace(s);
    return t ? pp_trace_count(t) : 0;
}
EXPORT int ppw_gdl_trace_truncated(const pp_gdl_graph *s)
{
    const pp_trace *t = pp_gdl_graph_trace(s);
    return t ? pp_trace_truncated(t) : 0;
}

/* The solve in steps (pp_gdl_job_*): the page's worker calls a step at a
 * time, for progress and Cancel, and so that V8 optimizes the loops (one
 * long call stays on baseline code). max_mib: the memory budget in MiB (0:
 * the library's); trace_whole_max: see pp_gdl_budget. NULL with the message. */
EXPORT pp_gdl_job *ppw_gdl_job_new(const pp_gdl *g, uint32_t max_states, uint32_t trace_cap, uint32_t trace_mask,
                                   uint32_t max_mib, uint32_t trace_whole_max)
{
    ppw_clear_error();
    pp_gdl_options o = {max_states, trace_cap, trace_mask};
    pp_gdl_budget b = {(uint64_t)max_mib << 20, trace_whole_max};
    pp_gdl_job *j = NULL;
    if (pp_gdl_job_new(g, &o, &b, &j, &ppw_last_error) != PP_OK) return NULL;
    return j;
}

/* One step of at most `budget` units of work: 1 when the solve is done, 0
 * when not, -1 on failure (the message in ppw_error()). */
EXPORT int ppw_gdl_job_step(pp_gdl_job *j, double budget)
{
    ppw_clear_error();
    int done = 0;
    if (pp_gdl_job_step(j, budget < 1 ? 1 : (uint64_t)budget, &done, &ppw_last_error) != PP_OK) return -1;
    return done;
}

/* Progress by index: 0 phase (PP_GDL_PHASE_*), 1 states, 2 expanded,
 * 3 edges, 4 stage, 5 stages, 6 relaxations, 7 decided, 8 ply, 9 bytes,
 * 10 trace mask, 11 traced (1 when a trace is kept). */
EXPORT double ppw_gdl_job_progress(const pp_gdl_job *j, int which)
{
    pp_gdl_progress p;
    pp_gdl_job_progress(j, &p);
    switch (which) {
    case 0: return p.phase;
    case 1: return p.states;
    case 2: return p.expanded;
    case 3: return p.edges;
    case 4: return p.stage;
    case 5: return p.stages;
    case 6: return (double)p.relaxations;
    case 7: return (double)p.decided;
    case 8: return p.ply;
    case 9: return (double)p.bytes;
    case 10: return p.trace_mask;
    case 11: return p.traced;
    default: return 0;
    }
}

/* The solved graph (ppw_gdl_graph_free it); NULL before done. */
EXPORT pp_gdl_graph *ppw_gdl_job_take(pp_gdl_job *j) { return pp_gdl_job_take(j); }
EXPORT void ppw_gdl_job_free(pp_gdl_job *j) { pp_gdl_job_free(j); }

/* ---- the search from one state (pp_gdl_search_*), for games too big to
 * enumerate in the page; run a step of nodes at a time, like the job ---- */

/* root: a state's bits (ppw_gdl_state_words words), 0 for the initial
 * state; max_mib: the table's memory in MiB (0: the library's); algo:
 * PP_GDL_SEARCH_ALPHABETA, _DFPN or _AUTO, with dfpn_nodes for AUTO's df-pn
 * pass (0: the library's), as the command line's. NULL with the message. */
EXPORT pp_gdl_search *ppw_gdl_search_new(pp_gdl *g, const uint64_t *root, uint32_t max_mib, int algo,
                                         uint32_t dfpn_nodes)
{
    ppw_clear_error();
    pp_gdl_search_options o = {.max_bytes = (uint64_t)max_mib << 20, .algo = algo, .dfpn_nodes = dfpn_nodes};
    pp_gdl_search *s = NULL;
    if (pp_gdl_search_new(g, root, &o, &s, &ppw_last_error) != PP_OK) return NULL;
    return s;
}

/* About `nodes` more nodes: 1 when the search is over (solved, or no answer
 * within its depth), 0 when not, -1 on failure (the message in ppw_error()). */
EXPORT int ppw_gdl_search_run(pp_gdl_search *s, double nodes)
{
    ppw_clear_error();
    int done = 0;
    if (pp_gdl_search_run(s, nodes < 1 ? 1 : (uint64_t)nodes, &done, &ppw_last_error) != PP_OK) return -1;
    return done;
}

/* The same search from a new root (the table, killers and history kept):
 * 0, or -1 with the message in ppw_error(). */
EXPORT int ppw_gdl_search_reroot(pp_gdl_search *s, const uint64_t *bits)
{
    ppw_clear_error();
    return pp_gdl_search_reroot(s, bits, &ppw_last_error) == PP_OK ? 0 : -1;
}

/* The result by index: 0 kind (0 turns, 1 puzzle), 1 solved, 2 lo, 3 hi
 * (the outcome's proven bounds: 0 second wins, 1 draw, 2 first wins),
 * 4 outcome (PP_WIN0, PP_WIN1, PP_DRAW), 5 goal, 6 moves, 7 goal tried,
 * 8 depth, 9 nodes, 10 table entries, 11 table capacity, 12 ms, 13 the
 * principal line's length, 14 which search proved the last bound
 * (PP_GDL_SEARCH_ALPHABETA or _DFPN), 15 the rules' symmetries the table
 * used (1: none). */
EXPORT double ppw_gdl_search_get(const pp_gdl_search *s, int which)
{
    pp_gdl_search_result r;
    pp_gdl_search_get(s, &r);
    switch (which) {
    case 0: return r.kind;
    case 1: return r.solved;
    case 2: return r.lo;
    case 3: return r.hi;
    case 4: return r.outcome;
    case 5: return r.goal;
    case 6: return r.moves;
    case 7: return r.goal_tried;
    case 8: return r.depth;
    case 9: return (double)r.nodes;
    case 10: return (double)r.tt_entries;
    case 11: return (double)r.tt_capacity;
    case 12: return r.ms;
    case 13: return r.pv_len;
    case 14: return r.answered_by;
    case 15: return r.symmetries;
    default: return 0;
    }
}

/* The principal line's move i as text, in a buffer valid until the next
 * call; its role by ppw_gdl_search_move_role. */
EXPORT const char *ppw_gdl_search_move(const pp_gdl_search *s, uint32_t i)
{
    static char buf[1024];
    pp_gdl_search_move(s, i, NULL, buf, sizeof buf);
    return buf;
}
EXPORT int ppw_gdl_search_move_role(const pp_gdl_search *s, uint32_t i)
{
    char buf[8];
    int role = -1;
    pp_gdl_search_move(s, i, &role, buf, sizeof buf);
    return role;
}
EXPORT void ppw_gdl_search_free(pp_gdl_search *s) { pp_gdl_search_free(s); }

/* ---- one state played by hand (pp_gdl_turn_*): states are arrays of
 * ppw_gdl_state_words uint64 words the caller allocates ---- */

EXPORT uint32_t ppw_gdl_state_words(const pp_gdl *g) { return pp_gdl_state_words(g); }
EXPORT int ppw_gdl_init_state(const pp_gdl *g, uint64_t *out) { return pp_gdl_init_state(g, out) == PP_OK ? 0 : -1; }

/* The turn by index: 0 terminal, 1 mover, 2 legal moves, 3 and 4 the two
 * roles' goals at a terminal (-1: none); -2 with the message on failure. */
EXPORT int ppw_gdl_turn(pp_gdl *g, const uint64_t *bits, int which)
{
    ppw_clear_error();
    pp_gdl_turn t;
    if (pp_gdl_turn_of(g, bits, &t, &ppw_last_error) != PP_OK) return -2;
    switch (which) {
    case 0: return t.terminal;
    case 1: return t.mover;
    case 2: return (int)t.moves;
    case 3: return t.goals[0];
    case 4: return t.goals[1];
    default: return 0;
    }
}

/* The mover's legal move i as text, in a buffer valid until the next call. */
EXPORT const char *ppw_gdl_turn_move(pp_gdl *g, const uint64_t *bits, uint32_t i)
{
    static char buf[1024];
    pp_gdl_turn_move(g, bits, i, buf, sizeof buf);
    return buf;
}

/* The state after legal move i into out: 0, or -1 with the message. */
EXPORT int ppw_gdl_turn_play(pp_gdl *g, const uint64_t *bits, uint32_t i, uint64_t *out)
{
    ppw_clear_error();
    return pp_gdl_turn_play(g, bits, i, out, &ppw_last_error) == PP_OK ? 0 : -1;
}
