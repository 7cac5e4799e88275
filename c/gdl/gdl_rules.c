/* gdl_rules.c: the rules of a GDL text, `or` expanded, and the checks of
 * the rules alone: arities, safety, roles, init, stratified negation, does
 * where it may not be. Also the ground terms (hash-consed) and the order
 * the relations are evaluated in (their dependency graph's strongly
 * connected components, bodies before heads).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gdl_internal.h"

static const char *const SPECIAL[GDL_S_COUNT] = {"role",  "init", "true",     "does",     "next",
                                                 "legal", "goal", "terminal", "distinct", "not",
                                                 "or",    "<=",   "base",     "input",    "and"};
/* The arity each special relation must have (-1: not a relation). */
static const int SPECIAL_ARITY[GDL_S_COUNT] = {1, 1, 1, 2, 1, 2, 2, 0, -1, -1, -1, -1, -1, -1, -1};

/* ---- ground terms ---- */

static uint32_t gt_hash(uint32_t sym, uint32_t arity, const uint32_t *args)
{
    uint32_t h = sym * 2654435761u ^ arity * 40503u;
    for (uint32_t i = 0; i < arity; i++) h = (h ^ args[i]) * 16777619u + 0x9e3779b9u;
    return h ^ (h >> 15);
}

static pp_status gt_rehash(gdl_prog *p)
{
    uint32_t cap = p->gtable_cap ? p->gtable_cap * 2 : 1024;
    uint32_t *t = calloc(cap, sizeof *t);
    if (!t) return PP_ERR_NOMEM;
    for (uint32_t i = 0; i < p->ngt; i++) {
        const gdl_gterm *g = &p->gt[i];
        uint32_t h = gt_hash(g->sym, g->arity, p->gargs + g->args) & (cap - 1);
        while (t[h]) h = (h + 1) & (cap - 1);
        t[h] = i + 1;
    }
    free(p->gtable);
    p->gtable = t;
    p->gtable_cap = cap;
    return PP_OK;
}

pp_status gdl_gterm_intern(gdl_prog *p, uint32_t sym, uint32_t arity, const uint32_t *args, uint32_t *out,
                           pp_error *err)
{
    pp_status st = PP_OK;
    if (!p->gtable_cap || (p->ngt + 1) * 2 > p->gtable_cap) st = gt_rehash(p);
    if (st) return pp__fail(err, st, "out of memory for the ground terms");
    uint32_t h = gt_hash(sym, arity, args) & (p->gtable_cap - 1);
    while (p->gtable[h]) {
        uint32_t id = p->gtable[h] - 1;
        const gdl_gterm *g = &p->gt[id];
        if (g->sym == sym && g->arity == arity &&
            (!arity || memcmp(p->gargs + g->args, args, arity * sizeof *args) == 0))
            return *out = id, PP_OK;
        h = (h + 1) & (p->gtable_cap - 1);
    }
    st = gdl_grow((void **)&p->gt, &p->gt_cap, p->ngt, 1, sizeof *p->gt, PP_GDL_MAX_TERMS);
    if (!st)
        st = gdl_grow((void **)&p->gargs, &p->gargs_cap, p->ngargs, arity, sizeof *p->gargs, PP_GDL_MAX_TERMS * 4u);
    if (st == PP_ERR_LIMIT) return pp__fail(err, st, "the rules ground to over %u terms", PP_GDL_MAX_TERMS);
    if (st) return pp__fail(err, st, "out of memory for the ground terms");
    uint32_t size = 1;
    for (uint32_t i = 0; i < arity; i++) size += p->gt[args[i]].size;
    if (arity) memcpy(p->gargs + p->ngargs, args, arity * sizeof *args);
    p->gt[p->ngt] = (gdl_gterm){sym, arity, p->ngargs, size};
    p->ngargs += arity;
    p->gtable[h] = p->ngt + 1;
    *out = p->ngt++;
    return PP_OK;
}

int gdl_gterm_print(const gdl_prog *p, uint32_t t, char *buf, size_t size)
{
    const gdl_gterm *g = &p->gt[t];
    const char *name = gdl_sym_name(&p->syms, g->sym);
    if (g->arity == 0) return snprintf(buf, size, "%s", name);
    size_t n = (size_t)snprintf(buf, size, "(%s", name);
    for (uint32_t i = 0; i < g->arity; i++) {
        if (n < size) buf[n] = ' ';
        n++;
        n += (size_t)gdl_gterm_print(p, p->gargs[g->args + i], n < size ? buf + n : NULL, n < size ? size - n : 0);
    }
    if (n < size) buf[n] = ')';
    n++;
    if (size) buf[n < size ? n : size - 1] = '\0';
    return (int)n;
}

