// dp-presets.js: the DP pillar's problems, their LeetCode examples (the
// presets) and what the page says about each. No Preact here; the node tests
// run every example against the CLI.

import { DP_GAME_NAMES } from './dp-names.js';

/** The pillar's GAME names (DESIGN.md), in the order the picker lists them. */
export { DP_GAME_NAMES };

/**
 * Per problem: its title, the table's shape (views pick their drawing by it),
 * the algorithms offered (labels), the LeetCode examples, the input hint and
 * which documented limit (binding-dp.js limits()) bounds its size.
 *   shape: 'interval' (upper triangle over [i, j]), 'stone2' ((i, M) grid),
 *          'suffix' (a strip over i), 'count' (a strip over k stones left),
 *          'greedy' (the picks in order), 'bitmask' (sets of used numbers)
 */
export const DP_PROBLEMS = {
  'stone-game': {
    title: 'Stone Game',
    leetcode: 877,
    shape: 'interval',
    algos: { dp: 'Pairs (first, second)', diff: 'Difference (lead)' },
    examples: ['piles = [5,3,4,5]', 'piles = [3,7,2,3]'],
    limit: 'ends',
    hint: 'piles = [5,3,4,5]: take a pile from either end; does Alice end with more?',
  },
  'stone-game-ii': {
    title: 'Stone Game II',
    leetcode: 1140,
    shape: 'stone2',
    algos: { dp: 'Table over (i, M)' },
    examples: ['piles = [2,7,9,4,4]', 'piles = [1,2,3,4,5,100]'],
    limit: 'stone2',
    hint: 'piles = [2,7,9,4,4]: take the first x piles, 1 ≤ x ≤ 2M, then M = max(M, x); Alice’s most stones',
  },
  'stone-game-iii': {
    title: 'Stone Game III',
    leetcode: 1406,
    shape: 'suffix',
    algos: { dp: 'Suffix table' },
    examples: ['stoneValue = [1,2,3,7]', 'stoneValue = [1,2,3,-9]', 'stoneValue = [1,2,3,6]'],
    limit: 'stone3',
    hint: 'stoneValue = [1,2,3,7]: take 1, 2 or 3 stones from the front (values may be negative)',
  },
  'stone-game-iv': {
    title: 'Stone Game IV',
    leetcode: 1510,
    shape: 'count',
    algos: { dp: 'Loop over squares, per n', sieve: 'Sieve: each loss marks k + s²' },
    examples: ['n = 1', 'n = 2', 'n = 4', 'n = 7', 'n = 17'],
    limit: 'squares',
    hint: 'n = 7: remove a non-zero square number of stones; whoever cannot move loses',
  },
  'stone-game-v': {
    title: 'Stone Game V',
    leetcode: 1563,
    shape: 'interval',
    algos: { dp: 'Split points over [i, j]' },
    examples: ['stoneValue = [6,2,3,4,5,5]', 'stoneValue = [7,7,7,7,7,7,7]', 'stoneValue = [4]'],
    limit: 'split',
    hint: 'stoneValue = [6,2,3,4,5,5]: Alice splits the row, Bob throws away the larger half, Alice scores the rest',
  },
  'stone-game-vi': {
    title: 'Stone Game VI',
    leetcode: 1686,
    shape: 'greedy',
    algos: { dp: 'Greedy by a + b (exchange argument)', exhaustive: 'Exhaustive over sets (n ≤ 20)' },
    examples: ['aliceValues = [1,3], bobValues = [2,1]', 'aliceValues = [1,2], bobValues = [3,1]', 'aliceValues = [2,4,3], bobValues = [1,6,7]'],
    limit: 'stone6',
    hint: 'aliceValues = [1,3], bobValues = [2,1]: each stone is worth a to Alice and b to Bob',
  },
  'stone-game-vii': {
    title: 'Stone Game VII',
    leetcode: 1690,
    shape: 'interval',
    algos: { dp: 'Difference over [i, j]' },
    examples: ['stones = [5,3,1,4,2]', 'stones = [7,90,5,1,100,10,10,2]'],
    limit: 'ends',
    hint: 'stones = [5,3,1,4,2]: remove an end stone, score the sum of the rest; Alice’s best lead',
  },
  'predict-the-winner': {
    title: 'Predict the Winner',
    leetcode: 486,
    shape: 'interval',
    algos: { dp: 'Pairs (first, second)', diff: 'Difference (lead)', 'flawed-memo': 'Flawed memo (the exhibit)' },
    examples: ['nums = [1,5,2]', 'nums = [1,5,233,7]'],
    limit: 'ends',
    hint: 'nums = [1,5,233,7]: take from either end; does player 1 end with at least as much?',
  },
  nim: {
    title: 'Nim Game',
    leetcode: 292,
    shape: 'count',
    algos: { dp: 'Table over n', sieve: 'Sieve: each loss marks k + 1..3' },
    examples: ['n = 4', 'n = 1', 'n = 2'],
    limit: 'nim',
    hint: 'n = 4: take 1 to 3 stones; whoever takes the last wins',
  },
  'can-i-win': {
    title: 'Can I Win',
    leetcode: 464,
    shape: 'bitmask',
    algos: { dp: 'Memo over used-number sets' },
    examples: [
      'maxChoosableInteger = 10, desiredTotal = 11',
      'maxChoosableInteger = 10, desiredTotal = 0',
      'maxChoosableInteger = 10, desiredTotal = 1',
      'maxChoosableInteger = 4, desiredTotal = 6',
    ],
    limit: 'choosable',
    hint: 'maxChoosableInteger = 10, desiredTotal = 11: say numbers 1..m without repeats; reach the total to win',
  },
};

/** The flawed exhibit the page offers beside Predict the Winner's examples. */
export const FLAWED_EXHIBIT = { game: 'predict-the-winner', input: 'nums = [1,2,99]', algo: 'flawed-memo' };

/** A big instance per problem, to show the page stays responsive. */
export function bigInput(game, n) {
  const list = Array.from({ length: n }, (_, i) => ((i * 7919) % 997) + 1).join(',');
  switch (game) {
    case 'stone-game-iv':
    case 'nim':
      return `n = ${n}`;
    case 'can-i-win':
      return 'maxChoosableInteger = 20, desiredTotal = 210';
    case 'stone-game-vi':
      return `aliceValues = [${list}], bobValues = [${Array.from({ length: n }, (_, i) => ((i * 104729) % 991) + 1).join(',')}]`;
    case 'stone-game-iii':
      return `stoneValue = [${Array.from({ length: n }, (_, i) => ((i * 7919) % 2001) - 1000).join(',')}]`;
    default:
      return `[${list}]`;
  }
}

/** The largest size each problem's "big" preset uses (LeetCode's largest). */
export const BIG_SIZES = {
  'stone-game': 500,
  'stone-game-ii': 100,
  'stone-game-iii': 50000,
  'stone-game-iv': 100000,
  'stone-game-v': 500,
  'stone-game-vi': 100000,
  'stone-game-vii': 1000,
  'predict-the-winner': 20,
  nim: 100000,
  'can-i-win': 20,
};

/** Every example of every problem with each of its algorithms, for the tests. */
export function everyExample() {
  const out = [];
  for (const game of DP_GAME_NAMES) {
    for (const input of DP_PROBLEMS[game].examples) {
      for (const algo of Object.keys(DP_PROBLEMS[game].algos)) out.push({ game, input, algo });
    }
  }
  return out;
}
