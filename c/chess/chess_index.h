/* chess_index.h: materials and the position index of one table, with its
 * symmetries (internal to the chess tablebase files; prefix chi_).
 *
 * A material lists its pieces in slots: white king, black king, then
 * white's other pieces (Q R B N P order), then black's. "KQKR" = slots
 * wK bK wQ bR. The stronger side is white in a table's own name; a position
 * with the colours the other way round is probed with the board turned
 * over (ranks flipped, colours and side to move swapped).
 *
 * The index of a position (n pieces, side to move stm):
 *
 *     idx = ((((k * 64 + bK) * 64 + s2) * 64 + s3) ...) * 2 + stm
 *
 *   k, without pawns: the white king's square in the triangle a1-d1-d4,
 *   after one of the 8 board symmetries (10 values):
 *
 *       4 |          9            k:  a1 b1 c1 d1 b2 c2 d2 c3 d3 d4
 *       3 |       7  8                 0  1  2  3  4  5  6  7  8  9
 *       2 |    4  5  6
 *       1 | 0  1  2  3
 *         +------------
 *           a  b  c  d
 *
 *   k, with pawns: the white king's square on files a-d after the
 *   left-right mirror (32 values: rank * 4 + file).
 * With a pawn on each side (KPKP), 65536 more entries after those hold the
 * positions right after a double step that can be taken en passant (the
 * side to move has that extra move, so they are other states):
 *
 *   base + (((stm * 32 + k) * 64 + bK) * 8 + f) * 2 + side
 *
 *   f: the file of the pawn that just moved two squares; side: 0 if the
 *   pawn that can take it stands on file f - 1, 1 if on f + 1.
 * A position has several indices (a king on the diagonal a1-h8 leaves two
 * symmetries; two pieces of one kind can swap slots): the canonical one is
 * the least; every other index is an invalid entry of the table, as are
 * illegal positions. Entries: k-values * 64^(n-1) * 2.
 */
#ifndef PP_CHESS_INDEX_H
#define PP_CHESS_INDEX_H

#include <stdint.h>

#include "chess_board.h"

typedef struct chi_material {
    int n;                        /* pieces, kings included */
    uint8_t type[CHB_MAX_PIECES]; /* per slot */
    uint8_t color[CHB_MAX_PIECES];
    int pawns;     /* any pawn: mirror only */
    uint32_t base; /* entries without en passant */
    int ep;        /* en passant entries follow (KPKP) */
    int dups;      /* two pieces of one kind and colour */
    uint32_t size; /* index entries */
    char name[16]; /* e.g. "KQKR" */
} chi_material;

/* The symmetry tables, filled once by chi_tables_init (the chi_ functions
 * that read them call it first): chi_sym[t][s], the square s under
 * symmetry t (bit 0 mirrors the files, bit 1 the ranks, bit 2 swaps files
 * and ranks); chi_tri_syms[s], the count of symmetries that bring a white
 * king on s into the triangle, then those; chi_tri_of_sq[s], s's place in
 * the triangle (k below), or -1. */
extern uint8_t chi_sym[8][64], chi_tri_syms[64][3];
extern int8_t chi_tri_of_sq[64];
extern int chi_ready;
void chi_tables_init(void);

/* Parses "KQKR" (two K's, at most four pieces in all). Returns 1 if fine,
 * else 0 with a message in err. The name is kept as written (the caller
 * normalises with chi_normalise). */
int chi_parse_material(const char *text, chi_material *m, char *err, int errsize);
/* The same with up to max_pieces pieces (4 or 5; five-piece materials are
 * pawnless: KRBKR, KBNKN, KBBKN, ...). */
int chi_parse_material_max(const char *text, int max_pieces, chi_material *m, char *err, int errsize);
/* The material of a position's pieces, in the table's orientation; *flip
 * = 1 when the position's colours must be swapped to probe it. */
