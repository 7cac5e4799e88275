/* wasm_chess.c: the WebAssembly exports (ppw_chess_*) of the chess endgame
 * tables: a table built in slices with its progress per ply, a
 * FEN probed (the CLI's --json shape), a table's statistics. The tables stay
 * in the library's cache while the module lives (the page's worker), so a
 * table is built once per page. web/src/engine/binding-chess.js binds each
 * of these once.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "wasm_internal.h"

/* Answers are written here, JSON, and read by the binding before the next
 * call: 256 moves of at most 70 bytes, the statistics' histograms. */
static char json[32768];

static const char *outcome_name(int o) { return o > 0 ? "win" : o < 0 ? "loss" : "draw"; }

/* Appends to json at *at, like snprintf; stops quietly at the end (the
 * callers check *at against the size). */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
put(size_t *at, const char *fmt, ...)
{
    if (*at >= sizeof json) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(json + *at, sizeof json - *at, fmt, ap);
    va_end(ap);
    if (n > 0) *at += (size_t)n;
}

/* Starts a build of a material's table ("KQKR") and its conversions. NULL
 * with the message in ppw_error() (a material that is not one). */
EXPORT pp_tb_job *ppw_chess_job_new(const char *material)
{
    pp_tb_job *j = NULL;
    ppw_clear_error();
    if (!material) return ppw_fail(PP_ERR_ARG, "no material"), NULL;
    if (pp_tb_job_new(material, &j, &ppw_last_error) != PP_OK) return NULL;
    return j;
}

EXPORT void ppw_chess_job_free(pp_tb_job *j) { pp_tb_job_free(j); }

/* One slice of at most `budget` reverse edges: 1 when every table is
 * built, 0 when more remains, -1 on failure (ppw_error()). */
EXPORT int ppw_chess_job_run(pp_tb_job *j, double budget)
{
    ppw_clear_error();
    if (!j) return ppw_fail(PP_ERR_ARG, "no job"), -1;
    if (!(budget >= 1)) return ppw_fail(PP_ERR_ARG, "budget must be at least 1"), -1;
    int done = 0;
    if (pp_tb_job_run(j, budget >= 1.8e19 ? UINT64_MAX : (uint64_t)budget, &done, &ppw_last_error) != PP_OK) return -1;
    return done;
}

/* The progress into out (7 + PP_TB_PLIES doubles): table, tables, entries,
 * states, decided, relaxations, top ply, then the positions decided per ply;
 * returns how many were written. The table's name: ppw_chess_job_material. */
EXPORT int ppw_chess_job_progress(const pp_tb_job *j, double *out)
{
    static pp_tb_progress p;
    if (!out) return 0;
    pp_tb_job_progress(j, &p);
    out[0] = p.table;
    out[1] = p.tables;
    out[2] = p.entries;
    out[3] = (double)p.states;
    out[4] = (double)p.decided;
    out[5] = (double)p.relaxations;
    out[6] = p.top;
    for (int i = 0; i < PP_TB_PLIES; i++) out[7 + i] = (double)p.per_ply[i];
    return 7 + PP_TB_PLIES;
}

EXPORT const char *ppw_chess_job_material(const pp_tb_job *j)
{
    static pp_tb_progress p;
    pp_tb_job_progress(j, &p);
    memcpy(json, p.material, sizeof p.material);
    return json;
}

/* A FEN probed, building what it needs: the CLI's --json object (answer,
 * outcome, dtm and plies, best, every legal move) as text; NULL with the
 * message in ppw_error() (a FEN that is not legal, naming why). */
EXPORT const char *ppw_chess_solve(const char *fen)
{
    static pp_chess_answer a;
    ppw_clear_error();
    if (!fen) return ppw_fail(PP_ERR_ARG, "no FEN"), NULL;
    if (pp_chess_solve_fen(fen, &a, &ppw_last_error) != PP_OK) return NULL;
    size_t at = 0;
    char answer[32];
    if (a.outcome > 0) snprintf(answer, sizeof answer, "mate in %d", a.dtm);
    else if (a.outcome < 0) snprintf(answer, sizeof answer, "mated in %d", a.dtm);
    else snprintf(answer, sizeof answer, "draw");
    put(&at, "{\"answer\":\"%s\",\"outcome\":\"%s\",", answer, outcome_name(a.outcome));
    if (a.outcome) put(&at, "\"dtm\":%d,\"plies\":%d,", a.dtm, a.plies);
    else put(&at, "\"dtm\":null,\"plies\":null,");
    if (a.best >= 0) put(&at, "\"best\":\"%s\",", a.moves[a.best].uci);
    else put(&at, "\"best\":null,");
    put(&at, "\"moves\":[");
    for (int i = 0; i < a.nmoves; i++) {
        const pp_chess_move *m = &a.moves[i];
        put(&at, "%s{\"uci\":\"%s\",\"outcome\":\"%s\",", i ? "," : "", m->uci, outcome_name(m->outcome));
        if (m->outcome) put(&at, "\"dtm\":%d,\"plies\":%d}", m->dtm, m->plies);
        else put(&at, "\"dtm\":null,\"plies\":null}");
    }
    put(&at, "],\"stats\":{\"table\":\"%s\",\"tables_built\":%d}}", a.material, pp_tb_count());
    if (at >= sizeof json) return ppw_fail(PP_ERR_LIMIT, "the answer is too long"), NULL;
    return json;
}

