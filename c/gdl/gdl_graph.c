/* gdl_graph.c: a GDL game's state graph, enumerated from init by joint
 * moves on the grounded network, and solved by the retrograde engine; the
 * same rules as a pp_game for minimax and alpha-beta (pp_gdl_*).
 *
 * Who moves: with two roles, at every state at most one role may have more
 * than one legal move; it is the mover, and the other's single move is its
 * no-op. When both have one move, the mover is the role whose move is not
 * named noop (the first role if that does not tell). A puzzle's one role
 * moves everywhere.
 *
 * The solves (all through pp_retro_*, one state graph, several seedings):
 *   1. turns: terminals seeded by comparing the two goals (a higher goal
 *      wins, equal goals draw): the outcome, remoteness and the trace;
 *   2. the first role's value: for each goal value t of a terminal but the
 *      least, terminals seeded "first wins iff its goal >= t"; a state's
 *      value is the largest t it wins at (minimax of the first role's goal);
 *   3. puzzles: the same seedings from the best goal down, the mover always
 *      the role: a state's value is the best goal it can reach, and its
 *      remoteness the fewest moves to it (the winner hurries); the best
 *      goal's seeding gives the outcome and the trace.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gdl_internal.h"

static void first_diag(const gdl_diags *ds, pp_error *err)
{
    if (ds->n && ds->d && ds->max)
        pp__fail(err, PP_ERR_INPUT, "line %u, column %u: %s", ds->d[0].line, ds->d[0].col, ds->d[0].msg);
    else pp__fail(err, PP_ERR_INPUT, "the rules are not valid");
}

/* Reads, checks and grounds; diagnostics into ds. */
static pp_status compile(const char *text, size_t len, gdl_diags *ds, pp_gdl **out, pp_error *err)
{
    *out = NULL;
    if (!text && len) return pp__fail(err, PP_ERR_ARG, "no rules text");
    pp_gdl *g = calloc(1, sizeof *g);
    if (!g) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the rules");
    gdl_text t = {0};
    pp_status st = gdl_read(text ? text : "", len, &g->prog.syms, &t, ds, err);
    if (!st) {
        st = gdl_rules_build(&g->prog, &t, ds, err);
        if (st == PP_OK || st == PP_ERR_INPUT) {
            pp_status st2 = gdl_rules_order(&g->prog, &g->order, ds, err);
            if (st2 != PP_ERR_INPUT && st2 != PP_OK) st = st2;
            else if (st2 == PP_ERR_INPUT) st = PP_ERR_INPUT;
        }
    }
    gdl_text_free(&t);
    if (!st) st = gdl_ground(&g->prog, &g->order, &g->net, ds, err);
    else if (st == PP_ERR_INPUT && g->order.rel_scc) {
        /* other problems: still ground what is left when a cycle of
         * relations has a not inside, which only the ground atoms tell
         * stratified or not (its diagnostics join the others) */
        int neg = 0;
        for (uint32_t c = 0; c < g->order.nscc; c++) neg |= g->order.scc_neg_lit[c] != UINT32_MAX;
        if (neg) {
            pp_error e2 = {0};
            gdl_net n2;
            memset(&n2, 0, sizeof n2);
            gdl_ground(&g->prog, &g->order, &n2, ds, &e2);
            gdl_net_free(&n2);
        }
    }
    if (!st) {
        /* the base propositions' names */
        gdl_net *n = &g->net;
        size_t total = 0;
        for (uint32_t i = 0; i < n->nbase; i++)
            total += (size_t)gdl_gterm_print(&g->prog, n->base_term[i], NULL, 0) + 1;
        g->names = malloc(total ? total : 1);
        g->name_off = malloc((n->nbase ? n->nbase : 1) * sizeof *g->name_off);
        if (!g->names || !g->name_off) st = pp__fail(err, PP_ERR_NOMEM, "out of memory for the rules");
        size_t at = 0;
        for (uint32_t i = 0; i < n->nbase && !st; i++) {
            g->name_off[i] = (uint32_t)at;
            at += (size_t)gdl_gterm_print(&g->prog, n->base_term[i], g->names + at, total - at) + 1;
        }
    }
    if (st == PP_ERR_INPUT) first_diag(ds, err);
    if (st) {
        pp_gdl_free(g);
        return st;
    }
    *out = g;
    return PP_OK;
}

pp_status pp_gdl_parse(const char *text, size_t len, pp_gdl **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "no place for the rules");
    pp_gdl_diag d[1];
    gdl_diags ds = {d, 0, 1, 1};
    return compile(text, len, &ds, out, err);
}

void pp_gdl_free(pp_gdl *g)
{
    if (!g) return;
    gdl_prog_free(&g->prog);
    gdl_order_free(&g->order);
    gdl_net_free(&g->net);
    free(g->names);
    free(g->name_off);
    free(g);
}

int pp_gdl_role_count(const pp_gdl *g) { return g ? g->prog.nroles : 0; }
const char *pp_gdl_role_name(const pp_gdl *g, int role)
{
    if (!g || role < 0 || role >= g->prog.nroles) return NULL;
    return gdl_sym_name(&g->prog.syms, g->prog.gt[g->prog.roles[role]].sym);
}
uint32_t pp_gdl_base_count(const pp_gdl *g) { return g ? g->net.nbase : 0; }
int pp_gdl_base_name(const pp_gdl *g, uint32_t i, char *buf, size_t size)
{
    if (!g || i >= g->net.nbase) return snprintf(buf, size, "?");
    return snprintf(buf, size, "%s", g->names + g->name_off[i]);
}
uint32_t pp_gdl_state_words(const pp_gdl *g) { return g ? g->net.words : 0; }
uint64_t pp_gdl_ground_rules(const pp_gdl *g) { return g ? g->net.ground_rules : 0; }

/* ---- one state's moves ---- */

typedef struct turn {
    int32_t legal[2][PP_GDL_MAX_MOVES]; /* indices into net.moves[r] */
    uint32_t count[2];                  /* may exceed what is kept */
    int mover;
} turn;

static int is_noop(const gdl_prog *p, uint32_t term)
{
    return p->gt[term].arity == 0 && strcmp(gdl_sym_name(&p->syms, p->gt[term].sym), "noop") == 0;
}

/* The legal moves of the evaluated state and who moves. */
static void read_turn(const pp_gdl *g, turn *t)
{
    const gdl_net *n = &g->net;
    int nroles = g->prog.nroles;
    for (int r = 0; r < nroles; r++) {
        t->count[r] = 0;
        for (uint32_t k = 0; k < n->nmoves[r]; k++) {
            if (!n->val[n->moves[r][k].legal]) continue;
            if (t->count[r] < PP_GDL_MAX_MOVES) t->legal[r][t->count[r]] = (int32_t)k;
            t->count[r]++;
        }
    }
    if (nroles == 1 || t->count[0] > 1) t->mover = 0;
    else if (t->count[1] > 1) t->mover = 1;
    else if (t->count[0] == 1 && t->count[1] == 1) {
        int n0 = is_noop(&g->prog, n->moves[0][t->legal[0][0]].term);
        int n1 = is_noop(&g->prog, n->moves[1][t->legal[1][0]].term);
        t->mover = n0 && !n1 ? 1 : 0;
    } else t->mover = t->count[0] ? 0 : 1;
}

