/* test_gdl_constructs.c: constructs of valid GDL that games in the wild
 * use and a reasoner can trip on, each in a small game of our own: a goal
 * stratified by ground atom but not by relation ((goal r 100) from (not
 * (goal r 0))), rules whose source order multiplies out when joined left
 * to right, distinct on functional terms, init with variables, nested
 * functions in the state, numbers as symbols, deep recursion, states of
 * many facts and many moves. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gdl_kit.h"
#include "harness.h"
#include "perfect_play.h"

/* A walk 0 -> 1 -> 2 -> 3 that may stop anywhere; the goal is 0 at 0, 1
 * and 3 and, through (not (goal walker 0)), 100 at 2. By relation, goal
 * depends on (not goal); by atom it does not, which is what GDL players
 * accept (puzzles of the public corpus are written so). */
static const char *WALK = "(role walker)\n"
                          "(init (at 0))\n"
                          "(succ 0 1) (succ 1 2) (succ 2 3)\n"
                          "(<= (legal walker (step ?y)) (true (at ?x)) (succ ?x ?y))\n"
                          "(<= (legal walker stop) (true (at ?x)))\n"
                          "(<= (next (at ?y)) (does walker (step ?y)))\n"
                          "(<= (next (at ?x)) (does walker stop) (true (at ?x)))\n"
                          "(<= (next done) (does walker stop))\n"
                          "(<= terminal (true done))\n"
                          "(<= terminal (true (at 3)))\n"
                          "(<= (goal walker 0) (true (at 0)))\n"
                          "(<= (goal walker 0) (true (at 1)))\n"
                          "(<= (goal walker 0) (true (at 3)))\n"
                          "(<= (goal walker 100) (not (goal walker 0)))\n";

static void stratified_by_atom(void)
{
    gdk_solved x;
    pp_error err;
    int ok = gdk_solve(WALK, &x, &err);
    CHECK_MSG(ok, "%s", err.msg);
    if (ok) {
        /* step, step, stop: 100 only at 2, never where goal 0 also holds */
        CHECK_EQ_INT(x.v.kind, PP_GDL_PUZZLE);
        CHECK_EQ_INT(x.v.value[0], 100);
        CHECK_EQ_INT(x.v.remoteness[0], 3);
        CHECK_EQ_INT(x.v.states, 7); /* at 0..3, and done at 0..2 */
    }
    gdk_free(&x);
    pp_gdl_diag d[4];
    CHECK_EQ_INT(pp_gdl_check(WALK, strlen(WALK), 0, d, 4), 0);
    /* the same in a two-role game, where the goal decides the winner: the
     * mover picks 1 (its goal 100 through the not) or 2 */
    const char *pick = "(role a) (role b)\n"
                       "(init (turn a))\n"
                       "(<= (legal a (pick ?n)) (true (turn a)) (num ?n))\n"
                       "(<= (legal b noop) (true (turn a)))\n"
                       "(num 1) (num 2)\n"
                       "(<= (next (picked ?n)) (does a (pick ?n)))\n"
                       "(<= terminal (true (picked ?n)))\n"
                       "(<= (goal a 0) (true (picked 2)))\n"
                       "(<= (goal a 100) (not (goal a 0)))\n"
                       "(<= (goal b 100) (goal a 0))\n"
                       "(<= (goal b 0) (not (goal b 100)))\n";
    ok = gdk_solve(pick, &x, &err);
    CHECK_MSG(ok, "%s", err.msg);
    if (ok) {
        CHECK_EQ_INT(x.v.outcome[0], PP_WIN0);
        CHECK_EQ_INT(x.v.value[0], 100);
        CHECK_EQ_INT(x.v.states, 3);
    }
    gdk_free(&x);
}

/* Negation through a cycle of ground atoms is still refused, with the
 * literals named. */
