import { Fragment } from 'preact';
import { useMemo, useRef, useState } from 'preact/hooks';
import { drawStateGraph, readGraphPalette } from '../../lib/draw-state-graph.js';
import { formatCount } from '../../lib/format.js';
import {
  bfsDepth,
  stateGraphOfArrays,
  detailed,
  drawable,
  frontierOf,
  layersOf,
  layoutStateGraph,
  lookOf,
  nextNode,
  POINT_LIMIT,
  reverseEdges,
  spacingFor,
} from '../../lib/state-graph.js';
import { ZOOM_MIN } from '../../lib/zoom.js';
import { useWidth } from '../../hooks/use-width.js';
import { EV, kindAt, argA, argB } from '../../player/events.js';
import { zeroIsDrawFor } from '../outcome-grid/index.jsx';
import { ZoomPan } from '../zoom-pan/index.jsx';
import { usePointsLayout } from './use-points-layout.js';
import { extentOf, markFocus, nodeUnder, topCanvasProps, useVisible } from './canvas-parts.js';
import { lazyComponent } from '../../hooks/use-loaded.jsx';
import './state-graph.css';

// The points' drawing (WebGL, or a canvas of pixels) is fetched when a graph
// is first drawn as points, so a small graph's page and embeds ship without it.
const PointsDrawing = lazyComponent(() => import('./points-drawing.jsx').then((m) => m.PointsDrawing), 'the points');

const DEFAULT_WORDS = { win0: 'player 0 wins', win1: 'player 1 wins', draw: 'draw', undecided: 'undecided', invalid: 'not a state' };
const MOVE_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

/**
 * The state graph: every state a node, every move an edge, laid out in
 * layers (by depth from the start, or by remoteness: the reader switches),
 * coloured at the player's cursor, so stepping through a retrograde trace
 * shows the seeds (squares: the game is over there) coloured first, then the
 * wave moving backwards; the queue's frontier is ringed. On a canvas the
 * size of the visible part (lib/draw-state-graph.js), zoomed and panned by
 * ZoomPan. Keyboard: arrows walk the nodes (Up/Down a row), Enter selects
 * (everywhere: the store's selection), and a live line reads the node.
 *
 * Up to NODE_LIMIT states (state-graph.js detailed()) every state is a
 * circle or a square and every move a line (lib/draw-state-graph.js);
 * beyond, up to POINT_LIMIT, every state is a point drawn by WebGL or, where
 * WebGL is missing, a canvas of pixels (lib/draw-points.js), with the
 * selected state's moves and its parents', and the states' names once
 * zoomed in far enough. Both read one model, the store's. The points'
 * layout (every O(states) step: depth, reverse edges, layers, positions) is
 * built by a worker (use-points-layout.js); meanwhile the panel says so.
 *
 *   sg      the state graph (lib/state-graph.js), or a graph the layout
 *           worker builds itself: { count, source } with source
 *           { kind: 'catmouse', n, offsets, adjacency } (lib/points-layout.js);
 *           one object a graph (memoized): a new one is laid out anew
 *   final   the finished answer per state id { values, remoteness }, for the
 *           remoteness layers (the layout never moves while playing)
 *   nameOf  (state id) -> its name; words: what each look means in words
 *   tone    optional { toneOf(state id) -> [0, 1], role, loText, hiText }:
 *           a decided state's fill on a continuous scale (value-scale.js)
 *           instead of its look's, with the scale in the legend (the
 *           detailed drawing; points keep the looks)
 * Too big to draw (drawable()): a sentence, and `fallback` if given; drawn
 * as points, the layers as a list and `fallback` below the drawing (a layer
 * histogram, a slider screen readers use, when the model plays by layers).
 */
