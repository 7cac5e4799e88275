/* game_catmouse.c: Cat and Mouse (LeetCode 913) as a game for the retrograde solver.
 *
 * State layout (see perfect_play.h): two n x n blocks,
 *
 *   s in [0, n*n)        mouse to move, cat-major:   s = cat * n + mouse
 *   s in [n*n, 2*n*n)    cat to move, mouse-major:   s = n*n + mouse * n + cat
 *
 * chosen so that all parents of a state lie in one row of n states: the
 * parents of (m, c, mouse to move) are (m, c', cat to move), row m of the
 * second block; those of (m, c, cat to move) are (m', c, mouse to move), row c
 * of the first. The solver's random accesses stay within a few pages, which
 * made the 1,000-node benchmark about 2x faster than (mouse, cat, turn) order.
 *
 *            cat 0 (hole)  cat 1 ... cat n-1
 *   mouse 0  invalid       mouse wins (terminal: the mouse is in the hole)
 *   mouse i  invalid       cat wins where cat == i (terminal), else inner
 *
 * The cat never enters the hole, so every state with the cat on node 0 is
 * invalid and no move leads into one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct pp_catmouse {
    int n;
    uint64_t magic;      /* s / n == (s * magic) >> 42 for every state id */
    int32_t *off;        /* n + 1 */
    int32_t *adj;        /* off[n] entries */
    uint32_t *cat_moves; /* neighbours of each node other than the hole */
    uint16_t *rows[2];   /* info_packed's row templates (below), n each */
    pp_retro_game game;
};

/* s / n without a division (exact for s < 2^42 / n: here s < 2n^2 <= 2^26
 * and n < 2^13; s * magic < 2^56). */
static inline uint32_t div_magic(uint64_t magic, uint32_t s) { return (uint32_t)(((uint64_t)s * magic) >> 42); }
static inline uint32_t div_n(const pp_catmouse *g, uint32_t s) { return div_magic(g->magic, s); }

static void cm_info(void *ctx, uint32_t s, pp_state_info *out)
{
    const pp_catmouse *g = ctx;
    uint32_t n = (uint32_t)g->n, nn = n * n, turn = s >= nn;
    uint32_t row = div_n(g, turn ? s - nn : s), col = (turn ? s - nn : s) - row * n;
    uint32_t m = turn ? row : col, c = turn ? col : row;
    out->mover = (uint8_t)turn;
    out->moves = 0;
    out->outcome = PP_DRAW;
    if (c == 0) {
        out->kind = PP_STATE_INVALID;
    } else if (m == 0) {
        out->kind = PP_STATE_TERMINAL;
        out->outcome = PP_WIN0;
    } else if (m == c) {
        out->kind = PP_STATE_TERMINAL;
        out->outcome = PP_WIN1;
    } else {
        out->kind = PP_STATE_INNER;
        out->moves = turn == 0 ? (uint32_t)(g->off[m + 1] - g->off[m]) : g->cat_moves[c];
    }
}

/* cm_info for a run of states in one pass (bulk seeding): the row and
 * column step along instead of being divided out for each state. */
static void cm_info_range(void *ctx, uint32_t first, uint32_t count, pp_state_info *out)
{
    const pp_catmouse *g = ctx;
    uint32_t n = (uint32_t)g->n, nn = n * n, s = first, turn = s >= nn;
    uint32_t row = div_n(g, turn ? s - nn : s), col = (turn ? s - nn : s) - row * n;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t m = turn ? row : col, c = turn ? col : row;
        pp_state_info *o = &out[i];
        o->mover = (uint8_t)turn;
        o->moves = 0;
        o->outcome = PP_DRAW;
        if (c == 0) o->kind = PP_STATE_INVALID;
        else if (m == 0 || m == c) {
            o->kind = PP_STATE_TERMINAL;
            o->outcome = m == 0 ? PP_WIN0 : PP_WIN1;
        } else {
            o->kind = PP_STATE_INNER;
            o->moves = turn == 0 ? (uint32_t)(g->off[m + 1] - g->off[m]) : g->cat_moves[c];
        }
        if (++col == n) {
            col = 0;
            if (++row == n) {
                row = 0;
                turn = 1;
            }
        }
    }
}

