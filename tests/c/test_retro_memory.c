/* test_retro_memory.c: the 6-bytes-a-state retrograde solve:
 * causes derived after the solve are the children the BFS used (read back
 * from a full trace), bulk seeding gives what per-state seeding gives, and a
 * solver reset for another game answers as a fresh one. */
#include <stdlib.h>
#include <string.h>

#include "../../c/perfect_play.h"
#include "harness.h"

static pp_retro *run_to_end(pp_retro *r, uint64_t budget)
{
    int done = 0;
    for (int guard = 0; r && !done && guard < 100000000; guard++)
        if (pp_retro_run(r, budget, &done) != PP_OK) break;
    return r;
}

static pp_retro *solve_game(const pp_retro_game *game, pp_trace *trace, uint64_t budget)
{
    pp_retro *r = NULL;
    pp_error err = {PP_OK, ""};
    if (pp_retro_new(game, trace, &r, &err) != PP_OK) printf("  solve failed: %s\n", err.msg);
    return run_to_end(r, budget);
}

/* The cause as the BFS saw it: the state popped last before each COLOR. */
static int causes_match_trace(const pp_retro *r, const pp_trace *t)
{
    uint32_t ns = pp_retro_nstates(r);
    int32_t *want = malloc(ns * sizeof *want);
    if (!want) return 0;
    for (uint32_t s = 0; s < ns; s++) want[s] = -1;
    const int32_t *rec = pp_trace_records(t);
    int32_t popped = -1;
    for (uint32_t i = 0; i < pp_trace_count(t); i++, rec += PP_TRACE_WORDS) {
        int kind = pp_event_kind_of(rec);
        if (kind == PP_EV_POP) popped = rec[1];
        if (kind == PP_EV_COLOR) want[rec[1]] = popped;
    }
    const int32_t *cause = pp_retro_cause(r);
    int same = cause != NULL;
    for (uint32_t s = 0; same && s < ns; s++) same = cause[s] == want[s];
    free(want);
    return same;
}

static void derived_causes_are_the_bfs_causes(void)
{
    for (int trial = 0; trial < 12; trial++) {
        pp_catmouse *g = NULL;
        CHECK(pp_catmouse_random(5 + trial * 3, 2 + trial % 4, 900 + (uint64_t)trial, &g, NULL) == PP_OK);
        if (!g) return;
        pp_trace *t = NULL;
        CHECK(pp_trace_new(1u << 22, &t, NULL) == PP_OK);
        pp_retro *r = solve_game(pp_catmouse_retro(g), t, trial % 2 ? 7 : UINT64_MAX);
        CHECK(r && pp_retro_done(r) && !pp_trace_truncated(t));
        if (r) CHECK_MSG(causes_match_trace(r, t), "trial %d", trial);
        pp_retro_free(r);
        pp_trace_free(t);
        pp_catmouse_free(g);
    }
}

static int same_trace(const pp_trace *a, const pp_trace *b)
{
    return pp_trace_count(a) == pp_trace_count(b) &&
           memcmp(pp_trace_records(a), pp_trace_records(b),
                  (size_t)pp_trace_count(a) * PP_TRACE_WORDS * sizeof(int32_t)) == 0;
}

static int same_results(const pp_retro *a, const pp_retro *b)
{
    uint32_t n = pp_retro_nstates(a);
    if (n != pp_retro_nstates(b) || !pp_retro_outcomes(a) || !pp_retro_outcomes(b)) return 0;
    pp_retro_stats sa, sb;
    pp_retro_get_stats(a, &sa);
    pp_retro_get_stats(b, &sb);
    return memcmp(pp_retro_outcomes(a), pp_retro_outcomes(b), n) == 0 &&
           memcmp(pp_retro_remoteness(a), pp_retro_remoteness(b), n * sizeof(int32_t)) == 0 &&
           memcmp(pp_retro_cause(a), pp_retro_cause(b), n * sizeof(int32_t)) == 0 && memcmp(&sa, &sb, sizeof sa) == 0;
}

/* Seeding three ways: packed words (info_packed), info structs in chunks
 * (info_range), one info call a state (the reference). */
