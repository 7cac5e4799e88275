/* gdl_latch.c: the outcomes still reachable from a state, from the grounded
 * rules alone (gdl_latch_*), so that a search can stop where the outcome can
 * no longer change: a generalized tic-tac-toe position where every line of
 * the first role is blocked cannot be a win for it, whatever is played.
 *
 * Frozen propositions. A base proposition is frozen in a state when it keeps
 * its value in every state reachable from it. The set is the greatest
 * fixpoint of: a true proposition stays frozen if one of the rules making it
 * true in the next state surely fires (no does literal, every literal a
 * static fact or a frozen proposition of the right value: a filled cell that
 * copies itself); a false one stays frozen if every such rule is surely
 * blocked (a literal that is a false static fact or a frozen proposition of
 * the wrong value: a blank flag that is gone, so the cell never becomes x).
 * Starting from "all frozen" and dropping what fails until nothing changes
 * leaves only propositions that keep their value in every state reachable:
 * by induction on the moves, every rule kept sure fires and every rule kept
 * blocked stays blocked. A rule reading a derived atom (a view) or a does
 * atom is taken as possibly firing and not sure to fire, which only freezes
 * less; a proposition set through a next atom other rules read is never
 * frozen. What needs no fixpoint is settled once per state: a true
 * proposition a rule copies alone (latched true), a false one every rule of
 * which reads it (latched false).
 *
 * The goals, three-valued. With the frozen propositions fixed and every
 * other one unknown, the state phase's rules for terminal and the goals are
 * run in two ways at once: "must" (a rule fires when its positive literals
 * must hold and its negative ones cannot) and "may" (positive ones may hold,
 * negative ones need not). A goal atom that may not hold holds at no
 * reachable state, so the goals each role may still reach bound the score
 * (the two goals compared, as the search scores a terminal). Recursive
 * state rules (reachability views) are not run this way: the analysis is
 * off for them.
 *
 * Speed: a rule whose literals are base propositions and static facts is
 * compiled to two bit masks over the state (its positive and negative base
 * literals), so "surely blocked", "surely fires", "must" and "may" are a few
 * word operations against the frozen-true and frozen-false bits.
 */
#include <stdlib.h>
#include <string.h>

#include "gdl_internal.h"

typedef struct lrule {
    uint32_t m;      /* its masks in pool: W words of positive base literals, then W of negative */
    uint32_t pc;     /* its code offset (a goal rule run literal by literal) */
    uint32_t head;   /* goal program: the atom it derives */
    uint8_t derived; /* a literal derived in the state phase (a view) */
    uint8_t moved;   /* a does literal, or one derived from does */
    uint8_t never;   /* a static literal against it: it never fires */
} lrule;

struct gdl_latch {
    const gdl_net *n;
    uint32_t nbase, W;
    /* per base proposition, the next rules to look at: while it is true,
     * those that may surely fire (no does; a view only in views mode); while false,
     * those that do not read it themselves (a rule reading true(p) cannot
     * fire while p stays false) */
    uint32_t *toff, *foff;
    lrule *tr, *fr;
    uint8_t *complex; /* set through a read next atom: never frozen */
    uint8_t *keeps;   /* a rule copies it alone: once true, true for good */
    lrule *prog;      /* terminal's and the goals' rules, in evaluation order; with
                             * views: every state rule, run at each round of the fixpoint */
    uint32_t nprog;
    int generic;           /* some of those read derived atoms: byte values needed */
    int views;             /* next rules read views: the fixpoint runs prog each round */
    const uint32_t *pcode; /* the code prog's offsets are in */
    uint64_t *pool;
    uint32_t npool;
    uint64_t *ft, *ff;     /* frozen true, frozen false */
    uint32_t *open, nopen; /* this state's propositions the fixpoint decides */
    uint8_t *must, *may;   /* per atom of the state block */
    uint64_t checks;
};

/* The masks and flags of the rule at c (a literal reading p itself is
 * left out when skip is p: see foff). *reads_self when it reads p. */
static void compile(gdl_latch *l, const uint32_t *c, uint32_t skip, lrule *r, int *reads_self, int *only_self)
{
    const gdl_net *n = l->n;
    uint64_t *pos = l->pool + r->m, *neg = pos + l->W;
    uint32_t np = c[1], nn = c[2];
    memset(pos, 0, 2 * l->W * sizeof *pos);
    r->derived = r->moved = r->never = 0;
    if (reads_self) *reads_self = 0;
    if (only_self) *only_self = 1;
    for (uint32_t k = 0; k < np + nn; k++) {
        uint32_t a = c[3 + k];
        int positive = k < np;
        if (a < n->base0) {
            if ((!n->val[a]) == positive) {
                r->never = 1;
                if (only_self) *only_self = 0;
            }
        } else if (a < n->base0 + n->nbase) {
            uint32_t b = a - n->base0;
            if (b == skip && positive) {
                if (reads_self) *reads_self = 1;
                continue;
            }
            if (only_self) *only_self = 0;
            (positive ? pos : neg)[b >> 6] |= 1ull << (b & 63);
        } else {
            if (a < n->state1) r->derived = 1;
            else r->moved = 1;
            if (only_self) *only_self = 0;
        }
    }
}

