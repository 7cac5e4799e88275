// gdl-search.js: a GDL game answered by search from its initial state (the
// worker's result for game 'gdl' with algo 'search', or 'auto' past the
// graph it enumerates: gdl-games.js) as the page says it: the answer in the
// words of a solved graph's (gdl-result.js), which way it was reached, the
// search's progress and question. No Preact.
import { formatCount } from './format.js';

/** Whether a worker error is a limit (the states or the memory budget), not a problem in the rules. */
export function isLimit(err) {
  return err?.status === 'limit' || err?.status === 'nomem';
}

/** The proven bounds on the outcome (0 second wins, 1 draw, 2 first wins) as the graph's outcome code: 0 draw, 1 first wins, 2 second wins. */
function outcomeCode(lo, hi) {
  return lo === 2 ? 1 : hi === 0 ? 2 : 0;
}

/**
 * The worker's search result from the search's last progress (binding-gdl.js
 * openGdl's search.progress()) and { roles, searchMs, steps, auto }.
 */
export function searchResult(p, { roles, searchMs = 0, steps = 0, auto = false }) {
  return {
    algo: 'search',
    auto,
    kind: p.kind,
    roles,
    solved: p.solved,
    lo: p.lo,
    hi: p.hi,
    outcome: outcomeCode(p.lo, p.hi),
    goal: p.goal,
    moves: p.moves,
    goalTried: p.goalTried,
    depth: p.depth,
    nodes: p.nodes,
    ttEntries: p.ttEntries,
    ttCapacity: p.ttCapacity,
    symmetries: p.symmetries ?? 1,
    searchMs,
    pv: p.pv,
    bestMove: p.pv.length ? p.pv[0].move : null,
    steps,
    answeredBy: p.answeredBy ?? 'alphabeta',
  };
}

/** What a search proved, as gdlAnswer says a graph's ("first wins", "solved in 5 moves, goal 100"), or what is proven so far. */
export function searchAnswer(r) {
  if (!r) return '';
  if (r.kind === 'puzzle') {
    if (!r.solved) return `unknown: no goal of ${r.goalTried} or more within ${r.depth} moves`;
    if (r.moves < 0) return 'no end reachable';
    return `solved in ${r.moves} ${r.moves === 1 ? 'move' : 'moves'}, goal ${r.goal}`;
  }
  if (r.lo === r.hi) return r.lo === 2 ? 'first wins' : r.lo === 0 ? 'second wins' : 'draw';
  if (r.lo === 1) return 'unknown: the first role does not lose';
  if (r.hi === 1) return 'unknown: the first role does not win';
  return 'unknown';
}

/** The answer with the roles' names, as gdlAnswerWords says a graph's. */
export function searchAnswerWords(r) {
  if (!r) return '';
  if (r.kind === 'puzzle' || r.lo !== r.hi) return searchAnswer(r);
  const named = (i, nth) => (r.roles[i] === nth ? `${nth} wins` : `${r.roles[i]} (${nth}) wins`);
  return r.lo === 2 ? named(0, 'first') : r.lo === 0 ? named(1, 'second') : 'Draw';
}

/** Which way the answer was reached, for a graph's result or a search's. */
export function answeredBy(r) {
  if (!r) return '';
  if (r.algo === 'search') {
    const how = r.answeredBy === 'dfpn' ? 'df-pn (proof numbers) with a table' : 'alpha-beta with a table';
    const sym = r.symmetries > 1 ? `; ${r.symmetries} symmetries found in the rules, so an entry stands for up to ${r.symmetries} states` : '';
    return `by search: ${how}, ${formatCount(r.nodes)} nodes, ${formatCount(r.ttEntries)} table entries${sym}`;
  }
  return `by enumeration: every state's value (${formatCount(r.states)} states)`;
}

/** The question a search is asking, from what it has proven (lo, hi): the first role's win, then its draw. */
export function searchQuestion(p) {
  if (p.kind === 'puzzle') return `a goal of ${p.goalTried} within ${formatCount(p.depth + 1)} moves?`;
  if (p.lo === p.hi) return 'answered';
  return p.hi === 2 ? 'does the first role win?' : 'does the first role at least draw?';
}

/** The worker's search progress in words: the question, the depth, nodes, table entries and the best line so far. */
/** A phase that is one long call, said before it starts (gdl-games.js's 'prepare' progress). */
export function prepareWords(p) {
  if (p.step === 'ground') {
    const why = p.past > 0 ? `over ${formatCount(p.past)} states, past what Auto enumerates: ` : '';
    return `${why}reading and grounding the rules for a search from the start`;
  }
  if (p.step === 'search') return "preparing the search: finding the rules' symmetries and building its tables";
  return 'reading and grounding the rules to enumerate their states';
}

export function searchProgressWords(p) {
  const line = p.pv?.length ? `; best line so far ${p.pv.map((m) => m.move).join(' ')}` : '';
  const who = p.reply !== undefined ? 'searching for a reply' : 'searching';
  return `${who}: ${searchQuestion(p)} depth ${formatCount(p.depth)} done, ${formatCount(p.nodes)} nodes, ${formatCount(p.ttEntries)} table entries${line}`;
}
