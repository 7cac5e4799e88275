/* cli.h: what the CLI's files share (not library API). */
#ifndef PP_CLI_H
#define PP_CLI_H

#include <stdio.h>

#include "perfect_play.h"

#define DEFAULT_TRACE_CAP (1u << 24)
#define DEFAULT_BUDGET 10000000ull /* states the DFS searches may enter */

typedef struct options {
    const char *game, *input, *algo, *trace_file;
    int json;
    uint32_t trace_cap;
    uint64_t budget;
} options;

/* Prints "perfect-play: <message>" on stderr; returns status. */
int cli_fail(int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Writes a trace: the binary format, or text (one event a line) for a path
 * ending in .txt. Returns an exit status. */
int cli_write_trace(const char *path, const pp_trace *t, const pp_retro_game *game);

/* One `solve GAME` each: the INPUT text in, the answer out; an exit status. */
typedef int (*cli_solve_fn)(const options *o, const char *text, size_t len);

/* cli_catmouse.c */
int cli_solve_cat_mouse(const options *o, const char *text, size_t len);
int cli_solve_cat_mouse2(const options *o, const char *text, size_t len);

/* Game trees (issue 4): cli_tree.c */

/* Stone games and friends (issue 5): cli_dp.c */

#endif
