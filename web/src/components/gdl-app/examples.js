// examples.js: the example rules (web/src/gdl/examples/*.kif), each fetched
// when picked, in the picker's order; a file we have no name for keeps its own.
const FILES = import.meta.glob('../../gdl/examples/*.kif', { query: '?raw', import: 'default' });

const NAMES = [
  [/nim/, 'Nim, three heaps'],
  [/21|twenty|take/, '21 take-away'],
  [/tic/, 'Tic-tac-toe'],
  [/connect/, 'Connect-3 on 4x4, with gravity'],
  [/chomp/, 'Chomp'],
  [/hanoi/, 'Tower of Hanoi, 3 discs'],
  [/slid|puzzle/, 'Sliding puzzle'],
  [/rock/, 'Rock-paper-scissors (moves at once)'],
  [/prisoner/, "Prisoner's dilemma (moves at once)"],
  [/free-number/, 'Free number, three players at once'],
];

const rank = (id) => {
  const i = NAMES.findIndex(([re]) => re.test(id));
  return i < 0 ? NAMES.length : i;
};

/** [{ id, label, load() -> Promise<text> }] */
export const EXAMPLES = Object.entries(FILES)
  .map(([path, load]) => {
    const id = path.replace(/^.*\//, '').replace(/\.kif$/, '');
    const named = NAMES.find(([re]) => re.test(id));
    return { id, label: named ? named[1] : id, load };
  })
  .sort((a, b) => rank(a.id) - rank(b.id) || (a.id < b.id ? -1 : 1));
