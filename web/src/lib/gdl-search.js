// gdl-search.js: a GDL game answered by search from its initial state (the
// worker's result for game 'gdl' with algo 'search', or 'auto' past the
// graph it enumerates: gdl-games.js) as the page says it: the answer in the
// words of a solved graph's (gdl-result.js), which way it was reached, the
// search's progress and question. No Preact.
import { formatBytes, formatCount } from './format.js';

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

/** A phase that is one long call, said before it starts (gdl-games.js's 'prepare' progress). */
export function prepareWords(p) {
  if (p.step === 'ground') {
    const why = p.past > 0 ? `over ${formatCount(p.past)} states, past what Auto enumerates: ` : '';
    return `${why}reading and grounding the rules for a search from the start`;
  }
  if (p.step === 'search') return "preparing the search: finding the rules' symmetries and building its tables";
  return 'reading and grounding the rules to enumerate their states';
}

/** The worker's search progress in words: the question, the depth, nodes, table entries and the best line so far. */
export function searchProgressWords(p) {
  const line = p.pv?.length ? `; ${searchLineWords(p)}` : '';
  const who = p.reply !== undefined ? 'searching for a reply' : 'searching';
  return `${who}: ${searchQuestion(p)} depth ${formatCount(p.depth)} done, ${formatCount(p.nodes)} nodes, ${formatCount(p.ttEntries)} table entries${line}`;
}

/** The search's best line so far (its first 16 moves: gdl-games.js), or '' before it has one. */
export function searchLineWords(p) {
  return p.pv?.length ? `best line so far ${p.pv.map((m) => m.move).join(' ')}` : '';
}

/** The worker's progress on a solve in words (gdl-games.js): enumerating, linking the graph, the retrograde solves, or the search. */
export function gdlProgressWords(p) {
  if (p.phase === 'search') return searchProgressWords(p);
  if (p.phase === 'prepare') return prepareWords(p);
  if (p.phase === 'values-enumerate')
    return `security values: enumerating, ${formatCount(p.states)} states found, ${formatCount(p.expanded)} expanded, ${formatCount(p.jointMoves)} joint moves`;
  if (p.phase === 'values-order' || p.phase === 'values-solve')
    return `security values: backward induction, ${formatCount(p.valued)} of ${formatCount(p.states)} states valued, ${formatCount(p.linearPrograms)} linear programs`;
  const budget = formatBytes((p.budgetMiB ?? 0) * 2 ** 20);
  const memory = p.bytes > 0 ? `, ${formatBytes(p.bytes)} of the ${budget} memory budget` : '';
  if (p.phase === 'enumerate') return `enumerating: ${formatCount(p.states)} states found, ${formatCount(p.expanded)} expanded${memory}`;
  if (p.phase === 'link')
    return `${formatCount(p.states)} states, ${formatCount(p.edges)} moves; solving them takes about ${formatBytes(p.bytes)} of the ${budget} memory budget`;
  const of = p.stages > 1 ? ` ${Math.min(p.stage + 1, p.stages)} of ${p.stages}` : '';
  return `retrograde solve${of}: ply ${formatCount(p.ply)}, ${formatCount(p.decided)} of ${formatCount(p.states)} states decided${memory}`;
}

/** The seconds a solve has taken, from a tenth of a second on (empty before). */
export function solvingWords(tenths) {
  return `Solving… ${tenths >= 10 ? `${(tenths / 10).toFixed(1)} s` : ''}`;
}

/**
 * The largest progress of each phase of a solve under these limits (the
 * states limit, the memory budget): every state found, expanded, decided
 * and at its own ply, the memory budget all taken, as many moves as fit in
 * it at 4 bytes each, 99 retrograde solves, the security values' steps; a
 * search of depth 9,999 with
 * twelve-digit counts of nodes and table entries, asking each question;
 * more than a day of solving.
 * Without the best line (searchLineWords: a line of its own).
 */
export function gdlLargestProgress({ maxStates, budgetMiB }) {
  const bytes = budgetMiB * 2 ** 20;
  const states = maxStates;
  const counts = { states, expanded: states, decided: states, ply: states, bytes, budgetMiB };
  const search = { phase: 'search', depth: 9_999, nodes: 1e12 - 1, ttEntries: 1e12 - 1, budgetMiB };
  return [
    { ...counts, phase: 'enumerate' },
    { ...counts, phase: 'link', edges: Math.floor(bytes / 4) },
    { ...counts, phase: 'solve', stage: 98, stages: 99 },
    { ...counts, phase: 'values-enumerate', jointMoves: Math.floor(bytes / 4) },
    { ...counts, phase: 'values-order', valued: states, linearPrograms: 1e12 - 1 },
    { ...counts, phase: 'values-solve', valued: states, linearPrograms: 1e12 - 1 },
    { ...search, kind: 'turns', lo: 0, hi: 1 },
    { ...search, kind: 'turns', lo: 0, hi: 2 },
    { ...search, kind: 'puzzle', goalTried: 100, lo: 0, hi: 2 },
    { phase: 'prepare', step: 'ground', past: states, budgetMiB },
    { phase: 'prepare', step: 'search', budgetMiB },
    { phase: 'prepare', step: 'enumerate', budgetMiB },
  ];
}

/** The longest line of words a solve under way can show, one a phase (the room of Your game's progress). */
export function gdlProgressRoom(limits) {
  return gdlLargestProgress(limits).map((p) => `${solvingWords(999_999)} ${gdlProgressWords(p)}`);
}

/** The solver's reply being searched, in words (without the best line: searchLineWords), or before its first progress. */
export function replyProgressWords(p) {
  if (!p) return 'The solver is thinking…';
  return `The solver is thinking: ${p.phase === 'prepare' ? prepareWords(p) : searchProgressWords({ ...p, pv: [] })}`;
}

/** The longest words a reply's search can say under these limits, each question (the room of the game's status while it searches). */
export function gdlReplyRoom(limits) {
  return gdlLargestProgress(limits)
    .filter((p) => p.phase === 'search' || (p.phase === 'prepare' && p.step !== 'enumerate'))
    .map((p) => replyProgressWords(p.phase === 'search' ? { ...p, reply: 0 } : { ...p, past: 0 }));
}
