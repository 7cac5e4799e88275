import { formatCount } from '../../lib/format.js';
import { DRAW_LIMIT, TreeView } from './tree-view.jsx';
import { PnView } from './pn-view.jsx';
import { MctsTree, moveLabel } from './mcts-view.jsx';
import { choiceAt } from '../../lib/mcts.js';

const NO_FOLDS = new Map();
const ignore = () => {};

/** The compared searches side by side on one clock, each with its live counters. */
export function TreeCompare({ model, cursor, table = false }) {
  return (
    <div class="tree-compare" data-testid="tree-compare">
      {model.models.map((m, k) => {
        const at = Math.min(cursor, m.count);
        if (m.mcts) {
          // Iterations so far, and the move the search would choose after them, against the exact values.
          const r = m.mctsResult;
          const it = at > 0 ? Math.min(r.iterations, m.iterationAt(at - 1)) : 0;
          const choice = it > 0 ? choiceAt(r, it) : -1;
          const perfect = choice >= 0 && r.moves[choice].exact === r.value;
          return (
            <section class="panel tree-compare__run" aria-label={model.labels[k]} data-testid={`compare-${k}`}>
              <h2 class="panel-title">{model.labels[k]}</h2>
              <p
                class="tree-compare__counters"
                data-testid={`compare-counters-${k}`}
                data-iterations={it}
                data-choice={choice}
                data-perfect={choice >= 0 ? (perfect ? '1' : '0') : ''}
              >
                iteration {formatCount(it)} of {formatCount(r.iterations)}
                {choice >= 0 ? ` · would choose ${moveLabel(r, choice)}, ${perfect ? 'perfect play' : 'not perfect play'}` : ''}
                {at === m.count ? ' · done' : ''}
              </p>
              {m.count > 0 && <MctsTree model={m} cursor={at} selected={-1} onSelect={ignore} />}
            </section>
          );
        }
        if (m.pn) {
          // Positions expanded: counted as alpha-beta's inner positions are (its AB_ENTER events).
          return (
            <section class="panel tree-compare__run" aria-label={model.labels[k]} data-testid={`compare-${k}`}>
              <h2 class="panel-title">{model.labels[k]}</h2>
              <p class="tree-compare__counters" data-testid={`compare-counters-${k}`} data-expanded={m.expandedUpTo[at]} data-proofs={m.proofUpTo[at]}>
                {formatCount(m.expandedUpTo[at])} positions expanded · threshold proof {formatCount(m.proofUpTo[at])} of {formatCount(m.markers.length)}
                {at === m.count ? ' · done' : ''}
              </p>
              {m.layout && m.layout.n <= DRAW_LIMIT && <PnView model={m} cursor={at} selected={-1} onSelect={ignore} />}
            </section>
          );
        }
        return (
          <section class="panel tree-compare__run" aria-label={model.labels[k]} data-testid={`compare-${k}`}>
            <h2 class="panel-title">{model.labels[k]}</h2>
            <p
              class="tree-compare__counters"
              data-testid={`compare-counters-${k}`}
              data-leaves={m.leavesUpTo[at]}
              data-cutoffs={m.cutsUpTo[at]}
              data-answers={m.answersUpTo[at]}
              data-expanded={m.expandedUpTo[at]}
            >
              {formatCount(m.visitsUpTo[at])} positions ({formatCount(m.expandedUpTo[at])} expanded) · {formatCount(m.leavesUpTo[at])} leaves ·{' '}
              {formatCount(m.cutsUpTo[at])} cut-offs
              {table ? ` · ${formatCount(m.answersUpTo[at])} answered by the table` : ''}
              {at === m.count ? ' · done' : ''}
            </p>
            {m.layout && m.layout.n <= DRAW_LIMIT && <TreeView model={m} cursor={at} selected={-1} onSelect={ignore} collapsed={NO_FOLDS} />}
          </section>
        );
      })}
    </div>
  );
}
