// connect4/index.jsx: Connect Four in the Game trees tab. The board, its
// score and best moves, every column's score (the opening book's at once,
// the others as their searches end); two people with hints, or one person
// against the solver; undo and redo; Compare of the stages; the generic
// stages' search animated; Monte Carlo tree search beside the exact
// scores. Every solve runs in the worker.
import { useComputed } from '@preact/signals';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { useSolver } from '../../hooks/use-solver.js';
import { useShare } from '../../hooks/use-view-state.js';
import { C4_DEFAULT_SIZE, C4_SIZES, SIDES, parseSize, pickBest, readMoves, scoreWords } from '../../lib/connect4.js';
import { C4Board } from './c4-board.jsx';
import { C4Compare } from './c4-compare.jsx';
import { C4Progress } from './c4-progress.jsx';
import { C4Mcts, MCTS_LINK_FORM, mctsLink, parseMctsLink } from './c4-mcts.jsx';
import { C4Search } from './c4-search.jsx';
import './connect4.css';

/** The page opens on the empty board: the opening book scores its columns at once. */
export const C4_DEFAULT_MOVES = '';
const MODES = { hints: 'Two people, with hints', 'play-x': 'Play X against the solver', 'play-o': 'Play O against the solver' };

/** The first position from a link (untrusted strings): size, moves, mode, and what was wrong. */
export function c4FromLink(initial = {}) {
  const errors = [];
  let size = C4_DEFAULT_SIZE;
  if (initial.size !== undefined) {
    const s = parseSize(initial.size);
    if (s.error) errors.push(`${s.error} The board is 7x6.`);
    else size = initial.size;
  }
  const { w, h } = parseSize(size);
  let moves = initial.size === undefined && initial.moves === undefined ? C4_DEFAULT_MOVES : '';
  if (initial.moves !== undefined) {
    const r =
      typeof initial.moves === 'string' && initial.moves.length <= 100 ? readMoves(initial.moves, w, h) : { error: 'The moves are longer than any game.' };
    if (r.error) errors.push(`The link's moves cannot be played on a ${size} board: ${r.error} The board starts empty.`);
    else moves = initial.moves;
  }
  if (initial.mcts !== undefined && parseMctsLink(initial.mcts) === null) {
    const shown = String(initial.mcts).slice(0, 40);
    errors.push(
      `The link's MCTS options "${shown}" are not ${MCTS_LINK_FORM} (iterations 1 to 4,000,000,000, a seed below 2^64, c from 0 to 100): MCTS waits for Run.`,
    );
  }
  const mode = Object.hasOwn(MODES, initial.mode) ? initial.mode : 'hints';
  return { size, moves, mode, errors };
}

