// binding-versus.js: playing against the solver in the game trees (c/wasm/wasm_versus.c's
// ppw_versus_*, on a game parsed by wasm_tree.c in pp-tree or, rules in GDL, wasm_gdl_tree.c in pp-gdl), bound once: every legal move of a position with the value
// and the length of the game after it with perfect play (a winner hurries, a
// loser delays). C failures become a thrown EngineError with the C message;
// the handles are freed in a `finally`.
import { TREE_GAMES } from './binding-tree.js';

const INFO = { count: 0, over: 1, leafValue: 2, player: 3, nodes: 4, valued: 5, lengths: 6 };

export function bindVersus(kit) {
  const { M, EngineError, lastError, checkExports, withCString, heap32 } = kit;
  // Who parses: pp-tree the game trees' kinds, pp-gdl rules in GDL (valued -1, 0, 1 by their outcome).
  const kinds = M._ppw_game_parse;
  const gdl = { parse: M._ppw_gdl_game_parse_outcome, move: M._ppw_gdl_game_move };
  const c = {
    free: M._ppw_game_free,
    vNew: M._ppw_versus_new,
    vRun: M._ppw_versus_run,
    vInfo: M._ppw_versus_info,
    vMove: M._ppw_versus_move,
    vFree: M._ppw_versus_free,
    malloc: kit.malloc,
    cfree: M._free,
  };
  checkExports(c, 'versus');
  const hasGdl = typeof gdl.parse === 'function';
  if (hasGdl) checkExports(gdl, 'versus');
  if (typeof kinds !== 'function' && !hasGdl) throw new Error('the WASM module exports no ppw game parser');
  const parse = (game, textPtr) => {
    if (game === 'gdl-rules') {
      if (!hasGdl) throw new EngineError('this WASM module has no GDL reasoner (pp-gdl has)', 'arg');
      return gdl.parse(textPtr);
    }
    if (typeof kinds !== 'function') throw new EngineError(`this WASM module plays only rules in GDL, not ${game}`, 'arg');
    return kinds(TREE_GAMES[game], textPtr, 0);
  };

  /**
   * The position of `game` after the move codes `path` from `input`'s root,
   * and each of its moves: { code, value, length } (length: moves until the
   * end counting this one; -1 when unknown, e.g. a draw; rules in GDL add
   * `name`, the move's text, and are valued by their outcome: 1 the first
   * role wins, 0 a draw, -1 the second wins). Returns
   * { over, value (when over), player (0 first/MAX, 1 second/MIN), moves,
   * lengths (false when the game's scores are too large to fold lengths in),
   * nodes }. Runs in batches of `batch` positions, calling onProgress(valued, count).
   */
  function versusMoves(game, input, path = [], { batch = 1 << 16, onProgress } = {}) {
    if (!Object.hasOwn(TREE_GAMES, game) || game === 'tree') throw new EngineError(`no play against the solver for ${String(game)}`, 'arg');
    if (!Array.isArray(path) || path.length > 4096 || !path.every((m) => Number.isInteger(m) && Math.abs(m) < 2 ** 31)) {
      throw new EngineError('the moves must be a list of integers', 'arg');
    }
    return withCString(input, (textPtr) => {
      const h = parse(game, textPtr);
      if (!h) throw lastError('the game could not be read');
      const p = c.malloc(4 * Math.max(1, path.length));
      try {
        if (!p) throw new EngineError('out of memory for the moves', 'nomem');
        heap32().set(path, p >>> 2);
        const v = c.vNew(h, p, path.length);
        if (!v) throw lastError('the position could not be played');
        try {
          const count = c.vInfo(v, INFO.count);
          for (;;) {
            const done = c.vRun(v, batch);
            if (done < 0) throw lastError('the moves could not be valued');
            if (done === 1) break;
            onProgress?.(c.vInfo(v, INFO.valued), count);
          }
          const moves = [];
          for (let i = 0; i < count; i++) moves.push({ code: c.vMove(v, i, 0), value: c.vMove(v, i, 1), length: c.vMove(v, i, 2) });
          if (game === 'gdl-rules') {
            // each move by its text in the rules ("(mark 1 1)"), in the position after the path
            for (const m of moves) {
              const at = gdl.move(h, p, path.length, m.code);
              if (!at) throw lastError('a move could not be named');
              m.name = kit.cString(at);
            }
          }
          const over = c.vInfo(v, INFO.over) === 1;
          return {
            game,
            input,
            path: path.slice(),
            over,
            value: over ? c.vInfo(v, INFO.leafValue) : null,
            player: c.vInfo(v, INFO.player),
            moves,
            lengths: c.vInfo(v, INFO.lengths) === 1,
            nodes: c.vInfo(v, INFO.nodes),
          };
        } finally {
          c.vFree(v);
        }
      } finally {
        c.cfree(p);
        c.free(h);
      }
    });
  }

  return { versusMoves };
}
