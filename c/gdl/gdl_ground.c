/* gdl_ground.c: grounding the rules once into a propositional network, and
 * evaluating that network for one state and one joint move.
 *
 * Why a grounded network: a state of tic-tac-toe costs about 0.2 us to
 * evaluate this way against tens of microseconds for a bottom-up join over
 * the rules with variables per state (the joins redo the same matching in
 * every state); the enumeration then runs at millions of states a second
 * on the examples (tests/bench/bench_gdl.c prints the figures).
 *
 * Step 1. A relaxed fixpoint: the rules are evaluated bottom-up, semi-naively,
 *   with every `not` taken as true, true(F) following from init(F) and
 *   next(F), and does(R, M) from legal(R, M). What it derives is a superset
 *   of every atom that can hold in any reachable state, and each way a rule
 *   fired is one ground rule (head, positive atoms, negated atoms).
 * Step 2. The atoms get numbers by phase (see gdl_internal.h): static ones
 *   (no true, no does below them) are evaluated once, properly, and folded
 *   out of the other ground rules.
 * Step 3. Per state: the true atoms are set from the state's bits and the
 *   state phase's ground rules run in the order of the relations' strongly
 *   connected components (a recursive one until nothing changes); negation
 *   read. The next rules that read only the state (frame rules) run here
 *   too, once a state. Per joint move: the does atoms are set and the move
 *   phase runs; its rules that name a does atom sit in that atom's bucket,
 *   so a joint move runs only the rules of the moves made.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gdl_internal.h"

#define IX_DEPTH 6   /* preorder positions of an atom indexed */
#define MAX_ARITY 64 /* arguments of one term */

/* The groups the ground rules run in: rules order[start[i] .. start[i+1])
 * in one pass, or until nothing changes when rec[i]. */
typedef struct groups {
    uint32_t *start;
    uint8_t *rec;
    uint32_t n;
} groups;

typedef struct grounder {
    gdl_prog *p;
    const gdl_order *o;
    gdl_diags *ds;
    pp_error *err;
    uint32_t nsym;
    uint32_t s_true, s_does, s_init, s_next, s_legal, s_goal, s_terminal, s_role;
    uint8_t *isfact;
    uint32_t isfact_cap;
    gdl_vec *facts; /* by relation symbol */
    uint32_t *prev, *snap;
    /* the index: (relation, position, term) -> list of fact ordinals */
    uint64_t *ikey;
    uint32_t *ilist;
    uint32_t icap, in;
    gdl_vec *lists;
    uint32_t nlists, lists_cap;
    /* the rule being joined */
    const gdl_rule *rule;
    uint32_t npos, delta;
    uint32_t bind[256];
    uint32_t matched[1024];
    /* the join's plan for (rule, delta): perm[k] the positive literal joined
     * at step k; after step k, the distinct literals chk[chk_off[k] ..
     * chk_off[k + 1]) have every variable bound and are tested there */
    uint32_t perm[1024];
    uint32_t chk_off[1025], chk[1024];
    /* ground rules: head, npos, nneg, atoms... (ground term ids); by record */
    gdl_vec code;
    gdl_vec rec_at;
    uint64_t work;
    pp_status st;
    /* step 2, the network assembled (see gdl_ground) */
    gdl_net *net;
    uint32_t ngt;       /* ground terms when the atoms were numbered (atom_of's length) */
    uint32_t *atom_of;  /* by ground term: its atom, UINT32_MAX for none */
    uint8_t *phase_of;  /* by fact: its block, 0 static, 1 true, 2 state, 3 does, 4 move */
    uint32_t counts[5]; /* atoms by block */
    uint32_t *order;    /* the ground records by their head's relation SCC */
    groups grp;         /* the groups order runs in */
    uint32_t *node_of;  /* stratify's: by ground term, UINT32_MAX between calls */
    int next_read;      /* a rule reads next (so no next atom sets its bit itself) */
} grounder;

static uint32_t sym_of(const gdl_prog *p, const char *name)
{
    for (uint32_t i = 0; i < p->syms.n; i++)
        if (strcmp(gdl_sym_name(&p->syms, i), name) == 0) return i;
    return UINT32_MAX;
}

/* ---- the index ---- */

static uint64_t ix_key(uint32_t rel, uint32_t q, uint32_t id) { return ((uint64_t)(rel * IX_DEPTH + q) << 32) | id; }
/* The second index: (relation, argument k >= 1, the argument's term), for
 * a bound argument after an unbound one, whose preorder position the
 * first index cannot tell (its size is not known before it is bound). */
#define IX_ARGS 8
static uint64_t ix_arg_key(uint32_t rel, uint32_t k, uint32_t id)
{
    return ((uint64_t)(0x80000000u | (rel * IX_ARGS + k)) << 32) | id;
}
static uint32_t ix_hash(uint64_t k) { return (uint32_t)((k * 0x9E3779B97F4A7C15ull) >> 32); }

/* The list of key k, made when `make`; UINT32_MAX if none. */
static uint32_t ix_find(grounder *g, uint64_t k, int make)
{
    if (make && (g->in + 1) * 2 > g->icap) {
        uint32_t cap = g->icap ? g->icap * 2 : 1024;
        uint64_t *keys = malloc(cap * sizeof *keys);
        uint32_t *lists = malloc(cap * sizeof *lists);
        if (!keys || !lists) {
            free(keys), free(lists);
            g->st = pp__fail(g->err, PP_ERR_NOMEM, "out of memory grounding the rules");
            return UINT32_MAX;
        }
        for (uint32_t i = 0; i < cap; i++) lists[i] = UINT32_MAX;
        for (uint32_t i = 0; i < g->icap; i++) {
            if (g->ilist[i] == UINT32_MAX) continue;
            uint32_t h = ix_hash(g->ikey[i]) & (cap - 1);
            while (lists[h] != UINT32_MAX) h = (h + 1) & (cap - 1);
            keys[h] = g->ikey[i];
            lists[h] = g->ilist[i];
        }
        free(g->ikey), free(g->ilist);
        g->ikey = keys;
        g->ilist = lists;
        g->icap = cap;
    }
    if (!g->icap) return UINT32_MAX;
    uint32_t h = ix_hash(k) & (g->icap - 1);
    while (g->ilist[h] != UINT32_MAX) {
        if (g->ikey[h] == k) return g->ilist[h];
        h = (h + 1) & (g->icap - 1);
    }
    if (!make) return UINT32_MAX;
    pp_status st = gdl_grow((void **)&g->lists, &g->lists_cap, g->nlists, 1, sizeof *g->lists, PP_GDL_MAX_TERMS * 4u);
    if (st) {
        g->st = pp__fail(g->err, st, "the index of the ground atoms is over its limit");
        return UINT32_MAX;
    }
    memset(&g->lists[g->nlists], 0, sizeof *g->lists);
    g->ikey[h] = k;
    g->ilist[h] = g->nlists;
    g->in++;
    return g->nlists++;
}

/* Preorder terms of atom's arguments, at most IX_DEPTH. */
static uint32_t preorder(const gdl_prog *p, uint32_t atom, uint32_t *out)
{
    uint32_t stack[IX_DEPTH + 1], sp = 0, n = 0;
    const gdl_gterm *a = &p->gt[atom];
    for (uint32_t k = a->arity; k-- > 0 && sp < IX_DEPTH;) stack[sp++] = p->gargs[a->args + k];
    /* the stack holds the last arguments deepest: pop in order */
    while (sp && n < IX_DEPTH) {
        uint32_t t = stack[--sp];
        out[n++] = t;
        const gdl_gterm *g = &p->gt[t];
        for (uint32_t k = g->arity; k-- > 0;) {
            if (sp >= IX_DEPTH) break;
            stack[sp++] = p->gargs[g->args + k];
        }
    }
    return n;
}

/* ---- facts ---- */

