// wasm-measure.js: the WASM measurements of the game-tree and DP benchmarks,
// as plain ES modules free of Node's APIs, so that the same code times the
// solvers in Node (bench_tree_wasm.mjs, bench_dp_wasm.mjs) and in Debian's
// Chromium, the browser the page runs in (bench_wasm_browser.mjs).
//
// Each timing is the fastest of WARM_RUNS batches, a batch repeating a solve
// until its solves last BATCH_MS at least (bench_tree.c and bench_dp.c time
// the same way natively), after a first, cold call reported apart and
// WARMUP_MS of solves untimed (V8 optimizes a hot WASM function in the
// background and uses the optimized code from a later call). Before the
// batches the JS heap is collected where the engine allows it (node
// --expose-gc, Chromium's --js-flags=--expose-gc): the megabytes of tables an
// earlier solve copied out are otherwise still being collected, on the other
// core of a two-core machine, while the solver runs.

export const WARM_RUNS = 5;
export const BATCH_MS = 25;
/** Solving before the timed batches: V8 runs a WASM function on baseline code until it has run long enough to be optimized, in the background. */
export const WARMUP_MS = 600;

/** Repeats `once()` (returning { ms, work }) in batches; the best rate of work per second. */
function batched(once) {
  for (let ms = 0; ms < WARMUP_MS;) ms += once().ms;
  globalThis.gc?.();
  let reps = 0;
  let best = 0;
  for (let i = 0; i < WARM_RUNS; i++) {
    let ms = 0;
    let work = 0;
    let done = 0;
    while (done < reps || (i === 0 && ms < BATCH_MS)) {
      const r = once();
      ms += r.ms;
      work += r.work;
      done++;
    }
    if (i === 0) reps = done;
    best = Math.max(best, (work / ms) * 1e3);
  }
  return best;
}

/** The game-tree cases: 4x4 tic-tac-toe with the table, uniform random trees b = 5..10, d = 7 (as given). */
export const TREE_CASES = [
  ...['minimax', 'alphabeta'].map((algo) => ({
    label: `4x4 tic-tac-toe, ${algo}, table`,
    key: `ttt ${algo} given`,
    game: 'tic-tac-toe',
    input: 'board = ["....","....","....","...."]',
    options: { algo, tt: true },
  })),
  ...[5, 6, 7, 8, 9, 10].map((b) => ({
    label: `uniform tree b ${b} d 7, alpha-beta`,
    key: `tree ${b} 7`,
    game: 'tree',
    input: `branching = ${b}, depth = 7, lo = 0, hi = 999999, seed = ${b * 1000 + 7}`,
    options: {},
  })),
];

/** Positions per second of one tree case (`tree` from bindTree): { cold, warm, nodes }. */
export function measureTree(tree, { game, input, options }) {
  const solve = () => tree.solveTree(game, input, { layoutCap: 0, batch: 1 << 20, ...options });
  const first = solve();
  const nodes = first.stats.nodes;
  const warm = batched(() => ({ ms: solve().searchMs, work: nodes })); // the search alone, as bench_tree.c times it
  return { cold: (nodes / first.searchMs) * 1e3, warm, nodes };
}

/** bench_dp.c's values(): a 64-bit LCG, values in [lo, hi]. */
function values(n, lo, hi, seed) {
  const out = [];
  let s = BigInt(seed);
  const M = (1n << 64n) - 1n;
  for (let i = 0; i < n; i++) {
    s = (s * 6364136223846793005n + 1442695040888963407n) & M;
    out.push(lo + Number((s >> 33n) % BigInt(hi - lo + 1)));
  }
  return out;
}

/** bench_dp.c's cases, in its order (the seed is 1000 + the case's index), its very instances. */
export function dpCases() {
  const lists = [
    ['stone-game-vii n=1000', 'stone-game-vii', 1000, 1, 1000, 'dp'],
    ['stone-game-v n=500', 'stone-game-v', 500, 1, 1000000, 'dp'],
    ['stone-game-iii n=50000', 'stone-game-iii', 50000, -1000, 1000, 'dp'],
    ['stone-game n=1000', 'stone-game', 1000, 1, 500, 'dp'],
    ['stone-game n=1000', 'stone-game', 1000, 1, 500, 'diff'],
    ['stone-game-ii n=1000', 'stone-game-ii', 1000, 1, 10000, 'dp'],
    ['stone-game-vi n=100000', 'stone-game-vi', 100000, 1, 100, 'dp'],
    ['stone-game-vi n=20', 'stone-game-vi', 20, 1, 100, 'exhaustive'],
  ];
  const cases = lists.map(([name, game, n, lo, hi, algo], i) => {
    const a = values(n, lo, hi, 1000 + i);
    const b = values(n, lo, hi, 1000 + i + 1);
    return { name, game, algo, input: game === 'stone-game-vi' ? `[${a}], [${b}]` : `[${a}]` };
  });
  cases.push(
    { name: 'stone-game-iv n=100000', game: 'stone-game-iv', algo: 'dp', input: '100000' },
    { name: 'stone-game-iv n=100000', game: 'stone-game-iv', algo: 'sieve', input: '100000' },
    { name: 'nim n=100000', game: 'nim', algo: 'dp', input: '100000' },
    { name: 'can-i-win 20, 210', game: 'can-i-win', algo: 'dp', input: '20, 210' },
  );
  return cases;
}

/**
 * Cells per second of one DP case (`dp` from bindDp): the first (cold) call
 * of the page's solveDp (the solve alone), then batches of solves timed as
 * bench_dp.c times them (parsed once, untraced, freed unread); and `read`:
 * one whole solveDp in ms, the tables read out as the worker does.
 */
export function measureDp(dp, { game, input, algo }) {
  const first = dp.solveDp(game, input, { algo, trace: 'none' });
  const cells = first.stats.nodes;
  let reps = 1;
  const sum = (ms) => ms.reduce((x, y) => x + y, 0);
  while (sum(dp.timeSolves(game, input, { algo, count: reps }).ms) < BATCH_MS && reps < 1 << 16) reps *= 2;
  const warm = batched(() => {
    const { ms, cells: c } = dp.timeSolves(game, input, { algo, count: reps });
    if (c !== cells) throw new Error(`${game}: ${c} cells timed, ${cells} solved`);
    return { ms: sum(ms), work: cells * reps };
  });
  const t0 = performance.now();
  dp.solveDp(game, input, { algo, trace: 'none' });
  return { cold: (cells / first.solveMs) * 1e3, warm, cells, answer: first.answerText, read: performance.now() - t0 };
}