/* ---- building the rules ---- */

typedef struct builder {
    gdl_prog *p;
    const gdl_text *t;
    gdl_diags *ds;
    pp_error *err;
    uint32_t sym[GDL_S_COUNT];
    /* the rule being built: its variables' names, where first seen */
    uint32_t var_sym[256], var_line[256], var_col[256];
    uint8_t var_pos[256]; /* bound by a positive literal */
    uint32_t nvars;
    int bad; /* the rule had a diagnostic: not added */
    int32_t acc[1024];
    uint8_t acc_neg[1024];
    uint32_t nacc;
} builder;

static const gdl_node *N(const builder *b, int32_t i) { return &b->t->nodes[i]; }

static int is_sym(const builder *b, int32_t i, int special)
{
    return i >= 0 && N(b, i)->kind == GDL_N_SYM && N(b, i)->sym == b->sym[special];
}
/* The head symbol of a list node (or of a symbol node); -1 for others. */
static int64_t head_sym(const builder *b, int32_t i)
{
    const gdl_node *n = N(b, i);
    if (n->kind == GDL_N_SYM) return n->sym;
    if (n->kind == GDL_N_LIST && n->first >= 0 && N(b, n->first)->kind == GDL_N_SYM) return N(b, n->first)->sym;
    return -1;
}

static pp_status fail_nomem(builder *b, pp_status st)
{
    if (st == PP_ERR_LIMIT) return pp__fail(b->err, st, "the rules are over a limit (terms in rules)");
    return pp__fail(b->err, st, "out of memory for the rules");
}

static pp_status rel_arity(builder *b, uint32_t sym, uint32_t arity, uint32_t line, uint32_t col)
{
    gdl_prog *p = b->p;
    if (sym >= p->rel_cap) {
        uint32_t cap = p->rel_cap ? p->rel_cap : 64, old = p->rel_cap;
        while (cap <= sym) cap *= 2;
        int32_t *a = realloc(p->rel_arity, cap * sizeof *a);
        if (a) p->rel_arity = a;
        uint32_t *l = realloc(p->rel_line, cap * sizeof *l);
        if (l) p->rel_line = l;
        uint32_t *c = realloc(p->rel_col, cap * sizeof *c);
        if (c) p->rel_col = c;
        if (!a || !l || !c) return pp__fail(b->err, PP_ERR_NOMEM, "out of memory for the relations");
        for (uint32_t i = old; i < cap; i++) p->rel_arity[i] = -1;
        p->rel_cap = cap;
    }
    for (int s = 0; s < GDL_S_COUNT; s++) {
        if (sym == b->sym[s] && SPECIAL_ARITY[s] >= 0 && (int)arity != SPECIAL_ARITY[s]) {
            gdl_diag(b->ds, line, col, "%s takes %d argument%s, not %u", SPECIAL[s], SPECIAL_ARITY[s],
                     SPECIAL_ARITY[s] == 1 ? "" : "s", arity);
            b->bad = 1;
            return PP_OK;
        }
    }
    if (p->rel_arity[sym] < 0) {
        p->rel_arity[sym] = (int32_t)arity;
        p->rel_line[sym] = line;
        p->rel_col[sym] = col;
    } else if (p->rel_arity[sym] != (int32_t)arity) {
        gdl_diag(b->ds, line, col, "the relation %s is used with %u argument%s here and %d at line %u, column %u",
                 gdl_sym_name(&p->syms, sym), arity, arity == 1 ? "" : "s", p->rel_arity[sym], p->rel_line[sym],
                 p->rel_col[sym]);
        b->bad = 1;
    }
    return PP_OK;
}

