import { formatCount } from '../../lib/format.js';
import { boundedText } from './tree-view.jsx';

/** The run's statistics, the counters so far at the cursor beside the totals. */
export function TreeStats({ result, model, cursor }) {
  const { minimal } = result;
  const s = result.stats;
  const share = s.cutoffs ? Math.round((100 * s.firstCutoffs) / s.cutoffs) : 0;
  const partial = model.truncated ? ' (of the trace kept)' : '';
  const rows = [
    ['Value', boundedText(result.value, ['exact', 'at-least', 'at-most'].indexOf(result.bound)), 'value'],
    ['Positions visited', formatCount(s.nodes), 'nodes'],
    ['Leaves evaluated', `${formatCount(model.leavesUpTo[cursor])} so far${partial} of ${formatCount(s.leaves)}`, 'leaves'],
    ['Cut-offs', `${formatCount(model.cutsUpTo[cursor])} so far of ${formatCount(s.cutoffs)} (${share}% by the first move tried)`, 'cutoffs'],
  ];
  if (result.tt) rows.push(['Table hits', `${formatCount(s.ttHits)} (${formatCount(s.ttAnswers)} answered)`, 'tt']);
  if (result.memo) rows.push(['Memo hits', formatCount(s.memoHits), 'memo']);
  if (minimal) rows.push(['Knuth-Moore minimum', `${formatCount(minimal.leaves)} leaves (b = ${minimal.b}, d = ${minimal.d})`, 'minimal']);
  if (result.info?.nodes)
    rows.push(['Tree', `${formatCount(result.info.nodes)} positions, ${formatCount(result.info.leaves)} leaves, minimax value ${result.info.truth}`, 'tree']);
  return <StatsList rows={rows} />;
}

/** The statistics panel: rows of [label, value, test id] (the alpha-beta and the proof-number runs share it). */
export function StatsList({ rows }) {
  return (
    <section class="panel tree-stats" aria-label="Statistics" data-testid="tree-stats">
      <h2 class="panel-title">Statistics</h2>
      <dl>
        {rows.map(([k, v, id]) => (
          <>
            <dt>{k}</dt>
            <dd data-testid={`stat-${id}`}>{v}</dd>
          </>
        ))}
      </dl>
    </section>
  );
}
