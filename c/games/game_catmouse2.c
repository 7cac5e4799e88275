/* game_catmouse2.c: Cat and Mouse II (LeetCode 1728) as a game for the retrograde solver.
 *
 * The board: rows x cols cells (1 to 8 each) numbered row-major,
 * p = row * cols + col, P = rows * cols <= 64 cells. LeetCode's example 1:
 *
 *   grid = ["####F",       cells   0  1  2  3  4
 *           "#C...",               5  6  7  8  9
 *           "M...."]              10 11 12 13 14
 *
 * A move jumps 0 to J cells (J = catJump or mouseJump) up, down, left or
 * right in a straight line; walls and the border stop it, nothing else
 * does (the mouse may jump over the cat, the cat over the mouse). Staying
 * put is a move, so a mover always has one. A jump is undone by the jump
 * back, so the cells a player can come from are the cells it can jump to.
 *
 * State ids: two P x P blocks, laid out like Cat and Mouse's (perfect_play.h)
 * so that all parents of a state lie in one row of P states:
 *
 *   s in [0, P*P)        mouse to move, cat-major:   s = cat * P + mouse
 *   s in [P*P, 2*P*P)    cat to move, mouse-major:   s = P*P + mouse * P + cat
 *
 * Kinds, the first rule that applies:
 *
 *   mouse or cat on a wall     invalid (no move leads there)
 *   cat on the mouse's cell    terminal, the cat wins (also on the food)
 *   cat on the food            terminal, the cat wins (it got there first)
 *   mouse on the food          terminal, the mouse wins
 *   anything else              inner: moves = cells the mover can jump to
 *
 * Terminal states are terminal whoever is to move: (mouse on the food, cat
 * to move) is how the mouse wins; (mouse on the food, mouse to move) is
 * never reached in play and is a mouse win all the same.
 *
 * The 1000-turn rule. The solver decides the states from which one player
 * can force a win, with remoteness = the turns (moves of either player) the
 * game then lasts, the winner hurrying and the loser delaying: the fewest
 * turns in which the mouse can make sure of the food. So the mouse wins
 * LeetCode's game iff the start is decided for the mouse with remoteness at
 * most 1000 (pp_catmouse2_mouse_wins_within). A state never decided is a
 * cat win: the cat can keep the mouse from the food forever. (With at most
 * 8192 states the remoteness stays far below 1000 on every board tried, but
 * the rule is checked, not assumed.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define MAX_CELLS (PP_CATMOUSE2_MAX_SIDE * PP_CATMOUSE2_MAX_SIDE)
#define MAX_DESTS (2 * PP_CATMOUSE2_MAX_SIDE - 1) /* staying, plus a whole row and column */

enum { MOUSE = 0, CAT = 1 };

struct pp_catmouse2 {
    int rows, cols, cells; /* cells = rows * cols */
    int jump[2];           /* [MOUSE] mouseJump, [CAT] catJump */
    int mouse, cat, food;  /* start cells and the food */
    char grid[MAX_CELLS];  /* the input's characters, row-major */
    /* [player][cell]: the cells a jump reaches (staying first); none on walls */
    uint8_t ndest[2][MAX_CELLS];
    uint8_t dest[2][MAX_CELLS][MAX_DESTS];
    pp_retro_game game;
};

/* (mouse, cat, turn) of a state id; see the layout above. */
static void decode(const pp_catmouse2 *g, uint32_t s, int *m, int *c, int *turn)
{
    uint32_t P = (uint32_t)g->cells, PP = P * P, t = s >= PP, rest = t ? s - PP : s;
    uint32_t row = rest / P, col = rest % P;
    *m = (int)(t ? row : col);
    *c = (int)(t ? col : row);
    *turn = (int)t;
}

static uint32_t encode(const pp_catmouse2 *g, int m, int c, int turn)
{
    uint32_t P = (uint32_t)g->cells;
    return turn ? P * P + (uint32_t)m * P + (uint32_t)c : (uint32_t)c * P + (uint32_t)m;
}

/* The kinds of the comment above, for positions off the walls. */
static int is_terminal(const pp_catmouse2 *g, int m, int c) { return m == c || c == g->food || m == g->food; }

