// share.js: the page's state in its URL, and back. No Preact, no DOM beyond
// URL/URLSearchParams, so node --test runs it.
//
// A link holds plain parameters (game, input, algo, step, sel and a pillar's
// own options), every one a string and untrusted: readParams() keeps only
// names made of [a-zA-Z0-9_-], caps their lengths, and leaves validating the
// values to the pillar that reads them. An instance's text longer than
// INLINE_LIMIT characters (a pasted graph, a game's rules) travels compressed
// in `z` instead of `input`, in the URL's fragment:
//
//   ?game=gdl&step=12#z=1.<base64url(deflate-raw(UTF-8 text))>   (format version 1)
//
// A browser never sends the fragment to a server, so the rules a reader
// shares stay out of server logs and out of the request line's length
// limits. A `z` in the query (links made before the fragment was used, and
// <perfect-play z="…"> embeds) is read too; the fragment's wins. The
// version prefix lets a later format be told apart; an unknown version, bad
// base64 or a corrupt stream is reported, never guessed at.

import { nextTask } from './next-task.js';

export const INLINE_LIMIT = 200; // characters of input kept readable in the URL
export const MAX_PARAM = 4096; // characters of any other parameter
export const MAX_INPUT = 2_000_000; // characters of input, compressed or not
export const MAX_PARAMS = 40;
const NAME = /^[a-zA-Z][a-zA-Z0-9_-]{0,31}$/;
const ENCODING_VERSION = '1';

function toBase64Url(bytes) {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('the compressed input has characters outside base64url');
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const bin = atob(padded);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/**
 * Bytes through a (de)compression stream, fed PIPE_CHUNK bytes at a time
 * with a yield to the event loop between them: the stream works on the
 * thread that feeds it, and a megabyte given at once (a 2,000-node graph's
 * text) held the page for a fifth of a second.
 */
async function pipe(bytes, stream, limit = Infinity) {
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const parts = [];
  let size = 0;
  const reading = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > limit) {
        await reader.cancel();
        throw new Error(`the compressed input unpacks to more than ${limit.toLocaleString('en-US')} bytes`);
      }
      parts.push(value);
    }
  })();
  reading.catch(() => {}); // awaited below, after the writes
  try {
    for (let at = 0; at < bytes.length; at += PIPE_CHUNK) {
      if (at > 0) await nextTask();
      await writer.write(bytes.subarray(at, at + PIPE_CHUNK));
    }
    await writer.close();
  } catch (e) {
    await reading; // the reader's error (a limit, a corrupt stream) says more than the writer's
    throw e;
  }
  await reading;
  const all = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}
const PIPE_CHUNK = 1 << 16;

/** The last text packed and its `z`: the page shares its state again at every step and selection, with the same input. */
let packed = { text: null, z: '' };

/** The `z` value carrying `text` (format version 1). */
export async function packInput(text) {
  if (text === packed.text) return packed.z;
  const bytes = await pipe(new TextEncoder().encode(text), new CompressionStream('deflate-raw'));
  const z = `${ENCODING_VERSION}.${toBase64Url(bytes)}`;
  packed = { text, z };
  return z;
}

/** The text a `z` value carries; throws an Error saying what is wrong. */
export async function unpackInput(z) {
  const dot = z.indexOf('.');
  const version = dot < 0 ? '' : z.slice(0, dot);
  if (version !== ENCODING_VERSION) {
    throw new Error(`the link's compressed input is in an unknown format (version "${version.slice(0, 8)}"; this page reads version 1)`);
  }
  let bytes;
  try {
    bytes = await pipe(fromBase64Url(z.slice(dot + 1)), new DecompressionStream('deflate-raw'), MAX_INPUT * 4);
  } catch (e) {
    throw new Error(`the link's compressed input is damaged (${e.message})`);
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.length > MAX_INPUT) throw new Error("the link's input is too long");
  return text;
}

/**
 * The parameters of a link's query and fragment (`location.search +
 * location.hash`) as { params, errors }: params a plain object (no
 * prototype) of strings, errors a list of sentences for the page to show.
 * The fragment may carry `z` only; `z` is unpacked into params.input.
 */
export async function readParams(address) {
  const params = Object.create(null);
  const errors = [];
  const text = String(address ?? '');
  const hashAt = text.indexOf('#');
  let entries;
  let fragment;
  try {
    entries = [...new URLSearchParams(hashAt < 0 ? text : text.slice(0, hashAt))];
    fragment = hashAt < 0 ? [] : [...new URLSearchParams(text.slice(hashAt + 1))];
  } catch {
    return { params, errors: ['The link could not be read.'] };
  }
  const packed = fragment.filter(([name]) => name === 'z');
  if (packed.length < fragment.length) errors.push("The link's fragment holds more than the compressed input; the rest was ignored.");
  if (packed.length) entries = [...entries.filter(([name]) => name !== 'z'), packed.at(-1)];
  let count = 0;
  for (const [name, value] of entries) {
    if (!NAME.test(name)) {
      errors.push(`The link's parameter "${name.slice(0, 32)}" is not one this page knows; it was ignored.`);
      continue;
    }
    if (++count > MAX_PARAMS) {
      errors.push(`The link has more than ${MAX_PARAMS} parameters; the rest were ignored.`);
      break;
    }
    const limit = name === 'input' || name === 'z' ? MAX_INPUT : MAX_PARAM;
    if (value.length > limit) {
      errors.push(`The link's "${name}" is longer than ${limit.toLocaleString('en-US')} characters; it was ignored.`);
      continue;
    }
    params[name] = value;
  }
  if (params.z !== undefined) {
    try {
      params.input = await unpackInput(params.z);
    } catch (e) {
      errors.push(`${e.message[0].toUpperCase()}${e.message.slice(1)}; the default instance is shown.`);
    }
    delete params.z;
  }
  return { params, errors };
}

/**
 * The link's query and fragment ("?…", "?…#z=…", "#z=…" or "") for
 * `params`: parameters in a stable order (game first), empty values left
 * out, a long input packed into the fragment.
 */
export async function writeParams(params) {
  const out = new URLSearchParams();
  let fragment = '';
  const names = Object.keys(params).filter((k) => NAME.test(k) && params[k] !== undefined && params[k] !== null && params[k] !== '');
  names.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  for (const name of names) {
    const value = String(params[name]);
    if (name === 'input' && value.length > INLINE_LIMIT) fragment = `#z=${await packInput(value)}`;
    else if (name !== 'z') out.set(name, value);
  }
  const text = out.toString();
  return `${text ? `?${text}` : ''}${fragment}`;
}

const ORDER = ['game', 'input', 'algo'];
function rank(name) {
  const i = ORDER.indexOf(name);
  return i < 0 ? ORDER.length : i;
}

/** An integer parameter in [lo, hi], else `fallback` (a link is data, never code). */
export function intParam(value, lo, hi, fallback = null) {
  if (typeof value !== 'string' || !/^-?\d{1,15}$/.test(value)) return fallback;
  const n = Number(value);
  return n >= lo && n <= hi ? n : fallback;
}

/** `value` if it is one of `choices`, else `fallback`. */
export function oneOf(value, choices, fallback = null) {
  return choices.includes(value) ? value : fallback;
}