void chi_material_of(const chb_pos *p, chi_material *m, int *flip);
/* 1 when the material's white side is the table's own (not flipped). */
int chi_is_normal(const chi_material *m);
/* The position turned over: ranks mirrored, colours and side to move swapped. */
void chi_flip(const chb_pos *p, chb_pos *out);
/* Canonical index of a legal position of material m (same colours). */
uint32_t chi_index(const chi_material *m, const chb_pos *p);
/* The same from the squares of the material's slots, in slot order (a
 * position from chi_board keeps that order through chb_play without a
 * capture, and through chb_unmoves). */
uint32_t chi_index_slots(const chi_material *m, const uint8_t *slot_sq, int stm);
/* The index of n slot squares under symmetry t (no sort: a pawnless
 * material without two pieces of one kind), whether or not t brings the
 * white king into the triangle; the symmetry tables must be filled
 * (chi_tables_init). chi_index_transposed is t = 4. */
static inline uint32_t chi_index_sym(int t, int n, const uint8_t *slot_sq, int stm)
{
    const uint8_t *map = chi_sym[t];
    uint32_t idx = (uint32_t)chi_tri_of_sq[map[slot_sq[0]]];
    for (int i = 1; i < n; i++) idx = idx * 64 + map[slot_sq[i]];
    return idx * 2 + (uint32_t)stm;
}

/* chi_index_slots for a pawnless material of n pieces without two of one
 * kind (the chess game's fast path, and every table its captures lead
 * to): no sort, no call. */
static inline uint32_t chi_index_plain(int n, const uint8_t *slot_sq, int stm)
{
    const uint8_t *ts = chi_tri_syms[slot_sq[0]];
    uint32_t best = chi_index_sym(ts[1], n, slot_sq, stm);
    if (ts[0] > 1) {
        uint32_t other = chi_index_sym(ts[2], n, slot_sq, stm);
        if (other < best) best = other;
    }
    return best;
}
/* The state of a position reached inside the table (slot order, as for
 * chi_index_slots): its en passant entry if it has a usable en passant
 * square, else its plain index. */
uint32_t chi_state(const chi_material *m, const chb_pos *p);
/* Incremental indices. When the material has no two pieces of one kind
 * and the white king of a canonical board (from chi_board) stands off the
 * diagonal (always, with pawns), a move of any other piece keeps the
 * identity as the child's one canonical symmetry: the child's index is
 * the parent's with the stm bit flipped and that slot's square term
 * changed by (to - from) * chi_weight(m, slot). */
int chi_incremental(const chi_material *m, int white_king_sq);
uint32_t chi_weight(const chi_material *m, int slot);
/* The white king on the diagonal a1-d4 of a pawnless material without two
 * pieces of one kind: the identity and the transposition (a1-h8 mirror,
 * chi_transpose) both keep it in the triangle, and a move of any other
 * piece keeps both, so the child's index is the least of the two indices
 * changed as above: the plain one, and the transposed one
 * (chi_index_transposed) changed by the transposed squares. */
int chi_diagonal(const chi_material *m, int white_king_sq);
/* The index's white-king field (k) of a white king on sq when the
 * identity is the one symmetry that keeps it there (pawnless: the triangle
 * off the diagonal; with pawns: files a-d), else -1. Without two pieces
 * of one kind, a white king's move onto such a square changes only that
 * field (and the side to move). */
int chi_king_field(const chi_material *m, int sq);
uint8_t chi_transpose(int sq);
/* The white king's square of the index's white-king field k. */
int chi_king_square(const chi_material *m, int k);
uint32_t chi_index_transposed(const chi_material *m, const uint8_t *slot_sq, int stm);
/* The board of an index (maybe illegal or not canonical); returns 0 when
 * two pieces share a square. */
int chi_board(const chi_material *m, uint32_t idx, chb_pos *p);
/* The index is a legal position in canonical form. */
int chi_valid(const chi_material *m, uint32_t idx, chb_pos *p);

#endif
