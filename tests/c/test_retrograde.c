/* test_retrograde.c: the retrograde coloring on Cat and Mouse, checked against
 * LeetCode 913's examples and an independent fixpoint solver. */
#include <stdlib.h>

#include "../../c/perfect_play.h"
#include "harness.h"
#include "ref_catmouse.h"

static pp_catmouse *parse(const char *text)
{
    pp_catmouse *g = NULL;
    pp_error err = {PP_OK, ""};
    if (pp_catmouse_parse(text, strlen(text), &g, &err) != PP_OK) printf("  parse failed: %s\n", err.msg);
    return g;
}

/* Runs the solver to the end in batches of `budget` reverse edges. */
static pp_retro *solve(const pp_catmouse *g, pp_trace *trace, uint64_t budget)
{
    pp_retro *r = NULL;
    pp_error err = {PP_OK, ""};
    if (pp_retro_new(pp_catmouse_retro(g), trace, &r, &err) != PP_OK) {
        printf("  solve failed: %s\n", err.msg);
        return NULL;
    }
    int done = 0;
    for (int guard = 0; !done && guard < 100000000; guard++) pp_retro_run(r, budget, &done);
    return r;
}

static int answer_of(const char *text)
{
    pp_catmouse *g = parse(text);
    if (!g) return -1;
    pp_retro *r = solve(g, NULL, UINT64_MAX);
    int a = r ? pp_retro_outcomes(r)[pp_catmouse_start(g)] : -1;
    pp_retro_free(r);
    pp_catmouse_free(g);
    return a;
}

static void leetcode_913_example_1_is_a_draw(void)
{
    CHECK_EQ_INT(answer_of("graph = [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]"), PP_DRAW);
    CHECK_EQ_INT(answer_of("[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]"), PP_DRAW);
}

static void leetcode_913_example_2_mouse_wins(void)
{
    CHECK_EQ_INT(answer_of("graph = [[1,3],[0],[3],[0,2]]"), PP_WIN0);
}

/* Answers from outside the project. */
static void leetcode_913_outside_cases(void)
{
    /* By hand: node 1's only neighbour is the cat's node 2, so the mouse must
     * walk into the cat. */
    CHECK_EQ_INT(answer_of("[[2],[2],[0,1]]"), PP_WIN1);
    /* LeetCode's judge answers 2 on this test case (reported as "Test case
     * result: 2" in LeetCode-Feedback issue #24931, closed without change). */
    CHECK_EQ_INT(answer_of("[[7],[2,6,8,9],[1,4,5,6,7],[4,5,7],[2,3,5,8],[2,3,4,7],[1,2,9],[0,2,3,5,9],"
                           "[1,4,9],[1,6,7,8]]"),
                 PP_WIN1);
}

/* Compares every state of a graph with the fixpoint solver; returns 1 if equal. */
static int agrees_with_reference(const pp_catmouse *g, uint64_t budget)
{
    int n = pp_catmouse_nodes(g);
    size_t ns = (size_t)n * n * 2;
    uint8_t *out = malloc(ns);
    int32_t *rem = malloc(ns * sizeof *rem);
    ref_catmouse(n, pp_catmouse_offsets(g), pp_catmouse_adjacency(g), out, rem);
    pp_retro *r = solve(g, NULL, budget);
    int ok = r != NULL;
    for (size_t k = 0; ok && k < ns; k++) {
        /* the reference numbers states (mouse * n + cat) * 2 + turn */
        int m = (int)(k / 2 / (size_t)n), c = (int)(k / 2 % (size_t)n), t = (int)(k % 2);
        uint32_t s = pp_catmouse_state(g, m, c, t);
        if (pp_retro_outcomes(r)[s] != out[k] || pp_retro_remoteness(r)[s] != rem[k]) {
            printf("  n=%d (mouse %d, cat %d, turn %d): retrograde %d/%d, fixpoint %d/%d\n", n, m, c, t,
                   pp_retro_outcomes(r)[s], pp_retro_remoteness(r)[s], out[k], rem[k]);
            ok = 0;
        }
    }
    pp_retro_free(r);
    free(out);
    free(rem);
    return ok;
}

static void agrees_with_fixpoint_on_library_random_graphs(void)
{
    int graphs = 0, agree = 0;
    for (int n = 3; n <= 12; n++)
        for (int d = 1; d <= n - 1; d++)
            for (uint64_t seed = 1; seed <= 6; seed++) {
                pp_catmouse *g = NULL;
                if (pp_catmouse_random(n, d, seed * 1000 + (uint64_t)n * 31 + (uint64_t)d, &g, NULL) != PP_OK) {
                    CHECK(!"random graph failed");
                    continue;
                }
                graphs++;
                agree += agrees_with_reference(g, UINT64_MAX);
                pp_catmouse_free(g);
            }
    CHECK_MSG(graphs >= 300, "only %d graphs", graphs);
    CHECK_EQ_INT(agree, graphs);
}

