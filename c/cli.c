/* cli.c: the native command line, `perfect-play solve GAME INPUT` (see README).
 *
 * Exit status: 0 answered, 2 bad input or usage (one line on stderr),
 * 3 an exhaustive solver ran out of its budget, 1 anything else.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perfect_play.h"

#define DEFAULT_TRACE_CAP (1u << 24)
#define DEFAULT_BUDGET 10000000ull /* states the DFS searches may enter */

static const char *const usage =
    "usage: perfect-play solve GAME INPUT [--algo NAME] [--json] [--trace FILE] [--trace-cap N] [--budget N]\n"
    "       perfect-play --version\n"
    "\n"
    "GAME   cat-mouse     (LeetCode 913)  graph = [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]\n"
    "       cat-mouse-ii  (LeetCode 1728) grid = [\"####F\",\"#C...\",\"M....\"], catJump = 1, mouseJump = 2\n"
    "INPUT  LeetCode input text as above, or the bare values; '-' reads standard input\n"
    "--algo      retrograde (default); cat-mouse also: naive-dfs (exact, exponential),\n"
    "            memo-dfs (DFS with memo: flawed on purpose, --json lists its wrong labels)\n"
    "--json      one JSON object: answer, stats, per-state outcomes and remoteness\n"
    "--trace     write the event trace to FILE (binary format of perfect_play.h;\n"
    "            a FILE ending in .txt gets one event per line instead)\n"
    "--trace-cap the most events the trace keeps (default 16777216)\n"
    "--budget    the most states a DFS search enters (default 10000000); past it: exit 3\n";

static int fail(int status, const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "perfect-play: ");
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return status;
}

