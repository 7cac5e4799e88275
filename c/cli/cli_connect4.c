/* cli_connect4.c: `solve connect-four SEQUENCE [--size WxH] [--algo STAGE]
 * [--weak] [--json] [--trace FILE] [--book FILE]`. STAGE is one of the
 * stages (pp_c4_stage) or a proof-number search (pn, pn2, dfpn: c/solvers/pn.c
 * over pp_c4_game, the score found by threshold proofs, --memory bounding
 * its tables), or mcts: Monte Carlo tree search (c/solvers/mcts.c with the
 * bitboard playouts, the tree games' options) printed beside the exact
 * scores of the strongest stage (or the book). INPUT `-` reads one
 * sequence a line and prints one score a line, keeping the transposition
 * table between lines. --trace records the root's search
 * (pp_c4_solve_traced; not with `-`). --book answers the positions the
 * opening book holds from it (the strongest stage's scores; not with
 * --weak, --trace or another stage). And `book connect-four DEPTH FILE
 * [--size WxH] [--from FILE] [--jobs N]`, which builds that book (N threads,
 * a solver each). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "internal.h"

/* The proof-number searches, by pp_pn_algo. */
static const char *const pn_names[] = {"pn", "pn2", "dfpn"};

typedef struct c4run {
    pp_c4_solver *solver;
    int w, h, stage;
    int pn;   /* pp_pn_algo, or -1: a stage */
    int mcts; /* --algo mcts: Monte Carlo tree search beside the exact scores (the stage's) */
    pp_mcts_options mc;
    uint64_t memory;  /* the proof-number search's tables (0: the library's default) */
    uint64_t budget;  /* 0: none */
    pp_c4_book *book; /* --book, or NULL */
    int from_book;    /* the scores of the current line the book gave */
} c4run;

/* The position after seq and then column c (0-based); its moves in buf
 * (128 bytes). */
static pp_status c4_child(const c4run *r, const char *seq, size_t len, int c, char *buf, pp_c4 **q, pp_error *err)
{
    if (len + 1 >= 128) {
        err->code = PP_ERR_LIMIT;
        snprintf(err->msg, sizeof err->msg, "the moves are longer than any game");
        return PP_ERR_LIMIT;
    }
    memcpy(buf, seq, len);
    buf[len] = (char)('1' + c);
    return pp_c4_parse(r->w, r->h, buf, len + 1, q, err);
}

/* A column's score known without a search: a win at once (weak: 1), or the
 * board filled (0). n: the stones before the column's. 1 with *v set. */
static int column_at_once(const c4run *r, const pp_c4 *q, int n, int weak, int32_t *v)
{
    if (pp_c4_won(q)) *v = weak ? 1 : (r->w * r->h + 1 - n) / 2;
    else if (pp_c4_stones(q) == r->w * r->h) *v = 0;
    else return 0;
    return 1;
}

/* A position the book does not hold but whose every column it scores (or
 * wins at once, or fills the board): the best column's score, which is the
 * position's (the book keeps no entry for a position whose children it
 * holds, such as the empty board). 1 with *score set, else 0. */
static int book_by_columns(const c4run *r, const char *seq, size_t len, const pp_c4 *p, int32_t *score)
{
    const int n = pp_c4_stones(p);
    int any = 0;
    int32_t best = 0;
    for (int c = 0; c < r->w; c++) {
        if (!pp_c4_can_play(p, c)) continue;
        char buf[128];
        pp_c4 *q = NULL;
        pp_error err = {PP_OK, ""};
        if (c4_child(r, seq, len, c, buf, &q, &err) != PP_OK) return 0;
        int32_t v;
        int known = column_at_once(r, q, n, 0, &v);
        if (!known && pp_c4_book_get(r->book, q, &v)) {
            v = -v;
            known = 1;
        }
        pp_c4_free(q);
        if (!known) return 0;
        if (!any || v > best) best = v;
        any = 1;
    }
    if (any) *score = best;
    return any;
}

/* The last proof-number search's result, memory and budget (for the message when its budget ran out). */
static pp_pn_result pn_last;
static uint64_t pn_last_memory, pn_last_budget;

