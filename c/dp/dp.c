/* dp.c: the dispatcher of the stone games and friends: problem and
 * algorithm names, and which solver pp_dp_solve runs. The table the
 * solvers fill and read back lives in dp_table.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dp_internal.h"

static const struct {
    const char *name;
    int leetcode;
} problems[PP_DP_PROBLEMS] = {
    [PP_DP_STONE_GAME] = {"stone-game", 877},
    [PP_DP_STONE_GAME_II] = {"stone-game-ii", 1140},
    [PP_DP_STONE_GAME_III] = {"stone-game-iii", 1406},
    [PP_DP_STONE_GAME_IV] = {"stone-game-iv", 1510},
    [PP_DP_STONE_GAME_V] = {"stone-game-v", 1563},
    [PP_DP_STONE_GAME_VI] = {"stone-game-vi", 1686},
    [PP_DP_STONE_GAME_VII] = {"stone-game-vii", 1690},
    [PP_DP_NIM] = {"nim", 292},
    [PP_DP_CAN_I_WIN] = {"can-i-win", 464},
    [PP_DP_PREDICT_THE_WINNER] = {"predict-the-winner", 486},
};

static const char *const algos[PP_DP_ALGOS] = {"dp", "diff", "sieve", "flawed-memo", "exhaustive"};

const char *pp_dp_problem_name(pp_dp_problem p) { return (unsigned)p < PP_DP_PROBLEMS ? problems[p].name : "?"; }

int pp_dp_problem_leetcode(pp_dp_problem p) { return (unsigned)p < PP_DP_PROBLEMS ? problems[p].leetcode : 0; }

int pp_dp_problem_by_name(const char *name)
{
    for (int p = 0; name && p < PP_DP_PROBLEMS; p++)
        if (strcmp(name, problems[p].name) == 0) return p;
    return -1;
}

const char *pp_dp_algo_name(pp_dp_algo a) { return (unsigned)a < PP_DP_ALGOS ? algos[a] : "?"; }

int pp_dp_algo_by_name(const char *name)
{
    for (int a = 0; name && a < PP_DP_ALGOS; a++)
        if (strcmp(name, algos[a]) == 0) return a;
    return -1;
}

int pp_dp_has_algo(pp_dp_problem p, pp_dp_algo a)
{
    if ((unsigned)p >= PP_DP_PROBLEMS) return 0;
    switch (a) {
    case PP_DP_ALGO_DP: return 1;
    case PP_DP_ALGO_DIFF: return p == PP_DP_STONE_GAME || p == PP_DP_PREDICT_THE_WINNER;
    case PP_DP_ALGO_SIEVE: return p == PP_DP_STONE_GAME_IV || p == PP_DP_NIM;
    case PP_DP_ALGO_FLAWED_MEMO: return p == PP_DP_PREDICT_THE_WINNER;
    case PP_DP_ALGO_EXHAUSTIVE: return p == PP_DP_STONE_GAME_VI;
    default: return 0;
    }
}

pp_status pp_dp_solve(const pp_dp_input *in, pp_dp_algo algo, pp_trace *trace, pp_dp **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_dp_solve: no output handle");
    *out = NULL;
    if (!in) return pp__fail(err, PP_ERR_ARG, "pp_dp_solve: no input");
    if (!pp_dp_has_algo(in->problem, algo))
        return pp__fail(err, PP_ERR_ARG, "%s has no algorithm '%s'", pp_dp_problem_name(in->problem),
                        pp_dp_algo_name(algo));
    if (algo == PP_DP_ALGO_EXHAUSTIVE && in->n > PP_DP_MAX_EXHAUSTIVE)
        return pp__fail(err, PP_ERR_LIMIT, "the exhaustive search takes at most %d stones, not %u (2^n cells)",
                        PP_DP_MAX_EXHAUSTIVE, in->n);
    ppt_reserve(trace);
    switch (in->problem) {
    case PP_DP_STONE_GAME:
    case PP_DP_STONE_GAME_VII: return ppd_ends(in, algo, trace, out, err);
    case PP_DP_PREDICT_THE_WINNER:
        return algo == PP_DP_ALGO_FLAWED_MEMO ? ppd_flawed(in, trace, out, err) : ppd_ends(in, algo, trace, out, err);
    case PP_DP_STONE_GAME_II:
    case PP_DP_STONE_GAME_III: return ppd_front(in, trace, out, err);
    case PP_DP_STONE_GAME_IV:
    case PP_DP_NIM: return ppd_subtract(in, algo, trace, out, err);
    case PP_DP_STONE_GAME_V: return ppd_split(in, trace, out, err);
    case PP_DP_STONE_GAME_VI: return ppd_greedy(in, algo, trace, out, err);
    case PP_DP_CAN_I_WIN: return ppd_bitmask(in, trace, out, err);
    default: return pp__fail(err, PP_ERR_ARG, "pp_dp_solve: unknown problem %d", (int)in->problem);
    }
}
