// c4-search.jsx: the search of any stage on the position, animated with the
// trees' player and views. The generic stages (minimax, alpha-beta,
// centre-first): drawn node by node when small, as the dot overview when
// large; the transposition table's hits in the statistics when it is on.
// The dedicated stages (bitboard ... strongest): their negamax traced
// (c4-trace.jsx), its table hits and null-window probes as steps.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { useSolver } from '../../hooks/use-solver.js';
import { usePlayerKeys } from '../../hooks/use-player-keys.js';
import { formatCount } from '../../lib/format.js';
import { ProgressWords, WorkRow } from '../work-row/index.jsx';
import { C4_GENERIC, C4_SEARCH_BUDGET, C4_STAGES, C4_STAGE_LABELS, c4SearchWords } from '../../lib/connect4.js';
import { buildC4Model, stageHas } from '../../lib/c4-trace.js';
import { C4Code, C4TraceStats, C4TraceTree } from './c4-trace.jsx';
import { createPlayerStore } from '../../player/store.js';
import { buildTreeModel } from '../../player/tree-model.js';
import { TreeCode } from '../tree-app/tree-code.jsx';
import { TreePlayer } from '../tree-app/tree-player.jsx';
import { TreeStats } from '../tree-app/tree-stats.jsx';
import { TreeSummary } from '../tree-app/tree-summary.jsx';
import { DRAW_LIMIT, TreeView } from '../tree-app/tree-view.jsx';

/** The longest count the search shows: every position of its budget. */
const SEARCH_ROOM = [c4SearchWords({ decided: C4_SEARCH_BUDGET })];
/** The dedicated stages' player steps from one table hit, probe or cut-off to the next. */
const C4_DECISION = { name: 'table hit, probe or cut-off', prev: '◀★', next: '★▶', prevId: 'prev-cut', nextId: 'next-cut' };
/** The events the player keeps of a search (the worker's TREE_TRACE_CAP). */
const C4_TRACE_KEPT = 1 << 20;

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
    store.load(result ? Object.assign(result.dedicated ? buildC4Model(result) : buildTreeModel(result), { result }) : null, { at: 'start' });
    setSelected(-1);
    setCollapsed(new Map());
  }, [result]);
  // The store's model with the result it was built from, one pair: the render between a new result and its load() draws nothing.
  const model = result && store.model.value?.result === result ? store.model.value : null;
  const cursor = store.cursor.value;
  const drawn = model?.layout && model.layout.n <= DRAW_LIMIT;
  if (embed) return null;
  const generic = C4_GENERIC.includes(stage);
  const run = (s = stage, table = tt) =>
    solver.solve({ kind: 'search', size, moves, stage: s, tt: C4_GENERIC.includes(s) && table, budget: C4_SEARCH_BUDGET, trace: 'auto' });
  // A search of this position shown (or on its way) follows its stage and table at once (use-solver.js, rules 1 and 5).
  const follow = (s, table) => {
    setStage(s);
    setTt(table);
    if (result || solver.solving) run(s, table);
  };
  const algo = stage === 'minimax' ? 'minimax' : 'alphabeta';
  return (
    <section class="panel c4-search" aria-label="The search, animated" data-testid="c4-search">
      <h2 class="panel-title">The search, step by step</h2>
      <p class="c4-note">
        Every stage searches this position with a trace you can play. The generic stages show X's score (MAX is X); the dedicated ones (bitboard on) are a
        negamax, with each table hit and each null-window probe a step. A search stops at {formatCount(C4_SEARCH_BUDGET)} positions, and the player keeps its
        first {formatCount(C4_TRACE_KEPT)} events: play deeper into the game to animate a whole search.
      </p>
      <div class="c4-controls__row">
        <label>
          <span>Stage</span>
          <select value={stage} data-testid="c4-search-stage" onChange={(e) => follow(e.currentTarget.value, tt)}>
            {C4_STAGES.map((s) => (
              <option value={s}>{C4_STAGE_LABELS[s]}</option>
            ))}
          </select>
        </label>
        {generic && (
          <label class="c4-check">
            <input type="checkbox" checked={tt} data-testid="c4-search-tt" onChange={(e) => follow(stage, e.currentTarget.checked)} />
            Transposition table
          </label>
        )}
        <button type="button" data-testid="c4-search-run" onClick={() => run()}>
          Animate the search
        </button>
      </div>
      {solver.solving && (
        <WorkRow
          class="c4-search__progress"
          controls={
            <button type="button" data-testid="c4-search-cancel" onClick={() => solver.cancel()}>
              Cancel
            </button>
          }
        >
          <SearchCount progress={solver.progressSignal} />
        </WorkRow>
      )}
      {solver.error && !solver.solving && (
        <p class="tree-app__error" role="alert" data-testid="c4-search-error">
          {solver.error}
        </p>
      )}
      {result && model && result.dedicated && (
        <div
          data-testid="c4-search-result"
          data-dedicated="true"
          data-stage={result.stage}
          data-value={result.score ?? ''}
          data-nodes={result.nodes}
          data-events={model.count}
          data-truncated={model.truncated ? 'true' : 'false'}
          data-stopped={result.stopped ? 'true' : 'false'}
        >
          <p>
            {C4_STAGE_LABELS[result.stage]}:{' '}
            {result.score === null ? (
              'stopped at its budget'
            ) : (
              <>
                the score for the side to move <strong>{result.score}</strong>
              </>
            )}
            , {formatCount(result.nodes)} positions
            {stageHas(result.stage, 'tt') ? `, ${formatCount(result.stats.ttHits)} table hits` : ''}
            {stageHas(result.stage, 'iterative') ? `, ${formatCount(result.stats.probes)} null-window probes` : ''}.
            {model.truncated ? ` The player holds the search's first ${formatCount(model.count)} events.` : ''}
          </p>
          <TreePlayer store={store} decision={C4_DECISION} />
          <div class="tree-app__main">
            <section class="panel tree-app__tree" aria-label="Search tree" data-export-frame>
              <C4TraceTree model={model} result={result} cursor={cursor} theme={theme} />
            </section>
            <div class="tree-app__side">
              <C4Code stage={result.stage} step={model.stepAt(cursor - 1)} />
              <C4TraceStats result={result} model={model} cursor={cursor} />
            </div>
          </div>
        </div>
      )}
      {result && model && !result.dedicated && (
        <div
          data-testid="c4-search-result"
          data-stage={result.stage}
          data-tt={result.tt ? 'true' : 'false'}
          data-value={result.value}
          data-nodes={result.stats.nodes}
          data-events={model.count}
        >
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

/** The positions searched so far: reads the progress signal, so only this line re-renders with each message. */
function SearchCount({ progress }) {
  const p = progress.value;
  return (
    <ProgressWords role="status" data-testid="c4-search-progress" room={SEARCH_ROOM}>
      {c4SearchWords(p)}
    </ProgressWords>
  );
}
