/* test_gdl.c: games in the Game Description Language: the examples solved
 * (tic-tac-toe against the hand-coded one, Nim against the nim-sum rule,
 * connect four on 4 x 4 against the Connect Four solver), the retrograde
 * values against alpha-beta on the same rules, every check's diagnostic
 * with its line and column, and limits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gdl_kit.h"
#include "harness.h"
#include "perfect_play.h"

#define EXAMPLES "web/src/gdl/examples/"

/* Alpha-beta (with a table) on the rules from a state's bits. */
static int32_t ab_value(pp_gdl *g, const uint64_t *bits, int *ok)
{
    pp_gdl_game *a = NULL;
    pp_error err = {0};
    pp_ab_result r;
    pp_ab_options o;
    pp_ab_defaults(&o);
    o.tt = 1;
    *ok = pp_gdl_game_new(g, bits, &a, &err) == PP_OK && pp_ab_solve(pp_gdl_game_of(a), &o, NULL, &r, &err) == PP_OK;
    if (!*ok) printf("  alpha-beta: %s\n", err.msg);
    pp_gdl_game_free(a);
    return *ok ? r.value : 0;
}

static uint64_t rng_state = 88172645463325252ull;
static uint32_t rnd(uint32_t n)
{
    rng_state ^= rng_state << 13, rng_state ^= rng_state >> 7, rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state % n);
}

/* Retrograde against alpha-beta at the root and at random reachable states. */
static void check_against_alphabeta(gdk_solved *x, int samples, const char *name)
{
    int ok;
    int32_t v = ab_value(x->g, NULL, &ok);
    CHECK_MSG(ok && v == x->v.value[0], "%s: alpha-beta %d, retrograde %d", name, v, x->v.value[0]);
    for (int k = 0; k < samples; k++) {
        uint32_t s = rnd(x->v.states);
        v = ab_value(x->g, x->v.bits + (size_t)s * x->v.words, &ok);
        CHECK_MSG(ok && v == x->v.value[s], "%s state %u: alpha-beta %d, retrograde %d", name, s, v, x->v.value[s]);
    }
}

static void examples(void)
{
    static const struct {
        const char *file;
        int kind, outcome;
        int32_t value;
        int32_t remoteness; /* -2: not checked */
    } ex[] = {
        {"tictactoe.kif", PP_GDL_TURNS, PP_DRAW, 50, -1}, {"nim.kif", PP_GDL_TURNS, PP_WIN0, 100, -2},
        {"take21.kif", PP_GDL_TURNS, PP_WIN0, 100, -2},   {"connect3.kif", PP_GDL_TURNS, PP_WIN0, 100, -2},
        {"chomp.kif", PP_GDL_TURNS, PP_WIN0, 100, -2},    {"hanoi.kif", PP_GDL_PUZZLE, PP_WIN0, 100, 7},
    };
    for (size_t i = 0; i < sizeof ex / sizeof ex[0]; i++) {
        char path[256];
        size_t len;
        snprintf(path, sizeof path, EXAMPLES "%s", ex[i].file);
        char *text = gdk_read(path, &len);
        CHECK_MSG(text != NULL, "cannot read %s", path);
        if (!text) continue;
        pp_gdl_diag d[4];
        CHECK_MSG(pp_gdl_check(text, len, 0, d, 4) == 0, "%s: %s", ex[i].file, d[0].msg);
        gdk_solved x;
        pp_error err = {0};
        int ok = gdk_solve(text, &x, &err);
        CHECK_MSG(ok, "%s: %s", ex[i].file, err.msg);
        if (ok) {
            CHECK_EQ_INT(x.v.kind, ex[i].kind);
            CHECK_MSG(x.v.outcome[0] == ex[i].outcome, "%s: outcome %d", ex[i].file, x.v.outcome[0]);
            CHECK_MSG(x.v.value[0] == ex[i].value, "%s: value %d", ex[i].file, x.v.value[0]);
            if (ex[i].remoteness != -2) CHECK_EQ_INT(x.v.remoteness[0], ex[i].remoteness);
            /* BFS order: depth never decreases, state 0 is the start */
            int sorted = x.v.depth[0] == 0;
            for (uint32_t s = 1; s < x.v.states; s++) sorted &= x.v.depth[s] >= x.v.depth[s - 1];
            CHECK(sorted);
            check_against_alphabeta(&x, 12, ex[i].file);
        }
        gdk_free(&x);
        free(text);
    }
}

