/* test_chess_five.c: five-piece pawnless chess tables.
 *
 * suite_chess_five runs everywhere without building a five-piece table:
 * the index round-trips through every symmetry, moves and un-moves agree
 * (fast and generic paths), and the build's memory estimate is what the
 * build allocates. With PP_CHESS_TABLES=1 the fast path is compared with
 * the generic one on random KRBKR and KBNKN states, real capture tables
 * given. With PP_CHESS_FIVE=1 (minutes and 1.4 GB each; not in build.sh
 * test) the tables are built and checked against the published longest
 * mates (KRBKR 65, KBNKN 107, KBBKN 78 moves), the Bellman equation, and
 * the forward search (ref_chess.c) on random positions and at the end of
 * best lines.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chess_board.h"
#include "game_chess.h"
#include "harness.h"
#include "perfect_play.h"
#include "ref_chess.h"

static int env_on(const char *name)
{
    const char *v = getenv(name);
    return v && strcmp(v, "1") == 0;
}

static void material_of(const char *name, chi_material *m)
{
    char msg[200];
    int ok = chi_parse_material_max(name, 5, m, msg, sizeof msg);
    CHECK_MSG(ok, "%s: %s", name, msg);
}

/* A random legal, canonical state of m's table (and its board). */
static uint32_t random_state(const chi_material *m, chb_pos *p)
{
    for (;;) {
        uint32_t s = (uint32_t)(((uint64_t)ref_chess_rnd() << 32 | ref_chess_rnd()) % m->size);
        if (chi_valid(m, s, p)) return s;
    }
}

/* Square sq under board symmetry t (bit 0 mirrors the files, bit 1 the
 * ranks, bit 2 swaps files and ranks), written out again here. */
static int sym_sq(int t, int sq)
{
    int f = sq & 7, r = sq >> 3;
    if (t & 1) f = 7 - f;
    if (t & 2) r = 7 - r;
    if (t & 4) {
        int x = f;
        f = r;
        r = x;
    }
    return r * 8 + f;
}

/* ------------------------------------------------------------------------
 * The index: 10 white-king squares x 64^4 x 2 = 335,544,320 entries.
 */
static void five_index_round_trip(void)
{
    static const char *const materials[][2] = {
        {"KRBKR", "KRBkr"}, {"KBNKN", "KBNkn"}, {"KBBKN", "KBBkn"}, {"KQRKR", "KQRkr"}, {"KBNKR", "KRkbn"}};
    for (int k = 0; k < 5; k++) {
        chi_material m;
        material_of(materials[k][0], &m);
        CHECK_EQ_INT(m.n, 5);
        CHECK_EQ_INT(m.size, 335544320u);
        int bad = 0;
        for (int i = 0; i < 2000 && bad < 5; i++) {
            chb_pos p, q;
            int flip;
            ref_chess_random_position(materials[k][1], &p);
            chi_material pm;
            chi_material_of(&p, &pm, &flip);
            if (flip) { /* KRkbn: the table has the bishop and knight white */
                chb_pos f;
                chi_flip(&p, &f);
                p = f;
            }
            CHECK(strcmp(pm.name, m.name) == 0);
            uint32_t idx = chi_index(&m, &p);
            /* the index's board is legal, canonical, and indexes back */
            int ok = idx < m.size && chi_valid(&m, idx, &q) && chi_index(&m, &q) == idx && q.stm == p.stm;
            /* every symmetry of p, and the pieces listed the other way round, have that index */
            for (int t = 0; t < 8; t++) {
                chb_pos r = p;
                for (int j = 0; j < p.n; j++) r.sq[j] = (uint8_t)sym_sq(t, p.sq[j]);
                ok &= chi_index(&m, &r) == idx;
                chb_pos rev = r;
                for (int j = 0; j < p.n; j++) {
                    rev.sq[j] = r.sq[p.n - 1 - j];
                    rev.type[j] = r.type[p.n - 1 - j];
                    rev.color[j] = r.color[p.n - 1 - j];
                }
                ok &= chi_index(&m, &rev) == idx;
            }
            /* q is p under one of the symmetries */
            int same = 0;
            for (int t = 0; t < 8 && !same; t++) {
                uint64_t want[2][6] = {{0}}, got[2][6] = {{0}};
                for (int j = 0; j < p.n; j++) {
                    want[p.color[j]][p.type[j]] |= 1ull << sym_sq(t, p.sq[j]);
                    got[q.color[j]][q.type[j]] |= 1ull << q.sq[j];
                }
                same = memcmp(want, got, sizeof want) == 0;
            }
            if (!ok || !same) {
                char fen[100];
                chb_fen(&p, fen, sizeof fen);
                printf("  %s: %s does not round-trip (index %u)\n", m.name, fen, idx);
                bad++;
            }
        }
        CHECK_EQ_INT(bad, 0);
    }
}

