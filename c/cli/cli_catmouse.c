/* cli_catmouse.c: `solve cat-mouse` (retrograde, naive DFS, DFS with memo)
 * and `solve cat-mouse-ii` for the CLI. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* A game's state id from (mouse, cat, turn); the games' own functions. */
typedef uint32_t (*state_of)(const void *game, int mouse, int cat, int turn);
static uint32_t catmouse_state(const void *g, int m, int c, int t) { return pp_catmouse_state(g, m, c, t); }
static uint32_t catmouse2_state(const void *g, int m, int c, int t) { return pp_catmouse2_state(g, m, c, t); }

/* One n x n matrix, rows the mouse's place, columns the cat's: outcomes, or
 * remoteness if remote is given; null where invalid (or undecided). */
static void print_grid(FILE *out, int n, state_of state, const void *g, const uint8_t *outcome, const int32_t *remote,
                       int turn)
{
    fputc('[', out);
    for (int m = 0; m < n; m++) {
        fputs(m ? ",[" : "[", out);
        for (int c = 0; c < n; c++) {
            uint32_t s = state(g, m, c, turn);
            if (c) fputc(',', out);
            if (outcome[s] > PP_WIN1 || (remote && remote[s] < 0)) /* invalid, or never stored */
                fputs("null", out);
            else fprintf(out, "%d", remote ? remote[s] : outcome[s]);
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
    /* Big solves say what they will take before taking it. */
    uint64_t bytes =
        pp_retro_bytes(game->nstates, game->max_parents) + (o->json ? pp_retro_view_bytes(game->nstates) : 0);
    if (bytes >= ((uint64_t)64 << 20))
        fprintf(stderr, "perfect-play: %u states: the solve needs about %llu MiB\n", game->nstates,
                (unsigned long long)(bytes >> 20));
    if (pp_retro_new(game, *trace, r, err) != PP_OK) return err->code == PP_ERR_NOMEM ? 1 : 2;
    int finished = 0;
    while (!finished) {
        pp_status st = pp_retro_run(*r, UINT64_MAX, &finished);
        if (st != PP_OK) {
            err->code = st;
            snprintf(err->msg, sizeof err->msg, "%s",
                     st == PP_ERR_NOMEM ? "out of memory while solving" : "a remoteness over 65534 moves");
            return st == PP_ERR_NOMEM ? 1 : 2;
        }
    }
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
    if (!labels) return cli_fail(1, "out of memory");
    if (o->trace_file && pp_trace_new(o->trace_cap, &trace, err) != PP_OK) {
        status = 2;
        goto done;
    }
    pp_status ps = pp_dfs_solve(game, kind, pp_catmouse_start(g), o->budget, trace, &answer, labels, &st, err);
    if (trace) status = cli_write_trace(o->trace_file, trace, game);
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

int cli_solve_cat_mouse(const options *o, const char *text, size_t len)
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
    int answer = pp_retro_outcome_of(r, pp_catmouse_start(g));
    if (o->json) {
        printf("{\"game\":\"cat-mouse\",\"algo\":\"retrograde\",\"answer\":%d,", answer);
        printf("\"n\":%d,\"outcome_codes\":{\"0\":\"draw\",\"1\":\"mouse wins\",\"2\":\"cat wins\"},",
               pp_catmouse_nodes(g));
        print_json_rest(r, trace, pp_catmouse_nodes(g), catmouse_state, g);
    } else {
        printf("%d\n", answer);
    }
    if (trace) status = cli_write_trace(o->trace_file, trace, game);
done:
    if (err.code != PP_OK) fprintf(stderr, "perfect-play: %s\n", err.msg);
    pp_retro_free(r);
    pp_trace_free(trace);
    pp_catmouse_free(g);
    return status;
}

int cli_solve_cat_mouse2(const options *o, const char *text, size_t len)
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
        printf("],\"cat_jump\":%d,\"mouse_jump\":%d,\"mouse\":%d,\"cat\":%d,\"food\":%d,", pp_catmouse2_cat_jump(g),
               pp_catmouse2_mouse_jump(g), pp_catmouse2_mouse_start(g), pp_catmouse2_cat_start(g),
               pp_catmouse2_food(g));
        int32_t remote = pp_retro_remoteness(r)[start];
        printf("\"start\":{\"outcome\":%d,\"remoteness\":", pp_retro_outcomes(r)[start]);
        printf(remote < 0 ? "null" : "%d", remote);
        printf(
            "},\"max_turns\":%d,\"cells\":%d,\"outcome_codes\":{\"0\":\"undecided: the cat wins\",\"1\":\"mouse wins\","
            "\"2\":\"cat wins\"},",
            PP_CATMOUSE2_MAX_TURNS, rows * cols);
        print_json_rest(r, trace, rows * cols, catmouse2_state, g);
    } else {
        printf("%s\n", answer);
    }
    if (trace) status = cli_write_trace(o->trace_file, trace, game);
done:
    if (err.code != PP_OK) fprintf(stderr, "perfect-play: %s\n", err.msg);
    pp_retro_free(r);
    pp_trace_free(trace);
    pp_catmouse2_free(g);
    return status;
}
