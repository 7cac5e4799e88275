/* gdl_read.c: the KIF reader of the Game Description Language: text into
 * nodes (symbols, ?variables, lists), symbols interned in lower case.
 *
 * KIF as GDL uses it: `;` starts a comment to the end of the line; a symbol
 * is a run of characters other than whitespace, parentheses and `;`; a
 * symbol starting with `?` is a variable. Symbols compare case-insensitively
 * (ASCII). Unbalanced parentheses are diagnostics naming the parenthesis.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gdl_internal.h"

pp_status gdl_grow(void **p, uint32_t *cap, uint32_t n, uint32_t more, size_t size, uint32_t limit)
{
    if (more > limit || n > limit - more) return PP_ERR_LIMIT;
    if (n + more <= *cap) return PP_OK;
    uint64_t c = *cap ? *cap : 16;
    while (c < (uint64_t)n + more) c *= 2;
    if (c > limit) c = limit;
    if (c * size > ((uint64_t)1 << 31)) return PP_ERR_LIMIT;
    void *q = realloc(*p, (size_t)c * size);
    if (!q) return PP_ERR_NOMEM;
    *p = q;
    *cap = (uint32_t)c;
    return PP_OK;
}

pp_status gdl_push(gdl_vec *a, uint32_t x, uint32_t limit)
{
    pp_status st = gdl_grow((void **)&a->v, &a->cap, a->n, 1, sizeof *a->v, limit);
    if (st) return st;
    a->v[a->n++] = x;
    return PP_OK;
}

void gdl_diag(gdl_diags *ds, uint32_t line, uint32_t col, const char *fmt, ...)
{
    uint32_t k = ds->n++;
    if (k >= ds->max || !ds->d) return;
    pp_gdl_diag *d = &ds->d[k];
    d->line = line;
    d->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    va_end(ap);
}

/* ---- symbols ---- */

static uint32_t hash_bytes(const char *s, uint32_t n)
{
    uint32_t h = 2166136261u;
    for (uint32_t i = 0; i < n; i++) h = (h ^ (uint8_t)s[i]) * 16777619u;
    return h;
}

static pp_status sym_rehash(gdl_syms *s)
{
    uint32_t cap = s->tcap ? s->tcap * 2 : 256;
    uint32_t *t = calloc(cap, sizeof *t);
    if (!t) return PP_ERR_NOMEM;
    for (uint32_t i = 0; i < s->n; i++) {
        const char *name = s->pool + s->off[i];
        uint32_t h = hash_bytes(name, (uint32_t)strlen(name)) & (cap - 1);
        while (t[h]) h = (h + 1) & (cap - 1);
        t[h] = i + 1;
    }
    free(s->table);
    s->table = t;
    s->tcap = cap;
    return PP_OK;
}

pp_status gdl_sym_intern(gdl_syms *s, const char *name, uint32_t len, uint32_t *out)
{
    char low[256];
    if (len >= sizeof low) return PP_ERR_LIMIT;
    for (uint32_t i = 0; i < len; i++) {
        char c = name[i];
        low[i] = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
    }
    low[len] = '\0';
    if (!s->tcap || (s->n + 1) * 2 > s->tcap) {
        pp_status st = sym_rehash(s);
        if (st) return st;
    }
    uint32_t h = hash_bytes(low, len) & (s->tcap - 1);
    while (s->table[h]) {
        uint32_t id = s->table[h] - 1;
        if (strcmp(s->pool + s->off[id], low) == 0) return *out = id, PP_OK;
        h = (h + 1) & (s->tcap - 1);
    }
    pp_status st = gdl_grow((void **)&s->pool, &s->pool_cap, s->pool_n, len + 1, 1, PP_GDL_MAX_TEXT * 2u);
    if (!st) st = gdl_grow((void **)&s->off, &s->cap, s->n, 1, sizeof *s->off, PP_GDL_MAX_TEXT);
    if (st) return st;
    memcpy(s->pool + s->pool_n, low, len + 1);
    s->off[s->n] = s->pool_n;
    s->pool_n += len + 1;
    s->table[h] = s->n + 1;
    *out = s->n++;
    return PP_OK;
}

const char *gdl_sym_name(const gdl_syms *s, uint32_t id) { return id < s->n ? s->pool + s->off[id] : "?"; }

void gdl_syms_free(gdl_syms *s)
{
    free(s->pool);
    free(s->off);
    free(s->table);
    memset(s, 0, sizeof *s);
}

/* ---- the reader ---- */

static int is_delim(char c)
{
    return c == '(' || c == ')' || c == ';' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
           c == '\v';
}

