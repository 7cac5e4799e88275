// perfect-play.js: the <perfect-play> custom element, for pages that prefer
// a script tag to an iframe snippet.
//
//   <script type="module" src="https://…/perfect-play.js"></script>
//   <perfect-play game="cat-mouse" input="graph = [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]"
//                 algo="retrograde" step="40"></perfect-play>
//
// Every attribute of the embed (authors.html "Parameters") is accepted: game, input
// (or z, compressed), algo, step, sel, the pillar's options, controls,
// autoplay, loop, speed, theme, height. The element holds the embedded player
// (embed.html, served beside this file) in a frame inside its shadow root, so
// neither page's styles reach the other and several elements on one page run
// independently. Changing an attribute reconfigures the player. Without a
// `theme` attribute it follows the host page: its `color-scheme` (CSS) if it
// says light or dark, else the system's preference.
//
// A script drives it (authors.html "Driving a player"):
//   el.step = 40; el.step          go to a step; the step shown
//   el.total                        the trace's events (null before it loads)
//   el.play(); el.pause(); el.playing
//   el.speed = 10                   events per second
//   el.goto(40) / el.goto('first-cutoff') / el.goto('decision', 17)
//   el.select(3)                    a state, node or cell
//   events 'ready' and 'step' (detail { step, total, playing, text })
// Captions: a `captions` attribute ([[from, to, "text"], ...] as JSON) and
// child elements <pp-caption from="1" to="9">text</pp-caption>, read as text.
//
// Where frames are blocked (a page's frame-src, a reader's settings) the
// element shows a fallback instead: the author's child in slot="fallback",
// else the `poster` image, linking to the view in the app. Without script
// at all, the element's children show as they are: put the poster there too.
const EMBED_URL = new URL('embed.html', import.meta.url);
const NAME = /^[a-zA-Z][a-zA-Z0-9_-]{0,31}$/;
const MESSAGE = 'perfect-play:height';
const COMMAND = 'perfect-play:command';
const STEP = 'perfect-play:step';
const READY = 'perfect-play:ready';
const DARK = '(prefers-color-scheme: dark)';
const FALLBACK_MS = 5000; // a player that has not said a word this long after being seen is blocked
const EMBED_ONLY = ['controls', 'autoplay', 'loop', 'speed', 'theme', 'height', 'id', 'events'];
const count = (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);

class PerfectPlay extends HTMLElement {
  static counter = 0;

