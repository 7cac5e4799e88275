// The progress words the page shows while a long solve runs (progress-words.js,
// gdl-search.js, connect4.js) and the longest message of each, the room its
// line keeps (work-row's ProgressWords) so that nothing below it moves: every
// message a progress within the limits can make is no longer than the room.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GDL_BUDGET_MIB, GDL_MAX_STATES } from '../../web/src/engine/binding-gdl.js';
import { c4SearchWords, C4_SEARCH_BUDGET } from '../../web/src/lib/connect4.js';
import {
  gdlLargestProgress,
  gdlProgressRoom,
  gdlProgressWords,
  gdlReplyRoom,
  replyProgressWords,
  searchLineWords,
  searchProgressWords,
  solvingWords,
} from '../../web/src/lib/gdl-search.js';
import {
  chessBuildRoom,
  chessBuildWords,
  CHESS_BUILD_LARGEST,
  CM_LARGEST,
  cmMemoryWords,
  cmProgressRoom,
  cmProgressWords,
} from '../../web/src/lib/progress-words.js';

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
/** A whole number in [0, max], often at a power of ten's edge (where a count gains a digit). */
const upTo = (r, max) => {
  if (r() < 0.3) return Math.min(max, 10 ** Math.floor(r() * (Math.log10(max + 1) + 1)) - 1);
  return Math.floor(r() * (max + 1));
};
const longest = (words) => Math.max(...words.map((w) => w.length));

test("Cat and Mouse's progress in words, as the summary says it", () => {
  assert.equal(cmProgressWords(null), 'Solving…');
  assert.equal(cmProgressWords({ states: 0, decided: 0, relaxations: 0 }), 'Solving…');
  assert.equal(
    cmProgressWords({ states: 7_996_000, decided: 12_345, ply: 3, relaxations: 283_600_000 }),
    'Solving… 12,345 of 7,996,000 states decided · layer 3 · 283.6 M relaxations so far',
  );
  assert.equal(cmMemoryWords({ bytes: 0 }), '');
  assert.equal(cmMemoryWords({ bytes: 84 * 2 ** 20, reused: false }), 'This solve takes up to 84 MB of memory.');
  assert.equal(cmMemoryWords({ bytes: 84 * 2 ** 20, reused: true }), "This solve takes up to 84 MB of memory, reusing the last solve's.");
});

test("no Cat and Mouse progress within the limits is longer than its line's room", () => {
  const room = cmProgressRoom();
  const r = random(1);
  for (let i = 0; i < 2000; i++) {
    const states = upTo(r, CM_LARGEST.states);
    const p = {
      states,
      decided: upTo(r, states),
      ply: upTo(r, states),
      relaxations: upTo(r, CM_LARGEST.relaxations),
      bytes: upTo(r, CM_LARGEST.bytes),
      reused: r() < 0.5,
    };
    assert.ok(cmProgressWords(p).length <= longest(room.words), cmProgressWords(p));
    assert.ok(cmMemoryWords(p).length <= longest(room.memory), cmMemoryWords(p));
  }
});

test("the chess build's progress in words, and none within the limits longer than its room", () => {
  assert.equal(chessBuildWords({ material: 'KPKP', table: 3, tables: 19, decided: 123_456, top: 0 }), 'Table KPKP (4 of 19): 123,456 positions decided');
  assert.equal(chessBuildWords({ material: '', table: 19, tables: 19, decided: 0, top: 12 }), 'Table … (19 of 19): 0 positions decided, ply 12');
  const room = longest(chessBuildRoom());
  const r = random(2);
  for (let i = 0; i < 2000; i++) {
    const tables = 1 + upTo(r, CHESS_BUILD_LARGEST.tables - 1);
    const p = {
      material: 'KQRKB'.slice(0, 3 + upTo(r, 2)),
      table: upTo(r, tables),
      tables,
      decided: upTo(r, CHESS_BUILD_LARGEST.decided),
      top: upTo(r, CHESS_BUILD_LARGEST.top),
    };
    assert.ok(chessBuildWords(p).length <= room, chessBuildWords(p));
  }
});

