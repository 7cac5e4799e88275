// mcts-view.jsx: a Monte Carlo tree search beside the exact values: the
// tree as it grows (node size by visits, colour by mean reward, the
// iteration's selection path lit), the root's moves (the search's estimate
// and visit share against each move's exact value), the convergence plot
// over the iterations, and the pseudocode. Everything is drawn from the
// player's (model, cursor) and the result; the curve was read by the worker.
import { useMemo } from 'preact/hooks';
import { formatCount } from '../../lib/format.js';
import { emptyCell } from '../../lib/ttt.js';
import { choiceAt, meanColour, meanText, mctsLayout, perfectFrom, perfectMoves, rootReward } from '../../lib/mcts.js';
import { ZoomPan } from '../zoom-pan/index.jsx';
import { CodeLines } from './pn-view.jsx';
import { StatsList } from './tree-stats.jsx';

/** The player's big step: one iteration (select, expand, playout, backup) at a time. */
export const ITERATION_STEP = { name: 'iteration', prev: '◀⟳', next: '⟳▶', prevId: 'prev-iteration', nextId: 'next-iteration' };
/** Nodes drawn at most: deeper levels are left out past it. */
const DRAW_CAP = 1200;
const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22'];

/** Root move k in words: a tic-tac-toe cell, Predict the Winner's end, else its index. */
export function moveLabel(result, k) {
  if (result.game === 'tic-tac-toe' && result.info.board) {
    const n = result.info.board.length;
    const cell = emptyCell(result.info.board, k);
    return cell < 0 ? `#${k}` : `row ${Math.floor(cell / n) + 1}, col ${(cell % n) + 1}`;
  }
  if (result.game === 'predict-the-winner') return k === 0 ? 'take the left end' : 'take the right end';
  if (result.game === 'tree') return `child ${k + 1}`;
  if (result.game === 'gdl-rules' && result.moves[k]?.name) return result.moves[k].name;
  if (result.game === 'connect-four') return `column ${result.moves[k].code + 1}`; // connect4/c4-mcts.jsx's plot
  return `move #${k}`;
}

export const moveColour = (k) => PALETTE[k % PALETTE.length];

