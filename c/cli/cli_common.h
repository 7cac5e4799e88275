/* cli_common.h: the helpers every part of the CLI calls (cli_common.c).
 *
 * The CLI's files call one way: main's dispatch (cli.c) calls the parts
 * (cli_catmouse.c, cli_tree.c, ...; their entry points in cli.h), and the
 * dispatch and the parts call these helpers, which call nothing of theirs. */
#ifndef PP_CLI_COMMON_H
#define PP_CLI_COMMON_H

#include <stdio.h>

#include "perfect_play.h"

/* Prints "perfect-play: <message>" on stderr; returns status. */
int cli_fail(int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Writes a trace: the binary format, or text (one event a line) for a path
 * ending in .txt. Returns an exit status. */
int cli_write_trace(const char *path, const pp_trace *t, const pp_retro_game *game);

/* A proof-number search out of its budget or memory: the message with what
 * to raise (the --memory that scales the budget by the search's estimate,
 * or --budget when it was given); returns 3. */
int cli_pn_out_of_budget(const char *algo, const pp_error *err, const pp_pn_result *r, uint64_t memory, int budget_set,
                         uint64_t budget);

#endif
