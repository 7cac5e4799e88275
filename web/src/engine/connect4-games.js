// connect4-games.js: the worker's entry for Connect Four (worker.js ENTRIES
// 'c4'; on the pp-c4 module, which has the trees' searches too). Requests:
//   { kind: 'analyse', size: '7x6', moves, stage, weak, budget, reply, stopAt, atMost }
//       the score of every column (binding-connect4.js analyse), the
//       opening book's first; reply stops at the solver's move (searching
//       the position's own score first unless stopAt gives it); atMost (the
//       position's score, when known) bounds every column's search. Each
//       column's score is posted as it arrives: progress { columns } (null:
//       not yet scored). The columns the book does not give are searched
//       here alone while each takes under ALONE_NODES positions; from the
//       first that takes more, the rest are shared with the second solver
//       (connect4-share.js), which is asked for only then.
// The opening book (connect4-7x6.book beside this file, built by
// `./build.sh book`: c/connect4/connect4_book.c) is fetched on the first
// 7x6 request, so only the Connect Four view loads it; without it (a failed
// fetch) every column is searched.
//   { kind: 'compare', size, moves, stages: [...], budget }
//       each stage on the same position, each with an empty table of its
//       own: { stage, score, nodes, ms } or
//       { stage, error, nodes } when its budget ran out; the proof-number
//       stages (dfpn, pn) run binding-tree.js solvePn on the generic game,
//       nodes their positions expanded, budget counting them
//   { kind: 'search', size, moves, stage: minimax | alphabeta | centre-first, budget, trace: 'auto' }
//       the generic search with its tree trace (binding-tree.js solveTree)
//   { kind: 'search', size, moves, stage: bitboard ... strongest, budget }
//       a dedicated stage's negamax traced (binding-connect4.js solveTraced),
//       its first traceCap events kept: { dedicated: true, trace, ... }
//   { kind: 'mcts', size, moves, iterations, seed, uctC, solver, playout }
//       Monte Carlo tree search with the bitboard playouts, the CLI's
//       --algo mcts (binding-connect4.js mctsStart): each column's visits,
//       mean and proven score, the chosen column, the convergence plot's
//       readings and the choice's changes. It runs in batches of about
//       MCTS_BATCH_MS, yielding to the worker's event loop between them:
//       progress { iterations, ms } after each, and a 'cancel' stops it
//       there (the worker and its WASM stay; the result is null)
// Progress: (done, { decided: done, states: total }) in columns or stages,
// and during a dedicated stage's solve (every 2^16 positions: see
// binding-connect4.js) also { nodes, lo, hi, window, ms, column | stage }:
// the positions explored by the request so far, the bounds known on the
// score being searched (a column's, or the position's in Compare), the ms
// since the request began. The worker posts them at most every 100 ms; a
// worker cannot read a message during a solve's call, so Cancel of one
// terminates it (client.js), but MCTS's batches stop at a 'cancel'.
import { bindConnect4, summary } from './binding-connect4.js';
import { shareColumns } from './connect4-share.js';
import { helperPort } from './helper-port.js';
import { C4_GENERIC, C4_PN_STAGES, C4_STAGES, parseSize, readMoves, scoreFromValue } from '../lib/connect4.js';
import { pnMemoryMiB } from './binding-tree.js';
import { yieldToEvents } from '../lib/next-task.js';
import { TREE_TRACE_CAP, treeOf } from './tree-games.js';

const DEDICATED = C4_STAGES.filter((s) => !C4_GENERIC.includes(s));
/** MCTS's batches aim at this long each (the first is MCTS_FIRST_BATCH iterations): the rate of progress messages and how soon a Cancel is seen. */
const MCTS_BATCH_MS = 50;
const MCTS_FIRST_BATCH = 2048;
/**
 * The positions an analysis's column search may explore in the solver
 * worker alone before the analysis asks for the second solver: a few
 * milliseconds of search, where the helper's start (its module, its 36 MiB
 * table) takes tens, beside whatever else the page starts.
 */
const ALONE_NODES = 1 << 16;

/**
 * MCTS in batches (binding-connect4.js mctsStart): each batch's size from
 * the last one's rate, progress(iterations done, ms) after each, then a
 * yield so a 'cancel' is read. The result, or null when cancelled.
 */
