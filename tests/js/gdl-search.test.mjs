// A GDL game answered by search in the page's worker (binding-gdl.js
// openGdl, gdl-games.js algo 'search', 'auto' and 'play') against the real
// WASM (pp-gdl): the search's answer equals the enumeration's on the
// examples, its best move equals the command line's for the same rules,
// Auto enumerates a small game and searches a big one as the command line
// does, Cancel stops a search between steps, a game played against the
// search replies with moves that keep the solver's outcome; and the words
// the page says (gdl-search.js).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { loadEngine } from '../../web/src/engine/binding.js';
import { bindGdl } from '../../web/src/engine/binding-gdl.js';
import { GDL_WORKER_GAMES } from '../../web/src/engine/gdl-games.js';
import {
  answeredBy,
  isLimit,
  prepareWords,
  searchAnswer,
  searchAnswerWords,
  searchProgressWords,
  searchQuestion,
  searchResult,
} from '../../web/src/lib/gdl-search.js';
import { gdlAnswer } from '../../web/src/lib/gdl-result.js';

const wasmDir = new URL('../../web/src/engine/wasm/', import.meta.url);
const { default: create } = await import(new URL('pp-gdl.mjs', wasmDir));
const engine = await loadEngine({ create, wasmBinary: await readFile(new URL('pp-gdl.wasm', wasmDir)) });
const gdl = bindGdl(engine.kit);
const eng = { kit: engine.kit };
const example = (name) => readFile(new URL(`../../web/src/gdl/examples/${name}`, import.meta.url), 'utf8');
const gdl2qbf = (name) => readFile(new URL(`../gdl/gdl2qbf/${name}`, import.meta.url), 'utf8');
const solveInWorker = (request, onProgress, cancelled) => GDL_WORKER_GAMES.gdl(eng, request, onProgress, cancelled);
const cli = new URL('../../build/perfect-play', import.meta.url).pathname;

test('Search answers every example as the enumeration does', async () => {
  for (const name of ['tictactoe.kif', 'nim.kif', 'take21.kif', 'chomp.kif', 'connect3.kif', 'hanoi.kif']) {
    const text = await example(name);
    const graph = gdl.solveGdl(text);
    const r = await solveInWorker({ input: text, algo: 'search' });
    assert.equal(r.algo, 'search', name);
    assert.equal(r.solved, true, name);
    assert.equal(searchAnswer(r), gdlAnswer(graph), name);
    if (graph.kind === 'turns') assert.equal(r.outcome, graph.outcome[0], name);
    assert.ok(r.nodes > 0 && r.ttEntries > 0, name);
    assert.ok(r.bestMove, name);
  }
});

test("a search in steps is the command line's one run: the same best move and the same nodes (numerical tic-tac-toe, too big to enumerate quickly)", async () => {
  assert.ok(existsSync(cli), 'build/perfect-play is built (./build.sh build)');
  const path = new URL('../gdl/gdl2qbf/number-tic-tac-toe.gdl', import.meta.url).pathname;
  const out = JSON.parse(execFileSync(cli, ['solve', 'gdl', path, '--algo', 'alphabeta', '--json'], { encoding: 'utf8' }));
  const r = await solveInWorker({ input: await gdl2qbf('number-tic-tac-toe.gdl'), algo: 'search' });
  assert.equal(searchAnswer(r), out.answer);
  assert.equal(r.bestMove, out.best_move);
  assert.ok(r.steps > 1, `${r.steps} steps`);
  assert.equal(r.nodes, out.stats.nodes, 'each step takes up the line the last one stopped on');
});

test('Auto enumerates a small game (its picture) and searches one past the small graph, as the command line', async () => {
  const small = await solveInWorker({ input: await example('tictactoe.kif'), algo: 'auto', trace: 'auto' });
  assert.equal(small.algo, 'retrograde');
  assert.equal(small.states, 5478);
  const big = await solveInWorker({ input: await gdl2qbf('connect-3-5x5.gdl'), algo: 'auto', trace: 'auto' });
  assert.equal(big.algo, 'search');
  assert.equal(big.auto, true);
  assert.equal(searchAnswer(big), 'first wins');
});

test("Auto answers a big game by alpha-beta, as the command line's auto --json does: the same method, answer, best move and nodes", async () => {
  const path = new URL('../gdl/gdl2qbf/connect-3-6x6.gdl', import.meta.url).pathname;
  const out = JSON.parse(execFileSync(cli, ['solve', 'gdl', path, '--json'], { encoding: 'utf8' }));
  assert.equal(out.algorithm, 'alphabeta');
  const r = await solveInWorker({ input: await gdl2qbf('connect-3-6x6.gdl'), algo: 'auto', trace: 'auto' });
  assert.equal(r.algo, 'search');
  assert.equal(r.answeredBy, 'alphabeta');
  assert.equal(searchAnswer(r), out.answer);
  assert.equal(r.bestMove, out.best_move);
  assert.equal(r.nodes, out.stats.nodes);
  assert.match(answeredBy(r), /^by search: alpha-beta with a table, [\d,]+ nodes/);
});

