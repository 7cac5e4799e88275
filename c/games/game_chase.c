/* game_chase.c: the board chase of CQOI2013 棋盘游戏 (Luogu P4576), as a game tree.
 *
 * An n x n board holds a white and a black piece. White (MAX) moves first,
 * one step up, down, left or right; black moves one or two steps in one of
 * those directions. Moving onto the other piece captures it and wins. The
 * winner hurries and the loser delays, so the value of a win on move s is
 * PP_CHASE_WIN - s for white and -(PP_CHASE_WIN - s) for black.
 *
 * The tree is cut at 3n moves: a position not decided by then is a draw
 * (value 0). The cut never decides a game: retrograde analysis of every
 * start on every board up to 20 x 20 (tests/c/test_tree_games.c does it
 * again up to 8 x 8) shows the loser is caught within 3n - 1 moves, so
 * black's winning line always ends first and a draw never reaches the root.
 * That is why the usual accepted solutions search to 3n as well.
 *
 * A position is both squares and the move number s (white moves when s is
 * even); s is part of the key, which makes the tree a DAG: the same squares
 * on another move are another position. White wins only by a capture on
 * the first move, when the pieces start side by side.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef struct cpos {
    int8_t wr, wc, br, bc; /* 0-based */
    uint8_t step;          /* moves made */
    uint8_t pad[3];
} cpos;

struct pp_chase {
    pp_game game;
    int n, cap;
    cpos root;
};

static const int8_t dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};

static int ch_player(void *ctx, const void *pos) { return (void)ctx, ((const cpos *)pos)->step & 1; }

static int ch_leaf(void *ctx, const void *pos, int32_t *v)
{
    const pp_chase *t = ctx;
    const cpos *p = pos;
    if (p->wr == p->br && p->wc == p->bc) { /* the last mover captured */
        *v = p->step & 1 ? PP_CHASE_WIN - p->step : -(PP_CHASE_WIN - p->step);
        return 1;
    }
    if (p->step >= t->cap) {
        *v = 0;
        return 1;
    }
    return 0;
}

/* Move codes: direction d (0 up, 1 down, 2 left, 3 right) and length:
 * white d, black 2 * d + length - 1. */
static uint32_t ch_moves(void *ctx, const void *pos, int32_t *out)
{
    const pp_chase *t = ctx;
    const cpos *p = pos;
    int black = p->step & 1;
    int r = black ? p->br : p->wr, c = black ? p->bc : p->wc;
    uint32_t k = 0;
    for (int d = 0; d < 4; d++)
        for (int len = 1; len <= (black ? 2 : 1); len++) {
            int rr = r + dr[d] * len, cc = c + dc[d] * len;
            if (rr >= 0 && rr < t->n && cc >= 0 && cc < t->n) out[k++] = black ? 2 * d + len - 1 : d;
        }
    return k;
}

static void ch_play(void *ctx, const void *pos, int32_t move, void *child)
{
    (void)ctx;
    const cpos *p = pos;
    cpos c = *p;
    if (p->step & 1) {
        int d = move / 2, len = move % 2 + 1;
        c.br = (int8_t)(c.br + dr[d] * len);
        c.bc = (int8_t)(c.bc + dc[d] * len);
    } else {
        c.wr = (int8_t)(c.wr + dr[move]);
        c.wc = (int8_t)(c.wc + dc[move]);
    }
    c.step++;
    memcpy(child, &c, sizeof c);
}

/* Capture first; then black closes in and white keeps away. */
static int32_t ch_order(void *ctx, const void *pos, int32_t move)
{
    cpos c;
    ch_play(ctx, pos, move, &c);
    int dist = abs(c.wr - c.br) + abs(c.wc - c.bc);
    if (dist == 0) return 1000;
    return ((const cpos *)pos)->step & 1 ? -dist : dist;
}

/* Mate distance: no capture comes sooner than if both pieces ran at each
 * other (white closes 1 a move, black 2), so no value is beyond
 * PP_CHASE_WIN - that move, either way. Once a win on move s is in hand,
 * this cuts every line that could only win later. */
