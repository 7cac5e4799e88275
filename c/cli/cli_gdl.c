/* cli_gdl.c: `perfect-play solve gdl FILE` and `perfect-play check gdl FILE`
 * (FILE '-': standard input): games written in the Game Description
 * Language, their state graph enumerated and solved.
 *
 * solve prints `first wins`, `second wins` or `draw` for two roles taking
 * turns ("first" is the role declared first; a win is a higher goal than
 * the other role's under perfect play), `solved in N moves, goal G` for a
 * one-role puzzle; for simultaneous moves or three roles or more, each
 * role's security value ("red guarantees 100/3, ..."; --json adds security
 * and strategies as exact fractions). --json adds roles, states, terminal states, remoteness,
 * the first role's goal value, every legal first move with its value, the
 * time and states per second. check prints one diagnostic a line
 * ("line L, column C: message") and exits 0 when there is none, 2 else.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "internal.h"

/* The rules: from standard input (already read into text) or the file. */
static char *rules_text(const options *o, const char *text, size_t len, size_t *out_len)
{
    if (strcmp(o->input, "-") == 0) {
        char *copy = malloc(len + 1);
        if (copy) memcpy(copy, text, len + 1);
        *out_len = len;
        return copy;
    }
    FILE *f = fopen(text, "rb");
    if (!f) {
        cli_fail(2, "cannot read %s: %s", text, strerror(errno));
        return NULL;
    }
    size_t cap = (size_t)PP_GDL_MAX_TEXT + 2, n;
    char *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        cli_fail(1, "out of memory");
        return NULL;
    }
    n = fread(buf, 1, cap - 1, f);
    fclose(f);
    buf[n] = '\0';
    *out_len = n;
    return buf;
}

static void json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') printf("\\%c", c);
        else if (c < 0x20) printf("\\u%04x", c);
        else putchar(c);
    }
    putchar('"');
}

static const char *outcome_word(int kind, uint8_t outcome)
{
    if (kind == PP_GDL_PUZZLE) return outcome == PP_WIN0 ? "best goal" : outcome == PP_WIN1 ? "lower goal" : "no end";
    return outcome == PP_WIN0 ? "first wins" : outcome == PP_WIN1 ? "second wins" : "draw";
}

/* The principal line of a solved graph: from the start, a move keeping the
 * state's outcome (the winner hurrying, the loser delaying), to the end. */
static void graph_pv(const pp_gdl_graph *s, const pp_gdl_view *v)
{
    uint32_t x = 0;
    printf("[");
    for (int k = 0; k < 64 && !v->terminal[x]; k++) {
        int32_t best = -1;
        for (int32_t e = v->offsets[x]; e < v->offsets[x + 1]; e++) {
            uint32_t c = (uint32_t)v->targets[e];
            if (v->value[c] != v->value[x] && v->kind == PP_GDL_PUZZLE) continue;
            if (v->outcome[c] != v->outcome[x]) continue;
            int winner = v->outcome[x] == PP_WIN0 ? 0 : v->outcome[x] == PP_WIN1 ? 1 : -1;
            if (v->kind == PP_GDL_PUZZLE) winner = 0;
            if (best < 0) best = e;
            else if (winner >= 0) {
                int32_t rb = v->remoteness[v->targets[best]], rc = v->remoteness[c];
                int hurry = winner == v->mover[x];
                if (hurry ? rc < rb : rc > rb) best = e;
            }
        }
        if (best < 0) break;
        if (k) putchar(',');
        json_string(pp_gdl_move_name(s, (uint32_t)v->move_of[best]));
        x = (uint32_t)v->targets[best];
    }
    printf("]");
}

