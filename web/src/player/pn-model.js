// pn-model.js: a proof-number search's trace (PN, PN², df-pn; kinds 30 and
// 31 of perfect_play.h, with AB_MOVE for the edges) as a player model
// (player.js). No Preact here.
//
// Visit ids are the trace's; `at[id]` is the layout node a visit is (the
// whole tree is laid out), found from the AB_MOVE events as alpha-beta's
// model finds it. The numbers shown live on layout nodes: df-pn gives a
// position a new visit id at every call, and the picture is of positions.
//
// Each threshold proof (value >= t?) starts over from (1, 1) everywhere: a
// node's numbers count only if they were set in the proof the cursor is in
// (`proofOf[u]`), so starting a proof costs nothing and steps stay O(1).
import { argA, argB, argC, eventCount, kindAt, stepAt } from './events.js';
import { AB } from '../lib/tree-events.js';
import { layoutChildren } from './tree-model.js';
import { traceReaders, undoLog, visitTable } from './tree-trace.js';

export const PN = { NODE: 30, MARK: 31 };
/** PP_PN_INF, as the trace's int32 words read it. */
export const PN_INF = 0xffffffff;
/** Steps (perfect_play.h): PN's 1..7, df-pn's 21..27. */
export const PN_STEP = { QUESTION: 1, SELECT: 3, EXPAND: 4, UPDATE: 5, SOLVED: 6, PN2: 7 };
export const DF_STEP = { QUESTION: 21, LEAF: 22, EXPAND: 23, NUMBERS: 24, CHILD: 25, STORE: 26, SOLVED: 27 };

/** A proof or disproof number as the page writes it. */
export const pnText = (v) => (v >>> 0 === PN_INF ? '∞' : String(v >>> 0));

const F_PN = 0;
const F_DN = 1;
const F_PROOF = 2;
const F_TPN = 3;
const F_TDN = 4;
const F_TPROOF = 5;
// by visit id (for trees too large to lay out: the path's numbers)
const F_VPN = 6;
const F_VDN = 7;
const F_VSET = 8;
const F_VTPN = 9;
const F_VTDN = 10;

