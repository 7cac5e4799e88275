// binding-tree.js: the game-tree pillar's WASM exports (c/wasm/wasm_search.c with
// c/wasm/wasm_tree.c in pp-tree, or with c/wasm/wasm_gdl_tree.c for rules in
// GDL in pp-gdl), bound once. Every C failure becomes a thrown EngineError with the C message;
// every handle is freed in a `finally`. Results are copies, never heap views.

import { gdlBudgetMiB } from './binding-gdl.js';

/**
 * The proof-number searches' memory in MiB: the page's budget rule (a
 * quarter of the device's memory, binding-gdl.js gdlBudgetMiB), at most
 * 1 GiB, the command line's default: a table doubling by realloc holds
 * its old and new copies for a moment, and 1 GiB + 512 MiB stays inside
 * the module's 2 GiB (build.sh's -sMAXIMUM_MEMORY) beside the trace. The
 * budget of expansions is scaled to it as the command line's is.
 */
export function pnMemoryMiB(deviceMemory = globalThis.navigator?.deviceMemory) {
  return Math.min(1024, gdlBudgetMiB(deviceMemory));
}

/** Game names (DESIGN.md) to the kind numbers of c/wasm/wasm_tree.c. */
export const TREE_GAMES = {
  tree: 0,
  'tic-tac-toe': 1,
  nim: 2,
  'can-i-win': 3,
  'predict-the-winner': 4,
  'young-tableau': 5,
  'triangle-war': 6,
  'board-chase': 7,
  'connect-four': 8, // 'WxH:moves', the generic stages
  'gdl-rules': 9, // rules in GDL, from the initial state (pp-gdl's ppw_gdl_game_parse)
};
/** Algorithm names (as the CLI's --algo) to c/wasm/wasm_tree.c's numbers. */
export const TREE_ALGOS = { minimax: 0, alphabeta: 1, 'alphabeta-soft': 2 };
/** Proof-number searches (as the CLI's --algo) to c/wasm/wasm_search.c's numbers (pp_pn_algo). */
export const PN_ALGOS = { pn: 0, pn2: 1, dfpn: 2 };
const PN_GET = { value: 0, bestMove: 1, ids: 2, proofSize: 3, disproofSize: 4, lower: 12, upper: 13 };
const PN_STATS = ['expanded', 'generated', 'reexpanded', 'pn2Expanded', 'ttEntries', 'proofs', 'maxDepth'];
const PN_STATS_AT = 5;
/** MCTS's playout policies (pp_mcts_playout). */
export const MCTS_PLAYOUTS = { random: 0, decisive: 1 };
/** The iterations a page's search may take (the library allows 4e9: a node's visits are 32-bit). */
export const MCTS_MAX_ITERATIONS = 4_000_000_000;
const MC_GET = {
  iterations: 0,
  nodes: 1,
  bytes: 2,
  playoutPlies: 3,
  maxDepth: 4,
  nmoves: 5,
  best: 6,
  bestMove: 7,
  proven: 8,
  value: 9,
  lo: 10,
  hi: 11,
  maxToMove: 12,
  rewardLo: 13,
  rewardHi: 14,
  changes: 15,
  changesTruncated: 16,
  exactDone: 17,
  exactNodes: 18,
};
const MC_MOVE = { move: 0, visits: 1, mean: 2, ucb: 3, lo: 4, hi: 5, proven: 6, exact: 7 };
export const TREE_ORDERS = { given: 0, best: 1, worst: 2 };
export const BOUNDS = ['exact', 'at-least', 'at-most'];
/** The whole tree is laid out (parents, values) up to this many positions. */
export const DEFAULT_LAYOUT_CAP = 20_000;
const INFO = { rootPlayer: 0, lo: 1, hi: 2, maxMoves: 3, maxDepth: 4, nodes: 5, leaves: 6, depth: 7, truth: 8, side: 9 };
const GET = { value: 0, bound: 1, bestMove: 2, ids: 3 };
const STATS = ['nodes', 'leaves', 'inner', 'cutoffs', 'firstCutoffs', 'ttHits', 'ttAnswers', 'ttStores', 'memoHits', 'maxDepth'];
const STATS_AT = 4;
const GDL_ROLES = 10; // ppw_game_info's role count for rules in GDL
const TOO_BIG = -2;