static void ch_bounds(void *ctx, const void *pos, int32_t *lo, int32_t *hi)
{
    (void)ctx;
    const cpos *p = pos;
    int d = abs(p->wr - p->br) + abs(p->wc - p->bc), step = p->step;
    while (d > (step & 1 ? 2 : 1)) {
        d -= step & 1 ? 2 : 1;
        step++;
    }
    int32_t best = PP_CHASE_WIN - (step + 1); /* the earliest capture is move step + 1 */
    *lo = -best;
    *hi = best;
}

static uint64_t ch_hash(void *ctx, const void *pos)
{
    (void)ctx;
    const cpos *p = pos;
    return (uint64_t)p->wr | (uint64_t)p->wc << 5 | (uint64_t)p->br << 10 | (uint64_t)p->bc << 15 |
           (uint64_t)p->step << 20;
}

pp_status pp_chase_new(int n, int r1, int c1, int r2, int c2, pp_chase **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_chase_new: no output handle");
    *out = NULL;
    if (n < 2 || n > PP_CHASE_MAX_N)
        return pp__fail(err, PP_ERR_INPUT, "n is %d; the board is 2 x 2 to %d x %d", n, PP_CHASE_MAX_N, PP_CHASE_MAX_N);
    int sq[4] = {r1, c1, r2, c2};
    for (int i = 0; i < 4; i++)
        if (sq[i] < 1 || sq[i] > n)
            return pp__fail(err, PP_ERR_INPUT, "the %s piece's %s is %d; it must be 1 to %d", i < 2 ? "white" : "black",
                            i % 2 ? "column" : "row", sq[i], n);
    if (r1 == r2 && c1 == c2) return pp__fail(err, PP_ERR_INPUT, "both pieces are on (%d,%d)", r1, c1);
    pp_chase *t = calloc(1, sizeof *t);
    if (!t) return pp__fail(err, PP_ERR_NOMEM, "out of memory");
    t->n = n;
    t->cap = 3 * n;
    t->root.wr = (int8_t)(r1 - 1);
    t->root.wc = (int8_t)(c1 - 1);
    t->root.br = (int8_t)(r2 - 1);
    t->root.bc = (int8_t)(c2 - 1);
    pp_game *g = &t->game;
    g->name = "board-chase";
    g->ctx = t;
    g->state_bytes = sizeof(cpos);
    g->max_moves = 8;
    g->max_depth = (uint32_t)t->cap;
    g->lo = -PP_CHASE_WIN;
    g->hi = PP_CHASE_WIN;
    g->root = &t->root;
    g->player = ch_player;
    g->leaf = ch_leaf;
    g->moves = ch_moves;
    g->play = ch_play;
    g->order = ch_order;
    g->hash = ch_hash;
    g->bounds = ch_bounds;
    *out = t;
    return PP_OK;
}

pp_status pp_chase_parse(const char *text, size_t len, pp_chase **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_chase_parse: no output handle");
    *out = NULL;
    static const char *const names[] = {"n", "white", "black"};
    ppi_doc doc;
    pp_status s = ppi_parse(&doc, text, len, names, 3, err);
    if (s != PP_OK) return s;
    int64_t v[5] = {0, 0, 0, 0, 0};
    char where[48];
    const ppi_node *nn = &doc.nodes[doc.args[0]];
    ppi_where(&doc, nn->pos, where, sizeof where);
    if (nn->type != PPI_INT) s = pp__fail(err, PP_ERR_INPUT, "%s: n must be an integer", where);
    else v[0] = nn->num;
    for (int i = 1; i <= 2 && s == PP_OK; i++) {
        const ppi_node *sq = &doc.nodes[doc.args[i]];
        int32_t a = sq->type == PPI_LIST && sq->len == 2 ? sq->first : -1, b = a >= 0 ? doc.nodes[a].next : -1;
        ppi_where(&doc, sq->pos, where, sizeof where);
        if (a < 0 || doc.nodes[a].type != PPI_INT || doc.nodes[b].type != PPI_INT)
            s = pp__fail(err, PP_ERR_INPUT, "%s: %s must be a square [row, column] (from 1)", where, names[i]);
        else {
            v[2 * i - 1] = doc.nodes[a].num;
            v[2 * i] = doc.nodes[b].num;
        }
    }
    for (int i = 0; i < 5 && s == PP_OK; i++)
        if (v[i] < -1000 || v[i] > 1000) s = pp__fail(err, PP_ERR_INPUT, "%lld is out of range", (long long)v[i]);
    if (s == PP_OK) s = pp_chase_new((int)v[0], (int)v[1], (int)v[2], (int)v[3], (int)v[4], out, err);
    ppi_free(&doc);
    return s;
}

