/* fuzz_games.c: libFuzzer target for every parser but Cat and Mouse's
 * (fuzz_catmouse.c has that one), and for the searches behind them.
 *
 * The first byte picks the game; the rest is the input text. A text that
 * parses into a small instance is solved two independent ways, which must
 * agree: game trees by minimax and by alpha-beta (fail-hard, fail-soft with
 * best-first order, and with the table where the game has a hash); DP
 * problems by "dp" and by every other algorithm the problem has (but the
 * flawed exhibit), and each DP's replayed optimal play must add up to its
 * scores. Errors must come with a message. Run: ./build.sh fuzz [seconds]. */
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

/* Positions a search may visit: small enough to keep runs fast. */
#define BUDGET 20000

static void parse_failed(pp_status st, const pp_error *err)
{
    CHECK(st != PP_OK);
    CHECK(err->code == st && err->msg[0] != '\0');
}

/* Minimax against alpha-beta in several forms, when minimax finishes. */
static void cross_check(const pp_game *game)
{
    pp_ab_options o;
    pp_ab_defaults(&o);
    o.algo = PP_AB_MINIMAX;
    o.budget = BUDGET;
    pp_ab_result ref, r;
    pp_error err = {PP_OK, ""};
    pp_status st = pp_ab_solve(game, &o, NULL, &ref, &err);
    if (st != PP_OK) {
        CHECK(st == PP_ERR_BUDGET || st == PP_ERR_LIMIT || st == PP_ERR_NOMEM || st == PP_ERR_ARG);
        CHECK(err.msg[0] != '\0');
        return;
    }
    CHECK(ref.bound == PP_AB_EXACT);
    o.budget = 0;
    for (int variant = 0; variant < 4; variant++) {
        pp_ab_defaults(&o);
        o.algo = variant == 0 ? PP_AB_HARD : PP_AB_SOFT;
        o.order = variant == 1 ? PP_ORDER_BEST : variant == 2 ? PP_ORDER_WORST : PP_ORDER_GIVEN;
        o.tt = variant == 3;
        o.tt_bits = 10;
        pp_trace *t = NULL;
        CHECK(pp_trace_new(512, &t, NULL) == PP_OK);
        err.code = PP_OK;
        st = pp_ab_solve(game, &o, variant == 0 ? t : NULL, &r, &err);
        pp_trace_free(t);
        if (st == PP_ERR_ARG && o.tt) continue; /* the game has no hash */
        CHECK(st == PP_OK);
        CHECK(r.value == ref.value);
        CHECK(r.stats.leaves <= ref.stats.leaves || o.tt);
    }
}

static void tree_game(int kind, const char *text, size_t len)
{
    pp_error err = {PP_OK, ""};
    const pp_game *game = NULL;
    void *obj = NULL;
    void (*release)(void *) = NULL;
    pp_status st;
    switch (kind) {
    case 0:
        st = pp_tree_parse(text, len, (pp_tree **)&obj, &err);
        if (st == PP_OK) game = pp_tree_game(obj), release = (void (*)(void *))pp_tree_free;
        break;
    case 1:
        st = pp_ttt_parse(text, len, (pp_ttt **)&obj, &err);
        if (st == PP_OK) game = pp_ttt_game(obj), release = (void (*)(void *))pp_ttt_free;
        break;
    case 2:
        st = pp_nim_parse(text, len, (pp_nim **)&obj, &err);
        if (st == PP_OK) game = pp_nim_game(obj), release = (void (*)(void *))pp_nim_free;
        break;
    case 3:
        st = pp_caniwin_parse(text, len, (pp_caniwin **)&obj, &err);
        if (st == PP_OK) game = pp_caniwin_game(obj), release = (void (*)(void *))pp_caniwin_free;
        break;
    case 4:
        st = pp_predict_parse(text, len, (pp_predict **)&obj, &err);
        if (st == PP_OK) game = pp_predict_game(obj), release = (void (*)(void *))pp_predict_free;
        break;
    case 5:
        st = pp_young_parse(text, len, (pp_young **)&obj, &err);
        if (st == PP_OK) game = pp_young_game(obj), release = (void (*)(void *))pp_young_free;
        break;
    case 6:
        st = pp_triangle_parse(text, len, (pp_triangle **)&obj, &err);
        if (st == PP_OK) game = pp_triangle_game(obj), release = (void (*)(void *))pp_triangle_free;
        break;
    default:
        st = pp_chase_parse(text, len, (pp_chase **)&obj, &err);
        if (st == PP_OK) game = pp_chase_game(obj), release = (void (*)(void *))pp_chase_free;
        break;
    }
    if (st != PP_OK) {
        parse_failed(st, &err);
        CHECK(obj == NULL);
        return;
    }
    CHECK(game != NULL);
    cross_check(game);
    release(obj);
}

static void dp_game(int problem, const char *text, size_t len)
{
    pp_error err = {PP_OK, ""};
    pp_dp_input *in = NULL;
    pp_status st = pp_dp_parse((pp_dp_problem)problem, text, len, &in, &err);
    if (st != PP_OK) {
        parse_failed(st, &err);
        CHECK(in == NULL);
        return;
    }
    if (pp_dp_input_count(in) > 40) { /* big instances: a parse is enough */
        pp_dp_input_free(in);
        return;
    }
    pp_dp *ref = NULL;
    pp_trace *t = NULL;
    CHECK(pp_trace_new(1024, &t, NULL) == PP_OK);
    st = pp_dp_solve(in, PP_DP_ALGO_DP, t, &ref, &err);
    pp_trace_free(t);
    if (st != PP_OK) { /* only limits may refuse a parsed instance */
        CHECK(st == PP_ERR_LIMIT || st == PP_ERR_NOMEM);
        pp_dp_input_free(in);
        return;
    }
    int64_t scores[2];
    pp_dp_scores(ref, scores);
    int64_t sum[2] = {0, 0};
    const pp_dp_move *moves = pp_dp_replay(ref);
    for (uint32_t i = 0; i < pp_dp_replay_count(ref); i++) {
        CHECK(moves[i].player == 0 || moves[i].player == 1);
        sum[moves[i].player] += moves[i].gain;
    }
    if (pp_dp_replay_count(ref) > 0) CHECK(sum[0] == scores[0] && sum[1] == scores[1]);
    for (int a = 1; a < PP_DP_ALGOS; a++) {
        if (a == PP_DP_ALGO_FLAWED_MEMO || !pp_dp_has_algo((pp_dp_problem)problem, (pp_dp_algo)a)) continue;
        pp_dp *other = NULL;
        st = pp_dp_solve(in, (pp_dp_algo)a, NULL, &other, &err);
        if (st == PP_ERR_LIMIT) continue; /* e.g. the exhaustive search's size */
        CHECK(st == PP_OK);
        CHECK(pp_dp_answer(other) == pp_dp_answer(ref));
        pp_dp_free(other);
    }
    pp_dp_free(ref);
    pp_dp_input_free(in);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    /* Games 0..7: the trees; 8 and on: the DP problems. */
    int pick = data[0] % (8 + 10);
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    if (pick < 8) tree_game(pick, text, len);
    else dp_game(pick - 8, text, len);
    return 0;
}
