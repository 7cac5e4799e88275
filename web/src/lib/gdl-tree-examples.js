// gdl-tree-examples.js: the example rules (web/src/gdl/examples/*.kif) whose
// game tree alpha-beta gets through, for the Game trees tab's "Rules in GDL"
// kind, smallest tree first. (The Tower of Hanoi can undo its moves: its tree
// has no end, so it is searched only in the Your game tab's state graph.)
const FILES = import.meta.glob(['../gdl/examples/*.kif', '!**/hanoi.kif'], { query: '?raw', import: 'default', eager: true });

const LABELS = [
  ['chomp', 'Chomp (about 2,000 positions searched)'],
  ['connect3', 'Connect-3 on 4x4, with gravity'],
  ['tictactoe', 'Tic-tac-toe'],
  ['take21', '21 take-away'],
  ['nim', 'Nim, three heaps'],
];

const textOf = (id) => Object.entries(FILES).find(([path]) => path.endsWith(`/${id}.kif`))?.[1] ?? '';

/** [{ label, input }] as TREE_PRESETS lists a game's positions. */
export const GDL_TREE_PRESETS = LABELS.map(([id, label]) => ({ label, input: textOf(id) })).filter((p) => p.input);

/** The rules the kind opens with. */
export const GDL_TREE_EXAMPLE = GDL_TREE_PRESETS[0]?.input ?? '';

/** The Game trees tab's link that searches `rules` with alpha-beta (the share code compresses a long input). */
export function gdlTreeParams(rules) {
  return { game: 'tree', kind: 'gdl-rules', input: rules };
}
