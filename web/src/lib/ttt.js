// ttt.js: tic-tac-toe positions for the tree views. No Preact.
// The game's moves are the empty cells in row-major order (game_tictactoe.c),
// so a search's move index k means "the k-th empty cell" of its position.

/** The board after playing `moves` (move indices) from rows with `toMove` (0 X, 1 O). */
export function playMoves(rows, toMove, moves) {
  const cells = rows.join('').split('');
  let mark = toMove === 0 ? 'X' : 'O';
  for (const k of moves) {
    let seen = -1;
    const cell = cells.findIndex((c) => c === '.' && ++seen === k);
    if (cell < 0) break;
    cells[cell] = mark;
    mark = mark === 'X' ? 'O' : 'X';
  }
  const n = rows.length;
  return Array.from({ length: n }, (_, r) => cells.slice(r * n, r * n + n).join(''));
}

/** The board at search visit v (of a tree model) from the root's board. */
export function boardAt(model, info, v) {
  const moves = model
    .pathTo(v)
    .slice(1)
    .map((u) => model.moveOf[u]);
  return playMoves(info.board, info.rootPlayer, moves);
}

/** The cell (row-major) of the k-th empty cell of rows; -1 if none. */
export function emptyCell(rows, k) {
  let seen = -1;
  return rows
    .join('')
    .split('')
    .findIndex((c) => c === '.' && ++seen === k);
}

/** LeetCode's text of a board: board = ["X.O","...","..."]. */
export const boardText = (rows) => `board = [${rows.map((r) => JSON.stringify(r)).join(',')}]`;

/** The rows of board text typed in the page, or null when it is not a board of 3 or 4. */
export function readBoard(text) {
  const m = /\[([^\]]*)\]/.exec(text ?? '');
  if (!m) return null;
  const rows = [...m[1].matchAll(/"([^"]*)"/g)].map((x) => x[1].toUpperCase().replace(/ /g, '.'));
  const n = rows.length;
  if ((n !== 3 && n !== 4) || rows.some((r) => r.length !== n || /[^XO.]/.test(r))) return null;
  return rows;
}
