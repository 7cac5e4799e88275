/* test_gdl_value.c: every GDL game's security values (pp_gdl_values_*):
 * rock-paper-scissors and a three-role majority game against their values
 * worked out by hand, a three-role game taking turns (security values and
 * max^n by hand), the examples taking turns against the retrograde solve at
 * every state (the first role's value is its security value; with goals of
 * a constant sum the two add up to it), the puzzle's best goal, and the
 * refusals: a game that goes round, a role without a move, the limits on
 * states, memory and budget; any state's matrix game (pp_gdl_values_matrix)
 * by hand at the start and, at every state, against the solve's values. */
#include <stdlib.h>
#include <string.h>

#include "gdl_kit.h"
#include "harness.h"

#define EXAMPLES "web/src/gdl/examples/"

static const char *RPS =
    "(role row) (role col)\n"
    "(init (round 0))\n"
    "(<= (legal ?p rock) (role ?p)) (<= (legal ?p paper) (role ?p)) (<= (legal ?p scissors) (role ?p))\n"
    "(beats rock scissors) (beats paper rock) (beats scissors paper)\n"
    "(<= (next (played ?p ?m)) (does ?p ?m))\n"
    "(<= (next done) (true (round 0)))\n"
    "(<= terminal (true done))\n"
    "(<= (goal ?p 100) (true (played ?p ?m)) (true (played ?q ?n)) (distinct ?p ?q) (beats ?m ?n))\n"
    "(<= (goal ?p 0) (true (played ?p ?m)) (true (played ?q ?n)) (distinct ?p ?q) (beats ?n ?m))\n"
    "(<= (goal ?p 50) (true (played ?p ?m)) (true (played ?q ?m)) (distinct ?p ?q))\n";

/* Three roles choose zero or one at once; a role that agrees with another
 * (the majority) gets 100. Against the other two as one, a role makes sure
 * of 50 (a coin: they can agree against it half the time, never more). */
static const char *MAJORITY = "(role a) (role b) (role c)\n"
                              "(init start)\n"
                              "(<= (legal ?p zero) (role ?p)) (<= (legal ?p one) (role ?p))\n"
                              "(<= (next (chose ?p ?m)) (does ?p ?m))\n"
                              "(<= (next over) (true start))\n"
                              "(<= terminal (true over))\n"
                              "(<= (agreed ?p) (true (chose ?p ?m)) (true (chose ?q ?m)) (distinct ?p ?q))\n"
                              "(<= (goal ?p 100) (agreed ?p))\n"
                              "(<= (goal ?p 0) (role ?p) (not (agreed ?p)))\n";

/* red, green, blue choose l or r in turn; the leaves' goals (red, green,
 * blue). max^n: blue takes its best, then green, then red: (60, 70, 80).
 * Security: red 30 (the others hold it to min 10 after l, 30 after r),
 * green 20 (after red's l: max(min(20, 50), min(10, 80))), blue 50 (the
 * least of its best after each (a, b): 60, 90, 50, 80). */
static const char *TURNS3 =
    "(role red) (role green) (role blue)\n"
    "(init (control red))\n"
    "(<= (legal ?p l) (true (control ?p))) (<= (legal ?p r) (true (control ?p)))\n"
    "(<= (legal ?p noop) (role ?p) (not (true (control ?p))))\n"
    "(<= (next (m ?p ?x)) (does ?p ?x) (distinct ?x noop))\n"
    "(<= (next (m ?p ?x)) (true (m ?p ?x)))\n"
    "(<= (next (control green)) (true (control red)))\n"
    "(<= (next (control blue)) (true (control green)))\n"
    "(<= (next over) (true (control blue)))\n"
    "(<= terminal (true over))\n"
    "(payoff l l l 10 20 30) (payoff l l r 40 50 60) (payoff l r l 70 10 90) (payoff l r r 20 80 10)\n"
    "(payoff r l l 30 60 20) (payoff r l r 90 40 50) (payoff r r l 60 70 80) (payoff r r r 50 90 70)\n"
    "(<= (leaf ?x ?y ?z) (true (m red ?a)) (true (m green ?b)) (true (m blue ?c)) (payoff ?a ?b ?c ?x ?y ?z))\n"
    "(<= (goal red ?x) (leaf ?x ?y ?z)) (<= (goal green ?y) (leaf ?x ?y ?z)) (<= (goal blue ?z) (leaf ?x ?y ?z))\n";

