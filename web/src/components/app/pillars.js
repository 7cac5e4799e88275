// pillars.js: the parts of the product, one tab each. A pillar is a component
// that gets { theme, game, onGame } and owns everything below the header;
// `games` are the GAME names (DESIGN.md) it shows, so a URL's ?game= picks
// the pillar. The first game is the pillar's default.
import { CatMouseApp } from '../cat-mouse-app/index.jsx';
import { TreeApp } from '../tree-app/index.jsx';

export const PILLARS = [
  {
    id: 'cat-mouse',
    label: 'Cat and Mouse',
    title: 'Cat and Mouse (LeetCode 913)',
    games: ['cat-mouse'],
    Component: CatMouseApp,
  },
  { id: 'tree', label: 'Game trees', title: 'Game trees: minimax and alpha-beta', games: ['tree', 'tic-tac-toe'], Component: TreeApp },
];

/** The pillar showing `game` (a URL parameter: anything), else the first. */
export function pillarOf(game) {
  return PILLARS.find((p) => p.games.includes(game)) ?? PILLARS[0];
}
