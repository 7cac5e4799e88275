/* test_connect4_progress.c: the dedicated Connect Four stages' progress hook:
 * it reports every 2^k positions with the bounds known on the
 * score, never changes a score or a count, and a hook that asks to stop gets
 * PP_ERR_CANCELLED with the table left holding true bounds only. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "perfect_play.h"

/* What a hook saw: its calls, and whether each was in order. */
typedef struct seen {
    uint64_t calls, last_nodes, stop_at;
    int32_t lo, hi; /* the bounds of the last call */
    int32_t score;  /* the true score, which every report's bounds hold (-99: unknown) */
    int narrowing;  /* the null-window stages: lo never falls, hi never rises */
    int bad_order, bad_bounds, bad_window;
} seen;

static int hook(const pp_c4_progress *p, void *ctx)
{
    seen *s = ctx;
    if (s->calls && p->nodes <= s->last_nodes) s->bad_order++;
    if (p->lo > p->hi || (s->score != -99 && (s->score < p->lo || s->score > p->hi))) s->bad_bounds++;
    if (s->narrowing && s->calls && (p->lo < s->lo || p->hi > s->hi)) s->bad_bounds++;
    if (p->window < p->lo || p->window > p->hi) s->bad_window++;
    s->calls++;
    s->last_nodes = p->nodes;
    s->lo = p->lo;
    s->hi = p->hi;
    return s->stop_at && p->nodes >= s->stop_at;
}

static pp_c4 *parse(int w, int h, const char *seq)
{
    pp_error err = {PP_OK, ""};
    pp_c4 *p = NULL;
    CHECK_MSG(pp_c4_parse(w, h, seq, strlen(seq), &p, &err) == PP_OK, "%s: %s", seq, err.msg);
    return p;
}

static pp_c4_solver *solver(uint32_t bits)
{
    pp_c4_solver *s = NULL;
    pp_error err = {PP_OK, ""};
    CHECK_MSG(pp_c4_solver_new(bits, &s, &err) == PP_OK, "%s", err.msg);
    return s;
}

/* Positions of tens to hundreds of thousands of positions explored, and
 * the stages run on each (the early ones only where they stay quick). */
static const struct {
    int w, h;
    const char *seq;
    int first; /* the first stage run */
} cases[] = {{4, 4, "", PP_C4_BITBOARD},
             {5, 4, "", PP_C4_ITERATIVE},
             {6, 5, "3434", PP_C4_THREATS},
             {7, 6, "43443555221", PP_C4_STRONGEST}};

/* With a hook every 2^10 positions, every dedicated stage gives the same
 * score and the same count as without one; the hook is called once for each
 * 1024 positions, in order, with bounds that hold the score and, from the
 * null windows on, only narrow. */
static void test_c4_progress_changes_nothing(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pp_c4 *p = parse(cases[i].w, cases[i].h, cases[i].seq);
        if (!p) continue;
        for (int stage = cases[i].first; stage < PP_C4_STAGES; stage++) {
            pp_error err = {PP_OK, ""};
            pp_c4_solver *plain = solver(20), *hooked = solver(20);
            if (!plain || !hooked) break;
            int32_t want = -99, got = -99;
            uint64_t want_nodes = 0, got_nodes = 0;
            CHECK_MSG(pp_c4_solve(plain, p, stage, 0, 0, &want, &want_nodes, &err) == PP_OK, "%s", err.msg);
            seen s = {.score = want, .narrowing = stage >= PP_C4_ITERATIVE};
            CHECK(pp_c4_solver_set_progress(hooked, 10, hook, &s, &err) == PP_OK);
            CHECK_MSG(pp_c4_solve(hooked, p, stage, 0, 0, &got, &got_nodes, &err) == PP_OK, "%s", err.msg);
            CHECK_MSG(got == want && got_nodes == want_nodes, "%dx%d '%s' %s: %d in %llu, without the hook %d in %llu",
                      cases[i].w, cases[i].h, cases[i].seq, pp_c4_stage_name(stage), got, (unsigned long long)got_nodes,
                      want, (unsigned long long)want_nodes);
            CHECK_MSG(s.calls == (want_nodes - 1) >> 10, "%s: %llu calls for %llu positions", pp_c4_stage_name(stage),
                      (unsigned long long)s.calls, (unsigned long long)want_nodes);
            CHECK_MSG(want_nodes > 1024 * 3, "%s: %llu positions, too few to report", pp_c4_stage_name(stage),
                      (unsigned long long)want_nodes);
            CHECK_EQ_INT(s.bad_order, 0);
            CHECK_EQ_INT(s.bad_bounds, 0);
            CHECK_EQ_INT(s.bad_window, 0);
            /* a second solve (the table now warm) reports from 2^10 again */
            s = (seen){.score = want, .narrowing = stage >= PP_C4_ITERATIVE};
            CHECK(pp_c4_solve(hooked, p, stage, 0, 0, &got, &got_nodes, &err) == PP_OK);
            CHECK(got == want);
            CHECK(s.calls == (got_nodes ? (got_nodes - 1) >> 10 : 0));
            CHECK_EQ_INT(s.bad_bounds, 0);
            pp_c4_solver_free(plain);
            pp_c4_solver_free(hooked);
        }
        pp_c4_free(p);
    }
}

/* A hook that asks to stop after N positions gets PP_ERR_CANCELLED at once,
 * and the same solver (its table kept) then answers exactly: the cancelled
 * position against a fresh solver, and empty boards against Tromp's results. */
