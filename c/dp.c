/* dp.c: the solved tables of the stone games and friends: which solver,
 * the table, its answer, cell names and the replay of optimal play. */
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

const char *pp_dp_problem_name(pp_dp_problem p)
{
    return (unsigned)p < PP_DP_PROBLEMS ? problems[p].name : "?";
}

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

/* ---- the table ---- */

/* malloc with calloc's arguments (n * size cannot overflow: ppd_new checks the budget first). */
static void *ppd_malloc2(size_t n, size_t size) { return malloc(n * size); }

static int describe(void *ctx, uint32_t cell, char *buf, size_t size)
{
    return pp_dp_describe(ctx, (int32_t)cell, buf, size);
}

pp_status ppd_new(const pp_dp_input *in, pp_dp_algo algo, uint32_t rows, uint32_t cols, int pair, int naming,
                  uint64_t extra, pp_dp **out, pp_error *err)
{
    *out = NULL;
    const int zero = !(naming & PPD_UNZEROED);
    naming &= ~PPD_UNZEROED;
    uint64_t cells = (uint64_t)rows * cols;
    uint64_t bytes = cells * (sizeof(int64_t) * (pair ? 2 : 1) + sizeof(int32_t) + 1) + extra;
    if (cells > INT32_MAX || bytes > PP_MEMORY_BUDGET)
        return pp__fail(err, PP_ERR_LIMIT, "a table of %llu cells needs %llu MiB; the budget is %llu MiB",
                        (unsigned long long)cells, (unsigned long long)(bytes >> 20),
                        (unsigned long long)(PP_MEMORY_BUDGET >> 20));
    pp_dp *d = calloc(1, sizeof *d);
    if (!d) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the table");
    d->problem = in->problem;
    d->algo = algo;
    d->rows = rows;
    d->cols = cols;
    d->naming = naming;
    size_t n = (size_t)cells ? (size_t)cells : 1;
    // Zeroed unless the solver writes every cell before it reads it (PPD_UNZEROED):
    // in WebAssembly calloc clears every byte, which costs the interval DPs as
    // much as their fill (native calloc gets zero pages from the kernel lazily).
    void *(*get)(size_t, size_t) = zero ? calloc : ppd_malloc2;
    d->value = get(n, sizeof *d->value);
    d->second = pair ? get(n, sizeof *d->second) : NULL;
    d->choice = get(n, sizeof *d->choice);
    d->done = calloc(n, 1);
#ifdef PPD_POISON /* tests/c: an unzeroed table's garbage must never be read */
    if (!zero && d->value) memset(d->value, 0xA5, n * sizeof *d->value);
    if (!zero && d->second) memset(d->second, 0xA5, n * sizeof *d->second);
    if (!zero && d->choice) memset(d->choice, 0xA5, n * sizeof *d->choice);
#endif
    if (!d->value || !d->choice || !d->done || (pair && !d->second)) {
        pp_dp_free(d);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for a table of %llu cells", (unsigned long long)cells);
    }
    d->namer.nstates = (uint32_t)cells;
    d->namer.ctx = d;
    d->namer.describe = describe;
    d->namer.players[0] = "Alice";
    d->namer.players[1] = "Bob";
    *out = d;
    return PP_OK;
}

pp_status ppd_push_move(pp_dp *d, int32_t player, int32_t cell, int32_t move, int32_t next, int64_t gain,
                        pp_error *err)
{
    if (d->nmoves == d->moves_cap) {
        uint32_t cap = d->moves_cap ? d->moves_cap * 2 : 64;
        pp_dp_move *m = realloc(d->moves, (size_t)cap * sizeof *m);
        if (!m) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the replay");
        d->moves = m;
        d->moves_cap = cap;
    }
    d->moves[d->nmoves++] = (pp_dp_move){player, cell, move, next, gain};
    d->scores[player & 1] += gain;
    return PP_OK;
}

