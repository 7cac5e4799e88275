// dp-model.js: a DP solve's trace (binding-dp.js) as a player model
// (player.js). No Preact here.
//
// The table fills as the cursor moves: a cell is filled once its DP_CELL
// event is applied. apply(i) writes at most one flag and logs its old value;
// unapply(i) puts it back, so a step either way costs O(1), never a replay.
// Markers are the DP_CELL events, so "step by one cell" is the player's
// next/previous marker.
//
// Every event concerns one cell, its focus: the cell computed (CELL, CHOICE,
// PAIR, CALL, HIT), the cell a READ was for, the losing cell a sieve MARK
// comes from, the enclosing call of a BASE. eventsOf(cell) lists them in
// order: the recurrence's terms and the arrows (the cells it read) come from
// there.
import { eventCount, kindAt, argA, argB, argC } from './events.js';
import { DP_EV, cellName, choiceText, valueText } from '../lib/dp-view.js';

export function buildDpModel(result) {
  const trace = result.trace ?? new Int32Array(0);
  const count = eventCount(trace);
  const cells = result.rows * result.cols;
  const inTable = (c) => c >= 0 && c < cells;

  // Static: each event's focus cell; per cell its events (CSR); the markers.
  const focus = new Int32Array(count).fill(-1);
  const calls = []; // the open memo calls (CALL ... CELL or HIT)
  const markers = [];
  const perCell = new Int32Array(cells + 1);
  for (let i = 0; i < count; i++) {
    const k = kindAt(trace, i);
    let f = argA(trace, i);
    if (k === DP_EV.READ) f = argC(trace, i);
    else if (k === DP_EV.MARK) f = argB(trace, i);
    else if (k === DP_EV.BASE) f = calls.length ? calls[calls.length - 1] : -1;
    if (k === DP_EV.CALL) calls.push(f);
    else if ((k === DP_EV.CELL || k === DP_EV.HIT) && calls.length && calls[calls.length - 1] === f) calls.pop();
    if (k === DP_EV.CELL) markers.push(i);
    focus[i] = inTable(f) ? f : -1;
    if (inTable(f)) perCell[f + 1]++;
  }
  for (let c = 0; c < cells; c++) perCell[c + 1] += perCell[c];
  // The sieve: the MARK events that reach each cell (a cell may be marked by several losses).
  const marksInto = new Map();
  if (result.algo === 'sieve') {
    for (let i = 0; i < count; i++) {
      if (kindAt(trace, i) !== DP_EV.MARK) continue;
      const c = argA(trace, i);
      if (!marksInto.has(c)) marksInto.set(c, []);
      marksInto.get(c).push(i);
    }
  }
  const eventList = new Int32Array(perCell[cells]);
  const fill = perCell.slice(0, cells);
  for (let i = 0; i < count; i++) if (focus[i] >= 0) eventList[fill[focus[i]]++] = i;

  // The flawed exhibit: memo answers reused for a call with another lead.
  const reuses = [];
  if (result.algo === 'flawed-memo') {
    const stack = [];
    const storedLead = new Map();
    for (let i = 0; i < count; i++) {
      const k = kindAt(trace, i);
      const c = argA(trace, i);
      if (k === DP_EV.CALL) stack.push({ cell: c, lead: argB(trace, i) });
      else if (k === DP_EV.CELL || k === DP_EV.HIT) {
        const top = stack.length && stack[stack.length - 1].cell === c ? stack.pop() : null;
        if (k === DP_EV.CELL && top && !storedLead.has(c)) storedLead.set(c, top.lead);
        if (k === DP_EV.HIT && top && storedLead.get(c) !== top.lead) {
          reuses.push({ event: i, cell: c, storedLead: storedLead.get(c), lead: top.lead, value: argB(trace, i) });
        }
      }
    }
  }

  // Memo answers before each event (Can I Win's count at the cursor).
  const hitsUpTo = new Int32Array(count + 1);
  for (let i = 0; i < count; i++) hitsUpTo[i + 1] = hitsUpTo[i] + (kindAt(trace, i) === DP_EV.HIT ? 1 : 0);

  // Dynamic: which cells are filled at the cursor; the undo log is one old flag per event.
  const filled = new Uint8Array(cells);
  const old = new Uint8Array(count);
  let filledCount = 0;

  const name = (c) => cellName(result, c);
  const model = {
    result,
    trace,
    count,
    cells,
    markers: Int32Array.from(markers),
    truncated: result.truncated,
    coarse: result.traceMode === 'coarse',
    filled,
    reuses,
    /** Memo answers among the first k events. */
    hitsBefore: (k) => hitsUpTo[Math.max(0, Math.min(count, k))],
    get filledCount() {
      return filledCount;
    },
    apply(i) {
      if (kindAt(trace, i) !== DP_EV.CELL) return;
      const c = argA(trace, i);
      if (!inTable(c)) return;
      old[i] = filled[c];
      if (!filled[c]) filledCount++;
      filled[c] = 1;
    },
    unapply(i) {
      if (kindAt(trace, i) !== DP_EV.CELL) return;
      const c = argA(trace, i);
      if (!inTable(c)) return;
      if (!old[i]) filledCount--;
      filled[c] = old[i];
    },
    /** The event that computes cell c (its DP_CELL), or -1. */
    decidedAt(c) {
      if (!inTable(c)) return -1;
      for (let k = perCell[c]; k < perCell[c + 1]; k++) if (kindAt(trace, eventList[k]) === DP_EV.CELL) return eventList[k];
      return -1;
    },
    /** The cell event i is about, or -1. */
    focusAt: (i) => (i >= 0 && i < count ? focus[i] : -1),
    /** Cell c's events, in order (the recurrence's terms and reads). */
    eventsOf: (c) => (inTable(c) ? eventList.subarray(perCell[c], perCell[c + 1]) : new Int32Array(0)),
    /**
     * The arrows into cell c before the cursor: the cells it read (READ) or,
     * for the sieve, the losing cell that marked it; { from, to, value, event }.
     */
    arrowsInto(c, cursor) {
      const out = [];
      if (!inTable(c)) return out;
      for (let k = perCell[c]; k < perCell[c + 1]; k++) {
        const i = eventList[k];
        if (i >= cursor) break;
        if (kindAt(trace, i) === DP_EV.READ && inTable(argA(trace, i))) {
          out.push({ from: argA(trace, i), to: c, value: argB(trace, i), event: i });
        }
      }
      // The sieve: MARKs are listed under the losing cell they come from.
      for (const i of marksInto.get(c) ?? []) {
        if (i < cursor) out.push({ from: argB(trace, i), to: c, value: 0, event: i });
      }
      return out;
    },
    /** The marks a losing cell made (the sieve), before the cursor. */
    marksFrom(c, cursor) {
      const out = [];
      if (!inTable(c)) return out;
      for (let k = perCell[c]; k < perCell[c + 1]; k++) {
        const i = eventList[k];
        if (i >= cursor) break;
        if (kindAt(trace, i) === DP_EV.MARK) out.push({ from: c, to: argA(trace, i), value: argC(trace, i), event: i });
      }
      return out;
    },
    kindAt: (i) => (i >= 0 && i < count ? kindAt(trace, i) : 0),
    stepAt: (i) => (i >= 0 && i < count ? trace[i << 2] >> 8 : 0),
    /** Event i in words, for the player's readout. */
    describe(i) {
      if (i < 0 || i >= count) return '';
      const a = argA(trace, i);
      const b = argB(trace, i);
      const c = argC(trace, i);
      switch (kindAt(trace, i)) {
        case DP_EV.CELL:
          return `Cell ${name(a)} = ${valueText(result, b)}: ${choiceText(result, a, c)}`;
        case DP_EV.READ:
          return a < 0 ? `${name(c)} reads the base case: ${b}` : `${name(c)} reads ${name(a)} = ${b}`;
        case DP_EV.CHOICE:
          return `${name(a)}: move ${b} is worth ${c}`;
        case DP_EV.PAIR:
          return `${name(a)}: the mover gets ${b}, the other ${c}`;
        case DP_EV.CALL:
          return result.algo === 'flawed-memo'
            ? `Call ${name(a)} with player 1's lead ${b}, player ${c ? 1 : 2} to move`
            : `Call ${name(a)} with total ${b} so far`;
        case DP_EV.HIT:
          return `The memo answers ${name(a)}: ${valueText(result, b)}`;
        case DP_EV.MARK:
          return `${name(b)} loses, so ${name(a)} wins by taking ${c}`;
        case DP_EV.BASE:
          return `No piles left: lead ${b}, so ${c ? 'player 1 wins' : 'player 1 loses'}`;
        default:
          return '';
      }
    },
  };
  return model;
}
