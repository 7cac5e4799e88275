// binding-gdl.js: games written in the Game Description Language, through
// the WASM exports of c/wasm/wasm_gdl.c (module pp-gdl, and pp), bound once.
// Every C failure becomes a thrown EngineError with the C message (status
// 'input' for bad rules: the message starts "line L, column C: "); every
// handle is freed in a `finally`; results are copies, never heap views.
//
// solveGdl(text, { maxStates = GDL_MAX_STATES, traceCap = 0 | 'auto', traceMask = 0 })
// returns, with states numbered in BFS order from the initial state (0):
//   roles            [name, ...]     in declaration order (the first is "first")
//   kind             'turns' | 'puzzle'   (two roles taking turns, or one role)
//   states           N
//   terminalStates   how many are terminal
//   edges            E
//   depth            Int32Array(N)   BFS depth from the initial state
//   offsets          Int32Array(N+1) state s's moves are edges offsets[s] .. offsets[s+1]-1
//   targets          Int32Array(E)   the state a move leads to
//   moveOf           Int32Array(E)   index into moves
//   moves            [string]        the moving role's move as KIF text, e.g. "(mark 1 1)"
//   mover            Int8Array(N)    role index to move; -1 at a terminal
//   terminal         Uint8Array(N)   1 at a terminal
//   outcome          Uint8Array(N)   the engine's codes (perfect_play.h): turns: 0 draw
//                                    (or never decided), 1 the first role wins (a higher
//                                    goal than the other's under perfect play), 2 the second
//                                    wins; puzzles: 1 the game's best goal is reachable,
//                                    2 it is not, 0 no terminal is
//   value            Int32Array(N)   the first role's goal under perfect play (turns: the
//                                    most it can make sure of; puzzles: the best reachable)
//   remoteness       Int32Array(N)   turns: moves to the end under perfect play, the winner
//                                    hurrying and the loser delaying; -1 for a draw, 0 at a
//                                    terminal; puzzles: the fewest moves to that value
//   goals            Int32Array(N*roles)  a terminal's goal for each role, -1 elsewhere
//   factNames        [string]        the base propositions, e.g. "(cell 1 1 x)"
//   words            Uint32 pairs a state's bits take (64 facts a word)
//   bits             Uint32Array(N*words*2)  fact i of state s: bit i % 32 of
//                                    bits[s*words*2 + (i >> 5)]  (gdlFacts reads it)
//   trace            Int32Array | null  the retrograde trace records (4 int32 each, the
//                                    Cat and Mouse format: SEED, POP, PARENT, DEGREE, COLOR;
//                                    players 0 and 1 are the two roles; a puzzle's trace is
//                                    the seeding "the best goal reached" with the role as 0)
//   truncated        true when the trace hit traceCap
//   stats            { relaxations, solves, enumerateMs, solveMs, ms, statesPerSecond }
// solveGdlValues(text, { maxStates, budgetMiB, matrixStates = [0] }): games
// of every kind (simultaneous moves, three roles or more) by each role's
// security value (c/wasm/wasm_gdl_value.c, pp_gdl_values_*; see its comment);
// beginGdlValues(text, same options): the same solve in steps, for progress
// and Cancel.
// checkGdl(text, { maxStates }) returns [{ line, col, message }], [] when clean.
// openGdl(text): the rules for a search from one state and a game played by
// hand, with no state graph (see its comment; ppw_gdl_search_*, ppw_gdl_turn*).
// gdlFacts(result, state) returns the state's true facts as strings.
import { GDL_BUDGET_MIB, GDL_MAX_STATES, gdlBudgetMiB } from '../lib/engine-limits.js';

