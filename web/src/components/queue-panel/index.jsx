import { stateName } from '../../lib/catmouse.js';
import { formatCount } from '../../lib/format.js';
import { LayerHistogram } from '../layer-histogram/index.jsx';
import './queue-panel.css';

const SHOWN = 8;

/** Retrograde: the BFS queue and the decided counts. Searches: the path and the counters. */
export function QueuePanel({ store }) {
  const model = store.model.value;
  const cursor = store.cursor.value;
  if (!model || model.algo === 'final') return null;
  if (model.algo === 'layers') return <LayerHistogram store={store} />;
  const n = model.graph.n;
  const pick = (s) => (
    <button type="button" class="state-chip" key={s} onClick={() => store.select(s)}>
      {stateName(n, s)}
    </button>
  );
  const events = (
    <div>
      <dt>Events</dt>
      <dd data-testid="events-so-far">
        {formatCount(cursor)} of {formatCount(model.count)}
      </dd>
    </div>
  );

  if (model.algo === 'retrograde') {
    const { head, tail } = model;
    const decided = model.decided;
    const next = [];
    for (let j = head; j < tail && next.length < SHOWN; j++) next.push(model.queueAt(j));
    return (
      <section class="queue-panel" aria-label="Queue and counters" data-testid="queue-panel">
        <h2 class="panel-title">Queue and counters</h2>
        <dl class="queue-panel__figures">
          {model.coarse ? (
            <div>
              <dt>Queue</dt>
              <dd>not recorded (coarse trace)</dd>
            </div>
          ) : (
            <>
              <div>
                <dt>Head</dt>
                <dd data-testid="queue-head">{formatCount(head)}</dd>
              </div>
              <div>
                <dt>Tail</dt>
                <dd data-testid="queue-tail">{formatCount(tail)}</dd>
              </div>
              <div>
                <dt>In queue</dt>
                <dd data-testid="queue-size">{formatCount(tail - head)}</dd>
              </div>
            </>
          )}
          <div>
            <dt>Mouse wins</dt>
            <dd data-testid="decided-mouse">{formatCount(decided.mouse)}</dd>
          </div>
          <div>
            <dt>Cat wins</dt>
            <dd data-testid="decided-cat">{formatCount(decided.cat)}</dd>
          </div>
          {events}
        </dl>
        {!model.coarse && (
          <>
            <p class="queue-panel__line">
              <span class="queue-panel__label">Working on:</span>{' '}
              {model.popped >= 0 ? pick(model.popped) : <span class="queue-panel__none">nothing popped yet</span>}
            </p>
            <p class="queue-panel__line" data-testid="queue-next">
              <span class="queue-panel__label">Next in the queue:</span> {next.length ? next.map(pick) : <span class="queue-panel__none">empty</span>}
              {tail - head > SHOWN && <span class="queue-panel__none"> … {formatCount(tail - head - SHOWN)} more</span>}
            </p>
          </>
        )}
      </section>
    );
  }

  // A depth-first search.
  const { depth, path } = model;
  const counts = model.counts;
  const labelled = model.labelled;
  const shown = [];
  for (let d = Math.max(0, depth - SHOWN); d < depth; d++) shown.push(path[d]);
  return (
    <section class="queue-panel" aria-label="Path and counters" data-testid="queue-panel">
      <h2 class="panel-title">Path and counters</h2>
      <dl class="queue-panel__figures">
        <div>
          <dt>Depth</dt>
          <dd data-testid="path-depth">{formatCount(depth)}</dd>
        </div>
        <div>
          <dt>Entered</dt>
          <dd>{formatCount(counts.enters)}</dd>
        </div>
        <div>
          <dt>Leaves</dt>
          <dd>{formatCount(counts.leaves)}</dd>
        </div>
        <div>
          <dt>Cycle cuts</dt>
          <dd>{formatCount(counts.cycles)}</dd>
        </div>
        {model.kind === 'memo' && (
          <div>
            <dt>Memo hits</dt>
            <dd>{formatCount(counts.memoHits)}</dd>
          </div>
        )}
        <div>
          <dt>{model.kind === 'memo' ? 'Stored' : 'Returned'}</dt>
          <dd>
            {formatCount(labelled.mouse)} M · {formatCount(labelled.cat)} C · {formatCount(labelled.draw)} =
          </dd>
        </div>
        {events}
      </dl>
      <p class="queue-panel__line" data-testid="path">
        <span class="queue-panel__label">Path (top last):</span>{' '}
        {depth > SHOWN && <span class="queue-panel__none">… {formatCount(depth - SHOWN)} before · </span>}
        {shown.length ? shown.map(pick) : <span class="queue-panel__none">empty</span>}
      </p>
    </section>
  );
}
