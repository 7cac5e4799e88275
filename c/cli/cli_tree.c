/* cli_tree.c: `solve` for the game-tree games (minimax, alpha-beta) and the
 * `judge` commands that read and write the online judges' formats. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"

/* ---- what every game-tree solve shares ---- */

/* The first three are alpha-beta's family (pp_ab_algo), then proof-number
 * search (pp_pn_algo + 3), then Monte Carlo tree search. */
static const char *const algo_names[] = {"minimax", "alphabeta", "alphabeta-soft", "pn", "pn2", "dfpn", "mcts"};
#define N_ALGOS 7
#define PN_FIRST 3
#define MCTS_ALGO 6
/* The most proof nodes --json writes of each proof. */
#define PROOF_JSON_CAP 2000

/* How to search: alpha-beta's options, or a proof-number algorithm. */
typedef struct how {
    pp_ab_options ab;
    int pn;   /* pp_pn_algo, or -1: alpha-beta's family */
    int mcts; /* Monte Carlo tree search (its options below; the exact answer by alpha-beta, ab) */
    pp_mcts_options mc;
    uint64_t memory;
} how;
static const char *const order_names[] = {"given", "best", "worst"};

/* The search options from --algo, --order, --tt, --memo, --memory; 2 after
 * a message on a usage error. */
static int search_options(const options *o, how *h)
{
    memset(h, 0, sizeof *h);
    pp_ab_options *ab = &h->ab;
    pp_ab_defaults(ab);
    h->pn = -1;
    h->memory = o->memory;
    if (o->algo) {
        int a = 0;
        while (a < N_ALGOS && strcmp(o->algo, algo_names[a]) != 0) a++;
        if (a == N_ALGOS)
            return cli_fail(
                2, "unknown algorithm '%s' for %s (available: alphabeta, alphabeta-soft, minimax, pn, pn2, dfpn)",
                o->algo, o->game);
        if (a == MCTS_ALGO) h->mcts = 1;
        else if (a >= PN_FIRST) h->pn = a - PN_FIRST;
        else ab->algo = (pp_ab_algo)a;
    }
    if (!h->mcts && o->mcts_option)
        return cli_fail(2, "%s is for --algo mcts (Monte Carlo tree search)", o->mcts_option);
    if (h->mcts) {
        if (o->order || o->tt || o->memo)
            return cli_fail(
                2, "--order, --tt and --memo are alpha-beta's; mcts grows its own tree (--memory sets its size)");
        pp_mcts_options *mc = &h->mc;
        if (cli_mcts_options(o, mc)) return 2;
        /* the exact answer beside it: alpha-beta with a table where the game has a hash */
        ab->tt = 1;
        ab->budget = o->budget;
        return 0;
    }
    if (h->pn >= 0 && (o->order || o->tt || o->memo))
        return cli_fail(2, "--order, --tt and --memo are alpha-beta's; %s keeps its own table (--memory sets its size)",
                        o->algo);
    if (h->pn < 0 && o->memory) return cli_fail(2, "--memory is for pn, pn2 and dfpn");
    if (o->order) {
        int k = 0;
        while (k < 3 && strcmp(o->order, order_names[k]) != 0) k++;
        if (k == 3) return cli_fail(2, "unknown order '%s' (available: given, best, worst)", o->order);
        ab->order = (pp_ab_order)k;
    }
    ab->tt = o->tt;
    ab->memo = o->memo;
    ab->budget = o->budget;
    return 0;
}

/* A stand-in game for the trace writer: node ids, no names. */
static int write_trace(const options *o, const pp_trace *t, uint32_t nodes)
{
    pp_retro_game ids;
    memset(&ids, 0, sizeof ids);
    ids.nstates = nodes;
    return cli_write_trace(o->trace_file, t, &ids);
}

typedef struct run {
    pp_ab_result res; /* alpha-beta's, PN's, or with mcts the exact answer beside it */
    pp_trace *trace;
    uint32_t nodes; /* node ids handed out */
    int pn;         /* a proof-number search (its pp_pn_algo + 1): its result, time and proofs */
    pp_pn_result pres;
    double seconds;
    pp_pn *x;
    int mcts; /* a Monte Carlo tree search: its result, root moves and their exact values */
    pp_mcts_result mres;
    pp_mcts_move *moves; /* mres.nmoves of them */
    int32_t *exact;      /* each root move's exact value, with --json */
} run;