/* A term of the rule from node i into pats[at]. */
static pp_status build_term(builder *b, int32_t i, uint32_t at, int positive)
{
    gdl_prog *p = b->p;
    const gdl_node *n = N(b, i);
    gdl_pat pat = {0};
    if (n->kind == GDL_N_SYM) {
        pat.kind = GDL_T_CONST;
        pp_status st = gdl_gterm_intern(p, n->sym, 0, NULL, &pat.id, b->err);
        if (st) return st;
    } else if (n->kind == GDL_N_VAR) {
        uint32_t v = 0;
        while (v < b->nvars && b->var_sym[v] != n->sym) v++;
        if (v == b->nvars) {
            if (v >= 256) {
                gdl_diag(b->ds, n->line, n->col, "a rule with more than 256 variables");
                b->bad = 1;
                v = 0;
            } else {
                b->var_sym[v] = n->sym;
                b->var_line[v] = n->line;
                b->var_col[v] = n->col;
                b->var_pos[v] = 0;
                b->nvars++;
            }
        }
        if (positive) b->var_pos[v] = 1;
        pat.kind = GDL_T_VAR;
        pat.id = v;
    } else {
        if (n->first < 0 || N(b, n->first)->kind != GDL_N_SYM) {
            gdl_diag(b->ds, n->line, n->col, "a term must start with a function symbol");
            b->bad = 1;
            pat.kind = GDL_T_CONST;
            p->pats[at] = pat;
            return PP_OK;
        }
        pat.kind = GDL_T_FN;
        pat.id = N(b, n->first)->sym;
        pat.arity = n->count - 1;
        pp_status st =
            gdl_grow((void **)&p->pats, &p->pats_cap, p->npats, pat.arity, sizeof *p->pats, PP_GDL_MAX_TERMS);
        if (st) return fail_nomem(b, st);
        pat.args = p->npats;
        p->npats += pat.arity;
        uint32_t k = 0;
        for (int32_t c = N(b, n->first)->next; c >= 0; c = N(b, c)->next, k++) {
            st = build_term(b, c, pat.args + k, positive);
            if (st) return st;
        }
    }
    p->pats[at] = pat;
    return PP_OK;
}

/* A relational literal (an atom) from node i. */
static pp_status build_atom(builder *b, int32_t i, uint8_t kind, gdl_lit *out, int positive)
{
    gdl_prog *p = b->p;
    const gdl_node *n = N(b, i);
    memset(out, 0, sizeof *out);
    out->kind = kind;
    out->line = n->line;
    out->col = n->col;
    int64_t rel = head_sym(b, i);
    if (rel < 0) {
        gdl_diag(b->ds, n->line, n->col,
                 n->kind == GDL_N_VAR ? "a variable where a relation is expected"
                                      : "a relation must start with its name");
        b->bad = 1;
        return PP_OK;
    }
    out->rel = (uint32_t)rel;
    out->arity = n->kind == GDL_N_LIST ? n->count - 1 : 0;
    for (int s = GDL_S_DISTINCT; s <= GDL_S_IMPLIES; s++) {
        if (rel == b->sym[s]) {
            gdl_diag(b->ds, n->line, n->col, "%s cannot be used here", SPECIAL[s]);
            b->bad = 1;
            return PP_OK;
        }
    }
    pp_status st = rel_arity(b, out->rel, out->arity, n->line, n->col);
    if (st) return st;
    st = gdl_grow((void **)&p->pats, &p->pats_cap, p->npats, out->arity, sizeof *p->pats, PP_GDL_MAX_TERMS);
    if (st) return fail_nomem(b, st);
    out->args = p->npats;
    p->npats += out->arity;
    if (n->kind == GDL_N_LIST) {
        uint32_t k = 0;
        for (int32_t c = N(b, n->first)->next; c >= 0; c = N(b, c)->next, k++) {
            st = build_term(b, c, out->args + k, positive);
            if (st) return st;
        }
    }
    return PP_OK;
}

static void term_vars_unsafe(builder *b, uint32_t pat, const char *where, const gdl_rule *r)
{
    const gdl_pat *t = &b->p->pats[pat];
    if (t->kind == GDL_T_VAR) {
        if (!b->var_pos[t->id]) {
            gdl_diag(b->ds, b->var_line[t->id], b->var_col[t->id],
                     "unsafe rule: the variable ?%s appears only in %s (the rule at line %u)",
                     gdl_sym_name(&b->p->syms, b->var_sym[t->id]), where, r->line);
            b->var_pos[t->id] = 1; /* once */
            b->bad = 1;
        }
    } else if (t->kind == GDL_T_FN) {
        for (uint32_t k = 0; k < t->arity; k++) term_vars_unsafe(b, t->args + k, where, r);
    }
}

