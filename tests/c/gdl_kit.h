/* gdl_kit.h: what the GDL tests share: rules parsed and solved into a view
 * of their state graph, and rule sheets written fact by fact. */
#ifndef PP_GDL_KIT_H
#define PP_GDL_KIT_H

#include <stddef.h>

#include "../../c/perfect_play.h"

/* A file's whole text, NUL-terminated (free it); NULL when it cannot be
 * read. len, when not NULL, gets its length. */
char *gdk_read(const char *path, size_t *len);

/* A file's rules, parsed; NULL (err says why) when the file cannot be read
 * or its rules do not parse. */
pp_gdl *gdk_parse_file(const char *path, pp_error *err);

/* Rules parsed and their state graph solved. */
typedef struct gdk_solved {
    pp_gdl *g;
    pp_gdl_graph *s;
    pp_gdl_view v;
} gdk_solved;

/* Parses and solves text; 0 (err says why) if either fails or text is
 * NULL. Call gdk_free either way. */
int gdk_solve(const char *text, gdk_solved *out, pp_error *err);
void gdk_free(gdk_solved *x);

/* A rule sheet written piece by piece: gdk_add appends like printf,
 * growing the text; text is NULL once memory ran out (every later add does
 * nothing, and gdk_solve says so). */
typedef struct gdk_text {
    char *text;
    size_t len, cap;
    int failed;
} gdk_text;

void gdk_add(gdk_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void gdk_text_free(gdk_text *t);

#endif
