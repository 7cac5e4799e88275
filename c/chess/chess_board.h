/* chess_board.h: chess positions of a few pieces, attacks, moves and un-moves
 * (internal to the chess tablebase files; prefix chb_).
 *
 * Squares are 0..63, a1 = 0, h1 = 7, a8 = 56, h8 = 63:
 *
 *     8 | 56 57 58 59 60 61 62 63
 *     7 | 48 49 50 51 52 53 54 55
 *     ...
 *     2 |  8  9 10 11 12 13 14 15
 *     1 |  0  1  2  3  4  5  6  7
 *       +------------------------
 *          a  b  c  d  e  f  g  h      file = sq & 7, rank = sq >> 3
 *
 * A position is a short list of pieces (kings included), the side to move
 * and the en passant target square (-1 when none). No castling, no clocks.
 */
#ifndef PP_CHESS_BOARD_H
#define PP_CHESS_BOARD_H

#include <stdint.h>

#define CHB_MAX_PIECES 5
#define CHB_MAX_MOVES 256

enum { CHB_K = 0, CHB_Q = 1, CHB_R = 2, CHB_B = 3, CHB_N = 4, CHB_P = 5 };
enum { CHB_WHITE = 0, CHB_BLACK = 1 };

typedef struct chb_pos {
    int n;                        /* pieces on the board */
    int stm;                      /* side to move: CHB_WHITE or CHB_BLACK */
    int ep;                       /* en passant target square, or -1 */
    uint8_t type[CHB_MAX_PIECES]; /* CHB_K .. CHB_P */
    uint8_t color[CHB_MAX_PIECES];
    uint8_t sq[CHB_MAX_PIECES];
} chb_pos;

typedef struct chb_move {
    uint8_t from, to;
    uint8_t promo;   /* 0 or the piece promoted to (CHB_Q .. CHB_N) */
    uint8_t capture; /* 1 if a piece is taken (en passant included) */
    uint8_t ep;      /* 1 for an en passant capture */
    uint8_t dbl;     /* 1 for a pawn's double step */
} chb_move;

/* Is square t attacked by a piece of colour c? */
int chb_attacked(const chb_pos *p, int t, int c);
/* Is the king of colour c in check? */
int chb_in_check(const chb_pos *p, int c);
/* The position's basic legality: one king each, no two pieces on a square,
 * no pawn on the first or last rank, kings apart, the side not to move not
 * in check. Returns NULL if legal, else what is wrong. */
const char *chb_illegal(const chb_pos *p);
/* Every legal move of the side to move; returns their count. */
int chb_moves(const chb_pos *p, chb_move *out);
/* Only the legal captures and promotions (the moves that leave a table). */
int chb_exit_moves(const chb_pos *p, chb_move *out);
/* The position after a move (en passant square set after a double step
 * only when an en passant capture is then possible). */
void chb_play(const chb_pos *p, const chb_move *m, chb_pos *out);
/* Un-moves within one material: the positions, legal, with the other side
 * to move, from which a non-capturing, non-promoting move of the side that
 * just moved leads to p (en passant squares ignored). Returns their count. */
int chb_unmoves(const chb_pos *p, chb_pos *out);
/* The same as pairs: piece slot[k] (an index into p's pieces) moved back
 * to square from[k]. Returns their count. */
int chb_unmove_list(const chb_pos *p, uint8_t *slot, uint8_t *from);
/* Could the side to move take en passant (is p->ep usable)? */
int chb_ep_possible(const chb_pos *p);

/* Attack tables, filled once by chb_tables_init (the chb_ functions that
 * need them call it first): king and knight targets; per type, colour and
 * square the attacks on an empty board; the squares strictly between two
 * squares on one line (0 if not on one); per direction (0..3 rook, 4..7
 * bishop; 0, 1, 4, 5 up the square numbers) the squares beyond, to the edge. */
extern uint64_t chb_king_mask[64], chb_knight_mask[64], chb_between[64][64], chb_reach[6][2][64], chb_ray[8][64];
extern int chb_ready;
void chb_tables_init(void);

/* The squares attacked along one line through a square (up: its ray up
 * the square numbers, down: the opposite one), occupancy occ: each side up
 * to its first blocker, included. Branch-free ("obstruction difference"):
 * the bits from the highest blocker below (or a1) through the lowest one
 * above (or h8), masked by the line. */
static inline uint64_t chb_line(uint64_t up, uint64_t down, uint64_t occ)
{
    uint64_t lower = down & occ, upper = up & occ;
    uint64_t from = ~0ull << (63 - __builtin_clzll(lower | 1));
    return (up | down) & (2 * (upper & (0 - upper)) + from);
}

/* The squares a rook, bishop or queen on s attacks, occupancy occ: each
 * ray up to its first blocker, included (rank, file, then the diagonals:
 * chb_ray's directions 0 and 2, 1 and 3, 4 and 6, 5 and 7). */
static inline uint64_t chb_slider(int type, int s, uint64_t occ)
{
    uint64_t att = 0;
    if (type != CHB_B) att = chb_line(chb_ray[0][s], chb_ray[2][s], occ) | chb_line(chb_ray[1][s], chb_ray[3][s], occ);
    if (type != CHB_R) att |= chb_line(chb_ray[4][s], chb_ray[6][s], occ) | chb_line(chb_ray[5][s], chb_ray[7][s], occ);
    return att;
}

/* The squares a piece attacks (any type; a pawn's captures). */
static inline uint64_t chb_attacks(int type, int color, int s, uint64_t occ)
{
    return type == CHB_Q || type == CHB_R || type == CHB_B ? chb_slider(type, s, occ) : chb_reach[type][color][s];
}

/* FEN: parse (six fields or the first four; castling must be '-'); NULL if
 * fine, else a message naming the problem (written to err). */
int chb_parse_fen(const char *fen, chb_pos *p, char *err, int errsize);
/* The same with up to max_pieces pieces (at most CHB_MAX_PIECES): the
 * five-piece tables (chess_tb.c). */
int chb_parse_fen_max(const char *fen, int max_pieces, chb_pos *p, char *err, int errsize);
void chb_fen(const chb_pos *p, char *buf, int size);
void chb_uci(const chb_move *m, char *buf); /* at least 6 bytes */
char chb_piece_char(int type, int color);

#endif
