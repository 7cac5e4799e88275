/* test_mcts_connect4.c: Monte Carlo tree search on Connect Four with the
 * bitboard playouts (pp_c4_playout). The engine's own playout, through the
 * game's functions, is the reference: with one seed both give the same tree,
 * statistic for statistic and event for event, on random positions, boards
 * and both policies. MCTS-Solver's proven values equal the dedicated
 * solver's on random positions near the end, one seed gives one tree, and
 * the changes of choice the engine tells are those its results show. */
#include <stdlib.h>
#include <string.h>

#include "../../c/perfect_play.h"
#include "harness.h"

static uint64_t rng_state = 4099;
static uint32_t rnd(uint32_t n)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)((rng_state >> 33) % n);
}

/* A random position of w x h with `stones` stones that nobody has won yet
 * (NULL if the random game ended first); its moves in seq (1-based). */
static pp_c4 *random_position(int w, int h, int stones, char *seq)
{
    pp_c4 *p = NULL;
    if (pp_c4_parse(w, h, "", 0, &p, NULL) != PP_OK) return NULL;
    for (int k = 0; k < stones; k++) {
        int c, tries = 0;
        do c = (int)rnd((uint32_t)w);
        while (!pp_c4_can_play(p, c) && ++tries < 100);
        if (!pp_c4_can_play(p, c) || pp_c4_play(p, c, NULL) != PP_OK || pp_c4_won(p) || pp_c4_stones(p) == w * h) {
            pp_c4_free(p);
            return NULL;
        }
        seq[k] = (char)('1' + c);
    }
    seq[stones] = 0;
    return p;
}

typedef struct outcome {
    pp_mcts_result r;
    pp_mcts_move mv[PP_C4_MAX_SIZE];
    uint32_t n;
    uint32_t events;
    int32_t *rec; /* a copy of the trace's records, or NULL */
} outcome;

static void search(const pp_c4 *p, const pp_mcts_options *o, int fast, int traced, outcome *out)
{
    memset(out, 0, sizeof *out);
    pp_trace *tr = NULL;
    if (traced) CHECK(pp_trace_new(1u << 18, &tr, NULL) == PP_OK);
    pp_mcts *m = NULL;
    pp_error err = {PP_OK, ""};
    CHECK_MSG(pp_mcts_new(pp_c4_game(p), o, tr, &m, &err) == PP_OK, "%s", err.msg);
    if (!m) return;
    if (fast) pp_mcts_set_playout(m, pp_c4_playout);
    int done = 0;
    CHECK_MSG(pp_mcts_run(m, UINT64_MAX, &done, &err) == PP_OK, "%s", err.msg);
    pp_mcts_get_result(m, &out->r);
    out->n = pp_mcts_root_moves(m, out->mv, PP_C4_MAX_SIZE);
    if (tr) {
        out->events = pp_trace_count(tr);
        out->rec = malloc((size_t)out->events * PP_TRACE_WORDS * sizeof(int32_t) + 1);
        if (out->rec) memcpy(out->rec, pp_trace_records(tr), (size_t)out->events * PP_TRACE_WORDS * sizeof(int32_t));
    }
    pp_trace_free(tr);
    pp_mcts_free(m);
}

/* Whether a and b are the same tree's statistics, bit for bit. */
static int same_statistics(const outcome *a, const outcome *b)
{
    if (a->n != b->n || a->r.iterations != b->r.iterations || a->r.nodes != b->r.nodes ||
        a->r.playout_plies != b->r.playout_plies || a->r.max_depth != b->r.max_depth || a->r.best != b->r.best ||
        a->r.proven != b->r.proven || a->r.lo != b->r.lo || a->r.hi != b->r.hi)
        return 0;
    for (uint32_t k = 0; k < a->n; k++)
        if (a->mv[k].visits != b->mv[k].visits || a->mv[k].mean != b->mv[k].mean || a->mv[k].lo != b->mv[k].lo ||
            a->mv[k].hi != b->mv[k].hi)
            return 0;
    return 1;
}

