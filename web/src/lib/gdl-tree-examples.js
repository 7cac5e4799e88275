// gdl-tree-examples.js: the example rules (web/src/gdl/examples/*.kif) for the
// Game trees tab's "Rules in GDL" kind, smallest search first; then the
// traps for UCT in GDL (lib/mcts-traps.js), each a position as rules of its
// own with the MCTS options that fall into it.
import { GDL_MCTS_TRAPS, gdlTrapRules } from './mcts-traps.js';
const FILES = import.meta.glob('../gdl/examples/*.kif', { query: '?raw', import: 'default', eager: true });

const LABELS = [
  ['chomp', 'Chomp (about 2,000 positions searched)'],
  ['hanoi', 'Tower of Hanoi, 3 discs (a puzzle: one role, MAX)'],
  ['connect3', 'Connect-3 on 4x4, with gravity'],
  ['tictactoe', 'Tic-tac-toe'],
  ['take21', '21 take-away'],
  ['nim', 'Nim, three heaps'],
];

const textOf = (id) => Object.entries(FILES).find(([path]) => path.endsWith(`/${id}.kif`))?.[1] ?? '';

const trapPresets = GDL_MCTS_TRAPS.filter((t) => textOf(t.rules)).map((t) => ({
  label: `${t.rules} after ${t.moves.join(' ')}, a trap for UCT (${t.iterations} iterations, seed ${t.seed}): it plays ${t.uct}, lost in ${t.depth} plies`,
  input: gdlTrapRules(t, textOf(t.rules)),
  mcts: { iterations: t.iterations, seed: String(t.seed), playout: t.playout },
}));

/** [{ label, input, mcts? }] as TREE_PRESETS lists a game's positions. */
export const GDL_TREE_PRESETS = [...LABELS.map(([id, label]) => ({ label, input: textOf(id) })).filter((p) => p.input), ...trapPresets];

/** The rules the kind opens with. */
export const GDL_TREE_EXAMPLE = GDL_TREE_PRESETS[0]?.input ?? '';
