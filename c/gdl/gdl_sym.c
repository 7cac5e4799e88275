/*
 * The rules' symmetries, found from the grounded network alone.
 *
 * A symmetry is a permutation of the base propositions and of each role's
 * moves under which the rules are unchanged: legal(σs) = σ(legal(s)),
 * next(σs, σm) = σ(next(s, m)), goals and terminal the same. It preserves
 * every state's value, so a search may store one state of each orbit.
 *
 * Candidates come from the ground terms, with no knowledge of any game:
 * the constant arguments are grouped into slots (relation, position); the
 * slots with the same set of constants share a domain; a candidate reverses
 * the domain's order (numeric when every constant is a number, else by
 * name) on a subset of its slots, or swaps two slots of one relation on
 * every relation that has both. A candidate is accepted only after a proof:
 * every output (each next base proposition, each legal, goal and terminal
 * atom) is expanded into a hash-consed formula over the base and does
 * literals (derived atoms inlined, static ones folded, AND/OR children
 * sorted and deduplicated), and the formula of σ(x) must be, node for node,
 * the image under σ of x's formula. Past a size cap, or with recursive
 * rules, nothing is accepted (always sound). The accepted maps generate a
 * group, closed by composition up to GDL_SYM_MAX elements.
 */
#include <stdlib.h>
#include <string.h>
#include "gdl_internal.h"

enum { F_FALSE, F_TRUE, F_VAR, F_NOT, F_AND, F_OR };
#define F_CAP 2000000u

typedef struct {
    uint32_t *kind, *a, *n; /* node: kind, children kids[a..a+n) or var id in a */
    uint32_t nn, ncap;
    uint32_t *kids;
    uint32_t nk, kcap;
    uint32_t *tab;
    uint32_t tcap;
    int fail;
} fdag;

static uint32_t fhash(uint32_t kind, const uint32_t *c, uint32_t n, uint32_t v)
{
    uint64_t h = kind * 0x9E3779B97F4A7C15ull + v + n * 31u;
    for (uint32_t i = 0; i < n; i++) h = (h ^ c[i]) * 0x100000001B3ull;
    return (uint32_t)(h ^ (h >> 29));
}

static int grow(void **p, uint32_t *cap, uint32_t need, size_t sz)
{
    if (need <= *cap) return 0;
    uint32_t c = *cap ? *cap : 1024;
    while (c < need) c *= 2;
    void *q = realloc(*p, (size_t)c * sz);
    if (!q) return -1;
    *p = q, *cap = c;
    return 0;
}

static uint32_t f_make(fdag *d, uint32_t kind, const uint32_t *c, uint32_t n, uint32_t v)
{
    if (d->fail) return 0;
    if (d->nn >= F_CAP || d->nk + n >= 8 * F_CAP) {
        d->fail = 1;
        return 0;
    }
    if (d->nn * 2 >= d->tcap) {
        uint32_t nc = d->tcap ? d->tcap * 2 : 4096;
        uint32_t *t = calloc(nc, sizeof *t);
        if (!t) {
            d->fail = 1;
            return 0;
        }
        for (uint32_t i = 0; i < d->nn; i++) {
            uint32_t h = fhash(d->kind[i], d->kids + d->a[i], d->kind[i] == F_VAR ? 0 : d->n[i],
                               d->kind[i] == F_VAR ? d->a[i] : 0) &
                         (nc - 1);
            while (t[h]) h = (h + 1) & (nc - 1);
            t[h] = i + 1;
        }
        free(d->tab), d->tab = t, d->tcap = nc;
    }
    uint32_t h = fhash(kind, c, n, v) & (d->tcap - 1);
    for (; d->tab[h]; h = (h + 1) & (d->tcap - 1)) {
        uint32_t i = d->tab[h] - 1;
        if (d->kind[i] != kind) continue;
        if (kind == F_VAR) {
            if (d->a[i] == v) return i;
            continue;
        }
        if (d->n[i] == n && (!n || !memcmp(d->kids + d->a[i], c, n * sizeof *c))) return i;
    }
    if (d->nn + 1 > d->ncap) { /* kind, a and n share the capacity */
        uint32_t cap = d->ncap;
        uint32_t *na = NULL, *nn = NULL;
        if (grow((void **)&d->kind, &cap, d->nn + 1, sizeof *d->kind) ||
            !(na = realloc(d->a, (size_t)cap * sizeof *d->a))) {
            d->fail = 1;
            return 0;
        }
        d->a = na;
        if (!(nn = realloc(d->n, (size_t)cap * sizeof *d->n))) {
            d->fail = 1;
            return 0;
        }
        d->n = nn, d->ncap = cap;
    }
    uint32_t ok = d->kcap;
    if (grow((void **)&d->kids, &ok, d->nk + n + 1, sizeof *d->kids)) {
        d->fail = 1;
        return 0;
    }
    d->kcap = ok;
    uint32_t i = d->nn++;
    d->kind[i] = kind;
    if (kind == F_VAR) d->a[i] = v, d->n[i] = 0;
    else {
        d->a[i] = d->nk, d->n[i] = n;
        if (n) memcpy(d->kids + d->nk, c, n * sizeof *c);
        d->nk += n;
    }
    d->tab[h] = i + 1;
    return i;
}

