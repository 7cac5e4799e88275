import { useMemo, useRef, useState } from 'preact/hooks';
import { edgeAt, MAX_LAYOUT_NODES, nodeAt } from '../../lib/graph-layout.js';
import { addEdge, addNode, addPosition, graphToLists, graphToText, removeEdge, removeNode, removePosition } from '../../lib/graph-edit.js';
import { stateOf, TURN_MOUSE } from '../../lib/outcomes.js';
import { valueWords } from '../../lib/play.js';
import { ZoomPan } from '../zoom-pan/index.jsx';
import './board.css';

const VIEW = 1000; // the SVG's user units per side
const ROLE = ['hole', 'mouse start', 'cat start'];

function nodeRadius(n) {
  if (n <= 12) return 30;
  if (n <= 30) return 22;
  if (n <= 60) return 15;
  if (n <= 120) return 10;
  return 7;
}

/**
 * The graph as nodes and edges, with the selected state's mouse and cat on
 * it. In edit mode: click empty space to add a node, drag from a node to
 * another to add an edge, click a node or an edge to select it, Delete (or
 * the button) removes it. Edits go out through onEdit(lists, positions).
 * While a game against the solver runs (play: { moves, hints, onMove }),
 * the person's legal destinations are outlined and a click on one moves.
 */
