/* test_tree_search.c: the minimax / alpha-beta core (alphabeta.c) on abstract
 * trees (game_tree.c) and on a test game full of transpositions: golden
 * traces of the textbook tree, every option against plain minimax on
 * thousands of random instances, the fail-hard and fail-soft window
 * contracts, Knuth and Moore's minimal tree, budgets, depth, pausing. */
#include <stdlib.h>

#include "../../c/perfect_play.h"
#include "dag_kit.h"
#include "harness.h"

/* The textbook tree (Russell and Norvig, AIMA, Figure 5.2 / 5.5): MAX's
 * value is 3, and alpha-beta in the given order never looks at B's leaves
 * 4 and 6. */
#define TEXTBOOK "[[3,12,8],[2,4,6],[14,5,2]]"

static pp_tree *parse_tree(const char *text)
{
    pp_tree *t = NULL;
    pp_error err;
    pp_status s = pp_tree_parse(text, strlen(text), &t, &err);
    CHECK_MSG(s == PP_OK, "%s", err.msg);
    return t;
}

static pp_ab_options opts(pp_ab_algo algo, pp_ab_order order, int tt)
{
    pp_ab_options o;
    pp_ab_defaults(&o);
    o.algo = algo;
    o.order = order;
    o.tt = tt;
    o.tt_bits = 12; /* small tables: thousands of solves allocate one each */
    return o;
}

static int32_t solve_value(const pp_game *g, pp_ab_options o, pp_ab_result *res)
{
    pp_ab_result r;
    pp_error err = {PP_OK, ""};
    pp_status s = pp_ab_solve(g, &o, NULL, &r, &err);
    CHECK_MSG(s == PP_OK, "%s", err.msg);
    if (res) *res = r;
    return r.value;
}

static void textbook_values_and_leaves(void)
{
    pp_tree *t = parse_tree(TEXTBOOK);
    const pp_game *g = pp_tree_game(t);
    pp_ab_result r;
    CHECK_EQ_INT(pp_tree_value(t), 3);
    CHECK_EQ_INT(solve_value(g, opts(PP_AB_MINIMAX, PP_ORDER_GIVEN, 0), &r), 3);
    CHECK_EQ_INT(r.stats.leaves, 9);
    CHECK_EQ_INT(r.stats.cutoffs, 0);
    CHECK_EQ_INT(solve_value(g, opts(PP_AB_HARD, PP_ORDER_GIVEN, 0), &r), 3);
    CHECK_EQ_INT(r.stats.leaves, 7); /* B's 4 and 6 are skipped */
    CHECK_EQ_INT(r.stats.cutoffs, 2);
    CHECK_EQ_INT(r.stats.first_cutoffs, 1);
    CHECK_EQ_INT(r.best_move, 0);
    CHECK_EQ_INT(r.bound, PP_AB_EXACT);
    CHECK_EQ_INT(solve_value(g, opts(PP_AB_SOFT, PP_ORDER_GIVEN, 0), &r), 3);
    CHECK_EQ_INT(r.stats.leaves, 7);
    /* Best-first (by the oracle) examines the minimal tree: 3 + 3 - 1 leaves. */
    CHECK_EQ_INT(solve_value(g, opts(PP_AB_HARD, PP_ORDER_BEST, 0), &r), 3);
    CHECK_EQ_INT(r.stats.leaves, pp_ab_minimal_leaves(3, 2));
    CHECK_EQ_INT(solve_value(g, opts(PP_AB_HARD, PP_ORDER_WORST, 1), &r), 3);
    CHECK_EQ_INT(r.stats.leaves, 9); /* worst-first cuts nothing here */
    /* MIN at the root: min(max(3,12,8), max(2,4,6), max(14,5,2)) = 6. */
    pp_tree_set_root_player(t, PP_AB_MIN);
    CHECK_EQ_INT(pp_tree_value(t), 6);
    CHECK_EQ_INT(solve_value(g, opts(PP_AB_HARD, PP_ORDER_GIVEN, 0), NULL), 6);
    CHECK_EQ_INT(solve_value(g, opts(PP_AB_SOFT, PP_ORDER_BEST, 0), NULL), 6);
    CHECK_EQ_INT(solve_value(g, opts(PP_AB_MINIMAX, PP_ORDER_WORST, 0), NULL), 6);
    pp_tree_free(t);
}

