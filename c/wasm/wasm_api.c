/* wasm_api.c: what every WebAssembly module shares: the error slot and the heap prefault.
 *
 * The thin exports (ppw_*) over the public API live in one file per family,
 * and each family is also a module of its own, so a page fetches only the
 * solvers it shows (build.sh: pp-cm, pp-tree, pp-c4, pp-dp, pp-chess, pp-gdl;
 * pp holds them all):
 *   wasm_retro.c                        the retrograde solve every retrograde game shares
 *   wasm_catmouse.c, wasm_catmouse2.c   Cat and Mouse (913, 1728)
 *   wasm_tree.c                         the game-tree games
 *   wasm_search.c, wasm_mcts.c          their searches: alpha-beta, proof numbers; MCTS
 *   wasm_dp.c                           the DP games
 *
 * Every export that can fail returns 0 (or -1) and leaves its message in
 * ppw_error(); web/src/engine/binding.js turns that into a thrown Error.
 * Strings come in as NUL-terminated UTF-8 allocated by the caller.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wasm_internal.h"

pp_error ppw_last_error;
#define last_error ppw_last_error
#define clear_error ppw_clear_error

void ppw_clear_error(void)
{
    last_error.code = PP_OK;
    last_error.msg[0] = '\0';
}

int ppw_fail(pp_status code, const char *msg)
{
    last_error.code = code;
    snprintf(last_error.msg, sizeof last_error.msg, "%s", msg);
    return 0;
}

EXPORT const char *ppw_error(void) { return last_error.msg; }
EXPORT int ppw_error_code(void) { return (int)last_error.code; }

/* Makes the WASM heap hold `bytes` of memory already written to, once: a
 * block that size is allocated, one byte of every 4 KiB page written (the
 * operating system's page fault happens here, not in a solve), and freed;
 * the allocator then serves the next solve's arrays from it. For the
 * worker's warm-up, so the first big solve after the page opens does not
 * pay the faults of fresh memory that the warm ones do not. Returns the
 * bytes touched (0 if the heap could not grow that far: nothing lost). */
EXPORT double ppw_heap_prefault(double bytes)
{
    if (!(bytes >= 1) || bytes > (double)(1u << 30)) return 0; /* a warm-up's, at most 1 GiB */
    size_t n = (size_t)bytes;
    volatile uint8_t *p = malloc(n);
    if (!p) return 0;
    for (size_t i = 0; i < n; i += 4096) p[i] = 0;
    free((void *)p);
    return (double)n;
}

void ppw_changes_note(void *ctx, uint64_t iteration, int32_t best)
{
    ppw_changes *c = ctx;
    if (c->n == c->cap) {
        uint32_t grown = c->cap ? c->cap * 2 : 256;
        uint32_t *a = c->cap < PPW_CHANGES_CAP ? realloc(c->at, grown * sizeof *a) : NULL;
        if (a) c->at = a;
        int32_t *t = a ? realloc(c->to, grown * sizeof *t) : NULL;
        if (t) c->to = t;
        if (!a || !t) {
            c->truncated = 1;
            return;
        }
        c->cap = grown;
    }
    c->at[c->n] = (uint32_t)iteration;
    c->to[c->n++] = best;
}

void ppw_changes_free(ppw_changes *c) { free(c->at), free(c->to); }