static int frac_is(pp_frac f, int64_t n, int64_t d) { return pp_frac_cmp(f, (pp_frac){n, d}) == 0 && f.den > 0; }

static pp_gdl_values *solve_text(const char *text, pp_gdl **g, const pp_gdl_value_options *o, pp_error *err)
{
    *g = NULL;
    pp_gdl_values *v = NULL;
    if (pp_gdl_parse(text, strlen(text), g, err)) return NULL;
    if (pp_gdl_values_solve(*g, o, &v, err)) return NULL;
    return v;
}

/* The strategy's probability of the move named `move` ({0, 0} if none). */
static pp_frac prob_of(const pp_gdl_values *v, int role, const char *move)
{
    for (uint32_t i = 0; i < pp_gdl_values_moves(v, role); i++) {
        char buf[64];
        pp_frac p;
        pp_gdl_values_strategy(v, role, i, &p, buf, sizeof buf);
        if (strcmp(buf, move) == 0) return p;
    }
    return (pp_frac){0, 0};
}

static void rock_paper_scissors(void)
{
    pp_gdl *g;
    pp_error err = {0};
    pp_gdl_values *v = solve_text(RPS, &g, NULL, &err);
    CHECK_MSG(v != NULL, "%s", err.msg);
    if (v) {
        pp_gdl_values_info in;
        pp_gdl_values_get(v, &in);
        CHECK_EQ_INT(in.kind, PP_GDL_SIMULTANEOUS);
        CHECK_EQ_INT(in.states, 10);
        CHECK_EQ_INT(in.joint_moves, 9);
        CHECK_EQ_INT(in.terminal_states, 9);
        CHECK(!in.has_maxn);
        for (int r = 0; r < 2; r++) {
            CHECK(frac_is(pp_gdl_values_security(v, 0, r), 50, 1));
            CHECK_EQ_INT(pp_gdl_values_moves(v, r), 3);
            CHECK(frac_is(prob_of(v, r, "rock"), 1, 3) && frac_is(prob_of(v, r, "paper"), 1, 3) &&
                  frac_is(prob_of(v, r, "scissors"), 1, 3));
        }
    }
    pp_gdl_values_free(v);
    pp_gdl_free(g);
}

static void three_roles_at_once(void)
{
    pp_gdl *g;
    pp_error err = {0};
    pp_gdl_values *v = solve_text(MAJORITY, &g, NULL, &err);
    CHECK_MSG(v != NULL, "%s", err.msg);
    if (v) {
        pp_gdl_values_info in;
        pp_gdl_values_get(v, &in);
        CHECK_EQ_INT(in.kind, PP_GDL_SIMULTANEOUS);
        CHECK_EQ_INT(in.roles, 3);
        CHECK_EQ_INT(in.joint_moves, 8);
        for (int r = 0; r < 3; r++) {
            CHECK(frac_is(pp_gdl_values_security(v, 0, r), 50, 1));
            CHECK(frac_is(prob_of(v, r, "zero"), 1, 2) && frac_is(prob_of(v, r, "one"), 1, 2));
        }
    }
    pp_gdl_values_free(v);
    pp_gdl_free(g);
}

static void three_roles_taking_turns(void)
{
    pp_gdl *g;
    pp_error err = {0};
    pp_gdl_values *v = solve_text(TURNS3, &g, NULL, &err);
    CHECK_MSG(v != NULL, "%s", err.msg);
    if (v) {
        pp_gdl_values_info in;
        pp_gdl_values_get(v, &in);
        CHECK_EQ_INT(in.kind, PP_GDL_TURNS);
        CHECK(in.has_maxn);
        CHECK_EQ_INT(in.states, 15);
        static const int sec[3] = {30, 20, 50}, maxn[3] = {60, 70, 80};
        for (int r = 0; r < 3; r++) {
            CHECK_MSG(frac_is(pp_gdl_values_security(v, 0, r), sec[r], 1), "role %d: %lld/%lld", r,
                      (long long)pp_gdl_values_security(v, 0, r).num, (long long)pp_gdl_values_security(v, 0, r).den);
            CHECK_EQ_INT(pp_gdl_values_maxn(v, 0, r), maxn[r]);
        }
        /* red's pure strategy: r (30 against l's 10); the others have one move, noop */
        CHECK(frac_is(prob_of(v, 0, "r"), 1, 1) && frac_is(prob_of(v, 0, "l"), 0, 1));
        CHECK(frac_is(prob_of(v, 1, "noop"), 1, 1));
    }
    pp_gdl_values_free(v);
    pp_gdl_free(g);
}

