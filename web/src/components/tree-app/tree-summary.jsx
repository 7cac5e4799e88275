import { formatCount } from '../../lib/format.js';
import { valueText } from '../../lib/tree-events.js';
import { DRAW_LIMIT } from './tree-view.jsx';
import { TreeOverview } from './tree-overview.jsx';

/** For trees too large to draw: why, and the search's current path with its windows. */
export function TreeSummary({ model, result, cursor, theme }) {
  const current = model.nodeAt(cursor - 1);
  const path = current >= 0 ? model.pathTo(current) : [];
  const size = result.layout ? formatCount(result.layout.n) : `more than ${formatCount(DRAW_LIMIT)}`;
  return (
    <div class="tree-summary" data-testid="tree-summary">
      <p>
        This game tree has {size} positions: too many to draw node by node, so the positions the search visits ({formatCount(model.ids)}) are drawn as dots,
        with the path it is on at this step listed below.
      </p>
      <TreeOverview model={model} cursor={cursor} theme={theme} />
      <ol class="tree-summary__path" aria-label="Current path">
        {path.map((v, depth) => (
          <li data-visit={v}>
            <code>
              {depth % 2 === (result.info.rootPlayer === 0 ? 0 : 1) ? '▲ MAX' : '▽ MIN'} node {v}
              {depth > 0 ? ` (move #${model.moveOf[v]})` : ''}
              {model.open[v] ? ` [${valueText(model.alpha[v])}, ${valueText(model.beta[v])}]` : ''}
              {model.known[v] ? ` = ${valueText(model.value[v])}` : ''}
            </code>
          </li>
        ))}
      </ol>
    </div>
  );
}
