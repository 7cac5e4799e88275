// gdl-tree-examples.js: the example rules (web/src/gdl/examples/*.kif) for the
// Game trees tab's "Rules in GDL" kind, smallest search first; then the
// traps for UCT in GDL (lib/mcts-traps.js), each a position as rules of its
// own with the MCTS options that fall into it. The rules the kind opens with
// come with the tab; the rest are fetched when the kind is first shown, so
// the tab's other kinds fetch none of them.
import chomp from '../gdl/examples/chomp.kif?raw';
import { GDL_MCTS_TRAPS, gdlTrapRules } from './mcts-traps.js';

const FILES = import.meta.glob('../gdl/examples/*.kif', { query: '?raw', import: 'default' });

const LABELS = [
  ['chomp', 'Chomp (about 2,000 positions searched)'],
  ['hanoi', 'Tower of Hanoi, 3 discs (a puzzle: one role, MAX)'],
  ['connect3', 'Connect-3 on 4x4, with gravity'],
  ['tictactoe', 'Tic-tac-toe'],
  ['take21', '21 take-away'],
  ['nim', 'Nim, three heaps'],
];

/** The rules the kind opens with: the first of the examples. */
export const GDL_TREE_EXAMPLE = chomp;

/** The text of example `id` (a promise; '' if there is none). */
const textOf = (id) => Object.entries(FILES).find(([path]) => path.endsWith(`/${id}.kif`))?.[1]() ?? Promise.resolve('');

/** A promise of [{ label, input, mcts? }], as TREE_PRESETS lists a game's positions. */
export async function loadGdlTreePresets() {
  const examples = await Promise.all(LABELS.map(async ([id, label]) => ({ label, input: await textOf(id) })));
  const traps = await Promise.all(
    GDL_MCTS_TRAPS.map(async (t) => {
      const text = await textOf(t.rules);
      return (
        text && {
          label: `${t.rules} after ${t.moves.join(' ')}, a trap for UCT (${t.iterations} iterations, seed ${t.seed}): it plays ${t.uct}, lost in ${t.depth} plies`,
          input: gdlTrapRules(t, text),
          mcts: { iterations: t.iterations, seed: String(t.seed), playout: t.playout },
        }
      );
    }),
  );
  return [...examples.filter((p) => p.input), ...traps.filter(Boolean)];
}