static double now_seconds(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Proof-number search of g to the exact value (the proofs kept with --json). */
static int search_pn(const options *o, const pp_game *g, const how *h, run *r)
{
    pp_error err = {PP_OK, ""};
    pp_pn_options po;
    pp_pn_defaults(&po);
    po.algo = (pp_pn_algo)h->pn;
    po.memory = h->memory ? h->memory : PP_PN_DEFAULT_MEMORY;
    po.budget = o->budget_set ? o->budget : pp_pn_default_budget(po.memory); /* scaled to the memory */
    po.proof = 1; /* the proofs tighten the exact value's bisection (pn.c), --json or not */
    r->pn = h->pn + 1;
    const char *name = algo_names[PN_FIRST + h->pn];
    pp_status s = pp_pn_new(g, &po, &r->x, &err);
    if (s != PP_OK) return cli_fail(s == PP_ERR_NOMEM ? 1 : s == PP_ERR_BUDGET ? 3 : 2, "%s: %s", name, err.msg);
    if (o->trace_file && pp_trace_new(o->trace_cap, &r->trace, &err) != PP_OK) return cli_fail(2, "%s", err.msg);
    pp_pn_set_trace(r->x, r->trace);
    double t0 = now_seconds();
    int done = 0;
    s = pp_pn_run(r->x, UINT64_MAX, &done, &err);
    r->seconds = now_seconds() - t0;
    r->nodes = pp_pn_node_count(r->x);
    if (r->trace && s == PP_OK) {
        int status = write_trace(o, r->trace, r->nodes);
        if (status) return status;
    }
    pp_pn_get_result(r->x, &r->pres);
    r->res.value = r->pres.value;
    r->res.bound = PP_AB_EXACT;
    r->res.best_move = r->pres.best_move;
    if (s == PP_ERR_BUDGET) return cli_pn_out_of_budget(name, &err, &r->pres, po.memory, o->budget_set, po.budget);
    if (s != PP_OK) return cli_fail(s == PP_ERR_NOMEM ? 1 : 2, "%s: %s", name, err.msg);
    return 0;
}

/* The exact value of g (alpha-beta with ab's options, a table where g has
 * a hash) into *value; 0, or an exit status after the message. */
static int exact_value(const pp_game *g, const pp_ab_options *ab, int32_t *value, pp_ab_result *res)
{
    pp_ab_options x = *ab;
    x.tt = g->hash != NULL;
    pp_ab_result r;
    pp_error err = {PP_OK, ""};
    pp_status s = pp_ab_solve(g, &x, NULL, &r, &err);
    if (s == PP_ERR_BUDGET) return cli_fail(3, "mcts: the exact answer beside it: %s (--budget raises it)", err.msg);
    if (s != PP_OK) return cli_fail(s == PP_ERR_NOMEM ? 1 : 2, "mcts: the exact answer beside it: %s", err.msg);
    *value = r.value;
    if (res) *res = r;
    return 0;
}

/* Monte Carlo tree search of g, and beside it the exact answer (what the
 * command prints) and, with --json, each root move's exact value. */
static int search_mcts(const options *o, const pp_game *g, const how *h, run *r)
{
    pp_error err = {PP_OK, ""};
    pp_mcts *m = NULL;
    r->mcts = 1;
    if (o->trace_file && pp_trace_new(o->trace_cap, &r->trace, &err) != PP_OK) return cli_fail(2, "%s", err.msg);
    pp_status s = pp_mcts_new(g, &h->mc, r->trace, &m, &err);
    if (s != PP_OK) return cli_fail(s == PP_ERR_NOMEM ? 1 : 2, "mcts: %s", err.msg);
    double t0 = now_seconds();
    int done = 0;
    s = pp_mcts_run(m, UINT64_MAX, &done, &err);
    r->seconds = now_seconds() - t0;
    pp_mcts_get_result(m, &r->mres);
    r->moves = calloc(r->mres.nmoves + 1, sizeof *r->moves);
    r->exact = calloc(r->mres.nmoves + 1, sizeof *r->exact);
    if (!r->moves || !r->exact) {
        pp_mcts_free(m);
        return cli_fail(1, "out of memory");
    }
    pp_mcts_root_moves(m, r->moves, r->mres.nmoves);
    r->nodes = (uint32_t)r->mres.nodes;
    pp_mcts_free(m);
    if (s == PP_ERR_BUDGET) {
        if (r->mres.best >= 0)
            return cli_fail(3, "mcts: %s; its choice so far: move %d (%u visits)", err.msg, r->mres.best,
                            r->moves[r->mres.best].visits);
        return cli_fail(3, "mcts: %s", err.msg);
    }
    if (s != PP_OK) return cli_fail(s == PP_ERR_NOMEM ? 1 : 2, "mcts: %s", err.msg);
    if (r->trace) {
        int status = write_trace(o, r->trace, r->nodes);
        if (status) return status;
    }
    int status = exact_value(g, &h->ab, &r->res.value, &r->res);
    if (status) return status;
    r->res.best_move = r->mres.best;
    if (!o->json) return 0;
    for (uint32_t k = 0; k < r->mres.nmoves; k++) {
        unsigned char child[PP_AB_MAX_STATE];
        int32_t v;
        g->play(g->ctx, g->root, r->moves[k].move, child);
        if (g->leaf(g->ctx, child, &v)) {
            r->exact[k] = v;
            continue;
        }
        pp_game c = *g;
        c.root = child;
        if ((status = exact_value(&c, &h->ab, &r->exact[k], NULL))) return status;
    }
    return 0;
}

/* Searches g with the command's options: 0 with the result, else an exit
 * status after the message (3: the budget ran out). */
static int search(const options *o, const pp_game *g, const how *h, run *r)
{
    pp_error err = {PP_OK, ""};
    pp_ab *x = NULL;
    const pp_ab_options *ab = &h->ab;
    memset(r, 0, sizeof *r);
    if (h->pn >= 0) return search_pn(o, g, h, r);
    if (h->mcts) return search_mcts(o, g, h, r);
    if (o->trace_file && pp_trace_new(o->trace_cap, &r->trace, &err) != PP_OK) return cli_fail(2, "%s", err.msg);
    if (pp_ab_new(g, ab, r->trace, &x, &err) != PP_OK) return cli_fail(err.code == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
    int done = 0;
    pp_status s = pp_ab_run(x, UINT64_MAX, &done, &err);
    pp_ab_get_result(x, &r->res);
    r->nodes = pp_ab_node_count(x);
    pp_ab_free(x);
    int status = 0;
    if (r->trace) status = write_trace(o, r->trace, r->nodes);
    if (s == PP_ERR_BUDGET) return cli_fail(3, "%s: %s (--budget raises it)", algo_names[ab->algo], err.msg);
    if (s != PP_OK) return cli_fail(s == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
    return status;
}

/* A proof as JSON: its question and size, and its nodes (at most
 * PROOF_JSON_CAP), node i a list of [move index, child node]. */
static void print_proof_json(const char *name, const pp_pn_proof *p, int trivial)
{
    printf("\"%s\":{\"question\":\"value %s %d\",\"size\":%u", name, p->max_wins ? ">=" : "<", p->threshold, p->nodes);
    if (trivial) printf(",\"trivial\":true}");
    if (trivial) return;
    printf(",\"truncated\":%s,\"nodes\":[", p->nodes > PROOF_JSON_CAP ? "true" : "false");
    for (uint32_t i = 0; i < p->nodes && i < PROOF_JSON_CAP; i++) {
        printf("%s[", i ? "," : "");
        for (uint32_t e = 0; e < p->count[i]; e++)
            printf("%s[%u,%u]", e ? "," : "", p->move[p->first[i] + e], p->child[p->first[i] + e]);
        printf("]");
    }
    printf("]}");
}

/* The JSON fields of a proof-number search after "answer". */
static void print_pn_json(const pp_game *g, const run *r)
{
    const pp_pn_stats *st = &r->pres.stats;
    printf(",\"algo\":\"%s\",\"value\":%d,\"bound\":\"exact\",\"best_move\":%d", algo_names[PN_FIRST + r->pn - 1],
           r->pres.value, r->pres.best_move);
    printf(",\"stats\":{\"expanded\":%llu,\"generated\":%llu,\"reexpanded\":%llu,\"pn2_expanded\":%llu,"
           "\"tt_entries\":%llu,\"tt_bytes\":%llu,\"node_bytes\":%llu,\"proofs\":%u,\"max_depth\":%u,"
           "\"seconds\":%.6f,\"expanded_per_second\":%.0f,\"proof_size\":%llu,\"disproof_size\":%llu}",
           (unsigned long long)st->expanded, (unsigned long long)st->generated, (unsigned long long)st->reexpanded,
           (unsigned long long)st->pn2_expanded, (unsigned long long)st->tt_entries, (unsigned long long)st->tt_bytes,
           (unsigned long long)st->node_bytes, st->proofs, st->max_depth, r->seconds,
           r->seconds > 0 ? (double)st->expanded / r->seconds : 0.0, (unsigned long long)r->pres.proof_size,
           (unsigned long long)r->pres.disproof_size);
    pp_pn_proof lower, upper;
    pp_pn_get_proof(r->x, 0, &lower);
    pp_pn_get_proof(r->x, 1, &upper);
    lower.threshold = r->pres.lower;
    upper.threshold = r->pres.upper;
    printf(",\"proof\":{");
    print_proof_json("lower", &lower, r->pres.value == g->lo);
    printf(",");
    print_proof_json("upper", &upper, r->pres.value == g->hi);
    printf("}");
    if (r->trace)
        printf(",\"trace\":{\"events\":%u,\"truncated\":%s,\"node_ids\":%u}", pp_trace_count(r->trace),
               pp_trace_truncated(r->trace) ? "true" : "false", r->nodes);
}

/* The JSON fields of a Monte Carlo tree search after "answer": its chosen
 * move, each root move's statistics beside its exact value, the reward
 * scale (cli_mcts.c), then its trace's counts. Every tree game's draw is 0. */
static void print_mcts_json(const how *h, const pp_game *g, const run *r)
{
    const pp_mcts_options *mc = &h->mc;
    cli_mcts_report rep = {
        mc, &r->mres,   r->moves, r->exact, r->res.value, mc->range ? mc->lo : g->lo, mc->range ? mc->hi : g->hi,
        0,  r->seconds, NULL,     NULL};
    cli_mcts_json(&rep);
    if (r->trace)
        printf(",\"trace\":{\"events\":%u,\"truncated\":%s,\"node_ids\":%u}", pp_trace_count(r->trace),
               pp_trace_truncated(r->trace) ? "true" : "false", r->nodes);
}

/* The JSON fields every game-tree answer has after "answer" (no braces). */
static void print_search_json(const how *h, const run *r, const pp_game *g)
{
    if (r->pn) {
        print_pn_json(g, r);
        return;
    }
    if (r->mcts) {
        print_mcts_json(h, g, r);
        return;
    }
    const pp_ab_options *ab = &h->ab;
    static const char *const bounds[] = {"exact", "at-least", "at-most"};
    const pp_ab_stats *st = &r->res.stats;
    printf(",\"algo\":\"%s\",\"order\":\"%s\",\"tt\":%s,\"memo\":%s,\"value\":%d,\"bound\":\"%s\",\"best_move\":%d",
           algo_names[ab->algo], order_names[ab->order], ab->tt ? "true" : "false", ab->memo ? "true" : "false",
           r->res.value, bounds[r->res.bound], r->res.best_move);
    printf(",\"stats\":{\"nodes\":%llu,\"leaves\":%llu,\"inner\":%llu,\"cutoffs\":%llu,\"first_cutoffs\":%llu,"
           "\"tt_hits\":%llu,\"tt_answers\":%llu,\"tt_stores\":%llu,\"memo_hits\":%llu,\"max_depth\":%u,"
           "\"first_cutoff_share\":%.4f}",
           (unsigned long long)st->nodes, (unsigned long long)st->leaves, (unsigned long long)st->inner,
           (unsigned long long)st->cutoffs, (unsigned long long)st->first_cutoffs, (unsigned long long)st->tt_hits,
           (unsigned long long)st->tt_answers, (unsigned long long)st->tt_stores, (unsigned long long)st->memo_hits,
           st->max_depth, st->cutoffs ? (double)st->first_cutoffs / (double)st->cutoffs : 0.0);
    if (r->trace)
        printf(",\"trace\":{\"events\":%u,\"truncated\":%s,\"node_ids\":%u}", pp_trace_count(r->trace),
               pp_trace_truncated(r->trace) ? "true" : "false", r->nodes);
}

/* ---- tree ---- */

int cli_solve_tree(const options *o, const char *text, size_t len)
{
    how ab;
    if (search_options(o, &ab)) return 2;
    if (o->memo) return cli_fail(2, "tree has no won/lost memo (its nodes never repeat)");
    int root = PP_AB_MAX;
    if (o->root && strcmp(o->root, "min") == 0) root = PP_AB_MIN;
    else if (o->root && strcmp(o->root, "max") != 0) return cli_fail(2, "--root is max or min, not '%s'", o->root);
    pp_error err = {PP_OK, ""};
    pp_tree *t = NULL;
    if (pp_tree_parse(text, len, &t, &err) != PP_OK) return cli_fail(err.code == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
    pp_tree_set_root_player(t, root);
    if (ab.mcts) { /* the rewards by the leaves' range: the game's is open */
        ab.mc.range = 1;
        pp_tree_leaf_range(t, &ab.mc.lo, &ab.mc.hi);
    }
    run r;
    int status = search(o, pp_tree_game(t), &ab, &r);
    if (status == 0) {
        if (!o->json) printf("%d\n", r.res.value);
        else {
            printf("{\"game\":\"tree\",\"answer\":%d", r.res.value);
            print_search_json(&ab, &r, pp_tree_game(t));
            printf(",\"root\":\"%s\",\"tree\":{\"nodes\":%llu,\"leaves\":%llu,\"depth\":%u,\"minimax\":%d}}\n",
                   root == PP_AB_MAX ? "max" : "min", (unsigned long long)pp_tree_nodes(t),
                   (unsigned long long)pp_tree_leaves(t), pp_tree_depth(t), pp_tree_value(t));
        }
    }
    pp_trace_free(r.trace);
    pp_pn_free(r.x);
    free(r.moves), free(r.exact);
    pp_tree_free(t);
    return status;
}

/* ---- tic-tac-toe ---- */

static const char *ttt_answer(int32_t v) { return v > 0 ? "\"X\"" : v < 0 ? "\"O\"" : "\"Draw\""; }

int cli_solve_tic_tac_toe(const options *o, const char *text, size_t len)
{
    how ab;
    if (search_options(o, &ab)) return 2;
    pp_error err = {PP_OK, ""};
    pp_ttt *t = NULL;
    if (pp_ttt_parse(text, len, &t, &err) != PP_OK) return cli_fail(err.code == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
    run r;
    int status = search(o, pp_ttt_game(t), &ab, &r);
    if (status == 0 && !o->json) printf("%s\n", ttt_answer(r.res.value));
    else if (status == 0) {
        int n = pp_ttt_size(t), cell = pp_ttt_move_cell(t, r.res.best_move);
        printf("{\"game\":\"tic-tac-toe\",\"answer\":%s", ttt_answer(r.res.value));
        print_search_json(&ab, &r, pp_ttt_game(t));
        printf(",\"n\":%d,\"to_move\":\"%s\",\"best_cell\":", n, pp_ttt_to_move(t) == PP_AB_MAX ? "X" : "O");
        if (cell < 0) printf("null");
        else printf("[%d,%d]", cell / n, cell % n);
        printf(",\"value_codes\":{\"1\":\"X wins\",\"0\":\"draw\",\"-1\":\"O wins\"}}\n");
    }
    pp_trace_free(r.trace);
    pp_pn_free(r.x);
    free(r.moves), free(r.exact);
    pp_ttt_free(t);
    return status;
}

/* ---- judges ---- */

/* The input's lines, one at a time (CR LF or LF). */
typedef struct lines {
    const char *at, *end;
    int number; /* of the line last returned */
} lines;

static int next_line(lines *l, const char **start, size_t *len)
{
    if (l->at >= l->end) return 0;
    const char *s = l->at, *nl = memchr(s, '\n', (size_t)(l->end - s));
    const char *e = nl ? nl : l->end;
    l->at = nl ? nl + 1 : l->end;
    while (e > s && (e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t')) e--;
    while (s < e && (*s == ' ' || *s == '\t')) s++;
    *start = s;
    *len = (size_t)(e - s);
    l->number++;
    return 1;
}

/* UVa 10111 Find the Winning Move: cases of "?" and four rows of x, o and
 * '.', ended by "$"; for each, the first cell in row-major order where x
 * has a forced win, "(r,c)", or "#####". One search a case in the given
 * (row-major) order with the window [0, 1]: the first move that proves a
 * win for x cuts, and every move before it was proven not to win. */
int cli_judge_uva10111(const options *o, const char *text, size_t len)
{
    (void)o;
    lines in = {text, text + len, 0};
    const char *s;
    size_t n;
    int status = 0;
    for (;;) {
        do {
            if (!next_line(&in, &s, &n)) return cli_fail(2, "line %d: the input ends without '$'", in.number + 1);
        } while (n == 0);
        if (s[0] == '$') break;
        if (n != 1 || s[0] != '?') return cli_fail(2, "line %d: expected '?' (a board follows) or '$'", in.number);
        char cells[16];
        for (int r = 0; r < 4; r++) {
            if (!next_line(&in, &s, &n))
                return cli_fail(2, "line %d: the input ends inside a board (4 rows follow '?')", in.number + 1);
            if (n != 4 || strspn(s, ".xo") < 4)
                return cli_fail(2, "line %d: expected a row of four cells of '.', 'x' and 'o'", in.number);
            memcpy(cells + 4 * r, s, 4);
        }
        pp_error err = {PP_OK, ""};
        pp_ttt *t = NULL;
        if (pp_ttt_from_cells(4, cells, 0, &t, &err) != PP_OK)
            return cli_fail(2, "the board ending on line %d: %s", in.number, err.msg);
        pp_ab_options ab;
        pp_ab_defaults(&ab);
        ab.tt = 1;
        ab.tt_bits = 18;
        ab.alpha = 0;
        ab.beta = 1;
        pp_ab_result res;
        pp_status st = pp_ab_solve(pp_ttt_game(t), &ab, NULL, &res, &err);
        if (st == PP_OK) {
            int cell = res.value >= 1 ? pp_ttt_move_cell(t, res.best_move) : -1;
            if (cell >= 0) printf("(%d,%d)\n", cell / 4, cell % 4);
            else printf("#####\n");
        }
        pp_ttt_free(t);
        if (st != PP_OK) {
            status = cli_fail(st == PP_ERR_NOMEM ? 1 : 2, "the board ending on line %d: %s", in.number, err.msg);
            break;
        }
    }
    return status;
}

/* ---- games shared with the DP solvers (cli.h: the offer protocol) ---- */

/* Nim and Can I Win: LeetCode's true when the first player (MAX) wins. */
static int solve_win_loss(const options *o, const pp_game *g, const how *ab, const char *extra)
{
    run r;
    int status = search(o, g, ab, &r);
    const char *answer = r.res.value > 0 ? "true" : "false";
    if (status == 0 && !o->json) printf("%s\n", answer);
    else if (status == 0) {
        printf("{\"game\":\"%s\",\"answer\":%s", o->game, answer);
        print_search_json(ab, &r, g);
        printf("%s}\n", extra);
    }
    pp_trace_free(r.trace);
    pp_pn_free(r.x);
    free(r.moves), free(r.exact);
    return status;
}

static int solve_nim(const options *o, const char *text, size_t len, const how *ab)
{
    pp_error err = {PP_OK, ""};
    pp_nim *t = NULL;
    if (pp_nim_parse(text, len, &t, &err) != PP_OK) return cli_fail(err.code == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
    int status = solve_win_loss(o, pp_nim_game(t), ab, "");
    pp_nim_free(t);
    return status;
}

static int solve_can_i_win(const options *o, const char *text, size_t len, const how *ab)
{
    pp_error err = {PP_OK, ""};
    pp_caniwin *t = NULL;
    if (pp_caniwin_parse(text, len, &t, &err) != PP_OK)
        return cli_fail(err.code == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
    int status = solve_win_loss(o, pp_caniwin_game(t), ab, "");
    pp_caniwin_free(t);
    return status;
}

/* Predict the Winner: true when player 1's total is at least player 2's. */
static int solve_predict(const options *o, const char *text, size_t len, const how *ab)
{
    pp_error err = {PP_OK, ""};
    pp_predict *t = NULL;
    if (pp_predict_parse(text, len, &t, &err) != PP_OK)
        return cli_fail(err.code == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
    run r;
    int status = search(o, pp_predict_game(t), ab, &r);
    const char *answer = r.res.value >= 0 ? "true" : "false";
    if (status == 0 && !o->json) printf("%s\n", answer);
    else if (status == 0) {
        printf("{\"game\":\"predict-the-winner\",\"answer\":%s", answer);
        print_search_json(ab, &r, pp_predict_game(t));
        /* the moves' names (with mcts, "moves" are its statistics: the names apart) */
        printf(",\"%s\":[\"take the left end\",\"take the right end\"]}\n", r.mcts ? "move_names" : "moves");
    }
    pp_trace_free(r.trace);
    pp_pn_free(r.x);
    free(r.moves), free(r.exact);
    pp_predict_free(t);
    return status;
}

int cli_tree_offer(const options *o, const char *text, size_t len)
{
    int algo = -1;
    for (int a = 0; a < N_ALGOS && o->algo; a++)
        if (strcmp(o->algo, algo_names[a]) == 0) algo = a;
    if (algo < 0) return CLI_NOT_MINE; /* NULL: the owner's default */
    how ab;
    if (search_options(o, &ab)) return 2;
    if (strcmp(o->game, "nim") == 0) return solve_nim(o, text, len, &ab);
    if (strcmp(o->game, "can-i-win") == 0) return solve_can_i_win(o, text, len, &ab);
    if (strcmp(o->game, "predict-the-winner") == 0) return solve_predict(o, text, len, &ab);
    return CLI_NOT_MINE;
}

/* ---- 一双木棋 ---- */

int cli_solve_young_tableau(const options *o, const char *text, size_t len)
{
    how ab;
    if (search_options(o, &ab)) return 2;
    pp_error err = {PP_OK, ""};
    pp_young *t = NULL;
    if (pp_young_parse(text, len, &t, &err) != PP_OK) return cli_fail(err.code == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
    run r;
    int status = search(o, pp_young_game(t), &ab, &r);
    if (status == 0 && !o->json) printf("%d\n", r.res.value);
    else if (status == 0) {
        printf("{\"game\":\"young-tableau\",\"answer\":%d", r.res.value);
        print_search_json(&ab, &r, pp_young_game(t));
        printf("}\n");
    }
    pp_trace_free(r.trace);
    pp_pn_free(r.x);
    free(r.moves), free(r.exact);
    pp_young_free(t);
    return status;
}

/* Whitespace-separated integers, one at a time; 0 at the end or on
 * something else (then *bad points at it). */
typedef struct numbers {
    const char *at, *end;
    int line; /* of the last number read */
} numbers;

static int next_number(numbers *in, long long *v)
{
    while (in->at < in->end && (*in->at == ' ' || *in->at == '\t' || *in->at == '\r' || *in->at == '\n'))
        in->line += *in->at++ == '\n';
    if (in->at >= in->end) return 0;
    char *stop;
    char buf[24];
    size_t n = 0;
    while (in->at + n < in->end && n < sizeof buf - 1 && in->at[n] != ' ' && in->at[n] != '\t' && in->at[n] != '\r' &&
           in->at[n] != '\n')
        n++;
    memcpy(buf, in->at, n);
    buf[n] = '\0';
    *v = strtoll(buf, &stop, 10);
    if (n == 0 || *stop || n >= sizeof buf - 1) return 0;
    in->at += n;
    return 1;
}

/* Luogu P4363 (九省联考 2018 一双木棋): "n m", then n rows of m numbers a,
 * then n rows of b; prints the first player's total minus the second's. */
int cli_judge_luogu_p4363(const options *o, const char *text, size_t len)
{
    (void)o;
    numbers in = {text, text + len, 1};
    long long n, m;
    if (!next_number(&in, &n) || !next_number(&in, &m))
        return cli_fail(2, "line %d: expected the board size \"n m\"", in.line);
    if (n < 1 || m < 1 || n > PP_YOUNG_MAX_SIDE || m > PP_YOUNG_MAX_SIDE)
        return cli_fail(2, "line %d: a board of %lld x %lld; 1 <= n, m <= %d", in.line, n, m, PP_YOUNG_MAX_SIDE);
    int64_t v[2][PP_YOUNG_MAX_SIDE * PP_YOUNG_MAX_SIDE];
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < n * m; i++) {
            long long x;
            if (!next_number(&in, &x))
                return cli_fail(2, "line %d: expected %c[%lld][%lld], an integer", in.line, k ? 'b' : 'a', i / m + 1,
                                i % m + 1);
            v[k][i] = x;
        }
    pp_error err = {PP_OK, ""};
    pp_young *t = NULL;
    if (pp_young_new((int)n, (int)m, v[0], v[1], &t, &err) != PP_OK) return cli_fail(2, "%s", err.msg);
    pp_ab_options ab;
    pp_ab_defaults(&ab);
    ab.algo = PP_AB_SOFT;
    ab.tt = 1;
    pp_ab_result res;
    pp_status st = pp_ab_solve(pp_young_game(t), &ab, NULL, &res, &err);
    pp_young_free(t);
    if (st != PP_OK) return cli_fail(st == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
    printf("%d\n", res.value);
    return 0;
}

/* ---- Triangle War ---- */

int cli_solve_triangle_war(const options *o, const char *text, size_t len)
{
    how ab;
    if (search_options(o, &ab)) return 2;
    pp_error err = {PP_OK, ""};
    pp_triangle *t = NULL;
    if (pp_triangle_parse(text, len, &t, &err) != PP_OK)
        return cli_fail(err.code == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
    run r;
    int status = search(o, pp_triangle_game(t), &ab, &r);
    const char *answer = r.res.value > 0 ? "\"A\"" : "\"B\"";
    if (status == 0 && !o->json) printf("%s\n", answer);
    else if (status == 0) {
        printf("{\"game\":\"triangle-war\",\"answer\":%s", answer);
        print_search_json(&ab, &r, pp_triangle_game(t));
        printf(",\"to_move\":\"%s\",\"score\":%d}\n", pp_triangle_to_move(t) == PP_AB_MAX ? "A" : "B",
               pp_triangle_score(t));
    }
    pp_trace_free(r.trace);
    pp_pn_free(r.x);
    free(r.moves), free(r.exact);
    pp_triangle_free(t);
    return status;
}

/* POJ 1085 Triangle War: the number of games, then each game's number of
 * moves made and the moves as "i j" lines; prints "Game k: A wins." or
 * "Game k: B wins.". The search asks only who wins: the window [-1, 1]
 * around a tie that cannot happen. */
int cli_judge_poj1085(const options *o, const char *text, size_t len)
{
    (void)o;
    numbers in = {text, text + len, 1};
    long long games;
    if (!next_number(&in, &games) || games < 0) return cli_fail(2, "line %d: expected the number of games", in.line);
    for (long long k = 1; k <= games; k++) {
        long long m;
        int32_t pegs[36];
        if (!next_number(&in, &m) || m < 0 || m > 18)
            return cli_fail(2, "line %d: game %lld: expected the number of moves made, 0 to 18", in.line, k);
        for (long long i = 0; i < 2 * m; i++) {
            long long p;
            if (!next_number(&in, &p) || p < 1 || p > 10)
                return cli_fail(2, "line %d: game %lld: expected a peg, 1 to 10", in.line, k);
            pegs[i] = (int32_t)p;
        }
        pp_error err = {PP_OK, ""};
        pp_triangle *t = NULL;
        if (pp_triangle_new(pegs, (int)m, &t, &err) != PP_OK) return cli_fail(2, "game %lld: %s", k, err.msg);
        pp_ab_options ab;
        pp_ab_defaults(&ab);
        ab.tt = 1;
        ab.tt_bits = 16;
        ab.order = PP_ORDER_BEST;
        ab.alpha = -1;
        ab.beta = 1;
        pp_ab_result res;
        pp_status st = pp_ab_solve(pp_triangle_game(t), &ab, NULL, &res, &err);
        pp_triangle_free(t);
        if (st != PP_OK) return cli_fail(st == PP_ERR_NOMEM ? 1 : 2, "game %lld: %s", k, err.msg);
        printf("Game %lld: %s wins.\n", k, res.value > 0 ? "A" : "B");
    }
    return 0;
}

/* ---- the board chase (CQOI2013 棋盘游戏) ---- */

int cli_solve_board_chase(const options *o, const char *text, size_t len)
{
    how ab;
    if (search_options(o, &ab)) return 2;
    pp_error err = {PP_OK, ""};
    pp_chase *t = NULL;
    if (pp_chase_parse(text, len, &t, &err) != PP_OK) return cli_fail(err.code == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
    run r;
    int status = search(o, pp_chase_game(t), &ab, &r);
    char answer[32];
    pp_chase_format(r.res.value, answer, sizeof answer);
    if (status == 0 && !o->json) printf("\"%s\"\n", answer);
    else if (status == 0) {
        printf("{\"game\":\"board-chase\",\"answer\":\"%s\"", answer);
        print_search_json(&ab, &r, pp_chase_game(t));
        printf(",\"win\":%d}\n", PP_CHASE_WIN);
    }
    pp_trace_free(r.trace);
    pp_pn_free(r.x);
    free(r.moves), free(r.exact);
    pp_chase_free(t);
    return status;
}

/* Luogu P4576 (CQOI2013 棋盘游戏): "n r1 c1 r2 c2"; prints "WHITE x",
 * "BLACK x" (x: the moves the game lasts) or "DRAW". */
int cli_judge_luogu_p4576(const options *o, const char *text, size_t len)
{
    (void)o;
    numbers in = {text, text + len, 1};
    long long v[5];
    static const char *const what[5] = {"n", "r1", "c1", "r2", "c2"};
    for (int i = 0; i < 5; i++) {
        if (!next_number(&in, &v[i])) return cli_fail(2, "line %d: expected %s, an integer", in.line, what[i]);
        if (v[i] < -1000 || v[i] > 1000)
            return cli_fail(2, "line %d: %s = %lld is out of range", in.line, what[i], v[i]);
    }
    pp_error err = {PP_OK, ""};
    pp_chase *t = NULL;
    if (pp_chase_new((int)v[0], (int)v[1], (int)v[2], (int)v[3], (int)v[4], &t, &err) != PP_OK)
        return cli_fail(2, "%s", err.msg);
    /* Retrograde analysis of every position: the judge's largest boards in
     * milliseconds (the capped tree search of `solve board-chase` takes about
     * a second on 20 x 20; tests/c checks that both give the same value). */
    int32_t value = 0;
    pp_status st = pp_chase_solve_retro(t, &value, &err);
    pp_chase_free(t);
    if (st != PP_OK) return cli_fail(st == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
    char answer[32];
    pp_chase_format(value, answer, sizeof answer);
    printf("%s\n", answer);
    return 0;
}