/* The graph view's state with the bits b, -1 if none (a linear scan: the examples are small). */
static int32_t find_state(const pp_gdl_view *gv, const uint64_t *b)
{
    for (uint32_t s = 0; s < gv->states; s++)
        if (memcmp(gv->bits + (size_t)s * gv->words, b, gv->words * 8) == 0) return (int32_t)s;
    return -1;
}

static void turns_agree_with_the_retrograde_solve(void)
{
    static const char *files[] = {"tictactoe.kif", "nim.kif", "take21.kif", "connect3.kif", "chomp.kif", "hanoi.kif"};
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        char path[128];
        snprintf(path, sizeof path, EXAMPLES "%s", files[f]);
        char *text = gdk_read(path, NULL);
        gdk_solved x;
        pp_error err = {0};
        if (!gdk_solve(text, &x, &err)) {
            CHECK_MSG(0, "%s: %s", files[f], err.msg);
            free(text);
            gdk_free(&x);
            continue;
        }
        pp_gdl_values *v = NULL;
        CHECK_MSG(pp_gdl_values_solve(x.g, NULL, &v, &err) == PP_OK, "%s: %s", files[f], err.msg);
        pp_gdl_values_info in;
        pp_gdl_values_get(v, &in);
        CHECK_MSG(in.states == x.v.states, "%s: %u states, the retrograde graph %u", files[f], in.states, x.v.states);
        CHECK_EQ_INT(in.kind, x.v.kind);
        /* a constant sum of the goals at every terminal? */
        int roles = x.v.roles, constant = roles == 2;
        int32_t sum = -1;
        for (uint32_t s = 0; s < x.v.states && constant; s++) {
            if (!x.v.terminal[s]) continue;
            int32_t t = x.v.goals[(size_t)s * roles] + x.v.goals[(size_t)s * roles + 1];
            if (sum < 0) sum = t;
            constant = t == sum;
        }
        uint32_t bad = 0;
        /* the examples are under 10,000 states: every one of them (connect3 in steps) */
        uint32_t step = in.states > 20000 ? in.states / 2000 : 1;
        for (uint32_t s = 0; s < in.states && v; s += step) {
            int32_t k = find_state(&x.v, pp_gdl_values_state(v, s));
            pp_frac a = pp_gdl_values_security(v, s, 0);
            if (k < 0 || !frac_is(a, x.v.value[k], 1)) bad++;
            if (constant) {
                pp_frac b = pp_gdl_values_security(v, s, 1);
                if (b.den != a.den || a.num + b.num != (int64_t)sum * a.den) bad++;
            }
        }
        CHECK_MSG(bad == 0, "%s: %u states disagree", files[f], bad);
        pp_gdl_values_free(v);
        gdk_free(&x);
        free(text);
    }
}

static void a_game_that_goes_round_is_refused(void)
{
    const char *text = "(role a) (role b) (role c)\n(init (p))\n(<= (legal ?r go) (role ?r))\n"
                       "(<= (next (q)) (true (p))) (<= (next (p)) (true (q)))\n(<= terminal (true (z)))\n";
    pp_gdl *g;
    pp_error err = {0};
    pp_gdl_values *v = solve_text(text, &g, NULL, &err);
    CHECK(v == NULL && err.code == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "the game can go round: a state of depth 0 is reached again from a state of depth 1");
    /* check says so too, at line 1 */
    pp_gdl_diag d[4];
    uint32_t n = pp_gdl_check(text, strlen(text), 0, d, 4);
    CHECK(n == 1 && d[0].line == 1 && strstr(d[0].msg, "go round"));
    pp_gdl_values_free(v);
    pp_gdl_free(g);
}

