/* test_gdl_search.c: GDL games searched from one state (pp_gdl_search_*)
 * against the retrograde solve of their whole state graph: at the start and
 * at random reachable states, on the examples and on the small games of the
 * gdl2qbf paper's table (tests/gdl/gdl2qbf, MIT); a node budget that runs
 * out and is resumed; a table too small for the game; rules problems met
 * only by searching; a search in steps against one run. */
#include <stdlib.h>
#include <string.h>

#include "gdl_kit.h"
#include "harness.h"

#define EXAMPLES "web/src/gdl/examples/"
#define GDL2QBF "tests/gdl/gdl2qbf/"

static uint64_t rng_state = 0x243F6A8885A308D3ull;
static uint32_t rnd(uint32_t n)
{
    rng_state ^= rng_state << 13, rng_state ^= rng_state >> 7, rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state % n);
}

/* Searches from bits (NULL: the start) to the end by the algorithm; 0 when
 * it failed. */
static int search_by(pp_gdl *g, const uint64_t *bits, uint64_t max_bytes, int algo, uint64_t dfpn_nodes,
                     pp_gdl_search_result *r, pp_error *err)
{
    pp_gdl_search *s = NULL;
    pp_gdl_search_options o = {.max_bytes = max_bytes, .algo = algo, .dfpn_nodes = dfpn_nodes};
    int done = 0;
    pp_status st = pp_gdl_search_new(g, bits, &o, &s, err);
    if (!st) st = pp_gdl_search_run(s, 0, &done, err);
    pp_gdl_search_get(s, r);
    pp_gdl_search_free(s);
    return !st && done && r->solved;
}

static int search(pp_gdl *g, const uint64_t *bits, uint64_t max_bytes, pp_gdl_search_result *r, pp_error *err)
{
    return search_by(g, bits, max_bytes, PP_GDL_SEARCH_ALPHABETA, 0, r, err);
}

/* The search's answer at state x against the retrograde solve's: by
 * alpha-beta, by df-pn, and by auto with a df-pn pass of 200 nodes (often
 * cut short, so that alpha-beta finishes from the table df-pn left). */
static void agree_at(gdk_solved *x, uint32_t st, uint64_t max_bytes, const char *name)
{
    static const int algos[] = {PP_GDL_SEARCH_ALPHABETA, PP_GDL_SEARCH_DFPN, PP_GDL_SEARCH_AUTO};
    for (int a = 0; a < (x->v.kind == PP_GDL_PUZZLE ? 1 : 3); a++) {
        pp_gdl_search_result r;
        pp_error err = {0};
        int ok = search_by(x->g, x->v.bits + (size_t)st * x->v.words, max_bytes, algos[a], 200, &r, &err);
        CHECK_MSG(ok, "%s state %u algo %d: %s", name, st, algos[a], err.msg);
        if (!ok) return;
        if (x->v.kind == PP_GDL_PUZZLE) {
            CHECK_MSG(r.goal == x->v.value[st] && r.moves == x->v.remoteness[st],
                      "%s state %u: search goal %d in %d moves, retrograde %d in %d", name, st, r.goal, r.moves,
                      x->v.value[st], x->v.remoteness[st]);
        } else {
            CHECK_MSG(r.outcome == x->v.outcome[st], "%s state %u algo %d: search %d, retrograde %d", name, st,
                      algos[a], r.outcome, x->v.outcome[st]);
        }
    }
}

static void crosscheck(const char *path, int samples, int outcome, uint64_t max_bytes)
{
    size_t len;
    char *text = gdk_read(path, &len);
    CHECK_MSG(text != NULL, "cannot read %s", path);
    if (!text) return;
    gdk_solved x;
    pp_error err = {0};
    int ok = gdk_solve(text, &x, &err);
    CHECK_MSG(ok, "%s: %s", path, err.msg);
    if (ok) {
        if (outcome >= 0) CHECK_MSG(x.v.outcome[0] == outcome, "%s: retrograde says %d", path, x.v.outcome[0]);
        agree_at(&x, 0, max_bytes, path);
        for (int k = 0; k < samples; k++) agree_at(&x, rnd(x.v.states), max_bytes, path);
    }
    gdk_free(&x);
    free(text);
}

