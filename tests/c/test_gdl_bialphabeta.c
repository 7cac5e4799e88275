/* test_gdl_bialphabeta.c: the security values by BIab's search
 * (pp_gdl_value_options.search = PP_GDL_VALUES_BIAB) against full backward
 * induction (the default, itself checked against the linear program alone
 * in test_gdl_value.c). On our rule files and on seeded random games of
 * several stages, two or three roles, whose states meet again (a score
 * kept modulo a small number): the start's values equal backward
 * induction's for every role, the search's bounds hold backward
 * induction's value at every state (equal where they meet), the start's
 * strategies verify (pp_mgame_verify) against the whole start matrix with
 * backward induction's coalition strategy, and the search never runs more
 * linear programs. Two games by hand where the programs saved are known,
 * and every memory budget a limit error or the answer. */
#include <stdlib.h>
#include <string.h>

#include "gdl_kit.h"
#include "harness.h"

static pp_gdl_values *values_of(const char *text, int search, pp_gdl **g, pp_error *err)
{
    *g = NULL;
    pp_gdl_values *v = NULL;
    pp_gdl_value_options o = {.search = search};
    if (!text || pp_gdl_parse(text, strlen(text), g, err)) return NULL;
    if (pp_gdl_values_solve(*g, &o, &v, err)) return NULL;
    return v;
}

typedef struct agreement {
    unsigned bad;                        /* things that disagree */
    unsigned long long lps_bi, lps_biab; /* linear programs, summed */
    unsigned long long searches, exact;  /* the search's */
} agreement;

/* The checks of the file's head on one game, BIab's v against BI's w. */
static void compare(const char *name, const pp_gdl_values *v, const pp_gdl_values *w, agreement *ag)
{
    pp_gdl_values_info in, iw;
    pp_gdl_values_get(v, &in);
    pp_gdl_values_get(w, &iw);
    unsigned bad = 0;
    if (in.states != iw.states || in.search != PP_GDL_VALUES_BIAB || iw.search != PP_GDL_VALUES_BI) bad++;
    for (uint32_t x = 0; x < in.states && !bad; x++)
        for (int r = 0; r < in.roles; r++) {
            pp_frac lo, hi, exact = pp_gdl_values_security(w, x, r), got = pp_gdl_values_security(v, x, r);
            if (pp_gdl_values_bounds(v, x, r, &lo, &hi) != 0) bad++;
            else if (pp_frac_cmp(lo, exact) > 0 || pp_frac_cmp(exact, hi) > 0) bad++;
            else if (pp_frac_cmp(lo, hi) == 0 ? pp_frac_cmp(got, exact) != 0 : got.den != 0) bad++;
            if (x == 0 && pp_frac_cmp(got, exact) != 0) bad++;
        }
    if (bad) printf("  %s: the values or bounds disagree\n", name);
    /* the start's strategies against the whole start matrix */
    if (pp_gdl_values_legal(w, 0, 0) > 0) {
        uint32_t joint = 1;
        for (int r = 0; r < in.roles; r++) joint *= pp_gdl_values_legal(w, 0, r);
        pp_frac *a = malloc(joint * sizeof *a), *row = malloc(joint * sizeof *row), *col = malloc(joint * sizeof *col),
                *mine = malloc(joint * sizeof *mine);
        for (int r = 0; r < in.roles && a && row && col && mine; r++) {
            uint32_t rows = pp_gdl_values_legal(w, 0, r), cols = joint / rows;
            pp_frac value;
            pp_error err = {0};
            if (pp_gdl_values_matrix(w, 0, r, a, row, col, &value, &err) != PP_OK ||
                pp_gdl_values_moves(v, r) != rows) {
                bad++;
                continue;
            }
            for (uint32_t i = 0; i < rows; i++) {
                char b1[128], b2[128];
                pp_gdl_values_strategy(v, r, i, &mine[i], b1, sizeof b1);
                pp_gdl_values_strategy(w, r, i, NULL, b2, sizeof b2);
                bad += strcmp(b1, b2) != 0;
            }
            if (pp_mgame_verify(a, rows, cols, pp_gdl_values_security(v, 0, r), mine, col, &err) != PP_OK) {
                printf("  %s: role %d's start strategy: %s\n", name, r, err.msg);
                bad++;
            }
        }
        if (!a || !row || !col || !mine) bad++;
        free(a), free(row), free(col), free(mine);
    }
    if (in.linear_programs > iw.linear_programs) {
        printf("  %s: %llu programs, backward induction %llu\n", name, (unsigned long long)in.linear_programs,
               (unsigned long long)iw.linear_programs);
        bad++;
    }
    if (in.valued_exactly > in.searches || in.pinned_by_bounds > in.valued_exactly) bad++;
    ag->bad += bad;
    ag->lps_bi += iw.linear_programs;
    ag->lps_biab += in.linear_programs;
    ag->searches += in.searches;
    ag->exact += in.valued_exactly;
}