static pp_status new_node(gdl_text *t, uint8_t kind, uint32_t line, uint32_t col, int32_t *out)
{
    pp_status st = gdl_grow((void **)&t->nodes, &t->cap, t->n, 1, sizeof *t->nodes, PP_GDL_MAX_TEXT);
    if (st) return st;
    gdl_node *nd = &t->nodes[t->n];
    memset(nd, 0, sizeof *nd);
    nd->kind = kind;
    nd->first = nd->next = -1;
    nd->line = line;
    nd->col = col;
    *out = (int32_t)t->n++;
    return PP_OK;
}

pp_status gdl_read(const char *text, size_t len, gdl_syms *syms, gdl_text *t, gdl_diags *ds, pp_error *err)
{
    if (len > PP_GDL_MAX_TEXT)
        return pp__fail(err, PP_ERR_LIMIT, "the rules are %zu bytes, over the limit of %u", len, PP_GDL_MAX_TEXT);
    /* the open lists: the list node and its last item */
    int32_t open[PP_GDL_MAX_DEPTH + 1], last[PP_GDL_MAX_DEPTH + 1];
    int depth = 0;
    int32_t top_last = -1;
    uint32_t line = 1, col = 1;
    size_t i = 0;
    pp_status st = PP_OK;
    while (i < len) {
        char c = text[i];
        if (c == '\n') {
            line++, col = 1, i++;
            continue;
        }
        if (c == ';') {
            while (i < len && text[i] != '\n') i++, col++;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            i++, col++;
            continue;
        }
        if (c == '\0') {
            gdl_diag(ds, line, col, "a NUL byte in the rules");
            return PP_ERR_INPUT;
        }
        int32_t nd;
        if (c == ')') {
            if (depth == 0) {
                gdl_diag(ds, line, col, "unbalanced parentheses: this ) closes nothing");
                return PP_ERR_INPUT;
            }
            depth--;
            i++, col++;
            continue;
        }
        if (c == '(') {
            if (depth >= PP_GDL_MAX_DEPTH) {
                gdl_diag(ds, line, col, "nesting deeper than %d lists", PP_GDL_MAX_DEPTH);
                return PP_ERR_INPUT;
            }
            st = new_node(t, GDL_N_LIST, line, col, &nd);
            i++, col++;
        } else {
            size_t j = i;
            while (j < len && !is_delim(text[j]) && text[j] != '\0') j++;
            int var = c == '?';
            uint32_t n = (uint32_t)(j - i);
            if (var && n == 1) {
                gdl_diag(ds, line, col, "a ? without a variable name");
                return PP_ERR_INPUT;
            }
            if (n > 200) {
                gdl_diag(ds, line, col, "a symbol of %u characters (at most 200)", n);
                return PP_ERR_INPUT;
            }
            st = new_node(t, var ? GDL_N_VAR : GDL_N_SYM, line, col, &nd);
            if (!st) st = gdl_sym_intern(syms, text + i + var, n - (uint32_t)var, &t->nodes[nd].sym);
            /* Columns count characters, not bytes: a UTF-8 continuation byte
             * (10xxxxxx) adds none, so an editor's column is the same. */
            for (; i < j; i++) col += ((unsigned char)text[i] & 0xC0) != 0x80;
        }
        if (st) break;
        if (depth == 0) {
            if (top_last >= 0) t->nodes[top_last].next = nd;
            top_last = nd;
            st = gdl_push(&t->top, (uint32_t)nd, PP_GDL_MAX_TEXT);
        } else {
            gdl_node *parent = &t->nodes[open[depth - 1]];
            if (last[depth - 1] < 0) parent->first = nd;
            else t->nodes[last[depth - 1]].next = nd;
            last[depth - 1] = nd;
            parent->count++;
        }
        if (st) break;
        if (t->nodes[nd].kind == GDL_N_LIST) {
            open[depth] = nd;
            last[depth] = -1;
            depth++;
        }
    }
    if (st == PP_ERR_NOMEM) return pp__fail(err, st, "out of memory reading the rules");
    if (st) return pp__fail(err, st, "the rules are over a limit (symbols or nodes)");
    if (depth > 0) {
        const gdl_node *o = &t->nodes[open[depth - 1]];
        gdl_diag(ds, o->line, o->col, "unbalanced parentheses: this ( is never closed");
        return PP_ERR_INPUT;
    }
    return PP_OK;
}

void gdl_text_free(gdl_text *t)
{
    free(t->nodes);
    free(t->top.v);
    memset(t, 0, sizeof *t);
}
