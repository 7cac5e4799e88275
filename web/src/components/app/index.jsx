import { useEffect, useRef, useState } from 'preact/hooks';
import { useTheme } from '../../hooks/use-theme.js';
import { readParams, writeParams } from '../../lib/share.js';
import { Header } from '../header/index.jsx';
import { Share } from '../share/index.jsx';
import { ShortcutsHelp } from '../shortcuts/index.jsx';
import { PILLARS, pillarOf } from './pillars.js';
import './app.css';

const URL_DELAY_MS = 300; // the URL follows the view at most this often

/** The GAME a link names, and a sentence if it names none we know. */
export function linkGame(asked) {
  const pillar = pillarOf(asked);
  if (asked === undefined || pillar.games.includes(asked)) return { game: asked ?? pillar.games[0], error: null };
  const known = PILLARS.flatMap((p) => p.games).join(', ');
  return { game: pillar.games[0], error: `The link's game "${String(asked).slice(0, 40)}" is not one of ${known}; showing ${pillar.label}.` };
}

/**
 * The shell: the header with one tab per pillar, Share and help, and the
 * pillar shown. `initial` and `linkErrors` come from the page's URL
 * (share.js readParams); the URL then follows what the pillar reports.
 */
export function App({ initial = {}, linkErrors = [] }) {
  const { theme, toggle } = useTheme();
  const [view, setView] = useState(() => {
    const { game, error } = linkGame(initial.game);
    return { game, initial, errors: error ? [...linkErrors, error] : linkErrors, gen: 0 };
  });
  const shared = useRef({});
  const timer = useRef(0);
  const pillar = pillarOf(view.game);

  useEffect(() => {
    const onPop = async () => {
      const { params, errors } = await readParams(window.location.search);
      const { game, error } = linkGame(params.game);
      shared.current = {};
      setView((v) => ({ game, initial: params, errors: error ? [...errors, error] : errors, gen: v.gen + 1 }));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  useEffect(() => {
    document.title = `Perfect Play: ${pillar.label}`;
  }, [pillar]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const paramsNow = () => ({ game: view.game, ...shared.current });
  const syncUrl = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      const query = await writeParams(paramsNow());
      if (query !== window.location.search) window.history.replaceState(null, '', `${window.location.pathname}${query}`);
    }, URL_DELAY_MS);
  };
  const onShare = (params) => {
    shared.current = { ...params };
    delete shared.current.game;
    syncUrl();
  };
  const onGame = (next) => {
    if (next === view.game) return;
    const moving = pillarOf(next) !== pillar;
    if (moving) shared.current = {};
    setView((v) => ({ ...v, game: next, initial: moving ? {} : v.initial, errors: [] }));
    const url = new URL(window.location.href);
    url.search = '';
    url.searchParams.set('game', next);
    window.history.pushState(null, '', url);
  };
  const { Component } = pillar;
  return (
    <>
      <Header game={pillar.title} theme={theme} onToggleTheme={toggle}>
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
        <div class="header__tools">
          <Share getParams={paramsNow} title={`Perfect Play: ${pillar.title}`} />
          <ShortcutsHelp />
        </div>
      </Header>
      {view.errors.length > 0 && (
        <div class="link-errors" role="alert" data-testid="link-errors">
          <ul>
            {view.errors.map((e) => (
              <li>{e}</li>
            ))}
          </ul>
          <button type="button" onClick={() => setView((v) => ({ ...v, errors: [] }))}>
            Dismiss
          </button>
        </div>
      )}
      <Component
        key={`${pillar.id}:${view.gen}`}
        theme={theme}
        game={view.game}
        onGame={onGame}
        initial={view.initial}
        onShare={onShare}
        embed={null}
      />
    </>
  );
}
