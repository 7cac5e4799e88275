/* game_tictactoe.c: tic-tac-toe on 3x3 and 4x4 boards from any position.
 *
 * Cells are numbered row-major and a board is two bitboards, one per player:
 *
 *    0 | 1 | 2 | 3        bit c of x: X on cell c
 *   ---+---+---+---       bit c of o: O on cell c
 *    4 | 5 | 6 | 7        (3x3: cells 0..8, rows of three)
 *   ---+---+---+---
 *    8 | 9 |10 |11        A line is n in a row, a column or a diagonal:
 *   ---+---+---+---       8 lines on 3x3, 10 on 4x4.
 *   12 |13 |14 |15
 *
 * X is MAX: the value is +1 if X wins, -1 if O wins, 0 for a draw. The
 * player to move alternates from the root's. The moves are the empty cells
 * in row-major order (what UVa 10111 searches first). The key is
 * x | o << 16, canonical under the 8 symmetries of the square (a rotated or
 * reflected position has the same value), which shrinks the 4x4 table
 * about eightfold.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct tpos {
    uint16_t x, o;
} tpos;

struct pp_ttt {
    pp_game game;
    int n, cells;
    int nlines;
    uint16_t lines[10];
    uint16_t lines_through[16][5]; /* the lines of each cell (up to 4), 0-terminated */
    uint16_t full;
    tpos root;
    int root_player, root_count;
    /* sym[s][half][byte]: where the bits of one byte go under symmetry s */
    uint16_t sym[8][2][256];
};

static int popcount16(unsigned v)
{
    int c = 0;
    for (; v; v &= v - 1) c++;
    return c;
}

static int has_line(const pp_ttt *t, uint16_t b)
{
    for (int i = 0; i < t->nlines; i++)
        if ((b & t->lines[i]) == t->lines[i]) return 1;
    return 0;
}

static int ttt_player(void *ctx, const void *pos)
{
    const pp_ttt *t = ctx;
    const tpos *p = pos;
    return t->root_player ^ ((popcount16(p->x) + popcount16(p->o) - t->root_count) & 1);
}

static int ttt_leaf(void *ctx, const void *pos, int32_t *v)
{
    const pp_ttt *t = ctx;
    const tpos *p = pos;
    if (has_line(t, p->x)) *v = 1;
    else if (has_line(t, p->o)) *v = -1;
    else if ((p->x | p->o) == t->full) *v = 0;
    else return 0;
    return 1;
}

static uint32_t ttt_moves(void *ctx, const void *pos, int32_t *out)
{
    const pp_ttt *t = ctx;
    const tpos *p = pos;
    uint32_t n = 0;
    for (int c = 0; c < t->cells; c++)
        if (!((p->x | p->o) >> c & 1)) out[n++] = c;
    return n;
}

static void ttt_play(void *ctx, const void *pos, int32_t move, void *child)
{
    tpos c = *(const tpos *)pos;
    if (ttt_player(ctx, pos) == PP_AB_MAX) c.x |= (uint16_t)(1u << move);
    else c.o |= (uint16_t)(1u << move);
    memcpy(child, &c, sizeof c);
}

/* A move's promise for the player to move: win now, else block a win, else
 * the open lines through the cell, weighted by the mover's pieces on them. */
static int32_t ttt_order(void *ctx, const void *pos, int32_t move)
{
    const pp_ttt *t = ctx;
    const tpos *p = pos;
    int max = ttt_player(ctx, pos) == PP_AB_MAX;
    uint16_t mine = max ? p->x : p->o, theirs = max ? p->o : p->x;
    int32_t score = 0;
    for (const uint16_t *l = t->lines_through[move]; *l; l++) {
        int own = popcount16(mine & *l), opp = popcount16(theirs & *l);
        if (own == t->n - 1 && opp == 0) score += 10000;
        else if (opp == t->n - 1 && own == 0) score += 1000;
        else if (opp == 0) score += 1 + 4 * own * own;
    }
    return score;
}

static uint16_t transform(const pp_ttt *t, int s, uint16_t b)
{
    return (uint16_t)(t->sym[s][0][b & 0xFF] | t->sym[s][1][b >> 8]);
}

