/* fuzz_gdl.c: libFuzzer target for games in the Game Description Language:
 * the reader, the checks, grounding, and a small bounded enumeration and
 * solve. The input is the rules text. Every failure must come with a
 * message; a diagnostic list must agree with parse + solve (both clean or
 * both not); a solved graph must be consistent (BFS depths, terminals
 * without moves, values among the goals) and its value must equal
 * alpha-beta's on the same rules when the search finishes in its budget.
 * The rules' own search (pp_gdl_search_*, which finds the rules'
 * symmetries first) runs with and without the symmetries on a small budget:
 * each fails with a message or answers, and two answers agree. The
 * security solve (pp_gdl_values_*, the graph of joint moves) runs on every
 * game: it fails with a message or answers with values among the goals'
 * range; it answers the games the turn solve refuses without a diagnostic
 * (simultaneous moves, three roles or more), and on a game of two roles
 * taking turns the first role's value is the turn solve's.
 * Run: ./build.sh fuzz [seconds]. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perfect_play.h"

#define CHECK(c)                                                                                                       \
    do {                                                                                                               \
        if (!(c)) {                                                                                                    \
            fprintf(stderr, "check failed: %s\n", #c);                                                                 \
            abort();                                                                                                   \
        }                                                                                                              \
    } while (0)

#define MAX_STATES 500
#define SEARCH_NODES 3000

/* The rules searched from the start within SEARCH_NODES nodes, the table
 * keyed by orbits of the rules' symmetries or by states as they are: 1 and
 * the result when answered, 0 when not (a failure must say why). */
static int search(pp_gdl *g, int no_symmetry, pp_gdl_search_result *r)
{
    pp_gdl_search_options o;
    memset(&o, 0, sizeof o);
    o.max_bytes = 1 << 20;
    o.no_symmetry = no_symmetry;
    pp_error err = {PP_OK, ""};
    pp_gdl_search *s = NULL;
    int done = 0;
    pp_status st = pp_gdl_search_new(g, NULL, &o, &s, &err);
    if (st == PP_OK) st = pp_gdl_search_run(s, SEARCH_NODES, &done, &err);
    if (st != PP_OK) CHECK(err.msg[0] != '\0');
    if (s) pp_gdl_search_get(s, r);
    pp_gdl_search_free(s);
    return st == PP_OK && done && r->solved;
}

static void search_both_ways(pp_gdl *g)
{
    pp_gdl_search_result a, b;
    memset(&a, 0, sizeof a), memset(&b, 0, sizeof b);
    if (!search(g, 0, &a) || !search(g, 1, &b)) return;
    CHECK(a.kind == b.kind);
    if (a.kind == PP_GDL_PUZZLE) CHECK(a.goal == b.goal && a.moves == b.moves);
    else CHECK(a.lo == b.lo && a.hi == b.hi && a.outcome == b.outcome);
}

/* The security solve within MAX_STATES states: 1 and the solve when it
 * answered (values checked against the goals' range), else 0 with its
 * status in *st (a failure must say why). */