/* Compares a traced solve of the textbook tree with a checked-in log, event
 * by event (the text form `perfect-play solve tree ... --trace x.txt` writes). */
static void compare_golden(const char *path, pp_ab_options o)
{
    pp_tree *t = parse_tree(TEXTBOOK);
    pp_trace *tr = NULL;
    pp_trace_new(1000, &tr, NULL);
    pp_ab_result r;
    CHECK(pp_ab_solve(pp_tree_game(t), &o, tr, &r, NULL) == PP_OK);
    FILE *f = fopen(path, "r");
    CHECK_MSG(f != NULL, "cannot open %s (run from the repository root)", path);
    if (f) {
        char want[160], got[160];
        uint32_t i = 0;
        int mismatches = 0;
        while (fgets(want, sizeof want, f)) {
            if (want[0] == '#') continue;
            want[strcspn(want, "\n")] = '\0';
            if (i >= pp_trace_count(tr)) {
                mismatches++;
                break;
            }
            const int32_t *rec = pp_trace_records(tr) + (size_t)i * PP_TRACE_WORDS;
            int len = pp_event_format(rec, NULL, NULL, got, sizeof got);
            snprintf(got + len, sizeof got - (size_t)len, " (step %d)", pp_event_step(rec));
            if (strcmp(want, got) != 0 && mismatches++ < 3)
                printf("  %s event %u: want \"%s\", got \"%s\"\n", path, i, want, got);
            i++;
        }
        fclose(f);
        CHECK_EQ_INT(mismatches, 0);
        CHECK_EQ_INT(i, pp_trace_count(tr));
    }
    CHECK(!pp_trace_truncated(tr));
    pp_trace_free(tr);
    pp_tree_free(t);
}

static void golden_traces_of_the_textbook_tree(void)
{
    compare_golden("tests/c/golden/tree_textbook_minimax.txt", opts(PP_AB_MINIMAX, PP_ORDER_GIVEN, 0));
    compare_golden("tests/c/golden/tree_textbook_alphabeta.txt", opts(PP_AB_HARD, PP_ORDER_GIVEN, 0));
    compare_golden("tests/c/golden/tree_textbook_alphabeta-soft.txt", opts(PP_AB_SOFT, PP_ORDER_GIVEN, 0));
    compare_golden("tests/c/golden/tree_textbook_alphabeta_best.txt", opts(PP_AB_HARD, PP_ORDER_BEST, 0));
}

/* Where the cut happens, read from the trace rather than from a log: B (node
 * 5) is cut after its first leaf, C (node 7) after all three. */
static void textbook_cutoffs_in_the_trace(void)
{
    pp_tree *t = parse_tree(TEXTBOOK);
    pp_trace *tr = NULL;
    pp_trace_new(1000, &tr, NULL);
    pp_ab_options o = opts(PP_AB_HARD, PP_ORDER_GIVEN, 0);
    CHECK(pp_ab_solve(pp_tree_game(t), &o, tr, &(pp_ab_result){0}, NULL) == PP_OK);
    int cuts = 0, leaves = 0;
    int32_t leaf_values[9];
    for (uint32_t i = 0; i < pp_trace_count(tr); i++) {
        const int32_t *r = pp_trace_records(tr) + (size_t)i * PP_TRACE_WORDS;
        if (pp_event_kind_of(r) == PP_EV_AB_CUTOFF) {
            CHECK_EQ_INT(r[1], cuts == 0 ? 5 : 7);
            CHECK_EQ_INT(r[2], cuts == 0 ? 1 : 3);
            CHECK_EQ_INT(r[3], 3);
            CHECK_EQ_INT(pp_event_step(r), 17); /* a MIN node's cut */
            cuts++;
        }
        if (pp_event_kind_of(r) == PP_EV_AB_LEAF && leaves < 9) leaf_values[leaves++] = r[2];
    }
    CHECK_EQ_INT(cuts, 2);
    static const int32_t seen[] = {3, 12, 8, 2, 14, 5, 2};
    CHECK_EQ_INT(leaves, 7);
    for (int i = 0; i < 7 && i < leaves; i++) CHECK_EQ_INT(leaf_values[i], seen[i]);
    pp_trace_free(tr);
    pp_tree_free(t);
}