static void cm2_info(void *ctx, uint32_t s, pp_state_info *out)
{
    const pp_catmouse2 *g = ctx;
    int m, c, turn;
    decode(g, s, &m, &c, &turn);
    out->mover = (uint8_t)turn;
    out->moves = 0;
    out->outcome = PP_DRAW;
    if (g->grid[m] == '#' || g->grid[c] == '#') {
        out->kind = PP_STATE_INVALID;
    } else if (m == c || c == g->food) {
        out->kind = PP_STATE_TERMINAL;
        out->outcome = PP_WIN1;
    } else if (m == g->food) {
        out->kind = PP_STATE_TERMINAL;
        out->outcome = PP_WIN0;
    } else {
        out->kind = PP_STATE_INNER;
        out->moves = g->ndest[turn][turn == MOUSE ? m : c];
    }
}

/* The inner states with a move into s: the other player to move, one jump
 * back. Terminal and invalid states have no moves, so are never listed. */
static uint32_t cm2_parents(void *ctx, uint32_t s, uint32_t *out)
{
    const pp_catmouse2 *g = ctx;
    int m, c, turn;
    uint32_t k = 0;
    decode(g, s, &m, &c, &turn);
    if (g->grid[m] == '#' || g->grid[c] == '#') return 0;
    if (turn == CAT) { /* the mouse jumped last, from m' */
        for (int i = 0; i < g->ndest[MOUSE][m]; i++) {
            int from = g->dest[MOUSE][m][i];
            if (!is_terminal(g, from, c)) out[k++] = encode(g, from, c, MOUSE);
        }
    } else { /* the cat jumped last, from c' */
        for (int i = 0; i < g->ndest[CAT][c]; i++) {
            int from = g->dest[CAT][c][i];
            if (!is_terminal(g, m, from)) out[k++] = encode(g, m, from, CAT);
        }
    }
    return k;
}

/* The states one move from s (none from terminal and invalid states). */
static uint32_t cm2_children(void *ctx, uint32_t s, uint32_t *out)
{
    const pp_catmouse2 *g = ctx;
    int m, c, turn;
    decode(g, s, &m, &c, &turn);
    if (g->grid[m] == '#' || g->grid[c] == '#' || is_terminal(g, m, c)) return 0;
    int from = turn == MOUSE ? m : c;
    uint32_t k = 0;
    for (int i = 0; i < g->ndest[turn][from]; i++) {
        int to = g->dest[turn][from][i];
        out[k++] = turn == MOUSE ? encode(g, to, c, CAT) : encode(g, m, to, MOUSE);
    }
    return k;
}

/* "(r2c0,r1c1,cat)": the mouse's cell, the cat's, the player to move. */
static int cm2_describe(void *ctx, uint32_t s, char *buf, size_t size)
{
    const pp_catmouse2 *g = ctx;
    int m, c, turn;
    decode(g, s, &m, &c, &turn);
    return snprintf(buf, size, "(r%dc%d,r%dc%d,%s)", m / g->cols, m % g->cols, c / g->cols, c % g->cols,
                    turn ? "cat" : "mouse");
}

void pp_catmouse2_free(pp_catmouse2 *g) { free(g); }

int pp_catmouse2_rows(const pp_catmouse2 *g) { return g ? g->rows : 0; }
int pp_catmouse2_cols(const pp_catmouse2 *g) { return g ? g->cols : 0; }
int pp_catmouse2_cell(const pp_catmouse2 *g, int row, int col)
{
    if (!g || row < 0 || row >= g->rows || col < 0 || col >= g->cols) return 0;
    return g->grid[row * g->cols + col];
}
int pp_catmouse2_cat_jump(const pp_catmouse2 *g) { return g ? g->jump[CAT] : 0; }
int pp_catmouse2_mouse_jump(const pp_catmouse2 *g) { return g ? g->jump[MOUSE] : 0; }
int pp_catmouse2_mouse_start(const pp_catmouse2 *g) { return g ? g->mouse : -1; }
int pp_catmouse2_cat_start(const pp_catmouse2 *g) { return g ? g->cat : -1; }
int pp_catmouse2_food(const pp_catmouse2 *g) { return g ? g->food : -1; }
const pp_retro_game *pp_catmouse2_retro(const pp_catmouse2 *g) { return g ? &g->game : NULL; }

uint32_t pp_catmouse2_state(const pp_catmouse2 *g, int mouse, int cat, int turn)
{
    if (!g || mouse < 0 || mouse >= g->cells || cat < 0 || cat >= g->cells) return UINT32_MAX;
    return encode(g, mouse, cat, turn != 0);
}

