import { useRef } from 'preact/hooks';
import { useSwipe } from '../../hooks/use-swipe.js';
import { eventText } from '../../player/describe.js';
import { sliderFromSpeed, speedFromSlider } from '../../player/store.js';
import { formatCount } from '../../lib/format.js';
import { kindAt, stepAt } from '../../player/events.js';
import './player-controls.css';

const SLIDER_STEPS = 1000;

/**
 * Play/pause, steps, the timeline and the speed, for the store's trace.
 * variant 'minimal' (an embed's controls=minimal) keeps step back, play and
 * step forward, the timeline and the readout.
 */
export function PlayerControls({ store, variant = 'full' }) {
  const full = variant !== 'minimal';
  const root = useRef(null);
  useSwipe(root, store);
  const model = store.model.value;
  const cursor = store.cursor.value;
  const playing = store.playing.value;
  const speed = store.speed.value;
  const count = model?.count ?? 0;
  const disabled = count === 0;
  const current = cursor - 1;
  const n = model?.graph.n ?? 0;
  const readout = disabled
    ? 'No trace to play for this result'
    : current < 0
      ? 'Before the first event'
      : eventText(model.trace, current, n, model.stateName);
  const step = disabled || current < 0 ? 0 : stepAt(model.trace, current);

  return (
    <section class="player" aria-label="Player" data-testid="player" ref={root}>
      <div class="player__buttons" role="group" aria-label="Steps">
        {full && (
          <button type="button" aria-label="To the start" title="To the start (Home)" disabled={disabled} onClick={store.toStart}>
          |◀◀
        </button>
        )}
        {full && (
          <button type="button" aria-label="Previous decision" title="Previous decision (Shift+←)" disabled={disabled} onClick={() => store.stepDecision(-1)}>
          ◀◀
        </button>
        )}
        <button type="button" aria-label="Step back" title="Step back (←)" disabled={disabled} onClick={() => store.step(-1)}>
          ◀
        </button>
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
        <button type="button" aria-label="Step forward" title="Step forward (→)" disabled={disabled} onClick={() => store.step(1)}>
          ▶
        </button>
        {full && (
          <button type="button" aria-label="Next decision" title="Next decision (Shift+→)" disabled={disabled} onClick={() => store.stepDecision(1)}>
          ▶▶
        </button>
        )}
        {full && (
          <button type="button" aria-label="To the end" title="To the end (End)" disabled={disabled} onClick={store.toEnd}>
          ▶▶|
        </button>
        )}
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
        <output data-testid="speed">{formatCount(speed)}/s</output>
      </label>
      )}
      <p
        class="player__readout"
        data-testid="readout"
        data-cursor={cursor}
        data-count={count}
        data-kind={disabled || current < 0 ? 0 : kindAt(model.trace, current)}
        data-step={step}
      >
        <span class="player__where" data-testid="event-number">
          {disabled ? '' : current < 0 ? `0 of ${formatCount(count)} events` : `Event #${current} · ${formatCount(cursor)} of ${formatCount(count)} applied`}
        </span>
        <span class="player__what">{readout}</span>
      </p>
      <p class="visually-hidden" aria-live="polite" data-testid="narration">
        {playing || disabled ? '' : `Step ${formatCount(cursor)}: ${readout}`}
      </p>
      {full && (
        <p class="player__hint">
        Keys: <kbd>Space</kbd> play/pause · <kbd>←</kbd> <kbd>→</kbd> one event · <kbd>Shift</kbd>+<kbd>←</kbd>{' '}
        <kbd>→</kbd> one decision · <kbd>Home</kbd> <kbd>End</kbd> start/end
      {' '}
        · on a touch screen, swipe the player sideways
      </p>
      )}
    </section>
  );
}