static int32_t goal_of(const gdl_net *n, int r)
{
    int32_t best = INT32_MIN;
    for (uint32_t k = 0; k < n->ngoals[r]; k++)
        if (n->val[n->goals[r][k].atom] && n->goals[r][k].value > best) best = n->goals[r][k].value;
    return best;
}

void gdl_state_text(const pp_gdl *g, const uint64_t *bits, char *buf, size_t size)
{
    size_t at = 0;
    snprintf(buf, size, "no proposition holds");
    for (uint32_t i = 0; i < g->net.nbase && at + 1 < size; i++) {
        if (!(bits[i >> 6] >> (i & 63) & 1)) continue;
        int k = snprintf(buf + at, size - at, "%s%s", at ? " " : "", g->names + g->name_off[i]);
        if (k < 0 || (size_t)k >= size - at) {
            if (size > 4) strcpy(buf + size - 4, "...");
            return;
        }
        at += (size_t)k;
    }
}

/* ---- the graph ---- */

struct pp_gdl_graph {
    pp_gdl_view v;
    int32_t *depth, *offsets, *targets, *move_of, *value, *remoteness, *goals;
    int8_t *mover;
    uint8_t *terminal, *outcome;
    uint64_t *bits;
    uint32_t cap, ecap;
    char *move_pool;
    uint32_t *move_off;
    uint32_t nmoves;
    /* the retrograde view: distinct children and parents */
    uint32_t *kids_off, *kids, *rev_off, *rev;
    pp_retro_game rg;
    int mode; /* 0: compare goals; 1: the first role's goal >= threshold */
    int32_t threshold;
    pp_trace *trace;
    uint32_t trace_mask; /* the kinds the trace keeps (0: every kind) */
    double enum_ms, solve_ms;
    char role_names[2][64];
};

uint64_t gdl_bits_hash(const uint64_t *b, uint32_t words)
{
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (uint32_t w = 0; w < words; w++) h = (h ^ b[w]) * 0xff51afd7ed558ccdull, h ^= h >> 32;
    return h;
}

uint32_t gdl_states_find(const uint32_t *table, uint32_t tcap, const uint64_t *bits, uint32_t words, const uint64_t *b,
                         uint32_t *slot)
{
    uint32_t at = (uint32_t)gdl_bits_hash(b, words) & (tcap - 1);
    while (table[at]) {
        uint32_t c = table[at] - 1;
        if (memcmp(bits + (size_t)c * words, b, words * sizeof *b) == 0) return c;
        at = (at + 1) & (tcap - 1);
    }
    *slot = at;
    return UINT32_MAX;
}

uint32_t *gdl_states_table(const uint64_t *bits, uint32_t n, uint32_t words, uint32_t ncap)
{
    uint32_t *t = calloc(ncap, sizeof *t);
    if (!t) return NULL;
    for (uint32_t c = 0; c < n; c++) {
        uint32_t a = (uint32_t)gdl_bits_hash(bits + (size_t)c * words, words) & (ncap - 1);
        while (t[a]) a = (a + 1) & (ncap - 1);
        t[a] = c + 1;
    }
    return t;
}

/* The enumeration, resumable: enum_start, then enum_step until done (each
 * call expands states until its budget of network evaluations is spent),
 * then enum_labels; enum_free in every case. */
typedef struct enum_run {
    pp_gdl *g; /* the evaluator's scratch values change; the rules do not */
    pp_gdl_graph *s;
    gdl_diags *ds;
    uint32_t limit;
    uint64_t max_bytes; /* 0: PP_MEMORY_BUDGET on the state arrays alone */
    uint32_t *table, tcap, count, x, nedges;
    int32_t *label;
    uint64_t *next;
    turn *t;
    char *facts;
    int simultaneous; /* refused for simultaneous moves (pp_gdl_check goes on by gdl_values_check) */
} enum_run;

/* Bytes of the graph while it is enumerated: the state arrays at cap
 * states, the edges at ecap, the hash table at tcap slots. */
static uint64_t enum_bytes(const enum_run *e, uint64_t cap, uint64_t ecap, uint64_t tcap)
{
    uint64_t W = e->g->net.words, roles = (uint64_t)e->g->prog.nroles;
    return cap * (W * 8 + 4 * 2 + roles * 4 + 2) + ecap * 8 + tcap * 4;
}

static pp_status over_budget(const enum_run *e, uint64_t bytes, pp_error *err)
{
    return pp__fail(err, PP_ERR_LIMIT,
                    "the state graph needs over %llu MiB after %u states, over the memory budget of %llu MiB",
                    (unsigned long long)(bytes >> 20), e->count, (unsigned long long)(e->max_bytes >> 20));
}

