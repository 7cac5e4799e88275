import { useRef } from 'preact/hooks';
import { CatMouse2App } from '../cat-mouse2-app/index.jsx';
import { CatMouseApp } from '../cat-mouse-app/index.jsx';
import './cat-mouse-pillar.css';

/** The pillar's games, in the switcher's order. */
export const CAT_MOUSE_GAMES = [
  { game: 'cat-mouse', label: 'LeetCode 913: on a graph', Component: CatMouseApp },
  { game: 'cat-mouse-ii', label: 'LeetCode 1728: on a grid', Component: CatMouse2App },
];

/**
 * The Cat and Mouse pillar (pillars.js props): a switcher between LeetCode
 * 913 and 1728, and the game shown. The link's `initial` belongs to the game
 * the page opened on; a game switched to later starts from its defaults.
 */
export function CatMousePillar({ theme, game = 'cat-mouse', onGame = () => {}, initial = null, onShare = null, embed = null }) {
  const shown = CAT_MOUSE_GAMES.find((g) => g.game === game) ?? CAT_MOUSE_GAMES[0];
  const first = useRef(shown.game);
  const { Component } = shown;
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
      <Component
        key={shown.game}
        theme={theme}
        initial={shown.game === first.current ? initial : null}
        onShare={onShare}
        embed={embed}
      />
    </>
  );
}
