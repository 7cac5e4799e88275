// binding-connect4.js: Connect Four's WASM exports (c/wasm/wasm_connect4.c),
// bound once. A position is parsed from its move sequence for every call and
// freed in a `finally`; one solver (its transposition table kept between
// calls, as the community's solvers do) lives as long as the binding. Every
// C failure becomes a thrown EngineError with the C message.
import { C4_MCTS_MAX_ITERATIONS, C4_STAGES } from '../lib/connect4.js';
import { checkpointsFor } from '../lib/mcts.js';

/** 2^22 table entries of 9 bytes (36 MiB): the page's default. */
export const C4_TT_BITS = 22;
const INFO = { width: 0, height: 1, stones: 2, won: 3 };
const ITERATIVE = C4_STAGES.indexOf('iterative');
const BITBOARD = C4_STAGES.indexOf('bitboard');
const STRONGEST = C4_STAGES.indexOf('strongest');
/** The dedicated stages report progress every 2^16 positions (about 10 to 50 ms). */
export const C4_PROGRESS_LOG2 = 16;
const MAX_PROBES = 32;
/** ppw_c4_mcts_get's figures by index. */
const MC = {
  iterations: 0,
  nodes: 1,
  bytes: 2,
  playoutPlies: 3,
  maxDepth: 4,
  count: 5,
  column: 6,
  proven: 7,
  score: 8,
  best: 9,
  changes: 10,
  truncated: 11,
  stopped: 12,
};

/** An analysis's score (the best column's, null with none open) and best columns (1-based). */
export function summary(columns) {
  const open = columns.filter((v) => v !== null);
  const score = open.length ? Math.max(...open) : null;
  const best = [];
  columns.forEach((v, col) => v !== null && v === score && best.push(col + 1));
  return { score, columns, best };
}