static void unstratified_by_atom(void)
{
    const char *text = "(role r)\n"
                       "(init (q))\n"
                       "(<= (p a) (not (p b)))\n"
                       "(<= (p b) (not (p a)))\n"
                       "(<= (legal r go) (true (q)))\n"
                       "(<= terminal (p a))\n"
                       "(<= (goal r 100) (p a))\n";
    pp_gdl_diag d[4];
    uint32_t n = pp_gdl_check(text, strlen(text), 0, d, 4);
    CHECK_EQ_INT(n, 2);
    if (n >= 2) {
        CHECK_EQ_INT(d[0].line, 3);
        CHECK_EQ_INT(d[0].col, 16);
        CHECK_CONTAINS(d[0].msg, "unstratified negation: p depends on (not p)");
        CHECK_EQ_INT(d[1].line, 4);
    }
    gdk_solved x;
    pp_error err;
    CHECK(!gdk_solve(text, &x, &err));
    CHECK_CONTAINS(err.msg, "line 3, column 16: unstratified negation");
    gdk_free(&x);
}

/* (num ?x) (num ?y) (num ?z) before the succ literals that bind them: left
 * to right that is 500^3 matches, past the grounding limit; joined in a
 * better order, about a thousand. */
static void join_order(void)
{
    enum { N = 500 };
    gdk_text t = {0};
    gdk_add(&t,
            "(role r)\n(init (at n0))\n"
            "(<= (trip ?x ?y ?z) (num ?x) (num ?y) (num ?z) (succ ?x ?y) (succ ?y ?z))\n"
            "(<= (legal r (jump ?z)) (true (at ?x)) (trip ?x ?y ?z))\n"
            "(<= (next (at ?z)) (does r (jump ?z)))\n"
            "(<= terminal (true (at n%d)))\n(<= terminal (true (at n%d)))\n"
            "(<= (goal r 100) (true (at n%d)))\n(<= (goal r 0) (true (at n%d)))\n",
            N - 1, N - 2, N - 1, N - 2);
    for (int i = 0; i < N; i++) gdk_add(&t, "(num n%d)\n", i);
    for (int i = 0; i + 1 < N; i++) gdk_add(&t, "(succ n%d n%d)\n", i, i + 1);
    gdk_solved x;
    pp_error err;
    int ok = gdk_solve(t.text, &x, &err);
    CHECK_MSG(ok, "%s", err.msg);
    if (ok) {
        /* jumps of two from 0 land on the even numbers: 498 after 249 */
        CHECK_EQ_INT(x.v.states, N / 2);
        CHECK_EQ_INT(x.v.value[0], 0);
        CHECK_EQ_INT(x.v.remoteness[0], (N - 2) / 2);
    }
    gdk_free(&x);
    gdk_text_free(&t);
}

/* (succ ?y ?z) (succ ?x ?y): the second literal has its second argument
 * bound and its first not; an index of leading arguments alone scans every
 * succ fact for each, 12000^2 matches, past the grounding limit. */
static void bound_second_argument(void)
{
    enum { N = 12000 };
    gdk_text t = {0};
    gdk_add(&t,
            "(role r)\n(init (at n0))\n"
            "(<= (two ?x ?z) (succ ?y ?z) (succ ?x ?y))\n"
            "(<= (legal r (jump ?z)) (true (at ?x)) (two ?x ?z))\n"
            "(<= (next (at ?z)) (does r (jump ?z)))\n"
            "(<= terminal (true (at n%d)))\n"
            "(<= (goal r 100) (true (at n%d)))\n",
            N, N);
    for (int i = 0; i < N; i++) gdk_add(&t, "(succ n%d n%d)\n", i, i + 1);
    gdk_solved x;
    pp_error err;
    int ok = gdk_solve(t.text, &x, &err);
    CHECK_MSG(ok, "%s", err.msg);
    if (ok) {
        CHECK_EQ_INT(x.v.states, N / 2 + 1);
        CHECK_EQ_INT(x.v.remoteness[0], N / 2);
        CHECK_EQ_INT(x.v.value[0], 100);
    }
    gdk_free(&x);
    gdk_text_free(&t);
}

/* distinct on functional terms; init from a rule with variables; the state
 * in nested functions; numbers as plain symbols (10 is not 9 + 1); a long
 * recursive chain (less-than over 60 numbers). */
