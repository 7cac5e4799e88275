/* test_gdl_value.c: every GDL game's security values (pp_gdl_values_*):
 * rock-paper-scissors and a three-role majority game against their values
 * worked out by hand, a three-role game taking turns (security values and
 * max^n by hand), the examples taking turns against the retrograde solve at
 * every state (the first role's value is its security value; with goals of
 * a constant sum the two add up to it), the puzzle's best goal, and the
 * refusals: a game that goes round, a role without a move, the limits on
 * states, memory and budget; any state's matrix game (pp_gdl_values_matrix)
 * by hand at the start and, at every state, against the solve's values; the
 * matrix games pinned by their pure bounds and the linear programs counted
 * by hand, and random two-stage games whose values with the bounds first
 * agree with the linear program alone at every state, the pinned games
 * counted again from the matrices; the backward induction's order (every
 * state after its successors) and the solve in steps against the one call. */
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

/* Rock-paper-scissors: each role's game at the start (3 x 3) has no saddle
 * point, so both take the linear program; the prisoner's dilemma's (2 x 2)
 * both have one (defect against defect), so the bounds pin them and no
 * program runs; a game taking turns has no game of several rows and
 * several columns at all. With no_bounds every role's game at every state
 * that is not terminal takes a program, the values the same. */
static void bounds_and_linear_programs_counted_by_hand(void)
{
    const struct {
        const char *name, *text, *file;
        unsigned games, pinned, lps, lps_alone;
    } cases[] = {
        {"rock-paper-scissors", RPS, NULL, 2, 0, 2, 2},
        {"prisoners-dilemma", NULL, EXAMPLES "prisoners-dilemma.kif", 2, 2, 0, 2},
        {"three roles taking turns", TURNS3, NULL, 0, 0, 0, 21},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char *file = cases[k].file ? gdk_read(cases[k].file, NULL) : NULL;
        const char *text = cases[k].text ? cases[k].text : file;
        CHECK_MSG(text != NULL, "%s: cannot read it", cases[k].name);
        if (!text) continue;
        pp_gdl *g, *g2;
        pp_error err = {0};
        pp_gdl_value_options alone = {.no_bounds = 1};
        pp_gdl_values *v = solve_text(text, &g, NULL, &err), *w = solve_text(text, &g2, &alone, &err);
        CHECK_MSG(v && w, "%s: %s", cases[k].name, err.msg);
        if (v && w) {
            pp_gdl_values_info in, in2;
            pp_gdl_values_get(v, &in);
            pp_gdl_values_get(w, &in2);
            CHECK_MSG(in.matrix_games == cases[k].games && in.saddles == cases[k].pinned &&
                          in.linear_programs == cases[k].lps,
                      "%s: %llu games, %llu pinned, %llu programs", cases[k].name, (unsigned long long)in.matrix_games,
                      (unsigned long long)in.saddles, (unsigned long long)in.linear_programs);
            CHECK_MSG((in.pivots > 0) == (in.linear_programs > 0), "%s: %llu pivots", cases[k].name,
                      (unsigned long long)in.pivots);
            CHECK_MSG(
                in2.matrix_games == cases[k].games && in2.saddles == 0 && in2.linear_programs == cases[k].lps_alone,
                "%s alone: %llu games, %llu pinned, %llu programs", cases[k].name, (unsigned long long)in2.matrix_games,
                (unsigned long long)in2.saddles, (unsigned long long)in2.linear_programs);
            for (uint32_t x = 0; x < in.states; x++)
                for (int r = 0; r < in.roles; r++)
                    CHECK_MSG(pp_frac_cmp(pp_gdl_values_security(v, x, r), pp_gdl_values_security(w, x, r)) == 0,
                              "%s: state %u role %d", cases[k].name, x, r);
        }
        pp_gdl_values_free(v);
        pp_gdl_values_free(w);
        pp_gdl_free(g);
        pp_gdl_free(g2);
        free(file);
    }
}

/* A two-stage game: a and b each choose one of a0 and b0 moves at once,
 * then one of a1 and b1, and the four choices' payoff (random goals of
 * 0, 25, ..., 100 for each role, constant-sum or not) ends it. */
