/* fuzz_connect4.c: libFuzzer target for Connect Four's readers and solvers.
 *
 * The input is a board size, a newline, then a move sequence. The size goes
 * through pp_c4_parse_size (the CLI's --size), the moves through
 * pp_c4_parse; errors must come with a one-line message. A position that
 * parses, is not won and has few empty cells is solved several ways, which
 * must agree: the generic alpha-beta (pp_c4_game), the dedicated stages
 * bitboard, tt and strongest, traced and untraced (same score, same count),
 * weak (the sign), and a solve cancelled by its progress hook, after which
 * the next solve is still exact. Each playable column is played and checked
 * against the sequence parsed with that column added.
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

/* Positions with at most this many empty cells are solved. */
#define EMPTY_MAX 12

static void failed(pp_status st, const pp_error *err)
{
    CHECK(st != PP_OK);
    CHECK(err->code == st && err->msg[0] != '\0' && strchr(err->msg, '\n') == NULL);
}

static int stop_at_once(const pp_c4_progress *p, void *ctx)
{
    (void)p;
    ++*(int *)ctx;
    return 1;
}

static int sign(int32_t v) { return (v > 0) - (v < 0); }

static void solve_all(const pp_c4 *p)
{
    pp_error err = {PP_OK, ""};
    pp_c4_solver *s = NULL;
    CHECK(pp_c4_solver_new(12, &s, &err) == PP_OK);
    int32_t ref = 0, v = 0;
    uint64_t nodes = 0, n2 = 0;
    CHECK(pp_c4_solve(s, p, PP_C4_STRONGEST, 0, 0, &ref, &nodes, &err) == PP_OK);
    int w = pp_c4_width(p), h = pp_c4_height(p), n = pp_c4_stones(p);
    int hi = (w * h + 1 - n) / 2;
    CHECK(ref >= -hi && ref <= hi);

    /* The generic search, on the first player's values. */
    pp_ab_options o;
    pp_ab_defaults(&o);
    o.algo = PP_AB_HARD;
    o.order = PP_ORDER_BEST;
    o.budget = 20000;
    pp_ab_result r;
    pp_status st = pp_ab_solve(pp_c4_game(p), &o, NULL, &r, &err);
    if (st == PP_OK) CHECK(pp_c4_score_from_value(p, r.value) == ref);
    else CHECK(st == PP_ERR_BUDGET && err.msg[0] != '\0');

    for (int stage = PP_C4_BITBOARD; stage < PP_C4_STAGES; stage++) {
        CHECK(pp_c4_solve(s, p, stage, 0, 0, &v, &nodes, &err) == PP_OK);
        CHECK(v == ref);
        CHECK(pp_c4_solve(s, p, stage, 1, 0, &v, &nodes, &err) == PP_OK);
        CHECK(v == sign(ref));
    }
    /* Traced and untraced: the same score and count, on a fresh table. */
    pp_c4_solver *s2 = NULL;
    CHECK(pp_c4_solver_new(12, &s2, &err) == PP_OK);
    CHECK(pp_c4_solve(s2, p, PP_C4_THREATS, 0, 0, &v, &nodes, &err) == PP_OK);
    pp_c4_solver_free(s2);
    CHECK(pp_c4_solver_new(12, &s2, &err) == PP_OK);
    pp_trace *t = NULL;
    CHECK(pp_trace_new(256, &t, NULL) == PP_OK);
    pp_c4_trace_stats ts;
    CHECK(pp_c4_solve_traced(s2, p, PP_C4_THREATS, 0, 0, t, &v, &ts, &err) == PP_OK);
    CHECK(v == ref && ts.nodes == nodes);
    pp_trace_free(t);
    pp_c4_solver_free(s2);

    /* A solve its hook stops: cancelled (or done before the first call),
     * and the table keeps only true bounds. */
    int calls = 0;
    CHECK(pp_c4_solver_set_progress(s, 10, stop_at_once, &calls, &err) == PP_OK);
    pp_c4_solver *fresh = NULL;
    CHECK(pp_c4_solver_new(12, &fresh, &err) == PP_OK);
    CHECK(pp_c4_solver_set_progress(fresh, 10, stop_at_once, &calls, &err) == PP_OK);
    st = pp_c4_solve(fresh, p, PP_C4_STRONGEST, 0, 0, &v, &n2, &err);
    if (st == PP_OK) CHECK(v == ref);
    else CHECK(st == PP_ERR_CANCELLED && calls > 0 && err.msg[0] != '\0');
    CHECK(pp_c4_solver_set_progress(fresh, 10, NULL, NULL, &err) == PP_OK);
    CHECK(pp_c4_solve(fresh, p, PP_C4_STRONGEST, 0, 0, &v, &n2, &err) == PP_OK);
    CHECK(v == ref);
    pp_c4_solver_free(fresh);
    pp_c4_solver_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    const char *nl = memchr(text, '\n', size);
    size_t slen = nl ? (size_t)(nl - text) : size;
    const char *moves = nl ? nl + 1 : text + size;
    size_t mlen = size - (size_t)(moves - text);
    pp_error err = {PP_OK, ""};
    int w = -1, h = -1;
    pp_status st = pp_c4_parse_size(text, slen, &w, &h, &err);
    if (st != PP_OK) {
        failed(st, &err);
        CHECK(w == -1 && h == -1);
        /* the moves on the default board all the same */
        w = 7;
        h = 6;
    }
    CHECK(w >= PP_C4_MIN_SIZE && w <= PP_C4_MAX_SIZE && h >= PP_C4_MIN_SIZE && h <= PP_C4_MAX_SIZE);
    CHECK(w * (h + 1) <= 64);
    pp_c4 *p = NULL;
    err.code = PP_OK;
    err.msg[0] = '\0';
    st = pp_c4_parse(w, h, moves, mlen, &p, &err);
    if (st != PP_OK) {
        failed(st, &err);
        CHECK(p == NULL);
        return 0;
    }
    CHECK(pp_c4_width(p) == w && pp_c4_height(p) == h);
    int n = pp_c4_stones(p);
    CHECK(n >= 0 && n <= w * h);
    if (pp_c4_won(p) || n == w * h) {
        if (pp_c4_won(p)) { /* a won position has no score */
            pp_c4_solver *s = NULL;
            int32_t v;
            CHECK(pp_c4_solver_new(10, &s, &err) == PP_OK);
            CHECK(pp_c4_solve(s, p, PP_C4_STRONGEST, 0, 0, &v, NULL, &err) == PP_ERR_ARG);
            pp_c4_solver_free(s);
        }
        for (int c = 0; c < w; c++) CHECK(pp_c4_play(p, c, &err) == PP_ERR_ARG);
        pp_c4_free(p);
        return 0;
    }
    /* Each column played, against the sequence with that column added. */
    char *seq = malloc(mlen + 1);
    CHECK(seq != NULL);
    memcpy(seq, moves, mlen);
    for (int c = 0; c < w; c++) {
        pp_c4 *q = NULL, *a = NULL;
        CHECK(pp_c4_parse(w, h, moves, mlen, &q, &err) == PP_OK);
        /* the sequence again, trimmed as the parser trims it, plus the column */
        size_t e = mlen;
        while (e && (seq[e - 1] == ' ' || seq[e - 1] == '\n' || seq[e - 1] == '\r' || seq[e - 1] == '\t')) e--;
        char keep = seq[e];
        seq[e] = (char)('1' + c);
        pp_status sq = pp_c4_parse(w, h, seq, e + 1, &a, &err);
        seq[e] = keep;
        if (pp_c4_can_play(p, c)) {
            CHECK(pp_c4_play(q, c, &err) == PP_OK);
            CHECK(sq == PP_OK);
            CHECK(pp_c4_stones(q) == n + 1 && pp_c4_stones(a) == n + 1 && pp_c4_won(q) == pp_c4_won(a));
        } else {
            CHECK(pp_c4_play(q, c, &err) == PP_ERR_ARG);
            CHECK(sq == PP_ERR_INPUT);
        }
        pp_c4_free(a);
        pp_c4_free(q);
    }
    free(seq);
    if (w * h - n <= EMPTY_MAX) solve_all(p);
    pp_c4_free(p);
    return 0;
}
