// dp-view.js: what the DP pillar draws, worked out from a result (see
// binding-dp.js) with no Preact: cell names and coordinates, the piles a
// cell stands for, the recurrence and its terms filled in, the optimal play
// move by move. The cell encodings are perfect_play.h's:
//
//   interval (877, 486, 1563, 1690)  n x n      cell = i * n + j, i <= j: piles i..j left
//   stone2   (1140)                  n x (n+1)  cell = i * (n+1) + M
//   suffix   (1406)                  1 x (n+1)  cell = i: stones i.. left
//   count    (1510, 292)             1 x (N+1)  cell = k: k stones left
//   greedy   (1686 dp)               1 x n      cell = r: the r-th pick
//   subsets  (1686 exhaustive)       1 x 2^n    cell = the set of stones taken (bits)
//   bitmask  (464)                   1 x 2^m    cell = the numbers used (bit k-1: k)
import { DP_PROBLEMS } from './dp-presets.js';

/** The DP event kinds (perfect_play.h, 20 to 27). */
export const DP_EV = { CELL: 20, READ: 21, CHOICE: 22, PAIR: 23, CALL: 24, HIT: 25, MARK: 26, BASE: 27 };
export const DP_EVENT_NAMES = { 20: 'CELL', 21: 'READ', 22: 'CHOICE', 23: 'PAIR', 24: 'CALL', 25: 'HIT', 26: 'MARK', 27: 'BASE' };

const PLAYERS = ['Alice', 'Bob'];

/** How the table is laid out: the problem's shape, or 'subsets' for 1686's exhaustive search. */
export function shapeOf(result) {
  if (result.game === 'stone-game-vi' && result.algo === 'exhaustive') return 'subsets';
  return DP_PROBLEMS[result.game].shape;
}

/** Win/lose tables (1510, 292, 464, the flawed memo) print W / L, not numbers. */
export function isBoolean(result) {
  const s = shapeOf(result);
  return s === 'count' || s === 'bitmask' || result.algo === 'flawed-memo';
}

/** The lead forms keep one number per cell (mover minus other); the pair forms two. */
export function isLead(result) {
  return result.algo === 'diff' || result.game === 'stone-game-vii' || result.algo === 'exhaustive';
}

/** The numbers in a set (bit k-1 is k; 1686's sets hold stone indices from 0). */
export function setMembers(mask, fromZero = false) {
  const out = [];
  for (let b = 0; b < 31; b++) if (mask & (1 << b)) out.push(fromZero ? b : b + 1);
  return out;
}

/** A cell's name as the traces write it: "(1,3)", "(5)", "{1,3}"; "base" for -1. */
export function cellName(result, cell) {
  if (cell < 0) return 'base';
  const s = shapeOf(result);
  if (s === 'interval' || s === 'stone2') return `(${Math.floor(cell / result.cols)},${cell % result.cols})`;
  if (s === 'bitmask') return `{${setMembers(cell).join(',')}}`;
  if (s === 'subsets') return `{${setMembers(cell, true).join(',')}}`;
  return `(${cell})`;
}

/** A cell's row and column in the table. */
export const cellRC = (result, cell) => [Math.floor(cell / result.cols), cell % result.cols];

/** How many piles (stones, numbers) the strip shows. */
export function stripLength(result) {
  if (result.a) return result.a.length;
  if (result.game === 'can-i-win') return result.numbers[0];
  return result.numbers?.[0] ?? 0;
}

/** The strip's indices a cell stands for: piles i..j left, the numbers used, the stones left. */
export function cellPiles(result, cell) {
  if (cell < 0) return [];
  const n = stripLength(result);
  const s = shapeOf(result);
  const range = (lo, hi) => Array.from({ length: Math.max(0, hi - lo + 1) }, (_, k) => lo + k);
  switch (s) {
    case 'interval': {
      const [i, j] = cellRC(result, cell);
      return range(i, j);
    }
    case 'stone2':
      return range(Math.floor(cell / result.cols), n - 1);
    case 'suffix':
      return range(cell, n - 1);
    case 'count':
      return range(0, Math.min(cell, n) - 1);
    case 'greedy':
      return result.done[cell] ? [result.choices[cell]] : [];
    case 'subsets':
      return setMembers(cell, true);
    case 'bitmask':
      return setMembers(cell).map((k) => k - 1);
    default:
      return [];
  }
}