/** The tree as it grows: visited nodes at the cursor, sized by visits, coloured by mean. */
export function MctsTree({ model, cursor, selected, onSelect }) {
  // Laid out as it stands at the cursor: the tree grows in place of the one before.
  const placed = useMemo(() => mctsLayout(model, DRAW_CAP, model.visits), [model, cursor]);
  const path = model.path();
  const onPath = new Set(cursor > 0 ? path : []);
  const current = model.nodeAt(cursor - 1);
  const columns = placed.width;
  const slot = Math.max(6, Math.min(44, Math.floor(1400 / columns)));
  const row = Math.max(36, Math.min(70, slot * 1.6));
  const rMax = Math.max(3, Math.min(16, slot * 0.45));
  const left = 20;
  const top = 20;
  const width = left * 2 + columns * slot;
  const height = top * 2 + placed.maxDepth * row + 10;
  const px = (u) => left + placed.x[u] * slot + slot / 2;
  const py = (u) => top + model.depth[u] * row;
  const rootVisits = Math.max(1, model.visits[0]);
  const edges = [];
  const nodes = [];
  let drawn = 0;
  for (const u of placed.nodes) {
    const v = model.visits[u];
    if (u !== 0 && v === 0) continue; // not visited yet at the cursor
    drawn++;
    const p = model.parent[u];
    const lit = onPath.has(u);
    if (p >= 0) edges.push(<line key={`e${u}`} class={`tree__edge${lit ? ' tree__edge--path' : ''}`} x1={px(p)} y1={py(p)} x2={px(u)} y2={py(u)} />);
    const mean = model.meanOf(u);
    const r = v > 0 ? 2 + (rMax - 2) * Math.sqrt(v / rootVisits) : 2;
    const proven = model.provenOf(u);
    nodes.push(
      <g
        key={`n${u}`}
        class={`mcts__node${lit ? ' mcts__node--path' : ''}${u === current ? ' mcts__node--current' : ''}${u === selected ? ' mcts__node--selected' : ''}`}
        data-node={u}
        data-visits={v}
        data-path={lit ? '1' : undefined}
        onClick={() => onSelect(u)}
      >
        <title>{`node ${u}${u ? ` (move #${model.moveOf[u]} of node ${model.parent[u]})` : ' (the root)'}: ${formatCount(v)} visits, mean ${meanText(mean)} for MAX${proven ? `, proven ${proven.lo}` : ''}`}</title>
        <circle cx={px(u)} cy={py(u)} r={r} fill={mean === null ? 'var(--c-bg)' : meanColour(mean)} />
        {proven && <circle class="mcts__proven" cx={px(u)} cy={py(u)} r={r + 2.5} />}
      </g>,
    );
  }
  return (
    <ZoomPan label="Search tree" testid="tree" boxClass="tree__scroll" boxTestid="tree-scroll">
      {(scale) => (
        <svg
          class="tree tree--mcts"
          data-testid="mcts-tree"
          data-drawn={drawn}
          data-depth={placed.shownDepth}
          data-scale={scale}
          viewBox={`0 0 ${width} ${height}`}
          width={width * scale}
          height={height * scale}
          role="img"
          aria-label={`Monte Carlo search tree: ${formatCount(drawn)} nodes visited so far drawn${placed.shownDepth < placed.deepest ? `, to depth ${placed.shownDepth} of ${placed.deepest}` : ''}; the current iteration's path is highlighted`}
        >
          {edges}
          {nodes}
        </svg>
      )}
    </ZoomPan>
  );
}

/** The root's moves at the end: the search's estimate and visit share against the exact value. */
export function MctsMoves({ result, model, cursor }) {
  const perfect = perfectMoves(result);
  const total = Math.max(
    1,
    result.moves.reduce((s, m) => s + m.visits, 0),
  );
  const first = model.parent.length > 1 ? 1 : 0;
  const atCursor = cursor < model.count; // the trace's own counts while stepping
  return (
    <section class="panel mcts-moves" aria-label="Root moves" data-testid="mcts-moves">
      <h2 class="panel-title">Root moves: the search's estimate against the exact value</h2>
      {/* focusable, so a keyboard can scroll the table sideways on a narrow screen */}
      <div class="mcts-moves__scroll" tabIndex={0} role="region" aria-label="Root moves table">
        <table>
          <thead>
            <tr>
              <th scope="col">Move</th>
              <th scope="col">Visits{atCursor ? ' (at this step)' : ''}</th>
              <th scope="col">Share</th>
              <th scope="col">Mean</th>
              <th scope="col">UCB1</th>
              <th scope="col">Exact value</th>
              <th scope="col">As a reward</th>
              <th scope="col">Proven</th>
            </tr>
          </thead>
          <tbody>
            {result.moves.map((m, k) => {
              const u = first + k; // the root's children are nodes 1 .. moves
              const v = atCursor ? (model.visits[u] ?? 0) : m.visits;
              const mean = atCursor ? model.meanOf(u) : m.visits ? m.mean : null;
              const shown = atCursor && mean !== null && !result.maxToMove ? 1 - mean : mean;
              const rootVisits = atCursor ? Math.max(1, model.visits[0]) : total;
              return (
                <tr
                  class={`${perfect[k] ? 'mcts-moves__perfect' : ''}${k === result.best ? ' mcts-moves__chosen' : ''}`}
                  data-move={k}
                  data-visits={v}
                  data-mean={shown ?? ''}
                  data-exact={m.exact}
                  data-perfect={perfect[k] ? '1' : '0'}
                  data-chosen={k === result.best ? '1' : '0'}
                >
                  <th scope="row">
                    <span class="mcts-moves__swatch" style={{ background: moveColour(k) }} aria-hidden="true" /> {moveLabel(result, k)}
                    {k === result.best ? ' ← chosen' : ''}
                  </th>
                  <td>{formatCount(v)}</td>
                  <td>{((100 * v) / rootVisits).toFixed(1)}%</td>
                  <td>{meanText(shown)}</td>
                  <td>{atCursor ? '' : m.ucb === null ? '–' : m.ucb.toFixed(3)}</td>
                  <td>
                    {m.exact}
                    {perfect[k] ? ' ★' : ''}
                  </td>
                  <td>{rootReward(result, m.exact).toFixed(3)}</td>
                  <td>{m.proven === null ? '' : String(m.proven)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p class="tree-app__legend">
        Mean: the average reward for the player to move at the root (1 a win, 0 a loss, ½ a draw; a score scaled between the game's bounds {result.reward.lo}{' '}
        and {result.reward.hi}); ★ perfect play: a move whose exact value (alpha-beta on the position after it) is the root's, {result.value}.
        {atCursor ? ' Visits and means are the trace\u2019s at this step; UCB1 at the end.' : ''}
      </p>
    </section>
  );
}

/** A log scale from [1, n] onto [x0, x1]. */
const logScale = (n, x0, x1) => (t) => x0 + ((x1 - x0) * Math.log(Math.max(1, t))) / Math.log(Math.max(2, n));

/** The convergence plot: each root move's mean and visit share over the iterations, the exact values as lines. */
export function MctsPlot({ result, model, cursor }) {
  const { curve } = result;
  const n = Math.max(2, result.iterations);
  const W = 600;
  const H = 170;
  const pad = { l: 44, r: 14, t: 16, b: 28 };
  const X = logScale(n, pad.l, W - pad.r);
  const Y = (v) => pad.t + (1 - v) * (H - pad.t - pad.b);
  const perfect = perfectMoves(result);
  const from = perfectFrom(result);
  // each distinct exact value's reward (for the root's mover), with the values behind it
  const exactLines = [...new Set(result.moves.map((m) => rootReward(result, m.exact)))]
    .sort((a, b) => b - a)
    .map((v) => ({
      v,
      values: [...new Set(result.moves.filter((m) => rootReward(result, m.exact) === v).map((m) => m.exact))].join(', '),
    }));
  const it = cursor > 0 ? Math.min(result.iterations, model.iterationAt(cursor - 1)) : 0;
  const ticks = [];
  for (let t = 1; t <= n; t *= 10) ticks.push(t);
  const panel = (which, title) => {
    const lines = result.moves.map((_, k) => {
      const pts = [];
      for (const p of curve) {
        if (which === 'mean' && p.visits[k] === 0) continue;
        const y = which === 'mean' ? p.mean[k] : p.visits[k] / p.iteration;
        pts.push(`${X(p.iteration).toFixed(1)},${Y(y).toFixed(1)}`);
      }
      const last = curve.at(-1);
      const final = last ? (which === 'mean' ? last.mean[k] : last.visits[k] / last.iteration) : 0;
      return (
        <polyline
          key={`${which}${k}`}
          class={`mcts-plot__line${perfect[k] ? '' : ' mcts-plot__line--imperfect'}`}
          data-move={k}
          data-final={final}
          stroke={moveColour(k)}
          points={pts.join(' ')}
        />
      );
    });
    return (
      <svg class="mcts-plot" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title} data-testid={`mcts-plot-${which}`}>
        <text class="mcts-plot__title" x={pad.l} y={11}>
          {title}
        </text>
        <line class="mcts-plot__axis" x1={pad.l} y1={Y(0)} x2={W - pad.r} y2={Y(0)} />
        <line class="mcts-plot__axis" x1={pad.l} y1={Y(0)} x2={pad.l} y2={Y(1)} />
        {[0, 0.5, 1].map((v) => (
          <text class="mcts-plot__tick" x={pad.l - 6} y={Y(v) + 4} text-anchor="end">
            {v}
          </text>
        ))}
        {ticks.map((t) => (
          <text class="mcts-plot__tick" x={X(t)} y={H - 10} text-anchor="middle">
            {formatCount(t)}
          </text>
        ))}
        {which === 'mean' &&
          exactLines.map(({ v, values }) => (
            <g class="mcts-plot__exact" data-reward={v}>
              <line x1={pad.l} x2={W - pad.r} y1={Y(v)} y2={Y(v)} />
              <text x={W - pad.r} y={v > 0.9 ? Y(v) + 11 : Y(v) - 3} text-anchor="end">
                exact value {values} ({v.toFixed(3)})
              </text>
            </g>
          ))}
        {lines}
        {from.from !== null && (
          <g class="mcts-plot__from" data-testid={which === 'mean' ? 'mcts-perfect-from' : undefined} data-iteration={from.from}>
            <line x1={X(from.from)} x2={X(from.from)} y1={Y(1)} y2={Y(0)} />
            {which === 'share' && (
              <text x={Math.min(X(from.from) + 4, W - 150)} y={Y(1) + 10}>
                perfect from {formatCount(from.from)}
              </text>
            )}
          </g>
        )}
        {it > 0 && <line class="mcts-plot__cursor" data-iteration={it} x1={X(it)} x2={X(it)} y1={Y(1)} y2={Y(0)} />}
      </svg>
    );
  };
  return (
    <section class="panel mcts-convergence" aria-label="Convergence" data-testid="mcts-convergence">
      <h2 class="panel-title">Convergence over {formatCount(result.iterations)} iterations</h2>
      {panel('mean', 'Mean reward of each root move (the exact values as dashed lines)')}
      {panel('share', 'Share of the visits (the search chooses the most visited)')}
      <p data-testid="mcts-verdict" data-from={from.from ?? ''}>
        {from.unknown
          ? 'The choice changed too often to keep every change.'
          : from.from === null
            ? `After ${formatCount(result.iterations)} iterations the search chooses ${moveLabel(result, result.best)}, which is not perfect play: its exact value is ${result.moves[result.best]?.exact}, the root's ${result.value}.`
            : `From iteration ${formatCount(from.from)} on, the search's choice is a perfect-play move and stays one (${result.changes.at.length} change${result.changes.at.length === 1 ? '' : 's'} of choice in all).`}
        {it > 0 && choiceAt(result, it) >= 0 && (
          <>
            {' '}
            At this step (iteration {formatCount(it)}) it would choose {moveLabel(result, choiceAt(result, it))}
            {perfect[choiceAt(result, it)] ? ', perfect play.' : ', not perfect play.'}
          </>
        )}
      </p>
      <p class="tree-app__legend">Iterations on a log scale; solid lines: perfect-play moves, dashed: the others; the grey line: the player's iteration.</p>
    </section>
  );
}

// The pseudocode, as perfect_play.h numbers its steps.
const MC_LINES = [
  [1, 'select: from the root, while expanded: an unvisited child, else the highest mean + c √(ln N / n)'],
  [2, 'expand: a node reached after its first visit gets a child per move'],
  [3, 'playout: random (or decisive) moves to the end of the game'],
  [4, 'backup: the reward on every node of the path; the solver\u2019s bounds from the children'],
  [5, 'iterations spent (or the root proven): the most visited root move'],
];

export function MctsCode({ step }) {
  return <CodeLines title="Monte Carlo tree search (UCT)" lines={MC_LINES} step={step} />;
}

export function MctsStats({ result, model, cursor }) {
  const o = result.options;
  const it = cursor > 0 ? model.iterationAt(cursor - 1) : 0;
  const rows = [
    ['Exact value', String(result.value), 'value'],
    [
      'Iterations',
      `${formatCount(it)} at this step of ${formatCount(result.iterations)}${model.truncated ? ' (the trace was cut at its cap: the player shows its beginning)' : ''}`,
      'iterations',
    ],
    ['Speed', `${formatCount(Math.round(result.iterationsPerSecond))} iterations a second (in this page's WebAssembly)`, 'speed'],
    ['Tree', `${formatCount(result.stats.nodes)} nodes, ${formatCount(result.stats.treeBytes)} bytes, deepest ${result.stats.maxDepth}`, 'nodes'],
    ['Options', `seed ${o.seed}, c = ${Number(o.uctC.toFixed(4))}, ${o.playout} playouts${o.solver ? ', MCTS-Solver' : ''}`, 'options'],
  ];
  if (o.solver)
    rows.push(['Solver', result.proven ? `root proven: ${result.provenValue}` : `root bounds [${result.bounds.lo}, ${result.bounds.hi}]`, 'proven']);
  return <StatsList rows={rows} />;
}
