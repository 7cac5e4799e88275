/* test_gdl_spec.c: the syntactic restrictions of the GDL specification
 * (Love et al., Stanford 2008), each found before any solving with the line
 * and column of the offending literal or rule: init and next only as heads,
 * true and does only in bodies, role only as a ground fact, distinct, not
 * and or only in bodies, the special relations' arities, does never under
 * legal, goal, terminal or init, init independent of the state, goal values
 * whole numbers from 0 to 100, safety and stratified negation. */
#include <string.h>

#include "gdl_kit.h"
#include "harness.h"

/* One role, one move, two states: clean; each case adds one line. */
#define GAME                                                                                                           \
    "(role r)\n(init (p))\n(<= (legal r go) (true (p)))\n(<= (next (q)) (does r go))\n"                                \
    "(<= terminal (true (q)))\n(<= (goal r 100) (true (q)))\n"

static void restrictions(void)
{
    static const struct {
        const char *line7; /* line 7 of the rules */
        uint32_t col;
        const char *says;
    } cases[] = {
        {"(<= (a) (next (q)))", 9, "next may appear only as the head of a rule"},
        {"(<= (a) (not (next (q))))", 14, "next may appear only as the head of a rule"},
        {"(<= (a) (init (p)))", 9, "init may appear only as the head of a rule"},
        {"(<= (a) (or (true (p)) (init (p))))", 24, "init may appear only as the head of a rule"},
        {"(<= (true (z)) (true (p)))", 5, "a rule may not define true"},
        {"(does r go)", 1, "a rule may not define does"},
        {"(<= (role s) (true (p)))", 1, "role must be given as facts"},
        {"(role ?x)", 7, "a role must be a name"},
        {"(<= (distinct a b) (true (p)))", 5, "distinct cannot be used here"},
        {"(not (p))", 1, "not cannot be used here"},
        {"(<= (or (a) (b)) (true (p)))", 5, "or cannot be used here"},
        {"(<= terminal (true (p) (q)))", 14, "true takes 1 argument"},
        {"(<= (a) (does r))", 9, "does takes 2 arguments"},
        {"(<= (terminal 1) (true (p)))", 5, "terminal takes 0 arguments"},
        {"(<= (legal r stay) (true (p)) (does r go))", 31, "does in the rules of legal"},
        {"(<= (goal r 50) (does r go))", 17, "does in the rules of goal"},
        {"(<= (b) (does r go))\n(<= terminal (b))", 14, "does in the rules of terminal (through b)"},
        {"(<= (init (z)) (true (p)))", 16, "init may not depend on the state"},
        {"(<= (legal r ?m) (true (p)))", 14, "unsafe rule"},
        {"(<= (a) (not (b)))\n(<= (b) (not (a)))", 14, "unstratified negation"},
    };
    char text[1024];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(text, sizeof text, GAME "%s\n", cases[i].line7);
        pp_gdl_diag d[8];
        uint32_t n = pp_gdl_check(text, strlen(text), 1000, d, 8);
        int found = 0;
        for (uint32_t k = 0; k < n && k < 8; k++)
            if (strstr(d[k].msg, cases[i].says) && d[k].line >= 7 && d[k].col == cases[i].col) found = 1;
        CHECK_MSG(found, "case %zu (%s): wanted 7:%u \"%s\", got %u diagnostics, first %u:%u \"%s\"", i, cases[i].line7,
                  cases[i].col, cases[i].says, n, n ? d[0].line : 0, n ? d[0].col : 0, n ? d[0].msg : "");
        /* before any solving: parsing fails already */
        pp_gdl *g = NULL;
        pp_error err = {0};
        CHECK_MSG(pp_gdl_parse(text, strlen(text), &g, &err) == PP_ERR_INPUT && strncmp(err.msg, "line ", 5) == 0,
                  "case %zu: %s", i, err.msg);
        pp_gdl_free(g);
    }
    /* goal values: 0 to 100 (the relation's first use is named) */
    static const char *const goals[] = {"(<= (goal r 101) (true (p)))", "(<= (goal r -1) (true (p)))"};
    for (size_t i = 0; i < 2; i++) {
        snprintf(text, sizeof text, GAME "%s\n", goals[i]);
        pp_gdl_diag d[4];
        uint32_t n = pp_gdl_check(text, strlen(text), 1000, d, 4);
        CHECK_MSG(n >= 1 && strstr(d[0].msg, "a goal value must be a whole number from 0 to 100"), "goal %zu: %s", i,
                  n ? d[0].msg : "none");
    }
    /* the clean game, and role, next and terminal read in bodies (allowed) */
    snprintf(text, sizeof text, GAME "(<= (a) (role r) (true (p)))\n(<= (next (z)) (true (p)) (not terminal))\n");
    pp_gdl_diag d[2];
    uint32_t n = pp_gdl_check(text, strlen(text), 1000, d, 2);
    CHECK_MSG(n == 0, "%u: %s", n, n ? d[0].msg : "");
}

void suite_gdl_spec(void) { RUN(restrictions); }
