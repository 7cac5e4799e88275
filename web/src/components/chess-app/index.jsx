import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { isAbort } from '../../engine/client.js';
import { errorWords, isInternal } from '../../lib/failure.js';
import { usePlayerKeys } from '../../hooks/use-player-keys.js';
import { IN_ORDER, useWorker } from '../../hooks/use-worker.js';
import { applyLink, startEmbedClock, viewsOf } from '../../hooks/use-view-state.js';
import { chessGraphOf, fenOfEntry, pointOfFen } from '../../lib/chess-graph.js';
import { materialOf, pgn, playUci, readFen, san, squareName, squareOf, writeFen } from '../../lib/chess.js';
import { formatCount, formatMs } from '../../lib/format.js';
import { createChessModel } from '../../player/chess-model.js';
import { createPlayerStore } from '../../player/store.js';
import { PlayerControls } from '../player-controls/index.jsx';
import { BuildPanel, pliesOf } from './build-panel.jsx';
import { ChessBoard, pieceName } from './chess-board.jsx';
import { ChessGraph } from './chess-graph.jsx';
import './chess-app.css';

/** The endings offered in the picker, with a start position each. */
export const ENDINGS = [
  ['KQK', 'k7/8/8/8/8/8/8/KQ6 w - - 0 1'],
  ['KRK', '8/8/8/4k3/8/8/8/R3K3 w - - 0 1'],
  ['KPK', '8/8/8/4k3/8/4K3/4P3/8 b - - 0 1'], // black to move, mated in 20: the opposition wins
  ['KBBK', '8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1'],
  ['KBNK', '8/8/8/4k3/8/8/8/1N2KB2 w - - 0 1'],
  ['KQKR', '3rk3/8/8/8/8/8/8/3QK3 w - - 0 1'],
  ['KRKB', '4kb2/8/8/8/8/8/8/R3K3 w - - 0 1'],
  ['KRKP', '8/3p4/8/4k3/8/8/8/R3K3 w - - 0 1'],
  ['KPKP', '8/3p4/8/4k3/8/3K4/4P3/8 w - - 0 1'],
];
const MAX_LINE = 260; // plies "why?" walks at most (the longest 4-piece mate is 43 moves)
const PLIES_PER_SECOND = 3; // the player's speed for a table's layers, unless an embed asks for another
// The views (an embed's `view` picks among them): the board (with the
// answer and the moves), the histogram (the BFS layers), the state graph;
// the player's controls go with any of them.
const DEFAULT_VIEWS = new Set(['board', 'histogram']);

/** The answer in words, always in moves. */
export function answerWords(a) {
  if (!a) return '';
  if (a.outcome === 'draw') return 'Draw';
  if (a.outcome === 'win') return `Mate in ${a.dtm} ${a.dtm === 1 ? 'move' : 'moves'} (${a.plies} plies)`;
  return a.dtm === 0 ? 'Checkmated' : `Mated in ${a.dtm} ${a.dtm === 1 ? 'move' : 'moves'} (${a.plies} plies)`;
}
/** A move's result for its mover, short: "mate in 3 moves", "mated in 2 moves", "draw". */
const moveWords = (m) => (m.outcome === 'draw' ? 'draw' : `${m.outcome === 'win' ? 'mate' : 'mated'} in ${m.dtm} ${m.dtm === 1 ? 'move' : 'moves'}`);
const rank = (m) => (m.outcome === 'win' ? 1000 - m.plies : m.outcome === 'loss' ? -1000 + m.plies : 0);

/** The link's FEN, checked as text (the C library checks the chess). */
export function linkFen(value) {
  if (value === undefined) return { fen: null, error: null };
  if (typeof value !== 'string' || value.length > 100 || !/^[1-8KQRBNPkqrbnp/]+ [wb]( [-KQkq]+( [-a-h1-8]+( \d+( \d+)?)?)?)?$/.test(value.trim()) || !readFen(value)) {
    return { fen: null, error: `The link's fen "${String(value).slice(0, 60)}" is not a FEN; showing the default position.` };
  }
  return { fen: value.trim(), error: null };
}

