// mcts.js: Monte Carlo tree search's figures for the page, beside the exact
// values: the iterations the convergence plot is read at, which root moves
// are perfect play, from which iteration the search's choice is one and
// stays one, and the options as the page and its links write them. No Preact.

/** The page's bounds on the options (the library's are wider: 4e9 iterations). */
export const MCTS_LIMITS = { minIterations: 1, maxIterations: 1_000_000, maxUctC: 100 };
/** The options a search starts with (the CLI's defaults but the iterations: a page plays every one). */
export const MCTS_DEFAULTS = { iterations: 1000, seed: '1', uctC: Math.SQRT2, solver: false, playout: 'random' };

/**
 * The iterations at which the root's moves are read for the plot: every one
 * up to `dense`, then about `points` more spaced evenly on a log scale up
 * to `iterations` (which is always the last).
 */
export function checkpointsFor(iterations, points = 200, dense = 32) {
  const out = [];
  const n = Math.max(1, Math.floor(iterations));
  for (let i = 1; i <= Math.min(dense, n); i++) out.push(i);
  if (n > dense) {
    const ratio = (n / dense) ** (1 / points);
    let x = dense;
    for (let k = 0; k < points; k++) {
      x *= ratio;
      const t = Math.min(n, Math.round(x));
      if (t > out[out.length - 1]) out.push(t);
    }
    if (out[out.length - 1] !== n) out.push(n);
  }
  return out;
}

/** The root moves that are perfect play: their exact value is the root's. */
export function perfectMoves(result) {
  return result.moves.map((m) => m.exact === result.value);
}

/**
 * The iteration from which the search's choice is a perfect-play move and
 * stays one to the end: { from, at } (at: the index in result.changes), or
 * { from: null } when the final choice is not perfect play, or when the
 * changes were cut at their cap (unknown then: `unknown` true).
 */
export function perfectFrom(result) {
  const { at, to, truncated } = result.changes;
  if (truncated) return { from: null, unknown: true };
  const perfect = perfectMoves(result);
  const n = at.length;
  if (n === 0 || !perfect[to[n - 1]]) return { from: null };
  let k = n - 1;
  while (k > 0 && perfect[to[k - 1]]) k--;
  return { from: at[k], at: k };
}

/** The search's choice after iteration t (1-based), from the changes; -1 before any. */
export function choiceAt(result, t) {
  const { at, to } = result.changes;
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? to[lo - 1] : -1;
}

/** A value's reward in [0, 1] for MAX, as mcts.c's reward_of scales it. */
export function rewardOf(value, { lo, hi }) {
  if (value <= lo) return hi > lo ? 0 : 0.5;
  if (value >= hi) return hi > lo ? 1 : 0.5;
  return (value - lo) / (hi - lo);
}

/** A value's reward for the player to move at the root (the scale the means are in). */
export const rootReward = (result, value) => (result.maxToMove ? rewardOf(value, result.reward) : 1 - rewardOf(value, result.reward));

/** The page's options from untrusted strings (a link), each checked, the defaults where one is bad. */
export function mctsOptionsFrom(raw = {}) {
  const o = { ...MCTS_DEFAULTS };
  const it = Number(raw.iterations);
  if (/^\d+$/.test(String(raw.iterations ?? '')) && it >= MCTS_LIMITS.minIterations && it <= MCTS_LIMITS.maxIterations) o.iterations = it;
  if (/^\d{1,20}$/.test(String(raw.seed ?? '')) && BigInt(raw.seed) <= 0xffffffffffffffffn) o.seed = String(BigInt(raw.seed));
  const c = Number(raw.uctC);
  if (raw.uctC !== undefined && raw.uctC !== '' && Number.isFinite(c) && c >= 0 && c <= MCTS_LIMITS.maxUctC) o.uctC = c;
  if (raw.solver === '1' || raw.solver === true) o.solver = true;
  if (raw.playout === 'decisive') o.playout = 'decisive';
  return o;
}

