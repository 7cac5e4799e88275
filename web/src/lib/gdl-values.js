// gdl-values.js: a game of any kind answered by its security values (the
// worker's result { algo: 'values' }, binding-gdl.js solveGdlValues) in
// words, as the command line words them. No Preact.
import { formatCount } from './format.js';

/** "a, b and c". */
export function listWords(items) {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The command line's answer: "left guarantees 50, right guarantees 50" (and "; under max^n: a 60, b 70"). */
export function valuesAnswer(r) {
  let out = r.roles.map((role, i) => `${role} guarantees ${r.start.security[i]}`).join(', ');
  if (r.start.maxn) out += `; under max^n: ${r.roles.map((role, i) => `${role} ${r.start.maxn[i]}`).join(', ')}`;
  return out;
}

/** Who plays how: "ann, ben and cleo moving at once". */
export function valuesRoles(r) {
  return `${listWords(r.roles)} ${r.kind === 'simultaneous' ? 'moving at once' : r.kind === 'puzzle' ? 'alone' : 'taking turns'}`;
}

/** How the answer was found, for "Answered …". */
export function valuesAnsweredBy(r) {
  return `by security values: every state a matrix game of a role's moves against the others' joint moves, solved exactly (${formatCount(r.states)} states; ${valuesWork(r)})`;
}

/** What the matrix games took: "12 matrix games, 4 settled by a saddle point, 8 linear programs, 20 pivots" (the command line's stats). */
export function valuesWork(r) {
  const { matrixGames, saddles, linearPrograms, pivots } = r.stats;
  const n = (k, one, many) => `${formatCount(k)} ${k === 1 ? one : many}`;
  return `${n(matrixGames, 'matrix game', 'matrix games')}, ${formatCount(saddles)} settled by a saddle point, ${n(linearPrograms, 'linear program', 'linear programs')}, ${n(pivots, 'pivot', 'pivots')}`;
}

/** A column of a matrix game: the other roles' moves, "(call 1) · (call 2)". */
export const jointWords = (moves) => moves.join(' · ');

/** A fraction's text ("100/3") as a Number, for drawing (never for comparing). */
export function fracNumber(text) {
  const [n, d = '1'] = String(text).split('/');
  return Number(n) / Number(d);
}

/** A seeded generator of numbers in [0, 1) (mulberry32): the same seed, the same numbers, on any machine. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The number a game's ply draws from: the seed's and the ply's own generator, so a replay draws the same. */
export const drawAt = (seed, ply) => seededRandom((seed >>> 0) ^ Math.imul(ply + 1, 0x9e3779b9))();

/**
 * The index a draw u in [0, 1) picks from probabilities given as fraction
 * texts (each index owning its share of [0, 1) in order); never one of
 * probability 0.
 */
export function drawIndex(probs, u) {
  let acc = 0;
  let last = -1;
  for (let i = 0; i < probs.length; i++) {
    const p = fracNumber(probs[i]);
    if (p <= 0) continue;
    last = i;
    acc += p;
    if (u < acc) return i;
  }
  return last; // rounding left u past the sum: the last move that can be drawn
}

/** A terminal's goals, by role, from a values result's security (their values there are their goals). */
export function goalsAt(r, state) {
  const R = r.roles.length;
  return r.roles.map((_, i) => {
    const num = r.security[2 * (state * R + i)];
    const den = r.security[2 * (state * R + i) + 1];
    return BigInt(den) === 1n ? `${num}` : `${num}/${den}`;
  });
}

/**
 * The graph of joint moves of a values result as the state graph and the
 * player draw a solved game (gdl-result.js gdlStateGraph, gdlModel): each
 * successor once per state; a state's look compares the two roles'
 * guarantees there (the first's greater: 'win0', the second's: 'win1',
 * equal: 'draw'; `looks` says so in words), and with three roles or more every state is alike (its
 * values are in its matrix games). No trace: the graph shows the answer.
 */
export function valuesGraph(r) {
  const N = r.states;
  const R = r.roles.length;
  const offsets = new Int32Array(N + 1);
  const out = [];
  for (let s = 0; s < N; s++) {
    offsets[s] = out.length;
    const seen = new Set();
    for (let e = r.offsets[s]; e < r.offsets[s + 1]; e++) {
      const t = r.targets[e];
      if (!seen.has(t)) (seen.add(t), out.push(t));
    }
  }
  offsets[N] = out.length;
  const outcome = new Uint8Array(N);
  if (R === 2) {
    for (let s = 0; s < N; s++) {
      const [a, b, c, d] = [r.security[4 * s], r.security[4 * s + 1], r.security[4 * s + 2], r.security[4 * s + 3]];
      const diff = a * d - c * b; // a/b - c/d, denominators positive
      outcome[s] = diff > 0n ? 1 : diff < 0n ? 2 : 0;
    }
  }
  const [p, q] = r.roles;
  const looks =
    R === 2
      ? { win0: `${p} guarantees more`, win1: `${q} guarantees more`, draw: 'equal guarantees', undecided: 'undecided', invalid: 'not a state' }
      : { win0: '', win1: '', draw: 'a state (its values in its matrix games)', undecided: 'undecided', invalid: 'not a state' };
  return {
    algo: 'values-graph',
    kind: r.kind,
    roles: r.roles,
    states: N,
    terminalStates: r.terminalStates,
    edges: out.length,
    offsets,
    targets: Int32Array.from(out),
    outcome,
    remoteness: new Int32Array(N).fill(-1),
    looks,
  };
}
