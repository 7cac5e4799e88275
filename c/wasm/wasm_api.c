/* wasm_api.c: what every WebAssembly module shares: the error slot.
 *
 * The thin exports (ppw_*) over the public API live in one file per family,
 * and each family is also a module of its own, so a page fetches only the
 * solvers it shows (build.sh: pp-cm, pp-tree, pp-dp; pp holds them all):
 *   wasm_catmouse.c, wasm_catmouse2.c   Cat and Mouse (913, 1728)
 *   wasm_tree.c                         the game-tree games
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