export function StateGraph({ store, sg, final, nameOf = (s) => `state ${s}`, words = DEFAULT_WORDS, theme, by: byProp, onBy, fallback = null, tone = null }) {
  const [ownBy, setOwnBy] = useState('depth');
  const by = byProp ?? ownBy;
  const setBy = (b) => (onBy ? onBy(b) : setOwnBy(b));
  const model = store.model.value;
  const cursor = store.cursor.value;
  const selectedState = store.selected.value;
  const built = Boolean(sg?.source) && sg.count <= POINT_LIMIT;
  const ok = built || drawable(sg);
  const small = ok && !built && detailed(sg);
  const layers = by === 'remoteness' && final ? 'remoteness' : 'depth';
  // Detailed graphs are laid out here (a few thousand states); points by the layout worker.
  const depth = useMemo(() => (small ? bfsDepth(sg) : null), [sg, small]);
  const rev = useMemo(() => (small ? reverseEdges(sg) : null), [sg, small]);
  // A request a graph and layering: keyed on the arrays, so a `final` made anew each render asks nothing new.
  const values = layers === 'remoteness' ? final.values : null;
  const remoteness = layers === 'remoteness' ? final.remoteness : null;
  const request = useMemo(() => {
    if (!ok || small) return null;
    const graph = built ? sg.source : { kind: 'csr', count: sg.count, state: sg.state, offsets: sg.offsets, targets: sg.targets, start: sg.start };
    return { job: { graph, by: layers, final: values ? { values, remoteness } : null } };
  }, [sg, ok, small, layers, values, remoteness]);
  const laid = usePointsLayout(request);
  const answer = laid?.answer ?? null;
  // The graph the worker built (Cat and Mouse), with its state lookup.
  const drawn = useMemo(() => (answer?.graph ? stateGraphOfArrays(answer.graph) : sg), [answer, sg]);

  if (!sg) {
    return (
      <section class="sg" aria-label="State graph" data-testid="state-graph">
        <h2 class="panel-title">State graph</h2>
        <p class="sg__note">Not solved yet.</p>
      </section>
    );
  }
  const tooBig = !ok ? { count: sg.count, edges: sg.targets ? sg.targets.length : -1 } : answer?.tooBig;
  if (tooBig || laid?.error) {
    return (
      <section class="sg" aria-label="State graph" data-testid="state-graph" data-drawn="false" data-nodes={sg.count}>
        <h2 class="panel-title">State graph</h2>
        {laid?.error ? (
          <p class="sg__note" data-testid="state-graph-too-big">
            {formatCount(sg.count)} states: the layout failed ({laid.error}). The layers and the selected state's neighbourhood show the solve instead.
          </p>
        ) : (
          <p class="sg__note" data-testid="state-graph-too-big">
            {formatCount(tooBig.count)} states{tooBig.edges >= 0 ? ` and ${formatCount(tooBig.edges)} moves` : ''}: too many to draw one by one. The layers and
            the selected state's neighbourhood show the solve instead.
          </p>
        )}
        {fallback}
      </section>
    );
  }
  if (!small && !answer) {
    return (
      <section class="sg" aria-label="State graph" data-testid="state-graph" data-drawn="pending" data-nodes={sg.count}>
        <h2 class="panel-title">State graph</h2>
        <p class="sg__note" data-testid="state-graph-pending" role="status">
          Laying out {formatCount(sg.count)} states, one point each…
        </p>
        {model?.algo === 'layers' && fallback}
      </section>
    );
  }
  return (
    <StateGraphCanvas
      store={store}
      model={model}
      cursor={cursor}
      selectedState={selectedState}
      sg={drawn}
      rev={small ? rev : answer.rev}
      depth={small ? depth : answer.depth}
      given={small ? null : answer.layout}
      layers={layers}
      final={final}
      by={by}
      setBy={setBy}
      nameOf={nameOf}
      words={words}
      theme={theme}
      fallback={fallback}
      tone={tone}
    />
  );
}

