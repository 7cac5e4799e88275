import { useRef } from 'preact/hooks';
import { useSwipe } from '../../hooks/use-swipe.js';
import { formatCount } from '../../lib/format.js';
import { sliderFromSpeed, speedFromSlider } from '../../player/store.js';
import '../player-controls/player-controls.css';

const SLIDER_STEPS = 1000;

/** The player for a DP fill: the other pillars' controls, with one computed cell as the big step. */
export function DpPlayer({ store, controls = 'full' }) {
  const root = useRef(null);
  useSwipe(root, store);
  const full = controls === 'full';
  const model = store.model.value;
  const cursor = store.cursor.value;
  const playing = store.playing.value;
  const speed = store.speed.value;
  const count = model?.count ?? 0;
  const disabled = count === 0;
  const current = cursor - 1;
  const readout = disabled ? 'No trace to play' : current < 0 ? 'Before the first event: the table is empty' : model.describe(current);
  if (controls === 'none') {
    return <p class="visually-hidden" data-testid="readout" data-cursor={cursor} data-count={count}>{readout}</p>;
  }
  const button = (label, title, onClick, text, testid) => (
    <button type="button" aria-label={label} title={title} disabled={disabled} onClick={onClick} data-testid={testid}>
      {text}
    </button>
  );
  return (
    <section class="player" aria-label="Player" data-testid="dp-player" ref={root}>
      <div class="player__buttons" role="group" aria-label="Steps">
        {full && button('To the start', 'To the start (Home)', store.toStart, '|◀◀', 'to-start')}
        {full && button('Previous cell', 'Previous cell (Shift+←)', () => store.stepDecision(-1), '◀▦', 'prev-cell')}
        {button('Step back', 'Step back (←)', () => store.step(-1), '◀', 'step-back')}
        <button
          type="button"
          class="primary player__play"
          aria-label={playing ? 'Pause' : 'Play'}
          title="Play / pause (Space)"
          disabled={disabled}
          onClick={store.toggle}
          data-testid="play"
        >
          {playing ? '❚❚' : '▶'}
        </button>
        {button('Step forward', 'Step forward (→)', () => store.step(1), '▶', 'step-forward')}
        {full && button('Next cell', 'Next cell (Shift+→)', () => store.stepDecision(1), '▦▶', 'next-cell')}
        {full && button('To the end', 'To the end (End)', store.toEnd, '▶▶|', 'to-end')}
      </div>
      <label class="player__timeline">
        <span class="visually-hidden">Timeline</span>
        <input
          type="range"
          min={0}
          max={count}
          step={1}
          value={cursor}
          disabled={disabled}
          aria-label="Timeline"
          aria-valuetext={`${formatCount(cursor)} of ${formatCount(count)} events`}
          data-testid="timeline"
          onInput={(event) => store.seek(Number(event.currentTarget.value))}
        />
      </label>
      {full && (
        <label class="player__speed">
          <span>Speed</span>
          <input
            type="range"
            min={0}
            max={SLIDER_STEPS}
            step={1}
            value={Math.round(sliderFromSpeed(speed) * SLIDER_STEPS)}
            aria-label="Speed"
            aria-valuetext={`${formatCount(speed)} events per second`}
            onInput={(event) => store.setSpeed(speedFromSlider(Number(event.currentTarget.value) / SLIDER_STEPS))}
          />
          <output>{formatCount(speed)}/s</output>
        </label>
      )}
      <p class="player__readout" data-testid="readout" data-cursor={cursor} data-count={count} data-kind={current < 0 || disabled ? 0 : model.kindAt(current)}>
        <span class="player__where">
          {disabled ? '' : `${formatCount(cursor)} of ${formatCount(count)} events · ${formatCount(model.filledCount)} of ${formatCount(model.markers.length)} cells${model.truncated ? ' (trace cut at its cap)' : ''}`}
        </span>
        <span class="player__what">{readout}</span>
      </p>
      <p class="visually-hidden" aria-live="polite" data-testid="narration">
        {playing || disabled ? '' : `Step ${formatCount(cursor)}: ${readout}`}
      </p>
      {full && (
        <p class="player__hint">
          Keys: <kbd>Space</kbd> play/pause · <kbd>←</kbd> <kbd>→</kbd> one event · <kbd>Shift</kbd>+<kbd>←</kbd> <kbd>→</kbd> one cell · <kbd>Home</kbd> <kbd>End</kbd>
        </p>
      )}
    </section>
  );
}
