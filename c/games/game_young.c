/* game_young.c: 一双木棋 (Luogu P4363, 九省联考 2018), the Young-tableau game.
 *
 * An n x m board; the players take turns placing a piece on a cell whose
 * upper and left neighbours are all filled, so the filled cells are always a
 * staircase (a Young diagram), described by the row lengths:
 *
 *   len = 4 2 2 0      ####..      a move extends a row i with
 *   (n = 4, m = 6)     ##....      len[i] < m and (i == 0 or len[i] < len[i-1])
 *                      ##....      by one cell, (i, len[i])
 *                      ......
 *
 * 菲菲 (MAX, first) scores a[i][j] for her cells, 牛牛 (MIN) b[i][j] for his;
 * the value is 菲菲's total minus 牛牛's when the board is full. The score
 * difference so far is banked, and the staircase alone is the key (base
 * m + 1 digits): at most C(n + m, n) = 184756 staircases on 10 x 10, so the
 * table turns a search of about 10^29 paths into a few hundred thousand
 * positions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct ypos {
    uint8_t len[PP_YOUNG_MAX_SIDE];
    uint8_t filled;
    uint8_t pad;
    int32_t diff;
} ypos;

struct pp_young {
    pp_game game;
    int n, m;
    int32_t a[PP_YOUNG_MAX_SIDE][PP_YOUNG_MAX_SIDE], b[PP_YOUNG_MAX_SIDE][PP_YOUNG_MAX_SIDE];
    ypos root;
};

static int yg_player(void *ctx, const void *pos) { return (void)ctx, ((const ypos *)pos)->filled & 1; }

static int yg_leaf(void *ctx, const void *pos, int32_t *v)
{
    const pp_young *t = ctx;
    const ypos *p = pos;
    if (p->filled < t->n * t->m) return 0;
    *v = p->diff;
    return 1;
}

static uint32_t yg_moves(void *ctx, const void *pos, int32_t *out)
{
    const pp_young *t = ctx;
    const ypos *p = pos;
    uint32_t k = 0;
    for (int i = 0; i < t->n; i++)
        if (p->len[i] < t->m && (i == 0 || p->len[i] < p->len[i - 1])) out[k++] = i;
    return k;
}

static void yg_play(void *ctx, const void *pos, int32_t row, void *child)
{
    const pp_young *t = ctx;
    const ypos *p = pos;
    ypos c = *p;
    int col = c.len[row]++;
    c.diff += (p->filled & 1) == PP_AB_MAX ? t->a[row][col] : -t->b[row][col];
    c.filled++;
    memcpy(child, &c, sizeof c);
}

/* The mover's own score for the cell. */
static int32_t yg_order(void *ctx, const void *pos, int32_t row)
{
    const pp_young *t = ctx;
    const ypos *p = pos;
    int col = p->len[row];
    return (p->filled & 1) == PP_AB_MAX ? t->a[row][col] : t->b[row][col];
}

static uint64_t yg_hash(void *ctx, const void *pos)
{
    const pp_young *t = ctx;
    const ypos *p = pos;
    uint64_t k = 0;
    for (int i = 0; i < t->n; i++) k = k * (uint64_t)(t->m + 1) + p->len[i];
    return k;
}

static int32_t yg_banked(void *ctx, const void *pos) { return (void)ctx, ((const ypos *)pos)->diff; }

pp_status pp_young_new(int n, int m, const int64_t *a, const int64_t *b, pp_young **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_young_new: no output handle");
    *out = NULL;
    if (n < 1 || m < 1 || n > PP_YOUNG_MAX_SIDE || m > PP_YOUNG_MAX_SIDE)
        return pp__fail(err, PP_ERR_INPUT, "a board of %d x %d; 一双木棋 has 1 <= n, m <= %d", n, m, PP_YOUNG_MAX_SIDE);
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < n * m; i++) {
            int64_t v = (k ? b : a)[i];
            if (v < 0 || v > PP_YOUNG_MAX_SCORE)
                return pp__fail(err, PP_ERR_INPUT, "%c[%d][%d] is %lld; the scores are 0 to %d", k ? 'b' : 'a', i / m,
                                i % m, (long long)v, PP_YOUNG_MAX_SCORE);
        }
    pp_young *t = calloc(1, sizeof *t);
    if (!t) return pp__fail(err, PP_ERR_NOMEM, "out of memory");
    t->n = n;
    t->m = m;
    int32_t sa = 0, sb = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) {
            sa += t->a[i][j] = (int32_t)a[i * m + j];
            sb += t->b[i][j] = (int32_t)b[i * m + j];
        }
    pp_game *g = &t->game;
    g->name = "young-tableau";
    g->ctx = t;
    g->state_bytes = sizeof(ypos);
    g->max_moves = (uint32_t)n;
    g->max_depth = (uint32_t)(n * m);
    g->lo = -sb;
    g->hi = sa;
    g->root = &t->root;
    g->player = yg_player;
    g->leaf = yg_leaf;
    g->moves = yg_moves;
    g->play = yg_play;
    g->order = yg_order;
    g->hash = yg_hash;
    g->banked = yg_banked;
    *out = t;
    return PP_OK;
}