static void compare_text(const char *name, const char *text, agreement *ag)
{
    pp_gdl *g = NULL, *g2 = NULL;
    pp_error err = {0};
    pp_gdl_values *v = values_of(text, PP_GDL_VALUES_BIAB, &g, &err);
    pp_gdl_values *w = v ? values_of(text, PP_GDL_VALUES_BI, &g2, &err) : NULL;
    CHECK_MSG(v && w, "%s: %s", name, err.msg);
    if (v && w) compare(name, v, w, ag);
    else ag->bad++;
    pp_gdl_values_free(v), pp_gdl_values_free(w);
    pp_gdl_free(g), pp_gdl_free(g2);
}

static void our_rule_files_agree(void)
{
    static const char *files[] = {
        "web/src/gdl/examples/rock-paper-scissors.kif",
        "web/src/gdl/examples/prisoners-dilemma.kif",
        "web/src/gdl/examples/free-number.kif",
        "tests/gdl/games/pennies-twice.kif",
        "tests/gdl/games/turns3.kif",
        "web/src/gdl/examples/tictactoe.kif",
        "web/src/gdl/examples/nim.kif",
        "web/src/gdl/examples/hanoi.kif",
    };
    agreement ag = {0};
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        char *text = gdk_read(files[f], NULL);
        CHECK_MSG(text != NULL, "%s: cannot read it", files[f]);
        agreement one = {0};
        if (text) compare_text(files[f], text, &one);
        CHECK_MSG(one.bad == 0, "%s: %u disagree", files[f], one.bad);
        ag.bad += one.bad;
        free(text);
    }
    CHECK_EQ_INT(ag.bad, 0);
}

/* A random game of `stages` stages: at stage k each role has 1 to 3 moves
 * (at least one role several), the joint move adds a random amount to a
 * score kept modulo m (so states meet again), and at the end each role's
 * goal is a random function of the score (0, 10, ..., 100; for two roles
 * a constant sum of 100 when constant_sum). */
static void random_game(gdk_text *t, uint64_t *seed, int roles, int stages, int m, int constant_sum)
{
#define NEXT() (*seed = *seed * 6364136223846793005ull + 1442695040888963407ull, (unsigned)(*seed >> 33))
    static const char *name[3] = {"a", "b", "c"}, *var[3] = {"?x", "?y", "?z"};
    for (int r = 0; r < roles; r++) gdk_add(t, "(role %s) ", name[r]);
    gdk_add(t, "\n(init (step 0)) (init (score 0))\n"
               "(<= (legal ?p ?m) (true (step ?k)) (moves ?p ?k ?m))\n"
               "(<= (next (step ?n)) (true (step ?k)) (succ ?k ?n))\n"
               "(<= (next (score ?t)) (true (step ?k)) (true (score ?s))");
    for (int r = 0; r < roles; r++) gdk_add(t, " (does %s %s)", name[r], var[r]);
    gdk_add(t, " (w ?k");
    for (int r = 0; r < roles; r++) gdk_add(t, " %s", var[r]);
    gdk_add(t,
            " ?d) (add ?s ?d ?t))\n(<= terminal (true (step %d)))\n"
            "(<= (goal ?p ?g) (true (score ?s)) (pay ?p ?s ?g))\n",
            stages);
    for (int k = 0; k < stages; k++) gdk_add(t, "(succ %d %d) ", k, k + 1);
    for (int s = 0; s < m; s++)
        for (int d = 0; d < m; d++) gdk_add(t, "(add %d %d %d) ", s, d, (s + d) % m);
    gdk_add(t, "\n");
    for (int k = 0; k < stages; k++) {
        unsigned n[3] = {1, 1, 1}, several = 0;
        while (!several) {
            several = 0;
            for (int r = 0; r < roles; r++) several += (n[r] = 1 + NEXT() % 3) > 1;
        }
        for (int r = 0; r < roles; r++)
            for (unsigned i = 0; i < n[r]; i++) gdk_add(t, "(moves %s %d m%u) ", name[r], k, i);
        gdk_add(t, "\n");
        unsigned joint = n[0] * n[1] * (roles > 2 ? n[2] : 1);
        for (unsigned e = 0; e < joint; e++) {
            gdk_add(t, "(w %d", k);
            unsigned rest = e, dig[3];
            for (int r = roles - 1; r >= 0; r--) dig[r] = rest % n[r], rest /= n[r];
            for (int r = 0; r < roles; r++) gdk_add(t, " m%u", dig[r]);
            gdk_add(t, " %u) ", NEXT() % (unsigned)m);
        }
        gdk_add(t, "\n");
    }
    for (int s = 0; s < m; s++) {
        unsigned g0 = 10 * (NEXT() % 11);
        for (int r = 0; r < roles; r++)
            gdk_add(t, "(pay %s %d %u) ", name[r], s,
                    r == 0                       ? g0
                    : roles == 2 && constant_sum ? 100 - g0
                                                 : 10 * (NEXT() % 11));
    }
    gdk_add(t, "\n");
#undef NEXT
}