/* Makes one rule of head node `head` and the literals in acc. */
static pp_status emit_rule(builder *b, int32_t head, uint32_t line, uint32_t col)
{
    gdl_prog *p = b->p;
    b->nvars = 0;
    b->bad = 0;
    uint32_t npats0 = p->npats, nlits0 = p->nlits;
    pp_status st = gdl_grow((void **)&p->rules, &p->rules_cap, p->nrules, 1, sizeof *p->rules, PP_GDL_MAX_RULES);
    if (st == PP_ERR_LIMIT) return pp__fail(b->err, st, "over %u rules (after or is expanded)", PP_GDL_MAX_RULES);
    if (st) return fail_nomem(b, st);
    st = gdl_grow((void **)&p->lits, &p->lits_cap, p->nlits, b->nacc, sizeof *p->lits, PP_GDL_MAX_TERMS);
    if (st) return fail_nomem(b, st);
    gdl_rule r = {0};
    r.line = line;
    r.col = col;
    r.body = p->nlits;
    /* positive literals first (they bind the variables), then the rest */
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t k = 0; k < b->nacc; k++) {
            int32_t i = b->acc[k];
            int neg = b->acc_neg[k];
            int distinct = head_sym(b, i) == b->sym[GDL_S_DISTINCT];
            int positive = !neg && !distinct;
            if ((pass == 0) != positive) continue;
            gdl_lit lit = {0};
            if (distinct) {
                const gdl_node *n = N(b, i);
                lit.kind = neg ? GDL_L_SAME : GDL_L_DISTINCT;
                lit.line = n->line;
                lit.col = n->col;
                if (n->kind != GDL_N_LIST || n->count != 3) {
                    gdl_diag(b->ds, n->line, n->col, "distinct takes 2 arguments");
                    b->bad = 1;
                    continue;
                }
                st = gdl_grow((void **)&p->pats, &p->pats_cap, p->npats, 2, sizeof *p->pats, PP_GDL_MAX_TERMS);
                if (st) return fail_nomem(b, st);
                lit.arity = 2;
                lit.args = p->npats;
                p->npats += 2;
                int32_t a = N(b, n->first)->next;
                st = build_term(b, a, lit.args, 0);
                if (!st) st = build_term(b, N(b, a)->next, lit.args + 1, 0);
            } else {
                st = build_atom(b, i, neg ? GDL_L_NEG : GDL_L_POS, &lit, positive);
                /* the spec: init and next only as heads (the state is read
                 * through true, never through init or next) */
                if (!st && lit.kind && (lit.rel == b->sym[GDL_S_NEXT] || lit.rel == b->sym[GDL_S_INIT])) {
                    gdl_diag(b->ds, lit.line, lit.col, "%s may appear only as the head of a rule, not in a body%s",
                             lit.rel == b->sym[GDL_S_NEXT] ? "next" : "init",
                             lit.rel == b->sym[GDL_S_NEXT] ? " (read the state with true)" : "");
                    b->bad = 1;
                }
            }
            if (st) return st;
            p->lits[p->nlits++] = lit;
        }
    }
    r.nbody = p->nlits - r.body;
    st = build_atom(b, head, GDL_L_POS, &r.head, 0);
    if (st) return st;
    if (!b->bad) {
        for (int s = 0; s < GDL_S_COUNT; s++) {
            if (r.head.rel == b->sym[s] && (s == GDL_S_TRUE || s == GDL_S_DOES)) {
                gdl_diag(b->ds, r.head.line, r.head.col, "a rule may not define %s", SPECIAL[s]);
                b->bad = 1;
            }
        }
    }
    /* safety: every variable of the head, of a not, of a distinct must
     * appear in a positive literal of the body */
    for (uint32_t k = 0; k < r.head.arity && !b->bad; k++) term_vars_unsafe(b, r.head.args + k, "the head", &r);
    for (uint32_t l = r.body; l < r.body + r.nbody; l++) {
        const gdl_lit *lit = &p->lits[l];
        if (lit->kind == GDL_L_POS) continue;
        for (uint32_t k = 0; k < lit->arity; k++)
            term_vars_unsafe(b, lit->args + k, lit->kind == GDL_L_NEG ? "a not" : "a distinct", &r);
    }
    r.nvars = b->nvars;
    if (b->bad || r.head.rel == b->sym[GDL_S_BASE] || r.head.rel == b->sym[GDL_S_INPUT]) {
        p->npats = npats0; /* dropped: base and input are ignored */
        p->nlits = nlits0;
        return PP_OK;
    }
    p->rules[p->nrules++] = r;
    return PP_OK;
}