void pp_catmouse2_decode(const pp_catmouse2 *g, uint32_t state, int *mouse, int *cat, int *turn)
{
    int m = -1, c = -1, t = -1;
    if (g && state < g->game.nstates) decode(g, state, &m, &c, &t);
    if (mouse) *mouse = m;
    if (cat) *cat = c;
    if (turn) *turn = t;
}

uint32_t pp_catmouse2_start(const pp_catmouse2 *g) { return g ? encode(g, g->mouse, g->cat, MOUSE) : UINT32_MAX; }

int pp_catmouse2_mouse_wins_within(const pp_catmouse2 *g, const pp_retro *r, uint32_t state, int turns)
{
    if (!g || !r || pp_retro_nstates(r) != g->game.nstates || state >= g->game.nstates || !pp_retro_done(r))
        return -1; /* no solve of this board, or not finished */
    return pp_retro_outcomes(r)[state] == PP_WIN0 && pp_retro_remoteness(r)[state] <= turns;
}

int pp_catmouse2_answer(const pp_catmouse2 *g, const pp_retro *r)
{
    return pp_catmouse2_mouse_wins_within(g, r, pp_catmouse2_start(g), PP_CATMOUSE2_MAX_TURNS);
}

/* ---- Building and checking a board ---- */

/* Where a grid comes from, for messages: a parsed document (the column of
 * each cell) or the cells API (no columns). */
typedef struct origin {
    const ppi_doc *doc;
    int32_t rows[PP_CATMOUSE2_MAX_SIDE]; /* the string node of each row */
} origin;

/* "column 14: " for grid[r][k] when parsed, else "". */
static void where_cell(const origin *o, int r, int k, char *buf, size_t size)
{
    buf[0] = '\0';
    if (!o || !o->doc) return;
    const ppi_doc *d = o->doc;
    const ppi_node *str = &d->nodes[o->rows[r]];
    size_t at = str->pos + 1; /* after the opening quote; escapes are 2 bytes */
    for (int i = 0; i < k && at < d->len; i++) at += d->text[at] == '\\' ? 2 : 1;
    ppi_where(d, (uint32_t)at, buf, size - 2);
    strcat(buf, ": ");
}

static int is_cell(char ch) { return ch && strchr("#.CMF", ch); }

/* The error for grid[r][k], which is not a cell: s points at it, `left`
 * bytes remain. A whole UTF-8 character is quoted as it is ('é'), as the
 * input parser does; other bytes by value. */
static pp_status fail_char(const char *where, int r, int k, const char *s, size_t left, pp_error *err)
{
    const unsigned char *u = (const unsigned char *)s;
    unsigned char ch = u[0];
    size_t seq = ch >= 0xF0 && ch < 0xF5 ? 4 : ch >= 0xE0 && ch < 0xF0 ? 3 : ch >= 0xC2 && ch < 0xE0 ? 2 : 1;
    int utf8 = seq > 1 && seq <= left;
    for (size_t i = 1; utf8 && i < seq; i++) utf8 = (u[i] & 0xC0) == 0x80;
    char what[16];
    if (ch >= 0x20 && ch < 0x7F) snprintf(what, sizeof what, "'%c'", ch);
    else if (utf8) snprintf(what, sizeof what, "'%.*s'", (int)seq, s);
    else snprintf(what, sizeof what, "byte 0x%02X", ch);
    return pp__fail(err, PP_ERR_INPUT,
                    "%sgrid[%d][%d] is %s; a cell is '#' (wall), '.' (floor), 'C' (cat), 'M' (mouse) or 'F' "
                    "(food)",
                    where, r, k, what);
}

static const char *piece_name(char ch) { return ch == 'C' ? "cat" : ch == 'M' ? "mouse" : "food"; }

/* Every rule of the problem on the cells of a grid of the right shape. */
static pp_status validate_cells(int rows, int cols, const char *cells, const origin *o, pp_error *err)
{
    static const char pieces[] = "CMF";
    int first[3] = {-1, -1, -1};
    char where[64];
    for (int p = 0; p < rows * cols; p++) {
        char ch = cells[p];
        if (ch == '#' || ch == '.') continue;
        where_cell(o, p / cols, p % cols, where, sizeof where);
        if (!is_cell(ch)) return fail_char(where, p / cols, p % cols, cells + p, (size_t)(rows * cols - p), err);
        int i = (int)(strchr(pieces, ch) - pieces);
        if (first[i] >= 0)
            return pp__fail(err, PP_ERR_INPUT,
                            "%sgrid[%d][%d] is a second '%c' (the first is grid[%d][%d]): the grid has "
                            "exactly one %s",
                            where, p / cols, p % cols, ch, first[i] / cols, first[i] % cols, piece_name(ch));
        first[i] = p;
    }
    for (int i = 0; i < 3; i++)
        if (first[i] < 0)
            return pp__fail(err, PP_ERR_INPUT, "the grid has no '%c' (the %s): exactly one is needed", pieces[i],
                            piece_name(pieces[i]));
    return PP_OK;
}