static void add_fact(grounder *g, uint32_t atom)
{
    gdl_prog *p = g->p;
    if (g->st) return;
    if (atom >= g->isfact_cap) {
        uint32_t cap = g->isfact_cap ? g->isfact_cap : 1024;
        while (cap <= atom) cap *= 2;
        uint8_t *q = realloc(g->isfact, cap);
        if (!q) {
            g->st = pp__fail(g->err, PP_ERR_NOMEM, "out of memory grounding the rules");
            return;
        }
        memset(q + g->isfact_cap, 0, cap - g->isfact_cap);
        g->isfact = q;
        g->isfact_cap = cap;
    }
    if (g->isfact[atom]) return;
    g->isfact[atom] = 1;
    uint32_t rel = p->gt[atom].sym;
    gdl_vec *f = &g->facts[rel];
    uint32_t ord = f->n;
    pp_status st = gdl_push(f, atom, PP_GDL_MAX_TERMS);
    if (st) {
        g->st = pp__fail(g->err, st, "the rules ground to over %u atoms", PP_GDL_MAX_TERMS);
        return;
    }
    uint32_t pre[IX_DEPTH];
    uint32_t n = preorder(p, atom, pre);
    for (uint32_t q = 0; q < n; q++) {
        uint32_t l = ix_find(g, ix_key(rel, q, pre[q]), 1);
        if (l == UINT32_MAX) return;
        st = gdl_push(&g->lists[l], ord, PP_GDL_MAX_TERMS);
        if (st) {
            g->st = pp__fail(g->err, st, "out of memory grounding the rules");
            return;
        }
    }
    const gdl_gterm *a = &p->gt[atom];
    for (uint32_t k = 1; k < a->arity && k < IX_ARGS; k++) {
        uint32_t l = ix_find(g, ix_arg_key(rel, k, p->gargs[a->args + k]), 1);
        if (l == UINT32_MAX) return;
        st = gdl_push(&g->lists[l], ord, PP_GDL_MAX_TERMS);
        if (st) {
            g->st = pp__fail(g->err, st, "out of memory grounding the rules");
            return;
        }
    }
    a = &p->gt[atom]; /* interning may have moved the terms */
    if ((rel == g->s_init || rel == g->s_next) && a->arity == 1 && g->s_true != UINT32_MAX) {
        uint32_t t;
        uint32_t arg = p->gargs[a->args];
        if ((g->st = gdl_gterm_intern(p, g->s_true, 1, &arg, &t, g->err))) return;
        add_fact(g, t);
    } else if (rel == g->s_legal && a->arity == 2 && g->s_does != UINT32_MAX) {
        uint32_t t, args[2] = {p->gargs[a->args], p->gargs[a->args + 1]};
        if ((g->st = gdl_gterm_intern(p, g->s_does, 2, args, &t, g->err))) return;
        add_fact(g, t);
    }
}

/* ---- matching and instantiating ---- */

static int match(grounder *g, uint32_t pat, uint32_t t, uint32_t *trail, uint32_t *nt)
{
    const gdl_prog *p = g->p;
    const gdl_pat *x = &p->pats[pat];
    switch (x->kind) {
    case GDL_T_CONST: return x->id == t;
    case GDL_T_VAR:
        if (g->bind[x->id] != UINT32_MAX) return g->bind[x->id] == t;
        g->bind[x->id] = t;
        trail[(*nt)++] = x->id;
        return 1;
    default: {
        const gdl_gterm *gt = &p->gt[t];
        if (gt->sym != x->id || gt->arity != x->arity) return 0;
        for (uint32_t k = 0; k < x->arity; k++)
            if (!match(g, x->args + k, p->gargs[gt->args + k], trail, nt)) return 0;
        return 1;
    }
    }
}

static uint32_t instantiate(grounder *g, uint32_t pat)
{
    gdl_prog *p = g->p;
    const gdl_pat x = p->pats[pat];
    if (x.kind == GDL_T_CONST) return x.id;
    if (x.kind == GDL_T_VAR) return g->bind[x.id];
    uint32_t args[MAX_ARITY], t = 0;
    if (x.arity > MAX_ARITY) {
        g->st = pp__fail(g->err, PP_ERR_LIMIT, "a term with over %d arguments", MAX_ARITY);
        return 0;
    }
    for (uint32_t k = 0; k < x.arity; k++) args[k] = instantiate(g, x.args + k);
    if (!g->st) g->st = gdl_gterm_intern(p, x.id, x.arity, args, &t, g->err);
    return t;
}

static uint32_t instantiate_atom(grounder *g, const gdl_lit *l)
{
    uint32_t args[MAX_ARITY], t = 0;
    if (l->arity > MAX_ARITY) {
        g->st = pp__fail(g->err, PP_ERR_LIMIT, "an atom with over %d arguments", MAX_ARITY);
        return 0;
    }
    for (uint32_t k = 0; k < l->arity; k++) args[k] = instantiate(g, l->args + k);
    if (!g->st) g->st = gdl_gterm_intern(g->p, l->rel, l->arity, args, &t, g->err);
    return t;
}

/* Every positive literal matched: the rest of the body, then the ground rule. */
static void finish(grounder *g)
{
    gdl_prog *p = g->p;
    const gdl_rule *r = g->rule;
    uint32_t neg[1024], nneg = 0;
    for (uint32_t l = g->npos; l < r->nbody && !g->st; l++) {
        const gdl_lit *lit = &p->lits[r->body + l];
        if (lit->kind == GDL_L_DISTINCT || lit->kind == GDL_L_SAME) {
            uint32_t a = instantiate(g, lit->args), b = instantiate(g, lit->args + 1);
            if ((a == b) == (lit->kind == GDL_L_DISTINCT)) return;
        } else {
            neg[nneg++] = instantiate_atom(g, lit);
        }
    }
    uint32_t head = instantiate_atom(g, &r->head);
    if (g->st) return;
    pp_status st = gdl_push(&g->rec_at, g->code.n, PP_GDL_MAX_CODE);
    if (!st)
        st = gdl_grow((void **)&g->code.v, &g->code.cap, g->code.n, 3 + g->npos + nneg, sizeof *g->code.v,
                      PP_GDL_MAX_CODE);
    if (st) {
        g->st = pp__fail(g->err, st, "the rules ground to over %u words of ground rules", PP_GDL_MAX_CODE);
        return;
    }
    uint32_t *c = g->code.v + g->code.n;
    c[0] = head;
    c[1] = g->npos;
    c[2] = nneg;
    memcpy(c + 3, g->matched, g->npos * sizeof *c);
    memcpy(c + 3 + g->npos, neg, nneg * sizeof *c);
    g->code.n += 3 + g->npos + nneg;
    add_fact(g, head);
}

/* The candidates for literal l: the smallest index list its bound leading
 * positions give (its number; UINT32_MAX: none, scan the relation); *none
 * when some position has no fact at all. */
static uint32_t candidates(grounder *g, const gdl_lit *l, int *none)
{
    const gdl_prog *p = g->p;
    uint32_t best = UINT32_MAX;
    uint32_t stack[IX_DEPTH + 1], sp = 0, q = 0;
    *none = 0;
    for (uint32_t k = l->arity; k-- > 0 && sp < IX_DEPTH;) stack[sp++] = l->args + k;
    while (sp && q < IX_DEPTH) {
        const gdl_pat *x = &p->pats[stack[--sp]];
        uint32_t id = UINT32_MAX, size = 1;
        if (x->kind == GDL_T_CONST) id = x->id;
        else if (x->kind == GDL_T_VAR) {
            if (g->bind[x->id] == UINT32_MAX) break;
            id = g->bind[x->id];
            size = p->gt[id].size;
        }
        if (id != UINT32_MAX) {
            uint32_t li = ix_find(g, ix_key(l->rel, q, id), 0);
            if (li == UINT32_MAX) {
                *none = 1;
                return UINT32_MAX;
            }
            if (best == UINT32_MAX || g->lists[li].n < g->lists[best].n) best = li;
            q += size;
        } else {
            q++;
            for (uint32_t k = x->arity; k-- > 0;) {
                if (sp >= IX_DEPTH) break;
                stack[sp++] = x->args + k;
            }
        }
    }
    for (uint32_t k = 1; k < l->arity && k < IX_ARGS; k++) {
        const gdl_pat *x = &p->pats[l->args + k];
        uint32_t id = x->kind == GDL_T_CONST ? x->id : x->kind == GDL_T_VAR ? g->bind[x->id] : UINT32_MAX;
        if (id == UINT32_MAX) continue;
        uint32_t li = ix_find(g, ix_arg_key(l->rel, k, id), 0);
        if (li == UINT32_MAX) {
            *none = 1;
            return UINT32_MAX;
        }
        if (best == UINT32_MAX || g->lists[li].n < g->lists[best].n) best = li;
    }
    return best;
}

