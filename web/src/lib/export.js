// export.js: the current frame as PNG or SVG, a range of steps as a WebM
// video, and the trace as JSON. The frame is the pillar's element marked
// data-export-frame: every <svg> and <canvas> drawn in it, placed where it is
// on screen, over the theme's background. SVGs get their computed styles
// written onto each element, so the file looks the same outside the page.
// A drawing made of page elements (Cat and Mouse II's board of buttons) is
// marked data-export-boxes: it is exported as the SVG of its boxes (each
// element's background and border) and of its visible text. A caption (an
// author's text for the current step, lib/captions.js) is drawn in a band
// under the drawing, as text (never markup).

const STYLE_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'visibility',
  'display',
  'paint-order',
];

/** The frame element of the page's pillar, or null. */
export function findFrame(doc = document) {
  return doc.querySelector('main [data-export-frame]') ?? doc.querySelector('[data-export-frame]');
}

/** Every frame of the page's pillar (a page may show several drawings, each named by its data-export-frame), in page order. */
export function findFrames(doc = document) {
  const inMain = [...doc.querySelectorAll('main [data-export-frame]')];
  if (inMain.length) return inMain;
  const any = doc.querySelector('[data-export-frame]');
  return any ? [any] : [];
}

/** The drawings of `root`: its canvases and outermost SVGs, with their boxes relative to root. */
export function parts(root) {
  const box = root.getBoundingClientRect();
  const found = [...root.querySelectorAll('svg, canvas, [data-export-boxes]')].filter(
    (el) => !(el instanceof SVGElement && el.ownerSVGElement) && !el.parentElement?.closest('[data-export-boxes]') && el.getBoundingClientRect().width > 0,
  );
  if (found.length === 0) throw new Error('this view is made of page elements, not a drawing: use a screenshot');
  return {
    width: Math.max(1, Math.ceil(box.width)),
    height: Math.max(1, Math.ceil(box.height)),
    items: found.map((el) => {
      const r = el.getBoundingClientRect();
      return { el, x: r.left - box.left, y: r.top - box.top, w: r.width, h: r.height };
    }),
  };
}

/** A standalone copy of `svg` (a string), its look carried in style attributes. */
export function standaloneSvg(svg, place = {}) {
  return new XMLSerializer().serializeToString(standaloneClone(svg, place));
}

/** The element standaloneSvg serializes: a deep copy of `svg` with its computed look inline. */
export function standaloneClone(svg, { x = 0, y = 0, w, h } = {}) {
  const clone = svg.cloneNode(true);
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [clone, ...clone.querySelectorAll('*')];
  for (let i = 0; i < from.length; i++) {
    const cs = getComputedStyle(from[i]);
    // Through the CSSOM: a style attribute set as text is refused by the page's CSP.
    for (const p of STYLE_PROPS) to[i].style.setProperty(p, cs.getPropertyValue(p));
    to[i].removeAttribute('class');
    if (to[i].tagName.toLowerCase() === 'title') to[i].remove();
  }
  const r = svg.getBoundingClientRect();
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('x', String(x));
  clone.setAttribute('y', String(y));
  clone.setAttribute('width', String(w ?? r.width));
  clone.setAttribute('height', String(h ?? r.height));
  if (!clone.getAttribute('viewBox')) clone.setAttribute('viewBox', `0 0 ${r.width} ${r.height}`);
  return clone;
}

export const esc = (text) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const visible = (colour) => colour && colour !== 'transparent' && !/rgba\([^)]*,\s*0\)$/.test(colour);

/** Whether an element is drawn at all (not display:none, not a screen-reader-only clip). */
function shown(el) {
  const cs = getComputedStyle(el);
  if (cs.display === 'none' || cs.visibility === 'hidden' || Number(cs.opacity) === 0) return false;
  const r = el.getBoundingClientRect();
  return r.width > 1 && r.height > 1;
}

/**
 * A drawing made of page elements as a standalone SVG (a string): each shown
 * element's background and border as a rect, each text as a text element in
 * its computed font and colour, where it is on screen relative to `el`.
 */
