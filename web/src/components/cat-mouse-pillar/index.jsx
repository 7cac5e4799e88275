import { useEffect, useRef } from 'preact/hooks';
import { PillarView } from '../app/pillar-view.jsx';
import { LazyStateGraph } from '../state-graph/lazy.js';
import './cat-mouse-pillar.css';

/** The pillar's games, in the switcher's order. */
export const CAT_MOUSE_GAMES = [
  // Each problem's code loads when it is first shown (an embed of one ships no other).
  {
    game: 'cat-mouse',
    label: 'LeetCode 913: on a graph',
    load: () => import('../cat-mouse-app/index.jsx').then((m) => m.CatMouseApp),
  },
  {
    game: 'cat-mouse-ii',
    label: 'LeetCode 1728: on a grid',
    load: () => import('../cat-mouse2-app/index.jsx').then((m) => m.CatMouse2App),
  },
];

/**
 * The Cat and Mouse pillar (pillars.js props): a switcher between LeetCode
 * 913 and 1728, and the game shown. The link's `initial` belongs to the game
 * the page opened on; a game switched to later starts from its defaults.
 */
export function CatMousePillar({ theme, game = 'cat-mouse', onGame = () => {}, initial = null, onShare = null, embed = null }) {
  const shown = CAT_MOUSE_GAMES.find((g) => g.game === game) ?? CAT_MOUSE_GAMES[0];
  const first = useRef(shown.game);
  // Both games draw their state graph once solved: its code is fetched beside theirs (an embed's only when its view names it).
  useEffect(() => {
    if (!embed || embed.views?.has('graph')) LazyStateGraph.preload();
  }, []);
  return (
    <>
      {!embed && (
        <nav class="cm-switch" aria-label="Cat and Mouse problems">
          {CAT_MOUSE_GAMES.map((g) => (
            <button
              type="button"
              key={g.game}
              class="cm-switch__tab"
              aria-current={g === shown ? 'page' : undefined}
              data-testid={`game-${g.game}`}
              onClick={() => g !== shown && onGame(g.game)}
            >
              {g.label}
            </button>
          ))}
        </nav>
      )}
      <PillarView
        pillar={{ id: shown.game, label: shown.label, load: shown.load }}
        key={shown.game}
        theme={theme}
        initial={shown.game === first.current ? initial : null}
        onShare={onShare}
        embed={embed}
      />
    </>
  );
}
