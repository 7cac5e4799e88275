// neighbourhood.js: a state's parents and children for the small drawing,
// with what each parent learns from the state. No Preact here.
import { CAT_WINS, MOUSE_WINS, stateOf, TURN_MOUSE } from './outcomes.js';
import { childrenOf, parentsOf } from './catmouse.js';

export const NEIGHBOURHOOD_LIMIT = 8; // drawn per row; the rest are counted

/** { state, parents, children, parentCount, childCount } (lists cut at `limit`). */
export function neighbourhoodOf(graph, s, limit = NEIGHBOURHOOD_LIMIT) {
  const parents = parentsOf(graph, s);
  const children = childrenOf(graph, s);
  return {
    state: s,
    parents: parents.slice(0, limit),
    children: children.slice(0, limit),
    parentCount: parents.length,
    childCount: children.length,
  };
}

/**
 * What a parent p learns when its child has `childOutcome` (the retrograde
 * rule): 'wins' (p's mover wins by moving there: p is coloured at once),
 * 'drops' (that move loses for p's mover: p's counter drops), or 'waits'
 * (the child is not decided yet).
 */
export function parentEffect(n, p, childOutcome) {
  if (childOutcome !== MOUSE_WINS && childOutcome !== CAT_WINS) return 'waits';
  const mover = stateOf(n, p).turn === TURN_MOUSE ? MOUSE_WINS : CAT_WINS;
  return childOutcome === mover ? 'wins' : 'drops';
}

/** x positions (0..1) of `count` boxes in a row, centred. */
export function rowPositions(count) {
  const out = [];
  for (let i = 0; i < count; i++) out.push((i + 0.5) / count);
  return out;
}