static pp_status check_jump(const char *where, const char *name, long long jump, pp_error *err)
{
    if (jump >= 1 && jump <= PP_CATMOUSE2_MAX_JUMP) return PP_OK;
    return pp__fail(err, PP_ERR_INPUT, "%s%s is %lld; it must be 1 to %d", where, name, jump, PP_CATMOUSE2_MAX_JUMP);
}

static pp_status check_shape(int rows, int cols, pp_error *err)
{
    if (rows < 1 || cols < 1)
        return pp__fail(err, PP_ERR_INPUT, "the grid has %d row%s of %d cell%s; it needs at least 1 of each", rows,
                        rows == 1 ? "" : "s", cols, cols == 1 ? "" : "s");
    if (rows > PP_CATMOUSE2_MAX_SIDE || cols > PP_CATMOUSE2_MAX_SIDE)
        return pp__fail(err, PP_ERR_LIMIT, "the grid is %d x %d; the limit is %d x %d", rows, cols,
                        PP_CATMOUSE2_MAX_SIDE, PP_CATMOUSE2_MAX_SIDE);
    return PP_OK;
}

/* A validated board: the jump tables and the game. */
static pp_status build(int rows, int cols, const char *cells, int cat_jump, int mouse_jump, pp_catmouse2 **out,
                       pp_error *err)
{
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    pp_catmouse2 *g = calloc(1, sizeof *g);
    if (!g) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the grid");
    g->rows = rows;
    g->cols = cols;
    g->cells = rows * cols;
    g->jump[CAT] = cat_jump;
    g->jump[MOUSE] = mouse_jump;
    memcpy(g->grid, cells, (size_t)g->cells);
    uint32_t most = 0;
    for (int p = 0; p < g->cells; p++) {
        if (cells[p] == 'C') g->cat = p;
        if (cells[p] == 'M') g->mouse = p;
        if (cells[p] == 'F') g->food = p;
        for (int who = 0; who < 2 && cells[p] != '#'; who++) {
            uint8_t *d = g->dest[who][p], n = 0;
            d[n++] = (uint8_t)p;
            for (int dir = 0; dir < 4; dir++)
                for (int step = 1; step <= g->jump[who]; step++) {
                    int r = p / cols + dr[dir] * step, c = p % cols + dc[dir] * step;
                    if (r < 0 || r >= rows || c < 0 || c >= cols || cells[r * cols + c] == '#') break;
                    d[n++] = (uint8_t)(r * cols + c);
                }
            g->ndest[who][p] = n;
            if (n > most) most = n;
        }
    }
    g->game.nstates = 2u * (uint32_t)g->cells * (uint32_t)g->cells;
    g->game.max_parents = most;
    g->game.max_moves = most;
    g->game.ctx = g;
    g->game.info = cm2_info;
    g->game.parents = cm2_parents;
    g->game.children = cm2_children;
    g->game.describe = cm2_describe;
    g->game.players[0] = "mouse";
    g->game.players[1] = "cat";
    *out = g;
    return PP_OK;
}

pp_status pp_catmouse2_from_cells(int rows, int cols, const char *cells, int cat_jump, int mouse_jump,
                                  pp_catmouse2 **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_catmouse2_from_cells: no output handle");
    *out = NULL;
    pp_status st = check_shape(rows, cols, err);
    if (st != PP_OK) return st;
    if (!cells) return pp__fail(err, PP_ERR_ARG, "pp_catmouse2_from_cells: no cells");
    if ((st = validate_cells(rows, cols, cells, NULL, err)) != PP_OK ||
        (st = check_jump("", "catJump", cat_jump, err)) != PP_OK ||
        (st = check_jump("", "mouseJump", mouse_jump, err)) != PP_OK)
        return st;
    return build(rows, cols, cells, cat_jump, mouse_jump, out, err);
}

