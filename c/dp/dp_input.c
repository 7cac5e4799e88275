/* dp_input.c: the inputs of the stone games and friends, read from
 * LeetCode's text or given as values, and checked against every rule. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dp_internal.h"

enum { ANY_SIGN = 0, POSITIVE = 1, NOT_NEGATIVE = 2 };

/* Each problem's arguments: lists of integers, or integers. */
static const struct rules {
    const char *names[2];
    const char *alias; /* an older name of the first argument */
    int nargs;
    int list;
    int sign;          /* list entries */
    uint32_t max_len;  /* list entries: this tool's limit */
    uint32_t leetcode; /* ... and LeetCode's */
} rules[PP_DP_PROBLEMS] = {
    [PP_DP_STONE_GAME] = {{"piles", NULL}, NULL, 1, 1, POSITIVE, PP_DP_MAX_ENDS, 500},
    [PP_DP_STONE_GAME_II] = {{"piles", NULL}, NULL, 1, 1, POSITIVE, PP_DP_MAX_STONE2, 100},
    [PP_DP_STONE_GAME_III] = {{"stoneValue", NULL}, "values", 1, 1, ANY_SIGN, PP_DP_MAX_STONE3, 50000},
    [PP_DP_STONE_GAME_IV] = {{"n", NULL}, NULL, 1, 0, 0, 0, 0},
    [PP_DP_STONE_GAME_V] = {{"stoneValue", NULL}, NULL, 1, 1, POSITIVE, PP_DP_MAX_SPLIT, 500},
    [PP_DP_STONE_GAME_VI] = {{"aliceValues", "bobValues"}, NULL, 2, 1, POSITIVE, PP_DP_MAX_STONE6, 100000},
    [PP_DP_STONE_GAME_VII] = {{"stones", NULL}, NULL, 1, 1, POSITIVE, PP_DP_MAX_ENDS, 1000},
    [PP_DP_NIM] = {{"n", NULL}, NULL, 1, 0, 0, 0, 0},
    [PP_DP_CAN_I_WIN] = {{"maxChoosableInteger", "desiredTotal"}, NULL, 2, 0, 0, 0, 0},
    [PP_DP_PREDICT_THE_WINNER] = {{"nums", NULL}, NULL, 1, 1, NOT_NEGATIVE, PP_DP_MAX_ENDS, 20},
};

/* The messages' prefix: "column 12: " when the text is known, else "". */
typedef struct where {
    const ppi_doc *doc;
    char buf[48];
} where;

static const char *at(where *w, const ppi_node *v)
{
    if (!w->doc || !v) return "";
    ppi_where(w->doc, v->pos, w->buf, sizeof w->buf - 2);
    strcat(w->buf, ": ");
    return w->buf;
}

/* One list entry against the problem's rules. */
static pp_status check_entry(const struct rules *r, const char *name, uint32_t i, int64_t v, where *w,
                             const ppi_node *node, pp_error *err)
{
    if (v > PP_DP_MAX_VALUE || v < -PP_DP_MAX_VALUE)
        return pp__fail(err, PP_ERR_LIMIT, "%s%s[%u] is %lld: values beyond %d are over this tool's limit", at(w, node),
                        name, i, (long long)v, PP_DP_MAX_VALUE);
    if (r->sign == POSITIVE && v <= 0)
        return pp__fail(err, PP_ERR_INPUT, "%s%s[%u] is %lld: %s must be positive", at(w, node), name, i, (long long)v,
                        name);
    if (r->sign == NOT_NEGATIVE && v < 0)
        return pp__fail(err, PP_ERR_INPUT, "%s%s[%u] is %lld: %s must be 0 or more", at(w, node), name, i, (long long)v,
                        name);
    return PP_OK;
}

static pp_status check_length(const struct rules *r, const char *name, uint64_t len, where *w, const ppi_node *node,
                              pp_error *err)
{
    if (len == 0) return pp__fail(err, PP_ERR_INPUT, "%s%s is empty: at least 1 value is needed", at(w, node), name);
    if (len > r->max_len)
        return pp__fail(err, PP_ERR_LIMIT, "%s%s has %llu values; this tool takes at most %u (LeetCode: %u)",
                        at(w, node), name, (unsigned long long)len, r->max_len, r->leetcode);
    return PP_OK;
}

