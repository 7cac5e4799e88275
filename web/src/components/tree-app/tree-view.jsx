import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { subtreeSizes, tidyLayout } from '../../lib/tree-layout.js';
import { valueText } from '../../lib/tree-events.js';
import { KNOWN } from '../../player/tree-model.js';
import { ZoomPan } from '../zoom-pan/index.jsx';

/** Trees up to this many positions are drawn; larger ones get the summary. */
export const DRAW_LIMIT = 5000;
/** Up to this many columns every node carries its numbers. */
const LABEL_COLUMNS = 48;

/** A value with its bound: "3", "≥ 3", "≤ 3". */
export function boundedText(value, bound) {
  return `${bound === 1 ? '≥ ' : bound === 2 ? '≤ ' : ''}${valueText(value)}`;
}

/** The condition that fired at a cut: alpha >= beta, with the numbers. */
export function cutCondition(model, v) {
  return `alpha ${valueText(model.alpha[v])} >= beta ${valueText(model.beta[v])}`;
}

/**
 * Where a laid-out tree (tidyLayout's `placed`) is drawn: while it has at
 * most labelColumns columns every node is labelled (slots labelSlot wide,
 * nodes of radius labelR), else the slots shrink to fit; bottom: the room
 * below the last level. { labels, slot, row, r, left, top, width, height,
 * px(u), py(u) }. The alpha-beta and the proof-number views share it.
 */
export function treeGeometry(placed, { labelColumns, labelSlot, labelR, bottom }) {
  const columns = Math.max(1, placed.width);
  const labels = columns <= labelColumns;
  const slot = labels ? labelSlot : Math.max(8, Math.min(40, Math.floor(1400 / columns)));
  const row = labels ? 84 : Math.max(28, slot * 1.5);
  const r = labels ? labelR : Math.max(3, slot * 0.3);
  const left = labels ? 70 : 40;
  const top = 34;
  return {
    labels,
    slot,
    row,
    r,
    left,
    top,
    width: left + columns * slot + 20,
    height: top + placed.maxDepth * row + bottom,
    px: (u) => left + placed.x[u] * slot + slot / 2,
    py: (u) => top + placed.depth[u] * row,
  };
}

/** A node's shape at (x, y): a square for a leaf, ▲ for MAX to move, ▽ for MIN. */
export function nodeShape(x, y, r, leaf, max) {
  if (leaf) return <rect x={x - r} y={y - r} width={2 * r} height={2 * r} rx={2} />;
  return max ? (
    <polygon points={`${x},${y - r * 1.15} ${x + r * 1.15},${y + r * 0.85} ${x - r * 1.15},${y + r * 0.85}`} />
  ) : (
    <polygon points={`${x},${y + r * 1.15} ${x + r * 1.15},${y - r * 0.85} ${x - r * 1.15},${y - r * 0.85}`} />
  );
}

/** Each level's mover at the left of the drawing: levelPlayer[d] 0 (MAX) or 1 (MIN), words[0] and words[1] its label. */
export function LevelLabels({ levelPlayer, top, row, words }) {
  return levelPlayer.map((pl, d) =>
    pl === undefined ? null : (
      <text key={`l${d}`} class="tree__level" x={6} y={top + d * row + 4}>
        {words[pl === 0 ? 0 : 1]}
      </text>
    ),
  );
}

/**
 * The game tree as SVG: MAX nodes are up-triangles, MIN nodes
 * down-triangles, leaves squares (each level also labelled MAX / MIN).
 * Each node shows its value once known and its [alpha, beta] window while
 * open; the current path is drawn thick; a cut-off draws a cut mark on the
 * first skipped edge and greys the skipped subtrees (collapsed by default).
 * With onMove(u, to), a node other than the root can be dragged sideways to
 * place `to` among its siblings (a dashed line shows where it will land).
 */