/* The answer of a solved state graph, as today's contract has it. */
static int print_graph(const options *o, pp_gdl *g, pp_gdl_graph *s, double ms)
{
    pp_gdl_view v;
    pp_gdl_graph_view(s, &v);
    int status = 0;
    char answer[96];
    if (v.kind == PP_GDL_PUZZLE) {
        if (v.remoteness[0] < 0) snprintf(answer, sizeof answer, "no terminal state is reachable");
        else snprintf(answer, sizeof answer, "solved in %d moves, goal %d", v.remoteness[0], v.value[0]);
    } else {
        snprintf(answer, sizeof answer, "%s", outcome_word(v.kind, v.outcome[0]));
    }
    if (!o->json) {
        printf("%s\n", answer);
    } else {
        double enum_ms, solve_ms;
        pp_gdl_graph_times(s, &enum_ms, &solve_ms);
        printf("{\"answer\":");
        json_string(answer);
        printf(",\"algorithm\":\"retrograde\",\"kind\":\"%s\",\"roles\":[",
               v.kind == PP_GDL_PUZZLE ? "puzzle" : "turns");
        for (int r = 0; r < v.roles; r++) {
            if (r) putchar(',');
            json_string(pp_gdl_role_name(g, r));
        }
        printf("],\"states\":%u,\"terminal_states\":%u,\"edges\":%u,\"value\":%d,\"remoteness\":%d,\"outcome\":",
               v.states, v.terminal_states, v.edges, v.value[0], v.remoteness[0]);
        json_string(outcome_word(v.kind, v.outcome[0]));
        printf(",\"mover\":");
        if (v.mover[0] >= 0) json_string(pp_gdl_role_name(g, v.mover[0]));
        else printf("null");
        printf(",\"moves\":[");
        for (int32_t e = v.offsets[0]; e < v.offsets[1]; e++) {
            uint32_t c = (uint32_t)v.targets[e];
            if (e > v.offsets[0]) putchar(',');
            printf("{\"move\":");
            json_string(pp_gdl_move_name(s, (uint32_t)v.move_of[e]));
            printf(",\"outcome\":");
            json_string(outcome_word(v.kind, v.outcome[c]));
            printf(",\"value\":%d,\"remoteness\":%d}", v.value[c], v.remoteness[c]);
        }
        printf("],\"pv\":");
        graph_pv(s, &v);
        printf(",\"best_move\":");
        {
            /* the principal line's first move */
            uint32_t x = 0;
            int32_t best = -1;
            for (int32_t e = v.offsets[x]; e < v.offsets[x + 1] && !v.terminal[x]; e++) {
                uint32_t c = (uint32_t)v.targets[e];
                if (v.outcome[c] != v.outcome[x] || (v.kind == PP_GDL_PUZZLE && v.value[c] != v.value[x])) continue;
                int winner = v.kind == PP_GDL_PUZZLE   ? 0
                             : v.outcome[x] == PP_WIN0 ? 0
                             : v.outcome[x] == PP_WIN1 ? 1
                                                       : -1;
                if (best < 0) best = e;
                else if (winner >= 0) {
                    int32_t rb = v.remoteness[v.targets[best]], rc = v.remoteness[c];
                    if (winner == v.mover[x] ? rc < rb : rc > rb) best = e;
                }
            }
            if (best >= 0) json_string(pp_gdl_move_name(s, (uint32_t)v.move_of[best]));
            else printf("null");
        }
        double secs = (enum_ms + solve_ms) / 1e3;
        printf(",\"stats\":{\"nodes\":%u,\"relaxations\":%llu,\"solves\":%u,\"ground_rules\":%llu,"
               "\"enumerate_ms\":%.3f,\"solve_ms\":%.3f,\"states_per_second\":%.0f},\"time_ms\":%.3f}\n",
               v.states, (unsigned long long)v.relaxations, v.solves, (unsigned long long)pp_gdl_ground_rules(g),
               enum_ms, solve_ms, secs > 0 ? v.states / secs : 0.0, ms);
    }
    if (o->trace_file && pp_gdl_graph_trace(s))
        status = cli_write_trace(o->trace_file, pp_gdl_graph_trace(s), pp_gdl_graph_retro(s));
    return status;
}

/* What a search proved, in words (for the answer or the budget's message). */
static void proven_words(const pp_gdl_search_result *r, char *buf, size_t size)
{
    if (r->kind == PP_GDL_PUZZLE) {
        if (r->solved && r->moves < 0) snprintf(buf, size, "no terminal state is reachable");
        else if (r->solved) snprintf(buf, size, "solved in %d moves, goal %d", r->moves, r->goal);
        else snprintf(buf, size, "proven so far: no goal of %d or more within %u moves", r->goal_tried, r->depth);
    } else if (r->lo == r->hi) {
        snprintf(buf, size, "%s", r->lo == 2 ? "first wins" : r->lo == 0 ? "second wins" : "draw");
    } else if (r->lo == 1) {
        snprintf(buf, size, "proven so far: the first role does not lose (searched %u plies)", r->depth);
    } else if (r->hi == 1) {
        snprintf(buf, size, "proven so far: the first role does not win (searched %u plies)", r->depth);
    } else {
        snprintf(buf, size, "nothing proven yet (searched %u plies)", r->depth);
    }
}

static void print_search(const options *o, pp_gdl *g, const pp_gdl_search *sr, double ms, const char *algo)
{
    pp_gdl_search_result r;
    pp_gdl_search_get(sr, &r);
    char answer[160];
    proven_words(&r, answer, sizeof answer);
    if (!o->json) {
        printf("%s\n", answer);
        return;
    }
    printf("{\"answer\":");
    json_string(answer);
    printf(",\"algorithm\":\"%s\",\"kind\":\"%s\",\"roles\":[", algo, r.kind == PP_GDL_PUZZLE ? "puzzle" : "turns");
    for (int k = 0; k < pp_gdl_role_count(g); k++) {
        if (k) putchar(',');
        json_string(pp_gdl_role_name(g, k));
    }
    printf("]");
    if (r.kind == PP_GDL_PUZZLE) printf(",\"value\":%d,\"remoteness\":%d", r.goal, r.moves);
    else {
        printf(",\"outcome\":");
        json_string(outcome_word(r.kind, r.outcome));
    }
    char mv[256];
    printf(",\"best_move\":");
    if (r.pv_len) {
        pp_gdl_search_move(sr, 0, NULL, mv, sizeof mv);
        json_string(mv);
    } else printf("null");
    printf(",\"pv\":[");
    for (uint32_t i = 0; i < r.pv_len; i++) {
        if (i) putchar(',');
        pp_gdl_search_move(sr, i, NULL, mv, sizeof mv);
        json_string(mv);
    }
    printf(
        "],\"depth\":%u,\"stats\":{\"nodes\":%llu,\"tt_entries\":%llu,\"tt_capacity\":%llu,\"symmetries\":%u,\"ground_rules\":%llu,"
        "\"search_ms\":%.3f,\"nodes_per_second\":%.0f},\"time_ms\":%.3f}\n",
        r.depth, (unsigned long long)r.nodes, (unsigned long long)r.tt_entries, (unsigned long long)r.tt_capacity,
        r.symmetries, (unsigned long long)pp_gdl_ground_rules(g), r.ms, r.ms > 0 ? r.nodes / (r.ms / 1e3) : 0.0, ms);
}

