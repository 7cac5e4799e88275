/* cli_gdl.c: `perfect-play solve gdl FILE` and `perfect-play check gdl FILE`
 * (FILE '-': standard input): games written in the Game Description
 * Language, their state graph enumerated and solved.
 *
 * solve prints `first wins`, `second wins` or `draw` for two roles taking
 * turns ("first" is the role declared first; a win is a higher goal than
 * the other role's under perfect play), `solved in N moves, goal G` for a
 * one-role puzzle. --json adds roles, states, terminal states, remoteness,
 * the first role's goal value, every legal first move with its value, the
 * time and states per second. check prints one diagnostic a line
 * ("line L, column C: message") and exits 0 when there is none, 2 else.
 */
#define _POSIX_C_SOURCE 199309L
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

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

int cli_solve_gdl(const options *o, const char *input, size_t input_len)
{
    if (o->algo && strcmp(o->algo, "retrograde") != 0)
        return cli_fail(2, "unknown algorithm '%s' for gdl (available: retrograde)", o->algo);
    size_t len;
    char *text = rules_text(o, input, input_len, &len);
    if (!text) return 2;
    double t0 = now_ms();
    pp_error err = {0};
    pp_gdl *g = NULL;
    pp_gdl_graph *s = NULL;
    pp_gdl_options opt = {0, o->trace_file ? o->trace_cap : 0, 0};
    pp_status st = pp_gdl_parse(text, len, &g, &err);
    if (!st) st = pp_gdl_solve(g, &opt, &s, &err);
    free(text);
    if (st) {
        pp_gdl_free(g);
        return cli_fail(st == PP_ERR_NOMEM ? 1 : 2, "%s", err.msg);
    }
    double ms = now_ms() - t0;
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
        printf(",\"kind\":\"%s\",\"roles\":[", v.kind == PP_GDL_PUZZLE ? "puzzle" : "turns");
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
        double secs = (enum_ms + solve_ms) / 1e3;
        printf("],\"stats\":{\"nodes\":%u,\"relaxations\":%llu,\"solves\":%u,\"ground_rules\":%llu,"
               "\"enumerate_ms\":%.3f,\"solve_ms\":%.3f,\"states_per_second\":%.0f},\"time_ms\":%.3f}\n",
               v.states, (unsigned long long)v.relaxations, v.solves, (unsigned long long)pp_gdl_ground_rules(g), enum_ms,
               solve_ms, secs > 0 ? v.states / secs : 0.0, ms);
    }
    if (o->trace_file && pp_gdl_graph_trace(s))
        status = cli_write_trace(o->trace_file, pp_gdl_graph_trace(s), pp_gdl_graph_retro(s));
    pp_gdl_graph_free(s);
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
