import { useState } from 'preact/hooks';
import { valueWords } from '../../lib/play.js';
import './play-panel.css';

/**
 * Play against the solver: pick a side, then move by the buttons here or
 * by clicking a highlighted node or cell on the board. The solver plays the
 * other side perfectly. "Show outcomes" writes each move's value (who wins
 * and in how many moves under perfect play, or draw) on its button and on
 * the board.
 * play: use-play.js's handle; place(to) names a node or cell; hints and
 * onHints: the outcome toggle, shared with the board.
 */
export function PlayPanel({ play, place, hints, onHints, ready }) {
  const [side, setSide] = useState('mouse');
  const turns = Math.max(0, play.history.length - 1);
  let status;
  if (!play.playing) status = ready ? 'Pick a side and start: the solver plays the other side perfectly.' : 'Solve first.';
  else if (play.ended) {
    const who = play.ended.winner;
    const verdict = who === 'draw' ? 'Draw' : who === play.side ? 'You win' : 'The solver wins';
    status = `${verdict}: ${play.ended.why} (after ${turns} ${turns === 1 ? 'move' : 'moves'}).`;
  } else if (play.yourTurn) status = `Your move (${play.side}), move ${turns + 1}: click a highlighted ${place.kind} or a button.`;
  else status = `The solver (${play.side === 'mouse' ? 'cat' : 'mouse'}) is moving…`;

  return (
    <section class="play" aria-label="Play against the solver" data-testid="play-panel">
      <h2 class="panel-title">Play against the solver</h2>
      <div class="play__setup">
        <fieldset class="play__side">
          <legend>Your side</legend>
          {['mouse', 'cat'].map((s) => (
            <label key={s}>
              <input type="radio" name="play-side" value={s} checked={side === s} onChange={() => setSide(s)} data-testid={`play-side-${s}`} />
              {s === 'mouse' ? 'Mouse' : 'Cat'}
            </label>
          ))}
        </fieldset>
        <button type="button" class="primary" disabled={!ready} onClick={() => play.start(side)} data-testid="play-start">
          {play.playing ? 'New game' : 'Start'}
        </button>
        <button type="button" disabled={!play.playing || play.history.length < 2} onClick={play.undo} data-testid="play-undo">
          Undo
        </button>
        {play.playing && (
          <button type="button" onClick={play.stop} data-testid="play-stop">
            Stop
          </button>
        )}
        <label class="play__hints">
          <input type="checkbox" checked={hints} onChange={(e) => onHints(e.currentTarget.checked)} data-testid="play-hints" />
          Show outcomes
        </label>
      </div>
      <p
        class={`play__status${play.ended ? ` play__status--${play.ended.winner === 'draw' ? 'draw' : play.ended.winner === play.side ? 'won' : 'lost'}` : ''}`}
        role="status"
        data-testid="play-status"
        data-winner={play.ended?.winner ?? ''}
      >
        {status}
      </p>
      {play.moves.length > 0 && (
        <ul class="play__moves" aria-label="Your moves" data-testid="play-moves">
          {play.moves.map((m) => (
            <li key={m.to}>
              <button
                type="button"
                class={hints ? `play__move play__move--${m.value.result}` : 'play__move'}
                onClick={() => play.move(m.to)}
                data-testid="play-move"
                data-to={m.to}
                data-result={hints ? m.value.result : ''}
              >
                {place.name(m.to)}
                {hints && <span class="play__value"> · {valueWords(m.value)}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {play.playing && (
        <p class="play__log" data-testid="play-log">
          Moves: {play.history.length - 1}
        </p>
      )}
    </section>
  );
}