static int security(pp_gdl *g, pp_gdl_values **out, pp_status *st)
{
    pp_gdl_value_options o = {MAX_STATES, 64u << 20, 200000, 0};
    pp_error err = {PP_OK, ""};
    *out = NULL;
    *st = pp_gdl_values_solve(g, &o, out, &err);
    if (*st != PP_OK) {
        CHECK(*out == NULL && err.msg[0] != '\0');
        return 0;
    }
    pp_gdl_values_info in;
    pp_gdl_values_get(*out, &in);
    CHECK(in.states >= 1 && in.roles == pp_gdl_role_count(g));
    for (int r = 0; r < in.roles; r++) {
        pp_frac f = pp_gdl_values_security(*out, 0, r);
        CHECK(f.den > 0 && f.num >= 0 && f.num <= 100 * f.den);
        pp_frac sum = {0, 1};
        for (uint32_t i = 0; i < pp_gdl_values_moves(*out, r); i++) {
            pp_frac p;
            char buf[64];
            CHECK(pp_gdl_values_strategy(*out, r, i, &p, buf, sizeof buf) >= 0 && p.den > 0 && p.num >= 0);
            /* the sum stays exact while the denominators are small */
            if (sum.den < (1 << 20) && p.den < (1 << 20))
                sum = (pp_frac){sum.num * p.den + p.num * sum.den, sum.den * p.den};
        }
        if (pp_gdl_values_moves(*out, r) && sum.den < (1 << 20)) CHECK(sum.num == sum.den);
    }
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    pp_gdl_diag d[4];
    uint32_t ndiag = pp_gdl_check(text, size, MAX_STATES, d, 4);
    for (uint32_t i = 0; i < ndiag && i < 4; i++) CHECK(d[i].msg[0] != '\0' && d[i].line >= 1 && d[i].col >= 1);
    pp_error err = {PP_OK, ""};
    pp_gdl *g = NULL;
    pp_status st = pp_gdl_parse(text, size, &g, &err);
    if (st != PP_OK) {
        CHECK(g == NULL && err.msg[0] != '\0' && err.code == st);
        CHECK(ndiag > 0);
        return 0;
    }
    search_both_ways(g);
    pp_gdl_values *sv = NULL;
    pp_status vst;
    int secured = security(g, &sv, &vst);
    pp_gdl_options o = {MAX_STATES, 256, 0};
    pp_gdl_graph *s = NULL;
    st = pp_gdl_solve(g, &o, &s, &err);
    if (st != PP_OK) {
        CHECK(s == NULL && err.msg[0] != '\0');
        /* refused with no diagnostic: a game the security solve takes (or a limit) */
        if (ndiag == 0 && st == PP_ERR_INPUT) {
            pp_gdl_values_info in;
            pp_gdl_values_get(sv, &in);
            CHECK(!secured || in.kind == PP_GDL_SIMULTANEOUS || in.roles > 2);
            CHECK(secured || vst == PP_ERR_LIMIT || vst == PP_ERR_BUDGET || vst == PP_ERR_NOMEM);
        } else CHECK(ndiag > 0 || st == PP_ERR_LIMIT || st == PP_ERR_NOMEM);
        pp_gdl_values_free(sv);
        pp_gdl_free(g);
        return 0;
    }
    CHECK(ndiag == 0);
    pp_gdl_view v;
    pp_gdl_graph_view(s, &v);
    /* two roles taking turns (or a puzzle): the first role's security value is the turn solve's */
    if (secured) {
        pp_frac f = pp_gdl_values_security(sv, 0, 0);
        CHECK(f.den == 1 && f.num == v.value[0]);
    }
    pp_gdl_values_free(sv);
    CHECK(v.states >= 1 && v.depth[0] == 0);
    for (uint32_t x = 0; x < v.states; x++) {
        if (x) CHECK(v.depth[x] >= v.depth[x - 1]);
        CHECK(v.terminal[x] == (v.mover[x] < 0));
        if (v.terminal[x]) CHECK(v.offsets[x] == v.offsets[x + 1] && v.remoteness[x] == 0);
        for (int32_t e = v.offsets[x]; e < v.offsets[x + 1]; e++) {
            CHECK(v.targets[e] >= 0 && (uint32_t)v.targets[e] < v.states);
            CHECK(pp_gdl_move_name(s, (uint32_t)v.move_of[e]) != NULL);
        }
    }
    /* alpha-beta on the rules against the graph's value, when it finishes */
    pp_gdl_game *a = NULL;
    if (pp_gdl_game_new(g, NULL, &a, &err) == PP_OK) {
        pp_ab_options ao;
        pp_ab_defaults(&ao);
        ao.tt = 1;
        ao.budget = 20000;
        pp_ab_result r;
        /* a graph with a cycle has plays that never end: no tree search */
        int acyclic = 1;
        for (uint32_t x = 0; x < v.states && acyclic; x++)
            for (int32_t e = v.offsets[x]; e < v.offsets[x + 1]; e++)
                if (v.depth[v.targets[e]] <= v.depth[x]) acyclic = 0;
        if (acyclic && pp_ab_solve(pp_gdl_game_of(a), &ao, NULL, &r, &err) == PP_OK) CHECK(r.value == v.value[0]);
        pp_gdl_game_free(a);
    }
    pp_gdl_graph_free(s);
    pp_gdl_free(g);
    return 0;
}
