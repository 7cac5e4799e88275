import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useTheme } from '../../hooks/use-theme.js';
import { captionsParam, parseCaptions } from '../../lib/captions.js';
import { readParams, writeParams } from '../../lib/share.js';
import { Caption } from '../caption/index.jsx';
import { Header } from '../header/index.jsx';
import { ExportPanel } from '../export-panel/index.jsx';
import { Share } from '../share/index.jsx';
import { ShortcutsHelp } from '../shortcuts/index.jsx';
import { PillarView } from './pillar-view.jsx';
import { PILLARS, linkGame, pillarOf } from './pillars.js';
import './app.css';

const URL_DELAY_MS = 300; // the URL follows the view at most this often

/**
 * The shell: the header with one tab per pillar, Share and help, and the
 * pillar shown. `initial` and `linkErrors` come from the page's URL
 * (share.js readParams); the URL then follows what the pillar reports.
 */
export function App({ initial = {}, linkErrors = [] }) {
  const { theme, toggle } = useTheme();
  const [view, setView] = useState(() => {
    const { game, error } = linkGame(initial.game);
    const more = [error, parseCaptions(initial.captions).error].filter(Boolean);
    return { game, initial, errors: [...linkErrors, ...more], gen: 0 };
  });
  // An author's captions (lib/captions.js) come with the link and stay with its pillar.
  const captions = useMemo(() => parseCaptions(view.initial.captions).captions, [view.initial]);
  const [store, setStore] = useState(null);
  const shared = useRef({});
  const handles = useRef(null); // { store }: the pillar's player, for exports
  const timer = useRef(0);
  const urlGen = useRef(0); // the latest address asked for (syncUrl)
  const pillar = pillarOf(view.game);

  useEffect(() => {
    const onPop = async () => {
      const { params, errors } = await readParams(window.location.search + window.location.hash);
      const { game, error } = linkGame(params.game);
      shared.current = {};
      const more = [error, parseCaptions(params.captions).error].filter(Boolean);
      setView((v) => ({ game, initial: params, errors: [...errors, ...more], gen: v.gen + 1 }));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  useEffect(() => {
    document.title = `Perfect Play: ${pillar.label}`;
  }, [pillar]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const paramsNow = () => ({ game: view.game, ...shared.current, captions: captionsParam(captions) });
  const syncUrl = () => {
    clearTimeout(timer.current);
    const mine = ++urlGen.current;
    timer.current = setTimeout(async () => {
      const query = await writeParams(paramsNow());
      // a newer view's address may be written while this one was encoded (a
      // long input is compressed): the older one must not overwrite it
      if (mine !== urlGen.current) return;
      if (query !== window.location.search + window.location.hash) window.history.replaceState(null, '', `${window.location.pathname}${query}`);
    }, URL_DELAY_MS);
  };
  const onShare = (params, given = null) => {
    if (given) {
      handles.current = given;
      setStore(() => given.store ?? null);
    }
    shared.current = { ...params };
    delete shared.current.game;
    syncUrl();
  };
  const onGame = (next) => {
    if (next === view.game) return;
    const moving = pillarOf(next) !== pillar;
    if (moving) {
      shared.current = {};
      handles.current = null;
      setStore(null);
    }
    setView((v) => ({ ...v, game: next, initial: moving ? {} : v.initial, errors: [] }));
    const url = new URL(window.location.href);
    url.search = '';
    url.hash = '';
    url.searchParams.set('game', next);
    window.history.pushState(null, '', url);
  };
  return (
    <>
      <Header game={pillar.titles?.[view.game] ?? pillar.title} theme={theme} onToggleTheme={toggle}>
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
          <Share getParams={paramsNow} title={`Perfect Play: ${pillar.title}`}>
            <ExportPanel getParams={paramsNow} getStore={() => handles.current?.store ?? null} captions={captions} />
          </Share>
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
      <Caption store={store} captions={captions} place="app" />
      <PillarView
        pillar={pillar}
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
