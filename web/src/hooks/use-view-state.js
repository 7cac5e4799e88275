// use-view-state.js: what every pillar does with the pillar contract's
// `initial`, `onShare` and `embed` (pillars.js) around its player store.
import { useLayoutEffect, useRef } from 'preact/hooks';
import { intParam } from '../lib/share.js';

/** Embed options from URL parameters / attributes (all untrusted strings). */
/** The views an embed's `view` may name (each game shows those it has). */
export const VIEW_NAMES = ['graph', 'grids', 'board', 'tree', 'table', 'histogram'];

/**
 * An embed's `view` parameter ("graph", "board,graph", ...): the set of
 * views named, known names only, or null (none given or none known: the
 * game's own choice).
 */
export function viewsOf(text) {
  if (typeof text !== 'string') return null;
  const names = text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => VIEW_NAMES.includes(v));
  return names.length ? new Set(names) : null;
}

export function embedOptions(params) {
  const controls = ['full', 'minimal', 'none'].includes(params.controls) ? params.controls : 'full';
  const autoplay = params.autoplay === '1' || params.autoplay === 'true' || params.autoplay === 'on';
  let loop = null;
  const m = typeof params.loop === 'string' ? /^(\d{1,9})-(\d{1,9})$/.exec(params.loop) : null;
  if (m && Number(m[2]) > Number(m[1])) loop = [Number(m[1]), Number(m[2])];
  const speed = intParam(params.speed, 1, 100_000);
  return { controls, autoplay, loop, speed, views: viewsOf(params.view) };
}

/**
 * Returns start(model): called by the pillar right after it loads its first
 * model (in the same effect as store.load, so the model, the link's cursor
 * and its selection arrive together and nothing, a host's queued command
 * included, acts in between), it moves to the link's `step` and selects its
 * `sel` (each checked against the model; `validSel(s, model)` says if a
 * selection exists), if that model answers the link's own request
 * (model.tag === 'link': a newer request that replaced it does not take
 * them); in an embed, sets speed and loop and starts playing if asked.
 * Later models (a new solve) start where the pillar puts them.
 */
export function useStartFromLink(store, initial, embed, { validSel = () => false, onSel = null } = {}) {
  const done = useRef(false);
  allowSelect(store, validSel, onSel);
  return (model) => {
    if (!model || done.current) return;
    done.current = true;
    const count = store.player?.count ?? 0;
    const linked = model.tag === 'link';
    const step = linked ? intParam(initial?.step, 0, count) : null;
    if (embed?.speed) store.setSpeed(embed.speed);
    if (embed?.loop) store.setLoop({ from: Math.min(embed.loop[0], count), to: Math.min(embed.loop[1], count) });
    if (step !== null) store.seek(step);
    else if (embed?.loop) store.seek(Math.min(embed.loop[0], count));
    const sel = linked ? intParam(initial?.sel, -1, 1e9) : null;
    if (sel !== null && validSel(sel, model)) (onSel ?? store.select)(sel);
    if (embed?.autoplay) store.play();
  };
}

/**
 * Calls onShare(params, { store }) whenever `params` (a flat object of
 * strings) changes; the store lets the shell export the player's frames.
 * It tells the shell as the render commits (a layout effect), so a Share
 * opened on the next key or click links what is on screen.
 */
export function useShare(onShare, params, store = null) {
  const last = useRef('');
  useLayoutEffect(() => {
    if (!onShare) return;
    const key = JSON.stringify(params);
    if (key === last.current) return;
    last.current = key;
    onShare(params, { store });
  });
}

/**
 * A link's step and selected state applied to a freshly loaded model, for
 * the pillars that say what they ignored (Cat and Mouse, 913 and 1728):
 * returns one sentence for each parameter that does not fit the model.
 * validSel(s): whether s is a state of the model; what: 'graph', 'board'.
 */
export function applyLink(store, model, link, { validSel, what }) {
  const late = [];
  allowSelect(store, validSel, null);
  if (link.step !== undefined) {
    if (link.step <= model.count) store.seek(link.step);
    else late.push(`Ignored the link's step ${link.step}: this trace has ${model.count} events.`);
  }
  if (link.sel !== undefined) {
    if (validSel(link.sel)) store.select(link.sel);
    else late.push(`Ignored the link's sel ${link.sel}: not a state of this ${what}.`);
  }
  return late;
}

/**
 * An embed's clock on a freshly loaded model: its speed and loop, the loop's
 * start unless the link gave a step, then play if asked.
 */
export function startEmbedClock(store, embed, { hasStep = false } = {}) {
  if (!embed) return;
  const count = store.player?.count ?? 0;
  if (embed.speed) store.setSpeed(embed.speed);
  if (embed.loop) {
    store.setLoop({ from: Math.min(embed.loop[0], count), to: Math.min(embed.loop[1], count) });
    if (!hasStep) store.seek(Math.min(embed.loop[0], count));
  }
  if (embed.autoplay) store.play();
}

// A host page's "select" command (lib/remote.js) reaches the pillar through
// the selection its link's `sel` uses: the pillars register it here.
const selectors = new WeakMap();

function allowSelect(store, validSel, onSel) {
  selectors.set(store, (s) => {
    if (!validSel(s, store.model.peek())) return false;
    (onSel ?? store.select)(s);
    return true;
  });
}

/** Selects state, node or cell s of the pillar playing `store`, if it exists; false otherwise. */
export function selectRemote(store, s) {
  const select = selectors.get(store);
  return select ? select(s) : false;
}