export function Board({ graph, positions, state, stateGraphN, onEdit, play = null }) {
  const svgRef = useRef(null);
  const [editing, setEditing] = useState(false);
  // A pick and a drag hold the text of the graph they were made on, and
  // count only while it is the graph drawn: a new graph (an edit, typed
  // text, an example) drops them in the render that draws it, before any
  // later click is handled.
  const [pick, setPick] = useState(null); // { node } or { edge: [u, v] }, and key
  const [dragged, setDragged] = useState(null); // { from, x, y, moved, key }
  const [note, setNote] = useState('');
  const n = graph?.n ?? 0;
  const r = nodeRadius(n);
  const tooBig = n > MAX_LAYOUT_NODES;
  const key = useMemo(() => (graph && !tooBig ? graphToText(graphToLists(graph)) : ''), [graph, tooBig]);
  const picked = pick && pick.key === key ? pick : null;
  const drag = dragged && dragged.key === key ? dragged : null;
  const setPicked = (p, on = key) => setPick(p && { ...p, key: on });
  const setDrag = (d) => setDragged(typeof d === 'function' ? (old) => d(old && old.key === key ? old : null) : d && { ...d, key });

  const edgesPath = useMemo(() => {
    if (!graph || tooBig) return '';
    const parts = [];
    const { offsets, adjacency } = graph;
    for (let u = 0; u < n; u++) {
      for (let k = offsets[u]; k < offsets[u + 1]; k++) {
        const v = adjacency[k];
        if (v > u) {
          parts.push(
            `M${(positions[2 * u] * VIEW).toFixed(1)} ${(positions[2 * u + 1] * VIEW).toFixed(1)}L${(positions[2 * v] * VIEW).toFixed(1)} ${(positions[2 * v + 1] * VIEW).toFixed(1)}`,
          );
        }
      }
    }
    return parts.join('');
  }, [graph, positions, tooBig, n]);

  if (!graph) return null;
  if (tooBig) {
    return (
      <section class="board" aria-label="Board" data-testid="board">
        <h2 class="panel-title">Board</h2>
        <p class="board__message" data-testid="board-message">
          The board is drawn for graphs of up to {MAX_LAYOUT_NODES} nodes; this one has {n.toLocaleString('en-US')}.
          {state >= 0 && stateGraphN === n && ` Selected: ${describe(n, state)}.`}
        </p>
      </section>
    );
  }

  const showState = state >= 0 && stateGraphN === n;
  const sel = showState ? stateOf(n, state) : null;
  const toView = (event) => {
    const box = svgRef.current.getBoundingClientRect();
    return { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height };
  };
  const lists = () => graphToLists(graph);
  const edit = (nextLists, nextPos, message = '') => {
    setNote(message);
    onEdit(nextLists, nextPos);
  };

  const removePicked = () => {
    if (!picked) return;
    if (picked.edge) {
      const [u, v] = picked.edge;
      edit(removeEdge(lists(), u, v), positions, `Removed the edge ${u}–${v}.`);
    } else {
      const next = removeNode(lists(), picked.node);
      if (!next) {
        setNote(`Node ${picked.node} is the ${ROLE[picked.node]}: it stays.`);
        return;
      }
      edit(next, removePosition(positions, picked.node), `Removed node ${picked.node}; the nodes after it moved down one.`);
    }
    setPicked(null);
  };

  const legal = new Map((play && !editing ? play.moves : []).map((m) => [m.to, m]));
  const onPointerDown = (event) => {
    if (!editing && legal.size > 0 && event.button === 0) {
      const p = toView(event);
      const node = nodeAt(positions, p.x, p.y, (r * 1.3) / VIEW);
      if (legal.has(node)) play.onMove(node);
      return;
    }
    if (!editing || event.button !== 0) return;
    svgRef.current.focus({ preventScroll: true }); // so Delete reaches onKeyDown
    const p = toView(event);
    const node = nodeAt(positions, p.x, p.y, (r * 1.3) / VIEW);
    if (node >= 0) {
      event.currentTarget.setPointerCapture?.(event.pointerId);
      setDrag({ from: node, x: p.x, y: p.y, moved: false });
      return;
    }
    const edge = edgeAt(graph, positions, p.x, p.y, 12 / VIEW);
    if (edge) {
      setPicked({ edge });
      setNote(`Edge ${edge[0]}–${edge[1]} selected: Delete removes it.`);
      return;
    }
    const next = addNode(lists());
    setPicked({ node: n }, graphToText(next)); // the new node, picked on the graph the edit makes
    edit(next, addPosition(positions, p.x, p.y), `Added node ${n}: drag from it to another node to connect them.`);
  };
  const onPointerMove = (event) => {
    if (!drag) return;
    const p = toView(event);
    setDrag((d) => d && { ...d, x: p.x, y: p.y, moved: d.moved || Math.hypot(p.x - positions[2 * d.from], p.y - positions[2 * d.from + 1]) > r / VIEW });
  };
  const onPointerUp = (event) => {
    if (!drag) return;
    const p = toView(event);
    const target = nodeAt(positions, p.x, p.y, (r * 1.3) / VIEW);
    const from = drag.from;
    setDrag(null);
    if (target >= 0 && target !== from) {
      const before = lists();
      if (before[from].includes(target)) {
        setNote(`Nodes ${from} and ${target} are already connected.`);
        return;
      }
      edit(addEdge(before, from, target), positions, `Added the edge ${from}–${target}.`);
      return;
    }
    if (!drag.moved) {
      setPicked({ node: from });
      setNote(from < 3 ? `Node ${from} (${ROLE[from]}) selected; it cannot be removed.` : `Node ${from} selected: Delete removes it.`);
    }
  };
  const onKeyDown = (event) => {
    if (!editing) return;
    if ((event.key === 'Delete' || event.key === 'Backspace') && picked) {
      event.preventDefault();
      removePicked();
    } else if (event.key === 'Escape') {
      setPicked(null);
      setDrag(null);
    }
  };

  const px = (i) => positions[2 * i] * VIEW;
  const py = (i) => positions[2 * i + 1] * VIEW;
  const labelled = n <= 60;
  const font = Math.max(11, Math.min(26, r * 0.95));

  return (
    <section class="board" aria-label="Board" data-testid="board">
      <div class="board__head">
        <h2 class="panel-title">Board</h2>
        <p class="board__state" data-testid="board-state">
          {sel ? describe(n, state) : 'No state selected'}
        </p>
        {onEdit && (
          <button type="button" aria-pressed={editing ? 'true' : 'false'} onClick={() => setEditing((e) => !e)} data-testid="edit-toggle">
            Edit graph
          </button>
        )}
        {editing && (
          <button type="button" onClick={removePicked} disabled={!picked} data-testid="delete-picked">
            Delete selected
          </button>
        )}
      </div>
      {editing && (
        <p class="board__hint">
          Click empty space: new node · drag node to node: new edge · click a node or edge, then <kbd>Delete</kbd>
        </p>
      )}
      <ZoomPan label="Board" testid="board" boxClass="board__zoom" fit={false}>
        {(scale) => (
          <svg
            ref={svgRef}
            class={`board__svg${editing ? ' board__svg--editing' : ''}`}
            style={{ width: `${scale * 100}%` }}
            data-scale={scale}
            viewBox={`0 0 ${VIEW} ${VIEW}`}
            role="img"
            aria-label={`Graph of ${n} nodes and ${graph.offsets[n] / 2} edges${sel ? `; the mouse is on node ${sel.mouse}, the cat on node ${sel.cat}` : ''}`}
            tabindex="0"
            data-nodes={n}
            data-edges={graph.offsets[n] / 2}
            data-mouse={sel ? sel.mouse : ''}
            data-cat={sel ? sel.cat : ''}
            data-turn={sel ? (sel.turn === TURN_MOUSE ? 'mouse' : 'cat') : ''}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onKeyDown={onKeyDown}
          >
            <path class="board__edges" d={edgesPath} style={{ strokeWidth: n > 100 ? 1 : 3 }} />
            {picked?.edge && (
              <line class="board__picked-edge" x1={px(picked.edge[0])} y1={py(picked.edge[0])} x2={px(picked.edge[1])} y2={py(picked.edge[1])} />
            )}
            {drag?.moved && <line class="board__drag" x1={px(drag.from)} y1={py(drag.from)} x2={drag.x * VIEW} y2={drag.y * VIEW} />}
            {Array.from({ length: n }, (_, i) => (
              <g
                key={i}
                class={`board__node board__node--${i < 3 ? ROLE[i].replace(' ', '-') : 'plain'}${picked?.node === i ? ' board__node--picked' : ''}${legal.has(i) ? ` board__node--legal board__node--${play.hints ? legal.get(i).value.result : 'move'}` : ''}`}
                data-node={i}
                data-legal={legal.has(i) ? 'true' : undefined}
                transform={`translate(${px(i).toFixed(1)} ${py(i).toFixed(1)})`}
              >
                {nodeShape(i, r)}
                {(labelled || i < 3) && (
                  <text class="board__label" y={font * 0.35} style={{ fontSize: `${font}px` }}>
                    {i}
                  </text>
                )}
                {legal.has(i) && play.hints && (
                  <text class="board__hint" y={-r - font * 0.4} style={{ fontSize: `${Math.max(12, font * 0.7)}px` }}>
                    {valueWords(legal.get(i).value)}
                  </text>
                )}
                {i < 3 && (
                  <text class="board__role" y={r + font * 0.9} style={{ fontSize: `${Math.max(12, font * 0.75)}px` }}>
                    {ROLE[i]}
                  </text>
                )}
              </g>
            ))}
            {sel && token(px(sel.mouse), py(sel.mouse), r, 'mouse', sel.turn === TURN_MOUSE)}
            {sel && token(px(sel.cat), py(sel.cat), r, 'cat', sel.turn !== TURN_MOUSE)}
          </svg>
        )}
      </ZoomPan>
      <p class="board__note" role="status" data-testid="board-note">
        {note}
      </p>
    </section>
  );
}

