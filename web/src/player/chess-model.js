// chess-model.js: a chess endgame table's BFS played ply by ply, the coarse
// trace, as a model of the player store (store.js). No Preact.
//
// The retrograde BFS decides positions in order of depth to mate in plies
// (ply 0: the checkmates, ply 2N - 1: mate in N moves, ply 2N: mated in N),
// so the layer sizes the build reports are the whole trace:
//
//   cursor k   plies 0 .. k are decided (ply 0, the seeds, from the start)
//   event i    ply i + 1 is decided: perPly[i + 1] positions
//
// Nothing is applied or undone: the views draw from the cursor (the board's
// DTM map shows a square once its ply <= cursor), so a step either way costs
// nothing and never replays. The map of the selected piece (64 answers,
// set by setMap when the worker has them) says which event decides each of
// its squares: decidedAt(square), the "decision" a host can go to.
//
// The state graph (lib/chess-graph.js: every position of the table a point)
// attaches to the model (attachGraph) and is then the one place applying
// and undoing happen: event i gives the positions of ply i + 1 their
// winner (values, 1 white wins, 2 black wins, 0 not yet), so the points
// view re-reads only the layers a step crosses (layerStates), never the
// whole table. The queue's frontier at cursor k is ply k: the positions
// decided last, whose predecessors the BFS looks at next.
import { winnerOf } from '../lib/chess-graph.js';
import { squareName } from '../lib/chess.js';

/** Per ply from a table's histogram (mate in N: ply 2N - 1, mated in N: ply 2N): the BFS layers. */
export function pliesOf(histogram) {
  if (!histogram) return [];
  const out = [];
  const { mate_in: win = [], mated_in: loss = [] } = histogram;
  for (let n = 0; n < Math.max(win.length, loss.length); n++) {
    if (n > 0) out[2 * n - 1] = win[n] ?? 0;
    out[2 * n] = loss[n] ?? 0;
  }
  return Array.from(out, (v) => v ?? 0);
}

/** The words of one layer's result for the side to move: ply 0 checkmates, odd plies mates, even ones mated. */
const layerWords = (ply) => (ply === 0 ? 'checkmated' : ply % 2 ? `mates in ${(ply + 1) / 2}` : `mated in ${ply / 2}`);