static int cmp_u32(const void *x, const void *y)
{
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    return a < b ? -1 : a > b;
}

/* AND/OR of c[0..n) (c is scratch, modified): flattened, sorted, deduplicated. */
static uint32_t f_nary(fdag *d, uint32_t kind, uint32_t *c, uint32_t n)
{
    uint32_t unit = kind == F_AND ? F_TRUE : F_FALSE, zero = kind == F_AND ? F_FALSE : F_TRUE;
    uint32_t *buf = NULL, m = 0, cap = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t x = c[i];
        if (d->kind[x] == unit) continue;
        if (d->kind[x] == zero) {
            free(buf);
            return f_make(d, zero, NULL, 0, 0);
        }
        uint32_t cnt = d->kind[x] == kind ? d->n[x] : 1;
        if (grow((void **)&buf, &cap, m + cnt, sizeof *buf)) {
            free(buf);
            d->fail = 1;
            return 0;
        }
        if (d->kind[x] == kind) memcpy(buf + m, d->kids + d->a[x], cnt * sizeof *buf);
        else buf[m] = x;
        m += cnt;
    }
    if (m == 0) {
        free(buf);
        return f_make(d, unit, NULL, 0, 0);
    }
    qsort(buf, m, sizeof *buf, cmp_u32);
    uint32_t k = 0;
    for (uint32_t i = 0; i < m; i++)
        if (!k || buf[k - 1] != buf[i]) buf[k++] = buf[i];
    uint32_t r = k == 1 ? buf[0] : f_make(d, kind, buf, k, 0);
    free(buf);
    return r;
}

static uint32_t f_not(fdag *d, uint32_t x)
{
    if (d->fail) return 0;
    if (d->kind[x] == F_TRUE) return f_make(d, F_FALSE, NULL, 0, 0);
    if (d->kind[x] == F_FALSE) return f_make(d, F_TRUE, NULL, 0, 0);
    if (d->kind[x] == F_NOT) return d->kids[d->a[x]];
    return f_make(d, F_NOT, &x, 1, 0);
}

typedef struct {
    const gdl_net *net;
    fdag d;
    uint32_t *rule_off, *rules; /* by head key (atom, or natoms + base for next): CSR of code offsets */
    uint32_t *memo;             /* by key: formula + 1 */
    uint8_t *busy, *is_does;
} expander;

static uint32_t key_of(const gdl_net *n, uint32_t head)
{
    return head & GDL_NEXT_BIT ? n->natoms + (head & ~GDL_NEXT_BIT) : head;
}

