import { useEffect, useMemo, useState } from 'preact/hooks';
import { useSolver } from '../../hooks/use-solver.js';
import {
  VERSUS_GAMES,
  withLengths,
  bestMove,
  endText,
  forPlayer,
  outcomeText,
  positionAfter,
  rememberNames,
  sidesOf,
  undo,
  winnerOf,
} from '../../lib/versus.js';
import { PositionBoard } from '../tree-app/position-board.jsx';
import { TttBoard } from '../tree-app/ttt-board.jsx';
import { ProgressWords } from '../work-row/index.jsx';
import { MCTS_LIMITS, mctsVerdict } from '../../lib/mcts.js';
import './versus-panel.css';

const samePath = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Play a game of the Game trees tab against the solver, or two people with
 * hints. The worker values every legal move of the position reached
 * (lib/versus.js words it); on its turn the solver plays the best one: the
 * quickest win, the slowest loss. Undo takes back your move and the reply.
 * What the tests wait for is on the section: data-state (idle, thinking,
 * your-turn, over), data-plies (moves played), data-promise (the move by
 * which the solver said it would have won), data-winner.
 */
export function VersusPanel({ kind, text }) {
  const g = VERSUS_GAMES[kind];
  const solver = useSolver(kind);
  const mcts = useSolver(kind); // the opponent's search when it is MCTS: its own requests, newest wins
  const [opponent, setOpponent] = useState('solver'); // 'solver': perfect play; 'mcts': Monte Carlo tree search
  const [iterations, setIterations] = useState(1000);
  const [side, setSide] = useState('0'); // '0' / '1': the side you play; 'both': two people
  const [hints, setHints] = useState(false);
  const [game, setGame] = useState(null); // { input, side, history: [{ code, player, promise }] }
  const path = game ? game.history.map((h) => h.code) : [];
  const result = solver.result;
  const pos = game ? positionAfter(kind, game.input, path) : null;
  const answered = game && result && result.input === game.input && samePath(result.path, path) ? result : null;
  const analysis = useMemo(() => {
    if (answered) rememberNames(kind, answered.input, answered.path, answered.moves); // rules in GDL: the moves' names
    return answered && withLengths(kind, answered, pos);
  }, [answered]);
  const human = (player) => game && (game.side === 'both' || Number(game.side) === player);
  const turn = analysis && !analysis.over ? analysis.player : -1;

  // Every position reached is valued in the worker.
  useEffect(() => {
    if (game) solver.solve({ input: game.input, algo: 'versus', path });
  }, [game]);
  // The solver's turn: its best move, with the promise of a win when it has one;
  // against MCTS, a search of the position (its move comes with the result, below).
  useEffect(() => {
    if (!analysis || analysis.over || human(analysis.player)) return;
    if (game.opponent === 'mcts') {
      mcts.solve({
        input: game.input,
        algo: 'mcts',
        path,
        iterations: game.iterations,
        seed: '1',
        uctC: Math.SQRT2,
        solver: false,
        playout: 'random',
        trace: 'none',
      });
      return;
    }
    const best = analysis.moves[bestMove(analysis)];
    const wins = forPlayer(best.value, analysis.player) > 0 && best.length > 0;
    const promise = wins ? game.history.length + best.length : null;
    setGame({ ...game, history: [...game.history, { code: best.code, player: analysis.player, promise }] });
  }, [analysis]);

  // MCTS's move, once its search of this very position is back, with the solver's verdict on it.
  useEffect(() => {
    const r = mcts.result;
    if (!r || !game || game.opponent !== 'mcts' || r.input !== game.input || !samePath(r.path, path)) return;
    if (!analysis || analysis.over || human(analysis.player) || r.best < 0) return;
    const verdict = mctsVerdict(r, analysis.player);
    setGame({ ...game, history: [...game.history, { code: verdict.code, player: analysis.player, promise: null, mcts: verdict }] });
  }, [mcts.result]);

  const start = () => setGame({ input: text, side, history: [], opponent, iterations });
  const play = (code) => {
    if (turn < 0 || !human(turn) || !analysis.moves.some((m) => m.code === code)) return;
    setGame({ ...game, history: [...game.history, { code, player: turn, promise: null }] });
  };
  const canUndo = game && undo(game.history, human).length < game.history.length && !solver.solving && !mcts.solving;
  const takeBack = () => setGame({ ...game, history: undo(game.history, human) });

  // U takes back a move anywhere on the page but in text boxes.
  useEffect(() => {
    const onKey = (e) => {
      if (e.key !== 'u' || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.target instanceof Element && e.target.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (!canUndo) return;
      e.preventDefault();
      takeBack();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const promise = game ? ([...game.history].reverse().find((h) => h.promise !== null && h.promise !== undefined)?.promise ?? null) : null;
  const over = analysis?.over ?? false;
  const state = !game ? 'idle' : over ? 'over' : turn >= 0 && human(turn) ? 'your-turn' : 'thinking';
  const winner = over ? winnerOf(kind, analysis.value) : null;
  const sides = sidesOf(kind, game ? game.input : text);
  const sideName = (p) => sides[p];

  let status;
  const mctsMoves = game ? game.history.filter((h) => h.mcts) : [];
  if (!game)
    status =
      opponent === 'mcts'
        ? `Pick a side and start: MCTS plays the other side, ${iterations.toLocaleString('en-US')} iterations a move, and the solver judges each of its moves.`
        : `Pick a side and start from the position in the input: the solver plays the other side perfectly.`;
  else if (solver.error && !analysis) status = solver.failed ? 'The solver failed inside.' : 'The position could not be played.';
  else if (over) {
    const verdict =
      game.side === 'both' ? '' : winner < 0 ? 'Draw. ' : human(winner) ? 'You win! ' : game.opponent === 'mcts' ? 'MCTS wins. ' : 'The solver wins. ';
    status = `Game over after ${plural(path.length, 'move')}: ${verdict}${endText(kind, analysis.value, pos)}`;
  } else if (state === 'thinking') {
    status =
      game.opponent === 'mcts' ? <MctsThinking progress={mcts.progressSignal} iterations={game.iterations} /> : <Thinking progress={solver.progressSignal} />;
  } else {
    const mine = analysis.moves[bestMove(analysis)];
    const you = game.side === 'both' ? sideName(turn) : `you (${sideName(turn)})`;
    const forecast = outcomeText(kind, mine, turn);
    status = `Move ${path.length + 1}: ${you} to play. With perfect play from here: ${forecast}${game.side !== 'both' && forPlayer(mine.value, turn) < 0 && promise !== null ? ` (the solver said it wins by move ${promise})` : ''}.`;
  }

  const cellMove = (i) => play(i);
  const legal = state === 'your-turn' ? analysis.moves : [];
  return (
    <section
      class="panel versus"
      aria-label="Play against the solver"
      data-testid="versus"
      data-state={state}
      data-plies={path.length}
      data-promise={promise ?? ''}
      data-winner={winner === null ? '' : winner < 0 ? 'draw' : String(winner)}
      data-value={over ? analysis.value : ''}
    >
      <h2 class="panel-title">Play against the solver</h2>
      <div class="versus__setup">
        <fieldset class="versus__side">
          <legend>You play</legend>
          {['0', '1', 'both'].map((s) => (
            <label key={s}>
              <input type="radio" name={`versus-side-${kind}`} value={s} checked={side === s} onChange={() => setSide(s)} data-testid={`versus-side-${s}`} />
              {s === 'both' ? 'Two people, with hints' : `${sides[Number(s)]} (${s === '0' ? 'first' : 'second'})`}
            </label>
          ))}
        </fieldset>
        <fieldset class="versus__side">
          <legend>Against</legend>
          <label>
            <input
              type="radio"
              name={`versus-opponent-${kind}`}
              checked={opponent === 'solver'}
              onChange={() => setOpponent('solver')}
              data-testid="versus-opponent-solver"
            />
            the solver (perfect play)
          </label>
          <label>
            <input
              type="radio"
              name={`versus-opponent-${kind}`}
              checked={opponent === 'mcts'}
              onChange={() => setOpponent('mcts')}
              data-testid="versus-opponent-mcts"
            />
            MCTS at{' '}
            <input
              type="number"
              class="versus__iterations"
              min={1}
              max={MCTS_LIMITS.maxIterations}
              defaultValue={iterations}
              key={iterations}
              aria-label="MCTS iterations a move"
              data-testid="versus-iterations"
              onChange={(e) => {
                const n = Number(e.currentTarget.value);
                if (Number.isSafeInteger(n) && n >= 1 && n <= MCTS_LIMITS.maxIterations) setIterations(n);
                else e.currentTarget.value = String(iterations);
              }}
            />{' '}
            iterations
          </label>
        </fieldset>
        <button type="button" class="primary" onClick={start} data-testid="versus-start">
          {game ? 'New game' : 'Start'}
        </button>
        <button type="button" disabled={!canUndo} onClick={takeBack} data-testid="versus-undo" aria-keyshortcuts="u">
          Undo (U)
        </button>
        {game && (
          <button
            type="button"
            onClick={() => {
              solver.cancel();
              mcts.cancel();
              setGame(null);
            }}
            data-testid="versus-stop"
          >
            Stop
          </button>
        )}
        <label class="versus__hints">
          <input
            type="checkbox"
            checked={hints || game?.side === 'both'}
            disabled={game?.side === 'both'}
            onChange={(e) => setHints(e.currentTarget.checked)}
            data-testid="versus-hints"
          />
          Show outcomes
        </label>
      </div>
      {/* while the solver thinks, the status keeps the room of its longest words: Stop and Undo above, the board below, stay put */}
      <ProgressWords
        as="p"
        class={`versus__status${over ? ' versus__status--over' : ''}`}
        role="status"
        data-testid="versus-status"
        room={state === 'thinking' ? THINKING_ROOM : []}
      >
        {status}
      </ProgressWords>
      {(solver.error || mcts.error) && (
        <p class="tree-app__error" role="alert" data-testid="versus-error">
          {solver.error || mcts.error}
        </p>
      )}
      {game && pos && <VersusBoard kind={kind} pos={pos} moves={legal.map((m) => m.code)} onCell={state === 'your-turn' ? cellMove : null} />}
      {legal.length > 0 && (
        <ul class="versus__moves" aria-label="Your moves" data-testid="versus-moves">
          {legal.map((m) => {
            const show = hints || game.side === 'both';
            const v = forPlayer(m.value, turn);
            return (
              <li key={m.code}>
                <button
                  type="button"
                  class={`versus__move${show ? ` versus__move--${v > 0 ? 'win' : v < 0 ? 'loss' : 'draw'}` : ''}`}
                  onClick={() => play(m.code)}
                  data-testid="versus-move"
                  data-code={m.code}
                  data-value={show ? m.value : ''}
                  data-length={show ? m.length : ''}
                >
                  {g.moveName(pos, m.code)}
                  {show && <span class="versus__outcome"> · {outcomeText(kind, m, turn)}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {mctsMoves.length > 0 && (
        <div class="versus__mcts" data-testid="versus-mcts">
          <p>
            MCTS's moves, each judged by the solver: {mctsMoves.filter((h) => h.mcts.perfect).length} of {mctsMoves.length} perfect play.
          </p>
          <ol>
            {game.history.map((h, i) =>
              h.mcts ? (
                <li data-code={h.code} data-ply={i} data-value={h.mcts.value} data-best={h.mcts.best} data-perfect={h.mcts.perfect ? '1' : '0'}>
                  Move {i + 1}, {g.moveName(positionAfter(kind, game.input, path.slice(0, i)), h.code)}:{' '}
                  {h.mcts.perfect
                    ? `perfect play (value ${h.mcts.value} kept)`
                    : `not perfect play: value ${h.mcts.value} after it, where ${h.mcts.best} could be kept`}
                </li>
              ) : null,
            )}
          </ol>
        </div>
      )}
      {game && game.history.length > 0 && (
        <p class="versus__log" data-testid="versus-log">
          Moves:{' '}
          {game.history.map((h, i) => `${i + 1}. ${sideName(h.player)} ${g.moveName(positionAfter(kind, game.input, path.slice(0, i)), h.code)}`).join(' · ')}
        </p>
      )}
    </section>
  );
}

/** The position as a picture; on your turn its moves can be clicked (tic-tac-toe's cells are buttons). */
function VersusBoard({ kind, pos, moves, onCell }) {
  if (kind === 'tic-tac-toe') {
    const rows = Array.from({ length: pos.n }, (_, r) => pos.cells.slice(r * pos.n, r * pos.n + pos.n).join(''));
    return <TttBoard rows={rows} onCell={onCell ? (i) => pos.cells[i] === '.' && onCell(i) : null} label="Game board" />;
  }
  if (kind === 'nim') {
    return (
      <p class="versus__picture" role="img" aria-label={`${pos.left} stones left`} data-testid="versus-board">
        <span aria-hidden="true">{'● '.repeat(pos.left) || '(no stones)'}</span> {pos.left} left · {pos.player ? 'Player 2' : 'Player 1'} to take
      </p>
    );
  }
  if (kind === 'can-i-win') {
    return (
      <p class="versus__picture" data-testid="versus-board">
        Total {pos.total} of {pos.goal} · chosen: {pos.used.length ? pos.used.join(', ') : 'none'} · left:{' '}
        {Array.from({ length: pos.max }, (_, i) => i + 1)
          .filter((k) => !pos.used.includes(k))
          .join(', ') || 'none'}
      </p>
    );
  }
  if (kind === 'predict-the-winner') {
    return (
      <p class="versus__picture" data-testid="versus-board">
        <span class="versus__row">
          {pos.nums.map((x, i) => (
            <span class={i < pos.l || i > pos.r ? 'versus__taken' : 'versus__left'}>{i < pos.l || i > pos.r ? `(${x})` : x}</span>
          ))}
        </span>{' '}
        · Player 1 {pos.scores[0]}, Player 2 {pos.scores[1]}
      </p>
    );
  }
  if (kind === 'gdl-rules') {
    return (
      <p class="versus__picture" data-testid="versus-board">
        {pos.path.length} moves played from the rules' initial state
      </p>
    );
  }
  return <PositionBoard game={kind} pos={pos} label="Game board" moves={onCell ? moves : null} onMove={onCell} />;
}

/** The solver's progress on its move in words (the moves at the root weighed). */
const thinkingWords = (p) => `The solver is thinking…${p && p.states ? ` (${p.decided} of ${p.states} moves weighed)` : ''}`;
/** The room of them: five-digit counts of moves. */
const THINKING_ROOM = [thinkingWords({ decided: 99_999, states: 99_999 })];

/** MCTS's progress on its move (the iterations, then the exact values of its moves for the verdict). */
function MctsThinking({ progress, iterations }) {
  const p = progress.value;
  const words =
    p?.phase === 'exact'
      ? ' (the solver values its moves)'
      : p
        ? ` (${p.decided.toLocaleString('en-US')} of ${iterations.toLocaleString('en-US')} iterations)`
        : '';
  return <>MCTS is searching…{words}</>;
}

/** The solver's progress on its move: reads the progress signal, so only this text re-renders with each message. */
function Thinking({ progress }) {
  return <>{thinkingWords(progress.value)}</>;
}