/* A rule reading views, by the views' must and may values (views mode). */
static int blocked_by_views(const gdl_latch *l, const uint32_t *c)
{
    const gdl_net *n = l->n;
    uint32_t np = c[1], nn = c[2];
    for (uint32_t k = 0; k < np + nn; k++) {
        uint32_t a = c[3 + k];
        if (a >= n->state1) continue; /* a move's: unknown */
        if (k < np ? !l->may[a] : l->must[a]) return 1;
    }
    return 0;
}

static int sure_by_views(const gdl_latch *l, const uint32_t *c)
{
    const gdl_net *n = l->n;
    uint32_t np = c[1], nn = c[2];
    for (uint32_t k = 0; k < np + nn; k++) {
        uint32_t a = c[3 + k];
        if (a >= n->state1) return 0;
        if (k < np ? !l->must[a] : l->may[a]) return 0;
    }
    return 1;
}

static inline int blocked(const gdl_latch *l, const lrule *r)
{
    if (r->never) return 1;
    if (r->derived) return l->views && blocked_by_views(l, l->n->code + r->pc);
    const uint64_t *pos = l->pool + r->m, *neg = pos + l->W;
    for (uint32_t w = 0; w < l->W; w++)
        if ((pos[w] & l->ff[w]) | (neg[w] & l->ft[w])) return 1;
    return 0;
}

static inline int sure(const gdl_latch *l, const lrule *r)
{
    if (r->never || r->moved) return 0;
    if (r->derived) return l->views && sure_by_views(l, l->n->code + r->pc);
    const uint64_t *pos = l->pool + r->m, *neg = pos + l->W;
    for (uint32_t w = 0; w < l->W; w++)
        if ((pos[w] & ~l->ft[w]) | (neg[w] & ~l->ff[w])) return 0;
    return 1;
}