/* The table a FEN needs ("KQKR"; "KK": bare kings), building nothing;
 * NULL with the FEN's problem in ppw_error(). */
EXPORT const char *ppw_chess_check(const char *fen)
{
    ppw_clear_error();
    if (!fen) return ppw_fail(PP_ERR_ARG, "no FEN"), NULL;
    if (pp_chess_check_fen(fen, json, &ppw_last_error) != PP_OK) return NULL;
    return json;
}

static void put_hist(size_t *at, const uint64_t *h)
{
    int last = -1;
    for (int i = 0; i < PP_TB_HIST; i++)
        if (h[i]) last = i;
    put(at, "[");
    for (int i = 0; i <= last; i++) put(at, "%s%llu", i ? "," : "", (unsigned long long)h[i]);
    put(at, "]");
}

/* A table's statistics, as `tablebase MATERIAL --json` prints them (less
 * the time), building it if it is not in the cache. */
EXPORT const char *ppw_chess_stats(const char *material)
{
    static pp_tb_stats st;
    static const char *const side[2] = {"white", "black"};
    ppw_clear_error();
    if (!material) return ppw_fail(PP_ERR_ARG, "no material"), NULL;
    if (pp_tb_build(material, &st, &ppw_last_error) != PP_OK) return NULL;
    size_t at = 0;
    put(&at, "{\"material\":\"%s\",\"entries\":%u,\"positions\":{\"white\":%llu,\"black\":%llu},", st.material,
        st.entries, (unsigned long long)st.positions[0], (unsigned long long)st.positions[1]);
    for (int c = 0; c < 2; c++)
        put(&at, "\"%s_to_move\":{\"wins\":%llu,\"draws\":%llu,\"losses\":%llu},", side[c],
            (unsigned long long)st.wins[c], (unsigned long long)st.draws[c], (unsigned long long)st.losses[c]);
    put(&at, "\"histogram\":{\"unit\":\"moves\",\"mate_in\":");
    put_hist(&at, st.hist[0]);
    put(&at, ",\"mated_in\":");
    put_hist(&at, st.hist[1]);
    put(&at, "},\"longest_win\":{");
    for (int c = 0; c < 2; c++) {
        put(&at, "%s\"%s\":", c ? "," : "", side[c]);
        if (st.longest[c] < 0) put(&at, "null");
        else put(&at, "{\"moves\":%d,\"fen\":\"%s\"}", st.longest[c], st.longest_fen[c]);
    }
    put(&at, "},\"tables_built\":%d,\"bytes_per_entry\":{\"building\":%.2f,\"kept\":%.2f}}", pp_tb_count(),
        (double)st.bytes_building / st.entries, (double)st.bytes_kept / st.entries);
    if (at >= sizeof json) return ppw_fail(PP_ERR_LIMIT, "the statistics are too long"), NULL;
    return json;
}

/* Tables in the cache; frees them all. */
EXPORT int ppw_chess_tables(void) { return pp_tb_count(); }
EXPORT void ppw_chess_clear(void) { pp_tb_clear(); }

/* A built table's value bytes (pp_tb_values): the pointer into the cache,
 * and into out[0], out[1] its entries and the entries that are positions;
 * NULL with the message in ppw_error() (not a material, not built). The
 * binding copies them out before the next call. */
EXPORT const uint8_t *ppw_chess_values(const char *material, double *out)
{
    const uint8_t *v = NULL;
    uint32_t entries = 0, end = 0;
    ppw_clear_error();
    if (!material || !out) return ppw_fail(PP_ERR_ARG, "no material"), NULL;
    if (pp_tb_values(material, &v, &entries, &end, &ppw_last_error) != PP_OK) return NULL;
    out[0] = entries;
    out[1] = end;
    return v;
}
