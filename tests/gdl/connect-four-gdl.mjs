// connect-four-gdl.mjs: Connect Four in GDL on a board of any size, from the
// gdl2qbf paper's 6 x 6 rules (gdl2qbf/connect-4-6x6.gdl, MIT, see its
// LICENSE) with the size facts changed. Shared by the benchmark and the
// browser tests.
import { readFileSync } from 'node:fs';

const c4 = readFileSync(new URL('./gdl2qbf/connect-4-6x6.gdl', import.meta.url), 'utf8');

/** The rules of Connect Four on w columns and h rows (w, h from 4 to 9). */
export function connectFourRules(w, h) {
  const n = Math.max(w, h);
  const succ = Array.from({ length: n - 1 }, (_, i) => `(succ ${i + 1} ${i + 2})`).join(' ');
  const xs = Array.from({ length: w }, (_, i) => `(x ${i + 1})`).join(' ');
  const ys = Array.from({ length: h }, (_, i) => `(y ${i + 1})`).join(' ');
  const text = c4
    .replace('(cellOpen ?x 6))', `(cellOpen ?x ${h}))`)
    .replace(/^\(succ 1 2\).*$/m, succ)
    .replace(/^\(x 1\).*$/m, xs)
    .replace(/^\(y 1\).*$/m, ys);
  if (text === c4 && (w !== 6 || h !== 6)) throw new Error('the size facts of connect-4-6x6.gdl were not found');
  return text;
}