gdl_latch *gdl_latch_new(const gdl_net *n)
{
    for (int c = 0; c < 3; c += 2)
        for (uint32_t s = 0; s < n->ncone_segs[c]; s++)
            if (n->cone_segs[c][s].rec) return NULL;
    if (!n->ngoals[0] || !n->ngoals[1] || !n->nbase) return NULL;
    gdl_latch *l = calloc(1, sizeof *l);
    if (!l) return NULL;
    l->n = n;
    l->nbase = n->nbase;
    l->W = n->words;
    uint32_t nt = 0, nf = 0, ng = 0, base_end = n->base0 + n->nbase;
    /* count: every move-phase, frame and bucketed rule with a next bit as
     * its head (do they read views?), and the state rules prog runs */
    for (uint32_t pc = n->move0; pc < n->ncode; pc += 3 + n->code[pc + 1] + n->code[pc + 2])
        if ((n->code[pc] & GDL_NEXT_BIT) && (n->code[pc] & ~GDL_NEXT_BIT) < n->nbase) {
            nt++, nf++;
            for (uint32_t k = 0; k < n->code[pc + 1] + n->code[pc + 2]; k++)
                if (n->code[pc + 3 + k] >= base_end && n->code[pc + 3 + k] < n->state1) l->views = 1;
        }
    for (uint32_t s = 0; s < n->nstate_segs; s++)
        if (n->state_segs[s].rec) l->views = 0; /* views by a fixpoint of their own: not run here */
    if (l->views)
        for (uint32_t s = 0; s < n->nstate_segs; s++)
            for (uint32_t pc = n->state_segs[s].start; pc < n->state_segs[s].end;
                 pc += 3 + n->code[pc + 1] + n->code[pc + 2])
                ng++;
    else
        for (int c = 0; c < 3; c += 2)
            for (uint32_t s = 0; s < n->ncone_segs[c]; s++)
                for (uint32_t pc = n->cone_segs[c][s].start; pc < n->cone_segs[c][s].end;
                     pc += 3 + n->cone_code[pc + 1] + n->cone_code[pc + 2])
                    ng++;
    l->toff = calloc(n->nbase + 1, sizeof *l->toff);
    l->foff = calloc(n->nbase + 1, sizeof *l->foff);
    l->tr = malloc((nt + 1) * sizeof *l->tr);
    l->fr = malloc((nf + 1) * sizeof *l->fr);
    l->prog = malloc((ng + 1) * sizeof *l->prog);
    l->pool = malloc(((size_t)nf + ng + 1) * 2 * l->W * sizeof *l->pool);
    l->complex = calloc(n->nbase, 1);
    l->keeps = calloc(n->nbase, 1);
    l->ft = malloc(l->W * sizeof *l->ft);
    l->ff = malloc(l->W * sizeof *l->ff);
    l->open = malloc(n->nbase * sizeof *l->open);
    l->must = malloc(n->state1);
    l->may = malloc(n->state1);
    if (!l->toff || !l->foff || !l->tr || !l->fr || !l->prog || !l->pool || !l->complex || !l->keeps || !l->ft ||
        !l->ff || !l->open || !l->must || !l->may) {
        gdl_latch_free(l);
        return NULL;
    }
    /* the next rules, grouped by their proposition: counted, then placed */
    uint32_t *tc = calloc(2 * (size_t)n->nbase + 1, sizeof *tc), *fc = tc + n->nbase;
    if (!tc) {
        gdl_latch_free(l);
        return NULL;
    }
    lrule tmp;
    for (int pass = 0; pass < 2; pass++) {
        if (pass) /* counts to ranges; tc and fc become each range's next place */
            for (uint32_t b = 0; b < n->nbase; b++) {
                l->toff[b + 1] = l->toff[b] + tc[b], l->foff[b + 1] = l->foff[b] + fc[b];
                tc[b] = l->toff[b], fc[b] = l->foff[b];
            }
        for (uint32_t pc = n->move0; pc < n->ncode; pc += 3 + n->code[pc + 1] + n->code[pc + 2]) {
            uint32_t h = n->code[pc];
            if (!(h & GDL_NEXT_BIT) || (h & ~GDL_NEXT_BIT) >= n->nbase) continue;
            uint32_t p = h & ~GDL_NEXT_BIT;
            int reads_self, only_self;
            tmp.m = l->npool;
            compile(l, n->code + pc, p, &tmp, &reads_self, &only_self);
            int plain = !tmp.moved; /* may surely fire (views mode: by the views' values) */
            if (!pass) {
                if (!tmp.derived && !tmp.moved && reads_self && only_self && !tmp.never) l->keeps[p] = 1;
                if (plain) tc[p]++;
                if (!reads_self) fc[p]++;
                continue;
            }
            /* the masks without p's own literal serve both lists: a true
             * p that is frozen satisfies its own positive literal */
            if (plain || !reads_self) l->npool += 2 * l->W;
            tmp.pc = pc, tmp.head = p;
            if (plain) l->tr[tc[p]++] = tmp;
            if (!reads_self) l->fr[fc[p]++] = tmp;
        }
    }
    free(tc);
    /* terminal's and the goals' rules (views mode: every state rule):
     * masks where every literal is a base proposition or a static fact,
     * else run literal by literal */
    l->pcode = l->views ? n->code : n->cone_code;
    uint32_t nsegs[2] = {l->views ? n->nstate_segs : n->ncone_segs[0], l->views ? 0 : n->ncone_segs[2]};
    const gdl_seg *segs[2] = {l->views ? n->state_segs : n->cone_segs[0], n->cone_segs[2]};
    for (int c = 0; c < 2; c++)
        for (uint32_t s = 0; s < nsegs[c]; s++)
            for (uint32_t pc = segs[c][s].start; pc < segs[c][s].end; pc += 3 + l->pcode[pc + 1] + l->pcode[pc + 2]) {
                lrule *r = &l->prog[l->nprog++];
                r->m = l->npool;
                compile(l, l->pcode + pc, UINT32_MAX, r, NULL, NULL);
                r->pc = pc, r->head = l->pcode[pc];
                if (r->derived || r->moved) l->generic = 1;
                else l->npool += 2 * l->W;
            }
    if (l->views) l->generic = 1;
    for (uint32_t i = 0; i < n->nnext; i++)
        if (n->next_base[i] < n->nbase) l->complex[n->next_base[i]] = 1;
    /* static facts keep their values: set once */
    memcpy(l->must, n->val, n->base0);
    memcpy(l->may, n->val, n->base0);
    return l;
}

void gdl_latch_free(gdl_latch *l)
{
    if (!l) return;
    free(l->toff), free(l->foff), free(l->tr), free(l->fr), free(l->prog), free(l->pool);
    free(l->complex), free(l->keeps), free(l->ft), free(l->ff), free(l->open), free(l->must), free(l->may);
    free(l);
}

static inline void unfreeze(gdl_latch *l, uint32_t b)
{
    l->ft[b >> 6] &= ~(1ull << (b & 63));
    l->ff[b >> 6] &= ~(1ull << (b & 63));
    if (l->generic) l->must[l->n->base0 + b] = 0, l->may[l->n->base0 + b] = 1;
}