/* One matrix argument into v (rows x cols, row-major); sets *rows, *cols. */
static pp_status read_matrix(const ppi_doc *doc, int32_t id, const char *name, int64_t *v, int *rows, int *cols,
                             pp_error *err)
{
    const ppi_node *mtx = &doc->nodes[id];
    char where[48];
    ppi_where(doc, mtx->pos, where, sizeof where);
    if (mtx->type != PPI_LIST || mtx->len < 1 || mtx->len > PP_YOUNG_MAX_SIDE)
        return pp__fail(err, PP_ERR_INPUT, "%s: %s must be a list of 1 to %d rows", where, name, PP_YOUNG_MAX_SIDE);
    int r = 0;
    *rows = (int)mtx->len;
    for (int32_t k = mtx->first; k >= 0; k = doc->nodes[k].next, r++) {
        const ppi_node *row = &doc->nodes[k];
        ppi_where(doc, row->pos, where, sizeof where);
        if (row->type != PPI_LIST || row->len < 1 || row->len > PP_YOUNG_MAX_SIDE)
            return pp__fail(err, PP_ERR_INPUT, "%s: %s[%d] must be a list of 1 to %d scores", where, name, r,
                            PP_YOUNG_MAX_SIDE);
        if (r == 0) *cols = (int)row->len;
        if ((int)row->len != *cols)
            return pp__fail(err, PP_ERR_INPUT, "%s: %s[%d] has %u scores, %s[0] has %d", where, name, r, row->len, name,
                            *cols);
        int c = 0;
        for (int32_t e = row->first; e >= 0; e = doc->nodes[e].next, c++) {
            if (doc->nodes[e].type != PPI_INT) {
                ppi_where(doc, doc->nodes[e].pos, where, sizeof where);
                return pp__fail(err, PP_ERR_INPUT, "%s: %s[%d][%d] must be an integer", where, name, r, c);
            }
            v[r * *cols + c] = doc->nodes[e].num;
        }
    }
    return PP_OK;
}

pp_status pp_young_parse(const char *text, size_t len, pp_young **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_young_parse: no output handle");
    *out = NULL;
    static const char *const names[] = {"a", "b"};
    ppi_doc doc;
    pp_status s = ppi_parse(&doc, text, len, names, 2, err);
    if (s != PP_OK) return s;
    int64_t a[PP_YOUNG_MAX_SIDE * PP_YOUNG_MAX_SIDE], b[PP_YOUNG_MAX_SIDE * PP_YOUNG_MAX_SIDE];
    int n = 0, m = 0, bn = 0, bm = 0;
    s = read_matrix(&doc, doc.args[0], "a", a, &n, &m, err);
    if (s == PP_OK) s = read_matrix(&doc, doc.args[1], "b", b, &bn, &bm, err);
    if (s == PP_OK && (bn != n || bm != m)) {
        char where[48];
        ppi_where(&doc, doc.nodes[doc.args[1]].pos, where, sizeof where);
        s = pp__fail(err, PP_ERR_INPUT, "%s: b is %d x %d but a is %d x %d", where, bn, bm, n, m);
    }
    if (s == PP_OK) s = pp_young_new(n, m, a, b, out, err);
    ppi_free(&doc);
    return s;
}

void pp_young_free(pp_young *t) { free(t); }
const pp_game *pp_young_game(const pp_young *t) { return t ? &t->game : NULL; }
