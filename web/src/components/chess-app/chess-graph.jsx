import { useMemo, useRef, useState } from 'preact/hooks';
import { useWidth } from '../../hooks/use-width.js';
import { chessStateGraph, fenOfEntry, layoutChessGraph, winnerOf } from '../../lib/chess-graph.js';
import { formatCount } from '../../lib/format.js';
import { nextNode } from '../../lib/state-graph.js';
import { ZOOM_MIN } from '../../lib/zoom.js';
import { PointsDrawing } from '../state-graph/points-drawing.jsx';
import { ZoomPan } from '../zoom-pan/index.jsx';
import '../state-graph/state-graph.css';

const MOVE_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);
const WORDS = { win0: 'white wins', win1: 'black wins', draw: 'draw', undecided: 'not decided yet' };

/** A position's result in words, from the side to move's view, as the table has it. */
function resultWords(graph, p) {
  const ply = graph.ply[p];
  if (ply === 255) return 'a draw';
  if (ply === 0) return 'checkmated';
  return ply % 2 ? `mates in ${(ply + 1) / 2} (ply ${ply})` : `mated in ${ply / 2} (ply ${ply})`;
}

/**
 * A chess table as a state graph: every position of the table a point (the
 * points view of components/state-graph: WebGL or a canvas of pixels),
 * laid out by the ply at which the BFS decides it (lib/chess-graph.js),
 * coloured at the player's cursor as the table is built from the mates
 * backwards (the model, player/chess-model.js, holds the picture); the
 * positions decided at the cursor's ply are the queue's frontier. A click
 * (or Enter on the keyboard's point) selects a position: onSelect(p), and
 * the page shows it on the board. The section carries what tests read
 * (data-positions, data-selected, data-selected-fen, data-looks) and
 * element.ppChess: the table's own plies and sides to move, by position.
 *
 *   graph     lib/chess-graph.js chessGraphOf, or null while it is read
 *   selected  the selected position, or -1
 */
