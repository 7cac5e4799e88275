/* gdl_incr.c: the state phase of a GDL network evaluated incrementally
 * (gdl_incr_*), for the searches that walk from a state to its neighbours:
 * the search of turns (gdl_search.c) and the rules as a pp_game
 * (gdl_graph.c: alpha-beta, proof-number search, MCTS).
 *
 * gdl_eval_state runs every rule of the state phase for each state. In a
 * search a state differs from the one evaluated before it by a few base
 * propositions (a child, a sibling after a child), so only the rules that
 * read a changed atom can change: each rule keeps how many of its literals
 * fail, each derived atom how many of its rules fire (a frame rule's next
 * bit likewise), and a change is pushed as (atom, new value) and applied to
 * the rules reading it. The state phase is acyclic when no segment is
 * recursive, so these counts settle to the values the full evaluation gives
 * in whatever order the changes are applied; a recursive state phase
 * (reachability rules) keeps the full evaluation.
 *
 * An evaluation in the network's own values shares them with every other
 * caller of the network: it notes the network's stamp when it writes them,
 * and a stamp changed since (another state evaluated in between) makes it
 * start from scratch.
 */

#include <stdlib.h>
#include <string.h>

#include "gdl_internal.h"

/* The rules of the state phase into x: all of them and the frame rules
 * (keep NULL), or those whose head keep marks. Returns 0 only for memory
 * (x then holds nothing); x->ok stays 0 where the state phase is recursive
 * or a rule too long. */
int gdl_incr_build(const gdl_net *n, gdl_incr *x, const uint8_t *keep)
{
    uint32_t W = n->words ? n->words : 1;
    for (uint32_t k = 0; k < n->nstate_segs; k++)
        if (n->state_segs[k].rec) return 1; /* not incremental, not an error */
    /* the rules: the state segments in order, then the frame rules */
    uint32_t nr = 0, nlit = 0, nseg = n->nstate_segs + !keep;
    for (uint32_t k = 0; k < nseg; k++) {
        uint32_t a = k < n->nstate_segs ? n->state_segs[k].start : n->frame0;
        uint32_t z = k < n->nstate_segs ? n->state_segs[k].end : n->frame1;
        for (uint32_t pc = a; pc < z; pc += 3 + n->code[pc + 1] + n->code[pc + 2])
            if (!keep || keep[n->code[pc]]) nr++, nlit += n->code[pc + 1] + n->code[pc + 2];
    }
    x->nr = nr;
    x->rpc = malloc(((size_t)nr + 1) * sizeof *x->rpc);
    x->head = malloc(((size_t)nr + 1) * sizeof *x->head);
    x->miss = malloc(((size_t)nr + 1) * sizeof *x->miss);
    x->fo_off = calloc((size_t)n->natoms + 2, sizeof *x->fo_off);
    x->fo = malloc(((size_t)nlit + 1) * sizeof *x->fo);
    x->sup = malloc(((size_t)n->natoms + 1) * sizeof *x->sup);
    x->fsup = keep ? NULL : malloc(((size_t)W * 64 + 1) * sizeof *x->fsup);
    x->stack_cap = n->natoms * 2 + 1;
    x->stack = malloc((size_t)x->stack_cap * sizeof *x->stack);
    x->last = malloc((size_t)W * 8);
    x->val = keep ? malloc((size_t)n->natoms + 1) : n->val;
    x->own = !!keep;
    x->frame = keep ? NULL : n->frame;
    if (!x->rpc || !x->head || !x->miss || !x->fo_off || !x->fo || !x->sup || (!keep && !x->fsup) || !x->stack ||
        !x->last || !x->val) {
        gdl_incr_free(x);
        memset(x, 0, sizeof *x);
        return 0;
    }
    if (keep) memcpy(x->val, n->val, n->natoms); /* the static atoms */
    uint32_t r = 0;
    for (uint32_t k = 0; k < nseg; k++) {
        uint32_t a = k < n->nstate_segs ? n->state_segs[k].start : n->frame0;
        uint32_t z = k < n->nstate_segs ? n->state_segs[k].end : n->frame1;
        for (uint32_t pc = a; pc < z; pc += 3 + n->code[pc + 1] + n->code[pc + 2]) {
            if (keep && !keep[n->code[pc]]) continue;
            uint32_t len = n->code[pc + 1] + n->code[pc + 2];
            if (len > 65535) return 1; /* a rule too long to count: the full evaluation stays */
            x->head[r] = n->code[pc];
            x->rpc[r++] = pc;
            for (uint32_t j = 0; j < len; j++) x->fo_off[n->code[pc + 3 + j] + 2]++;
        }
    }
    for (uint32_t a = 0; a < n->natoms; a++) x->fo_off[a + 2] += x->fo_off[a + 1];
    for (r = 0; r < nr; r++) {
        uint32_t pc = x->rpc[r], np = n->code[pc + 1], len = np + n->code[pc + 2];
        for (uint32_t j = 0; j < len; j++) x->fo[x->fo_off[n->code[pc + 3 + j] + 1]++] = r << 1 | (j >= np);
    }
    x->W = W;
    x->ok = 1;
    return 1;
}

