// binding-cm2.js: Cat and Mouse II's WASM exports (c/wasm/wasm_catmouse2.c), bound
// once; the solve is run and read through the kit's runRetro and readRetro
// (binding.js: the ppw_retro_* accessors both Cat and Mouse games share). Every C
// failure becomes a thrown EngineError with the C message; every handle is
// freed in a `finally`. Results are copies, never heap views.

/** ppw_cm2_info's indices. */
const INFO = { rows: 0, cols: 1, catJump: 2, mouseJump: 3, mouse: 4, cat: 5, food: 6, start: 7, nstates: 8 };

/**
 * A bound on the events of a full trace: each state is seeded or coloured
 * once and popped once (4 per state is generous), and each reverse edge
 * gives a PARENT and at most one DEGREE. With 8 x 8 cells and jumps of 8
 * that is under 300,000 events (4.6 MB): always small enough to keep whole.
 */
export function cm2TraceBound(nstates, maxMoves) {
  return 4 * nstates + 2 * nstates * maxMoves;
}

export function bindCm2(kit) {
  const { M, EngineError, lastError, owned, checkExports, withCString, copyI32, heap32 } = kit;
  const c = {
    malloc: kit.malloc,
    free: M._free,
    parse: M._ppw_cm2_parse,
    boardFree: M._ppw_cm2_free,
    info: M._ppw_cm2_info,
    cell: M._ppw_cm2_cell,
    kinds: M._ppw_cm2_kinds,
    children: M._ppw_cm2_children,
    maxMoves: M._ppw_cm2_max_moves,
    answer: M._ppw_cm2_answer,
    retroNew: M._ppw_retro_new_catmouse2,
    retroFree: M._ppw_retro_free,
  };
  checkExports(c, 'cm2');

  /** Runs fn(board) on the board of LeetCode text, then frees it. */
  function withBoard(text, fn) {
    return withCString(text, (ptr) => owned(c.parse(ptr), c.boardFree, fn, 'the grid could not be read'));
  }

  /** { rows, cols, grid (strings), catJump, mouseJump, mouse, cat, food, start, nstates, kinds }. */
  function readBoard(g) {
    const board = {};
    for (const [name, i] of Object.entries(INFO)) board[name] = c.info(g, i);
    board.grid = [];
    for (let r = 0; r < board.rows; r++) {
      let row = '';
      for (let k = 0; k < board.cols; k++) row += String.fromCharCode(c.cell(g, r, k));
      board.grid.push(row);
    }
    board.n = board.rows * board.cols; // cells: the state layout's n
    board.maxMoves = c.maxMoves(g);
    const bytes = 4 * board.nstates;
    const buf = c.malloc(bytes);
    if (!buf) throw new EngineError('out of memory for the state kinds', 'nomem');
    try {
      if (c.kinds(g, buf) < 0) throw lastError('the states could not be listed');
      board.kinds = copyI32(buf, board.nstates);
    } finally {
      c.free(buf);
    }
    return board;
  }

  /** The board of LeetCode text, parsed and checked (see readBoard). */
  function parseCm2(text) {
    return withBoard(text, readBoard);
  }

  /**
   * Solves a board given as LeetCode text. traceCap: events to keep (0:
   * none; 'auto': the whole trace, see cm2TraceBound). Works in batches of
   * `budget` reverse edges, calling onProgress(relaxations, { decided,
   * states }) between them. answer: LeetCode's (can the mouse win within
   * 1000 turns?). solveMs: the solve alone, for the benchmarks.
   */
  function solveCm2(text, { traceCap = 0, budget = 1 << 20, onProgress } = {}) {
    if (!(budget >= 1)) throw new EngineError('budget must be at least 1', 'arg');
    return withBoard(text, (g) => {
      const board = readBoard(g);
      const cap = traceCap === 'auto' ? cm2TraceBound(board.nstates, board.maxMoves) : traceCap;
      if (!Number.isSafeInteger(cap) || cap < 0 || cap > 0xffffffff) {
        throw new EngineError(`traceCap must be 'auto' or an integer from 0 to ${0xffffffff}`, 'arg');
      }
      const t0 = performance.now();
      const s = c.retroNew(g, cap, 0);
      if (!s) throw lastError('the solver could not start');
      try {
        kit.runRetro(s, budget, onProgress);
        const solveMs = performance.now() - t0;
        const answer = c.answer(g, s);
        if (answer < 0) throw lastError('no answer');
        return {
          ...board,
          input: text,
          answer: answer === 1,
          ...kit.readRetro(s, board.nstates, cap),
          solveMs,
        };
      } finally {
        c.retroFree(s);
      }
    });
  }

  /** The states one move from `state` on the board of `text`, as C lists them. */
  function childrenCm2(text, state) {
    return withBoard(text, (g) => {
      const room = c.maxMoves(g);
      const buf = c.malloc(4 * Math.max(1, room));
      if (!buf) throw new EngineError('out of memory', 'nomem');
      try {
        kit.checkInt('state', state);
        const k = c.children(g, state >>> 0, buf);
        if (k < 0) throw lastError('no children');
        return Array.from(heap32().subarray(buf >>> 2, (buf >>> 2) + k), (v) => v >>> 0);
      } finally {
        c.free(buf);
      }
    });
  }

  return { parseCm2, solveCm2, childrenCm2 };
}