static pp_status grow_states(enum_run *e, uint32_t need, pp_error *err)
{
    pp_gdl_graph *s = e->s;
    uint32_t words = e->g->net.words, limit = e->limit;
    int nroles = e->g->prog.nroles;
    if (need <= s->cap) return PP_OK;
    if (need > limit) return pp__fail(err, PP_ERR_LIMIT, "over %u reachable states (the limit of this solve)", limit);
    uint64_t cap = s->cap ? (uint64_t)s->cap * 2 : 1024;
    if (cap > limit) cap = limit;
    if (e->max_bytes) {
        uint64_t b = enum_bytes(e, cap, s->ecap, e->tcap);
        if (b > e->max_bytes) return over_budget(e, b, err);
    } else {
        uint64_t bytes = cap * ((uint64_t)words * 8 + 4 * 4 + (uint64_t)nroles * 4 + 3 + 4);
        if (bytes > PP_MEMORY_BUDGET)
            return pp__fail(err, PP_ERR_LIMIT, "the state graph needs over %u MB", (unsigned)(PP_MEMORY_BUDGET >> 20));
    }
#define GROW(f, n)                                                                                                     \
    do {                                                                                                               \
        void *q = realloc(s->f, (size_t)(n) * sizeof *s->f);                                                           \
        if (!q) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the state graph");                               \
        s->f = q;                                                                                                      \
    } while (0)
    GROW(depth, cap);
    GROW(offsets, cap + 1);
    GROW(mover, cap);
    GROW(terminal, cap);
    GROW(goals, cap * (uint64_t)nroles);
    GROW(bits, cap * (uint64_t)words);
#undef GROW
    s->cap = (uint32_t)cap;
    return PP_OK;
}

static void enum_free(enum_run *e)
{
    free(e->table), free(e->label), free(e->next), free(e->t), free(e->facts);
    e->table = NULL, e->label = NULL, e->next = NULL, e->t = NULL, e->facts = NULL;
}

static pp_status enum_fail(enum_run *e, pp_status st, pp_error *err)
{
    if (st == PP_ERR_INPUT && e->ds->n) first_diag(e->ds, err);
    return st;
}

static pp_status enum_start(enum_run *e, const pp_gdl *gc, uint32_t limit, uint64_t max_bytes, pp_gdl_graph *s,
                            gdl_diags *ds, pp_error *err)
{
    memset(e, 0, sizeof *e);
    e->g = (pp_gdl *)gc;
    e->s = s;
    e->ds = ds;
    e->limit = limit;
    e->max_bytes = max_bytes;
    gdl_net *n = &e->g->net;
    const gdl_prog *p = &e->g->prog;
    int nroles = p->nroles;
    uint32_t W = n->words;
    e->next = malloc((W ? W : 1) * sizeof *e->next);
    e->t = malloc(sizeof *e->t);
    e->label = malloc((p->ngt ? p->ngt : 1) * sizeof *e->label);
    e->facts = malloc(400);
    if (!e->next || !e->t || !e->label || !e->facts)
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for the state graph");
    for (uint32_t i = 0; i < p->ngt; i++) e->label[i] = -1;
    if (nroles < 1 || nroles > 2)
        return pp__fail(err, PP_ERR_INPUT,
                        "line %u, column %u: a third role: this solve takes one role (a puzzle) or two taking turns; "
                        "games of three roles or more get each role's security value (pp_gdl_values_solve)",
                        p->role_line[2], p->role_col[2]);
    e->tcap = 1024;
    pp_status st = grow_states(e, 1, err);
    if (st) return st;
    memcpy(s->bits, n->init, W * sizeof *n->init);
    s->depth[0] = 0;
    e->count = 1;
    e->table = calloc(e->tcap, sizeof *e->table);
    if (!e->table) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the state graph");
    e->table[gdl_bits_hash(n->init, W) & (e->tcap - 1)] = 1;
    return PP_OK;
}

/* A terminal state x (bits bx): its goals, each role's; a role without one
 * is the rules' error, said on its role. */
static pp_status enum_terminal(enum_run *e, uint32_t x, const uint64_t *bx)
{
    pp_gdl_graph *s = e->s;
    const gdl_prog *p = &e->g->prog;
    int nroles = p->nroles;
    s->terminal[x] = 1;
    s->mover[x] = -1;
    for (int r = 0; r < nroles; r++) {
        int32_t v = goal_of(&e->g->net, r);
        if (v == INT32_MIN) {
            gdl_state_text(e->g, bx, e->facts, 400);
            gdl_diag(e->ds, p->role_line[r], p->role_col[r],
                     "a reachable terminal state (depth %d) has no goal for the role %s: %s", s->depth[x],
                     gdl_sym_name(&p->syms, p->gt[p->roles[r]].sym), e->facts);
            return PP_ERR_INPUT;
        }
        s->goals[(size_t)x * nroles + r] = v;
    }
    return PP_OK;
}

/* The legal moves of a state x that is not terminal (read into e->t), as
 * this solve takes them: every role has one, at most one role has a choice
 * (else e->simultaneous), and not over PP_GDL_MAX_MOVES. */
static pp_status enum_check_turn(enum_run *e, uint32_t x, const uint64_t *bx, pp_error *err)
{
    const turn *t = e->t;
    const gdl_prog *p = &e->g->prog;
    int depth = e->s->depth[x];
    for (int r = 0; r < p->nroles; r++) {
        if (t->count[r] == 0) {
            gdl_state_text(e->g, bx, e->facts, 400);
            gdl_diag(e->ds, p->role_line[r], p->role_col[r],
                     "the role %s has no legal move in a reachable state that is not terminal (depth %d): %s",
                     gdl_sym_name(&p->syms, p->gt[p->roles[r]].sym), depth, e->facts);
            return PP_ERR_INPUT;
        }
    }
    if (p->nroles == 2 && t->count[0] > 1 && t->count[1] > 1) {
        gdl_state_text(e->g, bx, e->facts, 400);
        gdl_diag(e->ds, p->role_line[1], p->role_col[1],
                 "simultaneous moves: both roles have several legal moves in a reachable state (depth %d); "
                 "only games where the roles take turns can be solved",
                 depth);
        e->simultaneous = 1;
        return PP_ERR_INPUT;
    }
    if (t->count[t->mover] > PP_GDL_MAX_MOVES)
        return pp__fail(err, PP_ERR_LIMIT, "a state with %u legal moves, over the limit of %u", t->count[t->mover],
                        PP_GDL_MAX_MOVES);
    return PP_OK;
}

/* The hash table at twice its slots, once it is half full (within the
 * memory budget). */
static pp_status grow_table(enum_run *e, pp_error *err)
{
    const pp_gdl_graph *s = e->s;
    uint32_t W = e->g->net.words, ncap = e->tcap * 2;
    if (e->max_bytes) {
        uint64_t b = enum_bytes(e, s->cap, s->ecap, (uint64_t)e->tcap + ncap);
        if (b > e->max_bytes) return over_budget(e, b, err);
    }
    uint32_t *nt = gdl_states_table(s->bits, e->count, W, ncap);
    if (!nt) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the state graph");
    free(e->table);
    e->table = nt;
    e->tcap = ncap;
    return PP_OK;
}

/* The state with bits `bits` (a successor of a state at depth `depth`):
 * its number, a new one at the end when it is first seen. */
static pp_status enum_state_of(enum_run *e, const uint64_t *bits, int depth, uint32_t *id, pp_error *err)
{
    pp_gdl_graph *s = e->s;
    uint32_t W = e->g->net.words;
    uint32_t at;
    *id = gdl_states_find(e->table, e->tcap, s->bits, W, bits, &at);
    if (*id != UINT32_MAX) return PP_OK;
    pp_status st = grow_states(e, e->count + 1, err);
    if (st) return st;
    *id = e->count++;
    memcpy(s->bits + (size_t)*id * W, bits, W * sizeof *bits);
    s->depth[*id] = depth + 1;
    e->table[at] = *id + 1;
    return (uint64_t)e->count * 2 > e->tcap ? grow_table(e, err) : PP_OK;
}

/* The next edge: to state `id` by the move whose ground term is `term`
 * (labelled in order of first use); the edge arrays grow by doubling,
 * within PP_GDL_MAX_EDGES and the memory budget. */
static pp_status enum_edge(enum_run *e, uint32_t id, uint32_t term, pp_error *err)
{
    pp_gdl_graph *s = e->s;
    if (e->nedges >= s->ecap) {
        if (e->nedges >= PP_GDL_MAX_EDGES)
            return pp__fail(err, PP_ERR_LIMIT, "over %u moves in the state graph", PP_GDL_MAX_EDGES);
        uint32_t ec = s->ecap ? s->ecap * 2 : 4096;
        if (e->max_bytes) {
            uint64_t b = enum_bytes(e, s->cap, (uint64_t)s->ecap + ec, e->tcap);
            if (b > e->max_bytes) return over_budget(e, b, err);
        }
        void *a = realloc(s->targets, (size_t)ec * sizeof *s->targets);
        if (a) s->targets = a;
        void *b = realloc(s->move_of, (size_t)ec * sizeof *s->move_of);
        if (b) s->move_of = b;
        if (!a || !b) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the state graph");
        s->ecap = ec;
    }
    if (e->label[term] < 0) e->label[term] = (int32_t)s->nmoves++;
    s->targets[e->nedges] = (int32_t)id;
    s->move_of[e->nedges] = e->label[term];
    e->nedges++;
    return PP_OK;
}

/* State x, not terminal: its mover's moves, each an edge to its successor
 * (the other role's one legal move played with it); `spent` counts one
 * network evaluation a move. */
static pp_status enum_moves(enum_run *e, uint32_t x, uint64_t *spent, pp_error *err)
{
    gdl_net *n = &e->g->net;
    const turn *t = e->t;
    int nroles = e->g->prog.nroles, m = t->mover;
    e->s->mover[x] = (int8_t)m;
    int32_t choice[2] = {-1, -1};
    for (int r = 0; r < nroles; r++) choice[r] = t->legal[r][0];
    *spent += t->count[m];
    for (uint32_t k = 0; k < t->count[m]; k++) {
        choice[m] = t->legal[m][k];
        gdl_eval_next(n, choice, nroles, e->next);
        uint32_t id;
        pp_status st = enum_state_of(e, e->next, e->s->depth[x], &id, err);
        if (!st) st = enum_edge(e, id, n->moves[m][choice[m]].term, err);
        if (st) return st;
    }
    return PP_OK;
}

/* Expands states until `budget` network evaluations are spent (one a state
 * and one a move; a state is never split) or every state is expanded. */
static pp_status enum_step(enum_run *e, uint64_t budget, int *done, pp_error *err)
{
    pp_gdl_graph *s = e->s;
    gdl_net *n = &e->g->net;
    int nroles = e->g->prog.nroles;
    uint32_t W = n->words;
    pp_status st = PP_OK;
    uint64_t spent = 0;
    for (; e->x < e->count && spent < budget; e->x++) {
        uint32_t x = e->x;
        const uint64_t *bx = s->bits + (size_t)x * W;
        gdl_eval_state(n, bx);
        spent++;
        s->offsets[x] = (int32_t)e->nedges;
        for (int r = 0; r < nroles; r++) s->goals[(size_t)x * nroles + r] = -1;
        if (n->terminal >= 0 && n->val[n->terminal]) {
            st = enum_terminal(e, x, bx);
        } else {
            s->terminal[x] = 0;
            read_turn(e->g, e->t);
            st = enum_check_turn(e, x, bx, err);
            if (!st) st = enum_moves(e, x, &spent, err);
        }
        if (st) break;
    }
    s->v.states = e->count;
    s->v.edges = e->nedges;
    if (st) return enum_fail(e, st, err);
    *done = e->x >= e->count;
    if (*done) s->offsets[e->count] = (int32_t)e->nedges;
    return PP_OK;
}

/* The move labels, once every state is expanded. */
static pp_status enum_labels(enum_run *e, pp_error *err)
{
    const gdl_prog *p = &e->g->prog;
    pp_gdl_graph *s = e->s;
    const int32_t *label = e->label;
    size_t total = 0;
    for (uint32_t i = 0; i < p->ngt; i++)
        if (label[i] >= 0) total += (size_t)gdl_gterm_print(p, i, NULL, 0) + 1;
    s->move_pool = malloc(total ? total : 1);
    s->move_off = malloc((s->nmoves ? s->nmoves : 1) * sizeof *s->move_off);
    if (!s->move_pool || !s->move_off) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the state graph");
    size_t at = 0;
    for (uint32_t i = 0; i < p->ngt; i++) {
        if (label[i] < 0) continue;
        s->move_off[label[i]] = (uint32_t)at;
        at += (size_t)gdl_gterm_print(p, i, s->move_pool + at, total - at) + 1;
    }
    return PP_OK;
}

/* The whole enumeration in one call (pp_gdl_check); *simultaneous 1 when
 * refused for simultaneous moves. */
static pp_status enumerate(const pp_gdl *gc, uint32_t limit, pp_gdl_graph *s, gdl_diags *ds, int *simultaneous,
                           pp_error *err)
{
    enum_run e;
    int done = 0;
    pp_status st = enum_start(&e, gc, limit, 0, s, ds, err);
    while (!st && !done) st = enum_step(&e, UINT64_MAX, &done, err);
    if (!st) st = enum_labels(&e, err);
    if (st == PP_ERR_INPUT && ds->n) first_diag(ds, err);
    *simultaneous = e.simultaneous;
    enum_free(&e);
    return st;
}

/* ---- the retrograde view ---- */

static uint8_t terminal_outcome(const pp_gdl_graph *s, uint32_t x)
{
    const int32_t *gl = s->goals + (size_t)x * s->v.roles;
    if (s->mode) return gl[0] >= s->threshold ? PP_WIN0 : PP_WIN1;
    return gl[0] > gl[1] ? PP_WIN0 : gl[1] > gl[0] ? PP_WIN1 : PP_DRAW;
}

static void rg_info(void *ctx, uint32_t x, pp_state_info *out)
{
    const pp_gdl_graph *s = ctx;
    if (s->terminal[x]) {
        *out = (pp_state_info){PP_STATE_TERMINAL, 0, terminal_outcome(s, x), 0};
        return;
    }
    *out = (pp_state_info){PP_STATE_INNER, (uint8_t)(s->v.kind == PP_GDL_PUZZLE ? 0 : s->mover[x]), PP_DRAW,
                           s->kids_off[x + 1] - s->kids_off[x]};
}

static uint32_t rg_parents(void *ctx, uint32_t x, uint32_t *out)
{
    const pp_gdl_graph *s = ctx;
    uint32_t k = s->rev_off[x + 1] - s->rev_off[x];
    memcpy(out, s->rev + s->rev_off[x], k * sizeof *out);
    return k;
}

static uint32_t rg_children(void *ctx, uint32_t x, uint32_t *out)
{
    const pp_gdl_graph *s = ctx;
    uint32_t k = s->kids_off[x + 1] - s->kids_off[x];
    memcpy(out, s->kids + s->kids_off[x], k * sizeof *out);
    return k;
}

static int rg_describe(void *ctx, uint32_t x, char *buf, size_t size)
{
    (void)ctx;
    return snprintf(buf, size, "#%u", x);
}

static pp_status build_reverse(pp_gdl_graph *s, pp_error *err)
{
    uint32_t N = s->v.states, E = s->v.edges;
    s->kids_off = calloc((size_t)N + 1, sizeof *s->kids_off);
    s->kids = malloc(((size_t)E + 1) * sizeof *s->kids);
    s->rev_off = calloc((size_t)N + 2, sizeof *s->rev_off);
    s->rev = malloc(((size_t)E + 1) * sizeof *s->rev);
    uint32_t *seen = malloc(((size_t)N + 1) * sizeof *seen);
    if (!s->kids_off || !s->kids || !s->rev_off || !s->rev || !seen) {
        free(seen);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for the state graph");
    }
    for (uint32_t x = 0; x < N; x++) seen[x] = UINT32_MAX;
    uint32_t nk = 0, max_moves = 1, max_parents = 1;
    for (uint32_t x = 0; x < N; x++) {
        s->kids_off[x] = nk;
        for (int32_t e = s->offsets[x]; e < s->offsets[x + 1]; e++) {
            uint32_t c = (uint32_t)s->targets[e];
            if (seen[c] == x) continue;
            seen[c] = x;
            s->kids[nk++] = c;
            s->rev_off[c + 2]++;
        }
        if (nk - s->kids_off[x] > max_moves) max_moves = nk - s->kids_off[x];
    }
    s->kids_off[N] = nk;
    for (uint32_t x = 0; x < N; x++) {
        if (s->rev_off[x + 2] > max_parents) max_parents = s->rev_off[x + 2];
        s->rev_off[x + 2] += s->rev_off[x + 1];
    }
    for (uint32_t x = 0; x < N; x++)
        for (uint32_t k = s->kids_off[x]; k < s->kids_off[x + 1]; k++) s->rev[s->rev_off[s->kids[k] + 1]++] = x;
    free(seen);
    pp_retro_game *rg = &s->rg;
    memset(rg, 0, sizeof *rg);
    rg->nstates = N;
    rg->max_parents = max_parents;
    rg->max_moves = max_moves;
    rg->ctx = s;
    rg->info = rg_info;
    rg->parents = rg_parents;
    rg->children = rg_children;
    rg->describe = rg_describe;
    rg->players[0] = s->role_names[0];
    rg->players[1] = s->role_names[1];
    return PP_OK;
}

static int cmp_desc(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return x < y ? 1 : x > y ? -1 : 0;
}

/* ---- the solve in steps: enumerate, link, then one retrograde solve a seeding ---- */

struct pp_gdl_job {
    pp_gdl_graph *s;
    pp_gdl_options o;
    pp_gdl_budget b;
    enum_run e;
    pp_gdl_diag d[1];
    gdl_diags ds;
    int phase;        /* PP_GDL_PHASE_* */
    pp_status failed; /* sticky: a failed step fails every later one */
    int32_t *vals;    /* the terminals' goals of the first role, best first */
    uint8_t *set;     /* value found (thresholds) */
    uint32_t nv, stage, stages;
    pp_retro *r;   /* the stage's solve, while it runs */
    uint64_t need; /* bytes the link, the solve and the trace take */
};

/* Bytes the link and solve phases take on top of the enumerated graph, the
 * trace left out: the distinct children and parents (and a scratch array),
 * the per-state results, the retrograde engine with its result views. */
static uint64_t solve_bytes(uint64_t N, uint64_t E)
{
    return 16 * N + 8 * E + 14 * N + pp_retro_bytes((uint32_t)N, 1) + pp_retro_view_bytes((uint32_t)N);
}

/* The trace to keep for N states and E moves when `taken` bytes are
 * held besides: its events (0: none) and kinds into *mask. Whole while it
 * fits the budget (and the bound on a whole trace's events), else the
 * decisions only (SEED and COLOR: one event a state), else none. Without a
 * budget or bound, the whole trace to its cap. */
static uint32_t trace_plan(const pp_gdl_job *j, uint64_t N, uint64_t E, uint64_t taken, uint32_t *mask)
{
    const pp_gdl_options *o = &j->o;
    *mask = o->trace_mask;
    if (o->trace_cap != PP_GDL_TRACE_WHOLE) return o->trace_cap;
    /* each state seeded or coloured once and popped once, each reverse edge
     * a PARENT and at most one DEGREE (E bounds the distinct moves) */
    uint64_t whole = 4 * N + 2 * E + 16, coarse = N + 16, max = j->b.max_bytes;
    if (!max && !j->b.trace_whole_max) return whole > (1u << 27) ? (1u << 27) : (uint32_t)whole;
    if (whole <= (1u << 27) && (!j->b.trace_whole_max || whole <= j->b.trace_whole_max) &&
        (!max || taken + whole * 16 <= max))
        return (uint32_t)whole;
    if (coarse <= (1u << 27) && (!max || taken + coarse * 16 <= max)) {
        *mask = (1u << PP_EV_SEED) | (1u << PP_EV_COLOR);
        return (uint32_t)coarse;
    }
    return 0;
}

static pp_status plan_trace(pp_gdl_job *j, uint64_t held, pp_error *err)
{
    pp_gdl_graph *s = j->s;
    uint32_t N = s->v.states;
    /* with a budget, as the progress said before the link (every move);
     * without, the distinct moves */
    uint64_t E = j->b.max_bytes || j->b.trace_whole_max ? s->v.edges : s->kids_off[N];
    uint32_t mask = 0, cap = trace_plan(j, N, E, held + j->need, &mask);
    if (!cap) return PP_OK;
    j->need += (uint64_t)cap * 16;
    pp_status st = pp_trace_new(cap, &s->trace, err);
    if (st) return st;
    pp_trace_set_filter(s->trace, mask);
    s->trace_mask = mask;
    return PP_OK;
}

/* After the enumeration: the reverse graph, the trace, the result arrays
 * and the seedings (one a goal threshold). */
static pp_status link_graph(pp_gdl_job *j, pp_error *err)
{
    pp_gdl_graph *s = j->s;
    uint32_t N = s->v.states;
    uint64_t held = j->b.max_bytes ? enum_bytes(&j->e, s->cap, s->ecap, 0) : 0;
    enum_free(&j->e); /* the hash table and scratch */
    uint64_t E = s->v.edges, base = solve_bytes(N, E);
    if (j->b.max_bytes && held + base > j->b.max_bytes)
        return pp__fail(err, PP_ERR_LIMIT,
                        "solving %u states and %llu moves needs about %llu MiB, over the memory budget of %llu MiB", N,
                        (unsigned long long)E, (unsigned long long)((held + base) >> 20),
                        (unsigned long long)(j->b.max_bytes >> 20));
    j->need = base;
    pp_status st = build_reverse(s, err);
    if (!st) st = plan_trace(j, held, err);
    if (st) return st;
    s->value = malloc((size_t)N * sizeof *s->value);
    s->remoteness = malloc((size_t)N * sizeof *s->remoteness);
    s->outcome = calloc(N ? N : 1, 1);
    j->vals = malloc(((size_t)N + 1) * sizeof *j->vals);
    j->set = calloc(N ? N : 1, 1);
    if (!s->value || !s->remoteness || !s->outcome || !j->vals || !j->set)
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for the solve");
    int32_t *vals = j->vals;
    uint32_t nv = 0;
    for (uint32_t x = 0; x < N; x++)
        if (s->terminal[x]) vals[nv++] = s->goals[(size_t)x * s->v.roles];
    qsort(vals, nv, sizeof *vals, cmp_desc);
    uint32_t k = 0;
    for (uint32_t i = 0; i < nv; i++)
        if (!k || vals[k - 1] != vals[i]) vals[k++] = vals[i];
    nv = k;
    int32_t least = nv ? vals[nv - 1] : 0;
    for (uint32_t x = 0; x < N; x++) s->value[x] = least, s->remoteness[x] = -1;
    j->nv = nv;
    /* turns: the goals compared, then every threshold but the least (every
     * state makes sure of the least); puzzles: every threshold, best first */
    j->stages = s->v.kind == PP_GDL_PUZZLE ? nv : 1 + (nv ? nv - 1 : 0);
    j->stage = 0;
    return PP_OK;
}

/* Stage k's seeding: 0 for turns compares the goals; else the threshold. */
static pp_status stage_begin(pp_gdl_job *j, pp_error *err)
{
    pp_gdl_graph *s = j->s;
    int puzzle = s->v.kind == PP_GDL_PUZZLE;
    uint32_t k = j->stage;
    if (!puzzle && k == 0) {
        s->mode = 0;
    } else {
        s->mode = 1;
        s->threshold = j->vals[puzzle ? k : k - 1];
    }
    return pp_retro_new(&s->rg, k == 0 ? s->trace : NULL, &j->r, err);
}

/* Stage k solved: its results into the graph's arrays. */
static pp_status stage_end(pp_gdl_job *j, pp_error *err)
{
    pp_gdl_graph *s = j->s;
    uint32_t N = s->v.states;
    int puzzle = s->v.kind == PP_GDL_PUZZLE;
    uint32_t k = j->stage;
    pp_retro_stats rs;
    pp_retro_get_stats(j->r, &rs);
    s->v.relaxations += rs.relaxations;
    s->v.solves++;
    const uint8_t *o = pp_retro_outcomes(j->r);
    const int32_t *rem = pp_retro_remoteness(j->r);
    if (!o || !rem) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the solve's results");
    if (!puzzle && k == 0) {
        for (uint32_t x = 0; x < N; x++) {
            s->outcome[x] = o[x] == PP_INVALID ? PP_DRAW : o[x];
            s->remoteness[x] = s->terminal[x] ? 0 : rem[x];
        }
    } else {
        int32_t t = s->threshold;
        for (uint32_t x = 0; x < N; x++) {
            if (puzzle && k == 0) s->outcome[x] = o[x] == PP_INVALID ? PP_DRAW : o[x];
            if (j->set[x] || o[x] != PP_WIN0) continue;
            j->set[x] = 1;
            s->value[x] = t;
            if (puzzle) s->remoteness[x] = rem[x];
        }
    }
    pp_retro_free(j->r);
    j->r = NULL;
    j->stage++;
    return PP_OK;
}

pp_status pp_gdl_job_new(const pp_gdl *g, const pp_gdl_options *opt, const pp_gdl_budget *budget, pp_gdl_job **out,
                         pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "no place for the solve");
    *out = NULL;
    if (!g) return pp__fail(err, PP_ERR_ARG, "no rules");
    pp_gdl_job *j = calloc(1, sizeof *j);
    pp_gdl_graph *s = calloc(1, sizeof *s);
    if (!j || !s) {
        free(j), free(s);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for the state graph");
    }
    if (opt) j->o = *opt;
    if (budget) j->b = *budget;
    j->s = s;
    j->ds = (gdl_diags){j->d, 0, 1, 1};
    uint32_t limit = j->o.max_states && j->o.max_states < PP_GDL_MAX_STATES ? j->o.max_states : PP_GDL_MAX_STATES;
    s->v.roles = g->prog.nroles;
    s->v.kind = g->prog.nroles == 1 ? PP_GDL_PUZZLE : PP_GDL_TURNS;
    s->v.words = g->net.words;
    snprintf(s->role_names[0], sizeof s->role_names[0], "%s", pp_gdl_role_name(g, 0) ? pp_gdl_role_name(g, 0) : "");
    snprintf(s->role_names[1], sizeof s->role_names[1], "%s",
             pp_gdl_role_name(g, 1) ? pp_gdl_role_name(g, 1) : "nobody");
    pp_status st = enum_start(&j->e, g, limit, j->b.max_bytes, s, &j->ds, err);
    if (st) {
        pp_gdl_job_free(j);
        return st;
    }
    j->phase = PP_GDL_PHASE_ENUMERATE;
    *out = j;
    return PP_OK;
}

