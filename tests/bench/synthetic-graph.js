// synthetic-graph.js: a synthetic layered game graph of any size and its
// retrograde trace, for the state graph renderer's own figures (no game's
// rules involved). Runs in the browser and in Node; no imports.
//
//   layer 0        terminal states (the mover has lost)
//   layer l > 0    each state has `moves` moves: one into layer l - 1 and
//                  the rest into random earlier layers
//
// A state's mover is its id's parity. The trace is the retrograde solve's,
// in perfect_play.h's records (4 int32 each: kind | step << 8, a, b, c):
// SEED, POP, PARENT, DEGREE, COLOR, as retro-model.js reads them.

/** A deterministic random generator (mulberry32). */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * { count, offsets, targets, start, trace, outcome, remoteness }: `count`
 * states in `layers` layers (layer sizes growing towards the start's end,
 * as games' do), start = the last state.
 */
export function syntheticGame(count, { layers = 24, moves = 2, seed = 1 } = {}) {
  const rnd = random(seed);
  // Layer l holds states [first[l], first[l + 1]); sizes rise then fall.
  const weight = Array.from({ length: layers }, (_, l) => 1 + Math.sin((Math.PI * (l + 0.5)) / layers) * 4);
  const total = weight.reduce((a, b) => a + b, 0);
  const first = new Int32Array(layers + 1);
  for (let l = 0; l < layers; l++) first[l + 1] = first[l] + Math.max(1, Math.round((weight[l] / total) * count));
  first[layers] = count;
  const layerOf = new Int32Array(count);
  for (let l = 0; l < layers; l++) for (let s = first[l]; s < first[l + 1]; s++) layerOf[s] = l;
  const offsets = new Int32Array(count + 1);
  for (let s = 0; s < count; s++) offsets[s + 1] = offsets[s] + (layerOf[s] === 0 ? 0 : moves);
  const targets = new Int32Array(offsets[count]);
  for (let s = 0; s < count; s++) {
    const l = layerOf[s];
    if (l === 0) continue;
    let k = offsets[s];
    const below = (m) => first[m] + Math.floor(rnd() * (first[m + 1] - first[m]));
    targets[k++] = below(l - 1);
    for (let j = 1; j < moves; j++) targets[k++] = below(Math.floor(rnd() * l));
  }
  return { count, offsets, targets, start: count - 1, ...retrogradeTrace(count, offsets, targets) };
}

/** The retrograde solve of a graph, with its trace: { trace, outcome, remoteness }. */
function retrogradeTrace(n, offsets, targets) {
  const rstart = new Int32Array(n + 1);
  for (let k = 0; k < targets.length; k++) rstart[targets[k] + 1]++;
  for (let s = 0; s < n; s++) rstart[s + 1] += rstart[s];
  const fill = rstart.slice(0, n);
  const parents = new Int32Array(targets.length);
  for (let s = 0; s < n; s++) for (let k = offsets[s]; k < offsets[s + 1]; k++) parents[fill[targets[k]]++] = s;
  const degree = new Int32Array(n);
  for (let s = 0; s < n; s++) degree[s] = offsets[s + 1] - offsets[s];
  const outcome = new Uint8Array(n);
  const remoteness = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  let cap = 1 << 20;
  let trace = new Int32Array(cap * 4);
  let at = 0;
  const emit = (kind, step, a, b, c) => {
    if (at === cap) {
      cap *= 2;
      const t = new Int32Array(cap * 4);
      t.set(trace);
      trace = t;
    }
    const w = at++ * 4;
    trace[w] = kind | (step << 8);
    trace[w + 1] = a;
    trace[w + 2] = b;
    trace[w + 3] = c;
  };
  const winnerOutcome = (mover) => 1 + mover; // outcome 1: player 0 wins, 2: player 1 wins
  // Step 1: the seeds, where the mover has no move and has lost.
  for (let s = 0; s < n; s++) {
    if (degree[s] !== 0) continue;
    outcome[s] = winnerOutcome(1 - (s & 1));
    remoteness[s] = 0;
    queue[tail++] = s;
    emit(1, 1, s, outcome[s], 0);
  }
  while (head < tail) {
    const s = queue[head++];
    emit(2, 2, s, outcome[s], remoteness[s]);
    for (let k = rstart[s]; k < rstart[s + 1]; k++) {
      const p = parents[k];
      if (outcome[p] !== 0) continue;
      emit(3, 3, p, s, 0);
      if (outcome[s] === winnerOutcome(p & 1)) {
        outcome[p] = outcome[s];
        remoteness[p] = remoteness[s] + 1;
        queue[tail++] = p;
        emit(5, 4, p, outcome[p], remoteness[p]);
      } else {
        degree[p]--;
        emit(4, 5, p, degree[p], 0);
        if (degree[p] === 0) {
          outcome[p] = outcome[s];
          remoteness[p] = remoteness[s] + 1;
          queue[tail++] = p;
          emit(5, 6, p, outcome[p], remoteness[p]);
        }
      }
    }
  }
  return { trace: trace.slice(0, at * 4), outcome, remoteness };
}
