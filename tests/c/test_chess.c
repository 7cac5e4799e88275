/* test_chess.c: chess endgame tables against outside data and an
 * independent forward mate search (ref_chess.c).
 *
 * suite_chess runs everywhere (3-piece tables: quick even under the
 * sanitizers and in WebAssembly). suite_chess_tables builds every 4-piece
 * table the published longest mates cover; it runs only when the
 * environment has PP_CHESS_TABLES=1 (build.sh test sets it for the native
 * run).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chess_board.h"
#include "chess_index.h"
#include "game_chess.h"
#include "harness.h"
#include "perfect_play.h"
#include "ref_chess.h"

/* The table's answer for p: plies to mate signed (+ the mover mates, -
 * it is mated), or 1000 for a draw. */
static int table_plies(const chb_pos *p)
{
    char fen[100];
    static pp_chess_answer a;
    pp_error err = {0};
    chb_fen(p, fen, sizeof fen);
    if (pp_chess_solve_fen(fen, &a, &err) != PP_OK) {
        printf("  %s: %s\n", fen, err.msg);
        return -9999;
    }
    return a.outcome == 0 ? 1000 : a.outcome > 0 ? a.plies : -a.plies;
}

/* Every random position whose table DTM is within the search's reach has
 * exactly that DTM by the search; the others are out of its reach. */