export function TreeView({ model, cursor, selected, onSelect, collapsed, onMove = null }) {
  const layout = model.layout;
  const sizes = useMemo(() => subtreeSizes(layout), [layout]);
  const current = model.nodeAt(cursor - 1);
  const scroller = useRef(null);
  const svg = useRef(null);
  const press = useRef(null); // { u, x, y, id }: a pointer down on a draggable node
  const dragged = useRef(false); // a drag just ended: the click that follows is not a selection
  const [drag, setDrag] = useState(null); // { u, x, y, to } while dragging

  // Which layout nodes are skipped at this cursor (roots of cut subtrees).
  const skippedRoot = new Map(); // layout node -> the visit that cut it
  for (let i = 0; i < model.markers.length && model.markers[i] < cursor; i++) {
    const e = model.markers[i];
    const v = model.nodeAt(e);
    for (const u of model.skippedAt(e)) skippedRoot.set(u, v);
  }
  const fold = new Uint8Array(layout.n);
  for (const [u] of skippedRoot) if (sizes[u] > 1) fold[u] = 1;
  for (const [u, on] of collapsed) fold[u] = on ? 1 : 0;
  const placed = tidyLayout(layout, model.kids, fold);

  const { labels, slot, row, r, top, width, height, px, py } = treeGeometry(placed, { labelColumns: LABEL_COLUMNS, labelSlot: 56, labelR: 13, bottom: 46 });

  /** The pointer's place in the drawing's own units. */
  const toSvg = (e) => {
    const m = svg.current.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  };
  /** Where node u would land among its siblings if dropped at x. */
  const dropPlace = (u, x) => {
    const p = layout.parent[u];
    let to = 0;
    for (let k = model.kids.first[p]; k < model.kids.first[p + 1]; k++) {
      const w = model.kids.list[k];
      if (w !== u && px(w) < x) to++;
    }
    return to;
  };
  const pointerDown = (e, u) => {
    if (!onMove || u === 0 || e.button !== 0) return;
    const at = toSvg(e);
    if (at) press.current = { u, ...at, id: e.pointerId };
  };
  const pointerMove = (e) => {
    const pr = press.current;
    if (!pr || e.pointerId !== pr.id) return;
    const at = toSvg(e);
    if (!at) return;
    if (!drag && Math.hypot(at.x - pr.x, at.y - pr.y) < 6) return;
    if (!drag) svg.current.setPointerCapture?.(e.pointerId);
    setDrag({ u: pr.u, x: at.x, y: at.y, to: dropPlace(pr.u, at.x) });
  };
  const pointerUp = (e) => {
    const pr = press.current;
    press.current = null;
    if (!pr || !drag) return;
    dragged.current = true;
    setTimeout(() => (dragged.current = false), 0);
    const p = layout.parent[drag.u];
    const from = model.kids.list.subarray(model.kids.first[p], model.kids.first[p + 1]).indexOf(drag.u);
    const to = dropPlace(drag.u, toSvg(e)?.x ?? drag.x);
    setDrag(null);
    if (to !== from) onMove(drag.u, to);
  };
  const cancelDrag = () => {
    press.current = null;
    setDrag(null);
  };
  const clickNode = (u) => {
    if (!dragged.current) onSelect(u);
  };

  // The drop line: between the siblings the dragged node would land between.
  let dropLine = null;
  if (drag) {
    const p = layout.parent[drag.u];
    const others = [];
    for (let k = model.kids.first[p]; k < model.kids.first[p + 1]; k++) if (model.kids.list[k] !== drag.u) others.push(px(model.kids.list[k]));
    const x =
      drag.to === 0 ? others[0] - slot / 2 : drag.to >= others.length ? others[others.length - 1] + slot / 2 : (others[drag.to - 1] + others[drag.to]) / 2;
    const y = py(drag.u);
    dropLine = <line class="tree__drop" data-testid="drop-line" data-to={drag.to} x1={x} y1={y - row / 2} x2={x} y2={y + row / 3} />;
  }

  // The current path, as layout nodes.
  const onPath = new Set();
  if (current >= 0) for (const v of model.pathTo(current)) if (model.at[v] >= 0) onPath.add(model.at[v]);

  const grey = new Uint8Array(layout.n);
  const edges = [];
  const nodes = [];
  const cuts = [];
  const levelPlayer = [];
  for (const u of placed.visible) {
    const p = layout.parent[u];
    grey[u] = (p >= 0 && grey[p]) || skippedRoot.has(u) ? 1 : 0;
    const d = placed.depth[u];
    if (levelPlayer[d] === undefined && layout.moves[u] > 0) levelPlayer[d] = layout.player[u];
    const v = model.visitOf[u];
    const reached = v >= 0 && model.bornAt[v] < cursor;
    if (p >= 0) {
      const path = onPath.has(u) && onPath.has(p);
      edges.push(
        <line
          key={`e${u}`}
          class={`tree__edge${path ? ' tree__edge--path' : ''}${grey[u] ? ' tree__edge--skipped' : ''}${reached ? ' tree__edge--reached' : ''}`}
          x1={px(p)}
          y1={py(p)}
          x2={px(u)}
          y2={py(u)}
        />,
      );
      if (skippedRoot.has(u) && model.kids.list[firstSkipped(model, p, skippedRoot)] === u) {
        const mx = (px(p) + px(u)) / 2;
        const my = (py(p) + py(u)) / 2;
        const cutter = skippedRoot.get(u);
        cuts.push(
          <g key={`c${u}`} class="tree__cut" data-testid="cut-mark" data-cut-node={cutter}>
            <line x1={mx - 9} y1={my - 5} x2={mx + 9} y2={my + 5} />
            <line x1={mx - 9} y1={my + 1} x2={mx + 9} y2={my + 11} />
            {labels && (
              <text x={mx + 12} y={my - 6} class="tree__cut-text">
                {cutCondition(model, cutter)}
              </text>
            )}
          </g>,
        );
      }
    }
    nodes.push(
      <TreeNode
        key={`n${u}`}
        u={u}
        v={v}
        x={px(u)}
        y={py(u)}
        r={r}
        model={model}
        reached={reached}
        grey={grey[u] === 1}
        path={onPath.has(u)}
        isCurrent={v >= 0 && v === current}
        isSelected={u === selected}
        folded={fold[u] === 1 ? sizes[u] - 1 : 0}
        labels={labels}
        onSelect={onSelect}
        onClick={clickNode}
        onPointerDown={pointerDown}
        isDragged={drag?.u === u}
      />,
    );
  }

  // Keep the current node in view when the tree is wider than its panel.
  const currentX = current >= 0 && model.at[current] >= 0 ? px(model.at[current]) : NaN;
  const zoom = useRef(1);
  useEffect(() => {
    const box = scroller.current;
    if (!box || Number.isNaN(currentX)) return;
    const x = currentX * zoom.current;
    if (x < box.scrollLeft + 20 || x > box.scrollLeft + box.clientWidth - 20) {
      box.scrollLeft = Math.max(0, x - box.clientWidth / 2);
    }
  }, [currentX]);

  return (
    <ZoomPan label="Search tree" testid="tree" boxClass="tree__scroll" boxTestid="tree-scroll" boxRef={scroller}>
      {(scale) => {
        zoom.current = scale;
        return (
          <svg
            ref={svg}
            class={`tree${onMove ? ' tree--editable' : ''}`}
            onPointerMove={pointerMove}
            onPointerUp={pointerUp}
            onPointerCancel={cancelDrag}
            data-testid="tree-view"
            data-scale={scale}
            viewBox={`0 0 ${width} ${height}`}
            width={width * scale}
            height={height * scale}
            role="img"
            aria-label={`Game tree, ${layout.n} positions`}
          >
            <LevelLabels levelPlayer={levelPlayer} top={top} row={row} words={['MAX ▲', 'MIN ▽']} />
            {edges}
            {cuts}
            {nodes}
            {dropLine}
          </svg>
        );
      }}
    </ZoomPan>
  );
}