async function mctsInBatches(c4, w, h, moves, options, progress, cancelled) {
  const t0 = performance.now();
  const run = c4.mctsStart(w, h, moves, options);
  try {
    let batch = MCTS_FIRST_BATCH;
    for (;;) {
      const t = performance.now();
      const before = run.iterations();
      if (run.step(batch)) break;
      const ran = run.iterations() - before;
      const dt = performance.now() - t;
      // a batch cut short at a checkpoint says little of the rate: keep the size then
      if (ran >= batch) batch = Math.max(256, Math.min(1 << 22, Math.round((batch * MCTS_BATCH_MS) / Math.max(1, dt))));
      progress(run.iterations(), performance.now() - t0);
      await yieldToEvents();
      if (cancelled()) return null;
    }
    return run.result();
  } finally {
    run.free();
  }
}

const bound = new WeakMap();

function c4Of(eng) {
  let b = bound.get(eng);
  if (!b) bound.set(eng, (b = bindConnect4(eng.kit)));
  return b;
}

/** The opening book's file (hashed and copied by Vite; fetched only when asked). */
const BOOK_URL = new URL('./connect4-7x6.book', import.meta.url);
const books = new WeakMap(); // engine -> the load's promise: { depth, entries } or { error }

/** Loads the 7x6 book into the engine's binding once; never throws (the page works without it). */
function bookOf(eng, c4) {
  let p = books.get(eng);
  if (!p) {
    p = fetch(BOOK_URL)
      .then((r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        return r.arrayBuffer();
      })
      .then((bytes) => c4.loadBook(bytes))
      .catch((err) => ({ error: `the opening book could not be loaded: ${err?.message || err}` }));
    books.set(eng, p);
  }
  return p;
}

function sizeOf(size) {
  const s = parseSize(size);
  if (s.error) {
    const err = new Error(s.error);
    err.status = 'input';
    throw err;
  }
  return s;
}

const GENERIC = {
  minimax: { algo: 'minimax', order: 'given' },
  alphabeta: { algo: 'alphabeta', order: 'given' },
  'centre-first': { algo: 'alphabeta', order: 'best' },
};

/**
 * A proof-number stage (dfpn, pn) on the position: the generic game's exact
 * value by threshold proofs, as the score of the side to move: { score,
 * nodes (positions expanded), ms }. during({ nodes, lo, hi }) between
 * batches, the bounds on the score the proofs so far show.
 */
function proofNumbers(tree, w, h, size, moves, algo, budget, during) {
  const pos = readMoves(moves, w, h);
  if (pos.error || pos.four) {
    const err = new Error(pos.error ?? 'the game is already won: a won position has no score');
    err.status = 'input';
    throw err;
  }
  const t0 = performance.now();
  const r = tree.solvePn('connect-four', `${size}:${moves}`, {
    algo,
    budget,
    memoryMiB: pnMemoryMiB(),
    layoutCap: 0,
    onProgress: (expanded, { lower, upper }) => {
      // the first player's value is in [lower, upper - 1]; the mover's score, negated for O
      const a = scoreFromValue(lower, moves);
      const b = scoreFromValue(upper - 1, moves);
      during({ nodes: expanded, lo: Math.min(a, b), hi: Math.max(a, b) });
    },
  });
  return { score: scoreFromValue(r.value, moves), nodes: r.stats.expanded, ms: performance.now() - t0 };
}

