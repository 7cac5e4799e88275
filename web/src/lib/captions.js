// captions.js: short texts an author attaches to ranges of steps, shown by
// the player under its drawing and drawn into its exports. No Preact, no DOM.
//
//   captions = [[from, to, "text"], ...]      (JSON; steps are cursor values,
//                                              both ends included)
//
// From a URL parameter (a JSON string), a <perfect-play> element or a host's
// message: untrusted data. Captions are plain text, ever shown as text only.

export const MAX_CAPTIONS = 200;
export const MAX_CAPTION_TEXT = 400;
const MAX_STEP = 2 ** 31 - 1;

const step = (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_STEP ? v : null);

/** A caption's text: a string without control characters, trimmed, capped. */
function cleanText(v) {
  if (typeof v !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const text = v
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? text.slice(0, MAX_CAPTION_TEXT) : null;
}

/**
 * { captions, error }: `value` (a JSON string or an array already parsed)
 * as a list of { from, to, text }; entries that are not [from, to, text]
 * with 0 <= from <= to are left out, and `error` says so in a sentence.
 */
export function parseCaptions(value) {
  if (value === undefined || value === null || value === '') return { captions: [], error: null };
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return { captions: [], error: 'The captions are not valid JSON ([[from, to, "text"], …]); they were ignored.' };
    }
  }
  if (!Array.isArray(list)) return { captions: [], error: 'The captions are not a list ([[from, to, "text"], …]); they were ignored.' };
  const captions = [];
  let bad = 0;
  for (const entry of list.slice(0, MAX_CAPTIONS)) {
    const from = Array.isArray(entry) ? step(entry[0]) : null;
    const to = Array.isArray(entry) ? step(entry[1]) : null;
    const text = Array.isArray(entry) ? cleanText(entry[2]) : null;
    if (from === null || to === null || to < from || text === null) bad += 1;
    else captions.push({ from, to, text });
  }
  const over = list.length > MAX_CAPTIONS ? ` Only the first ${MAX_CAPTIONS} captions are read.` : '';
  const error = bad ? `${bad} caption${bad === 1 ? ' is' : 's are'} not [from, to, "text"] with from ≤ to; left out.${over}` : over.trim() || null;
  return { captions, error };
}

/** The text of the caption at `cursor` (the last listed one covering it), or ''. */
export function captionAt(captions, cursor) {
  for (let i = captions.length - 1; i >= 0; i--) {
    const c = captions[i];
    if (cursor >= c.from && cursor <= c.to) return c.text;
  }
  return '';
}

/** The captions as the URL parameter's JSON. */
export function captionsParam(captions) {
  return captions.length ? JSON.stringify(captions.map((c) => [c.from, c.to, c.text])) : '';
}