/** A value as the table shows it: W / L for win-lose tables. */
export function valueText(result, v) {
  if (isBoolean(result)) return v ? 'W' : 'L';
  return String(v);
}

/** What a cell's choice means, in words. */
export function choiceText(result, cell, choice) {
  switch (shapeOf(result)) {
    case 'interval':
      if (result.game === 'stone-game-v') return choice < 0 ? 'one stone: no split' : `split after pile ${choice}`;
      if (result.algo === 'flawed-memo') return choice < 0 ? 'neither side won' : `decided by taking the ${choice ? 'right' : 'left'}`;
      return choice ? 'take the right pile' : 'take the left pile';
    case 'stone2':
    case 'suffix':
      return choice ? `take ${choice} pile${choice === 1 ? '' : 's'}` : 'nothing left';
    case 'count':
      return choice ? `take ${choice} stone${choice === 1 ? '' : 's'}` : 'no winning move';
    case 'greedy':
      return `stone ${choice}`;
    case 'subsets':
      return choice < 0 ? 'all taken' : `take stone ${choice}`;
    case 'bitmask':
      return choice < 0 ? 'no winning number' : `say ${choice}`;
    default:
      return String(choice);
  }
}

/** The recurrence, as the page writes it above the table. */
export function recurrence(result) {
  const { game, algo } = result;
  if (algo === 'flawed-memo') {
    return 'f(le, ri, lead) = player 1 wins?  memo[le][ri]  ← the running lead is part of the recursion, not of the key';
  }
  switch (game) {
    case 'stone-game':
    case 'predict-the-winner':
      return algo === 'diff'
        ? 'lead(i, j) = max( piles[i] − lead(i+1, j),  piles[j] − lead(i, j−1) )'
        : 'best(i, j) = max( piles[i] + second(i+1, j),  piles[j] + second(i, j−1) );  second(i, j) = sum(i..j) − best(i, j)';
    case 'stone-game-vii':
      return 'lead(i, j) = max( sum(i+1..j) − lead(i+1, j),  sum(i..j−1) − lead(i, j−1) )';
    case 'stone-game-v':
      return 'best(i, j) = max over k of:  L + best(i, k) if L < R;  R + best(k+1, j) if L > R;  L + max(both) if L = R   (L = sum(i..k), R = sum(k+1..j))';
    case 'stone-game-ii':
      return 'best(i, M) = max over x = 1..2M of  sum(i..i+x−1) + second(i+x, max(M, x))';
    case 'stone-game-iii':
      return 'best(i) = max over x = 1..3 of  sum(i..i+x−1) + second(i+x)';
    case 'stone-game-iv':
      return algo === 'sieve' ? 'every losing k marks k + s² won (s = 1, 2, …)' : 'win(k) = some square s² ≤ k with win(k − s²) lost';
    case 'nim':
      return algo === 'sieve'
        ? 'every losing k marks k + 1, k + 2, k + 3 won'
        : 'win(k) = some t in 1..3 with win(k − t) lost   (so k loses exactly when k mod 4 = 0)';
    case 'stone-game-vi':
      return algo === 'exhaustive'
        ? 'lead(set) = max over stones s not in set of  value(s) − lead(set + s)   (Alice moves on even sizes)'
        : 'sort the stones by a + b, largest first; Alice takes picks 0, 2, 4, …, Bob 1, 3, 5, …';
    case 'can-i-win':
      return 'win(set) = some k not in set with  k ≥ total left,  or  win(set + k) lost';
    default:
      return '';
  }
}