function describe(n, s) {
  const { mouse, cat, turn } = stateOf(n, s);
  return `Mouse on ${mouse}, cat on ${cat}, ${turn === TURN_MOUSE ? 'mouse' : 'cat'} to move`;
}

/** The hole is a square, the mouse's start a double circle, the cat's a diamond. */
function nodeShape(i, r) {
  if (i === 0) return <rect class="board__shape" x={-r} y={-r} width={2 * r} height={2 * r} rx={r * 0.15} />;
  if (i === 2) {
    const d = r * 1.25;
    return <polygon class="board__shape" points={`0,${-d} ${d},0 0,${d} ${-d},0`} />;
  }
  if (i === 1) {
    return (
      <>
        <circle class="board__shape" r={r} />
        <circle class="board__ring" r={r * 0.72} />
      </>
    );
  }
  return <circle class="board__shape" r={r} />;
}

/** A badge "M" or "C" above the node where that animal is; the one to move is outlined. */
function token(x, y, r, who, toMove) {
  const w = Math.max(26, r * 1.2);
  const dx = who === 'mouse' ? -w * 0.75 : w * 0.75;
  // Above the node, or below it when that would leave the board.
  const above = y - r - w * 0.55;
  const ty = above - w / 2 < 0 ? y + r + w * 0.55 : above;
  const tx = Math.max(w / 2 + 2, Math.min(VIEW - w / 2 - 2, x + dx));
  return (
    <g
      class={`board__token board__token--${who}${toMove ? ' board__token--to-move' : ''}`}
      transform={`translate(${tx.toFixed(1)} ${ty.toFixed(1)})`}
      data-testid={`token-${who}`}
    >
      <title>{`${who}${toMove ? ' (to move)' : ''}`}</title>
      <rect x={-w / 2} y={-w / 2} width={w} height={w} rx={w * 0.25} />
      <text y={w * 0.18} style={{ fontSize: `${w * 0.55}px` }}>
        {who === 'mouse' ? 'M' : 'C'}
      </text>
    </g>
  );
}
