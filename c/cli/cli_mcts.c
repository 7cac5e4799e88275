/* cli_mcts.c: --algo mcts's options, the same for every game that searches
 * by Monte Carlo tree search (the tree games, Connect Four). */
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