static void random_games_agree(void)
{
    uint64_t seed = 0xB1ABull;
    agreement ag = {0};
    for (int k = 0; k < 160; k++) {
        int roles = 2 + (k % 4 == 3), stages = 2 + k % 3, m = 3 + (k / 4) % 5;
        gdk_text t = {0};
        random_game(&t, &seed, roles, stages, m, k % 2 == 0);
        char name[64];
        snprintf(name, sizeof name, "random game %d (%d roles, %d stages, scores mod %d)", k, roles, stages, m);
        agreement one = {0};
        compare_text(name, t.text, &one);
        CHECK_MSG(one.bad == 0, "%s: %u disagree\n%s", name, one.bad, t.text ? t.text : "");
        ag.bad += one.bad, ag.lps_bi += one.lps_bi, ag.lps_biab += one.lps_biab;
        ag.searches += one.searches, ag.exact += one.exact;
        gdk_text_free(&t);
    }
    /* the games exercise the search: programs saved, and searches that ended on a window, not exact */
    CHECK_MSG(ag.lps_biab < ag.lps_bi && ag.lps_biab > 0, "%llu programs, backward induction %llu", ag.lps_biab,
              ag.lps_bi);
    CHECK_MSG(ag.searches > ag.exact, "%llu searches, %llu exact", ag.searches, ag.exact);
    printf("  BIab on 160 random games: %llu linear programs, backward induction %llu\n", ag.lps_biab, ag.lps_bi);
}

/* a chooses safe (100 at once, whatever b does) or gamble, then matching
 * pennies (100 to a on a match, else 0; b the rest). a's safe row pins the
 * start for both roles by its bounds (a: 100 in every column, the most any
 * cell can be; b: 0 under a's safe column), so the search values nothing
 * below it; backward induction solves both pennies states' games (b's
 * first move leads to one of two) by a program each: 4 saved. */
static const char *SAFE_OR_GAMBLE = "(role a) (role b)\n(init (stage 0))\n"
                                    "(<= (legal a safe) (true (stage 0))) (<= (legal a gamble) (true (stage 0)))\n"
                                    "(<= (legal b ?x) (true (stage 0)) (coin ?x))\n"
                                    "(<= (legal ?p ?x) (true (stage 1)) (role ?p) (coin ?x))\n"
                                    "(coin heads) (coin tails)\n"
                                    "(<= (next (stage 1)) (does a gamble))\n"
                                    "(<= (next (first ?x)) (does b ?x) (true (stage 0)))\n"
                                    "(<= (next won) (does a safe))\n"
                                    "(<= (next won) (true (stage 1)) (does a ?x) (does b ?x))\n"
                                    "(<= (next over) (does a safe)) (<= (next over) (true (stage 1)))\n"
                                    "(<= terminal (true over))\n"
                                    "(<= (goal a 100) (true won)) (<= (goal a 0) (not (true won)))\n"
                                    "(<= (goal b 0) (true won)) (<= (goal b 100) (not (true won)))\n";

