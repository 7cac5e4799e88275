// pn-view.jsx: a proof-number search played on the drawn tree: each node's
// (proof, disproof) pair in the threshold proof at the cursor, the path the
// search is on lit, df-pn's thresholds on it, and at the end the proof tree
// highlighted (the rest faded) with its size; beside it the pseudocode.
import { useMemo } from 'preact/hooks';
import { tidyLayout } from '../../lib/tree-layout.js';
import { valueText } from '../../lib/tree-events.js';
import { formatCount } from '../../lib/format.js';
import { pnPositions, pnText } from '../../player/pn-model.js';
import { TreeOverview } from './tree-overview.jsx';
import { StatsList } from './tree-stats.jsx';
import { LevelLabels, nodeShape, treeGeometry } from './tree-view.jsx';
import { ZoomPan } from '../zoom-pan/index.jsx';

/** Up to this many columns every node carries its numbers. */
const LABEL_COLUMNS = 40;

/** The proof-number searches the algorithm picker offers. */
export const PN_ALGOS = ['pn', 'pn2', 'dfpn'];

export const PN_TITLES = { pn: 'Proof-number search (PN)', pn2: 'PN² (PN with a second-level search)', dfpn: 'Depth-first proof-number search (df-pn)' };

/** The player's big step: one threshold proof (value ≥ t?) at a time. */
export const PROOF_STEP = { name: 'threshold proof', prev: '◀?', next: '?▶', prevId: 'prev-proof', nextId: 'next-proof' };

/** The drawn tree with the numbers at the cursor. */
export function PnView({ model, cursor, selected, onSelect }) {
  const layout = model.layout;
  const placed = useMemo(() => tidyLayout(layout, model.kids, new Uint8Array(layout.n)), [layout]);
  const current = model.nodeAt(cursor - 1);
  const end = cursor >= model.count && model.count > 0;
  const proof = end ? model.proofNodes : null;
  const onPath = new Set();
  if (current >= 0 && !end) for (const v of model.pathTo(current)) if (model.at[v] >= 0) onPath.add(model.at[v]);
  const currentU = current >= 0 && current < model.ids ? model.at[current] : -1;

  const { labels, r, top, row, width, height, px, py } = treeGeometry(placed, { labelColumns: LABEL_COLUMNS, labelSlot: 64, labelR: 12, bottom: 56 });

  const edges = [];
  const nodes = [];
  const levelPlayer = [];
  for (const u of placed.visible) {
    const p = layout.parent[u];
    const d = placed.depth[u];
    if (levelPlayer[d] === undefined && layout.moves[u] > 0) levelPlayer[d] = layout.player[u];
    const inProof = proof ? proof.has(u) : false;
    const faded = proof ? !inProof : false;
    if (p >= 0) {
      const path = onPath.has(u) && onPath.has(p);
      const proofEdge = inProof && proof.has(p);
      edges.push(
        <line
          key={`e${u}`}
          class={`tree__edge${path ? ' tree__edge--path' : ''}${proofEdge ? ' tree__edge--proof' : ''}${faded ? ' tree__edge--skipped' : ''}`}
          x1={px(p)}
          y1={py(p)}
          x2={px(u)}
          y2={py(u)}
        />,
      );
    }
    const nums = model.numbers(u, cursor);
    const leaf = layout.moves[u] === 0;
    const max = layout.player[u] === 0;
    const x = px(u);
    const y = py(u);
    const solved = nums && (nums.pn === 0 || nums.dn === 0);
    const state = faded ? 'skipped' : u === currentU && !end ? 'current' : solved ? 'done' : nums ? 'reached' : 'unvisited';
    const shape = nodeShape(x, y, r, leaf, max);
    const pair = nums ? `(${pnText(nums.pn)}, ${pnText(nums.dn)})` : '';
    const th = nums && nums.thPn !== undefined && onPath.has(u) ? `th (${pnText(nums.thPn)}, ${pnText(nums.thDn)})` : '';
    nodes.push(
      <g
        key={`n${u}`}
        class={`tree__node tree__node--${state}${onPath.has(u) ? ' tree__node--path' : ''}${inProof ? ' tree__node--proof' : ''}${u === selected ? ' tree__node--selected' : ''}${leaf ? ' tree__node--leaf' : ''}`}
        data-node={u}
        data-state={state}
        data-pn={nums ? pnText(nums.pn) : undefined}
        data-dn={nums ? pnText(nums.dn) : undefined}
        data-path={onPath.has(u) ? '1' : undefined}
        data-proof={inProof ? '1' : undefined}
        onClick={() => onSelect(u)}
      >
        <title>{`${leaf ? 'leaf' : max ? 'MAX' : 'MIN'} position ${u}${leaf ? ` worth ${valueText(layout.value[u])}` : ''}${pair ? `: (proof, disproof) ${pair}` : ''}`}</title>
        {shape}
        {labels && leaf && (
          <text class="tree__value" x={x} y={y + 4} text-anchor="middle">
            {valueText(layout.value[u])}
          </text>
        )}
        {labels && pair && (
          <text class="tree__pn" data-testid="pn-pair" x={x} y={y + r + 14} text-anchor="middle">
            {pair}
          </text>
        )}
        {labels && th && (
          <text class="tree__window" x={x + r + 4} y={y - r - 2}>
            {th}
          </text>
        )}
      </g>,
    );
  }

  return (
    <ZoomPan label="Search tree" testid="tree" boxClass="tree__scroll" boxTestid="tree-scroll">
      {(scale) => (
        <svg
          class="tree tree--pn"
          data-testid="tree-view"
          data-scale={scale}
          data-end={end ? '1' : undefined}
          viewBox={`0 0 ${width} ${height}`}
          width={width * scale}
          height={height * scale}
          role="img"
          aria-label={`Game tree, ${layout.n} positions, with proof and disproof numbers`}
        >
          <LevelLabels levelPlayer={levelPlayer} top={top} row={row} words={['MAX ▲ OR', 'MIN ▽ AND']} />
          {edges}
          {nodes}
        </svg>
      )}
    </ZoomPan>
  );
}

