// trace-plan.js: how much of a solve to record, decided from the graph
// before solving. No Preact, no WASM.
//
//   fine    every event (SEED POP PARENT DEGREE COLOR): when at most
//           FINE_MAX_EVENTS could happen
//   coarse  the decisions only (SEED COLOR: one per decided state): when the
//           game has at most COARSE_MAX_STATES states. Derived after an
//           untraced solve from its decision order (derive: binding.js,
//           ppw_retro_coarse_trace), not recorded: the same records for a
//           fraction of the traced solve's time
//   none    too big to animate: the final answer only
//
// The bound on fine events: each state is decided and popped at most once,
// and each reverse edge gives one PARENT and at most one DEGREE event.
import { TRACE_ALL, TRACE_COARSE } from './binding.js';

export const FINE_MAX_EVENTS = 2_000_000;
export const COARSE_MAX_STATES = 2_500_000;
export const DFS_TRACE_CAP = 2_000_000;

/** An upper bound on the events of a fine retrograde trace of this graph. */
export function fineEventBound({ n, offsets, adjacency }) {
  let mouseMoves = 0; // sum over nodes of their degree
  let catMoves = 0; // sum over nodes of their neighbours other than the hole
  for (let v = 1; v < n; v++) {
    mouseMoves += offsets[v + 1] - offsets[v];
    for (let k = offsets[v]; k < offsets[v + 1]; k++) if (adjacency[k] !== 0) catMoves++;
  }
  const reverseEdges = n * catMoves + n * mouseMoves; // parents of every state, at most
  return 4 * n * n + 2 * reverseEdges;
}

/** { mode, traceCap, traceMask, derive (coarse only), bound } for a graph. */
export function planTrace(graph) {
  const bound = fineEventBound(graph);
  const states = 2 * graph.n * graph.n;
  if (bound <= FINE_MAX_EVENTS) return { mode: 'fine', traceCap: bound, traceMask: TRACE_ALL, bound };
  if (states <= COARSE_MAX_STATES) return { mode: 'coarse', traceCap: states, traceMask: TRACE_COARSE, derive: true, bound };
  return { mode: 'none', traceCap: 0, traceMask: 0, bound };
}