static void examples_agree(void)
{
    static const char *files[] = {"tictactoe.kif", "nim.kif", "take21.kif", "connect3.kif", "chomp.kif", "hanoi.kif"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[256];
        snprintf(path, sizeof path, EXAMPLES "%s", files[i]);
        crosscheck(path, 25, -1, 0);
    }
}

/* The small games of the paper's table, with the values our retrograde
 * solve finds for them (the same as the paper's). */
static void gdl2qbf_agree(void)
{
    crosscheck(GDL2QBF "break-through-2x5.gdl", 20, PP_WIN1, 0);
    crosscheck(GDL2QBF "break-through-3x4.gdl", 20, PP_WIN1, 0);
    crosscheck(GDL2QBF "connect-3-4x4.gdl", 20, PP_WIN0, 0);
    crosscheck(GDL2QBF "dots-and-boxes-2x2.gdl", 20, PP_WIN0, 0);
    crosscheck(GDL2QBF "tic-tac-toe.gdl", 20, PP_DRAW, 0);
}

/* A table of the smallest size (1,024 entries) for a game of 41,750
 * states: entries are replaced all the time, hits still exact. */
static void tiny_table(void)
{
    crosscheck(GDL2QBF "connect-3-4x4.gdl", 5, PP_WIN0, 1);
    crosscheck(EXAMPLES "tictactoe.kif", 5, PP_DRAW, 1);
}

/* A node budget that runs out says so with what is proven; run again, the
 * search goes on to the same answer. */
static void budget_resumes(void)
{
    size_t len;
    char *text = gdk_read(GDL2QBF "break-through-3x4.gdl", &len);
    CHECK(text != NULL);
    if (!text) return;
    pp_gdl *g = NULL;
    pp_error err = {0};
    CHECK(pp_gdl_parse(text, len, &g, &err) == PP_OK);
    pp_gdl_search *s = NULL;
    CHECK(pp_gdl_search_new(g, NULL, NULL, &s, &err) == PP_OK);
    int done = 0, rounds = 0;
    pp_gdl_search_result r;
    while (s && !done && rounds < 10000) {
        CHECK(pp_gdl_search_run(s, 500, &done, &err) == PP_OK);
        pp_gdl_search_get(s, &r);
        CHECK(r.lo <= r.hi && (done || !r.solved));
        rounds++;
    }
    pp_gdl_search_get(s, &r);
    CHECK(rounds > 1);
    CHECK(r.solved && r.outcome == PP_WIN1 && r.lo == 0 && r.hi == 0);
    CHECK(r.pv_len >= 1);
    pp_gdl_search_free(s);
    pp_gdl_free(g);
    free(text);
}

/* Runs a search to its end in steps of step nodes (0: one run); its result,
 * the calls made and the best move into *r, *calls and mv. 0 on failure. */
static int run_in_steps(pp_gdl *g, int algo, uint64_t step, pp_gdl_search_result *r, int *calls, char *mv, size_t size)
{
    pp_gdl_search *s = NULL;
    pp_error err = {0};
    pp_gdl_search_options o = {.max_bytes = 64u << 20, .algo = algo, .dfpn_nodes = 300};
    int done = 0, ok = pp_gdl_search_new(g, NULL, &o, &s, &err) == PP_OK;
    *calls = 0;
    while (ok && !done && *calls < 200000) {
        ok = pp_gdl_search_run(s, step, &done, &err) == PP_OK;
        ++*calls;
    }
    CHECK_MSG(ok && done, "%s", err.msg);
    pp_gdl_search_get(s, r);
    mv[0] = '\0';
    if (r->pv_len) pp_gdl_search_move(s, 0, NULL, mv, size);
    pp_gdl_search_free(s);
    return ok && done;
}

/* A search run in steps (the page's, a few thousand nodes each) takes up the
 * line each step stopped on: it visits exactly the nodes one run visits and
 * answers with the same best move and outcome, for alpha-beta, for auto (df-pn
 * first) and for a puzzle. Steps of prime sizes stop at every kind of node. */
