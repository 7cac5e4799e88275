// tree-events.js: the minimax / alpha-beta trace events (kinds 12 to 19 of
// perfect_play.h), their names and their text. The text matches the CLI's
// trace files (tests/c/golden/tree_*.txt) so the two can be compared.
import { argA, argB, argC, kindAt, stepAt } from '../player/events.js';

export const AB = { ENTER: 12, LEAF: 13, HIT: 14, MOVE: 15, VALUE: 16, RAISE: 17, CUTOFF: 18, EXIT: 19 };
export const AB_NAMES = { 12: 'AB_ENTER', 13: 'AB_LEAF', 14: 'AB_HIT', 15: 'AB_MOVE', 16: 'AB_VALUE', 17: 'AB_RAISE', 18: 'AB_CUTOFF', 19: 'AB_EXIT' };
/** Values at or past this print as infinities (PP_AB_INF). */
export const AB_INF = 1_000_000_000;
export const BOUND_WORDS = ['exact', 'at-least', 'at-most'];
const RAISED = ['alpha', 'beta', 'best'];

/** A value as the trace prints it: +inf / -inf past PP_AB_INF. */
export function valueText(v) {
  if (v >= AB_INF) return '+inf';
  if (v <= -AB_INF) return '-inf';
  return String(v);
}

/** Event i as the CLI's trace file writes it, e.g. `AB_CUTOFF 5 after 1 of 3 (step 17)`. */
export function abEventLine(trace, i) {
  const kind = kindAt(trace, i);
  const [a, b, c] = [argA(trace, i), argB(trace, i), argC(trace, i)];
  const name = AB_NAMES[kind] ?? `? ${kind}`;
  let body;
  switch (kind) {
    case AB.ENTER:
      body = `${a} [${valueText(b)},${valueText(c)}]`;
      break;
    case AB.LEAF:
      body = `${a} ${valueText(b)}`;
      break;
    case AB.HIT:
    case AB.EXIT:
      body = `${a} ${valueText(b)} ${BOUND_WORDS[c] ?? '?'}`;
      break;
    case AB.MOVE:
      body = `${a} #${b} -> ${c}`;
      break;
    case AB.VALUE:
      body = `${a} <- ${b} ${valueText(c)}`;
      break;
    case AB.RAISE:
      body = `${a} ${RAISED[b] ?? '?'} ${valueText(c)}`;
      break;
    case AB.CUTOFF:
      body = `${a} after ${b} of ${c}`;
      break;
    default:
      body = `${a} ${b} ${c}`;
  }
  return `${name} ${body} (step ${stepAt(trace, i)})`;
}

/** Event i in words, for the player's readout. */
export function abEventSentence(trace, i) {
  const kind = kindAt(trace, i);
  const [a, b, c] = [argA(trace, i), argB(trace, i), argC(trace, i)];
  const who = stepAt(trace, i) >= 10 ? 'MIN' : 'MAX';
  switch (kind) {
    case AB.ENTER:
      return `Enter node ${a} (${who} to move) with the window [${valueText(b)}, ${valueText(c)}]`;
    case AB.LEAF:
      return `Node ${a} is a leaf worth ${valueText(b)}`;
    case AB.HIT:
      return `The table knows node ${a}: ${BOUND_WORDS[c]} ${valueText(b)}`;
    case AB.MOVE:
      return `Node ${a} tries move #${b} into node ${c}`;
    case AB.VALUE:
      return `Node ${b} returns ${valueText(c)} to node ${a}`;
    case AB.RAISE:
      return b === 2 ? `Node ${a}: best so far ${valueText(c)}` : `Node ${a}: ${b === 0 ? 'alpha raised' : 'beta lowered'} to ${valueText(c)}`;
    case AB.CUTOFF:
      return `Cut-off at node ${a} after ${b} of ${c} moves: ${c - b} skipped`;
    case AB.EXIT:
      return `Node ${a} returns ${valueText(b)} (${BOUND_WORDS[c]})`;
    default:
      return `Event ${kind}`;
  }
}
