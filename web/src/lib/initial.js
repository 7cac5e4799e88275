// initial.js: a pillar's URL parameters (pillars.js `initial`), read as
// data. Each is checked by its own rule; a bad one is dropped with a
// message the page shows as text (never as HTML). No Preact.

/** The longest input text taken from a URL (LeetCode's largest graphs fit). */
export const MAX_INPUT_CHARS = 200_000;

/** Rules: each takes the raw string and returns { value } or { error }. */
export const RULES = {
  input: (v) => (v.length > MAX_INPUT_CHARS ? { error: `longer than ${MAX_INPUT_CHARS.toLocaleString('en-US')} characters` } : { value: v }),
  count: (v) => (/^\d{1,9}$/.test(v) ? { value: Number(v) } : { error: 'not a whole number' }),
  oneOf: (names) => (v) => (names.includes(v) ? { value: v } : { error: `not one of ${names.join(', ')}` }),
  jump: (v) => (/^[1-8]$/.test(v) ? { value: Number(v) } : { error: 'not a whole number from 1 to 8' }),
};

/** Shown for a parameter in a message: at most 40 characters of it. */
function shown(v) {
  return v.length > 40 ? `${v.slice(0, 40)}…` : v;
}

/**
 * Reads `initial` (untrusted: any object of strings, or null) by `rules`
 * ({ name: rule }). Returns { values: { name: value }, problems: [text] };
 * names without a rule are left alone (the shell's or another pillar's).
 */
export function readInitial(initial, rules) {
  const values = {};
  const problems = [];
  if (!initial || typeof initial !== 'object') return { values, problems };
  for (const [name, rule] of Object.entries(rules)) {
    if (!Object.hasOwn(initial, name)) continue;
    const raw = initial[name];
    if (typeof raw !== 'string') {
      problems.push(`Ignored the link's ${name}: not text.`);
      continue;
    }
    const r = rule(raw);
    if ('error' in r) problems.push(`Ignored the link's ${name} "${shown(raw)}": ${r.error}.`);
    else values[name] = r.value;
  }
  return { values, problems };
}
