/* bench_pn.c: proof-number search (df-pn, PN, PN²) beside alpha-beta with a
 * transposition table, on the same positions, one run each: 4x4 tic-tac-toe
 * positions and Connect Four's small empty boards (through pp_c4_game, the
 * generic game the CLI's minimax and alpha-beta stages search); then df-pn
 * as the CLI's Connect Four stage beside the dedicated strongest stage on
 * 7x6 positions (bench_stage_set).
 *
 * Two questions a position:
 *   exact  the value: alpha-beta (fail-soft, --order best, a table of 2^22
 *          entries) with the full window; PN, PN², df-pn by bisection over
 *          thresholds (two proofs for a win/draw/loss game);
 *   win    "can the side to move force a win?": alpha-beta with the null
 *          window just below a win, df-pn one threshold proof.
 * Nodes are counted the same way on both sides: positions expanded (their
 * moves generated; alpha-beta's `inner`). Prints a table, then one JSON
 * line a measurement. PP_BENCH_PN_QUICK=1 keeps only the small positions;
 * PP_BENCH_PN_STAGES=1 runs only the 7x6 stage positions. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_clock.h"
#include "perfect_play.h"

typedef struct measure {
    int ok;
    int32_t value;
    int proven;
    uint64_t expanded, reexpanded, entries, bytes, node_bytes;
    double ms;
} measure;

static measure run_ab(const pp_game *g, int win_question, int32_t t)
{
    measure m = {0};
    pp_ab_options o;
    pp_ab_defaults(&o);
    o.algo = PP_AB_SOFT;
    o.order = g->order ? PP_ORDER_BEST : PP_ORDER_GIVEN;
    o.tt = 1;
    o.tt_bits = 22;
    if (win_question) {
        o.alpha = t - 1;
        o.beta = t;
    }
    pp_ab_result r;
    pp_error err;
    double t0 = now_ms();
    pp_status s = pp_ab_solve(g, &o, NULL, &r, &err);
    m.ms = now_ms() - t0;
    if (s != PP_OK) {
        printf("  alpha-beta failed: %s\n", err.msg);
        return m;
    }
    m.ok = 1;
    m.value = r.value;
    m.proven = r.value >= t;
    m.expanded = r.stats.inner;
    m.entries = r.stats.tt_stores;
    m.bytes = ((uint64_t)1 << o.tt_bits) * 24;
    m.node_bytes = 24;
    return m;
}

static measure run_pn(const pp_game *g, pp_pn_algo algo, int win_question, int32_t t, int mob)
{
    measure m = {0};
    pp_pn_options o;
    pp_pn_defaults(&o);
    o.algo = algo;
    o.mobility = mob;
    o.memory = (uint64_t)512 << 20;
    o.budget = 200000000;
    if (win_question) {
        o.exact = 0;
        o.threshold = t;
    }
    pp_pn_result r;
    pp_error err;
    double t0 = now_ms();
    pp_status s = pp_pn_solve(g, &o, &r, &err);
    m.ms = now_ms() - t0;
    m.expanded = r.stats.expanded;
    if (s != PP_OK) {
        printf("  %s failed after %llu expansions: %s\n",
               algo == PP_PN_DFPN ? "df-pn"
               : algo == PP_PN_PN ? "PN"
                                  : "PN2",
               (unsigned long long)r.stats.expanded, err.msg);
        return m;
    }
    m.ok = 1;
    m.value = r.value;
    m.proven = r.proven;
    m.reexpanded = r.stats.reexpanded;
    m.entries = r.stats.tt_entries;
    m.bytes = r.stats.tt_bytes;
    m.node_bytes = r.stats.node_bytes;
    return m;
}

typedef struct totals {
    uint64_t ab, dfpn, ab_win, dfpn_win;
    double ab_ms, dfpn_ms, ab_win_ms, dfpn_win_ms;
    uint64_t dm, dm_win; /* df-pn with mobility */
    int n, fewer, fewer_m;
} totals;

static void json_line(const char *what, const char *pos, const char *algo, const char *question, const measure *m)
{
    printf("{\"bench\":\"pn\",\"set\":\"%s\",\"position\":\"%s\",\"algo\":\"%s\",\"question\":\"%s\",\"ok\":%s,"
           "\"value\":%d,\"proven\":%d,\"expanded\":%llu,\"reexpanded\":%llu,\"entries\":%llu,\"bytes\":%llu,"
           "\"node_bytes\":%llu,\"ms\":%.3f}\n",
           what, pos, algo, question, m->ok ? "true" : "false", m->value, m->proven, (unsigned long long)m->expanded,
           (unsigned long long)m->reexpanded, (unsigned long long)m->entries, (unsigned long long)m->bytes,
           (unsigned long long)m->node_bytes, m->ms);
}

