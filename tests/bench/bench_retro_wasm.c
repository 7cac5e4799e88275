/* bench_retro_wasm.c: bench_retro.c's two kernels as WebAssembly exports,
 * so the flat kernel's WASM/native ratio (the "WASM tax" of this
 * memory pattern on this machine) is measured beside the generic engine's,
 * in Node and in Chromium (bench_retro_wasm.mjs). One graph at a time:
 *   bw_load(text)           parse, allocate both kernels' memory; 0 on failure
 *   bw_flat()               one flat solve; its relaxations (answer: bw_answer)
 *   bw_engine_start()       pp_retro_reset (the engine kept, as the page keeps it)
 *   bw_engine_run(budget)   pp_retro_run: 1 when done
 *   bw_engine_answer(), bw_engine_relaxations()
 */
#define BENCH_RETRO_NO_MAIN
#include "bench_retro.c"

#include <emscripten.h>

static pp_catmouse *g;
static flat f;
static pp_retro *r;
static int flat_answer;

EMSCRIPTEN_KEEPALIVE int bw_load(const char *text)
{
    pp_error err = {PP_OK, ""};
    if (pp_catmouse_parse(text, strlen(text), &g, &err) != PP_OK) return 0;
    uint32_t n = (uint32_t)pp_catmouse_nodes(g), ns = 2 * n * n;
    f = (flat){n,    pp_catmouse_offsets(g), pp_catmouse_adjacency(g), malloc(ns),
               NULL, malloc(ns * 2u),        malloc(ns * 4u),          0};
    if (!f.color || !f.deg16 || !f.queue) return 0;
    return pp_retro_new(pp_catmouse_retro(g), NULL, &r, &err) == PP_OK ? (int)ns : 0;
}

EMSCRIPTEN_KEEPALIVE double bw_flat(void)
{
    uint64_t rel = 0;
    flat_answer = flat_solve(&f, &rel);
    return (double)rel;
}

EMSCRIPTEN_KEEPALIVE int bw_answer(void) { return flat_answer; }

EMSCRIPTEN_KEEPALIVE int bw_engine_start(void)
{
    pp_error err = {PP_OK, ""};
    return pp_retro_reset(r, pp_catmouse_retro(g), NULL, &err) == PP_OK;
}

EMSCRIPTEN_KEEPALIVE int bw_engine_run(double budget)
{
    int done = 0;
    if (pp_retro_run(r, (uint64_t)budget, &done) != PP_OK) return -1;
    return done;
}

EMSCRIPTEN_KEEPALIVE int bw_engine_answer(void) { return pp_retro_outcome_of(r, pp_catmouse_start(g)); }

EMSCRIPTEN_KEEPALIVE double bw_engine_relaxations(void)
{
    pp_retro_stats st;
    pp_retro_get_stats(r, &st);
    return (double)st.relaxations;
}