/** Stone Game VI's exchange argument, in words. */
export const EXCHANGE_ARGUMENT =
  'Why a + b: taking a stone gains its a for you and denies its b to the other player, so each stone swings Alice − Bob by a + b. ' +
  'If a pick took a stone with a smaller a + b while a larger one was left, exchanging the two picks changes the lead by the difference of their sums, which is never worse for the mover: so the sorted order is optimal.';

/**
 * Stone Game VI's exchange argument on numbers, at pick r (0-based) of the
 * greedy: the stone taken there and the one the other player takes next,
 * the two players' gains as they played and exchanged, and how much the
 * exchange costs the mover, which is the difference of the two a + b.
 * null where there is no next pick, or for another game.
 */
export function exchangeAt(result, r) {
  if (result.game !== 'stone-game-vi' || result.algo !== 'dp' || !result.a || !result.b) return null;
  if (!(r >= 0 && r + 1 < result.choices.length)) return null;
  const s = result.choices[r];
  const t = result.choices[r + 1];
  const mover = r % 2 === 0 ? 'Alice' : 'Bob';
  const other = r % 2 === 0 ? 'Bob' : 'Alice';
  const mine = r % 2 === 0 ? result.a : result.b; // the mover's values
  const theirs = r % 2 === 0 ? result.b : result.a;
  const played = mine[s] - theirs[t]; // mover's gain minus the other's, as played
  const swapped = mine[t] - theirs[s];
  return {
    pick: r + 1,
    mover,
    other,
    took: { stone: s, mine: mine[s], theirs: theirs[s], sum: result.a[s] + result.b[s] },
    next: { stone: t, mine: mine[t], theirs: theirs[t], sum: result.a[t] + result.b[t] },
    played,
    swapped,
    cost: played - swapped, // = took.sum - next.sum, never negative
  };
}

/** A move's label in a term: which side, how many piles, which split. */
function moveLabel(result, cell, move) {
  switch (shapeOf(result)) {
    case 'interval':
      return result.game === 'stone-game-v' ? `k=${move}` : move ? 'right' : 'left';
    case 'stone2':
    case 'suffix':
      return `x=${move}`;
    case 'subsets':
      return `stone ${move}`;
    case 'bitmask':
      return `say ${move}`;
    default:
      return `${move}`;
  }
}

/**
 * The terms of one cell's recurrence so far, from its events (model.eventsOf)
 * before the cursor: [{ label, expr, value, won }] and the cell's result
 * (null until its CELL event is applied).
 */
export function termsOf(result, trace, events, cursor) {
  const terms = [];
  let reads = [];
  let value = null;
  let choice = null;
  const lead = isLead(result);
  const shape = shapeOf(result);
  const name = (c) => cellName(result, c);
  for (const i of events) {
    if (i >= cursor) break;
    const kind = trace[i << 2] & 0xff;
    const a = trace[(i << 2) + 1];
    const b = trace[(i << 2) + 2];
    const c = trace[(i << 2) + 3];
    if (kind === DP_EV.READ) {
      reads.push({ from: a, value: b });
      if (shape === 'count') {
        terms.push({ label: `take ${c - a}`, expr: `${name(a)} ${b ? 'W' : 'L'}`, value: b ? 0 : 1, move: c - a });
        reads = [];
      } else if (shape === 'bitmask') {
        const k = Math.log2(a ^ c) + 1;
        terms.push({ label: `say ${k}`, expr: `${name(a)} ${b ? 'W' : 'L'}`, value: b ? 0 : 1, move: k });
        reads = [];
      } else if (result.algo === 'flawed-memo') {
        terms.push({ label: name(a), expr: b ? 'true' : 'false', value: b, move: -2 });
        reads = [];
      }
    } else if (kind === DP_EV.CHOICE) {
      let expr;
      if (shape === 'greedy') expr = `stone ${b}: a + b = ${c}`;
      else if (shape === 'bitmask') expr = `${b} reaches the total`;
      else if (reads.length === 2) {
        const best = Math.max(reads[0].value, reads[1].value);
        expr = `${c - best} + max(${reads[0].value}, ${reads[1].value})`;
      } else if (reads.length === 1) {
        const r = reads[0].value;
        expr = lead ? `${c + r} − ${r}` : `${c - r} + ${r}`;
      } else expr = `${c}`;
      terms.push({ label: moveLabel(result, a, b), expr, value: c, move: b });
      reads = [];
    } else if (kind === DP_EV.MARK) {
      terms.push({ label: `marks ${name(a)}`, expr: `by ${c}`, value: 1, move: c });
    } else if (kind === DP_EV.HIT) {
      terms.push({ label: 'memo', expr: `${b ? 'true' : 'false'} (stored)`, value: b, move: -2 });
    } else if (kind === DP_EV.CELL) {
      value = b;
      choice = c;
    }
  }
  for (const t of terms) t.won = value !== null && t.move === choice;
  return { terms, value, choice };
}