static char lines_out[1 << 16];
static size_t lines_len;

/* One position: every measurement, a table row, the JSON lines kept for the end. */
static void bench_position(const char *set, const char *name, const pp_game *g, int32_t win_t, int pn_too, totals *tot)
{
    int max = g->player(g->ctx, g->root) == PP_AB_MAX;
    measure ab = run_ab(g, 0, 0), abw = run_ab(g, 1, win_t);
    measure df = run_pn(g, PP_PN_DFPN, 0, 0, 0), dfw = run_pn(g, PP_PN_DFPN, 1, win_t, 0);
    measure dm = run_pn(g, PP_PN_DFPN, 0, 0, 1), dmw = run_pn(g, PP_PN_DFPN, 1, win_t, 1);
    measure pn = {0}, pn2 = {0};
    if (pn_too) {
        pn = run_pn(g, PP_PN_PN, 0, 0, 0);
        pn2 = run_pn(g, PP_PN_PN2, 0, 0, 0);
    }
    int agree = ab.ok && df.ok && dm.ok && ab.value == df.value && ab.value == dm.value &&
                (!pn_too || (pn.value == ab.value && pn2.value == ab.value)) && abw.proven == dfw.proven &&
                abw.proven == dmw.proven;
    /* the mover wins: X (MAX) proves value >= win_t, O (MIN) disproves it */
    int mover_wins = dfw.ok && (max ? dfw.proven : !dfw.proven);
    printf("%-6s %-22s %6d %-5s %10llu %9.1f %10llu %9.1f %8llu | %10llu %8.1f %10llu %8.1f", set, name, ab.value,
           mover_wins ? "win" : "no", (unsigned long long)ab.expanded, ab.ms, (unsigned long long)df.expanded, df.ms,
           (unsigned long long)df.reexpanded, (unsigned long long)abw.expanded, abw.ms,
           (unsigned long long)dfw.expanded, dfw.ms);
    printf(" | %9llu %8.1f %9llu %8.1f", (unsigned long long)dm.expanded, dm.ms, (unsigned long long)dmw.expanded,
           dmw.ms);
    if (pn_too)
        printf(" | %9llu %8.1f %9llu %8.1f", (unsigned long long)pn.expanded, pn.ms, (unsigned long long)pn2.expanded,
               pn2.ms);
    printf("%s\n", agree ? "" : "  DISAGREE");
    fflush(stdout);
    if (mover_wins) {
        tot->n++;
        tot->ab += ab.expanded;
        tot->dfpn += df.expanded;
        tot->ab_win += abw.expanded;
        tot->dfpn_win += dfw.expanded;
        tot->ab_ms += ab.ms;
        tot->dfpn_ms += df.ms;
        tot->ab_win_ms += abw.ms;
        tot->dfpn_win_ms += dfw.ms;
        tot->fewer += dfw.expanded < abw.expanded;
        tot->dm += dm.expanded;
        tot->dm_win += dmw.expanded;
        tot->fewer_m += dmw.expanded < abw.expanded;
    }
    (void)lines_out;
    (void)lines_len;
    json_line(set, name, "alphabeta-tt", "exact", &ab);
    json_line(set, name, "alphabeta-tt", "win", &abw);
    json_line(set, name, "dfpn", "exact", &df);
    json_line(set, name, "dfpn", "win", &dfw);
    json_line(set, name, "dfpn-mobility", "exact", &dm);
    json_line(set, name, "dfpn-mobility", "win", &dmw);
    if (pn_too) {
        json_line(set, name, "pn", "exact", &pn);
        json_line(set, name, "pn2", "exact", &pn2);
    }
}

static void header(int pn_too)
{
    printf("%-6s %-22s %6s %-5s %10s %9s %10s %9s %8s | %10s %8s %10s %8s", "set", "position", "value", "mover",
           "ab+tt exp", "ab ms", "dfpn exp", "dfpn ms", "re-exp", "ab win exp", "ab ms", "dfpn win", "dfpn ms");
    printf(" | %9s %8s %9s %8s", "dfpn+m", "ms", "win+m", "ms");
    if (pn_too) printf(" | %9s %8s %9s %8s", "pn exp", "pn ms", "pn2 exp", "pn2 ms");
    printf("\n");
}