/* cm_info as packed words (bulk seeding, the fastest): every row of a block
 * is one template row, copied, with the diagonal (the cat on the mouse)
 * written over it:
 *
 *   mouse to move, row c >= 1:  [0] mouse wins (in the hole), [m] moves of m, [c] cat wins
 *   cat to move,   row m >= 1:  [0] invalid (cat in the hole), [c] the cat's moves from c, [m] cat wins
 *   row 0: mouse to move, all invalid (the cat in the hole); cat to move: the mouse wins (but [0]) */
static void cm_info_packed(void *ctx, uint32_t first, uint32_t count, uint16_t *out)
{
    const pp_catmouse *g = ctx;
    const uint32_t n = (uint32_t)g->n, nn = n * n, end = first + count;
    for (uint32_t s = first; s < end;) {
        uint32_t turn = s >= nn, t = turn ? s - nn : s, row = div_n(g, t), col = t - row * n;
        uint32_t len = n - col < end - s ? n - col : end - s;
        uint16_t *o = out + (s - first);
        if (row == 0) {
            for (uint32_t i = 0; i < len; i++)
                o[i] = !turn          ? PP_PACKED_INVALID(0)
                       : col + i == 0 ? PP_PACKED_INVALID(1)
                                      : PP_PACKED_TERMINAL(PP_WIN0, 1);
        } else {
            memcpy(o, g->rows[turn] + col, len * sizeof *o);
            if (row >= col && row < col + len) o[row - col] = PP_PACKED_TERMINAL(PP_WIN1, turn);
        }
        s += len;
    }
}

/* The inner states with a move into s. A parent has the other player to
 * move, and is neither terminal (mouse in the hole or caught) nor invalid. */
static uint32_t cm_parents(void *ctx, uint32_t s, uint32_t *out)
{
    const pp_catmouse *g = ctx;
    const int32_t n = g->n;
    uint32_t nn = (uint32_t)(n * n);
    const int32_t *a, *end;
    uint32_t k = 0;
    if (s < nn) { /* mouse to move: the cat moved last, from a neighbour c' of c */
        int32_t c = (int32_t)div_n(g, s), m = (int32_t)s - c * n;
        if (m == 0) return 0;
        uint32_t base = nn + (uint32_t)(m * n);
        for (a = g->adj + g->off[c], end = g->adj + g->off[c + 1]; a < end; a++)
            if (*a != 0 && *a != m) out[k++] = base + (uint32_t)*a;
    } else { /* cat to move: the mouse moved last, from a neighbour m' of m */
        int32_t m = (int32_t)div_n(g, s - nn), c = (int32_t)(s - nn) - m * n;
        uint32_t base = (uint32_t)(c * n);
        for (a = g->adj + g->off[m], end = g->adj + g->off[m + 1]; a < end; a++)
            if (*a != 0 && *a != c) out[k++] = base + (uint32_t)*a;
    }
    return k;
}

/* cm_parents for a batch of states (bulk reverse edges), one call. */
static uint32_t cm_parents_batch(void *ctx, const uint32_t *states, uint32_t count, uint32_t *out, uint32_t *ends)
{
    const pp_catmouse *g = ctx;
    const uint32_t n = (uint32_t)g->n, nn = n * n;
    const int32_t *off = g->off, *adj = g->adj;
    uint32_t k = 0;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t s = states[i], turn = s >= nn, t = turn ? s - nn : s;
        uint32_t row = div_n(g, t), col = t - row * n;
        /* mouse to move (row c, col m): parents (m, c', cat to move), in row
         * m of the second block, c' a neighbour of c; cat to move (row m,
         * col c): parents (m', c, mouse to move), in row c of the first. */
        uint32_t from = row, other = col, base = turn ? col * n : nn + col * n;
        if (turn || col != 0) {
            const int32_t *a = adj + off[from], *end = adj + off[from + 1];
            for (; a < end; a++) {
                uint32_t v = (uint32_t)*a;
                out[k] = base + v;
                k += v != 0 && v != other; /* branch-free filter */
            }
        }
        ends[i] = k;
    }
    return k;
}

/* cm_parents as rows (see pp_parent_row): the adjacency list of the piece
 * that moved last, in the row of states where the other one stands. */