export function boxesSvg(el, { x = 0, y = 0 } = {}) {
  const box = el.getBoundingClientRect();
  const out = [];
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent.trim();
      if (!text) return;
      const range = document.createRange();
      range.selectNodeContents(node);
      const r = range.getBoundingClientRect();
      if (r.width < 1) return;
      const cs = getComputedStyle(node.parentElement);
      const size = parseFloat(cs.fontSize) || 12;
      out.push(
        `<text x="${(r.left - box.left).toFixed(1)}" y="${(r.top - box.top + (r.height + size * 0.7) / 2).toFixed(1)}" ` +
          `style="font-family:${esc(cs.fontFamily)};font-size:${cs.fontSize};font-weight:${cs.fontWeight};fill:${cs.color}">${esc(text)}</text>`,
      );
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE || !shown(node)) return;
    const cs = getComputedStyle(node);
    const r = node.getBoundingClientRect();
    const bw = parseFloat(cs.borderTopWidth) || 0;
    const fill = visible(cs.backgroundColor) ? cs.backgroundColor : 'none';
    const stroke = bw > 0 && visible(cs.borderTopColor) ? cs.borderTopColor : 'none';
    if (fill !== 'none' || stroke !== 'none') {
      const radius = Math.min(parseFloat(cs.borderTopLeftRadius) || 0, r.width / 2, r.height / 2);
      out.push(
        `<rect x="${(r.left - box.left + bw / 2).toFixed(1)}" y="${(r.top - box.top + bw / 2).toFixed(1)}" ` +
          `width="${Math.max(0, r.width - bw).toFixed(1)}" height="${Math.max(0, r.height - bw).toFixed(1)}" rx="${radius.toFixed(1)}" ` +
          `style="fill:${fill};stroke:${stroke};stroke-width:${bw}px"/>`,
      );
    }
    for (const child of node.childNodes) walk(child);
  };
  walk(el);
  const w = box.width.toFixed(1);
  const h = box.height.toFixed(1);
  return `<svg xmlns="http://www.w3.org/2000/svg" x="${x}" y="${y}" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${out.join('')}</svg>`;
}

/** The standalone SVG of one part of the frame. */
export function partSvg(el, place) {
  return el.hasAttribute('data-export-boxes') ? boxesSvg(el, place) : standaloneSvg(el, place);
}

/** The page's background: the body's, else the root element's, else white (a GIF frame has no transparency). */
export function background() {
  for (const el of [document.body, document.documentElement]) {
    const colour = getComputedStyle(el).backgroundColor;
    if (visible(colour)) return colour;
  }
  return '#ffffff';
}

export const CAPTION = { size: 15, line: 20, pad: 10 };
let measurer = null;

/**
 * The caption band under a frame `width` wide: { lines, height, font, colour }
 * (height 0 without a caption). `minLines` keeps a video's frames one size.
 */