static void random_two_stages(gdk_text *t, uint64_t *seed, int constant_sum)
{
#define NEXT() (*seed = *seed * 6364136223846793005ull + 1442695040888963407ull, (unsigned)(*seed >> 33))
    unsigned n[4] = {2 + NEXT() % 2, 2 + NEXT() % 2, 1 + NEXT() % 3, 1 + NEXT() % 3}; /* a0 b0 a1 b1 */
    gdk_add(t, "(role a) (role b)\n(init (step 0))\n"
               "(<= (legal a ?x) (true (step 0)) (a0 ?x)) (<= (legal b ?x) (true (step 0)) (b0 ?x))\n"
               "(<= (legal a ?x) (true (step 1)) (a1 ?x)) (<= (legal b ?x) (true (step 1)) (b1 ?x))\n"
               "(<= (next (first ?p ?x)) (does ?p ?x) (true (step 0)))\n"
               "(<= (next (first ?p ?x)) (true (first ?p ?x)))\n"
               "(<= (next (second ?p ?x)) (does ?p ?x) (true (step 1)))\n"
               "(<= (next (step 1)) (true (step 0))) (<= (next (step 2)) (true (step 1)))\n"
               "(<= terminal (true (step 2)))\n"
               "(<= (ends ?g ?h) (true (first a ?w)) (true (first b ?x)) (true (second a ?y)) (true (second b ?z))"
               " (pay ?w ?x ?y ?z ?g ?h))\n"
               "(<= (goal a ?g) (ends ?g ?h)) (<= (goal b ?h) (ends ?g ?h))\n");
    static const char *sets[4] = {"a0", "b0", "a1", "b1"};
    for (int s = 0; s < 4; s++)
        for (unsigned i = 0; i < n[s]; i++) gdk_add(t, "(%s m%d%u)\n", sets[s], s, i);
    for (unsigned w = 0; w < n[0]; w++)
        for (unsigned x = 0; x < n[1]; x++)
            for (unsigned y = 0; y < n[2]; y++)
                for (unsigned z = 0; z < n[3]; z++) {
                    unsigned ga = 25 * (NEXT() % 5), gb = constant_sum ? 100 - ga : 25 * (NEXT() % 5);
                    gdk_add(t, "(pay m0%u m1%u m2%u m3%u %u %u)\n", w, x, y, z, ga, gb);
                }
#undef NEXT
}

/* Random two-stage games: the values with the bounds first agree with the
 * linear program alone at every state, every game either pinned or a
 * program, and the pinned ones counted again from each state's matrix
 * (its best row minimum equal to its least column maximum). */