/* auto: a state graph of at most AUTO_SMALL_STATES states is enumerated at
 * once (a fraction of a second), for the per-state values --json reports;
 * past it, a search of AUTO_QUICK_NODES nodes answers what it can (its
 * first iterations deepen one ply at a time and ask questions leaning to a
 * proof, so shallow wins come first) before a graph of up to AUTO_MAX_STATES
 * is tried: about as long to enumerate as the quick search took (a failed
 * try at 4,194,304 states doubled Connect-4 5x5's time; no gdl2qbf game was
 * answered by it; --algo retrograde goes to PP_GDL_MAX_STATES). Asked for
 * the answer alone (no --json, no trace), nothing needs the graph: the first
 * AUTO_PROBE_NODES of that search go before the small graph, which answers
 * the shallow games without paying for a graph that does not fit (trying
 * 60,000 states costs 40 to 60 ms). Alpha-beta, not df-pn: with the leaning
 * questions it finds the shallow wins of the gdl2qbf games in about as many
 * nodes as df-pn, and a node costs df-pn three times as much (figures in
 * docs/performance.md); --algo dfpn runs df-pn. */
#define AUTO_PROBE_NODES 30000u
#define AUTO_SMALL_STATES 60000u
#define AUTO_QUICK_NODES 1000000u
#define AUTO_MAX_STATES (1u << 19)

/* auto's search, made at its first use, run for up to nodes more within
 * the budget (0: none): its nodes so far into *used; *done when it ended. */
static pp_status search_more(pp_gdl *g, const pp_gdl_search_options *so, pp_gdl_search **sr, uint64_t nodes,
                             uint64_t budget, uint64_t *used, int *done, pp_error *err)
{
    *done = 0;
    if (budget && budget - *used < nodes) nodes = budget - *used;
    if (!nodes) return PP_OK;
    pp_status st = *sr ? PP_OK : pp_gdl_search_new(g, NULL, so, sr, err);
    if (!st) st = pp_gdl_search_run(*sr, nodes, done, err);
    if (st) return st;
    pp_gdl_search_result r;
    pp_gdl_search_get(*sr, &r);
    *used = r.nodes;
    return PP_OK;
}

static int solve_values(const options *o, pp_gdl *g, double t0, int only_simultaneous, pp_status st0,
                        const pp_error *err0);

static int search_failed(pp_gdl_search *sr, pp_gdl *g, pp_status st, const pp_error *err)
{
    pp_gdl_search_free(sr);
    pp_gdl_free(g);
    return cli_fail(st == PP_ERR_NOMEM ? 1 : 2, "%s", err->msg);
}

/* A two-role game the turn-taking solvers refused as input: simultaneous
 * moves go to the security solve, every other refusal stands (fail). */
static int refused_or_values(const options *o, pp_gdl_search *sr, pp_gdl *g, pp_status st, const pp_error *err,
                             double t0, int (*fail)(pp_gdl_search *, pp_gdl *, pp_status, const pp_error *))
{
    if (st != PP_ERR_INPUT || pp_gdl_role_count(g) != 2) return fail(sr, g, st, err);
    pp_gdl_search_free(sr);
    return solve_values(o, g, t0, 1, st, err);
}

static int graph_failed(pp_gdl_search *sr, pp_gdl *g, pp_status st, const pp_error *err)
{
    pp_gdl_search_free(sr);
    pp_gdl_free(g);
    return cli_fail(st == PP_ERR_NOMEM ? 1 : st == PP_ERR_LIMIT ? 3 : 2, "%s", err->msg);
}

/* --algo pn, pn2: the generic proof-number search (c/solvers/pn.c) on the
 * rules as a pp_game (pp_gdl_game, every child re-derived) whose leaves are
 * the outcome (0, 1, 2), its exact value by two threshold proofs (--algo
 * dfpn is the search's own df-pn on the network, at alpha-beta's node rate).
 * Two roles only: a puzzle's fewest moves is no proof number's question.
 * The tables count against --max-memory; past it (or past --budget
 * expansions), exit 3 with what the proofs so far show. */
