/* trace.c: the event trace buffer, its text form and its file format. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* At most 2^27 records (2 GiB of words would not fit a 32-bit address space). */
#define PP_TRACE_MAX_EVENTS (1u << 27)

pp_status pp_trace_new(uint32_t max_events, pp_trace **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_trace_new: no output handle");
    *out = NULL;
    if (max_events > PP_TRACE_MAX_EVENTS)
        return pp__fail(err, PP_ERR_LIMIT, "a trace of %u events is over the limit of %u", max_events,
                        PP_TRACE_MAX_EVENTS);
    pp_trace *t = calloc(1, sizeof *t);
    if (!t) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the trace");
    t->cap = max_events; /* allocated by ppt_reserve when a solve starts */
    t->mask = UINT64_MAX;
    *out = t;
    return PP_OK;
}

void pp_trace_set_filter(pp_trace *t, uint64_t mask)
{
    if (t) t->mask = mask ? mask : UINT64_MAX;
}

void pp_trace_free(pp_trace *t)
{
    if (!t) return;
    free(t->rec);
    free(t);
}

uint32_t pp_trace_count(const pp_trace *t) { return t ? t->count : 0; }
int pp_trace_truncated(const pp_trace *t) { return t ? t->truncated : 0; }
const int32_t *pp_trace_records(const pp_trace *t) { return t ? t->rec : NULL; }

/* Allocates the whole buffer up front; solvers call this before emitting so
 * the emit point stays a bounds check and four stores. If the memory is not
 * there, the trace records nothing and says it is truncated (internal.h). */
void ppt_reserve(pp_trace *t)
{
    if (!t || t->rec || t->cap == 0) return;
    t->rec = malloc((size_t)t->cap * PP_TRACE_WORDS * sizeof(int32_t));
    if (!t->rec) {
        t->cap = 0;
        t->truncated = 1;
    }
}

const char *pp_event_name(int kind)
{
    switch (kind) {
    case PP_EV_SEED: return "SEED";
    case PP_EV_POP: return "POP";
    case PP_EV_PARENT: return "PARENT";
    case PP_EV_DEGREE: return "DEGREE";
    case PP_EV_COLOR: return "COLOR";
    case PP_EV_ENTER: return "ENTER";
    case PP_EV_LEAF: return "LEAF";
    case PP_EV_CYCLE: return "CYCLE";
    case PP_EV_MEMO_HIT: return "MEMO_HIT";
    case PP_EV_CHILD: return "CHILD";
    case PP_EV_EXIT: return "EXIT";
    /* game trees */
    case PP_EV_AB_ENTER: return "AB_ENTER";
    case PP_EV_AB_LEAF: return "AB_LEAF";
    case PP_EV_AB_HIT: return "AB_HIT";
    case PP_EV_AB_MOVE: return "AB_MOVE";
    case PP_EV_AB_VALUE: return "AB_VALUE";
    case PP_EV_AB_RAISE: return "AB_RAISE";
    case PP_EV_AB_CUTOFF: return "AB_CUTOFF";
    case PP_EV_AB_EXIT: return "AB_EXIT";
    /* stone games and friends */
    case PP_EV_DP_CELL: return "DP_CELL";
    case PP_EV_DP_READ: return "DP_READ";
    case PP_EV_DP_CHOICE: return "DP_CHOICE";
    case PP_EV_DP_PAIR: return "DP_PAIR";
    case PP_EV_DP_CALL: return "DP_CALL";
    case PP_EV_DP_HIT: return "DP_HIT";
    case PP_EV_DP_MARK: return "DP_MARK";
    case PP_EV_DP_BASE: return "DP_BASE";
    /* Connect Four's dedicated stages */
    case PP_EV_C4_PROBE: return "C4_PROBE";
    case PP_EV_C4_BOUNDS: return "C4_BOUNDS";
    /* proof-number search */
    case PP_EV_PN_NODE: return "PN_NODE";
    case PP_EV_PN_MARK: return "PN_MARK";
    case PP_EV_MC_SELECT: return "MC_SELECT";
    case PP_EV_MC_EXPAND: return "MC_EXPAND";
    case PP_EV_MC_MOVE: return "MC_MOVE";
    case PP_EV_MC_PLAYOUT: return "MC_PLAYOUT";
    case PP_EV_MC_BACKUP: return "MC_BACKUP";
    case PP_EV_MC_PROVE: return "MC_PROVE";
    case PP_EV_MC_CHOOSE: return "MC_CHOOSE";
    default: return "?";
    }
}