static uint32_t expand(expander *e, uint32_t key)
{
    const gdl_net *n = e->net;
    fdag *d = &e->d;
    if (d->fail) return 0;
    if (e->memo[key]) return e->memo[key] - 1;
    uint32_t r;
    if (key < n->natoms && key < n->base0) r = f_make(d, n->val[key] ? F_TRUE : F_FALSE, NULL, 0, 0);
    else if (key < n->natoms && key < n->base0 + n->nbase) r = f_make(d, F_VAR, NULL, 0, key);
    else if (key < n->natoms && e->is_does[key]) r = f_make(d, F_VAR, NULL, 0, key);
    else {
        if (e->busy[key]) {
            d->fail = 1;
            return 0;
        } /* recursion: give up */
        e->busy[key] = 1;
        uint32_t nr = e->rule_off[key + 1] - e->rule_off[key];
        uint32_t *alts = malloc((nr + 1) * sizeof *alts);
        if (!alts) {
            d->fail = 1;
            return 0;
        }
        for (uint32_t j = 0; j < nr && !d->fail; j++) {
            const uint32_t *c = n->code + e->rules[e->rule_off[key] + j];
            uint32_t np = c[1], ng = c[2];
            uint32_t *lits = malloc((np + ng + 1) * sizeof *lits);
            if (!lits) {
                d->fail = 1;
                break;
            }
            for (uint32_t k = 0; k < np && !d->fail; k++) lits[k] = expand(e, c[3 + k]);
            for (uint32_t k = 0; k < ng && !d->fail; k++) lits[np + k] = f_not(d, expand(e, c[3 + np + k]));
            alts[j] = d->fail ? 0 : f_nary(d, F_AND, lits, np + ng);
            free(lits);
        }
        r = d->fail ? 0 : f_nary(d, F_OR, alts, nr);
        free(alts);
        e->busy[key] = 0;
    }
    if (!d->fail) e->memo[key] = r + 1;
    return r;
}

/* σ of formula x: vars renamed by vmap (atom -> atom); memo by node. */
static uint32_t f_map(fdag *d, uint32_t x, const uint32_t *vmap, uint32_t *memo)
{
    if (d->fail) return 0;
    if (memo[x]) return memo[x] - 1;
    uint32_t k = d->kind[x], r;
    if (k == F_TRUE || k == F_FALSE) r = x;
    else if (k == F_VAR) r = f_make(d, F_VAR, NULL, 0, vmap[d->a[x]]);
    else if (k == F_NOT) r = f_not(d, f_map(d, d->kids[d->a[x]], vmap, memo));
    else {
        uint32_t n = d->n[x];
        uint32_t *c = malloc((n + 1) * sizeof *c);
        if (!c) {
            d->fail = 1;
            return 0;
        }
        for (uint32_t i = 0; i < n && !d->fail; i++) c[i] = f_map(d, d->kids[d->a[x] + i], vmap, memo);
        r = d->fail ? 0 : f_nary(d, k, c, n);
        free(c);
    }
    if (d->fail) return 0;
    if (x < d->nn) memo[x] = r + 1;
    return r;
}

/* ---- candidates from the ground terms ---- */

#define MAXSLOT 64
typedef struct {
    uint32_t sym, pos;
    uint32_t dom; /* domain index */
} slot;

typedef struct {
    gdl_prog *p;
    const gdl_net *n;
    slot sl[MAXSLOT];
    uint32_t nsl;
    uint32_t *dom_c[MAXSLOT]; /* sorted constants per domain */
    uint32_t dom_n[MAXSLOT], ndom;
    uint32_t *vals[MAXSLOT], nvals[MAXSLOT];
    int overflow;
} slots;

static int slot_find(slots *s, uint32_t sym, uint32_t pos)
{
    for (uint32_t i = 0; i < s->nsl; i++)
        if (s->sl[i].sym == sym && s->sl[i].pos == pos) return (int)i;
    return -1;
}

static void note_term(slots *s, uint32_t t)
{
    const gdl_gterm *g = &s->p->gt[t];
    for (uint32_t k = 0; k < g->arity; k++) {
        uint32_t a = s->p->gargs[g->args + k];
        if (s->p->gt[a].arity) continue; /* a constant argument only */
        int i = slot_find(s, g->sym, k);
        if (i < 0) {
            if (s->nsl == MAXSLOT) {
                s->overflow = 1;
                return;
            }
            i = (int)s->nsl++;
            s->sl[i] = (slot){g->sym, k, 0};
            s->vals[i] = NULL, s->nvals[i] = 0;
        }
        uint32_t j = 0;
        while (j < s->nvals[i] && s->vals[i][j] != a) j++;
        if (j == s->nvals[i]) {
            uint32_t *q = realloc(s->vals[i], (s->nvals[i] + 1) * sizeof *q);
            if (!q) {
                s->overflow = 1;
                return;
            }
            s->vals[i] = q, q[s->nvals[i]++] = a;
        }
    }
}