static char *read_all(FILE *f, size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    if (!buf) return NULL;
    for (;;) {
        if (n + 1 >= cap) {
            if (cap > ((size_t)256 << 20)) break; /* the parser refuses such sizes anyway */
            char *b = realloc(buf, cap * 2);
            if (!b) {
                free(buf);
                return NULL;
            }
            buf = b;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - 1 - n, f);
        if (got == 0) break;
        n += got;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

typedef struct options {
    const char *game, *input, *algo, *trace_file;
    int json;
    uint32_t trace_cap;
    uint64_t budget;
} options;

/* A game's state id from (mouse, cat, turn); the games' own functions. */
typedef uint32_t (*state_of)(const void *game, int mouse, int cat, int turn);
static uint32_t catmouse_state(const void *g, int m, int c, int t) { return pp_catmouse_state(g, m, c, t); }
static uint32_t catmouse2_state(const void *g, int m, int c, int t) { return pp_catmouse2_state(g, m, c, t); }

/* One n x n matrix, rows the mouse's place, columns the cat's: outcomes, or
 * remoteness if remote is given; null where invalid (or undecided). */
static void print_grid(FILE *out, int n, state_of state, const void *g, const uint8_t *outcome,
                       const int32_t *remote, int turn)
{
    fputc('[', out);
    for (int m = 0; m < n; m++) {
        fputs(m ? ",[" : "[", out);
        for (int c = 0; c < n; c++) {
            uint32_t s = state(g, m, c, turn);
            if (c) fputc(',', out);
            if (outcome[s] > PP_WIN1 || (remote && remote[s] < 0)) /* invalid, or never stored */
                fputs("null", out);
            else
                fprintf(out, "%d", remote ? remote[s] : outcome[s]);
        }
        fputc(']', out);
    }
    fputc(']', out);
}

/* The JSON both games share after their own fields: stats, every state's
 * outcome and remoteness, the trace's size; closes the object. */
static void print_json_rest(const pp_retro *r, const pp_trace *trace, int n, state_of state, const void *g)
{
    pp_retro_stats st;
    pp_retro_get_stats(r, &st);
    printf("\"stats\":{\"nodes\":%llu,\"states\":%llu,\"seeds\":%llu,\"pops\":%llu,"
           "\"relaxations\":%llu,\"decided\":%llu,\"mouse_wins\":%llu,\"cat_wins\":%llu,"
           "\"draws\":%llu,\"queue_peak\":%llu},",
           (unsigned long long)st.states, (unsigned long long)st.states, (unsigned long long)st.seeds,
           (unsigned long long)st.pops, (unsigned long long)st.relaxations, (unsigned long long)st.decided,
           (unsigned long long)st.wins[0], (unsigned long long)st.wins[1], (unsigned long long)st.draws,
           (unsigned long long)st.queue_peak);
    const uint8_t *outcome = pp_retro_outcomes(r);
    for (int k = 0; k < 2; k++) {
        const int32_t *remote = k ? pp_retro_remoteness(r) : NULL;
        printf(k ? ",\"remoteness\":{\"mouse_to_move\":" : "\"outcomes\":{\"mouse_to_move\":");
        print_grid(stdout, n, state, g, outcome, remote, 0);
        printf(",\"cat_to_move\":");
        print_grid(stdout, n, state, g, outcome, remote, 1);
        printf("}");
    }
    if (trace)
        printf(",\"trace\":{\"events\":%u,\"truncated\":%s}", pp_trace_count(trace),
               pp_trace_truncated(trace) ? "true" : "false");
    printf("}\n");
}

static int write_trace(const char *path, const pp_trace *t, const pp_retro_game *game)
{
    FILE *f = fopen(path, "wb");
    if (!f) return fail(1, "cannot write the trace to %s: %s", path, strerror(errno));
    size_t len = strlen(path);
    int ok = 1;
    if (len > 4 && strcmp(path + len - 4, ".txt") == 0) {
        const int32_t *rec = pp_trace_records(t);
        char line[128];
        fprintf(f, "# perfect-play trace v%d, %u events%s\n", PP_TRACE_VERSION, pp_trace_count(t),
                pp_trace_truncated(t) ? ", truncated" : "");
        for (uint32_t i = 0; i < pp_trace_count(t); i++) {
            pp_event_format(rec + (size_t)i * PP_TRACE_WORDS, game, NULL, line, sizeof line);
            fprintf(f, "%s (step %d)\n", line, pp_event_step(rec + (size_t)i * PP_TRACE_WORDS));
        }
    } else {
        size_t need = pp_trace_serialize(t, game->nstates, NULL, 0);
        void *buf = malloc(need);
        if (!buf) {
            fclose(f);
            return fail(1, "out of memory writing the trace%s%s", "", "");
        }
        pp_trace_serialize(t, game->nstates, buf, need);
        ok = fwrite(buf, 1, need, f) == need;
        free(buf);
    }
    if (fclose(f) != 0) ok = 0;
    return ok ? 0 : fail(1, "cannot write the trace to %s: %s", path, strerror(errno));
}

/* Which solver: -1 retrograde, else a pp_dfs_kind where the game has the
 * DFS searches (usage errors come before input errors: -2 after the message). */
static int pick_algo(const options *o, int with_dfs)
{
    if (!o->algo || strcmp(o->algo, "retrograde") == 0) return -1;
    if (with_dfs && strcmp(o->algo, "naive-dfs") == 0) return PP_DFS_NAIVE;
    if (with_dfs && strcmp(o->algo, "memo-dfs") == 0) return PP_DFS_MEMO;
    fprintf(stderr, "perfect-play: unknown algorithm '%s' for %s (available: retrograde%s)\n", o->algo, o->game,
            with_dfs ? ", naive-dfs, memo-dfs" : "");
    return -2;
}

/* The retrograde solve both games share: the trace if asked for, the solver
 * run to the end. Returns an exit status (err says why when not 0). */
static int run_retro(const options *o, const pp_retro_game *game, pp_trace **trace, pp_retro **r, pp_error *err)
{
    if (o->trace_file && pp_trace_new(o->trace_cap, trace, err) != PP_OK) return 2;
    if (pp_retro_new(game, *trace, r, err) != PP_OK) return err->code == PP_ERR_NOMEM ? 1 : 2;
    int finished = 0;
    while (!finished) pp_retro_run(*r, UINT64_MAX, &finished);
    return 0;
}

/* Cat and Mouse by naive DFS or DFS with memo. The memo's labels are
 * compared with retrograde analysis, the exact answer, in --json. */
static int solve_dfs(const options *o, const pp_catmouse *g, pp_dfs_kind kind, pp_error *err)
{
    const pp_retro_game *game = pp_catmouse_retro(g);
    const char *name = kind == PP_DFS_MEMO ? "memo-dfs" : "naive-dfs";
    pp_trace *trace = NULL;
    pp_retro *r = NULL;
    uint8_t answer = PP_INVALID, *labels = malloc(game->nstates);
    pp_dfs_stats st;
    int status = 0;
    if (!labels) return fail(1, "out of memory%s%s", "", "");
    if (o->trace_file && pp_trace_new(o->trace_cap, &trace, err) != PP_OK) {
        status = 2;
        goto done;
    }
    pp_status ps = pp_dfs_solve(game, kind, pp_catmouse_start(g), o->budget, trace, &answer, labels, &st, err);
    if (trace) status = write_trace(o->trace_file, trace, game);
    if (ps == PP_ERR_BUDGET) {
        fprintf(stderr, "perfect-play: %s: %s (--budget raises it)\n", name, err->msg);
        err->code = PP_OK; /* said */
        status = 3;
        goto done;
    }
    if (ps != PP_OK) {
        status = ps == PP_ERR_NOMEM ? 1 : 2;
        goto done;
    }
    if (!o->json) {
        printf("%d\n", answer);
        goto done;
    }
    int n = pp_catmouse_nodes(g);
    printf("{\"game\":\"cat-mouse\",\"algo\":\"%s\",\"answer\":%d,\"n\":%d,", name, answer, n);
    printf("\"stats\":{\"nodes\":%llu,\"leaves\":%llu,\"cycles\":%llu,\"memo_hits\":%llu,\"max_depth\":%llu}",
           (unsigned long long)st.nodes, (unsigned long long)st.leaves, (unsigned long long)st.cycles,
           (unsigned long long)st.memo_hits, (unsigned long long)st.max_depth);
    if (kind == PP_DFS_MEMO) {
        pp_error rerr;
        if (run_retro(&(options){0}, game, &(pp_trace *){NULL}, &r, &rerr) != 0) {
            *err = rerr;
            status = 1;
            goto done;
        }
        printf(",\"labels\":{\"mouse_to_move\":");
        print_grid(stdout, n, catmouse_state, g, labels, NULL, 0);
        printf(",\"cat_to_move\":");
        print_grid(stdout, n, catmouse_state, g, labels, NULL, 1);
        printf("},\"wrong_labels\":[");
        const uint8_t *truth = pp_retro_outcomes(r);
        int first = 1;
        for (int m = 0; m < n; m++)
            for (int c = 0; c < n; c++)
                for (int t = 0; t < 2; t++) {
                    uint32_t s = pp_catmouse_state(g, m, c, t);
                    if (labels[s] == PP_UNSEEN || labels[s] == truth[s]) continue;
                    printf("%s{\"mouse\":%d,\"cat\":%d,\"turn\":\"%s\",\"memo\":%d,\"retrograde\":%d}",
                           first ? "" : ",", m, c, t ? "cat" : "mouse", labels[s], truth[s]);
                    first = 0;
                }
        printf("]");
    }
    if (trace)
        printf(",\"trace\":{\"events\":%u,\"truncated\":%s}", pp_trace_count(trace),
               pp_trace_truncated(trace) ? "true" : "false");
    printf("}\n");
done:
    free(labels);
    pp_trace_free(trace);
    pp_retro_free(r);
    return status;
}

static int solve_cat_mouse(const options *o, const char *text, size_t len)
{
    pp_error err = {PP_OK, ""};
    pp_catmouse *g = NULL;
    pp_trace *trace = NULL;
    pp_retro *r = NULL;
    int status = 0, algo = pick_algo(o, 1);
    if (algo == -2) return 2;
    if (pp_catmouse_parse(text, len, &g, &err) != PP_OK) {
        status = err.code == PP_ERR_NOMEM ? 1 : 2;
        goto done;
    }
    const pp_retro_game *game = pp_catmouse_retro(g);
    if (algo >= 0) {
        status = solve_dfs(o, g, (pp_dfs_kind)algo, &err);
        goto done;
    }
    if ((status = run_retro(o, game, &trace, &r, &err)) != 0) goto done;
    int answer = pp_retro_outcomes(r)[pp_catmouse_start(g)];
    if (o->json) {
        printf("{\"game\":\"cat-mouse\",\"algo\":\"retrograde\",\"answer\":%d,", answer);
        printf("\"n\":%d,\"outcome_codes\":{\"0\":\"draw\",\"1\":\"mouse wins\",\"2\":\"cat wins\"},",
               pp_catmouse_nodes(g));
        print_json_rest(r, trace, pp_catmouse_nodes(g), catmouse_state, g);
    } else {
        printf("%d\n", answer);
    }
    if (trace) status = write_trace(o->trace_file, trace, game);
done:
    if (err.code != PP_OK) fprintf(stderr, "perfect-play: %s\n", err.msg);
    pp_retro_free(r);
    pp_trace_free(trace);
    pp_catmouse_free(g);
    return status;
}

static int solve_cat_mouse2(const options *o, const char *text, size_t len)
{
    pp_error err = {PP_OK, ""};
    pp_catmouse2 *g = NULL;
    pp_trace *trace = NULL;
    pp_retro *r = NULL;
    int status = 0;
    if (pick_algo(o, 0) == -2) return 2;
    if (pp_catmouse2_parse(text, len, &g, &err) != PP_OK) {
        status = err.code == PP_ERR_NOMEM ? 1 : 2;
        goto done;
    }
    const pp_retro_game *game = pp_catmouse2_retro(g);
    if ((status = run_retro(o, game, &trace, &r, &err)) != 0) goto done;
    const char *answer = pp_catmouse2_answer(g, r) == 1 ? "true" : "false";
    if (o->json) {
        int rows = pp_catmouse2_rows(g), cols = pp_catmouse2_cols(g);
        uint32_t start = pp_catmouse2_start(g);
        printf("{\"game\":\"cat-mouse-ii\",\"algo\":\"retrograde\",\"answer\":%s,\"grid\":[", answer);
        for (int row = 0; row < rows; row++) {
            printf(row ? ",\"" : "\"");
            for (int col = 0; col < cols; col++) putchar(pp_catmouse2_cell(g, row, col));
            printf("\"");
        }
        printf("],\"cat_jump\":%d,\"mouse_jump\":%d,\"mouse\":%d,\"cat\":%d,\"food\":%d,",
               pp_catmouse2_cat_jump(g), pp_catmouse2_mouse_jump(g), pp_catmouse2_mouse_start(g),
               pp_catmouse2_cat_start(g), pp_catmouse2_food(g));
        int32_t remote = pp_retro_remoteness(r)[start];
        printf("\"start\":{\"outcome\":%d,\"remoteness\":", pp_retro_outcomes(r)[start]);
        printf(remote < 0 ? "null" : "%d", remote);
        printf("},\"max_turns\":%d,\"cells\":%d,\"outcome_codes\":{\"0\":\"undecided: the cat wins\",\"1\":\"mouse wins\","
               "\"2\":\"cat wins\"},",
               PP_CATMOUSE2_MAX_TURNS, rows * cols);
        print_json_rest(r, trace, rows * cols, catmouse2_state, g);
    } else {
        printf("%s\n", answer);
    }
    if (trace) status = write_trace(o->trace_file, trace, game);
done:
    if (err.code != PP_OK) fprintf(stderr, "perfect-play: %s\n", err.msg);
    pp_retro_free(r);
    pp_trace_free(trace);
    pp_catmouse2_free(g);
    return status;
}

static const struct {
    const char *name;
    int (*solve)(const options *o, const char *text, size_t len);
} games[] = {{"cat-mouse", solve_cat_mouse}, {"cat-mouse-ii", solve_cat_mouse2}};

int main(int argc, char **argv)
{
    options o = {NULL, NULL, NULL, NULL, 0, DEFAULT_TRACE_CAP, DEFAULT_BUDGET};
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(usage, stdout);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
        printf("perfect-play %s\n", PP_VERSION);
        return 0;
    }
    if (argc < 2 || strcmp(argv[1], "solve") != 0) {
        fputs(usage, stderr);
        return 2;
    }
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--json") == 0) {
            o.json = 1;
        } else if (strcmp(a, "--algo") == 0 || strcmp(a, "--trace") == 0 || strcmp(a, "--trace-cap") == 0 ||
                   strcmp(a, "--budget") == 0) {
            if (i + 1 >= argc) return fail(2, "%s needs a value%s", a, "");
            const char *v = argv[++i];
            if (strcmp(a, "--algo") == 0) o.algo = v;
            else if (strcmp(a, "--trace") == 0) o.trace_file = v;
            else if (strcmp(a, "--budget") == 0) {
                char *end;
                unsigned long long b = strtoull(v, &end, 10);
                if (*v < '1' || *v > '9' || *end || b > (1ull << 50))
                    return fail(2, "--budget must be a positive number of states, not '%s'%s", v, "");
                o.budget = b;
            } else {
                char *end;
                unsigned long cap = strtoul(v, &end, 10);
                if (*v < '0' || *v > '9' || *end || cap > (1ul << 27))
                    return fail(2, "--trace-cap must be a number of events up to 134217728, not '%s'%s", v, "");
                o.trace_cap = (uint32_t)cap;
            }
        } else if (a[0] == '-' && a[1] == '-') {
            return fail(2, "unknown option '%s'%s", a, "");
        } else if (!o.game) {
            o.game = a;
        } else if (!o.input) {
            o.input = a;
        } else {
            return fail(2, "unexpected argument '%s' (quote the INPUT as one argument)%s", a, "");
        }
    }
    if (!o.game) return fail(2, "solve needs a GAME and an INPUT%s%s", "", "");
    if (!o.input) return fail(2, "solve %s needs an INPUT (LeetCode input text, or - for stdin)%s", o.game, "");
    size_t game = 0;
    while (game < sizeof games / sizeof games[0] && strcmp(o.game, games[game].name) != 0) game++;
    if (game == sizeof games / sizeof games[0])
        return fail(2, "unknown game '%s' (available: cat-mouse, cat-mouse-ii)%s", o.game, "");
    size_t len;
    char *text;
    if (strcmp(o.input, "-") == 0) {
        text = read_all(stdin, &len);
        if (!text) return fail(1, "out of memory reading standard input%s%s", "", "");
    } else {
        len = strlen(o.input);
        text = malloc(len + 1);
        if (!text) return fail(1, "out of memory%s%s", "", "");
        memcpy(text, o.input, len + 1);
    }
    int status = games[game].solve(&o, text, len);
    free(text);
    return status;
}
