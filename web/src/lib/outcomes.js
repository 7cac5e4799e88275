// outcomes.js: what a Cat and Mouse outcome means, in words and glyphs.
// Values as in perfect_play.h (LeetCode 913's output, plus INVALID).

export const DRAW = 0;
export const MOUSE_WINS = 1;
export const CAT_WINS = 2;
export const INVALID = 3;

/** Per outcome: its CSS name, the glyph drawn in a cell, and its words. */
export const OUTCOMES = [
  { value: MOUSE_WINS, key: 'mouse', glyph: 'M', words: 'Mouse wins' },
  { value: CAT_WINS, key: 'cat', glyph: 'C', words: 'Cat wins' },
  { value: DRAW, key: 'draw', glyph: '=', words: 'Draw' },
  { value: INVALID, key: 'invalid', glyph: '·', words: 'Not a state (cat in the hole)' },
];

const BY_VALUE = [];
for (const o of OUTCOMES) BY_VALUE[o.value] = o;

export function outcomeInfo(value) {
  return BY_VALUE[value] ?? BY_VALUE[INVALID];
}

export const TURN_MOUSE = 0;
export const TURN_CAT = 1;
export const TURN_NAMES = ['mouse to move', 'cat to move'];

/*
 * State ids, as pp_catmouse_state in perfect_play.h lays them out: two
 * n x n blocks, chosen in C so that every state's parents lie in one row.
 *
 *   mouse to move (turn 0):  s = cat * n + mouse
 *   cat to move   (turn 1):  s = n * n + mouse * n + cat
 *
 * Outcomes, remoteness, cause and the trace all use these ids; this file is
 * the only place in the page that knows the layout.
 */
export function stateId(n, mouse, cat, turn) {
  return turn === TURN_MOUSE ? cat * n + mouse : n * n + mouse * n + cat;
}

/** The inverse of stateId: { mouse, cat, turn }. */
export function stateOf(n, s) {
  const nn = n * n;
  if (s < nn) return { mouse: s % n, cat: Math.floor(s / n), turn: TURN_MOUSE };
  const r = s - nn;
  return { mouse: Math.floor(r / n), cat: r % n, turn: TURN_CAT };
}

/** The start of every game: mouse on 1, cat on 2, mouse to move. */
export function startState(n) {
  return stateId(n, 1, 2, TURN_MOUSE);
}

/** The answer to LeetCode 913 in words. */
export function answerWords(answer) {
  if (answer === MOUSE_WINS || answer === CAT_WINS || answer === DRAW) {
    return outcomeInfo(answer).words;
  }
  return '';
}

/** Counts the outcomes of one grid (one player to move). */
export function countOutcomes(outcomes, n, turn) {
  const counts = { mouse: 0, cat: 0, draw: 0, invalid: 0 };
  // Each player's states form one block of n * n ids.
  const first = stateId(n, 0, 0, turn);
  for (let i = first; i < first + n * n; i++) {
    const v = outcomes[i];
    if (v === MOUSE_WINS) counts.mouse++;
    else if (v === CAT_WINS) counts.cat++;
    else if (v === DRAW) counts.draw++;
    else counts.invalid++;
  }
  return counts;
}

function plural(count, one, many) {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** "12 mouse wins · 30 cat wins · 4 draws" */
export function countsText({ mouse, cat, draw }) {
  return [plural(mouse, 'mouse win', 'mouse wins'), plural(cat, 'cat win', 'cat wins'), plural(draw, 'draw', 'draws')].join(' · ');
}

/** "(mouse 3, cat 5, mouse to move): cat wins in 4 moves" */
export function describeState({ n, outcomes, remoteness }, mouse, cat, turn) {
  const where = `(mouse ${mouse}, cat ${cat}, ${TURN_NAMES[turn]})`;
  const s = stateId(n, mouse, cat, turn);
  const value = outcomes[s];
  if (value === INVALID || cat === 0) return `${where}: not a state, the cat never enters the hole`;
  if (value === DRAW) return `${where}: draw, neither side can force a win`;
  const winner = value === MOUSE_WINS ? 'mouse' : 'cat';
  const r = remoteness[s];
  if (mouse === 0) return `${where}: mouse wins, it is in the hole`;
  if (mouse === cat) return `${where}: cat wins, it is on the mouse`;
  return `${where}: ${winner} wins in ${plural(r, 'move', 'moves')}`;
}
