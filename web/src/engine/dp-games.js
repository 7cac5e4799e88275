// dp-games.js: the worker's entries for the DP pillar (worker.js's GAMES
// table). Request: { input, algo, trace: 'auto' } ('auto': every event when
// they fit in DP_TRACE_CAP, else the computed cells only; see binding-dp.js),
// or trace 'fine' | 'coarse' | 'none'.
//
// Nim, Can I Win and Predict the Winner are game trees too: as the CLI does
// (cli_dp.c hands other --algo values to cli_tree.c), a request whose algo
// is not a DP algorithm goes on to the tree pillar's entry for the game.
// The flawed exhibit's result carries `truth`: the sound table's answer.
import { DP_ALGOS, DP_GAMES, bindDp } from './binding-dp.js';
import { TREE_WORKER_GAMES } from './tree-games.js';

const bound = new WeakMap();

/** The DP bindings of an engine, made once. */
function dpOf(eng) {
  let d = bound.get(eng);
  if (!d) bound.set(eng, (d = bindDp(eng.kit)));
  return d;
}

function solve(game) {
  const tree = TREE_WORKER_GAMES[game];
  return (eng, request, onProgress) => {
    const { input, algo = 'dp', trace = 'auto' } = request;
    if (tree && !Object.hasOwn(DP_ALGOS, algo)) return tree(eng, request, onProgress);
    const dp = dpOf(eng);
    const result = dp.solveDp(game, input, { algo, trace });
    result.limits = dp.limits();
    result.algos = dp.algosOf(game);
    if (algo === 'flawed-memo') {
      const sound = dp.solveDp(game, input, { algo: 'dp', trace: 'none' });
      result.truth = { answer: sound.answer, answerText: sound.answerText, values: sound.values, done: sound.done };
    }
    return result;
  };
}

export const DP_WORKER_GAMES = Object.fromEntries(Object.keys(DP_GAMES).map((g) => [g, solve(g)]));