static void join(grounder *g, uint32_t k)
{
    if (g->st) return;
    if (k == g->npos) {
        finish(g);
        return;
    }
    /* The recursion below adds facts: the relation's and the index's
     * arrays may move, so they are read through g at every step. */
    const gdl_prog *p = g->p;
    uint32_t li = g->perm[k];
    const gdl_lit *l = &p->lits[g->rule->body + li];
    uint32_t rel = l->rel;
    uint32_t lo = 0, hi = g->snap[rel];
    if (li < g->delta) hi = g->prev[rel];
    else if (li == g->delta) lo = g->prev[rel];
    if (lo >= hi) return;
    int none;
    uint32_t c = candidates(g, l, &none);
    if (none) return;
    uint32_t i = lo, n = hi;
    if (c != UINT32_MAX) { /* ordinals ascend: skip to lo */
        uint32_t a = 0, b = g->lists[c].n;
        while (a < b) {
            uint32_t m = (a + b) / 2;
            if (g->lists[c].v[m] < lo) a = m + 1;
            else b = m;
        }
        i = a;
        n = g->lists[c].n;
    }
    uint32_t trail[256];
    for (; i < n; i++) {
        uint32_t ord = c != UINT32_MAX ? g->lists[c].v[i] : i;
        if (ord >= hi) break;
        if (++g->work > PP_GDL_MAX_WORK) {
            g->st = pp__fail(g->err, PP_ERR_LIMIT, "grounding the rules takes over %u steps", PP_GDL_MAX_WORK);
            return;
        }
        uint32_t atom = g->facts[rel].v[ord], nt = 0, ok = 1;
        if (p->gt[atom].arity != l->arity) continue;
        for (uint32_t q = 0; q < l->arity && ok; q++)
            ok = match(g, l->args + q, p->gargs[p->gt[atom].args + q], trail, &nt);
        for (uint32_t c2 = g->chk_off[k]; c2 < g->chk_off[k + 1] && ok; c2++) {
            const gdl_lit *d = &p->lits[g->rule->body + g->chk[c2]];
            uint32_t a = instantiate(g, d->args), b = instantiate(g, d->args + 1);
            ok = (a == b) == (d->kind == GDL_L_SAME);
        }
        if (ok && !g->st) {
            g->matched[li] = atom;
            join(g, k + 1);
        }
        while (nt) g->bind[trail[--nt]] = UINT32_MAX;
        if (g->st) return;
    }
}

static uint32_t count_pos(const gdl_prog *p, const gdl_rule *r)
{
    uint32_t n = 0;
    while (n < r->nbody && p->lits[r->body + n].kind == GDL_L_POS) n++;
    return n;
}

/* The variables of term pat into the set vs (256 bits). */
static void term_vars(const gdl_prog *p, uint32_t pat, uint64_t *vs)
{
    const gdl_pat *x = &p->pats[pat];
    if (x->kind == GDL_T_VAR) vs[x->id >> 6] |= 1ull << (x->id & 63);
    else if (x->kind == GDL_T_FN)
        for (uint32_t k = 0; k < x->arity; k++) term_vars(p, x->args + k, vs);
}

static int vars_within(const uint64_t *vs, const uint64_t *bound)
{
    for (int w = 0; w < 4; w++)
        if (vs[w] & ~bound[w]) return 0;
    return 1;
}

static uint32_t log2_ceil(uint32_t n) { return n <= 1 ? 0 : 32u - (uint32_t)__builtin_clz(n - 1); }

/* The join order of the rule's positive literals for this delta: the delta
 * literal first (its facts are the new ones), then greedily the literal
 * expected to match the fewest facts given the variables bound so far (a
 * relation of n facts with b of its a arguments bound: about n^((a-b)/a)),
 * a literal whose variables are all bound (a test) before any other. The
 * source order can multiply out: (p ?x) (q ?y) (r ?x ?y) joins p and q
 * fully before r cuts them down. Each distinct is tested as soon as its
 * variables are bound, not after the whole join. */
static void plan(grounder *g)
{
    const gdl_prog *p = g->p;
    const gdl_rule *r = g->rule;
    uint64_t bound[4] = {0, 0, 0, 0};
    uint8_t used[1024];
    uint8_t done[1024];
    memset(used, 0, g->npos);
    memset(done, 0, r->nbody);
    uint32_t nchk = 0;
    g->chk_off[0] = 0;
    for (uint32_t k = 0; k < g->npos; k++) {
        uint32_t best = UINT32_MAX;
        uint64_t best_cost = UINT64_MAX;
        for (uint32_t i = 0; i < g->npos; i++) {
            if (used[i]) continue;
            if (k == 0 && i != g->delta && g->delta < g->npos) continue;
            const gdl_lit *l = &p->lits[r->body + i];
            uint32_t a = l->arity, b = 0;
            uint64_t all[4] = {0, 0, 0, 0};
            for (uint32_t q = 0; q < a; q++) {
                uint64_t vs[4] = {0, 0, 0, 0};
                term_vars(p, l->args + q, vs);
                for (int w = 0; w < 4; w++) all[w] |= vs[w];
                b += vars_within(vs, bound);
            }
            uint32_t n = i < g->delta    ? g->prev[l->rel]
                         : i == g->delta ? g->snap[l->rel] - g->prev[l->rel]
                                         : g->snap[l->rel];
            uint64_t cost = vars_within(all, bound) ? 0 : 1 + (uint64_t)log2_ceil(n + 1) * 64 * (a - b) / (a ? a : 1);
            if (cost < best_cost) best_cost = cost, best = i;
        }
        used[best] = 1;
        g->perm[k] = best;
        const gdl_lit *l = &p->lits[r->body + best];
        for (uint32_t q = 0; q < l->arity; q++) term_vars(p, l->args + q, bound);
        for (uint32_t i = g->npos; i < r->nbody; i++) {
            const gdl_lit *d = &p->lits[r->body + i];
            if (done[i] || (d->kind != GDL_L_DISTINCT && d->kind != GDL_L_SAME)) continue;
            uint64_t vs[4] = {0, 0, 0, 0};
            term_vars(p, d->args, vs);
            term_vars(p, d->args + 1, vs);
            if (!vars_within(vs, bound)) continue;
            done[i] = 1;
            g->chk[nchk++] = i;
        }
        g->chk_off[k + 1] = nchk;
    }
}

/* Step 1: the relaxed fixpoint. */
static void relaxed_fixpoint(grounder *g)
{
    gdl_prog *p = g->p;
    for (uint32_t r = 0; r < p->nrules && !g->st; r++) {
        g->rule = &p->rules[r];
        g->npos = count_pos(p, g->rule);
        if (g->npos) continue;
        for (uint32_t v = 0; v < 256; v++) g->bind[v] = UINT32_MAX;
        finish(g);
    }
    for (;;) {
        int fresh = 0;
        for (uint32_t s = 0; s < g->nsym; s++) {
            g->snap[s] = g->facts[s].n;
            if (g->snap[s] > g->prev[s]) fresh = 1;
        }
        if (!fresh || g->st) return;
        for (uint32_t r = 0; r < p->nrules && !g->st; r++) {
            g->rule = &p->rules[r];
            g->npos = count_pos(p, g->rule);
            for (uint32_t d = 0; d < g->npos && !g->st; d++) {
                uint32_t rel = p->lits[g->rule->body + d].rel;
                if (g->snap[rel] <= g->prev[rel]) continue;
                g->delta = d;
                plan(g);
                for (uint32_t v = 0; v < 256; v++) g->bind[v] = UINT32_MAX;
                join(g, 0);
            }
        }
        memcpy(g->prev, g->snap, g->nsym * sizeof *g->prev);
    }
}

