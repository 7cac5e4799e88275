import { useEffect, useState } from 'preact/hooks';
import { movesAt, outcomeFor, solverReplies } from '../../lib/gdl-play.js';
import { gdlStateName } from '../../lib/gdl-result.js';

/**
 * A game against the solver on the solved rules: pick a role, move by
 * clicking a legal move (with every move's outcome shown if asked), the
 * solver answers with a best move at once; Undo takes back your last move
 * and the solver's answer to it. The state played is the page's selection,
 * so the graph, the inspector and the board follow it.
 */
export function GdlPlay({ result, onState, words }) {
  const [role, setRole] = useState(0);
  const [history, setHistory] = useState(null); // states from the start; null: not playing
  const [show, setShow] = useState(false);
  useEffect(() => setHistory(null), [result]);
  if (!result) return null;
  const roles = result.roles;
  const at = history ? history[history.length - 1] : -1;
  const start = (r = role) => {
    const h = [0, ...solverReplies(result, 0, r)];
    setHistory(h);
    onState(h[h.length - 1]);
  };
  const move = (m) => {
    const h = [...history, m.to, ...solverReplies(result, m.to, role)];
    setHistory(h);
    onState(h[h.length - 1]);
  };
  const undo = () => {
    // Back to the person's previous turn: drop the solver's answers and the person's move.
    const h = history.slice();
    h.pop();
    while (h.length > 1 && result.mover[h[h.length - 1]] !== role) h.pop();
    setHistory(h);
    onState(h[h.length - 1]);
  };
  const mover = at >= 0 ? result.mover[at] : -1;
  const over = at >= 0 && mover < 0;
  const mine = at >= 0 && mover === role;
  let status = 'Pick a role and start.';
  if (over) {
    const o = result.outcome[at];
    const goal = result.value[at];
    status = `Game over at ${gdlStateName(at)}: ${o === 1 ? words.win0 : o === 2 ? words.win1 : words.draw} (${roles[0]}'s goal ${goal}).`;
  } else if (mine) status = `Your move, ${roles[role]}.`;
  else if (at >= 0) status = `${roles[mover]} to move.`;
  return (
    <section class="gdl-play" aria-label="Play against the solver" data-testid="gdl-play" data-state={at} data-moves={history ? history.length - 1 : 0}>
      <h2 class="panel-title">Play against the solver</h2>
      <div class="gdl-play__row">
        <RolePicker
          roles={roles}
          role={role}
          onPick={(r) => {
            setRole(r);
            if (history) start(r);
          }}
        />
        <button type="button" class="primary" data-testid="gdl-play-start" onClick={() => start()}>
          {history ? 'New game' : 'Start'}
        </button>
        <button type="button" data-testid="gdl-play-undo" disabled={!history || history.length <= 1} onClick={undo}>
          Undo
        </button>
        <label>
          <input type="checkbox" checked={show} data-testid="gdl-play-outcomes" onChange={(e) => setShow(e.currentTarget.checked)} /> show outcomes
        </label>
      </div>
      <p class="gdl-play__status" data-testid="gdl-play-status" aria-live="polite">
        {status}
      </p>
      {mine && (
        <ul class="gdl-play__moves" aria-label="Your legal moves">
          {movesAt(result, at).map((m) => (
            <li key={m.edge}>
              <button type="button" data-testid="gdl-play-move" data-move={m.move} onClick={() => move(m)}>
                <code>{m.move}</code>
                {show && <span class="gdl-play__outcome"> {outcomeFor(result, m, role)}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "Play as" the roles (none shown for a puzzle's one role); onPick(role index). */
export function RolePicker({ roles, role, disabled = false, onPick }) {
  if (roles.length <= 1) return null;
  return (
    <label>
      Play as{' '}
      <select value={String(role)} data-testid="gdl-play-role" disabled={disabled} onChange={(e) => onPick(Number(e.currentTarget.value))}>
        {roles.map((name, i) => (
          <option value={String(i)} key={name}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}