static void bulk_seeding_matches_per_state_info(void)
{
    for (int trial = 0; trial < 8; trial++) {
        pp_catmouse *g = NULL;
        /* sizes around the seeding chunk (1024 states) and past it; average
         * degree 1 to 3, so some nodes have no edge (states with no move:
         * the words the byte cells' four-at-a-time copy must leave alone) */
        CHECK(pp_catmouse_random(4 + trial * 7, 1 + trial % 3, 77 + (uint64_t)trial, &g, NULL) == PP_OK);
        if (!g) return;
        const pp_retro_game *packed = pp_catmouse_retro(g);
        CHECK(packed->info_packed != NULL && packed->info_range != NULL);
        pp_retro_game range = *packed, one = *packed;
        range.info_packed = NULL;
        one.info_packed = NULL;
        one.info_range = NULL;
        const pp_retro_game *games[3] = {&one, &range, packed};
        pp_trace *t[3] = {NULL, NULL, NULL};
        pp_retro *r[3] = {NULL, NULL, NULL};
        for (int k = 0; k < 3; k++) {
            CHECK(pp_trace_new(1u << 21, &t[k], NULL) == PP_OK);
            r[k] = solve_game(games[k], t[k], UINT64_MAX);
            CHECK(r[k] && pp_retro_done(r[k]));
        }
        for (int k = 1; k < 3; k++)
            if (r[0] && r[k] && pp_retro_done(r[0]) && pp_retro_done(r[k])) {
                CHECK_MSG(same_results(r[0], r[k]), "trial %d, way %d", trial, k);
                CHECK_MSG(same_trace(t[0], t[k]), "trial %d, way %d", trial, k);
            }
        for (int k = 0; k < 3; k++) {
            pp_retro_free(r[k]);
            pp_trace_free(t[k]);
        }
        pp_catmouse_free(g);
    }
}

/* Packed words for every kind of state, read back as info gives them: a
 * game's own states (Cat and Mouse) word by word against info. */
static void packed_words_say_what_info_says(void)
{
    for (int trial = 0; trial < 6; trial++) {
        pp_catmouse *g = NULL;
        CHECK(pp_catmouse_random(3 + trial * 9, 1 + trial % 4, 5150 + (uint64_t)trial, &g, NULL) == PP_OK);
        if (!g) return;
        const pp_retro_game *game = pp_catmouse_retro(g);
        uint32_t ns = game->nstates, bad = 0;
        uint16_t *w = malloc((size_t)ns * sizeof *w);
        CHECK(w != NULL);
        /* in uneven pieces, so ranges start and end inside rows */
        for (uint32_t first = 0; w && first < ns; first += 1 + first % 37)
            game->info_packed(game->ctx, first, ns - first < 1 + first % 37 ? ns - first : 1 + first % 37, w + first);
        for (uint32_t s = 0; w && s < ns; s++) {
            pp_state_info info = {0, 0, 0, 0};
            game->info(game->ctx, s, &info);
            uint16_t want = info.kind == PP_STATE_INVALID ? PP_PACKED_INVALID(info.mover)
                            : info.kind == PP_STATE_INNER ? PP_PACKED_INNER(info.moves, info.mover)
                            : info.outcome == PP_DRAW     ? PP_PACKED_DRAWN_TERMINAL(info.mover)
                                                          : PP_PACKED_TERMINAL(info.outcome, info.mover);
            bad += w[s] != want;
        }
        CHECK_MSG(bad == 0, "trial %d: %u states differ", trial, bad);
        free(w);
        pp_catmouse_free(g);
    }
}

/* The reverse edges three ways: rows (parents_rows), lists in batches
 * (parents_batch), one parents call a state (the reference). Same outcomes,
 * remoteness, causes, stats and trace, with budgets that stop mid-batch. */
static void reverse_edges_in_rows_and_batches_match_one_by_one(void)
{
    for (int trial = 0; trial < 10; trial++) {
        pp_catmouse *g = NULL;
        CHECK(pp_catmouse_random(4 + trial * 6, 2 + trial % 5, 313 + (uint64_t)trial, &g, NULL) == PP_OK);
        if (!g) return;
        const pp_retro_game *rows = pp_catmouse_retro(g);
        CHECK(rows->parents_rows != NULL && rows->parents_batch != NULL);
        pp_retro_game lists = *rows, one = *rows;
        lists.parents_rows = NULL;
        one.parents_rows = NULL;
        one.parents_batch = NULL;
        const pp_retro_game *games[3] = {rows, &lists, &one};
        pp_trace *t[3] = {NULL, NULL, NULL};
        pp_retro *r[3] = {NULL, NULL, NULL};
        uint64_t budgets[3] = {trial % 2 ? 5 : UINT64_MAX, 3 + (uint64_t)trial, UINT64_MAX};
        for (int k = 0; k < 3; k++) {
            CHECK(pp_trace_new(1u << 21, &t[k], NULL) == PP_OK);
            r[k] = solve_game(games[k], t[k], budgets[k]);
            CHECK(r[k] && pp_retro_done(r[k]));
        }
        for (int k = 1; k < 3; k++)
            if (r[0] && r[k]) {
                CHECK_MSG(same_results(r[0], r[k]), "trial %d, way %d", trial, k);
                CHECK_MSG(same_trace(t[0], t[k]), "trial %d, way %d", trial, k);
            }
        /* rows untraced (a loop of its own: it reads the skipped entries'
         * cells and counts them out) against one by one with a trace */
        pp_retro *quiet = solve_game(rows, NULL, trial % 2 ? 5 : UINT64_MAX);
        CHECK(quiet && pp_retro_done(quiet));
        if (quiet && r[2]) CHECK_MSG(same_results(quiet, r[2]), "trial %d, rows untraced", trial);
        pp_retro_free(quiet);
        for (int k = 0; k < 3; k++) {
            pp_retro_free(r[k]);
            pp_trace_free(t[k]);
        }
        pp_catmouse_free(g);
    }
}