/* ---- evaluating the network ---- */

static inline int fires(const uint8_t *val, const uint32_t *c)
{
    uint32_t np = c[1], nn = c[2];
    const uint32_t *l = c + 3;
    for (uint32_t k = 0; k < np; k++)
        if (!val[l[k]]) return 0;
    for (uint32_t k = 0; k < nn; k++)
        if (val[l[np + k]]) return 0;
    return 1;
}

static void run_segs(uint8_t *val, const uint32_t *code, const gdl_seg *segs, uint32_t nsegs)
{
    for (uint32_t s = 0; s < nsegs; s++) {
        const gdl_seg *sg = &segs[s];
        int changed;
        do {
            changed = 0;
            for (uint32_t pc = sg->start; pc < sg->end; pc += 3 + code[pc + 1] + code[pc + 2]) {
                if (val[code[pc]]) continue;
                if (fires(val, code + pc)) val[code[pc]] = 1, changed = 1;
            }
        } while (sg->rec && changed);
    }
}

void gdl_eval_state(gdl_net *n, const uint64_t *bits)
{
    n->stamp++;
    memset(n->val + n->base0, 0, n->state1 - n->base0);
    for (uint32_t w = 0; w < n->words; w++) {
        uint64_t x = bits[w];
        while (x) {
            uint32_t b = (uint32_t)__builtin_ctzll(x);
            x &= x - 1;
            n->val[n->base0 + w * 64 + b] = 1;
        }
    }
    /* terminal first; then the goals of a terminal state, or the legal
     * moves and what the moves read of any other (the cones, see below) */
    run_segs(n->val, n->cone_code, n->cone_segs[0], n->ncone_segs[0]);
    if (n->terminal >= 0 && n->val[n->terminal]) {
        run_segs(n->val, n->cone_code, n->cone_segs[2], n->ncone_segs[2]);
        return;
    }
    run_segs(n->val, n->cone_code, n->cone_segs[1], n->ncone_segs[1]);
    /* the frame rules: next facts that follow from the state alone */
    memset(n->frame, 0, n->words * sizeof *n->frame);
    for (uint32_t pc = n->frame0; pc < n->frame1; pc += 3 + n->code[pc + 1] + n->code[pc + 2]) {
        if (!fires(n->val, n->code + pc)) continue;
        uint32_t b = n->code[pc] & ~GDL_NEXT_BIT;
        n->frame[b >> 6] |= 1ull << (b & 63);
    }
}

/* One move-phase rule: into the next state's bits, or into an atom. */
static inline void fire_move(uint8_t *val, uint64_t *out, const uint32_t *c)
{
    uint32_t h = c[0];
    if (h & GDL_NEXT_BIT) {
        if (fires(val, c)) out[(h & ~GDL_NEXT_BIT) >> 6] |= 1ull << (h & 63);
    } else if (!val[h] && fires(val, c)) {
        val[h] = 1;
    }
}

void gdl_eval_next(gdl_net *n, const int32_t *choice, int nroles, uint64_t *out)
{
    uint8_t *val = n->val;
    const uint32_t *code = n->code;
    memset(val + n->does0, 0, n->natoms - n->does0);
    memcpy(out, n->frame, n->words * sizeof *out);
    uint32_t at[PP_GDL_MAX_ROLES] = {0}, end[PP_GDL_MAX_ROLES] = {0};
    for (int r = 0; r < nroles; r++) {
        if (choice[r] < 0) continue;
        uint32_t d = n->moves[r][choice[r]].does;
        val[d] = 1;
        at[r] = n->bucket_off[d - n->does0];
        end[r] = n->bucket_off[d - n->does0 + 1];
    }
    /* segment by segment: its rules for every move, then those of the moves
     * made (a recursive segment holds no next rule: nothing reads next) */
    for (uint32_t s = 0; s < n->nmove_segs; s++) {
        const gdl_seg *sg = &n->move_segs[s];
        if (sg->rec) run_segs(val, code, sg, 1);
        else
            for (uint32_t pc = sg->start; pc < sg->end; pc += 3 + code[pc + 1] + code[pc + 2])
                fire_move(val, out, code + pc);
        for (int r = 0; r < nroles; r++)
            for (; at[r] < end[r] && n->bucket_seg[at[r]] == s; at[r]++) fire_move(val, out, code + n->bucket[at[r]]);
    }
    for (uint32_t i = 0; i < n->nnext; i++)
        if (val[n->next_atom[i]]) out[n->next_base[i] >> 6] |= 1ull << (n->next_base[i] & 63);
}

/* ---- Step 2: the network ---- */

/* The state phase split by what reads it: cone 0 what terminal depends on,
 * cone 1 (less cone 0) what legal and the move phase read, cone 2 (less
 * cone 0) what the goals read. A state runs cone 0, then 2 if terminal,
 * else 1; rules nothing reads are dropped. */
static int build_cones(gdl_net *n)
{
    uint32_t nrec = 0, words = 0;
    for (uint32_t s = 0; s < n->nstate_segs; s++)
        for (uint32_t pc = n->state_segs[s].start; pc < n->state_segs[s].end;
             pc += 3 + n->code[pc + 1] + n->code[pc + 2])
            nrec++, words += 3 + n->code[pc + 1] + n->code[pc + 2];
    uint8_t *need = calloc(n->natoms + 1, 1);
    uint32_t *at = malloc((nrec + 1) * sizeof *at), *seg_of = malloc((nrec + 1) * sizeof *seg_of);
    n->cone_code = malloc(((size_t)2 * words + 1) * sizeof *n->cone_code);
    for (int c = 0; c < 3; c++) n->cone_segs[c] = malloc((n->nstate_segs + 1) * sizeof *n->cone_segs[c]);
    if (!need || !at || !seg_of || !n->cone_code || !n->cone_segs[0] || !n->cone_segs[1] || !n->cone_segs[2]) {
        free(need), free(at), free(seg_of);
        return 0;
    }
    uint32_t k = 0;
    for (uint32_t s = 0; s < n->nstate_segs; s++)
        for (uint32_t pc = n->state_segs[s].start; pc < n->state_segs[s].end;
             pc += 3 + n->code[pc + 1] + n->code[pc + 2])
            at[k] = pc, seg_of[k++] = s;
    /* the roots */
    if (n->terminal >= 0) need[n->terminal] |= 1;
    for (int r = 0; r < PP_GDL_MAX_ROLES; r++) {
        for (uint32_t i = 0; i < n->nmoves[r]; i++) need[n->moves[r][i].legal] |= 2;
        for (uint32_t i = 0; i < n->ngoals[r]; i++) need[n->goals[r][i].atom] |= 4;
    }
    for (uint32_t i = 0; i < n->nnext; i++) need[n->next_atom[i]] |= 2;
    {
        /* the move phase's rules read state atoms: all of them are after
         * the state segments in code */
        uint32_t from = 0;
        for (uint32_t s = 0; s < n->nstate_segs; s++)
            if (n->state_segs[s].end > from) from = n->state_segs[s].end;
        for (uint32_t pc = from; pc < n->ncode; pc += 3 + n->code[pc + 1] + n->code[pc + 2])
            for (uint32_t j = 0; j < n->code[pc + 1] + n->code[pc + 2]; j++) need[n->code[pc + 3 + j]] |= 2;
    }
    /* backwards through the state phase; a recursive segment until settled */
    for (uint32_t s = n->nstate_segs; s-- > 0;) {
        int changed;
        do {
            changed = 0;
            for (uint32_t i = nrec; i-- > 0;) {
                if (seg_of[i] != s) continue;
                const uint32_t *c = n->code + at[i];
                uint8_t m = need[c[0]];
                for (uint32_t j = 0; j < c[1] + c[2]; j++) {
                    if ((need[c[3 + j]] | m) != need[c[3 + j]]) need[c[3 + j]] |= m, changed = 1;
                }
            }
        } while (n->state_segs[s].rec && changed);
    }
    /* the three lists, each in the state phase's order */
    uint32_t w = 0;
    for (int c = 0; c < 3; c++) {
        n->ncone_segs[c] = 0;
        for (uint32_t s = 0; s < n->nstate_segs; s++) {
            gdl_seg sg = {w, w, n->state_segs[s].rec};
            for (uint32_t i = 0; i < nrec; i++) {
                if (seg_of[i] != s) continue;
                const uint32_t *rc = n->code + at[i];
                uint8_t m = need[rc[0]];
                int take = c == 0 ? (m & 1) : c == 1 ? (m & 2) && !(m & 1) : (m & 4) && !(m & 1);
                if (!take) continue;
                uint32_t len = 3 + rc[1] + rc[2];
                memcpy(n->cone_code + w, rc, len * sizeof *rc);
                w += len;
            }
            sg.end = w;
            if (sg.end > sg.start) n->cone_segs[c][n->ncone_segs[c]++] = sg;
        }
    }
    free(need), free(at), free(seg_of);
    return 1;
}