/* ---- a test game full of transpositions: dag_kit.h ---- */

/* Every algorithm, order, with and without the table (and the memo where
 * it applies) agrees with plain minimax on the root value. */
static void every_option_agrees_with_minimax(void)
{
    int instances = 0, disagreements = 0;
    uint64_t tt_hits = 0, memo_hits = 0;
    for (uint64_t seed = 1; seed <= 400; seed++) {
        /* a random uniform tree */
        pp_tree *t = NULL;
        uint32_t b = 2 + (uint32_t)(seed % 4), d = 2 + (uint32_t)(seed % 5);
        pp_tree_random(b, d, -50, 50, seed, &t, NULL);
        if (seed % 3 == 0) pp_tree_set_root_player(t, PP_AB_MIN);
        /* and a transposition-rich game, with banked scores or win/loss */
        dagk dg;
        dagk_init(&dg, 3 + (uint32_t)(seed % 5), 3 + (uint32_t)(seed % 13), 2 + (uint32_t)(seed % 3), seed,
                  (seed % 2 == 0 ? DAGK_BANKED : 0) | (seed % 4 == 1 ? DAGK_WIN_LOSS : 0));
        const pp_game *games[2] = {pp_tree_game(t), &dg.g};
        for (int k = 0; k < 2; k++) {
            int32_t truth = solve_value(games[k], opts(PP_AB_MINIMAX, PP_ORDER_GIVEN, 0), NULL);
            if (k == 0) CHECK_EQ_INT(truth, pp_tree_value(t));
            for (int a = 0; a < 3; a++)
                for (int ord = 0; ord < 3; ord++)
                    for (int tt = 0; tt < 2; tt++)
                        for (int memo = 0; memo < (games[k]->key_bits ? 2 : 1); memo++) {
                            pp_ab_options o = opts((pp_ab_algo)a, (pp_ab_order)ord, tt);
                            o.memo = memo;
                            o.tt_bits = 6; /* small: replacement happens */
                            pp_ab_result r;
                            int32_t v = solve_value(games[k], o, &r);
                            tt_hits += r.stats.tt_hits;
                            memo_hits += r.stats.memo_hits;
                            if (v != truth && disagreements++ < 5)
                                printf("  seed %llu game %d algo %d order %d tt %d memo %d: %d, minimax %d\n",
                                       (unsigned long long)seed, k, a, ord, tt, memo, v, truth);
                        }
            instances++;
        }
        pp_tree_free(t);
    }
    CHECK_EQ_INT(instances, 800);
    CHECK_EQ_INT(disagreements, 0);
    CHECK(tt_hits > 1000);  /* the table was really used */
    CHECK(memo_hits > 100); /* and so was the memo */
}

/* Fail-hard returns a value inside [alpha, beta]: exact inside, the edge
 * outside. Fail-soft returns the exact value inside, and outside a bound on
 * the right side of the true value. Random windows on random instances. */