/* A generator of the test's own: adjacency lists in shuffled order, nodes
 * that only touch the hole, isolated nodes. */
static uint32_t lcg(uint32_t *x) { return *x = *x * 1664525u + 1013904223u, *x >> 8; }

static pp_catmouse *own_random_graph(int n, uint32_t seed)
{
    uint32_t x = seed;
    static int32_t off[13], adj[13 * 12];
    static uint8_t edge[12][12];
    memset(edge, 0, sizeof edge);
    int density = 1 + (int)(lcg(&x) % 99); /* percent */
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if ((int)(lcg(&x) % 100) < density) edge[i][j] = edge[j][i] = 1;
    edge[1][3 % n == 1 ? 0 : 3 % n] = 1, edge[3 % n == 1 ? 0 : 3 % n][1] = 1; /* the mouse can move */
    edge[2][1] = edge[1][2] = 1;                                              /* the cat can move */
    int k = 0;
    for (int i = 0; i < n; i++) {
        off[i] = k;
        int start = k;
        for (int j = 0; j < n; j++)
            if (edge[i][j]) adj[k++] = j;
        for (int a = k - 1; a > start; a--) { /* shuffle the list */
            int b = start + (int)(lcg(&x) % (uint32_t)(a - start + 1));
            int32_t t = adj[a];
            adj[a] = adj[b];
            adj[b] = t;
        }
    }
    off[n] = k;
    pp_catmouse *g = NULL;
    pp_error err = {PP_OK, ""};
    if (pp_catmouse_from_lists(n, off, adj, &g, &err) != PP_OK) printf("  own graph: %s\n", err.msg);
    return g;
}

static void agrees_with_fixpoint_on_own_random_graphs_in_small_batches(void)
{
    int graphs = 0, agree = 0;
    for (uint32_t seed = 1; seed <= 200; seed++) {
        int n = 3 + (int)(seed % 10);
        pp_catmouse *g = own_random_graph(n, seed * 7919u);
        if (!g) {
            CHECK(!"own random graph rejected");
            continue;
        }
        graphs++;
        /* Tiny budgets: resuming between batches must not change anything. */
        agree += agrees_with_reference(g, 1 + seed % 5);
        pp_catmouse_free(g);
    }
    CHECK_EQ_INT(agree, graphs);
}

/* The cause of each decision is a child that justifies it. */
static void causes_justify_each_decision(void)
{
    pp_catmouse *g = parse("[[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]");
    pp_retro *r = solve(g, NULL, UINT64_MAX);
    CHECK(pp_retro_done(r));
    const uint8_t *o = pp_retro_outcomes(r);
    const int32_t *rem = pp_retro_remoteness(r), *cause = pp_retro_cause(r);
    uint32_t ns = pp_retro_nstates(r);
    int bad = 0;
    for (uint32_t s = 0; s < ns; s++) {
        if (o[s] == PP_INVALID || o[s] == PP_DRAW || rem[s] == 0) {
            bad += cause[s] != -1;
            continue;
        }
        int32_t c = cause[s];
        uint32_t half = ns / 2; /* mouse-to-move states first, then cat-to-move */
        bad += c < 0 || (uint32_t)c >= ns || o[c] != o[s] || rem[c] != rem[s] - 1 || ((uint32_t)c < half) == (s < half);
    }
    CHECK_EQ_INT(bad, 0);
    pp_retro_stats st;
    pp_retro_get_stats(r, &st);
    CHECK_EQ_INT(st.states, 6 * 5 * 2);
    CHECK_EQ_INT(st.decided + st.draws, st.states);
    CHECK_EQ_INT(st.wins[0] + st.wins[1], st.decided);
    CHECK(st.relaxations > 0 && st.pops == st.decided);
    pp_retro_free(r);
    pp_catmouse_free(g);
}

/* The page's largest (the CLI's 5,000 is solved in tests/cli: 400 MiB). */
#define PAGE_MAX_NODES 2000
static void largest_graph_solves(void)
{
    pp_catmouse *g = NULL;
    CHECK(pp_catmouse_random(PAGE_MAX_NODES, 3, 42, &g, NULL) == PP_OK);
    if (!g) return;
    pp_retro *r = solve(g, NULL, 1u << 22);
    CHECK(r != NULL);
    if (r) {
        pp_retro_stats st;
        pp_retro_get_stats(r, &st);
        CHECK_EQ_INT(st.states, (uint64_t)PAGE_MAX_NODES * (PAGE_MAX_NODES - 1) * 2);
        CHECK_EQ_INT(st.decided + st.draws, st.states);
    }
    pp_retro_free(r);
    pp_catmouse_free(g);
}