/* A relation SCC with a (not ...) inside: its ground rules recs[0 .. n)
 * (indices into rec_at) ordered by the SCCs of their ground atoms, as
 * groups; a negation inside a ground SCC is unstratified negation (the
 * source literals named, PP_ERR_INPUT). node_of: by ground term,
 * UINT32_MAX, left so. `merge`: consecutive acyclic ground SCCs share a
 * group (one pass in this order evaluates them). */
static pp_status stratify(grounder *g, uint32_t scc, uint32_t *recs, uint32_t n, uint32_t at, uint32_t *node_of,
                          int merge, groups *gr)
{
    const gdl_prog *p = g->p;
    const uint32_t *code = g->code.v;
    pp_status st = PP_OK;
    uint32_t nn = 0, ne = 0;
    uint32_t *nodes = malloc(((size_t)n + 1) * sizeof *nodes);
    for (uint32_t i = 0; i < n && nodes; i++) {
        const uint32_t *c = code + g->rec_at.v[recs[i]];
        if (node_of[c[0]] == UINT32_MAX) node_of[c[0]] = nn, nodes[nn++] = c[0];
        for (uint32_t j = 0; j < c[1] + c[2]; j++) ne++;
    }
    uint32_t *off = calloc((size_t)nn + 2, sizeof *off), *adj = malloc(((size_t)ne + 1) * sizeof *adj);
    uint8_t *neg = malloc((size_t)ne + 1);
    uint32_t *comp = malloc(((size_t)nn + 1) * sizeof *comp), *cnt = NULL, *tmp = malloc(((size_t)n + 1) * sizeof *tmp);
    uint8_t *crec = NULL;
    if (!nodes || !off || !adj || !neg || !comp || !tmp) {
        st = pp__fail(g->err, PP_ERR_NOMEM, "out of memory ordering the ground rules");
        goto out;
    }
    /* edges body atom -> head atom, CSR by body atom */
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t *c = code + g->rec_at.v[recs[i]];
        for (uint32_t j = 0; j < c[1] + c[2]; j++)
            if (c[3 + j] < p->ngt && node_of[c[3 + j]] != UINT32_MAX) off[node_of[c[3 + j]] + 2]++;
    }
    for (uint32_t v = 0; v < nn; v++) off[v + 2] += off[v + 1];
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t *c = code + g->rec_at.v[recs[i]];
        for (uint32_t j = 0; j < c[1] + c[2]; j++) {
            if (c[3 + j] >= p->ngt || node_of[c[3 + j]] == UINT32_MAX) continue;
            uint32_t e = off[node_of[c[3 + j]] + 1]++;
            adj[e] = node_of[c[0]];
            neg[e] = j >= c[1];
        }
    }
    uint32_t ncomp = 0;
    st = gdl_scc(nn, off, adj, comp, &ncomp, g->err);
    if (st != PP_OK) goto out;
    cnt = calloc((size_t)ncomp + 1, sizeof *cnt);
    crec = calloc((size_t)ncomp + 1, 1);
    if (!cnt || !crec) {
        st = pp__fail(g->err, PP_ERR_NOMEM, "out of memory ordering the ground rules");
        goto out;
    }
    int cycle = 0;
    for (uint32_t v = 0; v < nn; v++)
        for (uint32_t e = off[v]; e < off[v + 1]; e++) {
            if (comp[adj[e]] != comp[v]) continue;
            crec[comp[v]] = 1;
            if (neg[e]) cycle = 1;
        }
    if (cycle) {
        /* every (not ...) of the relation cycle, as the relations' check said */
        for (uint32_t r = 0; r < p->nrules; r++) {
            const gdl_rule *rule = &p->rules[r];
            if (g->o->rel_scc[rule->head.rel] != scc) continue;
            for (uint32_t l = 0; l < rule->nbody; l++) {
                const gdl_lit *lit = &p->lits[rule->body + l];
                if (lit->kind != GDL_L_NEG || g->o->rel_scc[lit->rel] != scc) continue;
                const char *h = gdl_sym_name(&p->syms, rule->head.rel);
                gdl_diag(g->ds, lit->line, lit->col,
                         "unstratified negation: %s depends on (not %s), which depends on %s in turn", h,
                         gdl_sym_name(&p->syms, lit->rel), h);
            }
        }
        st = PP_ERR_INPUT;
        goto out;
    }
    /* the records by their head's component (a stable counting sort) */
    for (uint32_t i = 0; i < n; i++) cnt[comp[node_of[code[g->rec_at.v[recs[i]]]]] + 1]++;
    for (uint32_t c = 0; c < ncomp; c++) cnt[c + 1] += cnt[c];
    for (uint32_t c = 0; c < ncomp; c++) {
        uint32_t s0 = cnt[c];
        if (merge && !crec[c] && gr->n && !gr->rec[gr->n - 1] && c > 0) continue; /* one pass goes on */
        gr->start[gr->n] = at + s0;
        gr->rec[gr->n++] = crec[c];
    }
    for (uint32_t i = 0; i < n; i++) tmp[cnt[comp[node_of[code[g->rec_at.v[recs[i]]]]]]++] = recs[i];
    memcpy(recs, tmp, n * sizeof *recs);
out:
    for (uint32_t v = 0; v < nn && nodes; v++) node_of[nodes[v]] = UINT32_MAX;
    free(nodes), free(off), free(adj), free(neg), free(comp), free(cnt), free(tmp), free(crec);
    return st;
}

/* ---- Step 2 in phases: the network from the ground rules ----
 *
 * gdl_ground runs these in order over the grounder, each a function:
 *   2.1 number_atoms   the atoms by block (static, true, state, does, move)
 *   2.2 order_records  the ground rules in the order of their head's SCC
 *   2.3 make_groups    the groups they run in (stratify inside a (not ...))
 *   2.4 eval_static    the static phase, evaluated once
 *   2.5 fold_rules     the static atoms folded out, the rest into segments,
 *                      frame rules and does buckets
 *   2.6 read_parts     moves, goals, terminal, next, init
 *   2.7 mark_frame     the frame rules' heads as base propositions
 *   2.8 build_cones    the state phase split by what reads it
 * A phase that fails says why in err (or ds) and returns its status; the
 * grounder's memory is freed once, at the end. */

static pp_status no_memory(grounder *g) { return pp__fail(g->err, PP_ERR_NOMEM, "out of memory for the network"); }

/* The block of every fact's atom (phase_of), the atoms numbered block by
 * block (atom_of, net->atom_term, net->base_term) and the blocks' bounds. */