static int const_less(const gdl_prog *p, uint32_t a, uint32_t b)
{
    const char *sa = gdl_sym_name(&p->syms, p->gt[a].sym), *sb = gdl_sym_name(&p->syms, p->gt[b].sym);
    char *ea, *eb;
    long va = strtol(sa, &ea, 10), vb = strtol(sb, &eb, 10);
    if (*sa && !*ea && *sb && !*eb) return va < vb;
    return strcmp(sa, sb) < 0;
}

static void sort_consts(const gdl_prog *p, uint32_t *c, uint32_t n)
{
    for (uint32_t i = 1; i < n; i++)
        for (uint32_t j = i; j > 0 && const_less(p, c[j], c[j - 1]); j--) {
            uint32_t t = c[j];
            c[j] = c[j - 1], c[j - 1] = t;
        }
}

/* The image of ground term t under the candidate: per slot, a constant map
 * (cmap[slot] over the domain: reversed or not) and a position swap per
 * relation (swap_a/swap_b, or none). UINT32_MAX when not a known term. */
typedef struct {
    uint8_t rev[MAXSLOT];
    uint32_t swap_dom; /* swap the two slots of this domain in each relation with exactly two; MAXSLOT none */
} cand;

static uint32_t map_term(slots *s, const cand *c, uint32_t t)
{
    const gdl_gterm *g = &s->p->gt[t];
    uint32_t args[16], out;
    if (g->arity > 16) return UINT32_MAX;
    for (uint32_t k = 0; k < g->arity; k++) {
        uint32_t a = s->p->gargs[g->args + k];
        int i = s->p->gt[a].arity ? -1 : slot_find(s, g->sym, k);
        if (i >= 0 && c->rev[i]) {
            uint32_t d = s->sl[i].dom, j = 0;
            while (j < s->dom_n[d] && s->dom_c[d][j] != a) j++;
            if (j == s->dom_n[d]) return UINT32_MAX;
            a = s->dom_c[d][s->dom_n[d] - 1 - j];
        }
        args[k] = a;
    }
    if (c->swap_dom != MAXSLOT) {
        int x = -1, y = -1, more = 0;
        for (uint32_t k = 0; k < g->arity; k++) {
            int i = slot_find(s, g->sym, k);
            if (i < 0 || s->sl[i].dom != c->swap_dom) continue;
            if (x < 0) x = (int)k;
            else if (y < 0) y = (int)k;
            else more = 1;
        }
        if (y >= 0 && !more) {
            uint32_t tmp = args[x];
            args[x] = args[y], args[y] = tmp;
        }
    }
    pp_error err;
    /* look the image up: interning an existing term adds nothing */
    if (gdl_gterm_intern(s->p, g->sym, g->arity, args, &out, &err)) return UINT32_MAX;
    return out;
}

static int is_perm(const uint32_t *m, uint32_t n, uint8_t *seen)
{
    memset(seen, 0, n);
    for (uint32_t i = 0; i < n; i++) {
        if (m[i] >= n || seen[m[i]]) return 0;
        seen[m[i]] = 1;
    }
    return 1;
}

/* Adds element (base perm b, move perms m0, m1) to the set unless there. */
static int add_elem(gdl_symset *g, const uint32_t *b, const uint32_t *m0, const uint32_t *m1)
{
    uint32_t nb = g->nbase, n0 = g->nmoves[0], n1 = g->nmoves[1];
    for (uint32_t e = 0; e < g->count; e++)
        if (!memcmp(g->base + (size_t)e * nb, b, nb * sizeof *b) &&
            !memcmp(g->move[0] + (size_t)e * n0, m0, n0 * sizeof *m0) &&
            !memcmp(g->move[1] + (size_t)e * n1, m1, n1 * sizeof *m1))
            return 0;
    if (g->count == GDL_SYM_MAX) return -1;
    uint32_t e = g->count++;
    memcpy(g->base + (size_t)e * nb, b, nb * sizeof *b);
    memcpy(g->move[0] + (size_t)e * n0, m0, n0 * sizeof *m0);
    memcpy(g->move[1] + (size_t)e * n1, m1, n1 * sizeof *m1);
    return 1;
}

void gdl_symset_free(gdl_symset *g)
{
    free(g->base), free(g->move[0]), free(g->move[1]);
    free(g->base_inv), free(g->move_inv[0]), free(g->move_inv[1]);
    memset(g, 0, sizeof *g);
}