/* catJump or mouseJump: an integer from 1 to 8. */
static pp_status read_jump(const ppi_doc *doc, int arg, const char *name, int *out, pp_error *err)
{
    const ppi_node *v = &doc->nodes[doc->args[arg]];
    char where[52];
    ppi_where(doc, v->pos, where, sizeof where - 2);
    strcat(where, ": ");
    if (v->type != PPI_INT)
        return pp__fail(err, PP_ERR_INPUT, "%s%s must be an integer, found %s", where, name, ppi_type_name(v->type));
    pp_status st = check_jump(where, name, (long long)v->num, err);
    if (st == PP_OK) *out = (int)v->num;
    return st;
}

/* The grid argument: a list of 1 to 8 strings, all 1 to 8 cells long. */
static pp_status read_grid(const ppi_doc *doc, origin *o, char *cells, int *rows, int *cols, pp_error *err)
{
    const ppi_node *root = &doc->nodes[doc->args[0]];
    char where[48];
    ppi_where(doc, root->pos, where, sizeof where);
    if (root->type != PPI_LIST)
        return pp__fail(err, PP_ERR_INPUT, "%s: grid must be a list of strings, found %s", where,
                        ppi_type_name(root->type));
    if (root->len == 0)
        return pp__fail(err, PP_ERR_INPUT, "%s: the grid has no rows; it needs 1 to %d", where, PP_CATMOUSE2_MAX_SIDE);
    if (root->len > PP_CATMOUSE2_MAX_SIDE)
        return pp__fail(err, PP_ERR_LIMIT, "%s: the grid has %u rows; the limit is %d", where, root->len,
                        PP_CATMOUSE2_MAX_SIDE);
    int r = 0;
    for (int32_t it = root->first; it >= 0; it = doc->nodes[it].next, r++) {
        const ppi_node *row = &doc->nodes[it];
        ppi_where(doc, row->pos, where, sizeof where);
        if (row->type != PPI_STR)
            return pp__fail(err, PP_ERR_INPUT, "%s: grid[%d] must be a string, found %s", where, r,
                            ppi_type_name(row->type));
        /* Characters before lengths: a row's length in cells is only known
         * once each byte is a cell. */
        const char *str = doc->strs + row->first;
        size_t k = 0;
        while (k < row->len && is_cell(str[k])) k++;
        o->rows[r] = it;
        if (k < row->len) {
            char at[64];
            where_cell(o, r, (int)k, at, sizeof at);
            return fail_char(at, r, (int)k, str + k, row->len - k, err);
        }
        if (row->len == 0)
            return pp__fail(err, PP_ERR_INPUT, "%s: grid[%d] is empty; a row has 1 to %d cells", where, r,
                            PP_CATMOUSE2_MAX_SIDE);
        if (row->len > PP_CATMOUSE2_MAX_SIDE)
            return pp__fail(err, PP_ERR_LIMIT, "%s: grid[%d] has %u cells; the limit is %d", where, r, row->len,
                            PP_CATMOUSE2_MAX_SIDE);
        if (r > 0 && (int)row->len != *cols)
            return pp__fail(err, PP_ERR_INPUT,
                            "%s: grid[%d] has %u cell%s, but grid[0] has %d: every row must be as long", where, r,
                            row->len, row->len == 1 ? "" : "s", *cols);
        *cols = (int)row->len;
        memcpy(cells + r * *cols, str, row->len);
    }
    *rows = r;
    return PP_OK;
}

pp_status pp_catmouse2_parse(const char *text, size_t len, pp_catmouse2 **out, pp_error *err)
{
    static const char *const names[] = {"grid", "catJump", "mouseJump"};
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_catmouse2_parse: no output handle");
    *out = NULL;
    ppi_doc doc;
    pp_status st = ppi_parse(&doc, text, len, names, 3, err);
    if (st != PP_OK) return st;
    origin o = {&doc, {0}};
    char cells[MAX_CELLS];
    int rows = 0, cols = 0, cat_jump = 0, mouse_jump = 0;
    st = read_grid(&doc, &o, cells, &rows, &cols, err);
    if (st == PP_OK) st = validate_cells(rows, cols, cells, &o, err);
    if (st == PP_OK) st = read_jump(&doc, 1, "catJump", &cat_jump, err);
    if (st == PP_OK) st = read_jump(&doc, 2, "mouseJump", &mouse_jump, err);
    ppi_free(&doc);
    return st == PP_OK ? build(rows, cols, cells, cat_jump, mouse_jump, out, err) : st;
}
