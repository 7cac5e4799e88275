import { useEffect, useState } from 'preact/hooks';
import { useTheme } from '../../hooks/use-theme.js';
import { Header } from '../header/index.jsx';
import { PILLARS, pillarOf } from './pillars.js';
import './app.css';

/** ?game= from the page's URL; only ever compared with known names. */
function urlGame() {
  try {
    return new URLSearchParams(window.location.search).get('game');
  } catch {
    return null;
  }
}

/** Writes ?game= into the URL (keeping the other parameters) without a reload. */
function setUrlGame(game) {
  const url = new URL(window.location.href);
  if (url.searchParams.get('game') === game) return;
  url.searchParams.set('game', game);
  window.history.pushState(null, '', url);
}

/** The shell: the header, one tab per pillar, and the pillar shown. */
export function App() {
  const { theme, toggle } = useTheme();
  const [game, setGame] = useState(() => {
    const asked = urlGame();
    return pillarOf(asked).games.includes(asked) ? asked : pillarOf(asked).games[0];
  });
  const pillar = pillarOf(game);

  useEffect(() => {
    const onPop = () => {
      const asked = urlGame();
      setGame(pillarOf(asked).games.includes(asked) ? asked : pillarOf(asked).games[0]);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  useEffect(() => {
    document.title = `Perfect Play: ${pillar.label}`;
  }, [pillar]);

  const onGame = (next) => {
    setGame(next);
    setUrlGame(next);
  };
  const { Component } = pillar;
  return (
    <>
      <Header game={pillar.titles?.[game] ?? pillar.title} theme={theme} onToggleTheme={toggle}>
        {PILLARS.length > 1 && (
          <nav class="pillars" aria-label="Games">
            {PILLARS.map((p) => (
              <button
                type="button"
                class="pillars__tab"
                aria-current={p === pillar ? 'page' : undefined}
                data-testid={`pillar-${p.id}`}
                onClick={() => p !== pillar && onGame(p.games[0])}
              >
                {p.label}
              </button>
            ))}
          </nav>
        )}
      </Header>
      <Component key={pillar.id} theme={theme} game={game} onGame={onGame} />
    </>
  );
}