static void a_role_without_a_move_or_a_goal_is_refused(void)
{
    const char *text =
        "(role a) (role b) (role c)\n(init (p))\n(<= (legal a go) (true (p)))\n(<= (legal b go) (true (p)))\n"
        "(<= (next (q)) (true (p)))\n(<= terminal (true (q)))\n";
    pp_gdl *g;
    pp_error err = {0};
    pp_gdl_values *v = solve_text(text, &g, NULL, &err);
    CHECK(v == NULL && err.code == PP_ERR_INPUT);
    CHECK_CONTAINS(
        err.msg, "line 1, column 19: the role c has no legal move in a reachable state that is not terminal (depth 0)");
    pp_gdl_values_free(v);
    pp_gdl_free(g);
    /* the majority game without its goal 0: a loser has no goal */
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", MAJORITY);
    *strstr(buf, "(<= (goal ?p 0)") = '\0';
    v = solve_text(buf, &g, NULL, &err);
    CHECK(v == NULL && err.code == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "has no goal for the role");
    pp_gdl_values_free(v);
    pp_gdl_free(g);
    /* check finds no problem in the three games above */
    pp_gdl_diag d[4];
    CHECK_EQ_INT(pp_gdl_check(RPS, strlen(RPS), 0, d, 4), 0);
    CHECK_EQ_INT(pp_gdl_check(MAJORITY, strlen(MAJORITY), 0, d, 4), 0);
    CHECK_EQ_INT(pp_gdl_check(TURNS3, strlen(TURNS3), 0, d, 4), 0);
    /* and the state graph's solve for turns says what it takes */
    pp_gdl_graph *s = NULL;
    CHECK(pp_gdl_parse(MAJORITY, strlen(MAJORITY), &g, &err) == PP_OK);
    CHECK(pp_gdl_solve(g, NULL, &s, &err) == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "line 1, column 19: a third role");
    pp_gdl_graph_free(s);
    pp_gdl_free(g);
}

static void limits_of_states_memory_and_budget(void)
{
    pp_gdl *g;
    pp_error err = {0};
    pp_gdl_value_options o = {.max_states = 5};
    pp_gdl_values *v = solve_text(RPS, &g, &o, &err);
    CHECK(v == NULL && err.code == PP_ERR_LIMIT);
    CHECK_CONTAINS(err.msg, "over 5 reachable states");
    pp_gdl_free(g);
    o = (pp_gdl_value_options){.budget = 4};
    v = solve_text(RPS, &g, &o, &err);
    CHECK(v == NULL && err.code == PP_ERR_BUDGET);
    CHECK_CONTAINS(err.msg, "budget of 4 network evaluations");
    pp_gdl_free(g);
    o = (pp_gdl_value_options){.max_bytes = 4096};
    v = solve_text(RPS, &g, &o, &err);
    CHECK(v == NULL && err.code == PP_ERR_LIMIT);
    CHECK_CONTAINS(err.msg, "over the memory budget");
    pp_gdl_free(g);
    /* a budget just big enough: 10 states and 9 joint moves */
    o = (pp_gdl_value_options){.budget = 19};
    v = solve_text(RPS, &g, &o, &err);
    CHECK_MSG(v != NULL, "%s", err.msg);
    pp_gdl_values_free(v);
    pp_gdl_free(g);
}

static void matrix_of_rock_paper_scissors_by_hand(void)
{
    pp_gdl *g;
    pp_error err = {0};
    pp_gdl_values *v = solve_text(RPS, &g, NULL, &err);
    CHECK_MSG(v != NULL, "%s", err.msg);
    if (v) {
        /* rows row's rock, paper, scissors; columns col's: row's goal after each pair */
        static const int want[9] = {50, 0, 100, 100, 50, 0, 0, 100, 50};
        pp_frac a[9], row[3], col[3], value;
        CHECK_EQ_INT(pp_gdl_values_legal(v, 0, 0), 3);
        CHECK_EQ_INT(pp_gdl_values_legal(v, 0, 1), 3);
        CHECK(pp_gdl_values_matrix(v, 0, 0, a, row, col, &value, &err) == PP_OK);
        char buf[64];
        static const char *names[3] = {"rock", "paper", "scissors"};
        for (uint32_t i = 0; i < 3; i++) {
            CHECK(pp_gdl_values_move_name(v, 0, 0, i, buf, sizeof buf) > 0 && strcmp(buf, names[i]) == 0);
            CHECK(frac_is(row[i], 1, 3) && frac_is(col[i], 1, 3));
        }
        for (int i = 0; i < 9; i++) CHECK_MSG(frac_is(a[i], want[i], 1), "entry %d", i);
        CHECK(frac_is(value, 50, 1));
        CHECK_EQ_INT(pp_gdl_values_move_name(v, 0, 0, 3, buf, sizeof buf), -1);
        /* a terminal state has no matrix game; no state 10 */
        uint32_t end = pp_gdl_values_successor(v, 0, 0);
        CHECK(end != UINT32_MAX && pp_gdl_values_legal(v, end, 0) == 0);
        CHECK(pp_gdl_values_matrix(v, end, 0, a, row, col, &value, &err) == PP_ERR_ARG);
        CHECK_CONTAINS(err.msg, "is terminal");
        CHECK(pp_gdl_values_matrix(v, 10, 0, a, row, col, &value, &err) == PP_ERR_ARG);
        CHECK(pp_gdl_values_successor(v, 0, 9) == UINT32_MAX);
    }
    pp_gdl_values_free(v);
    pp_gdl_free(g);
}

