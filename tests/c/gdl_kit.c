/* gdl_kit.c: see gdl_kit.h. */
#include "gdl_kit.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *gdk_read(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *t = NULL;
    long n = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (n >= 0 && fseek(f, 0, SEEK_SET) == 0) t = malloc((size_t)n + 1);
    if (t && fread(t, 1, (size_t)n, f) != (size_t)n) {
        free(t);
        t = NULL;
    }
    fclose(f);
    if (!t) return NULL;
    t[n] = '\0';
    if (len) *len = (size_t)n;
    return t;
}

pp_gdl *gdk_parse_file(const char *path, pp_error *err)
{
    memset(err, 0, sizeof *err);
    size_t len;
    char *text = gdk_read(path, &len);
    if (!text) {
        err->code = PP_ERR_INPUT;
        snprintf(err->msg, sizeof err->msg, "%s: cannot be read", path);
        return NULL;
    }
    pp_gdl *g = NULL;
    if (pp_gdl_parse(text, len, &g, err) != PP_OK) g = NULL;
    free(text);
    return g;
}

int gdk_solve(const char *text, gdk_solved *out, pp_error *err)
{
    memset(out, 0, sizeof *out);
    memset(err, 0, sizeof *err);
    if (!text) {
        err->code = PP_ERR_NOMEM;
        snprintf(err->msg, sizeof err->msg, "out of memory writing the rules");
        return 0;
    }
    if (pp_gdl_parse(text, strlen(text), &out->g, err) != PP_OK) return 0;
    if (pp_gdl_solve(out->g, NULL, &out->s, err) != PP_OK) return 0;
    pp_gdl_graph_view(out->s, &out->v);
    return 1;
}

void gdk_free(gdk_solved *x)
{
    pp_gdl_graph_free(x->s);
    pp_gdl_free(x->g);
    memset(x, 0, sizeof *x);
}

void gdk_add(gdk_text *t, const char *fmt, ...)
{
    if (t->failed) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) goto fail;
    if (t->len + (size_t)n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 4096;
        while (cap < t->len + (size_t)n + 1) cap *= 2;
        char *grown = realloc(t->text, cap);
        if (!grown) goto fail;
        t->text = grown, t->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(t->text + t->len, t->cap - t->len, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
    return;
fail:
    gdk_text_free(t);
    t->failed = 1;
}

void gdk_text_free(gdk_text *t)
{
    free(t->text);
    memset(t, 0, sizeof *t);
}
