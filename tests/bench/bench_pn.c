/* bench_pn.c: proof-number search (df-pn, PN, PN²) beside alpha-beta with a
 * transposition table, on the same positions, one run each: 4x4 tic-tac-toe
 * positions and Connect Four's small empty boards (through pp_c4_game, the
 * generic game the CLI's minimax and alpha-beta stages search).
 *
 * Two questions a position:
 *   exact  the value: alpha-beta (fail-soft, --order best, a table of 2^22
 *          entries) with the full window; PN, PN², df-pn by bisection over
 *          thresholds (two proofs for a win/draw/loss game);
 *   win    "can the side to move force a win?": alpha-beta with the null
 *          window just below a win, df-pn one threshold proof.
 * Nodes are counted the same way on both sides: positions expanded (their
 * moves generated; alpha-beta's `inner`). Prints a table, then one JSON
 * line a measurement. PP_BENCH_PN_QUICK=1 keeps only the small positions. */
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
        printf("  %s failed after %llu expansions: %s\n", algo == PP_PN_DFPN ? "df-pn" : algo == PP_PN_PN ? "PN" : "PN2",
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

int main(void)
{
    int quick = getenv("PP_BENCH_PN_QUICK") != NULL;
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
    return 0;
}
