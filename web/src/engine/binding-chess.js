// binding-chess.js: the chess endgame tables' WASM exports (c/wasm/wasm_chess.c),
// bound once. A table is built in slices (buildTable: the job runs a budget of
// reverse edges at a time and reports its progress per ply between slices);
// tables stay in the module's cache, so probing a FEN afterwards (solveFen)
// only reads them. Every C failure becomes a thrown EngineError with the C
// message; the job is freed in a `finally`.

/** A build's first slice, in reverse edges (the next ones double up to the budget). */
export const FIRST_SLICE = 1 << 10;
/** Doubles written by ppw_chess_job_progress before the per-ply counts. */
const HEAD = 7;
export const PLIES = 256;

export function bindChess(kit) {
  const { M, EngineError, lastError, owned, checkExports, withCString, cString, copyU8 } = kit;
  const c = {
    malloc: kit.malloc,
    free: M._free,
    jobNew: M._ppw_chess_job_new,
    jobRun: M._ppw_chess_job_run,
    jobProgress: M._ppw_chess_job_progress,
    jobMaterial: M._ppw_chess_job_material,
    jobFree: M._ppw_chess_job_free,
    solve: M._ppw_chess_solve,
    check: M._ppw_chess_check,
    stats: M._ppw_chess_stats,
    tables: M._ppw_chess_tables,
    clear: M._ppw_chess_clear,
    values: M._ppw_chess_values,
  };
  checkExports(c, 'chess');

  /** The job's progress: { table, tables, material, entries, states, decided, relaxations, top, perPly }. */
  function readProgress(job, buf) {
    const n = c.jobProgress(job, buf);
    const v = new Float64Array(M.HEAPU8.buffer, buf >>> 0, n).slice(); // a fresh view: growth detaches old ones
    const top = v[6];
    return {
      table: v[0],
      tables: v[1],
      material: cString(c.jobMaterial(job)),
      entries: v[2],
      states: v[3],
      decided: v[4],
      relaxations: v[5],
      top,
      perPly: Array.from(v.subarray(HEAD, HEAD + top + 1)),
    };
  }

  /**
   * Builds a material's table ("KQKR", either colour first) and the tables
   * it converts into, in slices of up to `budget` reverse edges, calling
   * onProgress(progress) after each. Returns the table's statistics (as
   * `tablebase MATERIAL --json`) with `perPly` (positions decided at each
   * ply; none when the table was in the cache already) and `tables` (how
   * many this call built, conversions included).
   */
  function buildTable(material, { budget = 1 << 18, onProgress } = {}) {
    if (!(budget >= 1)) throw new EngineError('budget must be at least 1', 'arg');
    return withCString(material, (mp) =>
      owned(
        c.jobNew(mp),
        c.jobFree,
        (job) => {
          const buf = c.malloc(8 * (HEAD + PLIES));
          if (!buf) throw new EngineError('out of memory', 'nomem');
          try {
            let p = readProgress(job, buf);
            onProgress?.(p);
            // The first slices short, doubling to `budget`: V8 runs a WASM
            // function on baseline code until its optimized code, compiled in
            // the background once the function has run a while, is ready, and
            // swaps it in only when a call starts: short first calls take it
            // up early (no separate warm-up build before the first table).
            for (let b = Math.min(budget, FIRST_SLICE); ; b = Math.min(budget, b * 2)) {
              const r = c.jobRun(job, b);
              if (r < 0) throw lastError('the table could not be built');
              p = readProgress(job, buf);
              onProgress?.(p);
              if (r === 1) break;
            }
            const stats = tableStats(material);
            return { ...stats, perPly: p.perPly, tables: p.tables };
          } finally {
            c.free(buf);
          }
        },
        'the table could not be started',
      ),
    );
  }

  /** The statistics of a material's table (built now if not in the cache). */
  function tableStats(material) {
    return withCString(material, (mp) => {
      const ptr = c.stats(mp);
      if (!ptr) throw lastError('no statistics');
      return JSON.parse(cString(ptr));
    });
  }

  /**
   * A FEN probed (the tables it needs are built if missing): the CLI's
   * --json object { answer, outcome, dtm, plies, best, moves: [{ uci,
   * outcome, dtm, plies }], stats: { table, tables_built } }.
   */
  function solveFen(fen) {
    return withCString(fen, (fp) => {
      const ptr = c.solve(fp);
      if (!ptr) throw lastError('the FEN could not be read');
      return JSON.parse(cString(ptr));
    });
  }

  /** The table a FEN needs ("KQKR"; "KK" for bare kings), building nothing; throws the FEN's problem. */
  function checkFen(fen) {
    return withCString(fen, (fp) => {
      const ptr = c.check(fp);
      if (!ptr) throw lastError('the FEN could not be read');
      return cString(ptr);
    });
  }

  /**
   * A built table's value bytes (c/perfect_play.h pp_tb_values), copied out
   * of the heap: { material, entries, end, values: Uint8Array(entries) }:
   * 0 a draw, 255 not a position, else plies to mate + 1; entries from
   * `end` on are en passant ones, not positions of their own. Builds
   * nothing (a table not built throws).
   */
  function tableValues(material) {
    return withCString(material, (mp) => {
      const out = c.malloc(16);
      if (!out) throw new EngineError('out of memory', 'nomem');
      try {
        const ptr = c.values(mp, out);
        if (!ptr) throw lastError('no values');
        const [entries, end] = new Float64Array(M.HEAPU8.buffer, out >>> 0, 2);
        return { material: tableStats(material).material, entries, end, values: copyU8(ptr, entries) };
      } finally {
        c.free(out);
      }
    });
  }

  return { checkFen, buildTable, tableStats, tableValues, solveFen, tablesInCache: () => c.tables(), clearTables: () => c.clear() };
}
