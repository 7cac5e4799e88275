import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { isAbort } from '../../engine/client.js';
import { errorWords, isInternal } from '../../lib/failure.js';
import { usePlayerKeys } from '../../hooks/use-player-keys.js';
import { IN_ORDER, useWorker } from '../../hooks/use-worker.js';
import { viewsOf } from '../../hooks/use-view-state.js';
import { playUci, readFen, squareName } from '../../lib/chess.js';
import { createPlayerStore } from '../../player/store.js';
import { BuildPanel } from './build-panel.jsx';
import { ChessGraphPanel, useChessGraph } from './chess-graph-panel.jsx';
import { ChessInput, ENDINGS, linkFen } from './chess-input.jsx';
import { ChessPlay } from './chess-play.jsx';
import { ChessPosition } from './chess-position.jsx';
import { ChessTrace } from './chess-trace.jsx';
import { answerWords } from './chess-words.js';
import { useChessTable } from './use-chess-table.js';
import { useDtmMap } from './use-dtm-map.js';
import './chess-app.css';

const PLIES_PER_SECOND = 3; // the player's speed for a table's layers, unless an embed asks for another
// The views (an embed's `view` picks among them): the board (with the
// answer and the moves), the histogram (the BFS layers), the state graph;
// the player's controls go with any of them.
const DEFAULT_VIEWS = new Set(['board', 'histogram']);

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
  const ask = (request, progress) => worker.ask(request, { progress });
  const [fenText, setFenText] = useState('');
  const [pos, setPos] = useState(null); // { fen, answer, material }
  const [error, setError] = useState(null);
  const [linkError, setLinkError] = useState(null);
  const [history, setHistory] = useState([]); // fens before pos, for Undo
  const [side, setSide] = useState(''); // '' explore, 'w' or 'b': the user's side against the table
  const [busy, setBusy] = useState(false);
  const [runs, setRuns] = useState(0);
  const store = useMemo(() => {
    const s = createPlayerStore();
    s.setSpeed(embed?.speed ?? PLIES_PER_SECOND);
    return s;
  }, []);
  usePlayerKeys(store);
  const model = store.model.value; // the table's layers (chess-model.js), or null
  const mapSq = store.selected.value; // the mapped piece's square, or -1
  const setMapSq = store.select;
  const boardRef = useRef(null);
  const build = useChessTable({ store, initial, embed, boardRef });
  const { table, progress } = build;
  // The views shown: an embed's `view`, else the page's (board and layers, and the state graph when asked).
  const [graphOn, setGraphOn] = useState(() => Boolean(viewsOf(initial?.view)?.has('graph')));
  const views = embed ? (embed.views ?? DEFAULT_VIEWS) : new Set([...DEFAULT_VIEWS, ...(graphOn ? ['graph'] : [])]);

  /** Shows fen: builds its table if needed (progress), then its answer. */
  const show = async (fen, { keepHistory = false, from = null, link = false } = {}) => {
    if (!link) build.linked.current = false; // the reader's position: the link's ply and sel are not for its table
    setError(null);
    setBusy(true);
    try {
      const r = await ask({ op: 'build', fen }, build.hear);
      build.done();
      build.take(r, fen);
      if (!keepHistory) setHistory([]);
      else if (from) setHistory((h) => [...h, from]);
      setPos({ fen, answer: r.answer, material: r.material });
      setRuns((n) => n + 1);
      return r.answer;
    } catch (e) {
      build.done();
      if (isInternal(e)) setPos(null); // no answer left looking like this position's
      if (!isAbort(e)) setError(errorWords(e, 'the position'));
      else setError('Cancelled: the table was not built.');
      return null;
    } finally {
      setBusy(false);
    }
  };
  /** A position the reader asks for (an ending, a FEN, a point of the graph): explored from both sides, no piece mapped. */
  const askFor = (fen) => {
    setSide('');
    setMapSq(-1);
    show(fen);
  };

  // The link's position, or the first ending's. This effect runs after the
  // first paint: a reader who picked an ending in between (linked is false
  // then) has asked for a newer position, which stands, without the link's
  // ply and sel.
  useEffect(() => {
    const { fen, error: bad } = linkFen(initial?.fen);
    setLinkError(bad);
    if (!build.linked.current) return;
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
  const layers = build.livePly ?? model?.perPly ?? [];
  const top = Math.max(0, layers.length - 1);
  const cursor = store.cursor.value;
  const playing = store.playing.value;
  const ply = progress || !model ? top : model.plyAt(cursor);

  // The URL follows the position, the mapped piece and the ply cursor (not
  // while the layers play: the pause shares); the shell gets the store for
  // the exports and an embed's host; as the render commits, so a Share
  // opened on the next key links what is on screen.
  useLayoutEffect(() => {
    if (!pos || !onShare || playing) return;
    const params = { fen: pos.fen };
    if (mapSq >= 0) params.sel = squareName(mapSq);
    if (model && cursor !== model.count) params.ply = String(cursor);
    if (side) params.side = side;
    if (graphOn) params.view = 'board,histogram,graph';
    onShare(params, { store });
  }, [pos, mapSq, cursor, side, playing, model, graphOn]);

  const mapAnswers = useDtmMap({ pos, board, sq: mapSq, store, ask });
  const graph = useChessGraph({ shown: views.has('graph'), model, building: Boolean(progress), pos, ask, onError: setError });

  // The table's side answers at once in a game against it.
  useEffect(() => {
    if (!pos || !side || busy || board.stm === side || !pos.answer?.best || pos.material === 'KK') return;
    const before = pos.fen;
    show(playUci(before, pos.answer.best), { keepHistory: true, from: before });
  }, [pos, side, busy]);

  const moves = pos?.answer?.moves ?? [];
  const yourTurn = !side || board?.stm === side;

  const play = (uci) => {
    if (busy || !pos) return;
    show(playUci(pos.fen, uci), { keepHistory: true, from: pos.fen });
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
  // What the trace's JSON names: the position and the mapped piece.
  useEffect(() => {
    model?.setView({ fen: pos?.fen ?? null, selected: mapSq, piece: mapSq >= 0 ? (board?.pieces[mapSq] ?? null) : null });
  }, [model, pos, mapSq]);

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
      {!embed && <ChessInput fen={pos?.fen} fenText={fenText} onFenText={setFenText} busy={busy} graphOn={graphOn} onGraphOn={setGraphOn} onAsk={askFor} />}
      {error && (
        <p class="chess-error" role="alert" data-testid="chess-error">
          {error}
        </p>
      )}
      <div class="chess-main">
        {views.has('board') && (
          <ChessPosition
            pos={pos}
            runs={runs}
            board={board}
            before={history[history.length - 1]}
            side={side}
            yourTurn={yourTurn}
            mapSq={mapSq}
            mapAnswers={mapAnswers}
            ply={ply}
            shown={shown}
            onMap={setMapSq}
            onPlay={play}
          />
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
            <ChessTrace
              store={store}
              controls={embed?.controls ?? 'full'}
              plies={views.has('board') ? pos?.answer?.plies : null}
              ply={ply}
              table={views.has('histogram') ? table : null}
            />
          )}
          {pos && !embed && views.has('board') && (
            <ChessPlay
              pos={pos}
              runs={runs}
              side={side}
              onSide={setSide}
              yourTurn={yourTurn}
              busy={busy}
              onBusy={setBusy}
              onError={setError}
              ask={ask}
              onPlay={play}
              canUndo={history.length > 0}
              onUndo={undo}
              onJump={(before, fen) => {
                setHistory((h) => [...h, ...before]);
                show(fen, { keepHistory: true });
              }}
            />
          )}
        </div>
      </div>
      {views.has('graph') && (
        <ChessGraphPanel
          store={store}
          graph={graph.graph}
          point={graph.point}
          material={model?.material}
          building={Boolean(progress || !model)}
          busy={busy}
          onAsk={(fen) => {
            setFenText(fen);
            askFor(fen);
          }}
        />
      )}
    </main>
  );
}