/* ------------------------------------------------------------------------
 * Moves and un-moves: every in-table child of a state lists the state
 * among its parents, and every parent has the state among its children.
 */
static int listed(const uint32_t *a, uint32_t n, uint32_t v)
{
    for (uint32_t i = 0; i < n; i++)
        if (a[i] == v) return 1;
    return 0;
}

/* The in-table children of the legal position p, as indices. */
static int children(const chi_material *m, const chb_pos *p, uint32_t *out)
{
    chb_move mv[CHB_MAX_MOVES];
    int n = chb_moves(p, mv), k = 0;
    for (int i = 0; i < n; i++) {
        if (mv[i].capture || mv[i].promo) continue;
        chb_pos c;
        chb_play(p, &mv[i], &c);
        out[k++] = chi_index(m, &c);
    }
    return k;
}

static void moves_unmoves(const char *material, int fast, int count)
{
    static chg_game cg;
    static uint32_t kids[CHB_MAX_MOVES], par[256], grand[256];
    chi_material m;
    material_of(material, &m);
    chg_init(&cg, &m, NULL, NULL);
    if (fast) /* the fast path without capture tables: its parents read none */
        for (int j = 2; j < m.n; j++) chg_set_capture(&cg, j, NULL);
    CHECK_EQ_INT(cg.fast, fast);
    int bad = 0;
    for (int i = 0; i < count && bad < 5; i++) {
        chb_pos p, q;
        uint32_t s = random_state(&m, &p);
        int nk = children(&m, &p, kids), ok = 1;
        for (int k = 0; k < nk; k++) {
            uint32_t np = cg.g.parents(&cg, kids[k], par);
            ok &= listed(par, np, s);
        }
        uint32_t np = cg.g.parents(&cg, s, par);
        for (uint32_t k = 0; k < np; k++) {
            ok &= chi_valid(&m, par[k], &q);
            int ng = children(&m, &q, grand);
            ok &= listed(grand, (uint32_t)ng, s);
        }
        if (!ok) {
            char fen[100];
            chb_fen(&p, fen, sizeof fen);
            printf("  %s (%s path): %s's moves and un-moves disagree\n", material, fast ? "fast" : "generic", fen);
            bad++;
        }
    }
    CHECK_EQ_INT(bad, 0);
}

static void five_moves_unmoves(void)
{
    moves_unmoves("KRBKR", 1, 300);
    moves_unmoves("KBNKN", 1, 300);
    moves_unmoves("KRBKR", 0, 200);
    moves_unmoves("KBBKN", 0, 300); /* two bishops: the generic path only */
}

/* ------------------------------------------------------------------------
 * The memory said before a build is what it allocates: the tables kept
 * before the last (a byte an entry) and the last one's solver.
 */
