/* test_dfs.c: naive DFS minimax (exact, exponential) and DFS with memo (the
 * flawed exhibit), against the retrograde solver. */
#include <stdlib.h>

#include "../../c/perfect_play.h"
#include "golden.h"
#include "harness.h"

/* Found by searching random graphs (seeded pp_catmouse_random, n = 6) for a
 * start state the memo labels wrongly: the cat wins, DFS with memo says draw. */
#define MEMO_COUNTEREXAMPLE "[[2,3],[4,5],[0,3],[0,2,4],[1,3,5],[1,4]]"

static pp_catmouse *parse(const char *text)
{
    pp_catmouse *g = NULL;
    pp_catmouse_parse(text, strlen(text), &g, NULL);
    return g;
}

static uint8_t retro_answer(const pp_catmouse *g, pp_retro **keep)
{
    pp_retro *r = NULL;
    int done = 0;
    pp_retro_new(pp_catmouse_retro(g), NULL, &r, NULL);
    while (!done) pp_retro_run(r, UINT64_MAX, &done);
    uint8_t a = pp_retro_outcomes(r)[pp_catmouse_start(g)];
    if (keep) *keep = r;
    else pp_retro_free(r);
    return a;
}

static uint8_t dfs_answer(const pp_catmouse *g, pp_dfs_kind kind, uint64_t budget, pp_status *st, uint8_t *labels,
                          pp_dfs_stats *stats)
{
    uint8_t a = 0xEE;
    pp_error err = {PP_OK, ""};
    *st = pp_dfs_solve(pp_catmouse_retro(g), kind, pp_catmouse_start(g), budget, NULL, &a, labels, stats, &err);
    return a;
}

