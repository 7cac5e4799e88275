/* test_connect4.c: Connect Four: the solver community's scored
 * examples, every stage against a plain reference negamax written here (an
 * array board, no bitboards, no table) on seeded random positions, the
 * stages against each other where the reference is too slow, small boards
 * from the empty board against the published results (Tromp's table, with
 * the move the game ends on from Steininger's), impossible sequences, and
 * the table's limits. */
#include <stdlib.h>

#include "../../c/perfect_play.h"
#include "harness.h"

static uint64_t rng_state;
static uint32_t rnd(uint32_t n)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)((rng_state >> 33) % n);
}

/* ---- the reference: an array board, negamax with alpha-beta ---- */

typedef struct refboard {
    int w, h, n;
    int height[9];
    signed char cell[9][9]; /* [column][row]: 0 empty, 1 first player, 2 second */
} refboard;

/* 1 if the stone at (c, r) is in a line of four of its colour. */
static int ref_four_at(const refboard *b, int c, int r)
{
    static const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    int who = b->cell[c][r];
    for (int d = 0; d < 4; d++) {
        int count = 1;
        for (int sgn = -1; sgn <= 1; sgn += 2) {
            int x = c + sgn * dirs[d][0], y = r + sgn * dirs[d][1];
            while (x >= 0 && x < b->w && y >= 0 && y < b->h && b->cell[x][y] == who) {
                count++;
                x += sgn * dirs[d][0];
                y += sgn * dirs[d][1];
            }
        }
        if (count >= 4) return 1;
    }
    return 0;
}

/* The score of the side to move, exact when it lies within [alpha, beta]. */
static int ref_negamax(refboard *b, int alpha, int beta)
{
    int cells = b->w * b->h;
    if (b->n == cells) return 0;
    int best = -1000;
    for (int c = 0; c < b->w; c++) {
        if (b->height[c] == b->h) continue;
        int r = b->height[c]++;
        b->cell[c][r] = (signed char)(1 + b->n % 2);
        b->n++;
        int v = ref_four_at(b, c, r) ? (cells + 1 - (b->n - 1)) / 2
                                     : -ref_negamax(b, -beta, -(alpha > best ? alpha : best));
        b->n--;
        b->cell[c][r] = 0;
        b->height[c]--;
        if (v > best) best = v;
        if (best >= beta) break;
    }
    return best;
}

/* Random play of `stones` moves on w x h that stops before a win; the
 * sequence into seq (0-terminated), the board into *b; 0 if a move won. */
static int random_position(int w, int h, int stones, char *seq, refboard *b)
{
    memset(b, 0, sizeof *b);
    b->w = w;
    b->h = h;
    for (int i = 0; i < stones; i++) {
        int c;
        do c = (int)rnd((uint32_t)w);
        while (b->height[c] == h);
        int r = b->height[c]++;
        b->cell[c][r] = (signed char)(1 + b->n % 2);
        b->n++;
        seq[i] = (char)('1' + c);
        if (ref_four_at(b, c, r)) return 0;
    }
    seq[stones] = 0;
    return 1;
}

/* random_position, then parsed: NULL if a move won (or the parse failed). */
static pp_c4 *random_open(int w, int h, int stones, char *seq, refboard *b)
{
    pp_c4 *p = NULL;
    pp_error err = {PP_OK, ""};
    if (!random_position(w, h, stones, seq, b) || pp_c4_parse(w, h, seq, strlen(seq), &p, &err) != PP_OK) return NULL;
    return p;
}

static int32_t solve_seq(pp_c4_solver *s, int w, int h, const char *seq, int stage, int weak, uint64_t *nodes)
{
    pp_error err = {PP_OK, ""};
    pp_c4 *p = NULL;
    int32_t score = -999;
    pp_status st = pp_c4_parse(w, h, seq, strlen(seq), &p, &err);
    CHECK_MSG(st == PP_OK, "%s: %s", seq, err.msg);
    if (st != PP_OK) return -999;
    st = pp_c4_solve(s, p, stage, weak, 0, &score, nodes, &err);
    CHECK_MSG(st == PP_OK, "%s %s: %s", pp_c4_stage_name(stage), seq, err.msg);
    pp_c4_free(p);
    return score;
}