/* The bitboard playouts draw the engine's moves: the same tree from one seed,
 * on random positions of several boards, both policies, with and without
 * the solver. */
static void bitboard_playouts_are_the_engines(void)
{
    static const int sizes[][2] = {{7, 6}, {4, 4}, {5, 4}, {6, 5}, {8, 7}, {9, 5}};
    int compared = 0;
    for (int trial = 0; trial < 60; trial++) {
        int w = sizes[trial % 6][0], h = sizes[trial % 6][1];
        char seq[128];
        pp_c4 *p = random_position(w, h, (int)rnd((uint32_t)(w * h / 2)), seq);
        if (!p) continue;
        pp_mcts_options o;
        pp_mcts_defaults(&o);
        o.iterations = 1500;
        o.seed = 100 + (uint64_t)trial;
        o.playout = trial % 2 ? PP_MCTS_DECISIVE : PP_MCTS_RANDOM;
        o.solver = (trial / 2) % 2;
        outcome generic, fast;
        search(p, &o, 0, 0, &generic);
        search(p, &o, 1, 0, &fast);
        CHECK_MSG(same_statistics(&generic, &fast), "%dx%d '%s' %s playouts, solver %d: %llu vs %llu plies", w, h, seq,
                  o.playout ? "decisive" : "random", o.solver, (unsigned long long)generic.r.playout_plies,
                  (unsigned long long)fast.r.playout_plies);
        compared++;
        pp_c4_free(p);
    }
    CHECK_MSG(compared >= 40, "%d positions compared", compared);
}

/* Traced, the bitboard playouts record the same events as the engine's. */
static void bitboard_playouts_trace_the_same_events(void)
{
    for (int policy = 0; policy < 2; policy++) {
        pp_c4 *p = NULL;
        CHECK(pp_c4_parse(7, 6, "4453", 4, &p, NULL) == PP_OK);
        pp_mcts_options o;
        pp_mcts_defaults(&o);
        o.iterations = 300;
        o.playout = policy;
        outcome generic, fast;
        search(p, &o, 0, 1, &generic);
        search(p, &o, 1, 1, &fast);
        CHECK(generic.events > 300 && generic.rec && fast.rec);
        CHECK_EQ_INT(fast.events, generic.events);
        if (generic.rec && fast.rec && fast.events == generic.events)
            CHECK(memcmp(generic.rec, fast.rec, (size_t)generic.events * PP_TRACE_WORDS * sizeof(int32_t)) == 0);
        CHECK(same_statistics(&generic, &fast));
        free(generic.rec), free(fast.rec);
        pp_c4_free(p);
    }
}

/* The score of p for the side to move by the dedicated solver. */
static int32_t exact_score(pp_c4_solver *s, const pp_c4 *p)
{
    int32_t score = 0;
    uint64_t nodes = 0;
    pp_error err = {PP_OK, ""};
    CHECK_MSG(pp_c4_solve(s, p, PP_C4_STRONGEST, 0, 0, &score, &nodes, &err) == PP_OK, "%s", err.msg);
    return score;
}

/* MCTS-Solver, bitboard playouts, on random 7x6 positions of 28 to 34
 * stones: the proven root value is the dedicated solver's score (as the
 * first player's value), and so is every proven root move's. */
