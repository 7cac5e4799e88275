// versus-brute.mjs: plain minimax in JS over the tree tab's games, written
// from the games' rules (not from the C), for the play-against-the-solver
// tests: every position's value (first player's view) and the length of the
// game with perfect play when the winner hurries and the loser delays.
import { POSITION_GAMES } from '../../../web/src/lib/tree-positions.js';
import { VERSUS_GAMES } from '../../../web/src/lib/versus.js';

const LINES = (n) => {
  const lines = [];
  for (let i = 0; i < n; i++) {
    lines.push(Array.from({ length: n }, (_, j) => i * n + j));
    lines.push(Array.from({ length: n }, (_, j) => j * n + i));
  }
  lines.push(Array.from({ length: n }, (_, j) => j * n + j));
  lines.push(Array.from({ length: n }, (_, j) => j * n + n - 1 - j));
  return lines;
};

/** leaf(p): the value when over, else null; moves(p): the move codes in the C games' order. */
export const RULES = {
  'tic-tac-toe': {
    leaf(p) {
      for (const line of LINES(p.n)) {
        if (line.every((c) => p.cells[c] === 'X')) return 1;
        if (line.every((c) => p.cells[c] === 'O')) return -1;
      }
      return p.cells.includes('.') ? null : 0;
    },
    moves: (p) => p.cells.flatMap((c, i) => (c === '.' ? [i] : [])),
  },
  nim: {
    leaf: (p) => (p.left === 0 ? (p.player === 0 ? -1 : 1) : null),
    moves: (p) => [1, 2, 3].filter((k) => k <= p.left),
  },
  'can-i-win': {
    leaf(p) {
      if (p.total >= p.goal) return p.used.length === 0 || p.player === 1 ? 1 : -1;
      if ((p.max * (p.max + 1)) / 2 < p.goal) return -1;
      return null;
    },
    moves: (p) => Array.from({ length: p.max }, (_, i) => i + 1).filter((k) => !p.used.includes(k)),
  },
  'predict-the-winner': {
    leaf: (p) => (p.l > p.r ? p.scores[0] - p.scores[1] : null),
    moves: (p) => (p.l === p.r ? [0] : [0, 1]),
  },
  'young-tableau': POSITION_GAMES['young-tableau'],
  'triangle-war': POSITION_GAMES['triangle-war'],
  'board-chase': POSITION_GAMES['board-chase'],
};

const playerOf = (game, p) => (POSITION_GAMES[game] ? POSITION_GAMES[game].player(p) : p.player);

/** { value, length } of p with perfect play (length 0 at the end). */
export function bruteSolve(game, p, memo = new Map()) {
  const key = JSON.stringify(p, (k, v) => (k === 'last' || k === 'from' ? undefined : v));
  if (memo.has(key)) return memo.get(key);
  const r = RULES[game];
  const leaf = r.leaf(p);
  let out;
  if (leaf !== null) out = { value: leaf, length: 0 };
  else {
    const player = playerOf(game, p);
    // Lexicographic: the player's value, then a short win / a long loss.
    const rank = (c) => {
      const v = player === 0 ? c.value : -c.value;
      return [v, v > 0 ? -c.length : v < 0 ? c.length : 0];
    };
    for (const m of r.moves(p)) {
      const c = bruteSolve(game, VERSUS_GAMES[game].play(p, m), memo);
      const cand = { value: c.value, length: c.length + 1 };
      if (!out) out = cand;
      else {
        const [a0, a1] = rank(cand);
        const [b0, b1] = rank(out);
        if (a0 > b0 || (a0 === b0 && a1 > b1)) out = cand;
      }
    }
  }
  memo.set(key, out);
  return out;
}

/** Every move of p: { code, value, length } as the C reports them (length -1 for value 0). */
export function bruteMoves(game, p, memo) {
  return RULES[game].moves(p).map((code) => {
    const c = bruteSolve(game, VERSUS_GAMES[game].play(p, code), memo);
    // The scored games' lengths are left to the page (they never vary).
    return { code, value: c.value, length: c.value === 0 || VERSUS_GAMES[game].kind === 'score' ? -1 : c.length + 1 };
  });
}

/** A small deterministic generator (mulberry32). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Small inputs of each game for the cross-checks, made from seed. */
export function smallInputs(game, rand) {
  const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  const grid = (n, m) => Array.from({ length: n }, () => Array.from({ length: m }, () => int(0, 9)));
  switch (game) {
    case 'tic-tac-toe':
      return 'board = ["...","...","..."]';
    case 'nim':
      return `n = ${int(1, 14)}`;
    case 'can-i-win':
      return `maxChoosableInteger = ${int(1, 7)}, desiredTotal = ${int(0, 20)}`;
    case 'predict-the-winner':
      return `nums = ${JSON.stringify(Array.from({ length: int(1, 7) }, () => int(0, 20)))}`;
    case 'young-tableau': {
      const n = int(1, 3);
      const m = int(1, 3);
      return `a = ${JSON.stringify(grid(n, m))}, b = ${JSON.stringify(grid(n, m))}`;
    }
    case 'triangle-war':
      return 'moves = [[1,2],[2,4],[4,7],[7,8],[8,9],[9,10],[5,9]]';
    case 'board-chase': {
      const n = int(2, 4);
      return `n = ${n}, white = [${int(1, n - 1)},${int(1, n - 1)}], black = [${n},${n}]`;
    }
    default:
      throw new Error(game);
  }
}