function StateGraphCanvas({ store, model, cursor, selectedState, sg, rev, depth, given, layers, final, by, setBy, nameOf, words, theme, fallback, tone }) {
  const box = useRef(null);
  const section = useRef(null);
  const points = Boolean(given);
  // As many nodes a row as the panel's width holds at 100% (in steps of 8, so a small resize keeps the layout);
  // points: about twice as wide as tall, zoomed out to fit.
  const width = useWidth(section);
  const perRow = points ? 0 : width > 0 ? Math.max(6, Math.floor((width - 30) / spacingFor(sg.count) / 8) * 8) : 0;
  const own = useMemo(
    () => (points ? null : layoutStateGraph(sg, layersOf(sg, layers, { depth, final }), { perRow, rev })),
    [sg, layers, final, depth, perRow, points],
  );
  const layout = given ?? own;
  const [pointed, setFocus] = useState(null); // { v, by: 'pointer' | 'key', sg }
  const focus = pointed?.sg === sg ? pointed : null;
  const zeroIsDraw = zeroIsDrawFor(model, cursor);
  const values = model?.values ?? null;
  const selected = selectedState >= 0 ? sg.node(selectedState) : -1;

  // What the cursor shows: each node's look, the frontier, the current event.
  // Points: the renderer marks the frontier itself, state by state.
  const frontier = useMemo(() => {
    const out = [];
    if (points) return out;
    for (const s of frontierOf(model)) {
      const v = sg.node(s);
      if (v >= 0) out.push(v);
    }
    return out;
  }, [model, cursor, sg]);
  const event = [];
  let eventEdge = null;
  if (model && cursor > 0) {
    for (const s of model.touched(cursor - 1)) {
      const v = sg.node(s);
      if (v >= 0) event.push(v);
    }
    if (model.trace && kindAt(model.trace, cursor - 1) === EV.PARENT) {
      const a = sg.node(argA(model.trace, cursor - 1));
      const b = sg.node(argB(model.trace, cursor - 1));
      if (a >= 0 && b >= 0) eventEdge = [a, b];
    }
  }
  const lookAt = (v) => (values ? lookOf(values, sg.state[v], zeroIsDraw) : 'undecided');
  const tally = tallyOf(sg, model, lookAt, zeroIsDraw, points);
  const queued = points ? Math.max(0, (model?.tail ?? 0) - (model?.head ?? 0)) : frontier.length;
  const terminal = (v) => sg.offsets[v + 1] === sg.offsets[v];
  const paint = {
    sg,
    layout,
    lookAt,
    terminal,
    frontier,
    event,
    eventEdge,
    selected,
    parents: selected >= 0 ? rev.sources.subarray(rev.offsets[selected], rev.offsets[selected + 1]) : [],
    focus: focus ? focus.v : -1,
    start: sg.start,
    cursor,
    theme,
    toneOf: tone && !points ? (v) => tone.toneOf(sg.state[v]) : undefined,
  };
  const toned = Boolean(paint.toneOf);

  const select = (v) => store.select(sg.state[v]);
  const onPoint = (v) =>
    setFocus((f) => {
      if (v < 0) return f?.by === 'pointer' ? null : f;
      if (f?.sg === sg && f.v === v) return f;
      return { v, by: 'pointer', sg };
    });
  /** Scrolls the box so node v is in view at `scale`. */
  const reveal = (v, scale) => {
    const el = box.current;
    if (!el) return;
    const px = layout.x[v] * scale;
    const py = layout.y[v] * scale;
    const pad = layout.gap * scale;
    if (px - pad < el.scrollLeft) el.scrollLeft = Math.max(0, px - pad);
    else if (px + pad > el.scrollLeft + el.clientWidth) el.scrollLeft = px + pad - el.clientWidth;
    if (py - pad < el.scrollTop) el.scrollTop = Math.max(0, py - pad);
    else if (py + pad > el.scrollTop + el.clientHeight) el.scrollTop = py + pad - el.clientHeight;
  };
  const onKey = (e, scale) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return; // Shift+arrows: the player's
    if ((e.key === 'Enter' || e.key === ' ') && focus) {
      e.preventDefault();
      select(focus.v);
      return;
    }
    if (!MOVE_KEYS.has(e.key)) return;
    const to = nextNode(layout, focus ? focus.v : selected, e.key);
    if (to === null) return;
    e.preventDefault(); // the page's player keys stand aside (use-player-keys.js)
    setFocus({ v: to, by: 'key', sg });
    reveal(to, scale);
  };
  const onBlur = () => setFocus((f) => (f?.by === 'key' ? null : f));

  const frontierSet = new Set(frontier);
  const inQueue = (v) => (points ? Boolean(model?.inQueue?.(sg.state[v])) : frontierSet.has(v));
  const describe = (v) => {
    const s = sg.state[v];
    const look = lookAt(v);
    const r = model?.remote?.[s] ?? -1;
    const said = toned && look !== 'undecided' && tone.text ? `${tone.role}'s value ${tone.text(s)}` : (words[look] ?? look);
    const parts = [`${nameOf(s)}: ${said}${(look === 'win0' || look === 'win1') && r > 0 && !toned ? ` in ${r}` : ''}`];
    if (terminal(v)) parts.push('the game is over here');
    parts.push(depth[v] >= 0 ? `depth ${depth[v]}` : 'not reachable from the start');
    parts.push(`${sg.offsets[v + 1] - sg.offsets[v]} moves out, ${rev.offsets[v + 1] - rev.offsets[v]} in`);
    if (inQueue(v)) parts.push('in the queue');
    return parts.join(' · ');
  };
  const shown = focus ? focus.v : selected;
  const heard = focus?.by === 'key' ? describe(focus.v) : '';
  const decided = model?.algo === 'values' ? model.tail : tally.win0 + tally.win1;
  const label = `State graph: ${formatCount(sg.count)} states, ${formatCount(sg.targets.length)} moves, in ${layout.rows.length} layers by ${by === 'depth' ? 'depth from the start' : 'remoteness'}. ${formatCount(decided)} decided so far, ${formatCount(queued)} in the queue. Arrow keys walk the states, Enter selects one.`;

  return (
    <section
      ref={section}
      class="sg"
      aria-label="State graph"
      data-testid="state-graph"
      data-drawn="true"
      data-nodes={sg.count}
      data-edges={sg.targets.length}
      data-by={by}
      data-selected={selected >= 0 ? sg.state[selected] : -1}
      data-decided={decided}
      data-frontier={queued}
      data-points={points ? 'true' : 'false'}
      data-looks={`win0:${tally.win0} win1:${tally.win1} draw:${tally.draw} undecided:${tally.undecided}`}
      data-tone-role={toned ? tone.role : undefined}
    >
      <div class="sg__head">
        <h2 class="panel-title">State graph</h2>
        <fieldset class="sg__by">
          <legend>Layers by</legend>
          <label>
            <input type="radio" name="sg-by" value="depth" checked={by === 'depth'} onChange={() => setBy('depth')} data-testid="state-graph-by-depth" />
            depth from the start
          </label>
          <label>
            <input
              type="radio"
              name="sg-by"
              value="remoteness"
              checked={by === 'remoteness'}
              disabled={!final}
              onChange={() => setBy('remoteness')}
              data-testid="state-graph-by-remoteness"
            />
            remoteness
          </label>
        </fieldset>
      </div>
      <p class="sg__status" data-testid="state-graph-status">
        {model?.algo === 'values' ? (
          `${formatCount(sg.count)} states · ${formatCount(decided)} decided (the backward induction: a state once all its successors are)`
        ) : (
          <Fragment>
            {formatCount(sg.count)} states · {formatCount(decided)} decided ({words.win0} {formatCount(tally.win0)}, {words.win1} {formatCount(tally.win1)}
            {tally.draw ? `, ${words.draw} ${formatCount(tally.draw)}` : ''}) · {formatCount(queued)} in the queue
          </Fragment>
        )}
      </p>
      {!points && (
        <ZoomPan label="State graph" testid="state-graph" boxClass="sg__box" boxRef={box}>
          {(scale) => <Drawing scale={scale} box={box} paint={paint} label={label} onSelect={select} onPoint={onPoint} onKey={onKey} onBlur={onBlur} />}
        </ZoomPan>
      )}
      {points && width > 0 && (
        <ZoomPan
          key={`${layers}`}
          label="State graph"
          testid="state-graph"
          boxClass="sg__box"
          boxRef={box}
          min={Math.min(ZOOM_MIN, fitOf(width, layout) / 2)}
          initial={fitOf(width, layout)}
        >
          {(scale) => (
            <PointsDrawing
              scale={scale}
              box={box}
              paint={paint}
              model={model}
              zeroIsDraw={zeroIsDraw}
              nameOf={(v) => nameOf(sg.state[v])}
              label={label}
              onSelect={select}
              onPoint={onPoint}
              onKey={onKey}
              onBlur={onBlur}
            />
          )}
        </ZoomPan>
      )}
      <p class="sg__readout" data-testid="state-graph-readout" data-node={shown >= 0 ? sg.state[shown] : -1}>
        {shown >= 0 ? describe(shown) : 'Point at a state, or focus the drawing and use the arrow keys.'}
      </p>
      <p class="visually-hidden" aria-live="polite">
        {heard}
      </p>
      <ul class="sg__legend" aria-label="State graph legend">
        {toned && (
          <li data-testid="state-graph-scale" data-role={tone.role} data-lo={tone.loText} data-hi={tone.hiText}>
            {tone.role}'s value: {tone.loText}
            <span class="sg__scale" aria-hidden="true" />
            {tone.hiText}
          </li>
        )}
        {(toned ? ['undecided'] : ['win0', 'win1', 'draw', 'undecided']).map((k) => (
          <li key={k}>
            <span class={`sg__key sg__key--fill sg__key--${k}`} aria-hidden="true" />
            {words[k] ?? k}
          </li>
        ))}
        <li>
          <span class="sg__key sg__key--square" aria-hidden="true" />
          game over (a seed)
        </li>
        <li>
          <span class="sg__key sg__key--frontier" aria-hidden="true" />
          in the queue
        </li>
        <li>
          <span class="sg__key sg__key--event" aria-hidden="true" />
          current event
        </li>
        <li>
          <span class="sg__key sg__key--start" aria-hidden="true" />
          start
        </li>
      </ul>
      {points && (
        <details class="sg__layers" data-testid="state-graph-layers">
          <summary>
            The {layout.rows.length} layers by {layers === 'depth' ? 'depth from the start' : 'remoteness'}
          </summary>
          <ol>
            {layout.rows.map((row) => (
              <li key={row.layer}>
                {row.name}: {formatCount(row.size)} {row.size === 1 ? 'state' : 'states'}
              </li>
            ))}
          </ol>
        </details>
      )}
      {points && model?.algo === 'layers' && fallback}
    </section>
  );
}

