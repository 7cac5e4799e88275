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

#endif