static void steps_replay_one_run(void)
{
    static const char *files[] = {GDL2QBF "connect-3-5x5.gdl", GDL2QBF "break-through-3x4.gdl",
                                  GDL2QBF "dots-and-boxes-2x2.gdl", EXAMPLES "tictactoe.kif"};
    static const int algos[] = {PP_GDL_SEARCH_ALPHABETA, PP_GDL_SEARCH_AUTO};
    static const uint64_t steps[] = {1, 97, 2003};
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        size_t len;
        char *text = gdk_read(files[f], &len);
        CHECK_MSG(text != NULL, "%s", files[f]);
        pp_gdl *g = NULL;
        pp_error err = {0};
        if (!text || pp_gdl_parse(text, len, &g, &err) != PP_OK) {
            CHECK_MSG(0, "%s: %s", files[f], err.msg);
            free(text);
            continue;
        }
        for (size_t a = 0; a < 2; a++) {
            pp_gdl_search_result one, r;
            char mv1[128], mv[128];
            int calls;
            if (!run_in_steps(g, algos[a], 0, &one, &calls, mv1, sizeof mv1)) continue;
            for (size_t k = 0; k < sizeof steps / sizeof *steps; k++) {
                if (steps[k] == 1 && one.nodes > 15000) continue; /* a call a node: kept short */
                if (steps[k] >= one.nodes) continue;              /* one step would be the whole run */
                if (!run_in_steps(g, algos[a], steps[k], &r, &calls, mv, sizeof mv)) continue;
                CHECK_MSG(calls > 1, "%s: one call of %llu nodes", files[f], (unsigned long long)steps[k]);
                CHECK_MSG(r.outcome == one.outcome && r.lo == one.lo && r.hi == one.hi, "%s algo %d step %llu: outcome",
                          files[f], algos[a], (unsigned long long)steps[k]);
                CHECK_MSG(strcmp(mv, mv1) == 0, "%s algo %d step %llu: best move %s, one run %s", files[f], algos[a],
                          (unsigned long long)steps[k], mv, mv1);
                /* df-pn's pass starts again from the root at each step (its
                 * numbers are in the table): a few more nodes there */
                if (algos[a] == PP_GDL_SEARCH_ALPHABETA)
                    CHECK_MSG(r.nodes == one.nodes, "%s step %llu: %llu nodes, one run %llu", files[f],
                              (unsigned long long)steps[k], (unsigned long long)r.nodes, (unsigned long long)one.nodes);
            }
        }
        pp_gdl_free(g);
        free(text);
    }
    /* a puzzle: 12 moves along a line, with a dead end beside it */
    static const char *puzzle =
        "(role r) (init (at 0)) (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4) (succ 4 5) (succ 5 6) (succ 6 7)"
        "(succ 7 8) (succ 8 9) (succ 9 10) (succ 10 11) (succ 11 12)"
        "(<= (legal r fwd) (true (at ?x)) (succ ?x ?y)) (<= (legal r back) (true (at ?y)) (succ ?x ?y))"
        "(<= (legal r stay) (true (at ?x)))"
        "(<= (next (at ?y)) (does r fwd) (true (at ?x)) (succ ?x ?y))"
        "(<= (next (at ?x)) (does r back) (true (at ?y)) (succ ?x ?y))"
        "(<= (next (at ?x)) (does r stay) (true (at ?x)))"
        "(<= terminal (true (at 12))) (<= (goal r 100) (true (at 12))) (<= (goal r 0) (not (true (at 12))))";
    pp_gdl *g = NULL;
    pp_error err = {0};
    CHECK_MSG(pp_gdl_parse(puzzle, strlen(puzzle), &g, &err) == PP_OK, "%s", err.msg);
    pp_gdl_search_result one, r;
    char mv1[64], mv[64];
    int calls;
    if (g && run_in_steps(g, PP_GDL_SEARCH_ALPHABETA, 0, &one, &calls, mv1, sizeof mv1)) {
        CHECK(one.moves == 12 && one.goal == 100);
        for (uint64_t step = 1; step <= 7; step += 3)
            if (run_in_steps(g, PP_GDL_SEARCH_ALPHABETA, step, &r, &calls, mv, sizeof mv)) {
                CHECK(calls > 1);
                CHECK_MSG(r.moves == 12 && r.goal == 100 && r.nodes == one.nodes && strcmp(mv, mv1) == 0,
                          "step %llu: %d moves, %llu nodes (one run %llu)", (unsigned long long)step, r.moves,
                          (unsigned long long)r.nodes, (unsigned long long)one.nodes);
            }
    }
    pp_gdl_free(g);
}