void pp_chase_free(pp_chase *t) { free(t); }
const pp_game *pp_chase_game(const pp_chase *t) { return t ? &t->game : NULL; }

int pp_chase_format(int32_t value, char *buf, size_t size)
{
    if (value == 0) return snprintf(buf, size, "DRAW");
    return snprintf(buf, size, "%s %d", value > 0 ? "WHITE" : "BLACK", PP_CHASE_WIN - (value > 0 ? value : -value));
}

/* The start's value by retrograde analysis over every (white square, black
 * square, mover), with no move cap: captured positions are lost for the
 * player to move; a FIFO queue then walks back from them, deciding a parent
 * at once when its mover can move into a loss for the other side, and when
 * its last move is known to lose otherwise (a counter per position). The
 * queue's order makes each decided position's distance to the end exact:
 * the winner hurries, the loser delays. On a 20 x 20 board that is 320,000
 * positions, a few milliseconds, where the capped tree search takes about a
 * second; the judge uses this, and tests/c checks the two agree. */
pp_status pp_chase_solve_retro(const pp_chase *t, int32_t *value, pp_error *err)
{
    if (!t || !value) return pp__fail(err, PP_ERR_ARG, "pp_chase_solve_retro: no board or no output");
    const int n = t->n, cells = n * n;
    const uint32_t states = (uint32_t)cells * (uint32_t)cells * 2u;
    int16_t *dist = malloc(states * sizeof *dist); /* 0 undecided; > 0 mover wins in dist - 1; < 0 loses in -dist - 1 */
    uint8_t *left = malloc(states);                /* moves not yet known to lose */
    uint32_t *queue = malloc(states * sizeof *queue);
    if (!dist || !left || !queue) {
        free(dist);
        free(left);
        free(queue);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for %u positions", states);
    }
    uint32_t head = 0, tail = 0;
    for (int w = 0; w < cells; w++)
        for (int b = 0; b < cells; b++)
            for (int side = 0; side < 2; side++) {
                uint32_t s = ((uint32_t)(w * cells + b) << 1) | (uint32_t)side;
                int at = side ? b : w, k = 0;
                for (int d = 0; d < 4; d++)
                    for (int len = 1; len <= (side ? 2 : 1); len++) {
                        int r = at / n + dr[d] * len, c = at % n + dc[d] * len;
                        k += r >= 0 && r < n && c >= 0 && c < n;
                    }
                left[s] = (uint8_t)k;
                dist[s] = 0;
                if (w == b) {
                    dist[s] = -1; /* the last mover captured */
                    queue[tail++] = s;
                }
            }
    while (head < tail) {
        uint32_t s = queue[head++];
        int side = (int)(s & 1u), w = (int)(s >> 1) / cells, b = (int)(s >> 1) % cells;
        int mover = !side; /* who moved into s */
        int at = mover ? b : w;
        for (int d = 0; d < 4; d++)
            for (int len = 1; len <= (mover ? 2 : 1); len++) {
                int r = at / n - dr[d] * len, c = at % n - dc[d] * len;
                if (r < 0 || r >= n || c < 0 || c >= n) continue;
                int from = r * n + c;
                if (from == (mover ? w : b)) continue; /* the pieces never share a square before a capture */
                uint32_t p = ((uint32_t)((mover ? w : from) * cells + (mover ? from : b)) << 1) | (uint32_t)mover;
                if (dist[p]) continue;
                if (dist[s] < 0) {
                    dist[p] = (int16_t)(1 - dist[s]);
                    queue[tail++] = p;
                } else if (--left[p] == 0) {
                    dist[p] = (int16_t)(-(dist[s] + 1));
                    queue[tail++] = p;
                }
            }
    }
    const cpos *root = &t->root;
    int16_t v = dist[((uint32_t)((root->wr * n + root->wc) * cells + root->br * n + root->bc) << 1)];
    free(dist);
    free(left);
    free(queue);
    /* White moves first: a win for the mover is white's. */
    *value = v == 0 ? 0 : v > 0 ? PP_CHASE_WIN - (v - 1) : -(PP_CHASE_WIN - (-v - 1));
    return PP_OK;
}