static uint64_t ttt_hash(void *ctx, const void *pos)
{
    const pp_ttt *t = ctx;
    const tpos *p = pos;
    uint64_t best = UINT64_MAX;
    for (int s = 0; s < 8; s++) {
        uint64_t k = transform(t, s, p->x) | (uint64_t)transform(t, s, p->o) << 16;
        if (k < best) best = k;
    }
    return best;
}

/* Lines, the symmetry tables and the game, for an n x n board. */
static void init_board(pp_ttt *t, int n)
{
    t->n = n;
    t->cells = n * n;
    t->full = (uint16_t)((1u << t->cells) - 1);
    int k = 0;
    for (int r = 0; r < n; r++) {
        uint16_t row = 0, col = 0;
        for (int c = 0; c < n; c++) {
            row |= (uint16_t)(1u << (r * n + c));
            col |= (uint16_t)(1u << (c * n + r));
        }
        t->lines[k++] = row;
        t->lines[k++] = col;
    }
    uint16_t d1 = 0, d2 = 0;
    for (int i = 0; i < n; i++) {
        d1 |= (uint16_t)(1u << (i * n + i));
        d2 |= (uint16_t)(1u << (i * n + n - 1 - i));
    }
    t->lines[k++] = d1;
    t->lines[k++] = d2;
    t->nlines = k;
    for (int c = 0; c < t->cells; c++) {
        int m = 0;
        for (int i = 0; i < k; i++)
            if (t->lines[i] >> c & 1) t->lines_through[c][m++] = t->lines[i];
        t->lines_through[c][m] = 0;
    }
    /* The 8 symmetries: s & 3 quarter turns, then a mirror if s & 4. */
    for (int s = 0; s < 8; s++)
        for (int half = 0; half < 2; half++)
            for (int byte = 0; byte < 256; byte++) {
                uint16_t out = 0;
                for (int bit = 0; bit < 8; bit++) {
                    int c = half * 8 + bit;
                    if (!(byte >> bit & 1) || c >= t->cells) continue;
                    int r = c / n, col = c % n;
                    for (int q = 0; q < (s & 3); q++) { /* (r, col) -> (col, n-1-r) */
                        int tmp = r;
                        r = col;
                        col = n - 1 - tmp;
                    }
                    if (s & 4) col = n - 1 - col;
                    out |= (uint16_t)(1u << (r * n + col));
                }
                t->sym[s][half][byte] = out;
            }
    pp_game *g = &t->game;
    memset(g, 0, sizeof *g);
    g->name = "tic-tac-toe";
    g->ctx = t;
    g->state_bytes = sizeof(tpos);
    g->max_moves = (uint32_t)t->cells;
    g->lo = -1;
    g->hi = 1;
    g->root = &t->root;
    g->player = ttt_player;
    g->leaf = ttt_leaf;
    g->moves = ttt_moves;
    g->play = ttt_play;
    g->order = ttt_order;
    g->hash = ttt_hash;
}

pp_status pp_ttt_from_cells(int n, const char *cells, int to_move, pp_ttt **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_ttt_from_cells: no output handle");
    *out = NULL;
    if (n < PP_TTT_MIN_SIZE || n > PP_TTT_MAX_SIZE || !cells)
        return pp__fail(err, PP_ERR_INPUT, "a board of %d rows: the boards are 3x3 or 4x4", n);
    tpos p = {0, 0};
    for (int c = 0; c < n * n; c++) {
        char ch = cells[c];
        if (ch == 'X' || ch == 'x') p.x |= (uint16_t)(1u << c);
        else if (ch == 'O' || ch == 'o') p.o |= (uint16_t)(1u << c);
        else if (ch != '.' && ch != ' ')
            return pp__fail(err, PP_ERR_INPUT, "row %d, column %d: '%c' is not X, O, '.' or ' '", c / n, c % n, ch);
    }
    pp_ttt *t = calloc(1, sizeof *t);
    if (!t) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the board");
    init_board(t, n);
    int nx = popcount16(p.x), no = popcount16(p.o), xwins = has_line(t, p.x), owins = has_line(t, p.o);
    const char *why = NULL;
    if (to_move < 0) {
        /* X moves first, so X has as many pieces as O or one more, and the
         * game stopped at the first line (LeetCode 794's rules). */
        if (nx != no && nx != no + 1) why = "X moves first, so X must have as many pieces as O or one more";
        else if (xwins && owins) why = "both X and O have a line";
        else if (xwins && nx != no + 1) why = "X has a line, so the game ended on X's move, yet O has moved since";
        else if (owins && nx != no) why = "O has a line, so the game ended on O's move, yet X has moved since";
        to_move = nx == no ? 0 : 1;
    } else if (xwins && owins) {
        why = "both X and O have a line";
    }
    if (why) {
        free(t);
        return pp__fail(err, PP_ERR_INPUT, "not a position of the game: %s (%d X, %d O)", why, nx, no);
    }
    t->root = p;
    t->root_player = to_move ? PP_AB_MIN : PP_AB_MAX;
    t->root_count = nx + no;
    t->game.max_depth = (uint32_t)(t->cells - t->root_count);
    *out = t;
    return PP_OK;
}