/* Puzzles: the fewest moves to the best goal, a best goal out of reach
 * (the next one answers), and no terminal at all. */
static void puzzles(void)
{
    static const struct {
        const char *rules;
        int32_t goal, moves;
    } cases[] = {
        /* a line 0..4: from 0, 4 is goal 100 in 4 moves; 2 is terminal with 50 */
        {"(role r) (init (at 0)) (succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4)"
         "(<= (legal r fwd) (true (at ?x)) (succ ?x ?y)) (<= (legal r stay) (true (at ?x)))"
         "(<= (next (at ?y)) (does r fwd) (true (at ?x)) (succ ?x ?y))"
         "(<= (next (at ?x)) (does r stay) (true (at ?x)))"
         "(<= terminal (true (at 4))) (<= (goal r 100) (true (at 4))) (<= (goal r 0) (not (true (at 4))))",
         100, 4},
        /* the best goal (100) is never reachable: 50 in one move */
        {"(role r) (init a) (<= (legal r go) (true a)) (<= (next b) (does r go))"
         "(<= terminal (true b)) (<= (goal r 50) (true b)) (<= (goal r 100) (true c))",
         50, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pp_gdl *g = NULL;
        pp_error err = {0};
        CHECK_MSG(pp_gdl_parse(cases[i].rules, strlen(cases[i].rules), &g, &err) == PP_OK, "%s", err.msg);
        pp_gdl_search_result r;
        int ok = g && search(g, NULL, 0, &r, &err);
        CHECK_MSG(ok, "case %zu: %s", i, err.msg);
        if (ok)
            CHECK_MSG(r.goal == cases[i].goal && r.moves == cases[i].moves, "case %zu: goal %d in %d", i, r.goal,
                      r.moves);
        pp_gdl_free(g);
    }
}

/* What enumerating reports as a diagnostic, the search reports too, with
 * the role's line and column: simultaneous moves, a role without a move. */
static void rules_problems(void)
{
    static const struct {
        const char *rules, *message;
    } cases[] = {
        {"(role r) (role s) (init (p)) (<= (legal ?x a) (role ?x)) (<= (legal ?x b) (role ?x))"
         "(<= (next (q)) (true (p))) (<= terminal (true (q))) (<= (goal ?x 50) (role ?x))",
         "simultaneous moves"},
        {"(role r) (role s) (init (p)) (<= (legal r a) (true (p))) (<= (legal s noop) (true (p)))"
         "(<= (next (q)) (true (p))) (<= terminal (true (z))) (<= (goal r 100) (true (q)))"
         "(<= (goal r 0) (not (true (q)))) (<= (goal s 50) (role s))", /* the outcome hangs on q's state */
         "no legal move"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pp_gdl *g = NULL;
        pp_error err = {0};
        CHECK_MSG(pp_gdl_parse(cases[i].rules, strlen(cases[i].rules), &g, &err) == PP_OK, "%s", err.msg);
        pp_gdl_search *s = NULL;
        int done = 0;
        pp_status st = pp_gdl_search_new(g, NULL, NULL, &s, &err);
        if (!st) st = pp_gdl_search_run(s, 0, &done, &err);
        CHECK_MSG(st == PP_ERR_INPUT, "case %zu: status %d", i, st);
        CHECK_CONTAINS(err.msg, cases[i].message);
        CHECK_CONTAINS(err.msg, "line 1, column");
        pp_gdl_search_free(s);
        pp_gdl_free(g);
    }
}

/* A game whose positions go round (three places on a ring; the role to
 * move steps on; the first role may stop on the third place once it has
 * been passed, and wins): df-pn meets a state again on its own line (the
 * first role's choice at the third place has the state of the line's
 * fourth ply as a child, whatever the move order), gives up, and alpha-beta
 * answers (the first role wins: it stops on its third move); it agrees
 * with the retrograde solve at every state. */
static void cycle_goes_to_alphabeta(void)
{
    static const char *rules = "(role a) (role b) (init (at 0)) (init (control a)) (init (running))"
                               "(ring 0 1) (ring 1 2) (ring 2 0) (other a b) (other b a)"
                               "(<= (legal a stop) (true (control a)) (true (running)) (true (at 2)) (true (passed)))"
                               "(<= (legal ?r go) (true (control ?r)) (true (running)))"
                               "(<= (legal ?r noop) (role ?r) (not (true (control ?r))))"
                               "(<= (next (at ?y)) (does ?r go) (true (at ?x)) (ring ?x ?y))"
                               "(<= (next (at ?x)) (does ?r stop) (true (at ?x)))"
                               "(<= (next (control ?s)) (true (control ?r)) (other ?r ?s))"
                               "(<= (next (running)) (does ?r go))"
                               "(<= (next (passed)) (true (at 2))) (<= (next (passed)) (true (passed)))"
                               "(<= (next (stopper ?r)) (does ?r stop))"
                               "(<= terminal (not (true (running))))"
                               "(<= (wins ?r) (true (stopper ?r)) (true (at 2)))"
                               "(<= (wins ?r) (true (stopper ?s)) (other ?r ?s) (not (true (at 2))))"
                               "(<= (goal ?r 100) (wins ?r)) (<= (goal ?r 0) (role ?r) (not (wins ?r)))";
    pp_gdl *g = NULL;
    pp_error err = {0};
    CHECK_MSG(pp_gdl_parse(rules, strlen(rules), &g, &err) == PP_OK, "%s", err.msg);
    for (int a = 0; g && a < 3; a++) {
        pp_gdl_search_result r;
        int ok = search_by(g, NULL, 0, a, 3, &r, &err);
        CHECK_MSG(ok, "algo %d: %s", a, err.msg);
        CHECK_MSG(ok && r.outcome == PP_WIN0, "algo %d: outcome %d", a, r.outcome);
        CHECK(r.answered_by == PP_GDL_SEARCH_ALPHABETA);
    }
    gdk_solved x;
    int ok = gdk_solve(rules, &x, &err);
    CHECK_MSG(ok, "%s", err.msg);
    if (ok) {
        CHECK(x.v.outcome[0] == PP_WIN0);
        for (uint32_t st = 0; st < x.v.states; st++) agree_at(&x, st, 0, "ring");
    }
    gdk_free(&x);
    pp_gdl_free(g);
}

/* The rules in a file, parsed (NULL, after a failed check, when not) */
static pp_gdl *parse_file(const char *path)
{
    pp_error err;
    pp_gdl *g = gdk_parse_file(path, &err);
    CHECK_MSG(g != NULL, "%s: %s", path, err.msg);
    return g;
}

/* df-pn's line: the winning first move and a line that ends the game. */
static void dfpn_line(void)
{
    pp_gdl *g = parse_file(GDL2QBF "connect-3-4x4.gdl");
    pp_error err = {0};
    pp_gdl_search_result r;
    int ok = g && search_by(g, NULL, 0, PP_GDL_SEARCH_DFPN, 0, &r, &err);
    CHECK_MSG(ok, "%s", err.msg);
    if (ok) {
        CHECK(r.outcome == PP_WIN0 && r.answered_by == PP_GDL_SEARCH_DFPN);
        CHECK(r.pv_len >= 5); /* three in a row takes five moves at least */
    }
    pp_gdl_free(g);
}

/* The move order's win weights (gdl_search.c, win_weights): generalized
 * tic-tac-toe with the tippy shape, a first role's win found only by a
 * search to the end, takes 15,272 nodes with them and 176,553 with the
 * killers and history alone; the bound sits between, so it fails when the
 * weights are lost (a node count does not depend on the machine). */
static void win_weights_order(void)
{
    pp_gdl *g = parse_file(GDL2QBF "gttt-4x4-1-1-tippy.gdl");
    pp_error err = {0};
    pp_gdl_search_result r;
    int ok = g && search(g, NULL, 0, &r, &err);
    CHECK_MSG(ok, "%s", err.msg);
    if (ok) {
        CHECK(r.outcome == PP_WIN0);
        CHECK_MSG(r.nodes < 40000, "%llu nodes", (unsigned long long)r.nodes);
    }
    pp_gdl_free(g);
}

/* One search kept through a played game (random moves from the start), re-
 * rooted at each position as the page's play does: its answer there equals
 * a fresh search's and the retrograde solve's, by each algorithm. */
static void reroot_follows_a_game(void)
{
    static const char *files[] = {EXAMPLES "tictactoe.kif", EXAMPLES "connect3.kif", EXAMPLES "hanoi.kif",
                                  GDL2QBF "connect-3-4x4.gdl"};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        size_t len;
        char *text = gdk_read(files[f], &len);
        CHECK_MSG(text != NULL, "cannot read %s", files[f]);
        gdk_solved x;
        pp_error err = {0};
        int ok = text && gdk_solve(text, &x, &err);
        CHECK_MSG(ok, "%s: %s", files[f], err.msg);
        int nalgo = ok && x.v.kind == PP_GDL_PUZZLE ? 1 : 3;
        for (int a = 0; ok && a < nalgo; a++) {
            uint32_t W = pp_gdl_state_words(x.g);
            uint64_t *cur = calloc(W, 8), *nxt = calloc(W, 8);
            pp_gdl_search *s = NULL;
            pp_gdl_search_options o = {.algo = a, .dfpn_nodes = 200};
            CHECK(cur && nxt && pp_gdl_init_state(x.g, cur) == PP_OK);
            CHECK_MSG(pp_gdl_search_new(x.g, cur, &o, &s, &err) == PP_OK, "%s", err.msg);
            for (int ply = 0; s && cur && nxt; ply++) {
                uint32_t st = 0;
                while (st < x.v.states && memcmp(x.v.bits + (size_t)st * x.v.words, cur, (size_t)W * 8)) st++;
                CHECK_MSG(st < x.v.states, "%s ply %d: the played state is not in the graph", files[f], ply);
                if (st >= x.v.states) break;
                int done = 0;
                pp_gdl_search_result kept, fresh;
                if (ply) CHECK_MSG(pp_gdl_search_reroot(s, cur, &err) == PP_OK, "%s", err.msg);
                CHECK_MSG(pp_gdl_search_run(s, 0, &done, &err) == PP_OK && done, "%s ply %d: %s", files[f], ply,
                          err.msg);
                pp_gdl_search_get(s, &kept);
                CHECK_MSG(kept.solved, "%s ply %d algo %d: not solved after reroot", files[f], ply, a);
                CHECK(search_by(x.g, cur, 0, a, 200, &fresh, &err));
                if (x.v.kind == PP_GDL_PUZZLE) {
                    CHECK_MSG(kept.goal == x.v.value[st] && kept.moves == x.v.remoteness[st] &&
                                  fresh.goal == kept.goal && fresh.moves == kept.moves,
                              "%s ply %d: kept %d in %d, fresh %d in %d, retrograde %d in %d", files[f], ply, kept.goal,
                              kept.moves, fresh.goal, fresh.moves, x.v.value[st], x.v.remoteness[st]);
                } else {
                    CHECK_MSG(kept.outcome == x.v.outcome[st] && fresh.outcome == kept.outcome,
                              "%s ply %d algo %d: kept %d, fresh %d, retrograde %d", files[f], ply, a, kept.outcome,
                              fresh.outcome, x.v.outcome[st]);
                }
                pp_gdl_turn t;
                if (pp_gdl_turn_of(x.g, cur, &t, &err) != PP_OK || t.terminal || !t.moves) break;
                if (pp_gdl_turn_play(x.g, cur, rnd(t.moves), nxt, &err) != PP_OK) break;
                uint64_t *tmp = cur;
                cur = nxt, nxt = tmp;
            }
            pp_gdl_search_free(s);
            free(cur), free(nxt);
        }
        if (ok || text) gdk_free(&x);
        free(text);
    }
}

/* The table keeps one state of each orbit under the rules' symmetries, its
 * move in the orbit's frame: the best move the search gives back, mapped to
 * the state searched, keeps the retrograde value at random states, by each
 * algorithm; and the answers match those of a search keying states as
 * they are. */
static void symmetric_table_moves(void)
{
    static const char *files[] = {EXAMPLES "tictactoe.kif", GDL2QBF "connect-3-4x4.gdl",
                                  GDL2QBF "break-through-2x5.gdl"};
    static const int algos[] = {PP_GDL_SEARCH_ALPHABETA, PP_GDL_SEARCH_DFPN};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char *text = gdk_read(files[f], NULL);
        CHECK_MSG(text != NULL, "cannot read %s", files[f]);
        gdk_solved x;
        pp_error err = {0};
        int ok = text && gdk_solve(text, &x, &err);
        CHECK_MSG(ok, "%s: %s", files[f], err.msg);
        uint32_t W = ok ? pp_gdl_state_words(x.g) : 0;
        uint64_t *nxt = ok ? calloc(W, 8) : NULL;
        int checked = 0;
        for (int k = 0; ok && nxt && k < 40; k++) {
            uint32_t st = k ? rnd(x.v.states) : 0;
            const uint64_t *bits = x.v.bits + (size_t)st * x.v.words;
            if (x.v.terminal[st]) continue;
            for (int a = 0; a < 2; a++) {
                pp_gdl_search_result r, plain;
                pp_gdl_search *s = NULL, *p = NULL;
                pp_gdl_search_options o = {.algo = algos[a]}, op = {.algo = algos[a], .no_symmetry = 1};
                int done = 0, pdone = 0;
                CHECK(pp_gdl_search_new(x.g, bits, &o, &s, &err) == PP_OK &&
                      pp_gdl_search_run(s, 0, &done, &err) == PP_OK);
                CHECK(pp_gdl_search_new(x.g, bits, &op, &p, &err) == PP_OK &&
                      pp_gdl_search_run(p, 0, &pdone, &err) == PP_OK);
                pp_gdl_search_get(s, &r);
                pp_gdl_search_get(p, &plain);
                CHECK_MSG(r.symmetries > 1 && plain.symmetries == 1, "%s: %u symmetries used, %u without", files[f],
                          r.symmetries, plain.symmetries);
                CHECK_MSG(done && pdone && r.outcome == x.v.outcome[st] && plain.outcome == r.outcome,
                          "%s state %u algo %d: %d with symmetries, %d without, retrograde %d", files[f], st, algos[a],
                          r.outcome, plain.outcome, x.v.outcome[st]);
                char best[128], name[128];
                pp_gdl_turn t;
                CHECK(r.pv_len > 0 && pp_gdl_turn_of(x.g, bits, &t, &err) == PP_OK);
                if (r.pv_len && pp_gdl_search_move(s, 0, NULL, best, sizeof best) > 0) {
                    uint32_t i = 0;
                    while (i < t.moves &&
                           (pp_gdl_turn_move(x.g, bits, i, name, sizeof name) <= 0 || strcmp(name, best)))
                        i++;
                    CHECK_MSG(i < t.moves, "%s state %u: the best move %s is not legal there", files[f], st, best);
                    if (i < t.moves && pp_gdl_turn_play(x.g, bits, i, nxt, &err) == PP_OK) {
                        uint32_t c = 0;
                        while (c < x.v.states && memcmp(x.v.bits + (size_t)c * x.v.words, nxt, (size_t)W * 8)) c++;
                        CHECK_MSG(c < x.v.states && x.v.outcome[c] == x.v.outcome[st],
                                  "%s state %u algo %d: the best move %s leads to outcome %d, the state's is %d",
                                  files[f], st, algos[a], best, c < x.v.states ? x.v.outcome[c] : -1, x.v.outcome[st]);
                        checked++;
                    }
                }
                pp_gdl_search_free(s);
                pp_gdl_search_free(p);
            }
        }
        CHECK_MSG(checked >= 40, "%s: %d best moves checked", files[f], checked);
        free(nxt);
        if (ok || text) gdk_free(&x);
        free(text);
    }
}

void suite_gdl_search(void)
{
    RUN(examples_agree);
    RUN(gdl2qbf_agree);
    RUN(tiny_table);
    RUN(budget_resumes);
    RUN(steps_replay_one_run);
    RUN(puzzles);
    RUN(rules_problems);
    RUN(cycle_goes_to_alphabeta);
    RUN(dfpn_line);
    RUN(win_weights_order);
    RUN(reroot_follows_a_game);
    RUN(symmetric_table_moves);
}
