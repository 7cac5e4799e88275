import { useEffect, useState } from 'preact/hooks';
import { drawAt, drawIndex, goalsAt, jointWords, listWords } from '../../lib/gdl-values.js';

/**
 * A game against the solver where moves are simultaneous: the person picks
 * a role and, at each state, a move; the other roles together answer with
 * a joint move drawn from their optimal mixed strategy against that role
 * (the coalition's column strategy of the role's matrix game there), with a
 * seeded generator, so a seed and the same moves give the same game. Needs
 * every state's matrix games (valued.allMatrices).
 */
export function GdlValuesPlay({ valued }) {
  const [role, setRole] = useState(0);
  const [seed, setSeed] = useState(1);
  const [turns, setTurns] = useState(null); // [{ state, move, reply, prob, next }]; null: not playing
  useEffect(() => setTurns(null), [valued]);
  if (!valued.allMatrices) return <p class="gdl__help">Too many states to play here: the start's matrix games only.</p>;
  const roles = valued.roles;
  const at = turns ? (turns.length ? turns[turns.length - 1].next : 0) : -1;
  const matrix = at >= 0 ? valued.matrices.find((m) => m.state === at && m.role === role) : null;
  const over = at >= 0 && !matrix;
  const others = listWords(roles.filter((_, i) => i !== role));
  const move = (i) => {
    const j = drawIndex(matrix.col, drawAt(seed, turns.length));
    setTurns([...turns, { state: at, move: matrix.rows[i], reply: jointWords(matrix.cols[j]), prob: matrix.col[j], next: matrix.next[i][j] }]);
  };
  const goals = over ? goalsAt(valued, at) : null;
  return (
    <section class="gdl-values-play" aria-label="Play against the solver" data-testid="values-play" data-state={at} data-over={over ? 'true' : 'false'}>
      <h2 class="panel-title">Play against the solver</h2>
      <p class="gdl__matrix-nav">
        <label>
          You play{' '}
          <select value={role} onChange={(e) => (setRole(Number(e.currentTarget.value)), setTurns(null))} data-testid="values-role">
            {roles.map((r, i) => (
              <option key={r} value={i}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <label>
          Seed{' '}
          <input
            type="number"
            min="0"
            step="1"
            value={seed}
            onInput={(e) => (setSeed(Math.max(0, Math.floor(Number(e.currentTarget.value) || 0))), setTurns(null))}
            data-testid="values-seed"
            class="gdl-values-play__seed"
          />
        </label>
        <button type="button" class="primary" onClick={() => setTurns([])} data-testid="values-new">
          {turns ? 'New game' : 'Start'}
        </button>
      </p>
      {turns && (
        <ol class="gdl-values-play__log">
          {turns.map((t, k) => (
            <li key={k} data-testid="values-turn" data-move={t.move} data-reply={t.reply} data-prob={t.prob} data-next={t.next}>
              You: <code>{t.move}</code>; {others}: <code>{t.reply}</code> (drawn with probability {t.prob})
            </li>
          ))}
        </ol>
      )}
      {matrix && (
        <div class="gdl-values-play__moves" role="group" aria-label={`${roles[role]}'s moves`}>
          {matrix.rows.map((m, i) => (
            <button type="button" key={m} onClick={() => move(i)} data-testid="values-move" data-move={m}>
              {m}
            </button>
          ))}
          <span class="gdl__roles">
            {' '}
            {others} answer at once, from their strategy against you (value for you: {matrix.value}).
          </span>
        </div>
      )}
      {over && (
        <p data-testid="values-result" data-goal={goals[role]}>
          Game over: you ({roles[role]}) score <strong>{goals[role]}</strong>;{' '}
          {roles
            .map((r, i) => (i === role ? null : `${r} ${goals[i]}`))
            .filter(Boolean)
            .join(', ')}
          .
        </p>
      )}
    </section>
  );
}