static void crosscheck(const char *pieces, int count, int max_plies)
{
    int checked = 0, bad = 0;
    for (int i = 0; i < count && bad < 5; i++) {
        chb_pos p;
        ref_chess_random_position(pieces, &p);
        int t = table_plies(&p);
        int ok;
        if (t > 0 && t < 1000 && t <= max_plies) ok = ref_chess_win_within(&p, t) && !ref_chess_win_within(&p, t - 2);
        else if (t <= 0 && -t <= max_plies - 1)
            ok = ref_chess_lost_within(&p, -t) && (t == 0 || !ref_chess_lost_within(&p, -t - 2));
        else ok = !ref_chess_win_within(&p, max_plies) && !ref_chess_lost_within(&p, max_plies - 1);
        checked++;
        if (!ok) {
            char fen[100];
            chb_fen(&p, fen, sizeof fen);
            printf("  search disagrees with the table (%d plies) at %s\n", t, fen);
            bad++;
        }
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(checked > 0);
}

static void longest(const char *material, int white, int black)
{
    pp_tb_stats st;
    pp_error err = {0};
    pp_status s = pp_tb_build(material, &st, &err);
    CHECK_MSG(s == PP_OK, "%s: %s", material, err.msg);
    if (s != PP_OK) return;
    CHECK_MSG(st.longest[0] == white && st.longest[1] == black, "%s: longest mates %d/%d, published %d/%d", material,
              st.longest[0], st.longest[1], white, black);
    /* the longest position's FEN solves to the same */
    for (int c = 0; c < 2; c++) {
        if (st.longest[c] < 0) continue;
        static pp_chess_answer a;
        CHECK(pp_chess_solve_fen(st.longest_fen[c], &a, &err) == PP_OK);
        CHECK_MSG(a.outcome == 1 && a.dtm == st.longest[c], "%s: %s gives %d", material, st.longest_fen[c], a.dtm);
    }
}

/* Published longest mates (Scid's notes on depth-to-mate tables). */
static void published_three_piece(void)
{
    longest("KQK", 10, -1);
    longest("KRK", 16, -1);
    longest("KBK", -1, -1);
    longest("KNK", -1, -1);
}

static const char *answer(const char *fen)
{
    static char buf[300];
    static pp_chess_answer a;
    pp_error err = {0};
    if (pp_chess_solve_fen(fen, &a, &err) != PP_OK) {
        snprintf(buf, sizeof buf, "error: %s", err.msg);
        return buf;
    }
    if (a.outcome > 0) snprintf(buf, sizeof buf, "mate in %d", a.dtm);
    else if (a.outcome < 0) snprintf(buf, sizeof buf, "mated in %d", a.dtm);
    else snprintf(buf, sizeof buf, "draw");
    return buf;
}

static void known_positions(void)
{
    CHECK_CONTAINS(answer("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1"), "mated in 0"); /* checkmate */
    CHECK_CONTAINS(answer("k7/8/1QK5/8/8/8/8/8 b - - 0 1"), "draw");        /* stalemate */
    CHECK_CONTAINS(answer("k7/8/2K5/8/8/8/8/1Q6 w - - 0 1"), "mate in 1");  /* Qb7# */
    CHECK_CONTAINS(answer("8/8/8/8/8/2k5/1R6/K7 w - - 0 1"), "mate in 16");
    CHECK_CONTAINS(answer("8/8/8/8/8/1k6/2Q5/K7 b - - 0 1"), "draw"); /* Kxc2 */
    CHECK_CONTAINS(answer("8/8/8/8/8/8/8/K1k5 w - - 0 1"), "draw");   /* bare kings */
    CHECK_CONTAINS(answer("8/8/8/8/8/8/8/K1k4B w - - 0 1"), "draw");
    /* colours the other way round: the same table turned over */
    CHECK_CONTAINS(answer("k7/1r6/8/8/8/8/8/2K5 b - - 0 1"), "mate in");
}

static void bad_fens(void)
{
    static const char *const cases[][2] = {
        {"8/8/8/8/8/8/8/K1k5 w - -", NULL},
        {"8/8/8/8/8/8/8/Kk6 w - - 0 1", "adjacent"},
        {"8/8/8/8/8/8/8/K1k5 w KQ - 0 1", "castling"},
        {"8/8/8/8/8/8/8/K1k5 x - - 0 1", "side to move"},
        {"8/8/8/8/8/8/8/K1k4 w - - 0 1", "illegal FEN"},
        {"8/8/8/8/8/8/8/K1k5/8 w - - 0 1", "illegal FEN"},
        {"8/8/8/8/8/8/8/KQRk3n w - - 0 1", "more than four"},
        {"k6R/8/8/8/8/8/8/K6r w - - 0 1", "both kings"},
        {"8/8/8/8/8/8/8/KQRBk3 w - - 0 1", "more than four"},
        {"P7/8/8/8/8/8/8/K1k5 w - - 0 1", "first or last rank"},
        {"8/8/8/8/8/8/8/K1k4P w - - 0 1", "first or last rank"},
        {"8/8/8/8/8/8/8/K1k4R b - - 0 1", NULL},
        {"8/8/8/8/8/8/8/K1k4R w - - 0 1", "not to move is in check"},
        {"8/8/8/8/8/8/8/K2k4 w - e3 0 1", "en passant"},
        {"8/8/8/8/4P3/8/8/K2k4 b - e4 0 1", "en passant"},
        {"8/8/8/8/8/8/8/K7 w - - 0 1", "king"},
        {"8/8/8/8/8/8/8/K1k5", "FEN"},
        {"", "FEN"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        static pp_chess_answer a;
        pp_error err = {0};
        pp_status s = pp_chess_solve_fen(cases[i][0], &a, &err);
        if (!cases[i][1]) CHECK_MSG(s == PP_OK, "%s: %s", cases[i][0], err.msg);
        else {
            CHECK_MSG(s == PP_ERR_INPUT, "%s accepted", cases[i][0]);
            CHECK_CONTAINS(err.msg, cases[i][1]);
        }
    }
    pp_tb_stats st;
    pp_error err = {0};
    CHECK(pp_tb_build("KQX", &st, &err) == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "not a material");
    CHECK(pp_tb_build("KQRKR", &st, &err) == PP_ERR_INPUT);
    CHECK_CONTAINS(err.msg, "more than four");
    CHECK(pp_tb_build("QKK", &st, &err) == PP_ERR_INPUT);
    CHECK(pp_tb_build("KKK", &st, &err) == PP_ERR_INPUT);
}

/* Every move's result is the position's, one ply on (the Bellman equation
 * the BFS solves), on random positions. */
static void moves_agree(const char *pieces, int count)
{
    int bad = 0;
    for (int i = 0; i < count && bad < 5; i++) {
        chb_pos p;
        char fen[100];
        static pp_chess_answer a;
        pp_error err = {0};
        ref_chess_random_position(pieces, &p);
        chb_fen(&p, fen, sizeof fen);
        if (pp_chess_solve_fen(fen, &a, &err) != PP_OK) {
            bad++;
            continue;
        }
        int best = -1000; /* the mover's best: win 1000 - plies, draw 0, loss -1000 + plies */
        for (int k = 0; k < a.nmoves; k++) {
            const pp_chess_move *m = &a.moves[k];
            int v = m->outcome > 0 ? 1000 - m->plies : m->outcome < 0 ? -1000 + m->plies : 0;
            if (v > best) best = v;
        }
        int mine = a.outcome > 0 ? 1000 - a.plies : a.outcome < 0 ? -1000 + a.plies : 0;
        if (a.nmoves && best != mine) {
            printf("  %s: position %d, best move %d\n", fen, mine, best);
            bad++;
        }
    }
    CHECK_EQ_INT(bad, 0);
}

static void search_three_piece(void)
{
    crosscheck("KQk", 500, 3);
    crosscheck("KRk", 500, 3);
    crosscheck("kqK", 200, 3);
    moves_agree("KQk", 300);
    moves_agree("KRk", 300);
}

/* ------------------------------------------------------------------------
 * The fast path (bitboards, moves counted; game_chess.c) against the
 * generic one (moves listed from chess_board.c) on every entry of a table:
 * validity, terminal outcomes, move counts, exits and the set of parents.
 */
static void fast_path_matches(const char *material)
{
    static chg_game fast, slow;
    pp_tb_stats st;
    pp_error err = {0};
    CHECK_MSG(pp_tb_build(material, &st, &err) == PP_OK, "%s: %s", material, err.msg); /* its captures' tables too */
    chi_material m;
    char msg[200];
    CHECK(chi_parse_material(material, &m, msg, sizeof msg));
    CHECK(ref_chess_pair(&m, &fast, &slow));
    CHECK_MSG(fast.fast, "%s: no fast path", material);
    int bad = 0;
    uint64_t valid = 0;
    for (uint32_t s = 0; s < m.size && bad < 5; s++) {
        if (!ref_chess_same_state(&fast, &slow, s, msg, sizeof msg)) {
            printf("  %s %s\n", material, msg);
            bad++;
        }
        pp_state_info a;
        fast.g.info(&fast, s, &a);
        valid += a.kind != PP_STATE_INVALID;
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(valid == st.positions[0] + st.positions[1]);
}

/* chb_slider (branch-free, a line at a time) against a walk along each
 * ray to its first blocker, on random occupancies from every square. */
static void slider_matches_walk(void)
{
    static const int d[8][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {-1, 1}, {-1, -1}, {1, -1}};
    if (!chb_ready) chb_tables_init();
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    int bad = 0;
    for (int trial = 0; trial < 4000; trial++) {
        seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
        uint64_t occ = seed & (seed >> 3) & (seed >> 11); /* about 1 square in 8 */
        if (trial % 3 == 0) occ |= seed >> 40;            /* and a few denser */
        for (int s = 0; s < 64; s++)
            for (int type = CHB_Q; type <= CHB_B; type++) {
                uint64_t want = 0;
                for (int k = type == CHB_B ? 4 : 0; k < (type == CHB_R ? 4 : 8); k++)
                    for (int f = (s & 7) + d[k][0], r = (s >> 3) + d[k][1]; f >= 0 && f < 8 && r >= 0 && r < 8;
                         f += d[k][0], r += d[k][1]) {
                        want |= 1ull << (r * 8 + f);
                        if (occ >> (r * 8 + f) & 1) break;
                    }
                bad += chb_slider(type, s, occ) != want;
            }
    }
    CHECK_EQ_INT(bad, 0);
}

/* chi_index_plain (the fast path's index, no sort) is chi_index_slots
 * for every pawnless material without two pieces of one kind, on random
 * squares (any white king square: one or two symmetries). */
static void index_plain_matches(void)
{
    static const char *materials[] = {"KQK", "KNK", "KQKR", "KRKN", "KBNK", "KQKQ", "KRBKR", "KBNKN"};
    uint32_t seed = 12345;
    for (size_t k = 0; k < sizeof materials / sizeof *materials; k++) {
        chi_material m;
        char msg[200];
        CHECK(chi_parse_material_max(materials[k], 5, &m, msg, sizeof msg));
        CHECK(!m.pawns && !m.dups);
        int bad = 0;
        for (int trial = 0; trial < 20000; trial++) {
            uint8_t sq[CHB_MAX_PIECES];
            uint64_t used = 0;
            for (int i = 0; i < m.n; i++) {
                do {
                    seed = seed * 1103515245u + 12345u;
                    sq[i] = (uint8_t)(seed >> 16 & 63);
                } while (used >> sq[i] & 1);
                used |= 1ull << sq[i];
            }
            int stm = (int)(seed >> 27 & 1);
            bad += chi_index_plain(m.n, sq, stm) != chi_index_slots(&m, sq, stm);
            bad += chi_index_sym(4, m.n, sq, stm) != chi_index_transposed(&m, sq, stm);
        }
        CHECK_MSG(bad == 0, "%s: %d indices differ", materials[k], bad);
    }
}

static void fast_path_three_piece(void)
{
    fast_path_matches("KQK");
    fast_path_matches("KRK");
    fast_path_matches("KBK");
    fast_path_matches("KNK");
}

void suite_chess(void)
{
    RUN(bad_fens);
    RUN(published_three_piece);
    RUN(known_positions);
    RUN(search_three_piece);
    RUN(fast_path_three_piece);
    RUN(index_plain_matches);
    RUN(slider_matches_walk);
    pp_tb_clear();
}

/* ------------------------------------------------------------------------
 * The slow layer: every 4-piece table with a published longest mate.
 */
static void published_pawnless(void)
{
    longest("KQQK", 4, -1);
    longest("KQRK", 6, -1);
    longest("KQBK", 8, -1);
    longest("KQNK", 9, -1);
    longest("KRRK", 7, -1);
    longest("KRBK", 16, -1);
    longest("KRNK", 16, -1);
    longest("KBBK", 19, -1);
    longest("KBNK", 33, -1);
    longest("KNNK", 1, -1);
    longest("KQKQ", 13, 13);
    longest("KQKR", 35, 19);
    longest("KQKB", 17, -1);
    longest("KQKN", 21, -1);
    longest("KRKR", 19, 19);
    longest("KRKB", 29, -1);
    longest("KRKN", 40, 1);
    longest("KBKB", 1, 1);
    longest("KBKN", 1, 1);
    longest("KNKN", 1, 1);
}

static void published_pawns(void)
{
    longest("KPK", 28, -1);
    longest("KQPK", 10, -1);
    longest("KRPK", 16, -1);
    longest("KBPK", 31, -1);
    longest("KNPK", 27, -1);
    longest("KPPK", 32, -1);
    longest("KQKP", 28, 29);
    longest("KRKP", 26, 43);
    longest("KBKP", 1, 29);
    longest("KNKP", 7, 29);
    longest("KPKP", 33, 33);
}

/* Pawns: promotions (a rook promotion is the only win here: =Q stalemates),
 * en passant from a FEN, double steps. */
static void pawn_positions(void)
{
    /* KPK: c7, black king a7... the classic: white Kb5? Check with the search. */
    static const char *const mates[] = {
        "8/2P5/8/8/8/8/8/K1k5 w - - 0 1",   /* promotes */
        "k7/2P5/1K6/8/8/8/8/8 w - - 0 1",   /* c8=Q+ or c8=R# ... */
        "8/8/8/8/3p4/8/4P3/K1k5 w - - 0 1", /* e4 allows dxe3 e.p. */
        "8/8/8/8/3pP3/8/8/K1k5 b - e3 0 1", /* en passant square usable */
    };
    for (size_t i = 0; i < sizeof mates / sizeof mates[0]; i++) {
        chb_pos p;
        char err[200];
        CHECK(chb_parse_fen(mates[i], &p, err, sizeof err));
        int t = table_plies(&p);
        CHECK(t != -9999);
        if (t > 0 && t < 1000 && t <= 5)
            CHECK_MSG(ref_chess_win_within(&p, t) && !ref_chess_win_within(&p, t - 2), "%s", mates[i]);
        if (t <= 0 && -t <= 4) CHECK_MSG(ref_chess_lost_within(&p, -t), "%s", mates[i]);
    }
    /* KPK has positions that only an underpromotion to a rook wins (=Q
     * stalemates): find them among pawns on the seventh rank */
    int rook_only = 0;
    for (int wk = 0; wk < 64; wk++)
        for (int bk = 0; bk < 64; bk++)
            for (int f = 0; f < 4; f++) {
                chb_pos p = {
                    3, CHB_WHITE, -1, {CHB_K, CHB_K, CHB_P}, {0, 1, 0}, {(uint8_t)wk, (uint8_t)bk, (uint8_t)(48 + f)}};
                if (chb_illegal(&p)) continue;
                char fen[100];
                static pp_chess_answer a;
                pp_error err = {0};
                chb_fen(&p, fen, sizeof fen);
                if (pp_chess_solve_fen(fen, &a, &err) != PP_OK || a.outcome != 1) continue;
                int only_r = 1, r_wins = 0;
                for (int k = 0; k < a.nmoves; k++) {
                    int is_r = a.moves[k].uci[4] == 'r';
                    if (a.moves[k].outcome == 1 && !is_r) only_r = 0;
                    r_wins |= is_r && a.moves[k].outcome == 1;
                }
                rook_only += only_r && r_wins;
            }
    CHECK(rook_only > 0);
    /* a FEN with a usable en passant square differs from the same without */
    moves_agree("KPkp", 300);
    crosscheck("KPk", 200, 3);
    crosscheck("KPkp", 100, 3);
}

static void fast_path_four_piece(void)
{
    fast_path_matches("KQKR");
    fast_path_matches("KRKN");
    fast_path_matches("KBNK");
    fast_path_matches("KQKQ");
}

static void search_four_piece(void)
{
    crosscheck("KQkr", 40, 5);
    crosscheck("KRkn", 40, 5);
    moves_agree("KQkr", 200);
    moves_agree("KRkb", 200);
}

void suite_chess_tables(void)
{
    const char *on = getenv("PP_CHESS_TABLES");
    if (!on || strcmp(on, "1") != 0) return;
    RUN(published_pawnless);
    RUN(fast_path_four_piece);
    RUN(search_four_piece);
    /* the pawn tables convert into the pawnless ones: kept, not built again */
    RUN(published_pawns);
    RUN(pawn_positions);
    pp_tb_clear();
}