int pp_event_kind_of(const int32_t *r) { return r[0] & 0xFF; }
int pp_event_step(const int32_t *r) { return (r[0] >> 8) & 0xFF; }

static const char *outcome_word(int32_t o, const char *const players[2])
{
    switch (o) {
    case PP_WIN0: return players[0];
    case PP_WIN1: return players[1];
    case PP_DRAW: return "draw";
    default: return "?";
    }
}

static int state_name(const pp_retro_game *g, int32_t s, char *buf, size_t size)
{
    if (g && g->describe && s >= 0 && (uint32_t)s < g->nstates) return g->describe(g->ctx, (uint32_t)s, buf, size);
    return snprintf(buf, size, "%d", s);
}

/* Game trees: a value, with the infinities of an open window as words. */
static const char *ab_value(int32_t v, char *buf, size_t size)
{
    if (v >= PP_AB_INF) return "+inf";
    if (v <= -PP_AB_INF) return "-inf";
    snprintf(buf, size, "%d", v);
    return buf;
}

/* Proof-number search: a proof or disproof number, infinity as a word. */
static const char *pn_number(int32_t v, char *buf, size_t size)
{
    if ((uint32_t)v == PP_PN_INF) return "inf";
    snprintf(buf, size, "%u", (unsigned)v);
    return buf;
}

static const char *ab_bound(int32_t b)
{
    return b == PP_AB_EXACT ? "exact" : b == PP_AB_LOWER ? "at-least" : b == PP_AB_UPPER ? "at-most" : "?";
}