export function buildPnModel(result) {
  const trace = result.trace ?? new Int32Array(0);
  const count = eventCount(trace);
  const ids = Math.max(1, result.ids);
  const layout = result.layout;
  const kids = layout ? layoutChildren(layout) : null;
  const n = layout ? layout.n : 1;

  // Static: each visit's parent visit and layout node; the threshold proofs.
  const visits = visitTable(ids, count, kids);
  const { parent, moveOf, at, bornAt } = visits;
  const markers = []; // each threshold proof's question
  const asked = []; // its threshold
  const proofUpTo = new Int32Array(count + 1); // proofs started by event i (the cursor's proof: proofUpTo[cursor])
  const expandedUpTo = new Int32Array(count + 1);
  for (let i = 0; i < count; i++) {
    const kind = kindAt(trace, i);
    const step = stepAt(trace, i);
    let started = 0;
    let expanded = 0;
    if (kind === AB.MOVE) {
      visits.link(i, argA(trace, i), argC(trace, i), argB(trace, i));
    } else if (kind === PN.MARK && (step === PN_STEP.QUESTION || step === DF_STEP.QUESTION)) {
      markers.push(i);
      asked.push(argB(trace, i));
      started = 1;
    } else if (kind === PN.MARK && (step === PN_STEP.EXPAND || step === DF_STEP.EXPAND)) {
      expanded = 1;
    }
    proofUpTo[i + 1] = proofUpTo[i] + started;
    expandedUpTo[i + 1] = expandedUpTo[i] + expanded;
  }

  // Dynamic, by layout node: numbers, the proof they belong to, df-pn's thresholds.
  const pn = new Uint32Array(n).fill(1);
  const dn = new Uint32Array(n).fill(1);
  const proofOf = new Int32Array(n).fill(-1);
  const thPn = new Uint32Array(n);
  const thDn = new Uint32Array(n);
  const thProof = new Int32Array(n).fill(-1);
  const vpn = new Uint32Array(ids).fill(1);
  const vdn = new Uint32Array(ids).fill(1);
  const vset = new Int8Array(ids); // 1: numbers set, 2: thresholds too
  const vtpn = new Uint32Array(ids);
  const vtdn = new Uint32Array(ids);
  const arrays = [pn, dn, proofOf, thPn, thDn, thProof, vpn, vdn, vset, vtpn, vtdn];
  const log = undoLog(arrays, Math.max(n, ids), count); // by layout node or by visit id, per field
  const set = log.set;

  const dfpn = result.algo === 'dfpn';
  const model = {
    pn: true,
    algo: result.algo,
    trace,
    count,
    ids,
    markers: Int32Array.from(markers),
    asked,
    truncated: result.truncated,
    layout,
    kids,
    parent,
    moveOf,
    at,
    bornAt,
    /** Visit v's numbers at the cursor (and df-pn's thresholds once it was searched), or null. */
    visitNumbers(v) {
      if (v < 0 || v >= ids || !vset[v]) return null;
      return vset[v] === 2 ? { pn: vpn[v], dn: vdn[v], thPn: vtpn[v], thDn: vtdn[v] } : { pn: vpn[v], dn: vdn[v] };
    },
    proofUpTo,
    expandedUpTo,
    /** The numbers of layout node u in the proof at the cursor, or null (still (1, 1) untouched). */
    numbers(u, cursor) {
      const p = proofUpTo[cursor] - 1;
      if (u < 0 || u >= n || p < 0 || proofOf[u] !== p) return null;
      const out = { pn: pn[u], dn: dn[u] };
      if (thProof[u] === p) {
        out.thPn = thPn[u];
        out.thDn = thDn[u];
      }
      return out;
    },
    apply(i) {
      log.begin(i);
      const id = argA(trace, i);
      const u = id >= 0 && id < ids ? at[id] : -1;
      const p = proofUpTo[i + 1] - 1;
      if (id >= 0 && id < ids) {
        const kind = kindAt(trace, i);
        if (kind === PN.NODE) {
          set(F_VPN, id, argB(trace, i) >>> 0);
          set(F_VDN, id, argC(trace, i) >>> 0);
          if (!vset[id]) set(F_VSET, id, 1);
        } else if (kind === PN.MARK && stepAt(trace, i) === DF_STEP.CHILD) {
          set(F_VTPN, id, argB(trace, i) >>> 0);
          set(F_VTDN, id, argC(trace, i) >>> 0);
          set(F_VSET, id, 2);
        }
      }
      if (u >= 0) {
        const kind = kindAt(trace, i);
        if (kind === PN.NODE) {
          set(F_PN, u, argB(trace, i) >>> 0);
          set(F_DN, u, argC(trace, i) >>> 0);
          set(F_PROOF, u, p);
        } else if (kind === PN.MARK && stepAt(trace, i) === DF_STEP.CHILD) {
          set(F_TPN, u, argB(trace, i) >>> 0);
          set(F_TDN, u, argC(trace, i) >>> 0);
          set(F_TPROOF, u, p);
        }
      }
      log.end(i);
    },
    unapply: log.undo,
    /** No event settles a position for good: each threshold proof starts over. */
    decidedAt: () => -1,
    ...traceReaders(trace, count, parent, ids, { argA, stepAt, kindAt }),
    /** Event i in words, for the player's readout. */
    describe(i) {
      const kind = kindAt(trace, i);
      const step = stepAt(trace, i);
      const [a, b, c] = [argA(trace, i), argB(trace, i), argC(trace, i)];
      const nums = `(${pnText(b)}, ${pnText(c)})`;
      if (kind === AB.MOVE) return `Node ${a}: move #${b} reaches node ${c}`;
      if (kind === PN.MARK) {
        if (step === PN_STEP.QUESTION || step === DF_STEP.QUESTION) return `Threshold proof ${proofUpTo[i + 1]}: can MAX force a value ≥ ${b}?`;
        if (step === DF_STEP.CHILD) return `Go down to node ${a} with thresholds (${pnText(b)}, ${pnText(c)})`;
        return `Expand node ${a}: ${b} moves`;
      }
      if (kind === PN.NODE) {
        switch (step) {
          case PN_STEP.QUESTION:
            return `The root starts at (proof, disproof) ${nums}`;
          case PN_STEP.SELECT:
            return `Most-proving path: node ${a} ${nums}`;
          case PN_STEP.EXPAND:
          case DF_STEP.EXPAND:
            return `New child node ${a} starts at ${nums}`;
          case PN_STEP.UPDATE:
            return `Node ${a} updated from its children: ${nums}`;
          case PN_STEP.PN2:
            return `PN²: a second-level search gives node ${a} ${nums}`;
          case DF_STEP.LEAF:
            return `Node ${a} is decided: ${nums}`;
          case DF_STEP.NUMBERS:
            return `Node ${a} from its children: ${nums}`;
          case DF_STEP.STORE:
            return `Node ${a} stores ${nums} in the table and returns`;
          case PN_STEP.SOLVED:
          case DF_STEP.SOLVED:
            return b === 0 ? `Proven: the value is ≥ ${asked[proofUpTo[i + 1] - 1]}` : `Disproven: the value is < ${asked[proofUpTo[i + 1] - 1]}`;
          default:
            return `Node ${a} ${nums}`;
        }
      }
      return `Event ${kind}`;
    },
    /** Layout nodes of the proof (MAX forces value ≥ result.value): a DAG walked onto the tree. */
    proofNodes: null,
  };
  model.dfpn = dfpn;
  if (layout) {
    const visitOf = new Int32Array(layout.n).fill(-1);
    for (let id = 0; id < ids; id++) if (at[id] >= 0 && visitOf[at[id]] < 0) visitOf[at[id]] = id;
    model.visitOf = visitOf;
    model.proofNodes = proofOnLayout(result.proof, kids);
  }
  return model;
}