static void cm_parents_rows(void *ctx, const uint32_t *states, uint32_t count, pp_parent_row *out)
{
    const pp_catmouse *g = ctx;
    /* in locals: a store into out[i] could alias the game's fields */
    const uint32_t n = (uint32_t)g->n, nn = n * n;
    const uint64_t magic = g->magic;
    const int32_t *const adj = g->adj, *const off = g->off;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t s = states[i], turn = s >= nn, t = turn ? s - nn : s;
        uint32_t row = div_magic(magic, t), col = t - row * n;
        pp_parent_row *o = &out[i];
        o->list = adj + off[row];
        o->count = turn || col != 0 ? (uint32_t)(off[row + 1] - off[row]) : 0;
        o->base = turn ? col * n : nn + col * n;
        o->skip[0] = 0;
        o->skip[1] = (int32_t)col;
    }
}

/* The states one move from s: the mover steps to a neighbour (the cat never
 * into the hole). */
static uint32_t cm_children(void *ctx, uint32_t s, uint32_t *out)
{
    const pp_catmouse *g = ctx;
    const int32_t n = g->n;
    uint32_t nn = (uint32_t)(n * n), k = 0;
    const int32_t *a, *end;
    if (s < nn) { /* mouse to move from m: (m', c, cat to move) */
        int32_t c = (int32_t)div_n(g, s), m = (int32_t)s - c * n;
        for (a = g->adj + g->off[m], end = g->adj + g->off[m + 1]; a < end; a++) out[k++] = nn + (uint32_t)(*a * n + c);
    } else { /* cat to move from c: (m, c', mouse to move) */
        int32_t m = (int32_t)div_n(g, s - nn), c = (int32_t)(s - nn) - m * n;
        for (a = g->adj + g->off[c], end = g->adj + g->off[c + 1]; a < end; a++)
            if (*a != 0) out[k++] = (uint32_t)(*a * n + m);
    }
    return k;
}

static int cm_describe(void *ctx, uint32_t s, char *buf, size_t size)
{
    const pp_catmouse *g = ctx;
    uint32_t n = (uint32_t)g->n, nn = n * n, turn = s >= nn;
    uint32_t row = div_n(g, turn ? s - nn : s), col = (turn ? s - nn : s) - row * n;
    return snprintf(buf, size, "(%u,%u,%s)", turn ? row : col, turn ? col : row, turn ? "cat" : "mouse");
}

void pp_catmouse_free(pp_catmouse *g)
{
    if (!g) return;
    free(g->off);
    free(g->adj);
    free(g->cat_moves);
    free(g->rows[0]); /* both templates */
    free(g);
}

int pp_catmouse_nodes(const pp_catmouse *g) { return g ? g->n : 0; }
const int32_t *pp_catmouse_offsets(const pp_catmouse *g) { return g ? g->off : NULL; }
const int32_t *pp_catmouse_adjacency(const pp_catmouse *g) { return g ? g->adj : NULL; }
const pp_retro_game *pp_catmouse_retro(const pp_catmouse *g) { return g ? &g->game : NULL; }

uint32_t pp_catmouse_state(const pp_catmouse *g, int mouse, int cat, int turn)
{
    uint32_t n = (uint32_t)g->n;
    return turn ? n * n + (uint32_t)mouse * n + (uint32_t)cat : (uint32_t)cat * n + (uint32_t)mouse;
}

uint32_t pp_catmouse_start(const pp_catmouse *g) { return pp_catmouse_state(g, 1, 2, 0); }

static pp_status check_size(int n, pp_error *err)
{
    if (n < PP_CATMOUSE_MIN_NODES)
        return pp__fail(err, PP_ERR_INPUT,
                        "the graph has %d node%s; at least 3 are needed (the hole 0, the mouse's "
                        "start 1, the cat's start 2)",
                        n, n == 1 ? "" : "s");
    if (n > PP_CATMOUSE_MAX_NODES)
        return pp__fail(err, PP_ERR_LIMIT, "the graph has %d nodes; the limit is %d", n, PP_CATMOUSE_MAX_NODES);
    return PP_OK;
}

