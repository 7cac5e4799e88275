/* test_gdl_job.c: the GDL solve in steps (pp_gdl_job_*), as the page runs
 * it: the same graph and answers as the solve in one call whatever the
 * budget of a step, progress that moves through the phases, a memory
 * budget that refuses with a message naming it, and the trace kept whole
 * where it fits, else the decisions only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gdl_kit.h"
#include "harness.h"
#include "perfect_play.h"

#define EXAMPLES "web/src/gdl/examples/"

static pp_gdl *parse_example(const char *name)
{
    char path[256];
    snprintf(path, sizeof path, EXAMPLES "%s.kif", name);
    size_t len = 0;
    char *text = gdk_read(path, &len);
    pp_gdl *g = NULL;
    pp_error err = {0};
    if (text) pp_gdl_parse(text, len, &g, &err);
    free(text);
    return g;
}

/* Steps of `budget` to the end; the phases seen never go back. */
static pp_gdl_graph *stepped(const pp_gdl *g, const pp_gdl_options *o, const pp_gdl_budget *b, uint64_t budget,
                             int *steps, pp_error *err)
{
    pp_gdl_job *j = NULL;
    if (pp_gdl_job_new(g, o, b, &j, err) != PP_OK) return NULL;
    int done = 0, last = PP_GDL_PHASE_ENUMERATE;
    uint32_t states = 0;
    *steps = 0;
    while (!done) {
        if (pp_gdl_job_step(j, budget, &done, err) != PP_OK) break;
        pp_gdl_progress p;
        pp_gdl_job_progress(j, &p);
        CHECK(p.phase >= last);
        CHECK(p.states >= states);
        CHECK(p.bytes > 0);
        last = p.phase, states = p.states;
        ++*steps;
    }
    pp_gdl_graph *s = done ? pp_gdl_job_take(j) : NULL;
    pp_gdl_job_free(j);
    return s;
}

static void same_as_one_call(void)
{
    static const char *names[] = {"tictactoe", "connect3", "hanoi", "nim"};
    for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
        pp_gdl *g = parse_example(names[k]);
        CHECK_MSG(g != NULL, "%s", names[k]);
        if (!g) continue;
        pp_error err = {0};
        pp_gdl_graph *one = NULL;
        pp_gdl_options o = {0, PP_GDL_TRACE_WHOLE, 0};
        CHECK(pp_gdl_solve(g, &o, &one, &err) == PP_OK);
        int steps = 0;
        pp_gdl_graph *many = stepped(g, &o, NULL, 97, &steps, &err);
        CHECK_MSG(many != NULL, "%s: %s", names[k], err.msg);
        if (one && many) {
            pp_gdl_view a, b;
            pp_gdl_graph_view(one, &a);
            pp_gdl_graph_view(many, &b);
            CHECK_EQ_INT(a.states, b.states);
            CHECK_EQ_INT(a.edges, b.edges);
            CHECK(steps > 3);
            CHECK(memcmp(a.outcome, b.outcome, a.states) == 0);
            CHECK(memcmp(a.value, b.value, a.states * 4) == 0);
            CHECK(memcmp(a.remoteness, b.remoteness, a.states * 4) == 0);
            CHECK(memcmp(a.targets, b.targets, a.edges * 4) == 0);
            const pp_trace *ta = pp_gdl_graph_trace(one), *tb = pp_gdl_graph_trace(many);
            CHECK(ta && tb);
            if (ta && tb) {
                CHECK_EQ_INT(pp_trace_count(ta), pp_trace_count(tb));
                CHECK(memcmp(pp_trace_records(ta), pp_trace_records(tb), pp_trace_count(ta) * 16) == 0);
            }
        }
        pp_gdl_graph_free(one);
        pp_gdl_graph_free(many);
        pp_gdl_free(g);
    }
}

static void memory_budget(void)
{
    pp_gdl *g = parse_example("connect3");
    CHECK(g != NULL);
    if (!g) return;
    pp_error err = {0};
    /* too small for the graph: refused while enumerating, naming the budget */
    pp_gdl_options o = {0, PP_GDL_TRACE_WHOLE, 0};
    pp_gdl_budget small = {1u << 20, 0};
    pp_gdl_job *j = NULL;
    CHECK(pp_gdl_job_new(g, &o, &small, &j, &err) == PP_OK);
    int done = 0;
    pp_status st = PP_OK;
    while (!st && !done) st = pp_gdl_job_step(j, 1000, &done, &err);
    CHECK_EQ_INT(st, PP_ERR_LIMIT);
    CHECK_CONTAINS(err.msg, "over the memory budget of 1 MiB");
    /* a failed job fails its later steps too, and frees cleanly */
    CHECK(pp_gdl_job_step(j, 1000, &done, &err) == PP_ERR_LIMIT && !done);
    CHECK(pp_gdl_job_take(j) == NULL);
    pp_gdl_job_free(j);
    /* a whole trace over its bound: the decisions only, one event a decided state */
    pp_gdl_budget coarse = {256u << 20, 1000};
    int steps = 0;
    pp_gdl_graph *s = stepped(g, &o, &coarse, 1u << 16, &steps, &err);
    CHECK_MSG(s != NULL, "%s", err.msg);
    if (s) {
        const pp_trace *t = pp_gdl_graph_trace(s);
        pp_gdl_view v;
        pp_gdl_graph_view(s, &v);
        CHECK(t != NULL);
        if (t) {
            const int32_t *r = pp_trace_records(t);
            uint32_t n = pp_trace_count(t), other = 0;
            for (uint32_t i = 0; i < n; i++) {
                int kind = pp_event_kind_of(r + 4 * i);
                other += kind != PP_EV_SEED && kind != PP_EV_COLOR;
            }
            CHECK_EQ_INT(other, 0);
            CHECK(n > v.terminal_states && n <= v.states);
            CHECK(!pp_trace_truncated(t));
        }
    }
    pp_gdl_graph_free(s);
    /* room for the graph but not for the solve: refused before it is taken */
    pp_gdl_job *k = NULL;
    pp_gdl_budget tight = {0, 0};
    CHECK(pp_gdl_job_new(g, &o, NULL, &k, &err) == PP_OK);
    uint64_t peak = 0;
    while (k && pp_gdl_job_step(k, 1000, &done, &err) == PP_OK) {
        pp_gdl_progress p;
        pp_gdl_job_progress(k, &p);
        if (p.phase != PP_GDL_PHASE_ENUMERATE) {
            tight.max_bytes =
                peak +
                (1u
                 << 20); /* the enumeration's most, and 1 MiB: more than its hash table's doubling takes at once here */
            break;
        }
        if (p.bytes > peak) peak = p.bytes;
    }
    pp_gdl_job_free(k);
    CHECK(tight.max_bytes > 0);
    k = NULL;
    CHECK(pp_gdl_job_new(g, &o, &tight, &k, &err) == PP_OK);
    st = PP_OK;
    done = 0;
    while (!st && !done) st = pp_gdl_job_step(k, 1u << 20, &done, &err);
    CHECK_EQ_INT(st, PP_ERR_LIMIT);
    CHECK_CONTAINS(err.msg, "needs about");
    CHECK_CONTAINS(err.msg, "over the memory budget of");
    pp_gdl_job_free(k);
    pp_gdl_job_free(NULL);
    pp_gdl_free(g);
}

void suite_gdl_job(void)
{
    RUN(same_as_one_call);
    RUN(memory_budget);
}
