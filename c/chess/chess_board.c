/* chess_board.c: attacks, legal moves, un-moves and FEN for a few pieces. */
#include <stdio.h>
#include <string.h>

#include "chess_board.h"

#if !defined(__GNUC__)
#define __attribute__(x)
#endif

static const int king_d[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
static const int knight_d[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
/* rays: 0..3 rook directions, 4..7 bishop directions (as {file, rank}) */
static const int ray_d[8][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {-1, 1}, {-1, -1}, {1, -1}};

static int on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

static uint64_t occupancy(const chb_pos *p)
{
    uint64_t o = 0;
    for (int i = 0; i < p->n; i++) o |= 1ull << p->sq[i];
    return o;
}

static int piece_at(const chb_pos *p, int s)
{
    for (int i = 0; i < p->n; i++)
        if (p->sq[i] == s) return i;
    return -1;
}

/* Attack tables, filled once (chb_tables_init): king and knight targets,
 * and for two squares on one line the line's kind (1 rook, 2 bishop) and
 * the squares strictly between them. */
uint64_t chb_king_mask[64], chb_knight_mask[64], chb_between[64][64];
static uint8_t line_kind[64][64];
uint64_t chb_reach[6][2][64]; /* per type, colour, square: attacks on an empty board */
uint64_t chb_ray[8][64];      /* per direction of ray_d: the squares beyond, to the edge */
int chb_ready;

void chb_tables_init(void)
{
    for (int s = 0; s < 64; s++) {
        int f = s & 7, r = s >> 3;
        for (int k = 0; k < 8; k++) {
            if (on_board(f + king_d[k][0], r + king_d[k][1]))
                chb_king_mask[s] |= 1ull << ((r + king_d[k][1]) * 8 + f + king_d[k][0]);
            if (on_board(f + knight_d[k][0], r + knight_d[k][1]))
                chb_knight_mask[s] |= 1ull << ((r + knight_d[k][1]) * 8 + f + knight_d[k][0]);
            uint64_t path = 0;
            for (int x = f + ray_d[k][0], y = r + ray_d[k][1]; on_board(x, y); x += ray_d[k][0], y += ray_d[k][1]) {
                chb_ray[k][s] |= 1ull << (y * 8 + x);
                line_kind[s][y * 8 + x] = (uint8_t)(k < 4 ? 1 : 2);
                chb_between[s][y * 8 + x] = path;
                path |= 1ull << (y * 8 + x);
            }
        }
    }
    for (int s = 0; s < 64; s++)
        for (int c = 0; c < 2; c++) {
            chb_reach[CHB_K][c][s] = chb_king_mask[s];
            chb_reach[CHB_N][c][s] = chb_knight_mask[s];
            for (int t = 0; t < 64; t++) {
                if (line_kind[s][t] == 1) chb_reach[CHB_R][c][s] |= 1ull << t;
                if (line_kind[s][t] == 2) chb_reach[CHB_B][c][s] |= 1ull << t;
                if (line_kind[s][t]) chb_reach[CHB_Q][c][s] |= 1ull << t;
                int df = (t & 7) - (s & 7), dr = (t >> 3) - (s >> 3);
                if ((df == 1 || df == -1) && dr == (c == CHB_WHITE ? 1 : -1)) chb_reach[CHB_P][c][s] |= 1ull << t;
            }
        }
    chb_ready = 1;
}

/* Does a piece of this type and colour on square f attack square t
 * (occupancy occ)? between is empty for squares not on one line. */
static inline int attacks_from(int type, int color, int f, int t, uint64_t occ)
{
    return (chb_reach[type][color][f] >> t & 1) && !(chb_between[f][t] & occ);
}

static int attacks(const chb_pos *p, int i, int t, uint64_t occ)
{
    return attacks_from(p->type[i], p->color[i], p->sq[i], t, occ);
}

/* Is the king of colour c, on square ks, attacked once the board has
 * occupancy occ, the piece on `gone` is taken, and the piece on `from`
 * stands on `to` (the legality test of a move or an un-move)? */
static int king_attacked(const chb_pos *p, int c, int ks, uint64_t occ, int gone, int from, int to)
{
    if (!chb_ready) chb_tables_init();
    for (int i = 0; i < p->n; i++) {
        if (p->color[i] == c || p->sq[i] == gone) continue;
        int sq = p->sq[i] == from ? to : p->sq[i];
        if (attacks_from(p->type[i], p->color[i], sq, ks, occ)) return 1;
    }
    return 0;
}

int chb_attacked(const chb_pos *p, int t, int c)
{
    if (!chb_ready) chb_tables_init();
    uint64_t occ = occupancy(p);
    for (int i = 0; i < p->n; i++)
        if (p->color[i] == c && p->sq[i] != t && attacks(p, i, t, occ)) return 1;
    return 0;
}

static int king_of(const chb_pos *p, int c)
{
    for (int i = 0; i < p->n; i++)
        if (p->type[i] == CHB_K && p->color[i] == c) return i;
    return -1;
}

int chb_in_check(const chb_pos *p, int c)
{
    int k = king_of(p, c);
    return k >= 0 && chb_attacked(p, p->sq[k], !c);
}

const char *chb_illegal(const chb_pos *p)
{
    int kings[2] = {0, 0};
    uint64_t occ = 0;
    for (int i = 0; i < p->n; i++) {
        if (occ >> p->sq[i] & 1) return "two pieces on one square";
        occ |= 1ull << p->sq[i];
        if (p->type[i] == CHB_K) kings[p->color[i]]++;
        if (p->type[i] == CHB_P && (p->sq[i] < 8 || p->sq[i] >= 56)) return "a pawn on the first or last rank";
    }
    if (kings[0] != 1 || kings[1] != 1) return "each side needs exactly one king";
    int a = p->sq[king_of(p, 0)], b = p->sq[king_of(p, 1)];
    int df = (a & 7) - (b & 7), dr = (a >> 3) - (b >> 3);
    if (df >= -1 && df <= 1 && dr >= -1 && dr <= 1) return "the kings are adjacent";
    int c0 = chb_in_check(p, p->stm), c1 = chb_in_check(p, !p->stm);
    if (c0 && c1) return "both kings are in check";
    if (c1) return "the side not to move is in check";
    return NULL;
}

static void remove_piece(chb_pos *p, int i)
{
    for (int j = i + 1; j < p->n; j++) {
        p->type[j - 1] = p->type[j];
        p->color[j - 1] = p->color[j];
        p->sq[j - 1] = p->sq[j];
    }
    p->n--;
}

int chb_ep_possible(const chb_pos *p)
{
    if (p->ep < 0) return 0;
    chb_move m[CHB_MAX_MOVES];
    int n = chb_moves(p, m);
    for (int i = 0; i < n; i++)
        if (m[i].ep) return 1;
    return 0;
}

void chb_play(const chb_pos *p, const chb_move *m, chb_pos *out)
{
    *out = *p;
    int i = piece_at(out, m->from);
    int victim = m->ep ? piece_at(out, m->to + (p->stm == CHB_WHITE ? -8 : 8)) : piece_at(out, m->to);
    if (i < 0) return;
    out->sq[i] = m->to;
    if (m->promo) out->type[i] = m->promo;
    if (victim >= 0) remove_piece(out, victim);
    out->stm = !p->stm;
    out->ep = -1;
    if (m->dbl) {
        out->ep = (m->from + m->to) / 2;
        if (!chb_ep_possible(out)) out->ep = -1;
    }
}

/* Adds the move if it does not leave the mover's king in check. ks: the
 * mover's king square, occ: the occupancy before the move. */
static inline int add(const chb_pos *p, chb_move *out, int n, uint64_t free_from, int ks, uint64_t occ, int from,
                      int to, int promo, int capture, int ep, int dbl)
{
    chb_move m = {(uint8_t)from, (uint8_t)to, (uint8_t)promo, (uint8_t)capture, (uint8_t)ep, (uint8_t)dbl};
    if (!ep && (free_from >> from & 1)) { /* not in check, not the king, not pinned: legal */
        out[n] = m;
        return n + 1;
    }
    int c = p->stm;
    if (ks == from) ks = to;
    int gone = ep ? to + (c == CHB_WHITE ? -8 : 8) : capture ? to : -1;
    if (gone >= 0) occ &= ~(1ull << gone);
    occ = (occ & ~(1ull << from)) | 1ull << to;
    if (king_attacked(p, c, ks, occ, gone, -1, -1)) return n;
    out[n] = m;
    return n + 1;
}

/* The legal moves; with exits_only, only captures and promotions. */
static inline __attribute__((always_inline)) int gen(const chb_pos *p, chb_move *out, int exits_only)
{
    int n = 0, c = p->stm;
    uint64_t occ = occupancy(p), mine = 0;
    for (int i = 0; i < p->n; i++)
        if (p->color[i] == c) mine |= 1ull << p->sq[i];
    /* The pieces whose moves need no test: with the king not in check,
     * every piece but the king and those pinned to it. */
    uint64_t free_from = 0;
    int ks = -1;
    for (int i = 0; i < p->n; i++)
        if (p->type[i] == CHB_K && p->color[i] == c) ks = p->sq[i];
    if (ks >= 0 && !king_attacked(p, c, ks, occ, -1, -1, -1)) {
        uint64_t pinned = 0;
        for (int i = 0; i < p->n; i++) {
            int e = p->sq[i], t = p->type[i], kind = line_kind[e][ks];
            if (p->color[i] == c || !kind || (t != CHB_Q && t != CHB_R && t != CHB_B)) continue;
            if ((t == CHB_R && kind != 1) || (t == CHB_B && kind != 2)) continue;
            uint64_t bb = chb_between[e][ks] & occ;
            if (bb && !(bb & (bb - 1)) && (bb & mine)) pinned |= bb;
        }
        free_from = mine & ~pinned & ~(1ull << ks);
    }
    for (int i = 0; i < p->n; i++) {
        if (p->color[i] != c) continue;
        int s = p->sq[i], f = s & 7, r = s >> 3, t = p->type[i];
        if (t == CHB_P) {
            int dir = c == CHB_WHITE ? 1 : -1, last = c == CHB_WHITE ? 7 : 0, start = c == CHB_WHITE ? 1 : 6;
            int r1 = r + dir;
            if (!(occ >> (r1 * 8 + f) & 1)) {
                if (r1 == last)
                    for (int pr = CHB_Q; pr <= CHB_N; pr++)
                        n = add(p, out, n, free_from, ks, occ, s, r1 * 8 + f, pr, 0, 0, 0);
                else if (!exits_only) n = add(p, out, n, free_from, ks, occ, s, r1 * 8 + f, 0, 0, 0, 0);
                if (!exits_only && r == start && !(occ >> ((r1 + dir) * 8 + f) & 1))
                    n = add(p, out, n, free_from, ks, occ, s, (r1 + dir) * 8 + f, 0, 0, 0, 1);
            }
            for (int df = -1; df <= 1; df += 2) {
                if (!on_board(f + df, r1)) continue;
                int to = r1 * 8 + f + df;
                int enemy = (occ >> to & 1) && !(mine >> to & 1);
                if (enemy) {
                    if (p->type[piece_at(p, to)] == CHB_K) continue;
                    if (r1 == last)
                        for (int pr = CHB_Q; pr <= CHB_N; pr++)
                            n = add(p, out, n, free_from, ks, occ, s, to, pr, 1, 0, 0);
                    else n = add(p, out, n, free_from, ks, occ, s, to, 0, 1, 0, 0);
                } else if (to == p->ep) {
                    int v = piece_at(p, to - 8 * dir);
                    if (v >= 0 && p->type[v] == CHB_P && p->color[v] != c)
                        n = add(p, out, n, free_from, ks, occ, s, to, 0, 1, 1, 0);
                }
            }
            continue;
        }
        if (t == CHB_K || t == CHB_N) {
            const int(*d)[2] = t == CHB_K ? king_d : knight_d;
            for (int k = 0; k < 8; k++) {
                int x = f + d[k][0], y = r + d[k][1];
                if (!on_board(x, y)) continue;
                int to = y * 8 + x;
                if (mine >> to & 1) continue;
                if (occ >> to & 1) {
                    if (p->type[piece_at(p, to)] == CHB_K) continue; /* never legal to reach */
                    n = add(p, out, n, free_from, ks, occ, s, to, 0, 1, 0, 0);
                } else if (!exits_only) n = add(p, out, n, free_from, ks, occ, s, to, 0, 0, 0, 0);
            }
            continue;
        }
        int k0 = t == CHB_B ? 4 : 0, k1 = t == CHB_R ? 4 : 8;
        for (int k = k0; k < k1; k++)
            for (int x = f + ray_d[k][0], y = r + ray_d[k][1]; on_board(x, y); x += ray_d[k][0], y += ray_d[k][1]) {
                int to = y * 8 + x;
                if (mine >> to & 1) break;
                if (occ >> to & 1) {
                    if (p->type[piece_at(p, to)] != CHB_K) n = add(p, out, n, free_from, ks, occ, s, to, 0, 1, 0, 0);
                    break;
                }
                if (!exits_only) n = add(p, out, n, free_from, ks, occ, s, to, 0, 0, 0, 0);
            }
    }
    return n;
}

int chb_moves(const chb_pos *p, chb_move *out) { return gen(p, out, 0); }
int chb_exit_moves(const chb_pos *p, chb_move *out) { return gen(p, out, 1); }

int chb_unmove_list(const chb_pos *p, uint8_t *slot, uint8_t *from)
{
    if (!chb_ready) chb_tables_init();
    int n = 0, c = !p->stm; /* the side that just moved */
    uint64_t occ = occupancy(p);
    int ks = -1;
    for (int i = 0; i < p->n; i++)
        if (p->type[i] == CHB_K && p->color[i] == p->stm) ks = p->sq[i];
    for (int i = 0; i < p->n; i++) {
        if (p->color[i] != c) continue;
        int s = p->sq[i], f = s & 7, r = s >> 3, t = p->type[i];
        /* The parent (piece i back on a square x) is legal when no piece of
         * c attacks ks there. Another piece j that reaches ks past no
         * blocker but i: x must stand between them (none between a king,
         * knight or pawn and ks: no x then). */
        uint64_t allowed = ~0ull;
        for (int j = 0; j < p->n; j++) {
            if (j == i || p->color[j] != c || !(chb_reach[p->type[j]][c][p->sq[j]] >> ks & 1)) continue;
            uint64_t line = chb_between[p->sq[j]][ks];
            if (!(line & occ & ~(1ull << s))) allowed &= line;
        }
        if (!allowed) continue;
        /* the squares x it came from, empty now */
        uint64_t xs = 0;
        if (t == CHB_P) {
            int dir = c == CHB_WHITE ? 1 : -1, start = c == CHB_WHITE ? 1 : 6;
            int r0 = r - dir;
            if (r0 == start - dir || (occ >> (r0 * 8 + f) & 1)) continue; /* from the first rank: impossible */
            xs = 1ull << (r0 * 8 + f);
            if (r0 - dir == start && !(occ >> ((r0 - dir) * 8 + f) & 1)) xs |= 1ull << ((r0 - dir) * 8 + f);
        } else if (t == CHB_K || t == CHB_N) {
            xs = (t == CHB_K ? chb_king_mask[s] : chb_knight_mask[s]) & ~occ;
        } else {
            xs = chb_slider(t, s, occ) & ~occ;
        }
        for (xs &= allowed; xs; xs &= xs - 1) {
            int x = __builtin_ctzll(xs);
            /* piece i itself must not attack ks from x */
            if (attacks_from(t, c, x, ks, (occ & ~(1ull << s)) | 1ull << x)) continue;
            slot[n] = (uint8_t)i;
            from[n] = (uint8_t)x;
            n++;
        }
    }
    return n;
}

int chb_unmoves(const chb_pos *p, chb_pos *out)
{
    uint8_t slot[CHB_MAX_MOVES], from[CHB_MAX_MOVES];
    int n = chb_unmove_list(p, slot, from);
    for (int k = 0; k < n; k++) {
        out[k] = *p;
        out[k].sq[slot[k]] = from[k];
        out[k].stm = !p->stm;
        out[k].ep = -1;
    }
    return n;
}

char chb_piece_char(int type, int color)
{
    char ch = "KQRBNP"[type];
    return color == CHB_WHITE ? ch : (char)(ch + 32);
}

int chb_parse_fen(const char *fen, chb_pos *p, char *err, int errsize)
{
    return chb_parse_fen_max(fen, 4, p, err, errsize);
}

int chb_parse_fen_max(const char *fen, int max_pieces, chb_pos *p, char *err, int errsize)
{
    memset(p, 0, sizeof *p);
    p->ep = -1;
    const char *s = fen;
    while (*s == ' ') s++;
    int rank = 7, file = 0;
    for (; *s && *s != ' '; s++) {
        char ch = *s;
        if (ch == '/') {
            if (file != 8 || rank == 0) goto bad_board;
            rank--;
            file = 0;
        } else if (ch >= '1' && ch <= '8') {
            file += ch - '0';
            if (file > 8) goto bad_board;
        } else {
            const char *k = strchr("KQRBNPkqrbnp", ch);
            if (!k || file >= 8) goto bad_board;
            if (p->n >= max_pieces || p->n >= CHB_MAX_PIECES) {
                if (max_pieces <= 4)
                    snprintf(err, (size_t)errsize, "more than four pieces (kings included): tables cover up to four");
                else snprintf(err, (size_t)errsize, "more than five pieces (kings included): tables cover up to five");
                return 0;
            }
            int idx = (int)(k - "KQRBNPkqrbnp");
            p->type[p->n] = (uint8_t)(idx % 6);
            p->color[p->n] = (uint8_t)(idx / 6);
            p->sq[p->n] = (uint8_t)(rank * 8 + file);
            p->n++;
            file++;
        }
    }
    if (p->n == 0 && rank == 7 && file == 0) goto short_fen;
    if (rank != 0 || file != 8) goto bad_board;
    while (*s == ' ') s++;
    if (!*s) goto short_fen;
    if (*s == 'w' || *s == 'b') p->stm = *s++ == 'b';
    else {
        snprintf(err, (size_t)errsize, "the side to move must be 'w' or 'b'");
        return 0;
    }
    if (*s && *s != ' ') goto bad_side;
    while (*s == ' ') s++;
    if (!*s) goto short_fen;
    if (*s != '-' || (s[1] && s[1] != ' ')) {
        snprintf(err, (size_t)errsize, "castling rights must be '-' (no castling in these endings)");
        return 0;
    }
    s++;
    while (*s == ' ') s++;
    if (!*s) goto short_fen;
    if (*s == '-') s++;
    else {
        if (s[0] < 'a' || s[0] > 'h' || (s[1] != '3' && s[1] != '6') || (s[2] && s[2] != ' ')) {
            snprintf(err, (size_t)errsize, "the en passant square must be '-' or a square on rank 3 or 6");
            return 0;
        }
        p->ep = (s[1] - '1') * 8 + (s[0] - 'a');
        s += 2;
    }
    while (*s == ' ') s++;
    /* the clocks: two numbers, optional */
    for (int k = 0; k < 2 && *s; k++) {
        if (*s < '0' || *s > '9') {
            snprintf(err, (size_t)errsize, "the move clocks must be numbers");
            return 0;
        }
        while (*s >= '0' && *s <= '9') s++;
        while (*s == ' ') s++;
    }
    if (*s && *s != '\n' && *s != '\r') {
        snprintf(err, (size_t)errsize, "unexpected text after the FEN");
        return 0;
    }
    const char *why = chb_illegal(p);
    if (why) {
        snprintf(err, (size_t)errsize, "illegal position: %s", why);
        return 0;
    }
    if (p->ep >= 0) {
        /* right after a double step of the side not to move: its pawn just
         * beyond the square, the square and the one behind empty */
        int up = p->stm == CHB_WHITE ? 8 : -8;
        int need_rank = p->stm == CHB_WHITE ? 5 : 2;
        int v = piece_at(p, p->ep - up);
        if ((p->ep >> 3) != need_rank || v < 0 || p->type[v] != CHB_P || p->color[v] == p->stm ||
            piece_at(p, p->ep) >= 0 || piece_at(p, p->ep + up) >= 0) {
            snprintf(err, (size_t)errsize, "impossible en passant square (no double step just made there)");
            return 0;
        }
        if (!chb_ep_possible(p)) p->ep = -1; /* no pawn can take: the same position */
    }
    return 1;
bad_board:
    snprintf(err, (size_t)errsize, "illegal FEN: the board field is not 8 ranks of 8 squares");
    return 0;
bad_side:
    snprintf(err, (size_t)errsize, "the side to move must be 'w' or 'b'");
    return 0;
short_fen:
    snprintf(err, (size_t)errsize, "illegal FEN: it needs at least board, side to move, castling, en passant");
    return 0;
}

void chb_fen(const chb_pos *p, char *buf, int size)
{
    char b[100];
    int k = 0;
    for (int r = 7; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < 8; f++) {
            int i = piece_at(p, r * 8 + f);
            if (i < 0) {
                empty++;
                continue;
            }
            if (empty) b[k++] = (char)('0' + empty);
            empty = 0;
            b[k++] = chb_piece_char(p->type[i], p->color[i]);
        }
        if (empty) b[k++] = (char)('0' + empty);
        if (r) b[k++] = '/';
    }
    b[k] = 0;
    char ep[3] = "-";
    if (p->ep >= 0) {
        ep[0] = (char)('a' + (p->ep & 7));
        ep[1] = (char)('1' + (p->ep >> 3));
        ep[2] = 0;
    }
    snprintf(buf, (size_t)size, "%s %c - %s 0 1", b, p->stm ? 'b' : 'w', ep);
}

void chb_uci(const chb_move *m, char *buf)
{
    buf[0] = (char)('a' + (m->from & 7));
    buf[1] = (char)('1' + (m->from >> 3));
    buf[2] = (char)('a' + (m->to & 7));
    buf[3] = (char)('1' + (m->to >> 3));
    buf[4] = m->promo ? "kqrbnp"[m->promo] : 0;
    buf[5] = 0;
}