/* The integer problems' ranges. */
static pp_status check_numbers(pp_dp_problem p, int64_t x, int64_t y, where *w, const ppi_node *nx, const ppi_node *ny,
                               pp_error *err)
{
    if (p == PP_DP_CAN_I_WIN) {
        if (x < 1)
            return pp__fail(err, PP_ERR_INPUT, "%smaxChoosableInteger is %lld: it must be at least 1", at(w, nx),
                            (long long)x);
        if (x > PP_DP_MAX_CHOOSABLE)
            return pp__fail(err, PP_ERR_LIMIT,
                            "%smaxChoosableInteger is %lld; the limit is %d (a memo of 2^%d sets of used numbers)",
                            at(w, nx), (long long)x, PP_DP_MAX_CHOOSABLE, PP_DP_MAX_CHOOSABLE);
        if (y < 0)
            return pp__fail(err, PP_ERR_INPUT, "%sdesiredTotal is %lld: it must be 0 or more", at(w, ny), (long long)y);
        if (y > PP_DP_MAX_DESIRED)
            return pp__fail(err, PP_ERR_LIMIT, "%sdesiredTotal is %lld; the limit is %d", at(w, ny), (long long)y,
                            PP_DP_MAX_DESIRED);
        return PP_OK;
    }
    int64_t max = p == PP_DP_NIM ? PP_DP_NIM_MAX : PP_DP_MAX_SQUARES;
    if (x < 1) return pp__fail(err, PP_ERR_INPUT, "%sn is %lld: n must be at least 1", at(w, nx), (long long)x);
    if (x > max)
        return pp__fail(err, PP_ERR_LIMIT, "%sn is %lld; the limit is %lld", at(w, nx), (long long)x, (long long)max);
    return PP_OK;
}

static pp_status make(pp_dp_problem p, uint32_t n, pp_dp_input **out, pp_error *err)
{
    pp_dp_input *in = calloc(1, sizeof *in);
    if (!in) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the input");
    in->problem = p;
    in->n = n;
    if (n) {
        in->a = malloc((size_t)n * sizeof *in->a);
        in->b = p == PP_DP_STONE_GAME_VI ? malloc((size_t)n * sizeof *in->b) : NULL;
        if (!in->a || (p == PP_DP_STONE_GAME_VI && !in->b)) {
            pp_dp_input_free(in);
            return pp__fail(err, PP_ERR_NOMEM, "out of memory for the input");
        }
    }
    *out = in;
    return PP_OK;
}

pp_status pp_dp_input_new(pp_dp_problem p, const int64_t *a, const int64_t *b, uint32_t n, pp_dp_input **out,
                          pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_dp_input_new: no output handle");
    *out = NULL;
    if ((unsigned)p >= PP_DP_PROBLEMS) return pp__fail(err, PP_ERR_ARG, "pp_dp_input_new: unknown problem %d", (int)p);
    const struct rules *r = &rules[p];
    where w = {NULL, ""};
    pp_status st;
    if (!r->list) {
        if (!a) return pp__fail(err, PP_ERR_ARG, "pp_dp_input_new: no values");
        int64_t y = r->nargs > 1 ? a[1] : 0;
        if ((st = check_numbers(p, a[0], y, &w, NULL, NULL, err)) != PP_OK) return st;
        if ((st = make(p, 0, out, err)) != PP_OK) return st;
        (*out)->x = a[0];
        (*out)->y = y;
        return PP_OK;
    }
    if ((!a && n) || (r->nargs > 1 && !b && n)) return pp__fail(err, PP_ERR_ARG, "pp_dp_input_new: no values");
    for (int k = 0; k < r->nargs; k++) {
        const int64_t *v = k ? b : a;
        if ((st = check_length(r, r->names[k], n, &w, NULL, err)) != PP_OK) return st;
        for (uint32_t i = 0; i < n; i++)
            if ((st = check_entry(r, r->names[k], i, v[i], &w, NULL, err)) != PP_OK) return st;
    }
    if ((st = make(p, n, out, err)) != PP_OK) return st;
    memcpy((*out)->a, a, (size_t)n * sizeof *a);
    if (r->nargs > 1) memcpy((*out)->b, b, (size_t)n * sizeof *b);
    return PP_OK;
}

