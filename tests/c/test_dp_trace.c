/* test_dp_trace.c: the DP solvers' traces: golden logs of small fills,
 * event by event; every event at a documented step; the counts matching
 * the statistics; the cap; values beyond 32 bits. */
#include <stdlib.h>

#include "../../c/perfect_play.h"
#include "dp_kit.h"
#include "golden.h"
#include "harness.h"

static const struct fill {
    const char *golden; /* tests/c/golden/<golden>.txt */
    pp_dp_problem p;
    pp_dp_algo algo;
    const char *input;
    /* each kind's steps (kinds 20 to 27 in order; "" = never emitted) */
    const char *steps[8];
} fills[] = {
    /*                                                 CELL     READ    CHOICE  PAIR    CALL HIT  MARK BASE */
    {"dp_stone_game", PP_DP_STONE_GAME, PP_DP_ALGO_DP, "piles = [5,3,4,5]", {"15", "34", "34", "15", "", "", "", ""}},
    {"dp_predict_the_winner_diff",
     PP_DP_PREDICT_THE_WINNER,
     PP_DP_ALGO_DIFF,
     "nums = [1,5,2]",
     {"15", "34", "34", "", "", "", "", ""}},
    {"dp_predict_the_winner_flawed_memo",
     PP_DP_PREDICT_THE_WINNER,
     PP_DP_ALGO_FLAWED_MEMO,
     "nums = [1,2,99]",
     {"56", "5", "", "", "2", "4", "", "3"}},
    {"dp_stone_game_ii",
     PP_DP_STONE_GAME_II,
     PP_DP_ALGO_DP,
     "piles = [2,7,9,4,4]",
     {"24", "3", "3", "24", "", "", "", ""}},
    {"dp_stone_game_iii",
     PP_DP_STONE_GAME_III,
     PP_DP_ALGO_DP,
     "stoneValue = [1,2,3,7]",
     {"14", "3", "3", "14", "", "", "", ""}},
    {"dp_stone_game_iv", PP_DP_STONE_GAME_IV, PP_DP_ALGO_DP, "n = 7", {"145", "3", "", "", "", "", "", ""}},
    {"dp_stone_game_iv_sieve", PP_DP_STONE_GAME_IV, PP_DP_ALGO_SIEVE, "n = 7", {"23", "", "", "", "", "", "4", ""}},
    {"dp_stone_game_v",
     PP_DP_STONE_GAME_V,
     PP_DP_ALGO_DP,
     "stoneValue = [6,2,3,4,5,5]",
     {"16", "345", "345", "", "", "", "", ""}},
    {"dp_stone_game_vi",
     PP_DP_STONE_GAME_VI,
     PP_DP_ALGO_DP,
     "aliceValues = [2,4,3], bobValues = [1,6,7]",
     {"2", "", "1", "", "", "", "", ""}},
    {"dp_stone_game_vi_exhaustive",
     PP_DP_STONE_GAME_VI,
     PP_DP_ALGO_EXHAUSTIVE,
     "aliceValues = [1,3], bobValues = [2,1]",
     {"14", "3", "3", "", "", "", "", ""}},
    {"dp_stone_game_vii",
     PP_DP_STONE_GAME_VII,
     PP_DP_ALGO_DP,
     "stones = [5,3,1,4,2]",
     {"15", "34", "34", "", "", "", "", ""}},
    {"dp_nim", PP_DP_NIM, PP_DP_ALGO_DP, "n = 5", {"145", "3", "", "", "", "", "", ""}},
    {"dp_can_i_win",
     PP_DP_CAN_I_WIN,
     PP_DP_ALGO_DP,
     "maxChoosableInteger = 4, desiredTotal = 7",
     {"567", "6", "5", "", "3", "4", "", ""}},
};

static pp_trace *traced(const struct fill *f, uint32_t cap, pp_dp **out)
{
    pp_trace *t = NULL;
    pp_trace_new(cap, &t, NULL);
    *out = dpk_solve(f->p, f->algo, f->input, t);
    return t;
}