/**
 * The chess endgame tables, a pillar (pillars.js props): pick an
 * ending or paste a FEN; the table and its conversions build in the worker
 * (progress per ply, Cancel), then the position's answer, every legal move
 * with its result, play against the table, "why?" (the line to mate, as
 * PGN), the DTM map of a picked piece and the BFS layers as a coarse trace.
 * The layers play through the player store every pillar uses
 * (player/chess-model.js): its cursor is the ply, its selected state the
 * square of the mapped piece, so the player's controls and keys, an embed's
 * host (postMessage) and the exports (WebM, GIF, the trace as JSON) work
 * here as on the other views.
 */
export function ChessApp({ initial = {}, onShare = null, embed = null }) {
  const worker = useWorker('chess-endgame', IN_ORDER); // the table, a piece's map, a line's probes: each answered, in turn
  const [fenText, setFenText] = useState('');
  const [pos, setPos] = useState(null); // { fen, answer, material }
  const [table, setTable] = useState(null); // the last build's stats
  const [progress, setProgress] = useState(null);
  const [livePly, setLivePly] = useState(null); // perPly while building
  const [error, setError] = useState(null);
  const [linkError, setLinkError] = useState(null);
  const [history, setHistory] = useState([]); // fens before pos, for Undo
  const [side, setSide] = useState(''); // '' explore, 'w' or 'b': the user's side against the table
  const [picked, setPicked] = useState(-1);
  const store = useMemo(() => {
    const s = createPlayerStore();
    s.setSpeed(embed?.speed ?? PLIES_PER_SECOND);
    return s;
  }, []);
  usePlayerKeys(store);
  const model = store.model.value; // the table's layers (chess-model.js), or null
  const mapSq = store.selected.value; // the mapped piece's square, or -1
  const setMapSq = store.select;
  const [map, setMap] = useState(null); // { fen, sq, answers: 64 }
  const linked = useRef(true); // the link's ply and sel wait for its first table; false once the reader asks for a position
  const boardRef = useRef(null);
  const [line, setLine] = useState(null); // { fen, moves: [{uci, san, fen}], result, pgn }
  const [busy, setBusy] = useState(false);
  const [runs, setRuns] = useState(0);
  // The views shown: an embed's `view`, else the page's (board and layers, and the state graph when asked).
  const [graphOn, setGraphOn] = useState(() => Boolean(viewsOf(initial?.view)?.has('graph')));
  const views = embed ? (embed.views ?? DEFAULT_VIEWS) : new Set([...DEFAULT_VIEWS, ...(graphOn ? ['graph'] : [])]);
  const [graph, setGraph] = useState(null); // the table's state graph (lib/chess-graph.js), read when first shown

  const ask = (request, progress) => worker.ask(request, { progress });

  /** Shows fen: builds its table if needed (progress), then its answer. */
  const show = async (fen, { keepHistory = false, from = null, link = false } = {}) => {
    if (!link) linked.current = false; // the reader's position: the link's ply and sel are not for its table
    setError(null);
    setBusy(true);
    try {
      const r = await ask({ op: 'build', fen }, (p) => {
        if (!p.chess) return;
        setProgress(p.chess);
        setLivePly(p.chess.perPly);
      });
      setProgress(null);
      setLivePly(null);
      if (r.material !== 'KK' && r.histogram && (r.tables > 0 || table?.material !== r.material)) {
        setTable({ material: r.material, histogram: r.histogram, longest: r.longest_win, positions: r.positions, buildMs: r.buildMs, built: r.tables });
        loadLayers(r, readFen(fen));
      }
      if (!keepHistory) setHistory([]);
      else if (from) setHistory((h) => [...h, from]);
      setPos({ fen, answer: r.answer, material: r.material });
      setPicked(-1);
      setLine(null);
      setRuns((n) => n + 1);
      return r.answer;
    } catch (e) {
      setProgress(null);
      setLivePly(null);
      if (isInternal(e)) setPos(null); // no answer left looking like this position's
      if (!isAbort(e)) setError(errorWords(e, 'the position'));
      else setError('Cancelled: the table was not built.');
      return null;
    } finally {
      setBusy(false);
    }
  };

  /**
   * A new table's layers into the store, at the end, the mapped piece kept
   * where it still stands on `board`. The first table takes the link's ply
   * and sel (a square's name) and an embed's clock; a host's "select"
   * command names a square (0 = a1 .. 63 = h8) with a piece on it.
   */
  const loadLayers = (r, board) => {
    const next = createChessModel({ material: r.material, perPly: pliesOf(r.histogram) });
    const keep = store.selected.peek();
    store.load(next, { at: 'end', select: keep >= 0 && board?.pieces[keep] ? keep : -1 });
    const link = {};
    if (linked.current) {
      linked.current = false;
      const ply = Number(initial?.ply);
      if (initial?.ply !== undefined && Number.isInteger(ply) && ply >= 0 && ply < 256) link.step = ply;
      const sq = squareOf(String(initial?.sel ?? ''));
      if (sq >= 0) link.sel = sq;
    }
    const validSel = (s) => Number.isInteger(s) && s >= 0 && s < 64 && Boolean(boardRef.current?.pieces[s]);
    applyLink(store, next, link, { validSel, what: 'board' });
    startEmbedClock(store, embed, { hasStep: link.step !== undefined });
  };

  // The link's position, or the first ending's. This effect runs after the
  // first paint: a reader who picked an ending in between (linked is false
  // then) has asked for a newer position, which stands, without the link's
  // ply and sel.
  useEffect(() => {
    const { fen, error: bad } = linkFen(initial?.fen);
    setLinkError(bad);
    if (!linked.current) return;
    const start = fen ?? ENDINGS[1][1];
    setFenText(start);
    boardRef.current = readFen(start);
    show(start, { link: true }).then((a) => {
      if (!a) return;
      if (initial?.side === 'w' || initial?.side === 'b') setSide(initial.side);
    });
  }, []);

  const board = pos ? readFen(pos.fen) : null;
  boardRef.current = board ?? boardRef.current;
  const layers = livePly ?? model?.perPly ?? [];
  const top = Math.max(0, layers.length - 1);
  const cursor = store.cursor.value;
  const playing = store.playing.value;
  const ply = progress || !model ? top : model.plyAt(cursor);

  // The URL follows the position, the mapped piece and the ply cursor (not
  // while the layers play: the pause shares); the shell gets the store for
  // the exports and an embed's host.
  useEffect(() => {
    if (!pos || !onShare || playing) return;
    const params = { fen: pos.fen };
    if (mapSq >= 0) params.sel = squareName(mapSq);
    if (model && cursor !== model.count) params.ply = String(cursor);
    if (side) params.side = side;
    if (graphOn) params.view = 'board,histogram,graph';
    onShare(params, { store });
  }, [pos, mapSq, cursor, side, playing, model, graphOn]);

  // The DTM map of the mapped piece: the position with that piece on each square.
  useEffect(() => {
    if (!pos || mapSq < 0 || !board?.pieces[mapSq]) {
      setMap(null);
      return;
    }
    const fens = [];
    const where = [];
    for (let t = 0; t < 64; t++) {
      if (t !== mapSq && board.pieces[t]) continue;
      const pieces = board.pieces.slice();
      pieces[t] = pieces[mapSq];
      if (t !== mapSq) pieces[mapSq] = '';
      fens.push(writeFen({ pieces, stm: board.stm, ep: -1 }));
      where.push(t);
    }
    let live = true;
    store.model.peek()?.setMap(null);
    ask({ op: 'map', fens }).then(
      (r) => {
        if (!live) return;
        const answers = Array(64).fill(null);
        where.forEach((t, i) => (answers[t] = r.answers[i]));
        setMap({ fen: pos.fen, sq: mapSq, answers });
        store.model.peek()?.setMap(answers);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [pos, mapSq]);

  // The state graph's positions, once it is shown and its table built: the table's bytes from the worker.
  useEffect(() => {
    if (!views.has('graph') || !model || progress || graph?.material === model.material) return undefined;
    let live = true;
    ask({ op: 'values', material: model.material }).then(
      (r) => {
        if (!live) return;
        setGraph(chessGraphOf(r));
      },
      (e) => {
        if (live && !isAbort(e)) setError(errorWords(e, 'the position'));
      },
    );
    return () => {
      live = false;
    };
  }, [views.has('graph'), model, progress]);

  // The board's position as a point of the state graph (its selection), or -1.
  const graphPoint = useMemo(() => (graph && pos && views.has('graph') ? pointOfFen(graph, pos.fen) : -1), [graph, pos, views.has('graph')]);

  // The table's side answers at once in a game against it.
  useEffect(() => {
    if (!pos || !side || busy || board.stm === side || !pos.answer?.best || pos.material === 'KK') return;
    const before = pos.fen;
    show(playUci(before, pos.answer.best), { keepHistory: true, from: before });
  }, [pos, side, busy]);

  const moves = pos?.answer?.moves ?? [];
  const sorted = useMemo(() => [...moves].sort((a, b) => rank(b) - rank(a)), [pos]);
  const yourTurn = !side || board?.stm === side;
  const over = pos && moves.length === 0;

  const play = (uci) => {
    if (busy || !pos) return;
    show(playUci(pos.fen, uci), { keepHistory: true, from: pos.fen });
  };
  const onSquare = (sq) => {
    if (!board) return;
    const p = board.pieces[sq];
    if (picked >= 0) {
      const mv = moves.filter((m) => squareOf(m.uci.slice(0, 2)) === picked && squareOf(m.uci.slice(2, 4)) === sq);
      if (mv.length && yourTurn) {
        // a promotion: the best of the four, the list below offers each
        play(mv.sort((a, b) => rank(b) - rank(a))[0].uci);
        return;
      }
    }
    if (p) {
      setPicked(sq === picked ? -1 : sq);
      setMapSq(sq);
    } else setPicked(-1);
  };
  const undo = () => {
    if (!history.length || busy) return;
    // against the table, back to the user's own turn
    let k = history.length - 1;
    if (side && readFen(history[k]).stm !== side && k > 0) k--;
    const fen = history[k];
    setHistory((h) => h.slice(0, k));
    show(fen, { keepHistory: true });
  };
  const why = async () => {
    if (!pos) return;
    const start = pos.fen;
    let fen = start;
    let a = pos.answer;
    const steps = [];
    setBusy(true);
    try {
      while (a?.best && a.outcome !== 'draw' && steps.length < MAX_LINE) {
        const next = playUci(fen, a.best);
        const r = await ask({ op: 'probe', fen: next });
        steps.push({ uci: a.best, san: san(fen, a.best, a.moves.map((m) => m.uci), r.moves.length === 0 && r.outcome === 'loss'), fen: next });
        fen = next;
        a = r;
      }
    } catch (e) {
      if (!isAbort(e)) setError(errorWords(e, 'the position'));
      return;
    } finally {
      setBusy(false);
    }
    const b = readFen(start);
    const result = pos.answer.outcome === 'draw' ? '1/2-1/2' : (pos.answer.outcome === 'win') === (b.stm === 'w') ? '1-0' : '0-1';
    setLine({ fen: start, moves: steps, result, pgn: pgn(start, steps.map((s) => s.san), steps.length ? result : '*') });
  };
  const downloadPgn = () => {
    const url = URL.createObjectURL(new Blob([line.pgn], { type: 'application/x-chess-pgn' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `perfect-play-${pos.material}.pgn`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  // What the trace's JSON names: the position and the mapped piece.
  useEffect(() => {
    model?.setView({ fen: pos?.fen ?? null, selected: mapSq, piece: mapSq >= 0 ? (board?.pieces[mapSq] ?? null) : null });
  }, [model, pos, mapSq]);

  const targets = picked >= 0 && yourTurn ? moves.filter((m) => squareOf(m.uci.slice(0, 2)) === picked).map((m) => squareOf(m.uci.slice(2, 4))) : [];
  const last = history.length && pos ? lastMoveOf(history[history.length - 1], pos.fen) : null;
  const mapAnswers = map && pos && map.fen === pos.fen && map.sq === mapSq ? map.answers : null;
  const shown = (a) => (a.outcome === 'draw' ? ply >= top : a.plies <= ply);
  const state = progress ? 'building' : error && !pos ? 'error' : pos ? 'ready' : 'loading';

  return (
    <main
      class={`chess-app ${embed ? 'chess-app--embed' : ''}`}
      data-testid="chess-app"
      data-state={state}
      data-busy={busy ? 'true' : 'false'}
      data-fen={pos?.fen}
      data-answer={pos ? answerWords(pos.answer) : undefined}
      data-table={table?.material}
      data-build-ms={table?.built ? Math.round(table.buildMs) : undefined}
      data-runs={runs}
      data-ply={ply}
      data-top={top}
      data-playing={playing ? 'true' : 'false'}
      data-map={mapAnswers ? squareName(mapSq) : ''}
    >
      {linkError && (
        <p class="chess-error" role="alert" data-testid="chess-link-error">
          {linkError}
        </p>
      )}
      {!embed && (
        <form
          class="chess-input"
          onSubmit={(e) => {
            e.preventDefault();
            if (busy) return;
            setSide('');
            setMapSq(-1);
            show(fenText.trim());
          }}
        >
          <label>
            Ending{' '}
            <select
              data-testid="chess-material"
              value={ENDINGS.find(([, f]) => f === pos?.fen)?.[0] ?? ''}
              onChange={(e) => {
                const f = ENDINGS.find(([m]) => m === e.currentTarget.value)?.[1];
                if (!f || busy) return;
                setFenText(f);
                setSide('');
                setMapSq(-1);
                show(f);
              }}
            >
              <option value="">(pick one)</option>
              {ENDINGS.map(([m]) => (
                <option value={m}>{m}</option>
              ))}
            </select>
          </label>
          <label class="chess-input__fen">
            FEN{' '}
            <input
              type="text"
              value={fenText}
              spellcheck={false}
              autocomplete="off"
              data-testid="chess-fen"
              onInput={(e) => setFenText(e.currentTarget.value)}
            />
          </label>
          <button type="submit" disabled={busy} data-testid="chess-solve">
            Solve
          </button>
          <label class="chess-input__view">
            <input type="checkbox" checked={graphOn} onChange={(e) => setGraphOn(e.currentTarget.checked)} data-testid="chess-view-graph" /> State graph
          </label>
        </form>
      )}
      {error && (
        <p class="chess-error" role="alert" data-testid="chess-error">
          {error}
        </p>
      )}
      <div class="chess-main">
        {views.has('board') && (
          <div class="chess-main__board" data-export-frame="board">
            {board && (
              <ChessBoard
                pieces={board.pieces}
                flipped={side === 'b'}
                picked={picked}
                targets={targets}
                lastMove={last}
                map={mapAnswers}
                shown={shown}
                onSquare={onSquare}
              />
            )}
            {pos && (
              <p class="chess-answer" data-testid="chess-answer" aria-live="polite">
                <strong>{board.stm === 'w' ? 'White' : 'Black'} to move:</strong> {answerWords(pos.answer)}
                {pos.answer.best && (
                  <>
                    {' '}
                    (best: <code>{san(pos.fen, pos.answer.best, moves.map((m) => m.uci))}</code>)
                  </>
                )}
                <span class="chess-answer__table"> · table {pos.material}</span>
              </p>
            )}
            {mapAnswers && (
              <p class="chess-map-legend" data-testid="chess-map-legend">
                DTM map of the {pieceName(board.pieces[mapSq])}: each square shows the result if it stood there, {board.stm === 'w' ? 'white' : 'black'} to
                move (+N: mates in N moves, −N: mated in N moves, =: draw), as far as ply {ply} of the BFS has decided.
              </p>
            )}
          </div>
        )}
        <div class="chess-side">
          {(views.has('histogram') || progress) && (
            <BuildPanel
              progress={progress}
              perPly={layers}
              cursor={progress ? null : ply}
              mark={pos?.answer?.plies ?? null}
              onCancel={worker.cancel}
              onPly={(k) => store.seek(k)}
            />
          )}
          {model && !progress && (
            <div class="chess-trace" tabIndex={0} aria-label="BFS layers: arrow keys step, Space plays" data-testid="chess-trace">
              {(embed?.controls ?? 'full') !== 'none' && <PlayerControls store={store} variant={embed?.controls ?? 'full'} />}
              {views.has('board') && pos?.answer?.plies != null && (
                <p class="chess-ply-note" data-testid="chess-ply-text">
                  The position shown is decided at ply {pos.answer.plies}
                  {pos.answer.plies <= ply ? ' (decided by the cursor\'s ply)' : ''}.
                </p>
              )}
              {table && views.has('histogram') && (
                <p class="chess-table-facts">
                  {table.material}: {formatCount((table.positions?.white ?? 0) + (table.positions?.black ?? 0))} positions
                  {table.longest?.white ? `, longest mate ${table.longest.white.moves} moves (white)` : ''}
                  {table.longest?.black ? `, ${table.longest.black.moves} moves (black)` : ''}
                  {table.built ? `; built in ${formatMs(table.buildMs)} with ${table.built - 1} conversion table${table.built === 2 ? '' : 's'}` : '; from the cache'}
                </p>
              )}
            </div>
          )}
          {pos && !embed && views.has('board') && (
            <section class="chess-play" aria-label="Play" data-testid="chess-play">
              <div class="chess-play__bar">
                <label>
                  You play{' '}
                  <select
                    value={side}
                    data-testid="chess-side"
                    onChange={(e) => {
                      setSide(e.currentTarget.value);
                      setPicked(-1);
                    }}
                  >
                    <option value="">both sides (explore)</option>
                    <option value="w">White, the table Black</option>
                    <option value="b">Black, the table White</option>
                  </select>
                </label>
                <button type="button" onClick={undo} disabled={!history.length || busy} data-testid="chess-undo">
                  Undo
                </button>
                <button type="button" onClick={why} disabled={busy || !pos.answer.best || pos.answer.outcome === 'draw'} data-testid="chess-why">
                  Why?
                </button>
              </div>
              {over && (
                <p data-testid="chess-over">
                  {pos.answer.outcome === 'loss' ? 'Checkmate.' : pos.material === 'KK' ? 'Bare kings: a draw.' : 'Stalemate: a draw.'}
                </p>
              )}
              {!over && pos.material === 'KK' && <p data-testid="chess-over">Bare kings: a draw.</p>}
              <ol class="chess-moves" aria-label="Legal moves, best first" data-testid="chess-moves">
                {sorted.map((m) => (
                  <li>
                    <button
                      type="button"
                      class={`chess-move chess-move--${m.outcome}`}
                      disabled={busy || !yourTurn}
                      data-uci={m.uci}
                      data-outcome={m.outcome}
                      data-dtm={m.dtm ?? ''}
                      onClick={() => play(m.uci)}
                    >
                      <code>{san(pos.fen, m.uci, moves.map((x) => x.uci))}</code> <span>{moveWords(m)}</span>
                    </button>
                  </li>
                ))}
              </ol>
              {line && line.fen === pos.fen && (
                <div class="chess-line" data-testid="chess-line" data-plies={line.moves.length}>
                  <p>
                    {line.moves.length ? 'The line to mate, each side playing perfectly:' : 'No line: the position is over.'}{' '}
                    {line.moves.map((s, i) => (
                      <button
                        type="button"
                        class="chess-line__move"
                        data-testid="chess-line-move"
                        onClick={() => {
                          const before = [line.fen, ...line.moves.slice(0, i).map((x) => x.fen)];
                          setHistory((h) => [...h, ...before]);
                          show(s.fen, { keepHistory: true });
                        }}
                      >
                        {s.san}
                      </button>
                    ))}
                  </p>
                  <textarea readOnly rows="4" aria-label="The line as PGN" data-testid="chess-pgn" value={line.pgn} />
                  <button type="button" onClick={downloadPgn} data-testid="chess-pgn-download">
                    Download PGN
                  </button>
                </div>
              )}
            </section>
          )}
        </div>
      </div>
      {views.has('graph') && (
        <div class="panel chess-graph-panel">
          <ChessGraph
            store={store}
            graph={graph?.material === model?.material ? graph : null}
            selected={graphPoint}
            note={progress || !model ? 'Building the table…' : null}
            onSelect={(p) => {
              if (busy || !graph) return;
              const fen = fenOfEntry(graph.material, graph.entry[p]);
              setFenText(fen);
              setSide('');
              setMapSq(-1);
              show(fen);
            }}
          />
        </div>
      )}
    </main>
  );
}

/** The squares of the move from fen `a` to fen `b` (for the highlight), or null. */
function lastMoveOf(a, b) {
  const x = readFen(a);
  const y = readFen(b);
  if (!x || !y) return null;
  const mine = (p) => p && (p === p.toUpperCase()) === (x.stm === 'w');
  let from = -1;
  let to = -1;
  for (let s = 0; s < 64; s++) {
    if (mine(x.pieces[s]) && !y.pieces[s]) from = s;
    if (mine(y.pieces[s]) && y.pieces[s] !== x.pieces[s]) to = s;
  }
  return from >= 0 && to >= 0 ? [from, to] : null;
}
