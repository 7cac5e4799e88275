/* gdl_value.c: every GDL game's security values (pp_gdl_values_*): what
 * each role can make sure of, in expectation with a mixed strategy,
 * whatever the other roles do together, solved exactly on the state graph
 * of joint moves. Simultaneous moves and any number of roles.
 *
 *   1. enumerate: breadth-first from init, every joint move of a state that
 *      is not terminal (each role's legal moves combined, role 0's digit the
 *      most significant: joint e = sum_r d_r stride_r), states numbered in
 *      BFS order (0 the start), each successor kept per joint move;
 *   2. order: a depth-first walk from the start, successors before the
 *      state (postorder); a successor still on the walk's path is a cycle,
 *      which GDL forbids (every game ends), and is refused with its depth;
 *   3. values, in that order: a terminal's are its goals; at any other
 *      state, role r's is the value of the matrix game whose rows are r's
 *      legal moves, whose columns are the others' joint moves (one
 *      coalition, its digits in role order) and whose entries are the
 *      successors' values for r (c/solvers/matrix_game.c, exact fractions);
 *      a row or a column alone is its minimum or maximum; a game whose pure
 *      bounds meet (the best row minimum, the role committing first, equals
 *      the least column maximum, the coalition committing first: the
 *      serialized games' values, Bosansky et al.'s BIab bounds on a graph
 *      whose successors are exact) is pinned by them, a saddle point, and
 *      only the others take a linear program (pp_mgame_solve's saddle look,
 *      then its simplex; info counts each);
 *   4. max^n, for turn-taking games (at every state at most one role with
 *      several legal moves) of three roles or more: each state's vector of
 *      goals is its mover's best successor's, ties to the mover's first
 *      legal move in the reasoner's order (pp_gdl_turn_move's).
 *
 * pp_gdl_values_step runs these in slices of bounded work (step 1 a state
 * at a time until its budget of network evaluations is spent, step 2 at
 * once, steps 3 and 4 a state at a time in the order), so the page shows
 * progress and can stop between two; pp_gdl_values_solve runs the same
 * slices without a limit. order[k] is the k-th state valued (the trace the
 * page plays: a state is decided once all its successors are).
 *
 * The start's optimal mixed strategies come from the start's matrix games;
 * any other state's matrix game is filled and solved again on demand
 * (pp_gdl_values_matrix), from the same values, so it gives the same answer.
 * The backward induction is exact: a state's successors are solved before
 * it, and a finite zero-sum game of stages has the value of its stages'
 * matrix games (the coalition plays its joint moves as one player).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gdl_internal.h"

struct pp_gdl_values {
    pp_gdl *g;
    int nroles, kind;
    uint32_t W;      /* words of a state */
    uint32_t n, cap; /* states, and room for them */
    uint64_t *bits;  /* n * W */
    int32_t *depth;  /* BFS depth */
    uint8_t *terminal;
    uint16_t *count; /* n * nroles: legal moves (0 at a terminal) */
    uint32_t *first; /* n + 1: state x's successors succ[first[x] .. first[x + 1]) */
    uint32_t *succ, nedges, ecap;
    uint32_t *table, tcap; /* open addressing: state + 1, 0 empty */
    int32_t *goal;         /* n * nroles: a terminal's goals */
    pp_frac *sec;          /* n * nroles: the security values */
    int32_t *maxn;         /* n * nroles, or NULL */
    uint32_t *order;       /* the postorder (successors first) */
    /* the start's strategies, by role: its legal moves' names and probabilities */
    uint32_t nstrat[PP_GDL_MAX_ROLES];
    pp_frac *strat[PP_GDL_MAX_ROLES];
    char *names[PP_GDL_MAX_ROLES];
    uint32_t *name_off[PP_GDL_MAX_ROLES];
    pp_gdl_values_info info;
    /* pp_gdl_values_step's place: the phase (PP_GDL_VALUES_*), the states
     * expanded (step 1: x < expanded has its successors), the states
     * valued (step 3: order[0 .. valued) have their values) */
    int phase, simultaneous;
    uint32_t limit, expanded, valued;
    pp_frac *a, *row, *col; /* step 3's matrix and strategies, maxj each */
    uint64_t max_bytes, budget, spent;
    int no_bounds; /* every game by the simplex (pp_gdl_value_options') */
    gdl_diags *ds; /* pp_gdl_check's: the rules' problems as diagnostics too */
    /* PP_GDL_VALUES_BI or _BIAB (gdl_bialphabeta.c); with _BIAB, n * nroles bounds on the values */
    int search;
    pp_frac *lo, *hi;
    /* scratch */
    int32_t *legal[PP_GDL_MAX_ROLES]; /* each PP_GDL_MAX_MOVES: indices into net.moves[r] */
    uint64_t *next;
};

