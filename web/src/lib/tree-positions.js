// tree-positions.js: the positions of 一双木棋, Triangle War and the board
// chase for the tree views, replayed from the root the way the C games play
// (c/games/game_young.c, game_triangle.c, game_chase.c: the same moves in the same
// order), so a search's move index k means "the k-th move" of a position.
// Only for drawing: the C solver has already accepted the input. No Preact.
// tests/js/tree-positions.test.mjs walks whole trees here and in C and
// compares every node (parent, moves, player, leaf value).

/** The values of LeetCode-style input, names dropped: `n = 2, white = [1,1]` -> [2, [1,1]]. */
export function inputValues(text) {
  try {
    return JSON.parse(`[${String(text).replace(/[A-Za-z_]\w*\s*=/g, '')}]`);
  } catch {
    return null;
  }
}

/* ---- 一双木棋 (Luogu P4363). Position: { len: row lengths, owner: n x m of -1 / 0 / 1, filled, diff }. */
const young = {
  root(text) {
    const [a, b] = inputValues(text) ?? [];
    if (!Array.isArray(a) || !Array.isArray(b)) return null;
    const n = a.length;
    const m = a[0]?.length ?? 0;
    return { a, b, n, m, len: new Array(n).fill(0), owner: a.map((r) => r.map(() => -1)), filled: 0, diff: 0 };
  },
  player: (p) => p.filled & 1,
  leaf: (p) => (p.filled === p.n * p.m ? p.diff : null),
  moves(p) {
    const out = [];
    for (let i = 0; i < p.n; i++) if (p.len[i] < p.m && (i === 0 || p.len[i] < p.len[i - 1])) out.push(i);
    return out;
  },
  play(p, row) {
    const col = p.len[row];
    const mover = p.filled & 1;
    const len = p.len.slice();
    len[row]++;
    const owner = p.owner.map((r) => r.slice());
    owner[row][col] = mover;
    const diff = p.diff + (mover === 0 ? p.a[row][col] : -p.b[row][col]);
    return { ...p, len, owner, filled: p.filled + 1, diff, last: [row, col] };
  },
};

/* ---- Triangle War (POJ 1085). Position: { edges: bitmask, owner: 9 triangles of -1 / 0 (A) / 1 (B), player, diff }. */

/** The 18 lines as pairs of pegs (1 to 10, top row down), as game_triangle.c numbers them. */
export const TRIANGLE_EDGES = [
  [1, 2],
  [1, 3],
  [2, 3],
  [2, 4],
  [2, 5],
  [3, 5],
  [3, 6],
  [4, 5],
  [5, 6],
  [4, 7],
  [4, 8],
  [5, 8],
  [5, 9],
  [6, 9],
  [6, 10],
  [7, 8],
  [8, 9],
  [9, 10],
];
/** The 9 small triangles as their three lines. */
export const TRIANGLES = [
  [0, 1, 2],
  [3, 4, 7],
  [2, 4, 5],
  [5, 6, 8],
  [9, 10, 15],
  [7, 10, 11],
  [11, 12, 16],
  [8, 12, 13],
  [13, 14, 17],
];
const ALL_EDGES = (1 << 18) - 1;

const triangle = {
  root(text) {
    const [moves] = inputValues(text) ?? [];
    if (!Array.isArray(moves)) return null;
    let p = { edges: 0, owner: new Array(9).fill(-1), player: 0, diff: 0 };
    for (const [i, j] of moves) {
      const e = TRIANGLE_EDGES.findIndex(([x, y]) => (x === i && y === j) || (x === j && y === i));
      if (e < 0 || (p.edges >> e) & 1) return null;
      p = triangle.play(p, e);
    }
    return p;
  },
  player: (p) => p.player,
  leaf: (p) => (p.edges === ALL_EDGES ? p.diff : null),
  moves(p) {
    const out = [];
    for (let e = 0; e < 18; e++) if (!((p.edges >> e) & 1)) out.push(e);
    return out;
  },
  play(p, e) {
    const edges = p.edges | (1 << e);
    const owner = p.owner.slice();
    let won = 0;
    TRIANGLES.forEach((t, k) => {
      if (t.includes(e) && t.every((x) => (edges >> x) & 1)) {
        owner[k] = p.player;
        won++;
      }
    });
    return {
      edges,
      owner,
      player: won ? p.player : p.player ^ 1,
      diff: p.diff + (p.player === 0 ? won : -won),
      last: e,
    };
  },
};

/* ---- the board chase (Luogu P4576). Position: { n, cap, w: [r, c], b: [r, c] (0-based), step }. */
export const CHASE_WIN = 1000;
const DIRS = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
];

const chase = {
  root(text) {
    const [n, w, b] = inputValues(text) ?? [];
    if (!Number.isInteger(n) || !Array.isArray(w) || !Array.isArray(b)) return null;
    return { n, cap: 3 * n, w: [w[0] - 1, w[1] - 1], b: [b[0] - 1, b[1] - 1], step: 0 };
  },
  player: (p) => p.step & 1,
  leaf(p) {
    if (p.w[0] === p.b[0] && p.w[1] === p.b[1]) return p.step & 1 ? CHASE_WIN - p.step : -(CHASE_WIN - p.step);
    return p.step >= p.cap ? 0 : null;
  },
  moves(p) {
    const black = p.step & 1;
    const [r, c] = black ? p.b : p.w;
    const out = [];
    DIRS.forEach(([dr, dc], d) => {
      for (let len = 1; len <= (black ? 2 : 1); len++) {
        const rr = r + dr * len;
        const cc = c + dc * len;
        if (rr >= 0 && rr < p.n && cc >= 0 && cc < p.n) out.push(black ? 2 * d + len - 1 : d);
      }
    });
    return out;
  },
  play(p, move) {
    const black = p.step & 1;
    const d = black ? move >> 1 : move;
    const len = black ? (move & 1) + 1 : 1;
    const [r, c] = black ? p.b : p.w;
    const to = [r + DIRS[d][0] * len, c + DIRS[d][1] * len];
    return black ? { ...p, b: to, step: p.step + 1, from: [r, c] } : { ...p, w: to, step: p.step + 1, from: [r, c] };
  },
};

/** The games with drawn positions, by GAME name. */
export const POSITION_GAMES = { 'young-tableau': young, 'triangle-war': triangle, 'board-chase': chase };

/** The position after playing move indices `path` (each the k-th move) from the root of `text`; null if it cannot. */
export function positionAfter(game, text, path) {
  const g = POSITION_GAMES[game];
  let p = g?.root(text);
  for (const k of path) {
    if (!p || g.leaf(p) !== null) return null;
    const code = g.moves(p)[k];
    if (code === undefined) return null;
    p = g.play(p, code);
  }
  return p ?? null;
}

/** The position at search visit v of a tree model (its moves from the root). */
export function positionAt(model, game, text, v) {
  const moves = model
    .pathTo(v)
    .slice(1)
    .map((u) => model.moveOf[u]);
  return positionAfter(game, text, moves);
}

/** The answer in the judges' words: 一双木棋 the difference; Triangle War "A wins."; the chase "BLACK 2". */
export function judgeAnswer(game, value) {
  if (game === 'young-tableau') return String(value);
  if (game === 'triangle-war') return value > 0 ? 'A wins.' : 'B wins.';
  if (game === 'board-chase') return value === 0 ? 'DRAW' : `${value > 0 ? 'WHITE' : 'BLACK'} ${CHASE_WIN - Math.abs(value)}`;
  return null;
}
