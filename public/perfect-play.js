// perfect-play.js: the <perfect-play> custom element, for pages that prefer
// a script tag to an iframe snippet.
//
//   <script type="module" src="https://…/perfect-play.js"></script>
//   <perfect-play game="cat-mouse" input="graph = [[2,5],[3],[0,4,5],[1,4,5],[2,3],[0,2,3]]"
//                 algo="retrograde" step="40"></perfect-play>
//
// Every attribute of the embed (README "Embedding") is accepted: game, input
// (or z, compressed), algo, step, sel, the pillar's options, controls,
// autoplay, loop, speed, theme, height. The element holds the embedded player
// (embed.html, served beside this file) in a frame inside its shadow root, so
// neither page's styles reach the other and several elements on one page run
// independently. Changing an attribute reconfigures the player. Without a
// `theme` attribute it follows the host page: its `color-scheme` (CSS) if it
// says light or dark, else the system's preference.
const EMBED_URL = new URL('embed.html', import.meta.url);
const NAME = /^[a-zA-Z][a-zA-Z0-9_-]{0,31}$/;
const MESSAGE = 'perfect-play:height';
const DARK = '(prefers-color-scheme: dark)';

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
    root.append(this.frame);
    this.onMessage = (event) => {
      if (event.source !== this.frame.contentWindow) return;
      const data = event.data;
      if (!data || typeof data !== 'object' || data.type !== MESSAGE) return;
      const h = Number(data.height);
      if (Number.isFinite(h)) this.frame.style.height = `${Math.round(Math.min(20_000, Math.max(80, h)))}px`;
    };
    this.onTheme = () => this.configure();
    this.queued = false;
  }

  static get observedAttributes() {
    return ['game', 'input', 'z', 'algo', 'step', 'sel', 'kind', 'order', 'tt', 'memo', 'root', 'catjump', 'mousejump',
      'controls', 'autoplay', 'loop', 'speed', 'theme', 'height', 'title'];
  }

  connectedCallback() {
    window.addEventListener('message', this.onMessage);
    this.media = window.matchMedia?.(DARK);
    this.media?.addEventListener('change', this.onTheme);
    this.hostObserver = new MutationObserver(this.onTheme);
    this.hostObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style', 'data-theme'] });
    this.configure();
  }

  disconnectedCallback() {
    window.removeEventListener('message', this.onMessage);
    this.media?.removeEventListener('change', this.onTheme);
    this.hostObserver?.disconnect();
  }

  attributeChangedCallback() {
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
      if (key === 'title' || !NAME.test(key)) continue;
      url.searchParams.set(key, value);
    }
    if (!this.hasAttribute('theme')) url.searchParams.set('theme', this.hostTheme());
    url.searchParams.set('id', this.uid);
    this.frame.title = this.getAttribute('title') || `Perfect Play: ${this.getAttribute('game') || 'player'}`;
    const height = Number(this.getAttribute('height'));
    if (Number.isFinite(height) && height > 0) this.frame.style.height = `${Math.min(20_000, Math.max(80, height))}px`;
    if (this.frame.src !== url.href) this.frame.src = url.href;
  }
}

if (!customElements.get('perfect-play')) customElements.define('perfect-play', PerfectPlay);