/* GDL tic-tac-toe against the hand-coded one: 5,478 states, 958 of them
 * terminal, and the value of every sampled state. */
static void tictactoe_crosscheck(void)
{
    size_t len;
    char *text = gdk_read(EXAMPLES "tictactoe.kif", &len);
    CHECK(text != NULL);
    if (!text) return;
    gdk_solved x;
    pp_error err = {0};
    int ok = gdk_solve(text, &x, &err);
    CHECK_MSG(ok, "%s", err.msg);
    if (ok) {
        CHECK_EQ_INT(x.v.states, 5478);
        CHECK_EQ_INT(x.v.terminal_states, 958);
        uint32_t nb = pp_gdl_base_count(x.g);
        for (int k = 0; k < 200; k++) {
            uint32_t s = k == 0 ? 0 : rnd(x.v.states);
            char cells[10] = ".........";
            int to_move = 0;
            for (uint32_t b = 0; b < nb; b++) {
                if (!(x.v.bits[(size_t)s * x.v.words + (b >> 6)] >> (b & 63) & 1)) continue;
                char name[64];
                int r, c;
                char v;
                pp_gdl_base_name(x.g, b, name, sizeof name);
                if (sscanf(name, "(cell %d %d %c)", &r, &c, &v) == 3 && v != 'b')
                    cells[(r - 1) * 3 + (c - 1)] = (char)(v == 'x' ? 'X' : 'O');
                if (strcmp(name, "(control oplayer)") == 0) to_move = 1;
            }
            pp_ttt *t = NULL;
            pp_ab_result r;
            ok = pp_ttt_from_cells(3, cells, to_move, &t, &err) == PP_OK &&
                 pp_ab_solve(pp_ttt_game(t), NULL, NULL, &r, &err) == PP_OK;
            CHECK_MSG(ok, "%s: %s", cells, err.msg);
            int want = !ok ? -1 : r.value > 0 ? PP_WIN0 : r.value < 0 ? PP_WIN1 : PP_DRAW;
            CHECK_MSG(x.v.outcome[s] == want, "%s (%s to move): GDL %d, hand-coded %d", cells, to_move ? "O" : "X",
                      x.v.outcome[s], want);
            pp_ttt_free(t);
        }
    }
    gdk_free(&x);
    free(text);
}

/* Nim of three heaps written for the given sizes. */
static void nim_text(char *buf, size_t size, int a, int b, int c)
{
    int top = a > b ? a : b;
    if (c > top) top = c;
    size_t n = (size_t)snprintf(buf, size,
                                "(role first) (role second)\n(init (heap a %d)) (init (heap b %d)) (init (heap c %d))\n"
                                "(init (control first))\n",
                                a, b, c);
    for (int i = 0; i < top; i++) n += (size_t)snprintf(buf + n, size - n, "(succ %d %d) ", i, i + 1);
    snprintf(buf + n, size - n,
             "\n(<= (less ?x ?y) (succ ?x ?y))\n(<= (less ?x ?z) (succ ?x ?y) (less ?y ?z))\n"
             "(<= (legal ?p (reduce ?h ?n)) (true (control ?p)) (true (heap ?h ?m)) (less ?n ?m))\n"
             "(<= (legal ?p noop) (role ?p) (not (true (control ?p))))\n"
             "(<= (next (heap ?h ?n)) (does ?p (reduce ?h ?n)))\n"
             "(<= (next (heap ?h ?m)) (true (heap ?h ?m)) (does ?p (reduce ?g ?n)) (distinct ?h ?g))\n"
             "(<= (next (control second)) (true (control first)))\n"
             "(<= (next (control first)) (true (control second)))\n"
             "(<= empty (true (heap a 0)) (true (heap b 0)) (true (heap c 0)))\n(<= terminal empty)\n"
             "(<= (goal ?p 100) empty (role ?p) (not (true (control ?p))))\n"
             "(<= (goal ?p 0) empty (true (control ?p)))\n");
}