/* prog's rules, must and may of every atom they derive */
static void run_prog(gdl_latch *l)
{
    const gdl_net *n = l->n;
    uint8_t *must = l->must, *may = l->may;
    uint32_t base_end = n->base0 + l->nbase;
    memset(must + base_end, 0, n->state1 - base_end);
    memset(may + base_end, 0, n->state1 - base_end);
    for (uint32_t i = 0; i < l->nprog; i++) {
        const lrule *r = &l->prog[i];
        uint32_t h = r->head;
        if (r->never || (must[h] && may[h])) continue;
        int mu = 1, ma = 1;
        if (!r->derived && !r->moved) {
            const uint64_t *pos = l->pool + r->m, *neg = pos + l->W;
            for (uint32_t w = 0; w < l->W && (mu || ma); w++) {
                if ((pos[w] & ~l->ft[w]) | (neg[w] & ~l->ff[w])) mu = 0;
                if ((pos[w] & l->ff[w]) | (neg[w] & l->ft[w])) ma = 0;
            }
        } else {
            const uint32_t *c = l->pcode + r->pc, *lit = c + 3;
            uint32_t np = c[1], nn = c[2];
            for (uint32_t k = 0; k < np && (mu || ma); k++) mu &= must[lit[k]], ma &= may[lit[k]];
            for (uint32_t k = 0; k < nn && (mu || ma); k++) mu &= !may[lit[np + k]], ma &= !must[lit[np + k]];
        }
        if (mu) must[h] = 1;
        if (ma) may[h] = 1;
    }
}

int gdl_latch_scores(gdl_latch *l, const uint64_t *bits, int *smin, int *smax)
{
    const gdl_net *n = l->n;
    l->checks++;
    for (uint32_t w = 0; w < l->W; w++) l->ft[w] = bits[w], l->ff[w] = ~bits[w];
    if (l->nbase & 63) l->ff[l->W - 1] &= (1ull << (l->nbase & 63)) - 1;
    if (l->generic)
        for (uint32_t b = 0; b < l->nbase; b++) {
            int v = (int)((bits[b >> 6] >> (b & 63)) & 1);
            l->must[n->base0 + b] = (uint8_t)v, l->may[n->base0 + b] = (uint8_t)v;
        }
    /* settled at once: latched true or false; the rest by the fixpoint */
    l->nopen = 0;
    for (uint32_t b = 0; b < l->nbase; b++) {
        if (l->complex[b]) {
            unfreeze(l, b);
            continue;
        }
        int v = (int)((bits[b >> 6] >> (b & 63)) & 1);
        if (!(v ? l->keeps[b] : l->foff[b] == l->foff[b + 1])) l->open[l->nopen++] = b;
    }
    for (int changed = 1; changed;) {
        changed = 0;
        if (l->views) run_prog(l); /* the views under this round's frozen set */
        for (uint32_t i = 0; i < l->nopen; i++) {
            uint32_t b = l->open[i];
            int keep;
            if ((bits[b >> 6] >> (b & 63)) & 1) {
                keep = 0;
                for (uint32_t k = l->toff[b]; k < l->toff[b + 1] && !keep; k++) keep = sure(l, &l->tr[k]);
            } else {
                keep = 1;
                for (uint32_t k = l->foff[b]; k < l->foff[b + 1] && keep; k++) keep = !!blocked(l, &l->fr[k]);
            }
            if (!keep) unfreeze(l, b), l->open[i--] = l->open[--l->nopen], changed = 1;
        }
    }
    if (!l->views) run_prog(l);
    const uint8_t *may = l->may;
    int any[2] = {0, 0};
    int32_t gmin[2] = {INT32_MAX, INT32_MAX}, gmax[2] = {INT32_MIN, INT32_MIN};
    for (int r = 0; r < 2; r++)
        for (uint32_t k = 0; k < n->ngoals[r]; k++)
            if (may[n->goals[r][k].atom]) {
                int32_t v = n->goals[r][k].value;
                any[r] = 1;
                if (v < gmin[r]) gmin[r] = v;
                if (v > gmax[r]) gmax[r] = v;
            }
    if (!any[0] || !any[1]) return 0;
    /* the score of first's goal a against second's b: 2 if a > b, 1 if
     * equal, 0 if less; over every a and b still possible */
    *smin = gmin[0] > gmax[1] ? 2 : gmin[0] == gmax[1] ? 1 : 0;
    *smax = gmax[0] > gmin[1] ? 2 : gmax[0] == gmin[1] ? 1 : 0;
    return 1;
}

uint64_t gdl_latch_checks(const gdl_latch *l) { return l ? l->checks : 0; }