static void window_contracts(void)
{
    int checked = 0, inside = 0, low = 0, high = 0;
    for (uint64_t seed = 1; seed <= 300; seed++) {
        pp_tree *t = NULL;
        pp_tree_random(2 + (uint32_t)(seed % 3), 3 + (uint32_t)(seed % 3), -30, 30, seed * 11, &t, NULL);
        dagk dg;
        dagk_init(&dg, 4, 5 + (uint32_t)(seed % 7), 3, seed, seed % 2 ? DAGK_BANKED : 0);
        const pp_game *games[2] = {pp_tree_game(t), &dg.g};
        for (int k = 0; k < 2; k++) {
            int32_t v = solve_value(games[k], opts(PP_AB_MINIMAX, PP_ORDER_GIVEN, 0), NULL);
            for (int w = 0; w < 4; w++) {
                int32_t a = (int32_t)(dagk_mix(seed * 100 + (uint64_t)w) % 61) - 30;
                int32_t b = a + 1 + (int32_t)(dagk_mix(seed * 200 + (uint64_t)w) % 20);
                for (int tt = 0; tt < 2; tt++)
                    for (int ord = 0; ord < 3; ord++) {
                        pp_ab_options o = opts(PP_AB_HARD, (pp_ab_order)ord, tt);
                        o.alpha = a;
                        o.beta = b;
                        pp_ab_result r;
                        int32_t h = solve_value(games[k], o, &r);
                        CHECK(h >= a && h <= b);
                        if (v > a && v < b) CHECK(h == v && r.bound == PP_AB_EXACT);
                        if (v <= a) CHECK(h == a && r.bound == PP_AB_UPPER);
                        if (v >= b) CHECK(h == b && r.bound == PP_AB_LOWER);
                        o.algo = PP_AB_SOFT;
                        int32_t s = solve_value(games[k], o, &r);
                        if (s <= a) CHECK(v <= s && r.bound == PP_AB_UPPER);
                        else if (s >= b) CHECK(v >= s && r.bound == PP_AB_LOWER);
                        else CHECK(s == v && r.bound == PP_AB_EXACT);
                        if (v > a && v < b) CHECK(s == v);
                        checked++;
                    }
                inside += v > a && v < b;
                low += v <= a;
                high += v >= b;
            }
        }
        pp_tree_free(t);
    }
    CHECK(checked >= 10000);
    CHECK(inside > 100 && low > 100 && high > 100); /* every case came up */
}

/* Knuth and Moore: with the oracle's best-first order alpha-beta examines
 * the minimal tree, b^ceil(d/2) + b^floor(d/2) - 1 leaves (ties may save a
 * few more). Worst-first examines every leaf of a two-level tree with
 * distinct values; deeper, the ancestors' windows still cut some. */
static void minimal_tree_with_oracle_order(void)
{
    CHECK_EQ_INT(pp_ab_minimal_leaves(3, 2), 5);
    CHECK_EQ_INT(pp_ab_minimal_leaves(2, 3), 5);
    CHECK_EQ_INT(pp_ab_minimal_leaves(10, 8), 19999);
    CHECK_EQ_INT(pp_ab_minimal_leaves(5, 7), 125 + 625 - 1);
    CHECK_EQ_INT(pp_ab_minimal_leaves(7, 0), 1);
    CHECK(pp_ab_minimal_leaves(256, 128) == UINT64_MAX);
    for (uint32_t b = 2; b <= 6; b++)
        for (uint32_t d = 1; d <= 6; d++) {
            pp_tree *t = NULL;
            pp_tree_random(b, d, -1000000, 1000000, b * 100 + d, &t, NULL);
            pp_ab_result r;
            solve_value(pp_tree_game(t), opts(PP_AB_HARD, PP_ORDER_BEST, 0), &r);
            CHECK_MSG(r.stats.leaves <= pp_ab_minimal_leaves(b, d), "b %u d %u: %llu leaves", b, d,
                      (unsigned long long)r.stats.leaves);
            CHECK(r.stats.leaves * 10 >= pp_ab_minimal_leaves(b, d) * 9);
            CHECK_EQ_INT(r.stats.first_cutoffs, r.stats.cutoffs); /* the first move always cuts */
            solve_value(pp_tree_game(t), opts(PP_AB_SOFT, PP_ORDER_BEST, 0), &r);
            CHECK(r.stats.leaves <= pp_ab_minimal_leaves(b, d));
            solve_value(pp_tree_game(t), opts(PP_AB_HARD, PP_ORDER_WORST, 0), &r);
            if (d <= 2) CHECK_EQ_INT(r.stats.leaves, pp_tree_leaves(t)); /* deeper, the window still cuts */
            else
                CHECK_MSG(r.stats.leaves > pp_ab_minimal_leaves(b, d), "b %u d %u: %llu leaves", b, d,
                          (unsigned long long)r.stats.leaves);
            pp_tree_free(t);
        }
}