static pp_status number_atoms(grounder *g)
{
    const gdl_prog *p = g->p;
    gdl_net *net = g->net;
    uint32_t ngt = g->ngt = p->ngt;
    g->atom_of = malloc((size_t)ngt * sizeof *g->atom_of);
    g->phase_of = malloc(ngt ? ngt : 1);
    if (!g->atom_of || !g->phase_of) return pp__fail(g->err, PP_ERR_NOMEM, "out of memory grounding the rules");
    uint32_t *counts = g->counts;
    for (uint32_t t = 0; t < ngt; t++) {
        g->atom_of[t] = UINT32_MAX;
        if (t >= g->isfact_cap || !g->isfact[t]) continue;
        uint32_t rel = p->gt[t].sym;
        uint8_t b = rel == g->s_true                        ? 1
                    : rel == g->s_does                      ? 3
                    : g->o->rel_phase[rel] == GDL_PH_STATIC ? 0
                    : g->o->rel_phase[rel] == GDL_PH_STATE  ? 2
                                                            : 4;
        g->phase_of[t] = b;
        counts[b]++;
    }
    uint32_t start[5], fill[5];
    start[0] = 0;
    for (int b = 1; b < 5; b++) start[b] = start[b - 1] + counts[b - 1];
    memcpy(fill, start, sizeof fill);
    net->natoms = start[4] + counts[4];
    net->base0 = start[1];
    net->nbase = counts[1];
    net->state1 = start[3];
    net->does0 = start[3];
    if (net->nbase > PP_GDL_MAX_BASE)
        return pp__fail(g->err, PP_ERR_LIMIT, "%u base propositions (facts a state may hold), over the limit of %u",
                        net->nbase, PP_GDL_MAX_BASE);
    net->val = calloc(net->natoms ? net->natoms : 1, 1);
    net->atom_term = malloc((net->natoms ? net->natoms : 1) * sizeof *net->atom_term);
    net->base_term = malloc((net->nbase ? net->nbase : 1) * sizeof *net->base_term);
    if (!net->val || !net->atom_term || !net->base_term) return no_memory(g);
    for (uint32_t t = 0; t < ngt; t++) {
        if (t >= g->isfact_cap || !g->isfact[t]) continue;
        uint32_t a = fill[g->phase_of[t]]++;
        g->atom_of[t] = a;
        net->atom_term[a] = t;
        if (g->phase_of[t] == 1) net->base_term[a - net->base0] = p->gargs[p->gt[t].args];
    }
    return PP_OK;
}

/* The relation SCC of ground record r's head */
static uint32_t rec_scc(const grounder *g, uint32_t r)
{
    return g->o->rel_scc[g->p->gt[g->code.v[g->rec_at.v[r]]].sym];
}

/* The records in the order of their head's relation SCC (a counting sort) */
static pp_status order_records(grounder *g)
{
    uint32_t nrec = g->rec_at.n, nscc = g->o->nscc;
    uint32_t *cnt = calloc((size_t)nscc + 1, sizeof *cnt);
    g->order = malloc((nrec ? nrec : 1) * sizeof *g->order);
    if (!cnt || !g->order) {
        free(cnt);
        return no_memory(g);
    }
    for (uint32_t r = 0; r < nrec; r++) cnt[rec_scc(g, r) + 1]++;
    for (uint32_t k = 0; k < nscc; k++) cnt[k + 1] += cnt[k];
    for (uint32_t r = 0; r < nrec; r++) g->order[cnt[rec_scc(g, r)]++] = r;
    free(cnt);
    return PP_OK;
}

/* The groups: one per relation SCC, or, when a (not ...) sits inside one,
 * by the ground atoms' SCCs (stratify). */
static pp_status make_groups(grounder *g)
{
    const gdl_prog *p = g->p;
    const gdl_order *o = g->o;
    uint32_t nrec = g->rec_at.n, nscc = o->nscc;
    groups *grp = &g->grp;
    grp->start = malloc(((size_t)nrec + nscc + 2) * sizeof *grp->start);
    grp->rec = malloc((size_t)nrec + nscc + 2);
    g->node_of = malloc(((size_t)p->ngt + 1) * sizeof *g->node_of);
    if (!grp->start || !grp->rec || !g->node_of) return no_memory(g);
    for (uint32_t t = 0; t < p->ngt; t++) g->node_of[t] = UINT32_MAX;
    for (uint32_t k = 0, k1; k < nrec; k = k1) {
        uint32_t scc = rec_scc(g, g->order[k]);
        for (k1 = k; k1 < nrec && rec_scc(g, g->order[k1]) == scc; k1++) {}
        if (o->scc_neg_lit[scc] == UINT32_MAX) {
            grp->start[grp->n] = k;
            grp->rec[grp->n++] = o->scc_rec[scc];
            continue;
        }
        int merge = g->phase_of[g->code.v[g->rec_at.v[g->order[k]]]] != 4;
        pp_status st = stratify(g, scc, g->order + k, k1 - k, k, g->node_of, merge, grp);
        if (st) return st;
    }
    grp->start[grp->n] = nrec;
    return PP_OK;
}

/* The block of group gi's heads */
static uint8_t group_phase(const grounder *g, uint32_t gi)
{
    return g->phase_of[g->code.v[g->rec_at.v[g->order[g->grp.start[gi]]]]];
}

/* The static phase: evaluated once, in place on ground-term ids mapped to atoms */
static void eval_static(grounder *g)
{
    uint8_t *val = g->net->val;
    const uint32_t *atom_of = g->atom_of;
    for (uint32_t gi = 0; gi < g->grp.n; gi++) {
        if (group_phase(g, gi) != 0) continue;
        uint32_t k = g->grp.start[gi], k1 = g->grp.start[gi + 1];
        int changed;
        do {
            changed = 0;
            for (uint32_t i = k; i < k1; i++) {
                const uint32_t *c = g->code.v + g->rec_at.v[g->order[i]];
                uint32_t h = atom_of[c[0]];
                if (val[h]) continue;
                int ok = 1;
                for (uint32_t j = 0; j < c[1] && ok; j++) ok = val[atom_of[c[3 + j]]];
                for (uint32_t j = 0; j < c[2] && ok; j++) {
                    uint32_t a = atom_of[c[3 + c[1] + j]];
                    ok = a == UINT32_MAX || !val[a];
                }
                if (ok) val[h] = 1, changed = 1;
            }
        } while (g->grp.rec[gi] && changed);
    }
}

/* The fold's output besides net->code: the frame rules and the bucketed
 * ones wait here until every segment is written, and identical ground
 * rules (or's branches often give them) are kept once, through a table of
 * the group's records emptied by a new generation. */
typedef struct folder {
    uint32_t *fcode, nfcode;        /* frame rules */
    uint32_t *bcode, nbcode;        /* bucketed rules */
    uint32_t *bucket_of, nbucketed; /* by bucketed rule: its does atom's index */
    const uint32_t **dptr;          /* the table: a kept record */
    uint32_t *dgen, gen, dcap;      /* its slots' generations, this group's, its size */
    int next_read;                  /* a rule reads next (then no frame rules) */
    uint32_t ndoes;
} folder;

/* Ground record c with the static atoms folded out, as atoms, into out;
 * 0 when a static literal fails it, else its length. *trigger: its first
 * positive does atom (UINT32_MAX: none); *moved: it reads the move block. */
static uint32_t fold_record(const grounder *g, const folder *f, const uint32_t *c, uint32_t *out, uint32_t *trigger,
                            int *moved)
{
    const gdl_net *net = g->net;
    uint32_t np = 0, nn = 0;
    *trigger = UINT32_MAX, *moved = 0;
    out[0] = g->atom_of[c[0]];
    for (uint32_t j = 0; j < c[1]; j++) {
        uint32_t a = g->atom_of[c[3 + j]];
        if (a < net->base0) {
            if (!net->val[a]) return 0;
            continue;
        }
        if (a >= net->does0 && a < net->does0 + f->ndoes && *trigger == UINT32_MAX) *trigger = a;
        if (a >= net->does0) *moved = 1;
        out[3 + np++] = a;
    }
    for (uint32_t j = 0; j < c[2]; j++) {
        uint32_t a = g->atom_of[c[3 + c[1] + j]];
        if (a == UINT32_MAX) continue;
        if (a < net->base0) {
            if (net->val[a]) return 0;
            continue;
        }
        if (a >= net->does0) *moved = 1;
        out[3 + np + nn++] = a;
    }
    out[1] = np;
    out[2] = nn;
    return 3 + np + nn;
}

/* The slot of record out (len words) in the dedupe table: a free one of
 * this generation's, or the one holding the same record */
