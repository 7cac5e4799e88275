/* test_trace.c: the event trace: golden log, cap and truncation, file format. */
#include <stdlib.h>

#include "../../c/perfect_play.h"
#include "golden.h"
#include "harness.h"

#define GOLDEN "tests/c/golden/catmouse_example2.txt"

static pp_catmouse *example2(void)
{
    const char *t = "[[1,3],[0],[3],[0,2]]";
    pp_catmouse *g = NULL;
    pp_catmouse_parse(t, strlen(t), &g, NULL);
    return g;
}

static pp_trace *traced_solve(const pp_catmouse *g, uint32_t cap, pp_retro **out)
{
    pp_trace *t = NULL;
    pp_retro *r = NULL;
    int done = 0;
    pp_trace_new(cap, &t, NULL);
    pp_retro_new(pp_catmouse_retro(g), t, &r, NULL);
    while (r && !done) pp_retro_run(r, 3, &done);
    *out = r;
    return t;
}

/* The solver's events on LeetCode 913 example 2, event by event, against a
 * checked-in log (its text form, as `perfect-play --trace x.txt` writes it). */
static void golden_trace_of_example_2(void)
{
    pp_catmouse *g = example2();
    pp_retro *r = NULL;
    pp_trace *t = traced_solve(g, 1000, &r);
    CHECK_EQ_INT(golden_mismatches(GOLDEN, t, pp_catmouse_retro(g)), 0);
    CHECK(!pp_trace_truncated(t));
    pp_retro_free(r);
    pp_trace_free(t);
    pp_catmouse_free(g);
}

static void every_event_has_its_step(void)
{
    pp_catmouse *g = NULL;
    pp_catmouse_random(9, 3, 5, &g, NULL);
    pp_retro *r = NULL;
    pp_trace *t = traced_solve(g, 100000, &r);
    int bad = 0, colors4 = 0, colors6 = 0;
    for (uint32_t i = 0; i < pp_trace_count(t); i++) {
        const int32_t *rec = pp_trace_records(t) + (size_t)i * PP_TRACE_WORDS;
        int k = pp_event_kind_of(rec), s = pp_event_step(rec);
        switch (k) {
        case PP_EV_SEED: bad += s != 1; break;
        case PP_EV_POP: bad += s != 2; break;
        case PP_EV_PARENT: bad += s != 3; break;
        case PP_EV_DEGREE: bad += s != 5; break;
        case PP_EV_COLOR:
            bad += s != 4 && s != 6;
            colors4 += s == 4;
            colors6 += s == 6;
            break;
        default: bad++;
        }
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(colors4 > 0 && colors6 > 0);
    /* Each decided state is seeded or colored exactly once. */
    pp_retro_stats st;
    pp_retro_get_stats(r, &st);
    uint32_t decisions = 0;
    for (uint32_t i = 0; i < pp_trace_count(t); i++) {
        int k = pp_event_kind_of(pp_trace_records(t) + (size_t)i * PP_TRACE_WORDS);
        decisions += k == PP_EV_SEED || k == PP_EV_COLOR;
    }
    CHECK_EQ_INT(decisions, st.decided);
    pp_retro_free(r);
    pp_trace_free(t);
    pp_catmouse_free(g);
}

static void a_full_trace_is_truncated_and_the_answer_stays_right(void)
{
    pp_catmouse *g = example2();
    pp_retro *full = NULL, *capped = NULL;
    pp_trace *tf = traced_solve(g, 1000, &full);
    pp_trace *tc = traced_solve(g, 10, &capped);
    CHECK(!pp_trace_truncated(tf));
    CHECK(pp_trace_truncated(tc));
    CHECK_EQ_INT(pp_trace_count(tc), 10);
    CHECK(memcmp(pp_trace_records(tc), pp_trace_records(tf), 10 * PP_TRACE_WORDS * 4) == 0);
    CHECK(memcmp(pp_retro_outcomes(full), pp_retro_outcomes(capped), pp_retro_nstates(full)) == 0);
    pp_trace *none = NULL;
    CHECK(pp_trace_new(0, &none, NULL) == PP_OK);
    pp_retro_free(full);
    pp_retro_free(capped);
    pp_trace_free(tf);
    pp_trace_free(tc);
    pp_trace_free(none);
    pp_catmouse_free(g);
    pp_error err;
    CHECK(pp_trace_new(UINT32_MAX, &none, &err) == PP_ERR_LIMIT && none == NULL);
}

static void a_coarse_trace_keeps_only_the_decisions(void)
{
    pp_catmouse *g = example2();
    pp_retro *full = NULL, *coarse = NULL;
    pp_trace *tf = traced_solve(g, 1000, &full);
    pp_trace *tc = NULL;
    pp_trace_new(1000, &tc, NULL);
    pp_trace_set_filter(tc, PP_TRACE_COARSE);
    int done = 0;
    pp_retro_new(pp_catmouse_retro(g), tc, &coarse, NULL);
    while (!done) pp_retro_run(coarse, 100, &done);
    /* the coarse trace is the full one with every other kind taken out */
    uint32_t k = 0, mismatches = 0;
    for (uint32_t i = 0; i < pp_trace_count(tf); i++) {
        const int32_t *r = pp_trace_records(tf) + (size_t)i * PP_TRACE_WORDS;
        int kind = pp_event_kind_of(r);
        if (kind != PP_EV_SEED && kind != PP_EV_COLOR) continue;
        mismatches += k >= pp_trace_count(tc) ||
                      memcmp(r, pp_trace_records(tc) + (size_t)k * PP_TRACE_WORDS, PP_TRACE_WORDS * 4) != 0;
        k++;
    }
    CHECK_EQ_INT(mismatches, 0);
    CHECK_EQ_INT(k, pp_trace_count(tc));
    CHECK(pp_trace_count(tc) < pp_trace_count(tf));
    pp_retro_free(full);
    pp_retro_free(coarse);
    pp_trace_free(tf);
    pp_trace_free(tc);
    pp_catmouse_free(g);
}

static void file_format_header(void)
{
    pp_catmouse *g = example2();
    pp_retro *r = NULL;
    pp_trace *t = traced_solve(g, 1000, &r);
    size_t need = pp_trace_serialize(t, 32, NULL, 0);
    CHECK_EQ_INT(need, PP_TRACE_HEADER_BYTES + (size_t)pp_trace_count(t) * 16);
    unsigned char *buf = malloc(need);
    CHECK_EQ_INT(pp_trace_serialize(t, 32, buf, need), need);
    CHECK(memcmp(buf, "PPTRACE", 8) == 0);
    CHECK_EQ_INT(buf[8], PP_TRACE_VERSION);
    CHECK_EQ_INT(buf[12], 4);
    CHECK_EQ_INT(buf[16] | buf[17] << 8, pp_trace_count(t));
    CHECK_EQ_INT(buf[20], 0);
    CHECK_EQ_INT(buf[24], 32);
    /* the first record, little-endian */
    CHECK_EQ_INT(buf[32], pp_trace_records(t)[0] & 0xFF);
    free(buf);
    pp_retro_free(r);
    pp_trace_free(t);
    pp_catmouse_free(g);
}

void suite_trace(void)
{
    RUN(golden_trace_of_example_2);
    RUN(every_event_has_its_step);
    RUN(a_full_trace_is_truncated_and_the_answer_stays_right);
    RUN(a_coarse_trace_keeps_only_the_decisions);
    RUN(file_format_header);
}