/* Rock-paper-scissors with goals 100 a win, 50 a tie, 40 a loss, and a
 * fourth move for a, `bad`, which leads to matching pennies worth at most
 * 30 to a (30 on a match; b 100 on a miss, 70 on a match). For a the bad
 * row is dominated by rock (its cells at most 30, rock's at least 40), so
 * the pennies state's game for a is never solved; for b (rows b's three
 * moves, columns a's four) the bad column holds b to at least 70 but no
 * other column is below that in every row, so b's game there is solved.
 * Backward induction: 4 programs (the start's and the pennies state's, each
 * role); the search 3. Both start values (100 + 50 + 40) / 3 = 190/3, a
 * third on each of rock, paper and scissors, none on bad. */
static const char *RPS_AND_BAD =
    "(role a) (role b)\n(init (stage 0))\n"
    "(<= (legal ?p ?x) (true (stage 0)) (role ?p) (hand ?x)) (<= (legal a bad) (true (stage 0)))\n"
    "(<= (legal ?p ?x) (true (stage 1)) (role ?p) (coin ?x))\n"
    "(hand rock) (hand paper) (hand scissors) (coin heads) (coin tails)\n"
    "(beats rock scissors) (beats paper rock) (beats scissors paper)\n"
    "(<= (next (played ?p ?x)) (true (stage 0)) (does ?p ?x) (hand ?x) (not (does a bad)))\n"
    "(<= (next (stage 1)) (does a bad))\n"
    "(<= (next over) (true (stage 0)) (not (does a bad))) (<= (next over) (true (stage 1)))\n"
    "(<= (next match) (true (stage 1)) (does a ?x) (does b ?x))\n"
    "(<= (next pennies) (true (stage 1)))\n"
    "(<= terminal (true over))\n"
    "(<= (wins ?p) (true (played ?p ?x)) (true (played ?q ?y)) (beats ?x ?y))\n"
    "(<= tie (true (played a ?x)) (true (played b ?x)))\n"
    "(<= (goal ?p 100) (wins ?p)) (<= (goal ?p 50) (role ?p) tie)\n"
    "(<= (goal ?p 40) (role ?p) (not (wins ?p)) (not tie) (not (true pennies)))\n"
    "(<= (goal a 30) (true match)) (<= (goal a 0) (true pennies) (not (true match)))\n"
    "(<= (goal b 70) (true match)) (<= (goal b 100) (true pennies) (not (true match)))\n";