/* Every state of Nim against the nim-sum rule: the player to move wins iff
 * the heaps' xor is not 0. */
static void nim_crosscheck(void)
{
    static const int heaps[][3] = {{1, 2, 3}, {3, 4, 5}, {2, 2, 1}, {5, 5, 0}, {4, 1, 6}};
    char text[4096];
    for (size_t i = 0; i < sizeof heaps / sizeof heaps[0]; i++) {
        nim_text(text, sizeof text, heaps[i][0], heaps[i][1], heaps[i][2]);
        gdk_solved x;
        pp_error err = {0};
        int ok = gdk_solve(text, &x, &err);
        CHECK_MSG(ok, "%s", err.msg);
        if (!ok) {
            gdk_free(&x);
            continue;
        }
        uint32_t nb = pp_gdl_base_count(x.g), bad = 0;
        for (uint32_t s = 0; s < x.v.states; s++) {
            int sum = 0, second = 0;
            for (uint32_t b = 0; b < nb; b++) {
                if (!(x.v.bits[(size_t)s * x.v.words + (b >> 6)] >> (b & 63) & 1)) continue;
                char name[64], h;
                int k;
                pp_gdl_base_name(x.g, b, name, sizeof name);
                if (sscanf(name, "(heap %c %d)", &h, &k) == 2) sum ^= k;
                if (strcmp(name, "(control second)") == 0) second = 1;
            }
            int mover_wins = sum != 0;
            int want = mover_wins != second ? PP_WIN0 : PP_WIN1;
            bad += x.v.outcome[s] != want;
        }
        CHECK_MSG(bad == 0, "heaps %d %d %d: %u states against the nim-sum rule", heaps[i][0], heaps[i][1], heaps[i][2],
                  bad);
        gdk_free(&x);
    }
}

/* Connect four on w x 4 with gravity, in GDL. */
static void connect4_text(char *buf, size_t size, int w, int h)
{
    size_t n = (size_t)snprintf(buf, size, "(role red) (role yellow)\n(init (control red))\n");
    for (int i = 1; i <= (w > h ? w : h); i++) n += (size_t)snprintf(buf + n, size - n, "(succ %d %d) ", i, i + 1);
    for (int c = 1; c <= w; c++) n += (size_t)snprintf(buf + n, size - n, "(col %d) ", c);
    for (int r = 1; r <= h; r++) n += (size_t)snprintf(buf + n, size - n, "(row %d) ", r);
    snprintf(buf + n, size - n,
             "\n(<= (init (cell ?c ?r b)) (col ?c) (row ?r))\n"
             "(<= (filled ?c ?r) (true (cell ?c ?r ?v)) (distinct ?v b))\n"
             "(<= (lands ?c 1) (true (cell ?c 1 b)))\n"
             "(<= (lands ?c ?r) (true (cell ?c ?r b)) (succ ?s ?r) (filled ?c ?s))\n"
             "(<= (legal ?p (drop ?c)) (true (control ?p)) (lands ?c ?r))\n"
             "(<= (legal ?p noop) (role ?p) (not (true (control ?p))))\n"
             "(<= (dropped ?c ?r) (does ?p (drop ?c)) (lands ?c ?r))\n"
             "(<= (next (cell ?c ?r ?p)) (does ?p (drop ?c)) (lands ?c ?r))\n"
             "(<= (next (cell ?c ?r ?v)) (true (cell ?c ?r ?v)) (distinct ?v b))\n"
             "(<= (next (cell ?c ?r b)) (true (cell ?c ?r b)) (not (dropped ?c ?r)))\n"
             "(<= (next (control yellow)) (true (control red)))\n(<= (next (control red)) (true (control yellow)))\n"
             "(<= (four ?p ?c ?r ?dc ?dr) (role ?p) (true (cell ?c ?r ?p)) (step ?c ?dc ?c1) (step ?r ?dr ?r1)"
             " (true (cell ?c1 ?r1 ?p)) (step ?c1 ?dc ?c2) (step ?r1 ?dr ?r2) (true (cell ?c2 ?r2 ?p))"
             " (step ?c2 ?dc ?c3) (step ?r2 ?dr ?r3) (true (cell ?c3 ?r3 ?p)))\n"
             "(<= (step ?x up ?y) (succ ?x ?y))\n(<= (step ?x down ?y) (succ ?y ?x))\n"
             "(<= (step ?x same ?x) (succ ?x ?y))\n"
             "(<= (line ?p) (four ?p ?c ?r up same))\n(<= (line ?p) (four ?p ?c ?r same up))\n"
             "(<= (line ?p) (four ?p ?c ?r up up))\n(<= (line ?p) (four ?p ?c ?r up down))\n"
             "(<= open (true (cell ?c ?r b)))\n"
             "(<= terminal (line red))\n(<= terminal (line yellow))\n(<= terminal (not open))\n"
             "(<= (goal red 100) (line red))\n(<= (goal red 0) (line yellow))\n"
             "(<= (goal red 50) (not (line red)) (not (line yellow)))\n"
             "(<= (goal yellow 100) (line yellow))\n(<= (goal yellow 0) (line red))\n"
             "(<= (goal yellow 50) (not (line red)) (not (line yellow)))\n");
}