static void budget_runs_out(void)
{
    pp_tree *t = NULL;
    pp_tree_random(4, 6, 0, 100, 5, &t, NULL);
    pp_ab_options o = opts(PP_AB_MINIMAX, PP_ORDER_GIVEN, 0);
    o.budget = 1000;
    pp_ab_result r;
    pp_error err;
    CHECK(pp_ab_solve(pp_tree_game(t), &o, NULL, &r, &err) == PP_ERR_BUDGET);
    CHECK_EQ_INT(r.stats.nodes, 1000);
    CHECK_CONTAINS(err.msg, "budget of 1000");
    o.budget = 5461; /* exactly every node: 1 + 4 + ... + 4^6 */
    CHECK(pp_ab_solve(pp_tree_game(t), &o, NULL, &r, &err) == PP_OK);
    CHECK_EQ_INT(r.stats.nodes, 5461);
    pp_tree_free(t);
}

/* A game that never ends (dagk_chain): the search refuses to go past PP_AB_MAX_DEPTH. */

static void depth_is_bounded(void)
{
    int32_t root = 0;
    pp_game g;
    dagk_chain(&g, &root);
    pp_error err;
    pp_ab_result r;
    CHECK(pp_ab_solve(&g, NULL, NULL, &r, &err) == PP_ERR_LIMIT);
    CHECK_CONTAINS(err.msg, "deeper than 128 plies");
    CHECK_EQ_INT(r.stats.max_depth, PP_AB_MAX_DEPTH);
    g.max_depth = PP_AB_MAX_DEPTH + 1; /* an honest declaration is refused up front */
    CHECK(pp_ab_solve(&g, NULL, NULL, &r, &err) == PP_ERR_LIMIT);
    CHECK_CONTAINS(err.msg, "129 plies");
    /* the deepest uniform tree the search plays out */
    pp_tree *t = NULL;
    CHECK(pp_tree_random(1, PP_AB_MAX_DEPTH, 0, 9, 1, &t, NULL) == PP_OK);
    CHECK_EQ_INT(solve_value(pp_tree_game(t), opts(PP_AB_HARD, PP_ORDER_GIVEN, 1), &r), pp_tree_value(t));
    CHECK_EQ_INT(r.stats.max_depth, PP_AB_MAX_DEPTH);
    pp_tree_free(t);
    CHECK(pp_tree_random(1, PP_AB_MAX_DEPTH + 1, 0, 9, 1, &t, &err) == PP_ERR_LIMIT);
}

