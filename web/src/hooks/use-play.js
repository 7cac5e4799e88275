// use-play.js: one game against the solver: the person's side, the states
// played so far, and the solver's replies (lib/play.js picks them).
//
// rules and tables (see lib/play.js) come from the current solve; a new
// solve (a new `key`) ends the game. The solver replies after SOLVER_DELAY_MS
// so the person sees their own move land first.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { moverOf, perfectMove, rankedMoves, undoHistory } from '../lib/play.js';

export const SOLVER_DELAY_MS = 350;

export function usePlay(rules, tables, key) {
  const [game, setGame] = useState(null); // { side, history, key }
  const live = game && game.key === key && rules && tables ? game : null;

  useEffect(() => {
    if (game && game.key !== key) setGame(null);
  }, [key]);

  const state = live ? live.history[live.history.length - 1] : -1;
  const ended = live ? rules.end(live.history) : null;
  const mover = live ? moverOf(rules.n, state) : null;
  const solverTurn = Boolean(live && !ended && mover !== live.side);
  const moves = useMemo(() => (live && !ended ? rankedMoves(rules, tables, state) : []), [live, state, ended]);

  // The solver's reply.
  useEffect(() => {
    if (!solverTurn) return undefined;
    const timer = setTimeout(() => {
      const m = perfectMove(rules, tables, state);
      if (m) setGame((g) => (g && g.key === key ? { ...g, history: [...g.history, m.state] } : g));
    }, SOLVER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [solverTurn, state, key]);

  return {
    playing: Boolean(live),
    side: live?.side ?? null,
    history: live?.history ?? [],
    state,
    ended,
    mover,
    yourTurn: Boolean(live && !ended && mover === live.side),
    /** The person's legal moves with their values (empty on the solver's turn). */
    moves: live && !ended && mover === live.side ? moves : [],
    start(side) {
      if (rules && tables) setGame({ side, history: [rules.start], key });
    },
    stop() {
      setGame(null);
    },
    /** The person moves to `to` (a node or cell), if that is a legal move now. */
    move(to) {
      if (!live || ended || mover !== live.side) return false;
      const m = moves.find((x) => x.to === to);
      if (!m) return false;
      setGame({ ...live, history: [...live.history, m.state] });
      return true;
    },
    undo() {
      if (!live || live.history.length < 2) return;
      setGame({ ...live, history: undoHistory(rules.n, live.history, live.side) });
    },
  };
}