/* A star the solver sees through the generic interface only: the root
 * (player 0 to move) has STAR_ARMS moves, more than a 16-bit cell can count,
 * so the solver takes its 32-bit cells. Arm i (player 1 to move) has one
 * move, to terminal T1 (player 1 wins) or, for the arms the test picks, to
 * terminal T0 (player 0 wins). */
#define STAR_ARMS 9000u
#define STAR_T1 (STAR_ARMS + 1)
#define STAR_T0 (STAR_ARMS + 2)
static uint32_t star_good_arm; /* 0: every arm loses for the root */

static void star_info(void *ctx, uint32_t s, pp_state_info *out)
{
    (void)ctx;
    out->kind = s >= STAR_T1 ? PP_STATE_TERMINAL : PP_STATE_INNER;
    out->outcome = s == STAR_T0 ? PP_WIN0 : PP_WIN1;
    out->mover = s == 0 ? 0 : 1;
    out->moves = s == 0 ? STAR_ARMS : 1;
}

static uint32_t star_parents(void *ctx, uint32_t s, uint32_t *out)
{
    (void)ctx;
    if (s == 0) return 0;
    if (s <= STAR_ARMS) return out[0] = 0, 1;
    uint32_t k = 0;
    for (uint32_t i = 1; i <= STAR_ARMS; i++)
        if ((i == star_good_arm) == (s == STAR_T0)) out[k++] = i;
    return k;
}

static void wide_cells_count_past_8191_moves(void)
{
    pp_retro_game star = {.nstates = STAR_ARMS + 3,
                          .max_parents = STAR_ARMS,
                          .max_moves = STAR_ARMS,
                          .info = star_info,
                          .parents = star_parents,
                          .players = {"first", "second"}};
    for (int variant = 0; variant < 2; variant++) {
        star_good_arm = variant ? 4321 : 0;
        pp_retro *r = NULL;
        CHECK(pp_retro_new(&star, NULL, &r, NULL) == PP_OK);
        int done = 0;
        while (r && !done) pp_retro_run(r, 1000, &done);
        if (!r) return;
        /* With a good arm the root wins in 2; without, every arm loses: it loses in 2. */
        CHECK_EQ_INT(pp_retro_outcomes(r)[0], variant ? PP_WIN0 : PP_WIN1);
        CHECK_EQ_INT(pp_retro_remoteness(r)[0], 2);
        CHECK_EQ_INT(pp_retro_cause(r)[0], variant ? 4321 : (int32_t)STAR_ARMS);
        /* The good arm is queued last (T0 is popped after T1), so the root had
         * already counted all 8999 losing arms down when it won. */
        CHECK_EQ_INT(pp_retro_degree(r, 0), variant ? 1 : 0);
        pp_retro_free(r);
    }
}

static void api_misuse_is_an_error_not_a_crash(void)
{
    pp_retro *r = (pp_retro *)1;
    pp_error err = {PP_OK, ""};
    CHECK(pp_retro_new(NULL, NULL, &r, &err) == PP_ERR_ARG && r == NULL);
    CHECK(pp_retro_run(NULL, 10, NULL) == PP_ERR_ARG);
    pp_retro_free(NULL);
    pp_catmouse_free(NULL);
    pp_trace_free(NULL);
    CHECK(pp_retro_outcomes(NULL) == NULL);
    CHECK(!pp_retro_done(NULL));
    CHECK(pp_catmouse_nodes(NULL) == 0);
    /* A game too big for the memory budget is refused before allocating. */
    pp_retro_game huge = {.nstates = 0xFFFFFFF0u, .max_parents = 4, .max_moves = 4};
    pp_retro_game fake = huge;
    fake.info = (void (*)(void *, uint32_t, pp_state_info *))1;
    fake.parents = (uint32_t(*)(void *, uint32_t, uint32_t *))1;
    CHECK(pp_retro_new(&fake, NULL, &r, &err) == PP_ERR_LIMIT);
    CHECK_CONTAINS(err.msg, "the limit is");
}

void suite_retrograde(void)
{
    RUN(leetcode_913_example_1_is_a_draw);
    RUN(leetcode_913_example_2_mouse_wins);
    RUN(leetcode_913_outside_cases);
    RUN(agrees_with_fixpoint_on_library_random_graphs);
    RUN(agrees_with_fixpoint_on_own_random_graphs_in_small_batches);
    RUN(causes_justify_each_decision);
    RUN(largest_graph_solves);
    RUN(wide_cells_count_past_8191_moves);
    RUN(api_misuse_is_an_error_not_a_crash);
}