/* ---- the search for symmetries, in steps ----
 *
 * gdl_sym_find runs these over one finder:
 *   1 finder_new      the tables, and the identity as the set's first element
 *   2 index_rules     the network's records by head (CSR)
 *   3 expand_outputs  every output's formula
 *   4 find_domains    the constant slots and their domains
 *   5 try_candidates  each domain's candidates proven or refuted
 *   6 close_group     the group the accepted maps generate
 *   7 make_inverses   each element's inverse */

typedef struct finder {
    gdl_prog *p;
    const gdl_net *n;
    gdl_symset *g;
    uint32_t nb, nm[2];   /* base propositions, each role's moves */
    uint32_t ngt0, nkeys; /* ground terms before any image was looked up; expand's keys */
    expander e;
    slots s;
    uint32_t *base_of, *move_of[2]; /* by ground term: its base proposition, each role's move, + 1 (0: none) */
    uint32_t *out_next;             /* by base proposition: the formula of its next value */
    uint32_t *out_legal[2];         /* by role and move: the formula of its legal */
    uint32_t *bp, *mp[2];           /* the candidate: base and move permutations */
    uint32_t *vmap;                 /* the candidate on atoms (the proof's renaming) */
    uint8_t *seen;                  /* is_perm's */
    uint32_t *fmemo, nn0;           /* f_map's memo, over the formulas' nodes before any proof */
} finder;

/* Step 1; 0 when out of memory */
static int finder_new(finder *f, gdl_prog *p, const gdl_net *n, gdl_symset *g)
{
    memset(f, 0, sizeof *f);
    memset(g, 0, sizeof *g);
    uint32_t nb = n->nbase, *nm = f->nm;
    nm[0] = n->nmoves[0], nm[1] = n->nmoves[1];
    f->p = p, f->n = n, f->g = g, f->nb = nb;
    g->nbase = nb, g->nmoves[0] = nm[0], g->nmoves[1] = nm[1];
    g->base = malloc(((size_t)GDL_SYM_MAX * nb + 1) * sizeof *g->base);
    g->move[0] = malloc(((size_t)GDL_SYM_MAX * nm[0] + 1) * sizeof *g->move[0]);
    g->move[1] = malloc(((size_t)GDL_SYM_MAX * nm[1] + 1) * sizeof *g->move[1]);
    uint32_t ngt0 = f->ngt0 = p->ngt, nkeys = f->nkeys = n->natoms + nb;
    expander *e = &f->e;
    e->net = n;
    f->s.p = p, f->s.n = n;
    f->base_of = calloc(ngt0 + 1, sizeof *f->base_of);
    f->move_of[0] = calloc(ngt0 + 1, sizeof *f->move_of[0]);
    f->move_of[1] = calloc(ngt0 + 1, sizeof *f->move_of[1]);
    e->rule_off = calloc(nkeys + 2, sizeof *e->rule_off);
    e->memo = calloc(nkeys + 1, sizeof *e->memo);
    e->busy = calloc(nkeys + 1, 1);
    e->is_does = calloc(n->natoms + 1, 1);
    f->out_next = malloc((nb + 1) * sizeof *f->out_next);
    f->out_legal[0] = malloc((nm[0] + 1) * sizeof *f->out_legal[0]);
    f->out_legal[1] = malloc((nm[1] + 1) * sizeof *f->out_legal[1]);
    f->bp = malloc((nb + 1) * sizeof *f->bp);
    f->mp[0] = malloc((nm[0] + 1) * sizeof *f->mp[0]);
    f->mp[1] = malloc((nm[1] + 1) * sizeof *f->mp[1]);
    f->vmap = malloc((n->natoms + 1) * sizeof *f->vmap);
    f->seen = malloc(nb + nm[0] + nm[1] + 1);
    int ok = g->base && g->move[0] && g->move[1] && f->base_of && f->move_of[0] && f->move_of[1] && e->rule_off &&
             e->memo && e->busy && e->is_does && f->out_next && f->out_legal[0] && f->out_legal[1] && f->bp &&
             f->mp[0] && f->mp[1] && f->vmap && f->seen;
    if (!ok) return 0;
    g->count = 1;
    for (uint32_t i = 0; i < nb; i++) g->base[i] = i;
    for (int r = 0; r < 2; r++)
        for (uint32_t i = 0; i < nm[r]; i++) g->move[r][i] = i;
    for (uint32_t i = 0; i < nb; i++) f->base_of[n->base_term[i]] = i + 1;
    for (int r = 0; r < 2; r++)
        for (uint32_t i = 0; i < nm[r]; i++) {
            f->move_of[r][n->moves[r][i].term] = i + 1;
            e->is_does[n->moves[r][i].does] = 1;
        }
    return 1;
}

