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

/* "4G", "512M": the size in the unit --memory reads. */
static void memory_words(uint64_t bytes, char *out, size_t n)
{
    if (bytes % (1ull << 30) == 0) snprintf(out, n, "%lluG", (unsigned long long)(bytes >> 30));
    else if (bytes % (1ull << 20) == 0) snprintf(out, n, "%lluM", (unsigned long long)(bytes >> 20));
    else snprintf(out, n, "%lluK", (unsigned long long)(bytes >> 10));
}

int cli_pn_out_of_budget(const char *algo, const pp_error *err, const pp_pn_result *r, uint64_t memory, int budget_set,
                         uint64_t budget)
{
    uint32_t f = r ? r->budget_factor : 0;
    if (!f) return cli_fail(3, "%s: %s (--memory raises it)", algo, err->msg);
    if (budget_set) return cli_fail(3, "%s: %s (--budget %llu)", algo, err->msg, (unsigned long long)budget * f);
    if (memory > PP_PN_MAX_MEMORY / f)
        return cli_fail(3, "%s: %s (past what --memory allows: %lluG scales the budget %llu times)", algo, err->msg,
                        (unsigned long long)(PP_PN_MAX_MEMORY >> 30), (unsigned long long)(PP_PN_MAX_MEMORY / memory));
    char words[32];
    memory_words(memory * f, words, sizeof words);
    return cli_fail(3, "%s: %s (--memory %s scales the budget with it)", algo, err->msg, words);
}