/* Run a few positions at a time: the same answer, statistics and trace. */
static void pausing_changes_nothing(void)
{
    dagk dg;
    dagk_init(&dg, 6, 9, 3, 77, DAGK_BANKED);
    pp_ab_options o = opts(PP_AB_SOFT, PP_ORDER_BEST, 1);
    pp_trace *t1 = NULL, *t2 = NULL;
    pp_trace_new(100000, &t1, NULL);
    pp_trace_new(100000, &t2, NULL);
    pp_ab_result whole, parts;
    CHECK(pp_ab_solve(&dg.g, &o, t1, &whole, NULL) == PP_OK);
    pp_ab *x = NULL;
    CHECK(pp_ab_new(&dg.g, &o, t2, &x, NULL) == PP_OK);
    int done = 0, calls = 0;
    while (!done && calls < 100000) {
        CHECK(pp_ab_run(x, 3, &done, NULL) == PP_OK);
        calls++;
    }
    pp_ab_get_result(x, &parts);
    CHECK(calls > 10);
    CHECK_EQ_INT(parts.value, whole.value);
    CHECK_EQ_INT(parts.stats.nodes, whole.stats.nodes);
    CHECK_EQ_INT(parts.stats.cutoffs, whole.stats.cutoffs);
    CHECK_EQ_INT(pp_ab_node_count(x), whole.stats.nodes);
    CHECK_EQ_INT(pp_trace_count(t1), pp_trace_count(t2));
    CHECK(memcmp(pp_trace_records(t1), pp_trace_records(t2), (size_t)pp_trace_count(t1) * 16) == 0);
    pp_ab_free(x);
    pp_trace_free(t1);
    pp_trace_free(t2);
}

/* Each event carries its step; ids are preorder: every AB_MOVE's child is
 * the next id, and a full trace truncates without changing the answer. */
static void trace_ids_steps_and_truncation(void)
{
    dagk dg;
    dagk_init(&dg, 5, 7, 3, 5, 0);
    pp_ab_options o = opts(PP_AB_HARD, PP_ORDER_GIVEN, 1);
    pp_trace *t = NULL;
    pp_trace_new(1u << 16, &t, NULL);
    pp_ab_result r;
    CHECK(pp_ab_solve(&dg.g, &o, t, &r, NULL) == PP_OK);
    int32_t next = 1;
    int hits = 0;
    for (uint32_t i = 0; i < pp_trace_count(t); i++) {
        const int32_t *e = pp_trace_records(t) + (size_t)i * PP_TRACE_WORDS;
        int kind = pp_event_kind_of(e), step = pp_event_step(e) % 10;
        CHECK(kind >= PP_EV_AB_ENTER && kind <= PP_EV_AB_EXIT);
        if (kind == PP_EV_AB_MOVE) CHECK_EQ_INT(e[3], next++);
        if (kind == PP_EV_AB_ENTER) CHECK_EQ_INT(step, 1);
        if (kind == PP_EV_AB_LEAF) CHECK_EQ_INT(step, 2);
        if (kind == PP_EV_AB_HIT) {
            CHECK_EQ_INT(step, 3);
            hits++;
        }
        if (kind == PP_EV_AB_MOVE) CHECK_EQ_INT(step, 4);
        if (kind == PP_EV_AB_VALUE) CHECK_EQ_INT(step, 5);
        if (kind == PP_EV_AB_CUTOFF) CHECK_EQ_INT(step, 7);
        if (kind == PP_EV_AB_EXIT) CHECK(step == 7 || step == 8);
    }
    CHECK(hits > 0);
    CHECK_EQ_INT(next, r.stats.nodes);
    pp_trace *small = NULL;
    pp_trace_new(10, &small, NULL);
    pp_ab_result r2;
    CHECK(pp_ab_solve(&dg.g, &o, small, &r2, NULL) == PP_OK);
    CHECK(pp_trace_truncated(small));
    CHECK_EQ_INT(pp_trace_count(small), 10);
    CHECK_EQ_INT(r2.value, r.value);
    pp_trace_free(small);
    pp_trace_free(t);
}

