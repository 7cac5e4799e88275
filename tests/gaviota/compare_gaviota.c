/* compare_gaviota.c: every 3-piece position (KQK, KRK, KBK, KNK, KPK, the
 * lone piece white and black, either side to move) against Gaviota's
 * depth-to-mate tables, tables and probing library from Debian (gaviotatb,
 * libgaviotatb-dev; MIT). Native only: build.sh test installs them.
 * Prints "N passed, N failed" as the C tests do. */
#include <stdio.h>
#include <string.h>

#include <gtb-probe.h>

#include "chess_board.h"
#include "perfect_play.h"

static const unsigned char gtb_piece[] = {tb_KING, tb_QUEEN, tb_ROOK, tb_BISHOP, tb_KNIGHT, tb_PAWN};

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "/usr/share/gaviotatb/gtb4";
    const char **paths = tbpaths_init();
    paths = tbpaths_add(paths, dir);
    tb_init(0, tb_CP4, paths);
    tbcache_init(32 * 1024 * 1024, 96);
    if (!(tb_availability() & 1)) {
        printf("no 3-piece Gaviota tables in %s\n0 passed, 1 failed\n", dir);
        return 1;
    }
    int passed = 0, failed = 0;
    for (int type = CHB_Q; type <= CHB_P; type++)
        for (int color = 0; color < 2; color++) {
            long compared = 0, bad = 0;
            for (int stm = 0; stm < 2; stm++)
                for (int a = 0; a < 64; a++)
                    for (int b = 0; b < 64; b++)
                        for (int c = 0; c < 64; c++) {
                            chb_pos p = {3,
                                         stm,
                                         -1,
                                         {CHB_K, CHB_K, (uint8_t)type},
                                         {0, 1, (uint8_t)color},
                                         {(uint8_t)a, (uint8_t)b, (uint8_t)c}};
                            if (chb_illegal(&p)) continue;
                            unsigned ws[4], bs[4], info = 0, plies = 0;
                            unsigned char wp[4], bp[4];
                            int nw = 0, nb = 0;
                            for (int i = 0; i < 3; i++) {
                                if (p.color[i] == 0) {
                                    ws[nw] = p.sq[i];
                                    wp[nw++] = gtb_piece[p.type[i]];
                                } else {
                                    bs[nb] = p.sq[i];
                                    bp[nb++] = gtb_piece[p.type[i]];
                                }
                            }
                            ws[nw] = bs[nb] = tb_NOSQUARE;
                            wp[nw] = bp[nb] = tb_NOPIECE;
                            if (!tb_probe_hard((unsigned)stm, tb_NOSQUARE, tb_NOCASTLE, ws, bs, wp, bp, &info, &plies))
                                continue; /* Gaviota does not know it */
                            /* theirs: signed plies for the side to move, 1000 for a draw */
                            int want = info == tb_DRAW                    ? 1000
                                       : (info == tb_WMATE) == (stm == 0) ? (int)plies
                                                                          : -(int)plies;
                            char fen[100];
                            static pp_chess_answer ans;
                            pp_error err = {0};
                            chb_fen(&p, fen, sizeof fen);
                            int got = -9999;
                            if (pp_chess_solve_fen(fen, &ans, &err) == PP_OK)
                                got = ans.outcome == 0 ? 1000 : ans.outcome > 0 ? ans.plies : -ans.plies;
                            compared++;
                            if (got != want) {
                                if (bad < 5) printf("  %s: ours %d plies, Gaviota %d (1000: draw)\n", fen, got, want);
                                bad++;
                            }
                        }
            printf("K%cK%s: %ld positions compared, %ld differ\n", "KQRBNP"[type], color ? " (black's piece)" : "",
                   compared, bad);
            if (bad || compared == 0) failed++;
            else passed++;
        }
    tbcache_done();
    tb_done();
    tbpaths_done(paths);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
