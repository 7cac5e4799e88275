/* test_gdl_latch.c: the outcomes still reachable from a state
 * (gdl_latch_scores, c/gdl/gdl_latch.c) against every terminal actually
 * reachable from it, found by walking the enumerated state graph, at every
 * state of small games; and the search with its cut against the
 * retrograde solve. */
#include <stdlib.h>
#include <string.h>

#include "gdl_internal.h"
#include "gdl_kit.h"
#include "harness.h"

#define EXAMPLES "web/src/gdl/examples/"
#define GDL2QBF "tests/gdl/gdl2qbf/"

/* Every state's reachable terminal scores as a bit set (bit s: score s),
 * by a fixpoint over the graph's edges (it may go round). */
static uint8_t *reachable_scores(const pp_gdl_view *v)
{
    uint8_t *m = calloc(v->states ? v->states : 1, 1);
    if (!m) return NULL;
    for (uint32_t s = 0; s < v->states; s++)
        if (v->terminal[s]) {
            int32_t a = v->goals[(size_t)s * 2], b = v->goals[(size_t)s * 2 + 1];
            m[s] = (uint8_t)(1u << (a > b ? 2 : a < b ? 0 : 1));
        }
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint32_t s = 0; s < v->states; s++) {
            uint8_t x = m[s];
            for (int32_t e = v->offsets[s]; e < v->offsets[s + 1]; e++) x |= m[v->targets[e]];
            if (x != m[s]) m[s] = x, changed = 1;
        }
    }
    return m;
}

/* Sound at every state: each terminal score reachable lies within the
 * bounds. And it says something: the outcome is settled before the end at
 * some states of games whose lines get blocked. */
static void bounds_hold_at_every_state(void)
{
    static const struct {
        const char *file;
        int settles; /* some state that is not terminal has smin == smax */
    } cases[] = {
        {GDL2QBF "tic-tac-toe.gdl", 1},
        {EXAMPLES "tictactoe.kif", 0},
        {GDL2QBF "connect-3-4x4.gdl", 0},
        {EXAMPLES "nim.kif", 0},
        {EXAMPLES "chomp.kif", 0},
        {EXAMPLES "take21.kif", 0},
        {GDL2QBF "dots-and-boxes-2x2.gdl", 0},
        {GDL2QBF "break-through-2x5.gdl", 0},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        char *text = gdk_read(cases[c].file, NULL);
        gdk_solved x;
        pp_error err = {0};
        int ok = text && gdk_solve(text, &x, &err);
        CHECK_MSG(ok, "%s: %s", cases[c].file, err.msg);
        free(text);
        if (!ok) {
            gdk_free(&x);
            continue;
        }
        gdl_latch *l = gdl_latch_new(&x.g->net);
        uint8_t *m = reachable_scores(&x.v);
        CHECK(m != NULL);
        uint32_t settled = 0, said = 0;
        for (uint32_t s = 0; l && m && s < x.v.states; s++) {
            int lo, hi;
            if (!gdl_latch_scores(l, x.v.bits + (size_t)s * x.v.words, &lo, &hi)) continue;
            said++;
            for (int sc = 0; sc < 3; sc++)
                if (m[s] >> sc & 1)
                    CHECK_MSG(lo <= sc && sc <= hi, "%s state %u: score %d reachable, bounds %d..%d", cases[c].file, s,
                              sc, lo, hi);
            if (!x.v.terminal[s] && lo == hi) settled++;
        }
        if (cases[c].settles) {
            CHECK_MSG(l != NULL && said == x.v.states, "%s: bounds at %u of %u states", cases[c].file, said,
                      x.v.states);
            CHECK_MSG(settled > 0, "%s: no state settled before its end", cases[c].file);
        }
        free(m);
        gdl_latch_free(l);
        gdk_free(&x);
    }
}

/* A rule sheet where the first role's only line is blocked for good by the
 * second's first mark: from there the first role cannot win, which the
 * bounds say at once, two marks before the end. */
