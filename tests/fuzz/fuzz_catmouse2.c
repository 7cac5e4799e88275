/* fuzz_catmouse2.c: libFuzzer target for Cat and Mouse II (LeetCode 1728).
 *
 * Any bytes go through pp_catmouse2_parse. Errors must come with a message.
 * A board that parses is solved with a trace in uneven batches and checked:
 * a second solve without a trace gives the same outcomes and remoteness,
 * every decided state's cause justifies it, and every state agrees with the
 * independent fixpoint solver of the C tests (tests/c/ref_catmouse2.c).
 * The reference solver's source is included (a target is one file with the
 * library). Run: ./build.sh fuzz [seconds]. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../c/ref_catmouse2.c" /* tests/c/: the reference solver */
#include "perfect_play.h"

#define CHECK(c)                                                                                                       \
    do {                                                                                                               \
        if (!(c)) {                                                                                                    \
            fprintf(stderr, "check failed: %s\n", #c);                                                                 \
            abort();                                                                                                   \
        }                                                                                                              \
    } while (0)

static pp_retro *solve(const pp_catmouse2 *g, pp_trace *t, uint64_t budget)
{
    pp_retro *r = NULL;
    CHECK(pp_retro_new(pp_catmouse2_retro(g), t, &r, NULL) == PP_OK);
    int done = 0;
    while (!done) CHECK(pp_retro_run(r, budget, &done) == PP_OK);
    return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pp_error err = {PP_OK, ""};
    pp_catmouse2 *g = NULL;
    pp_status st = pp_catmouse2_parse((const char *)data, size, &g, &err);
    if (st != PP_OK) {
        CHECK(g == NULL);
        CHECK(err.code == st && err.msg[0] != '\0' && strchr(err.msg, '\n') == NULL);
        return 0;
    }
    pp_trace *t = NULL;
    CHECK(pp_trace_new(4096, &t, NULL) == PP_OK);
    pp_retro *a = solve(g, t, 1 + size % 7), *b = solve(g, NULL, UINT64_MAX);
    uint32_t ns = pp_retro_nstates(a);
    const uint8_t *o = pp_retro_outcomes(a);
    const int32_t *rem = pp_retro_remoteness(a), *cause = pp_retro_cause(a);
    CHECK(memcmp(o, pp_retro_outcomes(b), ns) == 0);
    CHECK(memcmp(rem, pp_retro_remoteness(b), ns * sizeof(int32_t)) == 0);
    for (uint32_t s = 0; s < ns; s++) {
        if (o[s] == PP_WIN0 || o[s] == PP_WIN1) {
            CHECK(rem[s] >= 0 && rem[s] <= PP_CATMOUSE2_MAX_TURNS);
            if (rem[s] > 0) CHECK(cause[s] >= 0 && o[cause[s]] == o[s] && rem[cause[s]] == rem[s] - 1);
        } else {
            CHECK(rem[s] == -1 && cause[s] == -1);
        }
    }
    /* The independent solver, straight on the grid. */
    int rows = pp_catmouse2_rows(g), cols = pp_catmouse2_cols(g), P = rows * cols;
    char cells[64];
    for (int p = 0; p < P; p++) cells[p] = (char)pp_catmouse2_cell(g, p / cols, p % cols);
    uint8_t *ro = malloc(ns);
    int32_t *rr = malloc(ns * sizeof *rr);
    CHECK(ro && rr);
    ref_catmouse2(rows, cols, cells, pp_catmouse2_cat_jump(g), pp_catmouse2_mouse_jump(g), ro, rr);
    for (int m = 0; m < P; m++)
        for (int c = 0; c < P; c++)
            for (int turn = 0; turn < 2; turn++) {
                uint32_t s = pp_catmouse2_state(g, m, c, turn);
                CHECK(o[s] == ro[REF2_ID(P, m, c, turn)] && rem[s] == rr[REF2_ID(P, m, c, turn)]);
            }
    uint32_t start = pp_catmouse2_start(g);
    CHECK(pp_catmouse2_answer(g, a) == (o[start] == PP_WIN0));
    free(ro);
    free(rr);
    pp_retro_free(a);
    pp_retro_free(b);
    pp_trace_free(t);
    pp_catmouse2_free(g);
    return 0;
}