int pp_event_format(const int32_t *r, const pp_retro_game *g, const char *const players[2], char *buf, size_t size)
{
    static const char *const default_players[2] = {"player0", "player1"};
    if (!players) players = g && g->players[0] ? g->players : default_players;
    int kind = pp_event_kind_of(r);
    const char *name = pp_event_name(kind);
    char a[48], b[48];
    state_name(g, r[1], a, sizeof a);
    switch (kind) {
    case PP_EV_SEED:
    case PP_EV_LEAF:
    case PP_EV_MEMO_HIT:
    case PP_EV_EXIT: return snprintf(buf, size, "%s %s %s", name, a, outcome_word(r[2], players));
    case PP_EV_CYCLE: return snprintf(buf, size, "%s %s", name, a);
    case PP_EV_ENTER: return snprintf(buf, size, "%s %s depth %d", name, a, r[2]);
    case PP_EV_CHILD:
        state_name(g, r[2], b, sizeof b);
        return snprintf(buf, size, "%s %s %s %s", name, a, b, outcome_word(r[3], players));
    case PP_EV_POP:
    case PP_EV_COLOR: return snprintf(buf, size, "%s %s %s %d", name, a, outcome_word(r[2], players), r[3]);
    case PP_EV_PARENT: state_name(g, r[2], b, sizeof b); return snprintf(buf, size, "%s %s %s", name, a, b);
    case PP_EV_DEGREE: return snprintf(buf, size, "%s %s %d", name, a, r[2]);
    /* game trees: node ids are plain numbers */
    case PP_EV_AB_ENTER:
        return snprintf(buf, size, "%s %d [%s,%s]", name, r[1], ab_value(r[2], a, sizeof a),
                        ab_value(r[3], b, sizeof b));
    case PP_EV_AB_LEAF: return snprintf(buf, size, "%s %d %s", name, r[1], ab_value(r[2], a, sizeof a));
    case PP_EV_AB_HIT:
    case PP_EV_AB_EXIT:
        return snprintf(buf, size, "%s %d %s %s", name, r[1], ab_value(r[2], a, sizeof a), ab_bound(r[3]));
    case PP_EV_AB_MOVE: return snprintf(buf, size, "%s %d #%d -> %d", name, r[1], r[2], r[3]);
    case PP_EV_AB_VALUE: return snprintf(buf, size, "%s %d <- %d %s", name, r[1], r[2], ab_value(r[3], a, sizeof a));
    case PP_EV_AB_RAISE:
        return snprintf(buf, size, "%s %d %s %s", name, r[1],
                        r[2] == 0   ? "alpha"
                        : r[2] == 1 ? "beta"
                                    : "best",
                        ab_value(r[3], a, sizeof a));
    case PP_EV_AB_CUTOFF: return snprintf(buf, size, "%s %d after %d of %d", name, r[1], r[2], r[3]);
    /* stone games and friends: cells named by the table (pp_dp_namer) */
    case PP_EV_DP_CELL: return snprintf(buf, size, "%s %s = %d by %d", name, a, r[2], r[3]);
    case PP_EV_DP_READ:
        state_name(g, r[3], b, sizeof b);
        return snprintf(buf, size, "%s %s = %d for %s", name, r[1] < 0 ? "base" : a, r[2], b);
    case PP_EV_DP_CHOICE: return snprintf(buf, size, "%s %s move %d -> %d", name, a, r[2], r[3]);
    case PP_EV_DP_PAIR: return snprintf(buf, size, "%s %s %d %d", name, a, r[2], r[3]);
    case PP_EV_DP_CALL: return snprintf(buf, size, "%s %s %d %d", name, a, r[2], r[3]);
    case PP_EV_DP_HIT: return snprintf(buf, size, "%s %s = %d", name, a, r[2]);
    case PP_EV_DP_MARK:
        state_name(g, r[2], b, sizeof b);
        return snprintf(buf, size, "%s %s from %s by %d", name, a, b, r[3]);
    case PP_EV_DP_BASE: return snprintf(buf, size, "%s %d = %d", name, r[2], r[3]);
    case PP_EV_C4_PROBE: return snprintf(buf, size, "%s %d [%d,%d] -> %d", name, r[1], r[2], r[2] + 1, r[3]);
    case PP_EV_C4_BOUNDS: return snprintf(buf, size, "%s %d [%d,%d]", name, r[1], r[2], r[3]);
    case PP_EV_PN_NODE:
        return snprintf(buf, size, "%s %d %s %s", name, r[1], pn_number(r[2], a, sizeof a),
                        pn_number(r[3], b, sizeof b));
    case PP_EV_PN_MARK: {
        int step = pp_event_step(r);
        if (step == 1 || step == 21) return snprintf(buf, size, "%s %d value >= %d?", name, r[1], r[2]);
        if (step == 25)
            return snprintf(buf, size, "%s %d thresholds %s %s", name, r[1], pn_number(r[2], a, sizeof a),
                            pn_number(r[3], b, sizeof b));
        return snprintf(buf, size, "%s %d expand %d", name, r[1], r[2]);
    }
    case PP_EV_MC_SELECT: return snprintf(buf, size, "%s %d from %d (%d visits)", name, r[1], r[2], r[3]);
    case PP_EV_MC_EXPAND: return snprintf(buf, size, "%s %d %d children from %d", name, r[1], r[2], r[3]);
    case PP_EV_MC_MOVE: return snprintf(buf, size, "%s ply %d move %d", name, r[1], r[2]);
    case PP_EV_MC_PLAYOUT: return snprintf(buf, size, "%s %d %d moves -> %d", name, r[1], r[2], r[3]);
    case PP_EV_MC_BACKUP: return snprintf(buf, size, "%s %d value %d on %d nodes", name, r[1], r[2], r[3]);
    case PP_EV_MC_PROVE: return snprintf(buf, size, "%s %d [%d,%d]", name, r[1], r[2], r[3]);
    case PP_EV_MC_CHOOSE: return snprintf(buf, size, "%s %d move %d (%d visits)", name, r[1], r[2], r[3]);
    default: return snprintf(buf, size, "? %d %d %d %d", kind, r[1], r[2], r[3]);
    }
}

static void put32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
}

size_t pp_trace_serialize(const pp_trace *t, uint32_t nstates, void *buf, size_t size)
{
    uint32_t count = t ? t->count : 0;
    size_t need = PP_TRACE_HEADER_BYTES + (size_t)count * PP_TRACE_WORDS * 4;
    if (!buf || size < need) return need;
    unsigned char *p = buf;
    memcpy(p, "PPTRACE", 8);
    put32(p + 8, PP_TRACE_VERSION);
    put32(p + 12, PP_TRACE_WORDS);
    put32(p + 16, count);
    put32(p + 20, t && t->truncated ? 1u : 0u);
    put32(p + 24, nstates);
    put32(p + 28, 0);
    p += PP_TRACE_HEADER_BYTES;
    for (size_t i = 0; i < (size_t)count * PP_TRACE_WORDS; i++, p += 4) put32(p, (uint32_t)t->rec[i]);
    return need;
}
