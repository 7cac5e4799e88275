import { scoreMeaning } from '../../lib/dp-view.js';

const NAMES = ['Alice', 'Bob'];

/**
 * "Replay the optimal play": after the fill, the players move along the
 * table's choices one move at a time, their scores adding up to the answer.
 *   at: moves made (-1: not started); onAt(k) moves there.
 */
export function DpReplay({ result, steps, scores, at, onAt, ready }) {
  if (steps.length === 0) {
    return (
      <section class="panel" aria-label="Optimal play">
        <h2 class="panel-title">Optimal play</h2>
        <p>
          {result.algo === 'flawed-memo' ? 'The flawed memo has no optimal play to replay: its table is not sound.' : 'Nothing to replay: no move is left.'}
        </p>
      </section>
    );
  }
  const done = at >= steps.length;
  const [x, y] = scores[Math.max(0, at)];
  return (
    <section class="panel dp-replay" aria-label="Optimal play" data-testid="dp-replay">
      <h2 class="panel-title">Optimal play</h2>
      {at < 0 ? (
        <>
          <p>{ready ? 'The table is full: play the game out along its choices.' : 'Fill the table first (▶▶| or End), or replay now from the final table.'}</p>
          <button type="button" class="primary" data-testid="dp-replay-start" onClick={() => onAt(0)}>
            Replay the optimal play
          </button>
        </>
      ) : (
        <>
          <div class="dp-replay__buttons" role="group" aria-label="Replay moves">
            <button type="button" data-testid="dp-replay-prev" disabled={at <= 0} onClick={() => onAt(at - 1)}>
              ◀ Move back
            </button>
            <button type="button" class="primary" data-testid="dp-replay-next" disabled={done} onClick={() => onAt(at + 1)}>
              Next move ▶
            </button>
            <button type="button" data-testid="dp-replay-end" disabled={done} onClick={() => onAt(steps.length)}>
              To the end
            </button>
            <button type="button" data-testid="dp-replay-stop" onClick={() => onAt(-1)}>
              Stop
            </button>
          </div>
          <p class="dp-replay__score" data-testid="dp-replay-score" data-alice={x} data-bob={y} data-done={done ? '1' : '0'}>
            After {at} of {steps.length} moves: <span class="dp-replay__alice">Alice {x}</span>
            {result.game !== 'stone-game-v' && (
              <>
                {' '}
                · <span class="dp-replay__bob">Bob {y}</span>
              </>
            )}
            {done && ` — ${scoreMeaning(result)}; the answer: ${result.answerText}`}
          </p>
          <ol class="dp-replay__moves">
            {steps.map((s, k) => (
              <li class={k === at - 1 ? 'dp-replay__move--current' : k >= at ? 'dp-replay__move--later' : ''} data-testid="dp-replay-move">
                <span class={`dp-replay__who dp-replay__who--${NAMES[s.player].toLowerCase()}`}>{NAMES[s.player]}</span> {s.text}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
