// gdl-games.js: the worker's entry for games in the Game Description
// Language (worker.js's GAMES table). Requests:
//   { type: 'solve', game: 'gdl', input (the rules), trace: 'auto' | traceCap, maxStates, budgetMiB }
//   { type: 'solve', game: 'gdl', algo: 'check', input }  -> { diagnostics: [{ line, col, message }] }
// The result is binding-gdl.js's solveGdl result (see its header), with
// traceMode ('fine', 'coarse' or 'none') and bytes (the memory the solve held).
//
// The solve runs in steps (binding-gdl.js beginGdl), yielding to the
// worker's event loop between them: a 'cancel' message stops it there, the
// worker and its warm WASM live on. Each step is sized to take about
// STEP_MS (the budget adapts, per phase: states enumerated cost far more
// than reverse edges looked at), so progress and Cancel stay prompt and V8
// gets to optimize the loops after the first steps (TOOLCHAIN.md: one long
// call stays on baseline code). Progress: { phase, states, expanded, edges,
// stage, stages, relaxations, decided, ply, bytes, budgetMiB }, sent at once when the
// enumeration ends (bytes: what the graph and the solve will hold, before
// the solve takes it).
//
// algo chooses how (as the command line's --algo): 'retrograde' enumerates
// the state graph and solves every state (the default, above); 'search'
// searches from the initial state (binding-gdl.js openGdl: alpha-beta on
// null-window questions with a transposition table, pp_gdl_search_*, as
// --algo alphabeta);
// 'auto' follows the command line's policy with --json (c/cli/cli_gdl.c): a
// graph of at most AUTO_SMALL_STATES is enumerated (the picture), else an
// alpha-beta search of AUTO_QUICK_NODES answers what it can (shallow wins
// first), else a graph of up to AUTO_MAX_STATES within the memory budget,
// else the search goes on. A search's result:
//   { algo: 'search', kind, roles, solved, lo, hi, outcome, goal, moves,
//     depth, nodes, ttEntries, ttCapacity, searchMs, pv: [{ move, role }],
//     bestMove, steps, answeredBy ('dfpn' or 'alphabeta': which search proved it) }
// (outcome in the graph's codes: 0 draw, 1 first wins, 2 second wins; lo and
// hi the proven bounds on 0 second wins, 1 draw, 2 first wins). Its progress:
// { phase: 'search', depth, nodes, ttEntries, lo, hi, pv, budgetMiB }, the
// first before the first step. The phases that are one long call each are
// said before they start, { phase: 'prepare', step, past, budgetMiB }:
// step 'ground' (openGdl: the rules read and grounded for a search; `past`
// is Auto's graph limit when its enumeration went past it), 'search' (the
// search made: the rules' symmetries found, its tables built), 'enumerate'
// (beginGdl: the rules grounded for the enumeration).
// A search's steps are sized to about SEARCH_STEP_MS, from FIRST_SEARCH_STEP
// nodes up to SEARCH_STEP: a game whose nodes are slow (many moves a state)
// still reports and reads a Cancel every fraction of a second. The size does
// not change the search: a step takes up the line the last one stopped on
// (gdl.md), so alpha-beta visits the nodes of one call and gives the same
// best move on any machine and under any load.
//
// algo 'play': a game against the search, with no state graph:
//   { algo: 'play', input, path: [legal move index, ...], role (the person's),
//     search: 'auto' (the default) or 'alphabeta', both alpha-beta as the command line's auto }
// replays path from the initial state, then while the game is not over and
// the other role is to move, searches from the state reached (progress and
// Cancel as above) and plays its best move. The rules and one search stay
// between requests (one game at a time): each reply reroots that search at
// the state reached, keeping its table, killer moves and history. Returns { path, played: [{ move, role }],
// turn: { terminal, mover, moves, goals }, facts, replies: [{ at, move,
// lo, hi, nodes }] }.
// Games the turn-taking solve refuses for their kind (simultaneous moves,
// three roles or more; an error of status 'input' from any algorithm but
// 'check' and 'play') are answered by each role's security value
// (binding-gdl.js beginGdlValues, in steps as above, with progress { phase:
// 'values-enumerate' | 'values-order' | 'values-solve', states, expanded,
// jointMoves, valued, linearPrograms, budgetMiB } and Cancel): the
// result { algo: 'values', ... } with every state's matrix games (the
// start's alone past what a page reads at once). A game the
// values solve finds to take turns after all keeps the first refusal.
import { bindGdl, GDL_BUDGET_MIB, GDL_MAX_STATES } from './binding-gdl.js';
import { isLimit, searchResult } from '../lib/gdl-search.js';
import { yieldToEvents } from '../lib/next-task.js';