/** The optimal play, move by move: who, which piles taken (or thrown away), points. */
export function replaySteps(result) {
  const out = [];
  const r = result.replay;
  const shape = shapeOf(result);
  const n = stripLength(result);
  const a = result.a;
  const sum = (lo, hi) => {
    let s = 0;
    for (let k = lo; k <= hi; k++) s += a[k];
    return s;
  };
  const range = (lo, hi) => Array.from({ length: Math.max(0, hi - lo + 1) }, (_, k) => lo + k);
  for (let m = 0; m < r.length / 5; m++) {
    const [player, cell, move, next, gain] = r.subarray(m * 5, m * 5 + 5);
    const who = PLAYERS[player];
    let takes = [];
    let drops = [];
    let text = '';
    switch (shape) {
      case 'interval': {
        const [i, j] = cellRC(result, cell);
        if (result.game === 'stone-game-v') {
          const L = sum(i, move);
          const R = sum(move + 1, j);
          const keepLeft = next === cellRCId(result, i, move);
          drops = keepLeft ? range(move + 1, j) : range(i, move);
          text =
            L === R
              ? `splits ${i}..${j} after pile ${move} (${L} | ${R}, equal): Alice keeps the ${keepLeft ? 'left' : 'right'} and scores ${gain}`
              : `splits ${i}..${j} after pile ${move} (${L} | ${R}); Bob throws away the larger, the ${keepLeft ? 'right' : 'left'}; Alice scores ${gain}`;
        } else {
          const k = move ? j : i;
          takes = [k];
          text =
            result.game === 'stone-game-vii'
              ? `removes the ${move ? 'right' : 'left'} stone (${a[k]}) and scores the rest: ${gain}`
              : `takes the ${move ? 'right' : 'left'} pile: ${gain}`;
        }
        break;
      }
      case 'stone2': {
        const i = Math.floor(cell / result.cols);
        takes = range(i, i + move - 1);
        text = `takes ${move} pile${move === 1 ? '' : 's'} (M = ${cell % result.cols}): ${gain}`;
        break;
      }
      case 'suffix':
        takes = range(cell, cell + move - 1);
        text = `takes ${move} stone${move === 1 ? '' : 's'}: ${gain}`;
        break;
      case 'count':
        takes = range(cell - move, cell - 1);
        text = `takes ${move} of ${cell} stones`;
        break;
      case 'greedy':
      case 'subsets':
        takes = [move];
        text = `takes stone ${move} (worth ${gain} to ${who}${shape === 'greedy' ? `; a + b = ${a[move] + result.b[move]}` : ''})`;
        break;
      case 'bitmask':
        takes = [move - 1];
        text = `says ${move}`;
        break;
      default:
        break;
    }
    out.push({ player, cell, move, next, gain, takes, drops, text, n });
  }
  return out;
}

function cellRCId(result, i, j) {
  return i * result.cols + j;
}

/** Running scores after each replayed move: [alice, bob] per move (index 0: before any). */
export function runningScores(steps) {
  const out = [[0, 0]];
  for (const s of steps) {
    const [x, y] = out[out.length - 1];
    out.push(s.player === 0 ? [x + s.gain, y] : [x, y + s.gain]);
  }
  return out;
}