/* The score of p by proof-number search on the generic game (pp_c4_game):
 * its exact value (the first player's score) by threshold proofs, turned
 * into the score of the side to move; weak: its sign. */
static pp_status solve_pn(const options *o, const c4run *r, const pp_c4 *p, int32_t *score, uint64_t *nodes,
                          pp_error *err)
{
    pp_pn_options po;
    pp_pn_defaults(&po);
    po.algo = (pp_pn_algo)r->pn;
    po.memory = r->memory ? r->memory : PP_PN_DEFAULT_MEMORY;
    po.budget = o->budget_set ? o->budget : pp_pn_default_budget(po.memory); /* scaled to the memory */
    pp_pn_result res;
    memset(&res, 0, sizeof res); /* a search that cannot start fills nothing */
    pp_status st = pp_pn_solve(pp_c4_game(p), &po, &res, err);
    pn_last = res;
    pn_last_memory = po.memory;
    pn_last_budget = po.budget;
    *nodes = res.stats.expanded;
    if (st != PP_OK) return st;
    int32_t v = pp_c4_score_from_value(p, res.value);
    *score = o->weak ? (v > 0) - (v < 0) : v;
    return PP_OK;
}

/* The score of p (the moves seq): the book's where it holds p or every
 * column of p, else pp_c4_solve's (or the proof-number search's). */
static pp_status solve_or_book(const options *o, c4run *r, const char *seq, size_t len, const pp_c4 *p, int32_t *score,
                               uint64_t *nodes, pp_error *err)
{
    if (r->book && pp_c4_book_get(r->book, p, score)) {
        *nodes = 0;
        r->from_book++;
        return PP_OK;
    }
    if (r->book && book_by_columns(r, seq, len, p, score)) {
        *nodes = 0;
        return PP_OK;
    }
    if (r->pn >= 0) return solve_pn(o, r, p, score, nodes, err);
    return pp_c4_solve(r->solver, p, r->stage, o->weak, r->budget, score, nodes, err);
}

