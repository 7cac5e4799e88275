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
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gdl_internal.h"


static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void first_diag(const gdl_diags *ds, pp_error *err)
{
    if (ds->n && ds->d && ds->max)
        pp__fail(err, PP_ERR_INPUT, "line %u, column %u: %s", ds->d[0].line, ds->d[0].col, ds->d[0].msg);
    else
        pp__fail(err, PP_ERR_INPUT, "the rules are not valid");
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
        for (uint32_t i = 0; i < n->nbase; i++) total += (size_t)gdl_gterm_print(&g->prog, n->base_term[i], NULL, 0) + 1;
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
    if (!g || role < 0 || role >= g->prog.nroles || role >= 2) return NULL;
    return gdl_sym_name(&g->prog.syms, g->prog.gt[g->prog.roles[role]].sym);
}
uint32_t pp_gdl_base_count(const pp_gdl *g) { return g ? g->net.nbase : 0; }
int pp_gdl_base_name(const pp_gdl *g, uint32_t i, char *buf, size_t size)
{
    if (!g || i >= g->net.nbase) return snprintf(buf, size, "?");
    return snprintf(buf, size, "%s", g->names + g->name_off[i]);
}
void pp_gdl_set_max_bytes(pp_gdl *g, uint64_t max_bytes)
{
    if (g) g->max_bytes = max_bytes;
}
uint32_t pp_gdl_state_words(const pp_gdl *g) { return g ? g->net.words : 0; }
uint64_t pp_gdl_ground_rules(const pp_gdl *g) { return g ? g->net.ground_rules : 0; }

/* ---- one state's moves ---- */

