/* pn.c: proof-number search over any pp_game: PN, PN² and df-pn, the exact
 * value by bisection over thresholds, and the proofs extracted.
 *
 * The algorithms, the question and the soundness argument are described in
 * perfect_play.h (proof-number section). The layout here:
 *
 *   store     PN's graph: nodes (key, banked part, ply, proof and disproof
 *             numbers, children), each node's position, an open-addressing
 *             index from key to node, and the children's ids (edges, in the
 *             game's move order). PN² has a second store, emptied before
 *             each second-level search.
 *   table     df-pn's: 2^k buckets of 4 entries of 32 bytes, doubling
 *             as the game needs (tt_grow); an entry is
 *             valid when its generation is the current one (a new threshold
 *             proof starts a generation instead of clearing the table).
 *             It also serves PN and PN² when a proof must be extracted from
 *             a node whose subtree was not kept (PN²'s second level).
 *   proofs    two slots (MAX's, MIN's), each a DAG of positions.
 *
 * Ply and depth are one thing: the root is ply 0, and a node's ply is part
 * of its key, so the graph searched is acyclic.
 *
 * Every allocation after pp_pn_new goes through grow(), which refuses to
 * pass the memory limit (PP_ERR_BUDGET, the message naming the limit).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define INF PP_PN_INF
#define NONE UINT32_MAX
#define PLIES (PP_AB_MAX_DEPTH + 2)

/* ---- numbers ---- */

static uint32_t add_sat(uint32_t a, uint32_t b)
{
    if (a == INF || b == INF) return INF;
    uint64_t s = (uint64_t)a + b;
    return s >= INF ? INF - 1 : (uint32_t)s;
}