static void five_memory_estimate(void)
{
    static chg_game cg;
    pp_error err = {0};
    uint64_t b = 0;
    char name[16];
    pp_tb_clear();
    CHECK(pp_tb_build_bytes("KRKRB", &b, name, &err) == PP_OK);
    CHECK(strcmp(name, "KRBKR") == 0);
    /* kept before KRBKR: KBK and KRK (81,920 entries), KRKB, KRKR, KRBK (5,242,880) */
    chi_material m;
    material_of("KRBKR", &m);
    chg_init(&cg, &m, NULL, NULL);
    uint64_t solver = pp_retro_game_bytes(&cg.g) + sizeof cg, kept = 2 * 81920 + 3 * 5242880;
    CHECK(pp_retro_game_bytes(&cg.g) >= 2ull * m.size); /* at least the cells */
    CHECK_MSG(b >= solver + kept && b < solver + kept + 65536, "%llu against %llu", (unsigned long long)b,
              (unsigned long long)(solver + kept));
    /* refused under the estimate without building anything; built at it */
    pp_tb_stats st;
    CHECK(pp_tb_build_bytes("KRK", &b, NULL, &err) == PP_OK);
    CHECK(pp_tb_build_large("KRK", b - 1, &st, &err) == PP_ERR_LIMIT);
    CHECK_CONTAINS(err.msg, "KRK needs");
    CHECK_EQ_INT(pp_tb_count(), 0);
    CHECK(pp_tb_build_large("KRK", b, &st, &err) == PP_OK);
    CHECK_EQ_INT(st.longest[0], 16);
    CHECK(b >= st.bytes_building && b - st.bytes_building < 8192);
    CHECK(pp_tb_build_bytes("KRK", &b, NULL, &err) == PP_OK);
    CHECK_EQ_INT(b, 0); /* in the cache: nothing to build */
    /* input errors */
    CHECK(pp_tb_build_bytes("KRPKR", &b, NULL, &err) == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "pawnless");
    CHECK(pp_tb_build_bytes("KQRRKR", &b, NULL, &err) == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "more than five");
    /* the four-piece calls keep their contract */
    CHECK(pp_tb_build("KRBKR", &st, &err) == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "more than four");
    static pp_chess_answer a;
    CHECK(pp_chess_solve_fen("8/3B4/8/1R6/5r2/8/3K4/5k2 w - - 0 1", &a, &err) == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "more than four");
    CHECK(pp_chess_probe_fen("8/3B4/8/1R6/5r2/8/3K4/5k2 w - - 0 1", &a, &err) == PP_ERR_LIMIT);
    CHECK_CONTAINS(err.msg, "KRBKR table is not built");
    pp_tb_clear();
}

/* KQKR: the estimate with conversions kept before it, against the stats. */
static void four_memory_estimate(void)
{
    pp_error err = {0};
    pp_tb_stats kqk, krk, kqkr;
    uint64_t b = 0;
    pp_tb_clear();
    CHECK(pp_tb_build_bytes("KQKR", &b, NULL, &err) == PP_OK);
    CHECK(pp_tb_build_large("KQKR", b, &kqkr, &err) == PP_OK);
    CHECK(pp_tb_build("KQK", &kqk, &err) == PP_OK);
    CHECK(pp_tb_build("KRK", &krk, &err) == PP_OK);
    CHECK_EQ_INT(pp_tb_count(), 3);
    uint64_t sum = kqk.bytes_kept + krk.bytes_kept + kqkr.bytes_building;
    CHECK_MSG(b >= sum && b < sum + 3 * 8192, "%llu against %llu", (unsigned long long)b, (unsigned long long)sum);
    pp_tb_clear();
}

/* ------------------------------------------------------------------------
 * The fast path against the generic one on random states, the real
 * capture tables given (as test_chess.c does on every state of the
 * 3- and 4-piece tables).
 */
static void fast_matches(const char *material, const char *const *captures, int count)
{
    static chg_game fast, slow;
    pp_error err = {0};
    pp_tb_stats st;
    for (const char *const *c = captures; *c; c++) CHECK_MSG(pp_tb_build(*c, &st, &err) == PP_OK, "%s", err.msg);
    chi_material m;
    material_of(material, &m);
    CHECK(ref_chess_pair(&m, &fast, &slow));
    CHECK(fast.fast);
    int bad = 0;
    char why[200];
    for (int i = 0; i < count && bad < 5; i++) {
        chb_pos p;
        if (!ref_chess_same_state(&fast, &slow, random_state(&m, &p), why, sizeof why)) {
            printf("  %s %s\n", material, why);
            bad++;
        }
    }
    CHECK_EQ_INT(bad, 0);
}

