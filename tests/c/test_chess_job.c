/* test_chess_job.c: a chess table built in slices (pp_tb_job, the page's
 * way) is the table pp_tb_build makes, and its per-ply counts are the BFS
 * layers: they add up to the positions decided and, once built, match the
 * table's histogram of mates (ply 2N - 1: mate in N, ply 2N: mated in N). */
#include <stdlib.h>

#include "harness.h"
#include "perfect_play.h"

/* Builds material with slices of `budget` reverse edges; the per-ply
 * counts seen after every slice add up to the positions decided. */
static int build_in_slices(const char *material, uint64_t budget, pp_tb_progress *last, int *tables)
{
    pp_tb_job *j = NULL;
    pp_error err = {0};
    if (pp_tb_job_new(material, &j, &err) != PP_OK) {
        printf("  %s: %s\n", material, err.msg);
        return 0;
    }
    int done = 0, slices = 0, ok = 1;
    pp_tb_job_progress(j, last);
    *tables = last->tables;
    while (!done && ok) {
        if (pp_tb_job_run(j, budget, &done, &err) != PP_OK) {
            printf("  %s: %s\n", material, err.msg);
            ok = 0;
            break;
        }
        slices++;
        pp_tb_job_progress(j, last);
        uint64_t sum = 0;
        for (int i = 0; i < PP_TB_PLIES; i++) sum += last->per_ply[i];
        if (last->decided && sum != last->decided) {
            printf("  %s slice %d: per-ply sum %llu, decided %llu\n", material, slices, (unsigned long long)sum,
                   (unsigned long long)last->decided);
            ok = 0;
        }
    }
    pp_tb_job_free(j);
    return ok && slices > *tables;
}

static void same_as_build(const char *material, uint64_t budget, int want_tables)
{
    pp_tb_clear();
    pp_tb_progress p;
    int tables = 0;
    CHECK(build_in_slices(material, budget, &p, &tables));
    CHECK_EQ_INT(tables, want_tables);
    CHECK_EQ_INT(pp_tb_count(), want_tables);
    pp_tb_stats sliced, whole;
    pp_error err = {0};
    CHECK(pp_tb_build(material, &sliced, &err) == PP_OK); /* from the cache */
    CHECK_EQ_INT(pp_tb_count(), want_tables);
    pp_tb_clear();
    CHECK(pp_tb_build(material, &whole, &err) == PP_OK);
    CHECK_EQ_INT(sliced.longest[0], whole.longest[0]);
    CHECK_EQ_INT(sliced.longest[1], whole.longest[1]);
    for (int c = 0; c < 2; c++) {
        CHECK_EQ_INT(sliced.wins[c], whole.wins[c]);
        CHECK_EQ_INT(sliced.losses[c], whole.losses[c]);
        CHECK_EQ_INT(sliced.draws[c], whole.draws[c]);
        for (int i = 0; i < PP_TB_HIST; i++) CHECK_EQ_INT(sliced.hist[c][i], whole.hist[c][i]);
    }
    /* the last table's layers are its histogram, ply by ply */
    for (int n = 1; 2 * n < PP_TB_PLIES && n < PP_TB_HIST; n++) {
        CHECK_EQ_INT(p.per_ply[2 * n - 1], whole.hist[0][n]);
        CHECK_EQ_INT(p.per_ply[2 * n], whole.hist[1][n]);
    }
    CHECK_EQ_INT(p.per_ply[0], whole.hist[1][0]); /* checkmates */
    int top = 0;                                  /* the deepest layer: the longest mate or mated */
    for (int n = 1; n < PP_TB_HIST; n++) {
        if (whole.hist[0][n]) top = top > 2 * n - 1 ? top : 2 * n - 1;
        if (whole.hist[1][n]) top = top > 2 * n ? top : 2 * n;
    }
    CHECK_EQ_INT(p.top, top);
}

static void job_krk(void) { same_as_build("KRK", 997, 1); }
static void job_kpk_with_conversions(void) { same_as_build("KPK", 4093, 5); }

static void job_bad_material(void)
{
    pp_tb_job *j = NULL;
    pp_error err = {0};
    CHECK(pp_tb_job_new("KQ", &j, &err) == PP_ERR_INPUT);
    CHECK(j == NULL);
    CHECK(pp_tb_job_new("KK", &j, &err) == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "bare kings");
    pp_tb_job_free(NULL);
}

static void job_cancelled_midway(void)
{
    /* freeing an unfinished job leaves the cache as it was: the tables it
     * finished, none half built */
    pp_tb_clear();
    pp_tb_job *j = NULL;
    pp_error err = {0};
    CHECK(pp_tb_job_new("KQK", &j, &err) == PP_OK);
    int done = 0;
    for (int i = 0; i < 3; i++) CHECK(pp_tb_job_run(j, 100, &done, &err) == PP_OK);
    CHECK(!done);
    pp_tb_job_free(j);
    CHECK_EQ_INT(pp_tb_count(), 0);
    pp_chess_answer *a = malloc(sizeof *a);
    CHECK(pp_chess_solve_fen("k7/8/8/8/8/8/8/KQ6 w - - 0 1", a, &err) == PP_OK);
    free(a);
    pp_tb_clear();
}

/* The value bytes the page draws as points (pp_tb_values) are the table's:
 * their positions and plies are its statistics and the job's BFS layers;
 * either colour first names the same table; a table not built is refused. */
static void values_are_the_table(void)
{
    pp_tb_clear();
    const uint8_t *v = NULL;
    uint32_t entries = 0, end = 0;
    pp_error err = {0};
    CHECK(pp_tb_values("KRK", &v, &entries, &end, &err) == PP_ERR_LIMIT);
    CHECK_CONTAINS(err.msg, "KRK table is not built");
    CHECK(pp_tb_values("KX", &v, &entries, &end, &err) == PP_ERR_INPUT);
    pp_tb_progress p;
    int tables = 0;
    CHECK(build_in_slices("KRK", 1u << 14, &p, &tables));
    pp_tb_stats st;
    CHECK(pp_tb_build("KRK", &st, &err) == PP_OK);
    CHECK(pp_tb_values("KKR", &v, &entries, &end, &err) == PP_OK);
    CHECK_EQ_INT(entries, st.entries);
    CHECK_EQ_INT(end, entries); /* no en passant entries without pawns */
    uint64_t positions = 0, per_ply[PP_TB_PLIES] = {0};
    for (uint32_t i = 0; i < end; i++) {
        if (v[i] == 255) continue;
        positions++;
        if (v[i] != 0) per_ply[v[i] - 1]++;
    }
    CHECK_EQ_INT(positions, st.positions[0] + st.positions[1]);
    for (int i = 0; i < PP_TB_PLIES; i++) CHECK_EQ_INT(per_ply[i], p.per_ply[i]);
    pp_tb_clear();
}

void suite_chess_job(void)
{
    RUN(job_krk);
    RUN(job_kpk_with_conversions);
    RUN(job_bad_material);
    RUN(job_cancelled_midway);
    RUN(values_are_the_table);
}
