/* fuzz_chess.c: libFuzzer target for the chess readers: FEN and material.
 *
 * The first byte picks the reader, the rest (up to a NUL) is its text.
 * FEN: the board reader must read back what it writes (FEN out, FEN in, the
 * same FEN out); pp_chess_check_fen must accept what the reader accepts up
 * to four pieces; a position of up to three pieces, no pawn, is solved (a
 * pawn's table needs four more built first: seconds under the sanitizers,
 * not a fuzzer's pace), and its answer
 * must be the best of its moves' (a win by the fastest winning move, a loss
 * by the slowest, a draw by no winning move), the same by
 * pp_chess_probe_fen. Material: pp_tb_build_bytes and pp_tb_job_new must
 * agree on what is a material; a table of three pieces, no pawn, is built in uneven
 * slices and its progress checked, then read back by pp_tb_build.
 * Errors must come with a one-line message. Run: ./build.sh fuzz [seconds]. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess_board.h"
#include "perfect_play.h"

#define CHECK(c)                                                                                                       \
    do {                                                                                                               \
        if (!(c)) {                                                                                                    \
            fprintf(stderr, "check failed: %s\n", #c);                                                                 \
            abort();                                                                                                   \
        }                                                                                                              \
    } while (0)

static void failed(pp_status st, const pp_error *err)
{
    CHECK(st != PP_OK);
    CHECK(err->code == st && err->msg[0] != '\0' && strchr(err->msg, '\n') == NULL);
}

static void check_answer(const pp_chess_answer *a)
{
    CHECK(a->outcome >= -1 && a->outcome <= 1);
    CHECK(a->nmoves >= 0 && a->nmoves <= 256);
    if (a->nmoves == 0) { /* stalemate, or checkmate now */
        CHECK(a->best == -1);
        CHECK((a->outcome == 0 && a->dtm == -1) || (a->outcome == -1 && a->dtm == 0 && a->plies == 0));
        return;
    }
    CHECK(a->best >= 0 && a->best < a->nmoves);
    const pp_chess_move *b = &a->moves[a->best];
    CHECK(b->outcome == a->outcome && b->plies == a->plies && b->dtm == a->dtm);
    for (int i = 0; i < a->nmoves; i++) {
        const pp_chess_move *m = &a->moves[i];
        CHECK(strlen(m->uci) == 4 || strlen(m->uci) == 5);
        CHECK((m->outcome == 0) == (m->plies == -1) && (m->plies == -1) == (m->dtm == -1));
        CHECK(m->outcome <= a->outcome);
        if (a->outcome == 1 && m->outcome == 1) CHECK(m->plies >= a->plies);
        if (a->outcome == -1) CHECK(m->outcome == -1 && m->plies <= a->plies);
        if (m->outcome != 0) CHECK(m->dtm == (m->plies + 1) / 2);
    }
}

static void fen(const char *text)
{
    /* The board reader, read back. */
    chb_pos p, q;
    char msg[200], out[128], again[128];
    if (chb_parse_fen_max(text, CHB_MAX_PIECES, &p, msg, sizeof msg)) {
        chb_fen(&p, out, sizeof out);
        CHECK(chb_parse_fen_max(out, CHB_MAX_PIECES, &q, msg, sizeof msg));
        chb_fen(&q, again, sizeof again);
        CHECK(strcmp(out, again) == 0);
    } else {
        CHECK(msg[0] != '\0');
    }
    int readable = chb_parse_fen(text, &p, msg, sizeof msg);
    char material[16] = "";
    pp_error err = {PP_OK, ""};
    pp_status st = pp_chess_check_fen(text, material, &err);
    CHECK((st == PP_OK) == (readable != 0));
    if (st != PP_OK) {
        failed(st, &err);
        return;
    }
    CHECK(material[0] == 'K' && strlen(material) >= 2 && strlen(material) <= 4);
    if (strlen(material) > 3 || strchr(material, 'P')) return; /* tables of seconds */
    static pp_chess_answer a, b;
    CHECK(pp_chess_solve_fen(text, &a, &err) == PP_OK);
    CHECK(strcmp(a.material, material) == 0);
    check_answer(&a);
    CHECK(pp_chess_probe_fen(text, &b, &err) == PP_OK);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
}

static void material(const char *text, unsigned slices)
{
    pp_error err = {PP_OK, ""};
    uint64_t bytes = 0;
    char name[16] = "";
    pp_status sb = pp_tb_build_bytes(text, &bytes, name, &err);
    if (sb != PP_OK) failed(sb, &err);
    else CHECK(name[0] == 'K'); /* bytes: 0 once every table it needs is built */
    pp_tb_job *j = NULL;
    err.code = PP_OK;
    pp_status st = pp_tb_job_new(text, &j, &err);
    if (st != PP_OK) {
        failed(st, &err);
        CHECK(j == NULL);
        return;
    }
    CHECK(sb == PP_OK);                          /* up to four pieces is up to five */
    if (strlen(name) > 3 || strchr(name, 'P')) { /* tables of seconds: only the plan */
        pp_tb_job_free(j);
        return;
    }
    pp_tb_progress pr;
    int done = 0, tables = -1;
    uint64_t budget = 1 + (uint64_t)slices * 997;
    while (!done) {
        CHECK(pp_tb_job_run(j, budget, &done, &err) == PP_OK);
        pp_tb_job_progress(j, &pr);
        CHECK(strcmp(pr.target, name) == 0);
        if (tables < 0) tables = pr.tables;
        CHECK(pr.tables == tables && pr.table >= 0 && pr.table <= pr.tables);
        CHECK(pr.decided <= pr.states && pr.top >= 0 && pr.top < PP_TB_PLIES);
    }
    CHECK(pr.material[0] == '\0');
    pp_tb_job_free(j);
    pp_tb_stats s;
    CHECK(pp_tb_build(text, &s, &err) == PP_OK);
    CHECK(strcmp(s.material, name) == 0);
    for (int side = 0; side < 2; side++) CHECK(s.wins[side] + s.draws[side] + s.losses[side] == s.positions[side]);
    /* built: nothing left to plan */
    CHECK(pp_tb_build_bytes(text, &bytes, name, &err) == PP_OK && bytes == 0);
    if (slices == 127) pp_tb_clear(); /* the next build starts over (rarely: builds take seconds) */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    char *text = malloc(size);
    CHECK(text != NULL);
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    if (data[0] % 2 == 0) fen(text);
    else material(text, data[0] / 2);
    free(text);
    return 0;
}
