// values-model.js: the backward induction of a game's security values
// (binding-gdl.js solveGdlValues, `order`) as a trace the player steps
// through: event k decides state order[k], each state after every one of
// its successors (so a state is decided when all its successors are), the
// start last. No Preact here.
//
//   event   forward                         backward
//   k       decided[order[k]] = 1,          decided[order[k]] = 0,
//           values[s] = its look            values[s] = UNDECIDED
//
// Each event touches one state that was undecided just before, so stepping
// back undoes exactly what stepping forward did, never a replay.

/** lookOf's code (lib/state-graph.js) of a state not yet decided. */
const UNDECIDED = 0xff;

/**
 * r: a values result (roles, states, order, security); looks: Uint8Array of
 * each state's look once decided (lookOf's codes: 1 win0, 2 win1, 0 draw,
 * valuesGraph's outcome); nameOf(s): a state's name.
 */
export function createValuesModel(r, looks, nameOf = (s) => `#${s}`) {
  const N = r.states;
  const R = r.roles.length;
  const order = r.order;
  const decidedAt = new Int32Array(N).fill(-1);
  for (let k = 0; k < N; k++) decidedAt[order[k]] = k;
  const values = new Uint8Array(N).fill(UNDECIDED);
  const decided = new Uint8Array(N);
  let tail = 0;
  const markers = Int32Array.from({ length: N }, (_, k) => k);
  const frac = (s, q) => {
    const num = r.security[2 * (s * R + q)];
    const den = r.security[2 * (s * R + q) + 1];
    return BigInt(den) === 1n ? `${num}` : `${num}/${den}`;
  };
  const terminal = (s) => r.legal[s * R] === 0;
  const model = {
    algo: 'values',
    trace: null,
    count: N,
    nstates: N,
    coarse: false,
    truncated: false,
    values,
    /** 1 where state s has its values at the cursor. */
    decided,
    remote: null,
    degree: null,
    markers,
    graph: { n: 0 },
    work: 0,
    decidedAt: (s) => (s >= 0 && s < N ? decidedAt[s] : -1),
    /** The state event k decides. */
    stateAt: (k) => order[k],
    get tail() {
      return tail;
    },
    get head() {
      return tail;
    },
    apply(k) {
      model.work++;
      const s = order[k];
      decided[s] = 1;
      values[s] = looks[s];
      tail++;
    },
    unapply(k) {
      model.work++;
      const s = order[k];
      decided[s] = 0;
      values[s] = UNDECIDED;
      tail--;
    },
    paintedBy: (k) => (k >= 0 && k < N ? order[k] : -1),
    touched: (k) => (k >= 0 && k < N ? [order[k]] : []),
    stateName: (_, s) => nameOf(s),
    /** Event k in words: the state decided and its values. */
    describe(k) {
      if (k < 0 || k >= N) return 'Before the first state is decided: the backward induction values each state once all its successors have their values';
      const s = order[k];
      const vals = r.roles.map((role, q) => `${role} ${frac(s, q)}`).join(', ');
      if (terminal(s)) return `${nameOf(s)} decided: the game is over there, its goals ${vals}`;
      const next = r.targets.subarray(r.offsets[s], r.offsets[s + 1]);
      const kids = new Set(next).size;
      return `${nameOf(s)} decided: its ${kids === 1 ? 'successor has' : `${kids} successors have`} values, so each role's matrix game is solved: ${vals}`;
    },
    snapshot: () => ({ decided: decided.slice(), values: values.slice(), tail }),
  };
  return model;
}
