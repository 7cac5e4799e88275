/* game_triangle.c: Triangle War (POJ 1085), as a game tree.
 *
 * Ten pegs, 18 lines, 9 small triangles:
 *
 *              1                edges (index: pegs)
 *             / \                0: 1-2   1: 1-3   2: 2-3
 *            2 - 3               3: 2-4   4: 2-5   5: 3-5   6: 3-6
 *           / \ / \              7: 4-5   8: 5-6
 *          4 - 5 - 6             9: 4-7  10: 4-8  11: 5-8  12: 5-9
 *         / \ / \ / \           13: 6-9  14: 6-10
 *        7 - 8 - 9 - 10         15: 7-8  16: 8-9  17: 9-10
 *
 * A and B take turns drawing a line; a line that completes one or two
 * triangles wins them and earns its player another move. A is MAX and the
 * value is A's triangles minus B's at the end (the winner is its sign: 9 is
 * odd, so never 0). A position is the lines drawn, the player to move and
 * the difference so far; the difference is banked, so (lines, player) is
 * the key: at most 2^19 positions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define EDGES 18
#define ALL_EDGES ((1u << EDGES) - 1)

static const uint8_t edge_pegs[EDGES][2] = {{1, 2}, {1, 3}, {2, 3}, {2, 4}, {2, 5}, {3, 5},  {3, 6}, {4, 5}, {5, 6},
                                            {4, 7}, {4, 8}, {5, 8}, {5, 9}, {6, 9}, {6, 10}, {7, 8}, {8, 9}, {9, 10}};

/* The triangles as masks of their three edges. */
#define T(a, b, c) ((1u << (a)) | (1u << (b)) | (1u << (c)))
static const uint32_t triangles[9] = {T(0, 1, 2),   T(3, 4, 7),    T(2, 4, 5),   T(5, 6, 8),   T(9, 10, 15),
                                      T(7, 10, 11), T(11, 12, 16), T(8, 12, 13), T(13, 14, 17)};
#undef T

typedef struct wpos {
    uint32_t edges;
    int8_t diff;    /* A's triangles minus B's so far */
    uint8_t player; /* PP_AB_MAX: A */
    uint8_t pad[2];
} wpos;

struct pp_triangle {
    pp_game game;
    wpos root;
    int moves_made;
};

/* Triangles the (undrawn) edge e completes: its other two lines are drawn. */
static int completes(uint32_t edges, int e)
{
    int k = 0;
    for (int t = 0; t < 9; t++)
        if ((triangles[t] >> e & 1) && (edges & triangles[t]) == (triangles[t] & ~(1u << e))) k++;
    return k;
}

static int lines_of(uint32_t edges)
{
    int k = 0;
    for (; edges; edges &= edges - 1) k++;
    return k;
}

static int tw_player(void *ctx, const void *pos) { return (void)ctx, ((const wpos *)pos)->player; }

static int tw_leaf(void *ctx, const void *pos, int32_t *v)
{
    (void)ctx;
    const wpos *p = pos;
    if (p->edges != ALL_EDGES) return 0;
    *v = p->diff;
    return 1;
}

static uint32_t tw_moves(void *ctx, const void *pos, int32_t *out)
{
    (void)ctx;
    uint32_t n = 0;
    for (int e = 0; e < EDGES; e++)
        if (!(((const wpos *)pos)->edges >> e & 1)) out[n++] = e;
    return n;
}

static void tw_play(void *ctx, const void *pos, int32_t e, void *child)
{
    (void)ctx;
    const wpos *p = pos;
    wpos c = *p;
    int won = completes(p->edges, e);
    c.edges |= 1u << e;
    if (won) c.diff = (int8_t)(c.diff + (p->player == PP_AB_MAX ? won : -won));
    else c.player ^= 1;
    memcpy(child, &c, sizeof c);
}

/* Take triangles; avoid drawing the second line of a triangle (the
 * opponent would take it). */
static int32_t tw_order(void *ctx, const void *pos, int32_t e)
{
    (void)ctx;
    const wpos *p = pos;
    int32_t score = 10 * completes(p->edges, e);
    for (int t = 0; t < 9; t++)
        if ((triangles[t] >> e & 1) && lines_of((p->edges | 1u << e) & triangles[t]) == 2) score -= 5;
    return score;
}

static uint64_t tw_hash(void *ctx, const void *pos)
{
    (void)ctx;
    const wpos *p = pos;
    return p->edges | (uint64_t)p->player << EDGES;
}