static void examples_by_both_searches(void)
{
    static const struct {
        const char *graph;
        uint8_t answer;
    } cases[] = {
        {"[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]", PP_DRAW},
        {"[[1,3],[0],[3],[0,2]]", PP_WIN0},
        {"[[2],[2],[0,1]]", PP_WIN1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pp_catmouse *g = parse(cases[i].graph);
        pp_status st;
        CHECK_EQ_INT(dfs_answer(g, PP_DFS_NAIVE, 1000000, &st, NULL, NULL), cases[i].answer);
        CHECK(st == PP_OK);
        CHECK_EQ_INT(dfs_answer(g, PP_DFS_MEMO, 1000000, &st, NULL, NULL), cases[i].answer);
        pp_catmouse_free(g);
    }
}

/* The naive search is exact: on every small random graph it can finish, it
 * agrees with the retrograde answer. */
static void naive_agrees_with_retrograde(void)
{
    int compared = 0, agree = 0, gave_up = 0;
    for (int n = 3; n <= 8; n++)
        for (int d = 1; d < n; d++)
            for (uint64_t seed = 1; seed <= 12; seed++) {
                pp_catmouse *g = NULL;
                pp_catmouse_random(n, d, seed * 7 + (uint64_t)n * 100 + (uint64_t)d, &g, NULL);
                pp_status st;
                uint8_t a = dfs_answer(g, PP_DFS_NAIVE, 200000, &st, NULL, NULL);
                if (st == PP_ERR_BUDGET) gave_up++;
                else {
                    compared++;
                    agree += a == retro_answer(g, NULL);
                }
                pp_catmouse_free(g);
            }
    CHECK_MSG(compared >= 300, "only %d graphs finished (%d gave up)", compared, gave_up);
    CHECK_EQ_INT(agree, compared);
}

static void memo_is_wrong_on_the_counterexample(void)
{
    pp_catmouse *g = parse(MEMO_COUNTEREXAMPLE);
    pp_status st;
    CHECK_EQ_INT(retro_answer(g, NULL), PP_WIN1);
    CHECK_EQ_INT(dfs_answer(g, PP_DFS_NAIVE, 1000000, &st, NULL, NULL), PP_WIN1);
    CHECK_EQ_INT(dfs_answer(g, PP_DFS_MEMO, 1000000, &st, NULL, NULL), PP_DRAW);
    pp_catmouse_free(g);
}

/* Its wrong labels are only ever false draws. By induction over the order of
 * the calls, a win or a loss it reports is right: a win rests on a child's
 * reported loss, a loss on every child's reported win, and a cycle cut only
 * ever reports a draw. So the flaw can turn wins and losses into draws and
 * nothing else. Checked over many random graphs, where it is wrong often. */
static void memo_errors_are_false_draws(void)
{
    int wrong_draws = 0, wrong_other = 0, graphs_with_errors = 0;
    for (int n = 4; n <= 10; n++)
        for (int d = 2; d < n; d++)
            for (uint64_t seed = 1; seed <= 8; seed++) {
                pp_catmouse *g = NULL;
                pp_catmouse_random(n, d, seed * 31 + (uint64_t)n * 1000 + (uint64_t)d, &g, NULL);
                pp_retro *r = NULL;
                retro_answer(g, &r);
                uint32_t ns = pp_retro_nstates(r);
                uint8_t *labels = malloc(ns);
                pp_status st;
                dfs_answer(g, PP_DFS_MEMO, 10000000, &st, labels, NULL);
                CHECK(st == PP_OK);
                int here = 0;
                for (uint32_t s = 0; s < ns; s++) {
                    if (labels[s] == PP_UNSEEN || labels[s] == pp_retro_outcomes(r)[s]) continue;
                    here++;
                    if (labels[s] == PP_DRAW) wrong_draws++;
                    else wrong_other++;
                }
                graphs_with_errors += here > 0;
                free(labels);
                pp_retro_free(r);
                pp_catmouse_free(g);
            }
    CHECK(graphs_with_errors > 10);
    CHECK(wrong_draws > 0);
    CHECK_EQ_INT(wrong_other, 0);
}

static void naive_gives_up_at_its_budget(void)
{
    pp_catmouse *g = parse("[[7],[2,6,8,9],[1,4,5,6,7],[4,5,7],[2,3,5,8],[2,3,4,7],[1,2,9],[0,2,3,5,9],"
                           "[1,4,9],[1,6,7,8]]");
    pp_status st;
    pp_dfs_stats stats;
    pp_error err;
    uint8_t a = 0;
    st = pp_dfs_solve(pp_catmouse_retro(g), PP_DFS_NAIVE, pp_catmouse_start(g), 5000, NULL, &a, NULL, &stats, &err);
    CHECK(st == PP_ERR_BUDGET);
    CHECK_EQ_INT(stats.nodes, 5000);
    CHECK_CONTAINS(err.msg, "budget of 5000");
    pp_catmouse_free(g);
}

static void dfs_trace_tells_each_step(void)
{
    pp_catmouse *g = parse(MEMO_COUNTEREXAMPLE);
    pp_trace *t = NULL;
    pp_trace_new(100000, &t, NULL);
    uint8_t a;
    pp_dfs_stats stats;
    CHECK(pp_dfs_solve(pp_catmouse_retro(g), PP_DFS_MEMO, pp_catmouse_start(g), 100000, t, &a, NULL, &stats, NULL) ==
          PP_OK);
    int enters = 0, exits = 0, cycles = 0, hits = 0, bad = 0;
    for (uint32_t i = 0; i < pp_trace_count(t); i++) {
        const int32_t *rec = pp_trace_records(t) + (size_t)i * PP_TRACE_WORDS;
        int k = pp_event_kind_of(rec), s = pp_event_step(rec);
        enters += k == PP_EV_ENTER;
        exits += k == PP_EV_EXIT;
        cycles += k == PP_EV_CYCLE;
        hits += k == PP_EV_MEMO_HIT;
        bad += (k == PP_EV_LEAF && s != 1) || (k == PP_EV_MEMO_HIT && s != 2) || (k == PP_EV_CYCLE && s != 3) ||
               (k == PP_EV_ENTER && s != 4) || (k == PP_EV_CHILD && s != 5) || (k == PP_EV_EXIT && s != 6 && s != 7);
    }
    CHECK(!pp_trace_truncated(t));
    CHECK_EQ_INT(bad, 0);
    CHECK_EQ_INT(enters, stats.nodes);
    CHECK_EQ_INT(exits, enters);
    CHECK_EQ_INT(cycles, stats.cycles);
    CHECK_EQ_INT(hits, stats.memo_hits);
    /* the last event is the start's exit, with the (wrong) answer */
    const int32_t *last = pp_trace_records(t) + (size_t)(pp_trace_count(t) - 1) * PP_TRACE_WORDS;
    CHECK(pp_event_kind_of(last) == PP_EV_EXIT && (uint32_t)last[1] == pp_catmouse_start(g) && last[2] == PP_DRAW);
    pp_trace_free(t);
    pp_catmouse_free(g);
}

/* Both searches on the counterexample, event by event, against checked-in
 * logs (`perfect-play solve cat-mouse GRAPH --algo memo-dfs --trace x.txt`). */
static void golden_traces_of_the_counterexample(void)
{
    static const struct {
        pp_dfs_kind kind;
        const char *path;
        uint8_t answer;
    } runs[] = {
        {PP_DFS_MEMO, "tests/c/golden/catmouse_memo_dfs_counterexample.txt", PP_DRAW},
        {PP_DFS_NAIVE, "tests/c/golden/catmouse_naive_dfs_counterexample.txt", PP_WIN1},
    };
    pp_catmouse *g = parse(MEMO_COUNTEREXAMPLE);
    for (size_t i = 0; i < 2; i++) {
        pp_trace *t = NULL;
        pp_trace_new(100000, &t, NULL);
        uint8_t a = 0;
        CHECK(pp_dfs_solve(pp_catmouse_retro(g), runs[i].kind, pp_catmouse_start(g), 100000, t, &a, NULL, NULL, NULL) ==
              PP_OK);
        CHECK_EQ_INT(a, runs[i].answer);
        CHECK(!pp_trace_truncated(t));
        CHECK_EQ_INT(golden_mismatches(runs[i].path, t, pp_catmouse_retro(g)), 0);
        pp_trace_free(t);
    }
    pp_catmouse_free(g);
}

void suite_dfs(void)
{
    RUN(examples_by_both_searches);
    RUN(naive_agrees_with_retrograde);
    RUN(memo_is_wrong_on_the_counterexample);
    RUN(memo_errors_are_false_draws);
    RUN(naive_gives_up_at_its_budget);
    RUN(dfs_trace_tells_each_step);
    RUN(golden_traces_of_the_counterexample);
}