/**
 * The drawing at one zoom: a box the drawing's size that scrolls, holding a
 * canvas the size of the visible part (sticky at the box's top left), redrawn
 * on every render and on scroll (once a frame).
 */
function Drawing({ scale, box, paint, label, onSelect, onPoint, onKey, onBlur }) {
  const content = useRef(null);
  const canvas = useRef(null);
  const drawRef = useRef(() => {});
  const under = useRef({}); // draw-state-graph.js's cache: the bands and moves of this view
  const size = useVisible(box, drawRef);
  const { layout } = paint;

  const { width, height, cw, ch } = extentOf(layout, scale, size);

  drawRef.current = () => {
    const c = canvas.current;
    const inner = content.current;
    if (!c || !inner || cw === 0 || ch === 0) return;
    const t0 = performance.now();
    const dpr = globalThis.devicePixelRatio || 1;
    const pw = Math.round(cw * dpr);
    const ph = Math.round(ch * dpr);
    if (c.width !== pw) c.width = pw;
    if (c.height !== ph) c.height = ph;
    const a = c.getBoundingClientRect();
    const b = inner.getBoundingClientRect();
    drawStateGraph(
      c.getContext('2d'),
      {
        ...paint,
        view: { left: a.left - b.left, top: a.top - b.top, width: cw, height: ch, scale, dpr },
        palette: readGraphPalette(c),
      },
      under.current,
    );
    c.dataset.painted = String(paint.cursor);
    markFocus(c, paint, scale, a.left - b.left, a.top - b.top);
    c.dataset.drawMs = (performance.now() - t0).toFixed(2);
  };

  const pointAt = (e) => nodeUnder(e, content, layout, scale);
  return (
    <div class="sg__content" ref={content} style={{ width: `${width}px`, height: `${height}px` }}>
      <canvas
        ref={canvas}
        class="sg__canvas"
        style={{ width: `${cw}px`, height: `${ch}px` }}
        {...topCanvasProps(label, paint.cursor, pointAt, scale, { onSelect, onPoint, onKey, onBlur })}
      />
    </div>
  );
}

/**
 * The counts of each look at the cursor. Detailed graphs count their nodes;
 * points (up to millions) take the model's counters instead of a pass a frame.
 */
function tallyOf(sg, model, lookAt, zeroIsDraw, points) {
  const tally = { win0: 0, win1: 0, draw: 0, undecided: 0, invalid: 0 };
  const d = model?.decided;
  if (!points || !d) {
    for (let v = 0; v < sg.count; v++) tally[lookAt(v)]++;
    return tally;
  }
  [tally.win0, tally.win1] = d.wins;
  const rest = Math.max(0, sg.count - tally.win0 - tally.win1);
  if (zeroIsDraw) tally.draw = rest;
  else tally.undecided = rest;
  return tally;
}

/** The zoom at which the whole width of a points layout fits a panel `width` wide (never above 1). */
function fitOf(width, layout) {
  return Math.min(1, Math.max(0.002, (width - 4) / layout.width));
}