pp_status pp_gdl_job_step(pp_gdl_job *j, uint64_t budget, int *done, pp_error *err)
{
    int fin = 0;
    if (done) *done = 0;
    if (!j) return pp__fail(err, PP_ERR_ARG, "no solve");
    if (j->failed) return pp__fail(err, j->failed, "the solve failed before");
    pp_gdl_graph *s = j->s;
    pp_status st = PP_OK;
    double t0 = pp__now_ms();
    if (budget == 0) budget = 1;
    if (j->phase == PP_GDL_PHASE_ENUMERATE) {
        st = enum_step(&j->e, budget, &fin, err);
        if (!st && fin) st = enum_labels(&j->e, err);
        if (!st && fin) j->phase = PP_GDL_PHASE_LINK;
        s->enum_ms += pp__now_ms() - t0;
    } else if (j->phase == PP_GDL_PHASE_LINK) {
        st = link_graph(j, err);
        if (!st) j->phase = PP_GDL_PHASE_SOLVE;
        s->solve_ms += pp__now_ms() - t0;
    } else if (j->phase == PP_GDL_PHASE_SOLVE) {
        while (!st && j->stage < j->stages && budget) {
            if (!j->r && (st = stage_begin(j, err))) break;
            pp_retro_stats before;
            pp_retro_get_stats(j->r, &before);
            st = pp_retro_run(j->r, budget, &fin);
            if (st) {
                st = pp__fail(err, st, "the retrograde solve failed");
                break;
            }
            pp_retro_stats after;
            pp_retro_get_stats(j->r, &after);
            uint64_t used = after.relaxations - before.relaxations;
            budget = used >= budget ? 0 : budget - used;
            if (fin) st = stage_end(j, err);
        }
        if (!st && j->stage >= j->stages) {
            uint32_t nt = 0;
            for (uint32_t x = 0; x < s->v.states; x++) nt += s->terminal[x];
            s->mode = 0;
            s->v.terminal_states = nt;
            s->v.moves = s->nmoves;
            s->v.depth = s->depth;
            s->v.offsets = s->offsets;
            s->v.targets = s->targets;
            s->v.move_of = s->move_of;
            s->v.mover = s->mover;
            s->v.terminal = s->terminal;
            s->v.outcome = s->outcome;
            s->v.value = s->value;
            s->v.remoteness = s->remoteness;
            s->v.goals = s->goals;
            s->v.bits = s->bits;
            j->phase = PP_GDL_PHASE_DONE;
        }
        s->solve_ms += pp__now_ms() - t0;
    }
    if (st) {
        j->failed = st;
        return st;
    }
    if (done) *done = j->phase == PP_GDL_PHASE_DONE;
    return PP_OK;
}

