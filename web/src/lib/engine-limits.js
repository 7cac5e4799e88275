// engine-limits.js: the page's limits on a solve, which the views name and
// the bindings enforce (binding-gdl.js and binding-dp.js re-export them).
// No WASM here, so a view imports them without loading a binding.

/** The most states a GDL solve may reach, the command line's (PP_GDL_MAX_STATES): a bigger graph fails with status 'limit'. */
export const GDL_MAX_STATES = 1 << 24;
/**
 * The memory the page's GDL solve may hold, in MiB: the graph, the engine and
 * the trace, inside the module's 4 GiB of WASM memory (build.sh's
 * -sMAXIMUM_MEMORY) with room for the rest of the heap and the allocator's
 * slack. Past it a solve stops with a message naming it.
 */
export const GDL_BUDGET_MIB = 3072;
/**
 * The budget on this device: a quarter of its memory as the browser tells
 * it (navigator.deviceMemory, in GiB: 0.25 to 8), at most GDL_BUDGET_MIB;
 * GDL_BUDGET_MIB where the browser does not tell.
 */
export function gdlBudgetMiB(deviceMemory = globalThis.navigator?.deviceMemory) {
  if (!(deviceMemory > 0)) return GDL_BUDGET_MIB;
  return Math.max(32, Math.min(GDL_BUDGET_MIB, Math.round((deviceMemory * 1024) / 4)));
}

/**
 * A DP solve's trace budget: at most this many events (16 bytes each, so
 * 16 MiB). A solve whose every event does not fit is traced again with its
 * computed cells only (the coarse trace, binding-dp.js's TRACE_CELLS).
 */
export const DP_TRACE_CAP = 1 << 20;
export const DP_TRACE_BYTES = DP_TRACE_CAP * 16;
