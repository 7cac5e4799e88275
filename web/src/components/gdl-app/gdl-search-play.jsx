import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { isAbort } from '../../engine/client.js';
import { GDL_MAX_STATES } from '../../lib/engine-limits.js';
import { errorWords } from '../../lib/failure.js';
import { gdlReplyRoom, replyProgressWords, searchLineWords } from '../../lib/gdl-search.js';
import { ProgressWords } from '../work-row/index.jsx';
import { RolePicker } from './gdl-play.jsx';

/**
 * A game against the solver on rules answered by search (no state graph):
 * the worker replays the moves played and answers each of the solver's
 * turns by a search from the state reached (gdl-games.js algo 'play'); the
 * person picks among the legal moves the worker lists. Undo takes back the
 * person's last move and the solver's answer to it; Cancel stops a reply
 * being searched (the position before the person's move stays). `play(request,
 * onProgress)` sends a request to the page's worker, `stop()` cancels it;
 * `search` is how the game was answered ('auto' or 'alphabeta': Search,
 * both by alpha-beta with a table), and each reply is searched the same way.
 */
export function GdlSearchPlay({ rules, roles, play, stop, budgetMiB, search = 'auto' }) {
  const [role, setRole] = useState(0);
  const [game, setGame] = useState(null); // the worker's last answer; null: not playing
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(null);
  const [error, setError] = useState('');
  const asked = useRef(0);
  useEffect(() => {
    asked.current++;
    setGame(null);
    setBusy(false);
  }, [rules]);

  const ask = async (path, r = role) => {
    const id = ++asked.current;
    setBusy(true);
    setProgress(null);
    setError('');
    try {
      const answer = await play({ game: 'gdl', algo: 'play', input: rules, path, role: r, budgetMiB, search }, (p) => id === asked.current && setProgress(p));
      if (id !== asked.current) return;
      setGame(answer);
    } catch (err) {
      if (id !== asked.current) return;
      setError(isAbort(err) ? 'Cancelled: the solver did not reply.' : errorWords(err, 'your rules or your moves'));
    } finally {
      if (id === asked.current) setBusy(false);
    }
  };
  const start = (r = role) => ask([], r);
  const undo = () => {
    // Back to the person's previous turn: drop the solver's answers and the person's move.
    let k = game.played.length - 1;
    while (k >= 0 && game.played[k].role !== role) k--;
    ask(game.path.slice(0, Math.max(0, k)));
  };
  const turn = game?.turn;
  const over = Boolean(turn?.terminal);
  const mine = Boolean(turn && !over && turn.mover === role);
  let status = 'Pick a role and start.';
  // While a reply is searched the status keeps the room of its longest words and the best line has a line of
  // its own, cut at the width: neither Cancel nor what is below moves as the messages change length.
  const room = useMemo(() => gdlReplyRoom({ maxStates: GDL_MAX_STATES, budgetMiB }), [budgetMiB]);
  if (busy) status = replyProgressWords(progress);
  else if (error && !(mine && game)) status = error;
  else if (over) status = `Game over: ${roles.map((name, i) => `${name}'s goal ${turn.goals[i]}`).join(', ')}.`;
  else if (mine) status = error ? `${error} Your move, ${roles[role]}.` : `Your move, ${roles[role]}.`;
  const last = game?.replies?.at(-1);
  return (
    <section class="gdl-play" aria-label="Play against the solver" data-testid="gdl-play" data-moves={game ? game.path.length : 0} data-busy={busy ? '1' : '0'}>
      <h2 class="panel-title">Play against the solver</h2>
      <p class="gdl-play__note">Each reply is a search from the position reached.</p>
      <div class="gdl-play__row">
        <RolePicker
          roles={roles}
          role={role}
          disabled={busy}
          onPick={(r) => {
            setRole(r);
            if (game) start(r);
          }}
        />
        <button type="button" class="primary" data-testid="gdl-play-start" disabled={busy} onClick={() => start()}>
          {game ? 'New game' : 'Start'}
        </button>
        <button type="button" data-testid="gdl-play-undo" disabled={busy || !game || !game.played.some((m) => m.role === role)} onClick={undo}>
          Undo
        </button>
        {busy && (
          <button type="button" data-testid="gdl-play-cancel" onClick={stop}>
            Cancel
          </button>
        )}
      </div>
      <ProgressWords class="gdl-play__status" data-testid="gdl-play-status" aria-live="polite" room={busy ? room : []}>
        {status}
      </ProgressWords>
      {busy && (
        <ProgressWords class="gdl__pv" room={['best line so far']}>
          {progress ? searchLineWords(progress) : ''}
        </ProgressWords>
      )}
      {game && game.played.length > 0 && (
        <p class="gdl-play__line" data-testid="gdl-play-line">
          {game.played.map((m, i) => (
            <code key={i} class={m.role === role ? 'gdl-play__mine' : ''}>
              {m.move}{' '}
            </code>
          ))}
        </p>
      )}
      {last && !busy && (
        <p class="gdl-play__reply" data-testid="gdl-play-reply" data-move={last.move}>
          The solver played <code>{last.move}</code> after {last.nodes.toLocaleString('en-US')} nodes.
        </p>
      )}
      {mine && !busy && (
        <ul class="gdl-play__moves" aria-label="Your legal moves">
          {turn.moves.map((m, i) => (
            <li key={m}>
              <button type="button" data-testid="gdl-play-move" data-move={m} onClick={() => ask([...game.path, i])}>
                <code>{m}</code>
              </button>
            </li>
          ))}
        </ul>
      )}
      {game && game.facts.length > 0 && (
        <details class="gdl-play__facts">
          <summary>The position's facts</summary>
          <p data-testid="gdl-play-facts">{game.facts.join(' ')}</p>
        </details>
      )}
    </section>
  );
}