/* Reads a book file: NULL after printing why. */
static pp_c4_book *read_book(const char *path, int *status)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        *status = cli_fail(2, "cannot read the book %s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, len = 0;
    unsigned char *buf = malloc(cap);
    for (;;) {
        if (!buf) break;
        if (len == cap) {
            if (cap > ((size_t)1 << 30)) break;
            unsigned char *b = realloc(buf, cap * 2);
            if (!b) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = b;
            cap *= 2;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        if (!got) break;
        len += got;
    }
    fclose(f);
    if (!buf) {
        *status = cli_fail(1, "out of memory reading the book %s", path);
        return NULL;
    }
    pp_error err = {PP_OK, ""};
    pp_c4_book *b = NULL;
    if (pp_c4_book_load(buf, len, &b, &err) != PP_OK) *status = cli_fail(2, "%s: %s", path, err.msg);
    free(buf);
    return b;
}

/* ---- --algo mcts: Monte Carlo tree search beside the exact scores ---- */

/* A score for the side to move in words: win, draw or loss by its sign. */
static const char *outcome_of(int32_t score) { return score > 0 ? "win" : score < 0 ? "loss" : "draw"; }

/* Monte Carlo tree search of p (the moves seq) on the bitboard playouts;
 * prints the exact score (the stage's, or the book's) as the command does
 * without it, and with --json the search's statistics, each column's exact
 * score beside them. Every score is the side to move's (Pons's). */
static int solve_mcts(const options *o, c4run *r, const char *seq, size_t len, const pp_c4 *p)
{
    pp_error err = {PP_OK, ""};
    pp_mcts *m = NULL;
    pp_status st = pp_mcts_new(pp_c4_game(p), &r->mc, NULL, &m, &err);
    if (st != PP_OK) return cli_fail(st == PP_ERR_NOMEM ? 1 : 2, "mcts: %s", err.msg);
    pp_mcts_set_playout(m, pp_c4_playout);
    double t0 = pp__now_ms();
    int done = 0;
    st = pp_mcts_run(m, UINT64_MAX, &done, &err);
    double seconds = (pp__now_ms() - t0) / 1e3;
    pp_mcts_result res;
    pp_mcts_get_result(m, &res);
    pp_mcts_move mv[PP_C4_MAX_SIZE];
    uint32_t n = pp_mcts_root_moves(m, mv, PP_C4_MAX_SIZE);
    pp_mcts_free(m);
    if (st == PP_ERR_BUDGET) {
        if (res.best >= 0)
            return cli_fail(3, "mcts: %s; its choice so far: column %d (%u visits)", err.msg, mv[res.best].move + 1,
                            mv[res.best].visits);
        return cli_fail(3, "mcts: %s", err.msg);
    }
    if (st != PP_OK) return cli_fail(st == PP_ERR_NOMEM ? 1 : 2, "mcts: %s", err.msg);
    /* the exact scores: the root's, and with --json every column's */
    int32_t score = 0, exact[PP_C4_MAX_SIZE];
    uint64_t nodes = 0, total = 0;
    r->from_book = 0;
    st = solve_or_book(o, r, seq, len, p, &score, &nodes, &err);
    total += nodes;
    for (uint32_t k = 0; k < n && st == PP_OK && o->json; k++) {
        char buf[128];
        pp_c4 *q = NULL;
        st = c4_child(r, seq, len, mv[k].move, buf, &q, &err);
        if (st != PP_OK) break;
        int32_t v;
        if (column_at_once(r, q, pp_c4_stones(p), 0, &v)) exact[k] = v;
        else if ((st = solve_or_book(o, r, buf, len + 1, q, &v, &nodes, &err)) == PP_OK) exact[k] = -v, total += nodes;
        pp_c4_free(q);
    }
    if (st == PP_ERR_BUDGET) return cli_fail(3, "mcts: the exact score beside it: %s (--budget raises it)", err.msg);
    if (st != PP_OK) return cli_fail(st == PP_ERR_NOMEM ? 1 : 2, "mcts: the exact score beside it: %s", err.msg);
    if (!o->json) {
        printf("%d\n", score);
        return 0;
    }
    const pp_mcts_options *mc = &r->mc;
    printf("{\"game\":\"connect-four\",\"answer\":%d,\"size\":\"%dx%d\",\"sequence\":\"%.*s\",\"algo\":\"mcts\","
           "\"value\":%d,\"bound\":\"exact\",\"best_move\":",
           score, r->w, r->h, (int)len, seq, score);
    if (res.best >= 0) printf("%d", mv[res.best].move + 1);
    else printf("null");
    printf(",\"iterations\":%llu,\"iterations_per_second\":%.0f,\"seed\":%llu,\"uct_c\":%.17g,\"solver\":%s,"
           "\"playout\":\"%s\"",
           (unsigned long long)res.iterations, seconds > 0 ? (double)res.iterations / seconds : 0.0,
           (unsigned long long)mc->seed, mc->uct_c, mc->solver ? "true" : "false",
           mc->playout == PP_MCTS_DECISIVE ? "decisive" : "random");
    printf(",\"reward\":{\"lo\":%d,\"hi\":%d,\"of\":\"the player to move at the root: 1 for a win, 1/2 for a draw, "
           "0 for a loss (every score clamped to [lo, hi], then scaled)\"}",
           mc->lo, mc->hi);
    if (res.proven) {
        int32_t v = pp_c4_score_from_value(p, res.value);
        printf(",\"proven\":\"%s\",\"proven_value\":%d", outcome_of(v), v);
    } else {
        printf(",\"proven\":null,\"proven_value\":null");
    }
    printf(",\"moves\":[");
    for (uint32_t k = 0; k < n; k++) {
        printf("%s{\"move\":%d,\"visits\":%u,\"mean\":%.17g,", k ? "," : "", mv[k].move + 1, mv[k].visits, mv[k].mean);
        if (mv[k].visits) printf("\"ucb\":%.17g,", mv[k].ucb);
        else printf("\"ucb\":null,");
        if (mv[k].proven) printf("\"proven\":%d,", pp_c4_score_from_value(p, mv[k].lo));
        else printf("\"proven\":null,");
        printf("\"exact\":%d}", exact[k]);
    }
    printf("],\"stats\":{\"nodes\":%llu,\"tree_bytes\":%llu,\"playout_plies\":%llu,\"max_depth\":%u,"
           "\"seconds\":%.6f,\"exact_nodes\":%llu}",
           (unsigned long long)res.nodes, (unsigned long long)res.bytes, (unsigned long long)res.playout_plies,
           res.max_depth, seconds, (unsigned long long)total);
    if (r->book) printf(",\"from_book\":%d", r->from_book);
    printf("}\n");
    return 0;
}

/* Solves one sequence and prints its line; an exit status. */
static int solve_one(const options *o, c4run *r, const char *seq, size_t len, long line)
{
    pp_error err = {PP_OK, ""};
    pp_c4 *p = NULL;
    if (pp_c4_parse(r->w, r->h, seq, len, &p, &err) != PP_OK) {
        if (line > 0) return cli_fail(err.code == PP_ERR_NOMEM ? 1 : 2, "line %ld: %s", line, err.msg);
        return cli_fail(err.code == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
    }
    if (pp_c4_won(p)) {
        int n = pp_c4_stones(p);
        pp_c4_free(p);
        if (line > 0)
            return cli_fail(2, "line %ld: move %d ('%c'): wins the game; a won position has no score", line, n,
                            seq[n - 1]);
        return cli_fail(2, "move %d ('%c'): wins the game; a won position has no score", n, seq[n - 1]);
    }
    if (r->mcts) {
        int status = solve_mcts(o, r, seq, len, p);
        pp_c4_free(p);
        return status;
    }
    double t0 = pp__now_ms();
    int32_t score = 0;
    uint64_t nodes = 0, total = 0;
    pp_trace *trace = NULL;
    pp_c4_trace_stats tstats = {0};
    pp_status st;
    if (o->trace_file) {
        st = pp_trace_new(o->trace_cap, &trace, &err);
        if (st == PP_OK)
            st = pp_c4_solve_traced(r->solver, p, r->stage, o->weak, r->budget, trace, &score, &tstats, &err);
        nodes = tstats.nodes;
    } else {
        r->from_book = 0;
        st = solve_or_book(o, r, seq, len, p, &score, &nodes, &err);
    }
    total += nodes;
    uint64_t root_nodes = nodes;
    int status = 0;
    if (st == PP_OK && !o->json) {
        printf("%d\n", score);
    } else if (st == PP_OK) {
        /* the score of every column: a win at once, or minus the child's score */
        int w = r->w, n = pp_c4_stones(p);
        int cols[PP_C4_MAX_SIZE], ok[PP_C4_MAX_SIZE];
        for (int c = 0; c < w && st == PP_OK; c++) {
            ok[c] = pp_c4_can_play(p, c);
            if (!ok[c]) continue;
            pp_c4 *q = NULL;
            char buf[128];
            st = c4_child(r, seq, len, c, buf, &q, &err);
            if (st != PP_OK) break;
            int32_t v = 0;
            if (column_at_once(r, q, n, o->weak, &v)) {
                cols[c] = v;
            } else {
                st = solve_or_book(o, r, buf, len + 1, q, &v, &nodes, &err);
                total += nodes;
                cols[c] = -v;
            }
            pp_c4_free(q);
        }
        if (st == PP_OK) {
            double ms = pp__now_ms() - t0;
            printf("{\"game\":\"connect-four\",\"answer\":%d,\"size\":\"%dx%d\",\"moves\":\"%.*s\",\"algo\":\"%s\","
                   "\"weak\":%s,\"best_moves\":[",
                   score, r->w, r->h, (int)len, seq, r->pn >= 0 ? pn_names[r->pn] : pp_c4_stage_name(r->stage),
                   o->weak ? "true" : "false");
            int first = 1;
            for (int c = 0; c < w; c++)
                if (ok[c] && cols[c] == score) {
                    printf("%s%d", first ? "" : ",", c + 1);
                    first = 0;
                }
            printf("],\"columns\":[");
            for (int c = 0; c < w; c++) {
                if (ok[c]) printf("%s%d", c ? "," : "", cols[c]);
                else printf("%snull", c ? "," : "");
            }
            printf("],\"stats\":{\"nodes\":%llu,\"root_nodes\":%llu},\"time_ms\":%.3f", (unsigned long long)total,
                   (unsigned long long)root_nodes, ms);
            if (r->book) printf(",\"from_book\":%d", r->from_book);
            if (trace)
                printf(",\"trace\":{\"events\":%u,\"truncated\":%s,\"node_ids\":%u,\"tt_hits\":%llu,\"probes\":%u}",
                       pp_trace_count(trace), pp_trace_truncated(trace) ? "true" : "false", tstats.ids,
                       (unsigned long long)tstats.tt_hits, tstats.probes);
            printf("}\n");
        }
    }
    (void)nodes;
    if (st == PP_OK && trace) {
        pp_retro_game ids; /* the trace writer's stand-in game: node ids, no names */
        memset(&ids, 0, sizeof ids);
        ids.nstates = tstats.ids;
        status = cli_write_trace(o->trace_file, trace, &ids);
    }
    pp_trace_free(trace);
    if (st == PP_ERR_BUDGET && r->pn >= 0)
        status = cli_pn_out_of_budget(pn_names[r->pn], &err, &pn_last, pn_last_memory, o->budget_set, pn_last_budget);
    else if (st == PP_ERR_BUDGET) status = cli_fail(3, "%s (--budget raises it)", err.msg);
    else if (st != PP_OK) status = cli_fail(st == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
    pp_c4_free(p);
    return status;
}

/* --algo mcts's options into r: the tree games' (--iterations, --seed,
 * --uct-c, --solver, --playout, --memory), rewards by the outcome (the score's
 * sign: a win is a win however late), the strongest stage for the exact
 * scores. 0, or 2 after a message. */
static int mcts_options(const options *o, c4run *r)
{
    if (o->weak || o->trace_file)
        return cli_fail(2, "--weak and --trace are the stages'; mcts prints the exact score beside its statistics");
    r->mcts = 1;
    pp_mcts_options *mc = &r->mc;
    if (cli_mcts_options(o, mc)) return 2;
    mc->range = 1, mc->lo = -1, mc->hi = 1;
    r->memory = 0; /* --memory is the tree's, not a proof-number table's */
    return 0;
}

int cli_solve_connect_four(const options *o, const char *text, size_t len)
{
    c4run r;
    memset(&r, 0, sizeof r);
    r.w = 7, r.h = 6, r.stage = PP_C4_STRONGEST, r.pn = -1, r.memory = o->memory;
    pp_error err = {PP_OK, ""};
    if (o->size && pp_c4_parse_size(o->size, strlen(o->size), &r.w, &r.h, &err) != PP_OK)
        return cli_fail(2, "--size must be WxH with 4 <= W, H <= 9 and W * (H + 1) <= 64, not '%s'", o->size);
    if (o->algo && strcmp(o->algo, "mcts") == 0) {
        int status = mcts_options(o, &r);
        if (status) return status;
    } else if (o->algo) {
        r.stage = pp_c4_stage_parse(o->algo);
        for (int k = 0; k < 3 && r.stage < 0; k++)
            if (strcmp(o->algo, pn_names[k]) == 0) r.pn = k;
        if (r.stage < 0 && r.pn < 0)
            return cli_fail(2,
                            "unknown algorithm '%s' for connect-four (available: minimax, alphabeta, "
                            "centre-first, bitboard, tt, iterative, anticipate, threats, strongest, pn, pn2, dfpn, "
                            "mcts)",
                            o->algo);
    }
    if (r.pn < 0 && !r.mcts && o->memory) return cli_fail(2, "--memory is for pn, pn2, dfpn and mcts");
    if (r.pn >= 0 && o->trace_file)
        return cli_fail(2,
                        "--trace records a stage's search; for %s's events, solve the game tree 'tree' or "
                        "'tic-tac-toe' with it",
                        pn_names[r.pn]);
    /* the generic stages and the proof-number searches count against --budget
     * (positions, expansions); the dedicated stages only if it was given */
    r.budget = r.stage <= PP_C4_CENTRE || o->budget != DEFAULT_BUDGET ? o->budget : 0;
    /* PP_C4_TABLE_BITS: a table of 2^N entries of 8 bytes at most (default 27,
     * 1 GiB; a solve touches only the part it needs, from 8 MB) */
    uint32_t bits = 0;
    const char *env = getenv("PP_C4_TABLE_BITS");
    if (env && *env) {
        char *end;
        long b = strtol(env, &end, 10);
        if (*end || b < 1 || b > 64) return cli_fail(2, "PP_C4_TABLE_BITS must be a number of bits, not '%s'", env);
        bits = (uint32_t)b;
    }
    int status = 0;
    if (o->book) {
        if (o->weak || o->trace_file || r.stage != PP_C4_STRONGEST)
            return cli_fail(2, "--book gives the strongest stage's exact scores: not with --weak, --trace or --algo %s",
                            o->algo);
        r.book = read_book(o->book, &status);
        if (!r.book) return status;
        if (pp_c4_book_width(r.book) != r.w || pp_c4_book_height(r.book) != r.h) {
            status = cli_fail(2, "the book %s is for %dx%d boards, not %dx%d", o->book, pp_c4_book_width(r.book),
                              pp_c4_book_height(r.book), r.w, r.h);
            pp_c4_book_free(r.book);
            return status;
        }
    }
    if (pp_c4_solver_new(bits, &r.solver, &err) != PP_OK) {
        pp_c4_book_free(r.book);
        return cli_fail(err.code == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
    }
    if (o->trace_file && strcmp(o->input, "-") == 0) {
        pp_c4_solver_free(r.solver);
        pp_c4_book_free(r.book);
        return cli_fail(2, "--trace records one search: give one sequence, not '-'");
    }
    if (strcmp(o->input, "-") != 0) {
        if (len > 100) status = cli_fail(2, "a sequence of %zu characters is longer than any game", len);
        else status = solve_one(o, &r, text, len, 0);
    } else {
        size_t i = 0;
        long line = 0;
        while (i < len && status == 0) {
            size_t j = i;
            while (j < len && text[j] != '\n') j++;
            line++;
            size_t k = j;
            while (k > i && (text[k - 1] == '\r' || text[k - 1] == ' ' || text[k - 1] == '\t')) k--;
            if (k - i > 100) status = cli_fail(2, "line %ld: a sequence longer than any game", line);
            else status = solve_one(o, &r, text + i, k - i, line);
            fflush(stdout);
            i = j + 1;
        }
    }
    pp_c4_solver_free(r.solver);
    pp_c4_book_free(r.book);
    return status;
}

/* ---- `book connect-four DEPTH FILE [--from FILE]` ---- */

typedef struct bookrun {
    const char *path;
    double t0, last_save, last_print;
    int status;
} bookrun;

/* Writes the book to path through a temporary file (a reader never sees half a book). */
static int write_book(const char *path, const pp_c4_book *b)
{
    size_t need = pp_c4_book_save(b, NULL, 0);
    unsigned char *buf = need ? malloc(need) : NULL;
    if (!buf || pp_c4_book_save(b, buf, need) != need) {
        free(buf);
        return cli_fail(1, "out of memory writing the book");
    }
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
        free(buf);
        return cli_fail(2, "the book's path is too long");
    }
    FILE *f = fopen(tmp, "wb");
    int ok = f && fwrite(buf, 1, need, f) == need;
    if (f && fclose(f) != 0) ok = 0;
    free(buf);
    if (!ok || rename(tmp, path) != 0) return cli_fail(1, "cannot write the book %s: %s", path, strerror(errno));
    return 0;
}

static int book_progress(const pp_c4_book_progress *p, const pp_c4_book *b, const char *moves, void *ctx)
{
    bookrun *r = ctx;
    double t = pp__now_ms();
    if (!moves) {
        fprintf(stderr, "book: depth %d complete, %u entries, %llu searches, %.1f s; next level %u positions\n",
                pp_c4_book_depth(b), p->entries, (unsigned long long)p->solved, (t - r->t0) / 1e3, p->level_positions);
    } else if (t - r->last_print > 10e3) {
        r->last_print = t;
        fprintf(stderr, "book: level %d, %u of %u positions, %u entries, %llu searches, %.1f s (last '%s')\n", p->level,
                p->level_done, p->level_positions, p->entries, (unsigned long long)p->solved, (t - r->t0) / 1e3, moves);
    }
    if (!moves || t - r->last_save > 60e3) {
        r->last_save = t;
        r->status = write_book(r->path, b);
        if (r->status) return 1;
    }
    return 0;
}

int cli_c4_book(int argc, char **argv)
{
    const char *from = NULL, *size = "7x6", *jobs_arg = "1";
    const char *args[3];
    int nargs = 0;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--from") == 0 || strcmp(argv[i], "--size") == 0 || strcmp(argv[i], "--jobs") == 0) {
            if (i + 1 >= argc) return cli_fail(2, "%s needs a value", argv[i]);
            *(argv[i][2] == 'f' ? &from : argv[i][2] == 's' ? &size : &jobs_arg) = argv[i + 1];
            i++;
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            return cli_fail(2, "unknown option '%s'", argv[i]);
        } else if (nargs < 3) {
            args[nargs++] = argv[i];
        } else {
            return cli_fail(2, "unexpected argument '%s'", argv[i]);
        }
    }
    if (nargs != 3 || strcmp(args[0], "connect-four") != 0)
        return cli_fail(2, "usage: perfect-play book connect-four DEPTH FILE [--size WxH] [--from FILE] [--jobs N]");
    int w = 0, h = 0;
    char tail = 0;
    if (sscanf(size, "%dx%d%c", &w, &h, &tail) != 2 || w < PP_C4_MIN_SIZE || w > PP_C4_MAX_SIZE || h < PP_C4_MIN_SIZE ||
        h > PP_C4_MAX_SIZE || w * (h + 1) > 57)
        return cli_fail(2, "--size must be WxH with 4 <= W, H <= 9 and W * (H + 1) <= 57, not '%s'", size);
    char *end;
    long jobs = strtol(jobs_arg, &end, 10);
    if (*end || end == jobs_arg || jobs < 1 || jobs > PP_C4_BOOK_MAX_THREADS)
        return cli_fail(2, "--jobs must be 1 to %d threads, not '%s'", PP_C4_BOOK_MAX_THREADS, jobs_arg);
    long depth = strtol(args[1], &end, 10);
    if (*end || end == args[1] || depth < 1 || depth > w * h)
        return cli_fail(2, "DEPTH must be 1 to %d stones, not '%s'", w * h, args[1]);
    int status = 0;
    pp_c4_book *start = NULL;
    if (from && !(start = read_book(from, &status))) return status;
    uint32_t bits = 0;
    const char *env = getenv("PP_C4_TABLE_BITS");
    if (env && *env) bits = (uint32_t)strtoul(env, NULL, 10);
    pp_error err = {PP_OK, ""};
    pp_c4_solver *s[PP_C4_BOOK_MAX_THREADS] = {NULL};
    for (long i = 0; i < jobs; i++) {
        if (pp_c4_solver_new(bits, &s[i], &err) != PP_OK) {
            for (long k = 0; k < i; k++) pp_c4_solver_free(s[k]);
            pp_c4_book_free(start);
            return cli_fail(err.code == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
        }
    }
    bookrun r = {args[2], pp__now_ms(), pp__now_ms(), pp__now_ms(), 0};
    pp_c4_book *b = NULL;
    pp_status st = pp_c4_book_build(s, (int)jobs, w, h, (int)depth, start, book_progress, &r, &b, &err);
    if (st == PP_OK) status = write_book(args[2], b);
    else status = r.status ? r.status : cli_fail(st == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
    if (st == PP_OK && !status)
        printf("{\"depth\":%d,\"entries\":%u,\"bytes\":%zu,\"seconds\":%.1f}\n", pp_c4_book_depth(b),
               pp_c4_book_count(b), pp_c4_book_save(b, NULL, 0), (pp__now_ms() - r.t0) / 1e3);
    pp_c4_book_free(b);
    pp_c4_book_free(start);
    for (long i = 0; i < jobs; i++) pp_c4_solver_free(s[i]);
    return status;
}