static void summary(const char *set, const totals *t)
{
    printf("%s, positions the mover wins: %d; expanded, exact value: alpha-beta+tt %llu, df-pn %llu (%.2fx); "
           "the win question alone: alpha-beta %llu, df-pn %llu (%.2fx), df-pn fewer on %d of %d; "
           "ms: exact %.1f vs %.1f, win %.1f vs %.1f; df-pn with mobility: exact %llu, win %llu (%.2fx), fewer on %d\n",
           set, t->n, (unsigned long long)t->ab, (unsigned long long)t->dfpn, t->ab ? (double)t->dfpn / t->ab : 0,
           (unsigned long long)t->ab_win, (unsigned long long)t->dfpn_win,
           t->ab_win ? (double)t->dfpn_win / t->ab_win : 0, t->fewer, t->n, t->ab_ms, t->dfpn_ms, t->ab_win_ms,
           t->dfpn_win_ms, (unsigned long long)t->dm, (unsigned long long)t->dm_win,
           t->ab_win ? (double)t->dm_win / t->ab_win : 0, t->fewer_m);
}

/* Connect Four 7x6, the stage positions: the CLI's --algo dfpn (df-pn on
 * pp_c4_game, the exact score by threshold proofs) beside the dedicated
 * solver's strongest stage, on the first positions of
 * tests/bench/bench_connect4.mjs's sets (random play from seeds 1 and 2:
 * end 28-34 stones, middle 16-22), a fresh table for each search. The
 * stage counts positions explored, df-pn positions expanded. */
static const char *const c4_end[] = {
    "6726233226512157276436776755115",   "1355144262777121736712755212",       "7334335441241225317116216563647",
    "3161566633676221172222173573515",   "642735613133243217737447474515615",  "556765561165711777672443634413",
    "664317725337774375321653542512666", "5255257635724166635442461617437473", "74522441111264571477773514522355",
    "2131335774176514555623544374347",   "5217136247137472572437322143",       "654474213415664122137177164757523",
    "73534667462735357643636412224145",  "56243451456567677357277516122411",   "115232173231435154241537567326",
    "461776511235643247432662614435",    "5333664325174454522274224316567",    "5432273331345625377727756164",
    "171577257751761151633355443633662", "6736256322766574512776122735",
};
static const char *const c4_middle[] = {
    "2174572431411761",    "7431734677425557223413", "42226272633673367347",  "4623313722712155563715",
    "1347255214645545142", "4373276362164671",       "735321571126441432452", "5756322263677547324371",
    "5466444166612657",    "7557153416317447357",
};

static void bench_stage_set(const char *set, const char *const *list, int n)
{
    uint64_t sn = 0, dn = 0;
    double sms = 0, dms = 0;
    int ok = 0, fewer = 0;
    for (int i = 0; i < n; i++) {
        pp_c4 *p = NULL;
        pp_c4_solver *sv = NULL;
        pp_error err;
        if (pp_c4_parse(7, 6, list[i], strlen(list[i]), &p, &err) != PP_OK ||
            pp_c4_solver_new(22, &sv, &err) != PP_OK) {
            printf("  %s: %s\n", list[i], err.msg);
            pp_c4_free(p);
            continue;
        }
        int32_t score = 0;
        uint64_t nodes = 0;
        double t0 = now_ms();
        pp_status st = pp_c4_solve(sv, p, PP_C4_STRONGEST, 0, 0, &score, &nodes, &err);
        double ms = now_ms() - t0;
        pp_c4_solver_free(sv);
        measure d = run_pn(pp_c4_game(p), PP_PN_DFPN, 0, 0, 0);
        int32_t dscore = d.ok ? pp_c4_score_from_value(p, d.value) : 0;
        printf("%-6s %-36s %5d %10llu %9.1f | %5d %10llu %9.1f %10llu%s\n", set, list[i], score,
               (unsigned long long)nodes, ms, dscore, (unsigned long long)d.expanded, d.ms,
               (unsigned long long)d.reexpanded, st == PP_OK && d.ok && dscore == score ? "" : "  DISAGREE");
        printf("{\"bench\":\"pn-c4-stage\",\"set\":\"%s\",\"position\":\"%s\",\"score\":%d,\"strongest_nodes\":%llu,"
               "\"strongest_ms\":%.3f,\"dfpn_expanded\":%llu,\"dfpn_ms\":%.3f,\"ok\":%s}\n",
               set, list[i], score, (unsigned long long)nodes, ms, (unsigned long long)d.expanded, d.ms,
               st == PP_OK && d.ok && dscore == score ? "true" : "false");
        pp_c4_free(p);
        if (st != PP_OK || !d.ok) continue;
        ok++;
        sn += nodes;
        dn += d.expanded;
        sms += ms;
        dms += d.ms;
        fewer += d.expanded < nodes;
    }
    printf("%s (7x6), %d positions: strongest stage %llu positions explored in %.0f ms; df-pn %llu expanded in %.0f ms "
           "(%.1fx the positions, %.1fx the time); df-pn fewer on %d\n",
           set, ok, (unsigned long long)sn, sms, (unsigned long long)dn, dms, sn ? (double)dn / sn : 0.0,
           sms > 0 ? dms / sms : 0.0, fewer);
}