static pp_c4_solver *new_solver(uint32_t bits)
{
    pp_c4_solver *s = NULL;
    pp_error err = {PP_OK, ""};
    CHECK_MSG(pp_c4_solver_new(bits, &s, &err) == PP_OK, "%s", err.msg);
    return s;
}

/* ---- the tests ---- */

/* The community's examples (Pons' tutorial): 4455 scores 18, 44455554221 -15. */
static void test_c4_scored_examples(void)
{
    pp_c4_solver *s = new_solver(20);
    if (!s) return;
    for (int stage = PP_C4_THREATS; stage < PP_C4_STAGES; stage++) { /* the earlier stages take minutes */
        CHECK_EQ_INT(solve_seq(s, 7, 6, "4455", stage, 0, NULL), 18);
        CHECK_EQ_INT(solve_seq(s, 7, 6, "44455554221", stage, 0, NULL), -15);
        CHECK_EQ_INT(solve_seq(s, 7, 6, "44455554221", stage, 1, NULL), -1);
    }
    pp_c4_solver_free(s);
}

/* Every stage equals the reference on random positions of several sizes,
 * one solver (and its table) kept across positions and stages, as the CLI's
 * `-` keeps it; the generic stages only where the position is small. */
static void test_c4_stages_match_reference(void)
{
    static const int sets[][4] = {{4, 4, 6, 40},  {5, 4, 11, 40}, {6, 5, 21, 30}, {7, 6, 34, 30},
                                  {7, 6, 32, 20}, {9, 6, 45, 20}, {8, 7, 47, 20}};
    pp_c4_solver *s = new_solver(16);
    if (!s) return;
    rng_state = 16;
    int checked = 0;
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        int w = sets[k][0], h = sets[k][1], stones = sets[k][2];
        for (int i = 0; i < sets[k][3]; i++) {
            char seq[128];
            refboard b;
            if (!random_position(w, h, stones, seq, &b)) continue;
            int want = ref_negamax(&b, -100, 100);
            int generic = w * h - stones <= 10 && (w <= 6 || w * h - stones <= 8); /* plain minimax stays quick */
            for (int stage = generic ? PP_C4_MINIMAX : PP_C4_BITBOARD; stage < PP_C4_STAGES; stage++) {
                int32_t got = solve_seq(s, w, h, seq, stage, 0, NULL);
                CHECK_MSG(got == want, "%dx%d %s %s: %d, the reference %d", w, h, seq, pp_c4_stage_name(stage), got,
                          want);
                int32_t weak = solve_seq(s, w, h, seq, stage, 1, NULL);
                CHECK_MSG(weak == (want > 0) - (want < 0), "%dx%d %s %s --weak: %d", w, h, seq, pp_c4_stage_name(stage),
                          weak);
            }
            checked++;
        }
    }
    CHECK_MSG(checked >= 80, "only %d positions were not already won", checked);
    pp_c4_solver_free(s);
}

/* Where the reference is too slow (23 to 26 stones on 7 x 6): the table
 * stages agree with each other, each with a fresh table and one shared. */