/* Expands the body items[0 .. n) (or, and, not of or) into rules. */
static pp_status expand(builder *b, int32_t head, const int32_t *items, uint32_t n, uint32_t line, uint32_t col)
{
    if (n == 0) return emit_rule(b, head, line, col);
    int32_t i = items[0];
    const gdl_node *nd = N(b, i);
    int is_or = nd->kind == GDL_N_LIST && is_sym(b, nd->first, GDL_S_OR);
    int is_and = nd->kind == GDL_N_LIST && is_sym(b, nd->first, GDL_S_AND);
    int is_not = nd->kind == GDL_N_LIST && is_sym(b, nd->first, GDL_S_NOT);
    if (is_or || is_and) {
        uint32_t k = nd->count - 1;
        int32_t *next = malloc(((is_and ? k : 1) + n) * sizeof *next);
        if (!next) return pp__fail(b->err, PP_ERR_NOMEM, "out of memory for the rules");
        pp_status st = PP_OK;
        if (is_and) {
            uint32_t j = 0;
            for (int32_t c = N(b, nd->first)->next; c >= 0; c = N(b, c)->next) next[j++] = c;
            memcpy(next + j, items + 1, (n - 1) * sizeof *next);
            st = expand(b, head, next, j + n - 1, line, col);
        } else {
            if (k == 0) gdl_diag(b->ds, nd->line, nd->col, "an empty or"), b->bad = 1;
            for (int32_t c = N(b, nd->first)->next; c >= 0 && !st; c = N(b, c)->next) {
                next[0] = c;
                memcpy(next + 1, items + 1, (n - 1) * sizeof *next);
                st = expand(b, head, next, n, line, col);
            }
        }
        free(next);
        return st;
    }
    if (b->nacc >= 1024) {
        gdl_diag(b->ds, nd->line, nd->col, "a rule body of more than 1024 literals");
        return PP_OK;
    }
    if (is_not) {
        if (nd->count != 2) {
            gdl_diag(b->ds, nd->line, nd->col, "not takes 1 argument");
            return PP_OK;
        }
        int32_t x = N(b, nd->first)->next;
        const gdl_node *xn = N(b, x);
        if (xn->kind == GDL_N_LIST && (is_sym(b, xn->first, GDL_S_OR) || is_sym(b, xn->first, GDL_S_NOT))) {
            if (is_sym(b, xn->first, GDL_S_NOT)) {
                gdl_diag(b->ds, xn->line, xn->col, "not of not is not supported; write the literal");
                return PP_OK;
            }
            /* not (or a b) = (not a) and (not b) */
            uint32_t base = b->nacc;
            for (int32_t c = N(b, xn->first)->next; c >= 0; c = N(b, c)->next) {
                if (b->nacc >= 1024) break;
                b->acc[b->nacc] = c;
                b->acc_neg[b->nacc++] = 1;
            }
            pp_status st = expand(b, head, items + 1, n - 1, line, col);
            b->nacc = base;
            return st;
        }
        b->acc[b->nacc] = x;
        b->acc_neg[b->nacc++] = 1;
    } else {
        b->acc[b->nacc] = i;
        b->acc_neg[b->nacc++] = 0;
    }
    pp_status st = expand(b, head, items + 1, n - 1, line, col);
    b->nacc--;
    return st;
}

