// tree-presets.js: positions to start from for the games the judges pose,
// in the CLI's input forms (docs/cli.md). The judges' samples first;
// small positions are drawn as trees, the largest get the summary; and
// tic-tac-toe's traps for UCT, each with the MCTS options that fall into it
// (`mcts`: iterations, seed, playouts). No Preact.
import { MCTS_TRAPS, trapInput } from './mcts-traps.js';

const cellName = ([r, c]) => `row ${r + 1}, col ${c + 1}`; // as the root moves table names cells

/** A trap's MCTS options as its example's label says them. */
export const trapOptions = (t) => `${t.iterations} iterations, seed ${t.seed}${t.playout === 'decisive' ? ', decisive playouts' : ''}`;

export const TREE_PRESETS = {
  'tic-tac-toe': MCTS_TRAPS.filter((t) => t.game === 'tic-tac-toe').map((t) => ({
    label: `4 x 4, a trap for UCT (${trapOptions(t)}): it plays ${cellName(t.uct)}, lost in ${t.depth} plies`,
    input: trapInput(t),
    mcts: { iterations: t.iterations, seed: String(t.seed), playout: t.playout },
  })),
  'young-tableau': [
    { label: 'Luogu P4363 sample, 2 x 3 (answer 2)', input: 'a = [[2,7,3],[9,1,2]], b = [[3,7,2],[2,3,1]]' },
    { label: '2 x 2, equal scores', input: 'a = [[1,1],[1,1]], b = [[1,1],[1,1]]' },
    { label: '3 x 3', input: 'a = [[92,36,28],[24,84,88],[32,16,0]], b = [[76,53,84],[76,52,44],[76,44,36]]' },
    {
      label: '10 x 10, the largest board (table on: a summary)',
      input:
        'a = [[16,40,0,12,0,56,76,96,12,96],[16,20,28,84,60,60,56,20,72,84],[60,28,44,12,56,48,60,68,44,60],[4,12,24,88,4,12,0,72,84,52],[28,88,60,24,48,8,88,68,28,76],[12,28,68,92,72,40,80,44,92,80],[52,80,40,60,12,92,92,76,8,92],[96,64,12,56,60,36,60,80,36,12],[4,80,33,36,4,96,28,28,4,96],[92,8,92,32,76,96,0,80,28,76]], b = [[48,88,4,0,72,81,76,84,16,0],[36,72,12,96,76,4,8,32,72,36],[44,96,0,72,84,76,64,8,36,8],[56,4,80,8,68,8,72,0,20,40],[44,56,12,76,92,80,20,52,88,40],[28,44,4,96,64,24,44,72,60,12],[20,84,36,92,36,92,56,64,52,88],[68,32,28,88,24,44,4,88,44,76],[68,4,4,88,4,48,8,0,88,44],[44,80,68,44,96,72,16,88,28,64]]',
    },
  ],
  'triangle-war': [
    { label: 'POJ 1085 game 1 (B wins)', input: 'moves = [[2,4],[4,5],[5,9],[3,6],[2,5],[3,5]]' },
    { label: 'POJ 1085 game 2 (A wins)', input: 'moves = [[2,4],[4,5],[5,9],[3,6],[2,5],[3,5],[7,8]]' },
    { label: 'POJ 1085 game 3 (A wins)', input: 'moves = [[1,2],[2,3],[1,3],[2,4],[2,5],[4,5]]' },
    { label: 'POJ 1085 game 4 (B wins)', input: 'moves = [[1,2],[2,5],[3,6],[5,8],[4,7],[6,10],[2,4],[4,5],[4,8],[7,8]]' },
    { label: 'Fourteen lines in: a small tree', input: 'moves = [[1,2],[2,5],[3,6],[5,8],[4,7],[6,10],[2,4],[4,5],[4,8],[7,8],[1,3],[8,9],[9,10],[5,6]]' },
    { label: 'The empty grid (a summary)', input: 'moves = []' },
  ],
  'board-chase': [
    { label: 'Luogu P4576 sample, 2 x 2 (BLACK 2)', input: 'n = 2, white = [1,1], black = [2,2]' },
    { label: 'Side by side: white captures at once (WHITE 1)', input: 'n = 5, white = [3,3], black = [3,4]' },
    { label: '3 x 3, opposite corners', input: 'n = 3, white = [1,1], black = [3,3]' },
    { label: '20 x 20, opposite corners (a summary)', input: 'n = 20, white = [1,1], black = [20,20]' },
  ],
};