/** What the final scores mean, in the problem's terms. */
export function scoreMeaning(result) {
  const [x, y] = result.scores;
  switch (result.game) {
    case 'stone-game-v':
      return `Alice scores ${x}`;
    case 'stone-game-vii':
      return `Alice ${x} − Bob ${y} = ${x - y}`;
    case 'stone-game-iv':
    case 'nim':
      return 'whoever moves last wins';
    case 'can-i-win':
      return `the numbers said add up to ${x + y}`;
    default:
      return `Alice ${x}, Bob ${y}`;
  }
}

/** A cell's choice in a few characters, under its value in the table. */
export function choiceShort(result, choice) {
  switch (shapeOf(result)) {
    case 'interval':
      if (result.game === 'stone-game-v') return choice < 0 ? '' : `k${choice}`;
      if (result.algo === 'flawed-memo') return choice < 0 ? '' : choice ? 'R' : 'L';
      return choice ? 'R' : 'L';
    case 'stone2':
    case 'suffix':
      return choice ? `x${choice}` : '';
    case 'count':
      return choice ? `−${choice}` : '';
    case 'greedy':
      return `s${choice}`;
    case 'subsets':
      return choice < 0 ? '' : `s${choice}`;
    case 'bitmask':
      return choice < 0 ? '' : `${choice}`;
    default:
      return '';
  }
}

/** Cells drawn as SVG up to these sizes; bigger tables go to a canvas. */
export const SVG_LIMITS = { interval: 24, stone2: 24, strip: 64 };

/**
 * Where each cell sits, in cell units: the table as the recurrence sees it.
 * { width, height, cells: [ids], at(cell) -> [x, y], rowLabel(y), colLabel(x), svg }
 * 1-row tables wrap: Nim in rows of 4 (its period in columns), others in 8 or 16.
 */
export function tableLayout(result) {
  const s = shapeOf(result);
  const { rows, cols } = result;
  if (s === 'interval') {
    const n = cols;
    const cells = [];
    for (let i = 0; i < n; i++) for (let j = i; j < n; j++) cells.push(i * n + j);
    return {
      shape: s,
      width: n,
      height: n,
      cells,
      at: (c) => [c % n, Math.floor(c / n)],
      cellAt: (x, y) => (y <= x && x < n && y >= 0 ? y * n + x : -1),
      rowLabel: (y) => `i=${y}`,
      colLabel: (x) => `j=${x}`,
      svg: n <= SVG_LIMITS.interval,
    };
  }
  if (s === 'stone2') {
    const n = rows;
    const cells = [];
    for (let i = 0; i < n; i++) for (let M = 1; M <= Math.max(1, i); M++) cells.push(i * cols + M);
    return {
      shape: s,
      width: Math.max(1, n - 1),
      height: n,
      cells,
      at: (c) => [(c % cols) - 1, Math.floor(c / cols)],
      cellAt: (x, y) => (y >= 0 && y < n && x >= 0 && x < Math.max(1, y) ? y * cols + x + 1 : -1),
      rowLabel: (y) => `i=${y}`,
      colLabel: (x) => `M=${x + 1}`,
      svg: n <= SVG_LIMITS.stone2,
    };
  }
  // One row: wrapped.
  const N = cols;
  const svg = N <= SVG_LIMITS.strip;
  const wrap = result.game === 'nim' ? (svg ? 4 : 100) : svg ? (s === 'count' ? 8 : 16) : 250;
  const width = Math.min(N, wrap);
  return {
    shape: s,
    width,
    height: Math.ceil(N / wrap),
    cells: Array.from({ length: svg ? N : 0 }, (_, k) => k),
    at: (c) => [c % wrap, Math.floor(c / wrap)],
    cellAt: (x, y) => (x >= 0 && x < width && y >= 0 && y * wrap + x < N ? y * wrap + x : -1),
    rowLabel: (y) => `${y * wrap}`,
    colLabel: (x) => (result.game === 'nim' ? `+${x}` : `${x}`),
    svg,
  };
}