/* The parsed lists into a new input, checking as they are read. */
static pp_status from_doc(pp_dp_problem p, const ppi_doc *doc, const char *const *names, pp_dp_input **out,
                          pp_error *err)
{
    const struct rules *r = &rules[p];
    where w = {doc, ""};
    pp_status st;
    const ppi_node *args[2] = {&doc->nodes[doc->args[0]], r->nargs > 1 ? &doc->nodes[doc->args[1]] : NULL};
    if (!r->list) {
        for (int k = 0; k < r->nargs; k++)
            if (args[k]->type != PPI_INT)
                return pp__fail(err, PP_ERR_INPUT, "%s%s must be an integer, found %s", at(&w, args[k]), names[k],
                                ppi_type_name(args[k]->type));
        int64_t x = args[0]->num, y = r->nargs > 1 ? args[1]->num : 0;
        if ((st = check_numbers(p, x, y, &w, args[0], args[1], err)) != PP_OK) return st;
        if ((st = make(p, 0, out, err)) != PP_OK) return st;
        (*out)->x = x;
        (*out)->y = y;
        return PP_OK;
    }
    for (int k = 0; k < r->nargs; k++) {
        if (args[k]->type != PPI_LIST)
            return pp__fail(err, PP_ERR_INPUT, "%s%s must be a list of integers, found %s", at(&w, args[k]), names[k],
                            ppi_type_name(args[k]->type));
        if ((st = check_length(r, names[k], args[k]->len, &w, args[k], err)) != PP_OK) return st;
    }
    if (r->nargs > 1 && args[0]->len != args[1]->len)
        return pp__fail(err, PP_ERR_INPUT, "%s%s has %u values but %s has %u: they must have the same length",
                        at(&w, args[1]), names[0], args[0]->len, names[1], args[1]->len);
    pp_dp_input *in = NULL;
    if ((st = make(p, args[0]->len, &in, err)) != PP_OK) return st;
    for (int k = 0; k < r->nargs; k++) {
        int64_t *dst = k ? in->b : in->a;
        uint32_t i = 0;
        for (int32_t id = args[k]->first; id >= 0; id = doc->nodes[id].next, i++) {
            const ppi_node *v = &doc->nodes[id];
            if (v->type != PPI_INT) {
                st = pp__fail(err, PP_ERR_INPUT, "%s%s[%u] must be an integer, found %s", at(&w, v), names[k], i,
                              ppi_type_name(v->type));
                break;
            }
            if ((st = check_entry(r, names[k], i, v->num, &w, v, err)) != PP_OK) break;
            dst[i] = v->num;
        }
        if (st != PP_OK) {
            pp_dp_input_free(in);
            return st;
        }
    }
    *out = in;
    return PP_OK;
}

pp_status pp_dp_parse(pp_dp_problem p, const char *text, size_t len, pp_dp_input **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_dp_parse: no output handle");
    *out = NULL;
    if ((unsigned)p >= PP_DP_PROBLEMS) return pp__fail(err, PP_ERR_ARG, "pp_dp_parse: unknown problem %d", (int)p);
    const struct rules *r = &rules[p];
    const char *const *names = r->names;
    const char *const alias[1] = {r->alias}; /* the older statement's name for it */
    ppi_doc doc;
    pp_status st = ppi_parse(&doc, text, len, names, r->nargs, err);
    if (st == PP_ERR_INPUT && r->alias) {
        ppi_doc again;
        if (ppi_parse(&again, text, len, alias, 1, NULL) == PP_OK) {
            doc = again;
            names = alias;
            st = PP_OK;
        }
    }
    if (st != PP_OK) return st;
    st = from_doc(p, &doc, names, out, err);
    ppi_free(&doc);
    return st;
}

void pp_dp_input_free(pp_dp_input *in)
{
    if (!in) return;
    free(in->a);
    free(in->b);
    free(in);
}

pp_dp_problem pp_dp_input_problem(const pp_dp_input *in) { return in->problem; }
uint32_t pp_dp_input_count(const pp_dp_input *in) { return in->n; }

const int64_t *pp_dp_input_values(const pp_dp_input *in, int which) { return which ? in->b : in->a; }

int64_t pp_dp_input_number(const pp_dp_input *in, int which) { return which ? in->y : in->x; }
