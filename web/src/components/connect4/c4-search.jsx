// c4-search.jsx: the search of a generic stage (minimax, alpha-beta,
// centre-first) on the position, animated with the trees' player and views:
// drawn node by node when small, as the dot overview when large; the
// transposition table's hits in the statistics when it is on.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { useSolver } from '../../hooks/use-solver.js';
import { usePlayerKeys } from '../../hooks/use-player-keys.js';
import { formatCount } from '../../lib/format.js';
import { C4_GENERIC, C4_STAGE_LABELS } from '../../lib/connect4.js';
import { createPlayerStore } from '../../player/store.js';
import { buildTreeModel } from '../../player/tree-model.js';
import { TreeCode } from '../tree-app/tree-code.jsx';
import { TreePlayer } from '../tree-app/tree-player.jsx';
import { TreeStats } from '../tree-app/tree-stats.jsx';
import { TreeSummary } from '../tree-app/tree-summary.jsx';
import { DRAW_LIMIT, TreeView } from '../tree-app/tree-view.jsx';

/** The generic search stops here: beyond, play deeper into the game. */
export const C4_SEARCH_BUDGET = 2_000_000;

export function C4Search({ size, moves, theme, embed }) {
  const solver = useSolver('connect-four');
  const store = useMemo(() => createPlayerStore(), []);
  usePlayerKeys(store);
  const [stage, setStage] = useState('centre-first');
  const [tt, setTt] = useState(false);
  const [selected, setSelected] = useState(-1);
  const [collapsed, setCollapsed] = useState(() => new Map());
  const result = solver.result?.kind === 'search' && solver.result.size === size && solver.result.moves === moves ? solver.result : null;
  useEffect(() => {
    store.load(result ? Object.assign(buildTreeModel(result), { result }) : null, { at: 'start' });
    setSelected(-1);
    setCollapsed(new Map());
  }, [result]);
  const model = result ? store.model.value : null;
  const cursor = store.cursor.value;
  const drawn = model?.layout && model.layout.n <= DRAW_LIMIT;
  if (embed) return null;
  const run = () => solver.solve({ kind: 'search', size, moves, stage, tt, budget: C4_SEARCH_BUDGET, trace: 'auto' });
  const algo = stage === 'minimax' ? 'minimax' : 'alphabeta';
  return (
    <section class="panel c4-search" aria-label="The search, animated" data-testid="c4-search">
      <h2 class="panel-title">The search, step by step</h2>
      <p class="c4-note">
        The generic stages search the game tree of this position with a trace you can play; values are X's score (MAX is X). They stop at{' '}
        {formatCount(C4_SEARCH_BUDGET)} positions: play deeper into the game to animate a whole search.
      </p>
      <div class="c4-controls__row">
        <label>
          <span>Stage</span>
          <select value={stage} data-testid="c4-search-stage" onChange={(e) => setStage(e.currentTarget.value)}>
            {C4_GENERIC.map((s) => (
              <option value={s}>{C4_STAGE_LABELS[s]}</option>
            ))}
          </select>
        </label>
        <label class="c4-check">
          <input type="checkbox" checked={tt} data-testid="c4-search-tt" onChange={(e) => setTt(e.currentTarget.checked)} />
          Transposition table
        </label>
        <button type="button" data-testid="c4-search-run" onClick={run}>
          Animate the search
        </button>
        {solver.solving && (
          <>
            <span role="status" data-testid="c4-search-progress">
              Searching… {solver.progress ? `${formatCount(solver.progress.decided)} positions` : ''}
            </span>
            <button type="button" data-testid="c4-search-cancel" onClick={() => solver.cancel()}>
              Cancel
            </button>
          </>
        )}
      </div>
      {solver.error && !solver.solving && (
        <p class="tree-app__error" role="alert" data-testid="c4-search-error">
          {solver.error}
        </p>
      )}
      {result && model && (
        <div data-testid="c4-search-result" data-value={result.value} data-nodes={result.stats.nodes} data-events={model.count}>
          <p>
            {C4_STAGE_LABELS[result.stage]}: X's score <strong>{result.value}</strong>, {formatCount(result.stats.nodes)} positions
            {result.tt ? `, ${formatCount(result.stats.ttHits)} table hits` : ''}.
          </p>
          <TreePlayer store={store} />
          <div class="tree-app__main">
            <section class="panel tree-app__tree" aria-label="Search tree" data-export-frame>
              {drawn ? (
                <TreeView
                  model={model}
                  cursor={cursor}
                  selected={selected}
                  onSelect={(u, hover) => !hover && setSelected(u === selected ? -1 : u)}
                  collapsed={collapsed}
                />
              ) : (
                <TreeSummary model={model} result={result} cursor={cursor} theme={theme} />
              )}
            </section>
            <div class="tree-app__side">
              <TreeCode algo={algo} step={model.stepAt(cursor - 1)} />
              <TreeStats result={result} model={model} cursor={cursor} />
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
