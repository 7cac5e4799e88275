// why.js: why the retrograde solve decided a state, from its final arrays.
// No Preact here.
//
//   a win:  the mover has a move into a state the mover wins: cause[s],
//           the quickest such (the first popped);
//   a loss: every move leads to a state the opponent wins; cause[s] is the
//           last one counted, the longest defence.
// Following cause from any decided state walks the best play of both sides
// down to a terminal state, one move (and one remoteness) at a time.
import { CAT_WINS, DRAW, INVALID, MOUSE_WINS, stateOf, TURN_MOUSE } from './outcomes.js';
import { childrenOf, terminalOutcome } from './catmouse.js';

/** The outcome that means "the player to move in s wins". */
export function moverWins(n, s) {
  return stateOf(n, s).turn === TURN_MOUSE ? MOUSE_WINS : CAT_WINS;
}

/**
 * Why s has its outcome: { state, outcome, remoteness, kind, decisive, children }.
 * kind: 'invalid' | 'terminal' | 'stuck' (no legal move: the mover loses) |
 * 'undecided' (a draw) | 'win' | 'loss'.
 * decisive: the child that decided it (cause), or -1.
 * children: for a win the decisive child; for a loss every child (all won by
 * the opponent); for a draw the children, none of them a win for the mover.
 */
export function whyDecided(graph, { outcomes, remoteness, cause }, s) {
  const { n } = graph;
  const { mouse, cat } = stateOf(n, s);
  const outcome = outcomes[s];
  const base = { state: s, outcome, remoteness: remoteness[s], decisive: -1, children: [] };
  if (outcome === INVALID) return { ...base, kind: 'invalid' };
  if (terminalOutcome(mouse, cat) !== DRAW) return { ...base, kind: 'terminal' };
  const all = childrenOf(graph, s);
  if (outcome === DRAW) return { ...base, kind: 'undecided', children: all };
  if (all.length === 0) return { ...base, kind: 'stuck' };
  const decisive = cause[s];
  if (outcome === moverWins(n, s)) return { ...base, kind: 'win', decisive, children: [decisive] };
  return { ...base, kind: 'loss', decisive, children: all };
}

/** The chain s, cause[s], cause[cause[s]], ... down to a terminal state (at most `limit`). */
export function principalLine({ cause }, s, limit = 1000) {
  const line = [s];
  for (let t = cause[s]; t >= 0 && line.length < limit; t = cause[t]) line.push(t);
  return line;
}