static uint64_t fnv(const unsigned char *p, uint32_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (uint32_t i = 0; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

/* ---- the structures ---- */

enum { F_EXP = 1 };

typedef struct pnode {
    uint64_t key; /* the game's hash (or the bytes' hash) */
    int32_t banked;
    uint32_t pn, dn;
    uint32_t kids; /* first edge */
    uint16_t nkids;
    uint8_t ply;
    uint8_t flags;
    uint32_t vid; /* traced: the node's visit id (fits the struct's padding) */
} pnode;

typedef struct store {
    pnode *n;
    unsigned char *st; /* cap positions */
    uint32_t count, cap;
    uint32_t *idx; /* id + 1, 0 empty */
    uint32_t icap;
    uint32_t *edge;
    uint32_t ecount, ecap;
} store;

typedef struct dentry {
    uint64_t key;
    int32_t banked;
    uint32_t pn, dn;
    uint32_t work; /* expansions below the entry */
    uint8_t ply, gen, expanded, pad;
    uint32_t pad2;
} dentry;

typedef struct proofbuf {
    uint32_t n, cap;
    uint32_t *first, *count;
    unsigned char *blob; /* cap positions, for deduplication */
    uint8_t *ply;
    uint32_t *idx, icap;
    uint32_t *child;
    uint16_t *move;
    uint32_t ecount, ecap;
    int32_t threshold;
    int max_wins;
} proofbuf;

struct pp_pn {
    const pp_game *g;
    pp_pn_options o;
    uint32_t sb, mm;
    int use_hash;
    uint64_t mem, mem_peak;
    store s1, s2;
    dentry *tt;
    uint64_t tt_buckets;
    uint64_t tt_most; /* the most buckets the table may grow to */
    uint32_t tt_shift;
    uint8_t gen;
    uint64_t tt_used;
    proofbuf pf[2];
    /* per ply scratch */
    unsigned char *pos, *xpos, *cur;
    int32_t *moves, *xmoves;
    uint64_t *ckey;
    int32_t *cbank;
    uint8_t *cinit;    /* 0 unknown, 1 proven, 2 disproven */
    uint32_t *cmob;    /* options.mobility: the child's initial number (its move count) */
    int32_t *mscratch; /* max_moves: counting a position's moves */
    uint32_t *xkids;
    uint16_t *xmv;
    uint32_t *path[2]; /* PN's path from the root, per level */
    uint32_t *fresh;
    /* the question */
    int64_t lo, hi; /* value >= lo known, value < hi known */
    int32_t t;
    /* the proof being extracted: the least value its leaves guarantee (MAX's
     * proof: each leaf's value, or its bounds' lo) or the greatest (MIN's) */
    int64_t xbound;
    int running;
    int32_t best[2]; /* the root's move in the last proof of each slot */
    int done;
    int pausing;
    uint64_t stop;
    pp_status failed;
    pp_error ferr;
    pp_pn_result res;
    pp_trace *trace;           /* NULL: no events (pp_pn_set_trace) */
    uint32_t vids;             /* visit ids handed out: the root is 0 */
    uint32_t root_pn, root_dn; /* df-pn: the root's numbers when its loop last computed them */
};

/* The pseudocode steps of the events (perfect_play.h, proof-number trace). */
enum {
    S_PN_QUESTION = 1,
    S_PN_SELECT = 3,
    S_PN_EXPAND = 4,
    S_PN_UPDATE = 5,
    S_PN_SOLVED = 6,
    S_PN2_CHILD = 7,
    S_DF_QUESTION = 21,
    S_DF_LEAF = 22,
    S_DF_EXPAND = 23,
    S_DF_NUMBERS = 24,
    S_DF_CHILD = 25,
    S_DF_STORE = 26,
    S_DF_SOLVED = 27
};

static int fail(pp_pn *x, pp_status code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int fail(pp_pn *x, pp_status code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    x->failed = code;
    x->ferr.code = code;
    vsnprintf(x->ferr.msg, sizeof x->ferr.msg, fmt, ap);
    va_end(ap);
    return -1;
}

/* The game listed n moves at p, not a leaf (pp__bad_moves). */
static int bad_moves(pp_pn *x, const void *p, uint32_t n)
{
    x->failed = pp__bad_moves(&x->ferr, x->g, p, n);
    return -1;
}

static int memory_fail(pp_pn *x)
{
    return fail(x, PP_ERR_BUDGET, "the memory limit of %llu bytes is reached (%llu positions expanded)",
                (unsigned long long)x->o.memory, (unsigned long long)x->res.stats.expanded);
}

/* Resizes *p from old to new bytes within the memory limit. */
static int grow(pp_pn *x, void **p, size_t old, size_t new_)
{
    if (new_ <= old) return 0;
    if (x->mem + (new_ - old) > x->o.memory) return memory_fail(x);
    void *q = realloc(*p, new_);
    if (!q) return fail(x, PP_ERR_NOMEM, "out of memory after %llu bytes", (unsigned long long)x->mem);
    *p = q;
    x->mem += new_ - old;
    if (x->mem > x->mem_peak) x->mem_peak = x->mem;
    return 0;
}

static void release(pp_pn *x, void **p, size_t bytes)
{
    free(*p);
    *p = NULL;
    x->mem -= bytes;
}

/* ---- positions ---- */

static unsigned char *at(unsigned char *base, uint32_t sb, uint32_t i) { return base + (size_t)i * sb; }

static void key_of(const pp_pn *x, const void *p, uint64_t *key, int32_t *banked)
{
    const pp_game *g = x->g;
    *key = x->use_hash ? g->hash(g->ctx, p) : fnv(p, x->sb);
    *banked = g->banked ? g->banked(g->ctx, p) : 0;
}

static uint64_t slot_of(uint64_t key, int32_t banked, uint32_t ply)
{
    return pp__mix64(key ^ pp__mix64((uint64_t)(uint32_t)banked << 8 | ply));
}

/* 1 proven, 2 disproven, 0 open: the leaf's value, or the game's bounds. */
static int evaluate(const pp_pn *x, const void *p)
{
    const pp_game *g = x->g;
    int32_t v;
    if (g->leaf(g->ctx, p, &v)) return v >= x->t ? 1 : 2;
    if (g->bounds) {
        int32_t lo = -PP_AB_INF, hi = PP_AB_INF;
        g->bounds(g->ctx, p, &lo, &hi);
        if (lo >= x->t) return 1;
        if (hi < x->t) return 2;
    }
    return 0;
}

static int is_max(const pp_pn *x, const void *p) { return x->g->player(x->g->ctx, p) == PP_AB_MAX; }

/* The numbers of an open position not expanded yet: (1, 1), or with
 * options.mobility (1, m) where MAX moves and (m, 1) where MIN moves, m its
 * number of moves (all of them must be refuted, or proven). */
static uint32_t mobility(pp_pn *x, const void *p)
{
    if (!x->o.mobility) return 1;
    uint32_t m = x->g->moves(x->g->ctx, p, x->mscratch);
    return m ? (m > x->mm ? x->mm : m) : 1;
}

static void init_numbers(pp_pn *x, const void *p, uint32_t m, uint32_t *pn, uint32_t *dn)
{
    int max = is_max(x, p);
    *pn = max ? 1 : m;
    *dn = max ? m : 1;
}

/* The root's numbers as the search last computed them. */
static void root_now(const pp_pn *x, uint32_t *pn, uint32_t *dn)
{
    if (x->o.algo != PP_PN_DFPN && x->s1.count) *pn = x->s1.n[0].pn, *dn = x->s1.n[0].dn;
    else *pn = x->root_pn, *dn = x->root_dn;
}

static int budget_check(pp_pn *x)
{
    if (!x->o.budget || x->res.stats.expanded < x->o.budget) return 0;
    uint32_t pn, dn;
    root_now(x, &pn, &dn);
    x->res.root_pn = pn;
    x->res.root_dn = dn;
    x->res.budget_factor = pp_pn_budget_factor(x->o.budget, pn, dn);
    return fail(x, PP_ERR_BUDGET,
                "the search gave up after its budget of %llu expansions; the root's proof and disproof numbers "
                "reached %lu and %lu: about %u times the budget may answer it (an estimate from those numbers)",
                (unsigned long long)x->o.budget, (unsigned long)pn, (unsigned long)dn, x->res.budget_factor);
}

/* At least min(pn, dn) more expansions where no position is reached twice
 * (an expansion lowers the root's numbers by one at most), so the budget
 * that may answer is that much more, doubled once for the positions the
 * search re-expands; a power of two. An estimate, and a low one for games
 * of many transpositions. */
uint32_t pp_pn_budget_factor(uint64_t budget, uint32_t pn, uint32_t dn)
{
    uint64_t m = pn < dn ? pn : dn;
    if (!budget) return 1;
    uint64_t need = 2 * (budget + m);
    uint32_t f = 2;
    while ((uint64_t)f * budget < need && f < (1u << 30)) f *= 2;
    return f;
}

static int depth_check(pp_pn *x, uint32_t ply)
{
    if (ply >= PP_AB_MAX_DEPTH)
        return fail(x, PP_ERR_LIMIT, "the game goes deeper than %d plies, the most the search plays out",
                    PP_AB_MAX_DEPTH);
    if (ply > x->res.stats.max_depth) x->res.stats.max_depth = ply;
    return 0;
}

/* ---- PN's store ---- */

static void store_clear(store *s)
{
    s->count = 0;
    s->ecount = 0;
    if (s->idx) memset(s->idx, 0, (size_t)s->icap * sizeof *s->idx);
}

static void store_free(pp_pn *x, store *s)
{
    release(x, (void **)&s->n, (size_t)s->cap * sizeof *s->n);
    release(x, (void **)&s->st, (size_t)s->cap * x->sb);
    release(x, (void **)&s->idx, (size_t)s->icap * sizeof *s->idx);
    release(x, (void **)&s->edge, (size_t)s->ecap * sizeof *s->edge);
    s->cap = s->icap = s->ecap = 0;
    s->count = s->ecount = 0;
}

static uint32_t store_find(const pp_pn *x, const store *s, uint64_t key, int32_t banked, uint32_t ply, const void *p,
                           uint32_t *slot)
{
    uint32_t mask = s->icap - 1, i = (uint32_t)slot_of(key, banked, ply) & mask;
    for (;; i = (i + 1) & mask) {
        uint32_t v = s->idx[i];
        if (!v) break;
        const pnode *n = &s->n[v - 1];
        if (n->key == key && n->banked == banked && n->ply == ply &&
            (x->use_hash || memcmp(at(s->st, x->sb, v - 1), p, x->sb) == 0))
            return v - 1;
    }
    if (slot) *slot = i;
    return NONE;
}

/* Room for one more node (the index kept at most half full). */
static int store_room(pp_pn *x, store *s)
{
    if (s->count == s->cap) {
        uint32_t nc = s->cap ? s->cap * 2 : 1024;
        if (s->cap >= (1u << 30)) return memory_fail(x);
        if (grow(x, (void **)&s->n, (size_t)s->cap * sizeof *s->n, (size_t)nc * sizeof *s->n) ||
            grow(x, (void **)&s->st, (size_t)s->cap * x->sb, (size_t)nc * x->sb))
            return -1;
        s->cap = nc;
    }
    if ((uint64_t)(s->count + 1) * 2 > s->icap) {
        uint32_t old = s->icap, nc = s->icap ? s->icap * 2 : 2048;
        uint32_t *ni = NULL;
        if (grow(x, (void **)&ni, 0, (size_t)nc * sizeof *ni)) return -1;
        memset(ni, 0, (size_t)nc * sizeof *ni);
        release(x, (void **)&s->idx, (size_t)old * sizeof *s->idx);
        s->idx = ni;
        s->icap = nc;
        for (uint32_t id = 0; id < s->count; id++) {
            const pnode *n = &s->n[id];
            uint32_t i = (uint32_t)slot_of(n->key, n->banked, n->ply) & (nc - 1);
            while (s->idx[i]) i = (i + 1) & (nc - 1);
            s->idx[i] = id + 1;
        }
    }
    return 0;
}

static int edge_room(pp_pn *x, store *s, uint32_t more)
{
    if ((uint64_t)s->ecount + more <= s->ecap) return 0;
    uint64_t nc = s->ecap ? s->ecap : 4096;
    while (nc < (uint64_t)s->ecount + more) nc *= 2;
    if (nc > UINT32_MAX) return memory_fail(x);
    if (grow(x, (void **)&s->edge, (size_t)s->ecap * sizeof *s->edge, (size_t)nc * sizeof *s->edge)) return -1;
    s->ecap = (uint32_t)nc;
    return 0;
}

static dentry *tt_find(const pp_pn *x, uint64_t key, int32_t banked, uint32_t ply);
static int tt_store(pp_pn *x, uint64_t key, int32_t banked, uint32_t ply, uint32_t pn, uint32_t dn, uint64_t work,
                    int expanded);

/* The node of position p at ply (created if new: *fresh 1); NONE on failure. */
static uint32_t store_node(pp_pn *x, store *s, const void *p, uint32_t ply, int *fresh)
{
    uint64_t key;
    int32_t banked;
    key_of(x, p, &key, &banked);
    *fresh = 0;
    if (store_room(x, s)) return NONE;
    uint32_t slot;
    uint32_t id = store_find(x, s, key, banked, ply, p, &slot);
    if (id != NONE) return id;
    id = s->count++;
    s->idx[slot] = id + 1;
    pnode *n = &s->n[id];
    memset(n, 0, sizeof *n);
    n->key = key;
    n->banked = banked;
    n->ply = (uint8_t)ply;
    memcpy(at(s->st, x->sb, id), p, x->sb);
    int e = evaluate(x, p);
    const dentry *d = e || x->o.algo != PP_PN_PN2 ? NULL : tt_find(x, key, banked, ply);
    if (d && (d->pn == 0 || d->dn == 0)) e = d->pn == 0 ? 1 : 2; /* PN²: solved by an earlier second-level search */
    if (e) {
        n->pn = e == 1 ? 0 : INF;
        n->dn = e == 1 ? INF : 0;
    } else {
        init_numbers(x, p, mobility(x, p), &n->pn, &n->dn);
    }
    *fresh = 1;
    return id;
}

static int solved(const pnode *n) { return n->pn == 0 || n->dn == 0; }

/* A node's numbers from its children's. */
static void set_from_kids(const pp_pn *x, store *s, uint32_t id)
{
    pnode *n = &s->n[id];
    int max = is_max(x, at(s->st, x->sb, id));
    uint32_t mn = INF, sum = 0;
    for (uint32_t k = 0; k < n->nkids; k++) {
        const pnode *c = &s->n[s->edge[n->kids + k]];
        uint32_t a = max ? c->pn : c->dn, b = max ? c->dn : c->pn;
        if (a < mn) mn = a;
        sum = add_sat(sum, b);
    }
    n->pn = max ? mn : sum;
    n->dn = max ? sum : mn;
}

static int pn_level(pp_pn *x, store *s, uint32_t id, uint32_t budget);

/* Expands node id: its children, found or created; PN² evaluates the new
 * ones with a second-level search. */
static int pn_expand(pp_pn *x, store *s, uint32_t id, int level)
{
    const pp_game *g = x->g;
    uint32_t ply = s->n[id].ply;
    if (budget_check(x) || depth_check(x, ply)) return -1;
    unsigned char *cur = at(x->cur, x->sb, ply), *child = at(x->cur, x->sb, ply + 1);
    memcpy(cur, at(s->st, x->sb, id), x->sb);
    int32_t *mv = x->moves + (size_t)ply * x->mm;
    uint32_t nm = g->moves(g->ctx, cur, mv);
    if (nm == 0 || nm > x->mm) return bad_moves(x, cur, nm);
    if (edge_room(x, s, nm)) return -1;
    uint32_t first = s->ecount;
    s->ecount += nm;
    uint32_t nfresh = 0, *fresh = x->fresh + (size_t)ply * x->mm;
    int traced = x->trace && level == 1;
    uint32_t vid = s->n[id].vid;
    if (traced) ppt_emit(x->trace, PP_EV_PN_MARK, S_PN_EXPAND, (int32_t)vid, (int32_t)nm, 0);
    for (uint32_t k = 0; k < nm; k++) {
        g->play(g->ctx, cur, mv[k], child);
        int f;
        uint32_t c = store_node(x, s, child, ply + 1, &f);
        if (c == NONE) return -1;
        s->edge[first + k] = c;
        if (f && !solved(&s->n[c])) fresh[nfresh++] = c;
        if (traced && f) {
            /* a new position: its visit id, reached by move k, and its first numbers */
            pnode *cn = &s->n[c];
            cn->vid = x->vids++;
            ppt_emit(x->trace, PP_EV_AB_MOVE, S_PN_EXPAND, (int32_t)vid, (int32_t)k, (int32_t)cn->vid);
            ppt_emit(x->trace, PP_EV_PN_NODE, S_PN_EXPAND, (int32_t)cn->vid, (int32_t)cn->pn, (int32_t)cn->dn);
        }
    }
    pnode *n = &s->n[id];
    n->kids = first;
    n->nkids = (uint16_t)nm;
    n->flags |= F_EXP;
    x->res.stats.expanded++;
    if (level == 2) x->res.stats.pn2_expanded++;
    x->res.stats.generated += nm;
    if (level == 1 && x->o.algo == PP_PN_PN2) {
        uint32_t b = x->o.pn2_budget ? x->o.pn2_budget : PP_PN_DEFAULT_PN2_BUDGET;
        int max = is_max(x, cur);
        for (uint32_t k = 0; k < nfresh; k++) {
            uint32_t c = fresh[k];
            if (pn_level(x, &x->s2, c, b)) return -1;
            if (traced)
                ppt_emit(x->trace, PP_EV_PN_NODE, S_PN2_CHILD, (int32_t)x->s1.n[c].vid, (int32_t)x->s1.n[c].pn,
                         (int32_t)x->s1.n[c].dn);
            /* a child that settles its parent: the rest keep (1, 1) */
            if (max ? s->n[c].pn == 0 : s->n[c].dn == 0) break;
        }
    }
    set_from_kids(x, s, id);
    if (traced)
        ppt_emit(x->trace, PP_EV_PN_NODE, S_PN_UPDATE, (int32_t)vid, (int32_t)s->n[id].pn, (int32_t)s->n[id].dn);
    return 0;
}

/* One PN iteration on store s from its node 0: down to the most-proving
 * node (each node on the way recomputed from its children first, as a
 * parent off an earlier path may have left it stale), expand it, and
 * recompute the path's nodes up to the root. */
static int pn_iterate(pp_pn *x, store *s, int level)
{
    uint32_t *path = x->path[level - 1], len = 0, id = 0;
    pp_trace *tr = level == 1 ? x->trace : NULL;
    path[len++] = 0;
    for (;;) {
        pnode *n = &s->n[id];
        if (n->flags & F_EXP) set_from_kids(x, s, id);
        ppt_emit(tr, PP_EV_PN_NODE, S_PN_SELECT, (int32_t)n->vid, (int32_t)n->pn, (int32_t)n->dn);
        if (!(n->flags & F_EXP)) break;
        if (solved(n)) break;
        int max = is_max(x, at(s->st, x->sb, id));
        uint32_t best = NONE, bv = INF;
        for (uint32_t k = 0; k < n->nkids; k++) {
            uint32_t c = s->edge[n->kids + k];
            uint32_t v = max ? s->n[c].pn : s->n[c].dn;
            if (best == NONE || v < bv) best = c, bv = v;
        }
        id = best;
        path[len++] = id;
    }
    if (!(s->n[id].flags & F_EXP) && !solved(&s->n[id]) && pn_expand(x, s, id, level)) return -1;
    for (uint32_t i = len - 1; i-- > 0;) {
        set_from_kids(x, s, path[i]);
        const pnode *n = &s->n[path[i]];
        ppt_emit(tr, PP_EV_PN_NODE, S_PN_UPDATE, (int32_t)n->vid, (int32_t)n->pn, (int32_t)n->dn);
    }
    return 0;
}

/* PN²'s second level: a PN search of node id of s1 (its position) in s2,
 * at most budget expansions; id takes the root's numbers. */
static int pn_level(pp_pn *x, store *s, uint32_t id, uint32_t budget)
{
    store *s1 = &x->s1;
    store_clear(s);
    int f;
    uint32_t r = store_node(x, s, at(s1->st, x->sb, id), s1->n[id].ply, &f);
    if (r == NONE) return -1;
    uint64_t end = x->res.stats.expanded + budget;
    while (!solved(&s->n[0]) && x->res.stats.expanded < end)
        if (pn_iterate(x, s, 2)) return -1;
    s1->n[id].pn = s->n[0].pn;
    s1->n[id].dn = s->n[0].dn;
    /* What the search solved outlives it: the table answers the same
     * positions for the later searches of this proof (store_node). Without
     * it, PN² on Can I Win 19/160 expands 72 million positions, 200 at a
     * time, mostly the same ones again. */
    for (uint32_t k = 0; k < s->count; k++) {
        const pnode *n = &s->n[k];
        if ((n->flags & F_EXP) && solved(n) && tt_store(x, n->key, n->banked, n->ply, n->pn, n->dn, 0, 0)) return -1;
    }
    return 0;
}

/* ---- df-pn ---- */

/* The table starts at PN_TT_FIRST buckets and doubles (tt_grow) while a
 * quarter of its entries or more are in use, up to half the memory limit
 * (the rest is the proofs' and, for PN and PN², the store's): a small game
 * never pays for a big table, a big one gets the table it needs. Kept at
 * most a quarter full because df-pn's replacement loses proofs: on Can I
 * Win 19/160 (about 500,000 positions) a table of 2^20 entries re-searches
 * for minutes where one of 2^21 answers after 1.9 million expansions. */
#define PN_TT_FIRST 1024u

static int tt_alloc(pp_pn *x)
{
    if (x->tt) return 0;
    uint64_t half = x->o.memory / 2, most = 1;
    while (most * 2 * 4 * sizeof(dentry) <= half && most < ((uint64_t)1 << 30)) most *= 2;
    uint64_t buckets = most < PN_TT_FIRST ? most : PN_TT_FIRST;
    size_t bytes = (size_t)(buckets * 4 * sizeof(dentry));
    if (x->mem + bytes > x->o.memory) return memory_fail(x);
    void *p = calloc(1, bytes);
    if (!p) return fail(x, PP_ERR_NOMEM, "out of memory for a table of %llu bytes", (unsigned long long)bytes);
    x->tt = p;
    x->mem += bytes;
    if (x->mem > x->mem_peak) x->mem_peak = x->mem;
    x->tt_buckets = buckets;
    x->tt_most = most;
    uint32_t bits = 0;
    while (((uint64_t)1 << bits) < buckets) bits++;
    x->tt_shift = 64 - bits;
    x->gen = 1;
    return 0;
}

/* Doubles the table in place: a bucket's index is the top bits of its
 * entries' slot_of, so bucket i's entries go to 2i or 2i + 1 (the next
 * bit), none lost; from the last bucket down, each move lands on buckets
 * already moved. Stale entries are dropped. Past the memory limit the
 * table stays at its size (it is a cache); a failed allocation is
 * PP_ERR_NOMEM. */
static int tt_grow(pp_pn *x)
{
    uint64_t n = x->tt_buckets;
    size_t old = (size_t)(n * 4 * sizeof(dentry)), bytes = 2 * old;
    if (x->mem + (bytes - old) > x->o.memory) {
        x->tt_most = n;
        return 0;
    }
    dentry *t = realloc(x->tt, bytes);
    if (!t)
        return fail(x, PP_ERR_NOMEM, "out of memory growing the table from %llu to %llu bytes", (unsigned long long)old,
                    (unsigned long long)bytes);
    x->tt = t;
    x->mem += bytes - old;
    if (x->mem > x->mem_peak) x->mem_peak = x->mem;
    uint32_t shift = x->tt_shift - 1;
    for (uint64_t i = n; i-- > 0;) {
        dentry was[4];
        memcpy(was, t + 4 * i, sizeof was);
        dentry *to = t + 8 * i; /* buckets 2i and 2i + 1 */
        memset(to, 0, 8 * sizeof *to);
        uint32_t k0 = 0, k1 = 4;
        for (int k = 0; k < 4; k++) {
            if (was[k].gen != x->gen) continue;
            uint64_t h = slot_of(was[k].key, was[k].banked, was[k].ply);
            to[h >> shift & 1 ? k1++ : k0++] = was[k];
        }
    }
    x->tt_buckets = 2 * n;
    x->tt_shift = shift;
    return 0;
}

/* A new threshold: every entry of the table becomes stale. */
static void tt_new_generation(pp_pn *x)
{
    if (!x->tt) return;
    if (++x->gen == 0) {
        memset(x->tt, 0, (size_t)(x->tt_buckets * 4 * sizeof(dentry)));
        x->gen = 1;
    }
    x->tt_used = 0;
}

static dentry *tt_bucket(const pp_pn *x, uint64_t key, int32_t banked, uint32_t ply)
{
    uint64_t h = slot_of(key, banked, ply);
    return x->tt + 4 * (x->tt_shift >= 64 ? 0 : h >> x->tt_shift);
}

static dentry *tt_find(const pp_pn *x, uint64_t key, int32_t banked, uint32_t ply)
{
    if (!x->tt) return NULL;
    dentry *b = tt_bucket(x, key, banked, ply);
    for (int i = 0; i < 4; i++)
        if (b[i].gen == x->gen && b[i].key == key && b[i].banked == banked && b[i].ply == ply) return &b[i];
    return NULL;
}

static int bucket_full(const pp_pn *x, const dentry *b)
{
    for (int i = 0; i < 4; i++)
        if (b[i].gen != x->gen) return 0;
    return 1;
}

/* Stores an entry: in place, else in a stale slot, else over the entry of
 * least work among the unsolved (solved entries go last). A new entry
 * may first grow the table (tt_grow); -1 only for a failed allocation. */
static int tt_store(pp_pn *x, uint64_t key, int32_t banked, uint32_t ply, uint32_t pn, uint32_t dn, uint64_t work,
                    int expanded)
{
    dentry *b = tt_bucket(x, key, banked, ply), *e = NULL;
    for (int i = 0; i < 4 && !e; i++)
        if (b[i].gen == x->gen && b[i].key == key && b[i].banked == banked && b[i].ply == ply) e = &b[i];
    /* grow: a quarter of the entries in use, or a sixteenth and this
     * bucket full of the current proof's entries (one would be lost) */
    if (!e && x->tt_buckets < x->tt_most &&
        (x->tt_used >= x->tt_buckets || (x->tt_used * 4 >= x->tt_buckets && bucket_full(x, b)))) {
        if (tt_grow(x)) return -1;
        b = tt_bucket(x, key, banked, ply);
    }
    if (!e) {
        uint64_t worst = UINT64_MAX;
        for (int i = 0; i < 4; i++) {
            uint64_t w =
                b[i].gen != x->gen ? 0 : (uint64_t)b[i].work + 1 + ((b[i].pn == 0 || b[i].dn == 0) ? (1ull << 33) : 0);
            if (w < worst) worst = w, e = &b[i];
        }
        if (e->gen != x->gen) x->tt_used++;
        e->expanded = 0;
        e->work = 0;
    }
    e->key = key;
    e->banked = banked;
    e->ply = (uint8_t)ply;
    e->gen = x->gen;
    e->pn = pn;
    e->dn = dn;
    uint64_t w = e->work + work;
    e->work = w > UINT32_MAX ? UINT32_MAX : (uint32_t)w;
    if (expanded) e->expanded = 1;
    return 0;
}

/* Nagai's MID on the position at pos[ply]: searches it until its proof
 * number reaches thpn or its disproof number thdn (or it is solved, or the
 * run pauses); its numbers go to the table and *pn, *dn. */
static int mid(pp_pn *x, uint32_t ply, uint32_t thpn, uint32_t thdn, uint32_t *opn, uint32_t *odn, uint32_t vid)
{
    pp_trace *tr = x->trace;
    const pp_game *g = x->g;
    unsigned char *p = at(x->pos, x->sb, ply), *child = at(x->pos, x->sb, ply + 1);
    uint64_t key;
    int32_t banked;
    key_of(x, p, &key, &banked);
    int ev = evaluate(x, p);
    if (ev) {
        *opn = ev == 1 ? 0 : INF;
        *odn = ev == 1 ? INF : 0;
        if (tt_store(x, key, banked, ply, *opn, *odn, 0, 0)) return -1;
        ppt_emit(tr, PP_EV_PN_NODE, S_DF_LEAF, (int32_t)vid, (int32_t)*opn, (int32_t)*odn);
        return 0;
    }
    if (budget_check(x) || depth_check(x, ply)) return -1;
    dentry *e = tt_find(x, key, banked, ply);
    if (e && e->expanded) x->res.stats.reexpanded++;
    uint64_t w0 = x->res.stats.expanded;
    x->res.stats.expanded++;
    int32_t *mv = x->moves + (size_t)ply * x->mm;
    uint32_t nm = g->moves(g->ctx, p, mv);
    if (nm == 0 || nm > x->mm) return bad_moves(x, p, nm);
    x->res.stats.generated += nm;
    uint64_t *ck = x->ckey + (size_t)ply * x->mm;
    int32_t *cb = x->cbank + (size_t)ply * x->mm;
    uint8_t *ci = x->cinit + (size_t)ply * x->mm;
    uint32_t *cm = x->cmob + (size_t)ply * x->mm;
    for (uint32_t k = 0; k < nm; k++) {
        g->play(g->ctx, p, mv[k], child);
        key_of(x, child, &ck[k], &cb[k]);
        ci[k] = (uint8_t)evaluate(x, child);
        cm[k] = 1;
        if (!ci[k] && x->o.mobility) {
            cm[k] = mobility(x, child);
            if (!is_max(x, child)) cm[k] |= 0x80000000u; /* MIN moves there: (m, 1) */
        }
    }
    /* traced: the children's visit ids for this call, base .. base + nm - 1 */
    uint32_t base = 0;
    if (tr) {
        base = x->vids;
        x->vids += nm;
        ppt_emit(tr, PP_EV_PN_MARK, S_DF_EXPAND, (int32_t)vid, (int32_t)nm, 0);
        for (uint32_t k = 0; k < nm; k++) {
            uint32_t cpn = ci[k] == 1 ? 0 : ci[k] == 2 ? INF : 1, cdn = ci[k] == 1 ? INF : ci[k] == 2 ? 0 : 1;
            if (!ci[k] && cm[k] != 1) { /* options.mobility: the numbers the loop below starts from */
                if (cm[k] & 0x80000000u) cpn = cm[k] & 0x7FFFFFFFu;
                else cdn = cm[k];
            }
            const dentry *c = ci[k] ? NULL : tt_find(x, ck[k], cb[k], ply + 1);
            if (c) cpn = c->pn, cdn = c->dn;
            ppt_emit(tr, PP_EV_AB_MOVE, S_DF_EXPAND, (int32_t)vid, (int32_t)k, (int32_t)(base + k));
            ppt_emit(tr, PP_EV_PN_NODE, S_DF_EXPAND, (int32_t)(base + k), (int32_t)cpn, (int32_t)cdn);
        }
    }
    int max = is_max(x, p);
    uint32_t eps = x->o.epsilon_pct ? x->o.epsilon_pct : 25;
    uint32_t pn = 1, dn = 1;
    /* the child searched last, with the numbers it returned (its entry may
     * since have lost its slot) */
    uint32_t last = NONE, lpn = 1, ldn = 1;
    for (;;) {
        /* the numbers from the children's; the best child and the runner-up */
        uint32_t mn = INF, second = INF, sum = 0, best = 0, bpn = 1, bdn = 1;
        for (uint32_t k = 0; k < nm; k++) {
            uint32_t cpn = 1, cdn = 1;
            if (cm[k] != 1) {
                uint32_t m = cm[k] & 0x7FFFFFFFu;
                if (cm[k] & 0x80000000u) cpn = m;
                else cdn = m;
            }
            if (ci[k] == 1) cpn = 0, cdn = INF;
            else if (ci[k] == 2) cpn = INF, cdn = 0;
            else {
                const dentry *c = tt_find(x, ck[k], cb[k], ply + 1);
                if (c) cpn = c->pn, cdn = c->dn;
                else if (k == last) cpn = lpn, cdn = ldn;
            }
            uint32_t a = max ? cpn : cdn, b = max ? cdn : cpn;
            if (a < mn) {
                second = mn;
                mn = a;
                best = k;
                bpn = cpn;
                bdn = cdn;
            } else if (a < second) {
                second = a;
            }
            sum = add_sat(sum, b);
        }
        pn = max ? mn : sum;
        dn = max ? sum : mn;
        if (ply == 0) x->root_pn = pn, x->root_dn = dn;
        ppt_emit(tr, PP_EV_PN_NODE, S_DF_NUMBERS, (int32_t)vid, (int32_t)pn, (int32_t)dn);
        if (pn >= thpn || dn >= thdn || pn == 0 || dn == 0 || x->pausing) break;
        if (x->res.stats.expanded >= x->stop) {
            x->pausing = 1;
            break;
        }
        /* the child's thresholds: 1 + epsilon on the runner-up */
        uint64_t grow_to = second == INF ? INF : (uint64_t)second * (100 + eps) / 100;
        if (second != INF && grow_to < (uint64_t)second + 1) grow_to = (uint64_t)second + 1;
        uint32_t tpn, tdn;
        if (max) {
            tpn = grow_to < thpn ? (uint32_t)grow_to : thpn;
            tdn = thdn == INF ? INF : thdn - dn + bdn;
        } else {
            tdn = grow_to < thdn ? (uint32_t)grow_to : thdn;
            tpn = thpn == INF ? INF : thpn - pn + bpn;
        }
        g->play(g->ctx, p, mv[best], child);
        ppt_emit(tr, PP_EV_PN_MARK, S_DF_CHILD, (int32_t)(base + best), (int32_t)tpn, (int32_t)tdn);
        if (mid(x, ply + 1, tpn, tdn, &lpn, &ldn, base + best)) return -1;
        last = best;
    }
    if (tt_store(x, key, banked, ply, pn, dn, x->res.stats.expanded - w0, 1)) return -1;
    ppt_emit(tr, PP_EV_PN_NODE, S_DF_STORE, (int32_t)vid, (int32_t)pn, (int32_t)dn);
    *opn = pn;
    *odn = dn;
    return 0;
}

/* Searches the position at pos[ply] with df-pn until it is solved (the
 * run does not pause). 1 proven, 2 disproven. */
static int dfpn_solve(pp_pn *x, uint32_t ply)
{
    if (tt_alloc(x)) return -1;
    uint64_t stop = x->stop;
    int pausing = x->pausing;
    x->stop = UINT64_MAX;
    x->pausing = 0;
    uint32_t pn = 1, dn = 1;
    pp_trace *tr = x->trace; /* a search for a proof's sake, not the one traced */
    x->trace = NULL;
    while (pn && dn)
        if (mid(x, ply, INF, INF, &pn, &dn, 0)) {
            x->trace = tr;
            return -1;
        }
    x->trace = tr;
    x->stop = stop;
    x->pausing = pausing;
    return pn == 0 ? 1 : 2;
}

/* ---- the proofs ---- */

static void proof_free(pp_pn *x, proofbuf *b)
{
    release(x, (void **)&b->first, (size_t)b->cap * sizeof *b->first);
    release(x, (void **)&b->count, (size_t)b->cap * sizeof *b->count);
    release(x, (void **)&b->blob, (size_t)b->cap * x->sb);
    release(x, (void **)&b->ply, (size_t)b->cap);
    release(x, (void **)&b->idx, (size_t)b->icap * sizeof *b->idx);
    release(x, (void **)&b->child, (size_t)b->ecap * sizeof *b->child);
    release(x, (void **)&b->move, (size_t)b->ecap * sizeof *b->move);
    memset(b, 0, sizeof *b);
}

static uint32_t proof_find(const pp_pn *x, const proofbuf *b, const void *p, uint32_t ply, uint64_t h, uint32_t *slot)
{
    if (!b->icap) return NONE;
    uint32_t mask = b->icap - 1, i = (uint32_t)h & mask;
    for (;; i = (i + 1) & mask) {
        uint32_t v = b->idx[i];
        if (!v) break;
        if (b->ply[v - 1] == ply && memcmp(at(b->blob, x->sb, v - 1), p, x->sb) == 0) return v - 1;
    }
    *slot = i;
    return NONE;
}

static uint64_t proof_hash(const pp_pn *x, const void *p, uint32_t ply) { return pp__mix64(fnv(p, x->sb) ^ ply); }

static uint32_t proof_add(pp_pn *x, proofbuf *b, const void *p, uint32_t ply)
{
    if (b->n == b->cap) {
        uint32_t nc = b->cap ? b->cap * 2 : 256;
        if (b->cap >= (1u << 30)) return memory_fail(x), NONE;
        if (grow(x, (void **)&b->first, (size_t)b->cap * 4, (size_t)nc * 4) ||
            grow(x, (void **)&b->count, (size_t)b->cap * 4, (size_t)nc * 4) ||
            grow(x, (void **)&b->blob, (size_t)b->cap * x->sb, (size_t)nc * x->sb) ||
            grow(x, (void **)&b->ply, b->cap, nc))
            return NONE;
        b->cap = nc;
    }
    if ((uint64_t)(b->n + 1) * 2 > b->icap) {
        uint32_t old = b->icap, nc = b->icap ? b->icap * 2 : 512;
        uint32_t *ni = NULL;
        if (grow(x, (void **)&ni, 0, (size_t)nc * 4)) return NONE;
        memset(ni, 0, (size_t)nc * 4);
        release(x, (void **)&b->idx, (size_t)old * 4);
        b->idx = ni;
        b->icap = nc;
        for (uint32_t id = 0; id < b->n; id++) {
            uint32_t i = (uint32_t)proof_hash(x, at(b->blob, x->sb, id), b->ply[id]) & (nc - 1);
            while (b->idx[i]) i = (i + 1) & (nc - 1);
            b->idx[i] = id + 1;
        }
    }
    uint32_t slot;
    proof_find(x, b, p, ply, proof_hash(x, p, ply), &slot);
    uint32_t id = b->n++;
    b->idx[slot] = id + 1;
    memcpy(at(b->blob, x->sb, id), p, x->sb);
    b->ply[id] = (uint8_t)ply;
    b->first[id] = b->ecount;
    b->count[id] = 0;
    return id;
}

/* What the search knows of position p at ply: 1 proven, 2 disproven, 0 not known. */
static int known(pp_pn *x, const void *p, uint32_t ply)
{
    int e = evaluate(x, p);
    if (e) return e;
    uint64_t key;
    int32_t banked;
    key_of(x, p, &key, &banked);
    if (x->o.algo != PP_PN_DFPN && x->s1.icap) {
        uint32_t id = store_find(x, &x->s1, key, banked, ply, p, NULL);
        if (id != NONE) {
            const pnode *n = &x->s1.n[id];
            if (n->pn == 0) return 1;
            if (n->dn == 0) return 2;
        }
    }
    const dentry *d = tt_find(x, key, banked, ply);
    if (d && d->pn == 0) return 1;
    if (d && d->dn == 0) return 2;
    return 0;
}

/* The status of the child at pos[ply]... copied from xpos: searched to the
 * end with df-pn when the search did not keep it. */
static int status_of(pp_pn *x, const void *p, uint32_t ply)
{
    int k = known(x, p, ply);
    if (k) return k;
    memcpy(at(x->pos, x->sb, ply), p, x->sb);
    return dfpn_solve(x, ply);
}

/* Extracts the proof below xpos[ply] into b; *id its node. want 1: MAX
 * forces value >= t, 2: MIN forces value < t. */
static int extract(pp_pn *x, proofbuf *b, uint32_t ply, int want, uint32_t *out)
{
    const pp_game *g = x->g;
    const unsigned char *p = at(x->xpos, x->sb, ply);
    uint32_t slot;
    uint32_t id = proof_find(x, b, p, ply, proof_hash(x, p, ply), &slot);
    if (id != NONE) {
        *out = id;
        return 0;
    }
    id = proof_add(x, b, p, ply);
    if (id == NONE) return -1;
    *out = id;
    int e = evaluate(x, p);
    if (e == want) {
        /* the value this end of the proof guarantees, as evaluate decided it */
        const pp_game *lg = x->g;
        int32_t v, lo = -PP_AB_INF, hi = PP_AB_INF;
        if (lg->leaf(lg->ctx, p, &v)) lo = hi = v;
        else if (lg->bounds) lg->bounds(lg->ctx, p, &lo, &hi);
        if (want == 1 && lo < x->xbound) x->xbound = lo;
        if (want == 2 && hi > x->xbound) x->xbound = hi;
        return 0;
    }
    if (e) return fail(x, PP_ERR_ARG, "internal: a proof reached a leaf on the wrong side");
    if (depth_check(x, ply)) return -1;
    int32_t *mv = x->xmoves + (size_t)ply * x->mm;
    uint32_t nm = g->moves(g->ctx, p, mv);
    if (nm == 0 || nm > x->mm) return bad_moves(x, p, nm);
    unsigned char *child = at(x->xpos, x->sb, ply + 1);
    uint32_t *kids = x->xkids + (size_t)ply * x->mm;
    uint16_t *kmv = x->xmv + (size_t)ply * x->mm;
    uint32_t nk = 0;
    int chooser = is_max(x, p) == (want == 1);
    if (chooser) {
        /* one move: the first the search knows to work, else the first a search proves */
        int pick = -1;
        for (uint32_t k = 0; k < nm && pick < 0; k++) {
            g->play(g->ctx, p, mv[k], child);
            if (known(x, child, ply + 1) == want) pick = (int)k;
        }
        for (uint32_t k = 0; k < nm && pick < 0; k++) {
            g->play(g->ctx, p, mv[k], child);
            int s = status_of(x, child, ply + 1);
            if (s < 0) return -1;
            if (s == want) pick = (int)k;
        }
        if (pick < 0) return fail(x, PP_ERR_ARG, "internal: no move keeps the proof");
        g->play(g->ctx, p, mv[pick], child);
        if (extract(x, b, ply + 1, want, &kids[0])) return -1;
        kmv[0] = (uint16_t)pick;
        nk = 1;
    } else {
        for (uint32_t k = 0; k < nm; k++) {
            g->play(g->ctx, p, mv[k], child);
            int s = status_of(x, child, ply + 1);
            if (s < 0) return -1;
            if (s != want) return fail(x, PP_ERR_ARG, "internal: a reply escapes the proof");
            g->play(g->ctx, p, mv[k], child); /* status_of may have used the scratch above ply + 1 only */
            if (extract(x, b, ply + 1, want, &kids[k])) return -1;
            kmv[k] = (uint16_t)k;
        }
        nk = nm;
    }
    if ((uint64_t)b->ecount + nk > b->ecap) {
        uint64_t nc = b->ecap ? b->ecap : 1024;
        while (nc < (uint64_t)b->ecount + nk) nc *= 2;
        if (nc > UINT32_MAX) return memory_fail(x);
        if (grow(x, (void **)&b->child, (size_t)b->ecap * 4, (size_t)nc * 4) ||
            grow(x, (void **)&b->move, (size_t)b->ecap * 2, (size_t)nc * 2))
            return -1;
        b->ecap = (uint32_t)nc;
    }
    b->first[id] = b->ecount;
    b->count[id] = nk;
    memcpy(b->child + b->ecount, kids, nk * sizeof *kids);
    memcpy(b->move + b->ecount, kmv, nk * sizeof *kmv);
    b->ecount += nk;
    return 0;
}

/* ---- the driver ---- */

/* The root's numbers in the current proof. */
static void root_numbers(const pp_pn *x, uint32_t *pn, uint32_t *dn)
{
    if (x->o.algo == PP_PN_DFPN) {
        uint64_t key;
        int32_t banked;
        key_of(x, x->g->root, &key, &banked);
        const dentry *d = tt_find(x, key, banked, 0);
        *pn = d ? d->pn : 1;
        *dn = d ? d->dn : 1;
    } else {
        *pn = x->s1.n[0].pn;
        *dn = x->s1.n[0].dn;
    }
}

/* Starts the proof of value >= t. */
static int start_proof(pp_pn *x, int32_t t)
{
    x->t = t;
    x->running = 1;
    x->res.stats.proofs++;
    tt_new_generation(x);
    int df = x->o.algo == PP_PN_DFPN;
    ppt_emit(x->trace, PP_EV_PN_MARK, df ? S_DF_QUESTION : S_PN_QUESTION, 0, t, 0);
    if (df || x->o.algo == PP_PN_PN2) {
        if (tt_alloc(x)) return -1;
        if (df) return 0;
    }
    store_clear(&x->s1);
    int f;
    uint32_t r = store_node(x, &x->s1, x->g->root, 0, &f);
    if (r == NONE) return -1;
    x->s1.n[r].vid = 0;
    if (!x->vids) x->vids = 1;
    ppt_emit(x->trace, PP_EV_PN_NODE, S_PN_QUESTION, 0, (int32_t)x->s1.n[r].pn, (int32_t)x->s1.n[r].dn);
    return 0;
}

static int end_proof_body(pp_pn *x, int proven, int slot);

/* The proof just ended: keep what it showed, and its proof. */
static int end_proof(pp_pn *x, int proven)
{
    uint64_t entries = x->o.algo == PP_PN_DFPN ? x->tt_used : x->s1.count;
    if (entries > x->res.stats.tt_entries) x->res.stats.tt_entries = entries;
    int slot = proven ? 0 : 1;
    x->best[slot] = -1;
    ppt_emit(x->trace, PP_EV_PN_NODE, x->o.algo == PP_PN_DFPN ? S_DF_SOLVED : S_PN_SOLVED, 0, proven ? 0 : (int32_t)INF,
             proven ? (int32_t)INF : 0);
    pp_trace *tr = x->trace; /* extracting the proof is not the search traced */
    x->trace = NULL;
    int r = end_proof_body(x, proven, slot);
    x->trace = tr;
    return r;
}

static int end_proof_body(pp_pn *x, int proven, int slot)
{
    if (x->o.proof) {
        proofbuf *b = &x->pf[slot];
        proof_free(x, b);
        b->threshold = x->t;
        b->max_wins = proven;
        memcpy(x->xpos, x->g->root, x->sb);
        uint32_t root;
        x->xbound = proven ? INT64_MAX : INT64_MIN;
        if (extract(x, b, 0, proven ? 1 : 2, &root)) {
            if (x->failed != PP_ERR_BUDGET) return -1;
            /* no room for the proof: the answer stands without it */
            x->failed = PP_OK;
            proof_free(x, b);
        } else {
            if (b->count[0] == 1 && is_max(x, x->g->root) == proven) x->best[slot] = b->move[b->first[0]];
            /* The exact value's bisection: every end of MAX's proof is worth
             * at least xbound, so the proof shows value >= xbound, not only
             * >= t (MIN's: value < xbound + 1). The bisection then skips the
             * values no leaf of the proof has (a typed tree's range is
             * +-PP_AB_INF: 31 questions without this, a few with it), and
             * the proof is kept as one of that tighter question. */
            if (x->o.exact && proven && x->xbound > x->t && x->xbound != INT64_MAX)
                b->threshold = x->t = (int32_t)x->xbound;
            if (x->o.exact && !proven && x->xbound + 1 < x->t && x->xbound != INT64_MIN)
                b->threshold = x->t = (int32_t)(x->xbound + 1);
        }
    } else if (is_max(x, x->g->root) == proven && !evaluate(x, x->g->root)) {
        /* the first move the search knows to keep the answer */
        const pp_game *g = x->g;
        unsigned char *child = at(x->xpos, x->sb, 1);
        uint32_t nm = g->moves(g->ctx, g->root, x->xmoves);
        for (uint32_t k = 0; k < nm && k < x->mm && x->best[slot] < 0; k++) {
            g->play(g->ctx, g->root, x->xmoves[k], child);
            if (known(x, child, 1) == (proven ? 1 : 2)) x->best[slot] = (int32_t)k;
        }
    }
    x->running = 0;
    return 0;
}

pp_status pp_pn_run(pp_pn *x, uint64_t steps, int *done, pp_error *err)
{
    if (done) *done = 0;
    if (!x) return pp__fail(err, PP_ERR_ARG, "pp_pn_run: no search");
    if (x->failed) {
        if (err) *err = x->ferr;
        return x->failed;
    }
    /* df-pn resumes from the root, re-expanding the path it was on: a batch
     * shorter than a few paths could make no progress at all */
    if (x->o.algo == PP_PN_DFPN && steps < PP_PN_DFPN_MIN_STEPS) steps = PP_PN_DFPN_MIN_STEPS;
    x->stop = steps > UINT64_MAX - x->res.stats.expanded ? UINT64_MAX : x->res.stats.expanded + steps;
    while (!x->done) {
        if (!x->running) {
            if (!x->o.exact) {
                if (x->res.stats.proofs) {
                    x->done = 1;
                    break;
                }
                if (start_proof(x, x->o.threshold)) goto failed;
            } else {
                if (x->hi - x->lo <= 1) {
                    x->done = 1;
                    break;
                }
                if (start_proof(x, (int32_t)(x->lo + (x->hi - x->lo) / 2))) goto failed;
            }
        }
        uint32_t pn, dn;
        root_numbers(x, &pn, &dn);
        if (pn && dn && x->res.stats.expanded >= x->stop) return PP_OK; /* paused */
        if (pn && dn) {
            if (x->o.algo == PP_PN_DFPN) {
                memcpy(x->pos, x->g->root, x->sb);
                x->pausing = 0;
                if (mid(x, 0, INF, INF, &pn, &dn, 0)) goto failed;
                x->pausing = 0;
            } else {
                while (pn && dn && x->res.stats.expanded < x->stop) {
                    if (pn_iterate(x, &x->s1, 1)) goto failed;
                    pn = x->s1.n[0].pn;
                    dn = x->s1.n[0].dn;
                }
            }
        }
        if (pn && dn) continue; /* paused (the check above returns) */
        int proven = pn == 0;
        if (end_proof(x, proven)) goto failed;
        if (proven) x->lo = x->t;
        else x->hi = x->t;
        x->res.proven = proven;
    }
    if (done) *done = 1;
    return PP_OK;
failed:
    if (err) *err = x->ferr;
    return x->failed;
}

void pp_pn_get_result(const pp_pn *x, pp_pn_result *out)
{
    if (!x || !out) return;
    *out = x->res;
    out->value = (int32_t)x->lo;
    out->lower = (int32_t)x->lo;
    out->upper = x->hi > INT32_MAX ? INT32_MAX : (int32_t)x->hi;
    out->proof_size = x->pf[0].n;
    out->disproof_size = x->pf[1].n;
    int max = is_max(x, x->g->root);
    out->best_move = x->o.exact ? x->best[max ? 0 : 1] : x->best[x->res.proven ? 0 : 1];
    out->stats.tt_bytes = x->mem_peak;
    uint64_t per =
        x->o.algo == PP_PN_DFPN ? sizeof(dentry) : sizeof(pnode) + x->sb + 2 * sizeof(uint32_t) + sizeof(uint32_t);
    out->stats.node_bytes = per;
}

void pp_pn_get_proof(const pp_pn *x, int which, pp_pn_proof *out)
{
    if (!out) return;
    memset(out, 0, sizeof *out);
    if (!x || which < 0 || which > 1) return;
    const proofbuf *b = &x->pf[which];
    out->threshold = b->threshold;
    out->max_wins = which == 0;
    out->nodes = b->n;
    out->first = b->first;
    out->count = b->count;
    out->child = b->child;
    out->move = b->move;
}

void pp_pn_defaults(pp_pn_options *o)
{
    if (!o) return;
    memset(o, 0, sizeof *o);
    o->algo = PP_PN_PN;
    o->exact = 1;
}

void pp_pn_set_trace(pp_pn *x, pp_trace *t)
{
    if (!x) return;
    ppt_reserve(t); /* no room: the trace records nothing and says it is truncated */
    x->trace = t;
    if (!x->vids) x->vids = 1;
}

uint32_t pp_pn_node_count(const pp_pn *x) { return x ? (x->vids ? x->vids : 1) : 0; }

void pp_pn_free(pp_pn *x)
{
    if (!x) return;
    store_free(x, &x->s1);
    store_free(x, &x->s2);
    proof_free(x, &x->pf[0]);
    proof_free(x, &x->pf[1]);
    free(x->tt);
    free(x->pos);
    free(x->xpos);
    free(x->cur);
    free(x->moves);
    free(x->xmoves);
    free(x->ckey);
    free(x->cbank);
    free(x->cinit);
    free(x->cmob);
    free(x->mscratch);
    free(x->xkids);
    free(x->xmv);
    free(x->path[0]);
    free(x->path[1]);
    free(x->fresh);
    free(x);
}

pp_status pp_pn_new(const pp_game *g, const pp_pn_options *opt, pp_pn **out, pp_error *err)
{
    if (!out) return pp__fail(err, PP_ERR_ARG, "pp_pn_new: no output handle");
    *out = NULL;
    if (!g || !g->player || !g->leaf || !g->moves || !g->play || !g->root)
        return pp__fail(err, PP_ERR_ARG, "pp_pn_new: the game lacks a function or its root");
    pp_pn_options o;
    if (opt) o = *opt;
    else pp_pn_defaults(&o);
    if ((unsigned)o.algo > PP_PN_DFPN) return pp__fail(err, PP_ERR_ARG, "pp_pn_new: unknown algorithm %d", (int)o.algo);
    if (g->state_bytes == 0 || g->state_bytes > PP_AB_MAX_STATE || g->max_moves == 0 ||
        g->max_moves > PP_AB_MAX_MOVES || g->lo > g->hi)
        return pp__fail(err, PP_ERR_ARG, "pp_pn_new: the game's sizes are out of range");
    if (g->max_depth > PP_AB_MAX_DEPTH)
        return pp__fail(err, PP_ERR_LIMIT, "the game is %u plies deep; the search plays out at most %d", g->max_depth,
                        PP_AB_MAX_DEPTH);
    if (!o.memory) o.memory = PP_PN_DEFAULT_MEMORY;
    if (o.memory > PP_PN_MAX_MEMORY || o.memory < PP_PN_MIN_MEMORY)
        return pp__fail(err, PP_ERR_LIMIT, "a memory limit of %llu bytes; it must be %llu to %llu",
                        (unsigned long long)o.memory, (unsigned long long)PP_PN_MIN_MEMORY,
                        (unsigned long long)PP_PN_MAX_MEMORY);
    if (o.epsilon_pct > 1000) return pp__fail(err, PP_ERR_ARG, "epsilon of %u%%; at most 1000%%", o.epsilon_pct);
    if (!o.exact && (o.threshold <= -PP_AB_INF || o.threshold >= PP_AB_INF))
        return pp__fail(err, PP_ERR_ARG, "the threshold %d is outside the values a game has", o.threshold);
    pp_pn *x = calloc(1, sizeof *x);
    if (!x) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the search");
    x->g = g;
    x->o = o;
    x->sb = g->state_bytes;
    x->mm = g->max_moves;
    x->use_hash = g->hash != NULL;
    size_t plies = PLIES, mm = g->max_moves;
    x->pos = malloc(plies * x->sb);
    x->xpos = malloc(plies * x->sb);
    x->cur = malloc(plies * x->sb);
    x->moves = malloc(plies * mm * sizeof *x->moves);
    x->xmoves = malloc(plies * mm * sizeof *x->xmoves);
    x->ckey = malloc(plies * mm * sizeof *x->ckey);
    x->cbank = malloc(plies * mm * sizeof *x->cbank);
    x->cinit = malloc(plies * mm);
    x->cmob = malloc(plies * mm * sizeof *x->cmob);
    x->mscratch = malloc(mm * sizeof *x->mscratch);
    x->xkids = malloc(plies * mm * sizeof *x->xkids);
    x->xmv = malloc(plies * mm * sizeof *x->xmv);
    x->path[0] = malloc(plies * sizeof *x->path[0]);
    x->path[1] = malloc(plies * sizeof *x->path[1]);
    x->fresh = malloc(plies * mm * sizeof *x->fresh);
    x->mem = plies * (3 * x->sb + mm * (4 + 4 + 8 + 4 + 1 + 4 + 4 + 2 + 4) + 8) + mm * 4;
    x->mem_peak = x->mem;
    if (!x->pos || !x->xpos || !x->cur || !x->moves || !x->xmoves || !x->ckey || !x->cbank || !x->cinit || !x->cmob ||
        !x->mscratch || !x->xkids || !x->xmv || !x->path[0] || !x->path[1] || !x->fresh) {
        pp_pn_free(x);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory for the search");
    }
    if (x->mem > o.memory) {
        pp_pn_free(x);
        return pp__fail(err, PP_ERR_BUDGET,
                        "the memory limit of %llu bytes is below the search's %llu bytes of scratch",
                        (unsigned long long)o.memory, (unsigned long long)plies);
    }
    x->lo = g->lo;
    x->hi = (int64_t)g->hi + 1;
    x->best[0] = x->best[1] = -1;
    *out = x;
    return PP_OK;
}

pp_status pp_pn_solve(const pp_game *g, const pp_pn_options *opt, pp_pn_result *out, pp_error *err)
{
    pp_pn *x = NULL;
    pp_status s = pp_pn_new(g, opt, &x, err);
    if (s != PP_OK) return s;
    int done = 0;
    s = pp_pn_run(x, UINT64_MAX, &done, err);
    pp_pn_get_result(x, out);
    pp_pn_free(x);
    return s;
}

uint64_t pp_pn_default_budget(uint64_t memory)
{
    if (!memory) memory = PP_PN_DEFAULT_MEMORY;
    return (memory >> 20 ? memory >> 20 : 1) * PP_PN_BUDGET_PER_MIB;
}
