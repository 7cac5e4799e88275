// dp-params.js: the DP pillar's URL parameters (pillars.js's `initial`),
// read as untrusted data: each is checked and kept, or dropped with a note
// the page shows. No Preact here.
import { DP_PROBLEMS } from './dp-presets.js';

const MAX_INPUT = 2_000_000; // characters: 100,000 values and their names fit

/** The URL's parameters (untrusted strings) as what the pillar may use, and what it had to ignore. */
export function readInitial(initial, kind) {
  const out = { input: null, algo: 'dp', step: null, sel: null, notes: [] };
  if (!initial || typeof initial !== 'object') return out;
  const { input, algo, step, sel } = initial;
  if (typeof input === 'string') {
    if (input.length > MAX_INPUT) out.notes.push(`The input in the link is longer than ${MAX_INPUT.toLocaleString('en-US')} characters: ignored.`);
    else out.input = input;
  }
  if (typeof algo === 'string') {
    if (Object.hasOwn(DP_PROBLEMS[kind].algos, algo)) out.algo = algo;
    else out.notes.push(`The link's algorithm is not one of ${Object.keys(DP_PROBLEMS[kind].algos).join(', ')} for ${kind}: the table (dp) is shown.`);
  }
  if (typeof step === 'string') {
    if (/^\d{1,9}$/.test(step)) out.step = Number(step);
    else out.notes.push('The link\'s step is not a whole number: ignored.');
  }
  if (typeof sel === 'string') {
    if (/^-?\d{1,9}$/.test(sel)) out.sel = Number(sel);
    else out.notes.push('The link\'s selected cell is not a whole number: ignored.');
  }
  return out;
}