/** The layout nodes a proof covers: proof node 0 is the root; an edge's move index picks the layout child. */
export function proofOnLayout(proof, kids) {
  const on = new Set();
  if (!proof || proof.nodes === 0 || !kids) return on;
  const stack = [[0, 0]];
  while (stack.length) {
    const [p, u] = stack.pop();
    if (on.has(u)) continue;
    on.add(u);
    for (let e = proof.first[p]; e < proof.first[p] + proof.count[p]; e++) {
      const k = kids.first[u] + proof.move[e];
      if (k < kids.first[u + 1]) stack.push([proof.child[e], kids.list[k]]);
    }
  }
  return on;
}

/**
 * The visits of a proof-number trace folded into positions, for the dot
 * overview of a tree too large to draw (tree-overview.js): PN and PN² give a
 * position a visit id in each threshold proof, df-pn one at every call, so
 * the visits are many times the positions. A position is a path of moves
 * from the root (the parent's position and the move index), so each
 * position gets one dot however often it was visited. Positions are
 * numbered in preorder, children by move index, as the overview's layout
 * needs (a parent below its children, a subtree's numbers contiguous).
 * Returns a model TreeOverview paints: { ids (positions), visits, parent,
 * bornAt (the event of the position's first visit), open and cut (none),
 * posOf (visit to position, -1 never reached), nodeAt, pathTo }.
 */
export function pnPositions(model) {
  const { ids, parent, moveOf, bornAt } = model;
  // 1. Positions in order of first visit: a visit's parent has a smaller id.
  const first = new Int32Array(ids).fill(-1); // by visit: its position, first-visit order
  const keys = new Map();
  let n = 0;
  const pparent = [];
  const pmove = [];
  const pborn = [];
  if (ids > 0) {
    first[0] = n++;
    pparent.push(-1);
    pmove.push(-1);
    pborn.push(0);
  }
  for (let v = 1; v < ids; v++) {
    const pv = parent[v];
    if (pv < 0 || pv >= v || first[pv] < 0) continue; // never reached (a truncated trace)
    const key = first[pv] * 65536 + moveOf[v];
    let q = keys.get(key);
    if (q === undefined) {
      q = n++;
      keys.set(key, q);
      pparent.push(first[pv]);
      pmove.push(moveOf[v]);
      pborn.push(bornAt[v]);
    } else if (bornAt[v] < pborn[q]) pborn[q] = bornAt[v];
    first[v] = q;
  }
  // 2. Renumbered in preorder, children by move index.
  const kidStart = new Int32Array(n + 1);
  for (let q = 1; q < n; q++) kidStart[pparent[q] + 1]++;
  for (let q = 0; q < n; q++) kidStart[q + 1] += kidStart[q];
  const fill = kidStart.slice(0, n);
  const kids = new Int32Array(Math.max(0, n - 1));
  for (let q = 1; q < n; q++) kids[fill[pparent[q]]++] = q;
  for (let q = 0; q < n; q++) kids.subarray(kidStart[q], kidStart[q + 1]).sort((a, b) => pmove[a] - pmove[b]);
  const order = new Int32Array(n); // first-visit number to preorder number
  const stack = n > 0 ? [0] : [];
  let next = 0;
  while (stack.length) {
    const q = stack.pop();
    order[q] = next++;
    for (let k = kidStart[q + 1] - 1; k >= kidStart[q]; k--) stack.push(kids[k]);
  }
  const posParent = new Int32Array(n).fill(-1);
  const posBorn = new Int32Array(n);
  for (let q = 0; q < n; q++) {
    posParent[order[q]] = pparent[q] < 0 ? -1 : order[pparent[q]];
    posBorn[order[q]] = pborn[q];
  }
  const posOf = new Int32Array(ids).fill(-1);
  for (let v = 0; v < ids; v++) if (first[v] >= 0) posOf[v] = order[first[v]];
  return {
    ids: n,
    visits: ids,
    parent: posParent,
    bornAt: posBorn,
    open: new Uint8Array(n),
    cut: new Int32Array(n).fill(-1),
    posOf,
    nodeAt(i) {
      const v = model.nodeAt(i);
      return v >= 0 && v < ids ? posOf[v] : -1;
    },
    pathTo(p) {
      const path = [];
      for (let q = p; q >= 0 && path.length <= n; q = posParent[q]) path.push(q);
      return path.reverse();
    },
  };
}