static void test_c4_progress_cancel(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pp_c4 *p = parse(cases[i].w, cases[i].h, cases[i].seq);
        if (!p) continue;
        for (int stage = cases[i].first > PP_C4_THREATS ? cases[i].first : PP_C4_THREATS; stage < PP_C4_STAGES;
             stage++) {
            pp_error err = {PP_OK, ""};
            pp_c4_solver *fresh = solver(18);
            if (!fresh) break;
            int32_t want = -99, got = -99;
            uint64_t want_nodes = 0, nodes = 0;
            CHECK(pp_c4_solve(fresh, p, stage, 0, 0, &want, &want_nodes, &err) == PP_OK);
            pp_c4_solver_free(fresh);
            const uint64_t stops[2] = {1024, (want_nodes / 2) & ~(uint64_t)1023};
            for (int k = 0; k < 2; k++) {
                pp_c4_solver *s = solver(18);
                if (!s) break;
                uint64_t n = stops[k];
                seen seen_ = {.score = -99, .stop_at = n};
                CHECK(pp_c4_solver_set_progress(s, 10, hook, &seen_, &err) == PP_OK);
                got = 12345;
                pp_status st = pp_c4_solve(s, p, stage, 0, 0, &got, &nodes, &err);
                CHECK_MSG(st == PP_ERR_CANCELLED, "%dx%d '%s' %s stopped at %llu: status %d", cases[i].w, cases[i].h,
                          cases[i].seq, pp_c4_stage_name(stage), (unsigned long long)n, st);
                CHECK(got == 12345); /* no score for a cancelled solve */
                CHECK_MSG(nodes == n, "stopped at %llu, explored %llu", (unsigned long long)n,
                          (unsigned long long)nodes);
                CHECK_CONTAINS(err.msg, "cancelled");
                /* the next call answers exactly, the hook on (never stopping) or off */
                seen_.stop_at = 0;
                if (k == 1) CHECK(pp_c4_solver_set_progress(s, 0, NULL, NULL, &err) == PP_OK);
                CHECK(pp_c4_solve(s, p, stage, 0, 0, &got, NULL, &err) == PP_OK);
                CHECK_MSG(got == want, "%dx%d '%s' %s after a cancel at %llu: %d, fresh %d", cases[i].w, cases[i].h,
                          cases[i].seq, pp_c4_stage_name(stage), (unsigned long long)n, got, want);
                pp_c4_solver_free(s);
            }
        }
        pp_c4_free(p);
    }
    /* Tromp: 5 x 5 and 4 x 5 are draws, 6 x 4 a second-player win (score -1 on Pons' scale). */
    static const struct {
        int w, h, score;
    } tromp[] = {{5, 5, 0}, {4, 5, 0}, {6, 4, -1}};
    pp_c4_solver *s = solver(20);
    for (size_t i = 0; s && i < sizeof tromp / sizeof tromp[0]; i++) {
        pp_c4 *p = parse(tromp[i].w, tromp[i].h, "");
        if (!p) continue;
        pp_error err = {PP_OK, ""};
        int32_t got = -99;
        seen seen_ = {.score = tromp[i].score, .narrowing = 1, .stop_at = 10000};
        CHECK(pp_c4_solver_set_progress(s, 10, hook, &seen_, &err) == PP_OK);
        CHECK(pp_c4_solve(s, p, PP_C4_STRONGEST, 0, 0, &got, NULL, &err) == PP_ERR_CANCELLED);
        seen_ = (seen){.score = tromp[i].score, .narrowing = 1};
        CHECK(pp_c4_solve(s, p, PP_C4_STRONGEST, 0, 0, &got, NULL, &err) == PP_OK);
        CHECK_MSG(got == tromp[i].score, "%dx%d after a cancel: %d, Tromp %d", tromp[i].w, tromp[i].h, got,
                  tromp[i].score);
        CHECK_EQ_INT(seen_.bad_bounds, 0);
        pp_c4_free(p);
    }
    pp_c4_solver_free(s);
}

/* The budget and the hook together: whichever comes first stops the search. */
static void test_c4_progress_and_budget(void)
{
    pp_c4 *p = parse(7, 6, "43443555");
    pp_c4_solver *s = solver(16);
    if (!p || !s) goto done;
    pp_error err = {PP_OK, ""};
    int32_t score;
    uint64_t nodes = 0;
    seen seen_ = {.score = -99, .stop_at = 1 << 20};
    CHECK(pp_c4_solver_set_progress(s, 10, hook, &seen_, &err) == PP_OK);
    CHECK_EQ_INT(pp_c4_solve(s, p, PP_C4_STRONGEST, 0, 5000, &score, &nodes, &err), PP_ERR_BUDGET);
    CHECK_EQ_INT(nodes, 5000);
    CHECK_EQ_INT(seen_.calls, 4); /* at 1024, 2048, 3072, 4096 */
    seen_ = (seen){.score = -99, .stop_at = 3000};
    CHECK_EQ_INT(pp_c4_solve(s, p, PP_C4_STRONGEST, 0, 5000, &score, &nodes, &err), PP_ERR_CANCELLED);
    CHECK_EQ_INT(nodes, 3072);
    /* bad arguments */
    CHECK_EQ_INT(pp_c4_solver_set_progress(s, 9, hook, NULL, &err), PP_ERR_ARG);
    CHECK_EQ_INT(pp_c4_solver_set_progress(s, 41, hook, NULL, &err), PP_ERR_ARG);
    CHECK_EQ_INT(pp_c4_solver_set_progress(NULL, 10, hook, NULL, &err), PP_ERR_ARG);
done:
    pp_c4_free(p);
    pp_c4_solver_free(s);
}

void suite_connect4_progress(void)
{
    RUN(test_c4_progress_changes_nothing);
    RUN(test_c4_progress_cancel);
    RUN(test_c4_progress_and_budget);
}