static int solve_pn(const options *o, const char *input, size_t input_len, pp_pn_algo algo, const char *name)
{
    size_t len;
    char *text = rules_text(o, input, input_len, &len);
    if (!text) return 2;
    double t0 = pp__now_ms();
    pp_error err = {0};
    pp_gdl *g = NULL;
    pp_status st = pp_gdl_parse(text, len, &g, &err);
    free(text);
    if (st) return cli_fail(st == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
    if (pp_gdl_role_count(g) != 2) {
        pp_gdl_free(g);
        return cli_fail(2, "--algo %s solves games of two roles; a puzzle's fewest moves: --algo alphabeta", name);
    }
    pp_gdl_game *a = NULL;
    pp_pn *x = NULL;
    pp_pn_options po;
    pp_pn_defaults(&po);
    po.algo = algo;
    po.exact = 1;
    po.budget = o->budget_set ? o->budget : 0;
    uint64_t mem = (o->max_memory ? o->max_memory : 1024) << 20;
    po.memory = mem > PP_PN_MAX_MEMORY ? PP_PN_MAX_MEMORY : mem < PP_PN_MIN_MEMORY ? PP_PN_MIN_MEMORY : mem;
    st = pp_gdl_game_new(g, NULL, &a, &err);
    if (!st) {
        pp_gdl_game_outcome(a);
        st = pp_pn_new(pp_gdl_game_of(a), &po, &x, &err);
    }
    int done = 0;
    if (!st) st = pp_pn_run(x, UINT64_MAX, &done, &err);
    pp_pn_result r;
    if (x) pp_pn_get_result(x, &r);
    int status = 0;
    if (st || !done) {
        if (st == PP_ERR_BUDGET && x)
            status = cli_fail(3, "%s: %s; proven so far: the outcome is between %s and %s", name, err.msg,
                              r.lower >= 2   ? "first wins"
                              : r.lower >= 1 ? "draw"
                                             : "second wins",
                              r.upper <= 1   ? "second wins"
                              : r.upper <= 2 ? "draw"
                                             : "first wins");
        else
            status = cli_fail(st == PP_ERR_NOMEM                          ? 1
                              : st == PP_ERR_LIMIT || st == PP_ERR_BUDGET ? 3
                                                                          : 2,
                              "%s", err.msg);
    } else {
        const char *answer = r.value >= 2 ? "first wins" : r.value <= 0 ? "second wins" : "draw";
        if (!o->json) printf("%s\n", answer);
        else {
            double ms = pp__now_ms() - t0;
            printf("{\"answer\":\"%s\",\"algorithm\":\"%s\",\"kind\":\"turns\",\"roles\":[", answer, name);
            json_string(pp_gdl_role_name(g, 0));
            putchar(',');
            json_string(pp_gdl_role_name(g, 1));
            printf("],\"outcome\":\"%s\",\"best_move\":null,\"pv\":[],\"stats\":{\"nodes\":%llu,\"tt_entries\":%llu,"
                   "\"tt_bytes\":%llu,\"nodes_per_second\":%.0f},\"time_ms\":%.3f}\n",
                   answer, (unsigned long long)r.stats.expanded, (unsigned long long)r.stats.tt_entries,
                   (unsigned long long)r.stats.tt_bytes, ms > 0 ? r.stats.expanded / (ms / 1e3) : 0.0, ms);
        }
    }
    pp_pn_free(x);
    pp_gdl_game_free(a);
    pp_gdl_free(g);
    return status;
}

/* --algo mcts: Monte Carlo tree search (c/solvers/mcts.c, the tree games'
 * options and --json fields, cli_mcts.c) on the rules as a pp_game valued
 * by the first role's goal (pp_gdl_game, as the page's Game trees tab
 * searches them, so one seed gives the same statistics in both), rewards
 * scaled by the goals' range. Beside it the exact answer and each root
 * move's exact goal by alpha-beta with a table (--budget its positions).
 * Rewards treat the goals as a constant-sum game's (MIN's reward is 1
 * minus MAX's), so the words read a goal by the middle of the range: above
 * it the first role wins. Two roles taking turns only. */
typedef struct gdl_mcts_names {
    pp_gdl_game *game;
    const pp_mcts_move *moves;
} gdl_mcts_names;

static void gdl_root_move_name(void *ctx, uint32_t k)
{
    const gdl_mcts_names *n = ctx;
    char mv[256];
    pp_gdl_game_move_name(n->game, pp_gdl_game_of(n->game)->root, n->moves[k].move, mv, sizeof mv);
    json_string(mv);
}

/* The exact goal of game g from pos (alpha-beta, its table, o's budget)
 * into *value: 0, or an exit status after the message. */
static int gdl_exact(const pp_game *g, const void *pos, uint64_t budget, int32_t *value, const char *what)
{
    int32_t v;
    if (g->leaf(g->ctx, pos, &v)) {
        *value = v;
        return 0;
    }
    pp_game c = *g;
    c.root = pos;
    pp_ab_options ab;
    pp_ab_defaults(&ab);
    ab.tt = 1;
    ab.budget = budget;
    pp_ab_result r;
    pp_error err = {PP_OK, ""};
    pp_status st = pp_ab_solve(&c, &ab, NULL, &r, &err);
    if (st == PP_ERR_BUDGET) return cli_fail(3, "mcts: %s: %s (--budget raises it)", what, err.msg);
    if (st) return cli_fail(st == PP_ERR_NOMEM ? 1 : 2, "mcts: %s: %s", what, err.msg);
    *value = r.value;
    return 0;
}

static int solve_mcts(const options *o, const char *input, size_t input_len)
{
    if (o->memory) return cli_fail(2, "--memory is the game trees'; for gdl the tree's limit is --max-memory MiB");
    pp_mcts_options mc;
    if (cli_mcts_options(o, &mc)) return 2;
    uint64_t mem = (o->max_memory ? o->max_memory : 1024) << 20;
    if (mem > PP_MCTS_MAX_MEMORY)
        return cli_fail(2, "--max-memory for mcts is at most %llu MiB", (unsigned long long)(PP_MCTS_MAX_MEMORY >> 20));
    mc.max_memory = mem;
    size_t len;
    char *text = rules_text(o, input, input_len, &len);
    if (!text) return 2;
    pp_error err = {0};
    pp_gdl *g = NULL;
    pp_status st = pp_gdl_parse(text, len, &g, &err);
    free(text);
    if (st) return cli_fail(st == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
    int status = 0;
    pp_gdl_game *a = NULL;
    pp_mcts *m = NULL;
    pp_trace *trace = NULL;
    pp_mcts_move *moves = NULL;
    int32_t *exact = NULL;
    uint64_t *root = calloc(pp_gdl_state_words(g) + 1, sizeof *root);
    pp_gdl_turn turn;
    if (pp_gdl_role_count(g) == 1) {
        status = cli_fail(2, "--algo mcts plays games of two roles taking turns; a puzzle's fewest moves: --algo "
                             "alphabeta");
        goto out;
    }
    if (pp_gdl_role_count(g) != 2) {
        status = cli_fail(2, "--algo mcts plays games of two roles taking turns; three roles or more: --algo auto "
                             "(each role's security value)");
        goto out;
    }
    if (!root) {
        status = cli_fail(1, "out of memory");
        goto out;
    }
    pp_gdl_init_state(g, root);
    if ((st = pp_gdl_turn_of(g, root, &turn, &err))) {
        status = st == PP_ERR_INPUT && strstr(err.msg, "simultaneous")
                     ? cli_fail(2, "--algo mcts plays games of two roles taking turns; these roles move at once "
                                   "from the start: --algo auto (each role's security value)")
                     : cli_fail(st == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
        goto out;
    }
    if ((st = pp_gdl_game_new(g, NULL, &a, &err))) {
        status = cli_fail(st == PP_ERR_NOMEM ? 1 : st == PP_ERR_LIMIT ? 3 : 2, "mcts: %s", err.msg);
        goto out;
    }
    const pp_game *gm = pp_gdl_game_of(a);
    if (o->trace_file && (st = pp_trace_new(o->trace_cap, &trace, &err))) {
        status = cli_fail(st == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
        goto out;
    }
    if ((st = pp_mcts_new(gm, &mc, trace, &m, &err))) {
        status = cli_fail(st == PP_ERR_NOMEM ? 1 : 2, "mcts: %s", err.msg);
        goto out;
    }
    double t0 = pp__now_ms();
    int done = 0;
    pp_status run = pp_mcts_run(m, UINT64_MAX, &done, &err);
    double seconds = (pp__now_ms() - t0) / 1e3;
    pp_mcts_result res;
    pp_mcts_get_result(m, &res);
    moves = calloc(res.nmoves + 1, sizeof *moves);
    exact = calloc(res.nmoves + 1, sizeof *exact);
    if (!moves || !exact) {
        status = cli_fail(1, "out of memory");
        goto out;
    }
    pp_mcts_root_moves(m, moves, res.nmoves);
    if (run == PP_ERR_BUDGET) { /* the tree's memory: what it has */
        char mv[256] = "";
        if (res.best >= 0) pp_gdl_game_move_name(a, gm->root, moves[res.best].move, mv, sizeof mv);
        status = res.best >= 0 ? cli_fail(3,
                                          "mcts: %s (--max-memory raises it); its choice so far: %s (%u visits of "
                                          "%llu iterations)",
                                          err.msg, mv, moves[res.best].visits, (unsigned long long)res.iterations)
                               : cli_fail(3, "mcts: %s (--max-memory raises it)", err.msg);
        goto out;
    }
    if (run == PP_ERR_INPUT) { /* the rules' pp_game stuck past the start: its roles move at once there */
        status = cli_fail(2,
                          "--algo mcts plays games of two roles taking turns, and these roles move at once later on "
                          "(--algo auto: each role's security value): %s",
                          err.msg);
        goto out;
    }
    if (run) {
        status = cli_fail(run == PP_ERR_NOMEM ? 1 : run == PP_ERR_LIMIT ? 3 : 2, "mcts: %s", err.msg);
        goto out;
    }
    if (trace) { /* node ids, no names (as the tree games write theirs) */
        pp_retro_game ids;
        memset(&ids, 0, sizeof ids);
        ids.nstates = (uint32_t)res.nodes;
        if ((status = cli_write_trace(o->trace_file, trace, &ids))) goto out;
    }
    /* the exact answer beside it; with --json each root move's too */
    uint64_t budget = o->budget_set ? o->budget : 0;
    int32_t value;
    if ((status = gdl_exact(gm, gm->root, budget, &value, "the exact answer beside it"))) goto out;
    int64_t mid2 = (int64_t)gm->lo + gm->hi; /* twice the middle of the goals' range: a draw */
    const char *answer = 2 * (int64_t)value > mid2 ? "first wins" : 2 * (int64_t)value < mid2 ? "second wins" : "draw";
    if (!o->json) {
        printf("%s\n", answer);
        goto out;
    }
    for (uint32_t k = 0; k < res.nmoves && !status; k++) {
        _Alignas(8) unsigned char child[PP_AB_MAX_STATE];
        gm->play(gm->ctx, gm->root, moves[k].move, child);
        status = gdl_exact(gm, child, budget, &exact[k], "a root move's exact value");
    }
    if (status) goto out;
    gdl_mcts_names names = {a, moves};
    cli_mcts_report rep = {&mc, &res, moves, exact, value, gm->lo, gm->hi, mid2, seconds, gdl_root_move_name, &names};
    printf("{\"answer\":\"%s\",\"algorithm\":\"mcts\",\"kind\":\"turns\",\"roles\":[", answer);
    json_string(pp_gdl_role_name(g, 0));
    putchar(',');
    json_string(pp_gdl_role_name(g, 1));
    printf("],\"outcome\":\"%s\",\"mover\":", answer);
    json_string(pp_gdl_role_name(g, turn.terminal ? 0 : turn.mover));
    printf(",\"value_of\":");
    char of[160];
    snprintf(of, sizeof of, "%s's goal, %d to %d (a win above %g, a loss below)", pp_gdl_role_name(g, 0), gm->lo,
             gm->hi, mid2 / 2.0);
    json_string(of);
    cli_mcts_json(&rep);
    printf(",\"time_ms\":%.3f}\n", pp__now_ms() - t0);
out:
    free(moves), free(exact), free(root);
    pp_mcts_free(m);
    pp_trace_free(trace);
    pp_gdl_game_free(a);
    pp_gdl_free(g);
    return status;
}

/* Games of three roles or more, or with simultaneous moves: each role's
 * security value (pp_gdl_values_*), in words and, with --json, as exact
 * fractions with the start's optimal mixed strategies. */
static void json_frac(pp_frac f)
{
    char buf[48];
    pp_frac_print(f, buf, sizeof buf);
    json_string(buf);
}

static int print_values(const options *o, pp_gdl *g, const pp_gdl_values *v, double ms)
{
    pp_gdl_values_info in;
    pp_gdl_values_get(v, &in);
    char answer[1024];
    size_t at = 0;
    answer[0] = '\0';
    for (int r = 0; r < in.roles && at < sizeof answer; r++) {
        char f[48];
        pp_frac_print(pp_gdl_values_security(v, 0, r), f, sizeof f);
        at += (size_t)snprintf(answer + at, sizeof answer - at, "%s%s guarantees %s", r ? ", " : "",
                               pp_gdl_role_name(g, r), f);
    }
    if (in.has_maxn && at < sizeof answer) {
        at += (size_t)snprintf(answer + at, sizeof answer - at, "; under max^n:");
        for (int r = 0; r < in.roles && at < sizeof answer; r++)
            at += (size_t)snprintf(answer + at, sizeof answer - at, "%s %s %d", r ? "," : "", pp_gdl_role_name(g, r),
                                   pp_gdl_values_maxn(v, 0, r));
    }
    if (!o->json) {
        printf("%s\n", answer);
        return 0;
    }
    printf("{\"answer\":");
    json_string(answer);
    printf(",\"algorithm\":\"%s\",\"kind\":\"%s\",\"roles\":[", in.search ? "bialphabeta" : "security",
           in.kind == PP_GDL_SIMULTANEOUS ? "simultaneous"
           : in.kind == PP_GDL_PUZZLE     ? "puzzle"
                                          : "turns");
    for (int r = 0; r < in.roles; r++) {
        if (r) putchar(',');
        json_string(pp_gdl_role_name(g, r));
    }
    printf("],\"states\":%u,\"terminal_states\":%u,\"edges\":%llu,\"security\":{", in.states, in.terminal_states,
           (unsigned long long)in.joint_moves);
    for (int r = 0; r < in.roles; r++) {
        if (r) putchar(',');
        json_string(pp_gdl_role_name(g, r));
        putchar(':');
        json_frac(pp_gdl_values_security(v, 0, r));
    }
    printf("},\"strategies\":{");
    for (int r = 0; r < in.roles; r++) {
        if (r) putchar(',');
        json_string(pp_gdl_role_name(g, r));
        printf(":{");
        for (uint32_t i = 0; i < pp_gdl_values_moves(v, r); i++) {
            char mv[256];
            pp_frac p;
            pp_gdl_values_strategy(v, r, i, &p, mv, sizeof mv);
            if (i) putchar(',');
            json_string(mv);
            putchar(':');
            json_frac(p);
        }
        putchar('}');
    }
    putchar('}');
    if (in.has_maxn) {
        printf(",\"maxn\":{");
        for (int r = 0; r < in.roles; r++) {
            if (r) putchar(',');
            json_string(pp_gdl_role_name(g, r));
            printf(":%d", pp_gdl_values_maxn(v, 0, r));
        }
        printf("},\"maxn_tie_break\":\"the mover's first legal move in the reasoner's order\"");
    }
    double secs = in.solve_ms / 1e3;
    if (in.search)
        printf(",\"search\":{\"valued_exactly\":%llu,\"pinned_by_bounds\":%llu,\"searches\":%llu}",
               (unsigned long long)in.valued_exactly, (unsigned long long)in.pinned_by_bounds,
               (unsigned long long)in.searches);
    printf(
        ",\"stats\":{\"nodes\":%u,\"matrix_games\":%llu,\"saddles\":%llu,\"linear_programs\":%llu,\"pivots\":%llu,\"ground_rules\":%llu,"
        "\"enumerate_ms\":%.3f,\"solve_ms\":%.3f,\"matrix_games_per_second\":%.0f},\"time_ms\":%.3f}\n",
        in.states, (unsigned long long)in.matrix_games, (unsigned long long)in.saddles,
        (unsigned long long)in.linear_programs, (unsigned long long)in.pivots,
        (unsigned long long)pp_gdl_ground_rules(g), in.enumerate_ms, in.solve_ms,
        secs > 0 ? in.matrix_games / secs : 0.0, ms);
    return 0;
}

/* The security solve; only_simultaneous: a two-role game the turn-taking
 * solvers refused (st0, err0): answered here only if it has simultaneous
 * moves, else that refusal stands. Frees g. */
static int solve_values(const options *o, pp_gdl *g, double t0, int only_simultaneous, pp_status st0,
                        const pp_error *err0)
{
    pp_gdl_value_options vo = {.max_bytes = (o->max_memory ? o->max_memory : 1024) << 20,
                               .budget = o->budget_set ? o->budget : 0,
                               .search = o->algo && strcmp(o->algo, "bialphabeta") == 0 ? PP_GDL_VALUES_BIAB
                                                                                        : PP_GDL_VALUES_BI};
    pp_gdl_values *v = NULL;
    pp_error err = {0};
    pp_status st = pp_gdl_values_solve(g, &vo, &v, &err);
    int status;
    if (st)
        status = cli_fail(st == PP_ERR_NOMEM ? 1 : st == PP_ERR_LIMIT || st == PP_ERR_BUDGET ? 3 : 2, "%s", err.msg);
    else {
        pp_gdl_values_info in;
        pp_gdl_values_get(v, &in);
        if (only_simultaneous && in.kind != PP_GDL_SIMULTANEOUS)
            status = cli_fail(st0 == PP_ERR_NOMEM ? 1 : st0 == PP_ERR_LIMIT ? 3 : 2, "%s", err0->msg);
        else status = print_values(o, g, v, pp__now_ms() - t0);
    }
    pp_gdl_values_free(v);
    pp_gdl_free(g);
    return status;
}

int cli_solve_gdl(const options *o, const char *input, size_t input_len)
{
    const char *algo = o->algo ? o->algo : "auto";
    int want_retro = strcmp(algo, "retrograde") == 0, want_dfpn = strcmp(algo, "dfpn") == 0;
    int want_search = want_dfpn || strcmp(algo, "alphabeta") == 0;
    if (strcmp(algo, "pn") == 0) return solve_pn(o, input, input_len, PP_PN_PN, "pn");
    if (strcmp(algo, "pn2") == 0) return solve_pn(o, input, input_len, PP_PN_PN2, "pn2");
    if (strcmp(algo, "mcts") == 0) return solve_mcts(o, input, input_len);
    int want_biab = strcmp(algo, "bialphabeta") == 0;
    if (!want_retro && !want_search && !want_biab && strcmp(algo, "auto") != 0)
        return cli_fail(
            2,
            "unknown algorithm '%s' for gdl (available: auto, retrograde, alphabeta, pn, pn2, dfpn, mcts, bialphabeta)",
            o->algo);
    uint64_t max_bytes = (o->max_memory ? o->max_memory : 1024) << 20;
    uint64_t budget = o->budget_set ? o->budget : 0; /* 0: no limit */
    size_t len;
    char *text = rules_text(o, input, input_len, &len);
    if (!text) return 2;
    double t0 = pp__now_ms();
    pp_error err = {0};
    pp_gdl *g = NULL;
    pp_status st = pp_gdl_parse(text, len, &g, &err);
    free(text);
    if (st) return cli_fail(st == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
    /* --algo bialphabeta: every game by its security values, BIab's search */
    if (want_biab) return solve_values(o, g, t0, 0, PP_OK, NULL);
    /* three roles or more: each role's security value */
    if (pp_gdl_role_count(g) > 2) {
        if (want_search) {
            pp_gdl_free(g);
            return cli_fail(2,
                            "--algo %s solves games of one role or two; three roles or more: --algo auto or retrograde "
                            "(each role's security value)",
                            algo);
        }
        return solve_values(o, g, t0, 0, PP_OK, NULL);
    }
    if (want_dfpn && pp_gdl_role_count(g) != 2) {
        pp_gdl_free(g);
        return cli_fail(2, "--algo dfpn solves games of two roles; a puzzle's fewest moves: --algo alphabeta");
    }
    int status = 0, is_auto = !want_retro && !want_search;
    pp_gdl_search *sr = NULL;
    pp_gdl_search_result r;
    uint64_t used = 0;
    /* auto shares the memory between the search's table and the graph */
    pp_gdl_search_options so = {.max_bytes = is_auto ? max_bytes / 2 : max_bytes,
                                .algo = want_dfpn ? PP_GDL_SEARCH_DFPN : PP_GDL_SEARCH_ALPHABETA,
                                .frozen = o->frozen,
                                .no_symmetry = o->no_symmetry};
    pp_gdl_budget gb = {is_auto ? max_bytes / 2 : max_bytes, 0};
    /* auto, answer only (no --json, no trace): nothing needs the graph, so a
     * short search goes first and answers the shallow games at once */
    if (is_auto && !o->json && !o->trace_file) {
        int done;
        if ((st = search_more(g, &so, &sr, AUTO_PROBE_NODES, budget, &used, &done, &err)))
            return refused_or_values(o, sr, g, st, &err, t0, search_failed);
        if (done) want_search = 1; /* to the answer below; else a small graph may still answer */
    }
    /* the state graph: at once for a retrograde solve; in auto, a small
     * one first, then (after the quick search) within the budgets */
    for (int pass = 0; pass < 3 && !want_search; pass++) {
        if (is_auto && pass == 1) {
            int done;
            if ((st = search_more(g, &so, &sr, AUTO_QUICK_NODES, budget, &used, &done, &err)))
                return refused_or_values(o, sr, g, st, &err, t0, search_failed);
            if (done || (budget && used >= budget)) break;
            continue;
        }
        pp_gdl_graph *s = NULL;
        uint32_t cap = is_auto ? (pass == 0 ? AUTO_SMALL_STATES : AUTO_MAX_STATES) : 0;
        pp_gdl_options opt = {cap, o->trace_file ? o->trace_cap : 0, 0};
        pp_gdl_job *job = NULL;
        int jdone = 0;
        st = pp_gdl_job_new(g, &opt, &gb, &job, &err);
        while (!st && !jdone) st = pp_gdl_job_step(job, UINT64_MAX, &jdone, &err);
        if (!st) s = pp_gdl_job_take(job);
        pp_gdl_job_free(job);
        if (!st) {
            status = print_graph(o, g, s, pp__now_ms() - t0);
            pp_gdl_graph_free(s);
            pp_gdl_search_free(sr);
            pp_gdl_free(g);
            return status;
        }
        if (st != PP_ERR_LIMIT || want_retro) return refused_or_values(o, sr, g, st, &err, t0, graph_failed);
    }
    /* search from the initial state (auto: on from the quick search) */
    int done = 0;
    if (!sr && (st = pp_gdl_search_new(g, NULL, &so, &sr, &err))) return search_failed(sr, g, st, &err);
    pp_gdl_search_get(sr, &r);
    if (!r.solved && (!budget || used < budget)) {
        st = pp_gdl_search_run(sr, budget ? budget - used : 0, &done, &err);
        if (st && is_auto) return refused_or_values(o, sr, g, st, &err, t0, search_failed);
        if (st) return search_failed(sr, g, st, &err);
    }
    pp_gdl_search_get(sr, &r);
    done = r.solved || r.depth >= PP_GDL_SEARCH_MAX_DEPTH;
    if (r.solved) print_search(o, g, sr, pp__now_ms() - t0, r.answered_by == PP_GDL_SEARCH_DFPN ? "dfpn" : "alphabeta");
    else {
        char words[160];
        proven_words(&r, words, sizeof words);
        if (!done)
            status = cli_fail(3, "the search's budget of %llu nodes ran out; %s", (unsigned long long)budget, words);
        else
            status = cli_fail(3, "no answer within %d plies (a game that can go on for ever?); %s",
                              PP_GDL_SEARCH_MAX_DEPTH, words);
    }
    pp_gdl_search_free(sr);
    pp_gdl_free(g);
    return status;
}

int cli_check_gdl(const options *o, const char *input, size_t input_len)
{
    size_t len;
    char *text = rules_text(o, input, input_len, &len);
    if (!text) return 2;
    enum { MAX = 100 };
    pp_gdl_diag *d = malloc(MAX * sizeof *d);
    if (!d) {
        free(text);
        return cli_fail(1, "out of memory");
    }
    uint32_t n = pp_gdl_check(text, len, 0, d, MAX);
    free(text);
    for (uint32_t i = 0; i < n && i < MAX; i++) printf("line %u, column %u: %s\n", d[i].line, d[i].col, d[i].msg);
    if (n > MAX) printf("... and %u more\n", n - MAX);
    free(d);
    return n ? 2 : 0;
}
