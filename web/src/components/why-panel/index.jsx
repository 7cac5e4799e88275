import { stateName } from '../../lib/catmouse.js';
import { principalLine, whyDecided } from '../../lib/why.js';
import { outcomeText } from '../../player/describe.js';
import { formatCount } from '../../lib/format.js';
import './why-panel.css';

const LINE_LIMIT = 40;

/**
 * Why the selected state has its colour: for a win, the move that wins; for
 * a loss, every move (each a win for the other side); and the best play of
 * both sides from it, down to the end of the game. Every state is a click
 * away. Searches: the state's label against the true value.
 * final: the retrograde arrays { outcomes, remoteness, cause }.
 */
export function WhyPanel({ store, final }) {
  const model = store.model.value;
  const cursor = store.cursor.value;
  const s = store.selected.value;
  if (!model || !final || s < 0 || s >= model.nstates) return null;
  const n = model.graph.n;
  const name = (t) => stateName(n, t);
  const chip = (t, extra = '') => (
    <button type="button" class="state-chip" key={t} onClick={() => store.select(t)} data-state={t}>
      {name(t)}
      {extra && <span class="why__value"> {extra}</span>}
    </button>
  );
  const decidedAt = model.decidedAt(s);
  const jump = decidedAt >= 0 && (
    <button type="button" onClick={() => store.toDecision(s)} data-testid="jump-to-decision">
      {model.algo === 'layers'
        ? `Jump to its layer (layer ${formatCount(decidedAt)})`
        : `Jump to its ${model.algo === 'retrograde' ? 'decision' : 'first result'} (event #${formatCount(decidedAt)})`}
    </button>
  );

  if (model.algo === 'naive-dfs' || model.algo === 'memo-dfs') {
    const label = model.values[s];
    const truth = final.outcomes[s];
    const what = model.algo === 'memo-dfs' ? 'The memo' : 'The last result';
    return (
      <section class="why" aria-label="Why" data-testid="why">
        <h2 class="panel-title">Why? {name(s)}</h2>
        <p data-testid="why-text">
          {label === 0xff ? `${what} has nothing for ${name(s)} yet.` : `${what} says ${outcomeText(label)}.`} The retrograde solve says{' '}
          {outcomeText(truth, final.remoteness[s])}.{label !== 0xff && label !== truth && <strong class="why__wrong"> Wrong.</strong>}
        </p>
        <p class="why__actions">{jump}</p>
      </section>
    );
  }

  const atCursor = model.values[s];
  const finished = cursor === model.count && !model.truncated;
  // Without a cause array (a big graph's result), the decision order of a
  // retrograde trace names exactly the child the BFS used (why.js).
  const orderOf = final.cause || model.algo !== 'retrograde' || model.truncated ? undefined : model.decidedAt;
  const why = whyDecided(model.graph, final, s, orderOf);
  const childValue = (t) => (model.values[t] === 0 ? (finished ? 'draw' : 'undecided') : outcomeText(model.values[t], model.remote[t]));
  let body;
  if (why.kind === 'invalid') body = <p>Not a state: the cat never enters the hole.</p>;
  else if (why.kind === 'terminal') {
    body = <p data-testid="why-text">The game is over here: {outcomeText(why.outcome)} (step 1 seeds it).</p>;
  } else if (atCursor === 0) {
    body = (
      <p data-testid="why-text">
        {finished || model.algo === 'final' ? 'Never decided: neither side can force a win, so it is a draw.' : 'Not decided yet at this event.'}
      </p>
    );
  } else if (why.kind === 'stuck') {
    body = <p data-testid="why-text">The player to move has no legal move, and loses ({outcomeText(why.outcome)}).</p>;
  } else if (why.kind === 'win') {
    body = (
      <p data-testid="why-text">
        {outcomeText(why.outcome, why.remoteness)}: the {moverOf(n, s)} moves to {chip(why.decisive, childValue(why.decisive))}, a win for it in{' '}
        {why.remoteness - 1} (step 4).
      </p>
    );
  } else {
    body = (
      <>
        <p data-testid="why-text">
          {outcomeText(why.outcome, why.remoteness)}: every move of the {moverOf(n, s)} loses (step 6). The longest defence is {chip(why.decisive)}.
        </p>
        <p class="why__list">{why.children.map((t) => chip(t, childValue(t)))}</p>
      </>
    );
  }
  const line = (why.kind === 'win' || why.kind === 'loss') && atCursor !== 0 ? principalLine(final, s, LINE_LIMIT, orderOf) : null;
  return (
    <section class="why" aria-label="Why" data-testid="why">
      <h2 class="panel-title">Why? {name(s)}</h2>
      {body}
      {line && line.length > 1 && (
        <p class="why__line" data-testid="why-line">
          <span class="why__label">Best play from here:</span>{' '}
          {line.map((t, i) => (
            <span key={t} class="why__step">
              {i > 0 && <span aria-hidden="true">→ </span>}
              {chip(t)}
            </span>
          ))}
        </p>
      )}
      <p class="why__actions">{jump}</p>
    </section>
  );
}

function moverOf(n, s) {
  return s < n * n ? 'mouse' : 'cat';
}