/* Step 2: the rules by head, every record of the network, as CSR. A head
 * may have any number of records (a cell reached from hundreds of moves),
 * so each key's fill position is a uint32_t of its own: fill[key]. 0 when
 * out of memory or a record names no atom. */
static int index_rules(finder *f)
{
    const gdl_net *n = f->n;
    expander *e = &f->e;
    uint32_t nkeys = f->nkeys, *fill = NULL;
    uint32_t ranges[4][2] = {{0, 0}, {0, 0}, {n->frame0, n->frame1}, {n->frame1, n->ncode}};
    for (int pass = 0; pass < 2; pass++) {
        for (int k = 0; k < 4; k++) {
            uint32_t nseg = k == 0 ? n->nstate_segs : k == 1 ? n->nmove_segs : 1;
            for (uint32_t sgi = 0; sgi < nseg; sgi++) {
                uint32_t a = k == 0 ? n->state_segs[sgi].start : k == 1 ? n->move_segs[sgi].start : ranges[k][0];
                uint32_t b = k == 0 ? n->state_segs[sgi].end : k == 1 ? n->move_segs[sgi].end : ranges[k][1];
                for (uint32_t pc = a; pc < b; pc += 3 + n->code[pc + 1] + n->code[pc + 2]) {
                    uint32_t key = key_of(n, n->code[pc]), bad = key >= nkeys;
                    /* a body names atoms only (expand() indexes by them) */
                    for (uint32_t j = 0; j < n->code[pc + 1] + n->code[pc + 2] && !bad; j++)
                        bad = n->code[pc + 3 + j] >= n->natoms;
                    if (bad) {
                        free(fill);
                        return 0;
                    }
                    if (pass == 0) e->rule_off[key + 1]++;
                    else e->rules[fill[key]++] = pc;
                }
            }
        }
        if (pass == 0) {
            for (uint32_t k = 0; k < nkeys; k++) e->rule_off[k + 1] += e->rule_off[k];
            e->rules = malloc((e->rule_off[nkeys] + 1) * sizeof *e->rules);
            fill = malloc((nkeys + 1) * sizeof *fill);
            if (!e->rules || !fill) {
                free(fill);
                return 0;
            }
            memcpy(fill, e->rule_off, nkeys * sizeof *fill);
        }
    }
    free(fill);
    return 1;
}

/* Step 3: the outputs' formulas; 0 when one is past the cap or recursive */
static int expand_outputs(finder *f)
{
    const gdl_net *n = f->n;
    expander *e = &f->e;
    for (uint32_t b = 0; b < f->nb && !e->d.fail; b++) {
        uint32_t alts[65], na = 0;
        alts[na++] = expand(e, n->natoms + b);
        for (uint32_t i = 0; i < n->nnext && na < 65; i++)
            if (n->next_base[i] == b) alts[na++] = expand(e, n->next_atom[i]);
        f->out_next[b] = e->d.fail ? 0 : f_nary(&e->d, F_OR, alts, na);
    }
    for (int r = 0; r < 2; r++)
        for (uint32_t i = 0; i < f->nm[r] && !e->d.fail; i++) f->out_legal[r][i] = expand(e, n->moves[r][i].legal);
    for (int r = 0; r < 2; r++)
        for (uint32_t i = 0; i < n->ngoals[r] && !e->d.fail; i++) expand(e, n->goals[r][i].atom);
    if (n->terminal >= 0) expand(e, (uint32_t)n->terminal);
    return !e->d.fail;
}

/* Step 4: slots and domains, and the proof's memo; 0 past MAXSLOT or out
 * of memory */
