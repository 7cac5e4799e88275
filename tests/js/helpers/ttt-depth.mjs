// Tic-tac-toe 3x3 and 4x4 solved by brute force in JavaScript, with the
// game's length under perfect play: the winner takes the shortest win, the
// loser the longest loss. The trap catalogue's depths come from it
// (tests/cli/cli-mcts-traps.test.mjs), and its values are checked against
// the CLI's alpha-beta, an independent search. Cells are row-major
// characters 'X', 'O', '.'; X moves first, so the counts give the mover.

/** The lines of an n x n board: rows, columns, the two diagonals. */
function linesOf(n) {
  const idx = [...Array(n).keys()];
  return [
    ...idx.map((r) => idx.map((c) => r * n + c)),
    ...idx.map((c) => idx.map((r) => r * n + c)),
    idx.map((k) => k * n + k),
    idx.map((k) => k * n + n - 1 - k),
  ];
}

/**
 * { value, plies } of a position: value +1 if X wins, -1 if O wins, 0 a
 * draw (the CLI's scale); plies, the moves still played under perfect play
 * until the winning line (or the full board of a draw).
 */
export function tttSolve(cells) {
  const n = Math.round(Math.sqrt(cells.length));
  const lines = linesOf(n);
  const memo = new Map();
  const board = [...cells];
  const won = (p) => lines.some((l) => l.every((c) => board[c] === p));
  /** The mover's score: 100 - plies for a win, plies - 100 for a loss, 0 a draw; and the plies. */
  function negamax(mover) {
    const key = board.join('');
    const hit = memo.get(key);
    if (hit) return hit;
    let best = null;
    for (let c = 0; c < board.length; c++) {
      if (board[c] !== '.') continue;
      board[c] = mover;
      let score, plies;
      if (won(mover)) [score, plies] = [99, 1];
      else {
        const r = negamax(mover === 'X' ? 'O' : 'X');
        plies = r.plies + 1; // the opponent's win is my loss, one ply later
        score = r.score === 0 ? 0 : r.score > 0 ? plies - 100 : 100 - plies;
      }
      board[c] = '.';
      if (!best || score > best.score) best = { score, plies };
    }
    const out = best ?? { score: 0, plies: 0 }; // a full board: a draw
    memo.set(key, out);
    return out;
  }
  const xs = cells.filter((c) => c === 'X').length,
    os = cells.filter((c) => c === 'O').length;
  const mover = xs === os ? 'X' : 'O';
  if (won('X') || won('O')) return { value: won('X') ? 1 : -1, plies: 0 };
  const r = negamax(mover);
  const moverWins = r.score > 0,
    moverLoses = r.score < 0;
  const value = moverWins ? (mover === 'X' ? 1 : -1) : moverLoses ? (mover === 'X' ? -1 : 1) : 0;
  return { value, plies: r.plies };
}
