import { exchangeAt } from '../../lib/dp-view.js';

/**
 * Stone Game VI's exchange argument on the numbers of pick `cell` and the
 * next one, once both are dealt: the two picks as played, then exchanged,
 * and what the exchange would cost the mover (the difference of their a + b).
 */
export function DpExchange({ model, cell }) {
  const picks = model.result.choices?.length ?? 0;
  if (!(cell >= 0 && cell + 1 < picks)) {
    return <p class="dp-exchange__hint">Hover or click a pick (not the last) to exchange it with the next one.</p>;
  }
  // The choices are the player's, as far as its cursor: read them once both picks are dealt.
  if (model.filled[cell] !== 1 || model.filled[cell + 1] !== 1) {
    return (
      <p class="dp-exchange__hint">
        Picks {cell + 1} and {cell + 2} are not dealt yet: step on to exchange them.
      </p>
    );
  }
  const x = exchangeAt(model.result, cell);
  if (!x) return null;
  const { mover, other, took, next } = x;
  return (
    <div class="dp-exchange" data-testid="dp-exchange-numbers" data-cost={x.cost}>
      <p>
        Pick {x.pick}: {mover} takes stone {took.stone} (a + b = {took.sum}), then {other} stone {next.stone} (a + b = {next.sum}).
      </p>
      <ul>
        <li>
          As played: {mover} {took.mine}, {other} {next.theirs}: {mover} − {other} = {x.played}
        </li>
        <li>
          Exchanged: {mover} {next.mine}, {other} {took.theirs}: {mover} − {other} = {x.swapped}
        </li>
      </ul>
      <p>
        The exchange costs {mover} {x.cost} = {took.sum} − {next.sum}
        {x.cost === 0 ? ': a tie, either order is optimal.' : ', so the larger a + b goes first.'}
      </p>
    </div>
  );
}
