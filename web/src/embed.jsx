// embed.jsx: embed.html, the player without the app's chrome, for an iframe
// on somebody else's page. Configured by the app's link parameters plus
// controls, autoplay, loop, speed, theme and height (authors.html "Parameters").
// It tells its parent its height with postMessage (sizes and steps only) and
// listens to its parent alone: the parent drives it by the commands of
// lib/remote.js, and with events=1 (or a subscribe command) hears of every
// cursor move. `captions` (lib/captions.js) puts a text under the drawing.
import { effect } from '@preact/signals';
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { PillarView } from './components/app/pillar-view.jsx';
import { linkGame, pillarOf } from './components/app/pillars.js';
import { embedOptions, selectRemote } from './hooks/use-view-state.js';
import { applyTheme } from './hooks/use-theme.js';
import { Caption } from './components/caption/index.jsx';
import { captionsParam, parseCaptions } from './lib/captions.js';
import { applyCommand, parseCommand, READY, STEP } from './lib/remote.js';
import { intParam, readParams, writeParams } from './lib/share.js';
import './styles/base.css';
import './styles/embed.css';

const HEIGHT_MESSAGE = 'perfect-play:height';
const EMBED_ONLY = ['controls', 'autoplay', 'loop', 'speed', 'theme', 'height', 'id', 'events'];

/** The current event's words, as the player's readout shows them ('' without one). */
function readoutText() {
  return document.querySelector('[data-testid="readout"] .player__what')?.textContent ?? '';
}

// Commands from the parent, checked, kept from the page's first moment (a host
// may send them on the frame's load event, before the player exists) until
// useRemote takes them.
const inbox = { queue: [], take: null };
if (window.parent !== window) {
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    const cmd = parseCommand(event.data);
    if (!cmd) return;
    if (inbox.take) inbox.take(cmd);
    else if (inbox.queue.length < 100) inbox.queue.push(cmd);
  });
}

/**
 * The host's remote control (lib/remote.js): commands from the parent window
 * only, each checked; queued until the first model is loaded and the link's
 * step applied; step messages to the parent when subscribed.
 */
function useRemote(store, id, { events, setCaptions }) {
  useEffect(() => {
    if (!store || window.parent === window) return undefined;
    const parent = window.parent;
    const queue = inbox.queue;
    let ready = false;
    let subscribed = events;
    let pending = false;
    let live = true;
    const post = (message) => parent.postMessage({ ...message, id }, '*');
    const report = () => {
      pending = false;
      if (!live || !subscribed || !store.player) return;
      post({ type: STEP, step: store.cursor.peek(), total: store.player.count, playing: store.playing.peek(), text: readoutText() });
    };
    // After Preact has drawn the move, so the text is the new one: its render is a microtask queued when
    // the signal changed, and a microtask queued by a microtask runs after it (@preact/signals defers its
    // DOM updates the same way). Still in the task that made the move, so every move drawn is reported:
    // a timer could fire after the next frame's move, and the host missed the one between (seen on a
    // loaded machine, where Chromium runs frames before timers).
    const schedule = () => {
      if (pending) return;
      pending = true;
      queueMicrotask(() => queueMicrotask(report));
    };
    const run = (cmd) =>
      applyCommand(store, cmd, {
        select: (s) => selectRemote(store, s),
        setCaptions,
        setEvents: (on) => {
          subscribed = on;
          if (on) schedule();
        },
      });
    inbox.take = (cmd) => {
      if (ready) run(cmd);
      else if (queue.length < 100) queue.push(cmd);
    };
    let readyTimer = 0;
    const stopModel = effect(() => {
      if (!store.model.value || ready || readyTimer) return;
      // The pillar applies the link's step and selection in the same round of effects.
      readyTimer = setTimeout(() => {
        ready = true;
        post({ type: READY, total: store.player?.count ?? 0 });
        for (const cmd of queue.splice(0)) run(cmd);
        schedule();
      }, 0);
    });
    const stopCursor = effect(() => {
      store.cursor.value;
      store.playing.value;
      if (ready) schedule();
    });
    return () => {
      inbox.take = null;
      stopModel();
      stopCursor();
      clearTimeout(readyTimer);
      live = false;
    };
  }, [store]);
}

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
  const [store, setStore] = useState(null);
  const [captions, setCaptionList] = useState(() => parseCaptions(params.captions));
  const setCaptions = (list) => setCaptionList(parseCaptions(list));
  const events = params.events === '1' || params.events === 'true';
  useRemote(store, params.id ?? null, { events, setCaptions });

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
    const view = { game, ...shared, captions: captionsParam(captions.captions) };
    for (const k of EMBED_ONLY) delete view[k];
    writeParams(view).then((q) => setOpenHref(`index.html${q}`));
  }, [shared, game, captions]);

  const all = [...errors, ...(error ? [error] : []), ...(captions.error ? [captions.error] : [])];
  return (
    <div
      ref={root}
      class={`embed-root embed-root--controls-${embed.controls ?? 'full'}`}
      style={height ? { height: `${height}px`, overflow: 'auto' } : undefined}
    >
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
        onShare={(p, handles) => {
          setShared(p);
          if (handles?.store) setStore(() => handles.store);
        }}
        embed={embed}
      />
      <Caption store={store} captions={captions.captions} />
      <p class="embed-footer">
        <a href={openHref} target="_blank" rel="noopener" data-testid="embed-open">
          Open in Perfect Play ↗
        </a>
      </p>
    </div>
  );
}

readParams(window.location.search + window.location.hash).then(({ params, errors }) => {
  applyTheme(themeOf(params));
  render(<Embed params={params} errors={errors} />, document.getElementById('app'));
});
