// final-model.js: a result without a trace (too big to animate), as a model
// with no events: the views show the solver's final arrays.
export function createFinalModel(result) {
  const { n, outcomes, remoteness } = result;
  const nstates = 2 * n * n;
  const byTurn = new Int32Array(6);
  for (let s = 0; s < nstates; s++) if (outcomes[s] < 3) byTurn[(s >= n * n ? 3 : 0) + outcomes[s]]++;
  return {
    algo: 'final',
    graph: result,
    trace: null,
    count: 0,
    nstates,
    outcome: outcomes,
    values: outcomes,
    turnCounts: (turn) => ({
      mouse: byTurn[turn * 3 + 1],
      cat: byTurn[turn * 3 + 2],
      draw: byTurn[turn * 3],
      open: 0,
    }),
    remote: remoteness,
    degree: null,
    markers: new Int32Array(0),
    decidedAt: () => -1,
    work: 0,
    apply() {},
    unapply() {},
    paintedBy: () => -1,
    touched: () => [],
    snapshot: () => ({ outcome: outcomes.slice(), remote: remoteness.slice() }),
  };
}