export { GDL_BUDGET_MIB, GDL_MAX_STATES, gdlBudgetMiB };
const PP_GDL_MAX_STATES = GDL_MAX_STATES;
/** A whole trace up to this many events (16 bytes each); past it the decisions only. */
export const GDL_TRACE_WHOLE_MAX = 8_000_000;
/** The coarse trace's kinds: SEED and COLOR (binding.js's TRACE_COARSE). */
const TRACE_COARSE_MASK = (1 << 1) | (1 << 5);
const PROGRESS = { phase: 0, states: 1, expanded: 2, edges: 3, stage: 4, stages: 5, relaxations: 6, decided: 7, ply: 8, bytes: 9, traceMask: 10, traced: 11 };
const PHASES = ['enumerate', 'link', 'solve', 'done'];
const VALUES_PROGRESS = { phase: 0, states: 1, expanded: 2, jointMoves: 3, valued: 4, linearPrograms: 5 };
const VALUES_PHASES = ['values-enumerate', 'values-order', 'values-solve', 'done', 'failed'];
const DIAG_TEXT = 200;
/** solveGdlValues's matrixStates 'all': every state's matrix games up to this many states and cells, else the start's. */
export const MATRIX_STATES_MAX = 500;
export const MATRIX_CELLS_MAX = 200_000;
/** PP_GDL_TRACE_WHOLE: room for every event of the solve's trace. */
export const GDL_TRACE_WHOLE = 0xffffffff;
const SEARCH = {
  kind: 0,
  solved: 1,
  lo: 2,
  hi: 3,
  outcome: 4,
  goal: 5,
  moves: 6,
  goalTried: 7,
  depth: 8,
  nodes: 9,
  ttEntries: 10,
  ttCapacity: 11,
  ms: 12,
  pvLength: 13,
  answeredBy: 14,
  symmetries: 15,
};
/** The searches pp_gdl_search_options.algo names (PP_GDL_SEARCH_*), as the command line's --algo. */
export const GDL_SEARCH_ALGO = { alphabeta: 0, dfpn: 1, auto: 2 };
const INFO = { kind: 0, roles: 1, states: 2, terminalStates: 3, edges: 4, moves: 5, words: 6, relaxations: 7, solves: 8, enumerateMs: 9, solveMs: 10 };
const ARRAY = { depth: 0, offsets: 1, targets: 2, moveOf: 3, mover: 4, terminal: 5, outcome: 6, value: 7, remoteness: 8, goals: 9, bits: 10 };

/** The true facts of a state of a solveGdl result, as strings. */
export function gdlFacts(result, state) {
  const out = [];
  const base = state * result.words * 2;
  for (let i = 0; i < result.factNames.length; i++) {
    if ((result.bits[base + (i >>> 5)] >>> (i & 31)) & 1) out.push(result.factNames[i]);
  }
  return out;
}

/** An exact fraction as pp_frac_print writes it: "50", "100/3", "-7/2" (numerator and denominator as BigInt or Number). */
export function fracText(num, den) {
  return BigInt(den) === 1n ? `${num}` : `${num}/${den}`;
}