static void five_fast_path(void)
{
    static const char *const krbkr[] = {"KRKB", "KRKR", "KRBK", NULL}, *const kbnkn[] = {"KNKN", "KBKN", "KBNK", NULL};
    fast_matches("KRBKR", krbkr, 3000);
    fast_matches("KBNKN", kbnkn, 3000);
    pp_tb_clear();
}

/* ------------------------------------------------------------------------
 * The built tables (PP_CHESS_FIVE=1).
 */
static int signed_plies(const pp_chess_answer *a)
{
    return a->outcome == 0 ? 1000 : a->outcome > 0 ? a->plies : -a->plies;
}

static int probe(const chb_pos *p, pp_chess_answer *a)
{
    char fen[100];
    pp_error err = {0};
    chb_fen(p, fen, sizeof fen);
    if (pp_chess_probe_fen(fen, a, &err) != PP_OK) {
        printf("  %s: %s\n", fen, err.msg);
        return 0;
    }
    return 1;
}

/* The forward search agrees with the table at p (exact within reach). */
static int search_agrees(const chb_pos *p, int t, int reach)
{
    if (t > 0 && t < 1000 && t <= reach) return ref_chess_win_within(p, t) && !ref_chess_win_within(p, t - 2);
    if (t <= 0 && -t <= reach - 1) return ref_chess_lost_within(p, -t) && (t == 0 || !ref_chess_lost_within(p, -t - 2));
    return !ref_chess_win_within(p, reach) && !ref_chess_lost_within(p, reach - 1);
}

