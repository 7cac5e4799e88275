// tree-games.js: the worker's entries for the game-tree pillar (worker.js's
// GAMES table). Request: { input, algo, order, tt, memo, minimize, traceCap }.
import { TREE_GAMES, bindTree } from './binding-tree.js';

/** Events kept at most for the page's player (16 bytes each). */
export const TREE_TRACE_CAP = 1 << 20;

const bound = new WeakMap();

/** The tree bindings of an engine, made once. */
function treeOf(eng) {
  let t = bound.get(eng);
  if (!t) bound.set(eng, (t = bindTree(eng.kit)));
  return t;
}

function solve(game) {
  return (eng, { input, algo, order, tt, memo, minimize, traceCap = TREE_TRACE_CAP }, onProgress) =>
    treeOf(eng).solveTree(game, input, {
      algo,
      order,
      tt: Boolean(tt),
      memo: Boolean(memo),
      minimize: Boolean(minimize),
      traceCap,
      onProgress: (nodes) => onProgress(nodes, { decided: nodes, states: 0 }),
    });
}

export const TREE_WORKER_GAMES = Object.fromEntries(Object.keys(TREE_GAMES).map((g) => [g, solve(g)]));
