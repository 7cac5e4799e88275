// animate.js: a range of steps as an image that animates where no script
// runs (READMEs, newsletters, slides): an animated GIF (gifenc, MIT, fetched
// only when asked for) and an animated SVG whose frames are switched by SMIL
// <animate> elements, which play inside an <img>.
//
// The animated SVG keeps one copy of what does not change: each drawing of
// the frame is cut into "slots", its elements in drawing order, down through
// wrappers that stay the same (an <svg>, a zoom <g>, a layer <g>); the same
// element at the same slot in consecutive steps is written once, shown for
// that run of steps (display none/inline, calcMode discrete). Without SMIL
// (a static renderer) the last step shows.
import { background, CAPTION, captionBand, captionLines, drawFrame, esc, nextFrame, parts, partSvg, standaloneClone } from './export.js';

/** Steps from..to of `store`, each drawn with fn(k) after the page has drawn it; the store is left where it was. */
async function eachStep(store, { from, to, signal, onProgress }, fn) {
  const back = store.cursor.peek();
  try {
    for (let k = from; k <= to; k++) {
      if (signal?.aborted) throw new Error('stopped');
      store.seek(k);
      await nextFrame();
      await fn(k);
      onProgress?.(k - from + 1, to - from + 1);
    }
  } finally {
    store.seek(back);
  }
}

/**
 * Steps from..to as an animated GIF Blob: one step a frame at `fps`, `scale`
 * times the frame's size, looping forever if `loop`, with the captions.
 */
export async function recordGif(root, store, { from, to, fps = 10, scale = 1, loop = true, captionAt = () => '', onProgress, signal } = {}) {
  const { GIFEncoder, quantize, applyPalette } = await import('gifenc');
  const width = parts(root).width;
  const texts = [];
  for (let k = from; k <= to; k++) texts.push(captionAt(k));
  const minLines = captionLines(texts, width);
  const gif = GIFEncoder();
  const canvas = document.createElement('canvas');
  const page = document.createElement('canvas'); // every frame the first one's size
  const delay = Math.round(1000 / fps);
  await eachStep(store, { from, to, signal, onProgress }, async (k) => {
    await drawFrame(root, canvas, scale, { caption: captionAt(k), minLines });
    if (k === from) {
      page.width = canvas.width;
      page.height = canvas.height;
    }
    const ctx = page.getContext('2d', { willReadFrequently: true });
    ctx.fillStyle = background();
    ctx.fillRect(0, 0, page.width, page.height);
    ctx.drawImage(canvas, 0, 0);
    const { data } = ctx.getImageData(0, 0, page.width, page.height);
    const palette = quantize(data, 256);
    gif.writeFrame(applyPalette(data, palette), page.width, page.height, { palette, delay, repeat: loop ? 0 : -1 });
  });
  gif.finish();
  return new Blob([gif.bytes()], { type: 'image/gif' });
}

const MAX_DEPTH = 4; // how deep the slots go: <svg> > zoom <g> > layer <g> > shapes

/**
 * An element as a slot tree: { open, close, kids } where kids are slot trees
 * (elements holding only elements) or strings (the rest, serialized whole).
 */
function slotTree(el, xml, depth) {
  const onlyElements = [...el.childNodes].every((c) => c.nodeType === Node.ELEMENT_NODE || (c.nodeType === Node.TEXT_NODE && !c.textContent.trim()));
  if (depth >= MAX_DEPTH || !onlyElements || el.children.length === 0) {
    return xml.serializeToString(el).replaceAll(' xmlns="http://www.w3.org/2000/svg"', '');
  }
  const shell = el.cloneNode(false);
  const tag = xml.serializeToString(shell).replaceAll(' xmlns="http://www.w3.org/2000/svg"', '');
  const open = depth === 0 ? tag.replace('<svg ', '<svg xmlns="http://www.w3.org/2000/svg" ') : tag;
  return {
    open: open.replace(/\/>$/, '>').replace(/><\/[a-zA-Z]+>$/, '>'),
    close: `</${el.localName}>`,
    kids: [...el.children].map((c) => slotTree(c, xml, depth + 1)),
  };
}

const INHERITED = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'letter-spacing',
  'visibility',
  'paint-order',
  'dominant-baseline',
];
const INITIAL = { opacity: '1', display: 'inline' };

/**
 * Drops what an image does not need and what repeats: accessibility and data
 * attributes (they change with the step: "3 of 10 cells filled"), inherited
 * style properties equal to the parent's, properties at their initial value.
 */