/* Connect four on 4 x 4 in GDL against the Connect Four solver: the start
 * and positions reached by random moves. */
static void connect4_crosscheck(void)
{
    char text[8192];
    connect4_text(text, sizeof text, 4, 4);
    gdk_solved x;
    pp_error err = {0};
    int ok = gdk_solve(text, &x, &err);
    CHECK_MSG(ok, "%s", err.msg);
    pp_c4_solver *cs = NULL;
    if (ok) ok = pp_c4_solver_new(16, &cs, &err) == PP_OK;
    for (int k = 0; ok && k < 30; k++) {
        /* a random game prefix, played on both */
        char seq[20];
        int n = k == 0 ? 0 : (int)rnd(9);
        uint32_t s = 0;
        int len = 0;
        for (int i = 0; i < n && !x.v.terminal[s]; i++) {
            int32_t e0 = x.v.offsets[s], e1 = x.v.offsets[s + 1];
            int32_t e = e0 + (int32_t)rnd((uint32_t)(e1 - e0));
            int col;
            sscanf(pp_gdl_move_name(x.s, (uint32_t)x.v.move_of[e]), "(drop %d)", &col);
            seq[len++] = (char)('0' + col);
            s = (uint32_t)x.v.targets[e];
        }
        seq[len] = '\0';
        if (x.v.terminal[s]) continue;
        pp_c4 *p = NULL;
        int32_t score;
        ok = pp_c4_parse(4, 4, seq, (size_t)len, &p, &err) == PP_OK &&
             pp_c4_solve(cs, p, PP_C4_STRONGEST, 0, 0, &score, NULL, &err) == PP_OK;
        CHECK_MSG(ok, "%s: %s", seq, err.msg);
        int red_to_move = len % 2 == 0;
        int want = score == 0 ? PP_DRAW : (score > 0) == red_to_move ? PP_WIN0 : PP_WIN1;
        CHECK_MSG(!ok || x.v.outcome[s] == want, "connect four 4x4 after \"%s\": GDL %d, solver score %d", seq,
                  x.v.outcome[s], score);
        pp_c4_free(p);
    }
    pp_c4_solver_free(cs);
    gdk_free(&x);
}