pp_status gdl_rules_build(gdl_prog *p, const gdl_text *t, gdl_diags *ds, pp_error *err)
{
    builder *b = calloc(1, sizeof *b);
    if (!b) return pp__fail(err, PP_ERR_NOMEM, "out of memory for the rules");
    b->p = p;
    b->t = t;
    b->ds = ds;
    b->err = err;
    pp_status st = PP_OK;
    uint32_t diags0 = ds->n;
    for (int s = 0; s < GDL_S_COUNT && !st; s++)
        st = gdl_sym_intern(&p->syms, SPECIAL[s], (uint32_t)strlen(SPECIAL[s]), &b->sym[s]);
    int has_init = 0;
    int32_t *items = NULL;
    uint32_t items_cap = 0;
    for (uint32_t f = 0; f < t->top.n && !st; f++) {
        int32_t i = (int32_t)t->top.v[f];
        const gdl_node *n = N(b, i);
        b->nacc = 0;
        if (n->kind == GDL_N_VAR) {
            gdl_diag(ds, n->line, n->col, "a variable cannot stand alone");
            continue;
        }
        if (n->kind == GDL_N_LIST && is_sym(b, n->first, GDL_S_IMPLIES)) {
            int32_t head = N(b, n->first)->next;
            if (head < 0) {
                gdl_diag(ds, n->line, n->col, "a rule without a head");
                continue;
            }
            uint32_t k = 0;
            for (int32_t c = N(b, head)->next; c >= 0; c = N(b, c)->next) k++;
            if (k > items_cap) {
                int32_t *q = realloc(items, k * sizeof *q);
                if (!q) {
                    st = pp__fail(err, PP_ERR_NOMEM, "out of memory for the rules");
                    break;
                }
                items = q;
                items_cap = k;
            }
            k = 0;
            for (int32_t c = N(b, head)->next; c >= 0; c = N(b, c)->next) items[k++] = c;
            if (head_sym(b, head) == b->sym[GDL_S_INIT]) has_init = 1;
            st = expand(b, head, items, k, n->line, n->col);
            continue;
        }
        int64_t rel = head_sym(b, i);
        if (rel == b->sym[GDL_S_INIT]) has_init = 1;
        if (rel == b->sym[GDL_S_ROLE] && n->kind == GDL_N_LIST && n->count == 2) {
            int32_t a = N(b, n->first)->next;
            if (N(b, a)->kind != GDL_N_SYM) {
                gdl_diag(ds, N(b, a)->line, N(b, a)->col, "a role must be a name");
                continue;
            }
            if (p->nroles == PP_GDL_MAX_ROLES) {
                gdl_diag(ds, n->line, n->col, "over %d roles: the most a game may have", PP_GDL_MAX_ROLES);
                continue;
            }
            {
                uint32_t id;
                st = gdl_gterm_intern(p, N(b, a)->sym, 0, NULL, &id, err);
                for (int r = 0; r < p->nroles && !st; r++)
                    if (p->roles[r] == id)
                        gdl_diag(ds, n->line, n->col, "the role %s is declared twice",
                                 gdl_sym_name(&p->syms, N(b, a)->sym));
                p->role_line[p->nroles] = n->line;
                p->role_col[p->nroles] = n->col;
                p->roles[p->nroles++] = id;
            }
        }
        if (!st) st = emit_rule(b, i, n->line, n->col);
    }
    free(items);
    if (!st && p->nroles == 0) gdl_diag(ds, 1, 1, "no role: declare at least one, e.g. (role player)");
    if (!st && !has_init) gdl_diag(ds, 1, 1, "no init: the initial state needs at least one (init ...) fact");
    /* roles defined by rules with a body */
    for (uint32_t r = 0; r < p->nrules && !st; r++) {
        if (p->rules[r].head.rel == b->sym[GDL_S_ROLE] && p->rules[r].nbody)
            gdl_diag(ds, p->rules[r].line, p->rules[r].col, "role must be given as facts, not by a rule");
    }
    free(b);
    if (st) return st;
    return ds->n > diags0 ? PP_ERR_INPUT : PP_OK;
}

void gdl_prog_free(gdl_prog *p)
{
    gdl_syms_free(&p->syms);
    free(p->pats);
    free(p->lits);
    free(p->rules);
    free(p->gt);
    free(p->gargs);
    free(p->gtable);
    free(p->rel_arity);
    free(p->rel_line);
    free(p->rel_col);
    memset(p, 0, sizeof *p);
}

/* ---- the order of evaluation ---- */

pp_status gdl_scc(uint32_t n, const uint32_t *off, const uint32_t *adj, uint32_t *comp, uint32_t *ncomp, pp_error *err)
{
    size_t m = n ? n : 1;
    uint32_t *index = malloc(m * sizeof *index), *low = malloc(m * sizeof *low);
    uint32_t *stack = malloc(m * sizeof *stack), *call = malloc(m * 2 * sizeof *call);
    uint8_t *on = calloc(m, 1);
    if (!index || !low || !stack || !call || !on) {
        free(index), free(low), free(stack), free(call), free(on);
        return pp__fail(err, PP_ERR_NOMEM, "out of memory ordering the rules");
    }
    /* call[] is the walk's stack: a node and the next of its edges to try */
    uint32_t counter = 0, sp = 0, nc = 0;
    for (uint32_t v = 0; v < n; v++) index[v] = UINT32_MAX;
    for (uint32_t root = 0; root < n; root++) {
        if (index[root] != UINT32_MAX) continue;
        uint32_t depth = 1;
        call[0] = root, call[1] = off[root];
        index[root] = low[root] = counter++;
        stack[sp++] = root, on[root] = 1;
        while (depth) {
            uint32_t v = call[2 * (depth - 1)], *e = &call[2 * (depth - 1) + 1];
            if (*e < off[v + 1]) {
                uint32_t w = adj[(*e)++];
                if (index[w] == UINT32_MAX) {
                    index[w] = low[w] = counter++;
                    stack[sp++] = w, on[w] = 1;
                    call[2 * depth] = w, call[2 * depth + 1] = off[w];
                    depth++;
                } else if (on[w] && index[w] < low[v]) {
                    low[v] = index[w];
                }
                continue;
            }
            if (low[v] == index[v]) { /* v roots a component: Tarjan emits sinks first */
                uint32_t w;
                do w = stack[--sp], on[w] = 0, comp[w] = nc;
                while (w != v);
                nc++;
            }
            if (--depth) {
                uint32_t u = call[2 * (depth - 1)];
                if (low[v] < low[u]) low[u] = low[v];
            }
        }
    }
    for (uint32_t v = 0; v < n; v++) comp[v] = nc - 1 - comp[v]; /* sources first */
    *ncomp = nc;
    free(index), free(low), free(stack), free(call), free(on);
    return PP_OK;
}