static void test_c4_stages_agree_mid_game(void)
{
    pp_c4_solver *shared = new_solver(18);
    if (!shared) return;
    rng_state = 42;
    for (int i = 0; i < 12; i++) {
        char seq[128];
        refboard b;
        if (!random_position(7, 6, 23 + (int)rnd(4), seq, &b)) continue;
        int32_t want = solve_seq(shared, 7, 6, seq, PP_C4_ANTICIPATE, 0, NULL);
        for (int stage = PP_C4_THREATS; stage < PP_C4_STAGES; stage++) {
            pp_c4_solver *fresh = new_solver(18);
            if (!fresh) break;
            CHECK_MSG(solve_seq(fresh, 7, 6, seq, stage, 0, NULL) == want, "%s %s", seq, pp_c4_stage_name(stage));
            CHECK_MSG(solve_seq(shared, 7, 6, seq, stage, 0, NULL) == want, "%s %s (shared)", seq,
                      pp_c4_stage_name(stage));
            pp_c4_solver_free(fresh);
        }
    }
    pp_c4_solver_free(shared);
}

/* Boards from the empty board: Tromp's results (draw, first or second
 * player), and the move the game ends on from Steininger's table (a win on
 * move L from the empty board scores floor((w*h + 2 - L) / 2)). The quick
 * ones here; docs/performance.md lists the slow ones and their times. */
static void test_c4_tromp_table(void)
{
    static const struct {
        int w, h, score;
    } sizes[] = {{4, 4, 0}, {5, 4, 0}, {4, 5, 0}, {6, 4, -1}, {4, 6, 0}, {7, 4, 0}, {4, 7, 0}, {5, 5, 0}};
    pp_c4_solver *s = new_solver(20);
    if (!s) return;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int32_t got = solve_seq(s, sizes[i].w, sizes[i].h, "", PP_C4_STRONGEST, 0, NULL);
        CHECK_MSG(got == sizes[i].score, "%dx%d: %d, published %d", sizes[i].w, sizes[i].h, got, sizes[i].score);
    }
    pp_c4_solver_free(s);
}

/* The mirror image of a position has the same score, each solved from an
 * empty table (a size change empties it). Not the same count of positions
 * explored: ties in the move order go to the left of the centre first. */
static void test_c4_mirror(void)
{
    pp_c4_solver *s = new_solver(18);
    if (!s) return;
    rng_state = 7;
    for (int i = 0; i < 10; i++) {
        char seq[128], mir[128];
        refboard b;
        if (!random_position(7, 6, 12 + (int)rnd(10), seq, &b)) continue;
        size_t n = strlen(seq);
        for (size_t k = 0; k <= n; k++) mir[k] = k < n ? (char)('1' + 6 - (seq[k] - '1')) : 0;
        uint64_t a = 0, m = 0;
        solve_seq(s, 4, 4, "", PP_C4_STRONGEST, 0, NULL); /* empties the table */
        int32_t va = solve_seq(s, 7, 6, seq, PP_C4_STRONGEST, 0, &a);
        solve_seq(s, 4, 4, "", PP_C4_STRONGEST, 0, NULL);
        int32_t vm = solve_seq(s, 7, 6, mir, PP_C4_STRONGEST, 0, &m);
        CHECK_MSG(va == vm, "%s: %d, its mirror %s: %d", seq, va, mir, vm);
        CHECK(a > 0 && m > 0);
    }
    pp_c4_solver_free(s);
}

/* A table far too small for the search (2^10 entries: buckets overwritten
 * all the time, exact scores and best moves of other positions replaced)
 * still gives exact scores: the strongest stage with it against the same
 * stage with a large table, on mid-game 7 x 6 positions whose searches
 * explore hundreds of thousands of positions, and against the reference on
 * late ones; the weak answer too. */
