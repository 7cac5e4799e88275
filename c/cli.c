/* cli.c: the native command line, `perfect-play solve GAME INPUT` (see README).
 *
 * Exit status: 0 answered, 2 bad input or usage (one line on stderr),
 * 3 an exhaustive solver ran out of its budget, 1 anything else.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"


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

int cli_fail(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "perfect-play: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
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

int cli_write_trace(const char *path, const pp_trace *t, const pp_retro_game *game)
{
    FILE *f = fopen(path, "wb");
    if (!f) return cli_fail(1, "cannot write the trace to %s: %s", path, strerror(errno));
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
            return cli_fail(1, "out of memory writing the trace");
        }
        pp_trace_serialize(t, game->nstates, buf, need);
        ok = fwrite(buf, 1, need, f) == need;
        free(buf);
    }
    if (fclose(f) != 0) ok = 0;
    return ok ? 0 : cli_fail(1, "cannot write the trace to %s: %s", path, strerror(errno));
}

static const struct {
    const char *name;
    cli_solve_fn solve;
} games[] = {
    {"cat-mouse", cli_solve_cat_mouse},
    {"cat-mouse-ii", cli_solve_cat_mouse2},
    /* game trees (issue 4) */
    /* stone games and friends (issue 5) */
};

static int unknown_game(const char *name)
{
    fprintf(stderr, "perfect-play: unknown game '%s' (available:", name);
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) fprintf(stderr, "%s %s", i ? "," : "", games[i].name);
    fprintf(stderr, ")\n");
    return 2;
}

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
            if (i + 1 >= argc) return cli_fail(2, "%s needs a value", a);
            const char *v = argv[++i];
            if (strcmp(a, "--algo") == 0) o.algo = v;
            else if (strcmp(a, "--trace") == 0) o.trace_file = v;
            else if (strcmp(a, "--budget") == 0) {
                char *end;
                unsigned long long b = strtoull(v, &end, 10);
                if (*v < '1' || *v > '9' || *end || b > (1ull << 50))
                    return cli_fail(2, "--budget must be a positive number of states, not '%s'", v);
                o.budget = b;
            } else {
                char *end;
                unsigned long cap = strtoul(v, &end, 10);
                if (*v < '0' || *v > '9' || *end || cap > (1ul << 27))
                    return cli_fail(2, "--trace-cap must be a number of events up to 134217728, not '%s'", v);
                o.trace_cap = (uint32_t)cap;
            }
        } else if (a[0] == '-' && a[1] == '-') {
            return cli_fail(2, "unknown option '%s'", a);
        } else if (!o.game) {
            o.game = a;
        } else if (!o.input) {
            o.input = a;
        } else {
            return cli_fail(2, "unexpected argument '%s' (quote the INPUT as one argument)", a);
        }
    }
    if (!o.game) return cli_fail(2, "solve needs a GAME and an INPUT");
    if (!o.input) return cli_fail(2, "solve %s needs an INPUT (LeetCode input text, or - for stdin)", o.game);
    size_t game = 0;
    while (game < sizeof games / sizeof games[0] && strcmp(o.game, games[game].name) != 0) game++;
    if (game == sizeof games / sizeof games[0])
        return unknown_game(o.game);
    size_t len;
    char *text;
    if (strcmp(o.input, "-") == 0) {
        text = read_all(stdin, &len);
        if (!text) return cli_fail(1, "out of memory reading standard input");
    } else {
        len = strlen(o.input);
        text = malloc(len + 1);
        if (!text) return cli_fail(1, "out of memory");
        memcpy(text, o.input, len + 1);
    }
    int status = games[game].solve(&o, text, len);
    free(text);
    return status;
}
