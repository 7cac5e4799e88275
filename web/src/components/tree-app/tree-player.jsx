import { abEventSentence } from '../../lib/tree-events.js';
import { formatCount } from '../../lib/format.js';
import { PlayerShell } from '../player-controls/player-shell.jsx';

const CUT_OFF = { name: 'cut-off', prev: '◀✂', next: '✂▶', prevId: 'prev-cut', nextId: 'next-cut' };

/** The player for a search trace: the other pillars' player, with cut-offs as the decisions (or `decision`'s events). */
export function TreePlayer({ store, variant = 'full', decision = CUT_OFF }) {
  const model = store.model.value;
  const cursor = store.cursor.value;
  const count = model?.count ?? 0;
  const disabled = count === 0;
  const current = cursor - 1;
  const readout = disabled
    ? 'No trace to play'
    : current < 0
      ? 'Before the first event'
      : model.describe
        ? model.describe(current)
        : abEventSentence(model.trace, current);
  return (
    <PlayerShell
      store={store}
      testid="tree-player"
      full={variant !== 'minimal'}
      decision={decision}
      readout={readout}
      where={disabled ? '' : `${formatCount(cursor)} of ${formatCount(count)} events${model.truncated ? ' (trace cut at its cap)' : ''}`}
      kind={current < 0 || disabled ? 0 : model.kindAt(current)}
    />
  );
}