static void test_c4_tiny_table_exact(void)
{
    pp_c4_solver *tiny = new_solver(10), *big = new_solver(20);
    if (!tiny || !big) {
        pp_c4_solver_free(tiny);
        pp_c4_solver_free(big);
        return;
    }
    rng_state = 1024;
    int checked = 0;
    for (int i = 0; i < 200 && checked < 12; i++) {
        char seq[128];
        refboard b;
        int late = i % 2;
        if (!random_position(7, 6, late ? 30 + (int)rnd(4) : 18 + (int)rnd(4), seq, &b)) continue;
        int32_t want = late ? ref_negamax(&b, -100, 100) : solve_seq(big, 7, 6, seq, PP_C4_STRONGEST, 0, NULL);
        uint64_t nodes = 0;
        int32_t got = solve_seq(tiny, 7, 6, seq, PP_C4_STRONGEST, 0, &nodes);
        CHECK_MSG(got == want, "%s: %d with 2^10 entries, %d", seq, got, want);
        CHECK_EQ_INT(solve_seq(tiny, 7, 6, seq, PP_C4_STRONGEST, 1, NULL), (want > 0) - (want < 0));
        checked++;
    }
    CHECK_MSG(checked >= 10, "only %d positions were not already won", checked);
    pp_c4_solver_free(tiny);
    pp_c4_solver_free(big);
}

/* ---- the traced search (pp_c4_solve_traced) ---- */

/* One traced solve's events read back: nodes entered, table hits, cut-offs,
 * the probes (med, r, lo, hi), and whether the nesting holds: every node
 * entered is the child the last AB_MOVE or C4_PROBE named (or the root),
 * leaves by one AB_EXIT, and a parent's AB_VALUE is minus its child's exit
 * (plus it for a probe's answer: the root's own score). */
typedef struct c4events {
    uint64_t entered, hits, cuts;
    int nprobes, probe[32][4], ok, last_value;
    char why[160];
} c4events;

static void read_events(const pp_trace *t, c4events *e)
{
    memset(e, 0, sizeof *e);
    e->ok = 1;
    const int32_t *r = pp_trace_records(t);
    uint32_t n = pp_trace_count(t);
    enum { DEPTH = 128 };
    int32_t stack[DEPTH], child_exit_id = -1, child_exit_v = 0;
    int depth = 0;
    int32_t expect = 0; /* the id the next node entered must have */
    for (uint32_t i = 0; i < n && e->ok; i++, r += PP_TRACE_WORDS) {
        int kind = pp_event_kind_of(r), step = pp_event_step(r);
#define BAD(...) (e->ok = 0, snprintf(e->why, sizeof e->why, __VA_ARGS__))
        switch (kind) {
        case PP_EV_AB_ENTER:
            if (r[1] != expect) BAD("event %u enters node %d, not %d", i, r[1], expect);
            if (depth == DEPTH) BAD("too deep");
            else stack[depth++] = r[1];
            if (step == PP_C4_STEP_ENTER) e->entered++;
            expect = -1;
            break;
        case PP_EV_AB_MOVE:
        case PP_EV_C4_PROBE:
            if (!depth || stack[depth - 1] != r[1]) BAD("event %u: node %d is not open", i, r[1]);
            expect = r[3];
            if (kind == PP_EV_C4_PROBE && e->nprobes < 32) e->probe[e->nprobes][0] = r[2];
            break;
        case PP_EV_AB_EXIT:
            if (!depth || stack[depth - 1] != r[1]) BAD("event %u leaves node %d, not the open one", i, r[1]);
            depth--;
            child_exit_id = r[1];
            child_exit_v = r[2];
            e->last_value = r[2];
            if (step == PP_C4_STEP_TABLE || step == PP_C4_STEP_ETC) e->cuts++;
            break;
        case PP_EV_AB_VALUE:
            if (r[2] >= 0 && r[2] != child_exit_id) BAD("event %u: node %d came back, not %d", i, r[2], child_exit_id);
            if (r[2] >= 0 && r[3] != (r[1] == 0 && step == PP_C4_STEP_ANSWER ? child_exit_v : -child_exit_v))
                BAD("event %u: node %d's value %d, its child's exit %d", i, r[1], r[3], child_exit_v);
            if (step == PP_C4_STEP_ANSWER && e->nprobes < 32) e->probe[e->nprobes][1] = r[3];
            break;
        case PP_EV_AB_HIT: e->hits++; break;
        case PP_EV_AB_CUTOFF: break;
        case PP_EV_C4_BOUNDS:
            if (e->nprobes < 32) {
                e->probe[e->nprobes][2] = r[2];
                e->probe[e->nprobes][3] = r[3];
                e->nprobes++;
            }
            break;
        default: break;
        }
#undef BAD
    }
    if (e->ok && depth) e->ok = 0, snprintf(e->why, sizeof e->why, "%d nodes still open at the end", depth);
}