static uint32_t dedupe_slot(const folder *f, const uint32_t *out, uint32_t len)
{
    uint32_t h = 2166136261u, slot;
    for (uint32_t j = 0; j < len; j++) h = (h ^ out[j]) * 16777619u;
    for (slot = h & (f->dcap - 1); f->dgen[slot] == f->gen; slot = (slot + 1) & (f->dcap - 1))
        if (f->dptr[slot][1] == out[1] && f->dptr[slot][2] == out[2] &&
            memcmp(f->dptr[slot], out, len * sizeof *out) == 0)
            break;
    return slot;
}

/* Group gi's records folded (phase ph: 2 state, 4 move) into net->code as
 * one segment; in the move phase, a rule naming a does atom goes into that
 * atom's bucket (tagged with its segment, so the order stays), and a next
 * rule reading only the state is a frame rule, run once a state (when
 * nothing reads next). */
static void fold_group(grounder *g, folder *f, uint32_t gi, int ph)
{
    gdl_net *net = g->net;
    uint32_t k = g->grp.start[gi], k1 = g->grp.start[gi + 1];
    gdl_seg seg = {net->ncode, 0, g->grp.rec[gi]};
    uint32_t seg_index = net->nmove_segs;
    f->gen++;
    for (uint32_t i = k; i < k1; i++) {
        const uint32_t *c = g->code.v + g->rec_at.v[g->order[i]];
        uint32_t *out = net->code + net->ncode, trigger;
        int moved;
        uint32_t len = fold_record(g, f, c, out, &trigger, &moved);
        if (!len) continue;
        int next_head = ph == 4 && !f->next_read && g->p->gt[c[0]].sym == g->s_next;
        if (next_head) out[0] |= GDL_NEXT_BIT; /* see mark_frame */
        uint32_t slot = dedupe_slot(f, out, len);
        if (f->dgen[slot] == f->gen) continue; /* the same rule again */
        f->dgen[slot] = f->gen;
        net->ground_rules++;
        if (next_head && !moved) {
            memcpy(f->fcode + f->nfcode, out, len * sizeof *out); /* a frame rule */
            f->dptr[slot] = f->fcode + f->nfcode;
            f->nfcode += len;
            continue;
        }
        if (ph == 4 && !seg.rec && trigger != UINT32_MAX) {
            memcpy(f->bcode + f->nbcode, out, len * sizeof *out); /* into trigger's bucket */
            f->dptr[slot] = f->bcode + f->nbcode;
            f->bucket_of[f->nbucketed] = trigger - net->does0;
            net->bucket_seg[f->nbucketed] = seg_index;
            net->bucket[f->nbucketed++] = f->nbcode;
            f->nbcode += len;
            continue;
        }
        f->dptr[slot] = out;
        net->ncode += len;
    }
    seg.end = net->ncode;
    if (ph == 2) {
        if (seg.end > seg.start) net->state_segs[net->nstate_segs++] = seg;
    } else {
        net->move_segs[net->nmove_segs++] = seg; /* even empty: its buckets name it */
    }
}

/* The frame rules, then the bucketed ones, after the segments; the buckets
 * as CSR by does atom, each in segment order (a stable sort). */
static pp_status place_tail(grounder *g, const folder *f)
{
    gdl_net *net = g->net;
    uint32_t ndoes = f->ndoes, nb = f->nbucketed;
    net->move0 = net->nmove_segs ? net->move_segs[0].start : net->ncode;
    net->frame0 = net->ncode;
    memcpy(net->code + net->ncode, f->fcode, f->nfcode * sizeof *f->fcode);
    net->ncode += f->nfcode;
    net->frame1 = net->ncode;
    memcpy(net->code + net->ncode, f->bcode, f->nbcode * sizeof *f->bcode);
    for (uint32_t i = 0; i < nb; i++) net->bucket[i] += net->ncode;
    net->ncode += f->nbcode;
    for (uint32_t i = 0; i < nb; i++) net->bucket_off[f->bucket_of[i] + 1]++;
    for (uint32_t d = 0; d < ndoes; d++) net->bucket_off[d + 1] += net->bucket_off[d];
    uint32_t *tmp = malloc(((size_t)nb + 1) * sizeof *tmp), *tseg = malloc(((size_t)nb + 1) * sizeof *tseg),
             *pos = malloc(((size_t)ndoes + 1) * sizeof *pos);
    if (!tmp || !tseg || !pos) {
        free(tmp), free(tseg), free(pos);
        return no_memory(g);
    }
    memcpy(pos, net->bucket_off, ndoes * sizeof *pos);
    for (uint32_t i = 0; i < nb; i++) {
        uint32_t at = pos[f->bucket_of[i]]++;
        tmp[at] = net->bucket[i];
        tseg[at] = net->bucket_seg[i];
    }
    memcpy(net->bucket, tmp, nb * sizeof *tmp);
    memcpy(net->bucket_seg, tseg, nb * sizeof *tseg);
    free(tmp), free(tseg), free(pos);
    return PP_OK;
}

/* The static atoms folded out of the other ground rules, which go into
 * segments per (phase, SCC), the frame rules and the does buckets. */
static pp_status fold_rules(grounder *g)
{
    const gdl_prog *p = g->p;
    gdl_net *net = g->net;
    uint32_t nrec = g->rec_at.n;
    folder f = {0};
    for (uint32_t r = 0; r < p->nrules; r++)
        for (uint32_t l = 0; l < p->rules[r].nbody; l++)
            if (p->lits[p->rules[r].body + l].rel == g->s_next) f.next_read = 1;
    f.ndoes = g->counts[3];
    net->code = malloc(((size_t)g->code.n + 1) * sizeof *net->code);
    net->state_segs = malloc(((size_t)g->grp.n + 1) * sizeof *net->state_segs);
    net->move_segs = malloc(((size_t)g->grp.n + 1) * sizeof *net->move_segs);
    net->bucket_off = calloc((size_t)f.ndoes + 2, sizeof *net->bucket_off);
    net->bucket = malloc(((size_t)nrec + 1) * sizeof *net->bucket);
    net->bucket_seg = malloc(((size_t)nrec + 1) * sizeof *net->bucket_seg);
    f.bucket_of = malloc(((size_t)nrec + 1) * sizeof *f.bucket_of);
    f.bcode = malloc(((size_t)g->code.n + 1) * sizeof *f.bcode);
    f.fcode = malloc(((size_t)g->code.n + 1) * sizeof *f.fcode);
    f.dcap = 64;
    while (f.dcap < 2 * (nrec + 1)) f.dcap *= 2;
    f.dptr = calloc(f.dcap, sizeof *f.dptr);
    f.dgen = calloc(f.dcap, sizeof *f.dgen);
    pp_status st = PP_OK;
    if (!f.bcode || !f.fcode || !net->code || !net->state_segs || !net->move_segs || !net->bucket_off || !net->bucket ||
        !net->bucket_seg || !f.bucket_of || !f.dptr || !f.dgen) {
        st = no_memory(g);
    } else {
        for (int ph = 2; ph <= 4; ph += 2) /* state-derived heads, then move-derived */
            for (uint32_t gi = 0; gi < g->grp.n; gi++)
                if (group_phase(g, gi) == ph) fold_group(g, &f, gi, ph);
        st = place_tail(g, &f);
    }
    g->next_read = f.next_read;
    free(f.dptr), free(f.dgen), free(f.bucket_of), free(f.bcode), free(f.fcode);
    return st;
}

static int parse_int(const char *s, int32_t *out)
{
    int neg = *s == '-';
    if (neg) s++;
    if (!*s) return 0;
    int64_t v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return 0;
        v = v * 10 + (*s - '0');
        if (v > 1000000000) return 0;
    }
    *out = (int32_t)(neg ? -v : v);
    return 1;
}

/* The base proposition of true(args[0]) into *b; 0 when true(...) of it is
 * no fact (a status in *st when interning failed). */
static int true_base(grounder *g, const uint32_t *args, uint32_t *b, pp_status *st)
{
    uint32_t tt;
    if ((*st = gdl_gterm_intern(g->p, g->s_true, 1, args, &tt, g->err))) return 0;
    if (tt >= g->ngt || g->atom_of[tt] == UINT32_MAX) return 0;
    *b = g->atom_of[tt] - g->net->base0;
    return 1;
}