const bound = new WeakMap();
/** About this long a step, so Cancel and progress are prompt. */
const STEP_MS = 15;
/** First budgets: network evaluations while enumerating, reverse edges while solving. */
const FIRST_BUDGET = { enumerate: 2048, link: 1, solve: 1 << 18 };
const MAX_BUDGET = 1 << 26;
/** Nodes a search step at most (about 0.1 s in the page on a game of few moves), the first step's, and the time a step is sized to. */
const SEARCH_STEP = 20_000;
const FIRST_SEARCH_STEP = 500;
const SEARCH_STEP_MS = 100;
/** The command line's auto policy (c/cli/cli_gdl.c). */
export const AUTO_SMALL_STATES = 60_000;
export const AUTO_QUICK_NODES = 1_000_000;
export const AUTO_MAX_STATES = 1 << 19;

function gdlOf(eng) {
  let t = bound.get(eng);
  if (!t) bound.set(eng, (t = bindGdl(eng.kit)));
  return t;
}

/**
 * Runs a search (binding-gdl.js openGdl's) a step at a time (see the top) until
 * it is over or has used `nodes` more (0: no limit); progress between steps.
 * Resolves to true when over, false when the nodes ran out, null when cancelled.
 */
async function runSearch(search, nodes, budgetMiB, onProgress, cancelled, extra = {}, tally = { steps: 0 }) {
  const first = search.progress().nodes;
  const report = (now) => {
    const p = search.progress();
    onProgress(
      0,
      {
        phase: 'search',
        states: 0,
        decided: 0,
        depth: p.depth,
        nodes: p.nodes,
        ttEntries: p.ttEntries,
        lo: p.lo,
        hi: p.hi,
        kind: p.kind,
        goalTried: p.goalTried,
        pv: p.pv.slice(0, 16),
        budgetMiB,
        ...extra,
      },
      now,
    );
  };
  report(true); // what runs, before its first step
  let size = FIRST_SEARCH_STEP;
  for (;;) {
    const left = nodes > 0 ? first + nodes - search.progress().nodes : size;
    if (left <= 0) return false;
    tally.steps++;
    const t = performance.now();
    const done = search.step(Math.min(size, left));
    const ms = performance.now() - t;
    if (done) return true;
    // the next step sized to about SEARCH_STEP_MS, growing at most fourfold a step
    const scaled = ms > 1 ? (size * SEARCH_STEP_MS) / ms : size * 4;
    size = Math.max(1, Math.min(SEARCH_STEP, Math.round(Math.min(scaled, size * 4))));
    report(false);
    await yieldToEvents();
    if (cancelled()) return null;
  }
}

/** The rules a game against the search plays and its one search, both kept
 * between its requests: each reply reroots the search at the state reached,
 * so its table, killer moves and history carry over from reply to reply. */
let playing = null; // { eng, input, rules, search, key }

function rulesFor(eng, input) {
  if (playing?.input === input && playing.eng === eng) return playing.rules;
  // (rules of a module the worker dropped after a failure inside are let go, not called)
  if (playing?.eng === eng) playing.rules.dispose(); // and its search
  playing = null;
  const rules = gdlOf(eng).openGdl(input);
  playing = { eng, input, rules, search: null, key: '' };
  return rules;
}

/** The game's search, at `state` (a new one when the way it searches changed; said first, through `prepare`). */
function playSearch(state, budgetMiB, how, prepare) {
  const key = `${budgetMiB} ${how}`;
  if (playing.search && playing.key === key) {
    try {
      playing.search.reroot(state);
      return playing.search;
    } catch {
      // a search that failed earlier cannot move: a new one below
    }
  }
  playing.search?.dispose();
  playing.search = null;
  prepare('search');
  const search = playing.rules.search(state, { budgetMiB: Math.max(1, Math.floor(budgetMiB / 2)), algo: 'alphabeta' });
  playing.search = search;
  playing.key = key;
  return search;
}