/* pp_c4_solve_range is the score clamped to the range, for every dedicated
 * stage and every kind of range (holding the score or not, one value wide,
 * the null window [x - 1, x] that asks whether the score reaches x), one
 * table kept across them all as the page keeps it; an empty range fails. */
static void test_c4_range_clamps(void)
{
    static const int sets[][4] = {{5, 4, 9, 25}, {6, 5, 17, 20}, {7, 6, 30, 20}}; /* w, h, stones, positions */
    pp_c4_solver *s = new_solver(16);
    if (!s) return;
    rng_state = 913;
    int checked = 0, outside = 0;
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        int w = sets[k][0], h = sets[k][1];
        for (int i = 0; i < sets[k][3]; i++) {
            char seq[128];
            refboard b;
            pp_c4 *p = random_open(w, h, sets[k][2], seq, &b);
            if (!p) continue;
            int want = ref_negamax(&b, -100, 100);
            pp_error err = {PP_OK, ""};
            for (int stage = PP_C4_BITBOARD; stage < PP_C4_STAGES; stage++) {
                for (int r = 0; r < 6; r++) {
                    int lo, hi;
                    if (r == 0) lo = want - 1, hi = want;      /* reaches want: yes */
                    else if (r == 1) lo = want, hi = want + 1; /* reaches want + 1: no */
                    else if (r == 2) lo = hi = want + (int)rnd(5) - 2;
                    else {
                        lo = want + (int)rnd(9) - 6;
                        hi = lo + (int)rnd(6);
                    }
                    int32_t got = -999;
                    CHECK_MSG(pp_c4_solve_range(s, p, stage, lo, hi, 0, &got, NULL, &err) == PP_OK, "%s", err.msg);
                    int clamped = want < lo ? lo : want > hi ? hi : want;
                    CHECK_MSG(got == clamped, "%dx%d %s %s in [%d, %d]: %d, the reference %d", w, h, seq,
                              pp_c4_stage_name(stage), lo, hi, got, want);
                    outside += want < lo || want > hi;
                }
            }
            int32_t got;
            CHECK_EQ_INT(pp_c4_solve_range(s, p, PP_C4_STRONGEST, 3, 2, 0, &got, NULL, &err), PP_ERR_ARG);
            pp_c4_free(p);
            checked++;
        }
    }
    CHECK_MSG(checked >= 30 && outside > 0, "%d positions, %d ranges without the score", checked, outside);
    pp_c4_solver_free(s);
}

/* Every stage traced on random positions: the same score and positions
 * explored as untraced (each from an empty table), the trace well nested,
 * a node entered for each position explored, the table hits as counted, and
 * the probes those pp_c4_solver_probes reports; then a trace cut at its cap
 * still solves right and says it was cut. */
