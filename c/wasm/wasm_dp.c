/* wasm_dp.c: the WebAssembly exports (ppw_dp_*) of the DP pillar (the stone
 * games and friends): parse a problem's LeetCode input, solve it with one
 * of its algorithms into a trace, and hand back the table, the answer, the
 * statistics and the optimal play. web/src/engine/binding-dp.js binds each
 * of these once.
 *
 * 64-bit numbers cross as doubles: every value the DP tables hold is at most
 * PP_DP_MAX_VALUE * PP_DP_MAX_STONE6 (about 10^14) in size, well inside a
 * double's exact integers (2^53). ppw_f64_of_i64 converts a whole column in
 * one call instead of one call per cell.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wasm_internal.h"

/* Words per replayed move in ppw_dp_replay_f64: player, cell, move, next, gain. */
#define REPLAY_WORDS 5

typedef struct ppw_dp {
    pp_dp *d;
    pp_trace *trace; /* NULL when no trace was asked for */
    double *replay;  /* REPLAY_WORDS per move, made on first ask */
    char text[64];   /* the answer as LeetCode prints it, a cell's name */
} ppw_dp;

/* Parses `text` as an instance of `problem` (pp_dp_problem's numbers).
 * NULL with the message in ppw_error(). */
EXPORT pp_dp_input *ppw_dp_parse(int problem, const char *text)
{
    pp_dp_input *in = NULL;
    ppw_clear_error();
    if (!text) return ppw_fail(PP_ERR_ARG, "no input text"), NULL;
    if (problem < 0 || problem >= PP_DP_PROBLEMS) return ppw_fail(PP_ERR_ARG, "no such DP problem"), NULL;
    if (pp_dp_parse((pp_dp_problem)problem, text, strlen(text), &in, &ppw_last_error) != PP_OK) return NULL;
    return in;
}

EXPORT void ppw_dp_input_free(pp_dp_input *in) { pp_dp_input_free(in); }
EXPORT uint32_t ppw_dp_input_count(const pp_dp_input *in) { return in ? pp_dp_input_count(in) : 0; }
/* A list's entries (which 1: 1686's bobValues); NULL for none. */
EXPORT const int64_t *ppw_dp_input_values(const pp_dp_input *in, int which)
{
    return in ? pp_dp_input_values(in, which) : NULL;
}
/* A number problem's integers: n, or maxChoosableInteger (0) and desiredTotal (1). */
EXPORT double ppw_dp_input_number(const pp_dp_input *in, int which)
{
    return in ? (double)pp_dp_input_number(in, which) : 0;
}

EXPORT int ppw_dp_has_algo(int problem, int algo)
{
    if (problem < 0 || problem >= PP_DP_PROBLEMS || algo < 0 || algo >= PP_DP_ALGOS) return 0;
    return pp_dp_has_algo((pp_dp_problem)problem, (pp_dp_algo)algo);
}

/* The documented limits, for the page to state: 0 |value|, 1 877/486/1690,
 * 2 1140, 3 1406, 4 1510's n, 5 1563, 6 1686, 7 1686 exhaustive, 8 292's n,
 * 9 292's table, 10 464's maxChoosableInteger, 11 464's desiredTotal. */
EXPORT double ppw_dp_limit(int which)
{
    static const double limits[] = {PP_DP_MAX_VALUE,   PP_DP_MAX_ENDS,      PP_DP_MAX_STONE2,    PP_DP_MAX_STONE3,
                                    PP_DP_MAX_SQUARES, PP_DP_MAX_SPLIT,     PP_DP_MAX_STONE6,    PP_DP_MAX_EXHAUSTIVE,
                                    PP_DP_NIM_MAX,     PP_DP_NIM_TABLE_MAX, PP_DP_MAX_CHOOSABLE, PP_DP_MAX_DESIRED};
    return which >= 0 && which < (int)(sizeof limits / sizeof limits[0]) ? limits[which] : 0;
}

EXPORT void ppw_dp_free(ppw_dp *h)
{
    if (!h) return;
    pp_dp_free(h->d);
    pp_trace_free(h->trace);
    free(h->replay);
    free(h);
}

/* Solves the instance by `algo` (pp_dp_algo's numbers), recording at most
 * trace_cap events (0: no trace) of the kinds in trace_mask (0: all; the
 * coarse trace is 1 << PP_EV_DP_CELL). The input may be freed afterwards. */
EXPORT ppw_dp *ppw_dp_solve(const pp_dp_input *in, int algo, uint32_t trace_cap, uint32_t trace_mask)
{
    ppw_clear_error();
    if (!in) return ppw_fail(PP_ERR_ARG, "no input"), NULL;
    if (algo < 0 || algo >= PP_DP_ALGOS) return ppw_fail(PP_ERR_ARG, "no such DP algorithm"), NULL;
    ppw_dp *h = calloc(1, sizeof *h);
    if (!h) return ppw_fail(PP_ERR_NOMEM, "out of memory"), NULL;
    if (trace_cap > 0) {
        if (pp_trace_new(trace_cap, &h->trace, &ppw_last_error) != PP_OK) {
            ppw_dp_free(h);
            return NULL;
        }
        pp_trace_set_filter(h->trace, trace_mask);
    }
    if (pp_dp_solve(in, (pp_dp_algo)algo, h->trace, &h->d, &ppw_last_error) != PP_OK) {
        ppw_dp_free(h);
        return NULL;
    }
    return h;
}

