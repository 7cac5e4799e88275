// play.js: a game against the solver, for either Cat and Mouse. No Preact.
//
// A game is described by a rules object:
//   start            the first state (mouse to move)
//   moves(s)         [{ to, state }]: the mover's destinations and the states they give
//   end(history)     null while play goes on, else { winner: 'mouse' | 'cat' | 'draw', why }
//   n                the state layout's n (outcomes.js stateOf)
// and the solver's tables (outcomes, remoteness) over the same state ids.
//
// Perfect play from the tables: a winning move if there is one, the one
// that wins soonest (least remoteness); else a move to a draw (an undecided
// state: in Cat and Mouse II the cat keeps it until the turn limit); else
// the losing move that loses latest (most remoteness). The winner hurries,
// the loser delays.
import { childrenOf } from './catmouse.js';
import { cm2Moves } from './catmouse2.js';
import { CAT_WINS, MOUSE_WINS, startState, stateOf, TURN_MOUSE } from './outcomes.js';

export const SIDES = ['mouse', 'cat'];

/** The side to move at state s: 'mouse' or 'cat'. */
export function moverOf(n, s) {
  return stateOf(n, s).turn === TURN_MOUSE ? 'mouse' : 'cat';
}

/**
 * What a move into `state` gives the mover: { result: 'win' | 'loss' |
 * 'draw', winner: 'mouse' | 'cat' | null, moves (to the end under perfect
 * play, counting this one; null for a draw) }.
 */
export function moveValue(tables, mover, state) {
  const o = tables.outcomes[state];
  if (o !== MOUSE_WINS && o !== CAT_WINS) return { result: 'draw', winner: null, moves: null };
  const winner = o === MOUSE_WINS ? 'mouse' : 'cat';
  return { result: winner === mover ? 'win' : 'loss', winner, moves: tables.remoteness[state] + 1 };
}

/** Sort key of a move for its mover: smaller is better. */
function rank(v) {
  if (v.result === 'win') return v.moves; // soonest win first
  if (v.result === 'draw') return 1e9;
  return 2e9 - v.moves; // then the latest loss
}

/** The legal moves at the last state, each with its value for the mover. */
export function rankedMoves(rules, tables, state) {
  const mover = moverOf(rules.n, state);
  return rules.moves(state).map((m) => ({ ...m, value: moveValue(tables, mover, m.state) }));
}

/** The solver's move at `state`: the best by rank, the first of equals; null if none. */
export function perfectMove(rules, tables, state) {
  let best = null;
  for (const m of rankedMoves(rules, tables, state)) if (!best || rank(m.value) < rank(best.value)) best = m;
  return best;
}

/** The move value in words: "mouse wins in 3", "draw". */
export function valueWords(value) {
  if (value.result === 'draw') return 'draw';
  return `${value.winner} wins in ${value.moves}`;
}

/**
 * The history after undoing the person's last move (and the solver's reply
 * to it): back to the last earlier state where the person was to move.
 */
export function undoHistory(n, history, side) {
  for (let k = history.length - 2; k >= 0; k--) {
    if (moverOf(n, history[k]) === side) return history.slice(0, k + 1);
  }
  return history.slice(0, 1);
}

/** Cat and Mouse (LeetCode 913): the end of a game, given its states so far. */
export function end913(n, history) {
  const s = history[history.length - 1];
  const { mouse, cat } = stateOf(n, s);
  if (mouse === 0) return { winner: 'mouse', why: 'the mouse reached the hole' };
  if (mouse === cat) return { winner: 'cat', why: 'the cat caught the mouse' };
  // LeetCode: a position repeated with the same player to move is a draw.
  if (history.indexOf(s) < history.length - 1) return { winner: 'draw', why: 'a position repeated: draw by repetition' };
  return null;
}

/** Cat and Mouse II (LeetCode 1728): the end of a game; turns past maxTurns are the cat's. */
export function end1728(board, history, maxTurns) {
  const s = history[history.length - 1];
  const { mouse, cat } = stateOf(board.n, s);
  if (mouse === cat) return { winner: 'cat', why: 'the cat caught the mouse' };
  if (cat === board.food) return { winner: 'cat', why: 'the cat reached the food first' };
  if (mouse === board.food) return { winner: 'mouse', why: 'the mouse reached the food' };
  if (history.length - 1 >= maxTurns) return { winner: 'cat', why: `${maxTurns} turns passed without the mouse reaching the food` };
  return null;
}

/** The rules of a Cat and Mouse graph (CSR arrays, as a solve returns it). */
export function rules913(graph) {
  const { n } = graph;
  return {
    n,
    start: startState(n),
    moves(s) {
      const { turn } = stateOf(n, s);
      return childrenOf(graph, s).map((c) => {
        const next = stateOf(n, c);
        return { to: turn === TURN_MOUSE ? next.mouse : next.cat, state: c };
      });
    },
    end: (history) => end913(n, history),
  };
}

/** The rules of a Cat and Mouse II board (as binding-cm2.js returns it). */
export function rules1728(board, maxTurns) {
  return {
    n: board.n,
    start: board.start,
    moves: (s) => cm2Moves(board, s),
    end: (history) => end1728(board, history, maxTurns),
  };
}
