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
export function whyDecided(graph, { outcomes, remoteness, cause }, s, orderOf) {
  const { n } = graph;
  const { mouse, cat } = stateOf(n, s);
  const outcome = outcomes[s];
  const base = { state: s, outcome, remoteness: remoteness[s], decisive: -1, children: [] };
  if (outcome === INVALID) return { ...base, kind: 'invalid' };
  if (terminalOutcome(mouse, cat) !== DRAW) return { ...base, kind: 'terminal' };
  const all = childrenOf(graph, s);
  if (outcome === DRAW) return { ...base, kind: 'undecided', children: all };
  if (all.length === 0) return { ...base, kind: 'stuck' };
  const decisive = cause ? cause[s] : derivedCause(graph, outcomes, remoteness, s, orderOf);
  if (outcome === moverWins(n, s)) return { ...base, kind: 'win', decisive, children: [decisive] };
  return { ...base, kind: 'loss', decisive, children: all };
}

/**
 * A deciding child of a won or lost state s, from the final arrays alone
 * (for results without a cause array). A win at remoteness r has a child
 * won by s's mover at r - 1 (a quickest win); a loss at r has a child, won
 * by the opponent, at r - 1 (a longest defence). -1 otherwise.
 *
 * With orderOf(t), where the BFS decided t among all its decisions (the
 * coarse trace's event index: the queue's order), it is exactly the child
 * the BFS used, as pp_retro_cause finds it by replaying the reverse edges in
 * queue order: for a win the first child of that outcome popped (the least
 * order: it is at r - 1, the queue being sorted by remoteness), for a loss
 * the last child popped (the greatest). Without it (the graphs played by
 * layers carry no order) it takes the first child at r - 1, which may not
 * be the one the BFS used; every one of them explains the outcome.
 */
export function derivedCause(graph, outcomes, remoteness, s, orderOf) {
  const o = outcomes[s];
  const r = remoteness[s];
  if ((o !== MOUSE_WINS && o !== CAT_WINS) || r <= 0) return -1;
  if (orderOf) {
    const win = o === moverWins(graph.n, s);
    let best = -1;
    let at = win ? Infinity : -1;
    for (const c of childrenOf(graph, s)) {
      if (outcomes[c] !== o) continue;
      const k = orderOf(c);
      if (k < 0) continue;
      if (win ? k < at : k > at) {
        at = k;
        best = c;
      }
    }
    return best;
  }
  for (const c of childrenOf(graph, s)) if (outcomes[c] === o && remoteness[c] === r - 1) return c;
  return -1;
}

/** The chain s, cause[s], cause[cause[s]], ... down to a terminal state (at most `limit`); orderOf as for derivedCause. */
export function principalLine(final, s, limit = 1000, orderOf = undefined) {
  // final: a solve's result, whose graph arrays (n, offsets, adjacency) it carries itself
  const { outcomes, remoteness, cause } = final;
  const next = cause ? (t) => cause[t] : (t) => derivedCause(final, outcomes, remoteness, t, orderOf);
  const line = [s];
  for (let t = next(s); t >= 0 && line.length < limit; t = next(t)) line.push(t);
  return line;
}
