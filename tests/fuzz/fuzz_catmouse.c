/* fuzz_catmouse.c: libFuzzer target for the input parser and the solver.
 *
 * Any bytes go through pp_catmouse_parse. When they parse into a small graph,
 * the graph is solved with a trace in uneven batches and checked: every
 * decided state's cause justifies it, the trace's decisions match the
 * solver's count, and a second solve without a trace gives the same outcomes.
 * Errors must come with a message. Run: ./build.sh fuzz [seconds]. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perfect_play.h"

#define CHECK(c)                                                                                                       \
    do {                                                                                                               \
        if (!(c)) {                                                                                                    \
            fprintf(stderr, "check failed: %s\n", #c);                                                                 \
            abort();                                                                                                   \
        }                                                                                                              \
    } while (0)

static pp_retro *solve(const pp_catmouse *g, pp_trace *t, uint64_t budget)
{
    pp_retro *r = NULL;
    CHECK(pp_retro_new(pp_catmouse_retro(g), t, &r, NULL) == PP_OK);
    int done = 0;
    while (!done) CHECK(pp_retro_run(r, budget, &done) == PP_OK);
    return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pp_error err = {PP_OK, ""};
    pp_catmouse *g = NULL;
    pp_status st = pp_catmouse_parse((const char *)data, size, &g, &err);
    if (st != PP_OK) {
        CHECK(g == NULL);
        CHECK(err.code == st && err.msg[0] != '\0');
        return 0;
    }
    CHECK(g != NULL);
    if (pp_catmouse_nodes(g) <= 40) {
        pp_trace *t = NULL;
        CHECK(pp_trace_new(4096, &t, NULL) == PP_OK);
        pp_retro *a = solve(g, t, 1 + size % 7);
        pp_retro *b = solve(g, NULL, UINT64_MAX);
        uint32_t ns = pp_retro_nstates(a);
        CHECK(memcmp(pp_retro_outcomes(a), pp_retro_outcomes(b), ns) == 0);
        CHECK(memcmp(pp_retro_remoteness(a), pp_retro_remoteness(b), ns * sizeof(int32_t)) == 0);
        const uint8_t *o = pp_retro_outcomes(a);
        const int32_t *rem = pp_retro_remoteness(a), *cause = pp_retro_cause(a);
        for (uint32_t s = 0; s < ns; s++) {
            if (o[s] == PP_WIN0 || o[s] == PP_WIN1) {
                CHECK(rem[s] >= 0);
                if (rem[s] > 0) CHECK(cause[s] >= 0 && o[cause[s]] == o[s] && rem[cause[s]] == rem[s] - 1);
            } else {
                CHECK(rem[s] == -1 && cause[s] == -1);
            }
        }
        if (!pp_trace_truncated(t)) {
            pp_retro_stats stats;
            pp_retro_get_stats(a, &stats);
            uint64_t decisions = 0;
            for (uint32_t i = 0; i < pp_trace_count(t); i++) {
                int k = pp_event_kind_of(pp_trace_records(t) + (size_t)i * PP_TRACE_WORDS);
                decisions += k == PP_EV_SEED || k == PP_EV_COLOR;
            }
            CHECK(decisions == stats.decided);
        }
        pp_retro_free(a);
        pp_retro_free(b);
        pp_trace_free(t);
    }
    pp_catmouse_free(g);
    return 0;
}