static void check_built(const char *material, const char *pieces, int longest_white)
{
    static pp_chess_answer a;
    pp_error err = {0};
    pp_tb_stats st;
    uint64_t need = 0;
    pp_tb_clear();
    CHECK(pp_tb_build_bytes(material, &need, NULL, &err) == PP_OK);
    /* the estimate is enough for the build (the engine holds it to it) */
    pp_status s = pp_tb_build_large(material, need, &st, &err);
    CHECK_MSG(s == PP_OK, "%s: %s", material, err.msg);
    if (s != PP_OK) return;
    printf("  %s: longest mates %d / %d moves (%s, %s)\n", material, st.longest[0], st.longest[1], st.longest_fen[0],
           st.longest[1] >= 0 ? st.longest_fen[1] : "-");
    CHECK_MSG(st.longest[0] == longest_white, "%s: longest mate %d, published %d", material, st.longest[0],
              longest_white);
    CHECK(pp_chess_probe_fen(st.longest_fen[0], &a, &err) == PP_OK && a.outcome == 1 && a.dtm == longest_white);
    /* random positions: the Bellman equation, and the forward search within 3 plies */
    int bad = 0;
    for (int i = 0; i < 300 && bad < 5; i++) {
        chb_pos p;
        ref_chess_random_position(pieces, &p);
        if (!probe(&p, &a)) {
            bad++;
            continue;
        }
        int best = -1000, mine = a.outcome > 0 ? 1000 - a.plies : a.outcome < 0 ? -1000 + a.plies : 0;
        for (int k = 0; k < a.nmoves; k++) {
            const pp_chess_move *m = &a.moves[k];
            int v = m->outcome > 0 ? 1000 - m->plies : m->outcome < 0 ? -1000 + m->plies : 0;
            if (v > best) best = v;
        }
        int ok = (a.nmoves == 0 || best == mine) && search_agrees(&p, signed_plies(&a), 3);
        if (!ok) {
            char fen[100];
            chb_fen(&p, fen, sizeof fen);
            printf("  %s: %s, table %d plies, best move %d\n", material, fen, signed_plies(&a), best);
            bad++;
        }
    }
    /* best lines from random won positions down to mate: one ply less a
     * move, and the last four plies exact by the forward search */
    int lines = 0;
    for (int i = 0; i < 2000 && lines < 20 && bad < 5; i++) {
        chb_pos p;
        ref_chess_random_position(pieces, &p);
        if (!probe(&p, &a) || a.outcome == 0) continue;
        lines++;
        int t = signed_plies(&a);
        while (bad < 5) {
            if (abs(t) <= 4 && !search_agrees(&p, t, 5)) {
                char fen[100];
                chb_fen(&p, fen, sizeof fen);
                printf("  %s: %s, table %d plies, the search disagrees\n", material, fen, t);
                bad++;
            }
            if (a.nmoves == 0) {
                CHECK(t == 0 && chb_in_check(&p, p.stm));
                break;
            }
            /* the best move in p's own move list (the probe's lists the
             * FEN's pieces in board order) */
            chb_move mv[CHB_MAX_MOVES];
            char uci[8];
            int n = chb_moves(&p, mv), k = 0;
            CHECK(n == a.nmoves);
            for (; k < n; k++) {
                chb_uci(&mv[k], uci);
                if (strcmp(uci, a.moves[a.best].uci) == 0) break;
            }
            if (k == n) {
                bad++;
                break;
            }
            chb_pos c;
            chb_play(&p, &mv[k], &c);
            p = c;
            if (!probe(&p, &a)) {
                bad++;
                break;
            }
            int next = signed_plies(&a);
            if (next != (t > 0 ? -(t - 1) : -t - 1)) {
                printf("  %s: %d plies, then %d after the best move\n", material, t, next);
                bad++;
                break;
            }
            t = next;
            if (p.n < 5) break; /* converted: the smaller tables are checked elsewhere */
        }
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(lines > 0);
}

static void five_krbkr(void) { check_built("KRBKR", "KRBkr", 65); }
static void five_kbnkn(void) { check_built("KBNKN", "KBNkn", 107); }

/* KBBKN: the longest mate, 78 moves, has the bishops on squares of both
 * colours; with both on one colour white wins only by a mate at once
 * (KBBK with one colour's bishops is a draw): printed, and checked shorter. */
static void five_kbbkn(void)
{
    check_built("KBBKN", "KBBkn", 78);
    const uint8_t *val = chg_table_values("KBBKN");
    CHECK(val != NULL);
    if (!val) return;
    chi_material m;
    material_of("KBBKN", &m);
    int longest[2] = {-1, -1};
    uint64_t wins[2] = {0, 0};
    for (uint32_t s = 0; s < m.size; s += 2) { /* white to move */
        uint8_t v = val[s];
        if (!CHG_WINS(v)) continue;
        chb_pos p;
        chi_board(&m, s, &p);
        int c2 = ((p.sq[2] >> 3) + (p.sq[2] & 7)) & 1, c3 = ((p.sq[3] >> 3) + (p.sq[3] & 7)) & 1;
        int same = c2 == c3, moves = v / 2; /* v - 1 plies, odd: (v - 1 + 1) / 2 moves */
        wins[same]++;
        if (moves > longest[same]) longest[same] = moves;
    }
    printf("  KBBKN, white to move and winning: bishops on both colours %llu positions, longest %d moves; "
           "on one colour %llu, longest %d\n",
           (unsigned long long)wins[0], longest[0], (unsigned long long)wins[1], longest[1]);
    CHECK_EQ_INT(longest[0], 78);
    CHECK(longest[1] < 78);
}

void suite_chess_five(void)
{
    RUN(five_index_round_trip);
    RUN(five_moves_unmoves);
    RUN(five_memory_estimate);
    if (env_on("PP_CHESS_TABLES")) {
        RUN(four_memory_estimate);
        RUN(five_fast_path);
    }
    if (env_on("PP_CHESS_FIVE")) {
        RUN(five_krbkr);
        RUN(five_kbnkn);
        RUN(five_kbbkn);
        pp_tb_clear();
    }
}