/** The worker's solve function for game 'connect-four'; treeOf binds the trees' exports. */
function connect4Worker(treeOf, traceCap) {
  return async (
    eng,
    {
      kind = 'analyse',
      size = '7x6',
      moves = '',
      stage = 'strongest',
      stages = [],
      weak = false,
      budget = 0,
      tt = false,
      trace,
      reply = false,
      stopAt = null,
      atMost = null,
      iterations = 2000,
      seed = 1,
      solver = false,
      playout = 'random',
      uctC = Math.SQRT2,
    },
    onProgress,
    cancelled = () => false,
  ) => {
    const { w, h } = sizeOf(size);
    const c4 = c4Of(eng);
    const book = w === 7 && h === 6 && kind === 'analyse' ? await bookOf(eng, c4) : null;
    const progress = (done, total) => onProgress(done, { decided: done, states: total });
    const t0 = performance.now();
    if (kind === 'analyse') {
      let columns = null; // the scores so far, with every progress message
      const during = ({ nodes, lo, hi, window, column, position, done, total }) => {
        onProgress(done, { decided: done, states: total, nodes, lo, hi, window, column, position, columns, ms: performance.now() - t0 });
      };
      const onColumn = (done, total, scores) => {
        columns = scores;
        onProgress(done, { decided: done, states: total, columns, ms: performance.now() - t0 }, true);
      };
      const options = { stage, weak, budget, atMost };
      let result = c4.analyse(w, h, moves, { ...options, onColumn, onProgress: during, reply: Boolean(reply), stopAt, searchLeft: false });
      if (result.left.length) {
        const scores = result.columns.slice();
        const total = scores.filter((v) => v !== null).length + result.left.length;
        let done = total - result.left.length;
        let explored = result.nodes; // by both sides, of the columns scored so far
        const score = (col, value, nodes) => {
          scores[col] = value;
          explored += nodes;
          onColumn(++done, total, scores.slice());
        };
        const report = (col) => (p) => during({ ...p, nodes: explored + p.nodes, column: col + 1, done, total });
        // Scores `cols` here, in order, each within `within` positions (0:
        // the request's budget); the columns left from the first that ran
        // past `within`.
        const alone = (cols, within) => {
          for (let i = 0; i < cols.length; i++) {
            try {
              const r = c4.scoreColumn(w, h, moves, cols[i], { ...options, budget: within || budget, onProgress: report(cols[i]) });
              score(cols[i], r.score, r.nodes);
            } catch (err) {
              if (within && err.status === 'budget') {
                explored += err.nodes ?? 0;
                return cols.slice(i);
              }
              err.nodes = explored + (err.nodes ?? 0); // the analysis's positions, as analyse counts them
              throw err;
            }
          }
          return [];
        };
        // Alone first, the most central first, each column within
        // ALONE_NODES positions: a position late in a game is scored before
        // a second solver could start. The first column past it, and every
        // column after it, go to the two solvers (or to this one alone).
        const left = !budget || budget > ALONE_NODES ? alone(result.left, ALONE_NODES) : result.left;
        if (left.length) {
          const second = await helperPort(); // the second solver on a second core, or null (helper-port.js)
          if (second) await shareColumns(c4, second, { w, h, moves, order: left, options }, score, (col, p) => report(col)(p));
          else alone(left, 0);
        }
        result = { ...result, ...summary(scores), nodes: explored, ms: performance.now() - t0, left: [] };
      }
      return { game: 'connect-four', kind, size, ...result, book: book && !book.error ? book : null, bookError: book?.error ?? null };
    }
    if (kind === 'compare') {
      let before = 0; // the positions the stages before explored
      const runs = stages.map((name, i) => {
        let run;
        const during = ({ nodes, lo, hi, window }) => {
          onProgress(i, {
            decided: i,
            states: stages.length,
            nodes: before + nodes,
            stageNodes: nodes,
            lo,
            hi,
            window,
            stage: name,
            ms: performance.now() - t0,
          });
        };
        try {
          run = C4_PN_STAGES.includes(name)
            ? { stage: name, ...proofNumbers(treeOf(eng), w, h, size, moves, name, budget, during) }
            : { stage: name, ...c4.solve(w, h, moves, { stage: name, budget, fresh: true, onProgress: during }) };
        } catch (err) {
          if (err.status !== 'budget') throw err;
          run = { stage: name, error: err.message, nodes: err.nodes ?? budget, ms: err.ms ?? 0 };
        }
        before += run.nodes ?? 0;
        progress(i + 1, stages.length);
        return run;
      });
      return { game: 'connect-four', kind, size, moves, budget, runs };
    }
    if (kind === 'mcts') {
      const during = (done, ms) => onProgress(done, { decided: done, states: iterations, iterations: done, ms, mcts: true });
      const result = await mctsInBatches(c4, w, h, moves, { iterations, seed, uctC, solver, playout }, during, cancelled);
      return result && { ...result, game: 'connect-four', kind, size, moves };
    }
    if (kind === 'search' && DEDICATED.includes(stage)) {
      const result = c4.solveTraced(w, h, moves, { stage, budget, traceCap });
      return { ...result, game: 'connect-four', kind, size, moves, stage, dedicated: true };
    }
    if (kind === 'search') {
      if (!Object.hasOwn(GENERIC, stage)) throw new Error(`the animated search runs minimax, alphabeta or centre-first, not ${String(stage).slice(0, 40)}`);
      const result = treeOf(eng).solveTree('connect-four', `${size}:${moves}`, {
        ...GENERIC[stage],
        tt: Boolean(tt),
        budget,
        traceCap: trace === 'auto' ? traceCap : 0,
        onProgress: (nodes) => onProgress(nodes, { decided: nodes, states: 0 }),
      });
      return { ...result, game: 'connect-four', kind, size, moves, stage };
    }
    throw new Error(`unknown Connect Four request: ${String(kind).slice(0, 40)}`);
  };
}

/** The worker's entries of this module, as worker.js ENTRIES loads them. */
export const CONNECT4_WORKER_GAMES = { 'connect-four': connect4Worker(treeOf, TREE_TRACE_CAP) };