/** A reward in [0, 1] as the page writes it. */
export const meanText = (x) => (x === null || x === undefined ? '–' : x.toFixed(3));

/**
 * The search tree to draw: the nodes with visits (`visits`, by node id:
 * the model's at the cursor, or model.finalVisits for the end), down to the deepest level that keeps them within
 * `cap`; leaves of the drawing in columns left to right by move, a parent
 * midway over its first and last child. { nodes (ids, preorder), x
 * (columns, by id), width, maxDepth, shownDepth, deepest (the tree's own) }.
 */
export function mctsLayout(model, cap = 1200, visits = model.finalVisits) {
  const { ids, parent, depth } = model;
  const finalVisits = visits;
  const perDepth = [];
  let deepest = 0;
  for (let u = 0; u < ids; u++) {
    if (finalVisits[u] <= 0 && u !== 0) continue;
    perDepth[depth[u]] = (perDepth[depth[u]] ?? 0) + 1;
    if (depth[u] > deepest) deepest = depth[u];
  }
  let shownDepth = 0;
  let total = 0;
  for (let d = 0; d < perDepth.length; d++) {
    total += perDepth[d] ?? 0;
    if (total > cap && d > 0) break;
    shownDepth = d;
  }
  const kept = (u) => u === 0 || (finalVisits[u] > 0 && depth[u] <= shownDepth);
  // Children lists (ids ascending: a node's children are contiguous, in move order).
  const kids = new Map();
  for (let u = 1; u < ids; u++) {
    if (!kept(u)) continue;
    const p = parent[u];
    if (!kids.has(p)) kids.set(p, []);
    kids.get(p).push(u);
  }
  const x = new Float64Array(ids);
  const nodes = [];
  let width = 0;
  // Preorder, then the columns bottom up.
  const stack = [0];
  while (stack.length) {
    const u = stack.pop();
    nodes.push(u);
    const k = kids.get(u);
    if (k) for (let j = k.length - 1; j >= 0; j--) stack.push(k[j]);
  }
  // leaves first, in preorder
  for (const u of nodes) if (!kids.has(u)) x[u] = width++;
  for (let j = nodes.length - 1; j >= 0; j--) {
    const u = nodes[j];
    const k = kids.get(u);
    if (k) x[u] = (x[k[0]] + x[k[k.length - 1]]) / 2;
  }
  return { nodes, x, width: Math.max(1, width), maxDepth: shownDepth, shownDepth, deepest };
}

/** A mean reward for MAX in [0, 1] as a colour: red (MIN's good) through grey to blue (MAX's good). */
export function meanColour(m) {
  const lerp = (a, b, t) => Math.round(a + (b - a) * t);
  const [r0, g0, b0] = [200, 60, 70];
  const [r1, g1, b1] = [150, 155, 165];
  const [r2, g2, b2] = [40, 100, 210];
  const t = Math.max(0, Math.min(1, m));
  if (t < 0.5) return `rgb(${lerp(r0, r1, t * 2)}, ${lerp(g0, g1, t * 2)}, ${lerp(b0, b1, t * 2)})`;
  return `rgb(${lerp(r1, r2, t * 2 - 1)}, ${lerp(g1, g2, t * 2 - 1)}, ${lerp(b1, b2, t * 2 - 1)})`;
}

/**
 * MCTS's move in a game played against it, with the solver's verdict: its
 * choice (result.best) against the best exact value for `player` (0 the
 * first player, whose view the values are in). { code, value (the exact
 * value after its move), best (the best one could keep), perfect }.
 */
export function mctsVerdict(result, player) {
  const sign = player === 0 ? 1 : -1;
  const chosen = result.moves[result.best];
  let best = chosen.exact;
  for (const m of result.moves) if (sign * m.exact > sign * best) best = m.exact;
  return { code: chosen.code, value: chosen.exact, best, perfect: chosen.exact === best, iterations: result.iterations };
}