test('Cancel stops a search between two steps, with its progress said before', async () => {
  const seen = [];
  let asked = 0;
  const r = await solveInWorker(
    { input: await gdl2qbf('connect-4-6x6.gdl'), algo: 'search' },
    (_, p) => seen.push(p),
    () => ++asked >= 4, // asked after the grounding's message, the search's making's, and each step
  );
  assert.equal(r, null);
  // the two long calls said before they start: the rules grounded, the search made
  assert.deepEqual(
    seen.slice(0, 2).map((p) => [p.phase, p.step]),
    [
      ['prepare', 'ground'],
      ['prepare', 'search'],
    ],
  );
  assert.equal(seen[0].past, 0); // Search chosen: no enumeration went before
  // then the search: before its first step, after the first, after the second
  const searching = seen.slice(2);
  assert.equal(searching.length, 3);
  assert.ok(searching.every((p) => p.phase === 'search'));
  assert.equal(searching[0].nodes, 0);
  assert.ok(searching[1].nodes <= 500, `a small first step (${searching[1].nodes} nodes): a game of slow nodes reports within a fraction of a second`);
  assert.ok(searching[2].nodes > searching[1].nodes && searching[1].nodes > 0 && searching[2].ttEntries > 0);
  assert.match(searchProgressWords(searching[2]), /^searching: does the first role win\? depth \d+ done, [\d,]+ nodes, [\d,]+ table entries/);
});

test("the long calls in words: why a search follows Auto's enumeration, and what each call does", () => {
  assert.equal(
    prepareWords({ phase: 'prepare', step: 'ground', past: 60_000 }),
    'over 60,000 states, past what Auto enumerates: reading and grounding the rules for a search from the start',
  );
  assert.equal(prepareWords({ phase: 'prepare', step: 'ground', past: 0 }), 'reading and grounding the rules for a search from the start');
  assert.equal(prepareWords({ phase: 'prepare', step: 'search' }), "preparing the search: finding the rules' symmetries and building its tables");
  assert.equal(prepareWords({ phase: 'prepare', step: 'enumerate' }), 'reading and grounding the rules to enumerate their states');
});

test('Auto past its graph says so: the enumeration, then the grounding for a search with the limit passed, then the search made', async () => {
  const seen = [];
  let asked = 0;
  const r = await solveInWorker(
    { input: await gdl2qbf('connect-3-5x5.gdl'), algo: 'auto', trace: 'auto' },
    (_, p) => seen.push(p),
    () => {
      asked++;
      return seen.some((p) => p.phase === 'search' && p.nodes > 0);
    },
  );
  assert.equal(r, null); // cancelled once the search has begun
  const phases = seen.map((p) => (p.step ? `${p.phase}/${p.step}` : p.phase)).filter((p, i, all) => p !== all[i - 1]);
  assert.deepEqual(phases.slice(0, 5), ['prepare/enumerate', 'enumerate', 'prepare/ground', 'prepare/search', 'search']);
  assert.equal(seen.find((p) => p.step === 'ground').past, 60_000);
  assert.ok(asked > 0);
});

test('a game against the search says its long calls before they start: the rules grounded and the search made for new rules, neither again for the next reply', async () => {
  const text = await gdl2qbf('connect-3-5x5.gdl');
  const seen = [];
  const first = await solveInWorker({ input: text, algo: 'play', path: [], role: 1 }, (_, p) => seen.push(p));
  assert.deepEqual(
    seen.slice(0, 2).map((p) => [p.phase, p.step]),
    [
      ['prepare', 'ground'],
      ['prepare', 'search'],
    ],
  );
  assert.ok(seen.slice(2).every((p) => p.phase === 'search' && p.reply === 0));
  const again = [];
  const r = await solveInWorker({ input: text, algo: 'play', path: [...first.path, 0], role: 1 }, (_, p) => again.push(p));
  assert.equal(r.replies.length, 1);
  assert.ok(again.length > 0 && again.every((p) => p.phase === 'search'), 'the kept rules and search, rerooted');
});

test('a game against the search: the solver replies at once and keeps its winning outcome', async () => {
  const text = await gdl2qbf('connect-3-4x4.gdl');
  // the person plays the second role: the solver (first, who wins) moves first
  let r = await solveInWorker({ input: text, algo: 'play', path: [], role: 1 });
  assert.equal(r.path.length, 1);
  assert.equal(r.replies.length, 1);
  assert.equal(r.replies[0].lo, 2); // proven: the first role wins from the start
  for (let ply = 0; ply < 20 && !r.turn.terminal; ply++) {
    assert.equal(r.turn.mover, 1);
    r = await solveInWorker({ input: text, algo: 'play', path: [...r.path, 0], role: 1 });
    for (const reply of r.replies) assert.equal(reply.lo, 2, `ply ${reply.at}`);
  }
  assert.equal(r.turn.terminal, true);
  assert.ok(r.turn.goals[0] > r.turn.goals[1], `goals ${r.turn.goals}`);
  assert.equal(r.played.length, r.path.length);
  assert.ok(r.facts.length > 0);
  await assert.rejects(solveInWorker({ input: text, algo: 'play', path: [99], role: 1 }), /move 99 cannot be played/);
});

