// tree-games.js: the worker's entries for the game-tree pillar (worker.js's
// GAMES table), but for Connect Four's (connect4-games.js). Request: { input, algo, order, tt, memo, minimize, trace: 'auto' }
// ('auto': every event up to TREE_TRACE_CAP) or traceCap (events; 0 = none).
import { PN_ALGOS, TREE_GAMES, bindTree, pnMemoryMiB } from './binding-tree.js';
import { uniformShape } from '../lib/tree-shape.js';
import { bindVersus } from './binding-versus.js';
import { checkpointsFor } from '../lib/mcts.js';

/** Events kept at most for the page's player (16 bytes each). */
export const TREE_TRACE_CAP = 1 << 20;
/** Positions a search of rules in GDL may visit: their tree may have no end (moves that undo moves). */
export const GDL_TREE_BUDGET = 2_000_000;

const bound = new WeakMap();

/** The tree bindings of an engine, made once. */
export function treeOf(eng) {
  let t = bound.get(eng);
  if (!t) bound.set(eng, (t = bindTree(eng.kit)));
  return t;
}

/** The three searches Compare shows side by side. */
export const COMPARED = [
  { algo: 'minimax', order: 'given' },
  { algo: 'alphabeta', order: 'given' },
  { algo: 'alphabeta', order: 'best' },
];
/** Compare 'pn': alpha-beta beside the proof-number searches, PN and df-pn. */
export const COMPARED_PN = [
  { algo: 'alphabeta', order: 'given' },
  { algo: 'pn', order: 'given' },
  { algo: 'dfpn', order: 'given' },
];

/** Compare 'mcts': the exact searches beside Monte Carlo tree search (the request's MCTS options), on one clock. */
export const COMPARED_MCTS = [
  { algo: 'alphabeta', order: 'given' },
  { algo: 'dfpn', order: 'given' },
];

/** Playing against the solver: { algo: 'versus', input, path } values every move after path (binding-versus.js). */
const versusBound = new WeakMap();
function versus(eng, game, { input, path = [] }, onProgress) {
  let v = versusBound.get(eng);
  if (!v) versusBound.set(eng, (v = bindVersus(eng.kit)));
  return v.versusMoves(game, input, path, { onProgress: (valued, count) => onProgress(valued, { decided: valued, states: count }) });
}

/**
 * Monte Carlo tree search: { algo: 'mcts', input, iterations, seed, uctC,
 * solver, playout, minimize, trace, path } (path: the moves played from the
 * input's position, in a game against it); the root's moves read at the
 * convergence plot's checkpoints (lib/mcts.js), each move's exact value beside.
 */
function mcts(eng, game, { input, iterations, seed, uctC, solver, playout, minimize, trace, traceCap = 0, path = [] }, onProgress) {
  return treeOf(eng).solveMcts(game, input, {
    path,
    iterations,
    seed,
    uctC,
    solver,
    playout,
    minimize: Boolean(minimize),
    traceCap: trace === 'auto' ? TREE_TRACE_CAP : traceCap,
    checkpoints: Number.isSafeInteger(iterations) && iterations >= 1 ? checkpointsFor(iterations) : [],
    onProgress: (done, { phase }) => onProgress(done, { decided: done, states: phase === 'search' ? iterations : 0, phase }),
  });
}

function solve(game) {
  const one = (eng, { input, algo, order, tt, memo, minimize, trace, traceCap = 0 }, onProgress) => {
    const t = treeOf(eng);
    if (Object.hasOwn(PN_ALGOS, algo)) {
      // Proof-number search: the value by threshold proofs, the proofs drawn.
      return t.solvePn(game, input, {
        algo,
        minimize: Boolean(minimize),
        memoryMiB: pnMemoryMiB(),
        budget: 'scaled',
        traceCap: trace === 'auto' ? TREE_TRACE_CAP : traceCap,
        onProgress: (expanded) => onProgress(expanded, { decided: expanded, states: 0 }),
      });
    }
    const result = t.solveTree(game, input, {
      algo,
      order,
      tt: Boolean(tt),
      memo: Boolean(memo),
      minimize: Boolean(minimize),
      budget: game === 'gdl-rules' ? GDL_TREE_BUDGET : 0,
      traceCap: trace === 'auto' ? TREE_TRACE_CAP : traceCap,
      onProgress: (nodes) => onProgress(nodes, { decided: nodes, states: 0 }),
    });
    // A uniform tree: Knuth and Moore's fewest leaves, beside the count evaluated.
    const shape = uniformShape(result);
    const leaves = shape ? t.minimalLeaves(shape.b, shape.d) : null;
    result.minimal = leaves === null ? null : { ...shape, leaves };
    return result;
  };
  // compare: the same input searched by each of COMPARED; runs[1] stands for the result.
  return (eng, request, onProgress) => {
    if (request.algo === 'versus') return versus(eng, game, request, onProgress);
    if (request.algo === 'mcts' && !request.compare) return mcts(eng, game, request, onProgress);
    if (!request.compare) return one(eng, request, onProgress);
    if (request.compare === 'mcts') {
      const runs = COMPARED_MCTS.map((o) => one(eng, { ...request, ...o }, onProgress));
      runs.push(mcts(eng, game, { ...request, algo: 'mcts' }, onProgress));
      return { ...runs[0], compare: 'mcts', runs };
    }
    if (request.compare === 'pn') {
      const runs = COMPARED_PN.map((o) => one(eng, { ...request, ...o }, onProgress));
      return { ...runs[0], compare: 'pn', runs };
    }
    const runs = COMPARED.map((o) => one(eng, { ...request, ...o }, onProgress));
    return { ...runs[1], compare: true, runs };
  };
}

// Connect Four, a kind of TREE_GAMES too, has an entry of its own (connect4-games.js).
export const TREE_WORKER_GAMES = Object.fromEntries(
  Object.keys(TREE_GAMES)
    .filter((g) => g !== 'connect-four')
    .map((g) => [g, solve(g)]),
);