/** material: "KQKR"; perPly: positions decided at each ply (from the table's histogram). */
export function createChessModel({ material, perPly }) {
  const layers = Array.from(perPly ?? [], (v) => Math.max(0, Number(v) || 0));
  const count = Math.max(0, layers.length - 1);
  const markers = new Int32Array(count);
  for (let i = 0; i < count; i++) markers[i] = i;
  let map = null; // 64 answers ({ outcome, dtm, plies } or { error } or null), or null
  let view = {}; // { fen, selected, piece }: what the page shows, for traceJson
  let graph = null; // the attached state graph (lib/chess-graph.js), or null
  let at = 0; // the cursor the graph's values are at (apply and unapply move it)
  let decided = { first: 0, second: 0 };
  const paint = (ply, on) => {
    if (!graph || ply < 0 || ply >= graph.start.length - 1 || ply > graph.top) return;
    for (let p = graph.start[ply]; p < graph.start[ply + 1]; p++) {
      const w = on ? winnerOf(graph, p) : 0;
      if (model.values[p] === w) continue;
      if (model.values[p] === 1) decided.first--;
      else if (model.values[p] === 2) decided.second--;
      model.values[p] = w;
      if (w === 1) decided.first++;
      else if (w === 2) decided.second++;
    }
  };

  const model = {
    algo: 'layers',
    game: 'chess-endgame',
    material,
    perPly: layers,
    trace: null, // no event records: traceJson below is the trace
    coarse: true,
    truncated: false,
    count,
    /** Every ply is a stop (Shift+arrows step ply by ply too). */
    markers,
    apply(i) {
      at = i + 1;
      paint(i + 1, true);
    },
    unapply(i) {
      at = i;
      paint(i + 1, false);
    },
    /** The graph's picture: per position its winner at the cursor (1 white, 2 black, 0 not yet), or null. */
    values: null,
    /** The attached graph (lib/chess-graph.js), or null. */
    get graph() {
      return graph;
    },
    /** Positions decided at the cursor: { first: white wins, second: black wins, wins: [first, second] }. */
    get decided() {
      return graph ? { ...decided, wins: [decided.first, decided.second] } : null;
    },
    /**
     * Attaches a table's state graph (lib/chess-graph.js chessGraphOf, of
     * this model's table) at `cursor`: its picture is made for that cursor,
     * then follows apply and unapply.
     */
    attachGraph(g, cursor) {
      graph = g;
      decided = { first: 0, second: 0 };
      model.values = g ? new Uint8Array(g.n) : null;
      at = Math.max(0, Math.min(count, Math.trunc(cursor) || 0));
      if (g) for (let ply = 0; ply <= at; ply++) paint(ply, true);
    },
    /** The positions whose look event i changes: plies i and i + 1 (the frontier moves with the wave). */
    layerStates(i) {
      if (!graph) return [];
      const a = Math.max(0, Math.min(graph.top + 1, i));
      const b = Math.max(a, Math.min(graph.top + 1, i + 2));
      return graph.ids.subarray(graph.start[a], graph.start[b]);
    },
    /** Is position p in the queue at the cursor (decided at the cursor's ply)? */
    inQueue: (p) => Boolean(graph) && p >= 0 && p < graph.n && graph.ply[p] === at,
    /** The positions' winner once all is decided, at any cursor: 1, 2, or 0 (a draw). */
    finalWinner: (p) => (graph ? winnerOf(graph, p) : 0),
    /** The ply the cursor shows at cursor k. */
    plyAt: (k) => Math.max(0, Math.min(count, Math.trunc(k) || 0)),
    /** The answers of the selected piece on each square (or null). */
    setMap(answers) {
      map = answers && answers.length === 64 ? answers : null;
    },
    get map() {
      return map;
    },
    /** The position shown and the mapped piece (its square, 'R'), which traceJson names by default. */
    setView(v) {
      view = { ...v };
    },
    /** The event deciding the selected piece on `square` (its ply - 1), or -1 (ply 0, a draw, no map, not a square). */
    decidedAt(square) {
      const a = Number.isInteger(square) && square >= 0 && square < 64 ? map?.[square] : null;
      if (!a || a.error || a.outcome === 'draw' || !(a.plies >= 1) || a.plies > count) return -1;
      return a.plies - 1;
    },
    /** The readout for event i (-1: before the first, ply 0). */
    describe(i) {
      const ply = Math.max(0, Math.min(count, i + 1));
      const n = layers[ply] ?? 0;
      return `Ply ${ply}: ${n.toLocaleString('en-US')} positions decided, the side to move ${layerWords(ply)}${ply ? ` ${ply === 1 ? 'move' : 'moves'}` : ''}`;
    },
    /**
     * The trace as JSON (docs/architecture.md "Export formats"): per ply, how many
     * positions were decided and, for the selected piece, the squares
     * decided at that ply with their result ("+N" mates in N moves, "−N"
     * mated in N, from the side to move's view); the squares never decided
     * are the draws.
     */
    traceJson({ fen = null, selected = -1, piece = null } = view) {
      const label = (a) => `${a.outcome === 'win' ? '+' : '-'}${a.dtm}`;
      const plies = layers.map((decided, ply) => ({ ply, decided, map: {} }));
      const draws = [];
      if (map) {
        for (let sq = 0; sq < 64; sq++) {
          const a = map[sq];
          if (!a || a.error) continue;
          if (a.outcome === 'draw') draws.push(squareName(sq));
          else if (a.plies >= 0 && a.plies < plies.length) plies[a.plies].map[squareName(sq)] = label(a);
        }
      }
      const head = {
        format: 'perfect-play-chess-trace',
        version: 1,
        game: 'chess-endgame',
        fen,
        material,
        unit: 'plies',
        selected: map && selected >= 0 ? { square: squareName(selected), piece, draws } : null,
        count: plies.length,
      };
      // One ply a line: readable, and diff-friendly.
      return `${JSON.stringify(head).slice(0, -1)},"plies":[\n${plies.map((p) => JSON.stringify(p)).join(',\n')}\n]}\n`;
    },
  };
  return model;
}