// The pseudocode, in our words; the numbers are perfect_play.h's steps.
const PN_LINES = [
  [1, 'prove(t): can MAX force value ≥ t?  root = (1, 1)'],
  [2, 'while root.pn ≠ 0 and root.dn ≠ 0:'],
  [3, '  n = root; while n is expanded: n = its child of least pn (OR) / least dn (AND)'],
  [4, '  expand n: a child worth ≥ t is (0, ∞), < t is (∞, 0), else (1, 1)'],
  [5, '  n and its ancestors: OR pn = min pn, dn = Σ dn; AND pn = Σ pn, dn = min dn'],
  [6, 'root.pn = 0: value ≥ t; root.dn = 0: value < t; halve the range of t'],
  [7, 'PN²: a new child\u2019s numbers from a PN search of at most N expansions below it'],
];
const DF_LINES = [
  [21, 'prove(t): can MAX force value ≥ t?  MID(root, ∞, ∞)'],
  [22, 'MID(n, th_pn, th_dn): a decided n is (0, ∞) or (∞, 0)'],
  [23, '  expand n: each child\u2019s numbers from the table, else (1, 1)'],
  [24, '  loop: n\u2019s numbers from its children; stop once pn ≥ th_pn or dn ≥ th_dn'],
  [25, '    best child c, its thresholds: (1 + ε) × the runner-up, th − n\u2019s others; MID(c)'],
  [26, '  store n\u2019s numbers in the table; return'],
  [27, 'root.pn = 0: value ≥ t; root.dn = 0: value < t; halve the range of t'],
];

/** The pseudocode with the current event's line highlighted. */
export function PnCode({ algo, step }) {
  const lines = algo === 'dfpn' ? DF_LINES : algo === 'pn2' ? PN_LINES : PN_LINES.slice(0, 6);
  return <CodeLines title={PN_TITLES[algo] ?? algo} lines={lines} step={step} />;
}

