/* error.c: status codes and their messages. */
#include <stdio.h>

#include "internal.h"

const char *pp_status_name(pp_status code)
{
    switch (code) {
    case PP_OK: return "ok";
    case PP_ERR_INPUT: return "invalid input";
    case PP_ERR_LIMIT: return "over a limit";
    case PP_ERR_NOMEM: return "out of memory";
    case PP_ERR_BUDGET: return "budget exhausted";
    case PP_ERR_ARG: return "bad argument";
    case PP_ERR_CANCELLED: return "cancelled";
    }
    return "unknown status";
}

pp_status pp__bad_moves(pp_error *err, const pp_game *g, const void *pos, uint32_t n)
{
    const char *why = n == 0 && g->stuck ? g->stuck(g->ctx, pos) : NULL;
    if (why) return pp__fail(err, PP_ERR_INPUT, "%s", why);
    return pp__fail(err, PP_ERR_ARG, "the game lists %llu moves at a position that is not a leaf (%llu at most)",
                    (unsigned long long)n, (unsigned long long)g->max_moves);
}

pp_status pp__fail(pp_error *err, pp_status code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->code = code;
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}
