// progress-words.js: a long solve's progress in words, for Cat and Mouse's
// summary and the chess table build, and the longest message each can show
// (the largest numbers its progress can carry), the room its line keeps
// (work-row's ProgressWords) so that nothing moves as messages arrive.
// No Preact.
import { formatBytes, formatCount, formatShort } from './format.js';

/** WebAssembly's 32-bit memory: no solve in the page takes more. */
const WASM_MAX_BYTES = 2 ** 32;

/** Cat and Mouse's graph: at most 5,000 nodes (the random graph's), 2 n^2 states (mouse, cat, whose turn). */
export const CM_LARGEST = {
  states: 2 * 5000 * 5000,
  decided: 2 * 5000 * 5000,
  ply: 2 * 5000 * 5000,
  relaxations: 999.95e9, // "1000.0 G": the widest formatShort gives (999,950 is "1000.0 k")
  bytes: WASM_MAX_BYTES,
  reused: true,
};

/** Cat and Mouse's solve (worker.js progress: decided, states, ply, relaxations): how far it is. */
export function cmProgressWords(p) {
  const states = p?.states ?? 0;
  const relaxations = p?.relaxations ?? 0;
  let words = 'Solving…';
  if (states > 0) words += ` ${formatCount(p.decided ?? 0)} of ${formatCount(states)} states decided · layer ${formatCount(p.ply ?? 0)}`;
  if (relaxations > 0) words += ` · ${formatShort(relaxations)} relaxations so far`;
  return words;
}

/** The memory Cat and Mouse's solve takes, said before it starts (empty until the worker says). */
export function cmMemoryWords(p) {
  if (!(p?.bytes > 0)) return '';
  return `This solve takes up to ${formatBytes(p.bytes)} of memory${p.reused ? ", reusing the last solve's" : ''}.`;
}

/** The room of Cat and Mouse's progress lines: the longest message of each. */
export function cmProgressRoom() {
  return { words: [cmProgressWords(CM_LARGEST)], memory: [cmMemoryWords(CM_LARGEST)] };
}

/**
 * The chess build's largest progress: five men (the library's most), the
 * tables a five-man table needs built first, every placement of the men
 * with either side to move decided, and a ply past the longest mate.
 */
export const CHESS_BUILD_LARGEST = { material: 'KQQKQ', table: 98, tables: 99, decided: 2 * 64 ** 5, top: 999 };

/** The chess table build (binding-chess.js progress): which table of how many, the positions decided and the ply. */
export function chessBuildWords(p) {
  return `Table ${p.material || '…'} (${Math.min(p.table + 1, p.tables)} of ${p.tables}): ${formatCount(p.decided)} positions decided${p.top ? `, ply ${p.top}` : ''}`;
}

/** The room of the chess build's progress line. */
export function chessBuildRoom() {
  return [chessBuildWords(CHESS_BUILD_LARGEST)];
}
