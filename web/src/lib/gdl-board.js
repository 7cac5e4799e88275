// gdl-board.js: a GDL state's facts read as a board, when they look like
// one. No Preact, no DOM.
//
//   (cell 1 1 x) (cell 1 2 b) ...   a relation of three or more arguments
//                                   whose first two take few values: a grid
//                                   of X by Y, each cell showing the rest
//   (on disc3 peg1) (clear peg2)    a relation of two arguments with few
//                                   values each: a grid of where it holds
//
// The grid's rows and columns come from every fact the game can hold (the
// base propositions) when given, so a board keeps its shape from state to
// state; else from the state's own facts.

export const MAX_SIDE = 12; // values of a coordinate for a grid
const BLANKS = new Set(['b', 'blank', 'empty', '_']);

/** "(cell 1 2 x)" -> ['cell', '1', '2', 'x']; a nested or odd fact -> null. */
export function factWords(fact) {
  const t = String(fact).trim();
  const m = /^\(([^()]*)\)$/.exec(t);
  if (!m) return /^[^\s()]+$/.test(t) ? [t] : null;
  const words = m[1].trim().split(/\s+/).filter(Boolean);
  return words.length ? words.map((w) => w.toLowerCase()) : null;
}

const numeric = (xs) => xs.every((x) => /^-?\d+$/.test(x));
const ordered = (set) => {
  const xs = [...set];
  return numeric(xs) ? xs.sort((a, b) => Number(a) - Number(b)) : xs.sort();
};

/**
 * The board the facts show, or null: { relation, rows: [value], cols:
 * [value], cells: [[text]] (rows x cols; '' empty), kind: 'values' |
 * 'marks' }. `all` (optional) are every fact the game can hold.
 */
export function boardOf(facts, all = null) {
  const source = (all && all.length ? all : facts).map(factWords).filter(Boolean);
  // Relations by name and arity, with each argument's values.
  const rels = new Map();
  for (const w of source) {
    if (w.length < 3) continue;
    const key = `${w[0]}/${w.length - 1}`;
    let r = rels.get(key);
    if (!r) {
      r = { name: w[0], arity: w.length - 1, xs: new Set(), ys: new Set(), n: 0 };
      rels.set(key, r);
    }
    r.xs.add(w[1]);
    r.ys.add(w[2]);
    r.n++;
  }
  const fits = [...rels.values()].filter((r) => r.xs.size <= MAX_SIDE && r.ys.size <= MAX_SIDE && (r.xs.size > 1 || r.ys.size > 1));
  if (fits.length === 0) return null;
  // A value relation (cell X Y V) first, then the one with most facts; `cell` wins ties.
  fits.sort((a, b) => (b.arity >= 3) - (a.arity >= 3) || (b.name === 'cell') - (a.name === 'cell') || b.n - a.n);
  const r = fits[0];
  const rows = ordered(r.xs);
  const cols = ordered(r.ys);
  const cells = rows.map(() => cols.map(() => ''));
  for (const w of facts.map(factWords).filter(Boolean)) {
    if (w[0] !== r.name || w.length - 1 !== r.arity) continue;
    const i = rows.indexOf(w[1]);
    const j = cols.indexOf(w[2]);
    if (i < 0 || j < 0) continue;
    if (r.arity === 2) cells[i][j] = '●';
    else {
      const v = w.slice(3).join(' ');
      cells[i][j] = BLANKS.has(v) ? '' : v;
    }
  }
  return { relation: r.name, rows, cols, cells, kind: r.arity === 2 ? 'marks' : 'values' };
}