static void solver_proofs_are_the_exact_scores(void)
{
    pp_c4_solver *s = NULL;
    CHECK(pp_c4_solver_new(20, &s, NULL) == PP_OK);
    int positions = 0, proven_moves = 0;
    for (int trial = 0; trial < 1000 && positions < 24; trial++) {
        char seq[128];
        pp_c4 *p = random_position(7, 6, 28 + (int)rnd(7), seq);
        if (!p) continue;
        pp_mcts_options o;
        pp_mcts_defaults(&o);
        o.solver = 1;
        o.iterations = 400000;
        o.seed = (uint64_t)trial;
        o.playout = trial % 2;
        outcome a;
        search(p, &o, 1, 0, &a);
        CHECK_MSG(a.r.proven, "'%s': not proven after %llu iterations", seq, (unsigned long long)a.r.iterations);
        int32_t want = exact_score(s, p);
        CHECK_MSG(pp_c4_score_from_value(p, a.r.value) == want, "'%s': proven %d, the solver's score %d", seq,
                  pp_c4_score_from_value(p, a.r.value), want);
        for (uint32_t k = 0; k < a.n; k++) {
            if (!a.mv[k].proven) continue;
            pp_c4 *q = NULL;
            seq[strlen(seq) + 1] = 0;
            size_t len = strlen(seq);
            seq[len] = (char)('1' + a.mv[k].move);
            CHECK(pp_c4_parse(7, 6, seq, len + 1, &q, NULL) == PP_OK);
            seq[len] = 0;
            if (!q) continue;
            int32_t v;
            if (pp_c4_won(q)) v = (43 - (int32_t)len) / 2; /* the mover's win at once */
            else if (pp_c4_stones(q) == 42) v = 0;
            else v = -exact_score(s, q);
            CHECK_MSG(pp_c4_score_from_value(p, a.mv[k].lo) == v, "'%s' then column %d: proven %d, exact %d", seq,
                      a.mv[k].move + 1, pp_c4_score_from_value(p, a.mv[k].lo), v);
            proven_moves++;
            pp_c4_free(q);
        }
        CHECK(a.mv[a.r.best].lo == a.r.value && a.mv[a.r.best].proven);
        positions++;
        pp_c4_free(p);
    }
    CHECK_MSG(positions >= 20, "%d positions", positions);
    CHECK_MSG(proven_moves >= positions, "%d proven root moves", proven_moves);
    pp_c4_solver_free(s);
}

/* One seed, one tree; another seed, another tree. */
static void one_seed_one_tree(void)
{
    pp_c4 *p = NULL;
    CHECK(pp_c4_parse(7, 6, "", 0, &p, NULL) == PP_OK);
    for (int policy = 0; policy < 2; policy++) {
        pp_mcts_options o;
        pp_mcts_defaults(&o);
        o.iterations = 20000;
        o.playout = policy;
        o.seed = 9;
        outcome a, b, c;
        search(p, &o, 1, 0, &a);
        search(p, &o, 1, 0, &b);
        o.seed = 10;
        search(p, &o, 1, 0, &c);
        CHECK(same_statistics(&a, &b));
        CHECK(!same_statistics(&a, &c));
        uint32_t total = 0;
        for (uint32_t k = 0; k < a.n; k++) total += a.mv[k].visits;
        CHECK_EQ_INT(total, 20000);
    }
    pp_c4_free(p);
}

/* pp_c4_playout on a leaf plays nothing and says so; on a position one move
 * from the end it plays that move, and its value is the game's. */
static void playout_edges(void)
{
    int found = 0;
    for (int trial = 0; trial < 2000 && found < 5; trial++) {
        char seq[32];
        pp_c4 *p = random_position(4, 4, 15, seq);
        if (!p) continue;
        int last = 0;
        while (!pp_c4_can_play(p, last)) last++;
        uint64_t rng = 1;
        int32_t moves[4] = {-1, -1, -1, -1}, v = 99, want = 0;
        const pp_game *g = pp_c4_game(p);
        CHECK_EQ_INT(pp_c4_playout(g->ctx, g->root, trial % 2, &rng, moves, 4, &v), 1);
        CHECK_EQ_INT(moves[0], last);
        unsigned char child[PP_AB_MAX_STATE];
        g->play(g->ctx, g->root, last, child);
        CHECK(g->leaf(g->ctx, child, &want));
        CHECK_EQ_INT(v, want);
        CHECK_EQ_INT(pp_c4_playout(g->ctx, child, PP_MCTS_RANDOM, &rng, NULL, 0, &v), 0);
        found++;
        pp_c4_free(p);
    }
    CHECK_EQ_INT(found, 5);
}