static int find_domains(finder *f)
{
    const gdl_net *n = f->n;
    slots *s = &f->s;
    for (uint32_t i = 0; i < f->nb; i++) note_term(s, n->base_term[i]);
    for (int r = 0; r < 2; r++)
        for (uint32_t i = 0; i < f->nm[r]; i++) note_term(s, n->moves[r][i].term);
    if (s->overflow) return 0;
    for (uint32_t i = 0; i < s->nsl; i++) {
        sort_consts(f->p, s->vals[i], s->nvals[i]);
        uint32_t d = 0;
        while (d < s->ndom && !(s->dom_n[d] == s->nvals[i] && !memcmp(s->dom_c[d], s->vals[i], s->nvals[i] * 4))) d++;
        if (d == s->ndom) s->dom_c[d] = s->vals[i], s->dom_n[d] = s->nvals[i], s->ndom++;
        s->sl[i].dom = d;
    }
    f->fmemo = calloc(f->e.d.nn + 1, sizeof *f->fmemo);
    f->nn0 = f->e.d.nn;
    return f->fmemo != NULL;
}

/* Candidate c as permutations of the base propositions and moves (f->bp,
 * f->mp); 0 when it maps a term outside them, is the identity or is no
 * permutation */
static int candidate_perms(finder *f, const cand *c)
{
    const gdl_net *n = f->n;
    uint32_t nb = f->nb, *nm = f->nm, *bp = f->bp, **mp = f->mp;
    int ident = 1;
    for (uint32_t i = 0; i < nb; i++) {
        uint32_t t = map_term(&f->s, c, n->base_term[i]);
        if (t >= f->ngt0 || !f->base_of[t]) return 0;
        bp[i] = f->base_of[t] - 1, ident &= bp[i] == i;
    }
    for (int r = 0; r < 2; r++)
        for (uint32_t i = 0; i < nm[r]; i++) {
            uint32_t t = map_term(&f->s, c, n->moves[r][i].term);
            if (t >= f->ngt0 || !f->move_of[r][t]) return 0;
            mp[r][i] = f->move_of[r][t] - 1, ident &= mp[r][i] == i;
        }
    return !ident && is_perm(bp, nb, f->seen) && is_perm(mp[0], nm[0], f->seen) && is_perm(mp[1], nm[1], f->seen);
}

/* The proof: every output's formula mapped by the candidate is the
 * formula of the output's image (next, legal) or itself (goals, terminal) */
static int proves(finder *f)
{
    const gdl_net *n = f->n;
    fdag *d = &f->e.d;
    uint32_t nb = f->nb, *nm = f->nm, *bp = f->bp, **mp = f->mp, *vmap = f->vmap, *fmemo = f->fmemo;
    for (uint32_t a = 0; a < n->natoms; a++) vmap[a] = a;
    for (uint32_t i = 0; i < nb; i++) vmap[n->base0 + i] = n->base0 + bp[i];
    for (int r = 0; r < 2; r++)
        for (uint32_t i = 0; i < nm[r]; i++) vmap[n->moves[r][i].does] = n->moves[r][mp[r][i]].does;
    memset(fmemo, 0, (f->nn0 + 1) * sizeof *fmemo);
    int holds = 1;
    for (uint32_t i = 0; i < nb && holds; i++) holds = f_map(d, f->out_next[i], vmap, fmemo) == f->out_next[bp[i]];
    for (int r = 0; r < 2 && holds; r++)
        for (uint32_t i = 0; i < nm[r] && holds; i++)
            holds = f_map(d, f->out_legal[r][i], vmap, fmemo) == f->out_legal[r][mp[r][i]];
    for (int r = 0; r < 2 && holds; r++)
        for (uint32_t i = 0; i < n->ngoals[r] && holds; i++) {
            uint32_t x = f->e.memo[n->goals[r][i].atom] - 1;
            holds = f_map(d, x, vmap, fmemo) == x;
        }
    if (holds && n->terminal >= 0) {
        uint32_t x = f->e.memo[n->terminal] - 1;
        holds = f_map(d, x, vmap, fmemo) == x;
    }
    return holds;
}

/* Step 5: per domain of two constants or more and at most 8 slots, every
 * candidate (a position swap or not, and a reversal on each subset of the
 * slots), the proven ones added to the set. 0 when a proof's formula went
 * past the cap (the set stays as it is, not closed); 1 when every candidate
 * was tried or the set is full. */