test('openGdl: one search rerooted along a game keeps its table and answers each position as a fresh search', async () => {
  const rules = gdl.openGdl(await gdl2qbf('connect-3-4x4.gdl'));
  try {
    let state = rules.initial();
    const kept = rules.search(state, { algo: 'auto', dfpnNodes: 2000 });
    for (let ply = 0; ; ply++) {
      if (ply > 0) {
        const entries = kept.progress().ttEntries;
        kept.reroot(state);
        const p = kept.progress();
        assert.equal(p.solved, false, `ply ${ply}: the new root starts unanswered`);
        assert.equal(p.nodes, 0, `ply ${ply}: the node count starts over`);
        assert.equal(p.ttEntries, entries, `ply ${ply}: the table is kept`);
      }
      while (!kept.step(1e9));
      const a = kept.progress();
      const fresh = rules.search(state, { algo: 'auto', dfpnNodes: 2000 });
      while (!fresh.step(1e9));
      const b = fresh.progress();
      fresh.dispose();
      assert.equal(a.solved, true);
      assert.deepEqual([a.lo, a.hi], [b.lo, b.hi], `ply ${ply}`);
      const t = rules.turn(state);
      if (t.terminal) break;
      state = rules.play(state, t.moves.indexOf(a.pv[0].move) >= 0 && t.mover === 0 ? t.moves.indexOf(a.pv[0].move) : 0);
    }
    kept.dispose();
  } finally {
    rules.dispose();
  }
});

test('openGdl: the initial state, its legal moves by name and a move played, without a graph', async () => {
  const rules = gdl.openGdl(await example('tictactoe.kif'));
  try {
    const s0 = rules.initial();
    const t = rules.turn(s0);
    assert.equal(t.terminal, false);
    assert.equal(t.mover, 0);
    assert.equal(t.moves.length, 9);
    assert.ok(t.moves.includes('(mark 1 1)'));
    const s1 = rules.play(s0, t.moves.indexOf('(mark 1 1)'));
    assert.equal(rules.turn(s1).mover, 1);
    assert.equal(rules.turn(s1).moves.length, 8);
    assert.throws(() => rules.play(s0, 9), /move 9 of 9 legal moves/);
  } finally {
    rules.dispose();
  }
  assert.throws(() => rules.initial(), /disposed/);
});

test("the page's words: the answer, the way it was reached, the question asked", () => {
  const p = {
    kind: 'turns',
    solved: true,
    lo: 2,
    hi: 2,
    goal: 0,
    moves: -1,
    goalTried: 0,
    depth: 7,
    nodes: 53650,
    ttEntries: 24723,
    ttCapacity: 1 << 20,
    pv: [{ move: '(drop 3)', role: 0 }],
  };
  const r = searchResult(p, { roles: ['xplayer', 'oplayer'] });
  assert.equal(r.outcome, 1);
  assert.equal(r.bestMove, '(drop 3)');
  assert.equal(searchAnswer(r), 'first wins');
  assert.equal(searchAnswerWords(r), 'xplayer (first) wins');
  assert.equal(answeredBy(r), 'by search: alpha-beta with a table, 53,650 nodes, 24,723 table entries');
  assert.equal(
    answeredBy(searchResult({ ...p, symmetries: 8 }, { roles: ['a', 'b'] })),
    'by search: alpha-beta with a table, 53,650 nodes, 24,723 table entries; 8 symmetries found in the rules, so an entry stands for up to 8 states',
  );
  assert.equal(answeredBy({ algo: 'retrograde', states: 5478 }), "by enumeration: every state's value (5,478 states)");
  assert.equal(searchAnswer(searchResult({ ...p, lo: 1, hi: 1 }, { roles: ['a', 'b'] })), 'draw');
  assert.equal(searchResult({ ...p, lo: 0, hi: 0 }, { roles: ['a', 'b'] }).outcome, 2);
  assert.equal(searchAnswer({ ...p, lo: 1, hi: 2 }), 'unknown: the first role does not lose');
  assert.equal(searchQuestion({ kind: 'turns', lo: 0, hi: 2 }), 'does the first role win?');
  assert.equal(searchQuestion({ kind: 'turns', lo: 0, hi: 1 }), 'does the first role at least draw?');
  assert.equal(searchAnswer({ kind: 'puzzle', solved: true, moves: 7, goal: 100 }), 'solved in 7 moves, goal 100');
  assert.equal(isLimit({ status: 'limit' }), true);
  assert.equal(isLimit({ status: 'input' }), false);
});