static const char *role_name(const pp_gdl_values *v, int r) { return pp_gdl_role_name(v->g, r); }

/* Bytes held at cap states, ecap successors and tcap slots. */
static uint64_t bytes_at(const pp_gdl_values *v, uint64_t cap, uint64_t ecap, uint64_t tcap)
{
    uint64_t R = (uint64_t)v->nroles;
    /* bits, depth, terminal, count, first, goal, then (step 3) sec, maxn, order and the walk */
    return cap * ((uint64_t)v->W * 8 + 4 + 1 + 2 * R + 4 + 4 * R + 16 * R + 4 * R + 4 + 8) + ecap * 4 + tcap * 4;
}

static pp_status over_memory(const pp_gdl_values *v, uint64_t b, pp_error *err)
{
    return pp__fail(
        err, PP_ERR_LIMIT,
        "the state graph of joint moves needs over %llu MiB after %u states, over the memory budget of %llu MiB",
        (unsigned long long)(b >> 20), v->n, (unsigned long long)(v->max_bytes >> 20));
}

static pp_status grow_states(pp_gdl_values *v, uint32_t limit, pp_error *err)
{
    if (v->n < v->cap) return PP_OK;
    if (v->n >= limit) return pp__fail(err, PP_ERR_LIMIT, "over %u reachable states (the limit of this solve)", limit);
    uint64_t cap = v->cap ? (uint64_t)v->cap * 2 : 1024;
    if (cap > limit) cap = limit;
    uint64_t b = bytes_at(v, cap, v->ecap, v->tcap);
    if (b > v->max_bytes) return over_memory(v, b, err);
    size_t R = (size_t)v->nroles;
#define GROW(f, k)                                                                                                     \
    do {                                                                                                               \
        void *q = realloc(v->f, (size_t)(k) * sizeof *v->f);                                                           \
        if (!q) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the state graph");                               \
        v->f = q;                                                                                                      \
    } while (0)
    GROW(bits, cap * v->W);
    GROW(depth, cap);
    GROW(terminal, cap);
    GROW(count, cap * R);
    GROW(first, cap + 1);
    GROW(goal, cap * R);
#undef GROW
    v->cap = (uint32_t)cap;
    return PP_OK;
}

/* The state whose bits are b: found, or added (its depth d). */
static pp_status state_id(pp_gdl_values *v, const uint64_t *b, int32_t d, uint32_t limit, uint32_t *id, pp_error *err)
{
    uint32_t W = v->W, at;
    *id = gdl_states_find(v->table, v->tcap, v->bits, W, b, &at);
    if (*id != UINT32_MAX) return PP_OK;
    pp_status st = grow_states(v, limit, err);
    if (st) return st;
    uint32_t x = v->n++;
    memcpy(v->bits + (size_t)x * W, b, W * 8);
    v->depth[x] = d;
    v->table[at] = x + 1;
    *id = x;
    if ((uint64_t)v->n * 2 > v->tcap) {
        uint32_t ncap = v->tcap * 2;
        uint64_t need = bytes_at(v, v->cap, v->ecap, (uint64_t)v->tcap + ncap);
        if (need > v->max_bytes) return over_memory(v, need, err);
        uint32_t *nt = gdl_states_table(v->bits, v->n, W, ncap);
        if (!nt) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the state graph");
        free(v->table);
        v->table = nt;
        v->tcap = ncap;
    }
    return PP_OK;
}

static pp_status push_edge(pp_gdl_values *v, uint32_t to, pp_error *err)
{
    if (v->nedges >= v->ecap) {
        if (v->nedges >= PP_GDL_MAX_EDGES)
            return pp__fail(err, PP_ERR_LIMIT, "over %u joint moves in the state graph", PP_GDL_MAX_EDGES);
        uint64_t ec = v->ecap ? (uint64_t)v->ecap * 2 : 4096;
        if (ec > PP_GDL_MAX_EDGES) ec = PP_GDL_MAX_EDGES;
        uint64_t b = bytes_at(v, v->cap, ec, v->tcap);
        if (b > v->max_bytes) return over_memory(v, b, err);
        void *q = realloc(v->succ, (size_t)ec * sizeof *v->succ);
        if (!q) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the state graph");
        v->succ = q;
        v->ecap = (uint32_t)ec;
    }
    v->succ[v->nedges++] = to;
    return PP_OK;
}

/* The legal moves of each role at the evaluated state into v->legal, their
 * counts into cnt (capped reading at PP_GDL_MAX_MOVES; the count is true). */
static void read_legal(pp_gdl_values *v, uint32_t *cnt)
{
    const gdl_net *n = &v->g->net;
    for (int r = 0; r < v->nroles; r++) {
        cnt[r] = 0;
        for (uint32_t k = 0; k < n->nmoves[r]; k++) {
            if (!n->val[n->moves[r][k].legal]) continue;
            if (cnt[r] < PP_GDL_MAX_MOVES) v->legal[r][cnt[r]] = (int32_t)k;
            cnt[r]++;
        }
    }
}

static int32_t goal_of(const gdl_net *n, int r)
{
    int32_t best = INT32_MIN;
    for (uint32_t k = 0; k < n->ngoals[r]; k++)
        if (n->val[n->goals[r][k].atom] && n->goals[r][k].value > best) best = n->goals[r][k].value;
    return best;
}

/* A problem of the rules at state x about role r (at its declaration). */
static pp_status input_error(pp_gdl_values *v, uint32_t x, int r, int no_goal, pp_error *err)
{
    char facts[160];
    gdl_state_text(v->g, v->bits + (size_t)x * v->W, facts, sizeof facts);
    const gdl_prog *p = &v->g->prog;
    if (v->ds && no_goal)
        gdl_diag(v->ds, p->role_line[r], p->role_col[r],
                 "a reachable terminal state (depth %d) has no goal for the role %s: %s", v->depth[x], role_name(v, r),
                 facts);
    else if (v->ds)
        gdl_diag(v->ds, p->role_line[r], p->role_col[r],
                 "the role %s has no legal move in a reachable state that is not terminal (depth %d): %s",
                 role_name(v, r), v->depth[x], facts);
    if (no_goal)
        return pp__fail(err, PP_ERR_INPUT,
                        "line %u, column %u: a reachable terminal state (depth %d) has no goal for the role %s: %s",
                        p->role_line[r], p->role_col[r], v->depth[x], role_name(v, r), facts);
    return pp__fail(
        err, PP_ERR_INPUT,
        "line %u, column %u: the role %s has no legal move in a reachable state that is not terminal (depth %d): %s",
        p->role_line[r], p->role_col[r], role_name(v, r), v->depth[x], facts);
}

static pp_status spend(pp_gdl_values *v, uint64_t k, pp_error *err)
{
    v->spent += k;
    if (v->budget && v->spent > v->budget)
        return pp__fail(err, PP_ERR_BUDGET, "the solve's budget of %llu network evaluations ran out after %u states",
                        (unsigned long long)v->budget, v->n);
    return PP_OK;
}

/* Step 1, begun: the table and the start. */
static pp_status enumerate_begin(pp_gdl_values *v, pp_error *err)
{
    v->tcap = 1024;
    v->table = calloc(v->tcap, sizeof *v->table);
    if (!v->table) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the state graph");
    uint32_t id;
    return state_id(v, v->g->net.init, 0, v->limit, &id, err);
}

/* Step 1 at state x: its goals, or its joint moves' successors. */
static pp_status expand_state(pp_gdl_values *v, uint32_t x, pp_error *err)
{
    gdl_net *n = &v->g->net;
    int R = v->nroles;
    uint32_t id, cnt[PP_GDL_MAX_ROLES], dig[PP_GDL_MAX_ROLES];
    int32_t choice[PP_GDL_MAX_ROLES];
    pp_status st = spend(v, 1, err);
    if (st) return st;
    gdl_eval_state(n, v->bits + (size_t)x * v->W);
    v->first[x] = v->nedges;
    if (n->terminal >= 0 && n->val[n->terminal]) {
        v->terminal[x] = 1;
        v->info.terminal_states++;
        for (int r = 0; r < R; r++) {
            v->count[(size_t)x * R + r] = 0;
            int32_t g = goal_of(n, r);
            if (g == INT32_MIN) return input_error(v, x, r, 1, err);
            v->goal[(size_t)x * R + r] = g;
        }
        return PP_OK;
    }
    v->terminal[x] = 0;
    read_legal(v, cnt);
    uint64_t joint = 1;
    int several = 0;
    for (int r = 0; r < R; r++) {
        if (!cnt[r]) return input_error(v, x, r, 0, err);
        if (cnt[r] > PP_GDL_MAX_MOVES)
            return pp__fail(err, PP_ERR_LIMIT, "a state with %u legal moves for %s, over the limit of %u", cnt[r],
                            role_name(v, r), PP_GDL_MAX_MOVES);
        v->count[(size_t)x * R + r] = (uint16_t)cnt[r];
        several += cnt[r] > 1;
        joint *= cnt[r];
        if (joint > PP_GDL_MAX_JOINT)
            return pp__fail(err, PP_ERR_LIMIT, "a state (depth %d) with over %u joint moves, the limit of one state",
                            v->depth[x], PP_GDL_MAX_JOINT);
    }
    v->simultaneous |= several > 1;
    if ((st = spend(v, joint, err))) return st;
    /* every joint move, role R-1's digit fastest */
    for (int r = 0; r < R; r++) dig[r] = 0;
    for (uint64_t e = 0; e < joint && !st; e++) {
        for (int r = 0; r < R; r++) choice[r] = v->legal[r][dig[r]];
        gdl_eval_next(n, choice, R, v->next);
        st = state_id(v, v->next, v->depth[x] + 1, v->limit, &id, err);
        if (!st) st = push_edge(v, id, err);
        for (int r = R - 1; r >= 0; r--) {
            if (++dig[r] < cnt[r]) break;
            dig[r] = 0;
        }
    }
    return st;
}

/* Step 1, ended: the last offset and the game's kind. */
static void enumerate_end(pp_gdl_values *v)
{
    v->first[v->n] = v->nedges;
    v->kind = v->nroles == 1 ? PP_GDL_PUZZLE : v->simultaneous ? PP_GDL_SIMULTANEOUS : PP_GDL_TURNS;
}

/* Step 2: the postorder from the start; a successor on the path is a cycle. */
static pp_status order_states(pp_gdl_values *v, pp_error *err)
{
    uint32_t N = v->n;
    uint8_t *mark = calloc(N ? N : 1, 1); /* 0 unseen, 1 on the path, 2 done */
    uint32_t *at = malloc((size_t)(N ? N : 1) * sizeof *at), *stack = malloc((size_t)(N ? N : 1) * sizeof *stack);
    v->order = malloc((size_t)(N ? N : 1) * sizeof *v->order);
    pp_status st = PP_OK;
    if (!mark || !at || !stack || !v->order) {
        st = pp__fail(err, PP_ERR_NOMEM, "out of memory for the state graph's order");
        goto out;
    }
    uint32_t sp = 0, done = 0;
    stack[sp++] = 0, at[0] = v->first[0], mark[0] = 1;
    while (sp) {
        uint32_t x = stack[sp - 1];
        if (at[x] < v->first[x + 1]) {
            uint32_t c = v->succ[at[x]++];
            if (mark[c] == 1) {
                char facts[300];
                gdl_state_text(v->g, v->bits + (size_t)c * v->W, facts, sizeof facts);
                st = pp__fail(err, PP_ERR_INPUT,
                              "the game can go round: a state of depth %d is reached again from a state of depth %d "
                              "(GDL requires every game to end; this solve needs one that does): %s",
                              v->depth[c], v->depth[x], facts);
                if (v->ds) gdl_diag(v->ds, 1, 1, "%s", err ? err->msg : "the game can go round");
                goto out;
            }
            if (mark[c] == 0) {
                mark[c] = 1;
                at[c] = v->first[c];
                stack[sp++] = c;
            }
            continue;
        }
        mark[x] = 2;
        v->order[done++] = x;
        sp--;
    }
out:
    free(mark), free(at), free(stack);
    return st;
}

static int frac_less(pp_frac a, pp_frac b) { return pp_frac_cmp(a, b) < 0; }

/* Role r's matrix at x into a (rows r's moves, columns the coalition's). */
static void fill_matrix(const pp_gdl_values *v, uint32_t x, int r, pp_frac *a, uint32_t *rows, uint32_t *cols)
{
    int R = v->nroles;
    const uint16_t *cnt = v->count + (size_t)x * R;
    uint64_t stride = 1;
    for (int q = R - 1; q > r; q--) stride *= cnt[q];
    uint32_t nr = cnt[r], J = v->first[x + 1] - v->first[x], nc = J / nr;
    for (uint32_t e = 0; e < J; e++) {
        uint32_t d = (uint32_t)((e / stride) % nr), j = (uint32_t)((e / (stride * nr)) * stride + e % stride);
        a[(size_t)d * nc + j] = v->sec[(size_t)v->succ[v->first[x] + e] * R + r];
    }
    *rows = nr, *cols = nc;
}

/* Step 3 at one state; the start keeps its strategies. */
static pp_status value_state(pp_gdl_values *v, uint32_t x, pp_frac *a, pp_frac *row, pp_frac *col, pp_error *err)
{
    int R = v->nroles;
    pp_frac *out = v->sec + (size_t)x * R;
    if (v->terminal[x]) {
        for (int r = 0; r < R; r++) out[r] = (pp_frac){v->goal[(size_t)x * R + r], 1};
        return PP_OK;
    }
    for (int r = 0; r < R; r++) {
        uint32_t rows, cols;
        fill_matrix(v, x, r, a, &rows, &cols);
        if (x != 0 && (rows == 1 || cols == 1) && !v->no_bounds) {
            /* one row: the coalition's least; one column: r's greatest */
            pp_frac best = a[0];
            for (uint32_t i = 1; i < rows * cols; i++)
                if (rows == 1 ? frac_less(a[i], best) : frac_less(best, a[i])) best = a[i];
            out[r] = best;
            continue;
        }
        pp_mgame_stats ms;
        pp_error e2 = {0};
        int method = v->no_bounds ? PP_MGAME_SIMPLEX : PP_MGAME_AUTO;
        pp_status st = pp_mgame_solve(a, rows, cols, method, &out[r], row, col, &ms, &e2);
        if (st)
            return pp__fail(err, st, "the matrix game of %s (%u x %u) at a state of depth %d: %s", role_name(v, r),
                            rows, cols, v->depth[x], e2.msg);
        /* AUTO looks for the saddle point first: pinned, else the simplex */
        if (rows > 1 && cols > 1) v->info.matrix_games++;
        v->info.saddles += ms.saddle && rows > 1 && cols > 1;
        v->info.linear_programs += !ms.saddle;
        v->info.pivots += ms.pivots;
        if (x == 0) {
            v->strat[r] = malloc(rows * sizeof *v->strat[r]);
            if (!v->strat[r]) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the strategies");
            memcpy(v->strat[r], row, rows * sizeof *row);
            v->nstrat[r] = rows;
        }
    }
    return PP_OK;
}

/* Step 4 at one state: the mover's best successor, ties to its first move. */
static void maxn_state(pp_gdl_values *v, uint32_t x)
{
    int R = v->nroles;
    int32_t *out = v->maxn + (size_t)x * R;
    if (v->terminal[x]) {
        memcpy(out, v->goal + (size_t)x * R, R * sizeof *out);
        return;
    }
    int m = 0;
    for (int r = 0; r < R; r++)
        if (v->count[(size_t)x * R + r] > 1) m = r;
    uint32_t best = v->succ[v->first[x]];
    for (uint32_t e = v->first[x] + 1; e < v->first[x + 1]; e++)
        if (v->maxn[(size_t)v->succ[e] * R + m] > v->maxn[(size_t)best * R + m]) best = v->succ[e];
    memcpy(out, v->maxn + (size_t)best * R, R * sizeof *out);
}

/* The start's legal moves' names, by role. */
static pp_status start_names(pp_gdl_values *v, pp_error *err)
{
    gdl_net *n = &v->g->net;
    if (v->terminal[0]) return PP_OK;
    gdl_eval_state(n, v->bits);
    uint32_t cnt[PP_GDL_MAX_ROLES];
    read_legal(v, cnt);
    for (int r = 0; r < v->nroles; r++) {
        size_t total = 0;
        for (uint32_t i = 0; i < cnt[r]; i++)
            total += (size_t)gdl_gterm_print(&v->g->prog, n->moves[r][v->legal[r][i]].term, NULL, 0) + 1;
        v->names[r] = malloc(total + 1);
        v->name_off[r] = malloc((cnt[r] + 1) * sizeof *v->name_off[r]);
        if (!v->names[r] || !v->name_off[r]) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the moves' names");
        size_t at = 0;
        for (uint32_t i = 0; i < cnt[r]; i++) {
            v->name_off[r][i] = (uint32_t)at;
            at += (size_t)gdl_gterm_print(&v->g->prog, n->moves[r][v->legal[r][i]].term, v->names[r] + at,
                                          total - at + 1) +
                  1;
        }
    }
    return PP_OK;
}

/* PP_GDL_VALUES_BIAB: gdl_bialphabeta.c's search on the graph; the values
 * known exactly into sec, {0, 0} elsewhere. */
static pp_status solve_biab(pp_gdl_values *v, uint64_t used, pp_error *err)
{
    size_t k = (size_t)v->n * v->nroles;
    uint64_t need = used + (uint64_t)k * 2 * sizeof *v->lo;
    if (need > v->max_bytes) return over_memory(v, need, err);
    v->lo = malloc(k * sizeof *v->lo);
    v->hi = malloc(k * sizeof *v->hi);
    if (!v->lo || !v->hi) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the bounds");
    gdl_vgraph gr = {v->g, v->nroles, v->n, v->terminal, v->count, v->first, v->succ, v->order, v->goal, v->depth};
    gdl_biab_out o = {v->lo, v->hi, v->strat, v->nstrat, &v->info};
    pp_status st = gdl_biab_solve(&gr, &o, v->max_bytes - need, err);
    for (size_t i = 0; i < k && !st; i++) v->sec[i] = pp_frac_cmp(v->lo[i], v->hi[i]) == 0 ? v->lo[i] : (pp_frac){0, 0};
    return st;
}

/* Between steps 2 and 3: the values' room (the table no longer needed). */
static pp_status values_begin(pp_gdl_values *v, pp_error *err)
{
    int R = v->nroles;
    uint32_t N = v->n, maxj = 1;
    for (uint32_t x = 0; x < N; x++)
        if (v->first[x + 1] - v->first[x] > maxj) maxj = v->first[x + 1] - v->first[x];
    uint64_t need = bytes_at(v, v->cap, v->ecap, v->tcap) + (uint64_t)maxj * 16 * 3;
    if (need > v->max_bytes) return over_memory(v, need, err);
    free(v->table);
    v->table = NULL;
    v->sec = malloc((size_t)N * R * sizeof *v->sec);
    if (v->kind == PP_GDL_TURNS && R >= 3) v->maxn = malloc((size_t)N * R * sizeof *v->maxn);
    v->a = malloc((size_t)maxj * sizeof *v->a), v->row = malloc((size_t)maxj * sizeof *v->row);
    v->col = malloc((size_t)maxj * sizeof *v->col);
    if (!v->sec || (v->kind == PP_GDL_TURNS && R >= 3 && !v->maxn) || !v->a || !v->row || !v->col)
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for the values");
    return PP_OK;
}

/* One step of at most `budget` units of work (0: no limit) in the current
 * phase: a state expanded costs its network evaluations, a state valued
 * its joint moves (at least 1); ordering is one step. */
static pp_status step_phase(pp_gdl_values *v, uint64_t budget, pp_error *err)
{
    pp_status st = PP_OK;
    uint64_t used = 0;
    double t0 = pp__now_ms();
    switch (v->phase) {
    case PP_GDL_VALUES_ENUMERATE:
        if (!v->table && (st = enumerate_begin(v, err))) break;
        while (v->expanded < v->n && !st && (!budget || used < budget)) {
            uint64_t before = v->spent;
            st = expand_state(v, v->expanded++, err);
            used += v->spent - before;
        }
        if (!st && v->expanded == v->n) enumerate_end(v), v->phase = PP_GDL_VALUES_ORDER;
        v->info.enumerate_ms += pp__now_ms() - t0;
        break;
    case PP_GDL_VALUES_ORDER:
        st = order_states(v, err);
        if (!st) st = values_begin(v, err);
        if (!st) v->phase = PP_GDL_VALUES_SOLVE;
        v->info.solve_ms += pp__now_ms() - t0;
        break;
    case PP_GDL_VALUES_SOLVE:
        while (v->valued < v->n && !st && (!budget || used < budget)) {
            uint32_t x = v->order[v->valued++];
            uint32_t J = v->first[x + 1] - v->first[x];
            used += J ? J : 1;
            if (v->search != PP_GDL_VALUES_BIAB) st = value_state(v, x, v->a, v->row, v->col, err);
            if (!st && v->maxn) maxn_state(v, x);
        }
        /* BIab: max^n above, the values by gdl_bialphabeta.c's search in one step */
        if (!st && v->valued == v->n && v->search == PP_GDL_VALUES_BIAB)
            st = solve_biab(v, bytes_at(v, v->cap, v->ecap, v->tcap), err);
        if (!st && v->valued == v->n) {
            free(v->a), free(v->row), free(v->col);
            v->a = v->row = v->col = NULL;
            st = start_names(v, err);
            if (!st) v->phase = PP_GDL_VALUES_DONE;
        }
        v->info.solve_ms += pp__now_ms() - t0;
        break;
    default: break;
    }
    v->info.kind = v->kind;
    v->info.states = v->n;
    v->info.joint_moves = v->nedges;
    v->info.has_maxn = v->maxn != NULL;
    return st;
}

static pp_status values_new(pp_gdl *g, const pp_gdl_value_options *opt, gdl_diags *ds, pp_gdl_values **out,
                            pp_error *err);

pp_status pp_gdl_values_new(pp_gdl *g, const pp_gdl_value_options *opt, pp_gdl_values **out, pp_error *err)
{
    return values_new(g, opt, NULL, out, err);
}

pp_status pp_gdl_values_step(pp_gdl_values *v, uint64_t budget, int *done, pp_error *err)
{
    if (done) *done = 0;
    if (!v) return pp__fail(err, PP_ERR_ARG, "no values to solve");
    if (v->phase == PP_GDL_VALUES_FAILED) return pp__fail(err, PP_ERR_ARG, "the values' solve failed before");
    pp_status st = step_phase(v, budget, err);
    if (st) v->phase = PP_GDL_VALUES_FAILED;
    if (done) *done = v->phase == PP_GDL_VALUES_DONE;
    return st;
}

void pp_gdl_values_get_progress(const pp_gdl_values *v, pp_gdl_values_progress *out)
{
    memset(out, 0, sizeof *out);
    if (!v) return;
    out->phase = v->phase;
    out->states = v->n;
    out->expanded = v->expanded;
    out->joint_moves = v->nedges;
    out->valued = v->valued;
    out->linear_programs = v->info.linear_programs;
}

/* The one call: the same steps, each without a limit. */
pp_status pp_gdl_values_solve(pp_gdl *g, const pp_gdl_value_options *opt, pp_gdl_values **out, pp_error *err)
{
    pp_status st = values_new(g, opt, NULL, out, err);
    int done = 0;
    while (!st && !done) st = pp_gdl_values_step(*out, 0, &done, err);
    if (st && out) pp_gdl_values_free(*out), *out = NULL;
    return st;
}

pp_status gdl_values_check(pp_gdl *g, uint32_t max_states, gdl_diags *ds, pp_error *err)
{
    /* the rules' problems only: the graph and its order */
    pp_gdl_value_options o = {.max_states = max_states};
    pp_gdl_values *v = NULL;
    pp_status st = values_new(g, &o, ds, &v, err);
    while (!st && v->phase == PP_GDL_VALUES_ENUMERATE) st = step_phase(v, 0, err);
    if (!st) st = order_states(v, err);
    pp_gdl_values_free(v);
    return st;
}

static pp_status values_new(pp_gdl *g, const pp_gdl_value_options *opt, gdl_diags *ds, pp_gdl_values **out,
                            pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "no place for the values");
    *out = NULL;
    if (!g) return pp__fail(err, PP_ERR_ARG, "no rules");
    pp_gdl_value_options o = {0};
    if (opt) o = *opt;
    pp_gdl_values *v = calloc(1, sizeof *v);
    if (!v) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the values");
    v->g = g;
    v->ds = ds;
    v->nroles = g->prog.nroles;
    v->W = g->net.words;
    v->max_bytes = o.max_bytes ? o.max_bytes : PP_MEMORY_BUDGET;
    v->budget = o.budget;
    v->no_bounds = o.no_bounds != 0;
    v->limit = o.max_states && o.max_states < PP_GDL_MAX_STATES ? o.max_states : PP_GDL_MAX_STATES;
    v->phase = PP_GDL_VALUES_ENUMERATE;
    v->info.roles = v->nroles;
    v->search = o.search == PP_GDL_VALUES_BIAB ? PP_GDL_VALUES_BIAB : PP_GDL_VALUES_BI;
    v->info.search = v->search;
    pp_status st = PP_OK;
    v->next = malloc((size_t)v->W * 8);
    if (!v->next) st = pp__fail(err, PP_ERR_NOMEM, "out of memory for the values");
    for (int r = 0; r < v->nroles && !st; r++) {
        v->legal[r] = malloc(PP_GDL_MAX_MOVES * sizeof *v->legal[r]);
        if (!v->legal[r]) st = pp__fail(err, PP_ERR_NOMEM, "out of memory for the values");
    }
    if (!st && (v->nroles < 1 || v->nroles > PP_GDL_MAX_ROLES))
        st = pp__fail(err, PP_ERR_INPUT, "%d roles: from 1 to %d can be solved", v->nroles, PP_GDL_MAX_ROLES);
    if (st) {
        pp_gdl_values_free(v);
        return st;
    }
    /* what the answer needs once done: the values, the strategies; the graph's bits stay for pp_gdl_values_state */
    *out = v;
    return PP_OK;
}