/* Each solver's fill of a small example, against its checked-in log (the
 * text `perfect-play solve GAME INPUT --trace x.txt` writes). */
static void golden_traces_of_small_fills(void)
{
    for (size_t i = 0; i < sizeof fills / sizeof fills[0]; i++) {
        pp_dp *d = NULL;
        pp_trace *t = traced(&fills[i], 10000, &d);
        char path[128];
        snprintf(path, sizeof path, "tests/c/golden/%s.txt", fills[i].golden);
        CHECK_MSG(d && golden_mismatches(path, t, pp_dp_namer(d)) == 0, "%s", path);
        CHECK(!pp_trace_truncated(t));
        pp_dp_free(d);
        pp_trace_free(t);
    }
}

/* Every event names a step its solver's pseudocode gives that kind, and
 * the counts of events are the statistics. */
static void every_event_at_its_step_and_counted(void)
{
    for (size_t i = 0; i < sizeof fills / sizeof fills[0]; i++) {
        const struct fill *f = &fills[i];
        pp_dp *d = NULL;
        pp_trace *t = traced(f, 10000, &d);
        uint64_t count[8] = {0};
        int bad = 0;
        for (uint32_t e = 0; e < pp_trace_count(t); e++) {
            const int32_t *r = pp_trace_records(t) + (size_t)e * PP_TRACE_WORDS;
            int k = pp_event_kind_of(r) - PP_EV_DP_CELL, step = pp_event_step(r);
            if (k < 0 || k >= 8 || !strchr(f->steps[k], '0' + step) || step == 0) {
                if (bad++ < 2) printf("  %s: event %u kind %d at step %d\n", f->golden, e, k + PP_EV_DP_CELL, step);
                continue;
            }
            count[k]++;
        }
        CHECK_EQ_INT(bad, 0);
        pp_dp_stats st;
        if (d) pp_dp_get_stats(d, &st);
        CHECK(d && count[0] == st.nodes && count[1] == st.reads && count[2] == st.choices);
        CHECK(d && count[4] == st.calls && count[5] == st.memo_hits && count[6] == st.marks);
        /* every step of the kinds it lists is used somewhere in these fills, but
         * each kind it emits, it emits */
        for (int k = 0; k < 8; k++)
            CHECK_MSG((count[k] > 0) == (f->steps[k][0] != '\0'), "%s kind %d", f->golden, k + 20);
        /* each cell is computed at most once */
        uint32_t cells = d ? pp_dp_rows(d) * pp_dp_cols(d) : 0, done = 0;
        for (uint32_t c = 0; c < cells; c++) done += pp_dp_done(d)[c];
        CHECK_EQ_INT(done, count[0]);
        pp_dp_free(d);
        pp_trace_free(t);
    }
}

/* The cap truncates the record, never the solve; no trace costs nothing. */
static void a_capped_trace_keeps_the_answer(void)
{
    for (size_t i = 0; i < sizeof fills / sizeof fills[0]; i++) {
        pp_dp *full = NULL, *capped = NULL;
        pp_trace *tf = traced(&fills[i], 10000, &full), *tc = traced(&fills[i], 5, &capped);
        pp_dp *none = dpk_solve(fills[i].p, fills[i].algo, fills[i].input, NULL);
        CHECK(pp_trace_truncated(tc) && pp_trace_count(tc) == 5);
        CHECK(memcmp(pp_trace_records(tc), pp_trace_records(tf), 5 * PP_TRACE_WORDS * 4) == 0);
        CHECK(full && capped && none && pp_dp_answer(full) == pp_dp_answer(capped) &&
              pp_dp_answer(full) == pp_dp_answer(none));
        pp_dp_free(full);
        pp_dp_free(capped);
        pp_dp_free(none);
        pp_trace_free(tf);
        pp_trace_free(tc);
    }
}

