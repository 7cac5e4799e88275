import { useRef } from 'preact/hooks';
import { useSwipe } from '../../hooks/use-swipe.js';
import { formatCount } from '../../lib/format.js';
import { sliderFromSpeed, speedFromSlider } from '../../player/store.js';
import { ProgressWords } from '../work-row/index.jsx';
import './player-controls.css';

const SLIDER_STEPS = 1000;
/** The play button's two faces: it keeps the wider one's width. */
const PLAY_FACES = ['❚❚', '▶'];

/**
 * The player every pillar shows: the steps, play/pause, the timeline, the
 * speed, the readout and its polite narration, and touch swipes. The pillars
 * differ only in what their big step is (`decision`: { name, prev, next },
 * the words and the button faces, with test ids prevId, nextId) and in the
 * words they put in the readout (`readout`, and `where`: the counts beside
 * it). `full` false (an embed's controls=minimal) keeps step back, play,
 * step forward, the timeline and the readout.
 */
export function PlayerShell({ store, testid, full, decision, readout, where, kind, step }) {
  const root = useRef(null);
  useSwipe(root, store);
  const cursor = store.cursor.value;
  const playing = store.playing.value;
  const speed = store.speed.value;
  const count = store.model.value?.count ?? 0;
  const disabled = count === 0;
  const Name = decision.name[0].toUpperCase() + decision.name.slice(1);
  const button = (label, title, onClick, text, id) => (
    <button type="button" aria-label={label} title={title} disabled={disabled} onClick={onClick} data-testid={id}>
      {text}
    </button>
  );
  return (
    <section class="player" aria-label="Player" data-testid={testid} ref={root}>
      <div class="player__buttons" role="group" aria-label="Steps">
        {full && button('To the start', 'To the start (Home)', store.toStart, '|◀◀', 'to-start')}
        {full && button(`Previous ${decision.name}`, `Previous ${decision.name} (Shift+←)`, () => store.stepDecision(-1), decision.prev, decision.prevId)}
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
          {/* as wide playing as paused: it, and the buttons after it, keep their place when play stops at the end under a press */}
          <ProgressWords as="span" room={PLAY_FACES}>
            {playing ? '❚❚' : '▶'}
          </ProgressWords>
        </button>
        {button('Step forward', 'Step forward (→)', () => store.step(1), '▶', 'step-forward')}
        {full && button(`Next ${decision.name}`, `Next ${decision.name} (Shift+→)`, () => store.stepDecision(1), decision.next, decision.nextId)}
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
          <output data-testid="speed">{formatCount(speed)}/s</output>
        </label>
      )}
      <p class="player__readout" data-testid="readout" data-cursor={cursor} data-count={count} data-kind={kind} data-step={step}>
        <span class="player__where" data-testid="event-number">
          {disabled ? '' : where}
        </span>
        <span class="player__what">{readout}</span>
      </p>
      <p class="visually-hidden" aria-live="polite" data-testid="narration">
        {playing || disabled ? '' : `Step ${formatCount(cursor)}: ${readout}`}
      </p>
      {full && (
        <p class="player__hint">
          Keys: <kbd>Space</kbd> play/pause · <kbd>←</kbd> <kbd>→</kbd> one event · <kbd>Shift</kbd>+<kbd>←</kbd> <kbd>→</kbd> one {decision.name} ·{' '}
          <kbd>Home</kbd> <kbd>End</kbd> start/end · on a touch screen, swipe the player sideways
        </p>
      )}
    </section>
  );
}
