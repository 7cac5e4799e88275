// embed.jsx: embed.html, the player without the app's chrome, for an iframe
// on somebody else's page. Configured by the app's link parameters plus
// controls, autoplay, loop, speed, theme and height (README "Embedding").
// It tells its parent its height with postMessage (sizes and steps only) and
// listens to its parent alone.
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { linkGame } from './components/app/index.jsx';
import { PillarView } from './components/app/pillar-view.jsx';
import { pillarOf } from './components/app/pillars.js';
import { embedOptions } from './hooks/use-view-state.js';
import { applyTheme } from './hooks/use-theme.js';
import { intParam, readParams, writeParams } from './lib/share.js';
import './styles/base.css';
import './styles/embed.css';

const HEIGHT_MESSAGE = 'perfect-play:height';
const EMBED_ONLY = ['controls', 'autoplay', 'loop', 'speed', 'theme', 'height', 'id'];

/** The theme asked for: 'light', 'dark', or null to follow the system. */
function themeOf(params) {
  return params.theme === 'light' || params.theme === 'dark' ? params.theme : null;
}

function systemDark() {
  return Boolean(globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches);
}

function Embed({ params, errors }) {
  const forced = themeOf(params);
  const [dark, setDark] = useState(() => (forced ? forced === 'dark' : systemDark()));
  const embed = embedOptions(params);
  const height = intParam(params.height, 120, 10_000);
  const { game, error } = linkGame(params.game);
  const pillar = pillarOf(game);
  const root = useRef(null);
  const [shared, setShared] = useState({});
  const [openHref, setOpenHref] = useState('index.html');

  useEffect(() => {
    if (forced) return undefined;
    const query = globalThis.matchMedia?.('(prefers-color-scheme: dark)');
    const onChange = () => setDark(systemDark());
    query?.addEventListener('change', onChange);
    return () => query?.removeEventListener('change', onChange);
  }, []);

  // The height goes to the parent whenever the content's height changes.
  useEffect(() => {
    if (window.parent === window) return undefined;
    let last = -1;
    const send = () => {
      const h = height ?? Math.ceil(root.current?.getBoundingClientRect().height ?? 0);
      if (h === last) return;
      last = h;
      window.parent.postMessage({ type: HEIGHT_MESSAGE, height: h, id: params.id ?? null }, '*');
    };
    const observer = new ResizeObserver(send);
    if (root.current) observer.observe(root.current);
    send();
    return () => observer.disconnect();
  }, []);

  // "Open in Perfect Play" keeps the view: the same parameters without the embed's own.
  useEffect(() => {
    const view = { game, ...shared };
    for (const k of EMBED_ONLY) delete view[k];
    writeParams(view).then((q) => setOpenHref(`index.html${q}`));
  }, [shared, game]);

  const all = error ? [...errors, error] : errors;
  return (
    <div ref={root} class={`embed-root embed-root--controls-${embed.controls ?? 'full'}`} style={height ? { height: `${height}px`, overflow: 'auto' } : undefined}>
      {all.length > 0 && (
        <ul class="link-errors embed-errors" role="alert" data-testid="link-errors">
          {all.map((e) => (
            <li>{e}</li>
          ))}
        </ul>
      )}
      <PillarView
        pillar={pillar}
        theme={dark ? 'dark' : 'light'}
        game={game}
        onGame={() => {}}
        initial={params}
        onShare={(p) => setShared(p)}
        embed={embed}
      />
      <p class="embed-footer">
        <a href={openHref} target="_blank" rel="noopener" data-testid="embed-open">
          Open in Perfect Play ↗
        </a>
      </p>
    </div>
  );
}

readParams(window.location.search).then(({ params, errors }) => {
  applyTheme(themeOf(params));
  render(<Embed params={params} errors={errors} />, document.getElementById('app'));
});