export function bindConnect4(kit, { ttBits = C4_TT_BITS } = {}) {
  const { M, EngineError, lastError, checkExports, withCString, owned } = kit;
  const c = {
    parse: M._ppw_c4_parse,
    free: M._ppw_c4_free,
    info: M._ppw_c4_info,
    canPlay: M._ppw_c4_can_play,
    solverNew: M._ppw_c4_solver_new,
    solverFree: M._ppw_c4_solver_free,
    solve: M._ppw_c4_solve,
    solveRange: M._ppw_c4_solve_range,
    result: M._ppw_c4_result,
    probes: M._ppw_c4_probes,
    progress: M._ppw_c4_solver_progress,
    traced: M._ppw_c4_solve_traced,
    traceRecords: M._ppw_c4_trace_records,
    traceCount: M._ppw_c4_trace_count,
    traceTruncated: M._ppw_c4_trace_truncated,
    traceStat: M._ppw_c4_trace_stat,
    traceFree: M._ppw_c4_trace_free,
    bookLoad: M._ppw_c4_book_load,
    bookFree: M._ppw_c4_book_free,
    bookInfo: M._ppw_c4_book_info,
    bookGet: M._ppw_c4_book_get,
    mctsNew: M._ppw_c4_mcts_new,
    mctsRun: M._ppw_c4_mcts_run,
    mctsGet: M._ppw_c4_mcts_get,
    mctsRead: M._ppw_c4_mcts_read,
    mctsColumn: M._ppw_c4_mcts_column,
    mctsChanges: M._ppw_c4_mcts_changes,
    mctsFree: M._ppw_c4_mcts_free,
  };
  checkExports(c, 'connect4');
  let solver = 0;
  let book = 0; // the opening book (loadBook), or 0
  let bookFacts = null;

  /**
   * Loads an opening book (the bytes of a file that `perfect-play book
   * connect-four` wrote; c/connect4/connect4_book.c draws its format) in
   * place of any before: { w, h, depth, entries }. analyse and solve then
   * take the strongest stage's exact scores of the positions it holds from
   * it, at once.
   */
  function loadBook(bytes) {
    const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    const ptr = M._malloc(Math.max(1, data.length)) >>> 0;
    if (!ptr) throw new EngineError('out of memory for the opening book', 'nomem');
    let b = 0;
    try {
      kit.heapU8().set(data, ptr);
      b = c.bookLoad(ptr, data.length);
    } finally {
      M._free(ptr);
    }
    if (!b) throw lastError('the opening book could not be read');
    if (book) c.bookFree(book);
    book = b;
    bookFacts = { w: c.bookInfo(b, 0), h: c.bookInfo(b, 1), depth: c.bookInfo(b, 2), entries: c.bookInfo(b, 3) };
    return bookFacts;
  }

  /** The loaded book's { w, h, depth, entries }, or null. */
  const bookInfo = () => bookFacts;

  /** The book's score of the open position at handle p by the strongest stage, or null. */
  function fromBook(p, stage, weak) {
    if (!book || weak || stage !== STRONGEST) return null;
    return c.bookGet(book, p) ? c.result(0) : null;
  }

  function stageOf(name) {
    const i = C4_STAGES.indexOf(name);
    if (i < 0) throw new EngineError(`unknown stage: ${String(name).slice(0, 40)}`, 'arg');
    return i;
  }

  function checkBudget(budget) {
    if (!Number.isSafeInteger(budget) || budget < 0) throw new EngineError('the budget must be a whole number of positions, 0 for none', 'arg');
  }

  /** Runs fn(handle) on the position `moves` of a w x h board. */
  function withPosition(w, h, moves, fn) {
    kit.checkInt('w', w);
    kit.checkInt('h', h);
    return withCString(moves, (ptr) => owned(c.parse(w, h, ptr), c.free, fn, 'the moves could not be read'));
  }

  function theSolver() {
    if (!solver) {
      solver = c.solverNew(ttBits);
      if (!solver) throw lastError('the solver could not start');
    }
    return solver;
  }

  /**
   * Solves an open position (handle p): { score, nodes, ms, probes (stages
   * from iterative on) }; a budget that runs out throws (status 'budget').
   * onProgress({ nodes, lo, hi, window, ms }), from the dedicated stages,
   * every 2^C4_PROGRESS_LOG2 positions during the call: the positions
   * explored so far, the bounds known on the score (narrowing with each null
   * window [window, window + 1] from iterative on); a true return cancels
   * the solve (it throws, status 'cancelled'). range [lo, hi] (not with
   * weak): the score clamped to it (pp_c4_solve_range), a shorter search.
   */
  function solveHandle(p, stage, weak, budget, by = theSolver(), onProgress = null, range = null) {
    const t0 = performance.now();
    const hooked = onProgress && stage >= BITBOARD;
    if (hooked) {
      if (!c.progress(by, C4_PROGRESS_LOG2)) throw lastError('the progress hook could not be set');
      M.onC4Progress = (nodes, lo, hi, window) => Boolean(onProgress({ nodes, lo, hi, window, ms: performance.now() - t0 }));
    }
    let err = null; // read before the hook is turned off (which clears the C error)
    try {
      const ok = range ? c.solveRange(by, p, stage, range[0], range[1], budget) : c.solve(by, p, stage, weak ? 1 : 0, budget);
      if (!ok) err = lastError('the solve failed');
    } finally {
      if (hooked) {
        M.onC4Progress = null;
        c.progress(by, 0);
      }
    }
    const ms = performance.now() - t0;
    if (err) {
      err.nodes = c.result(1);
      err.ms = ms;
      throw err;
    }
    return { score: c.result(0), nodes: c.result(1), ms, probes: stage >= ITERATIVE ? readProbes(by) : null };
  }

  /** The null-window probes of the last solve: [{ window: [med, med + 1], answer, lo, hi, nodes }]. */
  function readProbes(by) {
    const bytes = MAX_PROBES * 5 * 8;
    const ptr = M._malloc(bytes) >>> 0;
    if (!ptr) throw new EngineError('out of memory for the probes', 'nomem');
    try {
      const n = c.probes(by, ptr, MAX_PROBES);
      const v = new Float64Array(kit.heapU8().buffer, ptr, n * 5).slice(); // ptr: unsigned, as malloc'd above
      return Array.from({ length: n }, (_, i) => ({
        window: [v[5 * i], v[5 * i] + 1],
        answer: v[5 * i + 1],
        lo: v[5 * i + 2],
        hi: v[5 * i + 3],
        nodes: v[5 * i + 4],
      }));
    } finally {
      M._free(ptr);
    }
  }

  /**
   * The score of `moves` for the side to move by one stage: { score, nodes,
   * ms }. fresh: with an empty table of its own (freed after), so that
   * stages compared one after the other do not feed on each other's table.
   */
  function solve(w, h, moves, { stage = 'strongest', weak = false, budget = 0, fresh = false, onProgress = null } = {}) {
    const s = stageOf(stage);
    checkBudget(budget);
    return withPosition(w, h, moves, (p) => {
      if (c.info(p, INFO.won)) throw new EngineError('the game is already won: a won position has no score', 'input');
      if (c.info(p, INFO.stones) === w * h) return { score: 0, nodes: 0, ms: 0 };
      const known = fresh ? null : fromBook(p, s, weak);
      if (known !== null) return { score: known, nodes: 0, ms: 0, probes: null, book: true };
      if (!fresh) return solveHandle(p, s, weak, budget, theSolver(), onProgress);
      return owned(c.solverNew(ttBits), c.solverFree, (by) => solveHandle(p, s, weak, budget, by, onProgress), 'the solver could not start');
    });
  }

  /**
   * The position and the score of every column, as the CLI's --json:
   * { stones, won, full, score, columns (null: cannot be played, or not
   * scored when `stopAt` ended the analysis), best (1-based), nodes, ms,
   * fromBook (columns the opening book gave), stopped, left }. score is null
   * once the game is over. The book's columns come first (at once), then the
   * others are searched, the most central first (searchLeft false: they are
   * listed in left instead, 0-based, for a caller that shares them out:
   * scoreColumn, connect4-share.js). onColumn(done, total,
   * columns) after each column (columns: the scores so far, a copy), and
   * onProgress({ nodes, lo, hi, window, ms, column, done, total }) during a
   * column's search: the positions explored by the whole analysis so far,
   * the bounds known on that column's score (column 1-based, done of total
   * columns finished). stopAt: the position's score when it is known (the
   * solver's reply): the analysis stops at the first column, the most
   * central, that reaches it, which is the solver's move (stopped: true;
   * score and best are that column's). Whether a column reaches it is one
   * null-window search (pp_c4_solve_range [stopAt - 1, stopAt] from the
   * column's side), much shorter than its score; the columns that fall
   * short stay null. reply: the solver's reply, stopped at its move even
   * when stopAt is not known: the position's own score is searched first
   * (onProgress then has position: true and no column). atMost: the
   * position's score when it is known (the reader's turn after the solver's
   * reply): no column scores more, so each search starts from that bound.
   * stopAt and atMost must be the position's exact score (the view has it
   * from its parent's columns); neither is used with weak.
   */
  function analyse(
    w,
    h,
    moves,
    { stage = 'strongest', weak = false, budget = 0, onColumn, onProgress = null, stopAt = null, atMost = null, reply = false, searchLeft = true } = {},
  ) {
    const s = stageOf(stage);
    checkBudget(budget);
    if (stopAt !== null && !Number.isInteger(stopAt)) throw new EngineError('stopAt must be a whole score', 'arg');
    if (atMost !== null && !Number.isInteger(atMost)) throw new EngineError('atMost must be a whole score', 'arg');
    const ranged = !weak && s >= BITBOARD; // the stages pp_c4_solve_range searches within a range
    return withPosition(w, h, moves, (p) => {
      const n = c.info(p, INFO.stones);
      const won = c.info(p, INFO.won) === 1;
      const full = n === w * h;
      const columns = new Array(w).fill(null);
      let nodes = 0;
      let fromBookCount = 0;
      let done = 0;
      let stopped = false;
      let left = [];
      const t0 = performance.now();
      if (!won && !full) {
        const playable = [];
        for (let col = 0; col < w; col++) if (c.canPlay(p, col)) playable.push(col);
        // the most central first: the solver's choice among equals (pickBest)
        playable.sort((a, b) => Math.abs(2 * a - (w - 1)) - Math.abs(2 * b - (w - 1)) || a - b);
        // The columns known at once: a win, a full board, the book.
        const known = new Set();
        for (const col of playable) {
          const v = withPosition(w, h, moves + String(col + 1), (q) => {
            if (c.info(q, INFO.won)) return weak ? 1 : Math.floor((w * h + 1 - n) / 2);
            if (n + 1 === w * h) return 0;
            const b = fromBook(q, s, weak);
            if (b === null) return null;
            fromBookCount++;
            return -b || 0; // never -0
          });
          if (v === null) continue;
          columns[col] = v;
          known.add(col);
          done++;
          onColumn?.(done, playable.length, columns.slice());
        }
        // A column's search, its positions counted in the analysis's.
        const searchColumn = (col, range) => {
          try {
            const report =
              onProgress && ((r) => onProgress({ ...r, nodes: nodes + r.nodes, ms: performance.now() - t0, column: col + 1, done, total: playable.length }));
            const r = columnSearch(w, h, moves, col, s, weak, budget, range, report);
            nodes += r.nodes;
            return r.score;
          } catch (err) {
            err.nodes = nodes + (err.nodes ?? 0);
            throw err;
          }
        };
        // The solver's reply without its score known: the position's own
        // score first (one search, from the best known column's up), which
        // costs about what its best column's does, not what all do.
        if (reply && stopAt === null && ranged && known.size < playable.length) {
          const floor = known.size ? Math.max(...[...known].map((col) => columns[col])) : -w * h;
          const report =
            onProgress &&
            ((r) => onProgress({ ...r, nodes: nodes + r.nodes, ms: performance.now() - t0, column: null, position: true, done, total: playable.length }));
          stopAt = fromBook(p, s, false);
          if (stopAt === null) {
            try {
              const r = solveHandle(p, s, false, budget, theSolver(), report, [floor, w * h]);
              nodes += r.nodes;
              stopAt = r.score;
            } catch (err) {
              err.nodes = nodes + (err.nodes ?? 0);
              throw err;
            }
          }
        }
        // With stopAt, the most central column (known or tested) that reaches it.
        if (stopAt !== null) {
          for (const col of playable) {
            if (!known.has(col)) {
              if (!ranged) columns[col] = searchColumn(col, null);
              else if (searchColumn(col, [stopAt - 1, stopAt]) >= stopAt)
                columns[col] = stopAt; // the best: exactly stopAt
              else continue;
              done++;
              onColumn?.(done, playable.length, columns.slice());
            }
            if (columns[col] !== null && columns[col] >= stopAt) {
              stopped = done < playable.length;
              break;
            }
          }
        }
        // Otherwise (or no column reached stopAt) every column left, the
        // most central first (searchLeft false: left to the caller).
        if (!stopped) {
          left = playable.filter((col) => columns[col] === null);
          if (searchLeft) {
            const range = columnRange(w, h, { weak, stage: s, atMost });
            for (const col of left) {
              columns[col] = searchColumn(col, range);
              done++;
              onColumn?.(done, playable.length, columns.slice());
            }
            left = [];
          }
        }
      }
      return { ...summary(columns), w, h, moves, stage, weak, stones: n, won, full, nodes, ms: performance.now() - t0, fromBook: fromBookCount, stopped, left };
    });
  }

  /** The range a column's search may take: [below any score, atMost] when the position's score is known. */
  function columnRange(w, h, { weak, stage, atMost }) {
    return !weak && stage >= BITBOARD && atMost !== null ? [-w * h, atMost] : null;
  }

  /**
   * A column's score for the side to move at `moves` (stage index s), from
   * its child's search (negamax: the child's score negated; a range on the
   * column's score is one on the child's, negated and swapped): { score,
   * nodes }. report gets the search's progress with the bounds on the
   * column's score.
   */
  function columnSearch(w, h, moves, col, s, weak, budget, range, report) {
    return withPosition(w, h, moves + String(col + 1), (q) => {
      if (c.info(q, INFO.won)) throw new EngineError(`column ${col + 1} wins at once: analyse scores it`, 'arg');
      const childReport = report && ((r) => report({ ...r, lo: -r.hi, hi: -r.lo, window: -r.window - 1 }));
      const r = solveHandle(q, s, weak, budget, theSolver(), childReport, range && [-range[1], -range[0]]);
      return { score: -r.score || 0, nodes: r.nodes }; // never -0
    });
  }

  /**
   * One column's score by a search (analyse's, for a caller that shares the
   * columns out): { score, nodes }. atMost as analyse's; onProgress as
   * solve's, with the bounds on the column's score.
   */
  function scoreColumn(w, h, moves, col, { stage = 'strongest', weak = false, budget = 0, atMost = null, onProgress = null } = {}) {
    const s = stageOf(stage);
    checkBudget(budget);
    kit.checkInt('col', col);
    if (atMost !== null && !Number.isInteger(atMost)) throw new EngineError('atMost must be a whole score', 'arg');
    return columnSearch(w, h, moves, col, s, weak, budget, columnRange(w, h, { weak, stage: s, atMost }), onProgress);
  }

  /**
   * A dedicated stage's search traced (pp_c4_solve_traced), with an empty
   * table of its own so that the trace is the stage's alone: { score (null
   * when the budget stopped it), stopped, nodes, stats: { ttHits, ttCuts,
   * ttStores, cutoffs, probes }, ids, trace (Int32Array, a copy), truncated,
   * probes (as solve's) }. traceCap bounds the events kept; the search goes
   * on past it for the score and the counts.
   */
  function solveTraced(w, h, moves, { stage = 'strongest', weak = false, budget = 0, traceCap = 1 << 20 } = {}) {
    const s = stageOf(stage);
    checkBudget(budget);
    if (!Number.isSafeInteger(traceCap) || traceCap < 1 || traceCap > 1 << 27) throw new EngineError('traceCap must be 1 to 2^27 events', 'arg');
    return withPosition(w, h, moves, (p) => {
      if (c.info(p, INFO.won)) throw new EngineError('the game is already won: a won position has no score', 'input');
      return owned(
        c.solverNew(ttBits),
        c.solverFree,
        (by) => {
          const t0 = performance.now();
          const r = c.traced(by, p, s, weak ? 1 : 0, budget, traceCap);
          const ms = performance.now() - t0;
          try {
            if (r === 0) throw lastError('the traced solve failed');
            const count = c.traceCount() >>> 0;
            const stat = (i) => c.traceStat(i);
            return {
              stage,
              weak,
              score: r === 1 ? c.result(0) : null,
              stopped: r === 2,
              nodes: stat(0),
              ms,
              stats: { nodes: stat(0), ttHits: stat(1), ttCuts: stat(2), ttStores: stat(3), cutoffs: stat(4), probes: stat(5) },
              ids: stat(6),
              trace: kit.copyI32(c.traceRecords(), count * kit.TRACE_WORDS),
              truncated: c.traceTruncated() !== 0,
              probes: r === 1 && s >= ITERATIVE ? readProbes(by) : null,
            };
          } finally {
            c.traceFree();
          }
        },
        'the solver could not start',
      );
    });
  }

  /** MCTS's options checked as data (a request from a link or a test): the C call's arguments after the position. */
  function mctsArgs({ iterations = 2000, seed = 1, uctC = Math.SQRT2, solver = false, playout = 'random', memoryMiB = 0 }) {
    if (!Number.isSafeInteger(iterations) || iterations < 1 || iterations > C4_MCTS_MAX_ITERATIONS) {
      throw new EngineError(`iterations must be a whole number from 1 to ${C4_MCTS_MAX_ITERATIONS}`, 'arg');
    }
    let s = -1n;
    try {
      if (typeof seed === 'bigint') s = seed;
      else if (typeof seed === 'string' && /^\d{1,20}$/.test(seed)) s = BigInt(seed);
      else if (Number.isSafeInteger(seed) && seed >= 0) s = BigInt(seed);
    } catch {
      s = -1n;
    }
    if (s < 0n || s > 0xffffffffffffffffn) throw new EngineError('the seed must be a whole number from 0 to 18446744073709551615', 'arg');
    if (typeof uctC !== 'number' || !(uctC >= 0 && uctC <= 100)) throw new EngineError('the exploration constant must be a number from 0 to 100', 'arg');
    if (typeof solver !== 'boolean') throw new EngineError('solver must be true or false', 'arg');
    if (playout !== 'random' && playout !== 'decisive') throw new EngineError('the playout is random or decisive', 'arg');
    if (typeof memoryMiB !== 'number' || !(memoryMiB === 0 || (memoryMiB >= 1 && memoryMiB <= 16384))) {
      throw new EngineError("the tree's memory must be 0 (the default) or 1 to 16384 MiB", 'arg');
    }
    return {
      args: [iterations, Number(s >> 32n), Number(s & 0xffffffffn), uctC, solver ? 1 : 0, playout === 'decisive' ? 1 : 0, memoryMiB],
      options: { iterations, seed: String(s), uctC, solver, playout, memoryMiB },
    };
  }

  /**
   * Starts Monte Carlo tree search on `moves` with the bitboard playouts,
   * the same search as the CLI's `solve connect-four --algo mcts` (its
   * --iterations, --seed, --uct-c, --solver, --playout, --memory in MiB, 0
   * the library's 256), so a seed gives the same statistics bit for bit
   * however the iterations are split into batches. A handle: step(n) runs up
   * to n more iterations, cut at the next of `checkpoints` (increasing
   * iteration counts, default lib/mcts.js checkpointsFor: where the
   * convergence plot's columns are read), and says whether the search is
   * over (its iterations spent, the solver proved the root, or the tree
   * filled its memory: `stopped` then); iterations(); result(); free()
   * (always, in a finally).
   */
  function mctsStart(w, h, moves, opts = {}) {
    const { args, options } = mctsArgs(opts);
    const checkpoints = opts.checkpoints ?? checkpointsFor(options.iterations);
    if (!Array.isArray(checkpoints) || checkpoints.some((c, i) => !Number.isSafeInteger(c) || c < 1 || (i > 0 && c <= checkpoints[i - 1]))) {
      throw new EngineError('checkpoints must be increasing whole numbers from 1', 'arg');
    }
    kit.checkInt('w', w);
    kit.checkInt('h', h);
    const s = withCString(moves, (ptr) => c.mctsNew(w, h, ptr, ...args));
    if (!s) throw lastError('the search could not start');
    const get = (name) => c.mctsGet(s, MC[name]);
    const curve = [];
    let next = 0; // the next checkpoint
    let over = false;
    let stopped = null; // the memory limit's message
    let searchMs = 0;
    /** The columns as they stand: { column (1-based), visits, mean, ucb, proven }. */
    const columnsNow = () => {
      const n = c.mctsRead(s);
      return Array.from({ length: n }, (_, i) => ({
        column: c.mctsColumn(s, i, 0) + 1,
        visits: c.mctsColumn(s, i, 1),
        mean: c.mctsColumn(s, i, 2),
        ucb: c.mctsColumn(s, i, 1) ? c.mctsColumn(s, i, 5) : null,
        proven: c.mctsColumn(s, i, 3) ? c.mctsColumn(s, i, 4) || 0 : null,
      }));
    };
    const readCurve = (iteration) => {
      const cols = columnsNow();
      curve.push({ iteration, visits: cols.map((m) => m.visits), mean: cols.map((m) => m.mean) });
    };
    function step(n) {
      if (over) return true;
      const t0 = performance.now();
      const done0 = get('iterations');
      while (next < checkpoints.length && checkpoints[next] <= done0) next++;
      const room = next < checkpoints.length ? checkpoints[next] - done0 : n;
      const r = c.mctsRun(s, Math.max(1, Math.min(n, room)));
      if (r < 0) {
        if (!get('stopped')) throw lastError('the search failed');
        const mib = (options.memoryMiB || 256).toLocaleString('en-US');
        stopped = `the search tree filled its memory (${mib} MiB) after ${get('iterations').toLocaleString('en-US')} iterations; its statistics are those so far`;
      }
      const now = get('iterations');
      if (next < checkpoints.length && checkpoints[next] === now) {
        readCurve(now);
        next++;
      }
      over = r !== 0;
      // the search ended before the last checkpoint (a proven root, a full tree): the curve ends where it did
      if (over && now > 0 && curve.at(-1)?.iteration !== now) readCurve(now);
      searchMs += performance.now() - t0;
      return over;
    }
    function result() {
      const nchanges = get('changes');
      const chosen = get('column');
      const iterations = get('iterations');
      return {
        iterations,
        wanted: options.iterations,
        nodes: get('nodes'),
        treeBytes: get('bytes'),
        playoutPlies: get('playoutPlies'),
        maxDepth: get('maxDepth'),
        chosen: chosen >= 0 ? chosen + 1 : null,
        best: get('best'),
        proven: get('proven') ? get('score') || 0 : null,
        perColumn: columnsNow(),
        curve: curve.slice(),
        changes: {
          at: nchanges ? new Uint32Array(M.HEAPU32.buffer, c.mctsChanges(s, 0) >>> 0, nchanges).slice() : new Uint32Array(0),
          to: nchanges ? kit.copyI32(c.mctsChanges(s, 1), nchanges) : new Int32Array(0),
          truncated: get('truncated') === 1,
        },
        stopped,
        seed: options.seed,
        uctC: options.uctC,
        solver: options.solver,
        playout: options.playout,
        searchMs,
        iterationsPerSecond: searchMs > 0 ? (iterations * 1000) / searchMs : 0,
      };
    }
    let freed = false;
    return {
      step,
      iterations: () => get('iterations'),
      result,
      free() {
        if (!freed) c.mctsFree(s);
        freed = true;
      },
    };
  }

  /**
   * The whole search at once (mctsStart run to its end in batches of
   * `batch` iterations): { iterations, wanted (asked), nodes, treeBytes,
   * playoutPlies, maxDepth, chosen (the chosen column, 1-based, or null),
   * best (its index among the columns), proven (the root's score once the
   * solver proves it, or null), perColumn: [{ column (1-based), visits, mean
   * (the side to move's reward: 1 a win, 1/2 a draw, 0 a loss), ucb, proven
   * (its score for the side to move once proven, or null) }], curve
   * [{ iteration, visits: [...], mean: [...] }] at the checkpoints, changes
   * { at, to, truncated } (after iteration at[i] the choice became column
   * index to[i]), stopped (the tree's memory limit's message, or null),
   * seed, uctC, solver, playout, searchMs, iterationsPerSecond, ms }. seed:
   * a whole number 0 to 2^64 - 1 (a number, a string of digits or a bigint).
   */
  function mcts(w, h, moves, { batch = 1 << 16, ...opts } = {}) {
    if (!Number.isSafeInteger(batch) || batch < 1) throw new EngineError('batch must be a whole number from 1', 'arg');
    const t0 = performance.now();
    const run = mctsStart(w, h, moves, opts);
    try {
      while (!run.step(batch));
      return { ...run.result(), ms: performance.now() - t0 };
    } finally {
      run.free();
    }
  }

  /** Frees the solver and its table (a later call makes a new one). */
  function dispose() {
    if (solver) c.solverFree(solver);
    solver = 0;
    if (book) c.bookFree(book);
    book = 0;
    bookFacts = null;
  }

  return { solve, analyse, scoreColumn, solveTraced, mcts, mctsStart, loadBook, bookInfo, dispose };
}