/* Goal atom a of role r with value term args[1]: the spec wants a whole
 * number from 0 to 100. */
static pp_status read_goal(grounder *g, int r, uint32_t a, const uint32_t *args)
{
    const gdl_prog *p = g->p;
    gdl_net *net = g->net;
    int32_t v;
    if (!parse_int(gdl_sym_name(&p->syms, p->gt[args[1]].sym), &v) || p->gt[args[1]].arity || v < 0 || v > 100) {
        char buf[64];
        gdl_gterm_print(p, args[1], buf, sizeof buf);
        uint32_t s = g->s_goal;
        gdl_diag(g->ds, p->rel_line[s], p->rel_col[s], "a goal value must be a whole number from 0 to 100, not %s",
                 buf);
        return PP_ERR_INPUT;
    }
    net->goals[r][net->ngoals[r]++] = (gdl_goal){a, v};
    if (v < net->goal_lo) net->goal_lo = v;
    if (v > net->goal_hi) net->goal_hi = v;
    return PP_OK;
}

/* The game's parts: moves, goals, terminal, next, init */
static pp_status read_parts(grounder *g)
{
    gdl_prog *p = g->p;
    gdl_net *net = g->net;
    pp_status st = PP_OK;
    net->words = (net->nbase + 63) / 64;
    if (!net->words) net->words = 1;
    net->init = calloc(net->words, sizeof *net->init);
    net->next_atom = malloc((net->natoms + 1) * sizeof *net->next_atom);
    net->next_base = malloc((net->natoms + 1) * sizeof *net->next_base);
    for (int r = 0; r < p->nroles; r++) {
        net->moves[r] = malloc((net->natoms + 1) * sizeof *net->moves[r]);
        net->goals[r] = malloc((net->natoms + 1) * sizeof *net->goals[r]);
        if (!net->moves[r] || !net->goals[r]) st = PP_ERR_NOMEM;
    }
    if (st || !net->init || !net->next_atom || !net->next_base) return no_memory(g);
    net->goal_lo = INT32_MAX;
    net->goal_hi = INT32_MIN;
    for (uint32_t a = 0; a < net->natoms; a++) {
        const gdl_gterm *gt = &p->gt[net->atom_term[a]];
        const uint32_t *args = p->gargs + gt->args;
        uint32_t b;
        if (gt->sym == g->s_terminal) net->terminal = (int32_t)a;
        else if (gt->sym == g->s_next) {
            /* true(F) is a fact whenever next(F) is (step 1) */
            if (true_base(g, args, &b, &st)) {
                net->next_atom[net->nnext] = a;
                net->next_base[net->nnext++] = b;
            }
        } else if (gt->sym == g->s_init) {
            if (true_base(g, args, &b, &st) && net->val[a]) net->init[b >> 6] |= 1ull << (b & 63);
        } else if (gt->sym == g->s_legal || gt->sym == g->s_goal) {
            int r = -1;
            for (int k = 0; k < p->nroles; k++)
                if (p->roles[k] == args[0]) r = k;
            if (r < 0) continue; /* a role never declared has no say */
            if (gt->sym == g->s_goal) st = read_goal(g, r, a, args);
            else {
                uint32_t dt;
                if (!(st = gdl_gterm_intern(p, g->s_does, 2, args, &dt, g->err)))
                    net->moves[r][net->nmoves[r]++] = (gdl_move){a, g->atom_of[dt], args[1]};
            }
        }
        if (st) return st;
    }
    if (net->goal_lo > net->goal_hi) net->goal_lo = net->goal_hi = 0;
    return PP_OK;
}

/* The frame rules' heads as base propositions. A move-phase rule whose
 * head is a next atom nothing reads sets the next state's bit itself
 * (GDL_NEXT_BIT | base): those atoms need no value, no reset and no scan;
 * the scan keeps the other next atoms. */
static pp_status mark_frame(grounder *g)
{
    gdl_net *net = g->net;
    net->frame = calloc(net->words, sizeof *net->frame);
    net->base_of_next = malloc((net->natoms - net->does0 + 1) * sizeof *net->base_of_next);
    if (!net->frame || !net->base_of_next) return no_memory(g);
    for (uint32_t i = 0; i < net->nnext; i++)
        if (net->next_atom[i] >= net->does0) net->base_of_next[net->next_atom[i] - net->does0] = net->next_base[i];
    for (uint32_t pc = net->move0; pc < net->ncode; pc += 3 + net->code[pc + 1] + net->code[pc + 2])
        if (net->code[pc] & GDL_NEXT_BIT)
            net->code[pc] = GDL_NEXT_BIT | net->base_of_next[(net->code[pc] & ~GDL_NEXT_BIT) - net->does0];
    uint32_t k = 0;
    for (uint32_t i = 0; i < net->nnext; i++) {
        if (!g->next_read && net->next_atom[i] >= net->does0) continue;
        net->next_atom[k] = net->next_atom[i];
        net->next_base[k++] = net->next_base[i];
    }
    net->nnext = k;
    return PP_OK;
}

static void grounder_free(grounder *g)
{
    if (g->facts)
        for (uint32_t s = 0; s < g->nsym; s++) free(g->facts[s].v);
    for (uint32_t l = 0; l < g->nlists; l++) free(g->lists[l].v);
    free(g->facts), free(g->prev), free(g->snap), free(g->isfact), free(g->ikey), free(g->ilist), free(g->lists);
    free(g->code.v), free(g->rec_at.v);
    free(g->atom_of), free(g->order), free(g->phase_of), free(g->node_of), free(g->grp.start), free(g->grp.rec);
    free(g);
}

pp_status gdl_ground(gdl_prog *p, const gdl_order *o, gdl_net *net, gdl_diags *ds, pp_error *err)
{
    grounder *g = calloc(1, sizeof *g);
    if (!g) return pp__fail(err, PP_ERR_NOMEM, "out of memory grounding the rules");
    memset(net, 0, sizeof *net);
    net->terminal = -1;
    g->p = p;
    g->o = o;
    g->net = net;
    g->ds = ds;
    g->err = err;
    g->nsym = p->syms.n;
    g->s_true = sym_of(p, "true");
    g->s_does = sym_of(p, "does");
    g->s_init = sym_of(p, "init");
    g->s_next = sym_of(p, "next");
    g->s_legal = sym_of(p, "legal");
    g->s_goal = sym_of(p, "goal");
    g->s_terminal = sym_of(p, "terminal");
    g->s_role = sym_of(p, "role");
    g->facts = calloc(g->nsym, sizeof *g->facts);
    g->prev = calloc(g->nsym, sizeof *g->prev);
    g->snap = calloc(g->nsym, sizeof *g->snap);
    pp_status st = PP_OK;
    if (!g->facts || !g->prev || !g->snap) st = pp__fail(err, PP_ERR_NOMEM, "out of memory grounding the rules");
    if (!st) relaxed_fixpoint(g), st = g->st;
    if (!st) st = number_atoms(g);
    if (!st) st = order_records(g);
    if (!st) st = make_groups(g);
    if (!st) eval_static(g), st = fold_rules(g);
    if (!st) st = read_parts(g);
    if (!st) st = mark_frame(g);
    if (!st && !build_cones(net)) st = no_memory(g);
    grounder_free(g);
    return st;
}

void gdl_net_free(gdl_net *n)
{
    free(n->cone_code), free(n->cone_segs[0]), free(n->cone_segs[1]), free(n->cone_segs[2]);
    free(n->val), free(n->atom_term), free(n->base_term), free(n->code), free(n->state_segs), free(n->move_segs);
    free(n->bucket_off), free(n->bucket), free(n->bucket_seg), free(n->frame), free(n->base_of_next),
        free(n->next_atom), free(n->next_base), free(n->init);
    for (int r = 0; r < PP_GDL_MAX_ROLES; r++) free(n->moves[r]), free(n->goals[r]);
    memset(n, 0, sizeof *n);
}
