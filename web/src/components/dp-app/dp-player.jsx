import { formatCount } from '../../lib/format.js';
import { PlayerShell } from '../player-controls/player-shell.jsx';

const CELL = { name: 'cell', prev: '◀▦', next: '▦▶', prevId: 'prev-cell', nextId: 'next-cell' };

/** The player for a DP fill: the other pillars' player, with one computed cell as the big step. */
export function DpPlayer({ store, controls = 'full' }) {
  const model = store.model.value;
  const cursor = store.cursor.value;
  const count = model?.count ?? 0;
  const disabled = count === 0;
  const current = cursor - 1;
  const readout = disabled ? 'No trace to play' : current < 0 ? 'Before the first event: the table is empty' : model.describe(current);
  if (controls === 'none') {
    return (
      <p class="visually-hidden" data-testid="readout" data-cursor={cursor} data-count={count}>
        {readout}
      </p>
    );
  }
  return (
    <PlayerShell
      store={store}
      testid="dp-player"
      full={controls === 'full'}
      decision={CELL}
      readout={readout}
      where={
        disabled
          ? ''
          : `${formatCount(cursor)} of ${formatCount(count)} events · ${formatCount(model.filledCount)} of ${formatCount(model.markers.length)} cells${model.truncated ? ' (trace cut at its cap)' : ''}`
      }
      kind={current < 0 || disabled ? 0 : model.kindAt(current)}
    />
  );
}