/* Every state's counter read back (pp_retro_degree) alike in two solves. */
static int same_degrees(const pp_retro *a, const pp_retro *b)
{
    uint32_t n = pp_retro_nstates(a);
    for (uint32_t s = 0; s < n; s++)
        if (pp_retro_degree(a, s) != pp_retro_degree(b, s)) return 0;
    return n == pp_retro_nstates(b);
}

/* The untraced row loop (bfs_rows_plain: no call in it, skipped entries
 * told apart by their cells, lost states left at a counter of 1; also with
 * a coarse trace) against
 * the reference (one parents call a state, traced): the same outcomes,
 * remoteness, causes, counts and counters, with byte cells (at most 31
 * moves a state) and 16-bit ones (complete graphs of 33 nodes and more,
 * dense random ones), budgets stopping mid-batch and mid-row. */
static void untraced_row_loop_matches_the_reference(void)
{
    for (int trial = 0; trial < 12; trial++) {
        pp_catmouse *g = NULL;
        if (trial % 3 == 2) CHECK(pp_catmouse_complete(30 + trial, &g, NULL) == PP_OK);
        else CHECK(pp_catmouse_random(5 + trial * 5, 1 + trial * 3, 901 + (uint64_t)trial, &g, NULL) == PP_OK);
        if (!g) return;
        const pp_retro_game *rows = pp_catmouse_retro(g);
        pp_retro_game one = *rows;
        one.parents_rows = NULL;
        one.parents_batch = NULL;
        pp_trace *t = NULL;
        CHECK(pp_trace_new(1u << 22, &t, NULL) == PP_OK);
        pp_retro *ref = solve_game(&one, t, UINT64_MAX);
        pp_retro *quiet = solve_game(rows, NULL, trial % 2 ? 7 + (uint64_t)trial : UINT64_MAX);
        CHECK(ref && quiet && pp_retro_done(ref) && pp_retro_done(quiet));
        if (ref && quiet) {
            CHECK_MSG(same_results(quiet, ref), "trial %d (%d nodes)", trial, pp_catmouse_nodes(g));
            CHECK_MSG(same_degrees(quiet, ref), "trial %d (%d nodes)", trial, pp_catmouse_nodes(g));
        }
        /* the page's coarse trace (decisions only) takes the same loop: the
         * same events in the same order as the reference's under that filter */
        pp_trace *ct[2] = {NULL, NULL};
        pp_retro *coarse[2] = {NULL, NULL};
        const pp_retro_game *ways[2] = {rows, &one};
        for (int k = 0; k < 2; k++) {
            CHECK(pp_trace_new(1u << 20, &ct[k], NULL) == PP_OK);
            pp_trace_set_filter(ct[k], PP_TRACE_COARSE);
            coarse[k] = solve_game(ways[k], ct[k], trial % 2 ? 5 : UINT64_MAX);
            CHECK(coarse[k] && pp_retro_done(coarse[k]));
        }
        if (coarse[0] && coarse[1] && ref) {
            CHECK_MSG(same_trace(ct[0], ct[1]) && pp_trace_count(ct[0]) > 0, "trial %d, coarse trace", trial);
            CHECK_MSG(same_results(coarse[0], ref) && same_degrees(coarse[0], ref), "trial %d, coarse", trial);
        }
        for (int k = 0; k < 2; k++) {
            pp_retro_free(coarse[k]);
            pp_trace_free(ct[k]);
        }
        pp_retro_free(ref);
        pp_retro_free(quiet);
        pp_trace_free(t);
        pp_catmouse_free(g);
    }
}

/* A trace's events but DEGREE (whose counts depend on the order within a
 * layer), sorted: the multiset of what happened. */
static int cmp_rec(const void *a, const void *b) { return memcmp(a, b, PP_TRACE_WORDS * sizeof(int32_t)); }
static int32_t *events_but_degree(const pp_trace *t, uint32_t *count)
{
    int32_t *out = malloc(((size_t)pp_trace_count(t) + 1) * PP_TRACE_WORDS * sizeof *out);
    const int32_t *rec = pp_trace_records(t);
    *count = 0;
    for (uint32_t i = 0; out && i < pp_trace_count(t); i++, rec += PP_TRACE_WORDS)
        if (pp_event_kind_of(rec) != PP_EV_DEGREE)
            memcpy(out + (size_t)(*count)++ * PP_TRACE_WORDS, rec, PP_TRACE_WORDS * sizeof *rec);
    if (out) qsort(out, *count, PP_TRACE_WORDS * sizeof *out, cmp_rec);
    return out;
}