/** A search's numbered pseudocode, [number, text] a line, the line of `step` lit (PN's and MCTS's panels). */
export function CodeLines({ title, lines, step }) {
  return (
    <section class="panel tree-code tree-code--pn" aria-label="Pseudocode" data-testid="tree-code" data-step={step}>
      <h2 class="panel-title">{title}</h2>
      <ol class="tree-code__lines">
        {lines.map(([n, text]) => {
          const on = step === n;
          return (
            <li class={`tree-code__line${on ? ' tree-code__line--current' : ''}`} data-line={n} aria-current={on ? 'step' : undefined}>
              <span class="tree-code__num">{n}</span>
              <code>{text}</code>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The run's figures, with the counters at the cursor. */
export function PnStats({ result, model, cursor }) {
  const s = result.stats;
  const proofs = model.proofUpTo[cursor];
  const rows = [
    ['Value', valueText(result.value), 'value'],
    [
      'Threshold proofs',
      `${formatCount(proofs)} so far of ${formatCount(s.proofs)}${proofs > 0 ? ` (now: value ≥ ${model.asked[proofs - 1]}?)` : ''}`,
      'proofs',
    ],
    ['Positions expanded', `${formatCount(model.expandedUpTo[cursor])} so far of ${formatCount(s.expanded)}`, 'expanded'],
    [`Proof of value ≥ ${result.value}`, `${formatCount(result.proofSize)} positions`, 'proof-size'],
    [`Proof of value < ${result.value + 1}`, `${formatCount(result.disproofSize)} positions`, 'disproof-size'],
  ];
  if (result.algo === 'dfpn') rows.push(['Re-expansions', formatCount(s.reexpanded), 'reexpanded']);
  if (result.algo === 'pn2') rows.push(['Second-level expansions', formatCount(s.pn2Expanded), 'pn2']);
  if (result.info?.nodes) rows.push(['Tree', `${formatCount(result.info.nodes)} positions, minimax value ${result.info.truth}`, 'tree']);
  return <StatsList rows={rows} />;
}

/** For trees too large to draw: the path the search is on, each position's numbers (and df-pn's thresholds). */
export function PnSummary({ model, result, cursor, theme }) {
  const positions = useMemo(() => pnPositions(model), [model]);
  const current = model.nodeAt(cursor - 1);
  const path = current >= 0 && current < model.ids ? model.pathTo(current) : [];
  const rootMax = result.info.rootPlayer === 0;
  return (
    <div class="tree-summary" data-testid="tree-summary">
      <p>
        This game tree has {result.layout ? formatCount(result.layout.n) : 'too many'} positions: too many to draw node by node, so the path the search is on at
        this step is listed with each position's (proof, disproof) numbers; {formatCount(model.ids)} visits in all, of {formatCount(positions.ids)} positions,
        each drawn as one dot however often it was visited.
        {model.truncated ? ' The trace was cut at its cap: the player shows its beginning.' : ''}
      </p>
      <TreeOverview
        model={positions}
        cursor={cursor}
        theme={theme}
        legend={`its ${formatCount(positions.visits)} visits are folded into ${formatCount(positions.ids)} dots, since each threshold proof${model.dfpn ? ' and each df-pn call' : ''} visits a position anew; the pink line: the path to the current position.`}
      />
      <ol class="tree-summary__path" aria-label="Current path" data-testid="pn-path">
        {path.map((v, depth) => {
          const nums = model.visitNumbers(v);
          return (
            <li data-visit={v} data-pn={nums ? pnText(nums.pn) : undefined} data-dn={nums ? pnText(nums.dn) : undefined}>
              <code>
                {(depth % 2 === 0) === rootMax ? '▲ MAX' : '▽ MIN'} node {v}
                {depth > 0 ? ` (move #${model.moveOf[v]})` : ''}
                {nums ? ` (${pnText(nums.pn)}, ${pnText(nums.dn)})` : ''}
                {nums && nums.thPn !== undefined ? ` th (${pnText(nums.thPn)}, ${pnText(nums.thDn)})` : ''}
              </code>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
