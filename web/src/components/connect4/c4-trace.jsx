// c4-trace.jsx: a dedicated stage's traced search (bitboard ... strongest)
// in the trees' player: the dot overview of the nodes visited with the path
// to the current one and each open node's window, the negamax pseudocode
// with the current line lit (the lines this stage does not run dimmed), the
// null-window probes narrowing the bounds on the score, and the counts so
// far: positions, table hits (and cuts), stores, cut-offs, probes.
import { formatCount } from '../../lib/format.js';
import { C4_CODE, C4_EV, stageHas } from '../../lib/c4-trace.js';
import { C4_STAGE_LABELS } from '../../lib/connect4.js';
import { AB, valueText } from '../../lib/tree-events.js';
import { TreeOverview } from '../tree-app/tree-overview.jsx';

/** The negamax pseudocode, the current event's line highlighted. */
export function C4Code({ stage, step }) {
  const iterative = stageHas(stage, 'iterative');
  return (
    <section class="panel tree-code c4-code" aria-label="Pseudocode" data-testid="c4-code" data-step={step}>
      <h2 class="panel-title">Negamax, stage “{C4_STAGE_LABELS[stage]}”</h2>
      <ol class="tree-code__lines">
        {C4_CODE.filter(([n]) => iterative || n <= 10).map(([n, text, from]) => {
          const on = step === n;
          const off = !stageHas(stage, from);
          return (
            <li
              class={`tree-code__line${on ? ' tree-code__line--current' : ''}${off ? ' c4-code__line--off' : ''}`}
              data-line={n}
              aria-current={on ? 'step' : undefined}
              title={off ? `from the stage “${C4_STAGE_LABELS[from]}” on` : undefined}
            >
              <span class="tree-code__num">{n}</span>
              <code>{text}</code>
              {off && <span class="c4-code__tag">{C4_STAGE_LABELS[from]}</span>}
            </li>
          );
        })}
      </ol>
      <p class="c4-code__legend">
        Values are the score for the side to move at each node (negamax). Line 2: a full board, or (anticipate on) no move that does not lose. Line 6: centre
        first; from “threats” on, by the winning spots a move makes. A table entry is a bound: “at least v” or “at most v”; the strongest stage also stores “at
        least v” at a cut (line 8). A null window [med, med + 1] only asks whether the score is above med.
      </p>
    </section>
  );
}

/** The probes so far: each window, its answer and the bounds it left. */
function C4Probes({ model, cursor }) {
  const probes = model.probesAt(cursor);
  if (!probes.length) return null;
  return (
    <div class="c4-trace__probes">
      <h3>Null-window probes</h3>
      <ol data-testid="c4-trace-probes">
        {probes.map((p) => (
          <li data-med={p.med} data-answer={p.answer ?? ''} data-lo={p.lo ?? ''} data-hi={p.hi ?? ''}>
            [{p.med}, {p.med + 1}] → {p.answer === null ? 'searching…' : p.answer}
            {p.lo !== null && `: the score in [${p.lo}, ${p.hi}]`}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The counts so far at the cursor, beside the whole search's (the trace may keep only its start). */
export function C4TraceStats({ result, model, cursor }) {
  const s = result.stats;
  const kept = model.truncated || result.stopped ? ' in the events kept' : '';
  const rows = [
    ['Score', result.score === null ? `not known: stopped after ${formatCount(result.nodes)} positions` : String(result.score), 'score'],
    ['Positions', `${formatCount(model.enteredUpTo[cursor])} so far of ${formatCount(s.nodes)}`, 'nodes'],
    ['Cut-offs', `${formatCount(model.cutsUpTo[cursor])} so far${kept} of ${formatCount(s.cutoffs)}`, 'cutoffs'],
  ];
  if (stageHas(result.stage, 'tt')) {
    rows.push([
      'Table hits',
      `${formatCount(model.hitsUpTo[cursor])} so far${kept} of ${formatCount(s.ttHits)} (${formatCount(s.ttCuts)} cut the search)`,
      'tt-hits',
    ]);
    rows.push(['Table stores', `${formatCount(model.storesUpTo[cursor])} so far${kept} of ${formatCount(s.ttStores)}`, 'tt-stores']);
  }
  if (stageHas(result.stage, 'iterative')) {
    const bounds = model.open[0] || model.known[0] ? ` — the score in [${valueText(model.alpha[0])}, ${valueText(model.beta[0])}]` : '';
    rows.push(['Probes', `${formatCount(model.probesUpTo[cursor])} so far of ${formatCount(s.probes)}${bounds}`, 'probes']);
  }
  return (
    <section class="panel tree-stats" aria-label="Statistics" data-testid="c4-trace-stats">
      <h2 class="panel-title">Statistics</h2>
      <dl>
        {rows.map(([k, v, id]) => (
          <>
            <dt>{k}</dt>
            <dd data-testid={`c4-stat-${id}`}>{v}</dd>
          </>
        ))}
      </dl>
      <C4Probes model={model} cursor={cursor} />
    </section>
  );
}

/** The dot overview and the path to the current node, each with its window or value. */
export function C4TraceTree({ model, result, cursor, theme }) {
  const i = cursor - 1;
  const current = model.nodeAt(i);
  const path = current >= 0 ? model.pathTo(current) : [];
  const driver = model.probesUpTo[model.count] > 0; // node 0 is the solve (not when the root wins at once)
  const rootMover = result.moves.length % 2; // 0: X
  const kind = i >= 0 ? model.kindAt(i) : 0;
  return (
    <div class="tree-summary" data-testid="c4-trace-tree">
      <p>
        Each dot is a position the search entered{driver ? '; the top one is the solve, each probe searching the root below it' : ''}.
        {model.truncated ? ` The trace keeps the first ${formatCount(model.count)} events of the search.` : ''}
        {result.stopped ? ` The search stopped at its budget of ${formatCount(result.nodes)} positions.` : ''}
      </p>
      <TreeOverview model={model} cursor={cursor} theme={theme} />
      <p
        class="c4-trace__event"
        data-testid="c4-trace-event"
        data-kind={kind}
        data-step={model.stepAt(i)}
        data-node={current}
        data-hit={kind === AB.HIT ? model.hitOutcome(i) : ''}
        data-probe={kind === C4_EV.PROBE || kind === C4_EV.BOUNDS ? 'yes' : ''}
      >
        {i >= 0 ? model.describe(i) : 'Before the first event: press ▶ or → to step.'}
      </p>
      <ol class="tree-summary__path" aria-label="Current path">
        {path.map((v, depth) => {
          const solve = driver && depth === 0;
          const mover = (rootMover + depth - (driver ? 1 : 0)) % 2 ? 'O' : 'X';
          return (
            <li data-visit={v}>
              <code>
                {solve ? 'solve' : `${mover} to move, node ${v}`}
                {depth > 0 && !(driver && depth === 1) ? ` (column ${model.moveOf[v] + 1})` : ''}
                {model.open[v] ? ` [${valueText(model.alpha[v])}, ${valueText(model.beta[v])}]` : ''}
                {model.known[v] ? ` = ${valueText(model.value[v])}` : ''}
              </code>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
