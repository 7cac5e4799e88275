// pillars.js: the parts of the product, one tab each. A pillar is a component
// that owns everything below the header; `games` are the GAME names
// (DESIGN.md) it shows, so a URL's ?game= picks the pillar. The first game is
// the pillar's default.
//
// A pillar's props (the same in the app and in the embed):
//   theme    'light' | 'dark'
//   game     the GAME name shown; onGame(name) switches it
//   initial  the URL's parameters as a plain object of strings (input, algo,
//            step, sel and the pillar's own options), untrusted: the pillar
//            validates each as data, ignores a bad one with a visible message,
//            and never inserts any as HTML
//   onShare  onShare(params): the pillar calls it whenever what it shows
//            changes, with the strings that reproduce it through `initial`
//            (input, algo, options, step, sel); the shell keeps them in the
//            URL and builds links and embed code from them
//   embed    null in the app; in embed.html { controls: 'full' | 'minimal' |
//            'none', autoplay, loop: [from, to] | null, speed | null }: the
//            pillar shows its main view and the player only (no input forms)
// Each pillar's code is fetched when it is first shown (`load`; see
// pillar-view.jsx), so an embed of one pillar ships no other.
import { DP_GAME_NAMES } from '../../lib/dp-names.js';

export const PILLARS = [
  {
    id: 'cat-mouse',
    label: 'Cat and Mouse',
    title: 'Cat and Mouse (LeetCode 913)',
    // a game's own header title, where it differs from the pillar's
    titles: { 'cat-mouse-ii': 'Cat and Mouse II (LeetCode 1728)' },
    games: ['cat-mouse', 'cat-mouse-ii'],
    load: () => import('../cat-mouse-pillar/index.jsx').then((m) => m.CatMousePillar),
  },
  {
    id: 'chess',
    label: 'Chess endgames',
    title: 'Chess endgame tables: retrograde analysis',
    games: ['chess-endgame'],
    load: () => import('../chess-app/index.jsx').then((m) => m.ChessApp),
  },
  {
    id: 'tree',
    label: 'Game trees',
    title: 'Game trees: minimax and alpha-beta',
    games: ['tree', 'tic-tac-toe'],
    load: () => import('../tree-app/index.jsx').then((m) => m.TreeApp),
  },
  {
    id: 'dp',
    label: 'Stone games',
    title: 'Stone games and friends: DP tables',
    games: DP_GAME_NAMES,
    load: () => import('../dp-app/index.jsx').then((m) => m.DpApp),
  },
  {
    id: 'gdl',
    label: 'Your game',
    title: 'Your game: rules in GDL, its state graph solved',
    games: ['gdl'],
    load: () => import('../gdl-app/index.jsx').then((m) => m.GdlApp),
  },
];

/** The pillar showing `game` (a URL parameter: anything), else the first. */
export function pillarOf(game) {
  return PILLARS.find((p) => p.games.includes(game)) ?? PILLARS[0];
}

/** The GAME a link names, and a sentence if it names none we know. */
export function linkGame(asked) {
  const pillar = pillarOf(asked);
  if (asked === undefined || pillar.games.includes(asked)) return { game: asked ?? pillar.games[0], error: null };
  const known = PILLARS.flatMap((p) => p.games).join(', ');
  return { game: pillar.games[0], error: `The link's game "${String(asked).slice(0, 40)}" is not one of ${known}; showing ${pillar.label}.` };
}