static int try_candidates(finder *f)
{
    const slots *s = &f->s;
    for (uint32_t d = 0; d < s->ndom; d++) {
        if (s->dom_n[d] < 2) continue;
        uint32_t in[MAXSLOT], k = 0;
        for (uint32_t i = 0; i < s->nsl; i++)
            if (s->sl[i].dom == d) in[k++] = i;
        if (k > 8) continue;
        for (uint32_t mask = 1; mask < (1u << k) * 2; mask++) {
            cand c;
            memset(&c, 0, sizeof c);
            c.swap_dom = mask & 1 ? d : MAXSLOT;
            for (uint32_t j = 0; j < k; j++) c.rev[in[j]] = (uint8_t)(mask >> (j + 1) & 1);
            if (!candidate_perms(f, &c)) continue;
            int holds = proves(f);
            if (f->e.d.fail) return 0;
            if (holds && add_elem(f->g, f->bp, f->mp[0], f->mp[1]) < 0) return 1;
            f->g->generators += holds;
        }
    }
    return 1;
}

/* Step 6: the group the accepted maps generate, by composition (each a
 * symmetry), until closed or full */
static void close_group(finder *f)
{
    gdl_symset *g = f->g;
    uint32_t nb = f->nb, *nm = f->nm, *bp = f->bp, **mp = f->mp;
    for (uint32_t x = 1; x < g->count; x++)
        for (uint32_t y = 1; y < g->count; y++) {
            for (uint32_t i = 0; i < nb; i++) bp[i] = g->base[(size_t)x * nb + g->base[(size_t)y * nb + i]];
            for (int r = 0; r < 2; r++)
                for (uint32_t i = 0; i < nm[r]; i++)
                    mp[r][i] = g->move[r][(size_t)x * nm[r] + g->move[r][(size_t)y * nm[r] + i]];
            if (add_elem(g, bp, mp[0], mp[1]) < 0) return;
        }
}

/* Step 7: the inverses (out of memory: the identity alone) */
static void make_inverses(gdl_symset *g)
{
    uint32_t nb = g->nbase, *nm = g->nmoves;
    g->base_inv = malloc(((size_t)g->count * nb + 1) * sizeof *g->base_inv);
    g->move_inv[0] = malloc(((size_t)g->count * nm[0] + 1) * sizeof *g->move_inv[0]);
    g->move_inv[1] = malloc(((size_t)g->count * nm[1] + 1) * sizeof *g->move_inv[1]);
    if (!g->base_inv || !g->move_inv[0] || !g->move_inv[1]) g->count = g->count ? 1 : 0;
    for (uint32_t x = 0; x < g->count && g->count > 1; x++) {
        for (uint32_t i = 0; i < nb; i++) g->base_inv[(size_t)x * nb + g->base[(size_t)x * nb + i]] = i;
        for (int r = 0; r < 2; r++)
            for (uint32_t i = 0; i < nm[r]; i++)
                g->move_inv[r][(size_t)x * nm[r] + g->move[r][(size_t)x * nm[r] + i]] = i;
    }
}

static void finder_free(finder *f)
{
    expander *e = &f->e;
    for (uint32_t i = 0; i < f->s.nsl; i++) free(f->s.vals[i]);
    free(f->base_of), free(f->move_of[0]), free(f->move_of[1]);
    free(e->rule_off), free(e->rules), free(e->memo), free(e->busy), free(e->is_does);
    free(e->d.kind), free(e->d.a), free(e->d.n), free(e->d.kids), free(e->d.tab);
    free(f->out_next), free(f->out_legal[0]), free(f->out_legal[1]), free(f->bp), free(f->mp[0]), free(f->mp[1]);
    free(f->vmap), free(f->seen), free(f->fmemo);
}

int gdl_sym_find(gdl_prog *p, const gdl_net *n, gdl_symset *g)
{
    finder f;
    int ok = finder_new(&f, p, n, g) && index_rules(&f);
    /* a formula past the cap, too many slots: the identity alone; a proof
     * past the cap: the maps proven so far, not closed */
    if (ok && expand_outputs(&f) && find_domains(&f) && try_candidates(&f)) close_group(&f);
    if (!ok) g->count = g->base ? 1 : 0;
    make_inverses(g);
    finder_free(&f);
    return (int)g->count;
}