void pp_gdl_values_free(pp_gdl_values *v)
{
    if (!v) return;
    free(v->bits), free(v->depth), free(v->terminal), free(v->count), free(v->first), free(v->succ);
    free(v->table), free(v->goal), free(v->sec), free(v->maxn), free(v->order), free(v->next);
    free(v->a), free(v->row), free(v->col);
    free(v->lo), free(v->hi);
    for (int r = 0; r < PP_GDL_MAX_ROLES; r++)
        free(v->strat[r]), free(v->names[r]), free(v->name_off[r]), free(v->legal[r]);
    free(v);
}

/* The values are read once the solve is done; before, every reader answers "none". */
static int solved(const pp_gdl_values *v) { return v && v->phase == PP_GDL_VALUES_DONE; }

uint32_t pp_gdl_values_order(const pp_gdl_values *v, uint32_t k)
{
    return solved(v) && k < v->n ? v->order[k] : UINT32_MAX;
}

void pp_gdl_values_get(const pp_gdl_values *v, pp_gdl_values_info *out)
{
    if (!v) {
        memset(out, 0, sizeof *out);
        return;
    }
    *out = v->info;
}

pp_frac pp_gdl_values_security(const pp_gdl_values *v, uint32_t state, int role)
{
    if (!solved(v) || state >= v->n || role < 0 || role >= v->nroles) return (pp_frac){0, 0};
    return v->sec[(size_t)state * v->nroles + role];
}

