/* cli_mcts.c: --algo mcts's options and its --json answer, the same for
 * every game that searches by Monte Carlo tree search (the tree games,
 * Connect Four, rules in GDL). */
#include <string.h>

#include "cli.h"

int cli_mcts_options(const options *o, pp_mcts_options *mc)
{
    pp_mcts_defaults(mc);
    if (o->iterations) mc->iterations = o->iterations;
    if (o->seed_set) mc->seed = o->seed;
    if (o->uct_c_set) mc->uct_c = o->uct_c;
    mc->solver = o->solver;
    mc->playout = o->playout && strcmp(o->playout, "decisive") == 0 ? PP_MCTS_DECISIVE : PP_MCTS_RANDOM;
    if (o->memory) mc->max_memory = o->memory;
    if (mc->max_memory < PP_MCTS_MIN_MEMORY || mc->max_memory > PP_MCTS_MAX_MEMORY)
        return cli_fail(2, "--memory for mcts must be %llu to %llu bytes", (unsigned long long)PP_MCTS_MIN_MEMORY,
                        (unsigned long long)PP_MCTS_MAX_MEMORY);
    return 0;
}

/* A value for the side to move at the root, MAX or not, in words: win,
 * draw or loss by which side of the draw (draw2 / 2) it lies. */
static const char *outcome_for(int32_t v, int64_t draw2, int max)
{
    int64_t v2 = 2 * (int64_t)v;
    if (v2 == draw2) return "draw";
    return (v2 > draw2) == (max != 0) ? "win" : "loss";
}

void cli_mcts_json(const cli_mcts_report *r)
{
    const pp_mcts_result *m = r->res;
    const pp_mcts_options *mc = r->mc;
    printf(",\"algo\":\"mcts\",\"value\":%d,\"bound\":\"exact\",\"best_move\":", r->value);
    if (!r->name) printf("%d", m->best);
    else if (m->best < 0) printf("null");
    else r->name(r->ctx, (uint32_t)m->best);
    printf(",\"iterations\":%llu,\"iterations_per_second\":%.0f,\"seed\":%llu,\"uct_c\":%.17g,\"solver\":%s,"
           "\"playout\":\"%s\"",
           (unsigned long long)m->iterations, r->seconds > 0 ? (double)m->iterations / r->seconds : 0.0,
           (unsigned long long)mc->seed, mc->uct_c, mc->solver ? "true" : "false",
           mc->playout == PP_MCTS_DECISIVE ? "decisive" : "random");
    printf(",\"reward\":{\"lo\":%d,\"hi\":%d,\"of\":\"the player to move at the root: (value - lo) / (hi - lo) "
           "for MAX, 1 minus that for MIN\"}",
           r->lo, r->hi);
    if (m->proven)
        printf(",\"proven\":\"%s\",\"proven_value\":%d", outcome_for(m->value, r->draw2, m->max_to_move), m->value);
    else printf(",\"proven\":null,\"proven_value\":null");
    printf(",\"moves\":[");
    for (uint32_t k = 0; k < m->nmoves; k++) {
        const pp_mcts_move *mv = &r->moves[k];
        printf("%s{\"move\":", k ? "," : "");
        if (r->name) r->name(r->ctx, k);
        else printf("%u", k);
        printf(",\"visits\":%u,\"mean\":%.17g,", mv->visits, mv->mean);
        if (mv->visits) printf("\"ucb\":%.17g,", mv->ucb);
        else printf("\"ucb\":null,");
        if (mv->proven) printf("\"proven\":%d,", mv->lo);
        else printf("\"proven\":null,");
        printf("\"exact\":%d}", r->exact[k]);
    }
    printf("],\"stats\":{\"nodes\":%llu,\"tree_bytes\":%llu,\"playout_plies\":%llu,\"max_depth\":%u,"
           "\"seconds\":%.6f}",
           (unsigned long long)m->nodes, (unsigned long long)m->bytes, (unsigned long long)m->playout_plies,
           m->max_depth, r->seconds);
}
