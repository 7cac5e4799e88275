/* wasm_internal.h: what the WASM export files (c/wasm_*.c) share: the export
 * marker and the one error slot that ppw_error() reports. Each export that
 * can fail calls ppw_clear_error() first and passes &ppw_last_error to the
 * library, so binding.js reads the message of the call that failed. */
#ifndef PP_WASM_INTERNAL_H
#define PP_WASM_INTERNAL_H

#include "perfect_play.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#define EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define EXPORT
#endif

extern pp_error ppw_last_error;
void ppw_clear_error(void);
/* Sets ppw_last_error to code with a fixed message; returns NULL-friendly 0. */
int ppw_fail(pp_status code, const char *msg);

#endif