function slim(el, inherited = {}) {
  for (const name of el.getAttributeNames()) if (name.startsWith('aria-') || name.startsWith('data-') || name === 'role') el.removeAttribute(name);
  const mine = { ...inherited };
  for (const p of INHERITED) {
    const v = el.style.getPropertyValue(p);
    if (v && v === inherited[p]) el.style.removeProperty(p);
    else if (v) mine[p] = v;
  }
  for (const [p, v] of Object.entries(INITIAL)) if (el.style.getPropertyValue(p) === v) el.style.removeProperty(p);
  for (const child of el.children) slim(child, mine);
  return el;
}

const flat = (node) => (typeof node === 'string' ? node : node ? node.open + node.kids.map(flat).join('') + node.close : '');

/** The frame as slot trees, one per drawing (canvases as PNG images). */
function frameSlots(root) {
  const { width, height, items } = parts(root);
  const xml = new XMLSerializer();
  const drawings = items.map(({ el, x, y, w, h }) => {
    if (el instanceof HTMLCanvasElement) return `<image x="${x}" y="${y}" width="${w}" height="${h}" href="${el.toDataURL('image/png')}"/>`;
    if (el.hasAttribute('data-export-boxes')) return partSvg(el, { x, y, w, h });
    return slotTree(slim(standaloneClone(el, { x, y, w, h })), xml, 0);
  });
  return { width, height, drawings };
}

/** The SMIL that shows a run of frames [a, b] of n, looping or not, in a `dur` of seconds. */
function showRun(a, b, n, dur, loop) {
  if (a === 0 && b === n - 1) return '';
  const t = (i) => +(i / n).toFixed(5);
  const values = [];
  const times = [];
  if (a > 0) {
    values.push('none');
    times.push(0);
  }
  values.push('inline');
  times.push(t(a));
  if (b < n - 1) {
    values.push('none');
    times.push(t(b + 1));
  }
  const end = loop ? 'repeatCount="indefinite"' : 'fill="freeze"';
  return `<animate attributeName="display" values="${values.join(';')}" keyTimes="${times.join(';')}" dur="${dur}s" calcMode="discrete" ${end}/>`;
}

/**
 * Steps from..to as one SVG document (a string) that plays them at `fps`,
 * in an <img> too: looping if `loop`, else stopping on the last.
 */
export async function animatedSvg(root, store, { from, to, fps = 10, loop = true, captionAt = () => '', onProgress, signal } = {}) {
  const frames = [];
  let size = null;
  await eachStep(store, { from, to, signal, onProgress }, async (k) => {
    const f = frameSlots(root);
    size ??= { width: f.width, height: f.height };
    frames.push({ ...f, caption: captionAt(k) });
  });
  const n = frames.length;
  const dur = +(n / fps).toFixed(3);
  const { width } = size;
  const lines = captionLines(
    frames.map((f) => f.caption),
    width,
  );
  const height = size.height + captionBand(lines ? 'x' : '', width, lines).height;
  // Runs of equal strings per slot: [{ text, a, b }].
  const runsOf = (get) => {
    const runs = [];
    for (let i = 0; i < n; i++) {
      const text = get(frames[i], i);
      const last = runs.at(-1);
      if (last && last.text === text && last.b === i - 1) last.b = i;
      else if (text) runs.push({ text, a: i, b: i });
    }
    return runs;
  };
  const group = ({ text, a, b }) => {
    const anim = showRun(a, b, n, dur, loop);
    if (!anim) return text;
    return `<g display="${b === n - 1 ? 'inline' : 'none'}">${anim}${text}</g>`;
  };
  // One slot through the frames: shared where the same wrapper holds it throughout, else runs.
  const merge = (nodes) => {
    const first = nodes[0];
    if (first && typeof first === 'object' && nodes.every((x) => x && typeof x === 'object' && x.open === first.open)) {
      const kids = Math.max(...nodes.map((x) => x.kids.length));
      const body = [];
      for (let c = 0; c < kids; c++) body.push(merge(nodes.map((x) => x.kids[c])));
      return first.open + body.join('') + first.close;
    }
    const texts = nodes.map(flat);
    return runsOf((_, i) => texts[i])
      .map(group)
      .join('');
  };
  const out = [];
  const drawingCount = Math.max(...frames.map((f) => f.drawings.length));
  for (let d = 0; d < drawingCount; d++) out.push(merge(frames.map((f) => f.drawings[d])));
  const band = (text) => {
    const { lines: ls, font, colour } = captionBand(text, width);
    return ls
      .map(
        (line, i) =>
          `<text x="${CAPTION.pad}" y="${size.height + CAPTION.pad + (i + 0.75) * CAPTION.line}" style="font:${esc(font)};fill:${colour}">${esc(line)}</text>`,
      )
      .join('');
  };
  for (const run of runsOf((f) => f.caption)) out.push(group({ ...run, text: band(run.text) }));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<title>Perfect Play: steps ${from} to ${to}</title><rect width="100%" height="100%" fill="${background()}"/>${out.join('')}</svg>`
  );
}