/* Checks every rule of the problem on adjacency lists; names the entry. */
static pp_status validate(int n, const int32_t *off, const int32_t *adj, pp_error *err)
{
    pp_status st = check_size(n, err);
    if (st != PP_OK) return st;
    size_t words = ((size_t)n * (size_t)n + 63) / 64;
    uint64_t *bits = calloc(words, sizeof *bits); /* bit i*n+j: graph[i] lists j */
    if (!bits) return pp__fail(err, PP_ERR_NOMEM, "out of memory checking the graph");
#define HAS(i, j) ((bits[((size_t)(i)*n + (j)) >> 6] >> (((size_t)(i)*n + (j)) & 63)) & 1)
    st = PP_OK;
    for (int i = 0; i < n && st == PP_OK; i++) {
        if (off[i + 1] < off[i]) {
            st = pp__fail(err, PP_ERR_ARG, "adjacency offsets decrease at node %d", i);
            break;
        }
        for (int32_t k = off[i]; k < off[i + 1]; k++) {
            int32_t j = adj[k];
            if (j < 0 || j >= n) {
                st = pp__fail(err, PP_ERR_INPUT, "graph[%d][%d] is %d, but the nodes are 0 to %d", i, k - off[i], j,
                              n - 1);
                break;
            }
            if (j == i) {
                st = pp__fail(err, PP_ERR_INPUT, "graph[%d][%d] is %d: a node cannot list itself (self-loop)", i,
                              k - off[i], j);
                break;
            }
            if (HAS(i, j)) {
                int32_t first = off[i];
                while (adj[first] != j) first++;
                st = pp__fail(err, PP_ERR_INPUT, "graph[%d] lists %d twice (graph[%d][%d] and graph[%d][%d])", i, j, i,
                              first - off[i], i, k - off[i]);
                break;
            }
            size_t b = (size_t)i * n + (size_t)j;
            bits[b >> 6] |= UINT64_C(1) << (b & 63);
        }
    }
    for (int i = 0; i < n && st == PP_OK; i++)
        for (int32_t k = off[i]; k < off[i + 1]; k++)
            if (!HAS(adj[k], i)) {
                st = pp__fail(err, PP_ERR_INPUT,
                              "graph[%d][%d] lists %d, but graph[%d] does not list %d (edges are "
                              "undirected: list each on both sides)",
                              i, k - off[i], adj[k], adj[k], i);
                break;
            }
#undef HAS
    free(bits);
    if (st != PP_OK) return st;
    if (off[2] == off[1])
        return pp__fail(err, PP_ERR_INPUT, "node 1 (the mouse's start) has no edge: graph[1] is empty");
    int cat_can_move = 0;
    for (int32_t k = off[2]; k < off[3]; k++) cat_can_move |= adj[k] != 0;
    if (!cat_can_move)
        return pp__fail(err, PP_ERR_INPUT,
                        "node 2 (the cat's start) has no edge to a node other than the hole 0: "
                        "graph[2] must list a node other than 0");
    return PP_OK;
}

/* Takes ownership of off and adj (already validated). */
static pp_status build(int n, int32_t *off, int32_t *adj, pp_catmouse **out, pp_error *err)
{
    pp_catmouse *g = calloc(1, sizeof *g);
    uint32_t *cat_moves = calloc((size_t)n, sizeof *cat_moves);
    uint16_t *rows = malloc(2 * (size_t)n * sizeof *rows);
    if (!g || !cat_moves || !rows) {
        free(g);
        free(cat_moves);
        free(rows);
        free(off);
        free(adj);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for the graph");
    }
    uint32_t max_deg = 0;
    for (int i = 0; i < n; i++) {
        uint32_t d = (uint32_t)(off[i + 1] - off[i]);
        if (d > max_deg) max_deg = d;
        for (int32_t k = off[i]; k < off[i + 1]; k++) cat_moves[i] += adj[k] != 0;
    }
    /* info_packed's templates: the mover's moves from its node (the hole: see above) */
    for (int i = 0; i < n; i++) {
        rows[i] = PP_PACKED_INNER(off[i + 1] - off[i], 0);
        rows[n + i] = PP_PACKED_INNER(cat_moves[i], 1);
    }
    rows[0] = PP_PACKED_TERMINAL(PP_WIN0, 0);
    rows[n] = PP_PACKED_INVALID(1);
    g->rows[0] = rows;
    g->rows[1] = rows + n;
    g->n = n;
    g->magic = ((UINT64_C(1) << 42) + (uint64_t)n - 1) / (uint64_t)n;
    g->off = off;
    g->adj = adj;
    g->cat_moves = cat_moves;
    g->game.nstates = (uint32_t)n * (uint32_t)n * 2;
    g->game.max_parents = max_deg;
    g->game.max_moves = max_deg;
    g->game.ctx = g;
    g->game.info = cm_info;
    g->game.info_range = cm_info_range;
    g->game.info_packed = cm_info_packed;
    g->game.parents = cm_parents;
    g->game.parents_batch = cm_parents_batch;
    g->game.parents_rows = cm_parents_rows;
    g->game.children = cm_children;
    g->game.describe = cm_describe;
    g->game.players[0] = "mouse";
    g->game.players[1] = "cat";
    *out = g;
    return PP_OK;
}