static void bounds_agree_with_the_linear_program_alone(void)
{
    uint64_t seed = 0x5EEDull;
    unsigned pinned_total = 0, lps_total = 0;
    for (int k = 0; k < 24; k++) {
        gdk_text t = {0};
        random_two_stages(&t, &seed, k % 2 == 0);
        pp_gdl *g = NULL, *g2 = NULL;
        pp_error err = {0};
        pp_gdl_value_options alone = {.no_bounds = 1};
        pp_gdl_values *v = t.text ? solve_text(t.text, &g, NULL, &err) : NULL;
        pp_gdl_values *w = v ? solve_text(t.text, &g2, &alone, &err) : NULL;
        CHECK_MSG(v && w, "game %d: %s", k, err.msg);
        if (v && w) {
            pp_gdl_values_info in, in2;
            pp_gdl_values_get(v, &in);
            pp_gdl_values_get(w, &in2);
            uint32_t bad = 0, games = 0, pinned = 0, inner = 0;
            for (uint32_t x = 0; x < in.states; x++) {
                for (int r = 0; r < 2; r++)
                    bad += pp_frac_cmp(pp_gdl_values_security(v, x, r), pp_gdl_values_security(w, x, r)) != 0;
                if (pp_gdl_values_legal(v, x, 0) == 0) continue;
                inner++;
                for (int r = 0; r < 2; r++) {
                    uint32_t rows = pp_gdl_values_legal(v, x, r), cols = pp_gdl_values_legal(v, x, 1 - r);
                    pp_frac a[9], row[3], col[3], value;
                    if (pp_gdl_values_matrix(v, x, r, a, row, col, &value, &err) != PP_OK) {
                        bad++;
                        continue;
                    }
                    if (rows < 2 || cols < 2) continue;
                    games++;
                    pp_frac maxmin = {0, 0}, minmax = {0, 0};
                    for (uint32_t i = 0; i < rows; i++) {
                        pp_frac m = a[i * cols];
                        for (uint32_t j = 1; j < cols; j++)
                            if (pp_frac_cmp(a[i * cols + j], m) < 0) m = a[i * cols + j];
                        if (i == 0 || pp_frac_cmp(m, maxmin) > 0) maxmin = m;
                    }
                    for (uint32_t j = 0; j < cols; j++) {
                        pp_frac m = a[j];
                        for (uint32_t i = 1; i < rows; i++)
                            if (pp_frac_cmp(a[i * cols + j], m) > 0) m = a[i * cols + j];
                        if (j == 0 || pp_frac_cmp(m, minmax) < 0) minmax = m;
                    }
                    pinned += pp_frac_cmp(maxmin, minmax) == 0;
                }
            }
            CHECK_MSG(bad == 0, "game %d: %u values disagree", k, bad);
            CHECK_MSG(in.matrix_games == games && in.saddles == pinned &&
                          in.linear_programs == in.matrix_games - in.saddles,
                      "game %d: %llu games (%u by hand), %llu pinned (%u), %llu programs", k,
                      (unsigned long long)in.matrix_games, games, (unsigned long long)in.saddles, pinned,
                      (unsigned long long)in.linear_programs);
            CHECK_MSG(in2.saddles == 0 && in2.linear_programs == 2ull * inner,
                      "game %d alone: %llu programs, %u states", k, (unsigned long long)in2.linear_programs, inner);
            pinned_total += pinned;
            lps_total += (unsigned)in.linear_programs;
        }
        pp_gdl_values_free(v);
        pp_gdl_values_free(w);
        pp_gdl_free(g);
        pp_gdl_free(g2);
        gdk_text_free(&t);
    }
    /* the random games exercise both ways */
    CHECK_MSG(pinned_total > 0 && lps_total > 0, "%u pinned, %u programs", pinned_total, lps_total);
}

/* The order (pp_gdl_values_order) is a permutation of the states, each
 * after every one of its successors, the start last; the solve in steps of
 * small budgets (pp_gdl_values_new, _step) gives the one call's values,
 * counts and order, the readers answer "none" until it is done, and a
 * failed step fails the solve. */