/* Facts by index: 0 answer (pp_dp_answer), 1 Nim by its period, 2 rows,
 * 3 cols, 4 replay moves, 5 Alice's score, 6 Bob's, 7 a second table (the
 * pair forms), then the statistics: 8 nodes (cells), 9 reads, 10 choices,
 * 11 calls, 12 memo hits, 13 marks. */
EXPORT double ppw_dp_get(const ppw_dp *h, int which)
{
    if (!h) return 0;
    const pp_dp *d = h->d;
    pp_dp_stats st;
    int64_t scores[2];
    switch (which) {
    case 0: return (double)pp_dp_answer(d);
    case 1: return pp_dp_by_period(d);
    case 2: return pp_dp_rows(d);
    case 3: return pp_dp_cols(d);
    case 4: return pp_dp_replay_count(d);
    case 5:
    case 6: pp_dp_scores(d, scores); return (double)scores[which - 5];
    case 7: return pp_dp_seconds(d) != NULL;
    default: break;
    }
    pp_dp_get_stats(d, &st);
    switch (which) {
    case 8: return (double)st.nodes;
    case 9: return (double)st.reads;
    case 10: return (double)st.choices;
    case 11: return (double)st.calls;
    case 12: return (double)st.memo_hits;
    case 13: return (double)st.marks;
    default: return 0;
    }
}

/* The answer as LeetCode prints it: true, 10, "Alice". */
EXPORT const char *ppw_dp_answer_text(ppw_dp *h)
{
    if (!h) return "";
    pp_dp_format_answer(h->d, h->text, sizeof h->text);
    return h->text;
}

/* A cell's name as the traces write it: "(1,3)", "(5)", "{1,3}". */
EXPORT const char *ppw_dp_describe(ppw_dp *h, int32_t cell)
{
    if (!h) return "";
    pp_dp_describe(h->d, cell, h->text, sizeof h->text);
    return h->text;
}

/* rows * cols entries each; seconds is NULL but for the pair forms. */
EXPORT const int64_t *ppw_dp_values(const ppw_dp *h) { return h ? pp_dp_values(h->d) : NULL; }
EXPORT const int64_t *ppw_dp_seconds(const ppw_dp *h) { return h ? pp_dp_seconds(h->d) : NULL; }
EXPORT const int32_t *ppw_dp_choices(const ppw_dp *h) { return h ? pp_dp_choices(h->d) : NULL; }
EXPORT const uint8_t *ppw_dp_done(const ppw_dp *h) { return h ? pp_dp_done(h->d) : NULL; }

/* The optimal play, REPLAY_WORDS doubles per move (player, cell, move, next,
 * gain); owned by the handle. NULL with a message when memory runs out. */
EXPORT const double *ppw_dp_replay_f64(ppw_dp *h)
{
    ppw_clear_error();
    if (!h) return ppw_fail(PP_ERR_ARG, "no solve"), NULL;
    uint32_t n = pp_dp_replay_count(h->d);
    if (h->replay || n == 0) return h->replay;
    h->replay = malloc(sizeof *h->replay * REPLAY_WORDS * n);
    if (!h->replay) return ppw_fail(PP_ERR_NOMEM, "out of memory for the replay"), NULL;
    const pp_dp_move *m = pp_dp_replay(h->d);
    for (uint32_t i = 0; i < n; i++) {
        double *w = h->replay + (size_t)REPLAY_WORDS * i;
        w[0] = m[i].player;
        w[1] = m[i].cell;
        w[2] = m[i].move;
        w[3] = m[i].next;
        w[4] = (double)m[i].gain;
    }
    return h->replay;
}

EXPORT const int32_t *ppw_dp_trace(const ppw_dp *h) { return h && h->trace ? pp_trace_records(h->trace) : NULL; }
EXPORT uint32_t ppw_dp_trace_count(const ppw_dp *h) { return h && h->trace ? pp_trace_count(h->trace) : 0; }
EXPORT int ppw_dp_trace_truncated(const ppw_dp *h) { return h && h->trace ? pp_trace_truncated(h->trace) : 0; }

/* n int64 values as a new array of doubles (the caller frees it); NULL
 * with a message when memory runs out. */
EXPORT double *ppw_f64_of_i64(const int64_t *src, uint32_t n)
{
    ppw_clear_error();
    double *out = malloc(sizeof *out * (n ? n : 1));
    if (!out) return ppw_fail(PP_ERR_NOMEM, "out of memory for a table"), NULL;
    for (uint32_t i = 0; i < n; i++) out[i] = (double)src[i];
    return out;
}