int pp_gdl_values_bounds(const pp_gdl_values *v, uint32_t state, int role, pp_frac *lo, pp_frac *hi)
{
    if (!solved(v) || state >= v->n || role < 0 || role >= v->nroles || !lo || !hi) return -1;
    size_t i = (size_t)state * v->nroles + role;
    *lo = v->lo ? v->lo[i] : v->sec[i];
    *hi = v->hi ? v->hi[i] : v->sec[i];
    return 0;
}

int32_t pp_gdl_values_maxn(const pp_gdl_values *v, uint32_t state, int role)
{
    if (!solved(v) || !v->maxn || state >= v->n || role < 0 || role >= v->nroles) return -1;
    return v->maxn[(size_t)state * v->nroles + role];
}

const uint64_t *pp_gdl_values_state(const pp_gdl_values *v, uint32_t state)
{
    return solved(v) && state < v->n ? v->bits + (size_t)state * v->W : NULL;
}

uint32_t pp_gdl_values_moves(const pp_gdl_values *v, int role)
{
    return solved(v) && role >= 0 && role < v->nroles ? v->nstrat[role] : 0;
}

int pp_gdl_values_strategy(const pp_gdl_values *v, int role, uint32_t i, pp_frac *prob, char *buf, size_t size)
{
    if (!solved(v) || role < 0 || role >= v->nroles || i >= v->nstrat[role]) return -1;
    if (prob) *prob = v->strat[role][i];
    return snprintf(buf, size, "%s", v->names[role] + v->name_off[role][i]);
}

