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
  return `by security values: every state a matrix game of a role's moves against the others' joint moves, solved exactly (${formatCount(r.states)} states, ${formatCount(r.stats.matrixGames)} matrix games)`;
}

/** A column of a matrix game: the other roles' moves, "(call 1) · (call 2)". */
export const jointWords = (moves) => moves.join(' · ');

/** A fraction's text ("100/3") as a Number, for drawing (never for comparing). */
export function fracNumber(text) {
  const [n, d = '1'] = String(text).split('/');
  return Number(n) / Number(d);
}