static void terms_and_recursion(void)
{
    gdk_text t = {0};
    gdk_add(&t, "(role mover) (role other)\n"
                "(<= (init (cell (pos ?x) empty)) (index ?x))\n"
                "(init (control mover))\n"
                "(index 1) (index 2) (index 10)\n"
                "(<= (less ?x ?y) (succ ?x ?y))\n"
                "(<= (less ?x ?z) (succ ?x ?y) (less ?y ?z))\n"
                "(<= (legal ?r (fill (pos ?x))) (true (control ?r)) (true (cell (pos ?x) empty)))\n"
                "(<= (legal mover noop) (true (control other)))\n"
                "(<= (legal other noop) (true (control mover)))\n"
                "(<= (next (cell (pos ?x) (by ?r))) (does ?r (fill (pos ?x))))\n"
                "(<= (next (cell ?c ?v)) (true (cell ?c ?v)) (does ?r (fill ?d)) (distinct ?c ?d))\n"
                "(<= (next (control mover)) (true (control other)))\n"
                "(<= (next (control other)) (true (control mover)))\n"
                "(<= open (true (cell ?c empty)))\n"
                "(<= terminal (not open))\n"
                /* the owner of 10 wins if 59 < 60 holds through the chain */
                "(<= (goal ?r 100) (true (cell (pos 10) (by ?r))) (less 0 59))\n"
                "(<= (goal ?r 0) (true (cell (pos 10) (by ?s))) (role ?r) (distinct ?r ?s))\n");
    for (int i = 0; i < 60; i++) gdk_add(&t, "(succ %d %d)\n", i, i + 1);
    gdk_solved x;
    pp_error err;
    int ok = gdk_solve(t.text, &x, &err);
    CHECK_MSG(ok, "%s", err.msg);
    if (ok) {
        /* three cells filled in turn: the mover fills two of them, 10 first */
        CHECK_EQ_INT(x.v.kind, PP_GDL_TURNS);
        CHECK_EQ_INT(x.v.outcome[0], PP_WIN0);
        CHECK_EQ_INT(x.v.value[0], 100);
        /* 1 + 3 + 6 + 3: the cells filled, by whom (the last fill decides nothing) */
        CHECK_EQ_INT(x.v.states, 13);
    }
    gdk_free(&x);
    gdk_text_free(&t);
}

/* 600 moves from the start (over the alpha-beta search's 256, which the
 * state graph does not need) into states of 10 facts each out of 6000
 * base propositions (a sudoku's or a large board's count). */
static void wide_states(void)
{
    enum { N = 600 };
    gdk_text t = {0};
    gdk_add(&t,
            "(role r)\n(init start)\n"
            "(<= (legal r (pick ?n)) (true start) (num ?n))\n"
            "(<= (next (mark ?n ?k)) (does r (pick ?n)) (digit ?k))\n"
            "(<= terminal (true (mark ?n 0)))\n"
            "(<= (goal r 100) (true (mark n%d 0)))\n"
            "(<= (goal r 0) (true (mark ?n 0)) (distinct ?n n%d))\n"
            "(digit 0) (digit 1) (digit 2) (digit 3) (digit 4) (digit 5) (digit 6) (digit 7) (digit 8) "
            "(digit 9)\n",
            N - 1, N - 1);
    for (int i = 0; i < N; i++) gdk_add(&t, "(num n%d)\n", i);
    gdk_solved x;
    pp_error err;
    int ok = gdk_solve(t.text, &x, &err);
    CHECK_MSG(ok, "%s", err.msg);
    if (ok) {
        CHECK_EQ_INT(pp_gdl_base_count(x.g), 10 * N + 1);
        CHECK_EQ_INT(x.v.states, N + 1);
        CHECK_EQ_INT(x.v.offsets[1] - x.v.offsets[0], N);
        CHECK_EQ_INT(x.v.value[0], 100);
        CHECK_EQ_INT(x.v.remoteness[0], 1);
    }
    gdk_free(&x);
    gdk_text_free(&t);
}

void suite_gdl_constructs(void)
{
    RUN(stratified_by_atom);
    RUN(unstratified_by_atom);
    RUN(join_order);
    RUN(bound_second_argument);
    RUN(terms_and_recursion);
    RUN(wide_states);
}