static void bad_options_are_refused(void)
{
    pp_tree *t = parse_tree("[1,2]");
    pp_ab_options o;
    pp_error err;
    pp_ab_result r;
    pp_ab_defaults(&o);
    o.memo = 1;
    CHECK(pp_ab_solve(pp_tree_game(t), &o, NULL, &r, &err) == PP_ERR_ARG);
    CHECK_CONTAINS(err.msg, "memo");
    pp_ab_defaults(&o);
    o.alpha = 5;
    o.beta = 5;
    CHECK(pp_ab_solve(pp_tree_game(t), &o, NULL, &r, &err) == PP_ERR_ARG);
    CHECK_CONTAINS(err.msg, "empty");
    pp_ab_defaults(&o);
    o.tt = 1;
    o.tt_bits = 40;
    CHECK(pp_ab_solve(pp_tree_game(t), &o, NULL, &r, &err) == PP_ERR_LIMIT);
    CHECK(pp_ab_new(NULL, NULL, NULL, &(pp_ab *){NULL}, &err) == PP_ERR_ARG);
    pp_ab_free(NULL);
    pp_tree_free(NULL);
    /* a single leaf is a whole game */
    pp_tree_free(t);
    t = parse_tree("tree = -7");
    CHECK_EQ_INT(solve_value(pp_tree_game(t), opts(PP_AB_HARD, PP_ORDER_GIVEN, 0), &r), -7);
    CHECK_EQ_INT(r.stats.leaves, 1);
    pp_tree_free(t);
}

