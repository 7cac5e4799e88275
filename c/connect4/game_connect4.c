/* game_connect4.c: Connect Four on w x h boards, 4 <= w, h <= 9 with
 * w * (h + 1) <= 64: parsing a move sequence, and the position as a pp_game
 * for the generic search (the stages minimax, alphabeta, centre-first).
 *
 * A board is two 64-bit bitboards: `mask` (every stone) and one player's
 * stones. Column c owns bits c*(h+1) .. c*(h+1)+h, bottom up; the top bit of
 * each column is a guard that is always empty, so that a line never wraps
 * from one column into the next. On 7 x 6 (bit numbers):
 *
 *      .  .  .  .  .  .  .     <- guard row (always 0)
 *      5 12 19 26 33 40 47     <- top row
 *      4 11 18 25 32 39 46
 *      3 10 17 24 31 38 45
 *      2  9 16 23 30 37 44
 *      1  8 15 22 29 36 43
 *      0  7 14 21 28 35 42     <- bottom row
 *
 * Playing column c is mask |= mask + bottom(c): the carry lands on the
 * lowest empty cell. Four in a row is a shift by 1 (vertical), h+1
 * (horizontal), h and h+2 (the diagonals).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "connect4_internal.h"

static uint64_t col_bottom(const pp_c4 *p, int c) { return (uint64_t)1 << (c * (p->h + 1)); }
static uint64_t col_top(const pp_c4 *p, int c) { return (uint64_t)1 << (p->h - 1 + c * (p->h + 1)); }

static int32_t win_value(const pp_c4 *p, int32_t stones_before) { return (p->w * p->h + 1 - stones_before) / 2; }

/* ---- the pp_game ---- */

static int c4_player(void *ctx, const void *pos)
{
    (void)ctx;
    return ((const c4pos *)pos)->n % 2 ? PP_AB_MIN : PP_AB_MAX;
}

static int c4_leaf(void *ctx, const void *pos, int32_t *value)
{
    const pp_c4 *p = ctx;
    const c4pos *q = pos;
    if (q->won) {
        int32_t v = win_value(p, q->n - 1);
        *value = q->n % 2 ? v : -v; /* the first player made odd-numbered moves */
        return 1;
    }
    if (q->n == p->w * p->h) {
        *value = 0;
        return 1;
    }
    return 0;
}

static uint32_t c4_moves(void *ctx, const void *pos, int32_t *out)
{
    const pp_c4 *p = ctx;
    const c4pos *q = pos;
    uint32_t k = 0;
    for (int c = 0; c < p->w; c++)
        if (!(q->mask & col_top(p, c))) out[k++] = c;
    return k;
}

static void c4_play_pos(const pp_c4 *p, const c4pos *q, int c, c4pos *r)
{
    uint64_t mask = q->mask | (q->mask + col_bottom(p, c));
    uint64_t stone = mask ^ q->mask;
    *r = *q;
    r->mask = mask;
    if (q->n % 2 == 0) r->first |= stone;
    uint64_t mover = q->n % 2 == 0 ? r->first : r->first ^ mask;
    r->n = q->n + 1;
    r->won = c4_has_four(mover, p->h);
}

static void c4_play(void *ctx, const void *pos, int32_t move, void *child) { c4_play_pos(ctx, pos, move, child); }

/* play and leaf in one call (pp_game's play_leaf): one call through a
 * pointer a ply in the searches' walks. */
static int c4_play_leaf(void *ctx, const void *pos, int32_t move, void *child, int32_t *value)
{
    c4_play_pos(ctx, pos, move, child);
    return c4_leaf(ctx, child, value);
}

static int32_t c4_order(void *ctx, const void *pos, int32_t move)
{
    const pp_c4 *p = ctx;
    (void)pos;
    int d = 2 * move - (p->w - 1);
    return -(d < 0 ? -d : d);
}

static uint64_t c4_hash(void *ctx, const void *pos)
{
    const pp_c4 *p = ctx;
    const c4pos *q = pos;
    uint64_t own = q->n % 2 ? q->first ^ q->mask : q->first;
    (void)p;
    return own + q->mask; /* unique: the top stone of each column is marked by the carry */
}

/* ---- the API ---- */

/* "WxH": two numbers of at most two digits each around an 'x' (or 'X'),
 * nothing else; then the limits. The message never quotes the text. */
pp_status pp_c4_parse_size(const char *text, size_t len, int *w, int *h, pp_error *err)
{
    int v[2] = {0, 0};
    size_t i = 0;
    for (int k = 0; k < 2; k++) {
        size_t start = i;
        while (i < len && text[i] >= '0' && text[i] <= '9' && i - start < 3) v[k] = v[k] * 10 + (text[i++] - '0');
        if (i == start || i - start > 2 || (k == 0 && (i == len || (text[i] != 'x' && text[i] != 'X'))))
            return pp__fail(err, PP_ERR_INPUT,
                            "a board size is WxH (such as 7x6), with 4 <= W, H <= 9 and W * (H + 1) <= 64");
        if (k == 0) i++;
    }
    if (i != len)
        return pp__fail(err, PP_ERR_INPUT,
                        "a board size is WxH (such as 7x6), with 4 <= W, H <= 9 and W * (H + 1) <= 64");
    if (v[0] < PP_C4_MIN_SIZE || v[0] > PP_C4_MAX_SIZE || v[1] < PP_C4_MIN_SIZE || v[1] > PP_C4_MAX_SIZE ||
        v[0] * (v[1] + 1) > 64)
        return pp__fail(err, PP_ERR_LIMIT, "board %dx%d: W and H must be %d to %d, and W * (H + 1) at most 64", v[0],
                        v[1], PP_C4_MIN_SIZE, PP_C4_MAX_SIZE);
    *w = v[0];
    *h = v[1];
    return PP_OK;
}