static void a_blocked_line_is_seen(void)
{
    static const char *rules =
        "(role x) (role o) (index 1) (index 2) (index 3)"
        "(init (cell 1 b)) (init (cell 2 b)) (init (cell 3 b)) (init (control x))"
        "(<= (legal ?p (mark ?i)) (true (control ?p)) (true (cell ?i b)))"
        "(<= (legal x noop) (true (control o))) (<= (legal o noop) (true (control x)))"
        "(<= (next (cell ?i ?p)) (does ?p (mark ?i)) (true (cell ?i b)))"
        "(<= (next (cell ?i ?c)) (true (cell ?i ?c)) (distinct ?c b))"
        "(<= (next (cell ?i b)) (true (cell ?i b)) (does ?p (mark ?j)) (distinct ?i ?j))"
        "(<= (next (control o)) (true (control x))) (<= (next (control x)) (true (control o)))"
        "(<= line (true (cell 1 x)) (true (cell 2 x)) (true (cell 3 x)))"
        "(<= open (true (cell ?i b)))"
        "(<= terminal (not open)) (<= terminal line)"
        "(<= (goal x 100) line) (<= (goal x 0) (not line)) (<= (goal o 0) line) (<= (goal o 100) (not line))";
    pp_gdl *g = NULL;
    pp_error err = {0};
    CHECK_MSG(pp_gdl_parse(rules, strlen(rules), &g, &err) == PP_OK, "%s", err.msg);
    if (!g) return;
    gdl_latch *l = gdl_latch_new(&g->net);
    CHECK(l != NULL);
    uint32_t W = pp_gdl_state_words(g);
    uint64_t *a = calloc(W, 8), *b = calloc(W, 8);
    int lo = -1, hi = -1;
    if (l && a && b && pp_gdl_init_state(g, a) == PP_OK) {
        CHECK(gdl_latch_scores(l, a, &lo, &hi) && lo == 0 && hi == 2); /* the start: either */
        pp_gdl_turn t;
        /* x marks 1, o marks 2: the line is blocked */
        CHECK(pp_gdl_turn_of(g, a, &t, &err) == PP_OK && pp_gdl_turn_play(g, a, 0, b, &err) == PP_OK);
        CHECK(gdl_latch_scores(l, b, &lo, &hi) && lo == 0 && hi == 2);
        CHECK(pp_gdl_turn_of(g, b, &t, &err) == PP_OK && t.moves == 2 && pp_gdl_turn_play(g, b, 0, a, &err) == PP_OK);
        CHECK_MSG(gdl_latch_scores(l, a, &lo, &hi) && lo == 0 && hi == 0, "after the block: %d..%d", lo, hi);
    }
    free(a), free(b);
    gdl_latch_free(l);
    pp_gdl_free(g);
}

/* The search with the cut (the option frozen) against the retrograde solve,
 * at the start and at states spread over the graph. */
static void search_with_the_cut_agrees(void)
{
    static const char *files[] = {GDL2QBF "tic-tac-toe.gdl", GDL2QBF "connect-3-4x4.gdl",
                                  GDL2QBF "dots-and-boxes-2x2.gdl", EXAMPLES "tictactoe.kif"};
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        char *text = gdk_read(files[f], NULL);
        gdk_solved x;
        pp_error err = {0};
        int ok = text && gdk_solve(text, &x, &err);
        CHECK_MSG(ok, "%s: %s", files[f], err.msg);
        free(text);
        uint32_t step = ok && x.v.states > 40 ? x.v.states / 40 : 1;
        for (uint32_t st = 0; ok && st < x.v.states; st += step) {
            pp_gdl_search *s = NULL;
            pp_gdl_search_options o = {.frozen = 1};
            int done = 0;
            pp_gdl_search_result r;
            CHECK_MSG(pp_gdl_search_new(x.g, x.v.bits + (size_t)st * x.v.words, &o, &s, &err) == PP_OK &&
                          pp_gdl_search_run(s, 0, &done, &err) == PP_OK && done,
                      "%s state %u: %s", files[f], st, err.msg);
            pp_gdl_search_get(s, &r);
            CHECK_MSG(r.solved && r.outcome == x.v.outcome[st], "%s state %u: search %d, retrograde %d", files[f], st,
                      r.outcome, x.v.outcome[st]);
            pp_gdl_search_free(s);
        }
        gdk_free(&x);
    }
}

void suite_gdl_latch(void)
{
    RUN(bounds_hold_at_every_state);
    RUN(search_with_the_cut_agrees);
    RUN(a_blocked_line_is_seen);
}