static void the_order_and_the_steps_agree_with_the_one_call(void)
{
    static const char *files[] = {EXAMPLES "rock-paper-scissors.kif", EXAMPLES "prisoners-dilemma.kif",
                                  EXAMPLES "free-number.kif",         "tests/gdl/games/pennies-twice.kif",
                                  "tests/gdl/games/turns3.kif",       EXAMPLES "tictactoe.kif"};
    static const uint64_t budgets[] = {1, 7, 1000};
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        char *text = gdk_read(files[f], NULL);
        pp_gdl *g = NULL;
        pp_error err = {0};
        pp_gdl_values *v = text ? solve_text(text, &g, NULL, &err) : NULL;
        CHECK_MSG(v != NULL, "%s: %s", files[f], err.msg);
        if (!v) {
            free(text);
            pp_gdl_free(g);
            continue;
        }
        pp_gdl_values_info in;
        pp_gdl_values_get(v, &in);
        uint32_t N = in.states, *pos = malloc(N * sizeof *pos), bad = 0;
        for (uint32_t x = 0; x < N; x++) pos[x] = UINT32_MAX;
        for (uint32_t k = 0; k < N; k++) {
            uint32_t x = pp_gdl_values_order(v, k);
            if (x >= N || pos[x] != UINT32_MAX) bad++;
            else pos[x] = k;
        }
        CHECK_MSG(bad == 0, "%s: the order is not a permutation (%u wrong)", files[f], bad);
        CHECK_EQ_INT(pp_gdl_values_order(v, N), UINT32_MAX);
        CHECK_EQ_INT(pp_gdl_values_order(v, N - 1), 0);
        uint32_t early = 0;
        for (uint32_t x = 0; x < N && !bad; x++)
            for (uint32_t e = 0;; e++) {
                uint32_t c = pp_gdl_values_successor(v, x, e);
                if (c == UINT32_MAX) break;
                early += pos[c] >= pos[x];
            }
        CHECK_MSG(early == 0, "%s: %u successors decided after their state", files[f], early);
        for (size_t b = 0; b < sizeof budgets / sizeof *budgets; b++) {
            pp_gdl_values *w = NULL;
            CHECK(pp_gdl_values_new(g, NULL, &w, &err) == PP_OK);
            CHECK_EQ_INT(pp_gdl_values_order(w, 0), UINT32_MAX);
            CHECK(pp_gdl_values_security(w, 0, 0).den == 0);
            int done = 0, steps = 0;
            pp_status st = PP_OK;
            uint32_t last_valued = 0;
            while (!done && !st) {
                st = pp_gdl_values_step(w, budgets[b], &done, &err);
                pp_gdl_values_progress p;
                pp_gdl_values_get_progress(w, &p);
                CHECK(p.expanded <= p.states && p.valued <= p.states && p.valued >= last_valued);
                last_valued = p.valued;
                if (!done) CHECK(pp_gdl_values_security(w, 0, 0).den == 0);
                steps++;
            }
            CHECK_MSG(st == PP_OK, "%s in steps of %llu: %s", files[f], (unsigned long long)budgets[b], err.msg);
            /* budget 1: a step a state in both phases, and one to order */
            if (budgets[b] == 1) CHECK_MSG(steps >= (int)(2 * N), "%s: %d steps, %u states", files[f], steps, N);
            pp_gdl_values_info in2;
            pp_gdl_values_get(w, &in2);
            CHECK(in2.states == N && in2.joint_moves == in.joint_moves && in2.matrix_games == in.matrix_games &&
                  in2.saddles == in.saddles && in2.linear_programs == in.linear_programs && in2.pivots == in.pivots &&
                  in2.kind == in.kind && in2.has_maxn == in.has_maxn);
            uint32_t differ = 0;
            for (uint32_t x = 0; x < N; x++) {
                differ += pp_gdl_values_order(w, x) != pp_gdl_values_order(v, x);
                for (int r = 0; r < in.roles; r++)
                    differ += pp_frac_cmp(pp_gdl_values_security(w, x, r), pp_gdl_values_security(v, x, r)) != 0 ||
                              pp_gdl_values_maxn(w, x, r) != pp_gdl_values_maxn(v, x, r);
            }
            CHECK_MSG(differ == 0, "%s in steps of %llu: %u values differ", files[f], (unsigned long long)budgets[b],
                      differ);
            pp_gdl_values_free(w);
        }
        free(pos);
        pp_gdl_values_free(v);
        pp_gdl_free(g);
        free(text);
    }
    /* a failed step fails the solve: over 3 states */
    pp_gdl *g = NULL;
    pp_error err = {0};
    CHECK(pp_gdl_parse(TURNS3, strlen(TURNS3), &g, &err) == PP_OK);
    pp_gdl_value_options o = {.max_states = 3};
    pp_gdl_values *w = NULL;
    CHECK(pp_gdl_values_new(g, &o, &w, &err) == PP_OK);
    int done = 0;
    pp_status st = PP_OK;
    while (!st && !done) st = pp_gdl_values_step(w, 1, &done, &err);
    CHECK_EQ_INT(st, PP_ERR_LIMIT);
    CHECK_EQ_INT(pp_gdl_values_step(w, 1, &done, &err), PP_ERR_ARG);
    CHECK(!done);
    pp_gdl_values_free(w);
    pp_gdl_values_free(NULL);
    pp_gdl_free(g);
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
    RUN(bounds_and_linear_programs_counted_by_hand);
    RUN(bounds_agree_with_the_linear_program_alone);
    RUN(the_order_and_the_steps_agree_with_the_one_call);
}