pp_status gdl_rules_order(const gdl_prog *p, gdl_order *o, gdl_diags *ds, pp_error *err)
{
    uint32_t nsym = p->syms.n, diags0 = ds->n;
    uint32_t sym[GDL_S_COUNT];
    for (int s = 0; s < GDL_S_COUNT; s++) {
        uint32_t id = UINT32_MAX;
        for (uint32_t i = 0; i < nsym; i++)
            if (strcmp(gdl_sym_name(&p->syms, i), SPECIAL[s]) == 0) id = i;
        sym[s] = id;
    }
    /* edges body relation -> head relation, as CSR by body relation */
    uint32_t nedges = 0;
    for (uint32_t r = 0; r < p->nrules; r++) nedges += p->rules[r].nbody;
    uint32_t *off = calloc((size_t)nsym + 1, sizeof *off);
    uint32_t *adj = malloc(((size_t)nedges + 1) * sizeof *adj);
    uint32_t *elit = malloc(((size_t)nedges + 1) * sizeof *elit);
    o->rel_scc = malloc((nsym ? nsym : 1) * sizeof *o->rel_scc);
    o->rel_phase = calloc(nsym ? nsym : 1, 1);
    o->scc_rec = calloc(nsym ? nsym : 1, 1);
    o->scc_neg_lit = malloc((nsym ? nsym : 1) * sizeof *o->scc_neg_lit);
    o->scc_neg_head = malloc((nsym ? nsym : 1) * sizeof *o->scc_neg_head);
    pp_status st = PP_OK;
    if (!off || !adj || !elit || !o->rel_scc || !o->rel_phase || !o->scc_rec || !o->scc_neg_lit || !o->scc_neg_head) {
        st = pp__fail(err, PP_ERR_NOMEM, "out of memory ordering the rules");
        goto done;
    }
    for (uint32_t r = 0; r < p->nrules; r++)
        for (uint32_t l = 0; l < p->rules[r].nbody; l++) {
            const gdl_lit *lit = &p->lits[p->rules[r].body + l];
            if (lit->kind == GDL_L_POS || lit->kind == GDL_L_NEG) off[lit->rel + 1]++;
        }
    for (uint32_t i = 0; i < nsym; i++) off[i + 1] += off[i];
    {
        uint32_t *fill = malloc(((size_t)nsym + 1) * sizeof *fill);
        if (!fill) {
            st = pp__fail(err, PP_ERR_NOMEM, "out of memory ordering the rules");
            goto done;
        }
        memcpy(fill, off, nsym * sizeof *fill);
        for (uint32_t r = 0; r < p->nrules; r++)
            for (uint32_t l = 0; l < p->rules[r].nbody; l++) {
                uint32_t li = p->rules[r].body + l;
                const gdl_lit *lit = &p->lits[li];
                if (lit->kind != GDL_L_POS && lit->kind != GDL_L_NEG) continue;
                adj[fill[lit->rel]] = p->rules[r].head.rel;
                elit[fill[lit->rel]++] = li;
            }
        free(fill);
    }
    uint32_t nscc = 0;
    st = gdl_scc(nsym, off, adj, o->rel_scc, &nscc, err);
    if (st != PP_OK) goto done;
    o->nscc = nscc;
    /* recursion; negation inside a cycle is left to the ground atoms */
    for (uint32_t k = 0; k < nscc; k++) o->scc_neg_lit[k] = o->scc_neg_head[k] = UINT32_MAX;
    for (uint32_t v = 0; v < nsym; v++)
        for (uint32_t e = off[v]; e < off[v + 1]; e++) {
            uint32_t w = adj[e], c = o->rel_scc[v];
            if (c != o->rel_scc[w]) continue;
            o->scc_rec[c] = 1;
            if (p->lits[elit[e]].kind == GDL_L_NEG && o->scc_neg_lit[c] == UINT32_MAX)
                o->scc_neg_lit[c] = elit[e], o->scc_neg_head[c] = w;
        }
    /* phases, in topological order: the rules of each SCC read earlier ones */
    {
        uint8_t *scc_phase = calloc(nscc ? nscc : 1, 1);
        if (!scc_phase) {
            st = pp__fail(err, PP_ERR_NOMEM, "out of memory ordering the rules");
            goto done;
        }
        if (sym[GDL_S_TRUE] != UINT32_MAX) scc_phase[o->rel_scc[sym[GDL_S_TRUE]]] = GDL_PH_STATE;
        if (sym[GDL_S_DOES] != UINT32_MAX) scc_phase[o->rel_scc[sym[GDL_S_DOES]]] = GDL_PH_MOVE;
        /* propagate along edges in topological order of the source SCC:
         * sort the relations by SCC with a counting pass */
        uint32_t *cnt = calloc((size_t)nscc + 1, sizeof *cnt), *ord = malloc((nsym ? nsym : 1) * sizeof *ord);
        if (!cnt || !ord) {
            free(cnt), free(ord), free(scc_phase);
            st = pp__fail(err, PP_ERR_NOMEM, "out of memory ordering the rules");
            goto done;
        }
        for (uint32_t v = 0; v < nsym; v++) cnt[o->rel_scc[v] + 1]++;
        for (uint32_t k = 0; k < nscc; k++) cnt[k + 1] += cnt[k];
        for (uint32_t v = 0; v < nsym; v++) ord[cnt[o->rel_scc[v]]++] = v;
        /* within an SCC every relation gets the SCC's phase: two sweeps of
         * each SCC's relations settle it (edges inside an SCC carry it round) */
        uint32_t k0 = 0;
        while (k0 < nsym) {
            uint32_t s = o->rel_scc[ord[k0]], k1 = k0;
            while (k1 < nsym && o->rel_scc[ord[k1]] == s) k1++;
            for (uint32_t k = k0; k < k1; k++) {
                uint32_t v = ord[k];
                for (uint32_t e = off[v]; e < off[v + 1]; e++) {
                    uint32_t ws = o->rel_scc[adj[e]];
                    if (scc_phase[ws] < scc_phase[s]) scc_phase[ws] = scc_phase[s];
                }
            }
            k0 = k1;
        }
        for (uint32_t v = 0; v < nsym; v++) o->rel_phase[v] = scc_phase[o->rel_scc[v]];
        free(cnt);
        free(ord);
        free(scc_phase);
    }
    /* does in legal, goal, terminal, init; true in init */
    for (uint32_t r = 0; r < p->nrules; r++) {
        const gdl_rule *rule = &p->rules[r];
        uint32_t h = rule->head.rel;
        int guarded = h == sym[GDL_S_LEGAL] || h == sym[GDL_S_GOAL] || h == sym[GDL_S_TERMINAL] || h == sym[GDL_S_INIT];
        if (!guarded) continue;
        for (uint32_t l = 0; l < rule->nbody; l++) {
            const gdl_lit *lit = &p->lits[rule->body + l];
            if (lit->kind != GDL_L_POS && lit->kind != GDL_L_NEG) continue;
            uint8_t ph = o->rel_phase[lit->rel];
            const char *hn = gdl_sym_name(&p->syms, h), *ln = gdl_sym_name(&p->syms, lit->rel);
            if (ph == GDL_PH_MOVE) {
                if (lit->rel == sym[GDL_S_DOES]) gdl_diag(ds, lit->line, lit->col, "does in the rules of %s", hn);
                else gdl_diag(ds, lit->line, lit->col, "does in the rules of %s (through %s)", hn, ln);
            } else if (ph == GDL_PH_STATE && h == sym[GDL_S_INIT]) {
                gdl_diag(ds, lit->line, lit->col, "init may not depend on the state (through %s)", ln);
            }
        }
    }
    if (ds->n > diags0) st = PP_ERR_INPUT;
done:
    free(off), free(adj), free(elit);
    return st;
}

void gdl_order_free(gdl_order *o)
{
    free(o->rel_scc);
    free(o->scc_rec);
    free(o->scc_neg_lit);
    free(o->scc_neg_head);
    free(o->rel_phase);
    memset(o, 0, sizeof *o);
}