export function bindTree(kit) {
  const { M, EngineError, lastError, checkExports, withCString, copyI32, TRACE_WORDS } = kit;
  /** The counts a search takes (each a uint32) and its batch size, or an 'arg' EngineError. */
  const checkLimits = (counts, batch) => {
    for (const [name, v] of Object.entries(counts)) {
      if (!Number.isSafeInteger(v) || v < 0 || v > 0xffffffff) {
        throw new EngineError(`${name} must be an integer from 0 to ${0xffffffff}`, 'arg');
      }
    }
    if (!(batch >= 1)) throw new EngineError('batch must be at least 1', 'arg');
  };
  const c = {
    free: M._ppw_game_free,
    info: M._ppw_game_info,
    expand: M._ppw_game_expand,
    parents: M._ppw_game_parents,
    moves: M._ppw_game_moves,
    values: M._ppw_game_values,
    players: M._ppw_game_players,
    abNew: M._ppw_ab_new,
    abRun: M._ppw_ab_run,
    abGet: M._ppw_ab_get,
    abFree: M._ppw_ab_free,
    trace: M._ppw_ab_trace,
    traceCount: M._ppw_ab_trace_count,
    traceTruncated: M._ppw_ab_trace_truncated,
    minimal: M._ppw_ab_minimal_leaves,
  };
  checkExports(c, 'tree');
  const pn = {
    new: M._ppw_pn_new,
    run: M._ppw_pn_run,
    get: M._ppw_pn_get,
    free: M._ppw_pn_free,
    proof: M._ppw_pn_proof,
    part: M._ppw_pn_proof_part,
    trace: M._ppw_pn_trace,
    traceCount: M._ppw_pn_trace_count,
    traceTruncated: M._ppw_pn_trace_truncated,
  };
  checkExports(pn, 'tree');
  // Monte Carlo tree search (wasm_mcts.c): in pp-tree, pp-c4, pp-gdl (rules in GDL) and pp.
  const mc = {
    new: M._ppw_mcts_new,
    run: M._ppw_mcts_run,
    exactRun: M._ppw_mcts_exact_run,
    get: M._ppw_mcts_get,
    readMoves: M._ppw_mcts_read_moves,
    move: M._ppw_mcts_move,
    changes: M._ppw_mcts_changes,
    free: M._ppw_mcts_free,
    trace: M._ppw_mcts_trace,
    traceCount: M._ppw_mcts_trace_count,
    traceTruncated: M._ppw_mcts_trace_truncated,
  };
  const hasMcts = typeof mc.new === 'function';
  if (hasMcts) checkExports(mc, 'tree');
  // Who parses: pp-tree the kinds of wasm_tree.c, pp-gdl rules in GDL (the whole pp both).
  const kinds = { parse: M._ppw_game_parse, cell: M._ppw_game_ttt_cell };
  const gdl = { parse: M._ppw_gdl_game_parse, role: M._ppw_gdl_game_role, move: M._ppw_gdl_game_move };
  const hasKinds = typeof kinds.parse === 'function';
  const hasGdl = typeof gdl.parse === 'function';
  if (hasKinds) checkExports(kinds, 'tree');
  if (hasGdl) checkExports(gdl, 'tree');
  if (!hasKinds && !hasGdl) throw new Error('the WASM module exports no ppw tree parser');

  /**
   * Runs a started search (alpha-beta's or proof-number search's: `run(s, batch)` says -1
   * failed, 1 done) in batches, reporting the first statistic between them; its time and
   * the statistics `names`, read from `get(s, at + i)`.
   */
  function runInBatches(run, get, s, batch, at, names, onProgress) {
    const t0 = performance.now();
    for (;;) {
      const done = run(s, batch);
      if (done < 0) throw lastError('the search failed');
      if (done === 1) break;
      onProgress?.(get(s, at));
    }
    const searchMs = performance.now() - t0;
    const stats = {};
    names.forEach((name, i) => {
      stats[name] = get(s, at + i);
    });
    return { searchMs, stats };
  }

  /** A game handle for `game` (0 on failure, the message in lastError). */
  function parseGame(game, kind, textPtr, minimize) {
    if (game === 'gdl-rules') {
      if (!hasGdl) throw new EngineError('this WASM module has no GDL reasoner (pp-gdl has)', 'arg');
      return gdl.parse(textPtr);
    }
    if (!hasKinds) throw new EngineError(`this WASM module parses only rules in GDL, not ${game}`, 'arg');
    return kinds.parse(kind, textPtr, minimize ? 1 : 0);
  }

  function pick(table, name, what) {
    if (!Object.hasOwn(table, name)) throw new EngineError(`unknown ${what}: ${String(name)}`, 'arg');
    return table[name];
  }

  /** The root's facts; for tic-tac-toe its board as rows of 'X', 'O', '.'; for rules in GDL the roles (MAX first). */
  function readInfo(h, game) {
    const info = {};
    for (const [name, i] of Object.entries(INFO)) info[name] = c.info(h, i);
    if (game === 'gdl-rules') {
      info.roles = [];
      for (let r = 0; r < c.info(h, GDL_ROLES); r++) info.roles.push(kit.cString(gdl.role(h, r)));
    }
    if (game === 'tic-tac-toe') {
      info.board = [];
      for (let r = 0; r < info.side; r++) {
        let row = '';
        for (let col = 0; col < info.side; col++) row += String.fromCharCode(kinds.cell(h, r, col));
        info.board.push(row);
      }
    }
    return info;
  }

  /** The whole tree in preorder when it has at most cap positions, else null. */
  function readLayout(h, cap) {
    const n = c.expand(h, cap);
    if (n === TOO_BIG) return null;
    if (n < 0) throw lastError('the tree could not be laid out');
    return {
      n,
      parent: copyI32(c.parents(h), n),
      moves: copyI32(c.moves(h), n),
      value: copyI32(c.values(h), n),
      player: copyI32(c.players(h), n),
    };
  }

  /**
   * Parses `input` as `game` and searches it: algo minimax | alphabeta |
   * alphabeta-soft, order given | best | worst, tt, memo, budget (positions,
   * 0: none), traceCap (events, 0: none), minimize (a tree's root minimizes),
   * layoutCap (lay the whole tree out up to this many positions, 0: never).
   * Runs in batches of `batch` positions, calling onProgress(nodesSoFar).
   * searchMs: the search alone (no parsing, no layout), for the benchmarks.
   */
  function solveTree(
    game,
    input,
    {
      algo = 'alphabeta',
      order = 'given',
      tt = false,
      memo = false,
      budget = 0,
      traceCap = 0,
      minimize = false,
      layoutCap = DEFAULT_LAYOUT_CAP,
      batch = 1 << 16,
      onProgress,
    } = {},
  ) {
    const kind = pick(TREE_GAMES, game, 'game');
    const algoNum = pick(TREE_ALGOS, algo, 'algorithm');
    const orderNum = pick(TREE_ORDERS, order, 'move order');
    checkLimits({ traceCap, layoutCap, budget }, batch);
    return withCString(input, (textPtr) => {
      const h = parseGame(game, kind, textPtr, minimize);
      if (!h) throw lastError('the game could not be read');
      try {
        const info = readInfo(h, game);
        const layout = layoutCap > 0 ? readLayout(h, layoutCap) : null;
        const s = c.abNew(h, algoNum, orderNum, tt ? 1 : 0, memo ? 1 : 0, budget, traceCap);
        if (!s) throw lastError('the search could not start');
        try {
          const { searchMs, stats } = runInBatches(c.abRun, c.abGet, s, batch, STATS_AT, STATS, onProgress);
          const count = c.traceCount(s) >>> 0;
          return {
            game,
            input,
            algo,
            order,
            tt,
            memo,
            minimize,
            value: c.abGet(s, GET.value),
            bound: BOUNDS[c.abGet(s, GET.bound)],
            bestMove: c.abGet(s, GET.bestMove),
            ids: c.abGet(s, GET.ids),
            stats,
            searchMs,
            info,
            layout,
            trace: traceCap > 0 ? copyI32(c.trace(s), count * TRACE_WORDS) : null,
            truncated: c.traceTruncated(s) !== 0,
          };
        } finally {
          c.abFree(s);
        }
      } finally {
        c.free(h);
      }
    });
  }

  /** A proof (wasm_search.c's ppw_pn_proof): per node its first edge and edge count, per edge its child node and move index. */
  function readProof(s, which) {
    const nodes = pn.proof(s, which) >>> 0;
    if (nodes === 0) return { nodes: 0, first: new Uint32Array(0), count: new Uint32Array(0), child: new Uint32Array(0), move: new Uint16Array(0) };
    const u32 = (ptr, n) => new Uint32Array(M.HEAPU32.buffer, ptr >>> 0, n).slice();
    const first = u32(pn.part(s, 0), nodes);
    const count = u32(pn.part(s, 1), nodes);
    let edges = 0;
    for (let i = 0; i < nodes; i++) edges = Math.max(edges, first[i] + count[i]);
    const child = u32(pn.part(s, 2), edges);
    const move = new Uint16Array(M.HEAPU8.buffer, pn.part(s, 3) >>> 0, edges).slice();
    return { nodes, first, count, child, move };
  }

  /**
   * Parses `input` as `game` and searches it by proof numbers: algo pn | pn2 |
   * dfpn, the exact value by threshold proofs, with both proofs; traceCap
   * (events, 0: none), minimize, layoutCap as solveTree's; memoryMiB (the
   * tables' limit, 0: the library's 1 GiB); budget (expansions, 0: none,
   * 'scaled': the command line's default, pp_pn_default_budget of the
   * memory; past it the call throws, status 'budget', with err.nodes and
   * a message that estimates what would answer). Runs in batches of `batch` expansions, calling
   * onProgress(expandedSoFar, { lower, upper }): the value is >= lower and
   * < upper by the proofs so far.
   */
  function solvePn(
    game,
    input,
    { algo = 'dfpn', traceCap = 0, minimize = false, layoutCap = DEFAULT_LAYOUT_CAP, budget = 0, memoryMiB = 0, batch = 1 << 14, onProgress } = {},
  ) {
    const kind = pick(TREE_GAMES, game, 'game');
    const algoNum = pick(PN_ALGOS, algo, 'algorithm');
    checkLimits({ traceCap, layoutCap, memoryMiB, ...(budget === 'scaled' ? {} : { budget }) }, batch);
    return withCString(input, (textPtr) => {
      const h = parseGame(game, kind, textPtr, minimize);
      if (!h) throw lastError('the game could not be read');
      try {
        const info = readInfo(h, game);
        const layout = layoutCap > 0 ? readLayout(h, layoutCap) : null;
        const s = pn.new(h, algoNum, traceCap, budget === 'scaled' ? -1 : budget, memoryMiB);
        if (!s) throw lastError('the search could not start');
        try {
          const bounds = () => ({ lower: pn.get(s, PN_GET.lower), upper: pn.get(s, PN_GET.upper) });
          const report = onProgress && ((expanded) => onProgress(expanded, bounds()));
          let ran;
          try {
            ran = runInBatches(pn.run, pn.get, s, batch, PN_STATS_AT, PN_STATS, report);
          } catch (err) {
            err.nodes = pn.get(s, PN_STATS_AT);
            throw err;
          }
          const { searchMs, stats } = ran;
          const count = pn.traceCount(s) >>> 0;
          return {
            game,
            input,
            algo,
            minimize,
            pn: true,
            value: pn.get(s, PN_GET.value),
            bound: 'exact',
            bestMove: pn.get(s, PN_GET.bestMove),
            ids: pn.get(s, PN_GET.ids),
            proofSize: pn.get(s, PN_GET.proofSize),
            disproofSize: pn.get(s, PN_GET.disproofSize),
            proof: readProof(s, 0),
            disproof: readProof(s, 1),
            stats,
            searchMs,
            info,
            layout,
            trace: traceCap > 0 ? copyI32(pn.trace(s), count * TRACE_WORDS) : null,
            truncated: pn.traceTruncated(s) !== 0,
          };
        } finally {
          pn.free(s);
        }
      } finally {
        c.free(h);
      }
    });
  }

  /** MCTS's options checked as data (a request from a link or a test), into the C call's arguments. */
  function mctsArgs({ iterations, seed, uctC, solver, playout, memoryMiB }) {
    if (!Number.isSafeInteger(iterations) || iterations < 1 || iterations > MCTS_MAX_ITERATIONS) {
      throw new EngineError(`iterations must be a whole number from 1 to ${MCTS_MAX_ITERATIONS}`, 'arg');
    }
    let s;
    try {
      s =
        typeof seed === 'bigint'
          ? seed
          : typeof seed === 'string' && /^\d{1,20}$/.test(seed)
            ? BigInt(seed)
            : Number.isSafeInteger(seed) && seed >= 0
              ? BigInt(seed)
              : -1n;
    } catch {
      s = -1n;
    }
    if (s < 0n || s > 0xffffffffffffffffn) throw new EngineError('the seed must be a whole number from 0 to 18446744073709551615', 'arg');
    if (typeof uctC !== 'number' || !(uctC >= 0 && uctC <= 100)) throw new EngineError('the exploration constant must be a number from 0 to 100', 'arg');
    if (typeof solver !== 'boolean') throw new EngineError('solver must be true or false', 'arg');
    const policy = pick(MCTS_PLAYOUTS, playout, 'playout');
    if (typeof memoryMiB !== 'number' || !(memoryMiB === 0 || (memoryMiB >= 1 && memoryMiB <= 16384))) {
      throw new EngineError("the tree's memory must be 0 (the default) or 1 to 16384 MiB", 'arg');
    }
    return [iterations, Number(s >> 32n), Number(s & 0xffffffffn), uctC, solver ? 1 : 0, policy, memoryMiB];
  }

  /** The root's moves as they stand: code, visits, mean (the root mover's reward), ucb (null unvisited), proven (its value or null). */
  function readRootMoves(s, withExact) {
    const n = mc.readMoves(s);
    if (n < 0) throw lastError('the moves could not be read');
    const moves = [];
    for (let i = 0; i < n; i++) {
      const visits = mc.move(s, i, MC_MOVE.visits);
      moves.push({
        move: i,
        code: mc.move(s, i, MC_MOVE.move),
        visits,
        mean: mc.move(s, i, MC_MOVE.mean),
        ucb: visits ? mc.move(s, i, MC_MOVE.ucb) : null,
        proven: mc.move(s, i, MC_MOVE.proven) ? mc.move(s, i, MC_MOVE.lo) : null,
        ...(withExact ? { exact: mc.move(s, i, MC_MOVE.exact) } : {}),
      });
    }
    return moves;
  }

  /** Rules in GDL: each root move's text (`name`, e.g. "(mark 1 1)") in the position after `path`, as the CLI names them. */
  function nameGdlMoves(h, path, moves) {
    if (!moves.length) return;
    const p = kit.malloc(4 * Math.max(1, path.length));
    if (!p) throw new EngineError('out of memory for the moves', 'nomem');
    try {
      kit.heap32().set(path, p / 4);
      for (const m of moves) {
        const at = gdl.move(h, p, path.length, m.code);
        if (!at) throw lastError('a move could not be named');
        m.name = kit.cString(at);
      }
    } finally {
      M._free(p);
    }
  }

  /**
   * Parses `input` as `game` and runs Monte Carlo tree search (UCT, the
   * CLI's --algo mcts): iterations, seed (a whole number, as a number, a
   * decimal string or a BigInt, up to 2^64 - 1), uctC, solver
   * (MCTS-Solver), playout random | decisive, memoryMiB (the tree's limit,
   * 0: the library's 256 MiB), traceCap (events, 0: none), minimize (a
   * tree's root minimizes), layoutCap as solveTree's, path (move codes
   * from the game's root: the search starts after them, as a game played
   * against it reaches; `path` comes back). Then each root
   * move's exact value by alpha-beta (`exact`). Runs in batches of `batch`
   * iterations; between them onProgress(iterationsSoFar, { phase }) and,
   * with checkpoints (a sorted list of iteration counts), the root's moves
   * read at each of them: `curve` [{ iteration, visits: [...], mean: [...] }].
   * `changes`: { at (Uint32Array), to (Int32Array) }: after iteration at[i]
   * the search's choice became root move to[i].
   */
  function solveMcts(
    game,
    input,
    {
      iterations = 10_000,
      seed = 1,
      uctC = Math.SQRT2,
      solver = false,
      playout = 'random',
      memoryMiB = 0,
      traceCap = 0,
      minimize = false,
      layoutCap = 0,
      checkpoints = [],
      path = [],
      batch = 4096,
      exactBatch = 1 << 16,
      onProgress,
    } = {},
  ) {
    if (!hasMcts) throw new EngineError('this WASM module has no Monte Carlo tree search (pp-tree, pp-c4 and pp-gdl have)', 'arg');
    const kind = pick(TREE_GAMES, game, 'game');
    const args = mctsArgs({ iterations, seed, uctC, solver, playout, memoryMiB });
    checkLimits({ traceCap, layoutCap }, batch);
    if (!Array.isArray(checkpoints) || checkpoints.some((c, i) => !Number.isSafeInteger(c) || c < 1 || (i > 0 && c <= checkpoints[i - 1]))) {
      throw new EngineError('checkpoints must be increasing whole numbers from 1', 'arg');
    }
    if (!Array.isArray(path) || path.length > 4096 || path.some((m) => !Number.isInteger(m) || m < -0x80000000 || m > 0x7fffffff)) {
      throw new EngineError('path must be a list of at most 4096 move codes (integers)', 'arg');
    }
    return withCString(input, (textPtr) => {
      const h = parseGame(game, kind, textPtr, minimize);
      if (!h) throw lastError('the game could not be read');
      try {
        const info = readInfo(h, game);
        const layout = layoutCap > 0 ? readLayout(h, layoutCap) : null;
        const pathPtr = path.length ? kit.malloc(path.length * 4) : 0;
        if (path.length && !pathPtr) throw new EngineError('out of memory for the moves', 'nomem');
        let s;
        try {
          if (path.length) kit.heap32().set(path, pathPtr / 4);
          s = mc.new(h, ...args, traceCap, pathPtr, path.length);
        } finally {
          if (pathPtr) M._free(pathPtr);
        }
        if (!s) throw lastError('the search could not start');
        try {
          // Phase 1: the iterations, in batches cut at the checkpoints.
          const curve = [];
          let next = 0;
          const t0 = performance.now();
          for (;;) {
            const done0 = mc.get(s, MC_GET.iterations);
            while (next < checkpoints.length && checkpoints[next] <= done0) next++;
            const room = next < checkpoints.length ? checkpoints[next] - done0 : batch;
            const done = mc.run(s, Math.min(batch, room));
            if (done < 0) throw lastError('the search failed');
            const now = mc.get(s, MC_GET.iterations);
            if (next < checkpoints.length && checkpoints[next] === now) {
              const moves = readRootMoves(s, false);
              curve.push({ iteration: now, visits: moves.map((m) => m.visits), mean: moves.map((m) => m.mean) });
              next++;
            }
            if (done === 1) break;
            onProgress?.(now, { phase: 'search' });
          }
          const searchMs = performance.now() - t0;
          const last = mc.get(s, MC_GET.iterations);
          if (checkpoints.length > 0 && curve.at(-1)?.iteration !== last && last > 0) {
            // the solver proved the root before the last checkpoint: the curve ends where the search did
            const moves = readRootMoves(s, false);
            curve.push({ iteration: last, visits: moves.map((m) => m.visits), mean: moves.map((m) => m.mean) });
          }
          // Phase 2: each root move's exact value.
          for (;;) {
            const done = mc.exactRun(s, exactBatch);
            if (done < 0) throw lastError('the exact values failed');
            if (done === 1) break;
            onProgress?.(mc.get(s, MC_GET.exactDone), { phase: 'exact' });
          }
          const get = (name) => mc.get(s, MC_GET[name]);
          const nchanges = get('changes');
          const count = mc.traceCount(s) >>> 0;
          const moves = readRootMoves(s, true);
          if (game === 'gdl-rules') nameGdlMoves(h, path, moves);
          const max = get('maxToMove') === 1;
          const leafRoot = moves.length === 0;
          return {
            game,
            input,
            algo: 'mcts',
            mcts: true,
            minimize,
            path: [...path],
            options: { iterations, seed: String(seed), uctC, solver, playout },
            iterations: get('iterations'),
            best: get('best'),
            bestMove: get('bestMove'),
            proven: get('proven') === 1,
            provenValue: get('proven') === 1 ? get('value') : null,
            bounds: { lo: get('lo'), hi: get('hi') },
            maxToMove: max,
            reward: { lo: get('rewardLo'), hi: get('rewardHi') },
            value: leafRoot ? get('lo') : moves.reduce((b, m) => (max ? Math.max(b, m.exact) : Math.min(b, m.exact)), max ? -Infinity : Infinity),
            moves,
            curve,
            changes: {
              at: nchanges ? new Uint32Array(M.HEAPU32.buffer, mc.changes(s, 0) >>> 0, nchanges).slice() : new Uint32Array(0),
              to: nchanges ? copyI32(mc.changes(s, 1), nchanges) : new Int32Array(0),
              truncated: get('changesTruncated') === 1,
            },
            stats: {
              nodes: get('nodes'),
              treeBytes: get('bytes'),
              playoutPlies: get('playoutPlies'),
              maxDepth: get('maxDepth'),
              exactNodes: get('exactNodes'),
            },
            searchMs,
            iterationsPerSecond: searchMs > 0 ? (get('iterations') * 1000) / searchMs : 0,
            info,
            layout,
            trace: traceCap > 0 ? copyI32(mc.trace(s), count * TRACE_WORDS) : null,
            truncated: mc.traceTruncated(s) !== 0,
          };
        } finally {
          mc.free(s);
        }
      } finally {
        c.free(h);
      }
    });
  }

  /** Knuth and Moore's fewest leaves for a uniform tree (b, d); null past 2^53. */
  function minimalLeaves(b, d) {
    kit.checkInt('b', b);
    kit.checkInt('d', d);
    if (b < 1 || d < 0) throw new EngineError('branching must be at least 1 and depth at least 0', 'arg');
    const v = c.minimal(b, d);
    return v < 0 || v > Number.MAX_SAFE_INTEGER ? null : v;
  }

  return { solveTree, solvePn, solveMcts, minimalLeaves };
}