/* Before the link step: the graph, and what the link, the solve and the trace will take. */
static uint64_t link_bytes(const pp_gdl_job *j)
{
    const pp_gdl_graph *s = j->s;
    uint64_t held = enum_bytes(&j->e, s->cap, s->ecap, 0), base = solve_bytes(s->v.states, s->v.edges);
    uint32_t mask;
    return held + base + (uint64_t)trace_plan(j, s->v.states, s->v.edges, held + base, &mask) * 16;
}

void pp_gdl_job_progress(const pp_gdl_job *j, pp_gdl_progress *out)
{
    memset(out, 0, sizeof *out);
    if (!j) return;
    const pp_gdl_graph *s = j->s;
    out->phase = j->phase;
    out->states = j->phase == PP_GDL_PHASE_ENUMERATE ? j->e.count : s ? s->v.states : 0;
    out->expanded = j->phase == PP_GDL_PHASE_ENUMERATE ? j->e.x : out->states;
    out->edges = j->phase == PP_GDL_PHASE_ENUMERATE ? j->e.nedges : s ? s->v.edges : 0;
    out->stage = j->stage;
    out->stages = j->stages;
    out->relaxations = s ? s->v.relaxations : 0;
    if (j->r) {
        pp_retro_stats rs;
        pp_retro_get_stats(j->r, &rs);
        out->relaxations += rs.relaxations;
        out->decided = rs.decided;
        out->ply = pp_retro_ply(j->r);
    }
    /* before the link step: what it and the solve will take, said before it is taken */
    if (s)
        out->bytes = j->phase == PP_GDL_PHASE_ENUMERATE ? enum_bytes(&j->e, s->cap, s->ecap, j->e.tcap)
                     : j->phase == PP_GDL_PHASE_LINK    ? link_bytes(j)
                                                        : enum_bytes(&j->e, s->cap, s->ecap, 0) + j->need;
    out->trace_mask = s ? s->trace_mask : 0;
    out->traced = s && s->trace != NULL;
}

