/* dp_table.c: the solved table of a DP game: allocation within the budget,
 * the replay of optimal play, and reading the result back (answer, cells,
 * cell names). The solvers (dp_*.c) call into it; it calls none of them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dp_internal.h"

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

pp_status ppd_push_move(pp_dp *d, int32_t player, int32_t cell, int32_t move, int32_t next, int64_t gain, pp_error *err)
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
    case PP_DP_PREDICT_THE_WINNER: return snprintf(buf, size, "%s", d->answer ? "true" : "false");
    case PP_DP_STONE_GAME_III:
        return snprintf(buf, size, "\"%s\"", d->answer > 0 ? "Alice" : d->answer < 0 ? "Bob" : "Tie");
    default: return snprintf(buf, size, "%lld", (long long)d->answer);
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
        if (((uint32_t)cell >> b) & 1)
            len += snprintf(set + len, sizeof set - (size_t)len, len > 1 ? ",%d" : "%d", b + d->set_offset);
    if (len > 40) return snprintf(buf, size, "{0x%x}", (unsigned)cell);
    return snprintf(buf, size, "%.*s}", len, set);
}