test("Your game's progress in words, each phase", () => {
  const budgetMiB = 768;
  assert.equal(
    gdlProgressWords({ phase: 'enumerate', states: 252_978, expanded: 127_574, bytes: 40 * 2 ** 20, budgetMiB }),
    'enumerating: 252,978 states found, 127,574 expanded, 40 MB of the 768 MB memory budget',
  );
  assert.equal(gdlProgressWords({ phase: 'enumerate', states: 10, expanded: 2, bytes: 0, budgetMiB }), 'enumerating: 10 states found, 2 expanded');
  assert.equal(
    gdlProgressWords({ phase: 'link', states: 1000, edges: 5000, bytes: 2 ** 20, budgetMiB }),
    '1,000 states, 5,000 moves; solving them takes about 1.0 MB of the 768 MB memory budget',
  );
  assert.equal(
    gdlProgressWords({ phase: 'solve', stage: 0, stages: 2, ply: 4, decided: 10, states: 1000, bytes: 2 ** 20, budgetMiB }),
    'retrograde solve 1 of 2: ply 4, 10 of 1,000 states decided, 1.0 MB of the 768 MB memory budget',
  );
  const search = {
    phase: 'search',
    kind: 'turns',
    lo: 0,
    hi: 2,
    depth: 7,
    nodes: 12_000,
    ttEntries: 900,
    pv: [{ move: '(mark 1 1)' }, { move: '(mark 2 2)' }],
  };
  assert.equal(
    gdlProgressWords(search),
    'searching: does the first role win? depth 7 done, 12,000 nodes, 900 table entries; best line so far (mark 1 1) (mark 2 2)',
  );
  assert.equal(searchProgressWords({ ...search, pv: [] }), 'searching: does the first role win? depth 7 done, 12,000 nodes, 900 table entries');
  assert.equal(searchLineWords(search), 'best line so far (mark 1 1) (mark 2 2)');
  assert.equal(searchLineWords({ ...search, pv: [] }), '');
  assert.equal(
    gdlProgressWords({ phase: 'values-enumerate', states: 1000, expanded: 40, jointMoves: 4000, budgetMiB }),
    'security values: enumerating, 1,000 states found, 40 expanded, 4,000 joint moves',
  );
  assert.equal(
    gdlProgressWords({ phase: 'values-solve', states: 1000, valued: 250, linearPrograms: 12, budgetMiB }),
    'security values: backward induction, 250 of 1,000 states valued, 12 linear programs',
  );
  assert.equal(solvingWords(0), 'Solving… ');
  assert.equal(solvingWords(123), 'Solving… 12.3 s');
});

test("no progress of Your game's solve within the limits is longer than its phase's room", () => {
  const limits = { maxStates: GDL_MAX_STATES, budgetMiB: GDL_BUDGET_MIB };
  const room = gdlProgressRoom(limits);
  const phases = gdlLargestProgress(limits).map((p) => p.phase);
  assert.deepEqual([...new Set(phases)], ['enumerate', 'link', 'solve', 'values-enumerate', 'values-order', 'values-solve', 'search', 'prepare']);
  const roomOf = (phase) => longest(room.filter((_, i) => phases[i] === phase));
  // the long calls said before they start: each within the room of its phase
  for (const step of ['ground', 'search', 'enumerate']) {
    const words = `${solvingWords(999_999)} ${gdlProgressWords({ phase: 'prepare', step, past: GDL_MAX_STATES })}`;
    assert.ok(words.length <= roomOf('prepare'), words);
  }
  const r = random(3);
  const bytes = GDL_BUDGET_MIB * 2 ** 20;
  for (let i = 0; i < 4000; i++) {
    const states = upTo(r, GDL_MAX_STATES);
    const stages = 1 + upTo(r, 98);
    const phase = ['enumerate', 'link', 'solve', 'search', 'values-enumerate', 'values-order', 'values-solve'][i % 7];
    const p = {
      phase,
      budgetMiB: GDL_BUDGET_MIB,
      states,
      expanded: upTo(r, states),
      decided: upTo(r, states),
      ply: upTo(r, states),
      edges: upTo(r, Math.floor(bytes / 4)),
      bytes: upTo(r, bytes),
      stage: upTo(r, stages - 1),
      stages,
      kind: r() < 0.5 ? 'puzzle' : 'turns',
      goalTried: upTo(r, 100),
      depth: upTo(r, 9_999),
      nodes: upTo(r, 1e12 - 1),
      ttEntries: upTo(r, 1e12 - 1),
      lo: upTo(r, 1),
      hi: 1 + upTo(r, 1),
      jointMoves: upTo(r, Math.floor(bytes / 4)),
      valued: upTo(r, states),
      linearPrograms: upTo(r, 1e12 - 1),
    };
    const words = `${solvingWords(upTo(r, 999_999))} ${gdlProgressWords(p)}`;
    assert.ok(words.length <= roomOf(phase), words);
  }
});

test("the solver's reply being searched, in words, and none within the limits longer than its room", () => {
  assert.equal(replyProgressWords(null), 'The solver is thinking…');
  const p = { phase: 'search', reply: 0, kind: 'turns', lo: 0, hi: 1, depth: 3, nodes: 40_000, ttEntries: 1_234, pv: [{ move: '(drop 3)' }] };
  assert.equal(
    replyProgressWords(p),
    'The solver is thinking: searching for a reply: does the first role at least draw? depth 3 done, 40,000 nodes, 1,234 table entries',
  );
  const limits = { maxStates: GDL_MAX_STATES, budgetMiB: GDL_BUDGET_MIB };
  const room = longest(gdlReplyRoom(limits));
  const r = random(4);
  for (let i = 0; i < 2000; i++) {
    const q = {
      phase: 'search',
      reply: upTo(r, 99),
      kind: r() < 0.5 ? 'puzzle' : 'turns',
      goalTried: upTo(r, 100),
      lo: upTo(r, 1),
      hi: 1 + upTo(r, 1),
      depth: upTo(r, 9_999),
      nodes: upTo(r, 1e12 - 1),
      ttEntries: upTo(r, 1e12 - 1),
    };
    assert.ok(replyProgressWords(q).length <= room, replyProgressWords(q));
  }
});

test("the animated Connect Four search's count, and its room: the whole budget", () => {
  assert.equal(c4SearchWords(null), 'Searching… ');
  assert.equal(c4SearchWords({ decided: 1234 }), 'Searching… 1,234 positions');
  assert.ok(c4SearchWords({ decided: C4_SEARCH_BUDGET - 1 }).length <= c4SearchWords({ decided: C4_SEARCH_BUDGET }).length);
});