void gdl_incr_free(gdl_incr *x)
{
    free(x->rpc), free(x->head), free(x->miss), free(x->fo_off), free(x->fo), free(x->sup), free(x->fsup);
    free(x->stack), free(x->last);
    if (x->own) free(x->val);
}

/* Every rule from scratch: the counts for the state bits. */
static void incr_full(gdl_incr *x, gdl_net *n, uint32_t W, const uint64_t *bits)
{
    uint8_t *val = x->val;
    memset(val + n->base0, 0, n->state1 - n->base0);
    for (uint32_t w = 0; w < W; w++)
        for (uint64_t y = bits[w]; y; y &= y - 1) val[n->base0 + w * 64 + (uint32_t)__builtin_ctzll(y)] = 1;
    memset(x->sup + n->base0, 0, (n->state1 - n->base0) * sizeof *x->sup);
    if (x->frame) {
        memset(x->fsup, 0, (size_t)W * 64 * sizeof *x->fsup);
        memset(x->frame, 0, W * 8);
    }
    for (uint32_t r = 0; r < x->nr; r++) { /* in the state phase's order: a rule after those it reads */
        const uint32_t *c = n->code + x->rpc[r];
        uint32_t np = c[1], len = np + c[2], miss = 0;
        for (uint32_t j = 0; j < len; j++) miss += j < np ? !val[c[3 + j]] : val[c[3 + j]];
        x->miss[r] = (uint16_t)miss;
        if (miss) continue;
        uint32_t h = x->head[r];
        if (h & GDL_NEXT_BIT) {
            uint32_t b = h & ~GDL_NEXT_BIT;
            x->fsup[b]++;
            x->frame[b >> 6] |= 1ull << (b & 63);
        } else if (x->sup[h]++ == 0) val[h] = 1;
    }
    memcpy(x->last, bits, W * 8);
    x->valid = 1;
    if (!x->own) x->stamp = ++n->stamp;
}

/* The state phase for bits from the counts of the state evaluated last:
 * each changed atom updates the rules reading it, and a rule that starts or
 * stops firing changes its head's support (an atom whose value changes is
 * pushed in turn). In locals, since a store through the byte array val
 * could be any field of x to the compiler. */
void gdl_incr_eval(gdl_incr *x, gdl_net *n, const uint64_t *bits)
{
    uint32_t W = x->W;
    if (!x->valid || (!x->own && x->stamp != n->stamp)) {
        incr_full(x, n, W, bits);
        return;
    }
    if (!x->own) x->stamp = ++n->stamp;
    const uint32_t *restrict fo_off = x->fo_off, *restrict fo = x->fo, *restrict head = x->head;
    uint16_t *restrict miss = x->miss;
    uint32_t *restrict sup = x->sup, *restrict stack = x->stack;
    uint8_t *restrict val = x->val;
    uint64_t *restrict last = x->last;
    uint32_t top = 0, base0 = n->base0, cap = x->stack_cap;
    for (uint32_t w = 0; w < W; w++) {
        uint64_t b = bits[w];
        for (uint64_t y = b ^ last[w]; y; y &= y - 1) {
            uint32_t i = (uint32_t)__builtin_ctzll(y), a = base0 + w * 64 + i;
            uint32_t v = (uint32_t)(b >> i & 1);
            val[a] = (uint8_t)v;
            stack[top++] = a << 1 | v;
        }
        last[w] = b;
    }
    while (top) {
        uint32_t e = stack[--top], a = e >> 1, v = e & 1;
        for (uint32_t k = fo_off[a], z = fo_off[a + 1]; k < z; k++) {
            uint32_t f = fo[k], r = f >> 1;
            uint32_t old = miss[r];
            if (v ^ (f & 1)) { /* the literal now holds */
                miss[r] = (uint16_t)(old - 1);
                if (old != 1) continue;
            } else {
                miss[r] = (uint16_t)(old + 1);
                if (old != 0) continue;
            }
            /* the rule starts (old 1) or stops (old 0) firing */
            uint32_t h = head[r], now = old == 1;
            if (h & GDL_NEXT_BIT) {
                uint32_t bb = h & ~GDL_NEXT_BIT;
                if (now ? x->fsup[bb]++ == 0 : --x->fsup[bb] == 0) x->frame[bb >> 6] ^= 1ull << (bb & 63);
            } else if (now ? sup[h]++ == 0 : --sup[h] == 0) {
                val[h] = (uint8_t)now;
                if (fo_off[h] == fo_off[h + 1]) continue; /* read by no rule */
                /* An atom is pushed each time its support reaches or leaves 0, and a
                 * change popped later may undo one pushed earlier, so nothing bounds
                 * the changes waiting by the atoms: past the stack, from scratch. */
                if (top == cap) {
                    incr_full(x, n, W, bits);
                    return;
                }
                stack[top++] = h << 1 | now;
            }
        }
    }
}