export function Connect4App({ theme, initial = {}, onShare = null, embed = null, gamePicker = null }) {
  const start = useMemo(() => c4FromLink(initial), []);
  const [size, setSize] = useState(start.size);
  const [moves, setMoves] = useState(start.moves);
  const [future, setFuture] = useState(''); // undone moves, for redo
  const [typed, setTyped] = useState(start.moves);
  const [typedError, setTypedError] = useState(null);
  const [mode, setMode] = useState(start.mode);
  const [showInVersus, setShowInVersus] = useState(false);
  const [compared, setCompared] = useState(null); // the stages Compare last ran, for the link
  const [mctsRun, setMctsRun] = useState(null); // the options MCTS last ran with, for the link
  // A position's score when its parent's columns gave it: { size, moves, score }.
  const [known, setKnown] = useState(null);
  const solver = useSolver('connect-four');
  const { w, h } = parseSize(size);
  const pos = readMoves(moves, w, h);
  const over = Boolean(pos.four) || pos.full;
  const human = mode === 'play-x' ? 0 : mode === 'play-o' ? 1 : null;
  const solverTurn = human !== null && !over && moves.length % 2 !== human;

  // On the solver's turn the analysis stops at the solver's move (the most
  // central column that reaches the position's score, which its parent's
  // columns gave, or a search of the position gives first). Otherwise the
  // score known from the parent bounds every column's search.
  const analyse = () => {
    const score = known && known.size === size && known.moves === moves ? known.score : null;
    const bound = score === null ? {} : solverTurn ? { stopAt: score } : { atMost: score };
    solver.solve({ kind: 'analyse', size, moves, reply: solverTurn, ...bound });
  };
  useEffect(() => {
    if (!over) analyse();
    else solver.cancel();
  }, [size, moves]);

  const result = solver.result && solver.result.kind === 'analyse' && solver.result.size === size && solver.result.moves === moves ? solver.result : null;
  // An analysis stopped at the solver's move, now wanted whole (the mode changed).
  useEffect(() => {
    if (result?.stopped && !solverTurn && !over) solver.solve({ kind: 'analyse', size, moves });
  }, [result, mode]);
  // The columns scored so far while the analysis runs (the book's at once).
  // Read through their text, which changes only when a column is scored, so
  // the view re-renders with a new score, not with each progress message.
  const progressColumns = useComputed(() => JSON.stringify(solver.progressSignal.value?.columns ?? null));
  const columns = result?.columns ?? (solver.solving ? JSON.parse(progressColumns.value) : null) ?? null;

  const play = (c, keepFuture = false) => {
    if (over || pos.grid[c].length >= h) return;
    const next = moves + String(c + 1);
    const score = columns?.[c];
    setKnown(score === null || score === undefined ? null : { size, moves: next, score: -score });
    setMoves(next);
    setTyped(next);
    setTypedError(null);
    if (!keepFuture) setFuture(future.startsWith(String(c + 1)) ? future.slice(1) : '');
  };
  const humanPlay = (c) => {
    if (solverTurn) return;
    play(c);
  };
  // Against the solver: on its turn it plays its best move (the most central of the best).
  useEffect(() => {
    if (solverTurn && result && result.best.length) play(pickBest(result.best, w) - 1);
  }, [result, mode]);

  /** Undo takes back one move, or against the solver your move and its reply. */
  const undo = () => {
    let k = human === null ? 1 : moves.length % 2 === human ? 2 : 1;
    k = Math.min(k, moves.length);
    if (!k) return;
    setFuture(moves.slice(moves.length - k) + future);
    setMoves(moves.slice(0, moves.length - k));
    setTyped(moves.slice(0, moves.length - k));
  };
  const redo = () => {
    if (!future) return;
    const k = human === null ? 1 : Math.min(2, future.length);
    const next = moves + future.slice(0, k);
    if (readMoves(next, w, h).error) return setFuture('');
    setMoves(next);
    setTyped(next);
    setFuture(future.slice(k));
  };
  // U undoes, as in the other games' play panels (not while typing in a field);
  // registered anew each render, so it always undoes from the position shown.
  useEffect(() => {
    if (embed) return undefined;
    const onKey = (e) => {
      if (e.key !== 'u' && e.key !== 'U') return;
      if (e.ctrlKey || e.metaKey || e.altKey || e.target.closest?.('input, textarea, select')) return;
      e.preventDefault();
      undo();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
  const setPosition = (nextMoves, nextSize = size) => {
    const s = parseSize(nextSize);
    const r = readMoves(nextMoves, s.w, s.h);
    if (r.error) return setTypedError(r.error);
    setTypedError(null);
    setSize(nextSize);
    setMoves(nextMoves);
    setTyped(nextMoves);
    setFuture('');
  };

  useShare(onShare, {
    kind: 'connect-four',
    size,
    moves,
    mode: mode === 'hints' ? undefined : mode,
    stages: compared ?? undefined,
    mcts: mctsRun ?? undefined,
  });

  const showScores = human === null || showInVersus || over;
  const stones = moves.length;
  const mover = SIDES[stones % 2];
  let status;
  let state;
  if (pos.four) {
    state = 'over';
    status = `Game over: ${SIDES[(stones - 1) % 2]} has four in a row (move ${stones}).`;
  } else if (pos.full) {
    state = 'over';
    status = 'Game over: the board is full, a draw.';
  } else if (solver.error && !result) {
    state = 'error';
    status = solver.error;
  } else if (!result && !solver.solving) {
    state = 'idle';
    status = `${mover} to move: not solved (cancelled). Press Solve to score the columns.`;
  } else if (!result) {
    state = 'solving';
    status = solverTurn ? `The solver (${mover}) is thinking…` : `Solving ${mover} to move…`;
  } else {
    state = 'solved';
    const words = scoreWords(result.score, w, h, stones);
    const best = result.best.join(', ');
    status = solverTurn
      ? `The solver (${mover}) is moving…`
      : `${mover} to move. With perfect play: ${words} (score ${result.score > 0 ? '+' : ''}${result.score}). Best ${result.best.length > 1 ? 'columns' : 'column'}: ${best}.`;
    if (human !== null && !solverTurn && !showInVersus) status = `Your move (${mover}). With perfect play: ${words}.`;
  }

  return (
    <main class="tree-app c4-app" data-testid="c4-app">
      {!embed && (
        <section class="panel c4-controls" aria-label="Connect Four position">
          {gamePicker}
          <div class="c4-controls__row">
            <label>
              <span>Board</span>
              <select value={size} data-testid="c4-size" onChange={(e) => setPosition('', e.currentTarget.value)}>
                {C4_SIZES.map((s) => (
                  <option value={s}>{s.replace('x', ' × ')}</option>
                ))}
              </select>
            </label>
            <label>
              <span>Mode</span>
              <select value={mode} data-testid="c4-mode" onChange={(e) => setMode(e.currentTarget.value)}>
                {Object.entries(MODES).map(([k, label]) => (
                  <option value={k}>{label}</option>
                ))}
              </select>
            </label>
            {human !== null && (
              <label class="c4-check">
                <input type="checkbox" checked={showInVersus} data-testid="c4-show-scores" onChange={(e) => setShowInVersus(e.currentTarget.checked)} />
                Show the scores
              </label>
            )}
          </div>
          <form
            class="c4-controls__row"
            onSubmit={(e) => {
              e.preventDefault();
              setPosition(typed.trim());
            }}
          >
            <label class="c4-moves">
              <span>Moves (columns 1 to {w}, e.g. 4453)</span>
              <input
                value={typed}
                data-testid="c4-moves"
                inputMode="numeric"
                autocomplete="off"
                spellcheck={false}
                aria-invalid={typedError ? 'true' : 'false'}
                onInput={(e) => setTyped(e.currentTarget.value)}
              />
            </label>
            <button type="submit" data-testid="c4-set">
              Set position
            </button>
          </form>
          {typedError && (
            <p class="tree-app__error" role="alert" data-testid="c4-moves-error">
              {typedError}
            </p>
          )}
          <div class="c4-controls__row">
            <button type="button" data-testid="c4-undo" disabled={!moves} onClick={undo} aria-keyshortcuts="u">
              ⟲ Undo
            </button>
            <button type="button" data-testid="c4-redo" disabled={!future} onClick={redo}>
              ⟳ Redo
            </button>
            <button type="button" data-testid="c4-new" onClick={() => setPosition('')}>
              New game
            </button>
            {solver.solving && (
              <button type="button" data-testid="c4-cancel" onClick={() => solver.cancel()}>
                Cancel
              </button>
            )}
            {!solver.solving && !result && !over && (
              <button type="button" data-testid="c4-solve" onClick={analyse}>
                Solve
              </button>
            )}
          </div>
        </section>
      )}
      {start.errors.map((e) => (
        <p class="tree-app__error" role="alert" data-testid="c4-link-error">
          {e}
        </p>
      ))}
      <section class="panel c4-play" aria-label="Board" data-export-frame>
        <h2 class="panel-title">
          {w} × {h} board, {stones} {stones === 1 ? 'stone' : 'stones'}
        </h2>
        <p
          class="c4-status"
          role="status"
          data-testid="c4-status"
          data-state={state}
          data-moves={moves}
          data-size={size}
          data-score={result ? String(result.score) : ''}
          data-best={result ? result.best.join(',') : ''}
        >
          {status}
        </p>
        {state === 'solving' && <C4Progress progress={solver.progressSignal} unit="columns" range={Math.floor((w * h + 1 - stones) / 2)} />}
        <C4Board
          w={w}
          h={h}
          grid={pos.grid}
          four={pos.four}
          columns={columns}
          best={result?.best}
          stones={stones}
          showScores={showScores && !over}
          canPlay={(c) => !over && !solverTurn && pos.grid[c].length < h}
          onPlay={humanPlay}
        />
        {showScores && !over && (
          <p class="c4-legend">
            Under each column: the score of playing it for {mover}, +k a win, 0 a draw, −k a loss; the larger the number, the sooner the win (or the later the
            loss).
          </p>
        )}
        {result && (
          <p class="c4-facts" data-testid="c4-facts" data-book={String(result.fromBook ?? 0)}>
            {result.fromBook > 0 && result.book
              ? `${result.fromBook} of ${result.columns.filter((v) => v !== null).length} columns from the opening book (${result.book.entries.toLocaleString('en-US')} positions, to ${result.book.depth} stones); `
              : ''}
            {result.nodes.toLocaleString('en-US')} positions explored in {Math.round(result.ms)} ms (stage {result.stage}).
          </p>
        )}
      </section>
      <C4Mcts
        size={size}
        moves={moves}
        w={w}
        h={h}
        columns={result && !result.stopped ? result.columns : null}
        over={over}
        initial={initial}
        embed={embed}
        onRun={(o) => setMctsRun(mctsLink(o))}
      />
      <C4Search size={size} moves={moves} theme={theme} embed={embed} />
      <C4Compare size={size} moves={moves} initial={initial} embed={embed} onRun={(stages) => setCompared(stages.join(','))} />
    </main>
  );
}