/* Layer-scan mode (3 or 4 bytes a state, no queue) against the queue: the same
 * outcomes, remoteness, counts (but queue_peak) and events but the order
 * within a layer; its "why?" children are the ones its own trace shows. */
static void layer_scan_matches_the_queue(void)
{
    for (int trial = 0; trial < 10; trial++) {
        pp_catmouse *g = NULL;
        CHECK(pp_catmouse_random(4 + trial * 5, 2 + trial % 4, 4242 + (uint64_t)trial, &g, NULL) == PP_OK);
        if (!g) return;
        pp_retro_game scan = *pp_catmouse_retro(g);
        scan.layer_scan = 1;
        pp_trace *tq = NULL, *ts = NULL;
        CHECK(pp_trace_new(1u << 21, &tq, NULL) == PP_OK && pp_trace_new(1u << 21, &ts, NULL) == PP_OK);
        pp_retro *q = solve_game(pp_catmouse_retro(g), tq, UINT64_MAX);
        pp_retro *s = solve_game(&scan, ts, trial % 2 ? 4 : UINT64_MAX);
        CHECK(q && s && pp_retro_done(q) && pp_retro_done(s) && !pp_trace_truncated(ts));
        if (q && s && pp_retro_done(q) && pp_retro_done(s)) {
            uint32_t n = pp_retro_nstates(q);
            CHECK_MSG(memcmp(pp_retro_outcomes(q), pp_retro_outcomes(s), n) == 0, "trial %d", trial);
            CHECK_MSG(memcmp(pp_retro_remoteness(q), pp_retro_remoteness(s), n * sizeof(int32_t)) == 0, "trial %d",
                      trial);
            pp_retro_stats a, b;
            pp_retro_get_stats(q, &a);
            pp_retro_get_stats(s, &b);
            CHECK(b.queue_peak == 0);
            a.queue_peak = b.queue_peak = 0;
            CHECK_MSG(memcmp(&a, &b, sizeof a) == 0, "trial %d", trial);
            uint32_t cq = 0, cs = 0;
            int32_t *eq = events_but_degree(tq, &cq), *es = events_but_degree(ts, &cs);
            CHECK_MSG(eq && es && cq == cs && memcmp(eq, es, (size_t)cq * PP_TRACE_WORDS * sizeof *eq) == 0,
                      "trial %d: events", trial);
            free(eq);
            free(es);
            CHECK_MSG(causes_match_trace(s, ts), "trial %d: causes", trial);
        }
        pp_retro_free(q);
        pp_retro_free(s);
        pp_trace_free(tq);
        pp_trace_free(ts);
        pp_catmouse_free(g);
    }
}

static void reset_solver_answers_as_a_fresh_one(void)
{
    pp_retro *kept = NULL;
    pp_error err = {PP_OK, ""};
    /* big, small, bigger: buffers kept, then grown */
    int sizes[] = {40, 6, 25, 60, 3};
    for (int i = 0; i < 5; i++) {
        pp_catmouse *g = NULL;
        CHECK(pp_catmouse_random(sizes[i], 3, 5 + (uint64_t)i, &g, NULL) == PP_OK);
        if (!g) return;
        const pp_retro_game *game = pp_catmouse_retro(g);
        if (!kept) CHECK(pp_retro_new(game, NULL, &kept, &err) == PP_OK);
        else CHECK(pp_retro_reset(kept, game, NULL, &err) == PP_OK);
        run_to_end(kept, 100);
        pp_retro *fresh = solve_game(game, NULL, UINT64_MAX);
        CHECK_MSG(kept && fresh && same_results(kept, fresh), "solve %d (%d nodes)", i, sizes[i]);
        pp_retro_free(fresh);
        pp_catmouse_free(g);
    }
    CHECK(pp_retro_reset(kept, NULL, NULL, &err) == PP_ERR_ARG);
    CHECK(pp_retro_outcomes(kept) == NULL);
    pp_retro_free(kept);
}

void suite_retro_memory(void)
{
    RUN(derived_causes_are_the_bfs_causes);
    RUN(bulk_seeding_matches_per_state_info);
    RUN(packed_words_say_what_info_says);
    RUN(reverse_edges_in_rows_and_batches_match_one_by_one);
    RUN(untraced_row_loop_matches_the_reference);
    RUN(layer_scan_matches_the_queue);
    RUN(reset_solver_answers_as_a_fresh_one);
}
