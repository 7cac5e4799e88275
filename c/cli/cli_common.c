/* cli_common.c: the helpers every part of the CLI calls: the one-line error
 * message and the trace file (cli_common.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_common.h"

int cli_fail(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "perfect-play: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return status;
}

int cli_write_trace(const char *path, const pp_trace *t, const pp_retro_game *game)
{
    FILE *f = fopen(path, "wb");
    if (!f) return cli_fail(1, "cannot write the trace to %s: %s", path, strerror(errno));
    size_t len = strlen(path);
    int ok = 1;
    if (len > 4 && strcmp(path + len - 4, ".txt") == 0) {
        const int32_t *rec = pp_trace_records(t);
        char line[128];
        fprintf(f, "# perfect-play trace v%d, %u events%s\n", PP_TRACE_VERSION, pp_trace_count(t),
                pp_trace_truncated(t) ? ", truncated" : "");
        for (uint32_t i = 0; i < pp_trace_count(t); i++) {
            pp_event_format(rec + (size_t)i * PP_TRACE_WORDS, game, NULL, line, sizeof line);
            fprintf(f, "%s (step %d)\n", line, pp_event_step(rec + (size_t)i * PP_TRACE_WORDS));
        }
    } else {
        size_t need = pp_trace_serialize(t, game->nstates, NULL, 0);
        void *buf = malloc(need);
        if (!buf) {
            fclose(f);
            return cli_fail(1, "out of memory writing the trace");
        }
        pp_trace_serialize(t, game->nstates, buf, need);
        ok = fwrite(buf, 1, need, f) == need;
        free(buf);
    }
    if (fclose(f) != 0) ok = 0;
    return ok ? 0 : cli_fail(1, "cannot write the trace to %s: %s", path, strerror(errno));
}
