// mcts-traps.js: the trap catalogue, positions where UCT with a stated budget
// and seed chooses a move that loses by force within `depth` plies (the move
// itself counted) although a draw or a win exists (shallow traps: Ramanujan,
// Sabharwal and Selman, ICAPS 2010). Found by tests/bench/mcts_traps.mjs,
// whose lines these are; tests/cli/cli-mcts-traps.test.mjs checks every one
// against the CLI, and the Game trees tab offers the tic-tac-toe ones as
// examples with their MCTS options (docs/mcts.md has the table). No Preact.
//
// position: Connect Four's moves as 1-based columns, or tic-tac-toe 4x4's
// rows; uct, best, solver: a column, or a cell as [row, column]; values are
// the side to move's (Connect Four's score, tic-tac-toe's +1 / 0 / -1);
// solver: what MCTS-Solver chooses on the same position, budget and seed.

export const MCTS_TRAPS = [
  { game: 'tic-tac-toe', position: ['.OO.', 'XXX.', '.OX.', '....'], iterations: 200, seed: 1, playout: 'random', uct: [0, 0], uctValue: -1, best: [1, 3], bestValue: 0, depth: 2, solver: [1, 3], solverValue: 0 },
  { game: 'tic-tac-toe', position: ['..XO', '.X..', 'OOX.', '...X'], iterations: 200, seed: 1, playout: 'random', uct: [3, 0], uctValue: -1, best: [0, 0], bestValue: 0, depth: 2, solver: [0, 0], solverValue: 0 },
  { game: 'tic-tac-toe', position: ['O.X.', '....', '.O.O', 'X.XX'], iterations: 50, seed: 1, playout: 'random', uct: [2, 2], uctValue: -1, best: [3, 1], bestValue: 0, depth: 2, solver: [2, 2], solverValue: -1 },
  { game: 'tic-tac-toe', position: ['XX..', 'XX..', 'O.O.', 'O.O.'], iterations: 200, seed: 1, playout: 'random', uct: [3, 1], uctValue: -1, best: [0, 2], bestValue: 0, depth: 6, solver: [1, 2], solverValue: 0 },
  { game: 'tic-tac-toe', position: ['X.O.', '...X', '.XOO', 'X...'], iterations: 50, seed: 1, playout: 'random', uct: [0, 1], uctValue: -1, best: [0, 3], bestValue: 0, depth: 6, solver: [0, 1], solverValue: -1 },
  { game: 'tic-tac-toe', position: ['..XO', '.X..', 'OOX.', '...X'], iterations: 50, seed: 1, playout: 'decisive', uct: [1, 2], uctValue: -1, best: [0, 0], bestValue: 0, depth: 2, solver: [0, 0], solverValue: 0 },
  { game: 'connect-four', position: '57372376226376561', iterations: 100, seed: 1, playout: 'random', uct: 6, uctValue: -12, best: 4, bestValue: 4, depth: 2, solver: 4, solverValue: 4 },
  { game: 'connect-four', position: '641363442445621', iterations: 100, seed: 1, playout: 'random', uct: 3, uctValue: -13, best: 6, bestValue: 4, depth: 2, solver: 3, solverValue: -13 },
  { game: 'connect-four', position: '2624625631516575272', iterations: 30, seed: 1, playout: 'random', uct: 2, uctValue: -10, best: 4, bestValue: 2, depth: 4, solver: 2, solverValue: -10 },
  { game: 'connect-four', position: '6147571557724211117327644', iterations: 300, seed: 1, playout: 'random', uct: 3, uctValue: -4, best: 5, bestValue: 0, depth: 10, solver: 5, solverValue: 0 },
  { game: 'connect-four', position: '64212126457451664262', iterations: 30, seed: 1, playout: 'decisive', uct: 3, uctValue: -11, best: 1, bestValue: 2, depth: 2, solver: 3, solverValue: -11 },
];

/** A trap's input as the CLI and the Game trees tab read it. */
export const trapInput = (t) => (t.game === 'connect-four' ? t.position : `board = ${JSON.stringify(t.position)}`);