pp_gdl_graph *pp_gdl_job_take(pp_gdl_job *j)
{
    if (!j || j->phase != PP_GDL_PHASE_DONE || !j->s) return NULL;
    pp_gdl_graph *s = j->s;
    j->s = NULL;
    return s;
}

void pp_gdl_job_free(pp_gdl_job *j)
{
    if (!j) return;
    enum_free(&j->e);
    pp_retro_free(j->r);
    free(j->vals), free(j->set);
    pp_gdl_graph_free(j->s);
    free(j);
}

pp_status pp_gdl_solve(const pp_gdl *g, const pp_gdl_options *opt, pp_gdl_graph **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "no place for the graph");
    *out = NULL;
    pp_gdl_job *j = NULL;
    pp_status st = pp_gdl_job_new(g, opt, NULL, &j, err);
    int done = 0;
    while (!st && !done) st = pp_gdl_job_step(j, UINT64_MAX, &done, err);
    if (!st) *out = pp_gdl_job_take(j);
    pp_gdl_job_free(j);
    return st;
}

void pp_gdl_graph_free(pp_gdl_graph *s)
{
    if (!s) return;
    free(s->depth), free(s->offsets), free(s->targets), free(s->move_of), free(s->value), free(s->remoteness);
    free(s->goals), free(s->mover), free(s->terminal), free(s->outcome), free(s->bits);
    free(s->move_pool), free(s->move_off), free(s->kids_off), free(s->kids), free(s->rev_off), free(s->rev);
    pp_trace_free(s->trace);
    free(s);
}