static void test_c4_traced_matches_untraced(void)
{
    static const int sets[][4] = {{4, 4, 5, 6},  {5, 4, 8, 6},  {6, 5, 16, 6},
                                  {7, 6, 24, 8}, {7, 6, 16, 3}, {8, 7, 40, 4}};
    rng_state = 99;
    int checked = 0, with_hits = 0, with_probes = 0;
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        int w = sets[k][0], h = sets[k][1];
        for (int i = 0; i < sets[k][3]; i++) {
            char seq[128];
            refboard b;
            pp_c4 *p = random_open(w, h, sets[k][2], seq, &b);
            if (!p) continue;
            int generic = w * h - sets[k][2] <= 10;
            pp_error err = {PP_OK, ""};
            for (int stage = generic ? PP_C4_MINIMAX : PP_C4_BITBOARD; stage < PP_C4_STAGES; stage++) {
                pp_c4_solver *plain = new_solver(16), *traced = new_solver(16);
                pp_trace *t = NULL;
                CHECK(pp_trace_new(1u << 22, &t, &err) == PP_OK);
                int32_t want = 0, got = 0;
                uint64_t nodes = 0;
                pp_c4_trace_stats st;
                CHECK(pp_c4_solve(plain, p, stage, 0, 0, &want, &nodes, &err) == PP_OK);
                CHECK_MSG(pp_c4_solve_traced(traced, p, stage, 0, 0, t, &got, &st, &err) == PP_OK, "%s", err.msg);
                const char *name = pp_c4_stage_name(stage);
                CHECK_MSG(got == want && st.nodes == nodes,
                          "%dx%d %s %s: traced %d in %llu positions, untraced %d in %llu", w, h, seq, name, got,
                          (unsigned long long)st.nodes, want, (unsigned long long)nodes);
                if (stage >= PP_C4_BITBOARD && !pp_trace_truncated(t)) {
                    c4events e;
                    read_events(t, &e);
                    CHECK_MSG(e.ok, "%s %s: %s", seq, name, e.why);
                    CHECK_MSG(e.entered == nodes, "%s %s: %llu nodes entered, %llu explored", seq, name,
                              (unsigned long long)e.entered, (unsigned long long)nodes);
                    CHECK_MSG(e.hits == st.tt_hits && e.cuts == st.tt_cuts,
                              "%s %s: %llu hits and %llu cuts traced, %llu and %llu counted", seq, name,
                              (unsigned long long)e.hits, (unsigned long long)e.cuts, (unsigned long long)st.tt_hits,
                              (unsigned long long)st.tt_cuts);
                    CHECK_MSG(e.last_value == want, "%s %s: the trace ends on %d, the score is %d", seq, name,
                              e.last_value, want);
                    if (stage < PP_C4_TT) CHECK(e.hits == 0);
                    with_hits += e.hits > 0;
                    /* the probes, against the untraced solve's */
                    double pr[32 * 5];
                    int np = pp_c4_solver_probes(plain, pr, 32);
                    CHECK_MSG(np == e.nprobes && (uint32_t)np == st.probes, "%s %s: %d probes, %d traced", seq, name,
                              np, e.nprobes);
                    for (int q = 0; q < np && q < e.nprobes; q++)
                        for (int f = 0; f < 4; f++)
                            CHECK_MSG(e.probe[q][f] == (int)pr[5 * q + f], "%s %s probe %d field %d: traced %d, %g",
                                      seq, name, q, f, e.probe[q][f], pr[5 * q + f]);
                    if (stage < PP_C4_ITERATIVE) CHECK(np == 0);
                    with_probes += np > 1;
                }
                pp_trace_free(t);
                pp_c4_solver_free(plain);
                pp_c4_solver_free(traced);
            }
            pp_c4_free(p);
            checked++;
        }
    }
    CHECK_MSG(checked >= 20 && with_hits >= 10 && with_probes >= 10, "%d positions, %d with table hits, %d with probes",
              checked, with_hits, with_probes);

    /* A trace cut at 100 events: the solve goes on to the same score. */
    pp_c4_solver *s = new_solver(16);
    pp_trace *t = NULL;
    pp_error err = {PP_OK, ""};
    pp_c4 *p = NULL;
    CHECK(pp_trace_new(100, &t, &err) == PP_OK && pp_c4_parse(7, 6, "1234567123456712", 16, &p, &err) == PP_OK);
    int32_t v = 0;
    pp_c4_trace_stats st;
    if (s && t && p) {
        CHECK(pp_c4_solve_traced(s, p, PP_C4_STRONGEST, 0, 0, t, &v, &st, &err) == PP_OK);
        CHECK_EQ_INT(v, -2);
        CHECK_MSG(pp_trace_truncated(t) && pp_trace_count(t) == 100 && st.nodes > 1000, "%u events, %llu positions",
                  pp_trace_count(t), (unsigned long long)st.nodes);
        CHECK(pp_c4_solve_traced(s, p, PP_C4_STRONGEST, 0, 0, NULL, &v, &st, &err) == PP_ERR_ARG);
    }
    pp_trace_free(t);
    pp_c4_free(p);
    pp_c4_solver_free(s);
}