export function ChessGraph({ store, graph, selected = -1, onSelect, note = null }) {
  const section = useRef(null);
  const box = useRef(null);
  const width = useWidth(section);
  const model = store.model.value;
  const cursor = store.cursor.value;
  const layout = useMemo(() => (graph ? layoutChessGraph(graph) : null), [graph]);
  const sg = useMemo(() => (graph ? chessStateGraph(graph) : null), [graph]);
  // The model holds the picture: attached to this graph at the cursor (once a model).
  useMemo(() => {
    if (model && graph && model.graph !== graph && model.material === graph.material) model.attachGraph(graph, store.cursor.peek());
  }, [model, graph]);
  const [pointed, setPointed] = useState(null); // { v, by: 'pointer' | 'key', graph }
  const focus = pointed?.graph === graph ? pointed.v : -1;
  const ready = Boolean(graph && model?.graph === graph && layout);

  if (!ready) {
    return (
      <section class="sg chess-graph" aria-label="State graph" data-testid="chess-graph" data-state="loading" ref={section}>
        <h2 class="panel-title">State graph</h2>
        <p class="sg__note">{note ?? 'Reading the table…'}</p>
      </section>
    );
  }
  const done = cursor >= model.count;
  const zeroIsDraw = done;
  const d = model.decided;
  const looks = { white: d.first, black: d.second, draw: done ? graph.n - d.first - d.second : 0, undecided: done ? 0 : graph.n - d.first - d.second };
  const queued = graph.start[Math.min(cursor, graph.top) + 1] - graph.start[Math.min(cursor, graph.top)];
  const fenOf = (p) => fenOfEntry(graph.material, graph.entry[p]);
  const lookNow = (p) => {
    const v = model.values[p];
    return v === 1 ? 'win0' : v === 2 ? 'win1' : done ? 'draw' : 'undecided';
  };
  const describe = (p) => {
    const parts = [fenOf(p), `${graph.entry[p] % 2 ? 'black' : 'white'} to move`, resultWords(graph, p)];
    parts.push(`at ply ${cursor}: ${WORDS[lookNow(p)]}${model.inQueue(p) ? ', in the queue' : ''}`);
    return parts.join(' · ');
  };
  const paint = {
    sg,
    layout,
    frontier: [],
    event: [],
    eventEdge: null,
    selected,
    parents: [],
    focus,
    start: -1,
    cursor,
  };
  const onPoint = (v) =>
    setPointed((f) => {
      if (v < 0) return f?.by === 'pointer' ? null : f;
      if (f?.graph === graph && f.v === v) return f;
      return { v, by: 'pointer', graph };
    });
  const onKey = (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if ((e.key === 'Enter' || e.key === ' ') && focus >= 0) {
      e.preventDefault();
      onSelect(focus);
      return;
    }
    if (!MOVE_KEYS.has(e.key)) return;
    const to = nextNode(layout, focus >= 0 ? focus : selected, e.key);
    if (to === null) return;
    e.preventDefault();
    setPointed({ v: to, by: 'key', graph });
  };
  const onBlur = () => setPointed((f) => (f?.by === 'key' ? null : f));
  const fit = width > 0 ? Math.min(1, Math.max(0.002, (width - 4) / layout.width)) : 1;
  const label = `State graph of ${graph.material}: ${formatCount(graph.n)} positions in ${layout.rows.length} layers by the ply that decides them. At ply ${cursor}: ${formatCount(d.first + d.second)} decided, ${formatCount(queued)} in the queue. Arrow keys walk the positions, Enter shows one on the board.`;
  const shown = focus >= 0 ? focus : selected;
  // For tests: the table's own facts by position, read from its bytes (not from the drawing).
  const facts = {
    n: graph.n,
    plyOf: (p) => graph.ply[p],
    whiteToMove: (p) => graph.entry[p] % 2 === 0,
    winnerOf: (p) => winnerOf(graph, p),
    fenOf,
    count: model.count,
  };
  return (
    <section
      ref={(el) => {
        section.current = el;
        if (el) el.ppChess = facts;
      }}
      class="sg chess-graph"
      aria-label="State graph"
      data-testid="chess-graph"
      data-state="drawn"
      data-material={graph.material}
      data-positions={graph.n}
      data-selected={selected}
      data-selected-fen={selected >= 0 ? fenOf(selected) : ''}
      data-looks={`white:${looks.white} black:${looks.black} draw:${looks.draw} undecided:${looks.undecided}`}
    >
      <h2 class="panel-title">State graph: {graph.material}</h2>
      <p class="sg__status" data-testid="chess-graph-status">
        {formatCount(graph.n)} positions · ply {cursor}: {formatCount(d.first + d.second)} decided (white wins {formatCount(d.first)}, black wins{' '}
        {formatCount(d.second)}
        {looks.draw ? `, draws ${formatCount(looks.draw)}` : ''}) · {formatCount(queued)} in the queue
      </p>
      {width > 0 && (
        <div class="chess-graph__frame" data-export-frame="state graph">
          <ZoomPanPoints fit={fit} box={box}>
            {(scale) => (
              <PointsDrawing
                scale={scale}
                box={box}
                paint={paint}
                model={model}
                zeroIsDraw={zeroIsDraw}
                nameOf={(v) => fenOf(v).split(' ')[0]}
                label={label}
                onSelect={onSelect}
                onPoint={onPoint}
                onKey={onKey}
                onBlur={onBlur}
              />
            )}
          </ZoomPanPoints>
        </div>
      )}
      <p class="sg__readout" data-testid="chess-graph-readout" data-node={shown}>
        {shown >= 0 ? describe(shown) : 'Point at a position, or focus the drawing and use the arrow keys; a click shows it on the board.'}
      </p>
      <ul class="sg__legend" aria-label="State graph legend">
        {['win0', 'win1', 'draw', 'undecided'].map((k) => (
          <li key={k}>
            <span class={`sg__key sg__key--fill sg__key--${k}`} aria-hidden="true" />
            {WORDS[k]}
          </li>
        ))}
        <li>
          <span class="sg__key sg__key--square" aria-hidden="true" />
          checkmated (a seed)
        </li>
        <li>
          <span class="sg__key sg__key--frontier" aria-hidden="true" />
          in the queue (decided at the cursor's ply)
        </li>
      </ul>
      <details class="sg__layers" data-testid="chess-graph-layers">
        <summary>The {layout.rows.length} layers by ply</summary>
        <ol>
          {layout.rows.map((row) => (
            <li key={row.layer}>
              {row.name}: {formatCount(row.size)} {row.size === 1 ? 'position' : 'positions'}
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}

/** The zoom box of the points, fitted to the panel's width first. */
function ZoomPanPoints({ fit, box, children }) {
  return (
    <ZoomPan label="State graph" testid="chess-graph" boxClass="sg__box" boxRef={box} min={Math.min(ZOOM_MIN, fit / 2)} initial={fit}>
      {children}
    </ZoomPan>
  );
}