/** The index in kids.list of the first skipped child of layout node p. */
function firstSkipped(model, p, skippedRoot) {
  for (let k = model.kids.first[p]; k < model.kids.first[p + 1]; k++) if (skippedRoot.has(model.kids.list[k])) return k;
  return -1;
}

function TreeNode({ u, v, x, y, r, model, reached, grey, path, isCurrent, isSelected, folded, labels, onSelect, onClick, onPointerDown, isDragged }) {
  const layout = model.layout;
  const leaf = layout.moves[u] === 0;
  const max = layout.player[u] === 0;
  const open = reached && model.open[v] === 1;
  const known = reached ? model.known[v] : KNOWN.NONE;
  const state = grey ? 'skipped' : isCurrent ? 'current' : open ? 'open' : known ? 'done' : reached ? 'reached' : 'unvisited';
  const shape = nodeShape(x, y, r, leaf, max);
  let valueLabel = '';
  if (known) valueLabel = boundedText(model.value[v], known === KNOWN.LEAF ? 0 : model.bound[v]);
  else if (leaf) valueLabel = valueText(layout.value[u]);
  const role = leaf ? 'leaf' : max ? 'MAX' : 'MIN';
  const title = `${role} node${v >= 0 ? ` ${v}` : ''}${valueLabel ? `: ${valueLabel}` : ''}${grey ? ' (skipped by a cut-off)' : ''}`;
  return (
    <g
      class={`tree__node tree__node--${state}${path ? ' tree__node--path' : ''}${isSelected ? ' tree__node--selected' : ''}${leaf ? ' tree__node--leaf' : ''}${isDragged ? ' tree__node--dragged' : ''}`}
      data-node={u}
      data-visit={v}
      data-state={state}
      data-value={known ? model.value[v] : undefined}
      onClick={() => onClick(u)}
      onPointerDown={(e) => onPointerDown(e, u)}
      onMouseEnter={() => onSelect(u, true)}
      onMouseLeave={() => onSelect(-1, true)}
    >
      <title>{title}</title>
      {shape}
      {folded > 0 && (
        <text class="tree__fold" x={x + r + 3} y={y + 4}>
          +{folded}
        </text>
      )}
      {labels && valueLabel && (
        <text class={`tree__value${known ? ' tree__value--known' : ''}`} x={leaf ? x : x - r - 5} y={y + 4} text-anchor={leaf ? 'middle' : 'end'}>
          {valueLabel}
        </text>
      )}
      {labels && open && (
        <text class="tree__window" x={x + r + 4} y={y - r - 2}>
          [{valueText(model.alpha[v])}, {valueText(model.beta[v])}]
        </text>
      )}
    </g>
  );
}