export function bindGdl(kit) {
  const { M, addr, EngineError, lastError, owned, checkExports, withCString, copyI32, copyU8, cString } = kit;
  const c = {
    malloc: kit.malloc,
    free: M._free,
    parse: M._ppw_gdl_parse,
    gdlFree: M._ppw_gdl_free,
    check: M._ppw_gdl_check,
    diagBytes: M._ppw_gdl_diag_bytes,
    roleCount: M._ppw_gdl_role_count,
    roleName: M._ppw_gdl_role_name,
    baseCount: M._ppw_gdl_base_count,
    baseName: M._ppw_gdl_base_name,
    solve: M._ppw_gdl_solve,
    graphFree: M._ppw_gdl_graph_free,
    info: M._ppw_gdl_info,
    array: M._ppw_gdl_array,
    moveName: M._ppw_gdl_move_name,
    trace: M._ppw_gdl_trace,
    traceCount: M._ppw_gdl_trace_count,
    traceTruncated: M._ppw_gdl_trace_truncated,
    jobNew: M._ppw_gdl_job_new,
    jobStep: M._ppw_gdl_job_step,
    jobProgress: M._ppw_gdl_job_progress,
    jobTake: M._ppw_gdl_job_take,
    jobFree: M._ppw_gdl_job_free,
    searchNew: M._ppw_gdl_search_new,
    searchRun: M._ppw_gdl_search_run,
    searchGet: M._ppw_gdl_search_get,
    searchMove: M._ppw_gdl_search_move,
    searchMoveRole: M._ppw_gdl_search_move_role,
    searchFree: M._ppw_gdl_search_free,
    searchReroot: M._ppw_gdl_search_reroot,
    stateWords: M._ppw_gdl_state_words,
    initState: M._ppw_gdl_init_state,
    turn: M._ppw_gdl_turn,
    turnMove: M._ppw_gdl_turn_move,
    turnPlay: M._ppw_gdl_turn_play,
    valuesFree: M._ppw_gdl_values_free,
    valuesNew: M._ppw_gdl_values_new,
    valuesStep: M._ppw_gdl_values_step,
    valuesProgress: M._ppw_gdl_values_progress,
    valuesOrder: M._ppw_gdl_values_order,
    valuesInfo: M._ppw_gdl_values_info,
    valuesFill: M._ppw_gdl_values_fill,
    valuesMove: M._ppw_gdl_values_move,
    valuesSuccessor: M._ppw_gdl_values_successor,
    valuesMatrix: M._ppw_gdl_values_matrix,
    valuesEdges: M._ppw_gdl_values_edges,
  };
  checkExports(c, 'gdl');

  function checkCount(name, value, max) {
    if (!Number.isSafeInteger(value) || value < 0 || value > max) {
      throw new EngineError(`${name} must be an integer from 0 to ${max}`, 'arg');
    }
  }

  /** The result (see the top) of a solved graph handle s; t0: when the solve began. */
  function readGraph(s, roles, factNames, cap, t0, extra) {
    const info = {};
    for (const [name, i] of Object.entries(INFO)) info[name] = c.info(s, i);
    const N = info.states;
    const E = info.edges;
    const i8 = (ptr, n) => new Int8Array(copyU8(ptr, n).buffer);
    const moves = [];
    for (let i = 0; i < info.moves; i++) moves.push(cString(c.moveName(s, i)));
    const bitsWords = N * info.words * 2;
    const bits = new Uint32Array(copyI32(c.array(s, ARRAY.bits), bitsWords).buffer);
    const count = c.traceCount(s) >>> 0;
    const hasTrace = cap > 0 && c.trace(s) !== 0;
    const ms = performance.now() - t0;
    return {
      roles,
      kind: info.kind === 1 ? 'puzzle' : 'turns',
      states: N,
      terminalStates: info.terminalStates,
      edges: E,
      depth: copyI32(c.array(s, ARRAY.depth), N),
      offsets: copyI32(c.array(s, ARRAY.offsets), N + 1),
      targets: copyI32(c.array(s, ARRAY.targets), E),
      moveOf: copyI32(c.array(s, ARRAY.moveOf), E),
      moves,
      mover: i8(c.array(s, ARRAY.mover), N),
      terminal: copyU8(c.array(s, ARRAY.terminal), N),
      outcome: copyU8(c.array(s, ARRAY.outcome), N),
      value: copyI32(c.array(s, ARRAY.value), N),
      remoteness: copyI32(c.array(s, ARRAY.remoteness), N),
      goals: copyI32(c.array(s, ARRAY.goals), N * roles.length),
      factNames,
      words: info.words,
      bits,
      trace: hasTrace ? copyI32(c.trace(s), count * 4) : null,
      truncated: c.traceTruncated(s) !== 0,
      ...extra,
      stats: {
        relaxations: info.relaxations,
        solves: info.solves,
        enumerateMs: info.enumerateMs,
        solveMs: info.solveMs,
        ms,
        statesPerSecond: info.enumerateMs + info.solveMs > 0 ? (N * 1000) / (info.enumerateMs + info.solveMs) : 0,
      },
    };
  }

  function rolesAndFacts(g) {
    const roles = [];
    for (let r = 0; r < c.roleCount(g); r++) roles.push(cString(c.roleName(g, r)));
    const factNames = [];
    for (let i = 0; i < c.baseCount(g); i++) factNames.push(cString(c.baseName(g, i)));
    return { roles, factNames };
  }

  function solveGdl(text, { maxStates = GDL_MAX_STATES, traceCap = 0, traceMask = 0 } = {}) {
    checkCount('maxStates', maxStates, 0x7fffffff);
    if (traceCap !== 'auto') checkCount('traceCap', traceCap, 0xffffffff);
    checkCount('traceMask', traceMask, 0xffffffff);
    const t0 = performance.now();
    return withCString(text, (ptr) =>
      owned(
        c.parse(ptr),
        c.gdlFree,
        (g) => {
          const { roles, factNames } = rolesAndFacts(g);
          // 'auto': the whole trace (C sizes it once the graph is known)
          const cap = traceCap === 'auto' ? GDL_TRACE_WHOLE : traceCap;
          return owned(c.solve(g, maxStates, cap, traceMask), c.graphFree, (s) => readGraph(s, roles, factNames, cap, t0, {}), 'the rules could not be solved');
        },
        'the rules could not be read',
      ),
    );
  }

  /**
   * The same solve in steps, for the page (progress and Cancel between
   * steps; V8 optimizes the loops after the first steps, where one long call
   * would stay on baseline code). Options as solveGdl's, and
   *   budgetMiB   the memory the solve may hold (graph, engine, trace), checked
   *               before each allocation: past it the step throws status 'limit'
   *               with a message naming the budget (GDL_BUDGET_MIB)
   *   traceWholeMax  with traceCap 'auto': past this many events the trace keeps
   *               the decisions only (the coarse trace: SEED and COLOR), and
   *               without room for that, none
   * Returns { step(budget) -> done, progress(), finish() -> result, dispose() }.
   * progress(): { phase ('enumerate' | 'link' | 'solve' | 'done'), states,
   * expanded, edges, stage, stages, relaxations, decided, ply, bytes } (bytes:
   * what the solve holds; at 'link', before that step runs, what the graph and
   * the solve will hold). The result adds traceMode: 'fine' | 'coarse' | 'none'.
   */
  function beginGdl(
    text,
    { maxStates = PP_GDL_MAX_STATES, traceCap = 0, traceMask = 0, budgetMiB = GDL_BUDGET_MIB, traceWholeMax = GDL_TRACE_WHOLE_MAX } = {},
  ) {
    checkCount('maxStates', maxStates, 0x7fffffff);
    if (traceCap !== 'auto') checkCount('traceCap', traceCap, 0xffffffff);
    checkCount('traceMask', traceMask, 0xffffffff);
    checkCount('budgetMiB', budgetMiB, 0xffffffff);
    checkCount('traceWholeMax', traceWholeMax, 0xffffffff);
    const t0 = performance.now();
    const g = withCString(text, (ptr) => c.parse(ptr));
    if (!g) throw lastError('the rules could not be read');
    let j = 0;
    let names;
    try {
      names = rolesAndFacts(g);
      const cap = traceCap === 'auto' ? GDL_TRACE_WHOLE : traceCap;
      j = c.jobNew(g, maxStates, cap, traceMask, budgetMiB, traceWholeMax);
      if (!j) throw lastError('the rules could not be solved');
    } catch (err) {
      c.gdlFree(g);
      throw err;
    }
    const cap = traceCap === 'auto' ? GDL_TRACE_WHOLE : traceCap;
    let done = false;
    const progress = () => {
      const p = {};
      for (const [name, i] of Object.entries(PROGRESS)) p[name] = c.jobProgress(j, i);
      p.phase = PHASES[p.phase] ?? 'done';
      return p;
    };
    return {
      step(budget) {
        if (done) return true;
        if (!j) throw new EngineError('the solve was disposed', 'arg');
        const r = c.jobStep(j, budget);
        if (r < 0) throw lastError('the rules could not be solved');
        done = r === 1;
        return done;
      },
      progress,
      finish() {
        if (!done) throw new EngineError('the solve is not finished', 'arg');
        const p = progress();
        const traceMode = !p.traced ? 'none' : p.traceMask === 0 ? 'fine' : p.traceMask === TRACE_COARSE_MASK ? 'coarse' : 'fine';
        return owned(
          c.jobTake(j),
          c.graphFree,
          (s) => readGraph(s, names.roles, names.factNames, cap, t0, { traceMode, traceMask: p.traceMask, bytes: p.bytes }),
          'the solve is not finished',
        );
      },
      dispose() {
        if (j) c.jobFree(j);
        j = 0;
        c.gdlFree(g);
      },
    };
  }
  /** Every diagnostic of the rules: [{ line, col, message }] ([] when clean). */
  function checkGdl(text, { maxStates = GDL_MAX_STATES, max = 100 } = {}) {
    checkCount('maxStates', maxStates, 0x7fffffff);
    const size = c.diagBytes();
    return withCString(text, (ptr) => {
      const buf = c.malloc(size * max);
      if (!buf) throw new EngineError('out of memory for the diagnostics', 'nomem');
      try {
        const n = c.check(ptr, maxStates, buf, max);
        if (n < 0) throw lastError('the rules could not be checked');
        const out = [];
        for (let i = 0; i < Math.min(n, max); i++) {
          const at = buf + i * size;
          const words = copyI32(at, 2);
          out.push({ line: words[0], col: words[1], message: cString(at + 8).slice(0, DIAG_TEXT) });
        }
        return out;
      } finally {
        c.free(buf);
      }
    });
  }

  /**
   * Rules read once for a search and a game played by hand (no state
   * graph). States are Uint32Array(words * 2) copies (fact i: bit i % 32 of
   * word i >> 5, as a solveGdl result's bits). Returns
   *   { roles, factNames, words, initial() -> state, turn(state) -> { terminal,
   *     mover, moves: [text], goals: [first, second] (-1: none) }, play(state, i)
   *     -> state, search(root | null, { budgetMiB, algo: 'alphabeta' | 'dfpn' | 'auto', dfpnNodes })
   *     -> search, dispose() }
   * A search: { step(nodes) -> done, progress() -> see searchProgress,
   *   reroot(state) (the same search from another state, its table, killer
   *   moves and history kept), dispose() }.
   * One search or turn call at a time (the rules' evaluator is shared);
   * dispose() frees the rules and any search still open.
   */
  function openGdl(text) {
    const g = withCString(text, (ptr) => c.parse(ptr));
    if (!g) throw lastError('the rules could not be read');
    const open = new Set();
    let names;
    let words;
    try {
      names = rolesAndFacts(g);
      words = c.stateWords(g);
    } catch (err) {
      c.gdlFree(g);
      throw err;
    }
    let live = true;
    const alive = () => {
      if (!live) throw new EngineError('the rules were disposed', 'arg');
    };
    /** Runs fn(a, b) on two state buffers in the heap, a holding `state` (if given). */
    function withStates(state, fn) {
      const bytes = Math.max(1, words) * 8;
      const a = c.malloc(bytes * 2);
      if (!a) throw new EngineError('out of memory for a state', 'nomem');
      try {
        const heap = M.HEAPU32;
        heap.fill(0, a / 4, (a + bytes * 2) / 4);
        if (state) heap.set(state.subarray(0, words * 2), a >>> 2);
        return fn(a, a + bytes);
      } finally {
        c.free(a);
      }
    }
    const read = (ptr) => M.HEAPU32.slice(ptr >>> 2, (ptr >>> 2) + words * 2);
    return {
      roles: names.roles,
      factNames: names.factNames,
      words,
      initial() {
        alive();
        return withStates(null, (a) => {
          c.initState(g, a);
          return read(a);
        });
      },
      turn(state) {
        alive();
        return withStates(state, (a) => {
          const field = (i) => {
            const v = c.turn(g, a, i);
            if (v === -2) throw lastError('the state could not be evaluated');
            return v;
          };
          const terminal = field(0) === 1;
          const mover = field(1);
          const n = field(2);
          const moves = [];
          for (let i = 0; i < n; i++) moves.push(cString(c.turnMove(g, a, i)));
          return { terminal, mover, moves, goals: [field(3), field(4)] };
        });
      },
      play(state, i) {
        alive();
        return withStates(state, (a, b) => {
          if (c.turnPlay(g, a, i, b) !== 0) throw lastError('the move could not be played');
          return read(b);
        });
      },
      search(root = null, { budgetMiB = 0, algo = 'alphabeta', dfpnNodes = 0 } = {}) {
        alive();
        checkCount('budgetMiB', budgetMiB, 0xffffffff);
        checkCount('dfpnNodes', dfpnNodes, 0xffffffff);
        const code = GDL_SEARCH_ALGO[algo];
        if (code === undefined) throw new EngineError(`unknown search: ${String(algo)}`, 'arg');
        const s = root ? withStates(root, (a) => c.searchNew(g, a, budgetMiB, code, dfpnNodes)) : c.searchNew(g, 0, budgetMiB, code, dfpnNodes);
        if (!s) throw lastError('the search could not start');
        let handle = s;
        const entry = { free: () => (handle && c.searchFree(handle), (handle = 0)) };
        open.add(entry);
        return {
          step(nodes) {
            if (!handle) throw new EngineError('the search was disposed', 'arg');
            const r = c.searchRun(handle, nodes);
            if (r < 0) throw lastError('the search failed');
            return r === 1;
          },
          reroot(state) {
            if (!handle) throw new EngineError('the search was disposed', 'arg');
            alive();
            if (withStates(state, (a) => c.searchReroot(handle, a)) !== 0) throw lastError('the search could not move to that state');
          },
          progress() {
            if (!handle) throw new EngineError('the search was disposed', 'arg');
            const p = {};
            for (const [name, i] of Object.entries(SEARCH)) p[name] = c.searchGet(handle, i);
            p.kind = p.kind === 1 ? 'puzzle' : 'turns';
            p.solved = p.solved === 1;
            p.answeredBy = p.answeredBy === GDL_SEARCH_ALGO.dfpn ? 'dfpn' : 'alphabeta';
            p.pv = [];
            for (let i = 0; i < p.pvLength; i++) p.pv.push({ move: cString(c.searchMove(handle, i)), role: c.searchMoveRole(handle, i) });
            delete p.pvLength;
            return p;
          },
          dispose() {
            entry.free();
            open.delete(entry);
          },
        };
      },
      dispose() {
        if (!live) return;
        for (const e of open) e.free();
        open.clear();
        live = false;
        c.gdlFree(g);
      },
    };
  }

  /** count pp_frac (int64 numerator, denominator) at ptr as exact texts ("50", "100/3"). */
  function readFracs(ptr, count) {
    const at = addr(ptr) / 8;
    const words = new BigInt64Array(M.HEAPU8.buffer, 0, at + count * 2).slice(at, at + count * 2);
    const out = [];
    for (let i = 0; i < count; i++) out.push(fracText(words[2 * i], words[2 * i + 1]));
    return out;
  }

  /**
   * Every role's security value at every state of a game of any kind (in
   * one go: beginGdlValues's steps without a limit, the graph of joint moves within maxStates and
   * budgetMiB). Returns, states numbered in BFS order from the start (0):
   *   algo 'values', kind ('simultaneous' | 'turns' | 'puzzle'), roles,
   *   states, terminalStates, edges (joint moves),
   *   security   BigInt64Array(states * roles * 2): numerator, denominator
   *   maxn       Int32Array(states * roles) (turn-taking, three roles or more) | null
   *   legal      Int32Array(states * roles): each role's legal moves (0 at a terminal)
   *   offsets    Int32Array(states + 1), targets Int32Array(edges): state s's joint
   *              moves lead to targets[offsets[s] .. offsets[s+1]-1], in joint-move order
   *   start      { security: [text by role], maxn: [goal by role] | null }
   *   matrices   [{ state, role, rows: [move], cols: [[move of each other role]],
   *               others: [role index], cells: [[text]] (rows x cols), next:
   *               [[state]] (the successor behind each cell), row: [probability
   *               text], col: [probability text], value: text }] for each
   *               role at each state of matrixStates that is not terminal
   *               ('all': every state's, where they fit MATRIX_STATES_MAX states
   *               and MATRIX_CELLS_MAX cells, else the start's)
   *   allMatrices  true when matrices holds every state's
   *   order      Int32Array(states): the backward induction's order, the k-th
   *              state valued (each after all its successors; the start last)
   *   stats      { matrixGames, saddles, linearPrograms, pivots, enumerateMs, solveMs, ms }
   */
  function solveGdlValues(text, { maxStates = GDL_MAX_STATES, budgetMiB = GDL_BUDGET_MIB, matrixStates = [0] } = {}) {
    const job = beginGdlValues(text, { maxStates, budgetMiB, matrixStates });
    try {
      while (!job.step(0x7fffffff));
      return job.finish();
    } finally {
      job.dispose();
    }
  }

  /**
   * solveGdlValues in steps (pp_gdl_values_new, pp_gdl_values_step): returns
   * { step(budget) -> done, progress(), finish() -> solveGdlValues's result,
   * dispose() } (dispose always). step(budget): states expanded until
   * `budget` network evaluations, or the graph ordered, or states valued
   * until their joint moves reach `budget`. progress(): { phase
   * ('values-enumerate' | 'values-order' | 'values-solve' | 'done'),
   * states, expanded, jointMoves, valued, linearPrograms }.
   */
  function beginGdlValues(text, { maxStates = GDL_MAX_STATES, budgetMiB = GDL_BUDGET_MIB, matrixStates = [0] } = {}) {
    if (matrixStates !== 'all' && !Array.isArray(matrixStates)) throw new EngineError("matrixStates must be a list of states or 'all'", 'arg');
    checkCount('maxStates', maxStates, 0x7fffffff);
    checkCount('budgetMiB', budgetMiB, 0xffffffff);
    const t0 = performance.now();
    const g = withCString(text, (ptr) => c.parse(ptr));
    if (!g) throw lastError('the rules could not be read');
    let v = 0;
    const roles = [];
    try {
      for (let r = 0; r < c.roleCount(g); r++) roles.push(cString(c.roleName(g, r)));
      v = c.valuesNew(g, maxStates, budgetMiB);
      if (!v) throw lastError('the rules could not be solved');
    } catch (err) {
      c.gdlFree(g);
      throw err;
    }
    let done = false;
    return {
      step(budget) {
        if (done) return true;
        if (!v) throw new EngineError('the solve was disposed', 'arg');
        const r = c.valuesStep(v, budget);
        if (r < 0) throw lastError('the rules could not be solved');
        done = r === 1;
        return done;
      },
      progress() {
        const p = {};
        for (const [name, i] of Object.entries(VALUES_PROGRESS)) p[name] = c.valuesProgress(v, i);
        p.phase = VALUES_PHASES[p.phase] ?? 'done';
        return p;
      },
      finish() {
        if (!done) throw new EngineError('the solve is not finished', 'arg');
        return readValues(v, roles, matrixStates, t0);
      },
      dispose() {
        if (v) c.valuesFree(v);
        v = 0;
        c.gdlFree(g);
      },
    };
  }

  function readValues(v, roles, matrixStates, t0) {
    const info = (i) => c.valuesInfo(v, i);
    const N = info(2);
    const R = roles.length;
    // numerator and denominator pairs, then the max^n goals, then the legal moves' counts
    const buf = c.malloc(N * R * 24 + 8);
    if (!buf) throw new EngineError('out of memory for the values', 'nomem');
    let security;
    let maxn;
    let legal;
    try {
      const ints = buf + N * R * 16;
      c.valuesFill(v, buf, ints, ints + N * R * 4);
      const at = addr(buf) / 8;
      security = new BigInt64Array(M.HEAPU8.buffer, 0, at + N * R * 2).slice(at, at + N * R * 2);
      maxn = copyI32(ints, N * R);
      legal = copyI32(ints + N * R * 4, N * R);
    } finally {
      c.free(buf);
    }
    const E = info(4);
    const edges = c.malloc((N + 1 + E) * 4);
    if (!edges) throw new EngineError('out of memory for the graph', 'nomem');
    let offsets;
    let targets;
    try {
      c.valuesEdges(v, edges, edges + (N + 1) * 4);
      offsets = copyI32(edges, N + 1);
      targets = copyI32(edges + (N + 1) * 4, E);
    } finally {
      c.free(edges);
    }
    const ob = c.malloc(N * 4 + 4);
    if (!ob) throw new EngineError('out of memory for the order', 'nomem');
    let order;
    try {
      c.valuesOrder(v, ob);
      order = copyI32(ob, N);
    } finally {
      c.free(ob);
    }
    const hasMaxn = info(8) === 1;
    const matrices = [];
    const all = matrixStates === 'all' && allFit(N, R, legal);
    const asked = matrixStates === 'all' ? (all ? Array.from({ length: N }, (_, x) => x) : [0]) : matrixStates;
    for (const x of asked) {
      if (!(Number.isInteger(x) && x >= 0 && x < N) || legal[x * R] === 0) continue;
      for (let r = 0; r < R; r++) matrices.push(readMatrix(v, x, r, R, legal));
    }
    const kinds = ['turns', 'puzzle', 'simultaneous'];
    return {
      algo: 'values',
      kind: kinds[info(0)] ?? 'turns',
      roles,
      states: N,
      terminalStates: info(3),
      edges: info(4),
      security,
      maxn: hasMaxn ? maxn : null,
      legal,
      offsets,
      targets,
      order,
      start: {
        security: roles.map((_, r) => fracText(security[2 * r], security[2 * r + 1])),
        maxn: hasMaxn ? roles.map((_, r) => maxn[r]) : null,
      },
      matrices,
      allMatrices: all,
      stats: {
        matrixGames: info(5),
        saddles: info(6),
        linearPrograms: info(11),
        pivots: info(7),
        enumerateMs: info(9),
        solveMs: info(10),
        ms: performance.now() - t0,
      },
    };
  }

  /** Whether every state's matrix games fit what a page reads at once (MATRIX_STATES_MAX states, MATRIX_CELLS_MAX cells). */
  function allFit(N, R, legal) {
    let states = 0;
    let cells = 0;
    for (let x = 0; x < N; x++) {
      if (legal[x * R] === 0) continue;
      let joint = 1;
      for (let r = 0; r < R; r++) joint *= legal[x * R + r];
      states++;
      cells += joint * R;
      if (states > MATRIX_STATES_MAX || cells > MATRIX_CELLS_MAX) return false;
    }
    return true;
  }

  /** Role r's matrix game at state x (see solveGdlValues). */
  function readMatrix(v, x, r, R, legal) {
    const count = (q) => legal[x * R + q];
    const others = [];
    for (let q = 0; q < R; q++) if (q !== r) others.push(q);
    const names = (q) => Array.from({ length: count(q) }, (_, i) => cString(c.valuesMove(v, x, q, i)));
    const rows = names(r);
    const otherNames = others.map(names);
    // columns: the others' joint moves, in role order, the last role's move the fastest
    let nc = 1;
    for (const q of others) nc *= count(q);
    const cols = [];
    for (let j = 0; j < nc; j++) {
      const digits = [];
      let rest = j;
      for (let k = others.length - 1; k >= 0; k--) {
        digits.unshift(rest % count(others[k]));
        rest = Math.floor(rest / count(others[k]));
      }
      cols.push(digits);
    }
    const nr = rows.length;
    const bytes = (nr * nc + nr + nc + 1) * 16;
    const a = c.malloc(bytes);
    if (!a) throw new EngineError('out of memory for a matrix game', 'nomem');
    try {
      const row = a + nr * nc * 16;
      const col = row + nr * 16;
      const value = col + nc * 16;
      if (c.valuesMatrix(v, x, r, a, row, col, value) !== 0) throw lastError('the matrix game could not be solved');
      const flat = readFracs(a, nr * nc);
      // the successor behind cell (i, j): the joint move with r's digit i and the others' digits of column j
      const next = rows.map((_, i) =>
        cols.map((digits) => {
          let e = 0;
          for (let q = 0, k = 0; q < R; q++) e = e * count(q) + (q === r ? i : digits[k++]);
          return c.valuesSuccessor(v, x, e);
        }),
      );
      return {
        state: x,
        role: r,
        others,
        rows,
        cols: cols.map((digits) => digits.map((d, k) => otherNames[k][d])),
        cells: rows.map((_, i) => flat.slice(i * nc, (i + 1) * nc)),
        next,
        row: readFracs(row, nr),
        col: readFracs(col, nc),
        value: readFracs(value, 1)[0],
      };
    } finally {
      c.free(a);
    }
  }

  return { solveGdl, beginGdl, checkGdl, openGdl, solveGdlValues, beginGdlValues };
}