void pp_gdl_graph_view(const pp_gdl_graph *s, pp_gdl_view *out)
{
    if (!s) {
        memset(out, 0, sizeof *out);
        return;
    }
    *out = s->v;
}

const char *pp_gdl_move_name(const pp_gdl_graph *s, uint32_t move)
{
    return s && move < s->nmoves ? s->move_pool + s->move_off[move] : NULL;
}
const pp_trace *pp_gdl_graph_trace(const pp_gdl_graph *s) { return s ? s->trace : NULL; }
const pp_retro_game *pp_gdl_graph_retro(const pp_gdl_graph *s) { return s ? &s->rg : NULL; }
void pp_gdl_graph_times(const pp_gdl_graph *s, double *enumerate_ms, double *solve_ms)
{
    if (enumerate_ms) *enumerate_ms = s ? s->enum_ms : 0;
    if (solve_ms) *solve_ms = s ? s->solve_ms : 0;
}

/* ---- the checks, all of them ---- */

uint32_t pp_gdl_check(const char *text, size_t len, uint32_t max_states, pp_gdl_diag *out, uint32_t max)
{
    gdl_diags ds = {out, 0, 0, out ? max : 0};
    pp_error err = {0};
    pp_gdl *g = NULL;
    pp_status st = compile(text, len, &ds, &g, &err);
    if (st && st != PP_ERR_INPUT) gdl_diag(&ds, 1, 1, "%s", err.msg);
    if (st) return ds.n;
    pp_gdl_graph *s = calloc(1, sizeof *s);
    if (!s) {
        gdl_diag(&ds, 1, 1, "out of memory for the state graph");
        pp_gdl_free(g);
        return ds.n;
    }
    s->v.roles = g->prog.nroles;
    uint32_t limit = max_states && max_states < PP_GDL_MAX_STATES ? max_states : PP_GDL_MAX_STATES;
    if (g->prog.nroles > 2) {
        /* three roles or more: the graph of joint moves */
        st = gdl_values_check(g, limit, &ds, &err);
    } else {
        /* simultaneous moves are no problem: the graph of joint moves is checked in their place */
        gdl_diags first = ds;
        int simultaneous = 0;
        st = enumerate(g, limit, s, &first, &simultaneous, &err);
        if (st == PP_ERR_INPUT && simultaneous && first.n == ds.n + 1) {
            memset(&err, 0, sizeof err);
            st = gdl_values_check(g, limit, &ds, &err);
        } else ds = first;
    }
    if (st && st != PP_ERR_INPUT) gdl_diag(&ds, 1, 1, "%s", err.msg);
    pp_gdl_graph_free(s);
    pp_gdl_free(g);
    return ds.n;
}

/* ---- the rules as a pp_game (minimax, alpha-beta) ---- */

struct pp_gdl_game {
    pp_game game;
    pp_gdl *g;
    uint64_t *root, *cached;
    int valid;
    uint64_t stamp; /* the network's when cached was evaluated */
    gdl_incr whole; /* the state phase incrementally, where it is not recursive */
    turn t;
    int terminal;
    int simultaneous; /* both roles have several legal moves: no turn to search */
    int outcome;      /* leaves valued 0, 1, 2: the second wins, a draw, the first wins */
    char why[400];    /* stuck's message */
};

/* pos is the state cached: word by word (a position need not be aligned),
 * for the few words of a state a search asks about three times a node. */
static int is_cached(const pp_gdl_game *a, const void *pos, uint32_t W)
{
    const unsigned char *p = pos;
    for (uint32_t i = 0; i < W; i++) {
        uint64_t w;
        memcpy(&w, p + (size_t)i * 8, 8);
        if (w != a->cached[i]) return 0;
    }
    return 1;
}