  constructor() {
    super();
    this.uid = `pp-${++PerfectPlay.counter}`;
    const root = this.attachShadow({ mode: 'open' });
    this.frame = document.createElement('iframe');
    this.frame.setAttribute('part', 'frame');
    this.frame.setAttribute('loading', 'lazy');
    // Styles through the CSSOM: allowed under a strict style-src.
    Object.assign(this.frame.style, { display: 'block', width: '100%', height: '320px', border: '0' });
    // The fallback: the author's <… slot="fallback">, else the poster, as a link to the app.
    this.fallback = document.createElement('div');
    this.fallback.setAttribute('part', 'fallback');
    this.fallback.hidden = true;
    const slot = document.createElement('slot');
    slot.name = 'fallback';
    this.link = document.createElement('a');
    this.link.setAttribute('part', 'fallback-link');
    this.link.target = '_blank';
    this.link.rel = 'noopener';
    this.poster = document.createElement('img');
    this.poster.setAttribute('part', 'poster');
    Object.assign(this.poster.style, { display: 'block', maxWidth: '100%' });
    this.linkText = document.createElement('span');
    this.link.append(this.poster, this.linkText);
    slot.append(this.link);
    this.fallback.append(slot);
    root.append(this.frame, this.fallback);
    this.alive = false; // the player has spoken since the frame was (re)loaded
    this.timer = 0;
    this.seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) this.watch();
    });
    this.ready = false;
    this.queue = []; // commands given before the player is ready
    this.state = { step: null, total: null, playing: false };
    this.onMessage = (event) => {
      if (event.source !== this.frame.contentWindow) return;
      const data = event.data;
      if (!data || typeof data !== 'object') return;
      this.live();
      if (data.type === MESSAGE) {
        const h = Number(data.height);
        if (Number.isFinite(h)) this.frame.style.height = `${Math.round(Math.min(20_000, Math.max(80, h)))}px`;
      } else if (data.type === READY) {
        this.ready = true;
        this.state.total = count(data.total);
        this.send({ action: 'captions', captions: this.captions() });
        for (const cmd of this.queue.splice(0)) this.send(cmd);
        this.dispatchEvent(new CustomEvent('ready', { detail: { total: this.state.total } }));
      } else if (data.type === STEP) {
        const step = count(data.step);
        if (step === null) return;
        this.state = { step, total: count(data.total), playing: data.playing === true };
        const text = typeof data.text === 'string' ? data.text.slice(0, 1000) : '';
        this.dispatchEvent(new CustomEvent('step', { detail: { ...this.state, text } }));
      }
    };
    this.onTheme = () => this.configure();
    this.onCaptions = () => this.ready && this.send({ action: 'captions', captions: this.captions() });
    this.queued = false;
  }

  /** Once the element is on screen: if its player stays silent, frames are blocked here. */
  watch() {
    if (this.alive || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = 0;
      if (!this.alive) this.showFallback(true);
    }, FALLBACK_MS);
  }

  live() {
    this.alive = true;
    clearTimeout(this.timer);
    this.timer = 0;
    this.showFallback(false);
  }

  showFallback(on) {
    this.fallback.hidden = !on;
    this.frame.style.display = on ? 'none' : 'block';
  }

  /** Sends a command to the player, or keeps it until the player is ready. */
  send(cmd) {
    if (this.ready) this.frame.contentWindow?.postMessage({ type: COMMAND, ...cmd }, EMBED_URL.origin);
    else if (this.queue.length < 100) this.queue.push(cmd);
  }

  /** The captions: the attribute's JSON list, then each <pp-caption from to>, as text. */
  captions() {
    let list = [];
    try {
      const parsed = JSON.parse(this.getAttribute('captions') || '[]');
      if (Array.isArray(parsed)) list = parsed;
    } catch {
      // the player says nothing about a bad attribute it never received; the author's console stays clean
    }
    for (const el of this.querySelectorAll('pp-caption')) {
      const from = Number(el.getAttribute('from'));
      const to = el.hasAttribute('to') ? Number(el.getAttribute('to')) : from;
      list.push([from, to, el.textContent]);
    }
    return list;
  }

  get step() {
    return this.state.step ?? (Number(this.getAttribute('step')) || 0);
  }

  set step(value) {
    const step = Math.max(0, Math.trunc(Number(value)));
    if (Number.isFinite(step)) this.send({ action: 'goto', step });
  }

  get total() {
    return this.state.total;
  }

  get playing() {
    return this.state.playing;
  }

  set speed(value) {
    const speed = Number(value);
    if (Number.isFinite(speed)) this.send({ action: 'speed', speed: Math.max(1, Math.min(100_000, speed)) });
  }

  /** goto(step), or goto(moment[, state]) with moment 'start', 'end', 'next', 'prev', 'first-cutoff', 'decision'. */
  goto(target, state) {
    if (typeof target === 'number') this.step = target;
    else if (target === 'decision') this.send({ action: 'goto', moment: target, state: Math.trunc(Number(state)) });
    else this.send({ action: 'goto', moment: String(target) });
  }

  play() {
    this.send({ action: 'play' });
  }

  pause() {
    this.send({ action: 'pause' });
  }

  /** Selects a state (Cat and Mouse), node (trees) or cell (tables). */
  select(index) {
    this.send({ action: 'select', state: Math.trunc(Number(index)) });
  }

  static get observedAttributes() {
    return [
      'game',
      'input',
      'z',
      'algo',
      'step',
      'sel',
      'kind',
      'order',
      'tt',
      'memo',
      'root',
      'catjump',
      'mousejump',
      'controls',
      'autoplay',
      'loop',
      'speed',
      'theme',
      'height',
      'title',
      'captions',
      'poster',
    ];
  }

  connectedCallback() {
    window.addEventListener('message', this.onMessage);
    this.media = window.matchMedia?.(DARK);
    this.media?.addEventListener('change', this.onTheme);
    this.hostObserver = new MutationObserver(this.onTheme);
    this.hostObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style', 'data-theme'] });
    this.captionObserver = new MutationObserver(this.onCaptions);
    this.captionObserver.observe(this, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['from', 'to'] });
    this.seen.observe(this);
    this.configure();
  }

  disconnectedCallback() {
    window.removeEventListener('message', this.onMessage);
    this.media?.removeEventListener('change', this.onTheme);
    this.hostObserver?.disconnect();
    this.captionObserver?.disconnect();
    this.seen.disconnect();
    clearTimeout(this.timer);
    this.timer = 0;
  }

  attributeChangedCallback(name) {
    if (name === 'poster') {
      this.configure();
      return;
    }
    if (name === 'captions') {
      this.onCaptions();
      return;
    }
    if (this.isConnected && !this.queued) {
      this.queued = true; // several attributes set at once reload the frame once
      queueMicrotask(() => {
        this.queued = false;
        this.configure();
      });
    }
  }

  /** The host's theme: its color-scheme if it picks one, else the system's. */
  hostTheme() {
    const scheme = getComputedStyle(this).colorScheme || '';
    if (/\bdark\b/.test(scheme) && !/\blight\b/.test(scheme)) return 'dark';
    if (/\blight\b/.test(scheme) && !/\bdark\b/.test(scheme)) return 'light';
    return this.media?.matches ? 'dark' : 'light';
  }

  configure() {
    const url = new URL(EMBED_URL);
    for (const { name, value } of this.attributes) {
      const key = name === 'catjump' ? 'catJump' : name === 'mousejump' ? 'mouseJump' : name;
      if (key === 'title' || key === 'captions' || key === 'poster' || !NAME.test(key)) continue;
      url.searchParams.set(key, value);
    }
    if (!this.hasAttribute('theme')) url.searchParams.set('theme', this.hostTheme());
    url.searchParams.set('id', this.uid);
    url.searchParams.set('events', '1');
    this.frame.title = this.getAttribute('title') || `Perfect Play: ${this.getAttribute('game') || 'player'}`;
    const height = Number(this.getAttribute('height'));
    if (Number.isFinite(height) && height > 0) this.frame.style.height = `${Math.min(20_000, Math.max(80, height))}px`;
    // The fallback links to the same view in the app.
    const app = new URL('index.html', EMBED_URL);
    for (const [k, v] of url.searchParams) if (!EMBED_ONLY.includes(k)) app.searchParams.set(k, v);
    this.link.href = app.href;
    const poster = this.getAttribute('poster');
    this.poster.hidden = !poster;
    if (poster) this.poster.src = new URL(poster, document.baseURI).href;
    this.poster.alt = this.frame.title;
    this.linkText.textContent = poster ? '' : `${this.frame.title}: open the interactive figure ↗`;
    if (this.frame.src !== url.href) {
      this.ready = false; // a new player: commands wait for its ready message
      this.alive = false;
      this.frame.src = url.href;
      if (this.isConnected) {
        this.seen.unobserve(this);
        this.seen.observe(this); // reports at once if on screen: the clock starts again
      }
    }
  }
}

if (!customElements.get('perfect-play')) customElements.define('perfect-play', PerfectPlay);
