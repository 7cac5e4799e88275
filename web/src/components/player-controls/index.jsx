import { eventText } from '../../player/describe.js';
import { formatCount } from '../../lib/format.js';
import { kindAt, stepAt } from '../../player/events.js';
import { PlayerShell } from './player-shell.jsx';

const DECISION = { name: 'decision', prev: '◀◀', next: '▶▶', prevId: 'prev-decision', nextId: 'next-decision' };

/**
 * Play/pause, steps, the timeline and the speed, for the store's trace of a
 * retrograde solve or a search. variant 'minimal' (an embed's
 * controls=minimal) keeps step back, play and step forward, the timeline
 * and the readout.
 */
export function PlayerControls({ store, variant = 'full' }) {
  const model = store.model.value;
  const cursor = store.cursor.value;
  const count = model?.count ?? 0;
  const disabled = count === 0;
  const current = cursor - 1;
  const readout = disabled
    ? 'No trace to play for this result'
    : model.describe
      ? model.describe(current)
      : current < 0
        ? 'Before the first event'
        : eventText(model.trace, current, model.graph.n, model.stateName);
  return (
    <PlayerShell
      store={store}
      testid="player"
      full={variant !== 'minimal'}
      decision={DECISION}
      readout={readout}
      where={
        model?.algo === 'layers'
          ? `${formatCount(cursor)} of ${formatCount(count)} layers`
          : current < 0
            ? `0 of ${formatCount(count)} events`
            : `Event #${current} · ${formatCount(cursor)} of ${formatCount(count)} applied`
      }
      kind={disabled || current < 0 || !model.trace ? 0 : kindAt(model.trace, current)}
      step={disabled || current < 0 || !model.trace ? 0 : stepAt(model.trace, current)}
    />
  );
}
