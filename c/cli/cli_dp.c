/* cli_dp.c: `solve` for the stone games and friends (the DP tables):
 * stone-game .. stone-game-vii, nim, can-i-win, predict-the-winner. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The problem a game name stands for; -1 if none. */
static int problem_of(const options *o) { return pp_dp_problem_by_name(o->game); }

/* The algorithms of the problem, for messages: "dp, diff". */
static void list_algos(pp_dp_problem p, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int a = 0; a < PP_DP_ALGOS && len < size; a++)
        if (pp_dp_has_algo(p, (pp_dp_algo)a))
            len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? ", " : "", pp_dp_algo_name((pp_dp_algo)a));
}

/* One table as JSON rows; null where no cell was computed. */
static void print_table(const pp_dp *d, const int64_t *v, const int32_t *choice)
{
    uint32_t rows = pp_dp_rows(d), cols = pp_dp_cols(d);
    const uint8_t *done = pp_dp_done(d);
    putchar('[');
    for (uint32_t r = 0; r < rows; r++) {
        fputs(r ? ",[" : "[", stdout);
        for (uint32_t c = 0; c < cols; c++) {
            size_t i = (size_t)r * cols + c;
            if (c) putchar(',');
            if (!done[i]) fputs("null", stdout);
            else if (v) printf("%lld", (long long)v[i]);
            else printf("%d", choice[i]);
        }
        putchar(']');
    }
    putchar(']');
}

static void print_json(const pp_dp *d, const pp_trace *trace, const pp_dp_input *in)
{
    char answer[32], name[48];
    pp_dp_format_answer(d, answer, sizeof answer);
    pp_dp_problem p = pp_dp_problem_of(d);
    printf("{\"game\":\"%s\",\"leetcode\":%d,\"algo\":\"%s\",\"answer\":%s,", pp_dp_problem_name(p),
           pp_dp_problem_leetcode(p), pp_dp_algo_name(pp_dp_algo_of(d)), answer);
    if (pp_dp_algo_of(d) == PP_DP_ALGO_FLAWED_MEMO) {
        /* the exhibit beside the sound table's answer */
        pp_dp *sound = NULL;
        if (pp_dp_solve(in, PP_DP_ALGO_DP, NULL, &sound, NULL) == PP_OK) {
            pp_dp_format_answer(sound, answer, sizeof answer);
            printf("\"correct_answer\":%s,", answer);
        }
        pp_dp_free(sound);
    }
    pp_dp_stats st;
    pp_dp_get_stats(d, &st);
    printf("\"stats\":{\"nodes\":%llu,\"reads\":%llu,\"choices\":%llu,\"calls\":%llu,\"memo_hits\":%llu,"
           "\"marks\":%llu},",
           (unsigned long long)st.nodes, (unsigned long long)st.reads, (unsigned long long)st.choices,
           (unsigned long long)st.calls, (unsigned long long)st.memo_hits, (unsigned long long)st.marks);
    if (pp_dp_by_period(d)) {
        printf("\"period\":true,\"table\":null,");
    } else {
        printf("\"table\":{\"rows\":%u,\"cols\":%u,\"value\":", pp_dp_rows(d), pp_dp_cols(d));
        print_table(d, pp_dp_values(d), NULL);
        if (pp_dp_seconds(d)) {
            printf(",\"second\":");
            print_table(d, pp_dp_seconds(d), NULL);
        }
        printf(",\"choice\":");
        print_table(d, NULL, pp_dp_choices(d));
        printf("},");
    }
    printf("\"replay\":[");
    const pp_dp_move *m = pp_dp_replay(d);
    for (uint32_t i = 0; i < pp_dp_replay_count(d); i++) {
        pp_dp_describe(d, m[i].cell, name, sizeof name);
        printf("%s{\"player\":%d,\"cell\":%d,\"name\":\"%s\",\"move\":%d,\"next\":%d,\"gain\":%lld}", i ? "," : "",
               m[i].player, m[i].cell, name, m[i].move, m[i].next, (long long)m[i].gain);
    }
    int64_t scores[2];
    pp_dp_scores(d, scores);
    printf("],\"scores\":[%lld,%lld]", (long long)scores[0], (long long)scores[1]);
    if (trace)
        printf(",\"trace\":{\"events\":%u,\"truncated\":%s}", pp_trace_count(trace),
               pp_trace_truncated(trace) ? "true" : "false");
    printf("}\n");
}

int cli_dp_offer(const options *o, const char *text, size_t len)
{
    int p = problem_of(o);
    int algo = o->algo ? pp_dp_algo_by_name(o->algo) : PP_DP_ALGO_DP;
    if (p < 0 || algo < 0 || !pp_dp_has_algo((pp_dp_problem)p, (pp_dp_algo)algo)) return CLI_NOT_MINE;
    pp_error err = {PP_OK, ""};
    pp_dp_input *in = NULL;
    pp_trace *trace = NULL;
    pp_dp *d = NULL;
    int status = 0;
    if (pp_dp_parse((pp_dp_problem)p, text, len, &in, &err) != PP_OK ||
        (o->trace_file && pp_trace_new(o->trace_cap, &trace, &err) != PP_OK) ||
        pp_dp_solve(in, (pp_dp_algo)algo, trace, &d, &err) != PP_OK) {
        status = err.code == PP_ERR_NOMEM ? 1 : 2;
        fprintf(stderr, "perfect-play: %s\n", err.msg);
        goto done;
    }
    if (o->json) {
        print_json(d, trace, in);
    } else {
        char answer[32];
        pp_dp_format_answer(d, answer, sizeof answer);
        printf("%s\n", answer);
    }
    if (trace) status = cli_write_trace(o->trace_file, trace, pp_dp_namer(d));
done:
    pp_dp_free(d);
    pp_trace_free(trace);
    pp_dp_input_free(in);
    return status;
}

/* Every row of these games: the DP file's algorithms, else the other
 * file's (shared games, see cli.h), else a usage error naming what there is. */
int cli_solve_dp(const options *o, const char *text, size_t len)
{
    int status = cli_dp_offer(o, text, len);
    if (status != CLI_NOT_MINE) return status;
    /* game trees: nim, can-i-win and predict-the-winner hand their
     * other --algo values to cli_tree.c here (see cli.h) */
    if ((status = cli_tree_offer(o, text, len)) != CLI_NOT_MINE) return status;
    char algos[128];
    pp_dp_problem p = (pp_dp_problem)problem_of(o);
    list_algos(p, algos, sizeof algos);
    int shared = p == PP_DP_NIM || p == PP_DP_CAN_I_WIN || p == PP_DP_PREDICT_THE_WINNER;
    return cli_fail(2, "unknown algorithm '%s' for %s (available: %s%s)", o->algo, o->game, algos,
                    shared ? ", alphabeta, alphabeta-soft, minimax, pn, pn2, dfpn" : "");
}