/* The changes of choice pp_mcts_on_choice tells, into a list. */
typedef struct changes {
    uint64_t at[4096];
    int32_t to[4096];
    uint32_t n;
} changes;

static void record_change(void *ctx, uint64_t iteration, int32_t best)
{
    changes *c = ctx;
    if (c->n < 4096) c->at[c->n] = iteration, c->to[c->n] = best;
    c->n++;
}

/* pp_mcts_on_choice tells the choice's changes (compared with the previous
 * choice only) at the iterations the whole result says they happen: the
 * same search run one iteration at a time, pp_mcts_get_result's best read
 * after each, on random positions (either side to move, near-even columns),
 * both policies, with and without the solver (whose proven root chooses by
 * its own rule), at several exploration constants. */
static void choice_changes_are_the_results(void)
{
    static const double cs[] = {0, 0.4, 1.4142135623730951, 6};
    int searched = 0;
    for (int t = 0; t < 48; t++) {
        char seq[64];
        int stones = (int)rnd(30);
        pp_c4 *p = random_position(7, 6, stones, seq);
        if (!p) continue;
        pp_mcts_options o;
        pp_mcts_defaults(&o);
        o.iterations = 1000 + rnd(6000);
        o.seed = 1 + (uint64_t)t;
        o.uct_c = cs[t % 4];
        o.solver = (t >> 2) & 1;
        o.playout = (t >> 3) & 1;
        o.range = 1, o.lo = -1, o.hi = 1;
        pp_error err = {PP_OK, ""};
        pp_mcts *a = NULL, *b = NULL;
        CHECK_MSG(pp_mcts_new(pp_c4_game(p), &o, NULL, &a, &err) == PP_OK, "%s", err.msg);
        CHECK_MSG(pp_mcts_new(pp_c4_game(p), &o, NULL, &b, &err) == PP_OK, "%s", err.msg);
        if (!a || !b) {
            pp_mcts_free(a), pp_mcts_free(b), pp_c4_free(p);
            continue;
        }
        pp_mcts_set_playout(a, pp_c4_playout);
        pp_mcts_set_playout(b, pp_c4_playout);
        changes *told = calloc(1, sizeof *told), *read = calloc(1, sizeof *read);
        CHECK(told && read);
        if (!told || !read) break;
        pp_mcts_on_choice(a, record_change, told);
        int done = 0;
        CHECK(pp_mcts_run(a, UINT64_MAX, &done, &err) == PP_OK && done);
        int32_t was = -1;
        for (done = 0; !done;) {
            CHECK(pp_mcts_run(b, 1, &done, &err) == PP_OK);
            pp_mcts_result r;
            pp_mcts_get_result(b, &r);
            if (r.best != was) record_change(read, r.iterations, r.best);
            was = r.best;
        }
        CHECK_MSG(told->n == read->n && told->n <= 4096 && told->n > 0, "%s: %u changes told, %u read", seq, told->n,
                  read->n);
        for (uint32_t i = 0; i < told->n && i < read->n && i < 4096; i++)
            CHECK_MSG(told->at[i] == read->at[i] && told->to[i] == read->to[i],
                      "%s (c %g, solver %d, playout %d): change %u told at %llu to %d, read at %llu to %d", seq,
                      o.uct_c, o.solver, o.playout, i, (unsigned long long)told->at[i], told->to[i],
                      (unsigned long long)read->at[i], read->to[i]);
        searched++;
        free(told), free(read);
        pp_mcts_free(a), pp_mcts_free(b), pp_c4_free(p);
    }
    CHECK_MSG(searched >= 30, "only %d positions searched", searched);
}

void suite_mcts_connect4(void)
{
    RUN(bitboard_playouts_are_the_engines);
    RUN(bitboard_playouts_trace_the_same_events);
    RUN(solver_proofs_are_the_exact_scores);
    RUN(one_seed_one_tree);
    RUN(playout_edges);
    RUN(choice_changes_are_the_results);
}