/* Each check: its diagnostic, at its line and column. */
static void diagnostics(void)
{
    static const char *const ok_tail =
        "(init (p))\n(<= (legal r go) (true (p)))\n(<= (next (q)) (does r go))\n(<= terminal (true (q)))\n"
        "(<= (goal r 100) (true (q)))\n";
    static const struct {
        const char *text;
        uint32_t line, col;
        const char *says;
    } cases[] = {
        {"(role r)\n(init (p)\n", 2, 1, "never closed"},
        {"(role r))\n", 1, 9, "closes nothing"},
        /* columns count characters: \xc3\xa9 is one (e acute), \xf0\x9f\x8e\xb2 one (a die) */
        {"(role \xc3\xa9)\n(init \xf0\x9f\x8e\xb2))\n", 2, 9, "closes nothing"},
        {"(role r)\n(init (p))\n(<= (legal r ?m) (true (p)))\n", 3, 14,
         "unsafe rule: the variable ?m appears only in the head"},
        {"(role r)\n(init (p))\n(<= (a) (true (p)) (not (b ?x)))\n", 3, 28, "only in a not"},
        {"(role r)\n(init (p))\n(<= (a) (true (p)) (distinct ?x 1))\n", 3, 30, "only in a distinct"},
        {"(role r)\n(init (p))\n(<= (a) (not (b)))\n(<= (b) (not (a)))\n", 3, 14, "unstratified negation"},
        {"(init (p))\n", 1, 1, "no role"},
        {"(role r)\n", 1, 1, "no init"},
        {"(role r)\n(init (p))\n(f 1)\n(<= (g) (f 1 2))\n", 4, 9, "used with 2 arguments here and 1 at line 3"},
        {"(role r)\n(init (p))\n(<= (legal r go) (does r go))\n", 3, 18, "does in the rules of legal"},
        {"(role r)\n(init (p))\n(<= (a) (does r go))\n(<= terminal (a))\n", 4, 14,
         "does in the rules of terminal (through a)"},
        {"(role a) (role b) (role c)\n(init (p))\n", 1, 1, "the role a has no legal move"},
        {"(role r)\n(init (p))\n(<= (legal r go) (true (q)))\n(<= (next (q)) (true (p)))\n(<= terminal (true (z)))\n",
         1, 1, "no legal move in a reachable state"},
        {"(role r)\n(init (p))\n(<= terminal (true (p)))\n", 1, 1, "no goal for the role r"},
        {"(role r)\n(role s)\n(init (p))\n(<= (legal ?x a) (role ?x))\n(<= (legal ?x b) (role ?x))\n"
         "(<= (next (q)) (true (p)))\n(<= terminal (true (q)))\n",
         1, 1, "has no goal for the role r"},
        {"(role r)\n(init (p))\n(<= (goal r high) (true (p)))\n(<= terminal (true (p)))\n", 3, 5, "whole number"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pp_gdl_diag d[8];
        uint32_t n = pp_gdl_check(cases[i].text, strlen(cases[i].text), 1000, d, 8);
        CHECK_MSG(n >= 1, "case %zu: no diagnostic", i);
        if (n < 1) continue;
        int found = 0;
        for (uint32_t k = 0; k < n && k < 8; k++)
            if (strstr(d[k].msg, cases[i].says) && d[k].line == cases[i].line && d[k].col == cases[i].col) found = 1;
        CHECK_MSG(found, "case %zu: wanted %u:%u \"%s\", got %u:%u \"%s\"", i, cases[i].line, cases[i].col,
                  cases[i].says, d[0].line, d[0].col, d[0].msg);
        /* the same problem makes parse or solve fail with the line and column */
        pp_gdl *g = NULL;
        pp_gdl_graph *s = NULL;
        pp_error err = {0};
        pp_status st = pp_gdl_parse(cases[i].text, strlen(cases[i].text), &g, &err);
        if (st == PP_OK) st = pp_gdl_solve(g, NULL, &s, &err);
        CHECK_MSG(st == PP_ERR_INPUT && strncmp(err.msg, "line ", 5) == 0, "case %zu: %d %s", i, st, err.msg);
        pp_gdl_graph_free(s);
        pp_gdl_free(g);
    }
    /* a clean game, and the same in upper case with comments */
    char text[1024];
    snprintf(text, sizeof text, "(role r) ; the one role\n%s", ok_tail);
    pp_gdl_diag d[2];
    CHECK_EQ_INT(pp_gdl_check(text, strlen(text), 0, d, 2), 0);
    for (char *c = text; *c; c++)
        if (*c >= 'a' && *c <= 'z') *c = (char)(*c - 'a' + 'A');
    gdk_solved x;
    pp_error err = {0};
    int ok = gdk_solve(text, &x, &err);
    CHECK_MSG(ok, "%s", err.msg);
    if (ok) {
        CHECK_EQ_INT(x.v.states, 2);
        CHECK_EQ_INT(x.v.value[0], 100);
        CHECK_EQ_INT(x.v.remoteness[0], 1);
        CHECK(strcmp(pp_gdl_move_name(x.s, 0), "go") == 0);
    }
    gdk_free(&x);
}

static void limits(void)
{
    pp_error err = {0};
    pp_gdl *g = NULL;
    /* too many states for the limit asked */
    size_t len;
    char *text = gdk_read(EXAMPLES "tictactoe.kif", &len);
    CHECK(text != NULL);
    if (text && pp_gdl_parse(text, len, &g, &err) == PP_OK) {
        pp_gdl_options o = {1000, 0, 0};
        pp_gdl_graph *s = NULL;
        CHECK_EQ_INT(pp_gdl_solve(g, &o, &s, &err), PP_ERR_LIMIT);
        CHECK_CONTAINS(err.msg, "1000");
        CHECK(s == NULL);
    }
    pp_gdl_free(g);
    free(text);
    /* nesting, a huge text, garbage: diagnostics or errors, never a crash */
    char deep[400];
    memset(deep, '(', 300);
    deep[300] = '\0';
    pp_gdl_diag d[2];
    CHECK(pp_gdl_check(deep, strlen(deep), 0, d, 2) >= 1);
    CHECK_CONTAINS(d[0].msg, "nesting deeper");
    g = NULL;
    CHECK_EQ_INT(pp_gdl_parse("x", (size_t)PP_GDL_MAX_TEXT + 1, &g, &err), PP_ERR_LIMIT);
    char junk[512];
    for (int k = 0; k < 300; k++) {
        size_t n = rnd(sizeof junk - 1);
        static const char alphabet[] = "()  ?xy<=notrdistinclegalgoaltermina1 ;\n";
        for (size_t i = 0; i < n; i++) junk[i] = alphabet[rnd(sizeof alphabet - 1)];
        junk[n] = '\0';
        pp_gdl_check(junk, n, 100, d, 2);
        g = NULL;
        if (pp_gdl_parse(junk, n, &g, &err) == PP_OK) {
            pp_gdl_options o = {100, 64, 0};
            pp_gdl_graph *s = NULL;
            pp_gdl_solve(g, &o, &s, &err);
            pp_gdl_graph_free(s);
        }
        pp_gdl_free(g);
    }
    pp_gdl_free(NULL);
    pp_gdl_graph_free(NULL);
    pp_gdl_game_free(NULL);
}

/* The trace: the terminals seeded first, then decisions, as Cat and Mouse's. */
static void trace(void)
{
    size_t len;
    char *text = gdk_read(EXAMPLES "take21.kif", &len);
    pp_gdl *g = NULL;
    pp_gdl_graph *s = NULL;
    pp_error err = {0};
    CHECK(text && pp_gdl_parse(text, len, &g, &err) == PP_OK);
    pp_gdl_options o = {0, PP_GDL_TRACE_WHOLE, 0};
    CHECK(g && pp_gdl_solve(g, &o, &s, &err) == PP_OK);
    const pp_trace *t = pp_gdl_graph_trace(s);
    CHECK(t != NULL);
    if (t) {
        const int32_t *r = pp_trace_records(t);
        uint32_t n = pp_trace_count(t), seeds = 0, colors = 0;
        for (uint32_t i = 0; i < n; i++) {
            seeds += pp_event_kind_of(r + 4 * i) == PP_EV_SEED;
            colors += pp_event_kind_of(r + 4 * i) == PP_EV_COLOR;
        }
        pp_gdl_view v;
        pp_gdl_graph_view(s, &v);
        CHECK_EQ_INT(pp_event_kind_of(r), PP_EV_SEED);
        CHECK_EQ_INT(seeds, v.terminal_states);
        CHECK_EQ_INT(seeds + colors, v.states); /* every state of take-away is decided */
        CHECK(!pp_trace_truncated(t));
    }
    pp_gdl_graph_free(s);
    pp_gdl_free(g);
    free(text);
}

void suite_gdl(void)
{
    RUN(examples);
    RUN(tictactoe_crosscheck);
    RUN(nim_crosscheck);
    RUN(connect4_crosscheck);
    RUN(diagnostics);
    RUN(limits);
    RUN(trace);
}
