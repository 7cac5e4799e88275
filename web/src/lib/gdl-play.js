// gdl-play.js: playing a solved GDL game against the solver. No Preact.
//
// A solved game (the GDL binding's result) holds, per state, who moves
// (mover, -1 where the game is over), its moves (offsets, targets, moveOf
// into moves) and its value under perfect play (outcome 1: the first role
// wins, 2: the second, 0: a draw; remoteness; value: the first role's goal).
// For a one-role puzzle outcome 1 means the game's best goal is reachable.

/** The legal moves at state s: [{ edge, move, to, outcome, remoteness, value }]. */
export function movesAt(g, s) {
  const out = [];
  for (let e = g.offsets[s]; e < g.offsets[s + 1]; e++) {
    const t = g.targets[e];
    out.push({ edge: e, move: g.moves[g.moveOf[e]], to: t, outcome: g.outcome[t], remoteness: g.remoteness[t], value: g.value[t] });
  }
  return out;
}

/**
 * How good a move is for role `role` (higher is better): win soonest, else
 * draw, else lose latest; among equals the higher own goal (the first role's
 * value, or the lower for the second role in a game of two).
 */
export function moveScore(g, m, role) {
  if (g.kind === 'puzzle') return m.value * 1e6 - (m.remoteness < 0 ? 1e5 : m.remoteness);
  const mine = role === 0 ? 1 : 2;
  const goal = role === 0 ? m.value : -m.value;
  if (m.outcome === mine) return 3e9 - m.remoteness * 1e4 + goal;
  if (m.outcome === 0) return 2e9 + goal;
  return 1e9 + m.remoteness * 1e4 + goal;
}

/** The solver's move at s (the first of the best), or null where the game is over. */
export function bestMove(g, s) {
  const role = g.mover[s];
  if (role < 0) return null;
  let best = null;
  let score = -Infinity;
  for (const m of movesAt(g, s)) {
    const v = moveScore(g, m, role);
    if (v > score) {
      score = v;
      best = m;
    }
  }
  return best;
}

/** A move's outcome for the role making it, in words: "wins in 3", "draw", "loses in 4". */
export function outcomeFor(g, m, role) {
  if (g.kind === 'puzzle') {
    if (m.outcome === 1) return `reaches goal ${m.value} in ${m.remoteness} more`;
    if (m.outcome === 2) return `best goal ${m.value}`;
    return 'never ends';
  }
  const mine = role === 0 ? 1 : 2;
  const r = m.remoteness > 0 ? ` in ${m.remoteness}` : '';
  if (m.outcome === mine) return `wins${r}`;
  if (m.outcome === 0) return 'draw';
  return `loses${r}`;
}

/**
 * After the person's move to `s`: the solver's replies while it is the
 * solver's turn (every role but `role`), as a list of states, the last the
 * state the person moves from (or where the game ends). `limit` stops a
 * puzzle-less loop of forced moves.
 */
export function solverReplies(g, s, role, limit = 10_000) {
  const out = [];
  let at = s;
  while (out.length < limit) {
    const who = g.mover[at];
    if (who < 0 || who === role) break;
    const m = bestMove(g, at);
    if (!m) break;
    at = m.to;
    out.push(at);
  }
  return out;
}