static void tree_input_errors(void)
{
    static const struct {
        const char *text;
        pp_status code;
        const char *msg;
    } cases[] = {
        {"[[3,12,8],[],[14,5,2]]", PP_ERR_INPUT, "column 11: an empty list is not a node"},
        {"[[3,\"a\"]]", PP_ERR_INPUT,
         "column 5: expected a leaf value (an integer) or a list of children, found a string"},
        {"[1,true]", PP_ERR_INPUT, "found a boolean"},
        {"[1,1000000000]", PP_ERR_INPUT, "the leaf value 1000000000 is out of range"},
        {"[[3,12,8],[2,4,6]", PP_ERR_INPUT, "no closing ']'"},
        {"root = [1,2]", PP_ERR_INPUT, "expected the name 'tree'"},
        {"", PP_ERR_INPUT, "the input is empty"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pp_tree *t = NULL;
        pp_error err = {PP_OK, ""};
        pp_status s = pp_tree_parse(cases[i].text, strlen(cases[i].text), &t, &err);
        CHECK_MSG(s == cases[i].code, "%s: status %d (%s)", cases[i].text, s, err.msg);
        CHECK_CONTAINS(err.msg, cases[i].msg);
        CHECK(t == NULL);
    }
    /* 33 levels of lists: one more than the input reader takes */
    char deep[80];
    memset(deep, '[', 33);
    deep[33] = '1';
    memset(deep + 34, ']', 33);
    pp_tree *t = NULL;
    pp_error err;
    CHECK(pp_tree_parse(deep, 67, &t, &err) == PP_ERR_LIMIT);
    CHECK_CONTAINS(err.msg, "nested more than 32 deep");
    CHECK(pp_tree_parse(deep + 1, 65, &t, &err) == PP_OK); /* 32 levels: depth 32 */
    CHECK_EQ_INT(pp_tree_depth(t), 32);
    CHECK_EQ_INT(solve_value(pp_tree_game(t), opts(PP_AB_HARD, PP_ORDER_BEST, 0), NULL), 1);
    pp_tree_free(t);
    /* 257 children, one over the limit */
    char big[2000];
    size_t at = 0;
    big[at++] = '[';
    for (int i = 0; i < 257; i++) at += (size_t)snprintf(big + at, sizeof big - at, i ? ",%d" : "%d", i % 10);
    big[at++] = ']';
    CHECK(pp_tree_parse(big, at, &t, &err) == PP_ERR_LIMIT);
    CHECK_CONTAINS(err.msg, "257 children; the limit is 256");
    /* more nodes than the limit (20 lists of 210 lists of 250 leaves),
     * refused before the tree is allocated */
    size_t groups = 20, lists = 210, per = 250, len = 0;
    char *huge = malloc(groups * lists * (2 * per + 2) + 2 * groups + 2);
    huge[len++] = '[';
    for (size_t g = 0; g < groups; g++) {
        huge[len++] = '[';
        for (size_t i = 0; i < lists; i++) {
            huge[len++] = '[';
            for (size_t k = 0; k < per; k++) {
                huge[len++] = '1';
                huge[len++] = k + 1 < per ? ',' : ']';
            }
            huge[len++] = i + 1 < lists ? ',' : ']';
        }
        huge[len++] = g + 1 < groups ? ',' : ']';
    }
    CHECK(pp_tree_parse(huge, len, &t, &err) == PP_ERR_LIMIT);
    CHECK_CONTAINS(err.msg, "more than 1048576 nodes");
    free(huge);
    CHECK(pp_tree_random(0, 3, 0, 1, 1, &t, &err) == PP_ERR_LIMIT);
    CHECK(pp_tree_random(10, 9, 0, 1, 1, &t, &err) == PP_ERR_LIMIT);
    CHECK_CONTAINS(err.msg, "inner nodes");
    CHECK(pp_tree_random(3, 3, 5, 1, 1, &t, &err) == PP_ERR_INPUT);
}

/* The tree game's play_leaf (play and leaf in one call) is a shortcut only:
 * the same searches without it record the same trace, event for event, and
 * the same statistics, for every algorithm and order. */
static void play_leaf_changes_nothing(void)
{
    for (uint64_t seed = 1; seed <= 60; seed++) {
        pp_tree *t = NULL;
        CHECK(pp_tree_random(2 + (uint32_t)(seed % 4), 2 + (uint32_t)(seed % 4), -40, 40, seed * 7, &t, NULL) == PP_OK);
        const pp_game *with = pp_tree_game(t);
        CHECK(with->play_leaf != NULL);
        pp_game without = *with;
        without.play_leaf = NULL;
        for (int a = 0; a < 3; a++)
            for (int ord = 0; ord < 3; ord++) {
                pp_ab_options o;
                pp_ab_defaults(&o);
                o.algo = (pp_ab_algo)a;
                o.order = (pp_ab_order)ord;
                pp_trace *t1 = NULL, *t2 = NULL;
                pp_trace_new(1u << 16, &t1, NULL);
                pp_trace_new(1u << 16, &t2, NULL);
                pp_ab_result r1, r2;
                CHECK(pp_ab_solve(with, &o, t1, &r1, NULL) == PP_OK);
                CHECK(pp_ab_solve(&without, &o, t2, &r2, NULL) == PP_OK);
                CHECK_EQ_INT(r1.value, r2.value);
                CHECK(r1.stats.nodes == r2.stats.nodes && r1.stats.leaves == r2.stats.leaves &&
                      r1.stats.cutoffs == r2.stats.cutoffs);
                CHECK_EQ_INT(pp_trace_count(t1), pp_trace_count(t2));
                CHECK(memcmp(pp_trace_records(t1), pp_trace_records(t2),
                             (size_t)pp_trace_count(t1) * PP_TRACE_WORDS * sizeof(int32_t)) == 0);
                pp_trace_free(t1);
                pp_trace_free(t2);
            }
        pp_tree_free(t);
    }
}

void suite_tree_search(void)
{
    RUN(textbook_values_and_leaves);
    RUN(golden_traces_of_the_textbook_tree);
    RUN(textbook_cutoffs_in_the_trace);
    RUN(every_option_agrees_with_minimax);
    RUN(window_contracts);
    RUN(minimal_tree_with_oracle_order);
    RUN(budget_runs_out);
    RUN(depth_is_bounded);
    RUN(pausing_changes_nothing);
    RUN(trace_ids_steps_and_truncation);
    RUN(bad_options_are_refused);
    RUN(tree_input_errors);
    RUN(play_leaf_changes_nothing);
}