static int32_t tw_banked(void *ctx, const void *pos) { return (void)ctx, ((const wpos *)pos)->diff; }

int pp_triangle_edge(int i, int j)
{
    if (i > j) {
        int t = i;
        i = j;
        j = t;
    }
    for (int e = 0; e < EDGES; e++)
        if (edge_pegs[e][0] == i && edge_pegs[e][1] == j) return e;
    return -1;
}

pp_status pp_triangle_new(const int32_t *pegs, int moves, pp_triangle **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_triangle_new: no output handle");
    *out = NULL;
    if (moves < 0 || moves > EDGES || (moves && !pegs))
        return pp__fail(err, PP_ERR_INPUT, "%d moves made; a game has %d lines", moves, EDGES);
    wpos p = {0, 0, PP_AB_MAX, {0, 0}};
    for (int k = 0; k < moves; k++) {
        int i = pegs[2 * k], j = pegs[2 * k + 1], e = pp_triangle_edge(i, j);
        if (e < 0)
            return pp__fail(err, PP_ERR_INPUT,
                            "move %d: %d-%d is not a line of the grid (pegs 1 to 10, neighbours only)", k + 1, i, j);
        if (p.edges >> e & 1)
            return pp__fail(err, PP_ERR_INPUT, "move %d: the line %d-%d is drawn already", k + 1, i, j);
        tw_play(NULL, &p, e, &p);
    }
    pp_triangle *t = calloc(1, sizeof *t);
    if (!t) return pp__fail(err, PP_ERR_NOMEM, "out of memory");
    t->root = p;
    t->moves_made = moves;
    pp_game *g = &t->game;
    g->name = "triangle-war";
    g->ctx = t;
    g->state_bytes = sizeof(wpos);
    g->max_moves = EDGES;
    g->max_depth = (uint32_t)(EDGES - moves);
    g->lo = -9;
    g->hi = 9;
    g->root = &t->root;
    g->player = tw_player;
    g->leaf = tw_leaf;
    g->moves = tw_moves;
    g->play = tw_play;
    g->order = tw_order;
    g->hash = tw_hash;
    g->banked = tw_banked;
    *out = t;
    return PP_OK;
}

pp_status pp_triangle_parse(const char *text, size_t len, pp_triangle **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_triangle_parse: no output handle");
    *out = NULL;
    static const char *const names[] = {"moves"};
    ppi_doc doc;
    pp_status s = ppi_parse(&doc, text, len, names, 1, err);
    if (s != PP_OK) return s;
    const ppi_node *v = &doc.nodes[doc.args[0]];
    int32_t pegs[2 * EDGES];
    int n = 0;
    char where[48];
    ppi_where(&doc, v->pos, where, sizeof where);
    if (v->type != PPI_LIST) s = pp__fail(err, PP_ERR_INPUT, "%s: moves must be a list of [i,j] peg pairs", where);
    else if (v->len > EDGES) s = pp__fail(err, PP_ERR_INPUT, "%s: %u moves; a game has %d lines", where, v->len, EDGES);
    for (int32_t k = s == PP_OK ? v->first : -1; k >= 0; k = doc.nodes[k].next, n++) {
        const ppi_node *m = &doc.nodes[k];
        ppi_where(&doc, m->pos, where, sizeof where);
        int32_t a = m->type == PPI_LIST && m->len == 2 ? m->first : -1, b = a >= 0 ? doc.nodes[a].next : -1;
        if (a < 0 || doc.nodes[a].type != PPI_INT || doc.nodes[b].type != PPI_INT || doc.nodes[a].num < 1 ||
            doc.nodes[a].num > 10 || doc.nodes[b].num < 1 || doc.nodes[b].num > 10) {
            s = pp__fail(err, PP_ERR_INPUT, "%s: moves[%d] must be a pair [i,j] of pegs 1 to 10", where, n);
            break;
        }
        pegs[2 * n] = (int32_t)doc.nodes[a].num;
        pegs[2 * n + 1] = (int32_t)doc.nodes[b].num;
    }
    if (s == PP_OK) s = pp_triangle_new(pegs, n, out, err);
    ppi_free(&doc);
    return s;
}

void pp_triangle_free(pp_triangle *t) { free(t); }
const pp_game *pp_triangle_game(const pp_triangle *t) { return t ? &t->game : NULL; }
int pp_triangle_to_move(const pp_triangle *t) { return t ? t->root.player : 0; }
int pp_triangle_score(const pp_triangle *t) { return t ? t->root.diff : 0; }