/** 'search', 'auto' and 'play' (see the top); the enumeration is the entry's own. */
async function searchGdl(eng, request, onProgress, cancelled) {
  const { input, algo, maxStates = GDL_MAX_STATES, budgetMiB = GDL_BUDGET_MIB } = request;
  if (algo === 'play') return play(eng, request, onProgress, cancelled);
  if (algo !== 'search' && algo !== 'auto') throw new Error(`unknown algorithm: ${String(algo)}`);
  const auto = algo === 'auto';
  if (auto) {
    // 1. a small graph: enumerated at once (the picture)
    const small = await tryEnumerate(eng, { ...request, maxStates: Math.min(maxStates, AUTO_SMALL_STATES), budgetMiB }, onProgress, cancelled);
    if (small !== undefined) return small;
  }
  const prepare = async (step, more = {}) => {
    onProgress(0, { phase: 'prepare', step, states: 0, decided: 0, budgetMiB, ...more }, true);
    await yieldToEvents(); // the message leaves, and a Cancel sent meanwhile is seen
    return !cancelled();
  };
  if (!(await prepare('ground', { past: auto ? Math.min(maxStates, AUTO_SMALL_STATES) : 0 }))) return null;
  const rules = gdlOf(eng).openGdl(input);
  try {
    if (!(await prepare('search'))) return null;
    // auto shares the memory between the search's table and the graph
    const search = auto
      ? rules.search(null, { budgetMiB: Math.max(1, Math.floor(budgetMiB / 2)), algo: 'alphabeta' })
      : rules.search(null, { budgetMiB, algo: 'alphabeta' });
    const t0 = performance.now();
    const tally = { steps: 0 };
    // 2. auto: a quick search (shallow answers at once)
    let over = await runSearch(search, auto ? AUTO_QUICK_NODES : 0, budgetMiB, onProgress, cancelled, {}, tally);
    if (over === null) return null;
    if (!over) {
      // 3. auto: a graph within the states and the memory left
      const big = await tryEnumerate(
        eng,
        { ...request, maxStates: Math.min(maxStates, AUTO_MAX_STATES), budgetMiB: Math.max(1, Math.floor(budgetMiB / 2)) },
        onProgress,
        cancelled,
      );
      if (big !== undefined) return big;
      // 4. the search goes on
      over = await runSearch(search, 0, budgetMiB, onProgress, cancelled, {}, tally);
      if (over === null) return null;
    }
    return searchResult(search.progress(), { roles: rules.roles, searchMs: performance.now() - t0, steps: tally.steps, auto });
  } finally {
    rules.dispose();
  }
}

/** The enumeration (the entry's 'retrograde'), or undefined where the graph is past a limit (states or memory). */
async function tryEnumerate(eng, request, onProgress, cancelled) {
  try {
    return await solveTurns(eng, { ...request, algo: 'retrograde' }, onProgress, cancelled);
  } catch (err) {
    if (isLimit(err)) return undefined;
    throw err;
  }
}

/** A game against the search (see the top): replies by searching from each state reached. */
async function play(eng, { input, path = [], role = 0, budgetMiB = GDL_BUDGET_MIB, search: how = 'auto' }, onProgress, cancelled) {
  // the long calls of new rules and a new search, said before they start (see the top)
  const prepare = (step) => onProgress(0, { phase: 'prepare', step, states: 0, decided: 0, past: 0, budgetMiB }, true);
  if (!(playing?.input === input && playing.eng === eng)) prepare('ground');
  const rules = rulesFor(eng, input);
  let state = rules.initial();
  const played = [];
  for (const i of path) {
    const t = rules.turn(state);
    if (t.terminal || !(i >= 0 && i < t.moves.length)) throw new Error(`move ${i} cannot be played at ply ${played.length}`);
    played.push({ move: t.moves[i], role: t.mover });
    state = rules.play(state, i);
  }
  const replies = [];
  const out = [...path];
  let turn = rules.turn(state);
  while (!turn.terminal && turn.mover !== role) {
    const search = playSearch(state, budgetMiB, how, prepare);
    let p;
    try {
      const over = await runSearch(search, 0, budgetMiB, onProgress, cancelled, { reply: out.length });
      if (over === null) return null; // cancelled: the next request reroots it
      p = search.progress();
    } catch (err) {
      search.dispose(); // a failed search is not kept
      if (playing?.search === search) playing.search = null;
      throw err;
    }
    const move = p.pv[0]?.move;
    const i = turn.moves.indexOf(move);
    if (i < 0) throw new Error(`the search found no move to play at ply ${out.length}`);
    replies.push({ at: out.length, move, lo: p.lo, hi: p.hi, solved: p.solved, nodes: p.nodes });
    played.push({ move, role: turn.mover });
    out.push(i);
    state = rules.play(state, i);
    turn = rules.turn(state);
  }
  const facts = [];
  for (let i = 0; i < rules.factNames.length; i++) if ((state[i >>> 5] >>> (i & 31)) & 1) facts.push(rules.factNames[i]);
  return { algo: 'play', path: out, played, turn, facts, replies, roles: rules.roles };
}

