// connect4-share.js: a Connect Four analysis's columns shared between two
// solvers on two cores: the solver worker's own (shareColumns) and a second
// worker's (serveColumns, run by connect4-helper.js), each with its own WASM
// instance and table. Each column is one search (binding-connect4.js
// scoreColumn); the solver worker takes the columns the most central first,
// the helper from the other end, and each says which column it takes before
// it searches it ('taken'), so a column is searched once (only the last one
// may be searched by both, when both take it at the same moment: its score
// is the same, the first counts). A search is one WASM call that no message
// interrupts; between columns each side yields to its event loop to read
// the other's messages. The helper needs no opening book: the analysis takes
// the book's columns before it shares out the rest.
//
// Messages, the solver worker to the helper:
//   { type: 'columns', id, w, h, moves, order, options }  a new analysis (the
//       columns to search, 0-based, the most central first; scoreColumn's
//       options); any earlier one is dropped after its current column
//   { type: 'taken', id, col }
// and back:
//   { type: 'taken', id, col }, { type: 'score', id, col, score, nodes },
//   { type: 'done', id }, { type: 'error', id, message }
// A helper that fails (or never starts) leaves its columns to the solver
// worker, which then searches them itself: sharing changes no score.

import { yieldToEvents } from '../lib/next-task.js';

/**
 * The helper's side: answers 'columns' requests on `port` (the worker's
 * global scope, or a MessagePort), with the binding that bind() resolves to
 * (called once, on the first request).
 */
export function serveColumns(port, bind) {
  let binding = null;
  let job = null;
  port.onmessage = ({ data }) => {
    if (data?.type === 'columns') {
      job = { ...data, taken: new Set() };
      run(job);
    } else if (data?.type === 'taken' && job && data.id === job.id) {
      job.taken.add(data.col);
    }
  };
  async function run(mine) {
    try {
      binding ??= bind();
      const c4 = await binding;
      for (;;) {
        await yieldToEvents(); // the other side's 'taken', or a newer request
        if (job !== mine) return;
        const col = [...mine.order].reverse().find((c) => !mine.taken.has(c));
        if (col === undefined) break;
        mine.taken.add(col);
        port.postMessage({ type: 'taken', id: mine.id, col });
        const r = c4.scoreColumn(mine.w, mine.h, mine.moves, col, mine.options);
        port.postMessage({ type: 'score', id: mine.id, col, score: r.score, nodes: r.nodes });
      }
      port.postMessage({ type: 'done', id: mine.id });
    } catch (err) {
      port.postMessage({ type: 'error', id: mine.id, message: String(err?.message || err) });
    }
  }
}

let nextId = 1;

/**
 * The solver worker's side: scores the columns `order` (0-based, the most
 * central first) of `moves` with c4 (binding-connect4.js) and the helper
 * behind `port`, options as scoreColumn's. onScore(col, score, nodes) as
 * each column's score arrives, from either side (nodes: its search's); onProgress(col, progress) during
 * this side's searches (scoreColumn's). Resolves to { nodes } (both sides'
 * positions explored); a search's error here rejects (the helper's only
 * hands its columns back).
 */
export async function shareColumns(c4, port, { w, h, moves, order, options }, onScore, onProgress = null) {
  const id = nextId++;
  const taken = new Set();
  const scores = new Map();
  let nodes = 0;
  let helperEnded = false; // done, or failed: what it took and did not score is ours
  const inbox = [];
  let wake = null;
  port.onmessage = ({ data }) => {
    if (data?.id !== id) return; // an earlier analysis's
    inbox.push(data);
    wake?.();
  };
  port.onerror = (event) => {
    event.preventDefault?.();
    inbox.push({ type: 'error', message: event.message || 'the helper stopped' });
    wake?.();
  };
  const scored = (col, score, n) => {
    if (scores.has(col)) return;
    scores.set(col, score);
    nodes += n;
    onScore(col, score, n);
  };
  const read = () => {
    for (const m of inbox.splice(0)) {
      if (m.type === 'taken') taken.add(m.col);
      else if (m.type === 'score') scored(m.col, m.score, m.nodes);
      else helperEnded = true; // 'done' or 'error'
    }
  };
  try {
    port.postMessage({ type: 'columns', id, w, h, moves, order, options: { ...options, onProgress: undefined } });
    for (;;) {
      await yieldToEvents();
      read();
      const col = order.find((c) => !scores.has(c) && (helperEnded || !taken.has(c)));
      if (col === undefined) {
        if (order.every((c) => scores.has(c))) break;
        // the helper is searching the rest: wait for its next message
        if (!inbox.length) await new Promise((resolve) => (wake = resolve));
        wake = null;
        continue;
      }
      taken.add(col);
      port.postMessage({ type: 'taken', id, col });
      const r = c4.scoreColumn(w, h, moves, col, { ...options, onProgress: onProgress && ((p) => onProgress(col, p)) });
      scored(col, r.score, r.nodes);
    }
  } finally {
    port.onmessage = null;
    port.onerror = null;
  }
  return { nodes };
}
