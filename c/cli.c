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

static const char *const usage =
    "usage: perfect-play solve GAME INPUT [--algo NAME] [--json] [--trace FILE] [--trace-cap N]\n"
    "       perfect-play --version\n"
    "\n"
    "GAME   cat-mouse\n"
    "INPUT  LeetCode input text, e.g. 'graph = [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]',\n"
    "       or the bare JSON value; '-' reads standard input\n"
    "--algo      cat-mouse: retrograde (default)\n"
    "--json      one JSON object: answer, stats, per-state outcomes and remoteness\n"
    "--trace     write the event trace to FILE (binary format of perfect_play.h;\n"
    "            a FILE ending in .txt gets one event per line instead)\n"
    "--trace-cap the most events the trace keeps (default 16777216)\n";

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
} options;

static void print_grid(FILE *out, const pp_catmouse *g, const uint8_t *outcome, const int32_t *remote,
                       int turn)
{
    int n = pp_catmouse_nodes(g);
    fputc('[', out);
    for (int m = 0; m < n; m++) {
        fputs(m ? ",[" : "[", out);
        for (int c = 0; c < n; c++) {
            uint32_t s = pp_catmouse_state(g, m, c, turn);
            if (c) fputc(',', out);
            if (outcome[s] == PP_INVALID || (remote && remote[s] < 0))
                fputs("null", out);
            else
                fprintf(out, "%d", remote ? remote[s] : outcome[s]);
        }
        fputc(']', out);
    }
    fputc(']', out);
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

static int solve_cat_mouse(const options *o, const char *text, size_t len)
{
    if (o->algo && strcmp(o->algo, "retrograde") != 0)
        return fail(2, "unknown algorithm '%s' for cat-mouse (available: retrograde)%s", o->algo, "");
    pp_error err = {PP_OK, ""};
    pp_catmouse *g = NULL;
    pp_trace *trace = NULL;
    pp_retro *r = NULL;
    int status = 0;
    if (pp_catmouse_parse(text, len, &g, &err) != PP_OK) {
        status = err.code == PP_ERR_NOMEM ? 1 : 2;
        goto done;
    }
    if (o->trace_file && pp_trace_new(o->trace_cap, &trace, &err) != PP_OK) {
        status = 2;
        goto done;
    }
    const pp_retro_game *game = pp_catmouse_retro(g);
    if (pp_retro_new(game, trace, &r, &err) != PP_OK) {
        status = err.code == PP_ERR_NOMEM ? 1 : 2;
        goto done;
    }
    int finished = 0;
    while (!finished) pp_retro_run(r, UINT64_MAX, &finished);
    const uint8_t *outcome = pp_retro_outcomes(r);
    int answer = outcome[pp_catmouse_start(g)];
    if (o->json) {
        pp_retro_stats st;
        pp_retro_get_stats(r, &st);
        printf("{\"game\":\"cat-mouse\",\"algo\":\"retrograde\",\"answer\":%d,", answer);
        printf("\"stats\":{\"nodes\":%llu,\"states\":%llu,\"seeds\":%llu,\"pops\":%llu,"
               "\"relaxations\":%llu,\"decided\":%llu,\"mouse_wins\":%llu,\"cat_wins\":%llu,"
               "\"draws\":%llu,\"queue_peak\":%llu},",
               (unsigned long long)st.states, (unsigned long long)st.states, (unsigned long long)st.seeds,
               (unsigned long long)st.pops, (unsigned long long)st.relaxations,
               (unsigned long long)st.decided, (unsigned long long)st.wins[0],
               (unsigned long long)st.wins[1], (unsigned long long)st.draws,
               (unsigned long long)st.queue_peak);
        printf("\"n\":%d,\"outcome_codes\":{\"0\":\"draw\",\"1\":\"mouse wins\",\"2\":\"cat wins\"},",
               pp_catmouse_nodes(g));
        printf("\"outcomes\":{\"mouse_to_move\":");
        print_grid(stdout, g, outcome, NULL, 0);
        printf(",\"cat_to_move\":");
        print_grid(stdout, g, outcome, NULL, 1);
        printf("},\"remoteness\":{\"mouse_to_move\":");
        print_grid(stdout, g, outcome, pp_retro_remoteness(r), 0);
        printf(",\"cat_to_move\":");
        print_grid(stdout, g, outcome, pp_retro_remoteness(r), 1);
        printf("}");
        if (trace)
            printf(",\"trace\":{\"events\":%u,\"truncated\":%s}", pp_trace_count(trace),
                   pp_trace_truncated(trace) ? "true" : "false");
        printf("}\n");
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

int main(int argc, char **argv)
{
    options o = {NULL, NULL, NULL, NULL, 0, DEFAULT_TRACE_CAP};
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
        } else if (strcmp(a, "--algo") == 0 || strcmp(a, "--trace") == 0 || strcmp(a, "--trace-cap") == 0) {
            if (i + 1 >= argc) return fail(2, "%s needs a value%s", a, "");
            const char *v = argv[++i];
            if (strcmp(a, "--algo") == 0) o.algo = v;
            else if (strcmp(a, "--trace") == 0) o.trace_file = v;
            else {
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
    if (strcmp(o.game, "cat-mouse") != 0)
        return fail(2, "unknown game '%s' (available: cat-mouse)%s", o.game, "");
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
    int status = solve_cat_mouse(&o, text, len);
    free(text);
    return status;
}