typedef struct turn {
    int32_t legal[2][PP_GDL_MAX_MOVES]; /* indices into net.moves[r] */
    uint32_t count[2];                 /* may exceed what is kept */
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

static void state_text(const pp_gdl *g, const uint64_t *bits, char *buf, size_t size)
{
    size_t at = 0;
    buf[0] = '\0';
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
    double enum_ms, solve_ms;
    char role_names[2][64];
    uint64_t max_bytes; /* the graph's memory budget (0: PP_MEMORY_BUDGET) */
};

static pp_status grow_states(pp_gdl_graph *s, uint32_t need, uint32_t words, int nroles, uint32_t limit, pp_error *err)
{
    if (need <= s->cap) return PP_OK;
    if (need > limit)
        return pp__fail(err, PP_ERR_LIMIT, "over %u reachable states (the limit of this solve)", limit);
    uint64_t cap = s->cap ? (uint64_t)s->cap * 2 : 1024;
    if (cap > limit) cap = limit;
    uint64_t bytes = cap * ((uint64_t)words * 8 + 4 * 4 + (uint64_t)nroles * 4 + 3 + 4);
    uint64_t budget = s->max_bytes ? s->max_bytes : PP_MEMORY_BUDGET;
    if (bytes > budget) return pp__fail(err, PP_ERR_LIMIT, "the state graph needs over %u MB", (unsigned)(budget >> 20));
#define GROW(f, n)                                                                                   \
    do {                                                                                             \
        void *q = realloc(s->f, (size_t)(n) * sizeof *s->f);                                         \
        if (!q) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the state graph");             \
        s->f = q;                                                                                    \
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

static uint64_t hash_bits(const uint64_t *b, uint32_t words)
{
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (uint32_t w = 0; w < words; w++) h = (h ^ b[w]) * 0xff51afd7ed558ccdull, h ^= h >> 32;
    return h;
}

static pp_status enumerate(const pp_gdl *gc, uint32_t limit, pp_gdl_graph *s, gdl_diags *ds, pp_error *err)
{
    pp_gdl *g = (pp_gdl *)gc; /* the evaluator's scratch values change; the rules do not */
    gdl_net *n = &g->net;
    const gdl_prog *p = &g->prog;
    int nroles = p->nroles;
    uint32_t W = n->words;
    pp_status st = PP_OK;
    uint32_t *table = NULL, tcap = 0, count = 0;
    int32_t *label = NULL;
    uint64_t *next = malloc(W * sizeof *next);
    turn *t = malloc(sizeof *t);
    label = malloc((p->ngt ? p->ngt : 1) * sizeof *label);
    char *facts = malloc(400);
    if (!next || !t || !label || !facts) {
        st = pp__fail(err, PP_ERR_NOMEM, "out of memory for the state graph");
        goto done;
    }
    for (uint32_t i = 0; i < p->ngt; i++) label[i] = -1;
    if (nroles < 1 || nroles > 2) {
        st = pp__fail(err, PP_ERR_INPUT, "%d roles: only one role (a puzzle) or two taking turns can be solved", nroles);
        goto done;
    }
    if ((st = grow_states(s, 1, W, nroles, limit, err))) goto done;
    memcpy(s->bits, n->init, W * sizeof *n->init);
    s->depth[0] = 0;
    count = 1;
    tcap = 1024;
    table = calloc(tcap, sizeof *table);
    if (!table) {
        st = pp__fail(err, PP_ERR_NOMEM, "out of memory for the state graph");
        goto done;
    }
    table[hash_bits(n->init, W) & (tcap - 1)] = 1;
    uint32_t nedges = 0;
    for (uint32_t x = 0; x < count; x++) {
        const uint64_t *bx = s->bits + (size_t)x * W;
        gdl_eval_state(n, bx);
        s->offsets[x] = (int32_t)nedges;
        for (int r = 0; r < nroles; r++) s->goals[(size_t)x * nroles + r] = -1;
        if (n->terminal >= 0 && n->val[n->terminal]) {
            s->terminal[x] = 1;
            s->mover[x] = -1;
            for (int r = 0; r < nroles; r++) {
                int32_t v = goal_of(n, r);
                if (v == INT32_MIN) {
                    state_text(g, bx, facts, 400);
                    gdl_diag(ds, p->role_line[r], p->role_col[r],
                             "a reachable terminal state (depth %d) has no goal for the role %s: %s", s->depth[x],
                             gdl_sym_name(&p->syms, p->gt[p->roles[r]].sym), facts);
                    st = PP_ERR_INPUT;
                    goto done;
                }
                s->goals[(size_t)x * nroles + r] = v;
            }
            continue;
        }
        s->terminal[x] = 0;
        read_turn(g, t);
        for (int r = 0; r < nroles; r++) {
            if (t->count[r] == 0) {
                state_text(g, bx, facts, 400);
                gdl_diag(ds, p->role_line[r], p->role_col[r],
                         "the role %s has no legal move in a reachable state that is not terminal (depth %d): %s",
                         gdl_sym_name(&p->syms, p->gt[p->roles[r]].sym), s->depth[x], facts);
                st = PP_ERR_INPUT;
                goto done;
            }
        }
        if (nroles == 2 && t->count[0] > 1 && t->count[1] > 1) {
            state_text(g, bx, facts, 400);
            gdl_diag(ds, p->role_line[1], p->role_col[1],
                     "simultaneous moves: both roles have several legal moves in a reachable state (depth %d); "
                     "only games where the roles take turns can be solved",
                     s->depth[x]);
            st = PP_ERR_INPUT;
            goto done;
        }
        if (t->count[t->mover] > PP_GDL_MAX_MOVES) {
            st = pp__fail(err, PP_ERR_LIMIT, "a state with %u legal moves, over the limit of %u", t->count[t->mover],
                          PP_GDL_MAX_MOVES);
            goto done;
        }
        int m = t->mover;
        s->mover[x] = (int8_t)m;
        int32_t choice[2] = {-1, -1};
        for (int r = 0; r < nroles; r++) choice[r] = t->legal[r][0];
        for (uint32_t k = 0; k < t->count[m]; k++) {
            choice[m] = t->legal[m][k];
            gdl_eval_next(n, choice, nroles, next);
            uint64_t h = hash_bits(next, W);
            uint32_t at = (uint32_t)h & (tcap - 1), id = UINT32_MAX;
            while (table[at]) {
                uint32_t c = table[at] - 1;
                if (memcmp(s->bits + (size_t)c * W, next, W * sizeof *next) == 0) {
                    id = c;
                    break;
                }
                at = (at + 1) & (tcap - 1);
            }
            if (id == UINT32_MAX) {
                if ((st = grow_states(s, count + 1, W, nroles, limit, err))) goto done;
                id = count++;
                memcpy(s->bits + (size_t)id * W, next, W * sizeof *next);
                s->depth[id] = s->depth[x] + 1;
                table[at] = id + 1;
                if ((uint64_t)count * 2 > tcap) {
                    uint32_t ncap = tcap * 2;
                    uint32_t *nt = calloc(ncap, sizeof *nt);
                    if (!nt) {
                        st = pp__fail(err, PP_ERR_NOMEM, "out of memory for the state graph");
                        goto done;
                    }
                    for (uint32_t c = 0; c < count; c++) {
                        uint32_t a = (uint32_t)hash_bits(s->bits + (size_t)c * W, W) & (ncap - 1);
                        while (nt[a]) a = (a + 1) & (ncap - 1);
                        nt[a] = c + 1;
                    }
                    free(table);
                    table = nt;
                    tcap = ncap;
                }
            }
            if (nedges >= s->ecap) {
                if (nedges >= PP_GDL_MAX_EDGES) {
                    st = pp__fail(err, PP_ERR_LIMIT, "over %u moves in the state graph", PP_GDL_MAX_EDGES);
                    goto done;
                }
                uint32_t ec = s->ecap ? s->ecap * 2 : 4096;
                void *a = realloc(s->targets, (size_t)ec * sizeof *s->targets);
                if (a) s->targets = a;
                void *b = realloc(s->move_of, (size_t)ec * sizeof *s->move_of);
                if (b) s->move_of = b;
                if (!a || !b) {
                    st = pp__fail(err, PP_ERR_NOMEM, "out of memory for the state graph");
                    goto done;
                }
                s->ecap = ec;
            }
            uint32_t term = n->moves[m][choice[m]].term;
            if (label[term] < 0) label[term] = (int32_t)s->nmoves++;
            s->targets[nedges] = (int32_t)id;
            s->move_of[nedges] = label[term];
            nedges++;
        }
    }
    s->offsets[count] = (int32_t)nedges;
    s->v.states = count;
    s->v.edges = nedges;
    /* the move labels */
    {
        size_t total = 0;
        for (uint32_t i = 0; i < p->ngt; i++)
            if (label[i] >= 0) total += (size_t)gdl_gterm_print(p, i, NULL, 0) + 1;
        s->move_pool = malloc(total ? total : 1);
        s->move_off = malloc((s->nmoves ? s->nmoves : 1) * sizeof *s->move_off);
        if (!s->move_pool || !s->move_off) {
            st = pp__fail(err, PP_ERR_NOMEM, "out of memory for the state graph");
            goto done;
        }
        size_t at = 0;
        for (uint32_t i = 0; i < p->ngt; i++) {
            if (label[i] < 0) continue;
            s->move_off[label[i]] = (uint32_t)at;
            at += (size_t)gdl_gterm_print(p, i, s->move_pool + at, total - at) + 1;
        }
    }
done:
    if (st == PP_ERR_INPUT && ds->n) first_diag(ds, err);
    free(table), free(label), free(next), free(t), free(facts);
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

/* One seeding solved to the end; *r holds it (the caller frees it). */
static pp_status run_retro(pp_gdl_graph *s, pp_trace *trace, pp_retro **r, pp_error *err)
{
    pp_status st = pp_retro_new(&s->rg, trace, r, err);
    if (st) return st;
    int done = 0;
    while (!done && !st) st = pp_retro_run(*r, (uint64_t)1 << 30, &done);
    if (st) return pp__fail(err, st, "the retrograde solve failed");
    pp_retro_stats rs;
    pp_retro_get_stats(*r, &rs);
    s->v.relaxations += rs.relaxations;
    s->v.solves++;
    if (!pp_retro_outcomes(*r) || !pp_retro_remoteness(*r))
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for the solve's results");
    return PP_OK;
}

static int cmp_desc(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return x < y ? 1 : x > y ? -1 : 0;
}

static pp_status solve_graph(pp_gdl_graph *s, pp_error *err)
{
    uint32_t N = s->v.states;
    s->value = malloc((size_t)N * sizeof *s->value);
    s->remoteness = malloc((size_t)N * sizeof *s->remoteness);
    s->outcome = calloc(N, 1);
    int32_t *vals = malloc(((size_t)N + 1) * sizeof *vals);
    uint8_t *set = calloc(N, 1);
    if (!s->value || !s->remoteness || !s->outcome || !vals || !set) {
        free(vals), free(set);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for the solve");
    }
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
    pp_status st = PP_OK;
    pp_retro *r = NULL;
    int puzzle = s->v.kind == PP_GDL_PUZZLE;
    if (!puzzle) { /* Step 1: compare the goals */
        s->mode = 0;
        if ((st = run_retro(s, s->trace, &r, err))) goto done;
        const uint8_t *o = pp_retro_outcomes(r);
        const int32_t *rem = pp_retro_remoteness(r);
        for (uint32_t x = 0; x < N; x++) {
            s->outcome[x] = o[x] == PP_INVALID ? PP_DRAW : o[x];
            s->remoteness[x] = s->terminal[x] ? 0 : rem[x];
        }
        pp_retro_free(r);
        r = NULL;
    }
    /* Steps 2 and 3: the thresholds, best first */
    for (uint32_t i = 0; i < nv; i++) {
        if (!puzzle && i == nv - 1) break; /* every state makes sure of the least */
        s->mode = 1;
        s->threshold = vals[i];
        if ((st = run_retro(s, puzzle && i == 0 ? s->trace : NULL, &r, err))) goto done;
        const uint8_t *o = pp_retro_outcomes(r);
        const int32_t *rem = pp_retro_remoteness(r);
        for (uint32_t x = 0; x < N; x++) {
            if (puzzle && i == 0) s->outcome[x] = o[x] == PP_INVALID ? PP_DRAW : o[x];
            if (set[x] || o[x] != PP_WIN0) continue;
            set[x] = 1;
            s->value[x] = vals[i];
            if (puzzle) s->remoteness[x] = rem[x];
        }
        pp_retro_free(r);
        r = NULL;
    }
    s->mode = 0;
done:
    pp_retro_free(r);
    free(vals), free(set);
    return st;
}

pp_status pp_gdl_solve(const pp_gdl *g, const pp_gdl_options *opt, pp_gdl_graph **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "no place for the graph");
    *out = NULL;
    if (!g) return pp__fail(err, PP_ERR_ARG, "no rules");
    pp_gdl_options o = {0};
    if (opt) o = *opt;
    uint32_t limit = o.max_states && o.max_states < PP_GDL_MAX_STATES ? o.max_states : PP_GDL_MAX_STATES;
    pp_gdl_graph *s = calloc(1, sizeof *s);
    if (!s) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the state graph");
    s->v.roles = g->prog.nroles;
    s->v.kind = g->prog.nroles == 1 ? PP_GDL_PUZZLE : PP_GDL_TURNS;
    s->v.words = g->net.words;
    s->max_bytes = g->max_bytes;
    snprintf(s->role_names[0], sizeof s->role_names[0], "%s", pp_gdl_role_name(g, 0) ? pp_gdl_role_name(g, 0) : "");
    snprintf(s->role_names[1], sizeof s->role_names[1], "%s",
             pp_gdl_role_name(g, 1) ? pp_gdl_role_name(g, 1) : "nobody");
    pp_gdl_diag d[1];
    gdl_diags ds = {d, 0, 1, 1};
    double t0 = now_ms();
    pp_status st = enumerate(g, limit, s, &ds, err);
    double t1 = now_ms();
    if (!st) st = build_reverse(s, err);
    if (!st && o.trace_cap) {
        /* the whole trace: each state seeded or coloured once and popped
         * once, each reverse edge a PARENT and at most one DEGREE */
        uint64_t whole = 4ull * s->v.states + 2ull * s->kids_off[s->v.states] + 16;
        uint32_t cap = o.trace_cap != PP_GDL_TRACE_WHOLE ? o.trace_cap : whole > (1u << 27) ? (1u << 27) : (uint32_t)whole;
        st = pp_trace_new(cap, &s->trace, err);
        if (!st) pp_trace_set_filter(s->trace, o.trace_mask);
    }
    if (!st) st = solve_graph(s, err);
    s->enum_ms = t1 - t0;
    s->solve_ms = now_ms() - t1;
    if (st) {
        pp_gdl_graph_free(s);
        return st;
    }
    uint32_t nt = 0;
    for (uint32_t x = 0; x < s->v.states; x++) nt += s->terminal[x];
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
    *out = s;
    return PP_OK;
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
    st = enumerate(g, limit, s, &ds, &err);
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
    turn t;
    int terminal;
};

static void ab_eval(pp_gdl_game *a, const void *pos)
{
    uint32_t W = a->g->net.words;
    if (a->valid && memcmp(a->cached, pos, W * 8) == 0) return;
    memcpy(a->cached, pos, W * 8);
    gdl_eval_state(&a->g->net, a->cached);
    a->terminal = a->g->net.terminal >= 0 && a->g->net.val[a->g->net.terminal];
    if (!a->terminal) read_turn(a->g, &a->t);
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
    *value = v == INT32_MIN ? a->g->net.goal_lo : v;
    return 1;
}

static uint32_t ab_moves(void *ctx, const void *pos, int32_t *out)
{
    pp_gdl_game *a = ctx;
    ab_eval(a, pos);
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

static uint64_t ab_hash(void *ctx, const void *pos)
{
    pp_gdl_game *a = ctx;
    uint64_t b[PP_AB_MAX_STATE / 8];
    memcpy(b, pos, a->g->net.words * 8);
    return hash_bits(b, a->g->net.words);
}

pp_status pp_gdl_game_new(pp_gdl *g, const uint64_t *root, pp_gdl_game **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "no place for the game");
    *out = NULL;
    if (!g) return pp__fail(err, PP_ERR_ARG, "no rules");
    uint32_t W = g->net.words;
    if (W * 8 > PP_AB_MAX_STATE)
        return pp__fail(err, PP_ERR_LIMIT, "a state of %u base propositions is over the search's %d bytes", g->net.nbase,
                        PP_AB_MAX_STATE);
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
    *out = a;
    return PP_OK;
}

const pp_game *pp_gdl_game_of(const pp_gdl_game *t) { return t ? &t->game : NULL; }

void pp_gdl_game_free(pp_gdl_game *t)
{
    if (!t) return;
    free(t->root);
    free(t->cached);
    free(t);
}