static void programs_saved_by_hand(void)
{
    const struct {
        const char *name, *text;
        unsigned lps_bi, lps_biab, pinned;
        int64_t value_num[2], value_den;
    } cases[] = {
        {"safe or gamble", SAFE_OR_GAMBLE, 4, 0, 2, {100, 0}, 1},
        {"rock-paper-scissors and a bad move", RPS_AND_BAD, 4, 3, 0, {190, 190}, 3},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        pp_gdl *g = NULL, *g2 = NULL;
        pp_error err = {0};
        pp_gdl_values *v = values_of(cases[k].text, PP_GDL_VALUES_BIAB, &g, &err);
        pp_gdl_values *w = v ? values_of(cases[k].text, PP_GDL_VALUES_BI, &g2, &err) : NULL;
        CHECK_MSG(v && w, "%s: %s", cases[k].name, err.msg);
        if (v && w) {
            agreement ag = {0};
            compare(cases[k].name, v, w, &ag);
            CHECK_MSG(ag.bad == 0, "%s: %u disagree", cases[k].name, ag.bad);
            pp_gdl_values_info in, iw;
            pp_gdl_values_get(v, &in);
            pp_gdl_values_get(w, &iw);
            CHECK_MSG(iw.linear_programs == cases[k].lps_bi && in.linear_programs == cases[k].lps_biab &&
                          in.pinned_by_bounds == cases[k].pinned,
                      "%s: %llu programs (backward induction %llu), %llu pinned", cases[k].name,
                      (unsigned long long)in.linear_programs, (unsigned long long)iw.linear_programs,
                      (unsigned long long)in.pinned_by_bounds);
            for (int r = 0; r < 2; r++) {
                pp_frac want = {cases[k].value_num[r], cases[k].value_den}, got = pp_gdl_values_security(v, 0, r);
                CHECK_MSG(pp_frac_cmp(got, want) == 0 && got.den > 0, "%s: role %d gets %lld/%lld", cases[k].name, r,
                          (long long)got.num, (long long)got.den);
            }
        }
        if (v && w && k == 1) {
            /* a's strategy: a third on each hand, none on bad */
            for (uint32_t i = 0; i < pp_gdl_values_moves(v, 0); i++) {
                char buf[32];
                pp_frac p;
                pp_gdl_values_strategy(v, 0, i, &p, buf, sizeof buf);
                pp_frac want = strcmp(buf, "bad") == 0 ? (pp_frac){0, 1} : (pp_frac){1, 3};
                CHECK_MSG(pp_frac_cmp(p, want) == 0, "a's %s: %lld/%lld", buf, (long long)p.num, (long long)p.den);
            }
            /* the pennies state is valued for b, not for a: its game for a cannot be read, the start's can */
            pp_frac a[8], row[4], col[4], value;
            uint32_t pennies = UINT32_MAX;
            for (uint32_t e = 0; e < 12; e++) {
                uint32_t c = pp_gdl_values_successor(v, 0, e);
                if (pp_gdl_values_legal(v, c, 0) > 0) pennies = c;
            }
            CHECK(pennies != UINT32_MAX);
            pp_frac lo, hi;
            CHECK(pp_gdl_values_bounds(v, pennies, 0, &lo, &hi) == 0 && pp_frac_cmp(lo, hi) < 0);
            CHECK(pp_gdl_values_security(v, pennies, 0).den == 0);
            CHECK(pp_frac_cmp(pp_gdl_values_security(v, pennies, 1), (pp_frac){85, 1}) == 0);
            CHECK(pp_gdl_values_matrix(v, pennies, 0, a, row, col, &value, &err) ==
                  PP_OK); /* its successors are terminal */
            pp_frac big[12], brow[4], bcol[4];
            CHECK(pp_gdl_values_matrix(v, 0, 0, big, brow, bcol, &value, &err) == PP_ERR_ARG);
            CHECK_CONTAINS(err.msg, "not all valued exactly");
            CHECK(pp_gdl_values_matrix(v, 0, 1, big, brow, bcol, &value, &err) == PP_OK);
            CHECK(pp_frac_cmp(value, (pp_frac){190, 3}) == 0);
        }
        pp_gdl_values_free(v), pp_gdl_values_free(w);
        pp_gdl_free(g), pp_gdl_free(g2);
    }
}

/* Under every memory budget from nothing up: a limit error or the answer
 * (the search's own scratch counted too), never anything else. */
static void every_memory_budget_gives_a_limit_or_the_answer(void)
{
    char *text = gdk_read("tests/gdl/games/pennies-twice.kif", NULL);
    CHECK(text != NULL);
    unsigned limits = 0, answers = 0, other = 0, searching = 0;
    for (uint64_t b = 256; text && b <= 4u << 20; b += b / 32) {
        pp_gdl *g = NULL;
        pp_error err = {0};
        pp_gdl_values *v = NULL;
        pp_gdl_value_options o = {.max_bytes = b, .search = PP_GDL_VALUES_BIAB};
        pp_status st = pp_gdl_parse(text, strlen(text), &g, &err);
        if (!st) st = pp_gdl_values_solve(g, &o, &v, &err);
        if (st == PP_ERR_LIMIT) {
            limits++;
            /* past the graph's memory, the bounds' and the search's own: backward induction answers there */
            pp_gdl_values *w = NULL;
            o.search = PP_GDL_VALUES_BI;
            if (g && pp_gdl_values_solve(g, &o, &w, &err) == PP_OK) searching++;
            pp_gdl_values_free(w);
        } else if (st == PP_OK && pp_frac_cmp(pp_gdl_values_security(v, 0, 0), (pp_frac){50, 1}) == 0) answers++;
        else other++;
        pp_gdl_values_free(v);
        pp_gdl_free(g);
    }
    CHECK_MSG(limits > 0 && answers > 0 && other == 0 && searching > 0,
              "%u limits (%u in the search), %u answers, %u else", limits, searching, answers, other);
    free(text);
}

void suite_gdl_bialphabeta(void)
{
    RUN(every_memory_budget_gives_a_limit_or_the_answer);
    RUN(our_rule_files_agree);
    RUN(programs_saved_by_hand);
    RUN(random_games_agree);
}