/* Only the cells' decisions: the filter keeps DP_CELL alone. */
static void a_filtered_trace_keeps_the_cells(void)
{
    pp_trace *t = NULL;
    pp_trace_new(1000, &t, NULL);
    pp_trace_set_filter(t, 1u << PP_EV_DP_CELL);
    pp_dp *d = dpk_solve(PP_DP_STONE_GAME_V, PP_DP_ALGO_DP, "stoneValue = [6,2,3,4,5,5]", t);
    CHECK_EQ_INT(pp_trace_count(t), 21);
    for (uint32_t e = 0; e < pp_trace_count(t); e++)
        CHECK(pp_event_kind_of(pp_trace_records(t) + (size_t)e * PP_TRACE_WORDS) == PP_EV_DP_CELL);
    /* the last cell is the answer's, (0,5) */
    const int32_t *last = pp_trace_records(t) + (size_t)20 * PP_TRACE_WORDS;
    CHECK(last[1] == 5 && last[2] == 18);
    pp_dp_free(d);
    pp_trace_free(t);
}

/* A value past 32 bits is clamped in the trace, exact in the table. */
static void values_beyond_32_bits_are_clamped_in_the_trace(void)
{
    pp_trace *t = NULL;
    pp_trace_new(1000, &t, NULL);
    pp_dp *d =
        dpk_solve(PP_DP_STONE_GAME_II, PP_DP_ALGO_DP, "[1000000000,1000000000,1000000000,1000000000,1000000000]", t);
    int64_t answer = d ? pp_dp_answer(d) : 0;
    CHECK(answer > INT32_MAX);
    int clamped = 0;
    for (uint32_t e = 0; e < pp_trace_count(t); e++) {
        const int32_t *r = pp_trace_records(t) + (size_t)e * PP_TRACE_WORDS;
        if (pp_event_kind_of(r) == PP_EV_DP_CELL && r[1] == 1) clamped = r[2] == INT32_MAX; /* (0,1) */
    }
    CHECK(clamped);
    pp_dp_free(d);
    pp_trace_free(t);
}

/* The text form of each kind, and cell names of every shape. */
static void event_text_and_cell_names(void)
{
    pp_dp *d = dpk_solve(PP_DP_STONE_GAME, PP_DP_ALGO_DP, "[5,3,4,5]", NULL);
    char buf[64];
    int32_t rec[4] = {PP_EV_DP_READ | 3 << 8, 7, 4, 3};
    pp_event_format(rec, pp_dp_namer(d), NULL, buf, sizeof buf);
    CHECK(strcmp(buf, "DP_READ (1,3) = 4 for (0,3)") == 0);
    CHECK(strcmp(pp_event_name(PP_EV_DP_BASE), "DP_BASE") == 0 && strcmp(pp_event_name(PP_EV_DP_MARK), "DP_MARK") == 0);
    pp_dp_describe(d, 99, buf, sizeof buf);
    CHECK(strcmp(buf, "99") == 0); /* not a cell */
    CHECK_EQ_INT(pp_dp_namer(d)->nstates, 16);
    pp_dp_free(d);
    d = dpk_solve(PP_DP_CAN_I_WIN, PP_DP_ALGO_DP, "20, 21", NULL);
    pp_dp_describe(d, 5, buf, sizeof buf);
    CHECK(strcmp(buf, "{1,3}") == 0);
    pp_dp_describe(d, (1 << 20) - 1, buf, sizeof buf);
    CHECK(strcmp(buf, "{0xfffff}") == 0);
    pp_dp_free(d);
}

void suite_dp_trace(void)
{
    RUN(golden_traces_of_small_fills);
    RUN(every_event_at_its_step_and_counted);
    RUN(a_capped_trace_keeps_the_answer);
    RUN(a_filtered_trace_keeps_the_cells);
    RUN(values_beyond_32_bits_are_clamped_in_the_trace);
    RUN(event_text_and_cell_names);
}
