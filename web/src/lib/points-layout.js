// points-layout.js: the O(states + moves) work behind a big state graph's
// points, as one job a worker runs (engine/layout-worker.js) so the page's
// main thread only draws: the graph itself where it is built from a game's
// rules (Cat and Mouse), the depth of every state, the reverse edges, the
// layers and their layout (state-graph.js), and the points' positions in
// reading order (draw-points.js rankPositions). No DOM: node --test runs it.
//
// A job:
//   { graph, by, final, perRow }
//   graph  { kind: 'csr', count, state, offsets, targets, start }: the
//            state graph's arrays (state-graph.js), as the page holds them;
//          { kind: 'catmouse', n, offsets, adjacency }: a Cat and Mouse
//            graph, whose states and moves are built here (catmouse.js)
//   by     'depth' or 'remoteness' (layersOf); final { values, remoteness }
//          per state id, for the remoteness layers
// Its answer, every array a typed array the worker transfers (never copies):
//   { graph?, depth, rev: { offsets, sources }, layout, pos, edges, ms }
//   graph  (kind 'catmouse' only) { count, state, nodeOf, offsets, targets, start }
//   layout layoutStateGraph's, plus pos (Float32Array, x and y by rank) and
//          byRank { states (Int32Array: state id), terminal (Uint8Array: 1 where
//          the game is over) } by rank, so the points' first colours read one
//          array at random, not three (draw-points.js createPointColors)
// or { tooBig: { count, edges } } when the graph is past the points' limits.
import { catMouseStateArrays } from './catmouse.js';
import { rankPositions } from './draw-points.js';
import { bfsDepth, layersOf, layoutStateGraph, POINT_EDGE_LIMIT, POINT_LIMIT, reverseEdges } from './state-graph.js';

/** Runs one layout job. Returns { answer, transfer } (the buffers to transfer with it). */
export function runLayoutJob({ graph, by = 'depth', final = null, perRow = 0 }) {
  const t0 = Date.now();
  let built = null;
  let sg;
  if (graph.kind === 'catmouse') {
    const count = 2 * graph.n * (graph.n - 1);
    if (count > POINT_LIMIT) return { answer: { tooBig: { count, edges: -1 } }, transfer: [] };
    built = catMouseStateArrays(graph);
    sg = built;
  } else {
    sg = graph;
  }
  if (sg.count > POINT_LIMIT || sg.targets.length > POINT_EDGE_LIMIT) {
    return { answer: { tooBig: { count: sg.count, edges: sg.targets.length } }, transfer: [] };
  }
  const depth = bfsDepth(sg);
  const rev = reverseEdges(sg);
  const layers = layersOf(sg, by === 'remoteness' && final ? 'remoteness' : 'depth', { depth, final });
  const layout = layoutStateGraph(sg, layers, { perRow, rev });
  layout.pos = rankPositions(layout);
  layout.byRank = byRankOf(sg, layout);
  const transfer = [
    depth,
    rev.offsets,
    rev.sources,
    layout.x,
    layout.y,
    layout.order,
    layout.rank,
    layout.line,
    layout.pos,
    layout.byRank.states,
    layout.byRank.terminal,
  ].map((a) => a.buffer);
  if (built) transfer.push(built.state.buffer, built.nodeOf.buffer, built.offsets.buffer, built.targets.buffer);
  return { answer: { graph: built, depth, rev, layout, edges: sg.targets.length, ms: Date.now() - t0 }, transfer };
}

/** Each rank's state id and whether the game is over there (no moves). */
function byRankOf(sg, layout) {
  const { order } = layout;
  const states = new Int32Array(order.length);
  const terminal = new Uint8Array(order.length);
  for (let r = 0; r < order.length; r++) {
    const v = order[r];
    states[r] = sg.state[v];
    terminal[r] = sg.offsets[v + 1] === sg.offsets[v] ? 1 : 0;
  }
  return { states, terminal };
}