pp_status pp_catmouse_from_lists(int n, const int32_t *off, const int32_t *adj, pp_catmouse **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_catmouse_from_lists: no output handle");
    *out = NULL;
    if (!off || (!adj && n > 0 && off[n] > 0)) return pp__fail(err, PP_ERR_ARG, "pp_catmouse_from_lists: no lists");
    pp_status st = validate(n, off, adj, err);
    if (st != PP_OK) return st;
    int32_t *o = malloc(((size_t)n + 1) * sizeof *o);
    int32_t *a = malloc(((size_t)off[n] + 1) * sizeof *a);
    if (!o || !a) {
        free(o);
        free(a);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for the graph");
    }
    memcpy(o, off, ((size_t)n + 1) * sizeof *o);
    if (off[n]) memcpy(a, adj, (size_t)off[n] * sizeof *a);
    return build(n, o, a, out, err);
}

pp_status pp_catmouse_parse(const char *text, size_t len, pp_catmouse **out, pp_error *err)
{
    static const char *const names[] = {"graph"};
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_catmouse_parse: no output handle");
    *out = NULL;
    ppi_doc doc;
    pp_status st = ppi_parse(&doc, text, len, names, 1, err);
    if (st != PP_OK) return st;
    char where[48];
    const ppi_node *root = &doc.nodes[doc.args[0]];
    if (root->type != PPI_LIST) {
        ppi_where(&doc, root->pos, where, sizeof where);
        st = pp__fail(err, PP_ERR_INPUT, "%s: graph must be a list of adjacency lists, found %s", where,
                      ppi_type_name(root->type));
        ppi_free(&doc);
        return st;
    }
    int n = root->len > PP_CATMOUSE_MAX_NODES ? PP_CATMOUSE_MAX_NODES + 1 : (int)root->len;
    if (root->len > PP_CATMOUSE_MAX_NODES) {
        st = pp__fail(err, PP_ERR_LIMIT, "the graph has %u nodes; the limit is %d", root->len, PP_CATMOUSE_MAX_NODES);
        ppi_free(&doc);
        return st;
    }
    if ((st = check_size(n, err)) != PP_OK) {
        ppi_free(&doc);
        return st;
    }
    /* Shapes and ranges first, so the lists can be copied into CSR. */
    size_t total = 0;
    int i = 0;
    for (int32_t it = root->first; it >= 0; it = doc.nodes[it].next, i++) {
        const ppi_node *list = &doc.nodes[it];
        if (list->type != PPI_LIST) {
            ppi_where(&doc, list->pos, where, sizeof where);
            st = pp__fail(err, PP_ERR_INPUT, "%s: graph[%d] must be a list of node numbers, found %s", where, i,
                          ppi_type_name(list->type));
            break;
        }
        int k = 0;
        for (int32_t e = list->first; e >= 0; e = doc.nodes[e].next, k++) {
            const ppi_node *v = &doc.nodes[e];
            if (v->type != PPI_INT || v->num < 0 || v->num >= n) ppi_where(&doc, v->pos, where, sizeof where);
            if (v->type != PPI_INT) {
                st = pp__fail(err, PP_ERR_INPUT, "%s: graph[%d][%d] must be a node number, found %s", where, i, k,
                              ppi_type_name(v->type));
                break;
            }
            if (v->num < 0 || v->num >= n) {
                st = pp__fail(err, PP_ERR_INPUT, "%s: graph[%d][%d] is %lld, but the nodes are 0 to %d", where, i, k,
                              (long long)v->num, n - 1);
                break;
            }
        }
        if (st != PP_OK) break;
        total += list->len;
    }
    if (st != PP_OK) {
        ppi_free(&doc);
        return st;
    }
    int32_t *off = malloc(((size_t)n + 1) * sizeof *off);
    int32_t *adj = malloc((total + 1) * sizeof *adj);
    if (!off || !adj) {
        free(off);
        free(adj);
        ppi_free(&doc);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for the graph");
    }
    size_t k = 0;
    i = 0;
    for (int32_t it = root->first; it >= 0; it = doc.nodes[it].next, i++) {
        off[i] = (int32_t)k;
        for (int32_t e = doc.nodes[it].first; e >= 0; e = doc.nodes[e].next) adj[k++] = (int32_t)doc.nodes[e].num;
    }
    off[n] = (int32_t)k;
    ppi_free(&doc);
    if ((st = validate(n, off, adj, err)) != PP_OK) {
        free(off);
        free(adj);
        return st;
    }
    return build(n, off, adj, out, err);
}