static void test_c4_bad_sequences(void)
{
    static const struct {
        const char *seq, *msg;
    } cases[] = {
        {"48", "move 2 ('8'): column 8 is off the board"}, {"44x", "move 3 ('x'): not a column"},
        {"4444444", "move 7 ('4'): column 4 is full"},     {"12121212", "move 8 ('2'): the game is already won"},
        {"40", "move 2 ('0'): column 0 is off the board"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pp_error err = {PP_OK, ""};
        pp_c4 *p = NULL;
        CHECK_EQ_INT(pp_c4_parse(7, 6, cases[i].seq, strlen(cases[i].seq), &p, &err), PP_ERR_INPUT);
        CHECK(p == NULL);
        CHECK_CONTAINS(err.msg, cases[i].msg);
    }
    pp_error err = {PP_OK, ""};
    pp_c4 *p = NULL;
    CHECK_EQ_INT(pp_c4_parse(9, 7, "", 0, &p, &err), PP_ERR_LIMIT);
    CHECK_EQ_INT(pp_c4_parse(3, 6, "", 0, &p, &err), PP_ERR_LIMIT);
    /* a won position has no score */
    CHECK_EQ_INT(pp_c4_parse(7, 6, "1212121", 7, &p, &err), PP_OK);
    pp_c4_solver *s = new_solver(10);
    int32_t score;
    if (p && s) CHECK_EQ_INT(pp_c4_solve(s, p, PP_C4_STRONGEST, 0, 0, &score, NULL, &err), PP_ERR_ARG);
    pp_c4_free(p);
    pp_c4_solver_free(s);
    pp_c4_free(NULL);
    pp_c4_solver_free(NULL);
}

/* The table's size is checked before allocating; a budget stops a search. */
static void test_c4_limits(void)
{
    pp_error err = {PP_OK, ""};
    pp_c4_solver *s = NULL;
    CHECK_EQ_INT(pp_c4_solver_new(9, &s, &err), PP_ERR_LIMIT);
    CHECK_EQ_INT(pp_c4_solver_new(40, &s, &err), PP_ERR_LIMIT);
    CHECK(s == NULL);
    s = new_solver(12);
    pp_c4 *p = NULL;
    if (!s || pp_c4_parse(7, 6, "4", 1, &p, &err) != PP_OK) {
        CHECK(0);
        pp_c4_solver_free(s);
        return;
    }
    int32_t score;
    uint64_t nodes = 0;
    CHECK_EQ_INT(pp_c4_solve(s, p, PP_C4_STRONGEST, 0, 1000, &score, &nodes, &err), PP_ERR_BUDGET);
    CHECK(nodes <= 1000);
    pp_c4_free(p);
    pp_c4_solver_free(s);
}

void suite_connect4(void)
{
    RUN(test_c4_scored_examples);
    RUN(test_c4_stages_match_reference);
    RUN(test_c4_stages_agree_mid_game);
    RUN(test_c4_tromp_table);
    RUN(test_c4_mirror);
    RUN(test_c4_tiny_table_exact);
    RUN(test_c4_range_clamps);
    RUN(test_c4_traced_matches_untraced);
    RUN(test_c4_bad_sequences);
    RUN(test_c4_limits);
}