/* The state phase for pos, unless it is the state the network holds. A
 * search walks from a state to a child or a sibling, so the incremental
 * evaluation touches only the rules that read the few propositions that
 * changed (MCTS on tic-tac-toe: 1.5x the iterations a second). */
static void ab_eval(pp_gdl_game *a, const void *pos)
{
    uint32_t W = a->g->net.words;
    if (a->valid && a->stamp == a->g->net.stamp && is_cached(a, pos, W)) return;
    memcpy(a->cached, pos, W * 8);
    if (a->whole.ok) gdl_incr_eval(&a->whole, &a->g->net, a->cached);
    else gdl_eval_state(&a->g->net, a->cached);
    a->stamp = a->g->net.stamp;
    a->terminal = a->g->net.terminal >= 0 && a->g->net.val[a->g->net.terminal];
    if (!a->terminal) read_turn(a->g, &a->t);
    a->simultaneous = !a->terminal && a->g->prog.nroles == 2 && a->t.count[0] > 1 && a->t.count[1] > 1;
    a->valid = 1;
}

static int ab_player(void *ctx, const void *pos)
{
    pp_gdl_game *a = ctx;
    ab_eval(a, pos);
    return a->terminal || a->g->prog.nroles == 1 ? PP_AB_MAX : a->t.mover;
}

static int ab_leaf(void *ctx, const void *pos, int32_t *value)
{
    pp_gdl_game *a = ctx;
    ab_eval(a, pos);
    int stuck = !a->terminal && a->t.count[a->t.mover] == 0;
    if (!a->terminal && !stuck) return 0;
    int32_t v = goal_of(&a->g->net, 0);
    if (a->outcome && a->g->prog.nroles == 2) {
        int32_t w = goal_of(&a->g->net, 1);
        *value = v > w ? 2 : v < w ? 0 : 1;
        return 1;
    }
    *value = v == INT32_MIN ? a->g->net.goal_lo : v;
    return 1;
}

/* A state where both roles have several legal moves lists none: the
 * searches of turns stop there with stuck's message (one role's moves,
 * the other's first, would be a game the rules do not play). */
static uint32_t ab_moves(void *ctx, const void *pos, int32_t *out)
{
    pp_gdl_game *a = ctx;
    ab_eval(a, pos);
    if (a->simultaneous) return 0;
    uint32_t k = a->t.count[a->t.mover];
    if (k > PP_AB_MAX_MOVES) k = PP_AB_MAX_MOVES;
    for (uint32_t i = 0; i < k; i++) out[i] = a->t.legal[a->t.mover][i];
    return k;
}

static void ab_play(void *ctx, const void *pos, int32_t move, void *child)
{
    pp_gdl_game *a = ctx;
    ab_eval(a, pos);
    int32_t choice[2] = {-1, -1};
    for (int r = 0; r < a->g->prog.nroles; r++) choice[r] = a->t.count[r] ? a->t.legal[r][0] : -1;
    choice[a->t.mover] = move;
    uint64_t next[PP_AB_MAX_STATE / 8];
    gdl_eval_next(&a->g->net, choice, a->g->prog.nroles, next);
    memcpy(child, next, a->g->net.words * 8);
}

static const char *ab_stuck(void *ctx, const void *pos)
{
    pp_gdl_game *a = ctx;
    ab_eval(a, pos);
    if (!a->simultaneous) return NULL;
    char facts[240];
    gdl_state_text(a->g, a->cached, facts, sizeof facts);
    snprintf(a->why, sizeof a->why,
             "simultaneous moves: both roles have several legal moves in a reachable state; only games where the "
             "roles take turns can be searched: %s",
             facts);
    return a->why;
}

static uint64_t ab_hash(void *ctx, const void *pos)
{
    pp_gdl_game *a = ctx;
    uint64_t b[PP_AB_MAX_STATE / 8];
    memcpy(b, pos, a->g->net.words * 8);
    return gdl_bits_hash(b, a->g->net.words);
}

pp_status pp_gdl_game_new(pp_gdl *g, const uint64_t *root, pp_gdl_game **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "no place for the game");
    *out = NULL;
    if (!g) return pp__fail(err, PP_ERR_ARG, "no rules");
    uint32_t W = g->net.words;
    if (W * 8 > PP_AB_MAX_STATE)
        return pp__fail(err, PP_ERR_LIMIT, "a state of %u base propositions is over the search's %d bytes",
                        g->net.nbase, PP_AB_MAX_STATE);
    uint32_t mm = g->net.nmoves[0] > g->net.nmoves[1] ? g->net.nmoves[0] : g->net.nmoves[1];
    if (mm > PP_AB_MAX_MOVES)
        return pp__fail(err, PP_ERR_LIMIT, "a role with %u possible moves, over the search's %d", mm, PP_AB_MAX_MOVES);
    if (g->prog.nroles < 1 || g->prog.nroles > 2) return pp__fail(err, PP_ERR_INPUT, "only one or two roles");
    pp_gdl_game *a = calloc(1, sizeof *a);
    if (!a) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the game");
    a->root = malloc(W * 8);
    a->cached = malloc(W * 8);
    if (!a->root || !a->cached) {
        pp_gdl_game_free(a);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for the game");
    }
    memcpy(a->root, root ? root : g->net.init, W * 8);
    a->g = g;
    if (W) gdl_incr_build(&g->net, &a->whole, NULL); /* without memory for the counts, every state in full */
    pp_game *gm = &a->game;
    gm->name = "gdl";
    gm->ctx = a;
    gm->state_bytes = W * 8;
    gm->max_moves = mm ? mm : 1;
    gm->max_depth = PP_AB_MAX_DEPTH;
    gm->lo = g->net.goal_lo;
    gm->hi = g->net.goal_hi;
    gm->root = a->root;
    gm->player = ab_player;
    gm->leaf = ab_leaf;
    gm->moves = ab_moves;
    gm->play = ab_play;
    gm->hash = ab_hash;
    gm->stuck = ab_stuck;
    *out = a;
    return PP_OK;
}

const pp_game *pp_gdl_game_of(const pp_gdl_game *t) { return t ? &t->game : NULL; }

void pp_gdl_game_outcome(pp_gdl_game *t)
{
    if (!t || t->g->prog.nroles != 2) return;
    t->outcome = 1;
    t->game.lo = 0;
    t->game.hi = 2;
}

int pp_gdl_game_move_name(pp_gdl_game *t, const void *pos, int32_t move, char *buf, size_t size)
{
    if (!t || !pos) return snprintf(buf, size, "?");
    ab_eval(t, pos);
    int r = t->terminal ? -1 : t->t.mover;
    if (r < 0 || move < 0 || (uint32_t)move >= t->g->net.nmoves[r]) return snprintf(buf, size, "?");
    return gdl_gterm_print(&t->g->prog, t->g->net.moves[r][move].term, buf, size);
}

void pp_gdl_game_free(pp_gdl_game *t)
{
    if (!t) return;
    gdl_incr_free(&t->whole);
    free(t->root);
    free(t->cached);
    free(t);
}