/* Builds CSR from an edge predicate over pairs i < j, then validates. */
static pp_status from_pairs(int n, const uint64_t *bits, pp_catmouse **out, pp_error *err)
{
#define PAIR(i, j) ((bits[((size_t)(i)*n + (j)) >> 6] >> (((size_t)(i)*n + (j)) & 63)) & 1)
    int32_t *off = calloc((size_t)n + 1, sizeof *off);
    if (!off) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the graph");
    size_t total = 0;
    for (int i = 0; i < n; i++) {
        off[i] = (int32_t)total;
        for (int j = 0; j < n; j++) total += j != i && PAIR(i < j ? i : j, i < j ? j : i);
    }
    off[n] = (int32_t)total;
    int32_t *adj = malloc((total + 1) * sizeof *adj);
    if (!adj) {
        free(off);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for the graph");
    }
    size_t k = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if (j != i && PAIR(i < j ? i : j, i < j ? j : i)) adj[k++] = j;
#undef PAIR
    pp_status st = validate(n, off, adj, err);
    if (st != PP_OK) {
        free(off);
        free(adj);
        return st;
    }
    return build(n, off, adj, out, err);
}

pp_status pp_catmouse_random(int n, int avg_degree, uint64_t seed, pp_catmouse **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_catmouse_random: no output handle");
    *out = NULL;
    pp_status st = check_size(n, err);
    if (st != PP_OK) return st;
    if (avg_degree < 1) return pp__fail(err, PP_ERR_INPUT, "the average degree must be at least 1");
    size_t words = ((size_t)n * (size_t)n + 63) / 64;
    uint64_t *bits = calloc(words, sizeof *bits);
    if (!bits) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the graph");
    /* Each pair is an edge with probability avg_degree / (n - 1). */
    uint64_t threshold = avg_degree >= n - 1 ? UINT64_MAX : (UINT64_MAX / (uint64_t)(n - 1)) * (uint64_t)avg_degree;
    uint64_t x = seed;
#define SET(i, j) (bits[((size_t)(i)*n + (j)) >> 6] |= UINT64_C(1) << (((size_t)(i)*n + (j)) & 63))
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (pp__splitmix(&x) <= threshold) SET(i, j);
    /* The problem's rules: the mouse can move, the cat can move off the hole. */
    int has1 = 0, has2 = 0;
    for (int j = 0; j < n; j++) {
        if (j == 1) continue;
        size_t b = j < 1 ? (size_t)j * n + 1 : (size_t)1 * n + j;
        has1 |= (int)((bits[b >> 6] >> (b & 63)) & 1);
    }
    for (int j = 1; j < n; j++) {
        if (j == 2) continue;
        size_t b = j < 2 ? (size_t)j * n + 2 : (size_t)2 * n + j;
        has2 |= (int)((bits[b >> 6] >> (b & 63)) & 1);
    }
    if (!has1) {
        int j = (int)(pp__splitmix(&x) % (uint64_t)(n - 1));
        j += j >= 1;
        if (j < 1) SET(j, 1);
        else SET(1, j);
    }
    if (!has2) {
        int j = 1 + (int)(pp__splitmix(&x) % (uint64_t)(n - 2)); /* 1 .. n-2, skipping 2 */
        j += j >= 2;
        if (j < 2) SET(j, 2);
        else SET(2, j);
    }
#undef SET
    st = from_pairs(n, bits, out, err);
    free(bits);
    return st;
}

pp_status pp_catmouse_complete(int n, pp_catmouse **out, pp_error *err)
{
    return pp_catmouse_random(n, n, 0, out, err);
}
