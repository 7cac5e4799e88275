/* dp_internal.h: what the dynamic-programming files share (not API; see
 * the stone games section of perfect_play.h). */
#ifndef PP_DP_INTERNAL_H
#define PP_DP_INTERNAL_H

#include "internal.h"

/* An instance, checked (dp_input.c). List problems keep their entries in
 * a (and 1686's bobValues in b); number problems keep theirs in x, y. */
struct pp_dp_input {
    pp_dp_problem problem;
    uint32_t n;
    int64_t *a, *b;
    int64_t x, y;
};

/* How cells are named (pp_dp_describe). */
enum { PPD_NAME_PAIR = 0, PPD_NAME_INDEX = 1, PPD_NAME_SET = 2 };
/* Or'ed into ppd_new's naming: the solver computes every cell it reads, so
 * value, second and choice need not start at zero (done always does). */
enum { PPD_UNZEROED = 8 };

/* A solved table (dp_table.c). Invariant: a cell's value, second and choice mean
 * something only once done[cell] is 1; nodes counts the cells so set. */
struct pp_dp {
    pp_dp_problem problem;
    pp_dp_algo algo;
    uint32_t rows, cols;
    int64_t *value;
    int64_t *second; /* the pair forms only */
    int32_t *choice;
    uint8_t *done;
    int64_t answer;
    int by_period;
    int naming;     /* PPD_NAME_* */
    int set_offset; /* sets: bit b names item b + set_offset (464: numbers from 1) */
    pp_dp_stats st;
    pp_dp_move *moves;
    uint32_t nmoves, moves_cap;
    int64_t scores[2];
    pp_retro_game namer;
};

/* Allocates a rows x cols table (second only if pair), after checking it
 * fits the memory budget along with `extra` bytes the solver will need. */
pp_status ppd_new(const pp_dp_input *in, pp_dp_algo algo, uint32_t rows, uint32_t cols, int pair, int naming,
                  uint64_t extra, pp_dp **out, pp_error *err);
/* Appends one move to the replay and adds its gain to the mover's score. */
pp_status ppd_push_move(pp_dp *d, int32_t player, int32_t cell, int32_t move, int32_t next, int64_t gain,
                        pp_error *err);
/* Prefix sums: out[0] = 0, out[i + 1] = a[0] + ... + a[i] (n + 1 entries). */
int64_t *ppd_prefix(const int64_t *a, uint32_t n);

/* A value as a trace word: clamped to +-INT32_MAX. */
static inline int32_t ppd_word(int64_t v)
{
    return v > INT32_MAX ? INT32_MAX : v < -INT32_MAX ? -INT32_MAX : (int32_t)v;
}

/* The emit points of the DP solvers: each records the event and counts it. */
static inline void ppd_cell(pp_dp *d, pp_trace *t, int step, uint32_t cell, int64_t value, int32_t choice)
{
    d->value[cell] = value;
    d->choice[cell] = choice;
    d->done[cell] = 1;
    d->st.nodes++;
    ppt_emit(t, PP_EV_DP_CELL, step, (int32_t)cell, ppd_word(value), choice);
}

static inline void ppd_pair(pp_dp *d, pp_trace *t, int step, uint32_t cell, int64_t first, int64_t second)
{
    d->second[cell] = second;
    ppt_emit(t, PP_EV_DP_PAIR, step, (int32_t)cell, ppd_word(first), ppd_word(second));
}

static inline void ppd_read(pp_dp *d, pp_trace *t, int step, int32_t cell, int64_t value, uint32_t from)
{
    d->st.reads++;
    ppt_emit(t, PP_EV_DP_READ, step, cell, ppd_word(value), (int32_t)from);
}

static inline void ppd_choice(pp_dp *d, pp_trace *t, int step, uint32_t cell, int32_t choice, int64_t value)
{
    d->st.choices++;
    ppt_emit(t, PP_EV_DP_CHOICE, step, (int32_t)cell, choice, ppd_word(value));
}

/* The solvers, one file each; pp_dp_solve (dp.c) picks one. */
pp_status ppd_ends(const pp_dp_input *in, pp_dp_algo algo, pp_trace *t, pp_dp **out, pp_error *err);
pp_status ppd_front(const pp_dp_input *in, pp_trace *t, pp_dp **out, pp_error *err);
pp_status ppd_subtract(const pp_dp_input *in, pp_dp_algo algo, pp_trace *t, pp_dp **out, pp_error *err);
pp_status ppd_split(const pp_dp_input *in, pp_trace *t, pp_dp **out, pp_error *err);
pp_status ppd_greedy(const pp_dp_input *in, pp_dp_algo algo, pp_trace *t, pp_dp **out, pp_error *err);
pp_status ppd_bitmask(const pp_dp_input *in, pp_trace *t, pp_dp **out, pp_error *err);
pp_status ppd_flawed(const pp_dp_input *in, pp_trace *t, pp_dp **out, pp_error *err);

#endif
