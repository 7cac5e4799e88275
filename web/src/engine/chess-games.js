// chess-games.js: the worker's entries for the chess endgame tables (worker.js's
// GAMES table). The tables stay built in the worker's pp-chess module, so a
// probe after a build only reads them. Requests:
//   { game: 'chess-endgame', op: 'build', material | fen, budget }  the table in slices,
//        posting progress { table, tables, material, decided, states, top, perPly };
//        with a fen, the result carries its answer too (one round trip a move)
//   { game: 'chess-endgame', op: 'probe', fen }               the CLI's --json answer
//   { game: 'chess-endgame', op: 'map', fens }                answers (or errors) of many FENs
//   { game: 'chess-endgame', op: 'values', material }         a built table's value bytes (the state graph)
//
// The first table after the worker starts needs no warm-up: its build's
// slices start short (binding-chess.js), so V8's optimized code is in use
// early (docs/architecture.md, the worker's slices).
import { bindChess } from './binding-chess.js';

const bound = new WeakMap();

/** The chess bindings of an engine, made once. */
export function chessOf(eng) {
  let t = bound.get(eng);
  if (!t) bound.set(eng, (t = bindChess(eng.kit)));
  return t;
}

/** One FEN's answer without its move list, or its error message. */
function brief(chess, fen) {
  try {
    const a = chess.solveFen(fen);
    return { outcome: a.outcome, dtm: a.dtm, plies: a.plies };
  } catch (err) {
    return { error: err.message };
  }
}

export const CHESS_WORKER_GAMES = {
  'chess-endgame': async (eng, { op = 'probe', material, fen, fens, budget = 1 << 18 }, onProgress) => {
    const chess = chessOf(eng);
    if (op === 'build') {
      // a FEN names its table, and its problem before anything is built
      const table = fen === undefined ? String(material) : chess.checkFen(String(fen));
      if (table === 'KK') return { op, material: 'KK', answer: chess.solveFen(String(fen)), perPly: [], tables: 0 };
      const t0 = performance.now();
      const stats = chess.buildTable(table, {
        budget,
        onProgress: (p) => onProgress(p.relaxations, { decided: p.decided, states: p.states, chess: p }),
      });
      const buildMs = performance.now() - t0;
      return { op, ...stats, buildMs, answer: fen === undefined ? null : chess.solveFen(String(fen)) };
    }
    if (op === 'probe') return { op, ...chess.solveFen(String(fen)) };
    if (op === 'map') {
      if (!Array.isArray(fens) || fens.length > 64) throw new Error('map: at most 64 FENs');
      return { op, answers: fens.map((f) => brief(chess, String(f))) };
    }
    if (op === 'values') return { op, ...chess.tableValues(String(material)) };
    throw new Error(`unknown chess request: ${String(op).slice(0, 40)}`);
  },
};