pp_status pp_c4_parse(int w, int h, const char *moves, size_t len, pp_c4 **out, pp_error *err)
{
    *out = NULL;
    if (w < PP_C4_MIN_SIZE || w > PP_C4_MAX_SIZE || h < PP_C4_MIN_SIZE || h > PP_C4_MAX_SIZE)
        return pp__fail(err, PP_ERR_LIMIT, "board %dx%d: width and height must be %d to %d", w, h, PP_C4_MIN_SIZE,
                        PP_C4_MAX_SIZE);
    if (w * (h + 1) > 64)
        return pp__fail(err, PP_ERR_LIMIT, "board %dx%d: width * (height + 1) = %d must be at most 64", w, h,
                        w * (h + 1));
    pp_c4 *p = calloc(1, sizeof *p);
    if (!p) return pp__fail(err, PP_ERR_NOMEM, "out of memory");
    p->w = w;
    p->h = h;
    for (int c = 0; c < w; c++) p->bottom |= col_bottom(p, c);
    p->board = p->bottom * ((((uint64_t)1) << h) - 1);
    /* the sequence, without surrounding white space */
    while (len && (moves[len - 1] == ' ' || moves[len - 1] == '\n' || moves[len - 1] == '\r' || moves[len - 1] == '\t'))
        len--;
    size_t i0 = 0;
    while (i0 < len && (moves[i0] == ' ' || moves[i0] == '\t')) i0++;
    for (size_t i = i0; i < len; i++) {
        unsigned char ch = (unsigned char)moves[i];
        size_t k = i - i0 + 1;
        if (ch < '0' || ch > '9') {
            if (ch >= 0x20 && ch < 0x7f)
                pp__fail(err, PP_ERR_INPUT, "move %zu ('%c'): not a column (columns are 1 to %d)", k, ch, w);
            else pp__fail(err, PP_ERR_INPUT, "move %zu (byte 0x%02x): not a column (columns are 1 to %d)", k, ch, w);
            free(p);
            return PP_ERR_INPUT;
        }
        int c = ch - '1';
        if (c < 0 || c >= w) {
            pp__fail(err, PP_ERR_INPUT, "move %zu ('%c'): column %c is off the board (columns are 1 to %d)", k, ch, ch,
                     w);
            free(p);
            return PP_ERR_INPUT;
        }
        if (p->pos.won) {
            pp__fail(err, PP_ERR_INPUT, "move %zu ('%c'): the game is already won (by move %zu)", k, ch, k - 1);
            free(p);
            return PP_ERR_INPUT;
        }
        if (p->pos.mask & col_top(p, c)) {
            pp__fail(err, PP_ERR_INPUT, "move %zu ('%c'): column %c is full", k, ch, ch);
            free(p);
            return PP_ERR_INPUT;
        }
        c4pos r;
        c4_play_pos(p, &p->pos, c, &r);
        p->pos = r;
    }
    pp_game *g = &p->game;
    g->name = "connect-four";
    g->ctx = p;
    g->state_bytes = sizeof(c4pos);
    g->max_moves = (uint32_t)w;
    g->max_depth = (uint32_t)(w * h - p->pos.n + 1);
    g->hi = win_value(p, 0);
    g->lo = -g->hi;
    g->root = &p->pos;
    g->player = c4_player;
    g->leaf = c4_leaf;
    g->moves = c4_moves;
    g->play = c4_play;
    g->play_leaf = c4_play_leaf;
    g->order = c4_order;
    g->hash = c4_hash;
    *out = p;
    return PP_OK;
}

void pp_c4_free(pp_c4 *p) { free(p); }
int pp_c4_width(const pp_c4 *p) { return p->w; }
int pp_c4_height(const pp_c4 *p) { return p->h; }
int pp_c4_stones(const pp_c4 *p) { return p->pos.n; }
int pp_c4_won(const pp_c4 *p) { return p->pos.won; }

int pp_c4_can_play(const pp_c4 *p, int col)
{
    return col >= 0 && col < p->w && !p->pos.won && !(p->pos.mask & col_top(p, col));
}

pp_status pp_c4_play(pp_c4 *p, int col, pp_error *err)
{
    if (!pp_c4_can_play(p, col)) return pp__fail(err, PP_ERR_ARG, "column %d cannot be played", col + 1);
    c4pos r;
    c4_play_pos(p, &p->pos, col, &r);
    p->pos = r;
    p->game.max_depth = (uint32_t)(p->w * p->h - p->pos.n + 1);
    return PP_OK;
}

const pp_game *pp_c4_game(const pp_c4 *p) { return &p->game; }

int32_t pp_c4_score_from_value(const pp_c4 *p, int32_t value) { return p->pos.n % 2 ? -value : value; }