/**
 * The refusal err of rules the turn-taking solve would not take, answered by
 * security values where their kind is why (see the top), in steps of about
 * STEP_MS (binding-gdl.js beginGdlValues) with progress between them; null
 * when cancelled.
 */
async function valuesOr(eng, err, { input, maxStates = GDL_MAX_STATES, budgetMiB = GDL_BUDGET_MIB }, onProgress, cancelled) {
  if (err?.status !== 'input') throw err;
  let values;
  try {
    values = await solveValues(eng, input, { maxStates, budgetMiB }, onProgress, cancelled);
  } catch (e) {
    // past a limit, the size is the news; any other problem of the rules is the first refusal's
    if (e?.status === 'limit' || e?.status === 'nomem' || e?.status === 'budget') throw e;
    throw err;
  }
  if (values === null) return null;
  if (values.kind === 'simultaneous' || values.roles.length >= 3) return values;
  throw err;
}

/** The security values' solve a step at a time (see valuesOr); progress { phase: 'values-*', states, expanded, jointMoves, valued, linearPrograms, budgetMiB }. */
async function solveValues(eng, input, { maxStates, budgetMiB }, onProgress, cancelled) {
  const job = gdlOf(eng).beginGdlValues(input, { maxStates, budgetMiB, matrixStates: 'all' });
  try {
    const budget = { 'values-enumerate': 2048, 'values-order': 1, 'values-solve': 2048 };
    let phase = 'values-enumerate';
    onProgress(0, { ...job.progress(), decided: 0, budgetMiB }, true);
    for (;;) {
      const t = performance.now();
      const done = job.step(budget[phase] ?? 1);
      const ms = performance.now() - t;
      if (done) break;
      const scaled = ms > 0.5 ? (budget[phase] * STEP_MS) / ms : budget[phase] * 4;
      budget[phase] = Math.max(1, Math.min(MAX_BUDGET, Math.round(Math.min(scaled, budget[phase] * 4))));
      const p = job.progress();
      const entered = p.phase !== phase;
      phase = p.phase;
      onProgress(0, { ...p, decided: p.valued, budgetMiB }, entered);
      await yieldToEvents();
      if (cancelled()) return null;
    }
    return job.finish();
  } finally {
    job.dispose();
  }
}

export const GDL_WORKER_GAMES = {
  gdl: async (eng, request, onProgress = () => {}, cancelled = () => false) => {
    if (request.algo === 'check' || request.algo === 'play') return solveTurns(eng, request, onProgress, cancelled);
    try {
      return await solveTurns(eng, request, onProgress, cancelled);
    } catch (err) {
      return valuesOr(eng, err, request, onProgress, cancelled);
    }
  },
};

/** The turn-taking solves: the check, the enumeration ('retrograde'), the searches and a game played (see the top). */
async function solveTurns(
  eng,
  { input, algo = 'retrograde', trace, traceCap = 0, maxStates = GDL_MAX_STATES, budgetMiB = GDL_BUDGET_MIB, ...more },
  onProgress = () => {},
  cancelled = () => false,
) {
  if (algo === 'check') return { diagnostics: gdlOf(eng).checkGdl(input, { maxStates }) };
  if (algo !== 'retrograde') return searchGdl(eng, { input, algo, trace, traceCap, maxStates, budgetMiB, ...more }, onProgress, cancelled);
  onProgress(0, { phase: 'prepare', step: 'enumerate', states: 0, decided: 0, budgetMiB }, true);
  const job = gdlOf(eng).beginGdl(input, { maxStates, budgetMiB, traceCap: trace === 'auto' ? 'auto' : traceCap });
  try {
    const budget = { ...FIRST_BUDGET };
    let steps = 0;
    let phase = 'enumerate';
    for (;;) {
      const t = performance.now();
      const done = job.step(budget[phase] ?? 1);
      const ms = performance.now() - t;
      steps++;
      if (done) break;
      // the next step of this phase sized to about STEP_MS
      if (budget[phase] !== undefined && phase !== 'link') {
        const scaled = ms > 0.5 ? (budget[phase] * STEP_MS) / ms : budget[phase] * 4;
        budget[phase] = Math.max(1, Math.min(MAX_BUDGET, Math.round(Math.min(scaled, budget[phase] * 4))));
      }
      const p = job.progress();
      const entered = p.phase !== phase;
      phase = p.phase;
      onProgress(p.relaxations, { ...p, budgetMiB }, entered && phase === 'link');
      await yieldToEvents();
      if (cancelled()) return null;
    }
    const result = job.finish();
    result.algo = 'retrograde';
    result.steps = steps;
    return result;
  } finally {
    job.dispose();
  }
}