uint32_t pp_gdl_values_legal(const pp_gdl_values *v, uint32_t state, int role)
{
    if (!solved(v) || state >= v->n || role < 0 || role >= v->nroles) return 0;
    return v->count[(size_t)state * v->nroles + role];
}

uint32_t pp_gdl_values_successor(const pp_gdl_values *v, uint32_t state, uint32_t e)
{
    if (!solved(v) || state >= v->n || e >= v->first[state + 1] - v->first[state]) return UINT32_MAX;
    return v->succ[v->first[state] + e];
}

int pp_gdl_values_move_name(const pp_gdl_values *v, uint32_t state, int role, uint32_t i, char *buf, size_t size)
{
    if (i >= pp_gdl_values_legal(v, state, role)) return -1;
    /* the state evaluated again: its legal moves in the reasoner's order, as the enumeration read them */
    gdl_net *n = &v->g->net;
    gdl_eval_state(n, v->bits + (size_t)state * v->W);
    uint32_t seen = 0;
    for (uint32_t k = 0; k < n->nmoves[role]; k++) {
        if (!n->val[n->moves[role][k].legal]) continue;
        if (seen++ == i) return gdl_gterm_print(&v->g->prog, n->moves[role][k].term, buf, size);
    }
    return -1;
}

pp_status pp_gdl_values_matrix(const pp_gdl_values *v, uint32_t state, int role, pp_frac *a, pp_frac *row, pp_frac *col,
                               pp_frac *value, pp_error *err)
{
    if (!solved(v) || state >= v->n || role < 0 || role >= v->nroles)
        return pp__fail(err, PP_ERR_ARG, "no state %u or no role %d in the values", state, role);
    if (v->terminal[state]) return pp__fail(err, PP_ERR_ARG, "state %u is terminal: no matrix game", state);
    if (!a || !row || !col || !value) return pp__fail(err, PP_ERR_ARG, "no place for the matrix game");
    for (uint32_t e = v->first[state]; e < v->first[state + 1]; e++)
        if (v->sec[(size_t)v->succ[e] * v->nroles + role].den == 0)
            return pp__fail(
                err, PP_ERR_ARG,
                "state %u's successors are not all valued exactly (the search's bounds pinned what it needed)", state);
    uint32_t rows, cols;
    fill_matrix(v, state, role, a, &rows, &cols);
    pp_error e2 = {0};
    pp_status st = pp_mgame_solve(a, rows, cols, PP_MGAME_AUTO, value, row, col, NULL, &e2);
    if (st)
        return pp__fail(err, st, "the matrix game of %s (%u x %u) at state %u: %s", role_name(v, role), rows, cols,
                        state, e2.msg);
    return PP_OK;
}
