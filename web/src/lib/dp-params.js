// dp-params.js: the DP pillar's own reading of a link's parameters
// (pillars.js's `initial`, untrusted strings): the input and the algorithm,
// each kept or dropped with a note the page shows. The step and the selected
// cell are read by use-view-state.js, as for every pillar. No Preact here.
import { MAX_INPUT } from './share.js';
import { DP_PROBLEMS } from './dp-presets.js';

/** { input, algo, notes } from `initial` for the problem `kind`. */
export function readInitial(initial, kind) {
  const out = { input: null, algo: 'dp', notes: [] };
  if (!initial || typeof initial !== 'object') return out;
  const { input, algo } = initial;
  if (typeof input === 'string') {
    if (input.length > MAX_INPUT) out.notes.push(`The input in the link is longer than ${MAX_INPUT.toLocaleString('en-US')} characters: ignored.`);
    else out.input = input;
  }
  if (typeof algo === 'string') {
    if (Object.hasOwn(DP_PROBLEMS[kind].algos, algo)) out.algo = algo;
    else out.notes.push(`The link's algorithm is not one of ${Object.keys(DP_PROBLEMS[kind].algos).join(', ')} for ${kind}: the table (dp) is shown.`);
  }
  return out;
}
