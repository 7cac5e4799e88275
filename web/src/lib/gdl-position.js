// gdl-position.js: a position of a game in GDL as rules of its own: the
// same rules with their initial state replaced by the position's facts, so
// that every tool that starts from `init` (the command line, the Game
// trees tab) starts there. No Preact.

/** The top-level forms of KIF text as [start, end) offsets (comments from ';' to the line's end skipped). */
function topForms(text) {
  const forms = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === ';') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (ch === '(') {
      if (depth++ === 0) start = i;
    } else if (ch === ')' && depth > 0 && --depth === 0) {
      forms.push([start, i + 1]);
    }
  }
  return forms;
}

/** Whether a top-level form says what holds initially: (init F), or a rule (<= (init F) ...). */
const isInit = (form) => /^\(\s*init[\s()]/i.test(form) || /^\(\s*<=\s*\(\s*init[\s()]/i.test(form);

/**
 * `rules` with every (init ...) fact and (<= (init ...) ...) rule taken out
 * and `facts` (the position's true base propositions, as "(cell 1 1 x)" or
 * "(control red)") put in as (init F) facts: the position as its own rules.
 */
export function rulesAt(rules, facts) {
  let out = '';
  let at = 0;
  for (const [s, e] of topForms(rules)) {
    if (!isInit(rules.slice(s, e))) continue;
    out += rules.slice(at, s);
    at = e;
  }
  out += rules.slice(at);
  return `${out.replace(/\s+$/, '')}\n\n; the position: what holds in it\n${facts.map((f) => `(init ${f})`).join('\n')}\n`;
}