pp_status pp_ttt_parse(const char *text, size_t len, pp_ttt **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_ttt_parse: no output handle");
    *out = NULL;
    static const char *const names[] = {"board"};
    ppi_doc doc;
    pp_status s = ppi_parse(&doc, text, len, names, 1, err);
    if (s != PP_OK) return s;
    const ppi_node *b = &doc.nodes[doc.args[0]];
    char where[48], cells[PP_TTT_MAX_SIZE * PP_TTT_MAX_SIZE];
    int n = (int)b->len, r = 0;
    ppi_where(&doc, b->pos, where, sizeof where);
    if (b->type != PPI_LIST) s = pp__fail(err, PP_ERR_INPUT, "%s: board must be a list of row strings", where);
    else if (n < PP_TTT_MIN_SIZE || n > PP_TTT_MAX_SIZE)
        s = pp__fail(err, PP_ERR_INPUT, "%s: board has %d rows; tic-tac-toe here is 3x3 or 4x4", where, n);
    for (int32_t k = s == PP_OK ? b->first : -1; k >= 0; k = doc.nodes[k].next, r++) {
        const ppi_node *row = &doc.nodes[k];
        ppi_where(&doc, row->pos, where, sizeof where);
        if (row->type != PPI_STR) {
            s = pp__fail(err, PP_ERR_INPUT, "%s: board[%d] must be a string like \"X.O\"", where, r);
            break;
        }
        if ((int)row->len != n) {
            s = pp__fail(err, PP_ERR_INPUT, "%s: board[%d] has %u cells, but the board has %d rows", where, r, row->len,
                         n);
            break;
        }
        memcpy(cells + r * n, doc.strs + row->first, (size_t)n);
    }
    if (s == PP_OK) {
        s = pp_ttt_from_cells(n, cells, -1, out, err);
        if (s != PP_OK && err) { /* say where: the whole board */
            char msg[sizeof err->msg];
            snprintf(msg, sizeof msg, "%s", err->msg);
            ppi_where(&doc, b->pos, where, sizeof where);
            pp__fail(err, s, "%s: %s", where, msg);
        }
    }
    ppi_free(&doc);
    return s;
}

void pp_ttt_free(pp_ttt *t) { free(t); }
const pp_game *pp_ttt_game(const pp_ttt *t) { return t ? &t->game : NULL; }
int pp_ttt_size(const pp_ttt *t) { return t ? t->n : 0; }
int pp_ttt_to_move(const pp_ttt *t) { return t ? t->root_player : 0; }

int pp_ttt_cell(const pp_ttt *t, int row, int col)
{
    if (!t || row < 0 || col < 0 || row >= t->n || col >= t->n) return 0;
    int c = row * t->n + col;
    return t->root.x >> c & 1 ? 'X' : t->root.o >> c & 1 ? 'O' : '.';
}

int pp_ttt_move_cell(const pp_ttt *t, int32_t index)
{
    int32_t moves[16];
    if (!t || index < 0) return -1;
    uint32_t n = ttt_moves((void *)t, &t->root, moves);
    return (uint32_t)index < n ? moves[index] : -1;
}