int main(void)
{
    int quick = getenv("PP_BENCH_PN_QUICK") != NULL;
    int stages_only = getenv("PP_BENCH_PN_STAGES") != NULL; /* only the 7x6 stage positions */
    if (stages_only) goto stage_positions;
    printf("proof-number search beside alpha-beta with a table; expanded = positions whose moves were generated\n");
    header(1);
    /* 4x4 tic-tac-toe: random reachable positions of 4 to 8 stones from a
     * fixed seed: the first 12 the mover wins (alpha-beta expanding 20
     * positions or more: no win in one) and the first 4 drawn */
    totals ttt = {0};
    uint64_t seed = 2026;
    int wins = 0, draws = 0;
    while (wins < (quick ? 4 : 12) || draws < (quick ? 1 : 4)) {
        char c[16];
        memset(c, '.', sizeof c);
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        int k = 4 + (int)((seed >> 33) % 5);
        for (int j = 0; j < k; j++) {
            int at;
            do {
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                at = (int)((seed >> 33) % 16);
            } while (c[at] != '.');
            c[at] = j % 2 ? 'O' : 'X';
        }
        pp_ttt *t = NULL;
        if (pp_ttt_from_cells(4, c, -1, &t, NULL) != PP_OK) continue;
        const pp_game *g = pp_ttt_game(t);
        int32_t v;
        measure probe = g->leaf(g->ctx, g->root, &v) ? (measure){0} : run_ab(g, 0, 0);
        /* wins that take a search: not a win on the next move */
        int mover_wins = probe.ok && probe.value == (pp_ttt_to_move(t) == PP_AB_MAX ? 1 : -1) && probe.expanded >= 20;
        int take = probe.ok && (mover_wins ? wins < (quick ? 4 : 12) : probe.value == 0 && draws < (quick ? 1 : 4));
        if (take) {
            char name[24];
            snprintf(name, sizeof name, "%.4s/%.4s/%.4s/%.4s", c, c + 4, c + 8, c + 12);
            /* the win question for the mover: X proves value >= 1; O disproves value >= 0 */
            bench_position("ttt4", name, g, pp_ttt_to_move(t) == PP_AB_MAX ? 1 : 0, 1, &ttt);
            if (mover_wins) wins++;
            else draws++;
        }
        pp_ttt_free(t);
    }
    summary("ttt4", &ttt);
    /* Connect Four's small boards: 5x4 and 6x4 empty; 5x5 and 6x5 a few
     * stones in (random legal moves from a fixed seed), positions the mover wins */
    totals c4 = {0};
    const int sizes[][3] = {{5, 4, 0}, {6, 4, 0}, {5, 5, 8}, {6, 5, 12}};
    for (int i = 0; i < 4; i++) {
        int want = sizes[i][2] ? (quick ? 1 : 3) : 1, got = 0, tries = 0;
        while (got < want && tries++ < 200) {
            char moves[32];
            int n = sizes[i][2];
            for (int j = 0; j < n; j++) {
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                moves[j] = (char)('1' + (seed >> 33) % (uint64_t)sizes[i][0]);
            }
            pp_c4 *p = NULL;
            if (pp_c4_parse(sizes[i][0], sizes[i][1], moves, (size_t)n, &p, NULL) != PP_OK) continue;
            const pp_game *g = pp_c4_game(p);
            int32_t v;
            int leaf = g->leaf(g->ctx, g->root, &v);
            int mover_max = g->player(g->ctx, g->root) == PP_AB_MAX;
            measure probe = leaf || !n ? (measure){0} : run_pn(g, PP_PN_DFPN, 1, mover_max ? 1 : 0, 0);
            int mover_wins = probe.ok && (mover_max ? probe.proven : !probe.proven);
            if (!n || (!leaf && mover_wins)) {
                char name[40];
                snprintf(name, sizeof name, "%dx%d %.*s", sizes[i][0], sizes[i][1], n, n ? moves : "empty");
                if (!n) snprintf(name, sizeof name, "%dx%d empty", sizes[i][0], sizes[i][1]);
                bench_position("c4", name, g, mover_max ? 1 : 0, i == 0, &c4);
                got++;
            }
            pp_c4_free(p);
        }
    }
    summary("c4", &c4);
stage_positions:
    printf("\n%-6s %-36s %5s %10s %9s | %5s %10s %9s %10s\n", "set", "position (7x6)", "score", "strongest", "ms",
           "dfpn", "expanded", "ms", "re-exp");
    bench_stage_set("end", c4_end, quick ? 4 : (int)(sizeof c4_end / sizeof *c4_end));
    bench_stage_set("middle", c4_middle, quick ? 2 : (int)(sizeof c4_middle / sizeof *c4_middle));
    return 0;
}