/* At every state that is not terminal of the three games above, each
 * role's matrix game: its value is the role's security value there, its
 * entries the successors' values, its strategies probability vectors that
 * pp_mgame_verify accepts, and at the start the row strategy is
 * pp_gdl_values_strategy's. */
static void every_matrix_agrees_with_the_values(void)
{
    const char *games[] = {RPS, MAJORITY, TURNS3};
    for (size_t k = 0; k < sizeof games / sizeof *games; k++) {
        pp_gdl *g;
        pp_error err = {0};
        pp_gdl_values *v = solve_text(games[k], &g, NULL, &err);
        CHECK_MSG(v != NULL, "game %zu: %s", k, err.msg);
        pp_gdl_values_info in;
        pp_gdl_values_get(v, &in);
        uint32_t bad = 0, seen = 0;
        for (uint32_t x = 0; x < in.states && v; x++) {
            if (pp_gdl_values_legal(v, x, 0) == 0) continue;
            uint32_t joint = 1;
            for (int r = 0; r < in.roles; r++) joint *= pp_gdl_values_legal(v, x, r);
            for (int r = 0; r < in.roles; r++) {
                uint32_t rows = pp_gdl_values_legal(v, x, r), cols = joint / rows;
                pp_frac a[64], row[8], col[64], value;
                if (pp_gdl_values_matrix(v, x, r, a, row, col, &value, &err) != PP_OK) {
                    bad++;
                    continue;
                }
                seen++;
                bad += pp_frac_cmp(value, pp_gdl_values_security(v, x, r)) != 0;
                bad += pp_mgame_verify(a, rows, cols, value, row, col, &err) != PP_OK;
                /* entry (d, j) is joint move e's successor: role r's digit d among the others' j */
                uint32_t stride = 1;
                for (int q = in.roles - 1; q > r; q--) stride *= pp_gdl_values_legal(v, x, q);
                for (uint32_t e = 0; e < joint; e++) {
                    uint32_t d = (e / stride) % rows, j = (e / (stride * rows)) * stride + e % stride;
                    bad += pp_frac_cmp(a[d * cols + j],
                                       pp_gdl_values_security(v, pp_gdl_values_successor(v, x, e), r)) != 0;
                }
                for (uint32_t i = 0; x == 0 && i < rows; i++) {
                    pp_frac p;
                    char buf[64];
                    pp_gdl_values_strategy(v, r, i, &p, buf, sizeof buf);
                    bad += pp_frac_cmp(p, row[i]) != 0;
                }
            }
        }
        CHECK_MSG(bad == 0 && seen > 0, "game %zu: %u of %u matrix games disagree", k, bad, seen);
        pp_gdl_values_free(v);
        pp_gdl_free(g);
    }
}

void suite_gdl_value(void)
{
    RUN(matrix_of_rock_paper_scissors_by_hand);
    RUN(every_matrix_agrees_with_the_values);
    RUN(rock_paper_scissors);
    RUN(three_roles_at_once);
    RUN(three_roles_taking_turns);
    RUN(turns_agree_with_the_retrograde_solve);
    RUN(a_game_that_goes_round_is_refused);
    RUN(a_role_without_a_move_or_a_goal_is_refused);
    RUN(limits_of_states_memory_and_budget);
}