export function captionBand(text, width, minLines = 0) {
  const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
  const font = `${CAPTION.size}px ${family}`;
  const lines = [];
  if (text) {
    measurer ??= document.createElement('canvas').getContext('2d');
    measurer.font = font;
    const room = Math.max(40, width - 2 * CAPTION.pad);
    let line = '';
    for (const word of text.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (line && measurer.measureText(next).width > room) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
  }
  const n = Math.max(lines.length, minLines);
  return { lines, font, colour: getComputedStyle(document.body).color || '#000000', height: n ? n * CAPTION.line + 2 * CAPTION.pad : 0 };
}

/** The most lines any of `texts` takes under a frame `width` wide. */
export function captionLines(texts, width) {
  return Math.max(0, ...texts.map((t) => captionBand(t, width).lines.length));
}

/** The frame as one SVG document (canvases embedded as PNG images), with `caption` under it. */
export function frameSvg(root, { caption = '' } = {}) {
  const { width, height: drawn, items } = parts(root);
  const band = captionBand(caption, width);
  const height = drawn + band.height;
  const body = items.map(({ el, x, y, w, h }) =>
    el instanceof HTMLCanvasElement ? `<image x="${x}" y="${y}" width="${w}" height="${h}" href="${el.toDataURL('image/png')}"/>` : partSvg(el, { x, y, w, h }),
  );
  const text = band.lines.map(
    (line, i) =>
      `<text x="${CAPTION.pad}" y="${drawn + CAPTION.pad + (i + 0.75) * CAPTION.line}" style="font:${esc(band.font)};fill:${band.colour}">${esc(line)}</text>`,
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="${background()}"/>${body.join('')}${text.join('')}</svg>`
  );
}

function loadImage(url) {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('the frame could not be drawn'));
    img.src = url;
  });
}

/**
 * Draws the frame onto `canvas` (resized to the frame times `scale`), with
 * `caption` in a band under it at least `minLines` lines high.
 */
export async function drawFrame(root, canvas, scale = 1, { caption = '', minLines = 0 } = {}) {
  const { width, height: drawn, items } = parts(root);
  const band = captionBand(caption, width, minLines);
  const height = drawn + band.height;
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  const ctx = canvas.getContext('2d');
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.fillStyle = background();
  ctx.fillRect(0, 0, width, height);
  for (const { el, x, y, w: iw, h: ih } of items) {
    if (el instanceof HTMLCanvasElement) {
      el.ppBeforeCopy?.(); // a WebGL canvas draws again: its buffer is not kept once shown
      ctx.drawImage(el, x, y, iw, ih);
    } else {
      const url = URL.createObjectURL(new Blob([partSvg(el, {})], { type: 'image/svg+xml' }));
      try {
        ctx.drawImage(await loadImage(url), x, y, iw, ih);
      } finally {
        URL.revokeObjectURL(url);
      }
    }
  }
  ctx.font = band.font;
  ctx.fillStyle = band.colour;
  ctx.textBaseline = 'alphabetic';
  band.lines.forEach((line, i) => ctx.fillText(line, CAPTION.pad, drawn + CAPTION.pad + (i + 0.75) * CAPTION.line));
  return canvas;
}

/** The frame as a PNG Blob, with `caption` under it. */
export async function framePng(root, scale = 2, { caption = '' } = {}) {
  const canvas = await drawFrame(root, document.createElement('canvas'), scale, { caption });
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
}

export const nextFrame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Records steps from..to of `store` as a WebM video at `fps` frames a second
 * (one step a frame), `scale` times the frame's size, each frame with
 * `captionAt(step)` under it. `onProgress(done, total)`. The store is left
 * where it was.
 */
export async function recordWebm(root, store, { from, to, fps = 10, scale = 1, captionAt = () => '', onProgress = () => {}, signal } = {}) {
  if (typeof MediaRecorder === 'undefined') throw new Error('this browser cannot record video (no MediaRecorder)');
  const mime = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'].find((m) => MediaRecorder.isTypeSupported(m));
  if (!mime) throw new Error('this browser cannot record WebM video');
  const back = store.cursor.peek();
  const canvas = document.createElement('canvas');
  const texts = [];
  for (let k = from; k <= to; k++) texts.push(captionAt(k));
  const minLines = captionLines(texts, parts(root).width);
  store.seek(from);
  await nextFrame();
  await drawFrame(root, canvas, scale, { caption: captionAt(from), minLines });
  const stream = canvas.captureStream(0);
  const [track] = stream.getVideoTracks();
  const recorder = new MediaRecorder(stream, { mimeType: mime, videoBitsPerSecond: 4_000_000 });
  const chunks = [];
  recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
  const stopped = new Promise((r) => (recorder.onstop = r));
  const started = new Promise((r) => (recorder.onstart = r));
  recorder.start();
  await started; // frames requested before the recorder runs are not recorded
  const total = to - from + 1;
  try {
    for (let k = from; k <= to; k++) {
      if (signal?.aborted) break;
      store.seek(k);
      await nextFrame();
      await drawFrame(root, canvas, scale, { caption: captionAt(k), minLines });
      track.requestFrame();
      onProgress(k - from + 1, total);
      await sleep(1000 / fps);
    }
  } finally {
    recorder.stop();
    await stopped;
    track.stop();
    store.seek(back);
  }
  return new Blob(chunks, { type: 'video/webm' });
}

/** The names of the trace's event kinds (perfect_play.h's PP_EV_*). */
export const EVENT_KINDS = [
  '',
  'SEED',
  'POP',
  'PARENT',
  'DEGREE',
  'COLOR',
  'ENTER',
  'LEAF',
  'CYCLE',
  'MEMO_HIT',
  'CHILD',
  'EXIT',
  'AB_ENTER',
  'AB_LEAF',
  'AB_HIT',
  'AB_MOVE',
  'AB_VALUE',
  'AB_RAISE',
  'AB_CUTOFF',
  'AB_EXIT',
  'DP_CELL',
  'DP_READ',
  'DP_CHOICE',
  'DP_PAIR',
  'DP_CALL',
  'DP_HIT',
  'DP_MARK',
  'DP_BASE',
  'C4_PROBE',
  'C4_BOUNDS',
  'PN_NODE',
  'PN_MARK',
  'MC_SELECT',
  'MC_EXPAND',
  'MC_MOVE',
  'MC_PLAYOUT',
  'MC_BACKUP',
  'MC_PROVE',
  'MC_CHOOSE',
];

/**
 * The trace as JSON (docs/architecture.md "Export formats"): format and version, what was
 * solved, and one [kind, step, a, b, c] array per event, as the C library
 * recorded it (4 int32 words: kind | step << 8, then a, b, c).
 */
export function traceJson({ game, algo, input, trace, truncated = false }) {
  const n = trace ? trace.length >>> 2 : 0;
  const events = new Array(n);
  for (let i = 0; i < n; i++) {
    const w = trace[i << 2];
    events[i] = [EVENT_KINDS[w & 0xff] || String(w & 0xff), w >> 8, trace[(i << 2) + 1], trace[(i << 2) + 2], trace[(i << 2) + 3]];
  }
  const head = { format: 'perfect-play-trace', version: 1, game, algo: algo ?? null, input, truncated: Boolean(truncated), count: n };
  // One event a line: readable, and diff-friendly.
  const lines = events.map((e) => JSON.stringify(e));
  return `${JSON.stringify(head).slice(0, -1)},"events":[\n${lines.join(',\n')}\n]}\n`;
}

/** Saves `blob` as `name` through a download link. */
export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