int64_t *ppd_prefix(const int64_t *a, uint32_t n)
{
    int64_t *pre = malloc(((size_t)n + 1) * sizeof *pre);
    if (!pre) return NULL;
    pre[0] = 0;
    for (uint32_t i = 0; i < n; i++) pre[i + 1] = pre[i] + a[i];
    return pre;
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
    case PP_DP_STONE_GAME_VII:
        return ppd_ends(in, algo, trace, out, err);
    case PP_DP_PREDICT_THE_WINNER:
        return algo == PP_DP_ALGO_FLAWED_MEMO ? ppd_flawed(in, trace, out, err) : ppd_ends(in, algo, trace, out, err);
    case PP_DP_STONE_GAME_II:
    case PP_DP_STONE_GAME_III:
        return ppd_front(in, trace, out, err);
    case PP_DP_STONE_GAME_IV:
    case PP_DP_NIM:
        return ppd_subtract(in, algo, trace, out, err);
    case PP_DP_STONE_GAME_V:
        return ppd_split(in, trace, out, err);
    case PP_DP_STONE_GAME_VI:
        return ppd_greedy(in, algo, trace, out, err);
    case PP_DP_CAN_I_WIN:
        return ppd_bitmask(in, trace, out, err);
    default:
        return pp__fail(err, PP_ERR_ARG, "pp_dp_solve: unknown problem %d", (int)in->problem);
    }
}

void pp_dp_free(pp_dp *d)
{
    if (!d) return;
    free(d->value);
    free(d->second);
    free(d->choice);
    free(d->done);
    free(d->moves);
    free(d);
}

/* ---- reading the result ---- */

pp_dp_problem pp_dp_problem_of(const pp_dp *d) { return d->problem; }
pp_dp_algo pp_dp_algo_of(const pp_dp *d) { return d->algo; }
int64_t pp_dp_answer(const pp_dp *d) { return d->answer; }
int pp_dp_by_period(const pp_dp *d) { return d->by_period; }
void pp_dp_get_stats(const pp_dp *d, pp_dp_stats *out) { *out = d->st; }
uint32_t pp_dp_rows(const pp_dp *d) { return d->rows; }
uint32_t pp_dp_cols(const pp_dp *d) { return d->cols; }
const int64_t *pp_dp_values(const pp_dp *d) { return d->value; }
const int64_t *pp_dp_seconds(const pp_dp *d) { return d->second; }
const int32_t *pp_dp_choices(const pp_dp *d) { return d->choice; }
const uint8_t *pp_dp_done(const pp_dp *d) { return d->done; }
const pp_retro_game *pp_dp_namer(const pp_dp *d) { return &d->namer; }
uint32_t pp_dp_replay_count(const pp_dp *d) { return d->nmoves; }
const pp_dp_move *pp_dp_replay(const pp_dp *d) { return d->moves; }

void pp_dp_scores(const pp_dp *d, int64_t out[2])
{
    out[0] = d->scores[0];
    out[1] = d->scores[1];
}

int pp_dp_format_answer(const pp_dp *d, char *buf, size_t size)
{
    switch (d->problem) {
    case PP_DP_STONE_GAME:
    case PP_DP_STONE_GAME_IV:
    case PP_DP_NIM:
    case PP_DP_CAN_I_WIN:
    case PP_DP_PREDICT_THE_WINNER:
        return snprintf(buf, size, "%s", d->answer ? "true" : "false");
    case PP_DP_STONE_GAME_III:
        return snprintf(buf, size, "\"%s\"", d->answer > 0 ? "Alice" : d->answer < 0 ? "Bob" : "Tie");
    default:
        return snprintf(buf, size, "%lld", (long long)d->answer);
    }
}

int pp_dp_describe(const pp_dp *d, int32_t cell, char *buf, size_t size)
{
    if (cell < 0 || d->cols == 0 || (uint64_t)cell >= (uint64_t)d->rows * d->cols)
        return snprintf(buf, size, "%d", cell);
    if (d->naming == PPD_NAME_PAIR)
        return snprintf(buf, size, "(%u,%u)", (unsigned)cell / d->cols, (unsigned)cell % d->cols);
    if (d->naming == PPD_NAME_INDEX) return snprintf(buf, size, "(%d)", cell);
    /* a set: its members, or its bits in hex when that would be long */
    char set[96];
    int len = 1;
    set[0] = '{';
    for (int b = 0; b < 31 && len < 80; b++)
        if (((uint32_t)cell >> b) & 1) len += snprintf(set + len, sizeof set - (size_t)len, len > 1 ? ",%d" : "%d", b + d->set_offset);
    if (len > 40) return snprintf(buf, size, "{0x%x}", (unsigned)cell);
    return snprintf(buf, size, "%.*s}", len, set);
}
